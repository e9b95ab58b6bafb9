"""The Geography Pursuit board: a hub, six spokes, a ring of 42 spaces, and where a roll can go.

Layout (categories are numbered 0..5 in the order the game lists them; all arithmetic mod 6):

* ``hub``: the hexagonal centre. Wild before six wedges, the final question after.
* Spoke ``k`` (``spoke{k}.{d}``, ``d`` = 1..5 spaces out from the hub) runs from the hub to the
  headquarters of category ``k``. Its space ``d`` out has category ``k + d``, so each spoke shows
  the five categories other than its own headquarters, and at every distance ``d`` the six
  spokes show all six categories (a Latin square, as the rulebook's notes require).
* The ring has 42 spaces ``ring0`` .. ``ring41`` clockwise. ``ring{7k}`` is the headquarters of
  category ``k``, six steps out from the hub. Between headquarters ``k`` and ``k + 1`` lie six
  spaces ``ring{7k + j}``, ``j`` = 1..6:

  ====  =========================  ==========================
  j     space                      steps from the hub
  ====  =========================  ==========================
  1     category ``k + 3``         7
  2     Roll again                 8
  3     category ``k + 5``         9
  4     category ``k + 2``         9
  5     Roll again                 8
  6     category ``k + 4``         7
  ====  =========================  ==========================

  So the ring has 6 headquarters, 12 Roll again spaces and 24 category spaces (each category
  four times); at 7 and at 9 steps from the hub every category appears twice, no category space
  sits next to the headquarters of its own colour, and no two neighbours share a colour.

A move goes exactly the rolled number of steps without visiting any space twice: that is "one
direction, never forward and back" (the shortest loop on the board is 19 steps, longer than
any roll, so a path that never repeats a space is exactly a path that never turns back).
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from typing import Literal

CATEGORIES = 6
SPOKE_LENGTH = 5
RING_SIZE = 42
#: Ring steps from one headquarters to the next.
RING_GAP = RING_SIZE // CATEGORIES
HUB = "hub"

Kind = Literal["hub", "headquarters", "category", "roll_again"]

#: Offset (mod 6) of the category on ring space ``7k + j`` from ``k``; ``None``: Roll again.
RING_PATTERN: dict[int, int | None] = {1: 3, 2: None, 3: 5, 4: 2, 5: None, 6: 4}


@dataclass(frozen=True)
class Space:
    """One space of the board and what landing on it means."""

    id: str
    kind: Kind
    #: Category index 0..5 (``None`` for the hub and Roll again spaces).
    category: int | None
    #: Fewest steps from the hub.
    distance: int
    #: Where it sits: ("hub", 0, 0), ("spoke", k, d) or ("ring", i, 0), for drawing.
    place: tuple[str, int, int]


def spoke_space(spoke: int, out: int) -> str:
    """Id of the space ``out`` steps along ``spoke`` from the hub (``out`` = 1..5)."""
    return f"spoke{spoke}.{out}"


def ring_space(index: int) -> str:
    """Id of ring space ``index`` (0..41, taken modulo 42)."""
    return f"ring{index % RING_SIZE}"


def headquarters(category: int) -> str:
    """Id of the headquarters of ``category`` (the end of spoke ``category``)."""
    return ring_space(RING_GAP * category)


def _build() -> tuple[dict[str, Space], dict[str, tuple[str, ...]]]:
    spaces: dict[str, Space] = {HUB: Space(HUB, "hub", None, 0, ("hub", 0, 0))}
    links: dict[str, list[str]] = {HUB: []}

    def link(a: str, b: str) -> None:
        links.setdefault(a, []).append(b)
        links.setdefault(b, []).append(a)

    for k in range(CATEGORIES):
        previous = HUB
        for d in range(1, SPOKE_LENGTH + 1):
            sid = spoke_space(k, d)
            spaces[sid] = Space(sid, "category", (k + d) % CATEGORIES, d, ("spoke", k, d))
            link(previous, sid)
            previous = sid
        link(previous, headquarters(k))
    for i in range(RING_SIZE):
        k, j = divmod(i, RING_GAP)
        sid = ring_space(i)
        if j == 0:
            spaces[sid] = Space(sid, "headquarters", k, SPOKE_LENGTH + 1, ("ring", i, 0))
        else:
            offset = RING_PATTERN[j]
            distance = SPOKE_LENGTH + 1 + min(j, RING_GAP - j)
            if offset is None:
                spaces[sid] = Space(sid, "roll_again", None, distance, ("ring", i, 0))
            else:
                category = (k + offset) % CATEGORIES
                spaces[sid] = Space(sid, "category", category, distance, ("ring", i, 0))
        link(sid, ring_space(i + 1))
    return spaces, {sid: tuple(n) for sid, n in links.items()}


#: Every space by id, and the spaces next to each one.
SPACES, NEIGHBOURS = _build()


def compute_destinations(start: str, roll: int) -> list[str]:
    """Every space exactly ``roll`` steps from ``start`` without turning back, sorted.

    Walks every path (depth first); the cached ``destinations`` is what the game calls.
    """
    if start not in SPACES:
        raise ValueError(f"There is no space called {start!r} on the board.")
    if not 1 <= roll <= 6:
        raise ValueError(f"A roll of the die is 1 to 6, not {roll}.")
    found: set[str] = set()
    path = [start]

    def walk(here: str, left: int) -> None:
        if left == 0:
            found.add(here)
            return
        for nxt in NEIGHBOURS[here]:
            if nxt not in path:
                path.append(nxt)
                walk(nxt, left - 1)
                path.pop()

    walk(start, roll)
    return sorted(found, key=_order)


@cache
def _destinations(start: str, roll: int) -> tuple[str, ...]:
    return tuple(compute_destinations(start, roll))


def destinations(start: str, roll: int) -> list[str]:
    """The legal destinations of a roll from ``start`` (cached: the board never changes)."""
    return list(_destinations(start, roll))


def _order(space: str) -> tuple[int, int, int]:
    kind, a, b = SPACES[space].place
    return ({"hub": 0, "spoke": 1, "ring": 2}[kind], a, b)


def category_at_distance(distance: int) -> list[int]:
    """Categories of the spaces ``distance`` steps from the hub (for tests and the docs)."""
    return sorted(
        s.category for s in SPACES.values() if s.distance == distance and s.category is not None
    )
