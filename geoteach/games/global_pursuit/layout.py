"""The playing surface: map cards laid edge to edge in the plane, and the matching rules.

A map card is a regular pentagon of edge 1. A card on the table is its id, its face on the
globe (``dodecahedron``), the position of its centre and its ``turn``: the direction of its
corner 0, in steps of 36°, so that corner ``k`` points at ``90° + 36°·turn + 72°·k`` (counter-
clockwise, as on the card). Two cards that share a whole edge always differ by an odd number of
steps, so every card on the table has one of ten turns and no rounding creeps in.

A placement puts edge ``card_edge`` of a card from the hand against one open edge of a card on
the table. Where the new card lands does not depend on which of its edges is used (a regular
pentagon reflected across an edge), only its turn does; so the table has *slots*, and each slot
knows which edges of cards already down it would touch.

Rules (from "Matching MAP CARDS"; house rules where the rulebook is silent):

* A match is correct when **every** edge the card touches joins the card's true neighbour on
  the globe across that edge, at that neighbour's own edge (``dodecahedron.neighbour``). The
  right neighbour at the wrong edge is a mismatch: the map would be turned.
* Touching another card only at a corner is neither a match nor a mismatch: corners are ignored
  ("Matching only the points of MAP CARDS is not allowed").
* An edge that lies along part of another card's edge (shifted along it), however short the
  contact, is a touching edge too, and it can never match: the map would not go on across it.
  Contacts are found from the corners of the cards themselves (edges on one line, overlapping
  by more than ``TOLERANCE``), not from where a card "should" be, so no contact is missed.
* With four maps, a card may touch only cards of its own set.
* Overlapping another card is impossible, and so is a card that would fall off a bounded table
  (``bounds``): those placements are refused, they are not mismatches.
* Coordinates are compared with a tolerance of ``TOLERANCE`` card edges; overlaps less deep
  than ``TOLERANCE`` are rounding, not overlaps.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from functools import cache
from typing import Any, TypedDict

import numpy as np
import shapely

from geoteach.games.global_pursuit.dodecahedron import (
    FACES,
    corner_angle,
    is_polar,
    neighbour,
)
from geoteach.i18n import N_

#: The four sets of map cards, in the rulebook's order.
SETS: tuple[str, ...] = ("people_places", "planet_earth", "historic_happenings", "people_products")
#: What each set is called on the box.
SET_NAMES: dict[str, str] = {
    "people_places": N_("People and Places"),
    "planet_earth": N_("Planet Earth"),
    "historic_happenings": N_("Historic Happenings"),
    "people_products": N_("People and Products"),
}
#: Distance from a card's centre to an edge's middle, and to a corner (edge length 1).
APOTHEM = 1.0 / (2.0 * math.tan(math.pi / 5.0))
CIRCUMRADIUS = 1.0 / (2.0 * math.sin(math.pi / 5.0))
#: Lengths and areas smaller than this (in card edges) are rounding noise.
TOLERANCE = 1e-6
_KEY_DIGITS = 4


def card_name(card: str) -> str:
    """How a person names a map card: "Planet Earth card 8" (numbered 1-12, as printed)."""
    set_name, face = parse_card(card)
    return f"{SET_NAMES[set_name]} card {face + 1}"


def card_id(set_name: str, face: int) -> str:
    """The id of a map card: ``"planet_earth:7"``."""
    if set_name not in SETS:
        raise ValueError(f"There is no set of map cards called {set_name!r}.")
    if face not in FACES:
        raise ValueError(f"A map card's face is 0 to 11, not {face!r}.")
    return f"{set_name}:{face}"


def parse_card(card: str) -> tuple[str, int]:
    """``"planet_earth:7"`` -> ``("planet_earth", 7)``."""
    set_name, _, face = str(card).partition(":")
    if set_name not in SETS or not face.isdigit() or int(face) not in FACES:
        raise ValueError(f"{card!r} is not a map card.")
    return set_name, int(face)


def all_cards(sets: tuple[str, ...] = SETS) -> list[str]:
    """Every map card of ``sets``: 12 per set, 48 in the box."""
    return [card_id(s, f) for s in sets for f in FACES]


def corners(x: float, y: float, turn: int) -> list[tuple[float, float]]:
    """The five corners of a card on the table, in the card's own order (counter-clockwise)."""
    out = []
    for k in range(5):
        a = math.radians(90.0 + 36.0 * turn + 72.0 * k)
        out.append((x + CIRCUMRADIUS * math.cos(a), y + CIRCUMRADIUS * math.sin(a)))
    return out


