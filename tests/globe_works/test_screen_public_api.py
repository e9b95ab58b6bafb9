"""The Globe Works screen reads the game only through its public API: never ``game.state`` nor
a private attribute of the game (``game._...``), in any module of ``geoteach/ui/globe_works/``;
and a whole seeded game plays through the screen built on ``PublicOnly(game)``."""

from __future__ import annotations

import ast
import re
from graphlib import CycleError, TopologicalSorter
from pathlib import Path

import geoteach.ui.globe_works as package
from geoteach.bots.base import Bot
from geoteach.bots.globe_works import make_bot
from geoteach.games.globe_works import DEALS, GlobeWorks
from geoteach.games.table import Table
from geoteach.ui import safe
from geoteach.ui.globe_works import GlobeWorksScreen
from tests.kit.public_api import PublicOnly

SOURCES = sorted(Path(package.__file__).parent.glob("*.py"))
BACK_DOOR = re.compile(r"\bgame\.(state\b|_\w+)|\bgame\)?\[")


def test_the_screen_sources_never_read_the_games_state_or_private_attributes() -> None:
    assert len(SOURCES) >= 3
    found = [
        f"{path.name}:{n}: {line.strip()}"
        for path in SOURCES
        for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1)
        if BACK_DOOR.search(line)
    ]
    assert found == []


def test_the_panels_draw_from_what_they_are_given_and_hold_no_game() -> None:
    """Issue 38: the board and step panels are drawn from a view (and the pick, the legal
    moves) and hand moves to ``on_move``/``on_pick``: the word ``game`` is not in them."""
    folder = Path(package.__file__).parent
    for panel in ("board.py", "step.py"):
        tree = ast.parse((folder / panel).read_text(encoding="utf-8"))
        names = {n.id for n in ast.walk(tree) if isinstance(n, ast.Name)}
        names |= {n.attr for n in ast.walk(tree) if isinstance(n, ast.Attribute)}
        names |= {a.arg for n in ast.walk(tree) if isinstance(n, ast.arguments) for a in n.args}
        assert "game" not in names, panel
    # The same look finds the game where it is held: in the screen's parts.
    held = ast.parse((folder / "screen.py").read_text(encoding="utf-8"))
    assert "game" in {n.attr for n in ast.walk(held) if isinstance(n, ast.Attribute)}


def test_no_module_of_the_screen_package_imports_another_in_a_circle() -> None:
    """Issue 38: the screen imports its panels and the words; the panels import the words;
    nothing imports back. An import graph of the package with no cycle."""
    folder = Path(package.__file__).parent
    stems = {p.stem for p in SOURCES} - {"__init__"}
    graph: dict[str, set[str]] = {}
    for path in SOURCES:
        found: set[str] = set()
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ImportFrom) and node.module:
                if node.module.startswith("geoteach.ui.globe_works."):
                    found.add(node.module.rsplit(".", 1)[1])
                elif node.module == "geoteach.ui.globe_works":
                    found.update(a.name for a in node.names)
        graph[path.stem] = found & stems
    assert {"board", "step", "wording"} <= graph["screen"] and folder.name == "globe_works"
    assert "screen" not in graph["board"] | graph["step"] | graph["wording"]
    try:
        order = list(TopologicalSorter(graph).static_order())
    except CycleError as cycle:  # pragma: no cover - the failure is the message
        raise AssertionError(f"an import cycle: {cycle.args[1]}") from None
    assert len(order) == len(graph)


def test_the_check_finds_a_back_door() -> None:
    assert BACK_DOOR.search("hands = self.game.state['hands']")
    assert BACK_DOOR.search("self.game._phase")
    assert not BACK_DOOR.search("self.game.view(None)['hand']")


class OnTheRealGame(Bot):
    """A computer player handed the stand-in by the screen plays on the game behind it (a bot
    is not the screen; everything the screen itself reads goes through the stand-in)."""

    def __init__(self, bot: Bot) -> None:
        super().__init__(bot.level)
        self.bot = bot

    def choose(self, game, player):
        return self.bot.choose(game.wrapped, player)


def test_a_whole_seeded_game_through_the_screen_on_the_public_api() -> None:
    table = Table.of(
        "You", "Robot Ada", "Robot Ben", bots={"Robot Ada": "medium", "Robot Ben": "easy"}
    )
    real = GlobeWorks(table, seed=2, max_turns=6)
    bots = {
        seat: OnTheRealGame(make_bot(level, seed=seat))
        for seat, level in ((1, "medium"), (2, "easy"))
    }
    safe.clear()
    ui = GlobeWorksScreen(PublicOnly(real), bots, bot_delay=0)
    for _ in range(3000):
        if real.is_terminal():
            break
        if ui.feedback.is_open:
            ui.feedback.continue_button.click()
        elif real.phase == DEALS:
            (
                ui.parts.step_panel.decline_button
                if real.window["proposal"]
                else ui.parts.step_panel.no_deal_button
            ).click()
        elif real.step == "start" and ui.parts.picked in real.playable(0):
            ui.parts.step_panel.play_button.click()
        elif real.step == "drawn":
            ui.parts.step_panel.discard_button.click()
        elif real.can_draw("draw"):
            ui.parts.step_panel.draw_button.click()
        else:
            ui.parts.step_panel.take_discard_button.click()
    # A read past the public API raises AttributeError; the screen's guard records it here.
    assert safe.ERRORS == [], [c.message for c in safe.ERRORS]
    assert real.is_terminal() and len(real.history) == 3
    assert "The game is over" in ui.banner.value
    first_row = ui.leaders.value.split("<tbody>")[1].split("</tr>")[0]
    assert table.name_of(real.winners()[0]) in first_row
