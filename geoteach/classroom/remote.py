"""A page's side of a class game: a room code, a credential, a connection to the referee, and
the game as this page may know it.

The referee (``geoteach.classroom.referee``) holds the only full game. A page's kernel holds a
``RemoteGame``: the public API a screen reads (``view``, ``to_act``, ``phase``, ``scores``,
``legal_actions``, ``log``, ``apply``, ``on_change``...), built from the positions the referee
sends it, which carry only what its seat may see. ``apply`` asks the referee, which decides; a
refused move raises the engine's ``IllegalAction`` (or the room's error) here and changes
nothing. There is no seed, no other team's hand and no card back in this kernel (the teacher's
page gets the card back while a team answers out loud, and only then).

Connections: ``HttpConnection`` to the class service of the server (``geoteach.service``: the
address comes from ``$GEOTEACH_SERVICE``, which the server gives its kernels), or
``LocalConnection`` to a referee in this process (tests; a script). Both speak the messages of
``geoteach.classroom.wire``.
"""

from __future__ import annotations

import json
import os
from collections.abc import Callable, Iterator, Mapping
from pathlib import Path
from typing import Any, Protocol

from geoteach.classroom.wire import Event, Position, Reply, RoomInfo, Update, parse_request
from geoteach.data.place_names import said_here
from geoteach.games.base import (
    Action,
    CardBack,
    Game,
    IllegalAction,
    View,
    check_turn,
    game_class,
)
from geoteach.games.table import Table
from geoteach.i18n import N_, _
from geoteach.store.rooms import (
    AlreadyPlayed,
    NotTheHost,
    NotYourSeat,
    RoomError,
    SeatState,
)

#: The class service's address for this server's kernels (set by the server extension).
SERVICE_ENV = "GEOTEACH_SERVICE"
#: The teacher's credential, for a server whose every kernel is the teacher's (a personal
#: server: a laptop, Binder, a teacher's own JupyterLab). Never set on a school server.
TEACHER_ENV = "GEOTEACH_TEACHER"


NOT_ANSWERING = N_(
    "The class game's server does not answer. Check the network; this page keeps trying."
)


class ServiceUnreachable(RoomError):
    """The class service does not answer (the server stopped, the network dropped)."""


class ViewRefused(RoomError):
    """A screen asked for a seat's view that is not its own (a bug: it would leak a hand)."""


_ERRORS: dict[str, type[RoomError]] = {
    "not_your_seat": NotYourSeat,
    "not_the_teacher": NotTheHost,
    "room": RoomError,
    "refused": RoomError,
    "too_fast": RoomError,
}


class Connection(Protocol):
    """How a page's kernel reaches the referee: one request, one reply (``wire``)."""

    def call(self, request: dict[str, Any]) -> Reply: ...

    async def wait(self, request: dict[str, Any]) -> Reply: ...


class LocalConnection:
    """The referee of this process (tests, scripts): the same messages, checked the same way."""

    def __init__(self, referee: Any, client: str = "local") -> None:
        self.referee = referee
        self.client = client

    def call(self, request: dict[str, Any]) -> Reply:
        parse_request(json.dumps(request))  # what a page sends is checked on its side too
        reply: Reply = json.loads(json.dumps(self.referee.handle(request, self.client)))
        return reply

    async def wait(self, request: dict[str, Any]) -> Reply:
        reply: Reply = await self.referee.wait(request, self.client)
        copied: Reply = json.loads(json.dumps(reply))
        return copied


