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
            ui.next_round_button.click()
        elif phase == "guess":
            choice = me.choose(real, 0)
            ui.guess_box.value = view["cards"][choice["state"]]["name"]
            ui.guess_button.click()
        elif phase == "race":
            move = me.choose(real, 0)
            if move["type"] == "give_up":
                ui.give_up_button.click()
            else:
                for code in (c for g in move["groups"] for c in g):
                    ui.pick(code)
                ui.claim_button.click()
        else:
            move = me.choose(real, 0)
            tiles = {t.description.split("\n")[0]: t for t in ui.tiles_box.children[1:]}
            if phase == "discard":
                for code in move["cards"]:
                    tiles[view["cards"][code]["name"]].click()
                ui.put_away_button.click()
            elif phase == "announce":
                (ui.plunge_yes if move["geoplunging"] else ui.plunge_no).click()
            else:
                if move["type"] == "lead":
                    ui.category_pick.value = move["category"]
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
