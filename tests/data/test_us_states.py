"""Validation of the U.S.-state data: these facts reach students as GeoTriple cards and clues."""

from __future__ import annotations

import datetime as dt
import filecmp
import itertools
import shutil
import subprocess
import sys
from pathlib import Path

import border_kit
import geopandas as gpd
import pytest
import us

from geoteach.data._paths import data_dir
from geoteach.data.usa import StateNotFoundError, find_state, us_map, us_states
from tests.registries import require_npm, require_pypi

ROOT = Path(__file__).resolve().parents[2]
RANKS = ["statehood_rank", "area_rank", "population_rank"]
FOUR_CORNERS = [("AZ", "CO"), ("NM", "UT")]


@pytest.fixture(scope="module")
def states():
    return us_states()


def test_fifty_states_unique_usps(states):
    assert len(states) == 50
    assert states.index.is_unique
    assert "DC" not in states.index
    assert set(states.index) == {s.abbr for s in us.states.STATES}


@pytest.mark.parametrize("column", RANKS)
def test_rank_is_one_to_fifty(states, column):
    assert sorted(states[column]) == list(range(1, 51))


@pytest.mark.parametrize(
    ("column", "value", "largest_first"),
    [("area_rank", "area_km2", True), ("population_rank", "population", True)],
)
def test_rank_agrees_with_values(states, column, value, largest_first):
    ordered = states.sort_values(column)[value]
    assert ordered.is_monotonic_decreasing == largest_first


def test_statehood_rank_follows_dates(states):
    assert states.sort_values("statehood_rank")["admitted"].is_monotonic_increasing


def test_admission_years_agree_with_us_package(states):
    for code, admitted in states["admitted"].items():
        assert admitted.year == us.states.lookup(code).statehood_year, code


def test_admission_anchors(states):
    assert states.at["DE", "admitted"] == dt.date(1787, 12, 7)
    assert states.at["HI", "admitted"] == dt.date(1959, 8, 21)


@pytest.mark.parametrize(
    ("code", "column", "expected"),
    [
        ("DE", "statehood_rank", 1),
        ("HI", "statehood_rank", 50),
        ("AK", "area_rank", 1),
        ("TX", "area_rank", 2),
        ("CA", "area_rank", 3),
        ("RI", "area_rank", 50),
        ("CA", "population_rank", 1),
        ("WY", "population_rank", 50),
        ("KS", "capital", "Topeka"),
        ("KS", "region", "Midwest"),
        ("ME", "division", "New England"),
    ],
)
def test_spot_facts(states, code, column, expected):
    assert states.at[code, column] == expected


def test_neighbour_spot_facts(states):
    assert set(states.at["KS", "neighbours"]) == {"NE", "MO", "OK", "CO"}
    assert states.at["ME", "neighbours"] == ("NH",)
    assert states.at["HI", "neighbours"] == ()
    assert states.at["AK", "neighbours"] == ()


def test_neighbours_symmetric(states):
    for code, others in states["neighbours"].items():
        for other in others:
            assert code in states.at[other, "neighbours"], (code, other)


def test_four_corners_are_not_borders(states):
    for a, b in FOUR_CORNERS:
        assert b not in states.at[a, "neighbours"]


def test_neighbours_equal_shared_lines_of_the_map(states):
    # Recomputed here from the committed lon/lat outlines, in metres (NAD83 Conus Albers).
    shapes = us_map(insets=False).to_crs("EPSG:5070").geometry
    shared = set()
    for a, b in itertools.combinations(shapes.index, 2):
        line = shapes[a].boundary.intersection(shapes[b].boundary)
        if line.length > 1.0:
            shared.add(frozenset((a, b)))
    listed = {frozenset((a, b)) for a, others in states["neighbours"].items() for b in others}
    assert listed == shared
    corners = shapes["AZ"].intersection(shapes["CO"])
    assert not corners.is_empty and corners.length < 1.0  # they touch at a point only


def test_neighbours_against_us_states_geo(states):
    # us-states-geo counts the Four Corners point contacts as borders; we do not (SOURCES.md).
    theirs = {frozenset((a, b)) for a, row in border_kit.STATES.items() for b in row["s"]}
    ours = {frozenset((a, b)) for a, others in states["neighbours"].items() for b in others}
    assert theirs - ours == {frozenset(pair) for pair in FOUR_CORNERS}
    assert ours - theirs == set()


