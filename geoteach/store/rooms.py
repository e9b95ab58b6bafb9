"""The class game's rooms: one game on many devices, kept as a numbered log of moves.

A room is a game key and its set-up (the caller's JSON: table, seed, options; this module never
looks inside) plus an append-only list of moves numbered 0, 1, 2, ... The engines are
deterministic, so every kernel (the projector's, each team's device) rebuilds the same game by
replaying the log, and catches up by reading the moves it has not applied yet.

Why it is built this way:

* **One move number, one winner.** A move is stored only if its number is the next one
  (boardgame.io's ``stateID``). Two devices proposing move 12 at once: one is stored, the other
  gets ``AlreadyPlayed`` (a plain sentence, never silence), reads move 12 and looks again. The
  store never checks a game's rules: the caller checked the move on its replica at that number.
  Every write locks the room's row first (``SELECT ... FOR UPDATE`` on PostgreSQL, ``BEGIN
  IMMEDIATE`` on SQLite), and the primary key ``(room_id, number)`` makes a fork impossible
  even if that lock were skipped.
* **Two backends, one code path** (SQLAlchemy 2 Core): a SQLite file for one machine (a laptop,
  a school server, The Littlest JupyterHub, where the file sits in a folder every student's
  server can write), and PostgreSQL for JupyterHub on Kubernetes, whose kernels run on many
  machines. SQLite's locks do not work across a network drive, and this module cannot tell a
  network path from a local one: never point a SQLite URL at a shared network folder.
* **One engine per SQLite file and process.** Closing any descriptor of a file drops the
  process's SQLite locks on it; every store of a kernel on a file shares its connections, and
  the file is read by hand only before the first one opens (``_SharedEngines``).
* **Keys, as a school needs them.** The room code only finds a room; taking a seat gives that
  device a random seat key, and the teacher gets a host key. Only SHA-256 hashes are stored, and
  they are compared in constant time. Giving a seat to another device, to the computer or back
  to "free" makes the old key useless at once.
* **Every change bumps the room's version** in the same transaction, so a screen waits for
  "version > the one I drew" (``wait_for_change``): PostgreSQL sends a ``NOTIFY`` with the
  change; SQLite is asked ``PRAGMA data_version`` every 50 ms, which costs microseconds.
* Errors are ``RoomError``s whose message a 12-year-old understands, ready to show (through the
  escape helper, as every text that contains something typed).

Seats are numbered from 0, as the engines' players are; sentences say "seat 1" for seat 0.
Timestamps are UTC.
"""

from __future__ import annotations

import asyncio
import contextlib
import functools
import hashlib
import hmac
import json
import os
import re
import secrets
import sqlite3
import threading
import time
import unicodedata
import uuid
import weakref
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any, TypeVar

import sqlalchemy as sa
from sqlalchemy import event
from sqlalchemy.engine import Connection, Engine
from sqlalchemy.types import TypeDecorator

from geoteach.i18n import N_, said

#: Environment variable naming the room store (a database URL) for a whole server.
ROOMS_ENV = "GEOTEACH_ROOMS"
#: Letters and digits nobody mixes up when copying from a projector (no B/8, O/0, I/1/L, S/5, Z/2).
CODE_ALPHABET = "ACDEFGHJKMNPQRTUVWXY34679"
CODE_LENGTH = 6
NICKNAME_MAX = 24
#: A room nobody touched for this long no longer answers to its code.
EXPIRE_AFTER = timedelta(days=7)
#: The most seats a room may have (the games seat up to six; a little room to spare).
SEATS_MAX = 12
#: A move or a set-up is a few hundred bytes; these limits stop a hostile device filling the disk.
ACTION_MAX_BYTES = 64 * 1024
SETUP_MAX_BYTES = 1024 * 1024
#: "GTRM" in the SQLite header: the file is a geoteach room store.
APPLICATION_ID = 0x4754524D
FORMAT_VERSION = 1
#: How long a SQLite write waits for another kernel's write before it retries.
BUSY_SECONDS = 5.0
WRITE_ATTEMPTS = 3
#: How often a SQLite waiter asks whether the file changed.
POLL_SECONDS = 0.05
#: A PostgreSQL waiter also reads the version this often, in case a notification was lost
#: (the listening connection dropped and is being opened again).
NOTIFY_SAFETY_SECONDS = 2.0
#: The PostgreSQL channel; the payload is the room's id.
CHANNEL = "geoteach_rooms"
_SQLITE_MAGIC = b"SQLite format 3\x00"
_STATUSES = ("open", "paused", "ended")

T = TypeVar("T")


# ----------------------------------------------------------------------------- errors
class RoomError(ValueError):
    """Something about a room that cannot be done; the message says why, for a student."""

    #: The screens show the message as it is (``geoteach.ui.safe``).
    for_players = True


class RoomNotFound(RoomError):
    """No room has this code (mistyped, guessed, or never opened)."""


class RoomOver(RoomError):
    """The game has ended (or nobody played it for a week): its code no longer works."""


class RoomPaused(RoomError):
    """The teacher paused the game; moves wait until it goes on."""


class SeatTaken(RoomError):
    """Another device (or the computer) already plays this seat."""


class NotYourSeat(RoomError):
    """The seat key is wrong, or the teacher gave the seat to another device or the computer."""


class NotTheHost(RoomError):
    """Only the teacher's screen (the host key) may do this."""


class AlreadyPlayed(RoomError):
    """The move number is not the next one: another device moved first.

    ``number`` is the number proposed, ``count`` how many moves the room has now (the next
    number); the device reads the moves from its own count and looks again.
    """

    def __init__(self, message: str, number: int, count: int) -> None:
        super().__init__(message)
        self.number = number
        self.count = count


# ----------------------------------------------------------------------------- records
@dataclass(frozen=True)
class Room:
    id: str
    code: str
    game: str
    setup: dict[str, Any]
    seats: int
    status: str
    created_at: datetime
    touched_at: datetime
    ended_at: datetime | None
    version: int

    @property
    def expired(self) -> bool:
        """True when nobody touched the room for ``EXPIRE_AFTER`` (its code no longer works)."""
        return datetime.now(UTC) - self.touched_at > EXPIRE_AFTER


@dataclass(frozen=True)
class SeatState:
    seat: int
    #: "free", "device" or "computer"
    holder: str
    nickname: str | None
    #: How many keys this seat has been given (1 for the first device, 2 after a hand-over ...).
    device_no: int
    joined_at: datetime | None


