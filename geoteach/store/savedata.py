"""What a save file holds, read strictly: the kit's own ``NotASave`` for anything else.

A save is one JSON object: ``game``, ``format``, ``table``, ``seed``, ``options``, ``state``,
``rng`` and ``log`` (the moves). This module reads one without trusting it: text that is not
JSON, ``NaN``/``Infinity``, nesting deeper than Python can follow, a folder, a huge file, and
parts of the wrong type (a seed of ``7.5`` or ``true``, ``log: 5``) all give ``NotASave`` with a
message a teacher can act on. Whether the state is the one its moves give is checked by
``Game.from_dict``, which replays them.
"""

from __future__ import annotations

import json
import os
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path
from typing import Any

from geoteach.i18n import N_, Said, said, word

SAVE_FORMAT = 1
SAVE_KEYS = {"game", "format", "table", "seed", "options", "state", "rng", "log"}
#: A long game's save is well under 1 MB; anything this big is something else.
MAX_SAVE_BYTES = 20_000_000
#: The fields of a seat in ``table.seats`` and their JSON types.
SEAT_FIELDS: dict[str, tuple[type, ...]] = {
    "name": (str,),
    "kind": (str,),
    "level": (str, type(None)),
    "colour": (str,),
    "members": (list,),
}


#: A value quoted in a message is cut to this many characters: a damaged save's 5 MB string
#: is not copied into the message (issue 36).
QUOTE_MOST = 60


def quoted(value: Any, most: int = QUOTE_MOST) -> str:
    """``value`` as a message quotes it (``repr``), cut with "…" when longer than ``most``.

    A long value is never built whole: a string or a list is cut before it is quoted.
    """
    if isinstance(value, str) and len(value) > most:
        return repr(value[:most])[: most - 1] + "…"
    if isinstance(value, list | dict | tuple):
        import reprlib

        short = reprlib.Repr()  # Python 3.11 takes no arguments here
        short.maxlevel, short.maxlist, short.maxdict = 2, 4, 4
        short.maxstring = short.maxother = most
        text = short.repr(value)
    else:
        text = repr(value)
    return text if len(text) <= most else text[: most - 1] + "…"


class NotASave(ValueError):
    """A file or text that is not a geoteach save. The message says what is wrong, in one
    sentence, and what to do instead; a value it quotes is cut (``quoted``)."""


def _no_constants(constant: str) -> Any:
    raise NotASave(
        said(
            N_("This is not a geoteach save: it holds {word}, which geoteach never writes."),
            word=constant,
        )
    )


def canonical(data: Any) -> str:
    """``data`` as the one JSON text geoteach writes for it (sorted keys, no NaN)."""
    try:
        return json.dumps(data, ensure_ascii=False, sort_keys=True, allow_nan=False)
    except RecursionError as exc:
        raise NotASave(said(N_("This is not a geoteach save: it is nested far too deep."))) from exc
    except (TypeError, ValueError) as exc:
        raise NotASave(
            said(N_("This is not a geoteach save: it holds something that is not plain JSON data."))
        ) from exc


def parse(text: str | bytes) -> Any:
    """The JSON in ``text``, or ``NotASave`` (not JSON, NaN/Infinity, far too deep)."""
    if not isinstance(text, str | bytes | bytearray):
        raise NotASave(said(N_("This is not a geoteach save: a save is JSON text.")))
    try:
        return json.loads(text, parse_constant=_no_constants)
    except RecursionError as exc:
        raise NotASave(said(N_("This is not a geoteach save: it is nested far too deep."))) from exc
    except NotASave:
        raise
    except ValueError as exc:  # JSONDecodeError, UnicodeDecodeError, a 5,000-digit number
        raise NotASave(said(N_("This is not a geoteach save: it is not JSON text."))) from exc


def read_text(path: Path) -> str:
    """The text of the file at ``path``; ``FileNotFoundError`` when there is none.

    Anything else that is not a readable text file raises ``NotASave`` naming the file.
    """
    try:
        if path.is_dir():
            raise NotASave(
                said(
                    N_("{name} is a folder, not a save: open the folder and pick a .json file."),
                    name=path.name,
                )
            )
        if path.stat().st_size > MAX_SAVE_BYTES:
            raise NotASave(said(N_("{name} is far too big to be a geoteach save."), name=path.name))
        return path.read_text(encoding="utf-8")
    except FileNotFoundError:
        raise
    except UnicodeDecodeError as exc:
        raise NotASave(
            said(N_("{name} is not a geoteach save: it is not text."), name=path.name)
        ) from exc
    except OSError as exc:
        reason = exc.strerror or type(exc).__name__
        # The reason is the system's own words (English), as "Something went wrong" keeps them.
        raise NotASave(
            said(
                N_("{name} cannot be opened ({reason}), so it cannot be resumed."),
                name=path.name,
                reason=reason,
            )
        ) from exc


def title_of(data: dict[str, Any]) -> str:
    name = data.get("game")
    if not isinstance(name, str) or len(name) > QUOTE_MOST:  # a damaged name is not repeated
        return "geoteach"
    return name.replace("_", " ").title()


