"""What an answer given in a game is, as plain data: the facts a lesson record keeps.

A game reports the answers an applied action gave through ``Game.answers_in(action, before)``
(see ``geoteach.games.base``), one dict per answer, made here so every game writes the same
keys:

``seat``         the seat (player or team) that answered;
``question_id``  a stable id: the card's id, or ``kind:CODE`` for a question the game makes;
``question``     the question as it was put to the player;
``place``        the places it is about (ISO3 countries, USPS states), maybe none;
``topic``        the category, deck or task ("Capitals & Cities", "World map", ...);
``level``        1-3 where the game has levels, else None;
``answer``       what the player gave (typed or chosen text, a clicked place, a rank), "" for a
                 mark in honor mode or when time ran out;
``accepted``     the answers that count as right;
``correct``      the game's own verdict;
``points``       what the answer earned where the game scores each answer, else None;
``mode``         how it was given: "typed", "chosen", "click", "honor", "rank", "match",
                 "challenge" or "time up";
``card``         the whole question card (``Question.to_dict``) when there is one, so a review
                 deck can ask it again;
``step``         the index in ``game.log`` of the action that gave the answer, when it is not
                 the action just applied (Globalissimo scores the ranks of a round together);
``seconds``      how long the player took, when the action itself says so.

Games never import the lesson record: they only describe answers.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from geoteach.quiz.places import question_places
from geoteach.quiz.question import Question

AnswerFact = dict[str, Any]

MODES: tuple[str, ...] = (
    "typed",
    "chosen",
    "click",
    "honor",
    "rank",
    "match",
    "challenge",
    "time up",
)


def answer_fact(
    seat: int,
    *,
    question_id: str,
    question: str,
    answer: Any,
    correct: bool,
    mode: str,
    accepted: Iterable[Any] = (),
    place: Iterable[str] = (),
    topic: str = "",
    level: int | None = None,
    points: float | None = None,
    card: dict[str, Any] | None = None,
    step: int | None = None,
    seconds: float | None = None,
) -> AnswerFact:
    """One answer as the plain dict every game reports (keys in the module notes)."""
    if mode not in MODES:
        raise ValueError(f"An answer is given in one of {', '.join(MODES)} modes, not {mode!r}.")
    return {
        "seat": int(seat),
        "question_id": str(question_id),
        "question": str(question),
        "place": [str(p) for p in place],
        "topic": str(topic),
        "level": None if level is None else int(level),
        "answer": "" if answer is None else str(answer),
        "accepted": [str(a) for a in accepted],
        "correct": bool(correct),
        "points": None if points is None else float(points),
        "mode": mode,
        "card": card,
        "step": step,
        "seconds": None if seconds is None else float(seconds),
    }


def card_answer(
    seat: int,
    question: Question,
    *,
    given: str | None,
    correct: bool,
    mode: str,
    topic: str | None = None,
    level: int | None = None,
    question_id: str | None = None,
    points: float | None = None,
    seconds: float | None = None,
) -> AnswerFact:
    """An answer to a question card: its id, prompt, accepted answers and places come from it."""
    return answer_fact(
        seat,
        question_id=question_id or question.id or f"{question.category}:{question.prompt}",
        question=question.prompt,
        answer=given,
        correct=correct,
        mode=mode,
        accepted=question.accepted,
        place=question_places(question),
        topic=question.category if topic is None else topic,
        level=question.level if level is None else level,
        points=points,
        card=question.to_dict(),
        seconds=seconds,
    )


def typed_or_marked(action: dict[str, Any]) -> tuple[str | None, str]:
    """(what was given, mode) of an ``answer`` action that carries ``text`` or a ``mark``.

    A mark with a ``choice`` is a multiple-choice answer: the card judged the option clicked.
    """
    if "choice" in action:
        return action["choice"], "chosen"
    if "mark" in action:
        return None, "honor"
    return action.get("text"), "typed"
