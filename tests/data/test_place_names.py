"""Place names in other languages come from data, and English is the fallback (issue 37).

The counts printed here (``pytest -s``) are the report's: how many countries, capitals and
states each language names, and how many fall back to English.
"""

from __future__ import annotations

import csv

import pytest

from geoteach.data._paths import data_path
from geoteach.data.place_names import missing, names_in, place_name
from geoteach.data.rows import country_rows, state_rows
from geoteach.i18n import speaking

#: Natural Earth's 25 languages besides English (zh_Hant: NAME_ZHT).
LANGUAGES = [
    "ar",
    "bn",
    "de",
    "el",
    "es",
    "fa",
    "fr",
    "he",
    "hi",
    "hu",
    "id",
    "it",
    "ja",
    "ko",
    "nl",
    "pl",
    "pt",
    "ru",
    "sv",
    "tr",
    "uk",
    "ur",
    "vi",
    "zh",
    "zh_Hant",
]


def test_every_language_of_natural_earth_names_every_country() -> None:
    countries = list(country_rows())
    for language in LANGUAGES:
        assert missing("country", countries, language) == [], language


@pytest.mark.parametrize("language", LANGUAGES)
def test_fallback_counts_per_language(language: str) -> None:
    """How many places show in English in ``language`` (printed for the report). The
    complete languages name every country and more than half the capitals."""
    countries, states = list(country_rows()), list(state_rows())
    gone = {
        "country": len(missing("country", countries, language)),
        "capital": len(missing("capital", countries, language)),
        "state": len(missing("state", states, language)),
    }
    print(
        f"{language}: countries {len(countries) - gone['country']}/{len(countries)}, "
        f"capitals {len(countries) - gone['capital']}/{len(countries)}, "
        f"states {len(states) - gone['state']}/{len(states)} named; "
        f"fall back to English: {gone}"
    )
    assert gone["country"] == 0
    if language in ("es", "fr", "de"):
        assert gone["capital"] < len(countries) / 2


@pytest.mark.parametrize(
    ("kind", "code", "language", "name"),
    [
        ("country", "DEU", "es", "Alemania"),
        ("country", "DEU", "fr", "Allemagne"),
        ("country", "DEU", "de", "Deutschland"),
        ("country", "CIV", "es", "Costa de Marfil"),
        ("capital", "AUT", "es", "Viena"),
        ("capital", "AUT", "de", "Wien"),
        ("capital", "GBR", "fr", "Londres"),
        ("state", "NC", "es", "Carolina del Norte"),
        ("state", "CA", "fr", "Californie"),
    ],
)
def test_a_place_is_named_in_the_language(kind: str, code: str, language: str, name: str) -> None:
    assert place_name(kind, code, "?", language) == name


def test_the_page_language_picks_the_name_and_english_is_the_fallback() -> None:
    assert place_name("country", "DEU", "Germany") == "Germany"
    with speaking("fr"):
        assert place_name("country", "DEU", "Germany") == "Allemagne"
        assert place_name("state", "TX", "Texas") == "Texas"  # no French name: English
    assert place_name("capital", "CIV", "Yamoussoukro", "es") == "Yamoussoukro"


def test_an_accepted_other_city_is_never_taken_for_the_capital() -> None:
    """Abidjan (accepted for Côte d'Ivoire) has a time zone; Yamoussoukro is the capital."""
    assert ("capital", "CIV") not in names_in("es")


def test_the_file_names_only_places_of_the_tables() -> None:
    countries, states = set(country_rows()), set(state_rows())
    with data_path("place_names.csv").open(encoding="utf-8", newline="") as handle:
        rows = list(csv.DictReader(handle))
    assert {r["kind"] for r in rows} == {"country", "capital", "state"}
    for row in rows:
        assert row["code"] in (states if row["kind"] == "state" else countries), row
        assert row["language"] in LANGUAGES and row["name"].strip() == row["name"] != ""


def test_a_state_is_never_named_as_a_country_of_that_language() -> None:
    """iso-codes' German says the state of Georgia "Georgien", the country's name: a card
    asking for the state would name the country. Such a state keeps its English name."""
    with data_path("place_names.csv").open(encoding="utf-8", newline="") as handle:
        rows = list(csv.DictReader(handle))
    countries = {(r["language"], r["name"]) for r in rows if r["kind"] == "country"}
    clashes = [r for r in rows if r["kind"] == "state" and (r["language"], r["name"]) in countries]
    assert not clashes
    assert place_name("state", "GA", "Georgia", "de") == "Georgia"
    assert place_name("country", "GEO", "Georgia", "de") == "Georgien"
