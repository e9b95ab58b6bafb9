"""Kinds of map a place is on: the world's countries and the U.S. states (others can follow).

A ``MapKind`` knows its places (their codes and names, from ``geoteach.data``), so it can tell
whether a code is one of them, and how its colour key is laid out. Which drawing shows a kind
is said by the drawing layer (``geoteach.render.place_maps.DRAWINGS``, by the kind's key): this
lowest layer names nothing above it, not even as a dotted path. The quiz files a question under its
places with it, the lesson report puts each place on its map, and the discussion questions and
the data explorer draw their maps through ``geoteach.render.place_maps``, which builds every
kind's map in one way.

Decisions:

* **A code belongs to the kind whose table lists it**, not to the kind its length suggests
  (today's two kinds have ISO3 and USPS codes, a third might not); a code no kind lists is on
  no map.
* **The key's place is part of the kind.** The U.S. map keeps a strip under the states for its
  key, so the key covers neither Florida nor Texas; the world's key sits over the South Pacific.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from functools import cache
from types import MappingProxyType
from typing import Any

from geoteach._lazy import load


@dataclass(frozen=True)
class MapKind:
    """One kind of map: its places and where its key goes."""

    #: Short name, as the lesson report's "map" column writes it ("world", "us").
    key: str
    #: What one place is called ("country", "state").
    place: str
    #: The places, as a heading says them ("countries", "U.S. states").
    places_word: str
    #: ``loader() -> DataFrame`` of the places: indexed by code, with a "name" column.
    table: str
    #: Where the colour key sits, in the map axes' fractions (x, y, width, height).
    key_box: tuple[float, float, float, float]
    #: The figure a map of this kind fills on a screen, in inches (its proportions).
    figsize: tuple[float, float]
    #: Share of a figure's height kept under the map for its colour key (0: the key is on it).
    key_strip: float = 0.0

    def places(self) -> Any:
        """The places' table (a copy: safe to change), indexed by code."""
        return load(self.table)()

    def codes(self) -> frozenset[str]:
        """Every code of a place on this map."""
        return _codes(self.table)

    def names(self) -> dict[str, str]:
        """Code -> name of every place on this map ("FRA" -> "France")."""
        return dict(_names(self.table))

    def holds(self, code: str) -> bool:
        """True when ``code`` is one of this map's places ("TX" on the U.S. map)."""
        return code in self.codes()


@cache
def _codes(table: str) -> frozenset[str]:
    return frozenset(str(code) for code in load(table)().index)


@cache
def _names(table: str) -> tuple[tuple[str, str], ...]:
    names = load(table)()["name"].astype(str)
    return tuple((str(code), name) for code, name in names.items())


#: The countries the games ask about (ISO3 codes), on the world map without its numbers.
WORLD = MapKind(
    key="world",
    place="country",
    places_word="countries",
    table="geoteach.data.world:countries",
    # Higher than the default, so its "no data" swatch (drawn under it) does not cover the
    # numbers of the colour bar.
    key_box=(0.62, 0.11, 0.34, 0.025),
    figsize=(10.0, 5.1),
)
#: The 50 states (USPS codes), Alaska and Hawaii in insets, with their abbreviations.
USA = MapKind(
    key="us",
    place="state",
    places_word="U.S. states",
    table="geoteach.data.usa:us_states",
    key_strip=0.1,
    # Below the map, in the strip kept for it (negative: under the axes).
    key_box=(0.6, -0.055, 0.36, 0.025),
    figsize=(8.0, 5.6),
)

#: Every kind of map, by key.
MAP_KINDS: Mapping[str, MapKind] = MappingProxyType({kind.key: kind for kind in (WORLD, USA)})


def map_kind(key: str | MapKind) -> MapKind:
    """The kind of map called ``key`` ("world", "us"); a ``MapKind`` is returned as it is."""
    if isinstance(key, MapKind):
        return key
    if key not in MAP_KINDS:
        names = " or ".join(repr(k) for k in MAP_KINDS)
        raise ValueError(f"There is no {key!r} map: the maps are {names}.")
    return MAP_KINDS[key]


def kind_of(code: str) -> MapKind | None:
    """The kind of map ``code`` is a place on ("FRA": the world, "TX": the U.S.), or None."""
    return next((kind for kind in MAP_KINDS.values() if kind.holds(code)), None)


@cache
def place_codes() -> frozenset[str]:
    """The codes of every place on every kind of map."""
    return frozenset().union(*(kind.codes() for kind in MAP_KINDS.values()))


def place_names() -> dict[str, str]:
    """Code -> name of every place on every kind of map."""
    return {code: name for kind in MAP_KINDS.values() for code, name in kind.names().items()}
