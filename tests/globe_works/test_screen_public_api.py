"""The Globe Works screen reads the game only through its public API: never ``game.state`` nor
a private attribute of the game (``game._...``), in any module of ``geoteach/ui/globe_works/``;
and a whole seeded game plays through the screen built on ``PublicOnly(game)``."""

from __future__ import annotations

import re
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
            (ui.decline_button if real.window["proposal"] else ui.no_deal_button).click()
        elif real.step == "start" and ui.picked in real.playable(0):
            ui.play_button.click()
        elif real.step == "drawn":
            ui.discard_button.click()
        elif real.can_draw("draw"):
            ui.draw_button.click()
        else:
            ui.take_discard_button.click()
    # A read past the public API raises AttributeError; the screen's guard records it here.
    assert safe.ERRORS == [], [c.message for c in safe.ERRORS]
    assert real.is_terminal() and len(real.history) == 3
    assert "The game is over" in ui.banner.value
    first_row = ui.leaders.value.split("<tbody>")[1].split("</tr>")[0]
    assert table.name_of(real.winners()[0]) in first_row