class HttpConnection:
    """The class service of this server, over HTTP (``geoteach.service``)."""

    def __init__(self, url: str | None = None, timeout: float = 10.0) -> None:
        url = url or os.environ.get(SERVICE_ENV, "")
        if not url:
            raise ServiceUnreachable(
                _(
                    "This server has no class service, so class games cannot be played here. "
                    "Start the server with python3 tasks.py voila (or ask whoever runs it)."
                )
            )
        self.url = url.rstrip("/")
        self.timeout = timeout
        self._client: Any = None
        self._waiter: Any = None  # one connection kept for the long polls, on the page's loop

    def _http(self) -> Any:
        import httpx

        if self._client is None:
            self._client = httpx.Client(timeout=self.timeout, trust_env=False)
        return self._client

    def call(self, request: dict[str, Any]) -> Reply:
        import httpx

        parse_request(json.dumps(request))
        try:
            reply = self._http().post(f"{self.url}/call", content=json.dumps(request))
            body: Any = dict(reply.json())  # the service's reply: JSON a referee wrote
            answered: Reply = body
            return answered
        except (httpx.HTTPError, ValueError) as exc:
            raise ServiceUnreachable(_(NOT_ANSWERING)) from exc

    async def wait(self, request: dict[str, Any]) -> Reply:
        import httpx

        parse_request(json.dumps(request))
        timeout = float(request.get("timeout", 0)) + self.timeout
        if self._waiter is None:
            self._waiter = httpx.AsyncClient(trust_env=False)
        try:
            reply = await self._waiter.post(
                f"{self.url}/wait", content=json.dumps(request), timeout=timeout
            )
            body: Any = dict(reply.json())
            answered: Reply = body
            return answered
        except (httpx.HTTPError, ValueError) as exc:
            raise ServiceUnreachable(_(NOT_ANSWERING)) from exc


def connect(connection: Connection | None = None) -> Connection:
    """``connection``, or this server's class service."""
    return connection if connection is not None else HttpConnection()


def answer(reply: Reply) -> Any:
    """What a reply carries, or its refusal raised as the error a screen shows, in the page's
    language: the referee sends its sentence in English with its template and fields
    (``wire.error_reply``), and this page words it (``geoteach.data.place_names.said_here``)."""
    if "ok" in reply:
        return reply["ok"]
    error: Mapping[str, Any] = reply.get("error") or {}
    kind, message = error.get("kind", "refused"), str(error.get("message", ""))
    if message:
        message = said_here(message, error.get("say"))
    if kind == "illegal":
        raise IllegalAction(message)
    if kind == "already_played":
        count = int(error.get("count", 0))
        raise AlreadyPlayed(message, count, count)
    raise _ERRORS.get(kind, RoomError)(message or _("The class game refused that. Try again."))


class RemoteRoom:
    """A page's hold on a room: its code, its credential (a seat key, the teacher's, or none
    for a spectator) and its connection; it keeps the page's ``RemoteGame`` up to date."""

    def __init__(
        self,
        connection: Connection,
        code: str,
        *,
        key: str | None = None,
        teacher: str | None = None,
    ) -> None:
        self.connection = connection
        self.code = code
        self.key = key
        self.teacher = teacher
        self.info: RoomInfo = answer(connection.call({"kind": "find", "code": code}))
        self.code = self.info["code"]
        self.game = RemoteGame(self)
        self.seat: int | None = None
        #: Events received but not yet handed to the screen (``pending``).
        self._waiting: list[Event] = []
        first: Update = answer(connection.call(self.request("events", since=0)))
        self.seat = first["seat"]
        self.game._options = first["options"]
        self.values: dict[str, Any] = dict(first["values"])
        self.game._position = first["first"]
        self.take(first)

    # ----- requests ---------------------------------------------------------------------
    def credential(self) -> dict[str, str]:
        if self.teacher is not None:
            return {"teacher": self.teacher}
        return {"key": self.key or ""}

    def request(self, kind: str, **fields: Any) -> dict[str, Any]:
        return {"kind": kind, "code": self.code, **self.credential(), **fields}

    def call(self, kind: str, **fields: Any) -> Any:
        return answer(self.connection.call(self.request(kind, **fields)))

    def teacher_call(self, verb: str, **fields: Any) -> Any:
        """A teacher's verb (pause, resume, end, seats): the teacher's credential only."""
        request = {"kind": "teacher", "code": self.code, "verb": verb, **fields}
        request["teacher"] = self.teacher or ""
        return answer(self.connection.call(request))

    # ----- updates ------------------------------------------------------------------------
    def _update(self, request: dict[str, Any]) -> Update:
        update: Update = answer(self.connection.call(request))
        self.take(update)
        return update

    def take(self, update: Update) -> None:
        """Keep the room's news and queue the moves this page has not seen."""
        self.info = update["room"]
        known = len(self.game.log) + len(self._waiting)
        for event in update["events"]:
            if event["number"] == known:
                self._waiting.append(event)
                known += 1
        if not self._waiting and update["position"]["number"] == len(self.game.log):
            self.game._position = update["position"]

    @property
    def version(self) -> int:
        return int(self.info["version"])

    def refresh(self) -> int:
        """Ask for the moves since this page's count; returns how many arrived."""
        before = len(self._waiting)
        self._update(self.request("events", since=len(self.game.log) + len(self._waiting)))
        return len(self._waiting) - before

    def pending(self) -> Iterator[Action]:
        """Apply the received moves to this page's game one at a time, yielding each just after
        (a screen shows each move with the position it led to)."""
        while self._waiting:
            event = self._waiting.pop(0)
            if event["number"] != len(self.game.log):
                continue
            self.game._advance(event["action"], event["position"])
            yield self.game.log[-1]

    def catch_up(self) -> list[Action]:
        self.refresh()
        return list(self.pending())

    async def wait(self, timeout: float) -> None:
        """Wait until the room changes (a move, a seat, a pause), or ``timeout`` seconds."""
        request = self.request(
            "wait",
            since=len(self.game.log) + len(self._waiting),
            version=self.version,
            timeout=timeout,
        )
        self.take(answer(await self.connection.wait(request)))

    def propose(self, action: Action) -> None:
        """This page's move, decided by the referee at this page's count."""
        if not isinstance(action, dict):
            raise IllegalAction(
                _("A move is a small table of facts, for example {{'type': 'roll'}}.").format()
            )
        try:
            plain = json.loads(json.dumps(action))
        except (TypeError, ValueError, RecursionError) as exc:
            raise IllegalAction(
                _("That move cannot be sent to the class: it is not plain data.")
            ) from exc
        if self._waiting:
            raise AlreadyPlayed(
                _("Another team moved first. Here is the game as it is now."),
                len(self.game.log),
                len(self.game.log) + len(self._waiting),
            )
        number = len(self.game.log)
        update: Update = answer(
            self.connection.call(self.request("move", number=number, action=plain))
        )
        self.info = update["room"]
        mine = next((e for e in update["events"] if e["number"] == number), None)
        if mine is None:
            raise AlreadyPlayed(
                _("Another team moved first. Here is the game as it is now."), number, number + 1
            )
        self.game._advance(mine["action"], mine["position"])
        for event in update["events"]:
            if event["number"] > number:
                self._waiting.append(event)


