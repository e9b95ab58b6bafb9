"""The Globe Works screen, driven through its buttons and map: the engine's state and what is
shown after each click."""

from __future__ import annotations

import asyncio
import itertools
import statistics
import time

import pytest
from matplotlib.backend_bases import MouseButton, MouseEvent

from geoteach.escape import html_text
from geoteach.games.globe_works import DEALS, PLAY, GlobeWorks
from geoteach.games.globe_works.cards import cards
from geoteach.games.table import Seat, Table
from geoteach.render.globe_works import CITY_PT, DPI
from geoteach.ui import safe
from geoteach.ui.apps import StudentApp, spec_for
from geoteach.ui.globe_works import (
    GlobeWorksScreen,
    card_label,
    pair_sentence,
    play,
    scoring_table_html,
)
from tests.globe_works.test_gw_engine import give, to_north
from tests.ui.screen_checks import verdict_holds_the_computers_and_skip_plays_them
from tests.waiting import until_async


@pytest.fixture(autouse=True)
def _no_errors():
    safe.clear()
    yield
    assert safe.ERRORS == [], [c.message for c in safe.ERRORS]


def _screen(seed: int = 6, level: str = "easy", **options) -> GlobeWorksScreen:
    """You against two computers, moving at once (no event loop, no delay)."""
    robots = {"Robot Ada": level, "Robot Ben": level}
    return play(["You", "Robot Ada", "Robot Ben"], robots, seed=seed, bot_delay=0, **options)


def _idle(ui: GlobeWorksScreen) -> None:
    """One click of a student who never plays: Continue, decline, no deal, or draw and
    discard the card drawn (it is picked for them)."""
    game = ui.game
    if ui.feedback.is_open:
        ui.feedback.continue_button.click()
    elif game.phase == DEALS:
        proposal = game.window["proposal"]
        (
            ui.parts.step_panel.decline_button if proposal else ui.parts.step_panel.no_deal_button
        ).click()
    elif game.step == "drawn":
        ui.parts.step_panel.discard_button.click()
    elif game.can_draw("draw"):
        ui.parts.step_panel.draw_button.click()
    else:
        ui.parts.step_panel.take_discard_button.click()


def _idle_until(ui: GlobeWorksScreen, done) -> None:
    for _ in range(2000):
        if done(ui.game):
            return
        assert 0 in ui.game.to_act() or ui.feedback.is_open, ui.banner.value
        _idle(ui)
    raise AssertionError("the game never reached the wanted moment")


def _my_deals(game: GlobeWorks) -> bool:
    return game.phase == DEALS and game.to_act() == [0] and game.window["proposal"] is None


def _shown(ui: GlobeWorksScreen) -> list:
    """The widgets of the controls now, rows opened up."""
    out = []
    for widget in ui.controls.children:
        out += [widget, *getattr(widget, "children", ())]
    return out


def _hand_texts(ui: GlobeWorksScreen) -> list[str]:
    return [b.description for b in ui.parts.board_panel.hand_box.children]


# ----- words -----------------------------------------------------------------------------
def test_cards_are_said_in_words_never_by_colour_or_emoji_alone() -> None:
    assert card_label("EA-freighter") == "Busan · ocean freighters · EA"
    assert card_label("L-istanbul") == "Istanbul · linking city · opens WE+EE+MN"
    assert all(ord(ch) < 0x2600 for c in cards() for ch in card_label(c))  # no emoji
    assert "2,000" in scoring_table_html() and "-20" in scoring_table_html()
    table = Table.of("Ana", "You")
    said = pair_sentence(table, 0, ["WE-coins", "EE-coins"], ["L-vienna"])
    assert said.startswith(
        "−20: Ana kept a pair in their hand: London and Warsaw, two cities of banks"
    )
    assert "joined by Vienna" in said
    said = pair_sentence(table, 1, ["NA-coins", "NA-coins"], [])
    assert said.startswith("−20: you kept a pair in your hand: both New York City cards")


