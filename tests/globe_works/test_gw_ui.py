"""The widget, driven from Python: buttons call the engine, the screen shows the new state."""

from __future__ import annotations

import pytest
from matplotlib.backend_bases import MouseButton, MouseEvent

from geoteach.games.globe_works import DEALS
from geoteach.games.globe_works.cards import cards
from geoteach.render.globe_works import CARD_BOTTOM, CARD_SIZE, NORTH_EDGE, north_slots
from geoteach.ui import safe
from geoteach.ui.globe_works import card_label, play, scoring_table_html
from tests.globe_works.test_gw_engine import give, to_north


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


# ----- the clickable map (ipympl canvas, as after ``%matplotlib widget``) -------------------


@pytest.fixture
def widget_backend():
    """Figures from pyplot on the ipympl canvas, as in a notebook after ``%matplotlib widget``."""
    import matplotlib.pyplot as plt

    before = plt.get_backend()
    plt.switch_backend("module://ipympl.backend_nbagg")
    yield
    plt.close("all")
    plt.switch_backend(before)


def _click_at(ui, lon, lat, button=MouseButton.LEFT):
    """A mouse press at (lon, lat) of the map, sent through the canvas like a real click."""
    ax = ui.figure.axes[0]
    ax.apply_aspect()
    x, y = ax.transData.transform((lon, lat))
    event = MouseEvent("button_press_event", ui.figure.canvas, x, y, button=button)
    ui.figure.canvas.callbacks.process("button_press_event", event)


def _interactive_ui():
    ui = play(
        ["Ana", "Bot 1", "Bot 2"],
        {"Bot 1": "easy", "Bot 2": "easy"},
        seed=4,
        bot_delay=0,
        interactive=True,
    )
    assert ui.interactive and ui.map is ui.figure.canvas
    return ui


def test_clicking_a_city_of_the_hand_picks_that_card(widget_backend) -> None:
    ui = _interactive_ui()
    deck = cards()
    hand = [c for _label, c in ui.hand.options]
    # A card whose city has no other hand card within a few degrees, so the click is not shared.
    card = next(
        c
        for c in hand
        if all(
            c == o or abs(deck[c].lon - deck[o].lon) + abs(deck[c].lat - deck[o].lat) > 8
            for o in hand
        )
    )
    other = next(c for c in hand if c != card)
    ui.hand.value = other
    before = ui.game.to_json()
    _click_at(ui, deck[card].lon + 0.5, deck[card].lat - 0.5)  # a few pixels off the city
    assert ui.hand.value == card
    assert deck[card].city in ui.messages.text
    assert ui.game.to_json() == before  # picking is not playing
    # The rings that show where to click sit on the hand's cities.
    rings = next(line for line in ui.figure.axes[0].lines if line.get_gid() == "hand")
    assert sorted(rings.get_xdata()) == sorted(deck[c].lon for c in ui.game.view(0)["hand"])


def test_a_click_far_from_the_hand_or_with_the_right_button_changes_nothing(
    widget_backend,
) -> None:
    ui = _interactive_ui()
    deck = cards()
    hand = [c for _label, c in ui.hand.options]
    ui.hand.value = hand[0]
    text = ui.messages.text
    _click_at(ui, -140.0, -45.0)  # the South Pacific, far from every city
    far = next(c for c in hand if c != hand[0])
    _click_at(ui, deck[far].lon, deck[far].lat, button=MouseButton.RIGHT)
    assert ui.hand.value == hand[0]
    assert ui.messages.text == text


def test_clicking_a_held_linking_city_at_the_north_edge_picks_it(widget_backend) -> None:
    ui = _interactive_ui()
    game = ui.game
    linking = next((c for c in cards().values() if c.is_linking), None)
    assert linking is not None
    # Put a linking card in the student's hand (a test set-up, as a deal could) and redraw.
    game.hands[0][0] = linking.card
    ui.redraw()
    ui.hand.value = next(c for c in game.hands[0] if c != linking.card)
    slots = dict(zip(game.north, north_slots(game.north), strict=True))
    x = slots.get(linking.card, linking.lon)
    _click_at(ui, x, NORTH_EDGE[0] + CARD_BOTTOM + CARD_SIZE[1] / 2)
    assert ui.hand.value == linking.card


def test_picked_by_click_then_played_with_the_button(widget_backend) -> None:
    ui = _interactive_ui()
    game = ui.game
    deck = cards()
    for _ in range(200):  # draw and discard until a playable card is in hand on our turn
        if game.is_terminal() or game.phase == DEALS or game.playable(0):
            break
        if game.step == "drawn":
            ui.hand.value = ui.hand.options[0][1]
            ui.discard_button.click()
        else:
            ui.draw_button.click()
    playable = game.playable(0) if game.phase != DEALS else []
    if not playable:
        pytest.skip("no playable card came up for this seed")
    card = playable[0]
    ui.hand.value = next(c for _label, c in ui.hand.options if c != card)
    _click_at(ui, deck[card].lon, deck[card].lat)
    assert ui.hand.value in playable  # the clicked city (or a playable card sharing it)
    picked = ui.hand.value
    ui.play_button.click()
    assert picked in game.played[0] + game.north  # a linking card goes to the north edge


