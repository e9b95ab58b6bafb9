"""Save files on disk: start autosave, look inside a save, find saves, resume one.

``Game.save``/``Game.load`` do the writing and reading (atomic, JSON, replayed on load); this
module adds what a teacher needs around them: which saves are in the lesson folder, what each
holds, and clear errors. Save names are plain ``.json`` file names in the lesson folder
(``savefile.lesson_folder``: the notebook's folder unless set otherwise), and one kernel at a
time writes a lesson file (``SaveInUse`` for the others).
"""

from __future__ import annotations

import os
from pathlib import Path

from geoteach.games.base import Game
from geoteach.games.savedata import NotASave, SaveInfo, read
from geoteach.games.savefile import (
    SUFFIX,
    BadSaveName,
    SaveError,
    SaveInUse,
    default_save_name,
    find_save,
    lesson_folder,
    remove_stale_temps,
    save_path,
    set_lesson_folder,
)

__all__ = [
    "SUFFIX",
    "BadSaveName",
    "NotASave",
    "SaveError",
    "SaveInUse",
    "SaveInfo",
    "default_save_name",
    "find_saves",
    "inspect_save",
    "lesson_folder",
    "resume",
    "save_path",
    "set_lesson_folder",
    "start_autosave",
    "stop_autosave",
]


def start_autosave(game: Game, path: str | os.PathLike[str] | None = None) -> Path:
    """Save ``game`` now and after every action from here on; returns the file.

    Without ``path`` the game gets a new name of its own (game, date, time and a random tag),
    so two lessons started at the same moment never share a file. Raises ``BadSaveName`` or
    ``SaveInUse`` (another kernel saves there, or the file holds something else).
    """
    target = save_path(default_save_name(game.name) if path is None else path)
    game.autosave = target
    try:
        game.save(target)
    except BaseException:
        game.autosave = None
        raise
    return target


def stop_autosave(game: Game) -> None:
    """No more saving after every move; the file is free for another kernel."""
    game.autosave = None


def inspect_save(path: str | os.PathLike[str]) -> SaveInfo:
    """Read the outline of a save. Raises ``FileNotFoundError`` or ``NotASave``.

    Fast (no replay): a hand-edited save is listed, and refused when it is loaded.
    """
    return read(find_save(path))[0]


def find_saves(folder: str | os.PathLike[str] | None = None) -> list[SaveInfo]:
    """Every geoteach save in ``folder`` (default: the lesson folder), newest first.

    Other files, folders and damaged saves are skipped; temp files that killed writers left
    behind are removed on the way.
    """
    folder = lesson_folder() if folder is None else Path(folder)
    remove_stale_temps(folder)
    found = []
    for path in folder.glob(f"*{SUFFIX}"):
        try:
            found.append(read(path)[0])
        except (NotASave, OSError):
            continue
    return sorted(found, key=lambda info: info.saved_at, reverse=True)


def resume(path: str | os.PathLike[str], autosave: bool = True) -> Game:
    """Load the game in ``path`` and, by default, keep autosaving to the same file.

    Raises ``SaveInUse`` when another kernel is saving that file: resume it there, or here with
    ``autosave=False`` to look at it without saving.
    """
    target = save_path(path) if autosave else find_save(path)
    game = Game.load(target)
    if autosave:
        game.autosave = target
    return game