@dataclass(frozen=True)
class Move:
    number: int
    seat: int | None
    #: "seat" (a device with the seat's key) or "host" (the teacher's kernel)
    by: str
    action: dict[str, Any]
    at: datetime


# ----------------------------------------------------------------------------- tables
class _UTCTime(TypeDecorator[datetime]):
    """Aware UTC datetimes in and out, on both backends (SQLite keeps no time zone)."""

    impl = sa.DateTime(timezone=True)
    cache_ok = True

    def process_bind_param(self, value: datetime | None, dialect: sa.Dialect) -> datetime | None:
        if value is None:
            return None
        value = value.astimezone(UTC)
        return value.replace(tzinfo=None) if dialect.name == "sqlite" else value

    def process_result_value(self, value: datetime | None, dialect: sa.Dialect) -> datetime | None:
        if value is None:
            return None
        return value.replace(tzinfo=UTC) if value.tzinfo is None else value.astimezone(UTC)


_meta = sa.MetaData()
_store_table = sa.Table(
    "room_store",
    _meta,
    sa.Column("format", sa.Integer, nullable=False),
)
_rooms = sa.Table(
    "rooms",
    _meta,
    sa.Column("id", sa.Text, primary_key=True),
    sa.Column("code", sa.Text, nullable=False, unique=True),
    sa.Column("game", sa.Text, nullable=False),
    sa.Column("setup", sa.Text, nullable=False),
    sa.Column("seats", sa.Integer, nullable=False),
    sa.Column("status", sa.Text, nullable=False),
    sa.Column("host_key_hash", sa.Text, nullable=False),
    sa.Column("created_at", _UTCTime, nullable=False),
    sa.Column("touched_at", _UTCTime, nullable=False),
    sa.Column("ended_at", _UTCTime),
    sa.Column("version", sa.BigInteger, nullable=False),
    # The next move number, kept beside the version so a move needs no COUNT(*).
    sa.Column("moves", sa.BigInteger, nullable=False),
    sa.CheckConstraint("status IN ('open', 'paused', 'ended')", name="rooms_status"),
)
_seats = sa.Table(
    "seats",
    _meta,
    sa.Column("room_id", sa.Text, sa.ForeignKey("rooms.id", ondelete="CASCADE"), nullable=False),
    sa.Column("seat", sa.Integer, nullable=False),
    sa.Column("holder", sa.Text, nullable=False),
    sa.Column("nickname", sa.Text),
    sa.Column("key_hash", sa.Text),
    sa.Column("device_no", sa.Integer, nullable=False),
    sa.Column("joined_at", _UTCTime),
    sa.PrimaryKeyConstraint("room_id", "seat"),
    sa.CheckConstraint("holder IN ('free', 'device', 'computer')", name="seats_holder"),
)
_moves = sa.Table(
    "moves",
    _meta,
    sa.Column("room_id", sa.Text, sa.ForeignKey("rooms.id", ondelete="CASCADE"), nullable=False),
    sa.Column("number", sa.BigInteger, nullable=False),
    sa.Column("seat", sa.Integer),
    sa.Column("by", sa.Text, nullable=False),
    sa.Column("action", sa.Text, nullable=False),
    sa.Column("at", _UTCTime, nullable=False),
    sa.PrimaryKeyConstraint("room_id", "number"),
    sa.CheckConstraint("by IN ('seat', 'host')", name="moves_by"),
)
_OUR_TABLES = frozenset({"room_store", "rooms", "seats", "moves"})
_ROOM_COLUMNS = [c for c in _rooms.c if c.name not in ("host_key_hash", "moves")]


# ----------------------------------------------------------------------------- codes, names, URLs
def normalise_code(text: str) -> str:
    """The room code a student typed, as stored: capitals, no spaces or dashes.

    A code of the wrong length, or with a letter no code has (B, O, I, S ...), raises
    ``RoomNotFound`` with a sentence to show: no room can have it, so there is nothing to look up.
    Look-alikes are not guessed (an O is not turned into a 0): a wrong guess would join a
    stranger's room.
    """
    typed = str(text).strip()
    code = re.sub(r"[\s\-_.]+", "", typed).upper()
    if not code:
        raise RoomNotFound(
            said(N_("Type the game's code: the 6 letters and numbers on the projector."))
        )
    shown = typed if len(typed) <= 20 else typed[:20] + "…"
    if len(code) != CODE_LENGTH or any(ch not in CODE_ALPHABET for ch in code):
        raise RoomNotFound(
            said(
                N_(
                    "There is no game with the code {code}. A code has {n} letters and "
                    "numbers, like CX4N7Q. Check the code on the projector."
                ),
                code=shown,
                n=CODE_LENGTH,
            )
        )
    return code


def new_code() -> str:
    """A random room code (``secrets``: codes must not be guessable from earlier ones)."""
    return "".join(secrets.choice(CODE_ALPHABET) for _ in range(CODE_LENGTH))


def clean_nickname(nickname: str | None) -> str | None:
    """A typed nickname as stored: trimmed, spaces collapsed, control characters removed.

    Anything else stays as typed (``<b>`` and emoji included): screens show it through the
    escape helper. Empty means no nickname (None). Longer than ``NICKNAME_MAX`` raises
    ``RoomError``.
    """
    if nickname is None:
        return None
    # Control and format characters (bidi overrides, zero-width joiners) would let a name hide
    # or reverse the text around it on the projector.
    kept = "".join(
        " " if ch.isspace() else ch
        for ch in str(nickname)
        if ch.isspace() or unicodedata.category(ch) not in ("Cc", "Cf", "Cs", "Co", "Cn")
    )
    name = " ".join(kept.split())
    if not name:
        return None
    if len(name) > NICKNAME_MAX:
        raise RoomError(
            said(
                N_(
                    "A nickname can have at most {most} letters; this one has {n}. Choose a "
                    "shorter one."
                ),
                most=NICKNAME_MAX,
                n=len(name),
            )
        )
    return name


def default_path() -> Path:
    """Where rooms live when nothing names a store: one file per user on this computer.

    ``$XDG_DATA_HOME/geoteach/rooms.sqlite`` (``~/.local/share/geoteach/rooms.sqlite``). Right for
    a laptop or one teacher's server; a server with a login per student names a shared file in
    ``$GEOTEACH_ROOMS`` instead (see deploy/README.md), or each student would look in their own.
    """
    base = os.environ.get("XDG_DATA_HOME", "").strip() or str(Path.home() / ".local" / "share")
    return Path(base) / "geoteach" / "rooms.sqlite"