# ----- the hand beside the map ------------------------------------------------------------
def test_the_hand_is_under_the_map_with_playable_cards_marked_and_names_readable() -> None:
    ui = _screen()
    game = ui.game
    assert game.to_act() == [0] and game.phase == PLAY
    assert (
        ui.board.children[0] is ui.parts.board_panel.map_picture
        and ui.parts.board_panel.hand_box in ui.board.children
    )
    assert ui.parts.board_panel.map_picture.value[:4] == b"\x89PNG"
    playable = set(game.playable(0))
    assert playable, "this seed starts with a playable card"
    for button, card in zip(ui.parts.board_panel.hand_box.children, game.hands[0], strict=True):
        marked = "gt-playable" in button._dom_classes
        assert marked == (card in playable)
        assert button.description.startswith("✔ ") == (card in playable)
        assert f"gt-card-{card}" in button._dom_classes
    assert (
        "Your hand" in ui.parts.board_panel.hand_note.value
        and "✔ = can be played now" in ui.parts.board_panel.hand_note.value
    )
    # Every city of the hand is ringed on the map; names are 11 px or more and never overlap.
    assert set(ui.parts.board_panel.map.rings) == set(game.hands[0])
    assert CITY_PT * DPI / 72 >= 11
    boxes = list(ui.parts.board_panel.map.label_boxes.values())
    assert len(boxes) >= 3
    for a, b in itertools.combinations(boxes, 2):
        assert not a.intersects(b)
    assert "Your turn" in ui.banner.value and "play a card marked ✔" in ui.banner.value


def test_picking_in_the_hand_shows_at_once_and_says_why_a_card_cannot_be_played() -> None:
    ui = _screen()
    game = ui.game
    before = game.to_json()
    blocked = next(c for c in game.hands[0] if game.why_not_playable(0, c))
    index = game.hands[0].index(blocked)
    ui.parts.board_panel.hand_box.children[index].click()
    assert ui.parts.picked == blocked and ui.parts.board_panel.map.picked == blocked
    picked = [b for b in ui.parts.board_panel.hand_box.children if "gt-picked" in b._dom_classes]
    assert picked == [ui.parts.board_panel.hand_box.children[index]]
    city = cards()[blocked].city
    assert (
        ui.parts.step_panel.play_button.description == f"Play {city}"
        and ui.parts.step_panel.play_button.disabled
    )
    assert "cannot be played yet" in ui.parts.step_panel.reason.value
    assert "Linking cities that open" in ui.parts.step_panel.reason.value
    assert game.to_json() == before  # picking is not playing
    good = game.playable(0)[0]
    ui.parts.board_panel.hand_box.children[game.hands[0].index(good)].click()
    assert not ui.parts.step_panel.play_button.disabled and ui.parts.step_panel.reason.value == ""


def test_a_hand_with_nothing_to_play_says_why_and_what_to_do() -> None:
    ui = _screen()
    game = ui.game
    shut = [
        c.card for c in cards().values() if not c.is_linking and c.region not in game.open_colours()
    ][:7]
    game.hands[0][:] = shut  # a test set-up: a hand of cities whose regions are all closed
    ui.refresh()
    assert game.playable(0) == []
    assert "No city of yours is open yet" in ui.parts.board_panel.hand_note.value
    assert "Draw a card" in ui.parts.board_panel.hand_note.value
    assert not any("✔" in text for text in _hand_texts(ui))


def test_play_then_draw_and_discard_the_card_drawn() -> None:
    ui = _screen()
    game = ui.game
    card = ui.parts.picked
    assert card == game.playable(0)[0]  # the first playable card is picked for the student
    ui.parts.step_panel.play_button.click()
    assert card in game.played[0] + game.north
    info = cards()[card]
    assert info.city in ui.feedback.text and html_text(info.reason) in ui.feedback.body.value
    assert not ui.feedback.is_open  # a note, not a verdict: the computers went on
    assert game.to_act() == [0]
    ui.parts.step_panel.draw_button.click()
    drawn = game.drawn
    assert game.step == "drawn" and ui.parts.picked == drawn
    assert ui.parts.step_panel.discard_button.description == f"Discard {cards()[drawn].city}"
    assert ui.parts.step_panel.discard_button in ui.controls.children
    assert (
        "You drew" in ui.parts.step_panel.step.value
        and "Your turn: discard one card" in ui.banner.value
    )
    ui.parts.step_panel.discard_button.click()
    assert game.pile.discards[-1] == drawn or game.to_act() == [0]
    assert len(ui.computer_log.lines) >= 2