def edge_direction(turn: int, edge: int) -> float:
    """Angle (degrees) from a card's centre to the middle of its ``edge``."""
    return 126.0 + 36.0 * turn + 72.0 * edge


def across(x: float, y: float, turn: int, edge: int) -> tuple[float, float]:
    """Centre of a card laid against ``edge``: the card's centre mirrored across that edge."""
    a = math.radians(edge_direction(turn, edge))
    return x + 2.0 * APOTHEM * math.cos(a), y + 2.0 * APOTHEM * math.sin(a)


def turn_after(turn: int, edge: int, card_edge: int) -> int:
    """Turn of a card whose ``card_edge`` lies against ``edge`` of a card turned ``turn``."""
    return (turn + 5 + 2 * (edge - card_edge)) % 10


@cache
def upright_turn(face: int) -> int:
    """The turn that shows a card with its north up (the nearest of the ten)."""
    return round((corner_angle(face) - 90.0) / 36.0) % 10


def card_angle(face: int, turn: int) -> float:
    """Degrees to turn a card drawing (card coordinates, ``face_polygon_xy``) to lie at ``turn``.

    Turn by this angle about the card's centre, then move the centre to the card's place.
    """
    return 90.0 + 36.0 * turn - corner_angle(face)


def to_table(face: int, x: float, y: float, turn: int, points: np.ndarray) -> np.ndarray:
    """Card coordinates of ``points`` (n x 2) -> where they lie on the table."""
    a = math.radians(card_angle(face, turn))
    rot = np.array([[math.cos(a), -math.sin(a)], [math.sin(a), math.cos(a)]])
    return np.asarray(np.asarray(points, dtype=float) @ rot.T + [x, y])


def _key(x: float, y: float) -> tuple[float, float]:
    return (round(x, _KEY_DIGITS) + 0.0, round(y, _KEY_DIGITS) + 0.0)


def _unit_normals(shapes: np.ndarray) -> np.ndarray:
    """A unit vector across each edge of each card (corners on the last-but-one axis)."""
    along = np.roll(shapes, -1, axis=-2) - shapes
    normals = np.stack([-along[..., 1], along[..., 0]], axis=-1)
    return np.asarray(normals / np.linalg.norm(normals, axis=-1, keepdims=True))


def overlapping(card: np.ndarray, others: np.ndarray) -> np.ndarray:
    """For each of ``others`` (n x 5 x 2 corners), whether it and ``card`` (5 x 2) overlap by
    more than a line: on every edge direction of either card, their shadows overlap by more
    than ``TOLERANCE`` (two convex shapes are apart exactly when one such direction separates
    them)."""
    theirs = _unit_normals(others)
    axes = np.concatenate([np.broadcast_to(_unit_normals(card), theirs.shape), theirs], axis=1)
    mine = np.einsum("kj,naj->nka", card, axes)
    seen = np.einsum("nkj,naj->nka", others, axes)
    depth = np.minimum(mine.max(axis=1), seen.max(axis=1)) - np.maximum(
        mine.min(axis=1), seen.min(axis=1)
    )
    return np.asarray((depth > TOLERANCE).all(axis=1))


def edge_contacts(card: np.ndarray, others: np.ndarray) -> list[tuple[int, int, int, float]]:
    """Edges of ``card`` (5 x 2 corners, counter-clockwise) that lie along edges of ``others``
    (n x 5 x 2): ``(which other, edge of card, edge of other, length they share)`` for every
    pair that shares more than a point."""
    pa, qa = card[None, :, None, :], np.roll(card, -1, axis=0)[None, :, None, :]
    pb, qb = others[:, None, :, :], np.roll(others, -1, axis=1)[:, None, :, :]
    along = qa - pa
    length = np.linalg.norm(along, axis=-1)
    along = along / length[..., None]
    normal = np.stack([-along[..., 1], along[..., 0]], axis=-1)
    # Both ends of the other edge on the line of the card's edge, and their stretches overlapping.
    on_line = (np.abs(((pb - pa) * normal).sum(-1)) < TOLERANCE) & (
        np.abs(((qb - pa) * normal).sum(-1)) < TOLERANCE
    )
    t1, t2 = ((pb - pa) * along).sum(-1), ((qb - pa) * along).sum(-1)
    shared = np.minimum(np.maximum(t1, t2), length) - np.maximum(np.minimum(t1, t2), 0.0)
    hits = np.argwhere(on_line & (shared > TOLERANCE))
    return [(int(n), int(i), int(j), float(shared[n, i, j])) for n, i, j in hits]


