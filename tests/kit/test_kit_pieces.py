"""Dice, decks, table, scoreboard and bots of the kit."""

from __future__ import annotations

import random
from collections import Counter
from itertools import pairwise

import pytest

from geoteach.bots.base import RandomBot, bots_for, chance_to_know, play_bots
from geoteach.games.deck import Deck, DeckEmpty, check_conservation
from geoteach.games.dice import D6, D12, roll, roll_for_first
from geoteach.games.scoreboard import Scoreboard
from geoteach.games.table import Seat, Table
from tests.kit.kit_toy_game import RaceToTen


@pytest.mark.parametrize("sides", [D6, D12])
def test_dice_are_fair_on_a_seeded_sample(sides: int) -> None:
    rng = random.Random(2024)
    n = 600 * sides
    counts = Counter(roll(rng, sides) for _ in range(n))
    assert set(counts) == set(range(1, sides + 1))
    expected = n / sides
    chi2 = sum((counts[f] - expected) ** 2 / expected for f in range(1, sides + 1))
    # 99.9th percentile of chi-square with 5 and 11 degrees of freedom.
    assert chi2 < {D6: 20.52, D12: 31.26}[sides]


def test_a_loaded_die_would_fail_the_fairness_bound() -> None:
    counts = Counter({1: 200, 2: 100, 3: 100, 4: 100, 5: 100, 6: 0})
    chi2 = sum((counts[f] - 100) ** 2 / 100 for f in range(1, 7))
    assert chi2 > 20.52


def test_only_the_games_dice_exist() -> None:
    with pytest.raises(ValueError, match="6-sided and a 12-sided"):
        roll(random.Random(1), 20)
    with pytest.raises(ValueError, match="Nobody"):
        roll_for_first(random.Random(1), [])


def test_roll_for_first_rerolls_ties_between_the_tied_only() -> None:
    saw_tie = False
    for seed in range(300):
        first, history = roll_for_first(random.Random(seed), [0, 1, 2, 3], D6)
        for earlier, later in pairwise(history):
            best = max(earlier.values())
            assert set(later) == {s for s, v in earlier.items() if v == best}
            saw_tie = True
        final = history[-1]
        assert first == max(final, key=final.get)
        assert list(final.values()).count(final[first]) == 1
    assert saw_tie


def test_deck_draws_from_the_top_and_returns_to_the_back() -> None:
    deck = Deck(["a", "b", "c"])
    assert deck.draw() == "a"
    deck.to_bottom("a")
    assert deck.cards == ["b", "c", "a"]
    assert deck.draw(2) == ["b", "c"]
    with pytest.raises(DeckEmpty):
        deck.draw(2)
    with pytest.raises(ValueError):
        deck.draw(-1)


def test_deal_one_at_a_time_and_reshuffles_conserve_cards() -> None:
    cards = [f"c{i}" for i in range(20)]
    rng = random.Random(5)
    deck = Deck(list(cards))
    hands = deck.deal(3, 5)
    assert hands[0] == ["c0", "c3", "c6", "c9", "c12"]
    check_conservation(cards, deck, *hands)
    deck.discard(*hands[0])
    while deck.cards:
        deck.draw()
    assert deck.draw_or_reshuffle(rng) in hands[0]
    deck.gather(rng, hands[1], hands[2])
    assert len(deck) == 14 and not deck.discards
    with pytest.raises(AssertionError, match="lost"):
        check_conservation(cards, deck)
    with pytest.raises(DeckEmpty):
        Deck(["a"]).deal(2, 1)
    assert Deck.from_dict(deck.to_dict()) == deck


def test_conservation_names_duplicates() -> None:
    with pytest.raises(AssertionError, match=r"extra: \['a'\]"):
        check_conservation(["a", "b"], ["a", "b"], ["a"])


def test_table_rejects_duplicate_names_and_defaults_bot_levels() -> None:
    with pytest.raises(ValueError, match="same name"):
        Table.of("Ana", "ana ")
    table = Table.of("Ana", "Robo", bots={"Robo": "hard"})
    assert table.seats[1].level == "hard"
    assert Seat("Computer", kind="bot").level == "medium"
    assert Seat("Ana").level is None
    assert table.bots() == [1] and table.humans() == [0]
    assert table.seats[0].colour_name == "blue"
    with pytest.raises(ValueError, match="easy, medium or hard"):
        Seat("X", kind="bot", level="genius")  # type: ignore[arg-type]


def test_table_round_trip_and_team_members() -> None:
    table = Table(
        [
            Seat("Reds", members=["Ana", " Ben ", ""]),
            Seat("Blues", members=["Chloé", "Dev"]),
            Seat("Robo", kind="bot", level="easy"),
        ],
        first=2,
    )
    assert table.seats[0].members == ["Ana", "Ben"]
    assert table.is_team_game and table.seats[0].is_team
    assert table.seat_of("dev") == 1
    assert Table.from_dict(table.to_dict()) == table
    with pytest.raises(ValueError, match="two teams"):
        Table([Seat("Reds", members=["Ana"]), Seat("Blues", members=["ana"])])
    with pytest.raises(ValueError, match="twice"):
        Table([Seat("Reds", members=["Ana", "ANA"]), Seat("Blues")])
    with pytest.raises(KeyError):
        table.seat_of("Zed")


def test_scoreboard_running_history() -> None:
    board = Scoreboard(2)
    board.add(0, 3, why="ranked Mexico first", round=1)
    board.add(1, 2, round=1)
    board.add(0, -1, round=2)
    board.add(1, 1, counter="hurdles")
    assert [e["total"] for e in board.running()] == [3, 2, 2, 1]
    assert board.ranking("points", "hurdles") == [1, 0]  # level on points: hurdles decide
    assert Scoreboard.from_dict(board.to_dict()) == board
    with pytest.raises(ValueError):
        board.add(2, 1)


def test_bot_knowledge_grows_with_level_and_fame() -> None:
    assert chance_to_know("easy", 0.5) < chance_to_know("medium", 0.5) < chance_to_know("hard", 0.5)
    assert chance_to_know("hard", 0.0) < chance_to_know("hard", 1.0)


def test_bots_play_a_whole_game_through_the_public_verbs() -> None:
    table = Table.of("Robo", "Ana", "Tin", bots={"Robo": "easy", "Tin": "hard"})
    bots = bots_for(table, lambda level, seed: RandomBot(level, seed), seed=1)
    assert sorted(bots) == [0, 2] and bots[2].level == "hard"
    game = RaceToTen(table, seed=3)
    all_bots = {**bots, 1: RandomBot("medium", 9)}
    moves = play_bots(game, all_bots)
    assert game.is_terminal() and moves == len(game.log)
    human_waits = RaceToTen(table, seed=3)
    play_bots(human_waits, bots)
    assert not human_waits.is_terminal() and 1 in human_waits.to_act()
