"""Each game's computer players, by the game's key in ``geoteach.games.registry``.

The games layer lists the games and their engines; each layer above lists its own part of a
game (this one: the bots; ``geoteach.ui.registry`` the screens, ``geoteach.lessons.registry``
the handouts), so no layer names one above it, even as a dotted path (``tests/test_layers.py``).
Paths are ``"module:name"``, imported only when asked for.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from types import MappingProxyType
from typing import Any

from geoteach._lazy import load


@dataclass(frozen=True)
class BotEntry:
    """Where a game's bot lives, and what plays a game between bots (``play_bots`` unless
    the game needs its own order, as GeoTriple's race does)."""

    #: The game's key in ``geoteach.games.registry``.
    key: str
    #: ``make_bot(level, seed) -> Bot``, the computer players' factory (``bots_for`` takes it).
    bot: str
    #: ``play(game, bots, max_moves=...)``: how computer players play a whole game.
    play: str = "geoteach.bots.base:play_bots"

    @property
    def make_bot(self) -> Callable[..., Any]:
        """``make_bot(level, seed) -> Bot``, the factory ``bots_for`` expects."""
        return load(self.bot)

    def paths(self) -> dict[str, str]:
        return {"bot": self.bot, "play": self.play}


BOTS: Mapping[str, BotEntry] = MappingProxyType(
    {
        entry.key: entry
        for entry in (
            BotEntry("globalissimo", "geoteach.bots.globalissimo:make_bot"),
            BotEntry(
                "geotriple", "geoteach.bots.geotriple:make_bot", "geoteach.bots.geotriple:play_game"
            ),
            BotEntry("global_pursuit", "geoteach.bots.global_pursuit:make_bot"),
            BotEntry("geography_pursuit", "geoteach.bots.pursuit:make_bot"),
            BotEntry("globe_works", "geoteach.bots.globe_works:make_bot"),
        )
    }
)
