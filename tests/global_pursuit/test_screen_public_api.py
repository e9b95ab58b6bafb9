"""The Global Pursuit screen plays a whole game through the public game API only.

On a team's own device a screen may see only that team's ``view(seat)``: the screen is built on
``PublicOnly(game)`` (every attribute past the public verbs raises), and whole seeded games are
played to their end through the screen's own buttons and menus: several people at one screen
(the hot seat), and one person against a computer. A source check keeps the package honest in
the code paths a game does not happen to take.
"""

from __future__ import annotations

import ast
import random
from pathlib import Path

import pytest

import geoteach.ui.global_pursuit as package
from geoteach.bots.global_pursuit import GlobalPursuitBot
from geoteach.games.global_pursuit.engine import GlobalPursuit
from geoteach.games.table import Table
from geoteach.ui import safe
from geoteach.ui.global_pursuit import GlobalPursuitScreen
from tests.kit.public_api import PUBLIC, PublicOnly

#: Enough clicks for any of these games (each click is one move or one Continue).
MOST_CLICKS = 3000


@pytest.fixture(autouse=True)
def _no_errors():
    safe.clear()
    yield
    assert [c.message for c in safe.ERRORS] == []


def public_screen(game: GlobalPursuit, **kwargs) -> tuple[PublicOnly, GlobalPursuitScreen]:
    public = PublicOnly(game)
    kwargs = {"maps": False, "challenge_seconds": None, "bot_delay": 0, **kwargs}
    return public, GlobalPursuitScreen(public, **kwargs)  # type: ignore[arg-type]


def one_click(ui: GlobalPursuitScreen, game: GlobalPursuit, helper, rng: random.Random) -> None:
    """The next click a person at the screen makes; ``helper`` (on the real game, outside the
    screen) decides what a sensible person would choose, ``rng`` whether an answer is right."""
    if ui.feedback.is_open:
        ui.feedback.continue_button.click()
        return
    seat = ui.seat()
    phase = game.phase
    if ui.guard is not None and phase in ("match", "return") and not ui.guard.revealed:
        assert ui.guard.button.description == f"I am {game.table.name_of(seat)}"
        assert list(ui.hand.options) == []  # nothing of the hand before its owner says so
        ui.guard.button.click()
        return
    choice = helper.choose(game, seat)
    if phase in ("match", "return"):
        assert [value for _, value in ui.hand.options] == game.hand(seat)
    if phase == "match":
        if choice["type"] == "pass":
            ui.cannot.click()
            return
        ui.hand.value = choice["card"]
        ui.edge.value = tuple(choice["at"])
        ui.turn.value = choice["card_edge"]
        ui.lay.click()
    elif phase == "return":
        ui.hand.value = choice["card"]
        ui.give_back.click()
    elif phase == "challenge":
        (ui.challenge if choice["type"] == "challenge" else ui.accept).click()
    elif phase == "roll":
        ui.roll.click()
    elif phase == "level":
        ui.levels.value = choice["level"]
        ui.choose_level.click()
    elif phase == "wild":
        if choice["type"] == "wild":
            ui.levels.value = choice["level"]
            ui.try_wild.click()
        else:
            ui.skip_wild.click()
    elif phase == "answer":
        question = game.current_question()
        assert ui.card.question == question  # the reader's card asks the engine's question
        right = rng.random() < 0.6
        if ui.card.asked_mode == "choice":
            buttons = ui.card.choice_buttons
            wanted = [b for b in buttons if (b.tooltip == question.answer) == right]
            (wanted or buttons)[0].click()
        else:
            ui.card.answer_box.value = question.answer if right else "Atlantis"
            ui.card.submit_button.click()  # Enter: the page script presses it
    else:
        raise AssertionError(f"no control for the phase {phase}")


def play_to_the_end(ui: GlobalPursuitScreen, game: GlobalPursuit, seed: int) -> int:
    helper = GlobalPursuitBot("hard", seed=seed)
    rng = random.Random(seed)
    for clicks in range(MOST_CLICKS):
        if game.is_terminal():
            return clicks
        one_click(ui, game, helper, rng)
    raise AssertionError(f"the game did not end in {MOST_CLICKS} clicks")


def check_the_end(ui: GlobalPursuitScreen, game: GlobalPursuit) -> None:
    assert ui.feedback.text.startswith("The game is over: ")
    body = ui.feedback.body.value
    assert game.state["ended"] in body
    for seat, hand in enumerate(game.state["hands"]):
        if hand:
            n = len(hand)
            held = f"{game.table.name_of(seat)} still holds {n} map card{'s' * (n != 1)}"
            assert f"{held}: {-4 * n} points" in body
    assert "The game is over." in ui.banner.value


def test_three_people_at_one_screen_play_a_whole_game_on_the_public_api():
    # A small table ends the game soon ("no more room"), with cards left in the hands.
    game = GlobalPursuit(Table.of("Ana", "Bob", "Caro"), seed=8, table_size=[7, 5])
    _, ui = public_screen(game)
    clicks = play_to_the_end(ui, game, seed=8)
    assert clicks > 30
    kinds = {a["type"] for a in game.log}
    assert {"place", "accept", "level", "answer"} <= kinds
    assert {a["player"] for a in game.log} == {0, 1, 2}
    check_the_end(ui, game)


def test_one_person_against_a_computer_plays_a_whole_game_on_the_public_api():
    table = Table.of("Ana", "Robot", bots={"Robot": "hard"})
    game = GlobalPursuit(table, seed=5, table_size=[8, 5], fixed_levels=[2, 2])
    _, ui = public_screen(game, answer_mode="choice", interactive=False)
    play_to_the_end(ui, game, seed=5)
    assert {a["player"] for a in game.log} == {0, 1}
    assert any(a["type"] == "answer" and a["player"] == 0 for a in game.log)
    check_the_end(ui, game)


# ----- the source: no back doors ------------------------------------------------------------
def _game_reads(tree: ast.AST) -> list[tuple[int, str]]:
    """Every ``<...>.game.<name>`` and ``game.<name>`` read in ``tree``, and every ``.state``."""
    found = []
    for node in ast.walk(tree):
        if not isinstance(node, ast.Attribute):
            continue
        value = node.value
        on_game = (isinstance(value, ast.Name) and value.id == "game") or (
            isinstance(value, ast.Attribute) and value.attr == "game"
        )
        if on_game or node.attr == "state":
            found.append((node.lineno, node.attr))
    return found


def test_the_screen_s_source_reads_no_state_and_no_private_attribute_of_the_game():
    folder = Path(package.__file__).parent
    sources = sorted(folder.glob("*.py"))
    assert len(sources) >= 5
    wrong = []
    for path in sources:
        for line, name in _game_reads(ast.parse(path.read_text(), str(path))):
            if name == "state" or name.startswith("_") or name not in PUBLIC:
                wrong.append(f"{path.name}:{line} reads game.{name}")
    assert wrong == []


def test_the_source_check_finds_a_back_door():
    tree = ast.parse("x = self.game.state['hands']\ny = game._cards\nz = self.game.view(0)")
    assert sorted(_game_reads(tree)) == [(1, "state"), (2, "_cards"), (3, "view")]


def test_the_public_stand_in_refuses_what_the_old_screen_read():
    public = PublicOnly(GlobalPursuit(Table.of("Ana", "Bob"), seed=3))
    for name in ("state", "player", "layout", "scoreboard", "current_question", "level_of"):
        with pytest.raises(AttributeError, match="public game API"):
            getattr(public, name)
