"""Speed figures (pytest-benchmark; run with --benchmark-enable --benchmark-only)."""

from __future__ import annotations

import random

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
