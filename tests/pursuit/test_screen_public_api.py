"""The Geography Pursuit screen draws only from the game's views and the moves it makes.

The screen is built on ``PublicOnly(game)``, a stand-in that offers only the public game API:
a read of ``game.state``, a private attribute or an engine helper outside the list fails. A
whole seeded game is then played to its end through the screen's own controls (the roll
button, the space buttons, the category buttons, the question card), in typed mode. A
second check reads the source: nothing under ``geoteach/ui/pursuit/`` reads ``.state`` or an
underscore attribute of the game.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from geoteach.games.geography_pursuit.game import GeographyPursuit
from geoteach.games.table import Table
from geoteach.ui import safe
from geoteach.ui.pursuit import PursuitApp
from tests.kit.public_api import PublicOnly
from tests.pursuit.test_ui import answer, press, seed_where_seat_0_starts, spaces_offered

SCREEN = Path(__file__).resolve().parents[2] / "geoteach" / "ui" / "pursuit"


@pytest.fixture(autouse=True)
def _no_errors():
    safe.clear()
    yield
    assert not safe.ERRORS, [c.message for c in safe.ERRORS]


def to_a_question(app: PursuitApp, game: GeographyPursuit) -> None:
    """Roll and move (the last lit space) until a card is asked; the hub: pick a category."""
    while game.phase != "question":
        if game.phase == "roll":
            press(app, "Roll the die")
        elif game.phase == "choose_category":
            press(app, "CC")
        else:
            spaces_offered(app)[-1].click()


def public_screen(questions, mode: str) -> tuple[PursuitApp, GeographyPursuit]:
    """Ana (a person, who starts) against an easy computer, on the public API only."""
    names, bots = ("Ana", "Robot"), {"Robot": "easy"}
    seed = seed_where_seat_0_starts(names, bots, questions)
    game = GeographyPursuit(Table.of(*names, bots=bots), seed=seed, questions=questions)
    app = PursuitApp(PublicOnly(game), mode=mode, bot_delay=0)
    app.start()
    return app, game


def test_a_whole_game_through_the_screens_controls_on_the_public_api(questions) -> None:
    app, game = public_screen(questions, "typed")
    clicks = 0
    while not game.is_terminal() and clicks < 5000:
        clicks += 1
        phase = game.phase
        if phase == "roll":
            press(app, "Roll the die")
        elif phase == "move":  # the hub when it is offered, else the first lit space
            offered = spaces_offered(app)
            hub = [b for b in offered if b.description == "The hub"]
            (hub or offered)[0].click()
        elif phase == "choose_category":
            press(app, "CC")
        elif phase == "vote":
            press(app, "PW")
        elif phase == "question":
            assert app.parts.step_panel.card in app.controls.children
            answer(app, right=clicks % 4 != 0)
    assert game.is_terminal(), f"not over after {clicks} clicks"
    winner = game.table.name_of(game.winners()[0])
    assert winner in app.banner.value and "the game!" in app.banner.value
    assert "New game" in app.parts.step_panel.step.value
    assert "6 of 6" in app.leaders.value
    # The person's answers reached the engine as typed text, judged there.
    answers = [a for a in game.log if a["type"] == "answer" and a["player"] == 0]
    assert answers and all("text" in a for a in answers)


def test_a_strict_game_judges_the_card_as_the_engine_does(questions) -> None:
    names, bots = ("Ana", "Robot"), {"Robot": "easy"}
    seed = seed_where_seat_0_starts(names, bots, questions)
    game = GeographyPursuit(
        Table.of(*names, bots=bots), seed=seed, questions=questions, precision="strict"
    )
    app = PursuitApp(PublicOnly(game), mode="typed", bot_delay=0)
    app.start()
    to_a_question(app, game)
    typo = (
        app.parts.step_panel.card.question.answer[:-1] + "x"
    )  # one letter off: forgiven only when forgiving
    app.parts.step_panel.card.answer_box.value = typo
    app.parts.step_panel.card.submit_button.click()  # Enter: the page script presses it
    assert (
        app.parts.step_panel.card.verdict is not None
        and not app.parts.step_panel.card.verdict.correct
    )
    mine = [a for a in game.log if a["player"] == 0 and a["type"] == "answer"]
    assert mine == [{"player": 0, "type": "answer", "text": typo}]  # the computer played on
    assert app.feedback.is_open and "Not quite" in app.feedback.body.value


def state_reads(source: str, where: str) -> list[str]:
    """Every ``.state`` read, and every underscore attribute read of ``game``/``self.game``."""
    found = []
    for node in ast.walk(ast.parse(source)):
        if not isinstance(node, ast.Attribute):
            continue
        owner = node.value
        on_game = (isinstance(owner, ast.Name) and owner.id == "game") or (
            isinstance(owner, ast.Attribute) and owner.attr == "game"
        )
        if node.attr == "state" or (on_game and node.attr.startswith("_")):
            found.append(f"{where}:{node.lineno} reads .{node.attr}")
    return found


def test_the_screen_source_never_reads_state_or_private_attributes_of_the_game() -> None:
    sources = sorted(SCREEN.glob("*.py"))
    assert {p.name for p in sources} >= {"__init__.py", "screen.py", "wording.py"}
    found = [r for p in sources for r in state_reads(p.read_text(encoding="utf-8"), p.name)]
    assert found == []


def test_the_source_check_catches_the_old_screens_reads() -> None:
    """The check above is not blind: reads like the old screen's are caught."""
    old = "x = self.game.state['player']\ny = game._by_id\nz = self._asked\n"
    assert sorted(state_reads(old, "old")) == ["old:1 reads .state", "old:2 reads ._by_id"]


@pytest.mark.parametrize(("mode", "key"), [("choice", "choice"), ("honor", "mark")])
def test_the_other_answer_modes_work_on_the_public_api(questions, mode, key) -> None:
    app, game = public_screen(questions, mode)
    to_a_question(app, game)
    answer(app, right=True)
    assert key in game.log[-1] and game.log[-1]["player"] == 0  # right: Ana rolls again
    assert game.state["last"]["correct"]
    assert "Right!" in app.feedback.body.value


def test_the_panels_hold_no_game_and_the_package_imports_no_circle() -> None:
    """Issue 38: the screen is composed of panels with explicit inputs (a view, ``on_move``):
    ``board.py`` and ``step.py`` never name a game; and no module of the package imports
    another in a circle."""
    from graphlib import TopologicalSorter

    for panel in ("board.py", "step.py"):
        tree = ast.parse((SCREEN / panel).read_text(encoding="utf-8"))
        names = {n.id for n in ast.walk(tree) if isinstance(n, ast.Name)}
        names |= {n.attr for n in ast.walk(tree) if isinstance(n, ast.Attribute)}
        names |= {a.arg for n in ast.walk(tree) if isinstance(n, ast.arguments) for a in n.args}
        assert "game" not in names, panel
    modules = {p.stem for p in SCREEN.glob("*.py")} - {"__init__"}
    graph: dict[str, set[str]] = {}
    for stem in modules:
        found = set()
        for node in ast.walk(ast.parse((SCREEN / f"{stem}.py").read_text(encoding="utf-8"))):
            if isinstance(node, ast.ImportFrom) and node.module:
                if node.module.startswith("geoteach.ui.pursuit."):
                    found.add(node.module.rsplit(".", 1)[1])
                elif node.module == "geoteach.ui.pursuit":
                    found.update(a.name for a in node.names)
        graph[stem] = found & modules
    assert {"board", "step"} <= graph["screen"]
    assert len(list(TopologicalSorter(graph).static_order())) == len(graph)  # CycleError else
