"""Recording a game: one listener that writes every answer the game reports into the record.

``record(game, lesson=path)`` is the whole interface a UI needs: it attaches a listener
(``game.on_change``) that asks the game which answers each applied move gave
(``Game.answers_in``) and writes them as rows. Any UI that applies moves is recorded; the games
know nothing about the record.

Decisions:

* **Seconds taken** are measured from when the question became current, which is when the
  previous move of the game was applied (or when recording started), to the move that answered
  it. A move that says how long it took (``seconds``, sent by a UI with a countdown) is
  believed instead. In GeoTriple's race, where both players hunt at once, this is the time
  since the last move at the table.
* **Computer players** are not recorded unless ``bots=True``: the report is about the class.
* **A failed write never stops the game.** The rows are kept in memory, the problem is shown
  through ``on_error`` (and logged), and the next answer writes them all. A kernel that dies
  loses the rows not yet written: normally only the answer being written.
"""

from __future__ import annotations

import logging
import os
import sqlite3
import time
import uuid
import weakref
from collections.abc import Callable
from datetime import date
from typing import Any

from geoteach.games.base import Action, Game
from geoteach.store.lesson_record import Lesson, RecordError, check_record_path, configured_path

log = logging.getLogger("geoteach.classroom")

#: Rows kept in memory while the file cannot be written, before the oldest are dropped.
MAX_PENDING = 10_000
#: Move times kept for answers scored later (a Globalissimo round has at most 6 ranks).
_TIMES_KEPT = 64

_RECORDERS: weakref.WeakKeyDictionary[Game, Recorder] = weakref.WeakKeyDictionary()
_OPEN: dict[str, Lesson] = {}


def open_record(path: str | os.PathLike[str]) -> Lesson:
    """The record at ``path``, opened once per kernel and shared by every game recorded in it."""
    key = str(check_record_path(path))
    if key not in _OPEN:
        _OPEN[key] = Lesson(key)
    return _OPEN[key]


class Recorder:
    """Writes the answers of one game into a lesson record. Made by ``record``."""

    def __init__(
        self,
        game: Game,
        lesson: Lesson,
        name: str,
        *,
        bots: bool = False,
        on_error: Callable[[str], Any] | None = None,
        clock: Callable[[], float] = time.time,
    ) -> None:
        self.game = game
        self.lesson = lesson
        self.name = name
        self.bots = bots
        self.on_error = on_error
        self.clock = clock
        self.session = uuid.uuid4().hex
        self.active = True
        self.written = 0
        self.problem: str | None = None
        self.pending: list[dict[str, Any]] = []
        #: Seats taken with a hub login (a class game on JupyterHub): their answers are the
        #: login's (``geoteach.classroom.referee``).
        self.logins: dict[int, str] = {}
        self._context = _safely(game.answer_context, {})
        self._started = clock()
        self._times: dict[int, float] = {}

    # -- the listener ---------------------------------------------------------------------
    def __call__(self, game: Game, action: Action) -> None:
        """After each move: collect its answers and write them. Never raises into the game."""
        if not self.active:
            return
        try:
            now = self.clock()
            step = len(game.log) - 1
            before, self._context = self._context, game.answer_context()
            self._times[step] = now
            for old in [s for s in self._times if s < step - _TIMES_KEPT]:
                del self._times[old]
            facts = game.answers_in(action, before)
            rows = [self._row(fact, step, now) for fact in facts]
            self.pending.extend(r for r in rows if r is not None)
        except Exception as exc:  # a game's report of its answers must never stop play
            self._report(f"An answer could not be read from the game: {exc}")
            log.exception("reading answers from %s", game.name)
            return
        self.flush()

    def flush(self) -> bool:
        """Write the rows waiting in memory; True when none are left."""
        if not self.pending:
            return True
        try:
            self.written += self.lesson.write(self.pending)
        except (sqlite3.Error, OSError, RecordError) as exc:
            if len(self.pending) > MAX_PENDING:
                del self.pending[: len(self.pending) - MAX_PENDING]
            self._report(
                f"The lesson record {self.lesson.path.name} cannot be written just now ({exc}); "
                f"{len(self.pending)} answer(s) wait and will be saved with the next one. "
                "The game goes on."
            )
            return False
        self.pending.clear()
        self.problem = None
        return True

    def stop(self) -> None:
        """Stop recording this game (answers already given stay in the record)."""
        self.flush()
        self.active = False
        _RECORDERS.pop(self.game, None)

    # -- rows -----------------------------------------------------------------------------
    def _row(self, fact: dict[str, Any], step: int, now: float) -> dict[str, Any] | None:
        seat = self.game.table.seats[fact["seat"]]
        if seat.is_bot and not self.bots:
            return None
        at_step = step if fact.get("step") is None else int(fact["step"])
        at = self._times.get(at_step, now)
        seconds = fact.get("seconds")
        if seconds is None:
            seconds = at - self._times.get(at_step - 1, self._started)
        return {
            **{k: fact[k] for k in ("question_id", "question", "place", "topic", "level")},
            **{k: fact[k] for k in ("answer", "accepted", "correct", "points", "mode", "card")},
            "uid": uuid.uuid4().hex,
            "lesson": self.name,
            "game": self.game.name,
            "session": self.session,
            # A class game's seat taken with a hub login is that student's; a team otherwise.
            "player": self.logins.get(fact["seat"], seat.name),
            "members": [seat.name, *seat.members]
            if fact["seat"] in self.logins
            else list(seat.members),
            "bot": seat.is_bot,
            "seconds": round(max(0.0, float(seconds)), 3),
            "at": at,
        }

    def _report(self, message: str) -> None:
        self.problem = message
        log.warning(message)
        if self.on_error is not None:
            try:
                self.on_error(message)
            except Exception:  # showing the problem must not break the game either
                log.exception("showing a lesson record problem")


def record(
    game: Game,
    lesson: str | os.PathLike[str] | Lesson | None = None,
    *,
    name: str | None = None,
    bots: bool = False,
    on_error: Callable[[str], Any] | None = None,
    clock: Callable[[], float] = time.time,
) -> Recorder | None:
    """Record every answer of ``game`` into the class's record file; None when recording is off.

    ``lesson`` is the record file (a path, or a ``Lesson`` already open); without it,
    ``$GEOTEACH_LESSON_RECORD`` names the file for a whole server, and if that is not set
    either, nothing is recorded (returns None). ``name`` is the lesson's name in the file
    (default: today's date, e.g. "2026-03-04"). ``on_error(message)`` is told when the file
    cannot be written; the game goes on. Recording the same game twice changes nothing.

    Raises ``RecordError`` if the file named cannot be a lesson record (a folder, a missing
    folder, another program's file), so a setup screen can say so before the game starts.
    """
    if game in _RECORDERS:
        return _RECORDERS[game]
    if lesson is None:
        lesson = configured_path()
        if lesson is None:
            return None
    store = lesson if isinstance(lesson, Lesson) else open_record(lesson)
    recorder = Recorder(
        game,
        store,
        (name or "").strip() or date.today().isoformat(),
        bots=bots,
        on_error=on_error,
        clock=clock,
    )
    game.on_change(recorder, first=True)
    _RECORDERS[game] = recorder
    return recorder


def recorder_of(game: Game) -> Recorder | None:
    """The recorder attached to ``game``, if any."""
    return _RECORDERS.get(game)


def _safely(work: Callable[[], dict[str, Any]], default: dict[str, Any]) -> dict[str, Any]:
    try:
        return work()
    except Exception:
        log.exception("reading what a game asks")
        return default
