"""The one way a country's figure reaches a student: checked, with its year, or not at all.

Every game, screen, lesson and handout that ranks a country's statistic or reads one out gets
it from here (``countries``/``country_rows`` for the values, ``statistics``/``statistic_rows``
for the catalogue), never from ``geoteach.data.world`` or ``geoteach.data.rows`` directly:
``tests/data/test_figures.py`` fails when a module outside geoteach.data reads the raw tables.
The tables here are the raw ones with every *withheld* figure blanked (its value and its year),
so a withheld figure is neither ranked (Globalissimo's category cards, the quiz's comparisons)
nor read out ("Did you know?", the lessons' discussion questions, the handouts).

A figure is withheld by one of these rules (data/SOURCES.md, "Figures: one path, a second
source and the rules", lists each decision and what it dropped):

* ``convention``: data/quiz_conventions.csv marks it ``not_asked`` (Israel's highest point is on
  the Golan Heights, Morocco's coastline includes Western Sahara's).
* ``second source``: the Factbook's population or GDP disagrees with the World Bank's estimate
  that Natural Earth carries (data/world_bank_estimates.csv), or its population with GeoNames'
  (``atlas_population``). A population may have grown since the older figure, so it is
  withheld when it is more than ``SOURCES_AGREE`` (15%) below the older figure, or above it by
  more than 15% and, for every year between them, the country's births (its Factbook birth
  rate) plus ``ARRIVALS_PER_YEAR`` (1%) of newcomers (Kuwait's 3.17 M in 2025 against 4.21 M in
  2019; the Marshall Islands' 82,011 against 58,791; Georgia's 4.9 M with Abkhazia and South
  Ossetia against 3.7 M without). A GDP in current dollars may grow or fall with prices and exchange
  rates, so it is withheld when it is more than ``GDP_FACTOR`` (2) times the World Bank's, or
  less than half (Cuba's $259.8 bn, pesos at the official rate, against $100 bn). A figure
  made from a withheld one is withheld with it (population density from population).
* ``plausibility``: GDP per person (PPP) more than ``PPP_FACTOR`` (8) times the World Bank's
  GDP per person in current dollars, or less than it divided by 1.5 (prices are lower, not
  higher, in poorer countries, by at most a factor of about 4).
* ``year``: the value is more than ``MAX_AGE`` (3) years older than the newest value of its
  statistic (Palau's internet users, a 2004 figure, in a ranking of 2023 and 2024 values).
  So no ranking mixes values more than three years apart; ``years`` in the catalogue says
  which years it spans.

Plain Python over the kept rows (``geoteach.data.rows``): a student's kernel loads no pandas
for it (issue 24); ``countries()`` and ``statistics()`` are the same tables as DataFrames.
"""

from __future__ import annotations

import csv
import math
from collections.abc import Mapping
from dataclasses import dataclass
from functools import cache
from types import MappingProxyType
from typing import TYPE_CHECKING, Any

from geoteach.data._paths import data_path
from geoteach.data.rows import country_rows as _raw_country_rows
from geoteach.data.rows import statistic_rows as _raw_statistic_rows

if TYPE_CHECKING:  # pandas only for the DataFrame views
    import pandas as pd

__all__ = [
    "ARRIVALS_PER_YEAR",
    "GDP_FACTOR",
    "MAX_AGE",
    "PPP_FACTOR",
    "SOURCES_AGREE",
    "Withheld",
    "countries",
    "country_rows",
    "statistic",
    "statistic_rows",
    "statistics",
    "withheld",
]

#: Two population figures of the same year further apart than this share are not both believed.
SOURCES_AGREE = 0.15
#: How much a population may grow in a year on top of its births, by people moving in.
ARRIVALS_PER_YEAR = 0.01
#: The birth rate assumed where the Factbook gives none (per 1,000 people; about the highest).
HIGHEST_BIRTH_RATE = 45.0
#: A GDP in current dollars further than this factor from the World Bank's is not believed.
GDP_FACTOR = 2.0
#: GDP per person at PPP may exceed the one in current dollars by at most this factor.
PPP_FACTOR = 8.0
#: ... and fall short of it by at most this one (prices in the richest countries).
PPP_BELOW = 1.5
#: A value more than this many years older than its statistic's year is not used.
MAX_AGE = 3
#: GeoNames' populations (pyworldatlas 0.10.0) date from about this year.
GEONAMES_YEAR = 2018
#: Figures made from another: withheld with it.
DERIVED = {"population_density": ("population",)}
#: The rules, in the order they are applied (a figure is withheld by the first that applies).
RULES = ("convention", "second source", "plausibility", "year")

