"""Autosave: the file follows every move, writes are atomic, other files are refused clearly."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

import geoteach.games.base as base
from geoteach.games.base import Game, NotASave
from geoteach.games.table import Table
from geoteach.store import autosave, savefile, saves
from tests.kit.kit_toy_game import RaceToTen


def new_game(seed: int = 11) -> RaceToTen:
    return RaceToTen(Table.of("Ana", "Ben", "Chloé"), seed=seed)


def step(game: Game, choices: random.Random) -> None:
    seat = choices.choice(game.to_act())
    game.apply(choices.choice(game.legal_actions(seat)))


def test_after_every_move_the_file_loads_to_an_equal_game(tmp_path: Path) -> None:
    game = new_game()
    path = autosave.start(game, tmp_path / "class 7b")
    assert path.name == "class 7b.json"
    choices = random.Random(1)
    while not game.is_terminal():
        step(game, choices)
        assert Game.load(path).to_json() == game.to_json()
    # No temp files; the hidden sidecar is the lock this kernel holds while it autosaves.
    assert sorted(p.name for p in tmp_path.iterdir()) == [".class 7b.json.lock", "class 7b.json"]
    autosave.stop(game)
    assert [p.name for p in tmp_path.iterdir()] == ["class 7b.json"]
    assert autosave.target(game) is None


def test_after_stop_the_game_plays_on_and_the_file_stays_as_it_was(tmp_path: Path) -> None:
    game = new_game()
    path = autosave.start(game, tmp_path / "lesson")
    choices = random.Random(4)
    step(game, choices)
    saved = path.read_bytes()
    autosave.stop(game)
    step(game, choices)
    assert path.read_bytes() == saved and len(game.log) == 2
    assert autosave.start(game, path) == path  # the same game, further on: it may go on there
    assert Game.load(path).to_json() == game.to_json()


def test_a_crash_while_writing_keeps_the_old_file_and_the_old_game(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    game = new_game()
    path = autosave.start(game, tmp_path / "save.json")
    choices = random.Random(2)
    step(game, choices)
    before_file = path.read_bytes()
    before_game = game.to_json()
    real_dumps = json.dumps
    calls = {"n": 0}

    def dumps_failing_once(*args: object, **kwargs: object) -> str:
        calls["n"] += 1
        if calls["n"] == 2:  # the first call copies the move, the second writes the file
            raise OSError("the disk is full")
        return real_dumps(*args, **kwargs)

    monkeypatch.setattr(base.json, "dumps", dumps_failing_once)
    seat = game.to_act()[0]
    with pytest.raises(OSError, match="disk is full"):
        game.apply(game.legal_actions(seat)[0])
    assert path.read_bytes() == before_file
    assert game.to_json() == before_game
    assert sorted(p.name for p in tmp_path.iterdir()) == [".save.json.lock", "save.json"]
    monkeypatch.setattr(base.json, "dumps", real_dumps)
    step(game, choices)
    assert Game.load(path).to_json() == game.to_json()


def test_resume_inspect_and_find_saves(tmp_path: Path) -> None:
    game = new_game()
    autosave.start(game, tmp_path / "a.json")
    step(game, random.Random(3))
    (tmp_path / "notes.json").write_text('{"homework": true}', encoding="utf-8")
    (tmp_path / "picture.json").write_bytes(b"\x89PNG\xff\xfe")
    info = saves.inspect(tmp_path / "a.json")
    assert (info.game, info.players, info.moves, info.seed) == (
        "race_to_ten",
        ["Ana", "Ben", "Chloé"],
        1,
        11,
    )
    assert "Race To Ten with Ana, Ben, Chloé: 1 moves" in info.describe()
    assert [i.path.name for i in saves.find(tmp_path)] == ["a.json"]
    again = autosave.resume(tmp_path / "a", Game.from_json)
    assert again.to_json() == game.to_json() and autosave.target(again) == tmp_path / "a.json"
    for name in ["notes.json", "picture.json"]:
        with pytest.raises(NotASave, match=name):
            Game.load(tmp_path / name)
        with pytest.raises(NotASave, match=name):
            saves.inspect(tmp_path / name)
    with pytest.raises(FileNotFoundError):
        autosave.resume(tmp_path / "missing.json", Game.from_json)
    with pytest.raises(ValueError, match="file name"):
        savefile.save_path("  ")
