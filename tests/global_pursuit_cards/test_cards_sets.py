"""The four card sets: real data, clipped exactly to the card, in four blues."""

import numpy as np
import pandas as pd
import pytest
import shapely
from matplotlib.colors import to_rgb

from geoteach.data._paths import data_path
from geoteach.games.global_pursuit import dodecahedron as d
from geoteach.render import globe_card_layers as cardsets


def test_four_sets_four_distinguishable_blues():
    blues = [np.array(to_rgb(cardsets.OCEAN[s])) for s in cardsets.SETS]
    for i in range(4):
        assert blues[i][2] >= blues[i][0]  # blue is the strongest channel
        for j in range(i + 1, 4):
            assert np.abs(blues[i] - blues[j]).sum() > 0.1


def test_unknown_set_names_the_four():
    with pytest.raises(cardsets.UnknownSetError, match="People and Places"):
        cardsets.check_set("Pirates")
    assert cardsets.check_set("planet earth") == "Planet Earth"


def test_at_least_ten_explorer_journeys_with_sources():
    routes = cardsets.explorer_routes()
    assert routes.groupby(["explorer", "journey"]).ngroups >= 10
    assert routes["source"].str.len().min() > 10
    assert routes["lat"].between(-90, 90).all() and routes["lon"].between(-180, 180).all()
    for _, stops in routes.groupby(["explorer", "journey"]):
        assert list(stops["order"]) == list(range(1, len(stops) + 1))


def test_explorer_stops_match_the_city_table_where_named():
    """Hand-typed stops that are big cities lie within 50 km of GeoNames's coordinates."""
    routes, cities = cardsets.explorer_routes(), cardsets.globe_cities()
    both = routes.merge(cities, left_on="place", right_on="name", suffixes=("", "_city"))
    assert len(both) >= 2
    for _, row in both.iterrows():
        assert abs(row["lat"] - row["lat_city"]) < 0.5 and abs(row["lon"] - row["lon_city"]) < 0.5


def test_curated_tables_carry_sources():
    for table in (cardsets.globe_features(), cardsets.continent_points()):
        assert table["source"].notna().all() and (table["source"].str.len() > 10).all()
    assert set(cardsets.globe_features()["kind"]) == set(cardsets.FEATURE_COLOURS)


def test_products_come_from_the_factbook_fields():
    products = cardsets.country_products()
    assert set(products["product"]) <= set(cardsets.PRODUCTS)
    fields = {"Natural resources", "Agricultural products", "Exports - commodities"}
    assert set(products["field"]) == fields
    # Exports count for raw goods only (issue 36): coffee, cocoa, cotton, crude petroleum.
    exported = products[products["field"] == "Exports - commodities"]
    assert set(exported["product"]) <= {"coffee", "cocoa", "cotton", "oil"}
    saudi = products[(products["iso3"] == "SAU") & (products["field"] == "Natural resources")]
    assert saudi["product"].iloc[0] == "oil"
    # Factbook: Brazil "sugarcane, soybeans, maize, ..."; Cote d'Ivoire "cocoa beans, ...".
    for iso3, first in (("BRA", "sugar cane"), ("CIV", "cocoa")):
        farm = products[(products["iso3"] == iso3) & (products["field"] == "Agricultural products")]
        assert farm["product"].iloc[0] == first


def test_palm_oil_is_not_petroleum():
    import importlib.util
    from pathlib import Path

    path = Path(__file__).resolve().parents[2] / "scripts" / "build_globe_cards.py"
    spec = importlib.util.spec_from_file_location("build_globe_cards", path)
    build = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(build)
    assert build._category("palm oil") is None
    assert build._category("crude oil") == "oil"
    assert build._category("petroleum") == "oil"


def test_longitude_offset_is_the_best_of_the_scan():
    scan = pd.read_csv(data_path("globe_offset_scan.csv"))
    assert list(scan["offset_deg"]) == list(range(120))
    best = scan.loc[scan["edge_km_over_land"].idxmin(), "offset_deg"]
    assert best == d.LONGITUDE_OFFSET
    assert cardsets.land_on_edges_km(d.LONGITUDE_OFFSET) == pytest.approx(
        scan["edge_km_over_land"].min(), abs=0.1
    )


@pytest.mark.parametrize("set_name", cardsets.SETS)
def test_everything_on_a_card_lies_on_the_card(set_name):
    for face in (0, 4, 10):
        layers = cardsets.card_layers(set_name, face)
        card = d.face_polygon_xy(face).buffer(1e-9)
        for geom, *_ in layers.areas + layers.lines:
            assert card.contains(geom)
        for x, y, *_ in layers.labels:
            assert card.contains(shapely.Point(x, y))


def test_every_card_shows_the_equator_or_a_polar_circle():
    for face in d.FACES:
        lines = cardsets.card_layers("People and Places", face).lines
        heavy = [g for g, _, width, _ in lines if width > 1]
        assert bool(heavy) == (not d.is_polar(face))
        assert lines  # tropics or polar circles cross every card


def test_a_border_crossing_an_edge_meets_the_neighbour_at_the_same_point():
    """Country outlines leave one card and enter the next at the same lat/lon."""
    matched = 0
    for face in (3, 6):
        for edge in range(5):
            other, other_edge = d.neighbour(face, edge)
            here = _edge_hits(face, edge)
            there = _edge_hits(other, other_edge)
            if len(here) == 0:
                continue
            for p in here:
                assert np.min(np.abs(there - p).max(axis=1)) < 1e-6
                matched += 1
    assert matched > 5


def _edge_hits(face, edge):
    corners = np.asarray(d.face_polygon_xy(face).exterior.coords)
    side = shapely.LineString([corners[edge], corners[edge + 1]])
    hits = []
    for geom, *_ in cardsets.card_layers("People and Places", face).areas:
        for pt in shapely.get_coordinates(geom):
            if side.distance(shapely.Point(pt)) < 1e-9:
                hits.append(pt)
    if not hits:
        return np.zeros((0, 2))
    lat, lon = d.from_card(face, *np.asarray(hits).T)
    out = np.unique(np.round(np.column_stack([lat, (lon + 180) % 360 - 180]), 7), axis=0)
    # The corners of the card are on every side: leave them out.
    corner_ll = np.array([d.vertices(face)[edge], d.vertices(face)[(edge + 1) % 5]])
    keep = [p for p in out if np.abs(corner_ll - p).max(axis=1).min() > 1e-6]
    return np.array(keep).reshape(-1, 2)
