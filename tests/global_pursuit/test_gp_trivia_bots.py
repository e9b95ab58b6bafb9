"""The five trivia decks, and the computer players."""

from __future__ import annotations

from collections import Counter

import pytest

from geoteach.bots.global_pursuit import (
    GlobalPursuitBot,
    matches_where_it_lies,
    play_game,
    simulate,
)
from geoteach.games.deck import check_conservation
from geoteach.games.global_pursuit.layout import Layout, all_cards
from geoteach.games.global_pursuit.trivia import DECKS, built_in_bank, question
from geoteach.quiz.question import Question


def test_five_decks_of_three_level_cards_with_some_symbols():
    bank = built_in_bank()
    assert set(bank) == set(DECKS)
    for name, cards in bank.items():
        assert len(cards) >= 10
        assert len({c["id"] for c in cards}) == len(cards)
        for card in cards:
            assert [question(card, lv).level for lv in (1, 2, 3)] == [1, 2, 3]
        symbols = Counter(c["symbol"] for c in cards)
        if name == "wild":
            assert set(symbols) == {None}
            assert all(Question.from_dict(q).media.flag for c in cards for q in c["questions"])
        else:
            assert {"ROLL", "BONUS ROLL", "WILD CARD"} <= set(symbols)
            assert symbols[None] > len(cards) / 2


def test_questions_match_their_set():
    bank = built_in_bank()
    kinds = {
        name: Counter(q["id"].split(":")[0] for c in cards for q in c["questions"])
        for name, cards in bank.items()
    }
    assert kinds["people_places"].keys() <= {
        "capital",
        "capital_of",
        "continent",
        "borders_both",
        "neighbour_count",
    }
    assert "statehood" in kinds["historic_happenings"]
    assert "compare" in kinds["planet_earth"] and "highest_point" in kinds["planet_earth"]


def test_hard_bots_only_lay_correct_cards_and_easy_ones_err():
    wrong = {}
    for level in ("hard", "easy"):
        game = play_game(level, players=3, seed=4)
        check_conservation(all_cards(), *game.card_places())
        caught = sum(1 for h in game.scoreboard.history if h["why"].startswith("caught"))
        layout = Layout(game.layout.cards)
        stayed = sum(not matches_where_it_lies(layout, i) for i in range(len(layout)))
        wrong[level] = caught + stayed
    assert wrong["hard"] == 0
    assert wrong["easy"] > 0


def test_bots_choose_levels_by_confidence():
    assert GlobalPursuitBot("hard", seed=1).level_for({"symbol": None, "die": None}) >= 2
    assert GlobalPursuitBot("easy", seed=1).level_for({"symbol": None, "die": None}) == 1
    # A big die on BONUS ROLL makes a hard bot reach higher.
    assert GlobalPursuitBot("hard", seed=1).level_for({"symbol": "BONUS ROLL", "die": 12}) == 3


@pytest.mark.parametrize("options", [{}, {"maps": "four_maps"}, {"table_size": [12, 9]}])
def test_bot_games_end_with_every_card_accounted_for(options):
    game = play_game("medium", players=4, seed=2, **options)
    assert game.is_terminal()
    check_conservation(all_cards(), *game.card_places())


def test_simulated_games_per_second(benchmark):
    result = benchmark.pedantic(simulate, args=("hard",), kwargs={"games": 2}, rounds=1)
    assert result["games"] == 2 and result["mean_cards_on_table"] > 1
