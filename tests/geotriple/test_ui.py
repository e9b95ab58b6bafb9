"""The GeoTriple screen, driven from Python as a student clicks it: the map, the buttons, the
cards; every test checks the engine's state and what the screen says."""

from __future__ import annotations

import asyncio
import html
import re

import ipywidgets as widgets
import pytest

from geoteach.bots.geotriple import GeoTripleBot
from geoteach.games.geotriple import GeoTriple, borders
from geoteach.games.geotriple.game import LOCKOUT_SECONDS
from geoteach.games.table import Table
from geoteach.ui import safe
from geoteach.ui.apps import StudentApp, spec_for
from geoteach.ui.geotriple import GEOPLUNGING, GeoTripleScreen, rank_labels
from tests.waiting import until_async


class FakeClock:
    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


@pytest.fixture(autouse=True)
def no_errors():
    safe.clear()
    yield
    assert not safe.ERRORS, safe.ERRORS


def solo(states, seed=3, level="hard", first=0, **options) -> tuple[GeoTripleScreen, FakeClock]:
    """Ana against the computer (``first`` deals round 1 and guesses first); without an event
    loop the computer moves at once."""
    table = Table.of("Ana", "Computer", bots={"Computer": level}, first=first)
    clock = FakeClock()
    game = GeoTriple(table, seed=seed, states=states, **options)
    return GeoTripleScreen(game, bot_delay=0, clock=clock), clock


def plain(markup: str) -> str:
    """The text of some HTML, as a person reads it."""
    return html.unescape(re.sub(r"<[^>]+>", "", markup))


def wrong_states(ui: GeoTripleScreen, count: int) -> list[str]:
    secret = ui.game.s["secret"][1]
    return [c for c in sorted(ui.game.cards) if c != secret][:count]


def finish_stage1(ui: GeoTripleScreen) -> None:
    """Ana guesses right at once; the computer guesses; Stage 1's result is read."""
    game = ui.game
    while game.phase == "guess":
        assert game.to_act() == [0]  # the computer's moves were made for it
        ui.parts.pick(game.s["secret"][1])
    assert "Stage 1" in ui.feedback.body.value
    ui.feedback.continue_button.click()


def to_stage3(ui: GeoTripleScreen) -> None:
    finish_stage1(ui)
    # The computer then finds its GeoPlunge at once (no loop).
    ui.parts.step_panel.give_up_button.click()
    assert ui.game.phase == "discard" and ui.feedback.is_open
    ui.feedback.continue_button.click()


def tiles(ui: GeoTripleScreen) -> list[widgets.Button]:
    return [w for w in ui.parts.step_panel.tiles_box.children if isinstance(w, widgets.Button)]


# ----- Stage 1 -------------------------------------------------------------------------
def test_a_wrong_guess_by_click_gets_a_verdict_that_stays_until_continue(states):
    ui, _ = solo(states)
    game = ui.game
    said = "Ana's turn: click the state you think Computer holds (guess 1 of 3)."
    assert said in plain(ui.banner.value)
    assert (
        "Your secret card" in ui.parts.step_panel.step.value
        and "Guesses so far: none yet" in ui.parts.step_panel.step.value
    )
    yellow = [
        c
        for c, rgba in ui.parts.board_panel.map.colours().items()
        if rgba[:3] == (240 / 255, 228 / 255, 66 / 255)
    ]
    assert (
        yellow and "Yellow, with a thick border: the" in ui.parts.board_panel.map_caption.value
    )  # the states still possible
    wrong = wrong_states(ui, 1)[0]
    name = game.names[wrong]
    ui.parts.pick(wrong)
    assert game.s["stage1"]["guesses"][0] == [wrong]
    assert ui.feedback.is_open and ui.feedback.text == f"Not {name}."
    body = ui.feedback.body.value
    assert "A new clue:" in body and "Guess 2 of 3" in body
    assert game.names[game.s["secret"][1]] not in body  # the answer is not given away yet
    ui.refresh()
    assert ui.feedback.is_open  # redraws do not put it away
    assert "red-orange" in ui.parts.board_panel.map_caption.value
    ui.feedback.continue_button.click()
    assert not ui.feedback.is_open and "Yellow" in ui.parts.board_panel.map_caption.value
    assert f"Guesses so far: {name}" in ui.parts.step_panel.step.value