def database_url(url: str | None = None) -> str:
    """The room store's SQLAlchemy URL: ``url``, else ``$GEOTEACH_ROOMS``, else ``default_path()``.

    A plain file path is a SQLite file (``~`` and ``$VARS`` expanded). ``postgresql://`` and
    ``postgres://`` URLs use psycopg 3 (``postgresql+psycopg://``). SQLite in memory is refused:
    the devices' kernels are separate processes and would each see a room of their own.
    """
    text = (url or "").strip() or os.environ.get(ROOMS_ENV, "").strip()
    if not text:
        return f"sqlite:///{default_path()}"
    if "://" not in text:
        if text == ":memory:":
            raise RoomError(
                "A room store must be a file or a PostgreSQL server, not memory: "
                "every device's kernel must find the same rooms."
            )
        path = Path(os.path.expandvars(os.path.expanduser(text))).absolute()
        return f"sqlite:///{path}"
    scheme, rest = text.split("://", 1)
    scheme = scheme.lower()
    if scheme in ("postgres", "postgresql"):
        return f"postgresql+psycopg://{rest}"
    if scheme == "postgresql+psycopg":
        return text
    if scheme in ("sqlite", "sqlite+pysqlite"):
        if rest in ("", "/") or rest.startswith("/:memory:"):
            raise RoomError(
                "A room store must be a file or a PostgreSQL server, not memory: "
                "every device's kernel must find the same rooms."
            )
        return f"sqlite://{rest}"
    raise RoomError(
        f"The room store must be a SQLite file or a PostgreSQL URL (postgresql://...), not "
        f"{scheme}://."
    )


def _hash(key: str) -> str:
    return hashlib.sha256(key.encode()).hexdigest()


def _key_matches(key: str | None, stored: str | None) -> bool:
    if not key or not stored:
        return False
    return hmac.compare_digest(_hash(str(key)), stored)


def _now() -> datetime:
    return datetime.now(UTC)


def _as_json(value: Any, what: str, limit: int) -> str:
    if not isinstance(value, dict):
        raise RoomError(f"A {what} must be a dict of plain values, not {type(value).__name__}.")
    try:
        text = json.dumps(value, ensure_ascii=False, allow_nan=False, sort_keys=True)
    except (TypeError, ValueError) as exc:
        raise RoomError(f"This {what} cannot be stored: {exc}.") from exc
    if len(text.encode()) > limit:
        raise RoomError(f"This {what} is too big to store ({len(text.encode())} bytes).")
    return text


