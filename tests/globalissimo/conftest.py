"""A small country table for the rulebook's examples.

The numbers in the statistic columns are INVENTED: they only put the countries in the order the
rulebook's examples need. They are not real statistics and must never be shown as such. The
map numbers 54 (Hungary) and 70 (Libya) are the rulebook's own.
"""

from __future__ import annotations

import pandas as pd
import pytest

from geoteach.games.globalissimo import Atlas, Globalissimo
from geoteach.games.table import Table

NAN = float("nan")

# iso3, name, continent, region, capital, capital aliases, map number, prominence,
# tourists (invented), density (invented)
ROWS = [
    ("MEX", "Mexico", "North America", "Central America", "Mexico City", [], 11, 90, 600, 10),
    ("CHE", "Switzerland", "Europe", "Western Europe", "Bern", ["Berne"], 40, 80, 500, 20),
    ("NLD", "Netherlands", "Europe", "Western Europe", "Amsterdam", ["The Hague"], 38, 80, 400, 30),
    (
        "NZL",
        "New Zealand",
        "Oceania",
        "Australia and New Zealand",
        "Wellington",
        [],
        99,
        60,
        300,
        3,
    ),
    ("CUB", "Cuba", "North America", "Caribbean", "Havana", ["La Habana"], 15, 50, 200, 4),
    ("BOL", "Bolivia", "South America", "South America", "Sucre", ["La Paz"], 25, 30, 100, 50),
    ("AUS", "Australia", "Oceania", "Australia and New Zealand", "Canberra", [], 98, 95, 150, 1),
    ("RUS", "Russia", "Europe", "Eastern Europe", "Moscow", [], 60, 99, 250, 50),
    ("TCD", "Chad", "Africa", "Middle Africa", "N'Djamena", [], 75, 10, NAN, 12),
    ("HUN", "Hungary", "Europe", "Eastern Europe", "Budapest", [], 54, 40, 350, 6),
    ("LBY", "Libya", "Africa", "Northern Africa", "Tripoli", [], 70, 20, 50, 2),
    ("JPN", "Japan", "Asia", "Eastern Asia", "Tokyo", [], 90, 97, 700, 40),
    ("BRA", "Brazil", "South America", "South America", "Brasília", [], 30, 96, 450, 8),
    ("EGY", "Egypt", "Africa", "Northern Africa", "Cairo", [], 72, 85, 320, 9),
    ("CAN", "Canada", "North America", "Northern America", "Ottawa", [], 5, 94, 550, 0.5),
    ("IND", "India", "Asia", "Southern Asia", "New Delhi", [], 85, 98, 330, 45),
    ("FRA", "France", "Europe", "Western Europe", "Paris", [], 42, 99, 800, 35),
    ("AUT", "Austria", "Europe", "Western Europe", "Vienna", [], 50, 70, 380, 36),
]

#: Countries whose invented values are dated a year or two before the others'.
OLDER = {"MEX", "JPN", "BOL", "FRA"}


def fixture_atlas() -> Atlas:
    countries = pd.DataFrame(
        [
            {
                "iso3": r[0],
                "name": r[1],
                "aliases": ["Holland"] if r[0] == "NLD" else [],
                "continent": r[2],
                "region": r[3],
                "capital": r[4],
                "capital_aliases": r[5],
                "map_number": r[6],
                "prominence": r[7],
                "tourists": r[8],
                "density": r[9],
                # Each value's own year (invented too): most 2020, a few older.
                "tourists_year": 2018 if r[0] in OLDER else 2020,
                "density_year": 2019 if r[0] in OLDER else 2020,
            }
            for r in ROWS
        ]
    ).set_index("iso3")
    statistics = pd.DataFrame(
        [
            {
                "key": "tourists",
                "label": "Tourists from abroad",
                "unit": "visitors",
                "year": 2020,
                "source": "invented for tests",
                "rank1": "highest",
                "description": "Visitors from other countries.",
            },
            {
                "key": "density",
                "label": "Population density",
                "unit": "people per km²",
                "year": 2020,
                "source": "invented for tests",
                "rank1": "highest",
                "description": "People per square kilometre.",
            },
        ]
    ).set_index("key")
    return Atlas(countries, statistics)


ATLAS = fixture_atlas()


@pytest.fixture
def atlas() -> Atlas:
    return ATLAS


@pytest.fixture
def fixture_by_default(monkeypatch: pytest.MonkeyPatch) -> None:
    """Games loaded from JSON in these tests read the fixture table, not geoteach.data."""
    monkeypatch.setattr(Atlas, "default", staticmethod(lambda: ATLAS))


def new_game(*names: str, seed: int = 1, **options) -> Globalissimo:
    return Globalissimo(Table.of(*names), seed=seed, atlas=ATLAS, **options)


def stack(game: Globalissimo, countries: list[str], category: str, top: list[str] = ()) -> None:
    """Deal this round's cards by hand and put ``top`` on the country deck (as a dealer would)."""
    previous = game.round["countries"]
    game.round["countries"] = list(countries)
    game.round["category"] = category
    rest = [c for c in game.country_deck.cards + previous if c not in (*countries, *top)]
    game.country_deck.cards = [*top, *rest]
    game.country_deck.discards = [c for c in game.country_deck.discards if c not in countries]