def test_the_last_miss_names_the_answer_where_it_is_and_a_fact(states):
    ui, _ = solo(states, first=1)  # the computer has guessed first: Ana's miss ends Stage 1
    game = ui.game
    assert game.to_act() == [0] and len(ui.computer_log.lines) >= 1
    secret = game.names[game.s["secret"][1]]
    for code in wrong_states(ui, 3):
        ui.parts.pick(code)  # the next click also puts the verdict away
    body = ui.feedback.body.value
    assert "that was your last guess" in ui.feedback.text
    assert f"Computer&#x27;s state was {secret}." in body
    assert "Where:" in body and "It is green on the map" in body and "Did you know?" in body
    # Stage 1's result is on the same card.
    assert game.phase == "race" and "Stage 1" in body


def test_a_typed_guess_is_the_keyboard_route(states):
    ui, _ = solo(states, first=1)
    game = ui.game
    secret = game.s["secret"][1]
    ui.parts.step_panel.guess_box.value = "Atlantis"
    ui.parts.step_panel.guess_button.click()
    assert game.s["stage1"]["guesses"][0] == [] and "Type a state" in ui.messages.text
    ui.parts.step_panel.guess_box.value = game.names[secret]
    ui.parts.step_panel.guess_button.click()
    assert game.phase == "race"  # right at once, after the computer's guesses
    assert f"Yes! It is {game.names[secret]}." in ui.feedback.body.value


# ----- Stage 2 -------------------------------------------------------------------------
def race_hand(states, level="easy"):
    """A seed where Ana's first six cards are a wrong claim and her hand has a GeoPlunge."""
    for seed in range(3, 60):
        ui, clock = solo(states, seed=seed, level=level)
        finish_stage1(ui)
        hand = ui.game.view(0)["race"]["hand"]
        solution = borders.find_solution(hand, ui.game.neighbours)
        first_six = hand[:6]
        if solution and borders.claim_problem([hand[:3], hand[3:6]], hand, ui.game.neighbours):
            return ui, clock, first_six, [c for g in solution for c in g]
    raise AssertionError("no seed deals a wrong first six and a GeoPlunge")


def test_the_race_by_clicks_with_a_wrong_claim_its_lock_and_a_right_claim(states):
    ui, clock, first_six, right = race_hand(states)
    game = ui.game
    due = ui.bots[1].race_time(game, 1)
    assert due > 20  # an easy computer needs a while
    assert "Computer can shout GeoPlunge in" in ui.parts.race_clock.label.value
    outside = next(c for c in game.cards if c not in game.view(0)["race"]["hand"])
    ui.parts.pick(outside)
    assert "is not one of your cards" in ui.messages.text and ui.parts.selected == []
    for code in first_six:
        ui.parts.pick(code)  # clicks on the map
    assert ui.parts.selected == first_six
    assert "Group 1</b> (orange)" in ui.parts.step_panel.groups_line.value
    toggles = [t for t in ui.parts.step_panel.hand_grid.children if t.value]
    assert len(toggles) == 6 and any(t.description.endswith("(2)") for t in toggles)
    ui.parts.step_panel.claim_button.click()
    assert game.phase == "race" and ui.feedback.text == "Not a GeoPlunge yet."
    assert "do not touch" in ui.feedback.body.value
    assert (
        ui.parts.step_panel.hand_grid not in ui.parts.step_panel.private.children
    )  # the cards wait with the clock
    ui.feedback.continue_button.click()
    assert (
        ui.parts.step_panel.claim_button.disabled
        and "wait 5 s" in ui.parts.step_panel.claim_button.description
    )
    ui.parts.step_panel.clear_button.click()
    for code in right:
        ui.parts.step_panel._hand_toggles[code].value = True  # the buttons route
    assert ui.parts.selected == right
    ui.parts.claim()
    assert "Wait 5 more seconds" in ui.messages.text and game.phase == "race"
    clock.now += LOCKOUT_SECONDS + 1
    ui.parts.tick()
    assert not ui.parts.step_panel.claim_button.disabled
    ui.parts.step_panel.claim_button.click()
    assert game.view(0)["results"]["race"]["winner"] == 0 and game.phase == "discard"
    assert ui.feedback.text == "Ana shouts GeoPlunge first: +10 points!"
    assert "borders" in ui.feedback.body.value and "Did you know?" in ui.feedback.body.value
    assert "Ana deals Stage 3 and leads the first trick" in ui.feedback.body.value