def test_interactive_without_a_widget_canvas_stays_a_picture() -> None:
    ui = play(
        ["Ana", "Bot 1", "Bot 2"],
        {"Bot 1": "easy", "Bot 2": "easy"},
        seed=4,
        bot_delay=0,
        interactive=True,
    )
    assert not ui.interactive
    assert ui.map.value[:4] == b"\x89PNG"
    assert ui.play_button.description == "Play this card"
    assert ui.draw_button.description == "Draw from the draw pile"
    assert ui.discard_button.description == "Discard this card"


# ----- issue 15: the rulebook's calls, trades and pairs on screen ------------------------------
def _idle_until(ui, done) -> None:
    """Click "no deal"/"decline", or draw and discard the card drawn, until ``done(game)``."""
    game = ui.game
    for _ in range(2000):
        if done(game):
            return
        kinds = {a["type"] for a in game.legal_actions(0)}
        if game.phase == DEALS:
            (ui.decline_button if "decline" in kinds else ui.no_deal_button).click()
        elif game.step == "drawn":
            ui.hand.value = game.drawn
            ui.discard_button.click()
        else:
            ui.draw_button.click()
    raise AssertionError("the game never reached the wanted moment")


def test_the_pair_penalty_is_said_when_the_round_ends() -> None:
    """ "Except for unplayed pairs in hand, at the end of a round, only cards played down are
    scored." The -20 is applied, and shown, when the round ends."""
    ui = play(["Ana", "Bot 1", "Bot 2"], {"Bot 1": "easy", "Bot 2": "easy"}, seed=6, bot_delay=0)
    game = ui.game
    _idle_until(ui, lambda g: g.phase != DEALS and g.current == 0 and g.may_call_end(0))
    to_north(game, "L-darwin")  # opens Oceania and Southeast Asia
    give(game, 0, "OC-power", "SE-power")  # two energy cities joined by Darwin: a pair
    ui.redraw()
    assert "Pairs in your hand" in ui.scores.value and card_label("OC-power") in ui.scores.value
    assert ui.call_button in ui.turn_box.children
    this_round = game.round_no
    ui.call_button.click()
    ui.draw_button.click()
    ui.hand.value = game.drawn
    ui.discard_button.click()  # Ana's last turn; the bots take 3 more each
    assert len(game.history) == this_round
    assert f"Round {this_round} is over" in ui.round_end.value
    assert card_label("OC-power") in ui.round_end.value and "-20" in ui.round_end.value
    assert any("Pairs left in hand: Ana -" in text for _kind, text in ui.messages.messages)


def test_the_end_can_be_called_from_the_deals_window() -> None:
    """ "Players can call for the end of the round any time after each player has had 6 turns." """
    ui = play(["Ana", "Bot 1", "Bot 2"], {"Bot 1": "easy", "Bot 2": "easy"}, seed=6, bot_delay=0)
    game = ui.game
    _idle_until(ui, lambda g: g.phase == DEALS and 0 in g.to_act() and g.window["proposal"] is None)
    assert game.current != 0 and ui.call_button in ui.turn_box.children
    ui.call_button.click()
    assert game.history or game.called_by == 0


def test_a_played_city_can_be_asked_for_or_accepted_into_the_hand() -> None:
    """ "Trades of cards already played are allowed but game tokens must either reflect these
    changes on the map or the trading partner must retrieve the card to his/her hand." """
    ui = play(["Ana", "Bot 1", "Bot 2"], {"Bot 1": "easy", "Bot 2": "easy"}, seed=6, bot_delay=0)
    game = ui.game

    def window_open(g) -> bool:
        return g.phase == DEALS and 0 in g.to_act() and g.window["proposal"] is None

    _idle_until(ui, window_open)
    other = next(q for q in game.window["eligible"] if q != 0)
    to_north(game, "L-panama-city")
    give(game, other, "SA-power", "CC-power")
    game.played[other] += [game.hands[other].pop(), game.hands[other].pop()]
    # Ana asks for a bot's city and would take it into her hand.
    ui.redraw()
    ui.partner_pick.value = other
    ui.give_pick.value = game.hands[0][0]
    ui.take_pick.value = "CC-power"
    ui.into_pick.value = "hand"
    ui.trade_button.click()
    asked = next(t for t in game.trades if t["from"] == 0 and t["kind"] == "trade")
    assert asked["take"] == "CC-power" and asked["into"] == "hand"
    _idle_until(ui, window_open)
    other = next(q for q in game.window["eligible"] if q != 0)
    if "SA-power" not in game.played[other]:
        give(game, other, "SA-power")
        game.played[other].append(game.hands[other].pop())
    # A bot offers its played city; Ana takes it into her hand.
    game.apply(
        {"player": other, "type": "propose_trade", "to": 0, "give": "SA-power", "take": None}
    )
    ui.redraw()
    answers = [w for box in ui.deal_box.children if hasattr(box, "children") for w in box.children]
    assert ui.accept_hand_button in answers and "on the map" in ui.deal_box.children[0].value
    mine = next(c for c in game.hands[0] if c != "SA-power")
    ui.hand.value = mine
    ui.accept_hand_button.click()
    assert "SA-power" in game.hands[0] and mine in game.hands[other]
    assert game.trades[-1]["answer_into"] == "hand"
