"""The world country data: these tests protect students from wrong facts."""

from __future__ import annotations

from pathlib import Path

import pandas as pd
import pandera.pandas as pa
import pytest
import shapely

from geoteach.data.world import (
    UnknownCountryError,
    UnknownStatisticError,
    countries,
    find_country,
    statistic,
    statistics,
    world_map,
)
from tests.rebuilds import differing, rebuild, repository_copy

ROOT = Path(__file__).resolve().parents[2]

# Land borders kept although the 1:50m polygons do not share a line (see data/SOURCES.md).
BORDERS_TOO_SMALL_FOR_50M = {
    ("BWA", "ZMB"),  # Kazungula: about 150 m of border on the Zambezi
    ("ESP", "MAR"),  # Ceuta and Melilla are not drawn at 1:50m
}


@pytest.fixture(scope="module")
def table() -> pd.DataFrame:
    return countries()


def pairs(neighbours: pd.Series) -> set[tuple[str, str]]:
    return {tuple(sorted((a, b))) for a, ns in neighbours.items() for b in ns}


def test_row_counts_193_members_plus_flagged_others(table):
    assert len(table) == 197
    assert table.status.value_counts().to_dict() == {
        "UN member": 193,
        "UN observer": 2,
        "partially recognised": 2,
    }
    assert set(table.index[table.status != "UN member"]) == {"VAT", "PSE", "XKX", "TWN"}


def test_schema_keys_and_map_numbers(table):
    schema = pa.DataFrameSchema(
        {
            "name": pa.Column("string", unique=True),
            "iso2": pa.Column("string", pa.Check.str_matches(r"^[A-Z]{2}$"), unique=True),
            "capital": pa.Column("string"),
            "capital_lat": pa.Column(float, pa.Check.in_range(-90, 90)),
            "capital_lon": pa.Column(float, pa.Check.in_range(-180, 180)),
            "continent": pa.Column(
                "string",
                pa.Check.isin(
                    ["Africa", "Asia", "Europe", "North America", "Oceania", "South America"]
                ),
            ),
            "area_km2": pa.Column(float, pa.Check.gt(0)),
            "population": pa.Column(int, pa.Check.gt(0)),
            "prominence": pa.Column(float, pa.Check.in_range(0, 100)),
        },
        index=pa.Index(str, pa.Check.str_matches(r"^[A-Z]{3}$"), unique=True),
    )
    schema.validate(table)
    assert sorted(table.map_number) == list(range(1, len(table) + 1))


def test_map_numbers_read_north_to_south_then_west_to_east(table):
    assert table.loc["CAN", "map_number"] == 1
    assert table.loc["NZL", "map_number"] == len(table)
    europe = table.loc[["IRL", "GBR", "NLD", "DEU", "POL"], "map_number"]
    assert europe.is_monotonic_increasing


@pytest.mark.parametrize("scale", ["110m", "50m"])
def test_every_playable_country_has_valid_geometry(table, scale):
    shapes = world_map(scale)
    playable = shapes[shapes.playable]
    assert set(playable.index) == set(table.index)
    assert playable.geometry.is_valid.all()
    assert not playable.geometry.is_empty.any()
    assert not shapes[~shapes.playable].index.isin(table.index).any()
    assert {"GRL", "ESH", "ATA"} <= set(shapes.index[~shapes.playable])
    assert shapes.crs.to_epsg() == 4326
    bounds = shapes.total_bounds
    assert bounds[0] >= -180 and bounds[2] <= 180


def test_tiny_states_are_on_the_110m_map_with_a_marker_point():
    shapes = world_map("110m")
    for iso3 in ["SGP", "MLT", "BHR", "MDV", "AND", "VAT", "TUV"]:
        assert shapes.loc[iso3, "playable"]
        point = shapely.Point(shapes.loc[iso3, "label_lon"], shapes.loc[iso3, "label_lat"])
        assert shapes.loc[iso3, "geometry"].distance(point) < 0.5
    assert shapes.loc[["VAT", "MCO", "SGP", "TUV"], "tiny"].all()
    assert not shapes.loc[["FRA", "BRA"], "tiny"].any()


