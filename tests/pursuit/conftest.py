"""A small question source for the engine tests, independent of the built-in decks."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from geoteach.games.geography_pursuit.game import DEFAULT_CATEGORIES
from geoteach.games.geography_pursuit.questions import bank
from geoteach.games.table import Seat, Table
from geoteach.quiz.question import Question

ANSWERS = ["Lima", "Kenya", "Nile", "India", "Magellan", "Ohio"]


def fixture_questions(per_category: int = 5) -> dict:
    """Five cards per category; the answer to card i of category c is f"{ANSWERS[c]} {i}"."""
    cards = [
        Question(
            category=name,
            level=1 + i % 3,
            prompt=f"{name} question {i}?",
            answer=f"{ANSWERS[c]} {i}",
            aliases=(f"alias {c} {i}",),
            explanation=f"Because {i}.",
            source="test fixture",
            id=f"c{c}q{i}",
        )
        for c, name in enumerate(DEFAULT_CATEGORIES)
        for i in range(per_category)
    ]
    return bank(cards, DEFAULT_CATEGORIES)


@pytest.fixture
def questions() -> dict:
    return fixture_questions()


@pytest.fixture
def table() -> Table:
    return Table.of("Ana", "Ben", "Cai")


@pytest.fixture
def bot_table() -> Table:
    return Table([Seat(f"Bot {i}", kind="bot", level="medium") for i in range(4)])


@pytest.fixture
def widget_backend() -> Iterator[None]:
    """matplotlib on ipympl's widget canvas (as in the apps), for the test only."""
    import matplotlib.pyplot as plt

    backend = plt.get_backend()
    plt.switch_backend("module://ipympl.backend_nbagg")
    yield
    plt.switch_backend(backend)
