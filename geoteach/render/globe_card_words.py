"""The words printed on a Global Pursuit map card, in the page's language.

The build (``scripts/build_globe_cards.py`` -> data/globe_cards.npz) stores what a card names
as keys, never as words, so one file serves every language; the words are chosen here when the
card is drawn, and kept per card and language (``card_words``). A key and its words:

- ``country:FRA:France``: the country's name from data/place_names.csv (Natural Earth, CLDR);
- ``capital:JPN:Tokyo``: a capital's name from the same file;
- ``city:JPN:Yokohama``: any other city keeps its GeoNames English name (no shipped source
  names it in another language);
- ``continent:Africa``: CLDR's name for the UN M49 continent, or for the territory of Australia
  and Antarctica (Babel), written in capitals as on printed maps;
- ``feature:Himalayas``: the mountains, deserts, grasslands and ice fields keep their English
  names (data/globe_features.csv is curated in English and no shipped source has others);
- ``legend:capital``, ``product:oil``: the key's words, from the catalogs;
- ``explorer:James Cook:1768:1771``: the explorer's name as the catalogs say it (extracted from
  data/explorer_routes.csv, see babel.cfg) and the years of the journey.

A name no source has falls back to English (``fallback`` says which ones do).
"""

from __future__ import annotations

from functools import cache

from geoteach.data.globe_cards import card_art
from geoteach.data.place_names import names_in, place_name, region_name
from geoteach.i18n import N_, _, language, speaking

#: The card's key rows (``legend:<word>``), marked for the catalogs.
LEGEND_WORDS = {
    "capital": N_("capital"),
    "city": N_("large city"),
    "mountains": N_("mountains"),
}
#: The People and Products icons (``product:<name>``: the names of
#: ``globe_card_layers.PRODUCTS``, each its own English word), marked for the catalogs.
PRODUCT_WORDS = (
    N_("oil"),
    N_("natural gas"),
    N_("coal"),
    N_("gold"),
    N_("iron ore"),
    N_("copper"),
    N_("diamonds"),
    N_("timber"),
    N_("fish"),
    N_("rice"),
    N_("wheat"),
    N_("maize"),
    N_("coffee"),
    N_("cocoa"),
    N_("sugar cane"),
    N_("cotton"),
    N_("cattle"),
)
#: Continents CLDR names as a territory rather than as a UN M49 region.
CONTINENT_TERRITORIES = {"Australia": "AU", "Antarctica": "AQ"}


class UnknownWordKeyError(KeyError):
    """A key of the card file this module cannot word (a file built by another version)."""


def _continent(english: str) -> str:
    code = CONTINENT_TERRITORIES.get(english)
    if code is None or language() == "en":
        return region_name(english)
    from babel import Locale

    return str(Locale.parse(language()).territories.get(code, english))


def words(key: str) -> str:
    """The words of one key of a card, in the page's language ("country:DEU:Germany" ->
    "Alemania"). The key carries the English name: a place no source names stays English."""
    kind, _sep, rest = key.partition(":")
    if kind in ("country", "capital"):
        iso3, _sep, english = rest.partition(":")
        return place_name(kind, iso3, english).replace("\xad", "")
    if kind == "city":
        return rest.partition(":")[2]
    if kind == "continent":
        return _continent(rest).upper()
    if kind == "feature":
        return rest
    if kind == "legend" and rest in LEGEND_WORDS:
        return _(LEGEND_WORDS[rest])
    if kind == "product" and rest in PRODUCT_WORDS:
        return _(rest)
    if kind == "explorer":
        name, first, last = rest.rsplit(":", 2)
        years = first if first == last else f"{first}–{last}"
        return f"{_(name)} {years}"
    raise UnknownWordKeyError(
        f"The card file has a key {key!r} that this version cannot write: "
        "run python scripts/build_globe_cards.py cards"
    )


@cache
def card_words(set_name: str, face: int, code: str) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """The words of one card's labels and legend rows in language ``code``, in the order of
    the card file's rows (kept per card and language: a card is worded once)."""
    art = card_art(set_name, face)
    with speaking(code):
        return (
            tuple(words(label[2]) for label in art.labels),
            tuple(words(row[0]) for row in art.legend),
        )


def fallback(key: str, code: str) -> bool:
    """True when the key's place has no name in ``code`` in any shipped source, so the card
    shows its English name (what the tests count per language)."""
    kind, _sep, rest = key.partition(":")
    if kind in ("feature", "city"):
        return True
    if kind in ("country", "capital"):
        return (kind, rest.partition(":")[0]) not in names_in(code)
    return False