@pytest.mark.parametrize("scale", ["110m", "50m"])
def test_crimea_is_drawn_in_ukraine_as_the_un_holds(scale):
    shapes = world_map(scale)
    simferopol, sevastopol = shapely.Point(34.10, 44.95), shapely.Point(33.52, 44.60)
    assert shapes.loc["UKR", "geometry"].contains(simferopol)
    assert not shapes.loc["RUS", "geometry"].contains(simferopol)
    assert shapes.loc["UKR", "geometry"].distance(sevastopol) < 0.1


def test_un_view_folds_somaliland_and_northern_cyprus():
    shapes = world_map("50m")
    assert shapes.loc["SOM", "geometry"].contains(shapely.Point(44.06, 9.56))  # Hargeisa
    assert shapes.loc["CYP", "geometry"].contains(shapely.Point(33.92, 35.12))  # Famagusta


def test_neighbours_are_symmetric(table):
    for iso3, ns in table.neighbours.items():
        for other in ns:
            assert iso3 in table.loc[other, "neighbours"], (iso3, other)
    assert (table.neighbour_count == table.neighbours.map(len)).all()


def test_neighbours_agree_with_the_50m_geometry(table):
    shapes = world_map("50m")
    shapes = shapes[shapes.playable]
    geometries = shapes.geometry.values
    tree = shapely.STRtree(geometries)
    touching = set()
    for i, geom in enumerate(geometries):
        for j in tree.query(geom):
            a, b = shapes.index[i], shapes.index[j]
            if a < b and shapely.intersection(geom.boundary, geometries[j].boundary).length > 0:
                touching.add((a, b))
    listed = pairs(table.neighbours)
    assert touching - listed == set()
    assert listed - touching == BORDERS_TOO_SMALL_FOR_50M


def test_neighbour_spot_facts(table):
    assert set(table.loc["BOL", "neighbours"]) == {"ARG", "BRA", "CHL", "PER", "PRY"}
    assert set(table.loc["XKX", "neighbours"]) == {"ALB", "MKD", "MNE", "SRB"}
    assert "FRA" in table.loc["BRA", "neighbours"]  # French Guiana is part of France
    assert table.loc["AUS", "neighbours"] == ()
    # Western Sahara is not Morocco's under the UN view, so Morocco and Mauritania do not touch.
    assert "MRT" not in table.loc["MAR", "neighbours"]


@pytest.mark.parametrize(
    ("iso3", "capital", "others"),
    [
        ("BOL", "Sucre", {"La Paz"}),
        ("MMR", "Naypyidaw", {"Nay Pyi Taw"}),
        ("CIV", "Yamoussoukro", {"Abidjan"}),
        ("NLD", "Amsterdam", {"The Hague"}),
        ("ZAF", "Pretoria", {"Cape Town", "Bloemfontein"}),
        ("FRA", "Paris", set()),
    ],
)
def test_capital_spot_facts(table, iso3, capital, others):
    assert table.loc[iso3, "capital"] == capital
    assert others <= set(table.loc[iso3, "capital_aliases"])
    assert "Rangoon" not in table.loc["MMR", "capital_aliases"]


def test_capital_coordinates_lie_in_or_near_their_country(table):
    shapes = world_map("50m")
    far = []
    for iso3, row in table.iterrows():
        point = shapely.Point(row.capital_lon, row.capital_lat)
        if shapes.loc[iso3, "geometry"].distance(point) > 0.2:
            far.append(iso3)
    assert far == []


@pytest.mark.parametrize(
    ("text", "iso3"),
    [
        ("cote d'ivoire", "CIV"),
        ("Côte d’Ivoire", "CIV"),
        ("Ivory Coast", "CIV"),
        ("the netherlands", "NLD"),
        ("Burma", "MMR"),
        ("Swaziland", "SWZ"),
        ("Czech Republic", "CZE"),
        ("turkey", "TUR"),
        ("Türkiye", "TUR"),
        ("DEU", "DEU"),
        ("de", "DEU"),
        ("  FRANCE ", "FRA"),
    ],
)
def test_find_country_accepts_names_aliases_and_codes(text, iso3):
    assert find_country(text) == iso3


def test_find_country_suggests_the_closest_name():
    with pytest.raises(
        UnknownCountryError, match=r"No country called 'Frnace'\. Did you mean France\?"
    ):
        find_country("Frnace")
    with pytest.raises(LookupError):
        find_country("Atlantis")