def test_the_race_screen_says_the_border_rule(states):
    """The house rule is said where players race: a corner or water is not a border here."""
    ui, _ = solo(states, level="easy")
    finish_stage1(ui)
    assert borders.BORDER_RULE.replace("'", "&#x27;") in ui.parts.step_panel.step.value
    assert "Four Corners" in ui.parts.step_panel.step.value


def test_the_computer_shouts_when_its_time_comes_and_not_while_a_verdict_is_read(states):
    ui, clock = solo(states, level="hard")
    game = ui.game
    while game.phase == "guess":
        ui.parts.pick(game.s["secret"][1])
    # Stage 1's result is open: the race clock has not started counting.
    assert ui.feedback.is_open and game.phase == "race"
    due = ui.bots[1].race_time(game, 1)
    clock.now += due + 100
    ui.parts.tick()
    assert game.phase == "race" and ui.parts.race_clock.elapsed() == 0
    ui.feedback.continue_button.click()
    clock.now += due - 0.5
    ui.parts.tick()
    assert game.phase == "race" and "Computer can shout GeoPlunge in 1 s" in (
        ui.parts.race_clock.label.value
    )
    clock.now += 1.0
    ui.parts.tick()
    assert game.phase != "race"  # the computer shouted (or gave up and the race ended)
    assert ui.feedback.is_open and "Computer" in ui.feedback.text
    assert any("GeoPlunge" in line for line in ui.computer_log.lines)


# ----- Stage 3 -------------------------------------------------------------------------
def test_stage3_cards_show_their_ranks_and_the_census_year(states):
    ui, _ = solo(states)
    to_stage3(ui)
    game = ui.game
    hand = game.view(0)["stage3"]["hand"]
    assert len(tiles(ui)) == 8
    card = game.cards[hand[0]]
    said = f"size #{card.size} · statehood #{card.statehood} · population #{card.population}"
    assert tiles(ui)[0].description == f"{card.name}\n{said} (2020 Census)"
    assert rank_labels(card) == said


def test_stage3_by_clicking_cards_banner_says_who_deals_and_leads(states):
    ui, _ = solo(states)
    to_stage3(ui)
    game = ui.game
    s3 = game.view(0)["stage3"]
    deals = "Ana deals" if s3["dealer"] == 0 else "Computer (computer, hard) deals"
    assert f"{deals} Stage 3" in plain(ui.banner.value)
    tiles(ui)[0].click()
    tiles(ui)[1].click()
    assert "(put away)" in tiles(ui)[0].description
    ui.parts.step_panel.put_away_button.click()
    assert len(game.view(0)["stage3"]["hand"]) == 6
    # GeoPlunging is explained where it is asked: what it changes (only the points).
    if game.phase == "announce" and 0 in game.to_act():
        assert GEOPLUNGING in ui.parts.step_panel.step.value
        ui.parts.step_panel.plunge_yes.click()
    assert game.phase == "trick"
    tricks = 0
    while game.phase == "trick":
        s3 = game.view(0)["stage3"]
        assert f"leads trick {len(s3['tricks']) + 1} of 6" in plain(ui.banner.value)
        if s3["trick"] is None:
            tiles(ui)[0].click()  # no category picked yet: refused, nothing changes
            assert "Size, Statehood or Population" in ui.messages.text
            ui.parts.step_panel.category_pick.value = "population"
        tiles(ui)[0].click()
        tricks += 1
        if game.phase == "trick":
            assert ui.feedback.is_open and "trick" in ui.feedback.text
    assert game.phase in ("round_over", "game_over") and tricks >= 3
    body = ui.feedback.body.value
    assert "Stage 3" in body and "tricks to" in body
    if game.phase == "round_over":
        assert "Score: Ana" in body
        ui.parts.step_panel.next_round_button.click()
        assert game.s["round"] == 2 and game.phase == "guess"
        assert "Computer (computer, hard) deals this round" in plain(ui.banner.value)


