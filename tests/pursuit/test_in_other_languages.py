"""Geography Pursuit's screen in Spanish and German: a whole seeded game played through the
screen at ``es`` (and one at ``de``), every screen read, and no English sentence on any of them;
a move and its verdict said in the page's language (issue 37)."""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path

import ipywidgets as widgets
import pytest

import geoteach
from geoteach.bots.pursuit import PursuitBot
from geoteach.games.geography_pursuit.board import SPACES
from geoteach.games.geography_pursuit.game import DEFAULT_CATEGORIES, GeographyPursuit
from geoteach.games.geography_pursuit.questions import bank
from geoteach.games.table import Table
from geoteach.i18n import speaking
from geoteach.quiz.question import Question
from geoteach.ui import safe
from geoteach.ui.pursuit import PursuitApp
from geoteach.ui.pursuit.wording import describe_space, where_text
from tests.globalissimo.test_in_spanish import page_text
from tests.languages import english_fragments

LOCALE = Path(geoteach.__file__).parent / "locale"


@pytest.fixture(autouse=True)
def _no_errors() -> Iterator[None]:
    safe.clear()
    yield
    geoteach.set_language(None)
    assert safe.ERRORS == [], [c.message for c in safe.ERRORS]


def cards(words: dict[str, str]) -> dict:
    """Five cards per built-in category, written in the page's language (``words``)."""
    made = [
        Question(
            category=name,
            level=1 + i % 3,
            prompt=words["prompt"].format(n=i + 1),
            answer=f"{words['answer']} {c}{i}",
            explanation=words["why"],
            source="test",
            id=f"c{c}q{i}",
        )
        for c, name in enumerate(DEFAULT_CATEGORIES)
        for i in range(5)
    ]
    return bank(made, DEFAULT_CATEGORIES)


def buttons(widget: widgets.Widget, css: str) -> list[widgets.Button]:
    """The buttons of class ``css`` shown under ``widget``."""
    found = []
    if isinstance(widget, widgets.Button) and css in widget._dom_classes:
        found.append(widget)
    for child in getattr(widget, "children", ()) or ():
        found.extend(buttons(child, css))
    return found


def play_through(app: PursuitApp, english: set[str]) -> str:
    """Play the game to its end through the screen's buttons (every third answer wrong),
    checking each screen for English; returns everything the screens said."""
    game, seen, steps = app.game, [], 0
    while not game.is_terminal() and steps < 3000:
        text = " ".join(page_text(app))
        seen.append(text)
        left = sorted(f for f in english if f in text)
        assert not left, f"English on the page: {left}"
        phase = game.phase
        if phase == "roll":
            app.parts.step_panel.roll_button.click()
        elif phase == "move":
            seat = game.state["player"]
            target = PursuitBot("hard", seed=0).destination(game.view(seat), seat)
            offered = buttons(app.controls, "gt-space")
            offered[game.legal_destinations().index(target)].click()
        elif phase in ("choose_category", "vote"):
            buttons(app.controls, "gt-category")[2].click()
        else:
            card = app.parts.step_panel.card
            right = steps % 3 != 0
            card.answer_box.value = card.question.answer if right else "Atlántida"
            card.submit_button.click()
        steps += 1
    assert game.is_terminal()
    text = " ".join(page_text(app))
    assert not sorted(f for f in english if f in text)
    return " ".join([*seen, text])


def a_game(names: tuple[str, ...], words: dict[str, str]) -> PursuitApp:
    bots = {names[1]: "easy"}
    seed = next(
        s
        for s in range(100)
        if GeographyPursuit(Table.of(*names, bots=bots), seed=s, questions=cards(words)).state[
            "player"
        ]
        == 0
    )
    game = GeographyPursuit(Table.of(*names, bots=bots), seed=seed, questions=cards(words))
    app = PursuitApp(game, bot_delay=0)
    app.start()
    return app


SPANISH = {"prompt": "¿Cuál es la respuesta {n}?", "answer": "Respuesta", "why": "Porque sí."}
GERMAN = {"prompt": "Wie lautet Antwort {n}?", "answer": "Antwort", "why": "Darum."}


def test_a_whole_game_is_said_in_spanish() -> None:
    geoteach.set_language("es")
    english = english_fragments("es")
    assert len(english) > 100  # the check has something to look for
    app = a_game(("Tú", "Robot"), SPANISH)
    said = play_through(app, english)
    assert "▶ Te toca: tira el dado." in said
    assert "Has sacado un" in said and "haz clic" not in said  # a picture: buttons
    assert "¡Correcto! Vuelve a tirar." in said or "¡Correcto! Tú ganas el quesito" in said
    assert "¡Casi! Ahora le toca a Robot." in said
    assert "Cómo se juega" in said and "Sin límite de tiempo." in said
    assert "Mundo físico" in said and "Physical World" not in said
    assert "Quesitos" in said and re.search(r"\d de 6", said)
    assert "la partida" in app.banner.value and "Nueva partida" in app.banner.value
    # The news under the board: each line in Spanish, from the engine's language-free news.
    assert "Qué ha pasado" in app.parts.history.value and " saca un " in app.parts.history.value


def test_a_whole_game_is_said_in_german() -> None:
    geoteach.set_language("de")
    english = english_fragments("de")
    app = a_game(("Du", "Roboter"), GERMAN)
    said = play_through(app, english)
    assert "▶ Du bist dran: Würfle." in said and "Du hast eine" in said
    assert "Nicht ganz. Jetzt ist Roboter dran." in said
    assert "Physische Welt" in said and "Tortenstücke" in said
    assert "So wird gespielt" in said


def test_a_wrong_answer_and_its_verdict_in_french() -> None:
    geoteach.set_language("fr")
    app = a_game(("Ana", "Robot"), {"prompt": "Réponse {n} ?", "answer": "R", "why": "."})
    app.parts.step_panel.roll_button.click()
    assert "Ana a fait" in app.banner.value and "clique" not in app.banner.value
    offered = dict(
        zip(app.game.legal_destinations(), buttons(app.controls, "gt-space"), strict=True)
    )
    sid = next(s for s in offered if SPACES[s].kind in ("category", "headquarters"))
    assert offered[sid].description == describe_space(sid, app.parts.names)
    offered[sid].click()
    assert "Ana : réponds à la question de" in app.banner.value
    app.parts.step_panel.card.answer_box.value = "Atlantide"
    app.parts.step_panel.card.submit_button.click()
    assert app.feedback.text == "Pas tout à fait. C'est maintenant au tour de Robot."


def test_where_a_place_is_said_with_the_page_language_names() -> None:
    with speaking("es"):
        said = where_text(["KEN", "CUB"], ["OH"])
    assert said.startswith("Kenia está en África oriental.")
    assert "Cuba está en la región Caribe, en América del Norte." in said
    assert "Ohio está en la división Centro-noreste de la región Medio Oeste." in said
    with speaking("de"):
        assert where_text(["DEU"], []) == "Deutschland liegt in Westeuropa."
