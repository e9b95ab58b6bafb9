"""The 50 U.S. states: facts for GeoTriple's cards and clues, and their maps.

Built by scripts/build_us.py from pinned packages (see data/SOURCES.md). Washington, D.C. is not a
state: it is left out of the table and drawn only when ``us_map(include_dc=True)`` asks for it.
"""

from __future__ import annotations

import re
from functools import cache
from typing import TYPE_CHECKING, Any

from rapidfuzz import fuzz, process
from unidecode import unidecode

from geoteach.data._paths import data_path
from geoteach.data.geojson import LONLAT, read_features, read_geojson
from geoteach.data.rows import state_rows

if TYPE_CHECKING:  # geopandas is loaded by the maps only, pandas by the table (not the name
    # lookups and shapes, which read the kept rows: a student's kernel needs no pandas, issue 24)
    import geopandas as gpd
    import pandas as pd

__all__ = [
    "CORNER_ONLY",
    "WATER_ONLY",
    "StateNotFoundError",
    "find_state",
    "us_map",
    "us_states",
    "water_or_corner",
]

#: States that meet at one point only: the Four Corners. Their Census outlines touch but share
#: no line (data/SOURCES.md, ``neighbours``; a test checks this against the outlines).
CORNER_ONLY: frozenset[frozenset[str]] = frozenset(
    {frozenset({"AZ", "CO"}), frozenset({"NM", "UT"})}
)

#: States whose boundary runs only through water, and which water. Their Census outlines stop
#: at the shore, so they are not neighbours either. Sources: Michigan's water boundaries with
#: Illinois in Lake Michigan and with Minnesota in Lake Superior (Michigan Compiled Laws 2.202,
#: Act 267 of 1947, fixes the Lake Superior line; Wikipedia, "Geography of Michigan"); New York
#: and Rhode Island in Block Island Sound (R.I. Gen. Laws § 42-1-1(b): the boundary agreed by
#: the two states and ratified by Congress in 1944; Rhode Island and New York Boundary Case,
#: 469 U.S. 504, 1985).
WATER_ONLY: dict[frozenset[str], str] = {
    frozenset({"IL", "MI"}): "Lake Michigan",
    frozenset({"MI", "MN"}): "Lake Superior",
    frozenset({"NY", "RI"}): "Block Island Sound",
}


def water_or_corner() -> dict[str, frozenset[str]]:
    """USPS -> the states it meets only in water or at a corner: neighbours under the other
    common rule, so never a wrong answer to a border question (issue 36)."""
    found: dict[str, set[str]] = {}
    for pair in (*CORNER_ONLY, *WATER_ONLY):
        a, b = sorted(pair)
        found.setdefault(a, set()).add(b)
        found.setdefault(b, set()).add(a)
    return {code: frozenset(others) for code, others in found.items()}


_MAP_FILES = {True: "us_states_albers.geojson", False: "us_states_lonlat.geojson"}


class StateNotFoundError(LookupError):
    """The text names no U.S. state; the message suggests the closest one."""


@cache
def _table() -> pd.DataFrame:
    import pandas as pd

    table = pd.read_csv(
        data_path("us_states.csv"),
        index_col="usps",
        keep_default_na=False,
        parse_dates=["admitted"],
    )
    table["admitted"] = table["admitted"].dt.date
    for column in ("neighbours", "great_lakes", "time_zones"):
        table[column] = [tuple(filter(None, text.split("|"))) for text in table[column]]
    return table


def us_states() -> pd.DataFrame:
    """The 50 states indexed by USPS code (a fresh copy: change it freely).

    ``neighbours``, ``great_lakes`` and ``time_zones`` are tuples; ``admitted`` is a date.
    """
    return _table().copy(deep=True)


@cache
def _map(insets: bool) -> gpd.GeoDataFrame:
    # The insets are pixels of d3's Albers USA picture (y up), not a geographic CRS.
    return read_geojson(_MAP_FILES[insets], crs=None if insets else LONLAT).set_index("usps")


def us_map(insets: bool = True, *, include_dc: bool = False) -> gpd.GeoDataFrame:
    """State outlines joined to us_states(), one row per state, a fresh copy on every call.

    ``insets=True`` is the classroom layout: Albers USA with Alaska and Hawaii moved beside the
    lower 48 (planar coordinates in pixels, no CRS). ``insets=False`` gives true longitude and
    latitude (EPSG:4326), for measuring. ``include_dc`` adds Washington, D.C. (facts left empty)
    so a drawn map has no hole between Maryland and Virginia.
    """
    shapes = _map(bool(insets))
    if not include_dc:
        shapes = shapes[shapes["is_state"]]
    table = _table().drop(columns="name")
    joined = shapes.join(table, how="left" if include_dc else "inner")
    import geopandas as gpd

    return gpd.GeoDataFrame(joined, geometry="geometry", crs=shapes.crs).copy(deep=True)


def us_shapes(insets: bool = True) -> tuple[list[str], list[str], list[Any]]:
    """The 50 states' codes, names and shapes, in ``us_map(insets)``'s order, with no
    geopandas (what a drawing of the map needs; ``us_map`` has every column)."""
    properties, shapes = read_features(_MAP_FILES[bool(insets)])
    states = set(state_rows())
    keep = [i for i, p in enumerate(properties) if p.get("is_state") and p["usps"] in states]
    return (
        [str(properties[i]["usps"]) for i in keep],
        [str(properties[i]["name"]) for i in keep],
        [shapes[i] for i in keep],
    )


def _plain(text: str) -> str:
    """Lower-case ASCII letters only, so 'new-york', 'NEW YORK' and 'Néw York' all match."""
    return re.sub(r"[^a-z]", "", unidecode(text).lower())


@cache
def _names() -> dict[str, str]:
    keys: dict[str, str] = {}
    for code, row in state_rows().items():
        keys[_plain(code)] = code
        keys[_plain(row["name"])] = code
    return keys


def find_state(text: str) -> str:
    """The USPS code of a state given its code or name, in any case, accents or punctuation.

    Raises StateNotFoundError (a LookupError) with the closest state name as a suggestion.
    """
    if not isinstance(text, str) or not _plain(text):
        raise StateNotFoundError("Type the name of a state, like Kansas, or its code, like KS.")
    key = _plain(text)
    if key in _names():
        return _names()[key]
    if key in {"dc", "districtofcolumbia", "washingtondc"}:
        raise StateNotFoundError(f"{text!r} is the capital city of the United States, not a state.")
    names = [row["name"] for row in state_rows().values()]
    best = process.extractOne(
        text, names, scorer=fuzz.WRatio, processor=lambda s: unidecode(s).lower()
    )
    raise StateNotFoundError(f"No state called {text!r}. Did you mean {best[0]}?")