def test_cards_picked_to_put_away_stay_picked_while_the_computer_puts_its_own_away(states):
    """Issue 25's keys-only round found it: the cards Ana had picked to put away were
    forgotten when the computer put its own two away meanwhile (a computer's move is no
    reason to drop the picks of the person at the screen)."""

    async def main() -> None:
        ui, _ = solo(states)
        game = ui.game
        finish_stage1(ui)
        ui.bot_delay = 0.05  # from now on the computer moves as in a kernel, one by one
        ui.parts.step_panel.give_up_button.click()
        # The computer shouts its GeoPlunge: the race's verdict opens.
        await until_async(lambda: game.phase == "discard", "the race never ended")
        assert game.phase == "discard" and ui.feedback.is_open and game.to_act() == [0, 1]
        first = tiles(ui)[0]
        first.click()  # Ana picks a card; the verdict goes, the computer puts its two away
        await until_async(lambda: game.to_act() == [0], "the computer never put its cards away")
        assert game.to_act() == [0], "the computer never put its cards away"
        assert len(ui.parts.selected) == 1 and "(put away)" in first.description
        tiles(ui)[1].click()
        assert not ui.parts.step_panel.put_away_button.disabled
        ui.parts.step_panel.put_away_button.click()
        assert len(game.view(0)["stage3"]["hand"]) == 6
        ui.close_screen()

    asyncio.run(main())


def test_three_tricks_to_three_says_the_last_trick_decided_it(states):
    """Whole rounds through the screen (a bot's choices made with its buttons' actions) until a
    Stage 3 ends 3 tricks to 3."""
    for seed in range(40):
        ui, _ = solo(states, seed=seed, level="easy")
        game = ui.game
        me = GeoTripleBot("easy", seed=seed)
        for _ in range(300):
            if game.is_terminal() or game.phase == "round_over":
                break
            if game.phase == "race":
                ui.parts.step_panel.give_up()
                continue
            ui.act(me.choose(game, 0))
        result = game.view(None)["results"].get("stage3")
        if result and sorted(result["won"]) == [3, 3]:
            lines = ui.feedback.body.value
            assert "3 tricks to 3: the last trick decided it." in lines
            return
    raise AssertionError("no Stage 3 ended 3 to 3 in 40 games")


def test_the_leaderboard_says_the_real_target(states):
    ui, _ = solo(states, target=60)
    assert "Points (first to 60)" in ui.leaders.value
    to_stage3(ui)
    assert "Tricks" in ui.leaders.value


# ----- the shell: computers wait for verdicts, skip, set-up and new game --------------------
def test_the_computer_waits_while_a_verdict_is_open_and_skip_plays_it_at_once(states):
    async def main() -> None:
        table = Table.of("Ana", "Computer", bots={"Computer": "easy"})
        game = GeoTriple(table, seed=3, states=states)
        ui = GeoTripleScreen(game, bot_delay=0.01, clock=FakeClock())
        for code in wrong_states(ui, 3):
            ui.parts.pick(code)
        # Ana's last miss: its verdict is open; the computer must guess next, but waits.
        assert ui.feedback.is_open and game.to_act() == [1] and ui.bot_task is not None
        moves = len(game.log)
        await asyncio.sleep(0.3)
        assert len(game.log) == moves, "the computer moved while the verdict was open"
        ui.bot_delay = 30.0  # slow: only Skip makes it play now
        ui.feedback.continue_button.click()
        await asyncio.sleep(0.2)
        assert len(game.log) == moves
        ui.computer_log.skip_button.click()
        await until_async(lambda: len(game.log) > moves, "Skip did not play the computer")
        assert len(game.log) > moves and "Computer guesses" in ui.computer_log.lines[0]
        ui.close_screen()

    asyncio.run(main())


