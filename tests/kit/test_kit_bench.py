"""Speed figures of the kit (run with --benchmark-enable --benchmark-only)."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from geoteach.games.base import Game, IllegalAction
from geoteach.games.table import Table
from tests.kit.kit_toy_game import RaceToTen


def midgame(seed: int = 5, moves: int = 40) -> RaceToTen:
    game = RaceToTen(Table.of("Ana", "Ben", "Chloé", "Dev", "Eun", "Femi"), seed=seed)
    choices = random.Random(seed)
    for _ in range(moves):
        if game.is_terminal():
            break
        seat = choices.choice(game.to_act())
        game.apply(choices.choice(game.legal_actions(seat)))
    return game


def test_bench_apply_then_rollback(benchmark) -> None:  # type: ignore[no-untyped-def]
    """One move and its rollback: snapshot, validate, apply, restore."""
    game = midgame()
    seat = game.to_act()[0]
    action = game.legal_actions(seat)[0]
    before = game.to_json()

    def apply_and_undo() -> None:
        saved = game._snapshot()
        game.apply(action)
        game._restore(saved)

    benchmark(apply_and_undo)
    assert game.to_json() == before


def test_bench_refused_move(benchmark) -> None:  # type: ignore[no-untyped-def]
    game = midgame()

    def refuse() -> None:
        with pytest.raises(IllegalAction):
            game.apply({"player": 0, "type": "fly"})

    benchmark(refuse)


def test_bench_save(benchmark, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    game = midgame()
    path = tmp_path / "save.json"
    benchmark(game.save, path)
    assert Game.load(path).to_json() == game.to_json()


def test_bench_load(benchmark, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    game = midgame()
    path = game.save(tmp_path / "save.json")
    loaded = benchmark(Game.load, path)
    assert loaded.to_json() == game.to_json()
