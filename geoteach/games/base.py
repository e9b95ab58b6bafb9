"""The one protocol every geoteach game follows.

Modelled on OpenSpiel's ``State`` and boardgame.io's moves:

* A game is a plain, JSON-able state (``_get_state``/``_set_state``) plus a few verbs:
  ``phase``, ``to_act()``/``current_player()``, ``legal_actions(player)``, ``check(action)``,
  ``apply(action)``, ``is_terminal()``, ``scores()``, ``view(player)``. A game whose answers
  may be said out loud adds ``card_back()`` (what the one who marks them reads, never in a
  view) and ``marks_right(action)``.
* An action is a small dict: ``{"player": 0, "type": "rank", "country": "MEX", "rank": 1}``.
  ``"player"`` is the seat that acts; ``"type"`` names the move in the rulebook's words.
* Rejecting a move changes nothing: ``apply`` validates first (``check``), mutates after, and
  restores the saved state if the mutation fails half-way.
* Chance is drawn from ``self.rng``, a seeded ``random.Random`` kept in the state, at the moment
  the rules need it (a deal, a roll). Replaying the seed and the action log gives the same game.
* The whole game is plain JSON (``to_json``/``from_json``, no pickle). Files are the store's
  job (``geoteach.store``): ``save``/``load`` here only hand the game to ``store.saves``, and
  ``store.autosave.start(game, path)`` writes the file after every move through the change
  hook (``on_change(..., part_of_move=True)``: if the write fails, the move is undone too, so
  the game on screen and the file never disagree). This module does no file I/O itself.
* Rebuilding replays the saved moves from the saved seed and refuses (``NotASave``) data whose
  stored state is not what its moves give: a hand-edited save never loads half-wrong.
* Actions are plain JSON data: ``apply`` stores a JSON copy, so a tuple becomes a list and the
  caller may reuse its dict; a move that cannot be written to JSON is refused.
"""

from __future__ import annotations

import copy
import importlib
import json
import marshal
import math
import os
import random
import re
import reprlib
from abc import ABC, abstractmethod
from collections.abc import Callable, Iterable, Mapping
from pathlib import Path
from typing import Any, ClassVar, Self, TypedDict, TypeVar

from geoteach.games.table import Table
from geoteach.i18n import N_, Said, _, said
from geoteach.store import savedata, saves
from geoteach.store.savedata import SAVE_FORMAT, SAVE_KEYS, NotASave
from geoteach.store.savefile import BadSaveName, SaveError, SaveInUse

#: A move as it arrives (from a screen, a bot, a page of a class game, a notebook): any JSON
#: object until ``check`` has passed it; each game's ``move_fields`` says which fields it takes.
Action = dict[str, Any]
#: What ``view`` returns: each game's own ``TypedDict`` (``GlobalissimoView``, ...), which the
#: class game's wire messages carry as they are (``geoteach.classroom.wire.Position``).
View = Mapping[str, Any]


class NewsLine(TypedDict):
    """A line of a game's news as the engine keeps it: the English sentence (a catalog entry)
    and its values, so that each page says it in its own language (older saves kept the
    finished English sentence: a ``str``)."""

    text: str
    values: dict[str, Any]


class CardBack(TypedDict):
    """The back of the card being asked (``Game.card_back``), for the one who marks an answer
    said out loud: ``answers`` is every answer that counts, as said aloud ("Sucre or La Paz");
    ``card`` the question with its answer (``Question.to_dict``)."""

    player: int
    prompt: str
    answers: str
    card: dict[str, Any]


#: Plain data that ``detached`` copies: a view, or a part of one.
_Data = TypeVar("_Data", bound=Mapping[str, Any])

#: ``current_player()`` when the game is over.
TERMINAL = "terminal"

_REGISTRY: dict[str, type[Game]] = {}

__all__ = [
    "SAVE_FORMAT",
    "SAVE_KEYS",
    "TERMINAL",
    "Action",
    "BadSaveName",
    "CardBack",
    "Game",
    "IllegalAction",
    "NotASave",
    "SaveError",
    "SaveInUse",
    "View",
    "describe",
    "game_class",
]