def test_a_refused_move_is_shown_and_changes_nothing() -> None:
    ui = _screen()
    game = ui.game
    before = game.to_json()
    blocked = next(c for c in game.hands[0] if game.why_not_playable(0, c))
    ui.parts.pick_card(blocked)
    # A click that reaches the kernel although the button is disabled.
    ui.parts.step_panel.play_button.click()
    assert game.to_json() == before
    assert ui.messages.kind == "error" and "cannot be played" in ui.messages.text
    assert len(safe.REJECTED) == 1


# ----- deals -------------------------------------------------------------------------------
def test_the_deals_step_comes_once_a_lap_and_no_deal_is_one_click() -> None:
    ui = _screen()
    game = ui.game
    asked: list[int] = []
    for _ in range(400):
        if len(asked) == 4:
            break
        if _my_deals(game):
            assert ui.parts.step_panel.no_deal_button in ui.controls.children
            assert ui.parts.step_panel.no_deal_button.button_style == "primary"
            assert (
                "press No deal" in ui.banner.value
                and "once a lap" in ui.parts.step_panel.step.value
            )
            asked.append(game.turns[0])
        _idle(ui)
    assert len(asked) == 4 and len(set(asked)) == 4, asked  # one Deals step per own turn
    skipped = [a for a in game.log if a["player"] == 0 and a["type"] == "no_deal"]
    assert len(skipped) > len(asked)  # the other windows of each lap were said for the student


def test_the_trade_offer_starts_filled_in_and_a_computer_answers() -> None:
    ui = _screen()
    game = ui.game
    _idle_until(ui, _my_deals)
    ui.parts.step_panel.trade_form_button.click()
    assert ui.parts.step_panel.give_pick in _shown(
        ui
    ) and ui.parts.step_panel.send_button in _shown(ui)
    assert (
        ui.parts.step_panel.give_pick.value is not None
        and ui.parts.step_panel.give_pick.value in game.hands[0]
    )
    assert ui.parts.step_panel.partner_pick.value in game.window["eligible"]
    assert (
        ui.parts.step_panel.take_pick.value is None
        and ui.parts.step_panel.into_pick.layout.display == "none"
    )
    # Picking a card in the hand puts it in "You give".
    card = game.hands[0][-1]
    ui.parts.board_panel.hand_box.children[-1].click()
    assert ui.parts.step_panel.give_pick.value == card
    ui.parts.step_panel.send_button.click()
    offer = next(t for t in game.trades if t["from"] == 0)
    assert offer["give"] == card
    verb = "accepts" if offer["accepted"] else "declines"
    assert any(f"{verb} your trade" in line for line in ui.computer_log.lines)


def test_a_partnership_offer_and_the_back_button() -> None:
    ui = _screen()
    game = ui.game
    _idle_until(ui, _my_deals)
    ui.parts.step_panel.partner_form_button.click()
    assert ui.parts.step_panel.icon_pick in ui.controls.children
    ui.parts.step_panel.back_button.click()
    assert ui.parts.step_panel.no_deal_button in ui.controls.children
    ui.parts.step_panel.partner_form_button.click()
    ui.parts.step_panel.icon_pick.value = "coins"
    ui.parts.step_panel.send_button.click()
    deal = next(t for t in game.trades if t["kind"] == "partnership" and t["from"] == 0)
    assert deal["icon"] == "coins"


