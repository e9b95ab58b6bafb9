"""Save a game to a file and read it back; look inside the saves of a lesson folder.

A game is saved whole, as its ``to_json`` text, into the file a save name means (a plain name
goes in the lesson folder, see ``savefile``), written atomically while this game holds the
file, and never over another file, another game, or moves this game has not seen. Reading a
save back is strict (``savedata``); turning the text into a game is the caller's ``rebuild``
(``Game.from_json``): this layer never imports the games.
"""

from __future__ import annotations

import json
import os
from collections.abc import Callable
from pathlib import Path
from typing import Any, Protocol, TypeVar

from geoteach.i18n import N_, said
from geoteach.store import savedata, savefile
from geoteach.store.savedata import NotASave, SaveInfo

T = TypeVar("T")


class Saveable(Protocol):
    """What the store needs of a game: its whole state as save-file JSON text."""

    def to_json(self) -> str: ...


def clash(path: Path, game: dict[str, Any]) -> str:
    """Why ``game`` (its save data) must not be written to ``path`` ("" when it may).

    Never overwrite another file, another game, or moves this game has not seen (another kernel
    went on playing it): those would be lost without a word.
    """
    try:
        info, data = savedata.read(path)
    except FileNotFoundError:
        return ""
    except NotASave:
        return said(
            N_("{name} is already used by another file: type a new file name."), name=path.name
        )
    if (data["game"], data["seed"], data["table"]) != (game["game"], game["seed"], game["table"]):
        return said(
            N_(
                "{name} already holds another game ({game}). Resume it, or type a new file "
                "name for this game."
            ),
            name=path.name,
            game=info.describe(),
        )
    theirs, ours = data["log"], game["log"]
    if len(theirs) > len(ours) or ours[: len(theirs)] != theirs:
        return said(
            N_(
                "{name} holds this game with moves this one does not have ({theirs} moves "
                "there, {ours} here). Resume the file to go on from its last move, or type a "
                "new file name."
            ),
            name=path.name,
            theirs=len(theirs),
            ours=len(ours),
        )
    return ""


def refusal(game: Saveable) -> Callable[[Path], str]:
    """``clash`` for ``game`` as it is now, in the form ``savefile.claim``/``writing`` take."""
    return lambda path: clash(path, json.loads(game.to_json()))


def save(game: Saveable, path: str | os.PathLike[str]) -> Path:
    """Write the whole of ``game`` to the save ``path`` names, atomically; returns the file.

    ``path`` is a save name (see ``savefile.save_path``: a plain name goes in the lesson folder).
    Raises ``BadSaveName`` for a name that is not a ``.json`` file name and ``SaveInUse`` when
    another kernel or game writes that file, or when it holds something this game would
    overwrite.
    """
    text = game.to_json()
    target = savefile.save_path(path)
    target.parent.mkdir(parents=True, exist_ok=True)
    with savefile.writing(target, game, refuse=lambda where: clash(where, json.loads(text))):
        savefile.save_text(target, text)
    return target


def load(path: str | os.PathLike[str], rebuild: Callable[[str], T]) -> T:
    """``rebuild`` of the save text in ``path`` (a plain name: in the lesson folder).

    Raises ``FileNotFoundError`` if there is no such file and ``NotASave``, naming the file, if
    it is something else (a folder, a notebook, a picture, a damaged or hand-edited save).
    """
    found = savefile.find_save(path)
    text = savedata.read_text(found)
    try:
        return rebuild(text)
    except NotASave as exc:
        raise NotASave(savedata.named(found.name, exc)) from exc.__cause__


def inspect(path: str | os.PathLike[str]) -> SaveInfo:
    """Read the outline of a save. Raises ``FileNotFoundError`` or ``NotASave``.

    Fast (no replay): a hand-edited save is listed, and refused when it is loaded.
    """
    return savedata.read(savefile.find_save(path))[0]


def find(folder: str | os.PathLike[str] | None = None) -> list[SaveInfo]:
    """Every geoteach save in ``folder`` (default: the lesson folder), newest first.

    Other files, folders and damaged saves are skipped; temp files that killed writers left
    behind are removed on the way.
    """
    folder = savefile.lesson_folder() if folder is None else Path(folder)
    savefile.remove_stale_temps(folder)
    found = []
    for path in folder.glob(f"*{savefile.SUFFIX}"):
        try:
            found.append(savedata.read(path)[0])
        except (NotASave, OSError):
            continue
    return sorted(found, key=lambda info: info.saved_at, reverse=True)