def test_the_set_up_screen_starts_the_game_and_new_game_comes_back(states):
    app = StudentApp(spec_for("geotriple"), seed=5)
    assert app.setup_screen in app.children and "GeoTriple" in app.setup_screen.children[0].value
    assert "First dealer" in app.setup.first.description
    app.option_boxes["target"][1].value = 50
    app.option_boxes["show_possible"][1].value = False
    app.option_boxes["bot_delay"][1].value = 3  # "instant"
    app.setup.first.value = 1  # the computer deals first
    app.setup.start.click()
    screen = app.screen
    assert isinstance(screen, GeoTripleScreen) and screen in app.children
    assert screen.game.target == 50 and screen.game.seed == 5 and not screen.show_possible
    assert screen.game.view(None)["dealer"] == 1 and "Points (first to 50)" in screen.leaders.value
    assert "Yellow" not in screen.parts.board_panel.map_caption.value
    screen.new_game_button.click()
    assert app.screen is None and app.setup_screen in app.children and screen not in app.children
    assert app.option_boxes["target"][1].value == 50 and app.setup.first.value == 1
    app.setup.start.click()
    assert app.screen is not screen and app.screen.game.target == 50


def test_large_text_enlarges_the_map_and_its_labels(states):
    ui, _ = solo(states)
    figure = ui.parts.board_panel.map.figure
    width = figure.get_figwidth()
    size = ui.parts.board_panel.map.number_layer[4]
    ui.large_toggle.value = True
    assert "gt-large" in ui._dom_classes
    assert (
        ui.parts.board_panel.map.figure.get_figwidth() > width * 1.3
        and ui.parts.board_panel.map.number_layer[4] > size
    )
    # The same figure (on a page: the same canvas, so no old picture stays behind).
    assert ui.parts.board_panel.map.figure is figure and len(figure.axes) == 1
    assert ui.parts.board_panel.map_picture.value[:4] == b"\x89PNG"
    ui.parts.pick(ui.game.s["secret"][1])  # clicks still reach the game
    assert ui.game.s["stage1"]["taken"][0] == 1 or ui.game.phase != "guess"


def test_the_northeast_button_zooms_to_the_small_states(states):
    ui, _ = solo(states)
    (x0, x1) = ui.parts.board_panel.map.ax.get_xlim()
    ui.parts.board_panel.zoom_northeast.click()
    (n0, n1) = ui.parts.board_panel.map.ax.get_xlim()
    assert (n1 - n0) < (x1 - x0) / 3
    assert {"RI", "DE", "CT"} <= set(ui.parts.board_panel._northeast())
    ui.parts.board_panel.zoom_home.click()
    assert ui.parts.board_panel.map.ax.get_xlim() == pytest.approx((x0, x1))


# ----- two people at one screen -----------------------------------------------------------
def test_hot_seat_hides_cards_until_the_player_clicks(states):
    table = Table.of("Ana", "Ben")
    ui = GeoTripleScreen(GeoTriple(table, seed=4, states=states), clock=FakeClock())
    game = ui.game
    assert (
        ui.parts.guard is not None
        and ui.parts.viewer is None
        and ui.controls.children == (ui.parts.guard,)
    )
    assert game.to_act() == [1]  # Ben answers Ana's first GeoChallenge card
    assert "Pass the screen" in ui.parts.guard.prompt.value and not ui.parts.guard.revealed
    secret = game.cards[game.s["secret"][1]].name
    assert secret not in str([getattr(w, "value", "") for w in ui.parts.guard.children])
    assert secret not in ui.parts.board_panel.map_caption.value
    ui.parts.guard.reveal()
    assert ui.parts.viewer == 1 and secret in ui.parts.step_panel.step.value
    ui.parts.step_panel.clue_pick.value = game.legal_actions(1)[0]["answer"]
    ui.parts.step_panel.clue_button.click()
    assert ui.parts.guard.seat == 0 and not ui.parts.guard.revealed  # passed to Ana
    ui.parts.guard.reveal()
    ui.parts.pick(game.s["secret"][1])
    assert game.s["stage1"]["taken"][0] == 1


