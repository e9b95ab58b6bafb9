"""Networks and the scoring table, as pure functions on region codes.

A **network** of one icon is a set of played regional cities of that icon, belonging to one
player (or to one partnership), whose regions are joined through open linking cities: two
regions are joined when one linking card at the north edge shows both their colours, and a
network is a connected component of the regions held under that relation. Regions joined only
through a region the player does not hold are *not* in the same network: a chain needs every
link. Linking cities themselves never score. Each network scores ``SCORE_TABLE[size]``, where
``size`` counts its cards (the table's "Cards in a Network"): a region listed twice, both
partners' copies of a duplicate, counts twice, and a network of more than 12 cards (possible
only that way) scores as 12.
"""

from __future__ import annotations

from collections.abc import Collection, Iterable, Sequence
from functools import lru_cache

#: The rulebook's table: cards in a network -> points.
SCORE_TABLE: dict[int, int] = {
    1: 0,
    2: -20,
    3: 4,
    4: 8,
    5: 16,
    6: 30,
    7: 60,
    8: 120,
    9: 250,
    10: 500,
    11: 1000,
    12: 2000,
}


def network_points(size: int) -> int:
    """Points for one network of ``size`` regional cities (0 for an empty one)."""
    if size == 0:
        return 0
    if size not in SCORE_TABLE:
        raise ValueError(f"A network holds 1 to 12 cities, not {size}.")
    return SCORE_TABLE[size]


def joined_pairs(open_links: Iterable[Collection[str]]) -> set[frozenset[str]]:
    """Pairs of regions joined by one open linking card (each card lists its regions)."""
    return set(_pairs(tuple(tuple(link) for link in open_links)))


@lru_cache(maxsize=256)
def _pairs(open_links: tuple[tuple[str, ...], ...]) -> frozenset[frozenset[str]]:
    # The north edge changes a few times a round and is scored thousands of times (every
    # view, every position a bot weighs): its pairs are worked out once per edge.
    pairs: set[frozenset[str]] = set()
    for link in open_links:
        codes = sorted(set(link))
        for i, a in enumerate(codes):
            for b in codes[i + 1 :]:
                pairs.add(frozenset((a, b)))
    return frozenset(pairs)


def networks(regions: Iterable[str], open_links: Iterable[Collection[str]]) -> list[set[str]]:
    """The networks (connected groups of regions) of one icon, largest first."""
    held = set(regions)
    pairs = _pairs(tuple(tuple(link) for link in open_links))
    groups: list[set[str]] = []
    todo = sorted(held)
    seen: set[str] = set()
    for start in todo:
        if start in seen:
            continue
        group, stack = {start}, [start]
        while stack:
            here = stack.pop()
            for other in held - group:
                if frozenset((here, other)) in pairs:
                    group.add(other)
                    stack.append(other)
        seen |= group
        groups.append(group)
    return sorted(groups, key=lambda g: (-len(g), sorted(g)))


#: The largest network the table scores; a bigger one (partners' duplicates) scores as this.
MAX_NETWORK = max(SCORE_TABLE)


def points_for_cards(count: int) -> int:
    """Points of one network of ``count`` cards, as the table says; more than 12 cards (both
    partners' copies of a duplicate) score as 12."""
    return network_points(min(count, MAX_NETWORK))


def network_score(regions: Iterable[str], open_links: Iterable[Collection[str]]) -> int:
    """Points of all networks of one icon, one region code per card played.

    Every card counts: in a partnership both partners' copies of a duplicate count (the
    rulebook: "both partners can play duplicates in their individual hands and gain points").
    """
    cards = list(regions)
    total = 0
    for group in networks(cards, open_links):
        size = sum(region in group for region in cards)
        total += points_for_cards(size)
    return total


def hand_pairs(
    hand_regions: Sequence[str], open_links: Iterable[Collection[str]]
) -> list[tuple[int, int]]:
    """The disjoint pairs the unplayed cards of one icon form in a hand, as index pairs.

    Two cards pair when they are the same region (both copies of a duplicate) or their regions
    are joined by an open linking card. A maximum matching, so the order of the hand does not
    change how many pairs there are.
    """
    pairs = joined_pairs(open_links)
    cards = list(hand_regions)

    def fits(a: int, b: int) -> bool:
        return cards[a] == cards[b] or frozenset((cards[a], cards[b])) in pairs

    def best(rest: list[int]) -> list[tuple[int, int]]:
        if len(rest) < 2:
            return []
        first, others = rest[0], rest[1:]
        top = best(others)
        for i, other in enumerate(others):
            if fits(first, other):
                found = [(first, other), *best(others[:i] + others[i + 1 :])]
                if len(found) > len(top):
                    top = found
        return top

    return best(list(range(len(cards))))


def unplayed_pairs(hand_regions: Sequence[str], open_links: Iterable[Collection[str]]) -> int:
    """How many disjoint pairs the unplayed cards of one icon form in a hand (see
    ``hand_pairs``)."""
    return len(hand_pairs(hand_regions, open_links))


def encircles(open_links: Iterable[Collection[str]], all_regions: Collection[str]) -> bool:
    """True when the links join every region into one network: the world is encircled."""
    return len(networks(all_regions, open_links)) == 1
