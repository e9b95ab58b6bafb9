"""The one protocol every geoteach game follows.

Modelled on OpenSpiel's ``State`` and boardgame.io's moves:

* A game is a plain, JSON-able state (``_get_state``/``_set_state``) plus a few verbs:
  ``phase``, ``to_act()``/``current_player()``, ``legal_actions(player)``, ``check(action)``,
  ``apply(action)``, ``is_terminal()``, ``scores()``, ``view(player)``.
* An action is a small dict: ``{"player": 0, "type": "rank", "country": "MEX", "rank": 1}``.
  ``"player"`` is the seat that acts; ``"type"`` names the move in the rulebook's words.
* Rejecting a move changes nothing: ``apply`` validates first (``check``), mutates after, and
  restores the saved state if the mutation fails half-way.
* Chance is drawn from ``self.rng``, a seeded ``random.Random`` kept in the state, at the moment
  the rules need it (a deal, a roll). Replaying the seed and the action log gives the same game.
* The whole game saves to JSON (no pickle) and, when ``autosave`` names a file, after every
  action, written atomically so a closed laptop loses nothing. If that write fails, the move is
  undone too, so the game on screen and the file never disagree.
* Actions are plain JSON data: ``apply`` stores a JSON copy, so a tuple becomes a list and the
  caller may reuse its dict; a move that cannot be written to JSON is refused.
"""

from __future__ import annotations

import copy
import importlib
import json
import marshal
import os
import random
import re
import tempfile
from abc import ABC, abstractmethod
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import Any, ClassVar, Self

from geoteach.games.table import Table

Action = dict[str, Any]

#: ``current_player()`` when the game is over.
TERMINAL = "terminal"

_REGISTRY: dict[str, type[Game]] = {}


class IllegalAction(ValueError):
    """A move the rules do not allow now. The message is for the player at the table."""


class NotASave(ValueError):
    """A file or text that is not a geoteach save. The message says what to do instead."""