Row = Mapping[str, Any]


@dataclass(frozen=True)
class Withheld:
    """Why one country's figure is not used: the rule and a sentence a teacher can check."""

    rule: str
    reason: str


def _number(value: Any) -> float | None:
    if value is None or value == "":
        return None
    number = float(value)
    return None if math.isnan(number) else number


@cache
def _second_source() -> dict[str, dict[str, float | None]]:
    """data/world_bank_estimates.csv (scripts/build_world_bank_estimates.py), by iso3."""
    with data_path("world_bank_estimates.csv").open(encoding="utf-8", newline="") as handle:
        return {
            row["iso3"]: {key: _number(value) for key, value in row.items() if key != "iso3"}
            for row in csv.DictReader(handle)
        }


@cache
def _conventions() -> dict[tuple[str, str], str]:
    """(iso3, statistic) -> why data/quiz_conventions.csv says it is never read out."""
    with data_path("quiz_conventions.csv").open(encoding="utf-8", newline="") as handle:
        return {
            (row["iso3"], row["about"]): row["text"]
            for row in csv.DictReader(handle)
            if row["rule"] == "not_asked"
        }


def _population_apart(
    ours: float, year: float, theirs: float, their_year: float, birth_rate: float | None
) -> bool:
    """More than 15% below the older figure, or above it by more than growth explains."""
    years = max(0.0, year - their_year)
    births = (HIGHEST_BIRTH_RATE if birth_rate is None else birth_rate) / 1000
    high = (1 + SOURCES_AGREE) * (1 + births + ARRIVALS_PER_YEAR) ** years
    return not (1 - SOURCES_AGREE) * theirs <= ours <= high * theirs


def _second_source_reason(iso3: str, key: str, row: Row) -> str | None:
    value, year = _number(row.get(key)), _number(row.get(f"{key}_year"))
    other = _second_source().get(iso3, {})
    theirs, their_year = other.get(key), other.get(f"{key}_year")
    if value is None or year is None:
        return None
    if key == "population":
        births = _number(row.get("birth_rate"))
        if (
            theirs is not None
            and their_year is not None
            and _population_apart(value, year, theirs, their_year, births)
        ):
            return (
                f"{value:,.0f} ({year:.0f}, CIA World Factbook) against {theirs:,.0f} "
                f"({their_year:.0f}, World Bank via Natural Earth)"
            )
        geonames = _number(row.get("atlas_population"))
        if geonames is not None and _population_apart(value, year, geonames, GEONAMES_YEAR, births):
            return (
                f"{value:,.0f} ({year:.0f}, CIA World Factbook) against {geonames:,.0f} "
                f"(about {GEONAMES_YEAR}, GeoNames)"
            )
    if (
        key == "gdp_usd"
        and theirs is not None
        and their_year is not None
        and not theirs / GDP_FACTOR <= value <= theirs * GDP_FACTOR
    ):
        return (
            f"${value / 1e9:,.1f} bn ({year:.0f}, CIA World Factbook) against "
            f"${theirs / 1e9:,.1f} bn ({their_year:.0f}, World Bank via Natural Earth)"
        )
    return None


def _plausibility_reason(iso3: str, key: str, row: Row) -> str | None:
    if key != "gdp_per_capita_usd":
        return None
    ppp = _number(row.get(key))
    other = _second_source().get(iso3, {})
    gdp, people = other.get("gdp_usd"), other.get("population")
    if ppp is None or not gdp or not people:
        return None
    nominal = gdp / people
    if not nominal / PPP_BELOW <= ppp <= nominal * PPP_FACTOR:
        return (
            f"${ppp:,.0f} a person at PPP against ${nominal:,.0f} in current dollars "
            f"(World Bank via Natural Earth): more than {PPP_FACTOR:g} times, or less than "
            f"1/{PPP_BELOW:g}"
        )
    return None


def _newest_year(key: str) -> float | None:
    """The year of the newest value of ``key`` (the Factbook's catalogue year may be older)."""
    years = [_number(row.get(f"{key}_year")) for row in _raw_country_rows().values()]
    known = [year for year in years if year is not None]
    return max(known) if known else None