def test_statistic_rejects_unknown_keys_with_a_suggestion():
    assert statistic("life_expectancy")["rank1"] == "highest"
    with pytest.raises(UnknownStatisticError, match="Did you mean 'life_expectancy'"):
        statistic("life_expectancy2")


def test_world_map_rejects_other_scales():
    with pytest.raises(ValueError, match="110m, 50m"):
        world_map("10m")


def test_cache_cannot_be_corrupted():
    first = countries()
    first.loc["FRA", "capital"] = "Lyon"
    first.loc["FRA", "neighbours"] = ("XXX",)
    first.loc["DEU", "name"] = "changed"
    again = countries()
    assert again.loc["FRA", "capital"] == "Paris"
    assert again.loc["DEU", "name"] == "Germany"
    assert "XXX" not in again.loc["FRA", "neighbours"]
    stats = statistics()
    stats.loc["population", "label"] = "changed"
    assert statistics().loc["population", "label"] == "Population"
    shapes = world_map()
    shapes.loc["FRA", "name"] = "changed"
    assert world_map().loc["FRA", "name"] == "France"


def test_statistics_catalogue_and_coverage(table):
    catalogue = statistics()
    assert len(catalogue) >= 12
    assert set(catalogue.rank1) <= {"highest", "lowest"}
    assert catalogue.year.between(2015, 2026).all()
    for key, row in catalogue.iterrows():
        assert key in table.columns, key
        assert table[key].notna().sum() >= 175, key
        assert row.label and row.unit and row.source and row.description
        if f"{key}_year" in table:
            years = table[f"{key}_year"].dropna()
            # Mostly recent; the Factbook keeps a few old estimates (Palau internet users: 2004).
            assert years.between(2000, 2026).all(), key
            assert years.empty or (years >= 2018).mean() > 0.95, key


def test_statistics_are_plausible(table):
    assert table.population.idxmax() in {"IND", "CHN"}
    assert table.area_km2.idxmax() == "RUS"
    assert table.area_km2.idxmin() == "VAT"
    assert table.highest_point_m.idxmax() in {"NPL", "CHN"}
    assert table.life_expectancy.between(40, 95).all() or table.life_expectancy.isna().any()
    assert table.loc[table.neighbour_count.idxmax(), "name"] in {"China", "Russia"}
    assert table.loc["MNG", "coastline_km"] == 0
    density = table.population / table.area_km2
    assert (table.population_density - density).abs().max() < 0.1


def test_factbook_and_pyworldatlas_agree_on_area_and_population(table):
    both = table.dropna(subset=["atlas_area_km2", "atlas_population"])
    assert len(both) >= 190
    area_ratio = both.area_km2 / both.atlas_area_km2
    assert (area_ratio.sub(1).abs() < 0.05).mean() > 0.95
    pop_ratio = both.population / both.atlas_population
    assert (pop_ratio.sub(1).abs() < 0.25).mean() > 0.9


def test_prominence_grades_big_well_known_countries_first(table):
    assert table.prominence.rank(ascending=False).loc[["USA", "CHN", "IND", "BRA"]].max() <= 10
    assert table.loc["TUV", "prominence"] < table.loc["FRA", "prominence"]


@pytest.mark.slow
def test_build_is_byte_identical_on_rerun(tmp_path):
    names = ["countries.csv", "statistics.csv", "world_110m.geojson", "world_50m.geojson"]
    # Rebuild into a copy of the repository, never into the checkout's own data/.
    copy = repository_copy(tmp_path)
    for _ in range(2):
        rebuild(copy, "build_world.py")
        assert differing(copy, names) == []


def test_map_files_are_small():
    assert (ROOT / "data" / "world_110m.geojson").stat().st_size < 600_000
    assert (ROOT / "data" / "world_50m.geojson").stat().st_size < 4_000_000


def test_holland_is_the_netherlands() -> None:
    # Students say "Holland"; the kit must not suggest Poland.
    assert find_country("Holland") == "NLD"


def test_statistics_are_in_the_units_the_catalogue_states() -> None:
    # A unit slip (tonnes shown as "million tonnes") teaches a figure a million times off.
    table = countries()
    catalogue = statistics()
    assert "million" in catalogue.loc["co2_mt", "unit"]
    assert 1_000 < table.loc["USA", "co2_mt"] < 20_000
    assert table["co2_mt"].max() < 50_000