class IllegalAction(ValueError):
    """A move the rules do not allow now. The message is for the player at the table."""


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
    #: Each move type and the fields it may carry besides "player" and "type". When set,
    #: ``check`` refuses other move types and unknown fields before ``_check`` runs.
    move_fields: ClassVar[dict[str, tuple[str, ...]]] = {}

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
        self._listeners: list[Callable[[Game, Action], None]] = []
        self._part_of_move: list[Callable[[Game, Action], None]] = []
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
        """Raise ``IllegalAction`` if ``action`` is not allowed now. Must not mutate.

        This default accepts exactly the listed moves, field types included (``1.0`` is not
        ``1``); games with free-parameter moves check their fields (``geoteach.games.fields``).
        """
        if not listed(action, self.legal_actions(action.get("player"))):
            raise IllegalAction(
                said(N_("That move is not allowed now: {move}."), move=describe(action))
            )

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
    def view(self, player: int | None) -> View:
        """What ``player`` may see (``None``: a spectator or the projector). Hides secrets.

        A view is the caller's own copy (build it with ``detached``): changing it never changes
        the game.
        """

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
        """Raise ``IllegalAction`` with a reason a player understands, or return quietly.

        The move is judged as its JSON copy, the form ``apply`` carries out and the log keeps, so
        a tuple where a list is asked for is judged the same by ``is_legal`` and ``apply``.
        """
        self._check_plain(_plain(action))

    def _check_plain(self, action: Action) -> None:
        """``check`` for a move that is already its JSON copy (``apply`` has made one)."""
        check_turn(self, action)
        try:
            self._check(action)
        except IllegalAction:
            raise
        except (KeyError, TypeError, ValueError, IndexError, AttributeError) as exc:
            # A hand-typed move with a missing or odd field is a wrong move, not a crash.
            raise IllegalAction(
                said(
                    N_("That move is missing something or has a wrong value: {move}."),
                    move=describe(action),
                )
            ) from exc

    def is_legal(self, action: Action) -> bool:
        try:
            self.check(action)
        except IllegalAction:
            return False
        return True

    def apply(self, action: Action) -> None:
        """Validate, then carry out ``action``; on any error the state is left as it was.

        Listeners that are part of the move (autosave) run first; if one fails, the move is
        undone as well and the error is raised, so screen and file agree. The others run after.
        """
        action = _plain(action)
        self._check_plain(action)
        saved = self._snapshot()
        try:
            self._apply(action)
            self.log.append(action)
            for keeper in list(self._part_of_move):
                keeper(self, action)
        except BaseException:
            self._restore(saved)
            raise
        for listener in list(self._listeners):
            listener(self, action)

    def on_change(
        self,
        listener: Callable[[Game, Action], None],
        *,
        first: bool = False,
        part_of_move: bool = False,
    ) -> Callable[[], None]:
        """Call ``listener(game, action)`` after every applied action; returns how to stop.

        ``first=True`` puts it before the listeners already there, so it still runs when one of
        them fails (the lesson record must see every move). ``part_of_move=True`` makes it part
        of the move, run before every other listener: if it raises, the move is undone and the
        error raised (``geoteach.store.autosave``: the file and the game never disagree).
        """
        listeners = self._part_of_move if part_of_move else self._listeners
        if first:
            listeners.insert(0, listener)
        else:
            listeners.append(listener)

        def stop() -> None:
            if listener in listeners:
                listeners.remove(listener)

        return stop

    # ----- answers, for the lesson record (geoteach.classroom) -------------------------
    def answer_context(self) -> dict[str, Any]:
        """What is being asked now, as small plain data, for ``answers_in`` after the next move.

        The recorder takes it after every action, because an answer clears the question it
        answers. Default: nothing (a game without questions).
        """
        return {}

    def answers_in(self, action: Action, before: dict[str, Any]) -> list[dict[str, Any]]:
        """The answers that ``action``, just applied, gave: one dict per answer, made by
        ``geoteach.games.answer_facts``. ``before`` is ``answer_context()`` from before it.
        Must not change the game. Default: none (Globe Works asks no questions).
        """
        return []

    # ----- answers said out loud, for the one who marks them -----------------------------
    def card_back(self) -> CardBack | None:
        """The back of the card being asked now, for the one who marks an answer said out loud
        (the rulebooks' reader: "checked by another player on the back of the card"; in a class
        game, the teacher at the projector): ``player`` (the seat answering), ``prompt``,
        ``answers`` (every answer that counts, as said aloud) and ``card`` (the question with
        its answer, ``Question.to_dict``); see ``answer_moves.card_back``. None when no card is
        being asked, and in a game without question cards (this default).

        It is never part of a ``view``: views go to the teams' devices and the spectators. Only
        a screen that plays the reader asks for it (a screen at a table, or the class game's
        projector, which the class service's referee sends it: ``classroom.referee``; a team's
        device and a spectator get None). Must not change the game.
        """
        return None

    def marks_right(self, action: Action) -> bool:
        """True when ``action`` is the reader's mark that an answer said out loud is right: a
        verdict the one who moves gives, not one the game works out. A class game takes it only
        from the teacher's credential (``classroom.referee.Referee.move``): a team's device never
        marks its own answer right. Default: the game has no such move."""
        return False

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

    def _rebuild_options(self) -> dict[str, Any]:
        """Constructor arguments that are not saved (a custom atlas, a states table)."""
        return {}

    def _upgraded_state(self, saved: dict[str, Any]) -> dict[str, Any]:
        """The saved ``state`` of an older save of this game, in today's form (called on the
        game its moves rebuilt, before the two are compared). A game whose state gained a field
        fills it in here from the replay, so saves written before still load; by default the
        state is as it was."""
        return saved

    @classmethod
    def _replayed(
        cls, table: Table, seed: int, options: dict[str, Any], log: list[Action], **extra: Any
    ) -> Self:
        """A new game from ``seed`` with the moves of ``log`` applied, each checked first.

        Faster than ``apply`` (no snapshot per move: a failed replay is thrown away whole).
        Raises ``IllegalAction`` with the number of the first move the rules refuse.
        """
        game = cls(table, seed=seed, **extra, **options)
        for number, action in enumerate(log, 1):
            try:
                game.check(action)
            except IllegalAction as exc:
                raise IllegalAction(
                    said(
                        N_("move {number} is not allowed ({problem})"),
                        number=number,
                        problem=_kept(exc),
                    )
                ) from exc
            game._apply(action)
            game.log.append(action)
        return game

    @classmethod
    def from_dict(cls, data: dict[str, Any], **extra: Any) -> Game:
        """Rebuild a saved game by replaying its moves from its seed.

        Raises ``NotASave`` (a ``ValueError``) for anything that is not a save, and for a save
        whose stored state is not the one its own moves give (edited by hand, or damaged):
        a game loaded from it would be wrong, or fail on its next move. ``extra`` goes to the
        constructor (a custom atlas or states table the game was played on).
        """
        text = savedata.canonical(data)
        data = savedata.check(savedata.parse(text))
        name = data["game"]
        game_cls = _find_game(name) if cls is Game else cls
        if game_cls is None or game_cls.name != name:
            found = savedata.quoted(name)
            raise NotASave(
                said(
                    N_("This saved file holds a {found} game, not a {game} one."),
                    found=found,
                    game=cls.name,
                )
                if cls.name
                else said(N_("This saved file holds a {found} game, not a known one."), found=found)
            )
        title = game_cls.title()

        def by_hand(problem: str) -> NotASave:
            return NotASave(
                said(
                    N_(
                        "This {game} save was changed by hand or damaged ({problem}), and "
                        "geoteach only resumes saves it wrote itself: resume another save, or "
                        "start a new game."
                    ),
                    game=title,
                    problem=problem,
                )
            )

        try:
            table = Table.from_dict(data["table"])
            game = game_cls._replayed(table, data["seed"], data["options"], data["log"], **extra)
            data["state"] = game._upgraded_state(data["state"])
            text = savedata.canonical(data)
            replayed = savedata.canonical(game._as_data())
            if replayed != text:
                where = savedata.first_difference(data, json.loads(replayed))
                raise by_hand(said(N_("the saved {where} is not what its moves give"), where=where))
            game._try_next_move()
        except NotASave:
            raise
        except IllegalAction as exc:
            refused = str(exc).rstrip(".")
            if refused == str(exc) and len(refused) <= 2 * savedata.QUOTE_MOST:
                raise by_hand(_kept(exc)) from exc  # the page words the refusal too
            # Cut in English (a page cannot cut a sentence it words itself).
            raise by_hand(
                said("{text}", text=refused[:119] + "…" if len(refused) > 120 else refused)
            ) from exc
        except Exception as exc:  # whatever a damaged file makes the engine raise
            raise by_hand(said(N_("its game cannot be rebuilt and played on"))) from exc
        return game

    def _try_next_move(self) -> None:
        """Raise ``NotASave`` unless a next move exists and works (then undo it)."""
        if self.is_terminal():
            return
        saved = self._snapshot()
        for seat in self.to_act():
            for action in self.legal_actions(seat):
                try:
                    self.check(action)
                    self._apply(action)
                except IllegalAction:
                    continue
                finally:
                    self._restore(saved)
                return
        raise NotASave(
            said(N_("This {game} save cannot go on: nobody has a move left."), game=self.title())
        )

    @classmethod
    def from_json(cls, text: str, **extra: Any) -> Game:
        """Rebuild a game from ``to_json`` text (see ``from_dict``)."""
        return cls.from_dict(savedata.parse(text), **extra)

    def save(self, path: str | os.PathLike[str]) -> Path:
        """Write the whole game to the save ``path`` names (``geoteach.store.saves.save``).

        A plain name goes in the lesson folder. Raises ``BadSaveName`` for a name that is not
        a ``.json`` file name and ``SaveInUse`` when another kernel or game writes that file,
        or when it holds something this game would overwrite.
        """
        return saves.save(self, path)

    @classmethod
    def load(cls, path: str | os.PathLike[str], **extra: Any) -> Game:
        """Resume a game saved by ``save`` or by autosave (``geoteach.store.saves.load``).

        Raises ``FileNotFoundError`` if there is no such file and ``NotASave`` if the file is
        something else (a folder, a notebook, a picture, a damaged or hand-edited save).
        """
        return saves.load(path, lambda text: cls.from_json(text, **extra))

    def replay(self) -> Self:
        """A fresh game from the same seed with the same actions: equal to this one."""
        log = savedata.parse(savedata.canonical(self.log))  # its own copy of every move
        return type(self)._replayed(
            self.table, self.seed, self.options, log, **self._rebuild_options()
        )

    def apply_all(self, actions: Iterable[Action]) -> None:
        for action in actions:
            self.apply(action)