@dataclass(frozen=True)
class Contact:
    """An edge of the new card (``card_edge`` counted for ``card_edge`` 0, see ``Slot``) lying
    along ``edge`` of the card ``index`` on the table: the whole edge, or only part of it."""

    slot_edge: int
    index: int
    edge: int


@dataclass(frozen=True)
class Slot:
    """A place on the table where a card can be laid, seen from one open edge.

    ``turn0`` is the turn of a card laid there with its edge 0 against the open edge; laid with
    edge ``j``, its edge ``m`` lies where the slot's edge ``m - j`` is.
    """

    x: float
    y: float
    turn0: int
    contacts: tuple[Contact, ...]
    partial: tuple[Contact, ...]
    problem: str = ""

    @property
    def fits(self) -> bool:
        return not self.problem


@dataclass(frozen=True)
class Judgement:
    """Whether a placement matches: every touched edge, and what is wrong if not."""

    correct: bool
    joined: tuple[int, ...]
    wrong: tuple[str, ...] = ()
    same_set: bool = False
    #: The same reasons as their English sentences and values (a card by its id), for each
    #: page to say in its own language; ``wrong`` is their English, for the record.
    reasons: tuple[dict[str, Any], ...] = ()


class LaidCard(TypedDict):
    """A card on the table: its id, where its centre lies, and its turn (0-9, tenths of a
    full turn)."""

    card: str
    x: float
    y: float
    turn: int