# ----------------------------------------------------------------------------- the store
class RoomStore:
    """The rooms of one store (a SQLite file or a PostgreSQL database), for one kernel.

    Open one per kernel (it is thread-safe) and share it between the screens of that kernel;
    a second one on the same SQLite file (the app's cell run again) shares the first's
    connections, so neither can lose the other's locks.
    Creating it creates the tables when they are missing, and refuses a file or a database that
    belongs to another program.
    """

    def __init__(self, url: str | None = None) -> None:
        self.url = database_url(url)
        parsed = sa.make_url(self.url)
        self.backend = "sqlite" if parsed.get_backend_name() == "sqlite" else "postgresql"
        self._path: Path | None = None
        self._release: weakref.finalize[..., RoomStore]
        self._watch_lock = threading.Lock()
        self._watch_con: sqlite3.Connection | None = None
        self._listeners: weakref.WeakKeyDictionary[asyncio.AbstractEventLoop, _Listener] = (
            weakref.WeakKeyDictionary()
        )
        if self.backend == "sqlite":
            self._path = Path(parsed.database or "")
            key = self._path.resolve()
            self._engine = _SQLITE_ENGINES.acquire(key, self.url)
            # The file's engine is shared: a store lets go of it (the last one closes it).
            self._release = weakref.finalize(self, _SQLITE_ENGINES.release, key)
        else:
            self._engine = sa.create_engine(self.url, pool_pre_ping=True)
            self._release = weakref.finalize(self, self._engine.dispose)
        try:
            self._write(self._prepare)
        except sa.exc.OperationalError as exc:
            self._release()
            raise RoomError(
                f"The room store {parsed.render_as_string(hide_password=True)} cannot be opened "
                f"({_first_line(exc)}). Check the address, or ask whoever runs the server."
            ) from exc
        except sa.exc.DatabaseError as exc:
            self._release()
            what = (
                "Choose another file; nothing was changed."
                if self.backend == "sqlite"
                else "Ask whoever runs the database for a user that may create tables in it."
            )
            raise RoomError(
                f"{self._where()} cannot be used as a room store ({_first_line(exc)}). {what}"
            ) from exc
        except BaseException:
            self._release()
            raise

    def _where(self) -> str:
        if self._path is not None:
            return self._path.name
        return sa.make_url(self.url).render_as_string(hide_password=True)

    def close(self) -> None:
        """Close this store's connections (waiters on other event loops stop at their next
        check); a SQLite file's shared engine closes with the last store on it."""
        for loop, listener in list(self._listeners.items()):
            with contextlib.suppress(RuntimeError):
                loop.call_soon_threadsafe(listener.stop)
        self._listeners.clear()
        with self._watch_lock:
            if self._watch_con is not None:
                self._watch_con.close()
                self._watch_con = None
        self._release()

    def __enter__(self) -> RoomStore:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def __repr__(self) -> str:
        return f"RoomStore({self._where()!r}, backend={self.backend!r})"

    # -- transactions -------------------------------------------------------------------------
    def _write(self, work: Callable[[Connection], T]) -> T:
        """``work(connection)`` in one write transaction, retried while SQLite is busy.

        Only a SQLite "busy" is retried: it happens before anything is written. A PostgreSQL
        error is not retried, since a commit whose answer was lost may have happened, and a
        second try would then refuse a move that is in fact stored.
        """
        for attempt in range(WRITE_ATTEMPTS):
            try:
                with self._engine.connect() as conn:
                    conn.execution_options(geoteach_write=True)
                    with conn.begin():
                        return work(conn)
            except sa.exc.OperationalError as exc:
                busy = self.backend == "sqlite" and (
                    "locked" in str(exc.orig) or "busy" in str(exc.orig)
                )
                if not busy or attempt == WRITE_ATTEMPTS - 1:
                    raise
                time.sleep(0.05 * (attempt + 1))
        raise AssertionError("unreachable")

    @contextlib.contextmanager
    def _read(self) -> Iterator[Connection]:
        """A connection whose reads see one snapshot (a SQLite read transaction, or PG's)."""
        with self._engine.connect() as conn, conn.begin():
            yield conn

    def _prepare(self, conn: Connection) -> None:
        """Create the tables the first time; refuse another program's database."""
        if self.backend == "sqlite":
            app_id = conn.exec_driver_sql("PRAGMA application_id").scalar()
            tables = conn.exec_driver_sql("SELECT COUNT(*) FROM sqlite_master").scalar()
            if app_id != APPLICATION_ID and (app_id != 0 or tables):
                raise RoomError(
                    f"{self._where()} is a database of another program, not a room store. "
                    "Choose a new file name; nothing was changed."
                )
        else:
            # Several kernels may open a new database at the same moment.
            conn.execute(sa.select(sa.func.pg_advisory_xact_lock(APPLICATION_ID)))
            names = set(sa.inspect(conn).get_table_names())
            if "room_store" not in names and names & _OUR_TABLES:
                raise RoomError(
                    f"The database {self._where()} already has tables called "
                    f"{', '.join(sorted(names & _OUR_TABLES))} of another program. Give the "
                    "rooms a database (or a schema) of their own; nothing was changed."
                )
        _meta.create_all(conn)
        formats = conn.execute(sa.select(_store_table.c.format)).scalars().all()
        if not formats:
            conn.execute(_store_table.insert().values(format=FORMAT_VERSION))
        elif max(formats) > FORMAT_VERSION:
            raise RoomError(
                f"{self._where()} was written by a newer geoteach (room format {max(formats)}); "
                "update geoteach to use it."
            )
        if self.backend == "sqlite":
            conn.exec_driver_sql(f"PRAGMA application_id = {APPLICATION_ID}")

    def _changed(self, conn: Connection, room_id: str, **values: Any) -> int:
        """Bump the room's version (and set ``values``) in this transaction; tell the waiters."""
        version = conn.execute(
            _rooms.update()
            .where(_rooms.c.id == room_id)
            .values(version=_rooms.c.version + 1, touched_at=_now(), **values)
            .returning(_rooms.c.version)
        ).scalar_one()
        if self.backend == "postgresql":
            # Delivered when (and only if) the transaction commits.
            conn.execute(sa.select(sa.func.pg_notify(CHANNEL, room_id)))
        return int(version)

    def _locked_room(self, conn: Connection, room_id: str) -> sa.Row[Any]:
        """The room's row, locked until the transaction ends (SQLite: the whole file already is)."""
        row = conn.execute(
            sa.select(_rooms).where(_rooms.c.id == str(room_id)).with_for_update()
        ).first()
        if row is None:
            raise RoomNotFound(_gone())
        return row

    def _host(self, conn: Connection, room_id: str, host_key: str | None) -> sa.Row[Any]:
        row = self._locked_room(conn, room_id)
        if not _key_matches(host_key, row.host_key_hash):
            raise NotTheHost(said(N_("Only the teacher's screen can do this.")))
        return row

    # -- opening and finding rooms ------------------------------------------------------------
    def open_room(
        self,
        game: str,
        setup: dict[str, Any],
        seats: int,
        computers: Iterable[int] = (),
        host_key: str | None = None,
        room_id: str | None = None,
    ) -> tuple[Room, str]:
        """A new open room and its host key (give the key only to the teacher's screen).

        ``computers`` are the seats the computer plays from the start; the others are free for
        devices. The code is random and unique among all rooms this store ever had. The class
        service (``geoteach.classroom.referee``) passes a ``host_key`` it derives from its own
        secret and the ``room_id`` it chose, so it can act as the host after a restart without
        keeping the key anywhere.
        """
        game = str(game).strip()
        if not game:
            raise RoomError("Choose a game before opening a room.")
        setup_text = _as_json(setup, "game set-up", SETUP_MAX_BYTES)
        if isinstance(seats, bool) or not isinstance(seats, int) or not 1 <= seats <= SEATS_MAX:
            raise RoomError(f"A room has 1 to {SEATS_MAX} seats, not {seats!r}.")
        bots: set[int] = set()
        for seat in computers:
            _check_seat_number(seat, seats)
            bots.add(seat)
        host_key = host_key or secrets.token_urlsafe(16)
        room_id = room_id or uuid.uuid4().hex
        now = _now()
        for _attempt in range(20):
            code = new_code()
            try:
                self._write(
                    functools.partial(
                        self._insert_room,
                        room_id=room_id,
                        code=code,
                        game=game,
                        setup_text=setup_text,
                        seats=seats,
                        bots=bots,
                        host_key=host_key,
                        now=now,
                    )
                )
            except sa.exc.IntegrityError:
                continue  # the code is taken (one in millions): draw another
            return self.room_by_id(room_id), host_key
        raise RoomError("No free room code was found. Try again.")

    def _insert_room(
        self,
        conn: Connection,
        room_id: str,
        code: str,
        game: str,
        setup_text: str,
        seats: int,
        bots: set[int],
        host_key: str,
        now: datetime,
    ) -> None:
        conn.execute(
            _rooms.insert().values(
                id=room_id,
                code=code,
                game=game,
                setup=setup_text,
                seats=seats,
                status="open",
                host_key_hash=_hash(host_key),
                created_at=now,
                touched_at=now,
                ended_at=None,
                version=0,
                moves=0,
            )
        )
        conn.execute(
            _seats.insert(),
            [
                {
                    "room_id": room_id,
                    "seat": seat,
                    "holder": "computer" if seat in bots else "free",
                    "nickname": None,
                    "key_hash": None,
                    "device_no": 0,
                    "joined_at": now if seat in bots else None,
                }
                for seat in range(seats)
            ],
        )

    def room(self, code: str) -> Room:
        """The room a typed code names, for a device joining or rejoining.

        ``RoomNotFound`` for a code no room has; ``RoomOver`` for a room that ended or that
        nobody touched for ``EXPIRE_AFTER``.
        """
        wanted = normalise_code(code)
        with self._read() as conn:
            row = conn.execute(sa.select(*_ROOM_COLUMNS).where(_rooms.c.code == wanted)).first()
        if row is None:
            raise RoomNotFound(
                said(
                    N_("There is no game with the code {code}. Check the code on the projector."),
                    code=wanted,
                )
            )
        room = _room(row)
        if room.status == "ended":
            raise RoomOver(
                said(
                    N_("The game {code} has ended. Ask your teacher for the new code."),
                    code=wanted,
                )
            )
        if room.expired:
            raise RoomOver(
                said(
                    N_(
                        "The game {code} was not played for a long time and is closed. Ask "
                        "your teacher for a new code."
                    ),
                    code=wanted,
                )
            )
        return room

    def room_by_id(self, room_id: str) -> Room:
        """A room by its id, in any state (ended and expired ones too)."""
        with self._read() as conn:
            row = conn.execute(sa.select(*_ROOM_COLUMNS).where(_rooms.c.id == str(room_id))).first()
        if row is None:
            raise RoomNotFound(_gone())
        return _room(row)

    def check_host(self, room_id: str, host_key: str) -> Room:
        """The room, if ``host_key`` is its host key (``NotTheHost`` otherwise)."""
        with self._read() as conn:
            row = conn.execute(sa.select(_rooms).where(_rooms.c.id == str(room_id))).first()
        if row is None:
            raise RoomNotFound(_gone())
        if not _key_matches(host_key, row.host_key_hash):
            raise NotTheHost(said(N_("Only the teacher's screen can do this.")))
        return _room(row)

    def rooms(
        self, status: Iterable[str] = ("open", "paused"), *, include_expired: bool = True
    ) -> list[Room]:
        """Rooms in these states, the most recently touched first (the teacher's resume list).

        Expired rooms are listed too (a teacher may resume one; a move makes it fresh again)
        unless ``include_expired=False``.
        """
        wanted = [s for s in status]
        unknown = set(wanted) - set(_STATUSES)
        if unknown:
            raise RoomError(f"A room is open, paused or ended, not {', '.join(sorted(unknown))}.")
        with self._read() as conn:
            rows = conn.execute(
                sa.select(*_ROOM_COLUMNS)
                .where(_rooms.c.status.in_(wanted))
                .order_by(_rooms.c.touched_at.desc(), _rooms.c.id)
            ).all()
        found = [_room(row) for row in rows]
        return found if include_expired else [room for room in found if not room.expired]

    # -- seats -------------------------------------------------------------------------------
    def seats(self, room_id: str) -> list[SeatState]:
        """Every seat of the room, in order (no keys: those never leave the store)."""
        with self._read() as conn:
            rows = conn.execute(
                sa.select(_seats).where(_seats.c.room_id == str(room_id)).order_by(_seats.c.seat)
            ).all()
            if not rows:
                exists = conn.execute(
                    sa.select(_rooms.c.id).where(_rooms.c.id == str(room_id))
                ).first()
                if exists is None:
                    raise RoomNotFound(_gone())
        return [_seat(row) for row in rows]

    def take_seat(self, code: str, seat: int, nickname: str | None = None) -> str:
        """Take a free seat with a room code; returns the seat key (keep it on that device).

        ``SeatTaken`` when a device or the computer already plays it; ``RoomOver`` once the game
        ended. A nickname is cleaned (``clean_nickname``).
        """
        room = self.room(code)
        _check_seat_number(seat, room.seats)
        name = clean_nickname(nickname)
        key = secrets.token_urlsafe(16)

        def take(conn: Connection) -> None:
            row = self._locked_room(conn, room.id)
            if row.status == "ended":
                raise RoomOver(
                    said(
                        N_("The game {code} has ended. Ask your teacher for the new code."),
                        code=room.code,
                    )
                )
            state = _seat_row(conn, room.id, seat)
            if state.holder == "computer":
                raise SeatTaken(
                    said(
                        N_("The computer plays seat {n}. Pick another seat, or ask your teacher."),
                        n=seat + 1,
                    )
                )
            if state.holder != "free":
                raise SeatTaken(
                    said(
                        N_(
                            "Another device already plays seat {n}. Pick another seat, or ask "
                            "your teacher."
                        ),
                        n=seat + 1,
                    )
                )
            self._set_seat(conn, room.id, seat, "device", _hash(key), bump=True, nickname=name)

        self._write(take)
        return key

    def seat_of_key(self, room_id: str, seat_key: str) -> int | None:
        """The seat whose current key is ``seat_key`` (the class service finds a device's seat
        from its credential, never from its move), or None."""
        with self._read() as conn:
            rows = conn.execute(
                sa.select(_seats.c.seat, _seats.c.key_hash).where(
                    _seats.c.room_id == str(room_id), _seats.c.holder == "device"
                )
            ).all()
        found = [row.seat for row in rows if _key_matches(seat_key, row.key_hash)]
        return int(found[0]) if found else None

    def check_seat(self, room_id: str, seat: int, seat_key: str) -> SeatState:
        """The seat, if ``seat_key`` is its current key (``NotYourSeat`` otherwise).

        Only the key is checked: a device of an ended game still sees its seat (and the final
        board); moving is what ``append`` refuses.
        """
        with self._read() as conn:
            row = conn.execute(
                sa.select(_seats).where(
                    _seats.c.room_id == str(room_id), _seats.c.seat == _as_int(seat)
                )
            ).first()
        if row is None or row.holder != "device" or not _key_matches(seat_key, row.key_hash):
            raise NotYourSeat(_not_your_seat(seat))
        return _seat(row)

    def _set_seat(
        self,
        conn: Connection,
        room_id: str,
        seat: int,
        holder: str,
        key_hash: str | None,
        *,
        bump: bool,
        **values: Any,
    ) -> None:
        update = (
            _seats.update()
            .where(_seats.c.room_id == room_id, _seats.c.seat == seat)
            .values(
                holder=holder,
                key_hash=key_hash,
                joined_at=None if holder == "free" else _now(),
                **values,
            )
        )
        if bump:
            update = update.values(device_no=_seats.c.device_no + 1)
        conn.execute(update)
        self._changed(conn, room_id)

    def give_to_computer(self, room_id: str, host_key: str, seat: int) -> None:
        """The computer plays ``seat`` from now on; the device that had it can no longer move."""

        def give(conn: Connection) -> None:
            row = self._host(conn, room_id, host_key)
            _check_seat_number(seat, row.seats)
            self._set_seat(conn, row.id, seat, "computer", None, bump=False)

        self._write(give)

    def free_seat(self, room_id: str, host_key: str, seat: int) -> None:
        """Nobody plays ``seat`` until a device takes it with the code (remove a device, or take
        a seat back from the computer). The old key stops working; the nickname is forgotten."""

        def free(conn: Connection) -> None:
            row = self._host(conn, room_id, host_key)
            _check_seat_number(seat, row.seats)
            self._set_seat(conn, row.id, seat, "free", None, bump=False, nickname=None)

        self._write(free)

    def hand_seat(self, room_id: str, host_key: str, seat: int) -> str:
        """A new key for ``seat`` (move a team to another device): the old key stops at once.

        Returns the key for the new device (the teacher's screen shows it as a link or QR code).
        """
        key = secrets.token_urlsafe(16)

        def hand(conn: Connection) -> None:
            row = self._host(conn, room_id, host_key)
            _check_seat_number(seat, row.seats)
            self._set_seat(conn, row.id, seat, "device", _hash(key), bump=True)

        self._write(hand)
        return key

    def rename(self, room_id: str, host_key: str, seat: int, nickname: str | None) -> None:
        """The teacher changes (or, with None or "", removes) a seat's nickname."""
        name = clean_nickname(nickname)

        def change(conn: Connection) -> None:
            row = self._host(conn, room_id, host_key)
            _check_seat_number(seat, row.seats)
            conn.execute(
                _seats.update()
                .where(_seats.c.room_id == row.id, _seats.c.seat == seat)
                .values(nickname=name)
            )
            self._changed(conn, row.id)

        self._write(change)

    # -- the log -------------------------------------------------------------------------------
    def append(
        self,
        room_id: str,
        number: int,
        action: dict[str, Any],
        *,
        seat: int | None = None,
        seat_key: str | None = None,
        host_key: str | None = None,
        by: str | None = None,
    ) -> Move:
        """Store ``action`` as move ``number``, if that is the next number; returns the move.

        With ``seat_key`` the move is that seat's (``seat`` is required and the key must be its
        current one). With ``host_key`` the teacher's kernel moves for any seat (the computer
        players, honor marking) or for no seat (``seat=None``). Refused, with nothing changed:
        a wrong key (``NotYourSeat``, ``NotTheHost``), a paused game (``RoomPaused``), an ended
        one (``RoomOver``), a number that is not the room's count (``AlreadyPlayed``). The game's
        rules are not checked here: the caller checked the move on its replica at ``number``.
        Tuples in ``action`` come back as lists (JSON). ``by`` (with the host key: the class
        service, which writes every move) says whose credential made the move: "seat" (the
        seat's key) or "host".
        """
        if (seat_key is None) == (host_key is None):
            raise RoomError("A move needs either the seat's key or the host's key (one of them).")
        number = _as_int(number)
        if seat_key is not None and seat is None:
            raise RoomError("A move with a seat key must say which seat it is for.")
        text = _as_json(action, "move", ACTION_MAX_BYTES)
        stored = json.loads(text)
        at = _now()

        def store(conn: Connection) -> Move:
            row = self._locked_room(conn, room_id)
            if seat is not None:
                _check_seat_number(seat, row.seats)
            if host_key is not None:
                if not _key_matches(host_key, row.host_key_hash):
                    raise NotTheHost(said(N_("Only the teacher's screen can do this.")))
            else:
                state = conn.execute(
                    sa.select(_seats.c.holder, _seats.c.key_hash).where(
                        _seats.c.room_id == row.id, _seats.c.seat == seat
                    )
                ).first()
                if (
                    state is None
                    or state.holder != "device"
                    or not _key_matches(seat_key, state.key_hash)
                ):
                    raise NotYourSeat(_not_your_seat(seat))
            if row.status == "ended":
                raise RoomOver("This game has ended: no more moves. Look at the projector.")
            if row.status == "paused":
                raise RoomPaused("Your teacher paused the game. Wait until it goes on.")
            if number != row.moves:
                raise AlreadyPlayed(_already_played(number, row.moves), number, int(row.moves))
            conn.execute(
                _moves.insert().values(
                    room_id=row.id,
                    number=number,
                    seat=seat,
                    by=by or _by(host_key),
                    action=text,
                    at=at,
                )
            )
            self._changed(conn, row.id, moves=_rooms.c.moves + 1)
            return Move(number=number, seat=seat, by=by or _by(host_key), action=stored, at=at)

        try:
            return self._write(store)
        except sa.exc.IntegrityError as exc:
            # Only if the room's lock was bypassed: the primary key still refuses a second move n.
            count = self.count(room_id)
            raise AlreadyPlayed(_already_played(number, count), number, count) from exc

    def moves(self, room_id: str, since: int = 0) -> list[Move]:
        """The moves numbered ``since`` and after, in order (a replica catching up)."""
        with self._read() as conn:
            rows = conn.execute(
                sa.select(_moves)
                .where(_moves.c.room_id == str(room_id), _moves.c.number >= _as_int(since))
                .order_by(_moves.c.number)
            ).all()
        return [
            Move(
                number=int(row.number),
                seat=row.seat,
                by=row.by,
                action=json.loads(row.action),
                at=row.at,
            )
            for row in rows
        ]

    def count(self, room_id: str) -> int:
        """How many moves the room has: the number the next move must carry."""
        return int(self._column(room_id, _rooms.c.moves))

    def version(self, room_id: str) -> int:
        """The room's version: it grows with every move, seat change, pause, resume and end."""
        return int(self._column(room_id, _rooms.c.version))

    def _column(self, room_id: str, column: sa.Column[Any]) -> Any:
        with self._read() as conn:
            value = conn.execute(sa.select(column).where(_rooms.c.id == str(room_id))).scalar()
        if value is None:
            raise RoomNotFound(_gone())
        return value

    # -- the teacher's controls ------------------------------------------------------------------
    def pause(self, room_id: str, host_key: str) -> Room:
        """No moves until ``resume`` (devices get ``RoomPaused``)."""
        return self._set_status(room_id, host_key, "paused")

    def resume(self, room_id: str, host_key: str) -> Room:
        """The paused game goes on (also refreshes an expired room, so its code works again)."""
        return self._set_status(room_id, host_key, "open")

    def end(self, room_id: str, host_key: str) -> Room:
        """The game is over: its code stops working at once and no more moves are stored."""
        return self._set_status(room_id, host_key, "ended")

    def _set_status(self, room_id: str, host_key: str, status: str) -> Room:
        def change(conn: Connection) -> None:
            row = self._host(conn, room_id, host_key)
            if row.status == "ended" and status != "ended":
                raise RoomOver("This game has ended; open a new room to play again.")
            if row.status == status and status == "ended":
                return
            extra = {"ended_at": _now()} if status == "ended" else {}
            self._changed(conn, row.id, status=status, **extra)

        self._write(change)
        return self.room_by_id(room_id)

    # -- waiting for a change --------------------------------------------------------------------
    async def wait_for_change(self, room_id: str, after: int, timeout: float) -> int:
        """The room's version as soon as it is above ``after``, or the current one at ``timeout``.

        For the kernel's event loop (screens update from the loop, not from threads): SQLite is
        asked ``PRAGMA data_version`` every ``POLL_SECONDS`` on one connection kept for this
        (microseconds each), and the version is read only when the file changed; PostgreSQL
        wakes the waiter with a notification, its reads run in a worker thread.
        """
        loop = asyncio.get_running_loop()
        deadline = loop.time() + max(0.0, float(timeout))
        if self.backend == "sqlite":
            return await self._wait_sqlite(str(room_id), after, deadline)
        return await self._wait_postgres(str(room_id), after, deadline)

    def _watch(self, room_id: str, *, version: bool) -> int:
        """``PRAGMA data_version`` (or the room's version) on the long-lived watching connection."""
        with self._watch_lock:
            if self._watch_con is None:
                assert self._path is not None
                self._watch_con = sqlite3.connect(
                    self._path, timeout=BUSY_SECONDS, isolation_level=None, check_same_thread=False
                )
            con = self._watch_con
            if not version:
                return int(con.execute("PRAGMA data_version").fetchone()[0])
            row = con.execute("SELECT version FROM rooms WHERE id = ?", (room_id,)).fetchone()
        if row is None:
            raise RoomNotFound(_gone())
        return int(row[0])

    async def _wait_sqlite(self, room_id: str, after: int, deadline: float) -> int:
        loop = asyncio.get_running_loop()
        seen = self._watch(room_id, version=False)
        current = self._watch(room_id, version=True)
        while current <= after:
            remaining = deadline - loop.time()
            if remaining <= 0:
                break
            await asyncio.sleep(min(POLL_SECONDS, remaining))
            now_seen = self._watch(room_id, version=False)
            if now_seen != seen:
                seen = now_seen
                current = self._watch(room_id, version=True)
        return current

    async def _wait_postgres(self, room_id: str, after: int, deadline: float) -> int:
        loop = asyncio.get_running_loop()
        while True:
            listener = self._listeners.get(loop)
            if listener is None or not listener.alive:
                listener = _Listener(self._engine)
                self._listeners[loop] = listener
            with listener.watching(room_id) as woken:
                # If the server refuses the listening connection, the safety reads below still
                # see every change, only later; the next round tries to listen again.
                with contextlib.suppress(Exception):
                    await listener.start()
                while True:
                    woken.clear()  # before the read: a change after it sets the event again
                    current = await asyncio.to_thread(self.version, room_id)
                    remaining = deadline - loop.time()
                    if current > after or remaining <= 0:
                        return current
                    with contextlib.suppress(TimeoutError):
                        await asyncio.wait_for(woken.wait(), min(remaining, NOTIFY_SAFETY_SECONDS))
                    if not listener.alive:
                        break  # the connection dropped: listen again on a new one


