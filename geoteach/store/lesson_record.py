"""The lesson record: one SQLite file per class, every answer one row.

Why SQLite, and how several kernels share one file:

* The file is written by the standard library's ``sqlite3`` in WAL mode, so the teacher's report
  reads while students write, and writers queue for a few milliseconds instead of failing.
* Each answer (or the answers of one move) is written in its own short transaction
  (``BEGIN IMMEDIATE`` ... ``COMMIT``), with a busy timeout and a few retries, so a kernel that
  dies loses at most the answer it was writing. ``synchronous=NORMAL`` keeps every committed row
  when a kernel or a browser dies; only a power cut can lose the last moments.
* Every row carries a random ``uid`` and is inserted with ``INSERT OR IGNORE``: a write retried
  after a timeout never doubles a row.
* The file says what it is (``PRAGMA application_id``), so a setup screen can refuse a notebook,
  a picture or another program's database before anything is written to it.
* All kernels must run on the machine that holds the file (a laptop, one school server, one
  JupyterHub host): SQLite's locks do not work across a network drive.

Privacy: the file stays where the teacher put it; nothing is sent anywhere. Names are whatever
the teacher typed (pseudonyms work). Deleting a player or a lesson overwrites the deleted rows
(``secure_delete``) and empties the write-ahead log, so the names are gone from the file too.
"""

from __future__ import annotations

import contextlib
import json
import os
import sqlite3
import threading
import time
from collections.abc import Callable, Iterable, Mapping, Sequence
from datetime import datetime
from pathlib import Path
from typing import TYPE_CHECKING, Any, TypeVar

from geoteach.escape import html_text, spreadsheet_text

if TYPE_CHECKING:  # pandas (0.3 s, 30 MB) is imported only to read the record: a game's kernel
    # writes answers and never needs it (issue 24).
    import pandas as pd

#: Environment variable naming the record file for a whole server (Voilà, JupyterHub).
RECORD_ENV = "GEOTEACH_LESSON_RECORD"
#: "GTLR" in the SQLite header: the file is a geoteach lesson record.
APPLICATION_ID = 0x47544C52
FORMAT_VERSION = 1
#: How long a write waits for another kernel's write to finish before it retries.
BUSY_SECONDS = 2.0
#: Attempts of one write (each waits up to ``BUSY_SECONDS``) before it is reported as failed.
WRITE_ATTEMPTS = 3
_SQLITE_MAGIC = b"SQLite format 3\x00"

#: The columns of ``Lesson.answers()``, in order.
COLUMNS: tuple[str, ...] = (
    "lesson",
    "game",
    "player",
    "members",
    "question",
    "answer",
    "correct",
    "accepted",
    "seconds",
    "place",
    "topic",
    "level",
    "points",
    "mode",
    "at",
    "question_id",
    "session",
    "bot",
)

_SCHEMA = """
CREATE TABLE IF NOT EXISTS answers (
    id          INTEGER PRIMARY KEY,
    uid         TEXT NOT NULL UNIQUE,
    lesson      TEXT NOT NULL,
    game        TEXT NOT NULL,
    session     TEXT NOT NULL,
    player      TEXT NOT NULL,
    members     TEXT NOT NULL DEFAULT '[]',
    bot         INTEGER NOT NULL DEFAULT 0,
    question_id TEXT NOT NULL,
    question    TEXT NOT NULL,
    place       TEXT NOT NULL DEFAULT '[]',
    topic       TEXT NOT NULL DEFAULT '',
    level       INTEGER,
    answer      TEXT NOT NULL DEFAULT '',
    accepted    TEXT NOT NULL DEFAULT '[]',
    correct     INTEGER NOT NULL,
    points      REAL,
    mode        TEXT NOT NULL,
    seconds     REAL,
    at          REAL NOT NULL
);
CREATE INDEX IF NOT EXISTS answers_by_lesson ON answers (lesson);
CREATE INDEX IF NOT EXISTS answers_by_player ON answers (player);
CREATE TABLE IF NOT EXISTS cards (
    question_id TEXT PRIMARY KEY,
    card        TEXT NOT NULL
);
"""
#: The columns a row to write has (``id`` is given by SQLite).
ROW_FIELDS: tuple[str, ...] = (
    "uid",
    "lesson",
    "game",
    "session",
    "player",
    "members",
    "bot",
    "question_id",
    "question",
    "place",
    "topic",
    "level",
    "answer",
    "accepted",
    "correct",
    "points",
    "mode",
    "seconds",
    "at",
)
_INSERT = (
    f"INSERT OR IGNORE INTO answers ({', '.join(ROW_FIELDS)}) "
    f"VALUES ({', '.join('?' * len(ROW_FIELDS))})"
)
#: A question card is kept once per question (the newest version), not once per answer.
_KEEP_CARD = (
    "INSERT INTO cards (question_id, card) VALUES (?, ?) "
    "ON CONFLICT (question_id) DO UPDATE SET card = excluded.card"
)
#: Columns stored as JSON lists, shown in the table as text joined by "; ".
_LISTS = ("members", "place", "accepted")


