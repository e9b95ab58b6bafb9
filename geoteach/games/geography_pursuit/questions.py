"""The six question decks of Geography Pursuit, as the plain data the engine keeps in its options.

The engine holds, per category, a list of question dicts (``Question.to_dict``); it needs no more
of the quiz package than that and its answer checker. A curriculum author swaps in six decks of
their own with ``bank_from_decks({"Rivers": "rivers.csv", ...})``.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import replace
from functools import cache
from pathlib import Path
from typing import Any

from geoteach.quiz.question import Question

Bank = dict[str, list[dict[str, Any]]]


def bank(questions: Iterable[Question], categories: Sequence[str] | None = None) -> Bank:
    """Group ``questions`` by their category (keeping ``categories`` in order, if given).

    Questions without an id get one from their category and position, so the engine can keep
    decks of ids.
    """
    grouped: Bank = {c: [] for c in categories or ()}
    for question in questions:
        if categories is not None and question.category not in grouped:
            continue
        cards = grouped.setdefault(question.category, [])
        data = question.to_dict()
        data["id"] = data["id"] or f"{question.category}:{len(cards) + 1}"
        cards.append(data)
    return grouped


def bank_from_decks(decks: Mapping[str, Any]) -> Bank:
    """Six decks named by the author: ``{"Rivers": "rivers.csv", "Flags": deck, ...}``.

    Each value is a CSV path (read with ``geoteach.quiz.decks.load_deck``, which reports
    mistakes with file, line and column) or anything iterable of ``Question``. Every card is
    filed under the name given here, whatever its own ``category`` column says.
    """
    from geoteach.quiz.decks import load_deck

    grouped: Bank = {}
    for name, deck in decks.items():
        cards = load_deck(deck) if isinstance(deck, str | Path) else deck
        grouped[name] = []
        for i, question in enumerate(cards, start=1):
            data = question.to_dict()
            data["category"] = name
            data["id"] = f"{name}:{data['id'] or i}"
            grouped[name].append(data)
    return grouped


#: Where the built-in categories' questions come from (``geoteach.quiz.generators``):
#: generator names, or ``("compare", statistic)`` for "which is higher" between neighbours.
DEFAULT_SOURCES: dict[str, tuple[Any, ...]] = {
    "Capitals & Cities": ("capital_questions", "country_of_capital_questions"),
    "Countries & Flags": ("flag_questions", "continent_questions"),
    "Physical World": (
        "highest_point_questions",
        "coastline_questions",
        ("compare", "area_km2"),
        ("compare", "forest_pct"),
    ),
    "People & Population": (
        ("compare", "population"),
        ("compare", "life_expectancy"),
        ("compare", "urban_pct"),
        ("compare", "median_age"),
    ),
    "Borders & Neighbours": ("neighbour_questions", "neighbour_count_questions"),
    "U.S. States": ("us_state_questions",),
}


@cache
def _default_bank_json(code: str = "en") -> str:
    """The built-in categories in language ``code`` as JSON: kept in data/built/
    (scripts/build_banks.py), else made."""
    from geoteach.data import built
    from geoteach.i18n import speaking

    def make() -> str:
        with speaking(code):
            return make_default_bank_json()

    return built.kept_or_made(
        built.in_language("geography_pursuit", code), make, built.language_code(built.CODE, code)
    )


def make_default_bank_json() -> str:
    """Generate the six built-in categories from the datasets (about 2 CPU-seconds), worded in
    the language spoken now (``geoteach.i18n.speaking``).

    Why a bank per language, kept made (issue 37): a card is read many times a lesson and its
    words depend on grammar a template cannot guess, so each language's cards are made once by
    the build (``scripts/build_banks.py``, 2.8 MB a language, read in some 40 ms) rather than
    worded each time one is shown; every language has the same cards by id, level and order,
    and a game saves the language it was dealt in, so it replays with the very same cards.
    The category names stay the keys of the engine (English); a screen words them."""
    from geoteach.quiz import generators

    grouped: Bank = {}
    for name, sources in DEFAULT_SOURCES.items():
        cards = []
        for source in sources:
            if isinstance(source, tuple):
                cards += generators.comparison_questions(source[1])
            else:
                cards += getattr(generators, source)()
        cards = generators.not_retired(cards)  # data/decks/retired.csv
        grouped[name] = [replace(q, category=name).to_dict() for q in cards]
    return json.dumps(grouped)


def prepare() -> None:
    """What the first question needs, made while the set-up screen is filled in (the app's
    warm-up, the ``prepare`` of the game's screen entry): the built-in decks, and every place a
    typed answer is checked against (the kept tables' countries, capitals and states)."""
    from geoteach.i18n import language
    from geoteach.quiz.answers import known_places

    _default_bank_json(language())
    known_places()


def default_questions(code: str | None = None) -> Bank:
    """The built-in six geography categories, generated from ``geoteach.data``, in language
    ``code`` (the page's by default).

    Every card is right by construction (see ``geoteach.quiz.generators``). There is no
    "Exploration & History" deck built in, because its facts would have to be typed by hand:
    a teacher adds one with ``bank_from_decks``.
    """
    from geoteach.i18n import language

    bank: Bank = json.loads(_default_bank_json(code or language()))
    return bank
