"""Globalissimo's screens in Spanish: a whole game played at ``es``, every screen read, and no
English sentence (country names included) on any of them (issue 37)."""

from __future__ import annotations

import html
import re
from collections.abc import Iterator

import ipywidgets as widgets
import pytest
from unidecode import unidecode

import geoteach
from geoteach.data.place_names import place_name, said_here
from geoteach.games.base import IllegalAction
from geoteach.games.globalissimo import HURDLE
from geoteach.ui import safe
from geoteach.ui.canvases import Described
from geoteach.ui.globalissimo import play
from tests.globalissimo.conftest import new_game
from tests.languages import english_fragments


@pytest.fixture(autouse=True)
def _spanish() -> Iterator[None]:
    safe.clear()
    geoteach.set_language("es")
    yield
    geoteach.set_language(None)
    assert safe.ERRORS == []


def page_text(widget: widgets.Widget) -> Iterator[str]:
    """Every word the screen shows or names (for a screen reader too), as plain text."""
    if isinstance(widget, Described):
        yield widget.text
    for name in ("value", "description", "placeholder", "tooltip"):
        value = getattr(widget, name, None)
        if isinstance(value, str) and not value.lstrip().startswith("<style"):
            yield html.unescape(re.sub(r"<[^>]+>", " ", value))
    for label, _value in getattr(widget, "_options_full", None) or ():
        yield str(label)
    for child in getattr(widget, "children", ()):
        yield from page_text(child)


def test_a_whole_game_is_said_in_spanish() -> None:
    english = english_fragments("es")
    assert len(english) > 50  # the check has something to look for
    ui = play(
        ["Tú", "Robot Ada", "Robot Ben"],
        {"Robot Ada": "hard", "Robot Ben": "easy"},
        seed=3,
        bot_delay=0,
    )
    game = ui.game
    seen: list[str] = []
    steps = 0
    while not game.is_terminal() and steps < 60:
        text = " ".join(page_text(ui))
        seen.append(text)
        left = sorted(f for f in english if f in text)
        assert not left, f"English on the Spanish screen: {left}"
        if game.phase == HURDLE:
            hurdle = game.view(0)["hurdle"]
            ui.parts.step_panel.answer_text.value = "París" if hurdle["kind"] == "B" else "1"
            ui.parts.step_panel.answer_button.click()
        else:
            ui.parts.step_panel.rank_buttons[0].click()
        steps += 1
    text = " ".join(page_text(ui))
    assert "La partida ha terminado." in text or "Se acabó la partida" in text
    everything = " ".join([*seen, text])
    assert "Ronda 1 de 10" in everything and "Te toca" in everything
    assert "Obstáculos" in everything and "(ordenador, difícil)" in everything
    assert "Ronda 1: el orden correcto" in everything
    # The countries were named in Spanish: an English name that differs is never shown.
    for rnd in game.history:
        for code in rnd["countries"]:
            english_name = game.atlas.names[code]
            spanish = place_name("country", code, english_name, "es")
            if english_name not in spanish:
                assert not re.search(rf"\b{re.escape(english_name)}\b", everything), english_name
            assert spanish in everything


def test_the_hurdles_are_asked_answered_and_judged_in_spanish() -> None:
    from tests.globalissimo.conftest import stack
    from tests.globalissimo.test_ui import _two_player

    ui = _two_player(["HUN", "LBY", "DEU"], points=(3, 0))
    game = ui.game
    ui.parts.step_panel.country_pick.value = "FRA"
    ui.parts.step_panel.rank_buttons[0].click()
    ui.parts.step_panel.rank_buttons[0].click()
    assert (
        game.phase == HURDLE
        and "Obstáculo A" in ui.parts.step_panel.step.value
        and "Hungría" in ui.parts.step_panel.step.value
    )
    ui.parts.step_panel.answer_text.value = "49"
    ui.parts.step_panel.answer_button.click()
    body = ui.feedback.body.value
    assert ui.feedback.text == "¡Casi!" and "Hungría es el número 54 en el mapa." in body
    assert "Dónde:" in body and "Europa oriental" in body and "Hungary" not in body
    # "Did you know?" in Spanish too, from the facts kept per language.
    from geoteach.escape import html_text
    from geoteach.quiz.facts import country_fact

    fact = country_fact("HUN")
    assert fact.startswith("Hungría: su capital es Budapest.") and html_text(fact) in body
    ui.feedback.continue_button.click()
    stack(game, ["FRA", "JPN"], "tourists", top=["LBY", "TCD"])  # as test_ui's hurdles
    game.scoreboard.counters["points"][1] = 0
    ui.refresh()
    ui.parts.step_panel.country_pick.value = "JPN"
    ui.parts.step_panel.rank_buttons[0].click()
    ui.parts.step_panel.country_pick.value = "FRA"
    ui.parts.step_panel.rank_buttons[0].click()
    ui.parts.click_country("LBY")
    assert ui.feedback.text == "¡Correcto! Libia es el número 70."
    code = game.hurdle_card
    country = place_name("country", code, game.atlas.names[code], "es")
    assert f"Di la capital de <b>{country}</b>" in ui.parts.step_panel.step.value
    capital = place_name("capital", code, game.atlas.capitals[code], "es")
    ui.parts.step_panel.answer_text.value = unidecode(capital).lower()  # accents and case forgiven
    ui.parts.step_panel.answer_button.click()
    assert ui.feedback.text.startswith("¡Correcto!") and capital in ui.feedback.text


def test_a_move_out_of_turn_is_refused_in_spanish() -> None:
    """The shared turn check (games.base.check_turn) is said in the page's language too: the
    engine keeps its English sentence whole and the page words it (``said_here``)."""
    game = new_game("Ana", "Ben", rounds=2)
    seat = game.to_act()[0]
    move = dict(game.legal_actions(seat)[0], player=1 - seat)
    with pytest.raises(IllegalAction) as refused:
        game.apply(move)
    assert re.match(r"^No es el turno de .*\. Esperamos a: .*\.$", said_here(refused.value.args[0]))
    assert game.to_act() == [seat]
