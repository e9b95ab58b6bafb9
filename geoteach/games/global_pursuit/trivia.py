"""The five trivia decks of Global Pursuit: one per set of map cards, and the WILD CARD deck.

A trivia card holds three questions, one per level (1 Beginner, 2 Intermediate, 3 Expert), and
maybe a special symbol (ROLL, BONUS ROLL, WILD CARD) in its corner. Cards are plain dicts, so a
game saves and replays them: ``{"id", "deck", "symbol", "questions": [q1, q2, q3]}`` with each
question a ``Question.to_dict``.

The built-in decks are made from the datasets by ``geoteach.games.global_pursuit.trivia_cards``
(where each deck's questions come from, and the house rules of a deck) and kept made in
data/built: this module deals them and needs neither pandas nor the question generators, which
a student's kernel then never loads (issue 24).
"""

from __future__ import annotations

import json
from functools import cache
from typing import Any

from geoteach.data import built
from geoteach.games.global_pursuit.layout import SET_NAMES, SETS
from geoteach.i18n import language, speaking, supported
from geoteach.quiz.question import Question

#: The name of the flags deck, next to the four sets.
WILD = "wild"
DECKS: tuple[str, ...] = (*SETS, WILD)
DECK_NAMES: dict[str, str] = {**SET_NAMES, WILD: "WILD CARD"}
#: Cards per deck.
CARDS_PER_DECK = 60
#: How many of a set's cards carry each special symbol.
SYMBOL_COUNTS: dict[str, int] = {"ROLL": 7, "BONUS ROLL": 4, "WILD CARD": 7}

TriviaCard = dict[str, Any]
Bank = dict[str, list[TriviaCard]]


#: The ``trivia`` option's name of the built-in decks in English; "built-in:es" in Spanish.
BUILT_IN = "built-in"


def built_in_name(code: str | None = None) -> str:
    """The ``trivia`` option that names the built-in decks in language ``code`` (the page's
    by default): "built-in" in English, "built-in:fr" in French."""
    code = code or language()
    return BUILT_IN if code == "en" else f"{BUILT_IN}:{code}"


def built_in_name_language(trivia: Any) -> str | None:
    """The language of the built-in decks the ``trivia`` option names, or None for a bank of
    one's own."""
    if not isinstance(trivia, str):
        return None
    name, _, code = trivia.partition(":")
    if name != BUILT_IN:
        return None
    if code and supported(code) != code:
        raise ValueError(f"geoteach has no trivia cards in the language {code!r}.")
    return code or "en"


@cache
def _built_in_json(code: str = "en") -> str:
    """The built-in decks' JSON in language ``code``: kept in data/built/
    (``scripts/build_banks.py``), else made."""
    return built.kept_or_made(
        built.in_language("global_pursuit", code),
        lambda: _made_json(code),
        built.language_code(built.CODE, code),
    )


def _made_json(code: str) -> str:
    """The built-in decks made now (6 to 8 CPU-seconds): imported only when the kept file is
    stale, since making them needs pandas and the question generators."""
    from geoteach.games.global_pursuit.trivia_cards import make_built_in_json

    with speaking(code):
        return make_built_in_json()


def built_in_bank(code: str | None = None) -> Bank:
    """The five built-in decks (a fresh copy) in language ``code`` (the page's by default):
    ``{deck name: [trivia card, ...]}``. Every language has the same cards, by id and order."""
    bank: Bank = json.loads(_built_in_json(code or language()))
    return bank


def prepare() -> None:
    """What the first question needs, made while the set-up screen is filled in (the app's
    warm-up, the ``prepare`` of the game's screen entry): the built-in decks, and every place a
    typed answer is checked against (the kept tables' countries, capitals and states)."""
    from geoteach.quiz.answers import known_places

    _built_in_json(language())
    known_places()


def question(card: TriviaCard, level: int) -> Question:
    """The question of ``level`` (1-3) on a trivia card."""
    return Question.from_dict(card["questions"][int(level) - 1])


def bank_of(trivia: str | Bank) -> Bank:
    """The decks a game's ``trivia`` option stands for: ``"built-in"`` (``"built-in:es"``...)
    or a bank of its own.

    A screen reads the decks from the game's (public) options this way: the other answers of
    a deck make the wrong options of a multiple-choice question.
    """
    code = built_in_name_language(trivia)
    return trivia if code is None else built_in_bank(code)  # type: ignore[return-value]


def deck_questions(bank: Bank, deck: str, level: int) -> list[Question]:
    """The question of ``level`` on every card of ``deck`` (none for a deck not in the bank)."""
    return [question(card, level) for card in bank.get(deck, [])]
