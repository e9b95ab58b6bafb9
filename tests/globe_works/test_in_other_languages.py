"""Globe Works' screen in Spanish and German: a whole seeded game played through the screen at
``es`` (and one at ``de``), every screen read, the trade and partnership forms opened, and no
English sentence from the catalogs on any of them; a move and its verdict said in the language,
cities and regions named from the data and the catalogs (issue 37)."""

from __future__ import annotations

import re
from collections.abc import Iterator

import pytest

import geoteach
from geoteach.games.globe_works import DEALS, PLAY, GlobeWorks
from geoteach.games.globe_works.cards import cards
from geoteach.games.globe_works.regions import regions
from geoteach.render.globe_works_names import REGION_NAMES, city_name, region_name
from geoteach.ui import safe
from geoteach.ui.globe_works import GlobeWorksScreen, play
from tests.globalissimo.test_in_spanish import page_text
from tests.languages import english_fragments

#: The name a student alone plays under, in each language (the kit's "You").
YOU = {"es": "Tú", "de": "Du", "fr": "Toi"}


@pytest.fixture(autouse=True)
def _clean() -> Iterator[None]:
    safe.clear()
    yield
    geoteach.set_language(None)
    assert safe.ERRORS == [], [c.message for c in safe.ERRORS]


def _screen(code: str, seed: int) -> GlobeWorksScreen:
    geoteach.set_language(code)
    robots = {"Robot Ada": "medium", "Robot Ben": "medium"}
    return play([YOU[code], "Robot Ada", "Robot Ben"], robots, seed=seed, bot_delay=0, max_turns=6)


def _click(ui: GlobeWorksScreen, forms_seen: set[str]) -> None:
    """One click of the student: Continue, a look at each offer form once then No deal, a
    decline, play the picked card when it can be played, else draw and discard."""
    game = ui.game
    if ui.feedback.is_open:
        ui.feedback.continue_button.click()
    elif game.phase == DEALS:
        if game.window["proposal"]:
            ui.parts.step_panel.decline_button.click()
        elif "trade" not in forms_seen:
            forms_seen.add("trade")
            ui.parts.step_panel.trade_form_button.click()
        elif "partnership" not in forms_seen:
            forms_seen.add("partnership")
            ui.parts.step_panel.back_button.click()
            ui.parts.step_panel.partner_form_button.click()
        else:
            if (
                ui.parts.step_panel.back_button in ui.parts.step_panel.send_row.children
                and ui.parts.form is not None
            ):
                ui.parts.step_panel.back_button.click()
            ui.parts.step_panel.no_deal_button.click()
    elif game.step == "drawn":
        ui.parts.step_panel.discard_button.click()
    elif game.phase == PLAY and ui.parts.picked in game.playable(0):
        ui.parts.step_panel.play_button.click()
    elif game.can_draw("draw"):
        ui.parts.step_panel.draw_button.click()
    else:
        ui.parts.step_panel.take_discard_button.click()


def play_through_the_screen(code: str, seed: int) -> tuple[GlobeWorks, list[str]]:
    """A whole game of the student against two computers, by clicks; returns the game and
    every screen's text, each checked for English sentences from the catalogs."""
    english = english_fragments(code)
    assert len(english) > 200  # the check has something to look for
    ui = _screen(code, seed)
    game = ui.game
    seen: list[str] = []
    forms: set[str] = set()
    for _ in range(3000):
        text = " ".join(page_text(ui))
        text += " " + " ".join(p.text for p in ui.parts.board_panel.map.placements.values())
        seen.append(text)
        left = sorted(f for f in english if f in text)
        assert not left, f"English on the {code} screen: {left}"
        if game.is_terminal():
            break
        assert 0 in game.to_act() or ui.feedback.is_open, ui.banner.value
        _click(ui, forms)
    assert game.is_terminal() and len(game.history) == 3
    assert forms == {"trade", "partnership"}
    return game, seen


