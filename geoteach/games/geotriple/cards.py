"""The 50 GeoPlunge cards: one U.S. state each, with the facts the three stages ask about.

The engine turns the states table (``geoteach.data.us_states()``, or its kept plain rows,
``geoteach.data.rows.state_rows()``, in a student's kernel) into plain ``PlungeCard`` records
once, so the clue checks, the border solver and the trick ranks run on small Python objects, not
on a DataFrame.
"""

from __future__ import annotations

import datetime
import math
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:  # pandas only for a states table a teacher passes in (issue 24)
    import pandas as pd

#: A states table as rows: USPS code -> {column: value} (``geoteach.data.rows.state_rows``).
StateRows = Mapping[str, Mapping[str, Any]]

#: The three ranks printed on a GeoPlunge card, by the name the leader says out loud.
CATEGORIES = ("size", "statehood", "population")
CATEGORY_COLUMNS = {
    "size": "area_rank",
    "statehood": "statehood_rank",
    "population": "population_rank",
}


@dataclass(frozen=True)
class PlungeCard:
    """One state card. Ranks are 1 (best) to 50."""

    code: str
    name: str
    capital: str
    admitted_year: int
    region: str
    division: str
    neighbours: frozenset[str]
    borders_canada: bool
    borders_mexico: bool
    coastline: bool
    great_lakes: tuple[str, ...]
    time_zones: tuple[str, ...]
    size: int
    statehood: int
    population: int

    def rank(self, category: str) -> int:
        """The card's rank in ``category`` ("size", "statehood" or "population")."""
        if category not in CATEGORIES:
            raise ValueError(f"Pick Size, Statehood or Population, not {category!r}.")
        return int(getattr(self, category))


def _parts(value: Any) -> tuple[str, ...]:
    """A multi-valued cell: a tuple/list, a "a|b" string, or empty."""
    if value is None or (isinstance(value, float) and math.isnan(value)):
        return ()
    if isinstance(value, str):
        return tuple(p for p in value.split("|") if p)
    if isinstance(value, Iterable):
        return tuple(str(p) for p in value)
    return (str(value),)


def _flag(value: Any) -> bool:
    if isinstance(value, str):
        return value.strip().casefold() in ("true", "yes", "1")
    if isinstance(value, Iterable):
        return len(tuple(value)) > 0
    if value is None:
        return False
    return bool(value) and value == value  # a missing number (NaN) is unequal to itself


def _year(value: Any) -> int:
    """The year of a date cell: a date, or text or a timestamp pandas reads as one."""
    if isinstance(value, datetime.date):
        return value.year
    import pandas as pd

    return int(pd.Timestamp(value).year)


def plunge_cards(states: pd.DataFrame | StateRows) -> dict[str, PlungeCard]:
    """One card per row of the states table (index: USPS code), in the table's order: a
    DataFrame, or its rows (``geoteach.data.rows.state_rows``)."""
    if isinstance(states, Mapping):
        rows = states
        has_zones = any("time_zones" in row for row in rows.values())
    else:
        rows = states.to_dict("index")
        has_zones = "time_zones" in states.columns
    cards: dict[str, PlungeCard] = {}
    for code, row in rows.items():
        cards[str(code)] = PlungeCard(
            code=str(code),
            name=str(row["name"]),
            capital=str(row["capital"]),
            admitted_year=_year(row["admitted"]),
            region=str(row["region"]),
            division=str(row["division"]),
            neighbours=frozenset(_parts(row["neighbours"])),
            borders_canada=_flag(row["borders_canada"]),
            borders_mexico=_flag(row["borders_mexico"]),
            coastline=_flag(row["coastline"]),
            great_lakes=_parts(row["great_lakes"])
            if not isinstance(row["great_lakes"], bool)
            else (("a Great Lake",) if row["great_lakes"] else ()),
            time_zones=_parts(row["time_zones"]) if has_zones else (),
            size=int(row["area_rank"]),
            statehood=int(row["statehood_rank"]),
            population=int(row["population_rank"]),
        )
    return cards


def neighbour_map(cards: Mapping[str, PlungeCard]) -> dict[str, frozenset[str]]:
    """Which cards share a border line with which (the Stage 2 race needs only this)."""
    return {code: card.neighbours & cards.keys() for code, card in cards.items()}
