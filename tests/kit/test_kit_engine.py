"""The Game protocol on a toy game: replay, JSON round trip, illegal moves, rollback, cards."""

from __future__ import annotations

import json
import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from geoteach.games.base import Game, IllegalAction, NotASave, game_class
from geoteach.games.deck import check_conservation
from geoteach.games.table import Table
from tests.kit.kit_toy_game import CARDS, FlakyRace, RaceToTen

NAMES = ["Ana", "Ben", "Chloé", "Dev", "Eun", "Femi"]


def new_game(seed: int, seats: int, cls: type[RaceToTen] = RaceToTen) -> RaceToTen:
    return cls(Table.of(*NAMES[:seats], first=seed % seats), seed=seed)


def play(game: Game, choices: random.Random, moves: int = 400) -> None:
    """Random legal moves: a random seat among those to act, a random legal action."""
    for _ in range(moves):
        if game.is_terminal():
            return
        seat = choices.choice(game.to_act())
        game.apply(choices.choice(game.legal_actions(seat)))


games = st.tuples(st.integers(0, 2**31 - 1), st.integers(2, 6), st.integers(0, 400))


@settings(max_examples=300, deadline=None)
@given(games)
def test_replay_from_seed_and_log_gives_the_same_game(spec: tuple[int, int, int]) -> None:
    seed, seats, moves = spec
    game = new_game(seed, seats)
    play(game, random.Random(seed + 1), moves)
    assert game.replay().to_json() == game.to_json()


@settings(max_examples=300, deadline=None)
@given(games)
def test_json_round_trip_is_equal_and_continues_identically(spec: tuple[int, int, int]) -> None:
    seed, seats, moves = spec
    game = new_game(seed, seats)
    play(game, random.Random(seed + 1), moves)
    copy = Game.from_json(game.to_json())
    assert type(copy) is RaceToTen
    assert copy.to_json() == game.to_json()
    play(game, random.Random(seed + 2))
    play(copy, random.Random(seed + 2))
    assert copy.to_json() == game.to_json()
    assert game.is_terminal()


def test_a_thousand_games_replay_and_conserve_cards() -> None:
    for seed in range(1000):
        game = new_game(seed, 2 + seed % 5)
        choices = random.Random(seed)
        while not game.is_terminal():
            seat = choices.choice(game.to_act())
            game.apply(choices.choice(game.legal_actions(seat)))
            check_conservation(CARDS, *game.cards_everywhere())
        assert game.winners(), seed
        assert game.replay().to_json() == game.to_json()


values = st.recursive(
    st.none() | st.booleans() | st.integers(-3, 8) | st.floats() | st.text(max_size=4),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=3), inner),
    max_leaves=5,
)
keys = st.sampled_from(["player", "type", "card", "seat", "x"]) | st.text(max_size=3)
random_moves = st.one_of(
    st.dictionaries(keys, values, max_size=4),
    st.dictionaries(keys, st.sampled_from(["roll", "bid", "play", *CARDS, 0, 1, 2]), max_size=4),
    values,
)


@settings(max_examples=500, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 10_000), moves=st.integers(0, 40), action=random_moves)
def test_illegal_actions_change_nothing(seed: int, moves: int, action: object) -> None:
    game = new_game(seed, 3)
    play(game, random.Random(seed), moves)
    legal = [a for s in game.to_act() for a in game.legal_actions(s)]
    if isinstance(action, dict) and action in legal:
        return
    before = game.to_json()
    with pytest.raises(IllegalAction):
        game.apply(action)  # type: ignore[arg-type]
    assert game.to_json() == before


def test_wrong_player_wrong_type_and_game_over_are_refused() -> None:
    game = new_game(7, 2)
    while game.phase == "bid":
        seat = game.to_act()[0]
        game.apply(game.legal_actions(seat)[0])
    mover = game.to_act()[0]
    other = game.table.next_seat(mover)
    before = game.to_json()
    cases = [
        {"player": other, "type": "roll"},
        {"player": mover, "type": "bid", "card": game.hands[mover][0]},
        {"player": mover, "type": "fly"},
        {"player": mover == 1, "type": "roll"},  # a bool is not a seat
        {"player": float(mover), "type": "roll"},
        {"player": mover, "type": "roll", "extra": 1},
        {"player": mover, "type": "play", "card": ("1a",)},
        {"player": mover, "type": "play", "card": {1, 2}},
        {"player": mover, "type": "play"},
        {"player": mover},
        [mover, "roll"],
    ]
    for action in cases:
        with pytest.raises(IllegalAction):
            game.apply(action)  # type: ignore[arg-type]
        assert game.to_json() == before, action
    play(game, random.Random(1))
    assert game.is_terminal()
    over = game.to_json()
    with pytest.raises(IllegalAction, match="game is over"):
        game.apply({"player": 0, "type": "roll"})
    assert game.to_json() == over


def test_the_log_holds_a_json_copy_of_each_move() -> None:
    game = new_game(3, 2)
    seat = game.to_act()[0]
    move = game.legal_actions(seat)[0]
    game.apply(move)
    move["card"] = "changed after the move"
    assert game.log[0]["card"] != "changed after the move"


@settings(max_examples=200, deadline=None)
@given(seed=st.integers(0, 10_000), moves=st.integers(0, 80), fail_at=st.integers(0, 80))
def test_an_error_half_way_through_a_move_rolls_everything_back(
    seed: int, moves: int, fail_at: int
) -> None:
    flaky = new_game(seed, 3, FlakyRace)
    steady = new_game(seed, 3, FlakyRace)
    choices = random.Random(seed)
    for i in range(moves):
        if flaky.is_terminal():
            break
        action = choices.choice(flaky.legal_actions(choices.choice(flaky.to_act())))
        if i == fail_at:
            before = flaky.to_json()
            flaky.fail_next = True
            with pytest.raises(RuntimeError):
                flaky.apply(action)
            flaky.fail_next = False
            assert flaky.to_json() == before
        flaky.apply(action)
        steady.apply(action)
        assert flaky.to_json() == steady.to_json()


def test_save_files_of_other_things_are_refused_clearly() -> None:
    game = new_game(1, 2)
    data = json.loads(game.to_json())
    bad = [
        "not json at all",
        "[1, 2, 3]",
        json.dumps({"cells": [], "nbformat": 4}),
        json.dumps({**data, "format": 99}),
        json.dumps({**data, "game": "chess"}),
        json.dumps({**data, "table": {"seats": "Ana"}}),
    ]
    for text in bad:
        with pytest.raises(NotASave):
            Game.from_json(text)
    with pytest.raises(NotASave, match="race_to_ten"):
        FlakyRace.from_json(game.to_json())


def test_game_class_finds_registered_games_and_names_the_known_ones() -> None:
    assert game_class("race_to_ten") is RaceToTen
    with pytest.raises(ValueError, match="race_to_ten"):
        game_class("snakes_and_ladders")
