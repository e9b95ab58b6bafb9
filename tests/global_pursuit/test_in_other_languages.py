"""Global Pursuit's screen in Spanish and German: a whole seeded game played through the screen
at ``es`` (and one at ``de``), every screen read, and no English sentence of the catalogs on any
of them; a move and its verdict said in the page's language (issue 37)."""

from __future__ import annotations

import html
from collections.abc import Iterator

import pytest

import geoteach
from geoteach.bots.global_pursuit import GlobalPursuitBot
from geoteach.games.global_pursuit.engine import GlobalPursuit
from geoteach.games.table import Table
from geoteach.i18n import speaking
from geoteach.ui import safe
from geoteach.ui.global_pursuit import GlobalPursuitScreen
from geoteach.ui.global_pursuit.wording import card_name, news_line, place_words
from tests.globalissimo.test_in_spanish import page_text
from tests.languages import english_fragments


@pytest.fixture(autouse=True)
def _no_errors() -> Iterator[None]:
    safe.clear()
    yield
    geoteach.set_language(None)
    assert [c.message for c in safe.ERRORS] == []


def a_game(you: str, seed: int = 5) -> tuple[GlobalPursuit, GlobalPursuitScreen]:
    """A student alone against a hard computer, on a small table (a short game)."""
    game = GlobalPursuit(
        Table.of(you, "Robot", bots={"Robot": "hard"}), seed=seed, table_size=[6, 6]
    )
    ui = GlobalPursuitScreen(game, maps=False, challenge_seconds=None, bot_delay=0)
    return game, ui


def play_through(game: GlobalPursuit, ui: GlobalPursuitScreen, english: set[str]) -> str:
    """The student plays the game to its end through the screen's controls (a hard bot's
    matches, every third answer wrong), each screen read for English; returns all it said."""
    helper = GlobalPursuitBot("hard", seed=0)
    seen: list[str] = []
    cards: set[str] = set()  # the trivia cards' own words: the quiz's, translated elsewhere
    for step in range(600):
        text = " ".join(page_text(ui))
        seen.append(text)
        if game.phase == "answer":  # a question the student or the computer answers
            question = game.current_question()
            cards.update(w for w in (question.prompt, question.explanation) if w)
            cards.update(w for w in (*place_words(question), *question.choices) if w)
        for words in sorted(cards, key=len, reverse=True):
            text = text.replace(words, " ")
        left = sorted(f for f in english if f in text)
        assert not left, f"English on the page: {left}"
        if game.is_terminal():
            break
        if ui.feedback.is_open:
            ui.feedback.continue_button.click()
            continue
        phase = game.phase
        if phase == "match":
            move = helper.choose(game, 0)
            if move["type"] == "pass":
                ui.parts.step_panel.cannot.click()
            else:
                ui.parts.step_panel.hand.value = move["card"]
                ui.parts.step_panel.edge.value = tuple(move["at"])
                ui.parts.step_panel.turn.value = move["card_edge"]
                ui.parts.step_panel.lay.click()
        elif phase == "return":
            ui.parts.step_panel.hand.value = ui.parts.step_panel.hand.options[0][1]
            ui.parts.step_panel.give_back.click()
        elif phase == "answer":
            question = game.current_question()
            ui.parts.step_panel.card.answer_box.value = question.answer if step % 3 else "Atlántida"
            ui.parts.step_panel.card.submit_button.click()
        else:
            buttons = {
                "challenge": ui.parts.step_panel.accept,
                "roll": ui.parts.step_panel.roll,
                "level": ui.parts.step_panel.choose_level,
            }
            buttons["wild"] = ui.parts.step_panel.skip_wild
            buttons[phase].click()
    assert game.is_terminal()
    return " ".join([*seen, *page_text(ui)])


def test_a_whole_game_is_said_in_spanish() -> None:
    geoteach.set_language("es")
    english = english_fragments("es")
    game, ui = a_game("Tú")
    said = html.unescape(play_through(game, ui, english))
    assert "Todos tiran el dado:" in said
    assert "Te toca: coloca una carta de tu mano en un lugar numerado." in said
    assert "Colocar la carta" in said and "Cómo se ganan puntos" in said
    assert "Ronda 1 ·" in said and "en el mazo" in said
    assert "¡Correcto! Tú ganas" in said and "Esta vez no." in said
    assert "Fin de la partida" not in said or "La partida ha terminado" in said
    assert "Planeta Tierra" in said or "Gente y lugares" in said
    # The log of the computer's moves and the news: the engine's words said in Spanish.
    assert any(" coloca " in news_line(line) for line in game.state["news"]) or "Robot" in said


def test_a_whole_game_is_said_in_german() -> None:
    geoteach.set_language("de")
    english = english_fragments("de")
    game, ui = a_game("Du", seed=6)
    said = html.unescape(play_through(game, ui, english))
    assert "Du bist dran: Lege eine Karte aus deiner Hand auf einen nummerierten Platz." in said
    assert "Karte anlegen" in said and "So gibt es Punkte" in said
    assert "Richtig! Du bekommst" in said and "Planet Erde" in said


def test_a_move_and_its_verdict_in_french() -> None:
    geoteach.set_language("fr")
    _game, ui = a_game("Ana")
    ui.parts.step_panel.hand.value = None
    ui.parts.step_panel.lay.click()
    assert ui.messages.text == "Choisis d'abord une carte de ta main et une place numérotée."
    with speaking("fr"):
        assert card_name("planet_earth:7") == "Planète Terre, carte 8"


def test_why_a_challenged_card_does_not_match_is_said_in_spanish() -> None:
    from geoteach.ui.global_pursuit import wording
    from tests.global_pursuit.test_gp_rules import ANCHOR, GRAZED, NEIGHBOUR, game_with_table

    game = game_with_table([ANCHOR, GRAZED], NEIGHBOUR)
    player, challenger = game.player, 1 - game.player
    game.apply({"player": player, "type": "place", "card": NEIGHBOUR, "at": [0, 3], "card_edge": 2})
    game.apply({"player": challenger, "type": "challenge"})
    last = game.view(None)["last"]
    assert "only partly touches edge 4 of Historic Happenings card 4" in " ".join(last["why"])
    with speaking("es"):
        headline, right, lines = wording.own_challenge_verdict(game.table, challenger, player, last)
    assert headline == "¡Correcto! Esa carta no encaja." and right
    assert lines[0].startswith("El borde ")
    assert "solo toca en parte el borde 4 de Sucesos históricos, carta 4" in lines[0]
