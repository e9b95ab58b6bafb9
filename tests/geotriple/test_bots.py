"""The computer opponent: legal moves, a real guesser, level-dependent race times, win rates."""

from __future__ import annotations

import statistics

import pytest

from geoteach.bots.geotriple import GeoTripleBot, play_game, win_rates
from geoteach.games.geotriple import GeoTriple
from geoteach.games.table import Table


def bot_game(states, seed=3, target=100):
    table = Table.of("Ana", "Ben", bots={"Ana": "hard", "Ben": "easy"})
    return GeoTriple(table, seed=seed, states=states, target=target)


def test_bots_only_make_legal_moves_to_the_end(states):
    for level in ("easy", "medium", "hard"):
        game = bot_game(states, seed=5)
        bots = {0: GeoTripleBot(level, seed=1), 1: GeoTripleBot("hard", seed=2)}
        moves = play_game(game, bots)
        assert game.is_terminal() and moves > 20
        assert game.replay().to_json() == game.to_json()


def test_hard_guesser_uses_the_clues(states):
    """Over many Stage 1 turns the hard bot needs fewer guesses than the easy one."""
    taken = {"easy": [], "hard": []}
    for seed in range(40):
        for level in taken:
            game = bot_game(states, seed=seed)
            bot = GeoTripleBot(level, seed=seed)
            while game.to_act() == [0]:
                game.apply(bot.choose(game, 0))
            count = game.s["stage1"]["taken"][0]
            taken[level].append(4 if count is None else count)
    assert statistics.mean(taken["hard"]) < statistics.mean(taken["easy"]) - 0.3


def test_hard_guess_is_always_still_possible(states):
    game = bot_game(states, seed=8)
    bot = GeoTripleBot("hard", seed=0)
    secret = game.s["secret"][1]
    guesses = []
    while game.to_act() == [0]:
        action = bot.choose(game, 0)
        assert action["state"] != game.s["secret"][0]  # never its own card
        guesses.append(action["state"])
        game.apply(action)
    assert len(set(guesses)) == len(guesses)
    assert game.s["stage1"]["taken"][0] is not None or secret not in guesses


def test_race_times_depend_on_the_level(states):
    times = {}
    for level in ("easy", "medium", "hard"):
        drawn = []
        for seed in range(30):
            game = bot_game(states, seed=seed)
            while game.phase == "guess":
                seat = game.to_act()[0]
                game.apply(GeoTripleBot("hard", seed=1).choose(game, seat))
            bot = GeoTripleBot(level, seed=seed)
            first = bot.race_time(game, 0)
            assert bot.race_time(game, 0) == first  # drawn once per race: a steady countdown
            drawn.append(first)
        times[level] = statistics.median(drawn)
    assert times["hard"] < times["medium"] < times["easy"]


def test_bot_claims_are_correct(states):
    game = bot_game(states, seed=4)
    bots = {0: GeoTripleBot("hard", seed=1), 1: GeoTripleBot("hard", seed=2)}
    while game.phase != "race":
        seat = game.to_act()[0]
        game.apply(bots[seat].choose(game, seat))
    seat = min((0, 1), key=lambda s: bots[s].race_time(game, s))
    action = bots[seat].choose(game, seat)
    game.apply(action)
    if action["type"] == "geoplunge":
        assert game.view(0)["results"]["race"]["winner"] == seat


@pytest.mark.parametrize(("strong", "weak"), [("hard", "random"), ("hard", "easy")])
def test_hard_beats_weaker_players_clearly(states, strong, weak):
    rates = win_rates(strong, weak, games=16, seed=2024, states=states, target=60)
    assert rates["first"] >= 0.8, rates