class Game(ABC):
    """Base class of the five games. Subclasses set ``name`` and implement the hooks below."""

    #: Stable id used in saved files ("globalissimo", "geotriple", ...).
    name: ClassVar[str] = ""
    #: Allowed number of seats (players or teams).
    min_seats: ClassVar[int] = 2
    max_seats: ClassVar[int] = 6
    #: How the rulebook picks who starts, read by the table-setup widget: "highest_roll"
    #: (Trivial Pursuit, Global Pursuit: the game rolls when it begins), "dealer" (the setup
    #: picks the first dealer; the deal rotates: GeoTriple, Globe Works) or "checkered_flag"
    #: (the setup picks Globalissimo's starting player, who holds the marker; it passes on each
    #: round). ``Table.first`` is the first dealer or the flag holder; a rolling game ignores it.
    first_player_rule: ClassVar[str] = "highest_roll"
    #: What the setup screen says about who starts, in the game's words ("": the screen's
    #: general words for ``first_player_rule``).
    first_player_note: ClassVar[str] = ""
    #: Sides of the die rolled for who starts: 6, or 12 for Global Pursuit's dodecahedron.
    die_sides: ClassVar[int] = 6

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        if cls.name:
            _REGISTRY[cls.name] = cls

    def __init__(self, table: Table, seed: int | None = None, **options: Any) -> None:
        if not self.min_seats <= len(table.seats) <= self.max_seats:
            raise ValueError(
                f"{self.title()} is played by {self.min_seats} to {self.max_seats} players or "
                f"teams; this table has {len(table.seats)}."
            )
        self.table = table
        self.seed = random.SystemRandom().randrange(2**31) if seed is None else int(seed)
        self.options = dict(options)
        self.rng = random.Random(self.seed)
        self.log: list[Action] = []
        self.autosave: Path | None = None
        self._listeners: list[Callable[[Game, Action], None]] = []
        self.setup()

    @classmethod
    def setup_game(
        cls,
        players: list[str] | Table,
        bots: dict[str, str] | None = None,
        seed: int | None = None,
        **options: Any,
    ) -> Self:
        """Quick start: ``setup_game(["Ana", "Ben", "Computer"], {"Computer": "hard"})``."""
        table = players if isinstance(players, Table) else Table.of(*players, bots=bots)
        return cls(table, seed=seed, **options)

    # ----- hooks a game implements -------------------------------------------------
    @abstractmethod
    def setup(self) -> None:
        """Build the starting state (shuffle, deal) using ``self.rng``."""

    @property
    @abstractmethod
    def phase(self) -> str:
        """The rulebook heading the game is in now ("ranking", "hurdle", "race"...)."""

    @abstractmethod
    def to_act(self) -> list[int]:
        """Seats that may act now (more than one in a race or a challenge window)."""

    @abstractmethod
    def legal_actions(self, player: int | None = None) -> list[Action]:
        """Every legal action of ``player`` (default: the current player).

        Games whose moves take a free parameter (a typed answer, a set of six cards) list one
        example per move type and document it; ``check`` is the authority on legality.
        """

    def _check(self, action: Action) -> None:
        """Raise ``IllegalAction`` if ``action`` is not allowed now. Must not mutate."""
        if action not in self.legal_actions(action.get("player")):
            raise IllegalAction(f"That move is not allowed now: {describe(action)}.")

    @abstractmethod
    def _apply(self, action: Action) -> None:
        """Carry out an action already known to be legal."""

    @abstractmethod
    def is_terminal(self) -> bool:
        """True once the rulebook's end condition is met."""

    @abstractmethod
    def scores(self) -> list[float]:
        """Points of each seat so far (final scores once the game is over)."""

    def winners(self) -> list[int]:
        """Seats that won (several on a tie); empty while the game goes on."""
        if not self.is_terminal():
            return []
        scores = self.scores()
        best = max(scores)
        return [i for i, s in enumerate(scores) if s == best]

    @abstractmethod
    def view(self, player: int | None) -> dict[str, Any]:
        """What ``player`` may see (``None``: a spectator or the projector). Hides secrets."""

    @abstractmethod
    def _get_state(self) -> dict[str, Any]:
        """The game's own state as plain JSON-able data."""

    @abstractmethod
    def _set_state(self, state: dict[str, Any]) -> None:
        """Replace the game's own state with ``state`` (as made by ``_get_state``)."""

    # ----- the verbs, shared by all games ---------------------------------------------
    @classmethod
    def title(cls) -> str:
        return cls.name.replace("_", " ").title()

    def current_player(self) -> int | str:
        """The seat expected to act, or ``TERMINAL``."""
        if self.is_terminal():
            return TERMINAL
        seats = self.to_act()
        return seats[0] if seats else TERMINAL

    def check(self, action: Action) -> None:
        """Raise ``IllegalAction`` with a reason a player understands, or return quietly."""
        if not isinstance(action, dict) or not isinstance(action.get("type"), str):
            raise IllegalAction("A move must say what it is, for example {'type': 'roll'}.")
        if self.is_terminal():
            raise IllegalAction("The game is over: start a new one to play again.")
        player = action.get("player")
        # bool is an int in Python and 1.0 == 1: neither may pass for a seat number.
        if type(player) is not int or player not in self.to_act():
            who = self.table.name_of(player) if type(player) is int else repr(player)
            waiting = ", ".join(self.table.name_of(p) for p in self.to_act())
            raise IllegalAction(f"It is not {who}'s turn. Waiting for: {waiting}.")
        try:
            self._check(action)
        except IllegalAction:
            raise
        except (KeyError, TypeError, ValueError, IndexError, AttributeError) as exc:
            # A hand-typed move with a missing or odd field is a wrong move, not a crash.
            raise IllegalAction(
                f"That move is missing something or has a wrong value: {describe(action)}."
            ) from exc

    def is_legal(self, action: Action) -> bool:
        try:
            self.check(action)
        except IllegalAction:
            return False
        return True

    def apply(self, action: Action) -> None:
        """Validate, then carry out ``action``; on any error the state is left as it was.

        With ``autosave`` set, the file is written before listeners run; if writing fails the
        move is undone as well and the error is raised, so screen and file agree.
        """
        action = _plain(action)
        self.check(action)
        saved = self._snapshot()
        try:
            self._apply(action)
            self.log.append(action)
            if self.autosave is not None:
                self.save(self.autosave)
        except BaseException:
            self._restore(saved)
            raise
        for listener in list(self._listeners):
            listener(self, action)

    def on_change(self, listener: Callable[[Game, Action], None]) -> None:
        """Call ``listener(game, action)`` after every applied action (UI redraws)."""
        self._listeners.append(listener)

    # ----- save, load, replay ------------------------------------------------------
    def _snapshot(self) -> dict[str, Any]:
        # marshal copies plain data (dicts, lists, str, numbers, tuples) about 8x faster than
        # deepcopy and keeps types and shared references; anything else falls back to deepcopy.
        state = self._get_state()
        try:
            frozen: bytes | None = marshal.dumps(state)
        except ValueError:
            frozen = None
        return {
            "state": copy.deepcopy(state) if frozen is None else None,
            "frozen": frozen,
            "rng": self.rng.getstate(),
            "log_len": len(self.log),
        }

    def _restore(self, saved: dict[str, Any]) -> None:
        frozen = saved.get("frozen")
        state = marshal.loads(frozen) if frozen is not None else copy.deepcopy(saved["state"])
        self._set_state(state)
        self.rng.setstate(saved["rng"])
        del self.log[saved["log_len"] :]

    def _as_data(self) -> dict[str, Any]:
        # Shares the live state: only for immediate serialising (to_json, save).
        version, internal, gauss = self.rng.getstate()
        return {
            "game": self.name,
            "format": SAVE_FORMAT,
            "table": self.table.to_dict(),
            "seed": self.seed,
            "options": self.options,
            "state": self._get_state(),
            "rng": [version, list(internal), gauss],
            "log": self.log,
        }

    def to_dict(self) -> dict[str, Any]:
        """The whole game as plain data, a copy the caller may change freely."""
        return copy.deepcopy(self._as_data())

    def to_json(self) -> str:
        return json.dumps(self._as_data(), ensure_ascii=False, sort_keys=True)

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Game:
        """Rebuild a saved game. Raises ``NotASave`` (a ``ValueError``) for anything else."""
        if not isinstance(data, dict) or not data.keys() >= SAVE_KEYS:
            raise NotASave("This is not a geoteach save: it has no game in it.")
        if data.get("format") != SAVE_FORMAT:
            raise NotASave(
                f"This save was made by another version of geoteach (format "
                f"{data.get('format')!r}); this one reads format {SAVE_FORMAT}."
            )
        name = data["game"]
        game_cls = _find_game(name) if cls is Game else cls
        if game_cls is None or game_cls.name != name:
            raise NotASave(
                f"This saved file holds a {name!r} game, not a {cls.name or 'known'} one."
            )
        try:
            game = game_cls(Table.from_dict(data["table"]), seed=data["seed"], **data["options"])
            game._set_state(copy.deepcopy(data["state"]))
            version, internal, gauss = data["rng"]
            game.rng.setstate((version, tuple(internal), gauss))
        except (KeyError, TypeError, ValueError, IndexError, AttributeError) as exc:
            raise NotASave(f"This {game_cls.title()} save is damaged and cannot be read.") from exc
        game.log = copy.deepcopy(list(data["log"]))
        return game

    @classmethod
    def from_json(cls, text: str) -> Game:
        try:
            data = json.loads(text)
        except (ValueError, TypeError) as exc:
            raise NotASave("This is not a geoteach save: it is not JSON text.") from exc
        return cls.from_dict(data)

    def save(self, path: str | os.PathLike[str]) -> Path:
        """Write the whole game to ``path`` atomically (temp file, then rename)."""
        path = Path(path)
        path.parent.mkdir(parents=True, exist_ok=True)
        fd, tmp = tempfile.mkstemp(prefix=path.name, suffix=".tmp", dir=path.parent)
        try:
            with os.fdopen(fd, "w", encoding="utf-8") as fh:
                fh.write(self.to_json())
                fh.flush()
                os.fsync(fh.fileno())
            os.replace(tmp, path)
        except BaseException:
            Path(tmp).unlink(missing_ok=True)
            raise
        return path

    @classmethod
    def load(cls, path: str | os.PathLike[str]) -> Game:
        """Resume a game saved by ``save`` or by autosave.

        Raises ``FileNotFoundError`` if there is no such file and ``NotASave`` if the file is
        something else (a notebook, a picture, a damaged save).
        """
        path = Path(path)
        try:
            text = path.read_text(encoding="utf-8")
        except UnicodeDecodeError as exc:
            raise NotASave(f"{path.name} is not a geoteach save.") from exc
        try:
            return cls.from_json(text)
        except NotASave as exc:
            raise NotASave(f"{path.name}: {exc}") from exc.__cause__

    def replay(self) -> Game:
        """A fresh game from the same seed with the same actions: equal to this one."""
        game = type(self)(self.table, seed=self.seed, **self.options)
        for action in self.log:
            game.apply(action)
        return game

    def apply_all(self, actions: Iterable[Action]) -> None:
        for action in actions:
            self.apply(action)


