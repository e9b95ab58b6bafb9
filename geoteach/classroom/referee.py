"""The class game's referee: one authority per room that no student can see into or act around.

boardgame.io's master is the model. The referee holds the only full game of each room (seed,
hands, deck, card backs), decides every move and keeps the move log in the room store, which
only it opens. A page's kernel holds a room code, a credential and a connection
(``geoteach.classroom.remote``), and receives only what its seat may see:

* **the seat comes from the credential**: a device's seat key names its seat; a move for any
  other seat is refused, whatever the move says. The teacher's pages send the teacher's
  credential (a secret of the server; on JupyterHub, the hub's login and the ``teachers``
  group); the host's rights (pause, end, seats, the back of the card, Right/Wrong) are the
  referee's own, its host keys derived from its secret, never written where a kernel reads;
* **every move is checked with the engine at its number** (``AlreadyPlayed`` when another page
  moved first, the engine's ``IllegalAction`` for a wrong move; nothing changes then), stored,
  then applied;
* **each page gets only its view** (``Position``): ``view(seat)`` for its seat and
  ``view(None)``; the back of the card only to the teacher, only while a team answers out loud;
* **the computer players and their pace run here**, so a projector that reloads or sleeps
  does not stop them;
* **the lesson record is written here**, from the moves the referee decided.

House rules the rulebooks leave open for a class game: the teacher is the reader and the judge
of answers said out loud (only the teacher's credential marks an answer right); a computer
player waits ``bot_delay`` seconds (the set-up's speed) before each move, and in GeoTriple's
race until its solving time has passed.

The referee is plain Python with no I/O but the room store and the lesson record: the Jupyter
server extension (``geoteach.service``) puts it behind HTTP, and tests call ``handle`` directly.
Layer: classroom (no widgets).
"""

from __future__ import annotations

import asyncio
import hashlib
import hmac
import json
import logging
import os
import threading
import time
import uuid
from collections import deque
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from geoteach.bots.base import Bot
from geoteach.bots.registry import BOTS
from geoteach.classroom.rooms import replica_of
from geoteach.classroom.wire import (
    REFUSED,
    Event,
    Position,
    Reply,
    Request,
    RoomInfo,
    Update,
    WireError,
    error_reply,
    parse_request,
)
from geoteach.games.base import Action, CardBack, Game, IllegalAction, View
from geoteach.games.registry import GAMES
from geoteach.games.table import Table
from geoteach.i18n import DEFAULT, N_, Said, said, speaking
from geoteach.store.rooms import (
    AlreadyPlayed,
    NotTheHost,
    NotYourSeat,
    Room,
    RoomError,
    RoomNotFound,
    RoomOver,
    RoomPaused,
    RoomStore,
    SeatState,
)

log = logging.getLogger("geoteach.classroom.referee")

#: How many moves' positions a room keeps for pages that are a few moves behind; a page further
#: behind (reopened mid-game) gets them by a replay of the room.
TRAIL = 64
#: Wrong codes one client may type per minute before it is told to wait (a right code is
#: never slowed down: a class of 30 joins at once through one server's address).
WRONG_CODES_PER_MINUTE = 30
#: Moves one credential may propose per second (a person makes about one; a loop makes many).
MOVES_PER_SECOND = 8.0
MOVE_BURST = 16
#: A computer player's pause before its move, when the set-up names none.
BOT_DELAY = 1.2

_HOST = "host"


def _words(exc: Exception) -> str:
    """The sentence an error was raised with, its template and fields kept (``said``)."""
    first = exc.args[0] if exc.args else None
    return first if isinstance(first, Said) else str(exc)


class NotTheTeacher(RoomError):
    """A teacher's request without the teacher's credential."""


class TooFast(RoomError):
    """Too many requests from one page in a short time."""


def _viewer_key(seat: int | None, host: bool) -> str:
    return _HOST if host else ("watch" if seat is None else f"seat{seat}")


@dataclass
class _Bucket:
    """A token bucket: ``rate`` requests a second, ``burst`` at once."""

    rate: float
    burst: float
    tokens: float = 0.0
    at: float = 0.0

    def peek(self, now: float) -> float:
        """The tokens there would be now."""
        if self.at == 0.0:
            return self.burst
        return min(self.burst, self.tokens + (now - self.at) * self.rate)

    def take(self, now: float) -> bool:
        self.tokens, self.at = self.peek(now), now
        if self.tokens < 1.0:
            return False
        self.tokens -= 1.0
        return True


