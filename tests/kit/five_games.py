"""The five games played by their own bots, for the save-file tests and figures."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from geoteach.bots.base import Bot, bots_for, play_bots
from geoteach.games.base import Game
from geoteach.games.table import Table

GAMES = ["geography_pursuit", "geotriple", "global_pursuit", "globalissimo", "globe_works"]
SEATS = {
    "geography_pursuit": 4,
    "geotriple": 2,
    "global_pursuit": 4,
    "globalissimo": 4,
    "globe_works": 5,
}


def _kit(name: str) -> tuple[type[Game], Callable[[str, int | None], Bot]]:
    if name == "globalissimo":
        from geoteach.bots.globalissimo import make_bot
        from geoteach.games.globalissimo import Globalissimo as cls
    elif name == "geotriple":
        from geoteach.bots.geotriple import make_bot
        from geoteach.games.geotriple import GeoTriple as cls
    elif name == "global_pursuit":
        from geoteach.bots.global_pursuit import make_bot
        from geoteach.games.global_pursuit import GlobalPursuit as cls
    elif name == "geography_pursuit":
        from geoteach.bots.pursuit import PursuitBot
        from geoteach.games.geography_pursuit import GeographyPursuit as cls

        def make_bot(level: str, seed: int | None = None) -> Bot:
            return PursuitBot(level, seed=seed)
    else:
        from geoteach.bots.globe_works import make_bot
        from geoteach.games.globe_works import GlobeWorks as cls
    return cls, make_bot


def played(
    name: str,
    moves: int = 1_000_000,
    seed: int = 3,
    level: str = "medium",
    on_move: Callable[[Game, Any], Any] | None = None,
) -> Game:
    """A game of ``name`` between bots of ``level``, ``moves`` moves in (or to its end)."""
    cls, make_bot = _kit(name)
    names = ["Ana", "Ben", "Chloé", "Dev", "Eun", "Femi"][: SEATS[name]]
    table = Table.of(*names, bots={n: level for n in names})
    game = cls(table, seed=seed)
    play_bots(game, bots_for(table, make_bot, seed=seed), max_moves=moves, on_move=on_move)
    return game