def test_a_played_city_offered_to_the_student_can_go_into_the_hand() -> None:
    """ "Trades of cards already played are allowed but game tokens must either reflect these
    changes on the map or the trading partner must retrieve the card to his/her hand." """
    ui = _screen()
    game = ui.game
    _idle_until(ui, _my_deals)
    other = next(q for q in range(1, 3) if q != game.current)
    to_north(game, "L-panama-city")
    give(game, other, "SA-power")
    game.played[other].append(game.hands[other].pop())
    game.window["done"] = [q for q in game.window["eligible"] if q != other]
    game.apply(
        {"player": other, "type": "propose_trade", "to": 0, "give": "SA-power", "take": None}
    )
    ui.refresh()
    assert (
        "offers you" in ui.parts.step_panel.step.value
        and "on the map" in ui.parts.step_panel.step.value
    )
    assert ui.parts.step_panel.accept_hand_button in _shown(
        ui
    ) and ui.parts.step_panel.decline_button in _shown(ui)
    mine = next(c for c in game.hands[0] if c != "SA-power")
    ui.parts.board_panel.hand_box.children[game.hands[0].index(mine)].click()
    assert ui.parts.step_panel.answer_pick.value == mine
    ui.parts.step_panel.accept_hand_button.click()
    assert "SA-power" in game.hands[0] and mine in game.hands[other]
    assert game.trades[-1]["answer_into"] == "hand"


# ----- calling the end, the round's end and its −20s ------------------------------------------
def test_the_call_is_explained_when_possible_and_the_round_end_says_each_minus_twenty() -> None:
    """ "Players can call for the end of the round any time after each player has had 6
    turns." "Except for unplayed pairs in hand, at the end of a round, only cards played down
    are scored." """
    ui = _screen(level="hard")  # careful computers: none calls the end at random
    game = ui.game
    _idle_until(ui, lambda g: g.deals_allowed())
    assert "Everyone has had 6 turns" in ui.feedback.text
    assert "call the end of the round" in ui.feedback.body.value
    _idle_until(ui, lambda g: g.phase == PLAY and g.current == 0 and g.step == "start")
    assert ui.parts.step_panel.call_button in ui.controls.children
    assert "everyone else 3 more" in ui.parts.step_panel.call_note.value
    to_north(game, "L-darwin")  # opens Oceania and Southeast Asia
    give(game, 0, "OC-power", "SE-power")  # two energy cities Darwin joins: a pair
    ui.refresh()
    assert "−20 if the round ended now" in ui.parts.board_panel.hand_note.value
    assert "Newcastle and Balikpapan" in ui.parts.board_panel.hand_note.value
    this_round = game.round_no
    ui.parts.step_panel.call_button.click()
    assert "You called the end" in ui.banner.value
    ui.parts.step_panel.draw_button.click()
    # The student's last turn; the computers take 3 more each.
    ui.parts.step_panel.discard_button.click()
    assert len(game.history) == this_round
    assert ui.feedback.is_open and ui.feedback.text == f"Round {this_round} is over"
    body = ui.feedback.body.value
    assert "You called the end." in body
    assert "−20: you kept a pair in your hand: Newcastle and Balikpapan" in body
    assert "joined by Darwin" in body
    assert (
        ui.parts.board_panel.result in ui.board.children
        and "Pairs left in hand" in ui.parts.board_panel.result.value
    )
    assert (
        "Points for a network" in ui.parts.board_panel.result.value
        and "read the scores" in ui.banner.value
    )
    assert ui.controls.children == ()
    # The verdict stays: a refresh (a computer's clock, a redraw) does not put it away.
    ui.refresh()
    assert ui.feedback.is_open and ui.parts.board_panel.result in ui.board.children
    ui.feedback.continue_button.click()
    assert not ui.feedback.is_open and ui.parts.board_panel.hand_box in ui.board.children
    assert f"Round {this_round + 1} of" in ui.banner.value


def test_a_two_card_network_says_its_minus_twenty() -> None:
    ui = _screen()
    game = ui.game
    to_north(game, "L-vienna")
    give(game, 0, "WE-coins", "EE-coins")
    game.played[0] += [game.hands[0].pop(), game.hands[0].pop()]
    ui.refresh()
    note = ui.parts.board_panel.hand_note.value
    assert "−20 now: your banks network has only 2 cities, Warsaw and London" in note
    assert "A third joined city makes it +4" in note