def test_foreign_borders(states):
    assert set(states.index[states["borders_mexico"]]) == {"CA", "AZ", "NM", "TX"}
    canada = set(states.index[states["borders_canada"]])
    assert {"AK", "WA", "MI", "ME", "NY"} <= canada
    # us-states-geo leaves out the Lake Erie states; the 13-state count includes them.
    theirs = {code for code, row in border_kit.STATES.items() if "CA" in row["c"]}
    assert canada - theirs == {"OH", "PA"} and theirs <= canada


def test_coasts_and_lakes(states):
    assert states.at["HI", "coastline"] and states.at["FL", "coastline"]
    assert not states.at["PA", "coastline"] and not states.at["KS", "coastline"]
    assert states.at["PA", "great_lakes"] == ("Lake Erie",)
    assert len(states.at["MI", "great_lakes"]) == 4
    assert states.at["AZ", "time_zones"] == ("MST",)


def test_capitol_points_inside_states(states):
    shapes = us_map(insets=False)
    points = gpd.points_from_xy(
        states.loc[shapes.index, "capital_lon"], states.loc[shapes.index, "capital_lat"]
    )
    assert shapes.geometry.contains(gpd.GeoSeries(points, index=shapes.index, crs=shapes.crs)).all()


@pytest.mark.parametrize("insets", [True, False])
def test_us_map_joins_table(insets):
    shapes = us_map(insets=insets)
    assert len(shapes) == 50 and shapes.index.is_unique
    assert shapes.geometry.is_valid.all()
    assert "population_rank" in shapes.columns
    assert (shapes.crs is None) == insets
    assert len(us_map(insets=insets, include_dc=True)) == 51


@pytest.mark.parametrize(
    ("text", "code"),
    [("KS", "KS"), ("ks", "KS"), ("Kansas", "KS"), ("  new-york ", "NY"), ("Néw Yörk", "NY")],
)
def test_find_state(text, code):
    assert find_state(text) == code


@pytest.mark.parametrize(
    ("text", "suggestion"), [("Kanzas", "Kansas"), ("Misisipi", "Mississippi")]
)
def test_find_state_suggests(text, suggestion):
    with pytest.raises(LookupError, match=f"Did you mean {suggestion}\\?"):
        find_state(text)


@pytest.mark.parametrize("text", ["", "DC", "!!"])
def test_find_state_rejects(text):
    with pytest.raises(StateNotFoundError):
        find_state(text)


def test_cache_cannot_be_corrupted():
    first = us_states()
    first.loc["KS", "capital"] = "Nowhere"
    first.at["KS", "neighbours"] = ()
    shapes = us_map()
    shapes.loc["KS", "name"] = "Nowhere"
    assert us_states().at["KS", "capital"] == "Topeka"
    assert us_states().at["KS", "neighbours"] != ()
    assert us_map().at["KS", "name"] == "Kansas"


def test_public_api_through_geoteach_data():
    import geoteach.data.usa  # importing the submodule must not hide the loader

    for _ in range(2):
        assert len(geoteach.data.us_states()) == 50
        assert geoteach.data.find_state("kansas") == "KS"


def test_committed_files_are_small():
    for name in ("us_states_lonlat.geojson", "us_states_albers.geojson"):
        assert (data_dir() / name).stat().st_size < 3_000_000


def test_load_benchmark(benchmark):
    benchmark(us_states)


@pytest.mark.slow
def test_build_is_byte_identical(tmp_path):
    # Rebuild into a copy of the repository and compare bytes (needs npm and PyPI).
    require_npm()
    require_pypi()
    copy = tmp_path / "repo"
    (copy / "scripts").mkdir(parents=True)
    shutil.copy(ROOT / "scripts" / "build_us.py", copy / "scripts")
    shutil.copytree(ROOT / "data", copy / "data")
    subprocess.run([sys.executable, "scripts/build_us.py"], cwd=copy, check=True)
    names = ("us_states.csv", "us_second_source.csv", "us_states_lonlat.geojson")
    for name in (*names, "us_states_albers.geojson"):
        assert filecmp.cmp(copy / "data" / name, ROOT / "data" / name, shallow=False), name
