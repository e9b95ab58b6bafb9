"""Each game's handouts and discussion questions, by the game's key in
``geoteach.games.registry``.

The games layer keeps the engine's facts, ``geoteach.bots.registry`` the bots and
``geoteach.ui.registry`` the screens, so no layer names one above it, even as a dotted path
(``tests/test_layers.py``). Paths are ``"module:name"`` (or a module), imported only when
asked for.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from types import MappingProxyType


@dataclass(frozen=True)
class LessonEntry:
    """Where a game's handouts (a function listing them) and its discussion questions live."""

    key: str
    handouts: str
    lessons: str

    def paths(self) -> dict[str, str]:
        return {"handouts": self.handouts, "lessons": self.lessons}


LESSONS: Mapping[str, LessonEntry] = MappingProxyType(
    {
        entry.key: entry
        for entry in (
            LessonEntry(
                "globalissimo",
                "geoteach.lessons.globalissimo:handouts",
                "geoteach.lessons.globalissimo",
            ),
            LessonEntry(
                "geotriple", "geoteach.lessons.geotriple:handouts", "geoteach.lessons.geotriple"
            ),
            LessonEntry(
                "global_pursuit",
                "geoteach.lessons.global_pursuit:handouts",
                "geoteach.lessons.global_pursuit",
            ),
            LessonEntry(
                "geography_pursuit",
                "geoteach.lessons.geography_pursuit:handouts",
                "geoteach.lessons.geography_pursuit",
            ),
            LessonEntry(
                "globe_works",
                "geoteach.lessons.globe_works:handouts",
                "geoteach.lessons.globe_works",
            ),
        )
    }
)
