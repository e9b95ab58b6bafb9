"""The reveal: Olympic places and the points a rank guess earns (rulebook, "Additional Remarks")."""

from __future__ import annotations

from collections.abc import Sequence

#: Points for being off by 0, 1 or 2 places; further off scores nothing.
POINTS_BY_DISTANCE = (3, 2, 1)


def olympic_places(values: Sequence[float]) -> list[int]:
    """Place of each value, highest = 1; equal values share a place and the next stays empty.

    >>> olympic_places([5, 9, 9, 1])
    [3, 1, 1, 4]
    """
    return [1 + sum(other > value for other in values) for value in values]


def true_places(values: Sequence[float], rank1: str = "highest") -> list[int]:
    """Olympic places for a category whose place 1 is its ``"highest"`` or ``"lowest"`` value."""
    if rank1 not in ("highest", "lowest"):
        raise ValueError(f"A category ranks its 'highest' or 'lowest' value first, not {rank1!r}.")
    return olympic_places(values if rank1 == "highest" else [-v for v in values])


def score_rank_guess(guess: int, true_place: int) -> int:
    """Points for ranking a country ``guess`` when it really came ``true_place``: 3, 2, 1 or 0."""
    off = abs(int(guess) - int(true_place))
    return POINTS_BY_DISTANCE[off] if off < len(POINTS_BY_DISTANCE) else 0