#: What a screen may read of a room's game (the public game API).
PUBLIC = frozenset(
    {
        "name",
        "title",
        "table",
        "options",
        "log",
        "phase",
        "to_act",
        "current_player",
        "is_terminal",
        "scores",
        "winners",
        "move_fields",
        "min_seats",
        "max_seats",
        "first_player_rule",
        "die_sides",
    }
)


class RemoteGame:
    """The game as one page may know it, drawn from the referee's positions (see the module
    notes). Its moves go to the referee; nothing here can make or see another seat's."""

    def __init__(self, room: RemoteRoom) -> None:
        self._room = room
        info = room.info
        self._cls = game_class(info["game"])
        self.name: str = info["game"]
        self.table = Table.from_dict(info["table"])
        self.log: list[Action] = []
        self._options: dict[str, Any] = {}
        self._position: Position | None = None
        self._listeners: list[Callable[[Any, Action], None]] = []
        self.move_fields = self._cls.move_fields
        self.min_seats = self._cls.min_seats
        self.max_seats = self._cls.max_seats
        self.first_player_rule = self._cls.first_player_rule
        self.die_sides = self._cls.die_sides

    # ----- what a screen reads ----------------------------------------------------------
    @property
    def room(self) -> RemoteRoom:
        return self._room

    @property
    def seat(self) -> int | None:
        return self._room.seat

    @property
    def options(self) -> dict[str, Any]:
        return dict(self._options)

    def title(self) -> str:
        return str(self._cls.title())

    def _now(self) -> Position:
        if self._position is None:
            raise RoomError(_("The class game has not arrived yet. Wait a moment."))
        return self._position

    @property
    def phase(self) -> str:
        return self._now()["phase"]

    def to_act(self) -> list[int]:
        return list(self._now()["to_act"])

    def current_player(self) -> int | str:
        from geoteach.games.base import TERMINAL

        acting = self.to_act()
        return TERMINAL if self.is_terminal() or not acting else acting[0]

    def is_terminal(self) -> bool:
        return bool(self._now()["terminal"])

    def scores(self) -> list[float]:
        return list(self._now()["scores"])

    def winners(self) -> list[int]:
        return list(self._now()["winners"])

    def view(self, player: int | None) -> View:
        position = self._now()
        if player is None:
            public: View = json.loads(json.dumps(position["public"]))
            return public
        if player != self.seat or position["own"] is None:
            raise ViewRefused(f"This screen may not see {self.table.name_of(player)}'s own view.")
        own: View = json.loads(json.dumps(position["own"]))
        return own

    def legal_actions(self, player: int | None = None) -> list[Action]:
        position = self._now()
        if player is None:
            player = self.seat
        if player is None and position["card_back"] is not None:
            player = position["card_back"]["player"]
        if player is None or player not in position["to_act"]:
            return []
        if player != self.seat and (
            position["card_back"] is None or position["card_back"]["player"] != player
        ):
            return []
        legal: list[Action] = json.loads(json.dumps(position["legal"]))
        return legal

    def card_back(self) -> CardBack | None:
        """The back of the card being asked: the teacher's page only, while a team answers
        out loud (the referee sends it to no other page)."""
        back = self._now()["card_back"]
        return None if back is None else json.loads(json.dumps(back))

    def check(self, action: Action) -> None:
        """What this page can tell before asking the referee (whose turn, which kinds of
        move); the referee checks the rest when the move is made."""
        if not isinstance(action, dict):
            raise IllegalAction(
                _("A move must say what it is, for example {{'type': 'roll'}}.").format()
            )
        check_turn(self, action)

    def is_legal(self, action: Action) -> bool:
        return Game.is_legal(self, action)  # type: ignore[arg-type]  # it calls only self.check

    def marks_right(self, action: Action) -> bool:
        probe = object.__new__(self._cls)
        try:
            return bool(self._cls.marks_right(probe, action))
        except Exception:
            return False

    # ----- moves --------------------------------------------------------------------------
    def apply(self, action: Action) -> None:
        """This page's move: the referee decides; on a refusal nothing changes here."""
        self.check(action)
        self._room.propose(action)

    def _advance(self, action: Action, position: Position) -> None:
        self.log.append(action)
        self._position = position
        for listener in list(self._listeners):
            listener(self, action)

    def on_change(
        self, listener: Callable[[Any, Action], None], *, first: bool = False, **_: Any
    ) -> Callable[[], None]:
        if first:
            self._listeners.insert(0, listener)
        else:
            self._listeners.append(listener)

        def stop() -> None:
            if listener in self._listeners:
                self._listeners.remove(listener)

        return stop

    def forget_listeners(self) -> None:
        self._listeners.clear()

    def __getattr__(self, name: str) -> Any:
        raise AttributeError(
            f"A class-game screen read {name}, which is not part of what a page may know."
        )


