"""Loading never trusts the file: bad files give ``NotASave``, hand-edited saves are refused.

A save holds the seed and the moves; loading replays them and compares the result with the
stored state, so a save whose scores, cards, countries or phase were edited does not load.
"""

from __future__ import annotations

import json
import random
import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from geoteach.games.base import Game, NotASave
from geoteach.games.table import Table
from geoteach.store import autosave, saves
from tests.kit.five_games import GAMES, played
from tests.kit.kit_toy_game import RaceToTen

DEEP = 100_000


def good_text() -> str:
    game = RaceToTen(Table.of("Ana", "Ben", "Chloé"), seed=11)
    choices = random.Random(4)
    for _ in range(6):
        game.apply(choices.choice(game.legal_actions(choices.choice(game.to_act()))))
    return game.to_json()


def with_part(text: str, key: str, raw: str) -> str:
    """``text`` with the JSON of its part ``key`` replaced by ``raw``, as a hand edit would."""
    data = json.loads(text)
    data[key] = "@@"
    return json.dumps(data).replace('"@@"', raw)


def bad_files(text: str) -> dict[str, str | bytes]:
    data = json.loads(text)
    seats = data["table"]["seats"]
    return {
        "not json.json": "not json at all",
        "empty.json": "",
        "null.json": "null",
        "deep list.json": "[" * DEEP + "]" * DEEP,
        "deep part.json": with_part(text, "state", '{"a": ' * DEEP + "1" + "}" * DEEP),
        "seed infinity.json": with_part(text, "seed", "Infinity"),
        "seed minus infinity.json": with_part(text, "seed", "-Infinity"),
        "seed nan.json": with_part(text, "seed", "NaN"),
        "seed float.json": with_part(text, "seed", "11.0"),
        "seed huge float.json": with_part(text, "seed", "1e400"),
        "seed bool.json": with_part(text, "seed", "true"),
        "seed text.json": with_part(text, "seed", '"11"'),
        "seed 5000 digits.json": with_part(text, "seed", "7" * 5000),
        "log 5.json": with_part(text, "log", "5"),
        "log of numbers.json": with_part(text, "log", "[5, 6]"),
        "format true.json": with_part(text, "format", "true"),
        "format text.json": with_part(text, "format", '"1"'),
        "table list.json": with_part(text, "table", "[]"),
        "no players.json": with_part(text, "table", '{"seats": [], "first": 0}'),
        "first bool.json": with_part(text, "table", json.dumps({"seats": seats, "first": True})),
        "name number.json": with_part(
            text, "table", json.dumps({"seats": [{**seats[0], "name": 5}, *seats[1:]]})
        ),
        "unknown seat part.json": with_part(
            text, "table", json.dumps({"seats": [{**seats[0], "age": 12}, *seats[1:]]})
        ),
        "options list.json": with_part(text, "options", "[]"),
        "state list.json": with_part(text, "state", "[]"),
        "rng text.json": with_part(text, "rng", '"dice"'),
        "rng edited.json": with_part(text, "rng", json.dumps([3, [1] * 625, None])),
        "unknown part.json": with_part(text, "homework", "true"),
        "latin-1.json": text.replace("Chloé", "Chlo\udce9").encode("utf-8", "surrogateescape"),
        "picture.json": b"\x89PNG\r\n\x1a\n\x00\x00\xff\xfe",
        "game number.json": with_part(text, "game", "7"),
        "another game.json": with_part(text, "game", '"chess"'),
        "a later move first.json": with_part(text, "log", json.dumps(data["log"][::-1])),
    }


def write_bad_files(folder: Path, text: str) -> list[Path]:
    paths = []
    for name, content in bad_files(text).items():
        path = folder / name
        if isinstance(content, bytes):
            path.write_bytes(content)
        else:
            path.write_text(content, encoding="utf-8")
        paths.append(path)
    (folder / "a folder.json").mkdir()
    return [*paths, folder / "a folder.json"]


