"""Two people at one screen play whole GeoTriple games through the widget's own buttons.

Every move is made the way a student makes it: pass the screen ("I am Ana"), pick a clue from
the menu and click "Give the clue", type a state and click "Guess", click states and shout
"GeoPlunge!", click two cards and put them away, play the tricks by clicking cards. The clue
menu offers every answer some state could give; each one that is true of the holder's card must
be accepted, or the game is stuck.
"""

from __future__ import annotations

import random

import ipywidgets as widgets
import pytest

from geoteach.bots.geotriple import GeoTripleBot
from geoteach.games.geotriple import GeoTriple, borders
from geoteach.games.geotriple.challenges import CHALLENGES, matching_answer, true_answers
from geoteach.games.table import Table
from geoteach.ui import safe
from geoteach.ui.geotriple import GeoTripleScreen

from .test_ui import FakeClock, no_errors  # noqa: F401 - the same clock and error check

#: A cap far above a real game (about 25 moves a round, 4 to 8 rounds): more means stuck.
MAX_CLICKS = 2000


def widgets_in(box: widgets.Widget) -> list[widgets.Widget]:
    """Every widget inside ``box``, depth first."""
    found = [box]
    for child in getattr(box, "children", ()):
        found += widgets_in(child)
    return found


def on_screen(app: GeoTripleScreen) -> list[widgets.Widget]:
    """The widgets a person can see now: the controls and the board."""
    return widgets_in(app.controls) + widgets_in(app.board)


def button(app: GeoTripleScreen, text: str) -> widgets.Button:
    """The button labelled ``text`` on screen now."""
    for w in on_screen(app):
        if isinstance(w, widgets.Button) and w.description == text:
            return w
    raise AssertionError(f"no {text!r} button on screen in phase {app.game.phase}")


def give_clue(app: GeoTripleScreen, seat: int, rng: random.Random) -> None:
    game = app.game
    s1 = game.view(seat)["stage1"]
    card = game.cards[s1["my_card"]]
    challenge = game.challenges[s1["challenge"]["id"]]
    menu = app.parts.step_panel.clue_pick
    assert menu in on_screen(app)
    answers = [value for _label, value in menu.options]
    true = [a for a in answers if a in true_answers(challenge, card, game.cards)]
    assert true, f"the menu has no true clue for {card.name} on {challenge.id}"
    for answer in true:  # every true clue on the menu is accepted
        assert game.is_legal({"player": seat, "type": "clue", "answer": answer}), (
            card.name,
            challenge.id,
            answer,
        )
    menu.value = rng.choice(true)
    before = len(game.log)
    button(app, "Give the clue").click()
    assert len(game.log) == before + 1, app.messages.text


def guess(app: GeoTripleScreen, seat: int, rng: random.Random) -> None:
    game = app.game
    tried = game.view(seat)["stage1"]["guesses"][seat]
    assert app.parts.step_panel.guess_box in on_screen(app)
    app.parts.step_panel.guess_box.value = rng.choice(
        [c.name for code, c in game.cards.items() if code not in tried]
    )
    button(app, "Guess").click()


def race(app: GeoTripleScreen, seat: int, rng: random.Random) -> None:
    game = app.game
    hand = game.view(seat)["race"]["hand"]
    solution = borders.find_solution(hand, game.neighbours)
    if solution is None or rng.random() < 0.2:
        button(app, "Give up").click()
        return
    for code in (c for g in solution for c in g):
        app.parts.pick(code)  # a click on the map
    button(app, "GeoPlunge!").click()
    if game.phase == "race" and game.view(None)["race"]["held"] is not None:
        # Hot seat: the claim waits for the other player, who runs out of time.
        app.parts.guard.reveal()
        app.clock.now += 10_000
        app.parts.tick()


def stage3(app: GeoTripleScreen, seat: int, rng: random.Random) -> None:
    game = app.game
    cards = [w for w in on_screen(app) if "gt-card-tile" in getattr(w, "_dom_classes", ())]
    assert len(cards) == len(game.view(seat)["stage3"]["hand"])
    if game.phase == "discard":
        for tile in rng.sample(cards, 2):
            tile.click()
        button(app, "Put them away").click()
    elif game.phase == "announce":
        button(app, rng.choice(["Yes, I'm GeoPlunging", "No, not this time"])).click()
    else:
        if game.view(seat)["stage3"]["trick"] is None:
            app.parts.step_panel.category_pick.value = rng.choice(
                ["size", "statehood", "population"]
            )
        rng.choice(cards).click()


