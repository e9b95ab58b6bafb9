"""Answers typed in the page's language: the forgiving checker takes the page language's names
of a place (from data) and English, accents and case forgiven, and says the verdict in that
language (issue 37)."""

from __future__ import annotations

import pytest

from geoteach.i18n import speaking
from geoteach.quiz.answers import check_answer, exact_answer, said_answers
from geoteach.quiz.question import Question


def card(answer: str, *aliases: str) -> Question:
    return Question("Places", 1, "Which place?", answer, aliases=aliases, kind="place")


#: (page language, the card's English answer, what a student typed, counted right?)
TYPED = [
    ("fr", "Germany", "Allemagne", True),
    ("fr", "Germany", "allemagne", True),
    ("fr", "Germany", "Germany", True),
    ("fr", "Germany", "Alemagne", True),  # a typo of the French name
    ("fr", "Côte d'Ivoire", "Cote d'Ivoire", True),
    ("fr", "Côte d'Ivoire", "cote divoire", True),
    ("fr", "Austria", "Autriche", True),
    ("fr", "Australia", "Autriche", False),  # another place in French is never a typo
    ("fr", "United Kingdom", "Royaume-Uni", True),
    ("fr", "London", "Londres", True),
    ("fr", "North Carolina", "Caroline du Nord", True),
    ("es", "Germany", "Alemania", True),
    ("es", "Germany", "ALEMANIA", True),
    ("es", "Germany", "Allemagne", False),  # French on a Spanish page: not this page's names
    ("es", "Côte d'Ivoire", "Costa de Marfil", True),
    ("es", "Côte d'Ivoire", "Cote d’Ivoire", True),  # CLDR's name, curly apostrophe
    ("es", "Mexico", "México", True),
    ("es", "Mexico", "Mexico", True),
    ("es", "Vienna", "Viena", True),
    ("es", "Berlin", "Berlín", True),
    ("es", "Berlin", "berlin", True),
    ("es", "North Carolina", "Carolina del Norte", True),
    ("es", "Spain", "España", True),
    ("es", "Spain", "Espana", True),
    ("de", "Germany", "Deutschland", True),
    ("de", "Germany", "deutschland", True),
    ("de", "Côte d'Ivoire", "Elfenbeinkuste", True),
    ("de", "Austria", "Österreich", True),
    ("de", "Austria", "Oesterreich", True),  # ö typed as oe: one letter more, forgiven
    ("de", "Vienna", "Wien", True),
    ("de", "California", "Kalifornien", True),
    ("de", "Switzerland", "Schweiz", True),
    ("en", "Germany", "Deutschland", False),  # an English page takes English names
    ("en", "Germany", "germany", True),
]


@pytest.mark.parametrize(("language", "answer", "typed", "right"), TYPED)
def test_a_typed_answer_in_the_page_language(
    language: str, answer: str, typed: str, right: bool
) -> None:
    with speaking(language):
        verdict = check_answer(card(answer), typed)
    assert verdict.correct is right, verdict.message


def test_the_verdict_says_the_answer_in_the_page_language() -> None:
    with speaking("es"):
        verdict = check_answer(card("Germany"), "Francia")
        assert verdict.message == "¡Casi! La respuesta es Alemania. Francia es otro lugar."
        assert check_answer(card("Germany"), "Alemania").message == (
            "¡Correcto! La respuesta es Alemania."
        )
    with speaking("fr"):
        assert said_answers(card("Bolivia", "La Paz")) == "Bolivie ou La Paz"
    with speaking("de"):
        assert check_answer(card("Vienna"), "Wein").message == (
            "Richtig! Die Antwort ist Wien. (Man schreibt es Wien.)"
        )


def test_a_strict_answer_takes_the_page_language_names_without_typos() -> None:
    with speaking("fr"):
        assert exact_answer(card("Germany"), "ALLEMAGNE").correct
        assert not exact_answer(card("Germany"), "Alemagne").correct


def test_a_multiple_choice_pick_in_the_page_language() -> None:
    with speaking("de"):
        assert check_answer(card("Germany"), "Deutschland", mode="choice").correct
        assert not check_answer(card("Germany"), "Frankreich", mode="choice").correct


def test_multiple_choice_shows_the_page_language_names_and_judges_the_pick() -> None:
    from random import Random

    from geoteach.ui.question_card import QuestionCard

    question = Question(
        "Places",
        1,
        "Which country is shaped like a boot?",
        "Italy",
        choices=("Italy", "Germany", "Spain"),
        kind="place",
    )
    with speaking("es"):
        card = QuestionCard(mode="choice", rng=Random(1))
        card.ask(question)
        labels = sorted(b.description.split(". ", 1)[1] for b in card.choice_buttons)
        assert labels == ["Alemania", "España", "Italia"]
        italia = next(b for b in card.choice_buttons if b.description.endswith("Italia"))
        italia.click()
        assert card.verdict is not None and card.verdict.correct
        assert card.verdict.message == "¡Correcto! La respuesta es Italia."