T = TypeVar("T")


class RecordError(ValueError):
    """A record file that cannot be used, or a request it cannot answer. Says what to do."""


# ----------------------------------------------------------------------------- the path
def configured_path() -> Path | None:
    """The record file named by ``$GEOTEACH_LESSON_RECORD``, or None when it is not set."""
    value = os.environ.get(RECORD_ENV, "").strip()
    return Path(value) if value else None


def check_record_path(path: str | os.PathLike[str] | None) -> Path:
    """The full path of a usable record file, or a ``RecordError`` saying what is wrong.

    For a setup screen: nothing is created or changed. A new file is fine if its folder exists
    and can be written; an existing file must be a geoteach lesson record (or empty).
    """
    text = "" if path is None else str(path).strip()
    if not text:
        raise RecordError("Type a name for the class's record file, for example records/7B.sqlite.")
    target = Path(os.path.expandvars(os.path.expanduser(text)))
    if target.is_dir():
        raise RecordError(
            f"{target} is a folder. Add a file name, for example {target / 'class.sqlite'}."
        )
    folder = target.parent if str(target.parent) else Path(".")
    if not folder.is_dir():
        raise RecordError(f"There is no folder {folder}. Create it first, or choose another place.")
    # The write-ahead log and its index live beside the file: the folder must be writable too.
    if not os.access(folder, os.W_OK | os.X_OK):
        raise RecordError(
            f"The folder {folder} cannot be written to. Choose a folder of your own, or ask for "
            "write access to it."
        )
    if target.exists():
        if not os.access(target, os.R_OK | os.W_OK):
            raise RecordError(
                f"{target.name} cannot be read and written. Ask for access to it, or choose "
                "another file."
            )
        _check_is_record(target)
    return target.resolve()


def _check_is_record(path: Path) -> None:
    """Refuse files that are not lesson records before anything is written to them."""
    with path.open("rb") as fh:
        header = fh.read(100)
    if not header:
        return  # an empty file: a new record
    if not header.startswith(_SQLITE_MAGIC) or len(header) < 72:
        raise RecordError(
            f"{path.name} is not a lesson record (it is not a database file). Choose a new file "
            "name; nothing was changed."
        )
    if int.from_bytes(header[68:72], "big") == APPLICATION_ID:
        return
    # The header on disk may be older than the write-ahead log beside it: ask SQLite.
    con = sqlite3.connect(path, timeout=BUSY_SECONDS)
    try:
        con.execute("PRAGMA query_only = ON")
        # Both reads from one snapshot: another kernel may be creating the record right now,
        # and between two separate reads it could commit (no id yet, then tables: "another
        # program"). One read transaction sees either the empty file or the finished record.
        con.execute("BEGIN")
        app_id = con.execute("PRAGMA application_id").fetchone()[0]
        tables = con.execute("SELECT COUNT(*) FROM sqlite_master").fetchone()[0]
        con.execute("COMMIT")
    except sqlite3.DatabaseError as exc:
        raise RecordError(
            f"{path.name} cannot be read as a lesson record ({exc}). Choose a new file name; "
            "nothing was changed."
        ) from exc
    finally:
        con.close()
    if app_id == APPLICATION_ID or (app_id == 0 and not tables):
        return  # a lesson record, or a database with nothing in it yet
    raise RecordError(
        f"{path.name} is a database of another program, not a lesson record. Choose a new file "
        "name; nothing was changed."
    )


