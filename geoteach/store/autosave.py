"""Autosave: a game's save file follows every move, so a closed laptop loses nothing.

``start(game, path)`` claims the file for the game (one writer per file, see ``savefile``),
writes it now, and from then on after every move. The write is part of the move (the game's
change hook with ``part_of_move=True``): if it fails, the game undoes the move and raises, so
the game on screen and the file never disagree. ``resume(path, rebuild)`` loads a save and goes
on writing to it. Save names are plain ``.json`` file names in the lesson folder
(``savefile.lesson_folder``: the notebook's folder unless set otherwise), and one kernel at a
time writes a lesson file (``SaveInUse`` for the others).
"""

from __future__ import annotations

import json
import os
import weakref
from collections.abc import Callable
from pathlib import Path
from typing import Any, Protocol, TypeVar

from geoteach.store import savefile, saves

T = TypeVar("T", bound="Followable")


class Followable(saves.Saveable, Protocol):
    """A game as autosave sees it: save-file JSON and a change hook (``Game.on_change``)."""

    def on_change(
        self,
        listener: Callable[[Any, dict[str, Any]], None],
        *,
        first: bool = False,
        part_of_move: bool = False,
    ) -> Callable[[], None]: ...


class _Followed:
    """The file one game writes after every move, and how to stop listening to it."""

    def __init__(self, path: Path, stop_listening: Callable[[], None]) -> None:
        self.path = path
        self.stop_listening = stop_listening


_FOLLOWED: weakref.WeakKeyDictionary[Any, _Followed] = weakref.WeakKeyDictionary()


def _write(game: Any, _action: dict[str, Any]) -> None:
    """After a move (inside it): write the game to its file, or raise so the move is undone."""
    followed = _FOLLOWED.get(game)
    if followed is not None:
        saves.save(game, followed.path)


def target(game: Followable) -> Path | None:
    """The file ``game`` writes after every move, or ``None``."""
    followed = _FOLLOWED.get(game)
    return None if followed is None else followed.path


def follow(game: Followable, path: str | os.PathLike[str]) -> Path:
    """Write ``game`` to ``path`` after every move from now on (without writing it now).

    Claims the file for this game: ``SaveInUse`` if another kernel writes it, or if it holds
    another game or moves this game does not have; ``BadSaveName`` if the name is not a plain
    ``.json`` file name. The file the game wrote before is let go.
    """
    chosen = savefile.save_path(path)
    followed = _FOLLOWED.get(game)
    if followed is not None and followed.path == chosen and savefile.writes(chosen, game):
        return chosen
    chosen.parent.mkdir(parents=True, exist_ok=True)
    savefile.claim(chosen, game, refuse=saves.refusal(game))
    if followed is None:
        stop_listening = game.on_change(_write, part_of_move=True)
        _FOLLOWED[game] = _Followed(chosen, stop_listening)
    else:
        if followed.path != chosen:
            savefile.release(followed.path, game)
        followed.path = chosen
    return chosen


def start(game: Followable, path: str | os.PathLike[str] | None = None) -> Path:
    """Save ``game`` now and after every move from here on; returns the file.

    Without ``path`` the game gets a new name of its own (game, date, time and a random tag),
    so two lessons started at the same moment never share a file. Raises ``BadSaveName`` or
    ``SaveInUse`` (another kernel saves there, or the file holds something else).
    """
    if path is None:
        path = savefile.default_save_name(json.loads(game.to_json())["game"])
    chosen = follow(game, path)
    try:
        saves.save(game, chosen)
    except BaseException:
        stop(game)
        raise
    return chosen


def stop(game: Followable) -> None:
    """No more saving after every move; the file is free for another kernel."""
    followed = _FOLLOWED.pop(game, None)
    if followed is not None:
        followed.stop_listening()
        savefile.release(followed.path, game)


def resume(path: str | os.PathLike[str], rebuild: Callable[[str], T], autosave: bool = True) -> T:
    """The game in ``path`` (``rebuild``: ``Game.from_json``), by default still autosaving there.

    Raises ``SaveInUse`` when another kernel is saving that file: resume it there, or here with
    ``autosave=False`` to look at it without saving.
    """
    where = savefile.save_path(path) if autosave else savefile.find_save(path)
    game = saves.load(where, rebuild)
    if autosave:
        follow(game, where)
    return game