#: Limits of a move (``plain_data``). GeoTriple's claim, a list of two lists, is the deepest.
MAX_DEPTH = 6
#: Values in one move, counting every list item and dict entry.
MAX_ITEMS = 200
#: Characters in one word or typed answer (a 5,000-digit "number" still gets the game's reply).
MAX_TEXT = 10_000
#: Digits of a whole number (no move needs more than a few).
MAX_DIGITS = 15
_PLAIN_ONLY = "A move must be made of words and numbers only, for example {'type': 'roll'}."


def check_turn(game: Any, action: Action) -> None:
    """What every game refuses before its own rules: a move that does not say what it is, any
    move once the game is over, a seat that is not to act now, and a move type the game does
    not have or fields that move does not take (``move_fields``). ``game`` is an engine or a
    class-game page's ``RemoteGame`` (``geoteach.classroom.remote``), which both refuse alike.

    A missing field is left to the game's own check, where it reads as ``None`` and fails like
    a wrong value, with the move's own message.
    """
    if not isinstance(action.get("type"), str):
        raise IllegalAction("A move must say what it is, for example {'type': 'roll'}.")
    if game.is_terminal():
        raise IllegalAction(_("The game is over: start a new one to play again."))
    player = action.get("player")
    acting = game.to_act()
    # bool is an int in Python and 1.0 == 1: neither may pass for a seat number.
    if type(player) is not int or player not in acting:
        who = game.table.name_of(player) if type(player) is int else repr(player)
        waiting = ", ".join(game.table.name_of(p) for p in acting)
        raise IllegalAction(
            said(
                N_("It is not {player}'s turn. Waiting for: {waiting}."),
                player=who,
                waiting=waiting,
            )
        )
    if not game.move_fields:
        return
    kind = action["type"]
    if kind not in game.move_fields:
        raise IllegalAction(
            said(
                N_("{game} has no move called {move}."), game=game.title(), move=repr(_short(kind))
            )
        )
    extra = sorted(set(action) - {"player", "type", *game.move_fields[kind]})
    if extra:
        names = ", ".join(repr(_short(k)) for k in extra)
        raise IllegalAction(
            said(N_("A {move} move does not take {names}."), move=repr(_short(kind)), names=names)
        )


