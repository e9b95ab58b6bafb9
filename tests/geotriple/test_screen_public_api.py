"""The GeoTriple screen plays a whole seeded game on ``PublicOnly(game)``: it draws from the
views and acts through ``apply`` only. The computer plays on the real game (a bot is not the
screen); everything the screen reads goes through the stand-in."""

from __future__ import annotations

import ast
import pathlib

from geoteach.bots.base import Bot
from geoteach.bots.geotriple import GeoTripleBot
from geoteach.games.geotriple import GeoTriple
from geoteach.games.table import Table
from geoteach.ui.geotriple import GeoTripleScreen
from tests.kit.public_api import PublicOnly

from .test_ui import FakeClock, no_errors  # noqa: F401 - the same clock and error check

SCREEN = pathlib.Path(__file__).parents[2] / "geoteach" / "ui" / "geotriple"


class OnTheRealGame(Bot):
    """A computer player handed the stand-in by the screen plays on the game behind it."""

    def __init__(self, bot: GeoTripleBot) -> None:
        super().__init__(bot.level)
        self.bot = bot

    def choose(self, game, player):
        return self.bot.choose(game.wrapped, player)

    def race_time(self, game, player):
        return self.bot.race_time(game.wrapped, player)


def test_a_whole_game_through_the_screen_on_the_public_api(states):
    table = Table.of("Ana", "Computer", bots={"Computer": "medium"})
    real = GeoTriple(table, seed=11, states=states, target=60)
    game = PublicOnly(real)
    clock = FakeClock()
    ui = GeoTripleScreen(
        game, {1: OnTheRealGame(GeoTripleBot("medium", 2))}, bot_delay=0, clock=clock
    )
    me = GeoTripleBot("hard", seed=3)
    for _ in range(3000):
        if real.is_terminal():
            break
        if ui.feedback.is_open and not real.is_terminal():
            ui.feedback.continue_button.click()
            continue
        view = real.view(0)
        phase = view["phase"]
        if phase == "round_over":
            ui.parts.step_panel.next_round_button.click()
        elif phase == "guess":
            choice = me.choose(real, 0)
            ui.parts.step_panel.guess_box.value = view["cards"][choice["state"]]["name"]
            ui.parts.step_panel.guess_button.click()
        elif phase == "race":
            move = me.choose(real, 0)
            if move["type"] == "give_up":
                ui.parts.step_panel.give_up_button.click()
            else:
                for code in (c for g in move["groups"] for c in g):
                    ui.parts.pick(code)
                ui.parts.step_panel.claim_button.click()
        else:
            move = me.choose(real, 0)
            tiles = {
                t.description.split("\n")[0]: t for t in ui.parts.step_panel.tiles_box.children[1:]
            }
            if phase == "discard":
                for code in move["cards"]:
                    tiles[view["cards"][code]["name"]].click()
                ui.parts.step_panel.put_away_button.click()
            elif phase == "announce":
                (
                    ui.parts.step_panel.plunge_yes
                    if move["geoplunging"]
                    else ui.parts.step_panel.plunge_no
                ).click()
            else:
                if move["type"] == "lead":
                    ui.parts.step_panel.category_pick.value = move["category"]
                tiles[view["cards"][move["card"]]["name"]].click()
    assert real.is_terminal() and max(real.scores()) >= 60
    assert "The game is over" in ui.feedback.text


def test_the_screen_source_reads_no_state_and_no_private_attribute_of_the_game():
    found = []
    for path in sorted(SCREEN.glob("*.py")):
        for node in ast.walk(ast.parse(path.read_text())):
            if not isinstance(node, ast.Attribute):
                continue
            inner = node.value
            on_game = (isinstance(inner, ast.Name) and inner.id == "game") or (
                isinstance(inner, ast.Attribute) and inner.attr == "game"
            )
            if on_game and (node.attr in ("state", "s") or node.attr.startswith("_")):
                found.append(f"{path.name}:{node.lineno} game.{node.attr}")
    assert found == []
    assert any(SCREEN.glob("*.py"))


def test_the_panels_draw_from_views_and_hold_no_game():
    """Issue 38: the board and the step's controls are panels with explicit inputs (a view, the
    cards picked, ``on_move``-style callbacks); neither holds or reads the game."""
    for panel in ("board.py", "controls.py"):
        tree = ast.parse((SCREEN / panel).read_text())
        names = {n.id for n in ast.walk(tree) if isinstance(n, ast.Name)}
        names |= {n.attr for n in ast.walk(tree) if isinstance(n, ast.Attribute)}
        names |= {a.arg for n in ast.walk(tree) if isinstance(n, ast.arguments) for a in n.args}
        names |= {
            a.arg for n in ast.walk(tree) if isinstance(n, ast.arguments) for a in n.kwonlyargs
        }
        assert "game" not in names, panel
        assert "host" not in names, panel  # nor the screen: what they need is passed in


def test_the_screen_is_composed_and_given_its_seating_and_targets(states):
    """The screen is the shared ``Screen`` with GeoTriple's parts (a direct subclass that only
    builds it, overriding nothing); a class game's seating and a test's click targets are passed
    in."""
    from geoteach.bots.base import RemotePlayer
    from geoteach.ui.geotriple.screen import GeoTripleParts
    from geoteach.ui.shell import ClickTargets, Screen, Seating

    table = Table.of("Ana", "Ben")
    game = GeoTriple(table, seed=4, states=states)
    seating = Seating(table, {1: RemotePlayer("Ben")})
    targets = ClickTargets(on=True)
    ui = GeoTripleScreen(game, bot_delay=0, clock=FakeClock(), seating=seating, targets=targets)
    assert isinstance(ui, Screen) and type(ui).__mro__[1] is Screen
    assert isinstance(ui.parts, GeoTripleParts) and ui.parts.title == "GeoTriple"
    assert ui.seating is seating and ui.click_targets is targets.widget
    assert ui.computer_log.title == "Moves" and "gt-geotriple" in ui._dom_classes
    # Ben plays on another device: no guard, Ana's controls; the map told the test where
    # each state is.
    assert ui.parts.guard is None and ui.parts.viewer == 0
    assert ui.controls.children == (ui.parts.step_panel.private,)
    assert "TX" in targets.widget.value
