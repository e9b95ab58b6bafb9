"""A hand-written deck declares its language (issue 37, build 5): a ``language`` column, English
when there is none; checked with a curriculum author's message; a Spanish deck plays on a
Spanish page; a set-up screen says when a deck is not in the page's language."""

from __future__ import annotations

from pathlib import Path

import pytest

from geoteach.data._paths import data_path
from geoteach.games.base import Game
from geoteach.games.geography_pursuit.game import GeographyPursuit
from geoteach.games.geography_pursuit.questions import bank_from_decks
from geoteach.games.table import Table
from geoteach.i18n import speaking
from geoteach.quiz.answers import check_answer
from geoteach.quiz.decks import Deck, DeckError, load_deck
from geoteach.ui.table_setup import TableSetup, deck_language_note

HEADER = "category,level,prompt,answer,aliases,choices,explanation,kind,source,language\n"
SPANISH = HEADER + (
    "Capitales,1,¿Cuál es la capital de Alemania?,Berlín,,,Berlín está junto al río Spree.,"
    "place,CIA World Factbook 2025,es\n"
    "Países,1,¿Qué país tiene forma de bota?,Italia,,Italia;Grecia;España,,place,Un atlas,es\n"
    "Países,2,¿Qué país tiene más islas en el mar Egeo?,Grecia,,,,place,Un atlas,\n"
)


def write(tmp_path: Path, text: str, name: str = "baraja.csv") -> Path:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return path


def problems_of(path: Path) -> list[str]:
    with pytest.raises(DeckError) as caught:
        load_deck(path)
    return list(caught.value.problems)


def test_a_deck_without_a_language_is_english_as_before() -> None:
    deck = load_deck(data_path("decks", "example_world_capitals.csv"))
    assert deck.language == "en"
    assert "language" not in deck.to_dict()  # saved as before
    assert deck.other_language("en") is None and deck.other_language("es") == "en"


def test_a_spanish_deck_says_its_language_and_keeps_it_when_saved(tmp_path: Path) -> None:
    deck = load_deck(write(tmp_path, SPANISH))
    assert deck.language == "es"  # a row left empty is in the deck's language
    assert Deck.from_dict(deck.to_dict()).language == "es"
    assert deck.other_language("es") is None and deck.other_language("fr") == "es"


@pytest.mark.parametrize(
    ("cell", "message"),
    [
        ("Spanish", "got 'Spanish'; write es for Spanish"),
        ("español", "got 'español'; write es for Spanish"),
        ("xx-12", "a language code such as en, es, fr or de, got 'xx-12'"),
        ("fr", "this row is in 'fr' but line 2 is in 'es'; a deck is in one language"),
    ],
)
def test_a_wrong_language_cell_is_named_by_line_and_column(
    tmp_path: Path, cell: str, message: str
) -> None:
    text = SPANISH.replace("Un atlas,es\n", f"Un atlas,{cell}\n")
    problems = problems_of(write(tmp_path, text))
    assert len(problems) == 1
    assert problems[0].startswith("baraja.csv, line 3, column 'language': ")
    assert message in problems[0]


def test_a_spanish_deck_plays_on_a_spanish_page(tmp_path: Path) -> None:
    deck = load_deck(write(tmp_path, SPANISH))
    with speaking("es"):
        capital, boot, _islands = deck
        for typed in ("Berlín", "berlin"):
            assert check_answer(capital, typed).correct
        assert check_answer(boot, "Italy").correct  # the English name of the place counts too
        verdict = check_answer(boot, "Grecia")
        assert not verdict.correct and verdict.message.startswith("¡Casi! La respuesta es Italia")
        chosen = check_answer(boot, "Italia", "choice")
        assert chosen.message == "¡Correcto! La respuesta es Italia."
        # In Geography Pursuit, as six decks of the author's own.
        bank = bank_from_decks({name: deck for name in "ABCDEF"})
        game = GeographyPursuit(Table.of("Ana", "Bea"), seed=4, questions=bank, language="es")
        while game.phase != "question":
            seat = game.to_act()[0]
            game.apply(next(m for m in game.legal_actions(seat) if m["type"] != "answer"))
        card = game.question_card(game.state["question"]["id"])
        game.apply({"player": game.to_act()[0], "type": "answer", "text": card["answer"]})
        assert game.state["last"]["correct"] and card["prompt"].startswith("¿")
        assert game.state["last"]["message"].startswith("¡Correcto!")
    # The verdict is kept in the deck's language: the game replays the same on any page.
    assert Game.from_json(game.to_json()).to_json() == game.to_json()


def test_the_set_up_screen_says_when_the_deck_is_in_another_language() -> None:
    assert deck_language_note(None, "en") == deck_language_note("es", "es") == ""
    assert deck_language_note("es", "en") == (
        "The questions of this deck are in Spanish, not in the language of this page."
    )
    with speaking("fr"):
        assert deck_language_note("en") == (
            "Les questions de ce paquet sont en anglais, pas dans la langue de cette page."
        )
        setup = TableSetup(deck_language="es")
        assert "espagnol" in setup.deck_note.value and setup.deck_note in setup.children
        setup.set_deck_language("fr")
        assert setup.deck_note.value == ""
    assert TableSetup().deck_note.value == ""