def plain_data(value: Any) -> None:
    """Raise ``IllegalAction`` unless ``value`` is small plain JSON data.

    Allowed: dicts with text keys, lists and tuples, text, whole numbers, finite decimals,
    ``True``/``False`` and ``None``, at most ``MAX_DEPTH`` deep and ``MAX_ITEMS`` values in all.
    The walk uses no recursion, so nothing after it (the checks, a message that quotes the move,
    the JSON copy for the log) meets a value nested thousands deep, a number with thousands of
    digits (``str()`` of one raises) or a megabyte of text.
    """
    stack: list[tuple[Any, int]] = [(value, 0)]
    seen = 0
    while stack:
        item, depth = stack.pop()
        seen += 1
        if seen > MAX_ITEMS or depth > MAX_DEPTH:
            raise IllegalAction("A move is a few words and numbers, not a pile of lists.")
        if item is None or isinstance(item, bool):
            continue
        if isinstance(item, str):
            if len(item) > MAX_TEXT:
                raise IllegalAction(
                    said(N_("That is too long: use at most {n} letters."), n=MAX_TEXT)
                )
        elif isinstance(item, int):
            if abs(item) >= 10**MAX_DIGITS:
                raise IllegalAction("That number is far too big for any move in this game.")
        elif isinstance(item, float):
            if not math.isfinite(item):
                raise IllegalAction(_PLAIN_ONLY)
        elif isinstance(item, dict):
            if not all(isinstance(k, str) for k in item):
                raise IllegalAction(_PLAIN_ONLY)
            stack.extend((k, depth + 1) for k in item)
            stack.extend((v, depth + 1) for v in item.values())
        elif isinstance(item, list | tuple):
            stack.extend((v, depth + 1) for v in item)
        else:
            raise IllegalAction(_PLAIN_ONLY)


