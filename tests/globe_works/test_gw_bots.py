"""Bots: legal full games, levels, and the speed and score figures."""

from __future__ import annotations

from itertools import permutations
from statistics import mean

from geoteach.bots.globe_works import GlobeWorksBot, SeatView, simulate
from geoteach.games.deck import check_conservation
from geoteach.games.globe_works import DEALS, GlobeWorks, deck
from geoteach.games.table import Table


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
    assert bot.goal_icon(SeatView.of(game, 0), 0) == "power"


def test_hard_bots_outscore_easy_bots_on_average() -> None:
    hard, easy = [], []
    for seed in range(8):
        levels = ["hard", "easy", "hard", "easy"] if seed % 2 else ["easy", "hard", "easy", "hard"]
        game = simulate(levels, seed=seed)
        for seat, level in enumerate(levels):
            (hard if level == "hard" else easy).append(game.scores()[seat])
    assert mean(hard) > mean(easy)


def test_levels_rank_hard_over_medium_over_easy_in_mean_score() -> None:
    # 96 three-player games, every seating order of the three levels 16 times: big networks
    # (500, 1000 points) are rare, so a smaller sample lets one lucky game decide the means.
    orders = list(permutations(["easy", "medium", "hard"]))
    scores: dict[str, list[float]] = {"easy": [], "medium": [], "hard": []}
    for seed in range(96):
        levels = list(orders[seed % len(orders)])
        game = simulate(levels, seed=seed)
        for seat, level in enumerate(levels):
            scores[level].append(game.scores()[seat])
    assert mean(scores["hard"]) > mean(scores["medium"]) > mean(scores["easy"])


def test_speed_of_a_simulated_full_game(benchmark) -> None:
    game = benchmark(simulate, ["hard", "medium", "easy", "medium"], 11)
    assert game.is_terminal()


def test_a_bot_decides_to_call_the_end_without_seeing_other_hands() -> None:
    """ "Except for unplayed pairs in hand, at the end of a round, only cards played down are
    scored." Until then the others' hands are secret: a hidden pair must not change the call."""
    game = GlobeWorks(Table.of("Bot", "Ana", "Ben"), seed=6)
    while min(game.turns) < 10 or game.phase == DEALS or game.current != 0:
        if game.phase == DEALS:
            game.apply({"player": game.to_act()[0], "type": "no_deal"})
        else:
            p = game.current
            game.apply({"player": p, "type": "draw", "source": "draw"})
            game.apply({"player": p, "type": "discard", "card": game.drawn})
    game.north[:] = ["L-reykjavik", "L-vienna", "L-istanbul"]
    game.played[0][:] = ["NA-coins", "WE-coins", "EE-coins"]  # 4 points, for all to see
    game.played[1][:] = ["NA-airplane", "WE-airplane", "EE-airplane", "MN-airplane"]  # 8 points
    game.played[2][:] = []
    game.hands[0][:] = ["OC-power", "SA-satellite"]
    game.hands[2][:] = ["OC-coins"]
    bot = GlobeWorksBot("hard", 1)
    decisions = []
    for secret in (["CC-power", "ES-satellite"], ["NA-freighter", "WE-freighter"]):
        game.hands[1][:] = secret  # the second hand holds a pair: -20, but nobody may know
        assert game.may_call_end(0)
        decisions.append(bot.choose(game, 0)["type"])
    assert decisions[0] == decisions[1] != "call_end"  # Ana leads by what the table shows