def test_a_whole_game_is_said_in_spanish() -> None:
    _game, seen = play_through_the_screen("es", seed=2)
    everything = " ".join(seen)
    assert "Ronda 1 de 3" in everything and "Ronda 3 de 3 (la última)" in everything
    assert "Te toca: juega una carta marcada con ✔" in everything
    assert "Tratos" in everything and "Sin trato" in everything
    assert "Ofrece un intercambio:" in everything and "Ofrece una alianza:" in everything
    assert "Cómo se juega" not in everything or "Globe Works" in everything
    assert re.search(r"Robot (Ada|Ben) (jugó|robó|tomó|abrió)", everything)
    assert "Se acabó la ronda" in everything and "Hoja de puntos" in everything
    assert "Europa occidental" in everything and "Western Europe" not in everything


def test_a_whole_game_is_said_in_german() -> None:
    _game, seen = play_through_the_screen("de", seed=5)
    everything = " ".join(seen)
    assert "Runde 1 von 3" in everything and "Du bist dran" in everything
    assert "Kein Handel" in everything and "Tausch anbieten…" in everything
    assert re.search(r"Robot (Ada|Ben) hat .+ (gespielt|abgelegt|geöffnet)", everything)
    assert "Runde 3 von 3 (die letzte)" in everything and "Punkteblatt" in everything
    assert "Westeuropa" in everything and "Western Europe" not in everything


def test_a_whole_game_is_said_in_french() -> None:
    _game, seen = play_through_the_screen("fr", seed=3)
    everything = " ".join(seen)
    assert "Manche 1 sur 3" in everything and "À toi : joue une carte marquée ✔" in everything
    assert "Pas d'accord" in everything and "Feuille de score" in everything
    assert "Europe de l'Ouest" in everything and "Western Europe" not in everything


def test_a_move_and_its_verdict_in_spanish() -> None:
    ui = _screen("es", seed=2)
    assert "EA-coins" in ui.game.playable(0)
    ui.parts.pick_card("EA-coins")
    assert (
        ui.parts.step_panel.play_button.description == "Jugar Tokio"
    )  # Tokyo, from the place-name data
    ui.parts.step_panel.play_button.click()
    assert ui.feedback.text == "Jugaste Tokio"
    body = " ".join(page_text(ui.feedback))
    assert "Tu red de bancos: Tokio (1 carta). Puntos:" in body
    assert "Fichas que quedan: 11 de 12." in body
    assert "Tokio está en Asia oriental (EA)." in body
    # The deck's reason, from the catalog: in Spanish, not in English.
    assert "Sede de la Bolsa de Tokio" in body and cards()["EA-coins"].reason not in body


def test_a_card_that_cannot_be_played_says_why_in_german() -> None:
    ui = _screen("de", seed=6)
    game = ui.game
    shut = next(
        (c for c in game.hands[0] if c not in game.playable(0) and not cards()[c].is_linking),
        None,
    )
    assert shut is not None, "this seed starts with a card that cannot be played"
    ui.parts.pick_card(shut)
    said = " ".join(page_text(ui.parts.step_panel.reason))
    region = cards()[shut].region
    assert f"{city_name(shut)} kann noch nicht gespielt werden" in said
    assert f"die Farbe von {region_name(region)}." in said
    assert f"Verbindungsstädte, die {region_name(region)} öffnen:" in said
    assert ui.parts.step_panel.play_button.disabled


def test_places_are_named_from_the_data_and_the_catalogs() -> None:
    # The catalogs' region names are the data file's, one for each region.
    assert {c: r.name for c, r in regions().items()} == REGION_NAMES
    geoteach.set_language("es")
    assert city_name("WE-coins") == "Londres" and city_name("EA-freighter") == "Busan"
    assert region_name("WE") == "Europa occidental"
    geoteach.set_language("de")
    assert city_name("EE-coins") == "Warschau" and region_name("OC") == "Ozeanien"
    named = [c for c in cards() if city_name(c) != cards()[c].city]
    print(f"Globe Works cities named in German from the data: {len(named)} of {len(cards())}")
    assert all("\xad" not in city_name(c) for c in cards())
