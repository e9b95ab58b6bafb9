"""What a question card may assume: curated conventions, inland seas, retired cards, extents.

A generated question is only as right as the convention behind it. These loaders give the
quiz what it needs to prove each wrong option false, or to state the convention, or not to
ask (see ``geoteach.quiz.generators``):

* ``quiz_conventions()``: data/quiz_conventions.csv, hand-curated, each row with its source:
  figures not asked (Israel's highest point on the Golan Heights, Morocco's coastline with
  Western Sahara, the Netherlands' on Saba), notes a prompt must carry (Hans Island), borders
  that only one convention has (Morocco–Mauritania, Canada–Denmark).
* ``inland_sea_shores()``: data/inland_sea_shores.csv, built by scripts/build_inland_seas.py
  from the Factbook's coastline notes (Caspian and Aral shores, which the Factbook does not
  count as coast).
* ``retired_card_ids()``: data/decks/retired.csv, the ids of cards a teacher has taken out of
  every deck, without touching code (data/decks/README.md).
* ``latitude_extents()`` and ``countries_near()``: read from the 1:50m map, so a rule such as
  "cocoa does not grow more than 30° from the Equator" or "a country within 500 km" is judged
  on the country as the kit draws it (France with French Guiana, the United States with Hawaii).
"""

from __future__ import annotations

from functools import cache
from pathlib import Path

import pandas as pd

from geoteach.data._paths import data_path
from geoteach.sphere import sphere_km

__all__ = [
    "countries_near",
    "inland_sea_shores",
    "latitude_extents",
    "longitude_span",
    "quiz_conventions",
    "retired_card_ids",
    "retired_cards_path",
]

#: The rules a row of data/quiz_conventions.csv may have.
RULES = ("not_asked", "note", "disputed_border")


@cache
def _table(name: str) -> pd.DataFrame:
    table = pd.read_csv(data_path(name), keep_default_na=False, dtype=str)
    if "source" in table and (table["source"].str.strip() == "").any():
        raise ValueError(f"data/{name}: every row needs a source (see data/SOURCES.md).")
    return table


def quiz_conventions() -> pd.DataFrame:
    """Rows of data/quiz_conventions.csv: iso3, about (a column or question kind), rule, ..."""
    table = _table("quiz_conventions.csv")
    unknown = sorted(set(table["rule"]) - set(RULES))
    if unknown:
        raise ValueError(f"data/quiz_conventions.csv: unknown rules {unknown}; use {RULES}.")
    return table.copy()


def inland_sea_shores() -> pd.DataFrame:
    """Shores on the Caspian and Aral Seas (iso3, sea, shore_km) from the Factbook's notes."""
    table = _table("inland_sea_shores.csv").copy()
    table["shore_km"] = pd.to_numeric(table["shore_km"], errors="coerce")
    return table


def _retired_path() -> Path:
    return data_path("decks", "retired.csv")


def retired_cards_path() -> Path:
    """Where the retired cards' ids are kept: data/decks/retired.csv."""
    return _retired_path()


def retired_card_ids(path: str | Path | None = None) -> frozenset[str]:
    """The ids of retired cards: never dealt by any game (data/decks/README.md).

    ``path`` defaults to data/decks/retired.csv; a file without an ``id`` column is refused
    with the line a teacher has to write.
    """
    where = Path(path) if path is not None else _retired_path()
    table = pd.read_csv(where, keep_default_na=False, dtype=str)
    if "id" not in table.columns:
        raise ValueError(
            f"{where}: the first line must name the columns, starting with 'id' "
            "(for example: id,reason,retired_by)"
        )
    return frozenset(i.strip() for i in table["id"] if i.strip())


@cache
def _playable_map():
    from geoteach.data.world import world_map

    shapes = world_map("50m")
    return shapes[shapes["playable"].astype(bool)] if "playable" in shapes else shapes


@cache
def latitude_extents() -> dict[str, tuple[float, float]]:
    """Southernmost and northernmost latitude of each country as the 1:50m map draws it."""
    bounds = _playable_map().geometry.bounds
    return {str(iso3): (float(row.miny), float(row.maxy)) for iso3, row in bounds.iterrows()}


@cache
def longitude_span(iso3: str) -> float:
    """Degrees of longitude the country's drawn land spans (France with Réunion: about 100)."""
    shapes = _playable_map()
    if iso3 not in shapes.index:
        return 0.0
    west, _, east, _ = shapes.geometry[iso3].bounds
    return float(east - west)


@cache
def countries_near(iso3: str, km: float) -> frozenset[str]:
    """Other countries whose drawn land comes within ``km`` of ``iso3``'s (shore to shore).

    Distances are measured on the sphere between the nearest points of the two outlines;
    countries more than ``km`` apart by latitude are not measured.
    """
    from shapely.ops import nearest_points

    shapes = _playable_map()
    if iso3 not in shapes.index:
        return frozenset()
    here = shapes.geometry[iso3]
    degrees = km / 111.0
    near = set()
    for other, shape in shapes.geometry.items():
        if other == iso3 or shape.distance(here) > degrees * 4:
            continue
        a, b = nearest_points(here, shape)
        if sphere_km((a.y, a.x), (b.y, b.x)) <= km:
            near.add(str(other))
    return frozenset(near)