def test_the_final_round_says_it_cannot_be_called() -> None:
    ui = _screen(rounds=3)
    game = ui.game
    game.round_no = game.rounds  # a test set-up: the last round, everyone past 6 turns
    game.turns = [7, 7, 7]
    ui.refresh()
    assert "(the final round)" in ui.banner.value
    assert "the round ends when nobody can play" in ui.banner.value
    assert ui.parts.step_panel.call_button not in ui.controls.children


# ----- computers, pacing, and the verdict that waits ----------------------------------------
def test_a_verdict_holds_the_computers_until_continue_and_skip_plays_them_at_once() -> None:
    async def main() -> None:
        table = Table.of(
            "You", "Robot Ada", "Robot Ben", bots={"Robot Ada": "easy", "Robot Ben": "easy"}
        )
        ui = GlobeWorksScreen(GlobeWorks(table, seed=6, max_turns=6), bot_delay=0.01)
        game = ui.game

        async def settle() -> None:
            await until_async(
                lambda: ui.bot_task is None or ui.bot_task.done() or ui.feedback.is_open,
                "the computers never finished",
                every=0.01,
            )

        for _ in range(500):
            await settle()
            if ui.feedback.is_open:
                break
            _idle(ui)
        assert ui.feedback.is_open and ui.feedback.text == "Round 1 is over"
        await verdict_holds_the_computers_and_skip_plays_them(ui)
        assert 0 in game.to_act() and "Round 2 of 3" in ui.banner.value

    asyncio.run(main())


def test_computer_moves_are_short_sentences() -> None:
    ui = _screen()
    _idle_until(ui, lambda g: g.deals_allowed())
    lines = ui.computer_log.lines
    assert lines and all(line.endswith(".") and "{" not in line for line in lines)
    assert any(" played " in line or " opened " in line for line in lines)
    assert any(
        "drew a card and discarded" in line or "from the discard pile" in line for line in lines
    )
    assert not any("no deal" in line for line in lines)


def test_a_full_game_by_clicks_ends_with_the_winner_first() -> None:
    ui = _screen(seed=2, level="medium", max_turns=6)
    game = ui.game
    for _ in range(3000):
        if game.is_terminal():
            break
        my_step = not ui.feedback.is_open and game.phase == PLAY and game.step == "start"
        if my_step and ui.parts.picked in game.playable(0):
            ui.parts.step_panel.play_button.click()
            continue
        _idle(ui)
    assert game.is_terminal() and len(game.history) == 3
    assert "The game is over" in ui.feedback.text and "The game is over" in ui.banner.value
    assert ui.controls.children == ()
    first_row = ui.leaders.value.split("<tbody>")[1].split("</tr>")[0]
    assert game.table.name_of(game.winners()[0]) in first_row
    assert "Round 3" in ui.parts.sheet.value


# ----- the app: set-up screen, new game, large text, two people ------------------------------
def test_the_set_up_screen_starts_the_game_and_new_game_comes_back() -> None:
    app = StudentApp(spec_for("globe_works"), seed=5)
    assert [r.name.value for r in app.setup.active_rows] == ["You", "Robot Ada", "Robot Ben"]
    app.option_boxes["rounds"][1].value = 4
    app.option_boxes["max_turns"][1].value = 8
    app.option_boxes["bot_delay"][1].value = 3  # "instant"
    app.setup.start.click()
    screen = app.screen
    assert isinstance(screen, GlobeWorksScreen) and screen in app.children
    assert screen.game.rounds == 4 and screen.game.max_turns == 8 and screen.game.seed == 5
    assert "Your turn" in screen.banner.value or "playing" in screen.banner.value
    screen.new_game_button.click()
    assert app.screen is None and app.setup_screen in app.children and screen not in app.children
    assert app.option_boxes["rounds"][1].value == 4
    # Fewer rounds than players: the set-up screen says what to change.
    app.setup.count.value = 4
    app.option_boxes["rounds"][1].value = 3
    app.setup.start.click()
    assert app.screen is None and "at least 4 rounds" in app.messages.text