def test_bad_files_give_not_a_save_through_every_entry_point(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    text = good_text()
    (tmp_path / "good.json").write_text(text, encoding="utf-8")
    paths = write_bad_files(tmp_path, text)

    def look(path: Path) -> Game:
        return autosave.resume(path, Game.from_json, autosave=False)

    def resume(path: Path) -> Game:
        return autosave.resume(path, Game.from_json)

    for path in paths:
        for load in (Game.load, RaceToTen.load, look, resume):
            with pytest.raises(NotASave, match=re.escape(path.name)):
                load(path)
        if path.is_file():
            with pytest.raises(NotASave):
                Game.from_json(path.read_bytes())  # type: ignore[arg-type]
    assert Game.load(tmp_path / "good.json").to_json() == text


def test_find_saves_lists_the_good_saves_among_broken_files(tmp_path: Path) -> None:
    text = good_text()
    paths = write_bad_files(tmp_path, text)
    for name in ("good one.json", "good two.json"):
        (tmp_path / name).write_text(text, encoding="utf-8")
    listed = {info.path.name for info in saves.find(tmp_path)}
    # Files whose parts all have the right types are listed (fast, no replay) and refused,
    # with a message, when they are opened; every other broken file is left out.
    typed_right = {
        "rng edited.json",
        "a later move first.json",
        "unknown part.json",
        "another game.json",
    }
    assert listed == {"good one.json", "good two.json"} | typed_right
    assert len(paths) > len(typed_right) + 20


def edit(data: dict[str, Any], path: list[Any], value: Any) -> None:
    for key in path[:-1]:
        data = data[key]
    data[path[-1]] = value


#: Hand edits a student might try, per game: scores, a card or country, the phase.
HAND_EDITS: dict[str, list[tuple[str, list[Any], Any]]] = {
    "globalissimo": [
        ("scores", ["state", "scoreboard", "counters", "points", 0], 999999),
        ("an unknown country", ["state", "round", "countries", 0], "XXX"),
        ("an unknown phase", ["state", "phase"], "party"),
    ],
    "geotriple": [
        ("scores", ["state", "scoreboard", "counters", "points", 0], 999999),
        ("an unknown card", ["state", "plunge", "cards", 0], "ZZ"),
        ("an unknown phase", ["state", "phase"], "party"),
    ],
    "global_pursuit": [
        ("scores", ["state", "scoreboard", "counters", "points", 0], 999999),
        ("an unknown card", ["state", "hands", 0, 0], "nowhere:99"),
        ("an unknown phase", ["state", "phase"], "party"),
    ],
    "geography_pursuit": [
        ("all six wedges", ["state", "wedges", 0], [0, 1, 2, 3, 4, 5]),
        ("an unknown card", ["state", "decks", 0, "cards", 0], "no_such_card"),
        ("an unknown phase", ["state", "phase"], "party"),
    ],
    "globe_works": [
        ("scores", ["state", "totals", 0], 999999.0),
        ("an unknown card", ["state", "hands", 0, 0], "XX-coins"),
        ("an unknown phase", ["state", "phase"], "party"),
    ],
}


#: A setting edited to a value the game cannot be played with.
BAD_OPTIONS = {
    "globalissimo": ("rounds", "many"),
    "geotriple": ("target", "many"),
    "global_pursuit": ("maps", "three_maps"),
    "geography_pursuit": ("precision", "sloppy"),
    "globe_works": ("rounds", "many"),
}


def leaves(value: Any, path: list[Any]) -> list[list[Any]]:
    if isinstance(value, dict):
        return [p for k, v in value.items() for p in leaves(v, [*path, k])]
    if isinstance(value, list) and value:
        return [p for i, v in enumerate(value) for p in leaves(v, [*path, i])]
    return [path]


def changed(value: Any) -> Any:
    if isinstance(value, bool):
        return not value
    if isinstance(value, int | float):
        return value + 999999
    if isinstance(value, str):
        return value + "?"
    if value is None:
        return 0
    return [1]


@pytest.mark.parametrize("name", GAMES)
def test_a_hand_edited_save_of_every_game_is_refused(name: str, tmp_path: Path) -> None:
    game = played(name, moves=40)
    text = game.to_json()
    for what, path, value in HAND_EDITS[name]:
        data = json.loads(text)
        edit(data, path, value)
        (tmp_path / "edited.json").write_text(json.dumps(data), encoding="utf-8")
        with pytest.raises(NotASave, match="changed by hand") as refused:
            Game.load(tmp_path / "edited.json")
        assert "edited.json" in str(refused.value), what
    data = json.loads(text)
    spots = leaves(data["state"], ["state"]) + leaves(data["rng"], ["rng"])
    for path in random.Random(name).sample(spots, 25):
        data = json.loads(text)
        edit(data, path, changed(_at(data, path)))
        with pytest.raises(NotASave, match="changed by hand"):
            Game.from_dict(data)
    key, value = BAD_OPTIONS[name]
    data = json.loads(text)
    data["options"][key] = value
    with pytest.raises(NotASave, match="cannot be rebuilt"):
        Game.from_dict(data)


def _at(data: Any, path: list[Any]) -> Any:
    for key in path:
        data = data[key]
    return data


@pytest.mark.parametrize("name", GAMES)
def test_every_honest_save_loads_and_plays_on(name: str) -> None:
    checked = []

    def reload(game: Game, _action: Any) -> None:
        if len(game.log) % 15 == 0:
            again = Game.from_json(game.to_json())
            assert again.to_json() == game.to_json()
            if not again.is_terminal():
                seat = again.to_act()[0]
                again.apply(again.legal_actions(seat)[0])  # the first move works
            checked.append(len(game.log))

    played(name, moves=120, on_move=reload)
    assert len(checked) >= 3


@pytest.mark.slow
@pytest.mark.parametrize("name", GAMES)
def test_bench_load_a_whole_bot_game(name: str, benchmark: Callable[..., Any]) -> None:
    """Loading replays every move: the figure for a whole game between bots."""
    game = played(name, level="easy")
    text = game.to_json()
    benchmark.extra_info["moves"] = len(game.log)
    benchmark.extra_info["kilobytes"] = len(text) // 1000
    again = benchmark(Game.from_json, text)
    assert again.to_json() == text