class _Listener:
    """One ``LISTEN`` connection per event loop, waking the waiters of the room it hears about."""

    def __init__(self, engine: Engine) -> None:
        args, params = engine.dialect.create_connect_args(engine.url)
        self._args, self._params = list(args), dict(params)
        self._waiters: dict[str, set[asyncio.Event]] = {}
        self._task: asyncio.Task[None] | None = None
        self._starting: asyncio.Future[None] | None = None
        self.alive = True

    @contextlib.contextmanager
    def watching(self, room_id: str) -> Iterator[asyncio.Event]:
        woken = asyncio.Event()
        self._waiters.setdefault(room_id, set()).add(woken)
        try:
            yield woken
        finally:
            waiters = self._waiters.get(room_id, set())
            waiters.discard(woken)
            if not waiters:
                self._waiters.pop(room_id, None)

    async def start(self) -> None:
        """Connect and ``LISTEN`` once; later callers wait for the first one."""
        if self._starting is None:
            self._starting = asyncio.ensure_future(self._connect())
        try:
            await asyncio.shield(self._starting)
        except BaseException:
            self.alive = False
            raise

    async def _connect(self) -> None:
        import psycopg

        conn = await psycopg.AsyncConnection.connect(*self._args, **self._params, autocommit=True)
        await conn.execute(f"LISTEN {CHANNEL}")
        self._task = asyncio.create_task(self._run(conn))

    async def _run(self, conn: Any) -> None:
        try:
            async for note in conn.notifies():
                for woken in self._waiters.get(note.payload, ()):
                    woken.set()
        except Exception:
            pass  # a dropped connection: the next waiter opens a new listener
        finally:
            self.alive = False
            for waiters in self._waiters.values():
                for woken in waiters:
                    woken.set()  # they read the version, and come back to a new listener
            with contextlib.suppress(Exception):
                await conn.close()

    def stop(self) -> None:
        self.alive = False
        if self._task is not None:
            self._task.cancel()


