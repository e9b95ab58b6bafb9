"""World Bank downloads become rankable statistics (fixture values are made up)."""

import csv
import io
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


# ----- issue 12, item 9: Excel's encodings and separators are read; bad files are named -----

FRENCH = "Tourisme international, nombre d’arrivées (arrivées)"


def resaved(delimiter: str, name: str = FRENCH, quote_all: bool = True) -> str:
    """The fixture as a spreadsheet writes it again: another separator, quotes only if needed."""
    text = FIXTURE.read_text(encoding="utf-8-sig").replace(
        "International tourism, number of arrivals", name
    )
    out = io.StringIO()
    quoting = csv.QUOTE_ALL if quote_all else csv.QUOTE_MINIMAL
    writer = csv.writer(out, delimiter=delimiter, quoting=quoting, lineterminator="\r\n")
    writer.writerows(csv.reader(io.StringIO(text)))
    return out.getvalue()


def fixture_lines() -> list[str]:
    return FIXTURE.read_text(encoding="utf-8-sig").splitlines(keepends=True)


def write_bytes(tmp_path: Path, data: bytes, name: str = "API_ST.INT.ARVL.csv") -> Path:
    path = tmp_path / name
    path.write_bytes(data)
    return path


@pytest.mark.parametrize(
    ("data", "label"),
    [
        (resaved(",").encode("utf-8-sig"), FRENCH),
        (resaved(",").encode("utf-8"), FRENCH),
        # Excel "Unicode Text": UTF-16 with a byte-order mark, tabs, quotes only where needed.
        (resaved("\t", quote_all=False).encode("utf-16"), FRENCH),
        # Excel "CSV (Comma delimited)" on Windows: cp1252, whose ’ Latin-1 does not have.
        (resaved(",", quote_all=False).encode("cp1252"), FRENCH),
        (resaved(",", FRENCH.replace("’", "'")).encode("latin-1"), FRENCH.replace("’", "'")),
        # European Excel: semicolons, and a decimal comma in the values.
        (
            resaved(";", quote_all=False).replace(";80000000;", ";80000000,5;").encode("cp1252"),
            FRENCH,
        ),
    ],
    ids=["utf-8-bom", "utf-8", "utf-16-tabs", "cp1252", "latin-1", "semicolons"],
)
def test_the_encodings_and_separators_spreadsheets_write_are_read(
    tmp_path: Path, data: bytes, label: str
) -> None:
    stat = load_worldbank_csv(write_bytes(tmp_path, data), keep=COUNTRIES)
    assert (stat.label, stat.unit, stat.year) == (label, "arrivées", 2022)
    assert stat.ranking().index.tolist() == ["FRA", "ESP", "ITA", "JPN", "ABW"]
    assert stat.values["ESP"] == 71_000_000
    assert stat.values["FRA"] == (80_000_000.5 if b"80000000,5" in data else 80_000_000)


def problem_of(path: Path, **options) -> str:
    with pytest.raises(WorldBankFileError) as error:
        load_worldbank_csv(path, keep=COUNTRIES, **options)
    (problem,) = error.value.problems
    return problem


def test_binary_files_workbooks_folders_and_empty_files_are_named(tmp_path: Path) -> None:
    binary = write_bytes(tmp_path, bytes(range(256)) * 20)
    assert problem_of(binary).startswith("API_ST.INT.ARVL.csv: this is not a text file")
    workbook = write_bytes(tmp_path, b"PK\x03\x04\x14\x00" + bytes(range(256)), "API_x.xlsx")
    assert problem_of(workbook).startswith("API_x.xlsx: this is a spreadsheet workbook")
    assert problem_of(tmp_path).startswith(f"{tmp_path.name}: this is a folder, not a file")
    empty = write_bytes(tmp_path, b"", "API_empty.csv")
    assert problem_of(empty).startswith("API_empty.csv: the file is empty; download the")


def test_an_empty_indicator_name_is_named_by_line(tmp_path: Path) -> None:
    lines = fixture_lines()
    lines[5] = lines[5].replace('"International tourism, number of arrivals"', '""')
    path = write_bytes(tmp_path, "".join(lines).encode())
    assert problem_of(path) == (
        f"{path.name}, line 6, column 'Indicator Name': this row has no indicator name, got ''"
    )
    every = FIXTURE.read_text(encoding="utf-8-sig").replace(
        '"International tourism, number of arrivals"', '""'
    )
    with pytest.raises(WorldBankFileError) as error:
        load_worldbank_csv(write_bytes(tmp_path, every.encode()), keep=COUNTRIES)
    assert error.value.problems[0].startswith(f"{path.name}, line 6, column 'Indicator Name'")
    assert len(error.value.problems) == len(lines) - 5


@pytest.mark.parametrize(
    ("old", "new", "line"),
    [
        # The case that was reported as "one file must hold one indicator, this one has 2".
        ('arrivals","ST.INT.ARVL"', 'arrivals"","ST.INT.ARVL"', 6),
        ('"ABW","International', '"ABW,"International', 6),
        ('"Euro area"', '"Euro" area', 8),
        ('"International tourism, number', "International tourism, number", 6),
    ],
    ids=["doubled", "not-closed", "quote-after-text", "not-opened"],
)
def test_an_unbalanced_quote_is_named_by_line(tmp_path: Path, old: str, new: str, line: int):
    lines = fixture_lines()
    lines[line - 1] = lines[line - 1].replace(old, new, 1)
    path = write_bytes(tmp_path, "".join(lines).encode())
    problem = problem_of(path)
    assert problem.startswith(f"{path.name}, line {line}: ")
    assert 'a quote mark (")' in problem


def test_damaged_rows_are_named_not_dropped(tmp_path: Path) -> None:
    lines = fixture_lines()
    lines[8] = lines[8].replace('"80000000"', '"80 million"')  # France, 2022
    lines.append(lines[5])  # Aruba twice
    lines.append(lines[9].replace("ST.INT.ARVL", "SP.POP.TOTL").replace('"ESP"', '"PRT"'))
    path = write_bytes(tmp_path, "".join(lines).encode())
    with pytest.raises(WorldBankFileError) as error:
        load_worldbank_csv(path, keep=COUNTRIES)
    assert error.value.problems == [
        f"{path.name}, line 9, column '2022': a value must be a number (with a decimal point) or "
        "empty, got '80 million'",
        f"{path.name}, line 15, column 'Country Code': ABW is already on line 6; keep one row "
        "per country",
        f"{path.name}, line 16, column 'Indicator Code': one file holds one indicator, but this "
        "row has 'SP.POP.TOTL' and line 6 has 'ST.INT.ARVL'; download each indicator as its own "
        "file",
    ]