def detached(data: _Data) -> _Data:
    """A deep copy of plain data: what ``view`` hands out, so code that edits a view (a UI, a
    bot, a student's notebook) never edits the game. marshal copies plain data many times
    faster than deepcopy; anything else falls back to deepcopy."""
    try:
        copied: _Data = marshal.loads(marshal.dumps(dict(data)))
    except ValueError:
        return copy.deepcopy(data)
    return copied


def canonical(value: Any) -> str:
    """One text per plain value that tells ``1``, ``1.0`` and ``True`` apart."""
    return json.dumps(value, sort_keys=True, ensure_ascii=False)


def listed(action: Action, actions: Iterable[Action]) -> bool:
    """True when ``action`` is exactly one of ``actions``, field types included."""
    wanted = canonical(action)
    return any(canonical(a) == wanted for a in actions)


def _plain(action: Action) -> Action:
    """A JSON copy of ``action``: what the log and a save file will hold."""
    if not isinstance(action, dict):
        raise IllegalAction("A move must say what it is, for example {'type': 'roll'}.")
    plain_data(action)
    try:
        copied: Action = json.loads(json.dumps(action, allow_nan=False))
    except (TypeError, ValueError, RecursionError) as exc:
        raise IllegalAction(_PLAIN_ONLY) from exc
    return copied


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
    """A short readable form of an action for messages and logs (long values cut short)."""
    rest = ", ".join(f"{k}={_short(v)}" for k, v in action.items() if k not in ("type", "player"))
    return f"{_short(action.get('type'))}({rest})"


def _short(value: Any, most: int = 40) -> str:
    text = reprlib.repr(value) if not isinstance(value, str) else value
    return text if len(text) <= most else text[: most - 1] + "…"


def game_class(name: str) -> type[Game]:
    """The registered game class called ``name``."""
    game_cls = _find_game(name)
    if game_cls is None:
        known = ", ".join(sorted(_REGISTRY)) or "none yet"
        raise ValueError(f"No game called {name!r}. Known games: {known}.")
    return game_cls


def _kept(error: Exception) -> Said:
    """``error``'s sentence as a field of another sentence: its ``said`` sentence, which a page
    words too, or its English text as it is (braces and all)."""
    first = error.args[0] if len(error.args) == 1 else None
    return first if isinstance(first, Said) else said("{text}", text=str(error))
