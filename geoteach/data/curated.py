"""The curated and derived tables behind the game cards (each row or file has its source).

Explorer routes, country products, named physical features, big cities and continent labels
for Global Pursuit's map cards and trivia. Cached; every call returns a copy.
"""

from __future__ import annotations

from functools import cache

import pandas as pd

from geoteach.data._paths import data_path


@cache
def _table(name: str) -> pd.DataFrame:
    table = pd.read_csv(data_path(name), keep_default_na=False, na_values=[""])
    if "source" in table.columns and table["source"].isna().any():
        raise ValueError(f"data/{name}: every row needs a source (see data/SOURCES.md).")
    return table


def explorer_routes() -> pd.DataFrame:
    """Waypoints of famous explorers' first successful journeys, in travel order."""
    routes = _table("explorer_routes.csv").sort_values(["explorer", "journey", "order"])
    return routes.reset_index(drop=True)


def country_products() -> pd.DataFrame:
    """Resources and farm products per country (CIA World Factbook fields), one row each."""
    return _table("country_products.csv").copy(deep=True)


def globe_features() -> pd.DataFrame:
    """Named mountain ranges, deserts, grasslands and ice fields at label points."""
    return _table("globe_features.csv").copy(deep=True)


def globe_cities() -> pd.DataFrame:
    """The world's largest cities (GeoNames via pyworldatlas) drawn on the map cards."""
    return _table("globe_cities.csv").copy(deep=True)


def globe_continents() -> pd.DataFrame:
    """Continent names at curated label points."""
    return _table("globe_continents.csv").copy(deep=True)