# ----------------------------------------------------------------------------- helpers
class _SharedEngines:
    """One SQLAlchemy engine (one pool of SQLite connections) per file and process.

    Why: SQLite's locks on a file are POSIX locks, which belong to the process, and closing
    *any* descriptor of the file drops all of them. SQLite works around that for its own
    connections, but each store used to check the file's header with an ``open()`` of its own:
    a second store in a kernel (the app's cell run again) dropped the first one's locks, another
    kernel closing its last connection then found the file unused and reset its write-ahead
    log, and moves both kernels were told were stored were lost (tests/store, two processes).
    So every store on a file shares this process's engine, and the file is read by hand (its
    header) only before the first engine, when no connection of this process can hold a lock.
    The engine is closed when the last store on the file lets go of it.
    """

    def __init__(self) -> None:
        # Reentrant: a store nobody holds any more lets go of its engine from a weakref
        # finalizer, which the garbage collector may run inside ``acquire`` on this very thread
        # (a plain lock then waits for itself forever).
        self._lock = threading.RLock()
        self._engines: dict[Path, tuple[Engine, int]] = {}

    def acquire(self, key: Path, url: str) -> Engine:
        with self._lock:
            engine, users = self._engines.get(key, (None, 0))
            if engine is None:
                _check_sqlite_file(key)
                engine = _sqlite_engine(url)
            self._engines[key] = (engine, users + 1)
            return engine

    def release(self, key: Path) -> None:
        with self._lock:
            engine, users = self._engines.pop(key, (None, 0))
            if engine is None:
                return
            if users > 1:
                self._engines[key] = (engine, users - 1)
            else:
                engine.dispose()


