"""The record file: where it is, several kernels at once, failures that never stop a game,
privacy (deleting a player or a lesson), and the table a teacher reads."""

from __future__ import annotations

import os
import signal
import sqlite3
import subprocess
import sys
import textwrap
import threading
from pathlib import Path

import pandas as pd
import pytest

from geoteach import classroom
from geoteach.classroom.recorder import Recorder
from geoteach.games.geography_pursuit import GeographyPursuit
from geoteach.games.table import Seat, Table
from geoteach.store import lesson_record
from tests.classroom.records import class_rows
from tests.pursuit.conftest import fixture_questions

REQUIRED = ("player", "game", "question", "answer", "correct", "seconds", "place", "topic")
REQUIRED += ("level", "at", "lesson", "members", "accepted")


@pytest.fixture(autouse=True)
def no_server_record(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv(classroom.RECORD_ENV, raising=False)


def pursuit(table: Table | None = None) -> GeographyPursuit:
    return GeographyPursuit(table or Table.of("Ana", "Ben"), seed=1, questions=fixture_questions())


def answer_next(game: GeographyPursuit, **how) -> None:
    """Play to the next question and answer it (``text=...`` or ``mark=...``)."""
    while game.phase != "question":
        seat = game.to_act()[0]
        game.apply(game.legal_actions(seat)[0])
    game.apply({"player": game.to_act()[0], "type": "answer", **(how or {"mark": "right"})})


# ----------------------------------------------------------------------------- the path
def test_record_is_off_without_a_path_or_the_server_setting(tmp_path: Path) -> None:
    assert classroom.record(pursuit()) is None
    with pytest.raises(classroom.RecordError, match="GEOTEACH_LESSON_RECORD"):
        classroom.open_lesson()


def test_the_server_setting_names_the_record(tmp_path: Path, monkeypatch) -> None:
    path = tmp_path / "server.sqlite"
    monkeypatch.setenv(classroom.RECORD_ENV, str(path))
    game = pursuit()
    assert classroom.record(game) is not None
    answer_next(game)
    lesson = classroom.open_lesson()
    assert lesson.path == path.resolve()
    assert len(lesson.answers()) == 1


@pytest.mark.parametrize(
    ("make", "message"),
    [
        (lambda d: d, "is a folder"),
        (lambda d: d / "missing" / "class.sqlite", "There is no folder"),
        (lambda d: _write(d / "notes.txt", b"hello"), "not a database"),
        (lambda d: _other_database(d / "other.sqlite"), "another program"),
        (lambda d: "", "Type a name"),
    ],
)
def test_a_setup_screen_is_told_what_is_wrong(tmp_path: Path, make, message) -> None:
    target = make(tmp_path)
    before = sorted(tmp_path.rglob("*"))
    with pytest.raises(classroom.RecordError, match=message):
        classroom.check_record_path(target)
    assert sorted(tmp_path.rglob("*")) == before  # nothing was created or changed
    if target:
        with pytest.raises(classroom.RecordError):
            classroom.record(pursuit(), target)


def test_a_read_only_folder_is_refused(tmp_path: Path) -> None:
    folder = tmp_path / "locked"
    folder.mkdir()
    folder.chmod(0o500)
    try:
        if os.access(folder, os.W_OK):
            pytest.skip("this user can write to any folder (root)")
        with pytest.raises(classroom.RecordError, match="cannot be written"):
            classroom.check_record_path(folder / "class.sqlite")
    finally:
        folder.chmod(0o700)


def test_new_and_existing_records_are_accepted(tmp_path: Path) -> None:
    path = tmp_path / "7B.sqlite"
    assert classroom.check_record_path(path) == path.resolve()
    assert not path.exists()  # checking creates nothing
    classroom.open_lesson(path).write(class_rows(students=1, answers=2))
    assert classroom.check_record_path(str(path)) == path.resolve()
    assert classroom.check_record_path(_write(tmp_path / "empty.sqlite", b""))


def _write(path: Path, data: bytes) -> Path:
    path.write_bytes(data)
    return path


def _other_database(path: Path) -> Path:
    with sqlite3.connect(path) as con:
        con.execute("CREATE TABLE marks (pupil TEXT, mark INTEGER)")
    return path


# ----------------------------------------------------------------------------- recording
def test_answers_table_has_the_teachers_columns(tmp_path: Path) -> None:
    team = Table([Seat("Ana"), Seat("Rivers", members=["Dev", "Eun"])])
    game = pursuit(team)
    classroom.record(game, tmp_path / "class.sqlite", name="Monday")
    for _ in range(4):
        answer_next(game, text="Lima 0")
    frame = classroom.open_lesson(tmp_path / "class.sqlite").answers()
    assert set(REQUIRED) <= set(frame.columns)
    assert len(frame) == 4
    assert frame["correct"].dtype == bool
    assert pd.api.types.is_datetime64_any_dtype(frame["at"])
    assert set(frame["lesson"]) == {"Monday"}
    teams = frame[frame["player"] == "Rivers"]
    assert len(teams) and set(teams["members"]) == {"Dev; Eun"}


def test_computer_players_are_left_out_unless_asked(tmp_path: Path) -> None:
    table = Table([Seat("Ana"), Seat("Robo", kind="bot", level="easy")])
    game = pursuit(table)
    classroom.record(game, tmp_path / "class.sqlite")
    for _ in range(6):
        answer_next(game, mark="wrong")
    lesson = classroom.open_lesson(tmp_path / "class.sqlite")
    assert set(lesson.answers()["player"]) == {"Ana"}
    assert lesson.players() == ["Ana"]


def test_seconds_are_measured_from_the_previous_move(tmp_path: Path) -> None:
    now = [1000.0]
    game = pursuit()
    classroom.record(game, tmp_path / "class.sqlite", clock=lambda: now[0])
    while game.phase != "question":
        now[0] += 2.0
        game.apply(game.legal_actions(game.to_act()[0])[0])
    now[0] += 9.5
    game.apply({"player": game.to_act()[0], "type": "answer", "mark": "right"})
    while game.phase != "question":
        game.apply(game.legal_actions(game.to_act()[0])[0])
    now[0] += 30.0
    # A UI with a countdown says how long the answer took: that is kept as it is.
    game.apply({"player": game.to_act()[0], "type": "answer", "text": "x", "seconds": 4.25})
    frame = classroom.open_lesson(tmp_path / "class.sqlite").answers()
    assert list(frame["seconds"]) == [9.5, 4.25]


def test_recording_twice_writes_each_answer_once(tmp_path: Path) -> None:
    game = pursuit()
    first = classroom.record(game, tmp_path / "class.sqlite")
    assert classroom.record(game, tmp_path / "class.sqlite") is first
    answer_next(game)
    assert classroom.open_lesson(tmp_path / "class.sqlite").count() == 1


def test_a_broken_screen_does_not_stop_the_record(tmp_path: Path) -> None:
    """The recorder listens first, so a screen that fails to redraw cannot hide an answer."""
    game = pursuit()
    while game.phase != "question":
        game.apply(game.legal_actions(game.to_act()[0])[0])

    def broken_redraw(game, action):
        raise RuntimeError("the screen failed")

    game.on_change(broken_redraw)
    classroom.record(game, tmp_path / "class.sqlite")
    with pytest.raises(RuntimeError):
        game.apply({"player": game.to_act()[0], "type": "answer", "mark": "right"})
    assert classroom.open_lesson(tmp_path / "class.sqlite").count() == 1


def test_a_locked_file_never_stops_the_game(tmp_path: Path, monkeypatch) -> None:
    """Another program holds the file too long: the move is played, the problem is shown, and
    the answer is written with the next one."""
    monkeypatch.setattr(lesson_record, "BUSY_SECONDS", 0.05)
    monkeypatch.setattr(lesson_record, "WRITE_ATTEMPTS", 1)
    path = tmp_path / "class.sqlite"
    lesson = lesson_record.Lesson(path)
    shown: list[str] = []
    game = pursuit()
    recorder = Recorder(game, lesson, "Monday", on_error=shown.append)
    game.on_change(recorder)
    blocker = sqlite3.connect(path, isolation_level=None)
    blocker.execute("BEGIN EXCLUSIVE")
    answer_next(game, mark="right")
    assert game.state["last"]["correct"]  # the game went on
    assert recorder.pending and recorder.problem and shown
    assert "game goes on" in shown[-1]
    blocker.execute("ROLLBACK")
    blocker.close()
    answer_next(game, mark="wrong")
    assert not recorder.pending and recorder.problem is None
    assert list(lesson.answers()["correct"]) == [True, False]


def test_a_game_that_cannot_describe_an_answer_goes_on(tmp_path: Path) -> None:
    game = pursuit()
    shown: list[str] = []
    classroom.record(game, tmp_path / "class.sqlite", on_error=shown.append)
    game.answers_in = lambda action, before: 1 / 0  # type: ignore[method-assign]
    answer_next(game)
    assert game.state["last"] is not None
    assert shown and "could not be read" in shown[0]


_WRITER = """
import sys, uuid
from geoteach.store.lesson_record import Lesson
from tests.classroom.records import class_rows
lesson = Lesson(sys.argv[1])
rows = class_rows(students=1, answers=int(sys.argv[2]), seed=int(sys.argv[3]))
for row in rows:
    lesson.write([{**row, "uid": uuid.uuid4().hex}])
    print("written", flush=True)
"""


def _writer(path: Path, answers: int, seed: int) -> subprocess.Popen:
    env = {**os.environ, "PYTHONPATH": str(Path(__file__).parents[2])}
    return subprocess.Popen(
        [sys.executable, "-c", textwrap.dedent(_WRITER), str(path), str(answers), str(seed)],
        stdout=subprocess.PIPE,
        text=True,
        env=env,
    )


def test_several_kernels_write_at_once_without_losing_a_row(tmp_path: Path) -> None:
    path = tmp_path / "class.sqlite"
    writers = [_writer(path, 150, seed) for seed in range(4)]
    for writer in writers:
        out, _ = writer.communicate(timeout=300)
        assert writer.returncode == 0
        assert out.count("written") == 150
    lesson = classroom.open_lesson(path)
    assert lesson.count() == 600
    with sqlite3.connect(path) as con:
        assert con.execute("PRAGMA integrity_check").fetchone()[0] == "ok"
        assert con.execute("PRAGMA journal_mode").fetchone()[0] == "wal"


def test_a_kernel_that_dies_loses_no_written_answer(tmp_path: Path) -> None:
    path = tmp_path / "class.sqlite"
    writer = _writer(path, 5000, 1)
    assert writer.stdout is not None
    for _ in range(40):
        assert writer.stdout.readline().startswith("written")
    writer.send_signal(signal.SIGKILL)
    writer.wait(timeout=60)
    lesson = classroom.open_lesson(path)
    assert lesson.count() >= 40
    with sqlite3.connect(path) as con:
        assert con.execute("PRAGMA integrity_check").fetchone()[0] == "ok"
    lesson.write(class_rows(students=1, answers=1, seed=9))  # and the file goes on working


# ----------------------------------------------------------------------------- privacy
def test_deleting_a_player_removes_every_trace(tmp_path: Path) -> None:
    path = tmp_path / "class.sqlite"
    table = Table([Seat("Zoë Quist"), Seat("Rivers", members=["Xavier Ruiz", "Eun"])])
    game = pursuit(table)
    classroom.record(game, path)
    for _ in range(6):
        answer_next(game, text="Lima 0")
    lesson = classroom.open_lesson(path)
    before = lesson.answers()
    assert lesson.delete_player("zoë  quist") == (before["player"] == "Zoë Quist").sum()
    lesson.delete_player("Xavier Ruiz")  # a team member: the team's answers stay
    after = lesson.answers()
    assert "Zoë Quist" not in set(after["player"])
    assert len(after) == (before["player"] == "Rivers").sum()
    assert set(after["members"]) == {"Eun"}
    lesson.close()
    data = b"".join(p.read_bytes() for p in tmp_path.iterdir() if p.name.startswith(path.name))
    for name in ("Zoë Quist", "Xavier Ruiz"):
        assert name.encode() not in data
    with pytest.raises(classroom.RecordError, match="Did you mean Rivers"):
        lesson.delete_player("Rivres")


def test_deleting_a_lesson(tmp_path: Path) -> None:
    path = tmp_path / "class.sqlite"
    lesson = classroom.open_lesson(path)
    lesson.write(class_rows(students=2, answers=30, lessons=3))
    assert lesson.lessons() == ["Lesson 1", "Lesson 2", "Lesson 3"]
    assert lesson.delete_lesson("Lesson 2") == 20
    assert lesson.lessons() == ["Lesson 1", "Lesson 3"]
    with pytest.raises(classroom.RecordError, match="no lesson called"):
        lesson.delete_lesson("Lesson 2")


def test_export_keeps_typed_formulas_as_text(tmp_path: Path) -> None:
    game = pursuit(Table.of("=cmd|' /C calc'!A0", "Ben"))
    classroom.record(game, tmp_path / "class.sqlite")
    answer_next(game, text='=HYPERLINK("http://x")')
    lesson = classroom.open_lesson(tmp_path / "class.sqlite")
    out = lesson.export_csv()
    assert out == tmp_path / "class-answers.csv"
    text = out.read_text(encoding="utf-8-sig")
    assert "'=HYPERLINK" in text and "'=cmd" in text
    table = pd.read_csv(out, encoding="utf-8-sig")
    assert len(table) == 1 and "question" in table.columns


def test_the_record_says_where_it_is(tmp_path: Path) -> None:
    lesson = classroom.open_lesson(tmp_path / "class.sqlite")
    lesson.write(class_rows(students=3, answers=4, lessons=2))
    assert str(tmp_path / "class.sqlite") in repr(lesson)
    assert "12 answers from 3 players in 2 lessons" in repr(lesson)
    assert "stays on this computer" in lesson._repr_html_()


def test_a_busy_file_is_waited_for(tmp_path: Path) -> None:
    """A write that finds the file busy with another kernel's write waits, then goes through."""
    path = tmp_path / "class.sqlite"
    lesson = classroom.open_lesson(path)
    other = sqlite3.connect(path, isolation_level=None, check_same_thread=False)
    other.execute("BEGIN IMMEDIATE")
    threading.Timer(0.2, lambda: other.execute("COMMIT")).start()
    lesson.write(class_rows(students=1, answers=1))
    assert lesson.count() == 1
    other.close()
