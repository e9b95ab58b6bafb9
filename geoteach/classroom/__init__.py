"""The lesson record: every answer of a class kept in one file, a report, a review deck.

    from geoteach import classroom
    classroom.record(game, lesson="records/7B.sqlite")     # every answer of this game is kept
    lesson = classroom.open_lesson("records/7B.sqlite")
    lesson.answers()                                        # a pandas table, one row an answer
    classroom.review_deck(lesson)                           # the most missed questions, as a deck

This layer knows no widgets (the report widget is ``geoteach.ui.lesson_report``) and the games
never import it: a game only describes the answers a move gave (``Game.answers_in``).
Names load on first use, so ``import geoteach.classroom`` stays cheap.

Layer: under ``ui`` and ``lessons``. May import ``render``, ``bots``, ``games``, ``store``
(the record's file is ``geoteach.store.lesson_record``), ``quiz``, ``data`` and the top-level
helpers; never ``ui`` or ``lessons``.
"""

from __future__ import annotations

from geoteach._lazy import lazy_exports

_EXPORTS = {
    "Lesson": "geoteach.store.lesson_record",
    "RecordError": "geoteach.store.lesson_record",
    "RECORD_ENV": "geoteach.store.lesson_record",
    "check_record_path": "geoteach.store.lesson_record",
    "configured_path": "geoteach.store.lesson_record",
    "open_lesson": "geoteach.classroom.lessons",
    "Recorder": "geoteach.classroom.recorder",
    "record": "geoteach.classroom.recorder",
    "recorder_of": "geoteach.classroom.recorder",
    "demo_record": "geoteach.classroom.demo",
    "review_deck": "geoteach.classroom.review",
    "review_questions": "geoteach.classroom.review",
    "pursuit_questions": "geoteach.classroom.review",
    "report": "geoteach.classroom.report",
}

__all__, __getattr__, __dir__ = lazy_exports(__name__, _EXPORTS)