_SQLITE_ENGINES = _SharedEngines()


def _check_sqlite_file(path: Path) -> None:
    """Refuse files that are not databases before SQLite touches them; make the folder."""
    if path.is_dir():
        raise RoomError(
            f"{path} is a folder. Add a file name, for example {path / 'rooms.sqlite'}."
        )
    if path.exists():
        with path.open("rb") as fh:
            header = fh.read(100)
        if not header:
            return  # an empty file: a new store
        if not header.startswith(_SQLITE_MAGIC) or len(header) < 72:
            raise RoomError(
                f"{path.name} is not a room store (it is not a database file). Choose a new "
                "file name; nothing was changed."
            )
        if int.from_bytes(header[68:72], "big") != APPLICATION_ID and _has_other_tables(path):
            # Asked before the engine connects: switching on WAL would already change the file.
            raise RoomError(
                f"{path.name} is a database of another program, not a room store. Choose a "
                "new file name; nothing was changed."
            )
        return
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise RoomError(
            f"The folder {path.parent} cannot be created ({exc.strerror}). Choose another place "
            "for the room store."
        ) from exc


def _has_other_tables(path: Path) -> bool:
    """True when the file is another program's database (its header may predate its WAL)."""
    con = sqlite3.connect(path, timeout=BUSY_SECONDS, isolation_level=None)
    try:
        con.execute("PRAGMA query_only = ON")
        con.execute("BEGIN")  # one snapshot: another kernel may be creating the store right now
        app_id = con.execute("PRAGMA application_id").fetchone()[0]
        tables = con.execute("SELECT COUNT(*) FROM sqlite_master").fetchone()[0]
        con.execute("COMMIT")
    except sqlite3.DatabaseError as exc:
        raise RoomError(
            f"{path.name} cannot be read as a room store ({exc}). Choose a new file name; "
            "nothing was changed."
        ) from exc
    finally:
        con.close()
    return app_id != APPLICATION_ID and (app_id != 0 or bool(tables))


