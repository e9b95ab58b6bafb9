"""A save name is a plain ``.json`` file name in the lesson folder, through every way to save."""

from __future__ import annotations

import os
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

from geoteach.games.base import BadSaveName, Game, SaveInUse
from geoteach.games.table import Table
from geoteach.store import autosave, savefile, saves
from tests.kit.kit_toy_game import RaceToTen

#: A typed name, and what the message tells the teacher to type instead.
BAD_NAMES = {
    "../x": "type x.json, not ../x",
    "../../etc/passwd": "type passwd.json",
    "sub/lesson.json": "type lesson.json",
    "sub\\lesson": "type lesson.json",
    "geoteach.py": "type geoteach.json",
    "notes.txt": "type notes.json",
    "lesson.ipynb": "type lesson.json",
    "": "for example class7b.json",
    "   ": "for example class7b.json",
    ".json": "for example class7b.json",
    ".hidden.json": "type hidden.json",
    "..": "without folders",
    "CON": "pick another one",
    "nul.json": "pick another one",
    "jupyter_server_config.json": "pick another one",
    "voila.json": "pick another one",
    "a:b": "for example ab.json",
    "tab\there": "for example tabhere.json",
    "x" * 250: "shorter one",
}


@pytest.fixture
def lesson_folder(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    """The notebook runs in ``tmp_path/lesson``; ``..`` would be ``tmp_path``."""
    folder = tmp_path / "lesson"
    folder.mkdir()
    monkeypatch.chdir(folder)
    monkeypatch.delenv(savefile.FOLDER_VARIABLE, raising=False)
    yield folder
    savefile.set_lesson_folder(None)


def every_file(root: Path) -> list[str]:
    return sorted(str(p.relative_to(root)) for p in root.rglob("*"))


def new_game() -> RaceToTen:
    return RaceToTen(Table.of("Ana", "Ben"), seed=3)


WAYS: dict[str, Callable[[str], object]] = {
    "save_path": savefile.save_path,
    "Game.save": lambda name: new_game().save(name),
    "saves.save": lambda name: saves.save(new_game(), name),
    "autosave.start": lambda name: autosave.start(new_game(), name),
    "autosave.follow": lambda name: autosave.follow(new_game(), name),
    "resume": lambda name: autosave.resume(name, Game.from_json),
}


@pytest.mark.parametrize("way", sorted(WAYS))
def test_names_that_point_elsewhere_or_shadow_code_are_refused(
    way: str, lesson_folder: Path, tmp_path: Path
) -> None:
    outside = tmp_path / "outside.json"
    names = {**BAD_NAMES, str(outside): "type outside.json"}
    for name, hint in names.items():
        with pytest.raises(BadSaveName) as refused:
            WAYS[way](name)
        assert hint in str(refused.value), (name, str(refused.value))
    assert every_file(tmp_path) == ["lesson"], "a refused name wrote a file"


def test_good_names_land_in_the_lesson_folder(lesson_folder: Path) -> None:
    for typed, name in {
        "class 7b": "class 7b.json",
        "  Chloé's lesson ": "Chloé's lesson.json",
        "v1.2": "v1.2.json",
        "Mr. Li": "Mr. Li.json",
        "LESSON.JSON": "LESSON.json",
    }.items():
        assert savefile.save_path(typed) == lesson_folder / name
    path = new_game().save("class 7b")
    assert path == lesson_folder / "class 7b.json" and path.is_file()
    assert Game.load("class 7b").to_json() == Game.load(path).to_json()
    with pytest.raises(ValueError, match="file name"):  # BadSaveName is a ValueError
        savefile.save_path("  ")


def test_the_lesson_folder_can_be_chosen(
    lesson_folder: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    shared = tmp_path / "shared"
    shared.mkdir()
    monkeypatch.setenv(savefile.FOLDER_VARIABLE, str(shared))  # set by a JupyterHub admin
    assert savefile.lesson_folder() == shared
    game = new_game()
    assert autosave.start(game, "7b") == shared / "7b.json"
    autosave.stop(game)
    chosen = tmp_path / "chosen"
    chosen.mkdir()
    assert savefile.set_lesson_folder(chosen) == chosen  # chosen in the notebook
    game = new_game()
    autosave.start(game, "7c")
    assert autosave.target(game) == chosen / "7c.json"
    assert [i.path.name for i in saves.find()] == ["7c.json"]
    with pytest.raises(savefile.SaveError, match="no folder"):
        savefile.set_lesson_folder(tmp_path / "missing")
    savefile.set_lesson_folder(None)
    monkeypatch.delenv(savefile.FOLDER_VARIABLE)
    assert savefile.lesson_folder() == Path(os.getcwd()) == lesson_folder


def test_code_may_choose_a_folder_with_a_path_but_not_the_ending(tmp_path: Path) -> None:
    game = new_game()
    assert game.save(tmp_path / "deep" / "er" / "g") == tmp_path / "deep" / "er" / "g.json"
    with pytest.raises(BadSaveName, match=r"type geoteach\.json"):
        game.save(tmp_path / "geoteach.py")
    assert not (tmp_path / "geoteach.py").exists()


def test_default_names_are_new_each_time_and_valid() -> None:
    names = {savefile.default_save_name("globe_works", when=0.0) for _ in range(200)}
    assert len(names) == 200
    assert all(savefile.check_save_name(n) == n for n in names)


def test_each_new_game_gets_a_name_of_its_own_and_a_resumed_one_keeps_its_file(
    lesson_folder: Path,
) -> None:
    first = new_game()
    made_up = autosave.start(first).name
    assert autosave.target(first) == lesson_folder / made_up and made_up.startswith("race_to_ten_")
    second = RaceToTen(Table.of("Dev", "Eun"), seed=4)
    other = autosave.start(second).name
    assert other != made_up and autosave.target(second) == lesson_folder / other
    with pytest.raises(SaveInUse, match="already holds another game"):  # first's file
        autosave.follow(second, made_up)
    assert autosave.target(second) == lesson_folder / other  # refused: it keeps its own file
    autosave.stop(first)
    resumed = autosave.resume(made_up, Game.from_json)
    assert autosave.target(resumed) == lesson_folder / made_up
    assert resumed.to_json() == first.to_json()
