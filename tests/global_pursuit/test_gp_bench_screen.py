"""How fast the Global Pursuit screen answers (issue 13): measured, never asserted.

Run: python -m pytest -p no:cacheprovider --benchmark-enable --benchmark-only -s
tests/global_pursuit/test_gp_bench_screen.py. The part the kernel controls: the whole redraw
after a move, and the Python side of a click (from the canvas's click event to the last widget
change it makes: the hand card redrawn, the ghost drawn on the table). Real map cards, live
canvases, as in the student app; the browser's share is in tests/e2e (app-timings.json).
"""

from __future__ import annotations

import statistics

import numpy as np
from matplotlib.backend_bases import MouseButton, MouseEvent

from geoteach.bots.global_pursuit import GlobalPursuitBot
from geoteach.games.global_pursuit.engine import GlobalPursuit
from geoteach.games.table import Table
from geoteach.ui.global_pursuit import GlobalPursuitScreen


def _screen(seed: int = 10) -> GlobalPursuitScreen:
    table = Table.of(
        "You", "Robot Ada", "Robot Ben", bots={"Robot Ada": "medium", "Robot Ben": "medium"}
    )
    return GlobalPursuitScreen(GlobalPursuit(table, seed=seed), challenge_seconds=None, bot_delay=0)


def _click(figure, ax, x: float, y: float) -> None:
    px, py = ax.transData.transform((x, y))
    event = MouseEvent("button_press_event", figure.canvas, px, py, button=MouseButton.LEFT)
    figure.canvas.callbacks.process("button_press_event", event)


def test_bench_redraw_after_a_move(benchmark):
    """The steady redraw, and the redraws after a real move (a card laid: the computers
    decide, the table grows, the trivia step comes)."""
    ui = _screen()
    benchmark(ui.refresh)
    if benchmark.disabled:
        return
    helper = GlobalPursuitBot("hard", seed=0)
    after_move = []
    for seed in (10, 25, 31, 37, 58):
        ui = _screen(seed)
        game = ui.game
        if game.to_act() != [0] or game.phase != "match":
            continue
        move = helper.choose(game, 0)
        if move["type"] != "place":
            continue
        times: list[float] = []
        refresh = ui.refresh

        def timed(refresh=refresh, times=times, ui=ui) -> None:
            refresh()
            times.append(ui.redraw_seconds)

        ui.refresh = timed
        ui.parts.pick_card(move["card"], move["card_edge"])
        ui.parts.step_panel.edge.value = tuple(move["at"])
        ui.parts.step_panel.lay.click()
        after_move.extend(times)
    benchmark.extra_info["redraw_after_a_move_ms_p50"] = round(
        statistics.median(after_move) * 1000, 1
    )
    benchmark.extra_info["redraw_after_a_move_ms_max"] = round(max(after_move) * 1000, 1)
    print(
        f"\nredraw after a move: p50 {benchmark.extra_info['redraw_after_a_move_ms_p50']} ms, "
        f"max {benchmark.extra_info['redraw_after_a_move_ms_max']} ms over {len(after_move)}"
    )


def test_bench_click_a_hand_card(benchmark):
    """A click on a card of the hand: it is chosen, its picture redrawn, the table too."""
    ui = _screen()
    cards = list(ui.parts.board_panel.hand_cards.children)
    which = iter(range(10_000))

    def click_next() -> None:
        card = cards[next(which) % len(cards)]
        _click(card.figure, card.figure.axes[0], 0.0, 0.0)

    benchmark.pedantic(click_next, rounds=20, iterations=1)
    assert ui.parts.step_panel.hand.value in [c.card for c in cards]


def test_bench_click_a_place_then_the_ghost(benchmark):
    """A click on a numbered place with a card chosen: the ghost is pasted on the table."""
    ui = _screen()
    ui.parts.pick_card(ui.game.hand(0)[0])
    places = [tuple(b) for b in ui.parts.board_panel.table_picture.badges]
    which = iter(range(10_000))

    def click_next() -> None:
        x, y = places[next(which) % len(places)]
        _click(
            ui.parts.board_panel.table_picture.figure, ui.parts.board_panel.table_picture.ax, x, y
        )

    benchmark.pedantic(click_next, rounds=20, iterations=1)
    assert ui.parts._ghost() is not None
    shape = np.array(ui.parts.board_panel.table_picture.ax.patches[-1].get_xy())
    assert len(shape) >= 5