def _year_reason(key: str, row: Row, statistic_year: float | None) -> str | None:
    year = _number(row.get(f"{key}_year"))
    if year is None or statistic_year is None or year >= statistic_year - MAX_AGE:
        return None
    return (
        f"a {year:.0f} value, more than {MAX_AGE} years older than the ranking's newest "
        f"({statistic_year:.0f})"
    )


@cache
def withheld() -> Mapping[tuple[str, str], Withheld]:
    """(iso3, statistic) -> why that figure is neither ranked nor read out (module notes)."""
    statistics = _raw_statistic_rows()
    newest = {key: _newest_year(key) for key in statistics}
    found: dict[tuple[str, str], Withheld] = {}
    for iso3, row in _raw_country_rows().items():
        for key in statistics:
            if _number(row.get(key)) is None:
                continue
            reasons = (
                _conventions().get((iso3, key)),
                _second_source_reason(iso3, key, row),
                _plausibility_reason(iso3, key, row),
                _year_reason(key, row, newest[key]),
            )
            for rule, reason in zip(RULES, reasons, strict=True):
                if reason:
                    found[(iso3, key)] = Withheld(rule, reason)
                    break
        for key, bases in DERIVED.items():
            base = next((b for b in bases if (iso3, b) in found), None)
            if base and (iso3, key) not in found and _number(row.get(key)) is not None:
                rule = found[(iso3, base)].rule
                found[(iso3, key)] = Withheld(rule, f"made from the {base} figure, withheld")
    return MappingProxyType(found)


#: Facts kept although their figure is withheld: (column added, the figure it comes from).
#: Morocco has a sea coast, whatever the length of the coast the map draws.
YES_NO = {"sea_coast": "coastline_km"}


def _yes_no(row: Row) -> dict[str, bool | None]:
    out: dict[str, bool | None] = {}
    for column, key in YES_NO.items():
        value = _number(row.get(key))
        out[column] = None if value is None else value > 0
    return out


def _blanked(iso3: str, row: Row) -> Row:
    gone = [key for key in _raw_statistic_rows() if (iso3, key) in withheld()]
    out = dict(row) | _yes_no(row)
    for key in gone:
        out[key] = None
        if f"{key}_year" in out:
            out[f"{key}_year"] = None
    return MappingProxyType(out)


@cache
def country_rows() -> Mapping[str, Row]:
    """The countries as plain rows (``geoteach.data.rows``), withheld figures as ``None``."""
    return MappingProxyType({iso3: _blanked(iso3, r) for iso3, r in _raw_country_rows().items()})


def _years(key: str) -> str:
    """The years a ranking of ``key`` spans ("2021–2024"), or "" when values carry none."""
    years = {
        int(year)
        for row in country_rows().values()
        if _number(row.get(key)) is not None
        and (year := _number(row.get(f"{key}_year"))) is not None
    }
    if not years:
        return ""
    low, high = min(years), max(years)
    return str(high) if low == high else f"{low}–{high}"


@cache
def statistic_rows() -> Mapping[str, Row]:
    """The statistics catalogue as plain rows, each with ``years``: the years its kept values
    come from ("2021–2024"; the catalogue's ``year`` is the Factbook's usual one)."""
    return MappingProxyType(
        {
            key: MappingProxyType(dict(row) | {"years": _years(key)})
            for key, row in _raw_statistic_rows().items()
        }
    )


def countries() -> pd.DataFrame:
    """``geoteach.data.countries()`` with every withheld figure (and its year) blank."""
    import numpy as np

    from geoteach.data.world import countries as raw

    table = raw()
    for column, key in YES_NO.items():
        table[column] = [None if v != v else bool(v > 0) for v in table[key]]
        table[column] = table[column].astype("boolean")
    for (iso3, key), _ in withheld().items():
        table.loc[iso3, key] = np.nan
        if f"{key}_year" in table:
            table.loc[iso3, f"{key}_year"] = np.nan
    return table


def statistics() -> pd.DataFrame:
    """``geoteach.data.statistics()`` with the ``years`` each ranking spans."""
    from geoteach.data.world import statistics as raw

    table = raw()
    table["years"] = [statistic_rows()[str(key)]["years"] for key in table.index]
    return table


def statistic(key: str) -> pd.Series:
    """One catalogue row (``geoteach.data.world.statistic``) with its ``years``."""
    from geoteach.data.world import statistic as raw

    row = raw(key)
    row["years"] = statistic_rows()[key]["years"]
    return row
