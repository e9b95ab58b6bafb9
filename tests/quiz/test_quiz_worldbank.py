"""World Bank downloads become rankable statistics (fixture values are made up)."""

from pathlib import Path

import pytest

from geoteach.quiz.worldbank import WorldBankFileError, load_worldbank_csv

FIXTURE = Path(__file__).parent / "fixtures" / "API_ST.INT.ARVL_DS2_en_csv_v2_FIXTURE.csv"
COUNTRIES = ["ABW", "FRA", "ESP", "ITA", "JPN", "KEN"]


def test_aggregates_dropped_and_latest_well_covered_year_chosen() -> None:
    stat = load_worldbank_csv(FIXTURE, keep=COUNTRIES, unit="arrivals")
    # 2023 has a value for France only (1 of 6 countries): too few for a fair comparison.
    assert stat.year == 2022
    assert set(stat.values.index) == {"ABW", "FRA", "ESP", "ITA", "JPN"}
    assert stat.values["FRA"] == 80_000_000
    assert (stat.key, stat.label, stat.unit, stat.rank1) == (
        "ST.INT.ARVL",
        "International tourism, number of arrivals",
        "arrivals",
        "highest",
    )
    assert "ST.INT.ARVL" in stat.source and FIXTURE.name in stat.source
    assert "2024-06-28" in stat.source
    assert stat.ranking().index.tolist() == ["FRA", "ESP", "ITA", "JPN", "ABW"]
    assert stat.ranking()["FRA"] == 1


def test_named_year_and_lowest_first() -> None:
    stat = load_worldbank_csv(FIXTURE, keep=COUNTRIES, year=2021, rank1="lowest", label="Tourists")
    assert stat.year == 2021 and stat.label == "Tourists"
    assert stat.values["KEN"] == 900_000
    assert stat.ranking().index[0] == "JPN"


def test_default_keeps_the_countries_of_geoteach_data() -> None:
    stat = load_worldbank_csv(FIXTURE)
    assert not {"WLD", "EMU", "AFE"} & set(stat.values.index)
    assert {"FRA", "ESP", "ITA", "JPN"} <= set(stat.values.index)


def test_unit_from_the_indicator_name(tmp_path: Path) -> None:
    text = FIXTURE.read_text(encoding="utf-8-sig").replace(
        "International tourism, number of arrivals", "GDP per capita (current US$)"
    )
    path = tmp_path / "API_NY.GDP.PCAP.CD_DS2_en_csv_v2_1.csv"
    path.write_text(text, encoding="utf-8")
    assert load_worldbank_csv(path, keep=COUNTRIES).unit == "current US$"


def test_files_in_another_layout_are_refused(tmp_path: Path) -> None:
    path = tmp_path / "tourists.csv"
    path.write_text("country,value\nFrance,1\n", encoding="utf-8")
    with pytest.raises(
        WorldBankFileError, match=r'tourists\.csv: no line starts with "Country Name"'
    ):
        load_worldbank_csv(path, keep=COUNTRIES)
    with pytest.raises(WorldBankFileError, match="no column for the year 1888"):
        load_worldbank_csv(FIXTURE, keep=COUNTRIES, year=1888)