def test_large_text_enlarges_the_map_and_its_names() -> None:
    ui = _screen()
    width = ui.parts.board_panel.map.figure.get_figwidth()
    ui.large_toggle.value = True
    assert "gt-large" in ui._dom_classes
    assert (
        ui.parts.board_panel.map.figure.get_figwidth() > width * 1.3
        and ui.parts.board_panel.map.scale > 1.3
    )
    assert (
        ui.parts.board_panel.map_picture.layout.width
        == f"{round(ui.parts.board_panel.map.figure.get_figwidth() * DPI)}px"
    )
    assert set(ui.parts.board_panel.map.rings) == set(ui.game.hands[0])


def test_two_people_pass_the_screen_and_see_only_their_own_hand() -> None:
    table = Table([Seat("Ana"), Seat("Ben"), Seat("Robot", kind="bot", level="easy")])
    ui = GlobeWorksScreen(GlobeWorks(table, seed=3), bot_delay=0)
    game = ui.game
    person = ui.parts.waiting_for()
    assert person is not None and ui.controls.children == (ui.parts.guard,)
    assert (
        ui.parts.board_panel.hand_box.children == ()
        and "hand is hidden" in ui.parts.board_panel.hand_note.value
    )
    assert ui.parts.board_panel.map.rings == {}
    ui.parts.guard.button.click()
    assert ui.parts.viewer == person and set(ui.parts.board_panel.map.rings) == set(
        game.hands[person]
    )
    ui.parts.step_panel.draw_button.click()
    ui.parts.step_panel.discard_button.click()
    nxt = ui.parts.waiting_for()
    if nxt is not None and nxt != person:
        assert ui.parts.viewer is None and ui.parts.board_panel.hand_box.children == ()


# ----- the clickable map (ipympl canvas, as in the app) --------------------------------------
@pytest.fixture
def widget_backend():
    import matplotlib.pyplot as plt

    before = plt.get_backend()
    plt.switch_backend("module://ipympl.backend_nbagg")
    yield
    plt.close("all")
    plt.switch_backend(before)


def _click_at(ui, lon, lat, button=MouseButton.LEFT):
    """A mouse press at (lon, lat) of the map, sent through the canvas like a real click."""
    ax = ui.parts.board_panel.map.ax
    ax.apply_aspect()
    x, y = ax.transData.transform((lon, lat))
    event = MouseEvent(
        "button_press_event", ui.parts.board_panel.map.figure.canvas, x, y, button=button
    )
    ui.parts.board_panel.map.figure.canvas.callbacks.process("button_press_event", event)


def test_clicking_a_city_or_its_name_on_the_map_picks_that_card(widget_backend) -> None:
    ui = _screen(interactive=True)
    assert (
        ui.parts.board_panel.interactive and ui.board.children[0] is ui.parts.board_panel.map_canvas
    )
    canvas = ui.parts.board_panel.map.figure.canvas
    # the canvas, then the words a screen reader says for it (issue 25)
    assert (
        ui.parts.board_panel.map_canvas.children == (canvas, ui.parts.board_panel.map_canvas.words)
        and ui.parts.board_panel.map_canvas.text
    )
    assert not (canvas.header_visible or canvas.toolbar_visible or canvas.resizable)
    game = ui.game
    deck = cards()
    hand = list(dict.fromkeys(game.hands[0]))
    alone = [
        c
        for c in hand
        if all(
            c == o or abs(deck[c].lon - deck[o].lon) + abs(deck[c].lat - deck[o].lat) > 8
            for o in hand
        )
    ]
    card = next(c for c in alone if c != ui.parts.picked)
    before = game.to_json()
    _click_at(ui, deck[card].lon + 0.5, deck[card].lat - 0.5)  # a few pixels off the city
    assert ui.parts.picked == card and ui.parts.board_panel.map.picked == card
    assert (
        "gt-picked"
        in ui.parts.board_panel.hand_box.children[game.hands[0].index(card)]._dom_classes
    )
    assert game.to_json() == before
    other = next(c for c in ui.parts.board_panel.map.label_boxes if c in hand and c != card)
    centre = ui.parts.board_panel.map.label_boxes[other].centroid
    _click_at(ui, centre.x, centre.y)  # on its name
    assert ui.parts.picked == other