def check(data: Any) -> dict[str, Any]:
    """``data`` if its parts have the types geoteach writes, else ``NotASave`` saying which.

    The state, the generator and the moves' contents are checked by replaying (``from_dict``).
    """
    if not isinstance(data, dict) or not data.keys() >= SAVE_KEYS:
        raise NotASave(said(N_("This is not a geoteach save: it has no game in it.")))
    version = data["format"]
    if type(version) is not int or version != SAVE_FORMAT:
        raise NotASave(
            said(
                N_(
                    "This save was made by another version of geoteach (format {found}); "
                    "this one reads format {format}."
                ),
                found=quoted(version),
                format=SAVE_FORMAT,
            )
        )
    if not isinstance(data["game"], str):
        raise NotASave(
            said(N_("This is not a geoteach save: it does not say which game it holds."))
        )
    title = title_of(data)

    def damaged(what: Said) -> NotASave:
        # ``what`` is a sentence of its own, worded by the page too.
        return NotASave(
            said(
                N_(
                    "This {game} save is damaged or was changed by hand ({problem}): resume "
                    "another save, or start a new game."
                ),
                game=title,
                problem=what,
            )
        )

    if type(data["seed"]) is not int:
        raise damaged(said(N_("its seed is {seed}, not a whole number"), seed=quoted(data["seed"])))
    table = data["table"]
    if not isinstance(table, dict) or not isinstance(table.get("seats"), list):
        raise damaged(said(N_("its list of players is missing")))
    if not table["seats"] or type(table.get("first", 0)) is not int:
        raise damaged(said(N_("its list of players is broken")))
    for number, seat in enumerate(table["seats"], 1):
        if (
            not isinstance(seat, dict)
            or not seat.keys() <= SEAT_FIELDS.keys()
            or "name" not in seat
        ):
            raise damaged(said(N_("player {number} is broken"), number=number))
        for key, value in seat.items():
            if not isinstance(value, SEAT_FIELDS[key]):
                raise damaged(
                    said(
                        N_("the {key} of player {number} is {value}"),
                        key=quoted(key),
                        number=number,
                        value=quoted(value),
                    )
                )
        if not all(isinstance(m, str) for m in seat.get("members", [])):
            raise damaged(said(N_("a team member of player {number} is not a name"), number=number))
    parts = (("options", N_("settings")), ("state", N_("game state")))
    for key, part in parts:
        if not isinstance(data[key], dict):
            raise damaged(
                said(
                    N_("its {part} is {kind}, not a table of values"),
                    part=word(part),
                    kind=type(data[key]).__name__,
                )
            )
    if not isinstance(data["log"], list):
        raise damaged(said(N_("its list of moves is {moves}"), moves=quoted(data["log"])))
    for number, move in enumerate(data["log"], 1):
        if not isinstance(move, dict):
            raise damaged(
                said(N_("move {number} is {move}, not a move"), number=number, move=quoted(move))
            )
    if not isinstance(data["rng"], list) or len(data["rng"]) != 3:
        raise damaged(said(N_("its dice and shuffles cannot be read")))
    return data


def first_difference(saved: Any, replayed: Any, where: str = "") -> str:
    """Where ``saved`` first differs from ``replayed``, as "state › scores › 2"."""
    if isinstance(saved, dict) and isinstance(replayed, dict):
        for key in sorted(saved.keys() | replayed.keys(), key=str):
            if key not in saved or key not in replayed:
                return _join(where, key)
            if canonical(saved[key]) != canonical(replayed[key]):
                return first_difference(saved[key], replayed[key], _join(where, key))
    elif isinstance(saved, list) and isinstance(replayed, list):
        if len(saved) != len(replayed):
            return where or "the whole save"
        for i, (a, b) in enumerate(zip(saved, replayed, strict=True)):
            if canonical(a) != canonical(b):
                return first_difference(a, b, _join(where, i))
    return where or "the whole save"


def _join(where: str, key: object) -> str:
    return f"{where} › {key}" if where else str(key)


def named(name: str, error: NotASave) -> Said:
    """``error``'s sentence with the file's ``name`` before it (unless it names it already),
    kept whole, so that a page words the sentence and keeps the name."""
    first = error.args[0] if len(error.args) == 1 else str(error)
    # A sentence made without ``said`` (braces and all) goes in as it is, in English.
    problem = first if isinstance(first, Said) else said("{text}", text=str(first))
    if problem.startswith(name):
        return problem
    return said(N_("{name}: {problem}"), name=name, problem=problem)


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
        # English says "1 moves" as it always has; the translations need no plural form.
        return said(
            N_("{game} with {players}: {moves} moves so far (saved {when})"),
            game=title,
            players=who,
            moves=self.moves,
            when=when,
        )


def read(path: str | os.PathLike[str]) -> tuple[SaveInfo, dict[str, Any]]:
    """The outline and the checked data of the save at ``path``.

    Raises ``FileNotFoundError`` or ``NotASave`` (naming the file).
    """
    path = Path(path)
    try:
        data = check(parse(read_text(path)))
    except NotASave as exc:
        raise NotASave(named(path.name, exc)) from exc
    players = [seat["name"] for seat in data["table"]["seats"]]
    saved_at = datetime.fromtimestamp(path.stat().st_mtime)
    info = SaveInfo(path, data["game"], players, len(data["log"]), saved_at, data["seed"])
    return info, data
