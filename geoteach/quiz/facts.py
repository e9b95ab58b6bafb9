"""One fact from the data about a place, for the verdict card ("Did you know?").

A verdict teaches more with one true sentence about the place. Every fact is read from the
kit's tables (with its year), never typed: a teacher can trace it to data/SOURCES.md. A figure
the quiz does not read out is not said here either: the sentences are made from
``geoteach.data.countries()``, the checked table of ``geoteach.data.figures``, which blanks every
withheld figure (one data/quiz_conventions.csv marks ``not_asked``, such as Israel's highest
point on the Golan Heights; a population or GDP the second source contradicts, such as the
Marshall Islands' 82,011; a value older than its ranking allows).

The sentences are made from the tables with pandas (``facts_json``), and kept made in
``data/built/facts.json`` by ``scripts/build_banks.py``: a student's kernel only picks one, and
loads no pandas (issue 24). The kept file is read while its digest is that of data/ and of the
quiz's code (``geoteach.data.built``, ``FACT_CODE``); after a curriculum author's edit the
sentences are made again, as before, until the file is rebuilt
(``tests/quiz/test_kept_facts.py``).

In the page's language (issue 37): the sentences are worded through the catalogs and name the
places from data (``geoteach.data.place_names``), one kept file per language
(``data/built/facts.json`` for English, ``facts.es.json``...), each read only by a page of its
language: a page reads one file, as large as the English one.
"""

from __future__ import annotations

import json
import math
from functools import cache
from random import Random
from typing import TYPE_CHECKING, Any

from geoteach.data import built
from geoteach.i18n import N_, _, format_number, language

if TYPE_CHECKING:  # pandas makes the sentences; picking one needs none
    import pandas as pd

#: The kept file's name in data/built.
NAME = "facts"

#: Statistics worth a sentence, in the order they are tried; each names its own year.
_COUNTRY_FACTS = (
    ("population", N_("About {v} people lived in {name} in {year}.")),
    ("area_km2", N_("{name} covers {v} km².")),
    ("life_expectancy", N_("Life expectancy in {name} was {v} years in {year}.")),
    ("urban_pct", N_("{v}% of people in {name} lived in towns and cities in {year}.")),
    ("forest_pct", N_("Forests covered {v}% of {name} in {year}.")),
    ("highest_point_m", N_("The highest point of {name} is {v} m above sea level.")),
    ("internet_users_pct", N_("{v}% of people in {name} used the internet in {year}.")),
)


def kept_name(code: str | None = None) -> str:
    """The kept file of the sentences in language ``code`` (the page's by default): "facts"
    for English, "facts.es" for Spanish."""
    code = code or language()
    return NAME if code == "en" else f"{NAME}.{code}"


def fact_code(code: str | None = None) -> tuple[str, ...]:
    """What the sentences in ``code`` are made by: ``FACT_CODE``, and that language's catalog."""
    return built.language_code(built.FACT_CODE, code or language())


def readable(value: float) -> str:
    """1,234 · 12.5 million · 3.4 billion: numbers as people say them (in the page's language:
    "12,5 millones", "3,4 Milliarden")."""
    value = float(value)
    if language() == "en":  # as before
        for size, word in ((1e9, "billion"), (1e6, "million")):
            if abs(value) >= size:
                return f"{value / size:.1f} {word}".replace(".0 ", " ")
        if value.is_integer() or abs(value) >= 100:
            return f"{value:,.0f}"
        return f"{value:.1f}"
    # Translators: a count of people, said right before the word "people" in the sentences of
    # this module ("68.5 million people"): where the language says "of" in between, put it here
    # ("68,5 millones de").
    for size, words in ((1e9, N_("{number} billion")), (1e6, N_("{number} million"))):
        if abs(value) >= size:
            return _(words).format(number=format_number(round(value / size, 1)))
    if value.is_integer() or abs(value) >= 100:
        return format_number(value, 0)
    return format_number(value, 1)


def country_fact(iso3: str, rng: Random | None = None, skip: tuple[str, ...] = ()) -> str:
    """A sentence from the data about ``iso3`` (its capital and one statistic).

    ``skip`` leaves out statistics already shown (the round's own category, say); ``rng``
    picks among the available ones, so a class does not read the same fact every time.
    """
    kept = _facts(language())["countries"].get(iso3)
    if kept is None:
        return ""
    sentences = [kept["capital"]] if kept["capital"] else []
    options = [sentence for key, sentence in kept["statistics"] if key not in skip]
    if options:
        sentences.append((rng or Random(iso3)).choice(options))
    return " ".join(sentences)


def state_fact(usps: str) -> str:
    """A sentence about a U.S. state: capital, admission, population with its year."""
    return _facts(language())["states"].get(usps, "")


@cache
def _facts(code: str) -> dict[str, Any]:
    return json.loads(built.kept_or_made(kept_name(code), facts_json, fact_code(code)))


def facts_json() -> str:
    """Every sentence ``country_fact`` and ``state_fact`` may say, made from the tables today
    in the language spoken now: the kept file's JSON text. A country has its capital's
    sentence and, in the order they are tried, ``[statistic, sentence]`` for each statistic it
    has and the quiz reads out."""
    from geoteach import data

    countries = {str(iso3): _country_sentences(row) for iso3, row in data.countries().iterrows()}
    states = {str(usps): _state_sentence(row) for usps, row in data.us_states().iterrows()}
    facts = {"countries": countries, "states": states}
    return json.dumps(facts, ensure_ascii=False, separators=(",", ":")) + "\n"


def _country_sentences(row: pd.Series) -> dict[str, Any]:
    import pandas as pd

    from geoteach.data.place_names import place_name

    iso3 = str(row.name)
    name = place_name("country", iso3, str(row["name"]))
    first = ""
    capital, seat, note = row.get("capital"), row.get("seat_of_government"), row.get("capital_note")
    if isinstance(note, str) and note and bool(row.get("capital_contested")):
        first = _(note)  # marked in geoteach.quiz.data_words
    elif isinstance(capital, str) and capital:
        capital = place_name("capital", iso3, capital)
        if isinstance(seat, str) and seat:
            first = _("The capital of {name} is {capital} (the government sits in {seat}).")
        else:
            first = _("The capital of {name} is {capital}.")
        first = first.format(name=name, capital=capital, seat=seat)
    options = []
    for key, template in _COUNTRY_FACTS:
        value = row.get(key)
        if value is None or (isinstance(value, float) and math.isnan(value)):
            continue
        year = row.get(f"{key}_year")
        year_text = str(int(year)) if year is not None and pd.notna(year) else _("recent years")
        options.append([key, _(template).format(v=readable(value), name=name, year=year_text)])
    return {"capital": first, "statistics": options}


def _state_sentence(row: pd.Series) -> str:
    from geoteach.data.place_names import place_name

    admitted = str(row["admitted"])[:4]
    return _(
        "{name}'s capital is {capital}. It became a state in {admitted}; {people} people "
        "lived there in {year}."
    ).format(
        name=place_name("state", str(row.name), str(row["name"])),
        capital=row["capital"],
        admitted=admitted,
        people=readable(row["population"]),
        year=int(row["population_year"]),
    )
