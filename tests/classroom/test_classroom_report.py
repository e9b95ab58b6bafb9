"""The report: shares with their counts, the hardest questions, places on the maps, progress,
the filters of the widget, and typed names that stay text."""

from __future__ import annotations

from collections.abc import Iterator
from datetime import datetime, timedelta
from pathlib import Path

import pandas as pd
import pytest

from geoteach import classroom
from geoteach.classroom import report
from geoteach.ui import safe


@pytest.fixture(autouse=True)
def no_callback_errors() -> Iterator[None]:
    safe.clear()
    yield
    assert not safe.ERRORS, [f"{c.where}: {c.error!r}" for c in safe.ERRORS]


START = datetime(2026, 3, 2, 9, 0)


def answers(*rows: tuple) -> pd.DataFrame:
    """(player, lesson, question_id, answer, correct, place[, mode]) -> an answers table."""
    records = []
    for k, row in enumerate(rows):
        player, lesson, qid, given, correct, place, *mode = row
        records.append(
            {
                "lesson": lesson,
                "game": "geography_pursuit",
                "player": player,
                "members": "",
                "question": f"Question {qid}?",
                "answer": given,
                "correct": correct,
                "accepted": f"Answer {qid}; alias",
                "seconds": 5.0,
                "place": place,
                "topic": f"Topic {qid[0]}",
                "level": 1,
                "points": float("nan"),
                "mode": mode[0] if mode else "typed",
                "at": START + timedelta(days=7 * int(lesson[-1]), minutes=k),
                "question_id": qid,
                "session": "s",
                "bot": False,
            }
        )
    return pd.DataFrame(records)


FRAME = answers(
    ("Ana", "L1", "a1", "Paris", True, "FRA"),
    ("Ana", "L1", "a2", "Lyon", False, "FRA; ESP"),
    ("Ben", "L1", "a2", "Lyon", False, "FRA; ESP"),
    ("Ben", "L1", "a2", "Nice", False, "FRA; ESP"),
    ("Ben", "L2", "b1", "", False, "TX", "honor"),
    ("Ana", "L2", "b2", "Austin", True, "TX"),
    ("Cai", "L2", "b3", "Rome", False, ""),
)


def test_accuracy_per_player_and_topic() -> None:
    players = report.accuracy(FRAME, "player").set_index("player")
    assert players.loc["Ana"].tolist() == [3, 2, pytest.approx(2 / 3)]
    assert players.loc["Ben"].tolist() == [3, 0, 0.0]
    assert list(players.index) == ["Ana", "Ben", "Cai"]  # best first; more answers first
    topics = report.accuracy(FRAME, "topic").set_index("topic")
    assert topics.loc["Topic a", "answers"] == 4


def test_places_count_every_place_of_an_answer() -> None:
    places = report.by_place(FRAME).set_index("place")
    assert places.loc["FRA", ["answers", "right"]].tolist() == [4, 1]
    assert places.loc["ESP", ["answers", "right"]].tolist() == [3, 0]
    assert places.loc["TX", "map"] == "us" and places.loc["FRA", "map"] == "world"
    assert places.loc["TX", "name"] == "Texas"


def test_hardest_questions_need_more_than_one_answer_to_top_the_list() -> None:
    hardest = report.hardest(FRAME, n=3)
    # Three misses out of three rank above a single miss out of one.
    assert hardest.loc[0, "question"] == "Question a2?"
    assert hardest.loc[0, "wrong"] == "Lyon (2), Nice (1)"
    assert hardest.loc[0, "right_answer"] == "Answer a2"
    assert hardest.loc[0, "share"] == 0
    honor = hardest[hardest["question"] == "Question b1?"]
    assert honor["wrong"].tolist() == ["(marked wrong) (1)"]


def test_progress_reads_left_to_right_in_time() -> None:
    late_first = FRAME.assign(lesson=FRAME["lesson"].map({"L1": "Zebra week", "L2": "Alpha"}))
    table = report.progress(late_first)
    assert list(table.columns) == ["Zebra week", "Alpha"]
    assert table.loc["Ana", "Zebra week"] == 0.5
    assert table.loc["Whole class", "Alpha"] == pytest.approx(1 / 3)
    assert pd.isna(table.loc["Cai", "Zebra week"])


