"""The widget, driven from Python: buttons call the engine, the screen shows the new state."""

from __future__ import annotations

import pytest

from geoteach.games.globe_works import DEALS
from geoteach.ui import safe
from geoteach.ui.globe_works import card_label, play, scoring_table_html


@pytest.fixture(autouse=True)
def _no_errors():
    safe.clear()
    yield
    assert safe.ERRORS == []


def test_cards_show_words_and_symbols_not_colour_alone() -> None:
    assert card_label("EA-freighter") == "🚢 Busan · ocean freighters · EA"
    assert "linking" in card_label("L-istanbul") and "WE+EE+MN" in card_label("L-istanbul")
    assert "2000" in scoring_table_html() and "-20" in scoring_table_html()


def test_a_full_game_against_two_bots_by_clicking() -> None:
    ui = play(["Ana", "Bot 1", "Bot 2"], {"Bot 1": "hard", "Bot 2": "medium"}, seed=2, bot_delay=0)
    game = ui.game
    clicks = 0
    while not game.is_terminal() and clicks < 3000:
        assert 0 in game.to_act()
        kinds = {a["type"] for a in game.legal_actions(0)}
        if game.phase == DEALS:
            (ui.decline_button if "decline" in kinds else ui.no_deal_button).click()
        elif game.step == "drawn":
            ui.hand.value = ui.hand.options[0][1]
            ui.discard_button.click()
        elif game.playable(0):
            ui.hand.value = game.playable(0)[0]
            ui.play_button.click()
        elif "draw" in kinds:
            (ui.draw_button if game.can_draw("draw") else ui.discard_draw_button).click()
        else:
            ui.pass_button.click()
        clicks += 1
    assert game.is_terminal() and len(game.history) == 3
    assert "Game over" in ui.status.value
    assert "Live score" in ui.scores.value
    assert ui.map.value[:4] == b"\x89PNG"


def test_a_refused_move_is_shown_and_changes_nothing() -> None:
    ui = play(["Ana", "Bot 1", "Bot 2"], {"Bot 1": "easy", "Bot 2": "easy"}, seed=5, bot_delay=0)
    game = ui.game
    before = game.to_json()
    blocked = next((c for c in game.hands[0] if game.why_not_playable(0, c) is not None), None)
    if blocked is None:
        pytest.skip("every card in this hand is playable")
    ui.hand.value = blocked
    ui.play_button.click()
    assert game.to_json() == before
    assert "cannot be played" in ui.messages.text or "not" in ui.messages.text


def test_student_offers_a_partnership_and_a_bot_answers() -> None:
    ui = play(["Ana", "Bot 1", "Bot 2"], {"Bot 1": "hard", "Bot 2": "hard"}, seed=3, bot_delay=0)
    game = ui.game
    while game.phase != DEALS or 0 not in game.to_act() or game.current == 0:
        kinds = {a["type"] for a in game.legal_actions(0)}
        if game.phase == DEALS:
            (ui.decline_button if "decline" in kinds else ui.no_deal_button).click()
        elif game.step == "drawn":
            ui.hand.value = ui.hand.options[0][1]
            ui.discard_button.click()
        else:
            ui.draw_button.click()
    assert ui.partner_button in [w for box in ui.deal_box.children[1:2] for w in box.children]
    ui.partner_pick.value = ui.partner_pick.options[0][1]
    ui.icon_pick.value = "coins"
    ui.partner_button.click()
    answered = [t for t in game.trades if t["kind"] == "partnership" and t["from"] == 0]
    assert len(answered) == 1
