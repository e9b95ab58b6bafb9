"""Speed figures (pytest-benchmark; run with --benchmark-enable --benchmark-only)."""

from __future__ import annotations

import random
import statistics
import time

from geoteach.bots.geotriple import GeoTripleBot, play_game
from geoteach.games.geotriple import GeoTriple, borders
from geoteach.games.geotriple.cards import neighbour_map, plunge_cards
from geoteach.games.table import Table

HANDS = 10_000


def test_solver_on_10000_hands(benchmark, states):
    """All GeoPlunges of 10,000 random 18-card hands; a few percent have none."""
    nb = neighbour_map(plunge_cards(states))
    rng = random.Random(2024)
    hands = [rng.sample(sorted(nb), 18) for _ in range(HANDS)]
    counts = benchmark.pedantic(
        lambda: [len(borders.solutions(h, nb)) for h in hands], rounds=1, iterations=1
    )
    none = sum(c == 0 for c in counts)
    benchmark.extra_info["hands_without_solution"] = none
    benchmark.extra_info["median_solutions"] = sorted(counts)[HANDS // 2]
    assert 0 < none < HANDS * 0.1
    assert all(borders.has_solution(h, nb) == (c > 0) for h, c in zip(hands, counts, strict=True))


def test_one_hand_all_solutions(benchmark, states):
    nb = neighbour_map(plunge_cards(states))
    hand = random.Random(1).sample(sorted(nb), 18)
    result = benchmark(borders.solutions, hand, nb)
    assert all(not set(g) & set(h) for g, h in result)


def test_full_simulated_game(benchmark, states):
    """One whole game to 100 points, hard against medium."""
    seeds = iter(range(10**6))

    def one_game():
        seed = next(seeds)
        table = Table.of("A", "B", bots={"A": "hard", "B": "medium"})
        game = GeoTriple(table, seed=seed, states=states)
        play_game(game, {0: GeoTripleBot("hard", seed), 1: GeoTripleBot("medium", seed)})
        return game

    game = benchmark(one_game)
    assert game.is_terminal()


# ----- the screen --------------------------------------------------------------------------
def _race_screen(states):
    """Ana against an easy computer, in the race (Stage 1 done, its result read)."""
    from geoteach.ui.geotriple import GeoTripleScreen

    from .test_ui import FakeClock

    table = Table.of("Ana", "Computer", bots={"Computer": "easy"})
    ui = GeoTripleScreen(GeoTriple(table, seed=3, states=states), bot_delay=0, clock=FakeClock())
    game = ui.game
    while game.phase == "guess":
        ui.parts.pick(game.s["secret"][1])
    ui.feedback.continue_button.click()
    assert game.phase == "race"
    return ui


def _canvas_cost(ui, action, repeat: int = 20) -> float:
    """Median ms of ``action`` when the map is a live canvas: the callback, then the one Agg
    draw the canvas makes when the page asks for the new picture (no PNG of the whole map)."""
    ui.parts.board_panel._show_map = ui.parts.board_panel.map.figure.canvas.draw
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        action()
        times.append(time.perf_counter() - start)
    return round(statistics.median(times) * 1000, 1)


def test_benchmark_click_a_state_to_first_change(benchmark, states):
    """A click on a state in the race, in Python: from the click to the new map (picture mode:
    the PNG the page shows; extra_info: the same with a live canvas)."""
    ui = _race_screen(states)
    code = ui.game.view(0)["race"]["hand"][0]
    benchmark(ui.parts.pick, code)  # on, off, on...: every click changes the map
    assert ui.parts.board_panel.map_picture.value[:4] == b"\x89PNG"
    benchmark.extra_info["canvas_click_ms"] = _canvas_cost(ui, lambda: ui.parts.pick(code))


def test_benchmark_redraw_after_a_move(benchmark, states):
    """The whole redraw after a move (banner, leaderboard, controls, map repainted) in
    Stage 3, where the board also has the cards and the trick."""
    ui = _race_screen(states)
    ui.parts.step_panel.give_up_button.click()  # the computer wins the race at once (no event loop)
    ui.feedback.continue_button.click()
    assert ui.game.phase == "discard"

    def forget() -> None:
        ui.parts.board_panel._painted = None  # as after a move: the map must be painted again

    benchmark.pedantic(ui.refresh, setup=forget, rounds=20, iterations=1)
    assert ui.redraw_seconds > 0 and len(ui.parts.step_panel.tiles_box.children) == 9

    def canvas_redraw() -> None:
        forget()
        ui.refresh()

    benchmark.extra_info["canvas_redraw_ms"] = _canvas_cost(ui, canvas_redraw)
