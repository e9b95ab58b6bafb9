"""Speed and memory of the maps (issue 2, "Notebook and measurements").

Run: python -m pytest -p no:cacheprovider --benchmark-enable --benchmark-only
tests/bench/test_bench_maps.py. Ratios and memory land in each benchmark's extra_info
(``--benchmark-json`` keeps them); nothing here asserts a time.
"""

from __future__ import annotations

import statistics
import subprocess
import sys
import textwrap
import time

import pytest

from geoteach.render import us_map_view, world_map_view


def _run(code: str) -> str:
    done = subprocess.run(
        [sys.executable, "-c", textwrap.dedent(code)], capture_output=True, text=True, check=True
    )
    return done.stdout


def test_import_geoteach(benchmark):
    baseline = statistics.median(_timed(lambda: _run("pass")) for _ in range(5))
    # The import must stay light: no matplotlib or geopandas until a map is asked for.
    out = benchmark.pedantic(
        _run,
        args=(
            "import sys, geoteach; print(sorted({'matplotlib', 'geopandas'} & set(sys.modules)))",
        ),
        rounds=5,
    )
    assert out.strip() == "[]"
    if benchmark.disabled:
        return  # plain test run: only the check above
    benchmark.extra_info["python_startup_ms"] = round(baseline * 1000, 1)
    benchmark.extra_info["import_geoteach_ms"] = round(
        (benchmark.stats.stats.median - baseline) * 1000, 1
    )


def _clear_render_caches() -> None:
    from geoteach.render import mapview, us, world

    world.projected_world.cache_clear()
    world._number_layout.cache_clear()
    us.laid_out_states.cache_clear()
    us._abbreviation_layout.cache_clear()
    mapview._glyphs.cache_clear()


def _draw_world(scale: str = "110m"):
    view = world_map_view(scale)
    view.figure.canvas.draw()
    return view


@pytest.mark.parametrize("scale", ["110m", "50m"])
def test_world_map_first_render_cold(benchmark, scale):
    """Projection, antimeridian cut, label layout and drawing (the data loader is warm)."""
    view = benchmark.pedantic(_draw_world, args=(scale,), setup=_clear_render_caches, rounds=3)
    assert len(view.numbers) > 190


@pytest.mark.parametrize("scale", ["110m", "50m"])
def test_world_map_render_warm(benchmark, scale):
    _draw_world(scale)
    view = benchmark(_draw_world, scale)
    assert len(view.numbers) > 190


def test_world_map_cold_in_a_fresh_process(benchmark):
    """What a student waits for in a new kernel: import, load, project, lay out, draw."""
    code = """
        import time
        t = time.perf_counter()
        from geoteach.render import world_map_view
        view = world_map_view("110m")
        view.figure.canvas.draw()
        print(time.perf_counter() - t)
    """
    seconds = benchmark.pedantic(lambda: float(_run(code)), rounds=2)
    benchmark.extra_info["in_process_seconds"] = round(seconds, 3)


def test_recolour_and_redraw_vs_naive_replot(benchmark, monkeypatch):
    view = _draw_world()
    canvas = view.figure.canvas
    # One full Agg render per step, done explicitly (as ipympl does once per draw_idle).
    monkeypatch.setattr(canvas, "draw_idle", lambda *a, **k: None)
    playable = sorted(view.pickable)
    rounds = iter(range(10**9))

    def recolour_and_redraw():
        k = next(rounds)
        six = playable[(k * 6) % 180 : (k * 6) % 180 + 6]
        view.clear()
        view.highlight(six, "#0072B2")
        canvas.draw()

    benchmark(recolour_and_redraw)

    assert len(view.collection.get_paths()) == len(view.codes)  # like with like
    # The sea, borders and numbers were drawn once; every recolour pasted them.
    layers = (view.fixed_sea, view.fixed_borders, view.fixed_labels)
    assert [layer.pictures_made for layer in layers] == [1, 1, 1]
    if benchmark.disabled:
        return  # plain test run: no timing
    naive = statistics.median(_timed(lambda: _naive_replot(playable)) for _ in range(5))
    single = statistics.median(
        _timed(lambda: _naive_replot(playable, draw_twice=False)) for _ in range(5)
    )
    incremental = benchmark.stats.stats.median
    benchmark.extra_info["naive_replot_ms"] = round(naive * 1000, 1)
    benchmark.extra_info["naive_replot_one_draw_ms"] = round(single * 1000, 1)
    benchmark.extra_info["incremental_ms"] = round(incremental * 1000, 1)
    benchmark.extra_info["speed_up"] = round(naive / incremental, 1)
    benchmark.extra_info["speed_up_vs_one_draw"] = round(single / incremental, 1)


def _naive_replot(playable, draw_twice=True):
    """What a notebook does without MapView: plot the GeoDataFrame again, then draw.

    On a plain Agg figure (inline backend) geopandas' own ``draw_idle`` at the end of ``plot``
    draws the figure at once, before the notebook draws it again; ``draw_twice=False`` leaves
    that first draw out, for the stricter comparison.
    """
    from matplotlib.backends.backend_agg import FigureCanvasAgg
    from matplotlib.figure import Figure

    from geoteach.render import world_frame

    frame = world_frame("110m")
    colours = ["#0072B2" if c in playable[:6] else "#f3eee2" for c in frame.index]
    fig = Figure(figsize=(12.0, 6.1))
    canvas = FigureCanvasAgg(fig)
    if not draw_twice:
        canvas.draw_idle = lambda *a, **k: None
    ax = fig.add_axes((0, 0, 1, 1))
    frame.plot(ax=ax, color=colours, edgecolor="#6f6f6f", linewidth=0.3)
    ax.set_axis_off()
    canvas.draw()


@pytest.mark.parametrize("scale", ["110m", "50m"])
def test_peak_memory_with_both_maps(benchmark, scale):
    # VmHWM, not ru_maxrss: on Linux ru_maxrss survives exec, so a child started by a big
    # pytest process would report pytest's peak instead of its own.
    code = f"""
        import resource
        from geoteach.render import us_map_view, world_map_view
        world = world_map_view("{scale}")
        world.figure.canvas.draw()
        usa = us_map_view()
        usa.figure.canvas.draw()
        world.highlight(["FRA"]); usa.highlight(["KS"])
        world.figure.canvas.draw(); usa.figure.canvas.draw()
        try:
            status = open("/proc/self/status").read()
            print(int(status.split("VmHWM:")[1].split()[0]))
        except OSError:
            print(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss)
    """
    kib = benchmark.pedantic(lambda: int(_run(code)), rounds=1)
    benchmark.extra_info["peak_rss_mb"] = round(kib / 1024, 1)
    assert kib > 0


def test_us_map_render_warm(benchmark):
    us_map_view().figure.canvas.draw()

    def draw():
        view = us_map_view()
        view.figure.canvas.draw()
        return view

    view = benchmark(draw)
    assert len(view.codes) == 50


def _timed(fn) -> float:
    start = time.perf_counter()
    fn()
    return time.perf_counter() - start
