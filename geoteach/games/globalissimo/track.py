"""The track around the board: runners, and the 14 hurdles they must answer a question to pass.

Where the hurdles stand (the rulebook gives their order, A, B, A, ... from "Start", but not
their spacing; the worked example fixes the first one):

* A runner on space ``s`` "faces" a hurdle standing at ``s``: it sits between spaces ``s`` and
  ``s + 1``. The rulebook's David has 2 points, scores 3, "can only move the runner 1 step
  before facing the hurdle" and stays on 3, so the first hurdle stands at space 3. Linda, on 3
  with 2 points, passes it and reaches 5, so nothing stands at space 4.
* After that one hurdle every second space, so all 14 are within reach of a 10-round game
  (at most 3 points a round, 30 in all):

  =====  ==  ==  ==  ==  ==  ==  ==  ==  ==  ==  ==  ==  ==  ==
  space   3   5   7   9  11  13  15  17  19  21  23  25  27  29
  kind    A   B   A   B   A   B   A   B   A   B   A   B   A   B
  =====  ==  ==  ==  ==  ==  ==  ==  ==  ==  ==  ==  ==  ==  ==

* The track has no finish line: a longer game (more rounds) runs on past space 30.
* A hurdle a player passes is theirs and leaves the track, so nobody else has to answer for it.
"""

from __future__ import annotations

from collections.abc import Collection
from dataclasses import dataclass
from typing import Literal, TypedDict

#: Spaces where the hurdles stand, from "Start" (space 0) on.
HURDLE_SPACES: tuple[int, ...] = tuple(range(3, 30, 2))
#: Hurdle A: point the country out on the world map. Hurdle B: name its capital.
HURDLE_KINDS: tuple[Literal["A", "B"], ...] = tuple(
    "B" if i % 2 else "A" for i in range(len(HURDLE_SPACES))
)
#: Spaces drawn on the track for a game of ``rounds`` rounds.
SPACES_PER_ROUND = 3


class Hurdle(TypedDict):
    """One hurdle on the track: where it stands, A or B, and who took it (None: standing)."""

    space: int
    kind: Literal["A", "B"]
    taken_by: int | None


def starting_hurdles() -> list[Hurdle]:
    """The 14 hurdles as set out before the first round (none taken yet)."""
    return [
        {"space": space, "kind": kind, "taken_by": None}
        for space, kind in zip(HURDLE_SPACES, HURDLE_KINDS, strict=True)
    ]


@dataclass(frozen=True)
class Run:
    """Where a runner got to: its space, the points it has left, whether a hurdle stops it."""

    space: int
    remaining: int
    facing_hurdle: bool


def run(space: int, points: int, hurdles: Collection[int]) -> Run:
    """Move a runner ``points`` steps from ``space``, stopping in front of a standing hurdle.

    ``hurdles`` are the spaces of the hurdles still on the track. A runner with no points left
    simply stops, even on a hurdle's space: it faces the hurdle only when it has steps to go.
    """
    while points > 0:
        if space in hurdles:
            return Run(space, points, True)
        space += 1
        points -= 1
    return Run(space, 0, False)


def track_length(rounds: int) -> int:
    """How many spaces to draw for a game of ``rounds`` rounds (every point fits)."""
    return max(HURDLE_SPACES[-1] + 1, SPACES_PER_ROUND * rounds)
