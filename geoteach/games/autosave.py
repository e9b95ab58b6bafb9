"""Save files on disk: start autosave, look inside a save, find saves, resume one.

``Game.save``/``Game.load`` do the writing and reading (atomic, JSON); this module adds what a
teacher needs around them: which saves are in the folder, what each holds, and clear errors.
"""

from __future__ import annotations

import json
import os
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path

from geoteach.games.base import SAVE_KEYS, Game, NotASave

SUFFIX = ".json"


@dataclass(frozen=True)
class SaveInfo:
    """What a save file holds, read without rebuilding the game (fast, for a file picker)."""

    path: Path
    game: str
    players: list[str]
    moves: int
    saved_at: datetime
    seed: int | None = None

    def describe(self) -> str:
        when = self.saved_at.strftime("%d %b %H:%M")
        title = self.game.replace("_", " ").title()
        who = ", ".join(self.players)
        return f"{title} with {who}: {self.moves} moves so far (saved {when})"


def save_path(name: str | os.PathLike[str]) -> Path:
    """The file a typed name means: ``"class 7b"`` becomes ``class 7b.json``."""
    path = Path(str(name).strip())
    if not path.name:
        raise ValueError("Type a file name for the save, for example class7b.json.")
    return path if path.suffix else path.with_name(path.name + SUFFIX)


def start_autosave(game: Game, path: str | os.PathLike[str]) -> Path:
    """Save ``game`` now and after every action from here on."""
    target = save_path(path)
    game.save(target)
    game.autosave = target
    return target


def stop_autosave(game: Game) -> None:
    game.autosave = None


def inspect_save(path: str | os.PathLike[str]) -> SaveInfo:
    """Read the outline of a save. Raises ``FileNotFoundError`` or ``NotASave``."""
    path = Path(path)
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (UnicodeDecodeError, ValueError) as exc:
        raise NotASave(f"{path.name} is not a geoteach save.") from exc
    if not isinstance(data, dict) or not data.keys() >= SAVE_KEYS:
        raise NotASave(f"{path.name} is not a geoteach save.")
    try:
        players = [str(seat["name"]) for seat in data["table"]["seats"]]
        moves = len(data["log"])
    except (KeyError, TypeError) as exc:
        raise NotASave(f"{path.name} is a damaged geoteach save.") from exc
    saved_at = datetime.fromtimestamp(path.stat().st_mtime)
    seed = data["seed"] if isinstance(data["seed"], int) else None
    return SaveInfo(path, str(data["game"]), players, moves, saved_at, seed)


def find_saves(folder: str | os.PathLike[str] = ".") -> list[SaveInfo]:
    """Every geoteach save in ``folder``, newest first; other JSON files are skipped."""
    found = []
    for path in Path(folder).glob(f"*{SUFFIX}"):
        try:
            found.append(inspect_save(path))
        except (NotASave, OSError):
            continue
    return sorted(found, key=lambda info: info.saved_at, reverse=True)


def resume(path: str | os.PathLike[str], autosave: bool = True) -> Game:
    """Load the game in ``path`` and, by default, keep autosaving to the same file."""
    target = save_path(path)
    game = Game.load(target)
    if autosave:
        game.autosave = target
    return game
