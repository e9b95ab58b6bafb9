"""The curated card tables: every row sourced, loaders cached but safe to change."""

from __future__ import annotations

import pytest

import geoteach.data as data

LOADERS = ["explorer_routes", "country_products", "globe_features", "globe_continents"]


@pytest.mark.parametrize("name", LOADERS)
def test_every_row_names_its_source(name: str) -> None:
    table = getattr(data, name)()
    assert len(table) > 0
    assert table["source"].astype(str).str.strip().ne("").all()


@pytest.mark.parametrize("name", [*LOADERS, "globe_cities"])
def test_a_caller_cannot_change_the_cached_table(name: str) -> None:
    first = getattr(data, name)()
    column = first.columns[0]
    first[column] = "changed"
    assert (getattr(data, name)()[column] != "changed").all()


def test_explorer_routes_are_in_travel_order() -> None:
    routes = data.explorer_routes()
    assert routes["explorer"].nunique() >= 10
    for _, stops in routes.groupby(["explorer", "journey"]):
        assert stops["order"].is_monotonic_increasing
        assert stops["lat"].between(-90, 90).all() and stops["lon"].between(-180, 180).all()


def test_products_refer_to_playable_countries() -> None:
    products = data.country_products()
    assert set(products["iso3"]) <= set(data.countries().index)
