"""Each game's screen, by the game's key in ``geoteach.games.registry``.

The screen's builder and what the student app prepares while its set-up screen is filled in
(``warm_up``); the games layer keeps the engine's facts, ``geoteach.bots.registry`` the bots
and ``geoteach.lessons.registry`` the handouts (see ``tests/test_layers.py``). Paths are
``"module:name"``, imported only when asked for: the set-up screen reads this before anything
heavy.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from types import MappingProxyType
from typing import Any

from geoteach._lazy import load


@dataclass(frozen=True)
class ScreenEntry:
    """Where a game's screen lives, and its app's slow preparations (or None)."""

    #: The game's key in ``geoteach.games.registry``.
    key: str
    #: ``build_screen(table, values) -> Screen``: the student app's game screen.
    screen: str
    #: Slow work (loading questions) started while the set-up screen is filled in, or None.
    prepare: str | None = None

    @property
    def build_screen(self) -> Callable[..., Any]:
        return load(self.screen)

    @property
    def new_game(self) -> Callable[..., Any]:
        """``new_game(table, values) -> Game``: the game the set-up screen's choices describe
        (a class game opens its room with it), beside ``build_screen`` in the screen's module."""
        return load(self.screen.rpartition(":")[0] + ":new_game")

    def paths(self) -> dict[str, str]:
        found = {"screen": self.screen}
        if self.prepare is not None:
            found["prepare"] = self.prepare
        return found


SCREENS: Mapping[str, ScreenEntry] = MappingProxyType(
    {
        entry.key: entry
        for entry in (
            ScreenEntry("globalissimo", "geoteach.ui.globalissimo:build_screen"),
            ScreenEntry("geotriple", "geoteach.ui.geotriple:build_screen"),
            ScreenEntry(
                "global_pursuit",
                "geoteach.ui.global_pursuit:build_screen",
                "geoteach.ui.global_pursuit.app:prepare",
            ),
            ScreenEntry(
                "geography_pursuit",
                "geoteach.ui.pursuit:build_screen",
                "geoteach.games.geography_pursuit.questions:prepare",
            ),
            ScreenEntry("globe_works", "geoteach.ui.globe_works:build_screen"),
        )
    }
)