def test_a_click_far_from_the_hand_or_with_the_right_button_changes_nothing(
    widget_backend,
) -> None:
    ui = _screen(interactive=True)
    deck = cards()
    picked = ui.parts.picked
    _click_at(ui, -140.0, -45.0)  # the South Pacific
    far = next(c for c in ui.game.hands[0] if c != picked)
    _click_at(ui, deck[far].lon, deck[far].lat, button=MouseButton.RIGHT)
    assert ui.parts.picked == picked


def test_interactive_without_a_widget_canvas_stays_a_picture() -> None:
    ui = _screen(interactive=True)
    assert (
        not ui.parts.board_panel.interactive
        and ui.parts.board_panel.map_picture.value[:4] == b"\x89PNG"
    )


# ----- speed -------------------------------------------------------------------------------
def test_benchmark_redraw_after_a_move(benchmark) -> None:
    """Drawing the screen again after the student played (the map's table and names change)."""
    ui = _screen()

    def setup():
        ui.parts.board_panel.map._table_key = (
            None  # as after a move: the table and the names are drawn again
        )
        return (), {}

    benchmark.pedantic(ui.refresh, setup=setup, rounds=15)
    assert ui.redraw_seconds > 0


def test_benchmark_click_to_pick(benchmark, widget_backend) -> None:
    """A click on a card in the hand, as in the app (a live canvas): the highlight in the
    strip and on the map; then the canvas's new picture, which the page asks for next."""
    ui = _screen(interactive=True)
    buttons = itertools.cycle(range(len(ui.parts.board_panel.hand_box.children)))
    benchmark(lambda: ui.parts.board_panel.hand_box.children[next(buttons)].click())
    assert ui.parts.picked in ui.game.hands[0]
    if not benchmark.disabled:
        times = []
        for i in range(20):
            ui.parts.board_panel.hand_box.children[
                i % len(ui.parts.board_panel.hand_box.children)
            ].click()
            start = time.perf_counter()
            ui.parts.board_panel.map.figure.canvas.draw()
            times.append(time.perf_counter() - start)
        benchmark.extra_info["canvas_picture_after_a_pick_ms"] = round(
            statistics.median(times) * 1000, 1
        )


def test_a_computers_step_is_one_sentence_its_draw_and_discard_together() -> None:
    """The screen's pace: a computer's draw and the discard after it are one step the class
    watches, one line of the log; its "no deal" is no step of its own."""

    async def main() -> None:
        table = Table.of(
            "You", "Robot Ada", "Robot Ben", bots={"Robot Ada": "easy", "Robot Ben": "easy"}
        )
        game = GlobeWorks(table, seed=6, max_turns=6)
        ui = GlobeWorksScreen(game, bot_delay=60)  # the computers wait: the test steps them
        grouped = steps = 0
        try:
            for _ in range(400):
                if game.is_terminal() or len(game.history) == 1:
                    break
                if ui.feedback.is_open:
                    ui.feedback.continue_button.click()
                elif ui.bot_seat() is None:
                    _idle(ui)
                else:
                    moves, lines = len(game.log), len(ui.computer_log.lines)
                    assert ui.bot_move()
                    steps += 1
                    # One line, unless a verdict came up or the computers are done for now
                    # (a last "no deal" before a person's turn says nothing).
                    said = len(ui.computer_log.lines) - lines
                    done = ui.feedback.is_open or ui.bot_seat() is None
                    assert said == 1 or (said == 0 and done), game.log[moves:]
                    kinds = [a["type"] for a in game.log[moves:]]
                    grouped += kinds[:2] == ["draw", "discard"]
        finally:
            if ui.bot_task is not None:
                ui.bot_task.cancel()
        assert steps > 10 and grouped > 0

    asyncio.run(main())
