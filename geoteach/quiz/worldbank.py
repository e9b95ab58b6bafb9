"""New statistics without Python: a World Bank indicator download becomes a rankable statistic.

A curriculum author downloads an indicator as CSV from the World Bank (for example
international tourist arrivals, ST.INT.ARVL, the Global Pursuit example category, for which no
offline package ships data) and passes the file to ``load_worldbank_csv``. The file keeps the
World Bank's own layout: a few metadata lines ("Data Source", "Last Updated Date"), then a
header ``"Country Name","Country Code","Indicator Name","Indicator Code","1960",...``.

The file may come straight from the World Bank or re-saved by a spreadsheet: UTF-8, UTF-16
("Unicode text", tab-separated), cp1252 or Latin-1; commas, semicolons or tabs, with a decimal
comma where the separator is not a comma (see ``geoteach.quiz.authorfiles``). Anything else, and
every damaged row, is refused with a ``WorldBankFileError`` naming the file, the line and the
column: a statistic that silently lost a country would rank the others wrongly.

House rules decided here:

* Aggregates ("World", "Euro area", "High income"...) are dropped: only codes that are countries
  of ``geoteach.data.countries()`` stay, so a ranking compares countries with countries.
* One year for everyone, so a comparison is fair: the latest year in which at least half of
  the countries with any value have one (``min_share``); countries without a value that year
  are left out. A teacher may name the ``year`` instead.
"""

from __future__ import annotations

import math
import re
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Literal

import pandas as pd
import pandera.pandas as pa

from geoteach.quiz.authorfiles import (
    AuthorFileError,
    Problem,
    csv_rows,
    display_name,
    raise_problems,
    read_text,
    schema_problems,
    sniff_delimiter,
)

Rank1 = Literal["highest", "lowest"]

#: Columns of the World Bank layout before the years.
COLUMNS: tuple[str, ...] = ("Country Name", "Country Code", "Indicator Name", "Indicator Code")
#: What to do when the file is not a World Bank indicator download.
DOWNLOAD = (
    "download the indicator from data.worldbank.org with 'Download: CSV' and use the file whose "
    "name starts with API_"
)
#: A year column: "1960" ... "2023".
YEAR = re.compile(r"^\d{4}$")
# A number as the World Bank writes it, or with a decimal comma (European spreadsheets).
_NUMBER = re.compile(r"^[+-]?(\d+([.,]\d*)?|[.,]\d+)([eE][+-]?\d+)?$")
# How the World Bank's DataBank marks a missing value.
_MISSING = ("", "..")


class WorldBankFileError(AuthorFileError):
    """A file that is not in the layout of a World Bank indicator download."""


def _is_value(text: str, decimal_comma: bool) -> bool:
    """A year cell is empty or a finite number (``decimal_comma``: "12,5" is 12.5)."""
    text = text.strip()
    if text in _MISSING:
        return True
    return bool(_NUMBER.match(text)) and (decimal_comma or "," not in text)


def _value(text: str) -> float:
    """The number in a year cell already checked by ``_is_value``; NaN when it is empty."""
    text = text.strip()
    return math.nan if text in _MISSING else float(text.replace(",", "."))


def _schema(decimal_comma: bool) -> pa.DataFrameSchema:
    """Cell checks of the rows below the header (pandera, every problem at once)."""

    def filled(what: str) -> pa.Column:
        check = pa.Check(lambda s: s.str.strip() != "", error=f"this row has no {what}")
        return pa.Column(str, check)

    mark = "a decimal comma or point" if decimal_comma else "a decimal point"
    return pa.DataFrameSchema(
        {
            "Country Code": filled("country code"),
            "Indicator Name": filled("indicator name"),
            "Indicator Code": filled("indicator code"),
            YEAR.pattern: pa.Column(
                str,
                pa.Check(
                    lambda s: s.map(lambda v: _is_value(v, decimal_comma)),
                    error=f"a value must be a number (with {mark}) or empty",
                ),
                regex=True,
            ),
        },
        strict=False,
    )


@dataclass
class Statistic:
    """Values of one statistic by country (iso3), with what a card needs to talk about it.

    ``rank1`` says which end is number 1: ``"highest"`` (most tourists first) or ``"lowest"``.
    """

    key: str
    label: str
    unit: str
    year: int
    source: str
    values: pd.Series
    rank1: Rank1 = "highest"
    #: iso3 -> the year of that country's value, where it differs from ``year`` or is known
    #: (a ranking spans at most a few years: ``geoteach.data.figures.MAX_AGE``).
    value_years: Mapping[str, int] = field(default_factory=dict)

    def year_of(self, iso3: str) -> int:
        """The year of one country's value (the statistic's year when it has none)."""
        return int(self.value_years.get(iso3, self.year))

    def ranking(self) -> pd.Series:
        """Rank of each country, 1 for the top; ties share the better rank."""
        ranks = self.values.rank(ascending=self.rank1 == "lowest", method="min")
        return ranks.astype(int).sort_values()


def _unit_from(label: str) -> str:
    match = re.search(r"\(([^()]*)\)\s*$", label)
    return match.group(1) if match else ""