@dataclass
class RefRoom:
    """One room as the referee holds it: the stored room, the full game, its computers."""

    room: Room
    game: Game
    host_key: str
    values: dict[str, Any]
    seats: list[SeatState]
    #: (number, action, {viewer: Position}) of the last ``TRAIL`` moves, newest last.
    trail: deque[tuple[int, Action, dict[str, Position]]] = field(
        default_factory=lambda: deque(maxlen=TRAIL)
    )
    bots: dict[int, Bot] = field(default_factory=dict)
    #: The positions of now, by viewer, and the (move count, room version) they are of: every
    #: page's answer after a move reads them instead of working them out again.
    now: dict[str, Position] = field(default_factory=dict)
    now_at: tuple[int, int] = (-1, -1)
    info: RoomInfo | None = None
    info_at: int = -1
    bot_task: asyncio.Task[None] | None = None
    changed: asyncio.Event | None = None

    @property
    def code(self) -> str:
        return self.room.code


class Referee:
    """The class service's authority over every room of one room store.

    ``store`` is the room store only the referee opens (a SQLite file readable by the
    service's user alone, or a PostgreSQL database whose password only the service holds).
    ``secret`` derives the host keys and is the teacher's credential on one school server
    (``teacher_secret``); ``teachers`` accepts other teacher credentials (a hub login in the
    ``teachers`` group, see ``geoteach.service``). ``lesson`` is the lesson record's file.
    """

    def __init__(
        self,
        store: RoomStore,
        secret: str,
        *,
        lesson: str | os.PathLike[str] | None = None,
        teachers: Callable[[str], bool] | None = None,
        logins: Callable[[str], str | None] | None = None,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        if len(secret) < 16:
            raise ValueError("The referee's secret must be a long random string.")
        self.store = store
        self.secret = secret
        self.lesson = lesson
        self.teachers = teachers
        #: ``logins(token)``: the hub login a device's token is (None: not known). The record
        #: keys a seat's answers by it where there is one, by the team otherwise.
        self.logins = logins
        self.clock = clock
        self.rooms: dict[str, RefRoom] = {}
        self._lock = threading.RLock()
        self._joins: dict[str, _Bucket] = {}
        self._moves: dict[str, _Bucket] = {}
        self.loop: asyncio.AbstractEventLoop | None = None

    # ----- credentials ---------------------------------------------------------------------
    def host_key(self, room_id: str) -> str:
        """The host key of a room: derived from the referee's secret, kept nowhere."""
        digest = hmac.new(self.secret.encode(), f"host:{room_id}".encode(), hashlib.sha256)
        return digest.hexdigest()

    def is_teacher(self, credential: str | None) -> bool:
        if not credential:
            return False
        if hmac.compare_digest(credential.encode(), self.secret.encode()):
            return True
        return bool(self.teachers is not None and self.teachers(credential))

    def _teacher(self, request: Request) -> None:
        if not self.is_teacher(request.get("teacher")):
            raise NotTheTeacher(
                said(
                    N_(
                        "This is the teacher's page: only your teacher can do this. To play, "
                        "open the join page and type the code on the projector."
                    )
                )
            )

    # ----- the wire --------------------------------------------------------------------------
    def handle(self, data: Any, client: str = "") -> Reply:
        """Answer one request (bytes, text or a parsed object) from a page; ``client`` names the
        page's connection for the rate limits (its address, or the hub login). Never raises:
        a refused request gets ``{"error": ...}`` with a sentence to show.

        The referee speaks English to every page (each page words the sentence again in its own
        language, ``geoteach.data.place_names.said_here``), and the lesson record is kept in
        English, even in a process where a page speaks another language (tests, a script)."""
        with speaking(DEFAULT):
            return self._handle(data, client)

    def _handle(self, data: Any, client: str) -> Reply:
        try:
            request = parse_request(data)
            with self._lock:
                return {"ok": self._dispatch(request, client)}
        except AlreadyPlayed as exc:
            return error_reply("already_played", _words(exc), count=exc.count)
        except IllegalAction as exc:
            return error_reply("illegal", _words(exc))
        except WireError as exc:
            return error_reply("refused", str(exc))
        except (NotTheTeacher, NotTheHost) as exc:
            return error_reply("not_the_teacher", _words(exc))
        except NotYourSeat as exc:
            return error_reply("not_your_seat", _words(exc))
        except TooFast as exc:
            return error_reply("too_fast", _words(exc))
        except RoomError as exc:
            return error_reply("room", _words(exc))
        except Exception:
            log.exception("the referee failed on a request")
            return error_reply("refused", REFUSED)

    def _dispatch(self, request: Request, client: str) -> Any:
        kind = request["kind"]
        if kind in ("find", "take_seat"):
            self._not_guessing(client)
            try:
                if kind == "find":
                    return self.info(self._room(request["code"]))
                return self.take_seat(
                    request["code"],
                    request["seat"],
                    request.get("nickname"),
                    request.get("login"),
                )
            except RoomNotFound:
                self._slow_down(self._joins, client, WRONG_CODES_PER_MINUTE / 60, 10)
                raise
        if kind == "events":
            ref = self._room(request["code"])
            seat, host = self._who(ref, request)
            return self.update(ref, seat, host, request["since"])
        if kind == "wait":
            # The waiting itself is ``wait`` (async); this answers at once.
            ref = self._room(request["code"])
            seat, host = self._who(ref, request)
            return self.update(ref, seat, host, request["since"])
        if kind == "move":
            ref = self._room(request["code"])
            seat, host = self._who(ref, request)
            credential = request.get("key") or request.get("teacher") or ""
            self._slow_down(self._moves, credential, MOVES_PER_SECOND, MOVE_BURST)
            self.move(ref, seat, host, request["number"], request["action"])
            return self.update(ref, seat, host, request["number"])
        if kind == "open":
            self._teacher(request)
            return self.open_room(request["game"], request["setup"])
        if kind == "rooms":
            self._teacher(request)
            return self.open_rooms()
        if kind == "teacher":
            self._teacher(request)
            return self.teacher_verb(
                self._room(request["code"]),
                request["verb"],
                request.get("seat"),
                request.get("nickname"),
            )
        if kind == "card_back":
            self._teacher(request)
            return self._room(request["code"]).game.card_back()
        if kind == "record":
            self._teacher(request)
            return self.record_copy()
        raise WireError(REFUSED)

    def record_copy(self) -> dict[str, str]:
        """The class games' lesson record, whole, for the teacher's report: a consistent copy
        (SQLite's backup, the write-ahead log included), base64. Only the service can open
        the file itself; the teacher reads it through here."""
        import base64
        import sqlite3
        import tempfile

        if self.lesson is None or not Path(self.lesson).exists():
            raise RoomError(
                said(
                    N_(
                        "The class service keeps no lesson record yet: set "
                        "GEOTEACH_LESSON_RECORD where the service starts, and play a class game."
                    )
                )
            )
        with tempfile.TemporaryDirectory() as folder:
            copy = Path(folder) / "record.sqlite"
            source = sqlite3.connect(f"file:{Path(self.lesson)}?mode=ro", uri=True)
            target = sqlite3.connect(copy)
            try:
                source.backup(target)
            finally:
                target.close()
                source.close()
            data = copy.read_bytes()
        return {"name": Path(self.lesson).name, "data": base64.b64encode(data).decode("ascii")}

    def open_rooms(self) -> list[RoomInfo]:
        """The rooms the teacher may take up again, the most recent first; a room this kit
        cannot go on with (opened by another version) is left out, not an error."""
        found = []
        for room in self.store.rooms():
            try:
                found.append(self.info(self._room_by_id(room.id, room)))
            except RoomError as exc:
                log.info("room %s is not offered: %s", room.code, exc)
        return found

    def _not_guessing(self, client: str) -> None:
        """Refuse a client that typed too many wrong codes lately (codes are not guessed by
        trying them all), without spending its allowance."""
        bucket = self._joins.get(client)
        if bucket is not None and bucket.peek(self.clock()) < 1.0:
            raise TooFast(said(N_("Too many wrong codes. Wait a minute, then try again.")))

    def _slow_down(self, buckets: dict[str, _Bucket], who: str, rate: float, burst: int) -> None:
        bucket = buckets.setdefault(who, _Bucket(rate, burst))
        if not bucket.take(self.clock()):
            raise TooFast(
                said(N_("Too many tries in a short time. Wait a moment, then try again."))
            )
        if len(buckets) > 10_000:  # forget the oldest pages (a week of classes)
            for old in list(buckets)[:5_000]:
                del buckets[old]

    # ----- rooms -----------------------------------------------------------------------------
    def open_room(self, game: str, setup: dict[str, Any]) -> RoomInfo:
        """A new room for ``game`` with the teacher's ``setup`` (table, seed, options, the
        screen's plain choices), paused until the teacher starts it."""
        if game not in GAMES or not GAMES[game].is_class_game:
            raise RoomError(said(N_("There is no such game in the kit.")))
        table = Table.from_dict(setup.get("table") or {})
        setup = {**setup, "kit": kit_stamp()}
        room_id = uuid.uuid4().hex
        host_key = self.host_key(room_id)
        room, _ = self.store.open_room(
            game, setup, len(table.seats), table.bots(), host_key=host_key, room_id=room_id
        )
        self.store.pause(room.id, host_key)
        ref = self._load(self.store.room_by_id(room.id))
        return self.info(ref)

    def _room(self, code: str) -> RefRoom:
        room = self.store.room(code)  # RoomNotFound / RoomOver with the store's sentences
        return self._room_by_id(room.id, room)

    def _room_by_id(self, room_id: str, room: Room | None = None) -> RefRoom:
        """The room as this referee holds it, up to date with the store: another service
        process on the same PostgreSQL database may have moved meanwhile."""
        ref = self.rooms.get(room_id)
        if ref is None:
            return self._load(room or self.store.room_by_id(room_id))
        room = room or self.store.room_by_id(room_id)
        if room.version != ref.room.version:
            self._catch_up(ref, room)
        return ref

    def _catch_up(self, ref: RefRoom, room: Room) -> None:
        """Apply the moves another process stored, read the seats again."""
        for move in self.store.moves(room.id, since=len(ref.game.log)):
            if move.number == len(ref.game.log):
                ref.game.apply(move.action)
                ref.trail.append((move.number, ref.game.log[-1], self._positions(ref)))
        ref.room = room
        ref.seats = self.store.seats(room.id)
        self._seat_bots(ref)

    def _load(self, room: Room) -> RefRoom:
        """The room's full game, from its set-up and its stored moves (after a restart too)."""
        if room.game not in GAMES:
            raise RoomNotFound(said(N_("This game is not one the kit knows. Ask your teacher.")))
        if room.setup.get("kit") != kit_stamp():
            # Replayed by other rules or other data, its moves would give another game.
            raise RoomOver(
                said(
                    N_(
                        "This game was opened with another version of geoteach, so it cannot "
                        "go on here. Your teacher can open a new game."
                    )
                )
            )
        game = replica_of(room)
        for move in self.store.moves(room.id):
            game.apply(move.action)
        ref = RefRoom(
            room=room,
            game=game,
            host_key=self.host_key(room.id),
            values=dict(room.setup.get("values") or {}),
            seats=self.store.seats(room.id),
        )
        self.rooms[room.id] = ref
        self._record(ref)
        self._seat_bots(ref)
        return ref

    def _record(self, ref: RefRoom) -> None:
        from geoteach.classroom.recorder import record
        from geoteach.store.lesson_record import RecordError

        try:
            record(ref.game, lesson=self.lesson)
        except RecordError as exc:
            log.warning("the lesson record of room %s is not kept: %s", ref.code, exc)

    def info(self, ref: RefRoom) -> RoomInfo:
        """What anyone with the code may know of the room (made once per room version)."""
        if ref.info_at == ref.room.version and ref.info is not None:
            return ref.info
        ref.info, ref.info_at = self._info(ref), ref.room.version
        return ref.info

    def _info(self, ref: RefRoom) -> RoomInfo:
        table = ref.game.table
        return {
            "code": ref.room.code,
            "game": ref.room.game,
            "title": GAMES[ref.room.game].title,
            "table": table.to_dict(),
            "status": ref.room.status,
            "version": ref.room.version,
            "seats": [
                {
                    "seat": s.seat,
                    "name": table.seats[s.seat].name,
                    "holder": s.holder,
                    "nickname": s.nickname,
                    "is_bot": table.seats[s.seat].is_bot,
                }
                for s in ref.seats
            ],
            "moves": len(ref.game.log),
            "opened": ref.room.created_at.isoformat(),
        }

    def take_seat(
        self, code: str, seat: int, nickname: str | None, login: str | None = None
    ) -> dict[str, Any]:
        ref = self._room(code)
        key = self.store.take_seat(code, seat, nickname)
        name = self.logins(login) if login and self.logins is not None else None
        if name:
            from geoteach.classroom.recorder import recorder_of

            recorder = recorder_of(ref.game)
            if recorder is not None:
                recorder.logins[seat] = name
        self._changed(ref)
        return {"seat": seat, "key": key}

    def _who(self, ref: RefRoom, request: Request) -> tuple[int | None, bool]:
        """The page's seat (from its key) and whether it is the teacher's: never from the move."""
        if "teacher" in request:
            self._teacher(request)
            return None, True
        key = request.get("key", "")
        if key == "":
            return None, False  # a spectator: the code alone
        found = self._seat_of(ref, key)
        if found is None:
            raise NotYourSeat(
                said(
                    N_(
                        "This device no longer plays in this game (your teacher gave your seat "
                        "to another device or to a computer). Ask your teacher for a new link."
                    )
                )
            )
        return found, False

    def _seat_of(self, ref: RefRoom, key: str) -> int | None:
        return self.store.seat_of_key(ref.room.id, key)

    # ----- moves -----------------------------------------------------------------------------
    def move(self, ref: RefRoom, seat: int | None, host: bool, number: int, action: Any) -> None:
        """A page's move: for its own seat (a device), or the teacher's mark of a team's answer
        said out loud (the teacher's pages); checked at ``number``, stored, then applied."""
        if not isinstance(action, dict):
            raise IllegalAction(
                said(N_("A move is a small table of facts, for example {{'type': 'roll'}}."))
            )
        game = ref.game
        if not host:
            if seat is None:
                raise IllegalAction(
                    said(N_("You are watching this game: only the teams make moves."))
                )
            if action.get("player") != seat:
                raise IllegalAction(
                    said(N_("This device plays for {team} only."), team=game.table.name_of(seat))
                )
            if game.marks_right(action):
                raise IllegalAction(
                    said(
                        N_(
                            "Only your teacher marks an answer right: say your answer out loud, "
                            "and your teacher marks it on the board."
                        )
                    )
                )
        elif (back := game.card_back()) is None or action.get("player") != back["player"]:
            # The teacher's page marks answers said out loud, nothing else: the teams play
            # their own moves, the computers play here.
            raise IllegalAction(said(N_("Your teacher's page only marks answers said out loud.")))
        if ref.room.status == "paused":
            raise RoomPaused(said(N_("Your teacher paused the game. Wait until it goes on.")))
        if number != len(game.log):
            raise AlreadyPlayed(
                said(N_("Another team moved first. Here is the game as it is now.")),
                number,
                len(game.log),
            )
        game.check(action)
        self._store_and_apply(ref, action, by="host" if host else "seat")

    def _store_and_apply(self, ref: RefRoom, action: Action, *, by: str) -> None:
        """Store the move (the referee writes every move with its host key; ``by`` says whose
        credential made it: "seat", the seat's key; "host", the teacher's or a computer's),
        then apply."""
        number = len(ref.game.log)
        seat = action.get("player")
        try:
            self.store.append(
                ref.room.id,
                number,
                action,
                seat=seat if isinstance(seat, int) and not isinstance(seat, bool) else None,
                host_key=ref.host_key,
                by=by,
            )
        except AlreadyPlayed:
            # Another service process on the same database stored move ``number`` first.
            self._catch_up(ref, self.store.room_by_id(ref.room.id))
            raise
        ref.game.apply(action)
        positions = self._positions(ref)
        ref.trail.append((number, ref.game.log[-1], positions))
        self._changed(ref)
        ref.now, ref.now_at = dict(positions), (len(ref.game.log), ref.room.version)

    def _positions(self, ref: RefRoom) -> dict[str, Position]:
        viewers: list[tuple[int | None, bool]] = [(None, False), (None, True)]
        viewers += [(s, False) for s in range(len(ref.game.table.seats))]
        computers = frozenset(ref.bots)
        return {_viewer_key(s, h): position(ref.game, s, h, computers) for s, h in viewers}

    def update(self, ref: RefRoom, seat: int | None, host: bool, since: int) -> Update:
        """The room now, the moves from ``since`` on (each with the position it led to for this
        page), and the page's position now."""
        game = ref.game
        since = max(0, min(since, len(game.log)))
        viewer = _viewer_key(seat, host)
        events: list[Event] = []
        oldest = ref.trail[0][0] if ref.trail else len(game.log)
        if since < oldest:
            events = self._replayed(ref, seat, host, since)
        else:
            events = [
                {"number": n, "action": a, "position": p[viewer]}
                for n, a, p in ref.trail
                if n >= since
            ]
        return {
            "room": self.info(ref),
            "events": events,
            "position": self.position_now(ref, seat, host),
            "seat": seat,
            "options": public_options(game),
            "values": public_values(ref.values),
            "first": position(replica_of(ref.room), seat, host, frozenset(ref.bots))
            if since == 0
            else None,
        }

    def position_now(self, ref: RefRoom, seat: int | None, host: bool) -> Position:
        """The page's position now, worked out once per viewer per move or room change."""
        at = (len(ref.game.log), ref.room.version)
        if ref.now_at != at:
            ref.now, ref.now_at = {}, at
        viewer = _viewer_key(seat, host)
        if viewer not in ref.now:
            ref.now[viewer] = position(ref.game, seat, host, frozenset(ref.bots))
        return ref.now[viewer]

    def _replayed(self, ref: RefRoom, seat: int | None, host: bool, since: int) -> list[Event]:
        """The moves from ``since`` on, each with the position it led to, from a fresh replay
        (a page reopened mid-game)."""
        game = replica_of(ref.room)
        events: list[Event] = []
        for number, action in enumerate(list(ref.game.log)):
            game.apply(action)
            if number >= since:
                events.append(
                    {
                        "number": number,
                        "action": action,
                        "position": position(game, seat, host, frozenset(ref.bots)),
                    }
                )
        return events

    # ----- the teacher's verbs -----------------------------------------------------------------
    def teacher_verb(
        self, ref: RefRoom, verb: str, seat: int | None, nickname: str | None
    ) -> dict[str, Any]:
        store, room_id, key = self.store, ref.room.id, ref.host_key
        answer: dict[str, Any] = {}
        if verb in ("give_to_computer", "free_seat", "hand_seat", "rename"):
            if seat is None or not 0 <= seat < len(ref.game.table.seats):
                raise RoomError(said(N_("Pick a team first.")))
            if verb == "give_to_computer":
                store.give_to_computer(room_id, key, seat)
            elif verb == "free_seat":
                store.free_seat(room_id, key, seat)
            elif verb == "hand_seat":
                answer["key"] = store.hand_seat(room_id, key, seat)
            else:
                store.rename(room_id, key, seat, nickname)
        elif verb == "pause":
            store.pause(room_id, key)
        elif verb in ("resume", "start"):
            store.resume(room_id, key)
        elif verb == "end":
            store.end(room_id, key)
        self._changed(ref)
        self._seat_bots(ref)
        answer["room"] = self.info(ref)
        return answer

    # ----- changes and waiting -------------------------------------------------------------------
    def _changed(self, ref: RefRoom) -> None:
        ref.room = self.store.room_by_id(ref.room.id)
        ref.seats = self.store.seats(ref.room.id)
        if ref.changed is not None and self.loop is not None:
            event = ref.changed
            ref.changed = None
            self.loop.call_soon_threadsafe(event.set)
        self._wake_bots(ref)

    async def wait(self, data: Any, client: str = "") -> Reply:
        """``handle`` for a ``wait`` request: answers when the room has moves after ``since`` or
        a version after ``version``, or when ``timeout`` seconds have passed."""
        try:
            request = parse_request(data)
        except WireError as exc:
            return error_reply("refused", str(exc))
        if request["kind"] != "wait":
            return self.handle(request, client)
        self.loop = asyncio.get_running_loop()
        deadline = self.loop.time() + float(request["timeout"])
        while True:
            with self._lock:
                try:
                    ref = self._room(request["code"])
                except RoomError:
                    return self.handle(request, client)
                version = ref.room.version
                fresh = len(ref.game.log) > request["since"] or version != request["version"]
                if fresh:
                    return self.handle(request, client)
                if ref.changed is None:
                    ref.changed = asyncio.Event()
                event = ref.changed
            left = deadline - self.loop.time()
            if left <= 0:
                return self.handle(request, client)
            # A change made here sets the event at once; one made by another service process
            # on the same database reaches the store (PostgreSQL's NOTIFY, SQLite's file).
            here = asyncio.ensure_future(event.wait())
            there = asyncio.ensure_future(self.store.wait_for_change(ref.room.id, version, left))
            try:
                await asyncio.wait({here, there}, return_when=asyncio.FIRST_COMPLETED)
            finally:
                here.cancel()
                there.cancel()

    # ----- the computer players ------------------------------------------------------------------
    def _seat_bots(self, ref: RefRoom) -> None:
        """A computer for every seat the computer plays now (from the start, or given to it)."""
        entry = BOTS[ref.room.game]
        table = ref.game.table
        wanted = {s.seat for s in ref.seats if s.holder == "computer"}
        for seat in list(ref.bots):
            if seat not in wanted:
                del ref.bots[seat]
        for seat in wanted - set(ref.bots):
            level = table.seats[seat].level or "medium"
            ref.bots[seat] = entry.make_bot(level, ref.game.seed + seat)
        self._wake_bots(ref)

    def bot_to_act(self, ref: RefRoom) -> int | None:
        if ref.room.status != "open" or ref.game.is_terminal():
            return None
        return next((s for s in ref.game.to_act() if s in ref.bots), None)

    def bot_delay(self, ref: RefRoom, seat: int) -> float:
        delay = float(ref.values.get("bot_delay", BOT_DELAY) or 0.0)
        timer = getattr(ref.bots[seat], "race_time", None)
        if timer is not None and ref.game.phase == "race":
            with _quiet():
                delay = max(delay, float(timer(ref.game, seat)))
        return delay

    def play_bot(self, ref: RefRoom) -> bool:
        """One computer move now, if a computer is to act; False otherwise."""
        with self._lock:
            seat = self.bot_to_act(ref)
            if seat is None:
                return False
            action = ref.bots[seat].choose(ref.game, seat)
            self._store_and_apply(ref, action, by="host")
            return True

    def play_bots(self, code: str, most: int = 10_000) -> int:
        """Every computer move due now, at once (tests, and a referee without an event loop)."""
        ref = self._room(code)
        moves = 0
        while moves < most and self.play_bot(ref):
            moves += 1
        return moves

    def _wake_bots(self, ref: RefRoom) -> None:
        if self.loop is None or self.bot_to_act(ref) is None:
            return
        if ref.bot_task is None or ref.bot_task.done():
            self.loop.call_soon_threadsafe(self._start_bots, ref)

    def _start_bots(self, ref: RefRoom) -> None:
        if ref.bot_task is None or ref.bot_task.done():
            ref.bot_task = asyncio.ensure_future(self._bots(ref))

    async def _bots(self, ref: RefRoom) -> None:
        while True:
            with self._lock:
                seat = self.bot_to_act(ref)
                if seat is None:
                    return
                number = len(ref.game.log)
                delay = self.bot_delay(ref, seat)
            await asyncio.sleep(delay)
            with self._lock:
                if len(ref.game.log) != number:
                    continue  # a team moved meanwhile: look again
                try:
                    self.play_bot(ref)
                except AlreadyPlayed:
                    continue  # another service process moved first: look again
                except RoomError as exc:
                    log.warning("a computer's move in room %s was refused: %s", ref.code, exc)
                    return
                except Exception:
                    log.exception("a computer player failed in room %s", ref.code)
                    return

    def close(self) -> None:
        for ref in self.rooms.values():
            if ref.bot_task is not None:
                ref.bot_task.cancel()
        self.store.close()


class _quiet:
    def __enter__(self) -> None:
        return None

    def __exit__(self, kind: Any, exc: Any, tb: Any) -> bool:
        if exc is not None:
            log.warning("a computer's race time could not be worked out: %s", exc)
        return exc is not None and isinstance(exc, Exception)


def kit_stamp() -> str:
    """The kit's version and the digest of what a room's replay depends on (the data, the
    quiz, the engines): a room opened by another kit is refused, never replayed differently."""
    import geoteach
    from geoteach.data.built import inputs_digest

    return f"{geoteach.__version__}:{inputs_digest(('data', 'quiz', 'games'))[:16]}"


def position(
    game: Game, seat: int | None, host: bool, computers: frozenset[int] = frozenset()
) -> Position:
    """What a page may know of ``game`` now: the public view, its seat's own view and moves,
    and for the teacher the back of the card a team is answering out loud (not a computer's:
    the computer answers by itself)."""
    terminal = game.is_terminal()
    acting = [] if terminal else list(game.to_act())
    asked = game.card_back()
    back = asked if host else None
    if back is not None and back.get("player") in computers:
        back = None
    public = game.view(None)
    own = game.view(seat) if seat is not None else None
    if own is not None and asked is not None and asked.get("player") != seat:
        # In a class the teacher is the reader of every card: a team's view loses what the
        # rulebooks give the reader (the answer of the card another team is asked).
        own = without_the_answer(own, public, asked)
    legal: list[Action] = []
    if seat is not None and seat in acting:
        legal = game.legal_actions(seat)
    elif back is not None and back.get("player") in acting:
        legal = game.legal_actions(back["player"])
    return {
        "number": len(game.log),
        "phase": game.phase,
        "to_act": acting,
        "terminal": terminal,
        "scores": [float(s) for s in game.scores()],
        "winners": list(game.winners()),
        "public": public,
        "own": own,
        "legal": legal,
        "card_back": back,
    }


def without_the_answer(own: View, public: View, back: CardBack) -> View:
    """``own`` with every part that holds the answer of the card being asked replaced by the
    public view's part (the reader's extras: the answer, the whole card)."""
    card = back.get("card") or {}
    answers = {back.get("answers"), card.get("answer"), *(card.get("aliases") or [])}
    said = [json.dumps(a) for a in answers if isinstance(a, str) and a]
    kept = dict(own)
    for key, value in own.items():
        text = json.dumps(value)
        if any(answer in text for answer in said):
            kept[key] = public.get(key)
    return kept


#: Engine options that may reach every page (the rest, such as a hand-written deck's answers,
#: stay with the referee): what the screens read to word and lay out the game.
PUBLIC_OPTION_KINDS = (str, int, float, bool, type(None))


def public_options(game: Game) -> dict[str, Any]:
    """The game's set-up options a page may read: plain values and the built-in decks' names.
    A question bank of the teacher's own goes as its answers only, per category (the other
    answers a multiple-choice card offers), never as questions with their answers."""
    kept: dict[str, Any] = {}
    for key, value in game.options.items():
        if isinstance(value, PUBLIC_OPTION_KINDS) or (
            isinstance(value, list | tuple)
            and all(isinstance(v, PUBLIC_OPTION_KINDS) for v in value)
        ):
            kept[key] = value
        elif isinstance(value, dict) and all(isinstance(v, list) for v in value.values()):
            kept[key] = {
                str(category): [
                    {"answer": card["answer"]}
                    for card in cards
                    if isinstance(card, dict) and isinstance(card.get("answer"), str)
                ]
                for category, cards in value.items()
            }
    return kept


def public_values(values: dict[str, Any]) -> dict[str, Any]:
    """The set-up screen's choices a page may read: plain ones, never the seed."""
    return {
        key: value
        for key, value in values.items()
        if key != "seed"
        and (
            isinstance(value, PUBLIC_OPTION_KINDS)
            or (
                isinstance(value, list | tuple)
                and all(isinstance(v, PUBLIC_OPTION_KINDS) for v in value)
            )
        )
    }


def teacher_secret(folder: str | os.PathLike[str]) -> str:
    """The server's teacher secret, kept in ``folder`` (mode 600, the service's user only);
    made the first time. It is also the referee's secret for host keys."""
    import secrets

    path = Path(folder) / "teacher_secret"
    try:
        text = path.read_text(encoding="ascii").strip()
        if len(text) >= 16:
            return text
    except OSError:
        pass
    Path(folder).mkdir(parents=True, exist_ok=True, mode=0o700)
    text = secrets.token_urlsafe(24)
    fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
    with os.fdopen(fd, "w", encoding="ascii") as out:
        out.write(text + "\n")
    return text


__all__ = [
    "NotTheTeacher",
    "RefRoom",
    "Referee",
    "TooFast",
    "position",
    "public_options",
    "teacher_secret",
]
