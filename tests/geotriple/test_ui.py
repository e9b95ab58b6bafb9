"""The GeoTriple widget, driven from Python as a student would click it."""

from __future__ import annotations

import ipywidgets as widgets
import pytest

from geoteach.bots.geotriple import GeoTripleBot
from geoteach.games.geotriple import GeoTriple, borders
from geoteach.games.table import Table
from geoteach.ui import safe
from geoteach.ui.geotriple import GeoTripleApp


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


def solo(states, seed=3, level="hard"):
    table = Table.of("Ana", "Computer", bots={"Computer": level})
    clock = FakeClock()
    app = GeoTripleApp(GeoTriple(table, seed=seed, states=states), clock=clock)
    return app, clock


def finish_stage1(app):
    game = app.game
    while game.phase == "guess":
        assert game.to_act() == [0]  # the computer's moves were made for it
        app.pick(game.s["secret"][1])


def test_stage1_map_shows_possible_states_and_a_click_guesses(states):
    app, _ = solo(states)
    game = app.game
    assert game.to_act() == [0] and app.viewer == 0
    assert "Your secret card" in app.panel.children[0].value
    yellow = [c for c, rgba in app.map.colours().items() if rgba[:3] != app.map.colours()["AK"][:3]]
    assert yellow  # some states are painted "still possible"
    app.possible_box.value = False
    assert app.map_widget.value  # redrawn as a picture
    wrong = next(c for c in game.cards if c not in game.s["secret"])
    app.pick(wrong)
    assert game.s["stage1"]["guesses"][0] == [wrong]
    assert "Not" in app.messages.text
    app.pick(game.s["secret"][1])
    assert game.phase == "race"  # the computer guessed at once, then the race began


def test_race_against_the_clock(states):
    for seed in range(3, 40):
        app, clock = solo(states, seed=seed, level="easy")
        finish_stage1(app)
        game = app.game
        hand = game.view(0)["race"]["hand"]
        solution = borders.find_solution(hand, game.neighbours)
        first_six = hand[:6]
        if solution and borders.claim_problem([hand[:3], hand[3:6]], hand, game.neighbours):
            break
    due = app.bots[1].race_time(game, 1)
    assert due > 20  # an easy computer needs a while
    for code in first_six:
        app.pick(code)
    assert app.selected == first_six
    app.claim()
    assert "do not touch" in app.messages.text and game.phase == "race"
    app._clear()
    app.selected = [c for g in solution for c in g]
    app.claim()
    assert "Wait" in app.messages.text and game.phase == "race"  # locked out for a moment
    clock.now += 6
    app.tick()
    assert "left before the computer" in app.countdown.value
    app.claim()
    assert game.view(0)["results"]["race"]["winner"] == 0
    assert game.phase == "discard" and "shouted GeoPlunge" in app.public.children[0].value


def test_the_race_screen_says_the_border_rule(states):
    """The house rule is said where players race: a corner or water is not a border here."""
    app, _ = solo(states, seed=3, level="easy")
    finish_stage1(app)
    shown = " ".join(w.value for w in app.panel.children if isinstance(w, widgets.HTML))
    assert borders.BORDER_RULE in shown and "Four Corners" in shown


def test_computer_claims_when_its_time_comes(states):
    app, clock = solo(states, level="hard")
    finish_stage1(app)
    game = app.game
    due = app.bots[1].race_time(game, 1)
    app.tick(clock.now + due - 0.5)
    assert game.phase == "race" and "left" in app.countdown.value
    app.tick(clock.now + due + 0.5)
    assert game.phase != "race" or game.to_act() == [0]


def test_stage3_discard_announce_and_play_through_buttons(states):
    app, _ = solo(states)
    finish_stage1(app)
    app.give_up()
    game = app.game
    assert game.phase == "discard"
    hand = game.view(0)["stage3"]["hand"]
    app.pick(hand[0])
    app.pick(hand[1])
    app._discard(0)
    assert len(game.view(0)["stage3"]["hand"]) == 6
    while game.phase in ("announce", "trick"):
        if game.phase == "announce":
            app._announce(0, True)
            continue
        trick = game.view(0)["stage3"]["trick"]
        card = game.view(0)["stage3"]["hand"][0]
        app._play(0, card, trick is None, "Population")
    assert game.phase in ("round_over", "game_over")
    assert "Stage 3" in app.public.children[0].value
    app._next_round()
    assert game.s["round"] == 2 and game.phase == "guess"


def test_hot_seat_hides_cards_until_the_player_clicks(states):
    table = Table.of("Ana", "Ben")
    clock = FakeClock()
    app = GeoTripleApp(GeoTriple(table, seed=4, states=states), clock=clock)
    game = app.game
    assert app.guard is not None and app.viewer is None
    assert game.to_act() == [1]  # Ben answers Ana's first GeoChallenge card
    assert "Pass the screen" in app.guard.prompt.value and not app.guard.revealed
    secret = game.cards[game.s["secret"][1]].name
    assert secret not in str([getattr(w, "value", "") for w in app.guard.children])
    app.guard.reveal()
    assert app.viewer == 1 and secret in app.panel.children[0].value
    app._clue(1, game.legal_actions(1)[0]["answer"])
    assert app.guard.seat == 0 and not app.guard.revealed  # passed to Ana
    app.guard.reveal()
    app.pick(game.s["secret"][1])
    assert game.s["stage1"]["taken"][0] == 1


def test_hot_seat_race_second_player_must_beat_the_time(states):
    table = Table.of("Ana", "Ben")
    clock = FakeClock()
    game = GeoTriple(table, seed=6, states=states, typed_clues=False)
    bot = GeoTripleBot("hard", seed=1)
    while game.phase == "guess":
        seat = game.to_act()[0]
        game.apply(bot.choose(game, seat))
    app = GeoTripleApp(game, clock=clock)
    hands = game.s["race"]["hands"]
    first = app.guard.seat
    assert first is not None
    app.guard.reveal()
    solution = borders.find_solution(hands[first], game.neighbours)
    assert solution is not None  # this seed deals the first player a GeoPlunge
    clock.now += 30
    app.selected = [c for g in solution for c in g]
    app.claim()
    assert game.phase == "race" and app.guard.seat == 1 - first  # held until the other tries
    app.guard.reveal()
    app.tick(clock.now + 29)
    assert game.phase == "race"
    app.tick(clock.now + 31)
    assert game.view(0)["results"]["race"]["winner"] == first
