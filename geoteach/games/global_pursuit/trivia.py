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


@cache
def _built_in_json() -> str:
    """The built-in decks' JSON: kept in data/built/ (``scripts/build_banks.py``), else made."""
    return built.kept_or_made("global_pursuit", _made_json)


def _made_json() -> str:
    """The built-in decks made now (6 to 8 CPU-seconds): imported only when the kept file is
    stale, since making them needs pandas and the question generators."""
    from geoteach.games.global_pursuit.trivia_cards import make_built_in_json

    return make_built_in_json()


def built_in_bank() -> Bank:
    """The five built-in decks (a fresh copy): ``{deck name: [trivia card, ...]}``."""
    bank: Bank = json.loads(_built_in_json())
    return bank


def prepare() -> None:
    """What the first question needs, made while the set-up screen is filled in (the app's
    warm-up, the ``prepare`` of the game's screen entry): the built-in decks, and every place a
    typed answer is checked against (the kept tables' countries, capitals and states)."""
    from geoteach.quiz.answers import known_places

    _built_in_json()
    known_places()


def question(card: TriviaCard, level: int) -> Question:
    """The question of ``level`` (1-3) on a trivia card."""
    return Question.from_dict(card["questions"][int(level) - 1])


def bank_of(trivia: str | Bank) -> Bank:
    """The decks a game's ``trivia`` option stands for: ``"built-in"`` or a bank of its own.

    A screen reads the decks from the game's (public) options this way: the other answers of
    a deck make the wrong options of a multiple-choice question.
    """
    bank = built_in_bank() if trivia == "built-in" else trivia
    return bank  # type: ignore[return-value]  # other text is refused at set-up: a bank


def deck_questions(bank: Bank, deck: str, level: int) -> list[Question]:
    """The question of ``level`` on every card of ``deck`` (none for a deck not in the bank)."""
    return [question(card, level) for card in bank.get(deck, [])]
