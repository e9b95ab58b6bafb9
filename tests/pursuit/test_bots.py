"""Computer players: their choices, full games to the end, and the simulation figures."""

from __future__ import annotations

import pytest

from geoteach.bots.base import play_bots
from geoteach.bots.pursuit import PursuitBot, play_game, simulate
from geoteach.games.geography_pursuit.board import HUB, SPACES
from geoteach.games.geography_pursuit.game import GeographyPursuit
from geoteach.games.table import Table

ALL = [0, 1, 2, 3, 4, 5]


def game_at(table: Table, questions: dict, space: str, roll: int, wedges) -> GeographyPursuit:
    game = GeographyPursuit(table, seed=3, questions=questions)
    game.state.update(player=0, phase="move", roll=roll)
    game.state["positions"][0] = space
    game.state["wedges"][0] = list(wedges)
    return game


def test_bot_heads_for_a_headquarters_of_a_missing_wedge(table, questions) -> None:
    game = game_at(table, questions, HUB, 6, [0, 1, 2])
    choice = PursuitBot("easy", seed=1).choose(game, 0)
    assert choice["type"] == "move"
    assert SPACES[choice["to"]].kind == "headquarters"
    assert SPACES[choice["to"]].category not in (0, 1, 2)


def test_bot_with_six_wedges_goes_into_the_hub(table, questions) -> None:
    game = game_at(table, questions, "spoke2.4", 4, ALL)
    assert PursuitBot("hard", seed=1).choose(game, 0)["to"] == HUB


def test_bot_otherwise_picks_its_strongest_category(table, questions) -> None:
    bot = PursuitBot("medium", seed=5)
    game = game_at(table, questions, HUB, 3, [])
    to = bot.choose(game, 0)["to"]
    assert SPACES[to].category == max(range(6), key=lambda c: bot.strength[c])


def test_bot_prefers_roll_again_to_nothing_better(table, questions) -> None:
    bot = PursuitBot("medium", seed=5)
    bot.strength = [0.0] * 6
    game = game_at(table, questions, "ring0", 2, ALL)
    # With six wedges and no way into the hub, it stays close to the hub.
    assert bot.choose(game, 0)["to"] == "spoke0.4"
    game = game_at(table, questions, "ring0", 2, [0])
    assert SPACES[bot.choose(game, 0)["to"]].kind == "roll_again"


def test_bots_vote_for_the_category_the_player_answered_worst(table, questions) -> None:
    game = game_at(table, questions, "spoke1.1", 1, ALL)
    game.state["record"][0] = [[3, 3], [2, 2], [0, 3], [1, 1], [2, 2], [4, 4]]
    game.apply({"player": 0, "type": "move", "to": HUB})
    play_bots(game, {1: PursuitBot(seed=1), 2: PursuitBot(seed=2)}, max_moves=2)
    assert game.state["question"]["category"] == 2 and game.state["question"]["final"]


@pytest.mark.parametrize("level", ["easy", "medium", "hard"])
def test_bots_play_a_full_game_to_the_end(level: str, questions) -> None:
    game = play_game(level, questions, players=3, seed=11)
    assert game.is_terminal()
    winner = game.winners()[0]
    assert sorted(game.state["wedges"][winner]) == ALL
    assert game.state["positions"][winner] == HUB
    assert game.replay().to_json() == game.to_json()


def test_harder_bots_finish_sooner(questions) -> None:
    turns = {lv: simulate(lv, questions, games=12)["mean_turns"] for lv in ("easy", "hard")}
    assert turns["hard"] < turns["easy"]


@pytest.mark.parametrize("level", ["easy", "medium", "hard"])
def test_benchmark_full_bot_game(benchmark, level: str, questions) -> None:
    """Figure: simulated full games per second (4 bots of one level)."""
    seeds = iter(range(10_000))
    game = benchmark(lambda: play_game(level, questions, players=4, seed=next(seeds)))
    assert game.is_terminal()