def test_maps_colour_places_by_their_share_and_write_the_counts() -> None:
    world = report.PlaceMap("world").show(FRAME)
    colours = world.view.colours()
    assert colours["FRA"] != colours["ESP"]  # 25% right against 0%
    assert world.places.loc["FRA", "answers"] == 4
    us = report.PlaceMap("us").show(FRAME)
    assert us.places.index.tolist() == ["TX"]
    again = world.show(FRAME[FRAME["place"] == "FRA"])
    assert again.places.index.tolist() == ["FRA"]
    assert again.view.colours()["ESP"] != colours["ESP"]  # no answers about Spain any more


@pytest.fixture
def record(tmp_path: Path) -> classroom.Lesson:
    from tests.classroom.records import class_rows

    lesson = classroom.open_lesson(tmp_path / "class.sqlite")
    rows = class_rows(students=4, answers=30, lessons=2)
    rows[0]["player"] = "<img src=x onerror=alert(1)>"
    lesson.write(rows)
    return lesson


def test_report_widget_follows_its_filters(record: classroom.Lesson) -> None:
    from geoteach.ui.lesson_report import ALL, LessonReport

    widget = LessonReport(record)
    assert str(record.path) in widget.header.value
    assert "120 answers" in widget.summary.value
    assert "&lt;img src=x onerror=alert(1)&gt;" in widget.latest.value + widget.players.value
    assert "<img src=x" not in widget.players.value
    assert widget.world_picture.value and widget.us_picture.value
    widget.player_pick.value = "Student 02"
    assert "30 answers" in widget.summary.value
    assert "Student 01" not in widget.players.value
    widget.lesson_pick.value = "Lesson 2"
    assert "15 answers" in widget.summary.value
    widget.player_pick.value = ALL
    widget.export()
    saved = pd.read_csv(record.path.with_name("class-answers.csv"), encoding="utf-8-sig")
    assert len(saved) == 60 and set(saved["lesson"]) == {"Lesson 2"}
    assert "Saved 60 answers" in widget.messages.text


def test_report_pictures_say_what_they_show(record: classroom.Lesson) -> None:
    """Issue 25: each map and chart carries words (the page makes them its alt text): what the
    colours mean and the weakest and strongest places, with their figures."""
    from geoteach.ui.lesson_report import LessonReport, map_words

    widget = LessonReport(record)
    words = widget.world_box.text
    assert words.startswith("Map of the world: each place coloured by the share of right")
    assert "Weakest: " in words and "% (" in words and "answers)" in words
    assert widget.world_box.picture is widget.world_picture
    assert widget.us_box.text.startswith("Map of the U.S. states")
    empty = pd.DataFrame(columns=["place", "name", "map", "answers", "right", "share"])
    assert map_words("us", empty) == "Map of the U.S. states: no answers about a place on it yet."
    places = pd.DataFrame(
        {
            "place": ["FRA", "CHN", "TCD"],
            "name": ["France", "China", "Chad"],
            "map": ["world"] * 3,
            "answers": [4, 6, 5],
            "right": [4, 3, 1],
            "share": [1.0, 0.5, 0.2],
        }
    )
    assert map_words("world", places, most=1) == (
        "Map of the world: each place coloured by the share of right answers about it. "
        "Weakest: Chad 20% (5 answers). Strongest: France 100% (4 answers)."
    )


def test_report_refresh_shows_new_answers(record: classroom.Lesson) -> None:
    from geoteach.ui.lesson_report import LessonReport
    from tests.classroom.records import class_rows

    widget = LessonReport(record)
    record.write(class_rows(students=1, answers=5, seed=3, start=START + timedelta(days=30)))
    widget.refresh()
    assert "125 answers" in widget.summary.value


def test_the_demo_record_has_every_part_of_the_report(tmp_path: Path) -> None:
    lesson = classroom.demo_record(tmp_path / "demo.sqlite")
    frame = lesson.answers()
    assert len(lesson.lessons()) == 2
    assert {"geography_pursuit", "globalissimo", "geotriple"} <= set(frame["game"])
    assert (frame["members"] != "").any()  # a team
    assert (~frame["correct"] & (frame["answer"] != "")).any()  # typed wrong answers
    assert report.progress(frame).shape[1] == 2