def test_hot_seat_race_second_player_must_beat_the_time(states):
    table = Table.of("Ana", "Ben")
    clock = FakeClock()
    game = GeoTriple(table, seed=6, states=states, typed_clues=False)
    bot = GeoTripleBot("hard", seed=1)
    while game.phase == "guess":
        game.apply(bot.choose(game, game.to_act()[0]))
    ui = GeoTripleScreen(game, clock=clock)
    hands = game.s["race"]["hands"]
    first = ui.parts.guard.seat
    assert first == game.view(None)["dealer"]
    ui.parts.guard.reveal()
    solution = borders.find_solution(hands[first], game.neighbours)
    assert solution is not None  # this seed deals the first player a GeoPlunge
    clock.now += 30
    for code in (c for g in solution for c in g):
        ui.parts.pick(code)
    ui.parts.step_panel.claim_button.click()
    # Held until the other has tried: the screen goes to Ben, nothing of Ana's claim shows.
    assert game.phase == "race" and ui.parts.guard.seat == 1 - first and not ui.parts.guard.revealed
    assert "in less than 30 seconds" in ui.feedback.body.value
    assert game.names[solution[0][0]] not in ui.feedback.body.value
    ui.parts.guard.reveal()
    assert "30 s left to beat Ana's time" in ui.parts.race_clock.label.value
    clock.now += 100
    ui.parts.tick()
    assert game.phase == "race"  # Ben's clock waits while he reads the verdict
    ui.feedback.continue_button.click()
    clock.now += 29
    ui.parts.tick()
    assert game.phase == "race"
    clock.now += 2
    ui.parts.tick()
    assert game.view(0)["results"]["race"]["winner"] == first


def test_hot_seat_a_first_racer_out_of_the_race_leaves_no_time_to_beat(states):
    """Three wrong claims put Ana out: Ben then races with no clock to beat, and his right
    GeoPlunge wins at once (it is not held for a time Ana never set)."""
    from itertools import combinations

    bot = GeoTripleBot("hard", seed=1)
    for seed in range(6, 40):
        game = GeoTriple(Table.of("Ana", "Ben"), seed=seed, states=states, typed_clues=False)
        while game.phase == "guess":
            game.apply(bot.choose(game, game.to_act()[0]))
        first = game.view(None)["dealer"]
        hands = game.s["race"]["hands"]
        if borders.find_solution(hands[1 - first], game.neighbours):
            break
    clock = FakeClock()
    ui = GeoTripleScreen(game, clock=clock)
    assert ui.parts.guard.seat == first
    ui.parts.guard.reveal()
    hand = hands[first]
    wrong = next(
        list(six)
        for six in combinations(hand, 6)
        if borders.claim_problem([six[:3], six[3:]], hand, game.neighbours)
    )
    for _ in range(3):
        ui.parts.selected = list(wrong)
        ui.parts.step_panel.claim_button.click()
        assert game.phase == "race" and ui.feedback.text == "Not a GeoPlunge yet."
        ui.feedback.continue_button.click()
        clock.now += LOCKOUT_SECONDS + 1
        ui.parts.tick()
    assert game.view(first)["race"]["out"][first]
    assert ui.parts.guard.seat == 1 - first and not ui.parts.guard.revealed
    ui.parts.guard.reveal()
    assert "is out of this race" in ui.parts.race_clock.label.value
    solution = borders.find_solution(hands[1 - first], game.neighbours)
    for code in (c for g in solution for c in g):
        ui.parts.pick(code)
    ui.parts.step_panel.claim_button.click()
    assert game.view(0)["results"]["race"]["winner"] == 1 - first


def test_a_hint_goes_with_the_next_move_but_other_messages_stay(states):
    ui, _ = solo(states, level="easy")
    finish_stage1(ui)
    ui.messages.error("Your answers are not being kept for the report. Tell your teacher.")
    hand = ui.game.view(0)["race"]["hand"]
    ui.parts.pick(hand[0])
    assert "not being kept" in ui.messages.text  # not the screen's to take away
    outside = next(c for c in ui.game.cards if c not in hand)
    ui.parts.pick(outside)
    assert "is not one of your cards" in ui.messages.text
    ui.parts.pick(hand[1])
    assert ui.messages.text == "" and ui.parts.selected == hand[:2]
