"""Bots: legal full games, levels, and the speed and score figures."""

from __future__ import annotations

from statistics import mean

from geoteach.bots.globe_works import GlobeWorksBot, simulate
from geoteach.games.deck import check_conservation
from geoteach.games.globe_works import deck


def test_bots_finish_games_of_3_4_and_5_players() -> None:
    for levels in (["easy", "medium", "hard"], ["hard"] * 4, ["medium", "easy"] * 2 + ["hard"]):
        game = simulate(levels, seed=len(levels))
        assert game.is_terminal() and len(game.history) == len(levels)
        check_conservation(deck(), *game.all_cards())


def test_goal_icon_is_the_icon_held_most() -> None:
    game = simulate(["hard", "hard", "hard"], seed=1, rounds=3)
    bot = GlobeWorksBot("hard", 0)
    game.hands[0][:] = ["NA-power", "WE-power", "EA-coins"]
    game.played[0][:] = []
    assert bot.goal_icon(game, 0) == "power"


def test_hard_bots_outscore_easy_bots_on_average() -> None:
    hard, easy = [], []
    for seed in range(8):
        levels = ["hard", "easy", "hard", "easy"] if seed % 2 else ["easy", "hard", "easy", "hard"]
        game = simulate(levels, seed=seed)
        for seat, level in enumerate(levels):
            (hard if level == "hard" else easy).append(game.scores()[seat])
    assert mean(hard) > mean(easy)


def test_speed_of_a_simulated_full_game(benchmark) -> None:
    game = benchmark(simulate, ["hard", "medium", "easy", "medium"], 11)
    assert game.is_terminal()