@dataclass
class Layout:
    """The cards on the table (a list of plain dicts, as the game saves them) and the rules.

    ``cards`` holds ``{"card": id, "x": .., "y": .., "turn": ..}``; ``bounds`` is
    ``(xmin, ymin, xmax, ymax)`` in card edges, or None for a table as big as needed.
    """

    cards: list[LaidCard] = field(default_factory=list)
    bounds: tuple[float, float, float, float] | None = None

    def __post_init__(self) -> None:
        self._index: dict[tuple[float, float], int] = {}
        self._corners = np.zeros((0, 5, 2))
        self._polygons: list[shapely.Polygon] = []
        self._centres = np.zeros((0, 2))
        self._faces: list[tuple[str, int]] = []
        for card in self.cards:
            self._remember(card)

    def _remember(self, card: LaidCard) -> None:
        self._index[_key(card["x"], card["y"])] = len(self._polygons)
        shape = np.array(corners(card["x"], card["y"], card["turn"]))
        self._corners = np.concatenate([self._corners, shape[None]])
        self._polygons.append(shapely.Polygon(shape))
        self._centres = np.vstack([self._centres, [card["x"], card["y"]]])
        self._faces.append(parse_card(card["card"]))

    def __len__(self) -> int:
        return len(self.cards)

    def face(self, index: int) -> int:
        return self._faces[index][1]

    def set_of(self, index: int) -> str:
        return self._faces[index][0]

    def polygon(self, index: int) -> shapely.Polygon:
        return self._polygons[index]

    def at(self, x: float, y: float) -> int | None:
        """The card whose centre is at (x, y), if any."""
        return self._index.get(_key(x, y))

    # ----- putting cards down ----------------------------------------------------------
    def put(self, card: str, x: float, y: float, turn: int) -> int:
        """Lay ``card`` at (x, y) without any check (the beginning cards); returns its index."""
        entry: LaidCard = {"card": card, "x": float(x), "y": float(y), "turn": int(turn) % 10}
        self.cards.append(entry)
        self._remember(entry)
        return len(self.cards) - 1

    def remove_last(self) -> LaidCard:
        """Take the last card back (a mismatch caught by a challenge)."""
        entry = self.cards.pop()
        del self._index[_key(entry["x"], entry["y"])]
        self._corners = self._corners[:-1]
        self._polygons.pop()
        self._faces.pop()
        self._centres = self._centres[:-1]
        return entry

    def place(self, card: str, index: int, edge: int, card_edge: int) -> int:
        """Lay ``card`` with ``card_edge`` against ``edge`` of card ``index``; returns its index.

        Raises ``ValueError`` (with a reason for the player) if it cannot be put there at all.
        """
        slot = self.slot(index, edge)
        if not slot.fits:
            raise ValueError(slot.problem)
        parse_card(card)
        if card_edge not in range(5):
            raise ValueError("A card has five edges, numbered 0 to 4.")
        return self.put(card, slot.x, slot.y, (slot.turn0 - 2 * card_edge) % 10)

    # ----- the rules ---------------------------------------------------------------------
    def open_edges(self) -> list[tuple[int, int]]:
        """Every (card index, edge) with no card across it, in table order."""
        out = []
        for i, card in enumerate(self.cards):
            for e in range(5):
                if self.at(*across(card["x"], card["y"], card["turn"], e)) is None:
                    out.append((i, e))
        return out

    def slot(self, index: int, edge: int) -> Slot:
        """The place across ``edge`` of card ``index``: where it is, what it touches, if it fits."""
        if not 0 <= index < len(self.cards):
            raise ValueError(f"There is no card number {index} on the table.")
        if edge not in range(5):
            raise ValueError("A card has five edges, numbered 0 to 4.")
        anchor = self.cards[index]
        x, y = across(anchor["x"], anchor["y"], anchor["turn"], edge)
        turn0 = (anchor["turn"] + 5 + 2 * edge) % 10
        if self.at(x, y) is not None:
            return Slot(x, y, turn0, (), (), "There is already a card there.")
        card = np.array(corners(x, y, turn0))
        contacts, partial, overlaps = self._touching(card, x, y)
        problem = N_("That card would lie on top of another card.") if overlaps else ""
        if not problem and self.bounds is not None:
            xmin, ymin, xmax, ymax = self.bounds
            low, high = card.min(axis=0), card.max(axis=0)
            if min(low[0] - xmin, low[1] - ymin, xmax - high[0], ymax - high[1]) < -TOLERANCE:
                problem = N_("That card would fall off the edge of the table.")
        return Slot(x, y, turn0, contacts, partial, problem)

    def _touching(
        self, card: np.ndarray, x: float, y: float, skip: int | None = None
    ) -> tuple[tuple[Contact, ...], tuple[Contact, ...], bool]:
        """What a card with ``card`` corners (centre x, y) touches: whole edges, parts of
        edges, and whether it would overlap a card (``skip``: the card itself, if laid)."""
        contacts: list[Contact] = []
        partial: list[Contact] = []
        near = np.flatnonzero(
            np.hypot(*(self._centres - [x, y]).T) < 2.0 * CIRCUMRADIUS + TOLERANCE
        )
        near = near[near != skip] if skip is not None else near
        if not len(near):
            return (), (), False
        others = self._corners[near]
        if overlapping(card, others).any():
            return (), (), True
        for n, k, e, length in edge_contacts(card, others):
            touched = Contact(k, int(near[n]), e)
            (contacts if length > 1 - TOLERANCE else partial).append(touched)
        return tuple(contacts), tuple(partial), False

    def judge(
        self, card: str, index: int, edge: int, card_edge: int, own_set_only: bool = False
    ) -> Judgement:
        """Would ``card`` laid with ``card_edge`` against (``index``, ``edge``) match correctly?"""
        parse_card(card)
        slot = self.slot(index, edge)

        def turned(contacts: tuple[Contact, ...]) -> list[Contact]:
            return [Contact((c.slot_edge + card_edge) % 5, c.index, c.edge) for c in contacts]

        return self._verdict(card, turned(slot.contacts), turned(slot.partial), own_set_only)

    def touching_laid(self, index: int) -> tuple[tuple[Contact, ...], tuple[Contact, ...]]:
        """The edges the card ``index`` touches where it lies: whole ones and parts of edges
        (its own edge numbers in ``slot_edge``)."""
        card = self.cards[index]
        contacts, partial, _ = self._touching(
            self._corners[index], card["x"], card["y"], skip=index
        )
        return contacts, partial

    def judge_laid(self, index: int, own_set_only: bool = False) -> Judgement:
        """Does the card ``index``, where it lies, match every card it touches?"""
        contacts, partial = self.touching_laid(index)
        return self._verdict(self.cards[index]["card"], list(contacts), list(partial), own_set_only)

    def _verdict(
        self, card: str, contacts: list[Contact], partial: list[Contact], own_set_only: bool
    ) -> Judgement:
        """Judge every touching edge: ``contacts`` and ``partial`` name the card's own edges
        (``slot_edge``). Numbers in the reasons are the ones people see (cards 1-12, edges 1-5).
        """
        set_name, face = parse_card(card)
        reasons: list[dict[str, Any]] = []
        same_set = False
        for contact in contacts:
            m = contact.slot_edge
            there = (self.face(contact.index), contact.edge)
            other_set = self.set_of(contact.index)
            other = self.cards[contact.index]["card"]
            same_set = same_set or other_set == set_name
            if neighbour(face, m) != there:
                text = N_("edge {mine} of the card does not join edge {theirs} of {card}")
                values = {"mine": m + 1, "theirs": there[1] + 1, "card": other}
                reasons.append({"text": text, "values": values})
            elif own_set_only and other_set != set_name:
                reasons.append(
                    {"text": N_("{card} belongs to another map"), "values": {"card": other}}
                )
        for contact in partial:
            text = N_(
                "edge {mine} of the card only partly touches edge {theirs} of {card}, so the map "
                "cannot go on across it"
            )
            values = {
                "mine": contact.slot_edge + 1,
                "theirs": contact.edge + 1,
                "card": self.cards[contact.index]["card"],
            }
            reasons.append({"text": text, "values": values})
        wrong = tuple(
            r["text"].format(**{**r["values"], "card": card_name(r["values"]["card"])})
            for r in reasons
        )
        joined = tuple(dict.fromkeys(c.index for c in contacts))
        return Judgement(not wrong, joined, wrong, same_set, tuple(reasons))

    def correct_placements(
        self, card: str, own_set_only: bool = False
    ) -> list[tuple[int, int, int]]:
        """Every (index, edge, card_edge) where ``card`` fits and matches correctly."""
        out = []
        _, face = parse_card(card)
        for index, edge in self.open_edges():
            # Only a true neighbour of the anchor can match: skip the other eleven faces early.
            want = neighbour(self.face(index), edge)
            if want[0] != face:
                continue
            slot = self.slot(index, edge)
            if slot.fits and self.judge(card, index, edge, want[1], own_set_only).correct:
                out.append((index, edge, want[1]))
        return out

    def free_slots(self) -> list[tuple[int, int]]:
        """Open edges where a card would fit (not on another card, not off the table)."""
        return [(i, e) for i, e in self.open_edges() if self.slot(i, e).fits]

    def free_places(self) -> list[tuple[tuple[int, int], Slot]]:
        """Each place where a card would fit, once, with the first open edge that faces it:
        ``(index, edge)`` and its slot. Two open edges facing one place (a notch between two
        cards) allow the same five ways to lay a card there."""
        seen: set[tuple[float, float]] = set()
        places = []
        for index, edge in self.open_edges():
            slot = self.slot(index, edge)
            if slot.fits and _key(slot.x, slot.y) not in seen:
                seen.add(_key(slot.x, slot.y))
                places.append(((index, edge), slot))
        return places


def lay_out_set(set_name: str) -> Layout:
    """One set laid out as the rulebook suggests: the six Equator cards, then the six polar ones.

    The Equator cards go down as a chain (each next to one it borders); each polar card then
    goes to the first place where it matches every edge it touches.
    """
    equator = [f for f in FACES if not is_polar(f)]
    polar = [f for f in FACES if is_polar(f)]
    layout = Layout()
    first = equator[0]
    layout.put(card_id(set_name, first), 0.0, 0.0, upright_turn(first))
    order = [first]
    left = [f for f in equator if f != first]
    while left:  # walk the Equator belt: the next card borders the last one laid
        last = order[-1]
        nxt = next(f for f in left if any(neighbour(last, e)[0] == f for e in range(5)))
        order.append(nxt)
        left.remove(nxt)
    for face in order[1:] + polar:
        card = card_id(set_name, face)
        places = layout.correct_placements(card)
        if places:
            layout.place(card, *places[0])
    return layout
