"""Speed of the Geography Pursuit screen, in the kernel (the part Python controls).

Run: python -m pytest -p no:cacheprovider --benchmark-enable --benchmark-only
tests/pursuit/test_bench_ui.py. Each benchmark plays the same move again and again from a saved
state; p50/p95 land in its extra_info. Nothing here asserts a time (a plain run only checks that
the move was made).

* ``move_click_picture``: a destination button pressed → engine move, verdict/card, board picture
  (PNG) and leaderboard redrawn: the whole screen after a move, without ipympl.
* ``move_click_canvas``: a real mouse press on the live canvas (ipympl, as in the app) → the ring
  on the clicked space sent to the page (``first_visible``), then the move and the redrawn board
  (the whole click).
"""

from __future__ import annotations

import statistics
import time

from geoteach.games.geography_pursuit.board import SPACES
from geoteach.games.geography_pursuit.game import GeographyPursuit
from geoteach.games.table import Table
from geoteach.ui.pursuit import PursuitApp
from tests.pursuit.test_ui import click_board, press, seed_where_seat_0_starts, spaces_offered

ROUNDS = 30


def percentiles(seconds: list[float]) -> dict[str, float]:
    ordered = sorted(seconds)
    p95 = ordered[min(len(ordered) - 1, round(0.95 * (len(ordered) - 1)))]
    return {"p50_ms": round(statistics.median(ordered) * 1000, 1), "p95_ms": round(p95 * 1000, 1)}


def rolled(questions, interactive: bool = False) -> tuple[PursuitApp, dict, str]:
    """Two people at the table, the die rolled: the screen, the saved state, a space to click."""
    names = ("Ana", "Ben")
    seed = seed_where_seat_0_starts(names, {}, questions)
    game = GeographyPursuit(Table.of(*names), seed=seed, questions=questions)
    app = PursuitApp(game, interactive=interactive)
    app.start()
    press(app, "Roll the die")
    target = next(
        s for s in game.legal_destinations() if SPACES[s].kind not in ("roll_again", "hub")
    )
    return app, game._snapshot(), target


def back_to(app: PursuitApp, saved: dict) -> None:
    """The state before the click, drawn, so every round draws a real change."""
    app.game._restore(saved)
    app.parts.step_panel.asked_id = app.parts.step_panel.asked = None
    app.refresh()


def test_bench_move_click_to_redrawn_picture(benchmark, questions) -> None:
    app, saved, target = rolled(questions)
    index = app.game.legal_destinations().index(target)

    def click() -> None:
        spaces_offered(app)[index].click()

    benchmark.pedantic(
        click, setup=lambda: back_to(app, saved), rounds=ROUNDS if not benchmark.disabled else 1
    )
    assert app.game.state["positions"][0] == target and app.game.phase == "question"
    if not benchmark.disabled:
        benchmark.extra_info.update(percentiles(list(benchmark.stats.stats.data)))
        benchmark.extra_info["redraw_ms"] = round(app.redraw_seconds * 1000, 1)


def test_bench_move_click_on_the_live_canvas(benchmark, questions, widget_backend) -> None:
    app, saved, target = rolled(questions, interactive=True)
    canvas = app.parts.board_panel.pieces.figure.canvas
    canvas.syncing_data_url = False  # as once the page has shown the canvas
    canvas.draw()  # the page's first full picture
    first_visible: list[float] = []
    mark = app.parts.board_panel.pieces.mark

    def timed_mark(space_id: str) -> None:
        mark(space_id)
        first_visible.append(time.perf_counter() - started[0])

    app.parts.board_panel.pieces.mark = timed_mark  # type: ignore[method-assign]
    started = [0.0]

    def click() -> None:
        started[0] = time.perf_counter()
        click_board(app, target)

    benchmark.pedantic(
        click, setup=lambda: back_to(app, saved), rounds=ROUNDS if not benchmark.disabled else 1
    )
    assert app.game.state["positions"][0] == target and first_visible
    if not benchmark.disabled:
        benchmark.extra_info.update(percentiles(list(benchmark.stats.stats.data)))
        benchmark.extra_info["first_visible"] = percentiles(first_visible)
    app.close_screen()
