"""The countries the games ask about, their rankable statistics and the world maps.

Built by scripts/build_world.py from Natural Earth, the CIA World Factbook and pyworldatlas
(see data/SOURCES.md). Loaders are cached; every call hands back a fresh deep copy, so a
notebook that edits its table cannot change what the games see.
"""

from __future__ import annotations

import re
from functools import cache
from typing import TYPE_CHECKING, Any

from rapidfuzz import process
from unidecode import unidecode

from geoteach.data._paths import data_path
from geoteach.data.geojson import read_geojson, read_shapes
from geoteach.data.rows import country_rows

if TYPE_CHECKING:  # geopandas is loaded by the maps only, pandas by the tables (not the
    # name lookups, which read the kept rows: a student's kernel needs no pandas, issue 24)
    import geopandas as gpd
    import pandas as pd

__all__ = [
    "UnknownCountryError",
    "UnknownStatisticError",
    "countries",
    "find_country",
    "statistic",
    "statistics",
    "world_map",
    "world_shapes",
]

SCALES = ("110m", "50m")
LIST_COLUMNS = ("aliases", "capital_aliases", "neighbours")
REQUIRED_COUNTRY_COLUMNS = (
    "name", "status", "aliases", "iso2", "fips", "continent", "region", "capital",
    "capital_aliases", "capital_lat", "capital_lon", "neighbours", "map_number", "prominence",
    "area_km2", "population",
)  # fmt: skip
REQUIRED_STATISTIC_COLUMNS = ("label", "unit", "year", "source", "rank1", "description")


class UnknownCountryError(LookupError):
    """No country has this name or code."""


class UnknownStatisticError(LookupError):
    """No statistic has this key."""


def _check(table: pd.DataFrame, file: str, required: tuple[str, ...]) -> None:
    # Cheap checks on load: a broken data file should fail loudly, not give wrong answers.
    missing = [c for c in required if c not in table.columns]
    if missing:
        raise ValueError(f"data/{file} is missing the columns {missing}")
    if not table.index.is_unique:
        dupes = sorted(table.index[table.index.duplicated()].unique())
        raise ValueError(f"data/{file} repeats the keys {dupes}")


def _split(value: object) -> tuple[str, ...]:
    return tuple(value.split("|")) if isinstance(value, str) and value else ()


@cache
def _countries() -> pd.DataFrame:
    import pandas as pd

    path = data_path("countries.csv")
    table = pd.read_csv(path, index_col="iso3", keep_default_na=False, na_values=[""])
    _check(table, "countries.csv", REQUIRED_COUNTRY_COLUMNS)
    for column in LIST_COLUMNS:
        table[column] = table[column].map(_split).astype(object)
    for column in ("name", "capital", "continent", "region", "status", "iso2", "fips"):
        table[column] = table[column].astype("string")
    for column in ("seat_of_government", "capital_note"):
        if column in table:
            table[column] = table[column].fillna("").astype("string")
    return table


@cache
def _statistics() -> pd.DataFrame:
    import pandas as pd

    table = pd.read_csv(data_path("statistics.csv"), index_col="key")
    _check(table, "statistics.csv", REQUIRED_STATISTIC_COLUMNS)
    return table


def countries() -> pd.DataFrame:
    """One row per country the games ask about, indexed by ISO 3166 alpha-3 code (``iso3``)."""
    return _countries().copy(deep=True)


def statistics() -> pd.DataFrame:
    """The catalogue of rankable statistics, indexed by the column name in :func:`countries`."""
    return _statistics().copy(deep=True)


def statistic(key: str) -> pd.Series:
    """One catalogue row (label, unit, year, source, rank1, description) for a statistic key."""
    table = _statistics()
    if key in table.index:
        return table.loc[key].copy()
    best = process.extractOne(str(key), list(table.index))
    hint = f" Did you mean {best[0]!r}?" if best else ""
    raise UnknownStatisticError(f"There is no statistic called {key!r}.{hint}")


@cache
def _world_map(scale: str) -> gpd.GeoDataFrame:
    shapes = read_geojson(f"world_{scale}.geojson", crs="EPSG:4326")
    columns = ["name", "status", "map_number", "continent", "region", "capital", "prominence"]
    joined = shapes.merge(_countries()[columns], left_on="iso3", right_index=True, how="left")
    return joined.set_index("iso3").sort_index()


def world_map(scale: str = "110m") -> gpd.GeoDataFrame:
    """Country shapes (EPSG:4326) indexed by iso3, with name, map_number, continent, region ...

    ``playable`` is False for territories drawn only so the map looks whole (Greenland,
    Western Sahara, Antarctica ...); ``tiny`` marks countries that need a marker to be seen.
    """
    if scale not in SCALES:
        raise ValueError(f"The world map comes in the scales {', '.join(SCALES)}, not {scale!r}.")
    return _world_map(scale).copy(deep=True)


@cache
def _world_shapes(scale: str) -> tuple[tuple[str, Any], ...]:
    return tuple(read_shapes(f"world_{scale}.geojson", "iso3").items())


def world_shapes(scale: str = "110m") -> dict[str, Any]:
    """iso3 -> (multi)polygon (longitude, latitude) of every shape on the world map, in code
    order: ``world_map(scale).geometry`` without geopandas, for drawings that need only them."""
    if scale not in SCALES:
        raise ValueError(f"The world map comes in the scales {', '.join(SCALES)}, not {scale!r}.")
    return dict(_world_shapes(scale))


def _fold(text: str) -> str:
    """Compare names without accents, punctuation, case or a leading "the"."""
    text = unidecode(str(text).replace("’", "'").replace("‘", "'")).lower()
    text = re.sub(r"[^a-z0-9]+", " ", text).strip()
    return re.sub(r"^the ", "", text)


@cache
def _name_index() -> tuple[dict[str, str], dict[str, str]]:
    """folded name or code -> iso3, and folded name -> the name to suggest."""
    rows = country_rows()
    lookup: dict[str, str] = {}
    display: dict[str, str] = {}
    for iso3, row in rows.items():
        for code in (iso3, row["iso2"]):
            if code is not None:
                lookup.setdefault(_fold(code), iso3)
    for iso3, row in rows.items():
        for name in (row["name"], *row["aliases"]):
            key = _fold(name)
            lookup.setdefault(key, iso3)
            display.setdefault(key, str(row["name"]))
    return lookup, display


def find_country(text: str) -> str:
    """The iso3 code of a country given by code or name, in any case, with or without accents.

    Raises UnknownCountryError (a LookupError) with the closest name as a suggestion.
    """
    lookup, display = _name_index()
    key = _fold(text)
    if key in lookup:
        return lookup[key]
    best = process.extractOne(key, list(display))
    hint = f" Did you mean {display[best[0]]}?" if best else ""
    raise UnknownCountryError(f"No country called {text!r}.{hint}")
