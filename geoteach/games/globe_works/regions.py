"""The 12 Globe Works regions: unions of real countries (UN M49 subregions), each with a colour.

Twelve colours cannot all be told apart, by anyone and least of all with a colour-vision
deficiency, so every region also carries its two-letter code (printed on cards and the map)
and a hatch pattern. The table comes from data/globe_works_regions.csv (see
scripts/build_globe_works.py and data/SOURCES.md).

Every piece of land on the map belongs to a region, by geography (``land_pieces``): a country's
land to its region, except what data/globe_works_land.csv says otherwise: territories drawn on
their own (Greenland, Western Sahara, Puerto Rico, ...) and overseas pieces of a country that UN
M49 lists as an area of their own (French Guiana), each in the region of its own M49 subregion.
"""

from __future__ import annotations

import csv
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from functools import cache
from typing import Any

import shapely

from geoteach.data import data_path

REGIONS_FILE = "globe_works_regions.csv"
REGION_COLUMNS = ("code", "name", "colour", "hatch", "subregions", "countries", "source")
LAND_FILE = "globe_works_land.csv"
LAND_COLUMNS = ("scale", "feature", "lon", "lat", "area", "area_name", "subregion", "region")


@dataclass(frozen=True)
class Region:
    """One region of the Globe Works map."""

    code: str
    name: str
    colour: str
    hatch: str
    subregions: tuple[str, ...]
    countries: tuple[str, ...]

    @property
    def label(self) -> str:
        """ "NA Northern America": the code first, so colour is never the only clue."""
        return f"{self.code} {self.name}"


def csv_rows(file: str, columns: Sequence[str]) -> Iterator[tuple[int, dict[str, str]]]:
    """``(line number, row)`` of a deck file under data/, after checking its header."""
    path = data_path(file)
    with path.open(encoding="utf-8", newline="") as fh:
        reader = csv.DictReader(fh)
        missing = [c for c in columns if c not in (reader.fieldnames or [])]
        if missing:
            raise ValueError(f"{path}, line 1: missing column(s) {', '.join(missing)}.")
        yield from enumerate(reader, start=2)


@cache
def regions() -> dict[str, Region]:
    """The 12 regions by code, in the file's order (west to east, roughly)."""
    path = data_path(REGIONS_FILE)
    out: dict[str, Region] = {}
    for line, row in csv_rows(REGIONS_FILE, REGION_COLUMNS):
        code = row["code"].strip()
        if not code or code in out:
            column = REGION_COLUMNS.index("code") + 1
            raise ValueError(f"{path}, line {line}, column {column}: empty or repeated code.")
        out[code] = Region(
            code=code,
            name=row["name"].strip(),
            colour=row["colour"].strip(),
            hatch=row["hatch"],
            subregions=tuple(row["subregions"].split("|")),
            countries=tuple(row["countries"].split("|")),
        )
    return out


@cache
def region_of_country() -> dict[str, str]:
    """Region code of every country (iso3)."""
    return {iso: r.code for r in regions().values() for iso in r.countries}


@dataclass(frozen=True)
class LandArea:
    """Land that is not simply part of a country of the game: a territory, or an overseas piece.

    ``feature`` is the world-map feature it is drawn as or in; ``lon``/``lat`` a point on it,
    which picks the piece of that feature; ``region`` the Globe Works region it belongs to.
    """

    scale: str
    feature: str
    lon: float
    lat: float
    area: str
    name: str
    subregion: str
    region: str


@cache
def land_areas(scale: str = "110m") -> tuple[LandArea, ...]:
    """The rows of data/globe_works_land.csv for one world map (``"110m"`` or ``"50m"``)."""
    path = data_path(LAND_FILE)
    out = []
    for line, row in csv_rows(LAND_FILE, LAND_COLUMNS):
        if row["region"] not in regions():
            column = LAND_COLUMNS.index("region") + 1
            raise ValueError(f"{path}, line {line}, column {column}: unknown region.")
        if row["scale"] == scale:
            out.append(
                LandArea(
                    scale=scale,
                    feature=row["feature"],
                    lon=float(row["lon"]),
                    lat=float(row["lat"]),
                    area=row["area"],
                    name=row["area_name"],
                    subregion=row["subregion"],
                    region=row["region"],
                )
            )
    return tuple(out)


def land_pieces(features: dict[str, Any], scale: str = "110m") -> list[tuple[str, Any]]:
    """``(region code, polygon)`` for every piece of land of a world map's ``features``.

    ``features`` maps iso3 to (multi)polygon, as ``geoteach.data.world_map(scale)`` has them.
    A piece is in its country's region unless a row of data/globe_works_land.csv puts it
    elsewhere; land with neither (Antarctica, south of the map) is left out.
    """
    countries = region_of_country()
    areas = land_areas(scale)
    whole = {a.feature: a.region for a in areas if a.feature not in countries}
    overseas: dict[str, list[LandArea]] = {}
    for a in areas:
        if a.feature in countries:
            overseas.setdefault(a.feature, []).append(a)
    out = []
    for iso3, geom in features.items():
        region = countries.get(iso3) or whole.get(iso3)
        if region is None:
            continue
        polygons = list(getattr(geom, "geoms", [geom]))
        moved: dict[int, str] = {}
        for a in overseas.get(iso3, []):
            point = shapely.Point(a.lon, a.lat)
            nearest = min(range(len(polygons)), key=lambda i: polygons[i].distance(point))
            moved[nearest] = a.region
        out += [(moved.get(i, region), poly) for i, poly in enumerate(polygons)]
    return out
