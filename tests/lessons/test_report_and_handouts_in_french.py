"""The teacher's lesson report and a handout in French (issue 37): the report's own sentences in
the page's language, and the record's questions, topics and right answers worded in it from
their ids (only what the pupils typed stays as typed)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from geoteach import classroom
from geoteach.i18n import speaking
from geoteach.lessons.handouts import write_handouts
from geoteach.ui.lesson_report import LessonReport
from tests.classroom.records import class_rows
from tests.ui.test_class_game_languages import said_in


def test_the_lesson_report_is_said_in_french(tmp_path: Path) -> None:
    lesson = classroom.open_lesson(tmp_path / "class.sqlite")
    rows = class_rows(students=3, answers=20, lessons=2)
    lesson.write(rows)
    # The record keeps the questions as they were asked (English here); the report words them
    # in French from their ids (geoteach.classroom.asked): only what the pupils typed is kept.
    typed = " ".join(str(row["answer"]) for row in rows)
    with speaking("fr"):
        report = LessonReport(lesson)
        said_in(
            "fr",
            report,
            "60 réponses",
            "de 3 joueurs ou équipes en 2 cours.",
            "Il reste sur cet ordinateur.",
            "Toute la classe",
            "Les dix questions les plus difficiles",
            "Carte du monde : chaque lieu est coloré",
            stored=typed,
        )
        # The hardest questions in French (a French question mark has a space before it).
        assert re.search(r"[\s\u202f\xa0]\?</td>", report.hardest.value)
        assert re.search(r"\d[\u202f\xa0]%", report.summary.value)  # "62 %", French spacing
        report.export()
        assert "réponses enregistrées dans" in report.messages.line.value
    # The same record on an English page reads as it always did.
    english = LessonReport(lesson)
    assert "60 answers" in english.summary.value and "Whole class" in english.progress.value


def test_a_handout_is_listed_and_printed_in_french(tmp_path: Path) -> None:
    with speaking("fr"):
        table = write_handouts("globe_works", tmp_path)
        assert list(table.columns) == ["fichier", "ce que c'est"]
        assert table["ce que c'est"][0].startswith("la carte des régions avec les 18 villes")
        assert Path(table["fichier"][0]).stat().st_size > 10_000
        with pytest.raises(ValueError, match="Imprime sur du papier A4 ou Letter, pas 'A3'"):
            write_handouts("globe_works", tmp_path, paper="A3")