def _sqlite_engine(url: str) -> Engine:
    engine = sa.create_engine(
        url, connect_args={"timeout": BUSY_SECONDS, "check_same_thread": False}
    )

    @event.listens_for(engine, "connect")
    def _connect(dbapi_con: sqlite3.Connection, _record: object) -> None:
        # Transactions are begun by hand below (the driver's own BEGIN comes too late).
        dbapi_con.isolation_level = None
        cursor = dbapi_con.cursor()
        cursor.execute("PRAGMA journal_mode=WAL")
        cursor.execute("PRAGMA synchronous=NORMAL")
        cursor.execute("PRAGMA foreign_keys=ON")
        cursor.execute(f"PRAGMA busy_timeout={int(BUSY_SECONDS * 1000)}")
        cursor.close()

    @event.listens_for(engine, "begin")
    def _begin(conn: Connection) -> None:
        # A writer takes the file's write lock first (IMMEDIATE): a reader that upgrades later
        # could find the file changed under its snapshot and fail without waiting.
        write = conn.get_execution_options().get("geoteach_write", False)
        conn.exec_driver_sql("BEGIN IMMEDIATE" if write else "BEGIN")

    return engine


def _room(row: sa.Row[Any]) -> Room:
    return Room(
        id=row.id,
        code=row.code,
        game=row.game,
        setup=json.loads(row.setup),
        seats=int(row.seats),
        status=row.status,
        created_at=row.created_at,
        touched_at=row.touched_at,
        ended_at=row.ended_at,
        version=int(row.version),
    )


def _seat(row: sa.Row[Any]) -> SeatState:
    return SeatState(
        seat=int(row.seat),
        holder=row.holder,
        nickname=row.nickname,
        device_no=int(row.device_no),
        joined_at=row.joined_at,
    )


def _seat_row(conn: Connection, room_id: str, seat: int) -> sa.Row[Any]:
    row = conn.execute(
        sa.select(_seats).where(_seats.c.room_id == room_id, _seats.c.seat == seat)
    ).first()
    if row is None:
        raise RoomError(f"There is no seat {seat + 1} in this game.")
    return row


def _as_int(value: Any) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise RoomError(f"{value!r} is not a whole number.")
    return value


def _check_seat_number(seat: Any, seats: int) -> None:
    if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < seats:
        shown = seat + 1 if isinstance(seat, int) and not isinstance(seat, bool) else seat
        raise RoomError(f"There is no seat {shown} in this game (it has {seats}).")


def _by(host_key: str | None) -> str:
    return "host" if host_key is not None else "seat"


def _gone() -> str:
    return said(N_("This game is not in the room store any more. Ask your teacher."))


def _not_your_seat(seat: int | None) -> str:
    if isinstance(seat, int):
        return said(
            N_(
                "Seat {n} was moved to another device, or this device is not its player. Ask "
                "your teacher, or join again with the code."
            ),
            n=seat + 1,
        )
    return said(
        N_(
            "This seat was moved to another device, or this device is not its player. Ask your "
            "teacher, or join again with the code."
        )
    )


def _already_played(number: int, count: int) -> str:
    if number < count:
        return said(
            N_(
                "Someone else moved first. Your screen now shows their move: look again and "
                "play if it is still your turn."
            )
        )
    return said(
        N_("Your screen was behind the game. It shows the latest moves now: look again and play.")
    )


def _first_line(exc: BaseException) -> str:
    orig = getattr(exc, "orig", None) or exc
    return str(orig).strip().splitlines()[0] if str(orig).strip() else type(orig).__name__