def load_worldbank_csv(
    path: str | Path,
    *,
    key: str | None = None,
    label: str | None = None,
    unit: str | None = None,
    rank1: Rank1 = "highest",
    year: int | None = None,
    min_share: float = 0.5,
    keep: Iterable[str] | None = None,
) -> Statistic:
    """Read a World Bank indicator CSV (API_<code>_DS2_en_csv_v2_*.csv) as a ``Statistic``.

    ``label`` defaults to the file's "Indicator Name", ``key`` to its "Indicator Code", ``unit``
    to the words in brackets at the end of the name ("current US$"). ``keep`` lists the iso3
    codes to keep (default: every country of ``geoteach.data.countries()``).
    """
    path = Path(path).expanduser()
    name = display_name(path)
    table, meta = _read_table(path, name)
    years = [c for c in table.columns if YEAR.match(c)]
    code = table["Indicator Code"].iloc[0].strip()
    indicator_name = table["Indicator Name"].iloc[0].strip()
    if keep is None:
        from geoteach.data.figures import countries

        keep = countries().index
    table = table[table["Country Code"].str.strip().isin(set(keep))]
    table = table.set_index(table["Country Code"].str.strip())
    values = table[years].map(_value).astype(float)
    with_data = values.notna().any(axis=1).sum()
    if year is None:
        coverage = values.notna().sum()
        good = [y for y in years if with_data and coverage[y] >= min_share * with_data]
        if not good:
            raise WorldBankFileError(f"{name}: no country has a value in any year")
        column = good[-1]
    else:
        column = str(year)
        if column not in values:
            raise WorldBankFileError(f"{name}: there is no column for the year {year}")
    series = values[column].dropna()
    series.index.name = "iso3"
    updated = meta.get("Last Updated Date", "")
    source = f"World Bank, {meta.get('Data Source', 'World Development Indicators')}, {code}"
    source += f" (file {name}{', last updated ' + updated if updated else ''})"
    series.name = key or code
    return Statistic(
        key=key or code,
        label=label or indicator_name,
        unit=_unit_from(indicator_name) if unit is None else unit,
        year=int(column),
        source=source,
        values=series,
        rank1=rank1,
    )


def _read_table(path: Path, name: str) -> tuple[pd.DataFrame, dict[str, str]]:
    """The rows below the header (text, indexed by line) and the metadata lines above it.

    Raises ``WorldBankFileError`` with every problem found, each naming its line and column.
    """
    text = read_text(path, WorldBankFileError, legacy_encodings=True)
    if not text.strip():
        raise WorldBankFileError(f"{name}: the file is empty; {DOWNLOAD}")
    header_text = next(
        (line for line in text.splitlines() if line.lstrip('"').startswith("Country Name")), ""
    )
    delimiter = sniff_delimiter(header_text, COLUMNS)
    rows = csv_rows(text, name, WorldBankFileError, delimiter)
    top = next((i for i, (_, cells) in enumerate(rows) if cells[0].strip() == "Country Name"), None)
    if top is None:
        databank = any("Series Code" in (c.strip() for c in cells) for _, cells in rows[:5])
        hint = " (this looks like a DataBank table)" if databank else ""
        raise WorldBankFileError(f'{name}: no line starts with "Country Name"{hint}; {DOWNLOAD}')
    meta = {
        cells[0].strip(): cells[1].strip()
        for _, cells in rows[:top]
        if len(cells) >= 2 and cells[0].strip()
    }
    line, header = rows[top][0], [cell.strip() for cell in rows[top][1]]
    missing = [c for c in COLUMNS if c not in header]
    if missing:
        raise WorldBankFileError(
            f"{name}, line {line}: the columns {', '.join(missing)} are missing; {DOWNLOAD}"
        )
    twice = sorted({c for c in header if c and header.count(c) > 1})
    if twice:
        raise WorldBankFileError(
            f"{name}, line {line}: the column {twice[0]!r} appears twice; {DOWNLOAD}"
        )
    if not any(YEAR.match(c) for c in header):
        raise WorldBankFileError(f"{name}, line {line}: no year columns (1960, 1961...)")
    problems: list[Problem] = []
    named = [i for i, c in enumerate(header) if c]
    lines, cells_of = [], []
    for at, cells in rows[top + 1 :]:
        # Shorter rows lost empty cells at the end (older Excel does that); a longer row has
        # had a cell split in two, and every value after the split is in the wrong year.
        if len(cells) > len(header):
            problems.append(
                (
                    at,
                    f"{name}, line {at}: this row has {len(cells)} cells but the header on line "
                    f'{line} has {len(header)}; a quote mark (") is probably missing on this line',
                )
            )
            continue
        cells = cells + [""] * (len(header) - len(cells))
        lines.append(at)
        cells_of.append([cells[i] for i in named])
    if not lines and not problems:
        raise WorldBankFileError(f"{name}: there are no countries below the header on line {line}")
    table = pd.DataFrame(
        cells_of, columns=[header[i] for i in named], index=pd.Index(lines), dtype=str
    )
    # A decimal comma is unambiguous only where the comma does not separate cells.
    problems += schema_problems(_schema(decimal_comma=delimiter != ","), table, name)
    problems += _table_problems(name, table)
    raise_problems(problems, WorldBankFileError)
    return table, meta


def _table_problems(name: str, table: pd.DataFrame) -> list[Problem]:
    """One indicator per file, one row per country."""
    problems: list[Problem] = []
    codes = table["Indicator Code"].str.strip()
    codes = codes[codes != ""]  # an empty code is reported by the schema
    first_code = codes.iloc[0] if len(codes) else ""
    for at, code in codes[codes != first_code].items():
        problems.append(
            (
                at,
                f"{name}, line {at}, column 'Indicator Code': one file holds one indicator, but "
                f"this row has {code!r} and line {codes.index[0]} has {first_code!r}; download "
                "each indicator as its own file",
            )
        )
    countries = table["Country Code"].str.strip()
    first_line: dict[str, int] = {}
    for at, country in countries.items():
        if country and country in first_line:
            problems.append(
                (
                    at,
                    f"{name}, line {at}, column 'Country Code': {country} is already on line "
                    f"{first_line[country]}; keep one row per country",
                )
            )
        first_line.setdefault(country, at)
    return problems
