"""A student app speaks the page's language: from the link (``?lang=es``), the browser's
languages, the set-up screen's language menu or a lesson's ``set_language`` (issue 37)."""

from __future__ import annotations

from collections.abc import Iterator

import ipywidgets as widgets
import pytest

import geoteach
from geoteach.i18n import language
from geoteach.ui import safe
from geoteach.ui.apps import app


@pytest.fixture(autouse=True)
def _english_after(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    monkeypatch.delenv("QUERY_STRING", raising=False)
    monkeypatch.delenv("HTTP_ACCEPT_LANGUAGE", raising=False)
    safe.clear()
    yield
    geoteach.set_language(None)
    assert safe.ERRORS == []


def words(widget: widgets.Widget) -> str:
    """Every text the widgets under ``widget`` show or name."""
    found = []
    for name in ("value", "description", "placeholder", "tooltip"):
        value = getattr(widget, name, None)
        if isinstance(value, str):
            found.append(value)
    for label, _value in getattr(widget, "_options_full", None) or ():
        found.append(str(label))
    for child in getattr(widget, "children", ()):
        found.append(words(child))
    return "\n".join(found)


def test_the_link_picks_the_language(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("QUERY_STRING", "lang=es&seed=3")
    student = app("globalissimo")
    text = words(student.setup_screen)
    assert language() == "es" and "gt-lang-es" in student._dom_classes
    assert "¿Quién juega?" in text and "Empezar la partida" in text
    assert "Who is playing" not in text and "Start the game" not in text
    assert student.setup.rows[0].name.value == "Tú" and student.seed == 3


def test_the_browser_language_is_taken_when_the_link_says_none(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setenv("HTTP_ACCEPT_LANGUAGE", "it-IT,it;q=0.9,de;q=0.8")
    student = app("geotriple")
    assert language() == "de" and "Wer spielt?" in words(student.setup_screen)


def test_a_lesson_notebook_sets_the_language_with_one_call() -> None:
    geoteach.set_language("fr")
    student = app("globe_works")
    assert "Commencer la partie" in words(student.setup_screen)


def test_the_language_menu_says_everything_again_and_keeps_the_choices() -> None:
    student = app("globalissimo")
    setup = student.setup
    assert setup.language.layout.display != "none" and setup.language.value == "en"
    setup.rows[1].name.value = "Ana"
    student.option_boxes["rounds"][1].value = 7
    setup.language.value = "de"
    text = words(student.setup_screen)
    assert language() == "de" and "gt-lang-de" in student._dom_classes
    assert "gt-lang-en" not in student._dom_classes
    assert "Spiel starten" in text and "Start the game" not in text
    names = [row.name.value for row in student.setup.active_rows]
    assert names == ["Du", "Ana", "Roboter Ben"]
    assert student.option_boxes["rounds"][1].value == 7
    assert student.setup.language.value == "de"
    student.setup.start.click()
    assert student.screen is not None and student.screen.table.seats[0].name == "Du"