def play_to_the_end(states, seed: int, target: int = 100) -> GeoTripleScreen:
    """One two-person game, every move through the screen; returns the screen at the end."""
    rng = random.Random(seed)
    app = GeoTripleScreen(
        GeoTriple(Table.of("Ana", "Ben"), seed=seed, states=states, target=target),
        clock=FakeClock(),
    )
    game = app.game
    assert game.typed_clues()  # two people: the holder picks the clue
    for _ in range(MAX_CLICKS):
        if game.is_terminal():
            return app
        if game.phase == "round_over":
            button(app, "Next round").click()
            continue
        if not app.parts.guard.revealed:
            app.parts.guard.button.click()  # "I am Ana": the person at the screen shows their cards
        seat = app.parts.viewer
        assert seat in game.to_act(), (game.phase, seat, game.to_act())
        if game.phase == "guess":
            if game.view(seat)["stage1"]["waiting_for_clue"]:
                give_clue(app, seat, rng)
            else:
                guess(app, seat, rng)
        elif game.phase == "race":
            if app.feedback.is_open:  # the race clock waits while a verdict is read
                app.feedback.continue_button.click()
            race(app, seat, rng)
        else:
            stage3(app, seat, rng)
    raise AssertionError(f"seed {seed}: the game did not end after {MAX_CLICKS} clicks")


def the_clue_a_person_picks(game: GeoTriple, seat: int, rng: random.Random) -> dict:
    """The holder reads the widget's clue menu (``clue_choices`` of their view), checks every
    entry that is true of their card is accepted, and picks one, as the "Give the clue" button
    sends it."""
    s1 = game.view(seat)["stage1"]
    card = game.cards[s1["my_card"]]
    challenge = game.challenges[s1["challenge"]["id"]]
    true = [a for a in s1["clue_choices"] if a in true_answers(challenge, card, game.cards)]
    assert true, f"the menu has no true clue for {card.name} on {challenge.id}"
    for answer in true:
        action = {"player": seat, "type": "clue", "answer": answer}
        assert game.is_legal(action), (card.name, challenge.id, answer)
    return {"player": seat, "type": "clue", "answer": rng.choice(true)}


def test_300_two_person_games_reach_the_end(states):
    """43 of 100 such games were stuck on a clue that was the letter N or Y."""
    stuck = []
    for seed in range(300):
        rng = random.Random(seed)
        game = GeoTriple(Table.of("Ana", "Ben"), seed=seed, states=states)
        assert game.typed_clues()
        bot = GeoTripleBot("medium", seed=seed)
        for _ in range(MAX_CLICKS):
            if game.is_terminal():
                break
            seat = game.to_act()[0]
            if game.phase == "guess" and game.view(seat)["stage1"]["waiting_for_clue"]:
                action = the_clue_a_person_picks(game, seat, rng)
            elif game.phase == "guess":
                tried = game.view(seat)["stage1"]["guesses"][seat]
                action = {  # the "Guess" button: any state the player has not tried
                    "player": seat,
                    "type": "guess",
                    "state": rng.choice([c for c in game.cards if c not in tried]),
                }
            else:
                action = bot.choose(game, seat)
            game.apply(action)
        if not game.is_terminal():
            stuck.append(seed)
    assert stuck == []


@pytest.mark.parametrize("seed", [0, 1])
def test_two_person_games_end_through_the_widget(states, seed):
    """Also: the "Next round" button and the winner show while the cards are hidden."""
    app = play_to_the_end(states, seed, target=40)  # two or three rounds
    assert app.game.is_terminal() and max(app.game.scores()) >= app.game.target
    assert not safe.REJECTED, [c.message for c in safe.REJECTED]
    assert "The game is over" in app.feedback.text and not app.parts.guard.revealed


#: Whole games of the default length through the widget: each one redraws the map a few
#: hundred times (about 6 s), and the deals' breadth is the 300 games above, at the engine's
#: verbs; six games take every kind of step through the buttons many times over.
WIDGET_GAMES = range(2, 8)


@pytest.mark.slow
@pytest.mark.parametrize("seed", WIDGET_GAMES)
def test_more_two_person_games_end_through_the_widget(states, seed):
    app = play_to_the_end(states, seed)
    assert app.game.is_terminal() and not safe.REJECTED, [c.message for c in safe.REJECTED]


def test_the_letters_n_and_y_are_clues_not_no_and_yes(states):
    """A state starting with N or ending in Y was refused its only true clue."""
    cards = GeoTriple(Table.of("Ana", "Ben"), seed=0, states=states).cards
    deck = {c.id: c for c in CHALLENGES}
    for code, challenge, typed in [
        ("NY", "name_letter", "N"),
        ("NV", "name_letter", "n"),
        ("KY", "name_last_letter", "Y"),
        ("NJ", "name_last_letter", "y"),
        ("KS", "capital_letter", "T"),
    ]:
        assert matching_answer(deck[challenge], cards[code], cards, typed) == typed.upper()
    # On a yes/no card, "n" and "y" still mean no and yes.
    assert matching_answer(deck["coastline"], cards["KY"], cards, "n") == "no"
    assert matching_answer(deck["coastline"], cards["KY"], cards, "y") is None
    assert matching_answer(deck["one_neighbour"], cards["HI"], cards, "nobody") == "none"
