"""The review deck: what the class missed most (recent misses first), as a valid deck that
plays in Geography Pursuit and on the question card."""

from __future__ import annotations

import uuid
from dataclasses import replace
from datetime import datetime, timedelta
from pathlib import Path

import pytest

from geoteach import classroom
from geoteach.bots.base import play_bots
from geoteach.bots.pursuit import PursuitBot
from geoteach.games.answer_facts import answer_fact, card_answer
from geoteach.games.geography_pursuit import GeographyPursuit, default_questions
from geoteach.games.table import Table
from geoteach.quiz.decks import load_deck
from geoteach.quiz.question import Question

NOW = datetime(2026, 3, 30, 10, 0)


def built_in(qid: str) -> Question:
    for cards in default_questions().values():
        for card in cards:
            if card["id"] == qid:
                return Question.from_dict(card)
    raise KeyError(qid)


def row(fact: dict, player: str = "Ana", days_ago: float = 0.0) -> dict:
    return {
        **fact,
        "uid": uuid.uuid4().hex,
        "lesson": "Week",
        "game": "geography_pursuit",
        "session": "s",
        "player": player,
        "members": [],
        "bot": False,
        "seconds": 5.0,
        "at": (NOW - timedelta(days=days_ago)).timestamp(),
    }


def miss(qid: str, days_ago: float = 0.0, player: str = "Ana") -> dict:
    fact = card_answer(0, built_in(qid), given="nowhere", correct=False, mode="typed")
    return row(fact, player, days_ago)


def hit(qid: str, days_ago: float = 0.0, player: str = "Ana") -> dict:
    question = built_in(qid)
    fact = card_answer(0, question, given=question.answer, correct=True, mode="typed")
    return row(fact, player, days_ago)


@pytest.fixture
def lesson(tmp_path: Path) -> classroom.Lesson:
    return classroom.open_lesson(tmp_path / "class.sqlite")


def test_most_missed_recent_first_and_a_valid_deck(lesson: classroom.Lesson) -> None:
    lesson.write(
        [
            *(miss("capital:FRA", days_ago=1) for _ in range(3)),
            *(miss("capital:PER", days_ago=28) for _ in range(3)),  # a month ago: weighs less
            miss("capital:KEN", days_ago=0),
            miss("capital:KEN", days_ago=0, player="Ben"),
            hit("capital:ITA"),
        ]
    )
    path = classroom.review_deck(lesson)
    assert path == lesson.path.with_name("class-review.csv")
    deck = load_deck(path)
    assert [q.id for q in deck] == ["capital:FRA", "capital:KEN", "capital:PER"]
    # Asked again as it was (a deck file does not carry the generator's difficulty estimate).
    assert deck.cards[0] == replace(built_in("capital:FRA"), difficulty=None)
    mine = load_deck(classroom.review_deck(lesson, player="Ben"))
    assert [q.id for q in mine] == ["capital:KEN"]


def test_misses_without_a_card_are_asked_about_their_place(lesson: classroom.Lesson) -> None:
    def place_miss(question_id: str, place: str) -> dict:
        fact = answer_fact(
            0,
            question_id=question_id,
            question=f"A question about {place}",
            answer="?",
            correct=False,
            mode="typed",
            place=[place],
        )
        return row(fact)

    # A missed rank, a country not found on the numbered map, a state not guessed.
    rank, found, state = (
        place_miss(q, q.split(":")[-1])
        for q in ("rank:population:MEX", "map_number:HUN", "guess_state:OH")
    )
    lesson.write([rank, found, state])
    ids = [q.id for q in load_deck(classroom.review_deck(lesson))]
    assert any(i.startswith("compare:population:") and "MEX" in i for i in ids)
    assert "continent:HUN" in ids
    assert "state_capital:OH" in ids


def test_nothing_to_review_is_said_plainly(lesson: classroom.Lesson) -> None:
    with pytest.raises(classroom.RecordError, match="no answers"):
        classroom.review_deck(lesson)
    lesson.write([hit("capital:ITA")])
    with pytest.raises(classroom.RecordError, match="nothing to review"):
        classroom.review_deck(lesson)


def test_the_review_deck_plays_in_geography_pursuit(lesson: classroom.Lesson) -> None:
    lesson.write([miss(q) for q in ("capital:FRA", "flag:KEN", "state_capital:OH")])
    deck_file = classroom.review_deck(lesson)
    review = {q.prompt for q in load_deck(deck_file)}
    questions = classroom.pursuit_questions(deck_file)
    assert len(questions) == 6
    game = GeographyPursuit(Table.of("Ana", "Ben", "Cai"), seed=4, questions=questions)
    asked: set[str] = set()

    def watch(game, action) -> None:
        if game.state["question"]:
            asked.add(game.question_card(game.state["question"]["id"])["prompt"])

    game.on_change(watch)
    play_bots(game, {s: PursuitBot("easy", seed=s) for s in range(3)}, max_moves=3000)
    assert asked & review  # review questions came up in the game


def test_the_review_deck_plays_on_the_question_card(lesson: classroom.Lesson) -> None:
    from geoteach.ui.question_card import QuestionCard

    lesson.write([miss("capital:FRA")])
    deck = load_deck(classroom.review_deck(lesson))
    card = QuestionCard(mode="typed", draw=lambda level: deck.draw())
    card.ask_next()
    assert card.question is not None and card.question.id == "capital:FRA"
    card.submit("Paris")
    assert card.verdict is not None and card.verdict.correct


def test_the_review_card_says_when_there_is_nothing_to_review(lesson: classroom.Lesson) -> None:
    from geoteach.ui.lesson_report import review_card

    lesson.write([hit("capital:ITA")])
    shown = review_card(lesson)
    assert "nothing to review" in shown.value
    lesson.write([miss("capital:FRA", days_ago=1)])
    card = review_card(lesson).children[1]
    assert card.question is not None and card.question.id == "capital:FRA"