__all__ = [
    "PUBLIC",
    "SERVICE_ENV",
    "TEACHER_ENV",
    "Connection",
    "HttpConnection",
    "LocalConnection",
    "RemoteGame",
    "RemoteRoom",
    "ServiceUnreachable",
    "ViewRefused",
    "answer",
    "connect",
    "fetch_record",
    "seat_states",
    "teacher_credential",
]


def teacher_credential() -> str | None:
    """The teacher's credential a server gives its kernels: a server of the teacher's own
    (``$GEOTEACH_TEACHER``), or the hub's login (the server's token, which the hub's class
    service checks against its teachers)."""
    return os.environ.get(TEACHER_ENV) or os.environ.get("JUPYTERHUB_API_TOKEN") or None


def fetch_record(
    connection: Connection | None = None, teacher: str | None = None, folder: str | None = None
) -> Path:
    """The class games' lesson record, copied from the class service into a private file
    (mode 600) for the teacher's report; ``NotTheHost`` for anyone else."""
    import base64
    import tempfile

    teacher = teacher or teacher_credential() or ""
    copy = answer(connect(connection).call({"kind": "record", "teacher": teacher}))
    where = Path(folder or tempfile.mkdtemp(prefix="geoteach-record-"))
    path = where / str(copy["name"])
    fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
    with os.fdopen(fd, "wb") as out:
        out.write(base64.b64decode(copy["data"]))
    return path


def seat_states(info: RoomInfo) -> list[SeatState]:
    """The room's seats as the screens' seat lists read them."""
    return [
        SeatState(
            seat=s["seat"], holder=s["holder"], nickname=s["nickname"], device_no=0, joined_at=None
        )
        for s in info["seats"]
    ]
