"""Records for the tests and benchmarks: a class of many students, written straight to the file.

``class_rows`` makes the rows a recorder would write for ``students`` x ``answers`` answers to
real questions (the built-in Geography Pursuit cards, GeoTriple's states), with right and wrong
answers as a class gives them, over several lessons a week apart.
"""

from __future__ import annotations

import random
import uuid
from datetime import datetime, timedelta
from functools import cache
from typing import Any

from geoteach.games.answer_facts import card_answer
from geoteach.games.geography_pursuit import default_questions
from geoteach.quiz.question import Question


def class_rows(
    students: int = 30,
    answers: int = 300,
    lessons: int = 3,
    seed: int = 0,
    start: datetime | None = None,
) -> list[dict[str, Any]]:
    """``students`` x ``answers`` rows of a class, as ``Lesson.write`` takes them."""
    rng = random.Random(seed)
    pool = [_fact(qid) for qid in rng.sample(sorted(_cards()), 600)]
    start = start or datetime(2026, 3, 2, 9, 0)
    rows = []
    for s in range(students):
        name = f"Student {s + 1:02d}"
        skill = rng.uniform(0.3, 0.9)
        for k in range(answers):
            lesson = k * lessons // answers
            fact, wrong = rng.choice(pool)
            right = rng.random() < skill
            at = start + timedelta(days=7 * lesson, seconds=20 * k + s)
            rows.append(
                {
                    **fact,
                    "answer": fact["accepted"][0] if right else rng.choice(wrong),
                    "correct": right,
                    "uid": uuid.uuid4().hex,
                    "lesson": f"Lesson {lesson + 1}",
                    "game": "geography_pursuit",
                    "session": f"s{s}-{lesson}",
                    "player": name,
                    "members": [],
                    "bot": False,
                    "seconds": rng.uniform(2, 40),
                    "at": at.timestamp(),
                }
            )
    return rows


@cache
def _cards() -> dict[str, dict[str, Any]]:
    return {c["id"]: c for cards in default_questions().values() for c in cards}


@cache
def _fact(question_id: str) -> tuple[dict[str, Any], list[str]]:
    """An answer to a built-in card (made once: its places take time to find), and the wrong
    answers a pupil might give to it."""
    question = Question.from_dict(_cards()[question_id])
    fact = card_answer(0, question, given="", correct=False, mode="typed")
    wrong = [c for c in question.choices if c != question.answer] or ["I don't know"]
    return fact, wrong
