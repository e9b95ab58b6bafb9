"""GeoTriple's screen in Spanish and German: a whole seeded game played through the screen at
``es`` (and one at ``de``), every screen read, and no English sentence (state names included)
on any of them; a guess and a trick and their verdicts said in the language (issue 37)."""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path

import pytest

import geoteach
from geoteach.bots.geotriple import GeoTripleBot
from geoteach.data.place_names import place_name
from geoteach.games.geotriple import GeoTriple
from geoteach.games.table import Table
from geoteach.ui import safe
from geoteach.ui.geotriple import GeoTripleScreen
from tests.geotriple.conftest import real_states
from tests.geotriple.test_ui import FakeClock
from tests.globalissimo.test_in_spanish import page_text
from tests.languages import english_fragments

LOCALE = Path(geoteach.__file__).parent / "locale"
#: The name a student alone plays under, in each language (the kit's "You").
YOU = {"es": "Tú", "de": "Du"}


@pytest.fixture(autouse=True)
def _clean() -> Iterator[None]:
    safe.clear()
    yield
    geoteach.set_language(None)
    assert safe.ERRORS == []


def play_through_the_screen(code: str, seed: int) -> tuple[GeoTriple, list[str]]:
    """A whole game, a hard computer's moves made by clicks and typing on the screen of the
    student ("Tú") against a medium computer; returns the game and every screen's text."""
    geoteach.set_language(code)
    english = english_fragments(code)
    assert len(english) > 200  # the check has something to look for
    you = YOU[code]
    table = Table.of(you, "Robot", bots={"Robot": "medium"})
    game = GeoTriple(table, seed=seed, states=real_states(), target=40)
    ui = GeoTripleScreen(game, bot_delay=0, clock=FakeClock())
    me = GeoTripleBot("hard", seed=3)
    seen: list[str] = []
    for _ in range(3000):
        text = " ".join(page_text(ui))
        seen.append(text)
        left = sorted(f for f in english if f in text)
        assert not left, f"English on the {code} screen: {left}"
        if game.is_terminal():
            break
        if ui.feedback.is_open:
            ui.feedback.continue_button.click()
            continue
        view = game.view(0)
        names = {c: place_name("state", c, card["name"]) for c, card in view["cards"].items()}
        phase = view["phase"]
        if phase == "round_over":
            ui.parts.step_panel.next_round_button.click()
        elif phase == "guess":
            ui.parts.step_panel.guess_box.value = names[me.choose(game, 0)["state"]]
            ui.parts.step_panel.guess_button.click()
        elif phase == "race":
            move = me.choose(game, 0)
            if move["type"] == "give_up":
                ui.parts.step_panel.give_up_button.click()
            else:
                for card in (c for g in move["groups"] for c in g):
                    ui.parts.pick(card)
                ui.parts.step_panel.claim_button.click()
        else:
            move = me.choose(game, 0)
            tiles = {
                t.description.split("\n")[0]: t for t in ui.parts.step_panel.tiles_box.children[1:]
            }
            if phase == "discard":
                for card in move["cards"]:
                    tiles[names[card]].click()
                ui.parts.step_panel.put_away_button.click()
            elif phase == "announce":
                (
                    ui.parts.step_panel.plunge_yes
                    if move["geoplunging"]
                    else ui.parts.step_panel.plunge_no
                ).click()
            else:
                if move["type"] == "lead":
                    ui.parts.step_panel.category_pick.value = move["category"]
                tiles[names[move["card"]]].click()
    assert game.is_terminal()
    return game, seen


def states_named_in(game: GeoTriple, code: str, everything: str) -> None:
    """Every state whose name differs in ``code`` is never shown in English."""
    for usps, english_name in game.names.items():
        said = place_name("state", usps, english_name, code)
        if english_name not in said:
            assert not re.search(rf"\b{re.escape(english_name)}\b", everything), english_name


def test_a_whole_game_is_said_in_spanish() -> None:
    game, seen = play_through_the_screen("es", seed=4)
    everything = " ".join(seen)
    assert (
        "Etapa 1 · Adivina el estado" in everything and "Etapa 3 · Juega los puestos" in everything
    )
    assert "Pistas sobre el estado de Robot" in everything or "Pistas sobre tu estado" in everything
    assert "Te toca" in everything and "(ordenador, medio)" in everything
    assert "Cómo se juega a GeoTriple" in everything and "Fin de la partida" in everything
    assert re.search(r"(Ganas|Robot gana) la (última )?baza \(\d de 6\)", everything)
    assert "superficie nº" in everything and "Carolina del Norte" in everything
    states_named_in(game, "es", everything)


def test_a_whole_game_is_said_in_german() -> None:
    game, seen = play_through_the_screen("de", seed=7)
    everything = " ".join(seen)
    assert "Stufe 2 · Grenzrennen" in everything and "Du bist dran" in everything
    assert re.search(r"(Du gewinnst|Robot gewinnt) den (letzten )?Stich", everything)
    assert "Fläche Nr." in everything
    states_named_in(game, "de", everything)


def test_a_guess_and_its_verdict_in_spanish() -> None:
    geoteach.set_language("es")
    table = Table.of("Tú", "Robot", bots={"Robot": "hard"})
    game = GeoTriple(table, seed=3, states=real_states())
    ui = GeoTripleScreen(game, bot_delay=0, clock=FakeClock())
    while game.view(0)["stage1"]["guesser"] != 0:
        ui.feedback.is_open and ui.feedback.continue_button.click()
        if game.view(0)["stage1"]["guesser"] == 0:
            break
        ui.run_bots()
    secret = game.view(None)["stage1"]["holder"]
    assert secret == 1
    answer = game.s["secret"][1]
    wrong = next(c for c in game.view(0)["possible"] if c != answer)
    name = place_name("state", wrong, game.names[wrong])
    ui.parts.step_panel.guess_box.value = name
    ui.parts.step_panel.guess_button.click()
    assert ui.feedback.text == f"No es {name}."
    body = ui.feedback.body.value
    assert "Intento 2 de 3: escribe otro estado." in body and " está en la región " in body
    # The clue heard next is said in Spanish, from the card and its answer.
    clue = " ".join(page_text(ui.parts.step_panel.step))
    assert "Pistas sobre el estado de Robot" in clue and "My state" not in clue
