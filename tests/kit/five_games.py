"""The kit's games played by their own bots, for the save-file tests and figures.

Every game of ``geoteach.games.registry`` is here: a new game is tested as soon as it has an
entry.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from geoteach.bots.base import bots_for, play_bots
from geoteach.bots.registry import BOTS
from geoteach.games.base import Game
from geoteach.games.registry import GAMES as ENTRIES
from geoteach.games.table import Table

GAMES = sorted(ENTRIES)
#: Seats at each game's table: four, or the game's most when that is fewer (GeoTriple's two).
SEATS = {key: min(4, entry.engine_class.max_seats) for key, entry in ENTRIES.items()}
SEATS["globe_works"] = 5  # its largest table, so the deal goes round five players


def played(
    name: str,
    moves: int = 1_000_000,
    seed: int = 3,
    level: str = "medium",
    on_move: Callable[[Game, Any], Any] | None = None,
) -> Game:
    """A game of ``name`` between bots of ``level``, ``moves`` moves in (or to its end)."""
    entry = ENTRIES[name]
    names = ["Ana", "Ben", "Chloé", "Dev", "Eun", "Femi"][: SEATS[name]]
    table = Table.of(*names, bots={n: level for n in names})
    game = entry.engine_class(table, seed=seed)
    play_bots(
        game, bots_for(table, BOTS[name].make_bot, seed=seed), max_moves=moves, on_move=on_move
    )
    return game
