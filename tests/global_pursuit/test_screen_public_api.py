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
    seat = ui.parts.seat()
    phase = game.phase
    if ui.parts.guard is not None and phase in ("match", "return") and not ui.parts.guard.revealed:
        assert ui.parts.guard.button.description == f"I am {game.table.name_of(seat)}"
        assert (
            list(ui.parts.step_panel.hand.options) == []
        )  # nothing of the hand before its owner says so
        ui.parts.guard.button.click()
        return
    choice = helper.choose(game, seat)
    if phase in ("match", "return"):
        assert [value for _, value in ui.parts.step_panel.hand.options] == game.hand(seat)
    if phase == "match":
        if choice["type"] == "pass":
            ui.parts.step_panel.cannot.click()
            return
        ui.parts.step_panel.hand.value = choice["card"]
        ui.parts.step_panel.edge.value = tuple(choice["at"])
        ui.parts.step_panel.turn.value = choice["card_edge"]
        ui.parts.step_panel.lay.click()
    elif phase == "return":
        ui.parts.step_panel.hand.value = choice["card"]
        ui.parts.step_panel.give_back.click()
    elif phase == "challenge":
        (
            ui.parts.step_panel.challenge
            if choice["type"] == "challenge"
            else ui.parts.step_panel.accept
        ).click()
    elif phase == "roll":
        ui.parts.step_panel.roll.click()
    elif phase == "level":
        ui.parts.step_panel.levels.value = choice["level"]
        ui.parts.step_panel.choose_level.click()
    elif phase == "wild":
        if choice["type"] == "wild":
            ui.parts.step_panel.levels.value = choice["level"]
            ui.parts.step_panel.try_wild.click()
        else:
            ui.parts.step_panel.skip_wild.click()
    elif phase == "answer":
        question = game.current_question()
        assert (
            ui.parts.step_panel.card.question == question
        )  # the reader's card asks the engine's question
        right = rng.random() < 0.6
        if ui.parts.step_panel.card.asked_mode == "choice":
            buttons = ui.parts.step_panel.card.choice_buttons
            wanted = [b for b in buttons if (b.tooltip == question.answer) == right]
            (wanted or buttons)[0].click()
        else:
            ui.parts.step_panel.card.answer_box.value = question.answer if right else "Atlantis"
            ui.parts.step_panel.card.submit_button.click()  # Enter: the page script presses it
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


def test_the_panels_hold_no_game_and_the_package_imports_no_circle():
    """Issue 38: the board and step panels draw from the view they are given and hand moves
    to their callbacks (they hold no game at all); the screen is composed of them, with no
    mixin sharing ``self`` and no module of the package importing another in a circle."""
    from graphlib import TopologicalSorter

    folder = Path(package.__file__).parent
    stems = {p.stem for p in folder.glob("*.py")} - {"__init__"}
    assert {"screen", "board", "step", "verdicts"} <= stems and not {"placing", "parts"} & stems
    for panel in ("board.py", "step.py"):
        tree = ast.parse((folder / panel).read_text())
        names = {n.id for n in ast.walk(tree) if isinstance(n, ast.Name)}
        names |= {n.attr for n in ast.walk(tree) if isinstance(n, ast.Attribute)}
        names |= {a.arg for n in ast.walk(tree) if isinstance(n, ast.arguments) for a in n.args}
        names |= {
            a.arg for n in ast.walk(tree) if isinstance(n, ast.arguments) for a in n.kwonlyargs
        }
        assert "game" not in names, panel
    graph: dict[str, set[str]] = {}
    for stem in stems:
        found = set()
        for node in ast.walk(ast.parse((folder / f"{stem}.py").read_text())):
            if isinstance(node, ast.ImportFrom) and node.module:
                if node.module.startswith("geoteach.ui.global_pursuit."):
                    found.add(node.module.rsplit(".", 1)[1])
                elif node.module == "geoteach.ui.global_pursuit":
                    found.update(a.name for a in node.names)
        graph[stem] = found & stems
    assert {"board", "step", "verdicts"} <= graph["screen"] and "screen" not in graph["verdicts"]
    assert len(list(TopologicalSorter(graph).static_order())) == len(stems)  # no CycleError
    screen = GlobalPursuitScreen.__mro__
    assert not any(c.__name__ in ("GameScreen", "Placing", "Verdicts") for c in screen)