# ----------------------------------------------------------------------------- the record
class Lesson:
    """One class's record file: write answers, read them as a table, delete on request.

    Open it with ``geoteach.classroom.open_lesson(path)``. One object may be shared by several
    games in a kernel (it is thread-safe); every kernel opens its own.
    """

    def __init__(self, path: str | os.PathLike[str]) -> None:
        self.path = check_record_path(path)
        self._lock = threading.RLock()
        self._con: sqlite3.Connection | None = None
        with self._lock:
            self._connection()

    # -- connection -----------------------------------------------------------------------
    def _connection(self) -> sqlite3.Connection:
        if self._con is None:
            self._con = _retry(lambda: _open(self.path))
        return self._con

    def _drop_connection(self) -> None:
        if self._con is not None:
            with contextlib.suppress(sqlite3.Error):
                self._con.close()
            self._con = None

    def close(self) -> None:
        """Close the file (a new write or read opens it again)."""
        with self._lock:
            self._drop_connection()

    # -- writing --------------------------------------------------------------------------
    def write(self, rows: Sequence[Mapping[str, Any]]) -> int:
        """Write ``rows`` (dicts with ``ROW_FIELDS``) in one short transaction; returns how many.

        Waits for other kernels' writes (busy timeout, retries) and raises ``sqlite3.Error`` or
        ``OSError`` if the file still cannot be written; a row already written is not doubled.
        """
        if not rows:
            return 0
        values = [tuple(_cell(row, name) for name in ROW_FIELDS) for row in rows]
        cards = {
            str(row["question_id"]): json.dumps(row["card"], ensure_ascii=False)
            for row in rows
            if row.get("card")
        }

        def insert(con: sqlite3.Connection) -> None:
            con.executemany(_INSERT, values)
            con.executemany(_KEEP_CARD, cards.items())

        self._transaction(insert)
        return len(values)

    def _transaction(self, work: Callable[[sqlite3.Connection], T]) -> T:
        """``work(connection)`` as one short write transaction, retried while the file is busy."""

        def attempt() -> T:
            con = self._connection()
            try:
                con.execute("BEGIN IMMEDIATE")
                result = work(con)
                con.execute("COMMIT")
            except BaseException:
                if con.in_transaction:
                    con.execute("ROLLBACK")
                raise
            return result

        with self._lock:
            return _retry(attempt, on_error=self._drop_connection)

    # -- reading --------------------------------------------------------------------------
    def answers(
        self,
        lesson: str | None = None,
        game: str | None = None,
        player: str | None = None,
        bots: bool = False,
    ) -> pd.DataFrame:
        """Every answer as a table, oldest first (columns: ``COLUMNS``).

        Filters: one ``lesson``, ``game`` ("globalissimo", ...) or ``player``; computer players'
        answers only with ``bots=True``. ``at`` is local time; ``members``, ``place`` and
        ``accepted`` are texts joined by "; ".
        """
        where, params = ["1"], []
        for column, value in (("lesson", lesson), ("game", game), ("player", player)):
            if value is not None:
                where.append(f"{column} = ?")
                params.append(value)
        if not bots:
            where.append("bot = 0")
        query = (
            f"SELECT {', '.join(COLUMNS)} FROM answers WHERE {' AND '.join(where)} ORDER BY at, id"
        )
        import pandas as pd

        with self._lock:
            frame = _retry(lambda: pd.read_sql_query(query, self._connection(), params=params))
        return _tidy(frame)

    def cards(self, question_ids: Iterable[str]) -> dict[str, dict[str, Any]]:
        """The newest question card of each id (``Question.to_dict``), where there is one."""
        wanted = set(question_ids)
        with self._lock:
            con = self._connection()
            rows = _retry(lambda: con.execute("SELECT question_id, card FROM cards").fetchall())
        return {qid: json.loads(card) for qid, card in rows if qid in wanted}

    def lessons(self) -> list[str]:
        """Lesson names, in the order they were first played."""
        return self._distinct("lesson")

    def players(self, bots: bool = False) -> list[str]:
        """Players and teams, in the order they first answered."""
        return self._distinct("player", "" if bots else "WHERE bot = 0")

    def games(self) -> list[str]:
        return self._distinct("game")

    def _distinct(self, column: str, where: str = "") -> list[str]:
        query = f"SELECT {column} FROM answers {where} GROUP BY {column} ORDER BY MIN(at)"
        with self._lock:
            rows = _retry(lambda: self._connection().execute(query).fetchall())
        return [r[0] for r in rows]

    def count(self) -> int:
        with self._lock:
            con = self._connection()
            return int(_retry(lambda: con.execute("SELECT COUNT(*) FROM answers").fetchone()[0]))

    # -- deleting (privacy) ---------------------------------------------------------------------
    def delete_player(self, name: str, lesson: str | None = None) -> int:
        """Delete every answer of ``name`` (in one ``lesson``, or all); returns how many rows.

        The name is also taken out of the member lists of the teams ``name`` played in; the
        teams' answers stay. Raises ``RecordError`` if nobody of that name is in the record.
        """
        exact = self._exact_name(name)
        in_lesson = "" if lesson is None else " AND lesson = ?"
        extra = [] if lesson is None else [lesson]

        def delete(con: sqlite3.Connection) -> int:
            gone = con.execute(
                f"DELETE FROM answers WHERE player = ?{in_lesson}", [exact, *extra]
            ).rowcount
            teams = con.execute(
                f"SELECT id, members FROM answers WHERE members LIKE ?{in_lesson}",
                [f"%{json.dumps(exact, ensure_ascii=False)[1:-1]}%", *extra],
            ).fetchall()
            for row_id, members in teams:
                names = json.loads(members)
                if exact in names:
                    kept = json.dumps([m for m in names if m != exact], ensure_ascii=False)
                    con.execute("UPDATE answers SET members = ? WHERE id = ?", (kept, row_id))
            return gone

        gone = self._transaction(delete)
        self._forget()
        return gone

    def delete_lesson(self, lesson: str) -> int:
        """Delete every answer of one lesson; returns how many rows."""
        if lesson not in self.lessons():
            known = ", ".join(self.lessons()) or "none yet"
            raise RecordError(f"There is no lesson called {lesson!r} in this record ({known}).")
        gone = self._transaction(
            lambda con: con.execute("DELETE FROM answers WHERE lesson = ?", [lesson]).rowcount
        )
        self._forget()
        return gone

    def _exact_name(self, name: str) -> str:
        """The stored spelling of a typed name (case and spaces do not matter)."""
        key = " ".join(str(name).split()).casefold()
        with self._lock:
            con = self._connection()
            names: list[str] = [r[0] for r in con.execute("SELECT DISTINCT player FROM answers")]
            members: set[str] = {
                m
                for (text,) in con.execute("SELECT DISTINCT members FROM answers")
                for m in json.loads(text)
            }
        for known in [*names, *sorted(members)]:
            if known.casefold() == key:
                return known
        from rapidfuzz import process

        best = process.extractOne(name, [*names, *members], score_cutoff=60)
        hint = f" Did you mean {best[0]}?" if best else ""
        raise RecordError(f"Nobody called {name} is in this record.{hint}")

    def _forget(self) -> None:
        """Push deleted pages out of the write-ahead log into the (overwritten) file."""
        # If another kernel is reading, its next checkpoint finishes the job.
        with self._lock, contextlib.suppress(sqlite3.Error):
            self._connection().execute("PRAGMA wal_checkpoint(TRUNCATE)")

    # -- export and display ----------------------------------------------------------------------
    def export_csv(
        self, path: str | os.PathLike[str] | None = None, frame: pd.DataFrame | None = None
    ) -> Path:
        """Write the answers (or ``frame``, e.g. a filtered table) to a CSV file for a spreadsheet.

        Default file: ``<record>-answers.csv`` beside the record. Typed text that a spreadsheet
        would run as a formula (``=...``) is written so that it stays text.
        """
        table = self.answers() if frame is None else frame
        target = (
            self.path.with_name(f"{self.path.stem}-answers.csv") if path is None else Path(path)
        )
        import pandas as pd

        out = table.copy()
        for column in out.columns:
            if out[column].dtype == object or pd.api.types.is_string_dtype(out[column]):
                out[column] = out[column].map(spreadsheet_text)
        out.to_csv(target, index=False, encoding="utf-8-sig")
        return target

    def summary(self) -> str:
        """Where the file is and what is in it, in one line."""
        count = self.count()
        lessons, players = len(self.lessons()), len(self.players())
        return (
            f"Lesson record {self.path}: {count} answer{'s' if count != 1 else ''} from "
            f"{players} player{'s' if players != 1 else ''} in {lessons} "
            f"lesson{'s' if lessons != 1 else ''}. It stays on this computer."
        )

    def __repr__(self) -> str:
        return self.summary()

    def _repr_html_(self) -> str:
        return f"<p>{html_text(self.summary())}</p>"


