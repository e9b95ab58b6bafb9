"""Stage 3, Play the Ranks: who wins a trick, who wins the stage, and what it is worth.

Ranks run from 1 (best) to 50: Alaska is 1st in size, Delaware 1st in statehood, California
1st in population. Two different states never share a rank in one category; if a states table
ever had a tie, the leader would win the trick (a house rule: the rulebook cannot tie).
"""

from __future__ import annotations

from collections.abc import Sequence

from geoteach.games.geotriple.cards import CATEGORIES, PlungeCard

HAND_SIZE = 8
DISCARDS = 2
TRICKS = HAND_SIZE - DISCARDS


def trick_winner(lead: PlungeCard, follow: PlungeCard, category: str) -> str:
    """ "lead" or "follow": the card with the better (lower) rank in the named category wins."""
    if category not in CATEGORIES:
        raise ValueError(f"Pick Size, Statehood or Population, not {category!r}.")
    return "follow" if follow.rank(category) < lead.rank(category) else "lead"


def stage_winner(trick_winners: Sequence[int]) -> int:
    """The seat that wins Stage 3 from the winners of the six tricks, in order.

    At least 4 tricks win; at 3-3 the winner of the last trick wins.
    """
    if len(trick_winners) != TRICKS:
        raise ValueError(f"Stage 3 has {TRICKS} tricks, not {len(trick_winners)}.")
    won = [list(trick_winners).count(seat) for seat in (0, 1)]
    if won[0] != won[1]:
        return 0 if won[0] > won[1] else 1
    return trick_winners[-1]


def stage_points(geoplunging: Sequence[bool]) -> int:
    """Points for the Stage 3 winner: 5, 10 if either player GeoPlunges, 20 if both do."""
    count = sum(bool(g) for g in geoplunging)
    return (5, 10, 20)[count]
