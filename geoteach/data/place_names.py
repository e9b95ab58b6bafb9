"""Names of countries, capitals and U.S. states in the page's language, from data/place_names.csv.

The names come from Natural Earth, Unicode CLDR and Debian's iso-codes, written by
``scripts/build_place_names.py`` (data/SOURCES.md, "Place names in other languages"), never
from a translator. A place the file has no name for keeps its English name: ``place_name``
falls back, and ``missing`` counts how many do per language (a test prints the counts).

Read with ``csv``, not pandas: a student's kernel needs no pandas (issue 24).
"""

from __future__ import annotations

import csv
from collections.abc import Mapping
from functools import cache
from types import MappingProxyType

from geoteach.data._paths import data_path
from geoteach.i18n import language as page_language
from geoteach.i18n import reword, said_again

#: The kinds of place the file names.
KINDS = ("country", "capital", "state")

Names = Mapping[tuple[str, str], tuple[str, tuple[str, ...]]]


@cache
def names_in(language: str) -> Names:
    """``(kind, code) -> (name, other accepted names)`` in ``language`` (empty for English)."""
    found: dict[tuple[str, str], tuple[str, tuple[str, ...]]] = {}
    with data_path("place_names.csv").open(encoding="utf-8", newline="") as handle:
        for row in csv.DictReader(handle):
            if row["language"] == language:
                aliases = tuple(a for a in row["aliases"].split("|") if a)
                found[(row["kind"], row["code"])] = (row["name"], aliases)
    return MappingProxyType(found)


def place_name(kind: str, code: str, english: str, language: str | None = None) -> str:
    """The name of the place ``code`` (iso3 or USPS) in ``language`` (the page's by default);
    ``english`` when the data has none."""
    language = language or page_language()
    if language == "en":
        return english
    return names_in(language).get((kind, code), (english, ()))[0]


def other_names(kind: str, code: str, language: str | None = None) -> tuple[str, ...]:
    """Every name of the place ``code`` in ``language``: its name, then its accepted aliases."""
    language = language or page_language()
    name, aliases = names_in(language).get((kind, code), ("", ()))
    return tuple(n for n in (name, *aliases) if n)


def missing(kind: str, codes: list[str], language: str) -> list[str]:
    """The places among ``codes`` that have no name in ``language`` (they show in English)."""
    names = names_in(language)
    return [code for code in codes if (kind, code) not in names]


#: UN M49 names whose CLDR English name differs, with their M49 code.
_M49_CODES = {"Australia and New Zealand": "053", "Micronesia": "057", "South-eastern Asia": "035"}


@cache
def _m49_codes() -> dict[str, str]:
    """English name of a UN M49 region or continent -> its code, from CLDR (through Babel)."""
    from babel import Locale

    codes = {name: code for code, name in Locale("en").territories.items() if code.isdigit()}
    return {**codes, **_M49_CODES}


def region_name(english: str, language: str | None = None) -> str:
    """A UN M49 region or continent ("Eastern Europe", "Africa") in ``language`` (the page's
    by default), from CLDR; ``english`` when CLDR has no such region."""
    language = language or page_language()
    code = _m49_codes().get(english)
    if language == "en" or code is None:
        return english
    from babel import Locale, UnknownLocaleError

    try:
        return str(Locale.parse(language).territories.get(code, english))
    except (UnknownLocaleError, ValueError):
        return english


def said_here(text: str, say: object = None) -> str:
    """A sentence made elsewhere in the page's language: an engine's or a class game's refusal
    (a ``geoteach.i18n.said`` sentence, kept whole, or as it came over the wire: ``text`` and
    its ``say``), each place in it named from this data as the page's screens name it. The
    one-device screens (``geoteach.ui.safe``) and the class game's pages
    (``geoteach.classroom.remote``) show refusals through it."""
    return reword(said_again(text, say), name_place=_sentence_name)


def _sentence_name(kind: str, code: str, english: str) -> str:
    """A place's name inside a sentence: CLDR's soft hyphens (line-break hints) dropped."""
    return place_name(kind, code, english).replace("\xad", "")
