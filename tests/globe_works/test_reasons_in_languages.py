"""Globe Works' reasons in the page's language: each city card's one-line fact
(data/globe_works_cities.csv, column ``reason``) is a catalog message (babel.cfg extracts the
column), translated in every complete language, and said after the card is played (issue 37)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from babel.messages.pofile import read_po

import geoteach
from geoteach.games.globe_works.cards import cards
from geoteach.render.globe_works_names import card_reason
from geoteach.ui import safe
from tests.globalissimo.test_in_spanish import page_text
from tests.globe_works.test_in_other_languages import _screen
from tests.languages import english_fragments

LOCALE = Path(geoteach.__file__).parent / "locale"


@pytest.fixture(autouse=True)
def _clean() -> Iterator[None]:
    safe.clear()
    yield
    geoteach.set_language(None)
    assert safe.ERRORS == [], [c.message for c in safe.ERRORS]


def _catalog(code: str) -> dict[str, str]:
    name = "geoteach.pot" if code == "pot" else f"{code}/LC_MESSAGES/geoteach.po"
    with (LOCALE / name).open("rb") as handle:
        return {m.id: m.string for m in read_po(handle) if isinstance(m.id, str) and m.id}


def test_every_reason_is_in_the_template() -> None:
    template = _catalog("pot")
    reasons = [c.reason for c in cards().values() if c.reason]
    assert len(set(reasons)) == len(reasons) == 78
    assert [r for r in reasons if r not in template] == []


@pytest.mark.parametrize("code", ["es", "fr", "de"])
def test_every_reason_has_a_translation(code: str) -> None:
    catalog = _catalog(code)
    english = english_fragments(code)
    for card_id, card in cards().items():
        said = card_reason(card_id, code)
        assert said and said == catalog[card.reason] and said != card.reason, card_id
        assert not [f for f in english if f in said], card_id
    assert card_reason("NA-coins", "en") == cards()["NA-coins"].reason


def test_a_played_card_says_its_reason_in_german() -> None:
    ui = _screen("de", seed=2)
    card = next(c for c in ui.game.playable(0) if not cards()[c].is_linking)
    ui.parts.pick_card(card)
    ui.parts.step_panel.play_button.click()
    body = " ".join(page_text(ui.feedback))
    assert card_reason(card, "de") in body
    assert cards()[card].reason not in body
