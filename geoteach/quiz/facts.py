"""One fact from the data about a place, for the verdict card ("Did you know?").

A verdict teaches more with one true sentence about the place. Every fact is read from the
kit's tables (with its year), never typed: a teacher can trace it to data/SOURCES.md. A figure
the quiz does not read out is not said here either: one that data/quiz_conventions.csv marks
``not_asked`` (Israel's highest point on the Golan Heights), and a population the two shipped
sources disagree on by more than 15% (``generators.population_disagrees``: the Marshall
Islands' 82,011 against GeoNames' 58,413).
"""

from __future__ import annotations

import math
from functools import cache
from random import Random

import pandas as pd

from geoteach import data

#: Statistics worth a sentence, in the order they are tried; each names its own year.
_COUNTRY_FACTS = (
    ("population", "About {v} people lived in {name} in {year}."),
    ("area_km2", "{name} covers {v} km²."),
    ("life_expectancy", "Life expectancy in {name} was {v} years in {year}."),
    ("urban_pct", "{v}% of people in {name} lived in towns and cities in {year}."),
    ("forest_pct", "Forests covered {v}% of {name} in {year}."),
    ("highest_point_m", "The highest point of {name} is {v} m above sea level."),
    ("internet_users_pct", "{v}% of people in {name} used the internet in {year}."),
)


def readable(value: float) -> str:
    """1,234 · 12.5 million · 3.4 billion: numbers as people say them."""
    value = float(value)
    for size, word in ((1e9, "billion"), (1e6, "million")):
        if abs(value) >= size:
            return f"{value / size:.1f} {word}".replace(".0 ", " ")
    if value.is_integer() or abs(value) >= 100:
        return f"{value:,.0f}"
    return f"{value:.1f}"


@cache
def _countries() -> pd.DataFrame:
    return data.countries()


def country_fact(iso3: str, rng: Random | None = None, skip: tuple[str, ...] = ()) -> str:
    """A sentence from the data about ``iso3`` (its capital and one statistic).

    ``skip`` leaves out statistics already shown (the round's own category, say); ``rng``
    picks among the available ones, so a class does not read the same fact every time.
    """
    table = _countries()
    if iso3 not in table.index:
        return ""
    row = table.loc[iso3]
    name = str(row["name"])
    sentences = []
    capital, seat, note = row.get("capital"), row.get("seat_of_government"), row.get("capital_note")
    if isinstance(note, str) and note and bool(row.get("capital_contested")):
        sentences.append(note)
    elif isinstance(capital, str) and capital:
        also = f" (the government sits in {seat})" if isinstance(seat, str) and seat else ""
        sentences.append(f"The capital of {name} is {capital}{also}.")
    options = []
    unsaid = _unsaid(iso3)
    for key, template in _COUNTRY_FACTS:
        value = row.get(key)
        if key in skip or key in unsaid:
            continue
        if value is None or (isinstance(value, float) and math.isnan(value)):
            continue
        year = row.get(f"{key}_year")
        year_text = str(int(year)) if year is not None and pd.notna(year) else "recent years"
        options.append(template.format(v=readable(value), name=name, year=year_text))
    if options:
        sentences.append((rng or Random(iso3)).choice(options))
    return " ".join(sentences)


@cache
def _unsaid(iso3: str) -> frozenset[str]:
    """The statistics of ``iso3`` that are not read out (see the module notes)."""
    from geoteach.quiz import generators

    unsaid = {key for code, key in generators.conventions().not_asked if code == iso3}
    if iso3 in generators.population_disagrees():
        unsaid.add("population")
    return frozenset(unsaid)


@cache
def _states() -> pd.DataFrame:
    return data.us_states()


def state_fact(usps: str) -> str:
    """A sentence about a U.S. state: capital, admission, population with its year."""
    table = _states()
    if usps not in table.index:
        return ""
    row = table.loc[usps]
    admitted = str(row["admitted"])[:4]
    return (
        f"{row['name']}'s capital is {row['capital']}. It became a state in {admitted}; "
        f"{readable(row['population'])} people lived there in {int(row['population_year'])}."
    )