# ----------------------------------------------------------------------------- helpers
def _open(path: Path) -> sqlite3.Connection:
    """Connect, switch on WAL, and create the table the first time (several kernels at once)."""
    con = sqlite3.connect(path, timeout=BUSY_SECONDS, isolation_level=None, check_same_thread=False)
    try:
        con.execute("PRAGMA journal_mode=WAL")
        con.execute("PRAGMA synchronous=NORMAL")
        con.execute("PRAGMA secure_delete=ON")
        app_id = con.execute("PRAGMA application_id").fetchone()[0]
        if app_id != APPLICATION_ID:
            con.execute("BEGIN IMMEDIATE")
            try:
                if con.execute("PRAGMA application_id").fetchone()[0] != APPLICATION_ID:
                    if con.execute("SELECT COUNT(*) FROM sqlite_master").fetchone()[0]:
                        raise RecordError(
                            f"{path.name} is a database of another program, not a lesson record."
                        )
                    # One statement at a time: executescript would commit half-way.
                    for statement in _SCHEMA.split(";"):
                        if statement.strip():
                            con.execute(statement)
                    con.execute(f"PRAGMA application_id = {APPLICATION_ID}")
                    con.execute(f"PRAGMA user_version = {FORMAT_VERSION}")
                con.execute("COMMIT")
            except BaseException:
                if con.in_transaction:
                    con.execute("ROLLBACK")
                raise
        version = con.execute("PRAGMA user_version").fetchone()[0]
        if version > FORMAT_VERSION:
            raise RecordError(
                f"{path.name} was written by a newer geoteach (record format {version}); "
                "update geoteach to read it."
            )
    except BaseException:
        con.close()
        raise
    return con


