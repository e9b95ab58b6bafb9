"""New statistics without Python: a World Bank indicator download becomes a rankable statistic.

A curriculum author downloads an indicator as CSV from the World Bank (for example
international tourist arrivals, ST.INT.ARVL, the Global Pursuit example category, for which no
offline package ships data) and passes the file to ``load_worldbank_csv``. The file keeps the
World Bank's own layout: a few metadata lines ("Data Source", "Last Updated Date"), then a
header ``"Country Name","Country Code","Indicator Name","Indicator Code","1960",...``.

House rules decided here:

* Aggregates ("World", "Euro area", "High income"...) are dropped: only codes that are countries
  of ``geoteach.data.countries()`` stay, so a ranking compares countries with countries.
* One year for everyone, so a comparison is fair: the latest year in which at least half of
  the countries with any value have one (``min_share``); countries without a value that year
  are left out. A teacher may name the ``year`` instead.
"""

from __future__ import annotations

import csv
import io
import re
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path
from typing import Literal

import pandas as pd

Rank1 = Literal["highest", "lowest"]


class WorldBankFileError(ValueError):
    """A file that is not in the layout of a World Bank indicator download."""


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

    def ranking(self) -> pd.Series:
        """Rank of each country, 1 for the top; ties share the better rank."""
        ranks = self.values.rank(ascending=self.rank1 == "lowest", method="min")
        return ranks.astype(int).sort_values()


def _header_line(lines: list[str], name: str) -> int:
    for number, line in enumerate(lines):
        if line.lstrip("\ufeff").startswith(('"Country Name"', "Country Name")):
            return number
    raise WorldBankFileError(
        f'{name}: no line starts with "Country Name"; download the indicator from the World '
        "Bank as CSV and use the file whose name starts with API_"
    )


def _metadata(lines: list[str]) -> dict[str, str]:
    meta = {}
    for row in csv.reader(lines):
        if len(row) >= 2 and row[0].strip():
            meta[row[0].strip()] = row[1].strip()
    return meta


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
    path = Path(path)
    name = path.name
    try:
        lines = path.read_text(encoding="utf-8-sig").splitlines(keepends=True)
    except FileNotFoundError:
        raise WorldBankFileError(f"{name}: there is no such file ({path})") from None
    start = _header_line(lines, name)
    meta = _metadata(lines[:start])
    table = pd.read_csv(io.StringIO("".join(lines[start:])), dtype={"Country Code": str})
    table = table.loc[:, ~table.columns.str.startswith("Unnamed")]
    missing = {"Country Code", "Indicator Name", "Indicator Code"} - set(table.columns)
    if missing:
        raise WorldBankFileError(
            f"{name}, line {start + 1}: the columns {', '.join(sorted(missing))} are missing"
        )
    years = [c for c in table.columns if str(c).strip().isdigit()]
    if not years:
        raise WorldBankFileError(f"{name}, line {start + 1}: no year columns (1960, 1961...)")
    codes = table["Indicator Code"].dropna().unique()
    if len(codes) != 1:
        raise WorldBankFileError(
            f"{name}: one file must hold one indicator, this one has {len(codes)}"
        )
    if keep is None:
        from geoteach.data.world import countries

        keep = countries().index
    table = table[table["Country Code"].isin(set(keep))].set_index("Country Code")
    values = table[years].apply(pd.to_numeric, errors="coerce")
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
    indicator_name = str(table["Indicator Name"].dropna().iloc[0]) if len(table) else ""
    code = str(codes[0])
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
