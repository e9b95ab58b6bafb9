"""Stage 2, Race for Borders: winning groups of three and the GeoPlunge solver.

A *group* is three cards in which one state borders the other two (it may border both of them
and they may also border each other). A *GeoPlunge* is two groups with no card in common. These
are pure functions of a hand and the border map, so the engine, the bots, the benchmark and the
"show me a solution" button all agree.

House rule (the rulebook only says "borders"): two states border each other when they share a
border line on land, rivers included: the ``neighbours`` of ``geoteach.data.us_states()``.
States that meet only at a corner (``CORNER_ONLY``, the Four Corners) or only in a lake or the
sea (``WATER_ONLY``) are not neighbours here, and a refused claim says so in those words.

The sentences are in English (what the engine keeps in its state, the same whatever a page
speaks); a screen passes ``say=geoteach.i18n._`` and the states' names in its language to have
them in the page's language.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from itertools import combinations

from geoteach.data import usa
from geoteach.i18n import N_

Neighbours = Mapping[str, frozenset[str]]
Group = tuple[str, str, str]
GeoPlunge = tuple[Group, Group]

#: The border rule in the words the game shows players.
BORDER_RULE = N_(
    "A border counts when two states share a line on land or along a river. States that meet "
    "only at a corner (the Four Corners) or only in a lake or the sea do not count here."
)

#: States that meet only at a corner (the Four Corners) or only in water (with the water's
#: name): kept with the U.S. data, which the question cards read too (issue 36).
CORNER_ONLY = usa.CORNER_ONLY
WATER_ONLY = usa.WATER_ONLY
#: The waters of ``WATER_ONLY``, marked for the catalogs (a screen says them in its language).
WATER_WORDS = (N_("Lake Michigan"), N_("Lake Superior"), N_("Block Island Sound"))


def _english(text: str) -> str:
    return text


def borders(a: str, b: str, neighbours: Neighbours) -> bool:
    """True when states ``a`` and ``b`` share a border line."""
    return b in neighbours.get(a, frozenset())


def hub_of(group: Sequence[str], neighbours: Neighbours) -> str | None:
    """The state of the group that borders the other two, or None if there is none."""
    for i, hub in enumerate(group):
        others = [s for j, s in enumerate(group) if j != i]
        if all(borders(hub, s, neighbours) for s in others):
            return hub
    return None


def missing_borders(group: Sequence[str], neighbours: Neighbours) -> list[tuple[str, str]]:
    """The pairs of the group that do not share a border (why a group is not a winner)."""
    return [(a, b) for a, b in combinations(group, 2) if not borders(a, b, neighbours)]


def why_not_neighbours(
    a: str,
    b: str,
    names: Mapping[str, str] | None = None,
    say: Callable[[str], str] = _english,
) -> str:
    """Why two states that are not neighbours here are not, in words for the player:
    "Arizona and Colorado meet only at a corner, which does not count here" (``say``
    translates a sentence: English by default)."""
    name = (names or {}).get
    values = {"a": name(a, a), "b": name(b, b)}
    pair = frozenset({a, b})
    if pair in CORNER_ONLY:
        return say(N_("{a} and {b} meet only at a corner, which does not count here")).format(
            **values
        )
    if pair in WATER_ONLY:
        return say(
            N_("{a} and {b} meet only in the water of {water}, which does not count here")
        ).format(water=say(WATER_ONLY[pair]), **values)
    return say(N_("{a} and {b} do not touch")).format(**values)


def groups_in(hand: Iterable[str], neighbours: Neighbours) -> list[Group]:
    """Every winning group in ``hand``, each once, cards in sorted order."""
    cards = set(hand)
    found: set[Group] = set()
    for hub in cards:
        near = sorted(neighbours.get(hub, frozenset()) & cards)
        for a, b in combinations(near, 2):
            first, second, third = sorted((hub, a, b))
            found.add((first, second, third))
    return sorted(found)


def solutions(hand: Iterable[str], neighbours: Neighbours) -> list[GeoPlunge]:
    """Every GeoPlunge in ``hand``: unordered pairs of disjoint winning groups."""
    groups = groups_in(hand, neighbours)
    return [(g, h) for i, g in enumerate(groups) for h in groups[i + 1 :] if not set(g) & set(h)]


def find_solution(hand: Iterable[str], neighbours: Neighbours) -> GeoPlunge | None:
    """One GeoPlunge in ``hand`` (the first in sorted order), or None when there is none."""
    groups = groups_in(hand, neighbours)
    for i, g in enumerate(groups):
        for h in groups[i + 1 :]:
            if not set(g) & set(h):
                return (g, h)
    return None


def has_solution(hand: Iterable[str], neighbours: Neighbours) -> bool:
    """True when ``hand`` holds two disjoint winning groups."""
    return find_solution(hand, neighbours) is not None


def claim_problem(
    groups: Sequence[Sequence[str]],
    hand: Iterable[str],
    neighbours: Neighbours,
    names: Mapping[str, str] | None = None,
    say: Callable[[str], str] = _english,
) -> str | None:
    """Why a GeoPlunge claim fails, in words for the player, or None when it wins.

    The claim must be two groups of three different cards from ``hand``; each group needs one
    state that borders the other two. ``say`` translates a sentence (English by default).
    """
    name = (names or {}).get
    if len(groups) != 2 or any(len(g) != 3 for g in groups):
        return say(N_("A GeoPlunge is two groups of 3 cards."))
    cards = [c for g in groups for c in g]
    if len(set(cards)) != 6:
        return say(N_("You used the same card twice: the two groups need 6 different cards."))
    not_held = [c for c in cards if c not in set(hand)]
    if not_held:
        return say(N_("These cards are not in your hand: {states}")).format(
            states=", ".join(name(c, c) for c in not_held)
        )
    for number, group in enumerate(groups, start=1):
        if hub_of(group, neighbours) is None:
            pairs = missing_borders(group, neighbours)
            said = "; ".join(why_not_neighbours(a, b, names, say) for a, b in pairs)
            return say(
                N_("Group {number} does not work: no state in it borders both others ({why}).")
            ).format(number=number, why=said)
    return None
