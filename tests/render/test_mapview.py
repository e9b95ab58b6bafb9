import matplotlib.pyplot as plt
import numpy as np
import pytest
from matplotlib.backend_bases import MouseButton, MouseEvent
from matplotlib.colors import to_rgba

from geoteach.render import NotOnMapError, new_figure, palettes, to_png, world_map_view


@pytest.fixture
def fresh():
    """A map for tests that change it (the module's shared map stays untouched)."""
    view = world_map_view("110m")
    view.figure.canvas.draw()
    return view


def _snapshot(view):
    return {
        "faces": view.collection.get_facecolor().copy(),
        "edges": view.collection.get_edgecolor().copy(),
        "widths": np.array(view.collection.get_linewidth()).copy(),
        "paths": list(view.collection.get_paths()),
        "artists": (len(view.ax.collections), len(view.ax.texts), len(view.ax.patches)),
    }


def test_highlight_changes_only_the_fill_of_the_chosen_countries(fresh):
    before = _snapshot(fresh)
    fresh.highlight(["FRA", "BRA"], "#0072B2")
    after = _snapshot(fresh)
    changed = np.nonzero(np.any(before["faces"] != after["faces"], axis=1))[0]
    assert sorted(fresh.codes[i] for i in changed) == ["BRA", "FRA"]
    assert np.array_equal(before["edges"], after["edges"])
    assert np.array_equal(before["widths"], after["widths"])
    assert all(a is b for a, b in zip(before["paths"], after["paths"], strict=True))
    assert before["artists"] == after["artists"]  # nothing re-plotted


def test_set_colours_and_clear(fresh):
    resting = fresh.colours()
    fresh.set_colours({"JPN": "#009E73", "Kenya": "#CC79A7"})
    assert fresh.colours()["JPN"] == to_rgba("#009E73")
    assert fresh.colours()["KEN"] == to_rgba("#CC79A7")
    fresh.outline(["JPN", "KEN"])
    fresh.label("JPN", "?")
    assert len(fresh._outlines.get_paths()) == 2
    assert len(fresh.ax.texts) == 1
    fresh.clear()
    assert fresh.colours() == resting
    assert len(fresh._outlines.get_paths()) == 0
    assert len(fresh.ax.texts) == 0
    assert set(fresh.numbers)  # the numbers belong to the map and stay


def test_tiny_country_dot_follows_its_colour(fresh):
    fresh.highlight("VAT", "#D55E00")
    k = list(fresh._dot_index).index(fresh.codes.index("VAT"))
    assert tuple(fresh._dots.get_facecolor()[k]) == to_rgba("#D55E00")


def test_every_change_asks_for_one_idle_redraw(fresh, monkeypatch):
    calls = []
    monkeypatch.setattr(fresh.figure.canvas, "draw_idle", lambda *a, **k: calls.append(1))
    fresh.highlight("PER")
    fresh.outline("PER")
    fresh.label("PER")
    fresh.clear()
    assert len(calls) == 4


def test_unknown_country_gets_a_hint(fresh):
    with pytest.raises(NotOnMapError, match=r"Did you mean France \(FRA\)"):
        fresh.highlight("Frnace")
    fresh.highlight("  france ")  # names work too, in any case
    assert fresh.colours()["FRA"] == to_rgba(palettes.HIGHLIGHT)


def _click(view, lon, lat, button=MouseButton.LEFT):
    view.ax.apply_aspect()
    x, y = view.ax.transData.transform(view.project(lon, lat))
    event = MouseEvent("button_press_event", view.figure.canvas, x, y, button=button)
    view.figure.canvas.callbacks.process("button_press_event", event)


def test_a_click_reaches_the_game_as_a_code(fresh):
    picked = []
    fresh.on_pick(picked.append)
    _click(fresh, 2.35, 48.86)  # Paris
    _click(fresh, 12.4534, 41.9029)  # Vatican, by its dot
    _click(fresh, -30.0, 0.0)  # the Atlantic: nothing
    _click(fresh, 2.35, 48.86, button=MouseButton.RIGHT)  # not a pick
    assert picked == ["FRA", "VAT"]
    fresh.stop_picking()
    _click(fresh, 2.35, 48.86)
    assert picked == ["FRA", "VAT"]


def test_focus_zooms_and_reset_view_returns(fresh):
    full = fresh.ax.get_xlim()
    fresh.focus(["DEU", "POL"])
    zoomed = fresh.ax.get_xlim()
    assert zoomed[1] - zoomed[0] < (full[1] - full[0]) / 10
    fresh.reset_view()
    assert fresh.ax.get_xlim() == pytest.approx(full)


def test_figures_are_never_shown_by_themselves():
    before = plt.get_fignums()
    fig = new_figure()
    assert plt.get_fignums() == before  # a plain Figure, unknown to pyplot
    interactive = new_figure(interactive=True)
    assert not plt.isinteractive()
    plt.close(interactive)
    assert fig.canvas.get_renderer() is not None


def test_to_png_gives_png_bytes(world):
    png = to_png(world.figure)
    assert png[:8] == b"\x89PNG\r\n\x1a\n"
    assert len(png) > 20_000


def test_focus_on_a_tiny_country_keeps_its_neighbours_in_view(fresh):
    full = fresh.ax.get_xlim()
    fresh.focus("VAT", margin=0.0, min_share=0.2)
    x0, x1 = fresh.ax.get_xlim()
    assert x1 - x0 == pytest.approx(0.2 * (full[1] - full[0]) / 1.02, rel=0.02)
    assert fresh.feature_at(*fresh.project(12.4534, 41.9029)) == "VAT"
    assert x0 < fresh.project(10.0, 42.0)[0] < x1  # Italy around it