SAVE_FORMAT = 1
SAVE_KEYS = {"game", "format", "table", "seed", "options", "state", "rng", "log"}


def _plain(action: Action) -> Action:
    """A JSON copy of ``action``: what the log and a save file will hold."""
    try:
        return json.loads(json.dumps(action, allow_nan=False))
    except (TypeError, ValueError) as exc:
        raise IllegalAction(
            "A move must be made of words and numbers only, for example {'type': 'roll'}."
        ) from exc


def _find_game(name: Any) -> type[Game] | None:
    """The class registered as ``name``, importing ``geoteach.games.<name>`` on first use."""
    if not isinstance(name, str):
        return None
    if name not in _REGISTRY and re.fullmatch(r"[a-z][a-z0-9_]*", name):
        try:
            importlib.import_module(f"geoteach.games.{name}")
        except ModuleNotFoundError:
            return None
    return _REGISTRY.get(name)


def describe(action: Action) -> str:
    """A short readable form of an action for messages and logs."""
    rest = ", ".join(f"{k}={v}" for k, v in action.items() if k not in ("type", "player"))
    return f"{action.get('type')}({rest})"


def game_class(name: str) -> type[Game]:
    """The registered game class called ``name``."""
    game_cls = _find_game(name)
    if game_cls is None:
        known = ", ".join(sorted(_REGISTRY)) or "none yet"
        raise ValueError(f"No game called {name!r}. Known games: {known}.")
    return game_cls
