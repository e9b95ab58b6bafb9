"""Real, sourced geography data: countries, statistics, U.S. states and their maps.

Every loader is cached and returns a copy, so a notebook may change what it gets back
without changing what the games see. Files come from data/ (see data/SOURCES.md).

Layer: the bottom. May import the top-level helpers only; never another layer, nor
matplotlib.
"""

from __future__ import annotations

from geoteach._lazy import lazy_exports

_EXPORTS = {
    # The tables every game, screen and lesson reads: the raw ones (geoteach.data.world) with
    # the figures that are not ranked nor read out blanked, and each ranking's years.
    "countries": "geoteach.data.figures",
    "statistics": "geoteach.data.figures",
    "statistic": "geoteach.data.figures",
    "world_map": "geoteach.data.world",
    "find_country": "geoteach.data.world",
    "us_states": "geoteach.data.usa",
    "us_map": "geoteach.data.usa",
    "find_state": "geoteach.data.usa",
    "explorer_routes": "geoteach.data.curated",
    "country_products": "geoteach.data.curated",
    "globe_features": "geoteach.data.curated",
    "globe_cities": "geoteach.data.curated",
    "globe_continents": "geoteach.data.curated",
    "card_art": "geoteach.data.globe_cards",
    "relief_tile": "geoteach.data.globe_cards",
    "data_dir": "geoteach.data._paths",
    "data_path": "geoteach.data._paths",
    "maps": "geoteach.data.maps",
    "MapKind": "geoteach.data.maps",
    "map_kind": "geoteach.data.maps",
}

__all__, __getattr__, __dir__ = lazy_exports(__name__, _EXPORTS)