def _retry(work: Callable[[], T], on_error: Callable[[], None] | None = None) -> T:
    """Run ``work()``; when another kernel holds the file too long, wait a little and try again."""
    for attempt in range(WRITE_ATTEMPTS):
        try:
            return work()
        except sqlite3.OperationalError as exc:
            if on_error is not None:
                on_error()
            busy = "locked" in str(exc) or "busy" in str(exc)
            if not busy or attempt == WRITE_ATTEMPTS - 1:
                raise
            time.sleep(0.05 * (attempt + 1))
    raise AssertionError("unreachable")


def _cell(row: Mapping[str, Any], name: str) -> Any:
    value = row.get(name)
    if name in _LISTS:
        return json.dumps(list(value or []), ensure_ascii=False)
    if name in ("correct", "bot"):
        return int(bool(value))
    return value


def _tidy(frame: pd.DataFrame) -> pd.DataFrame:
    """Stored cells as a teacher reads them: booleans, local times, lists as text."""
    import pandas as pd

    for column in _LISTS:
        # A class gives thousands of answers to a few hundred questions: decode each list once.
        texts = frame[column].fillna("[]").astype(str)
        shown = {text: "; ".join(json.loads(text)) for text in texts.unique()}
        frame[column] = texts.map(shown)
    frame["correct"] = frame["correct"].astype(bool)
    frame["bot"] = frame["bot"].astype(bool)
    frame["level"] = frame["level"].astype("Int64")
    frame["seconds"] = frame["seconds"].astype(float)
    frame["points"] = frame["points"].astype(float)
    local = datetime.now().astimezone().tzinfo
    frame["at"] = (
        pd.to_datetime(frame["at"].astype(float), unit="s", utc=True)
        .dt.tz_convert(local)
        .dt.tz_localize(None)
    )
    return frame[list(COLUMNS)]
