"""Globe Works' places in the page's language: the 12 regions (their names in the catalogs, as
a teacher of that language would say them) and the cities (a capital's name from
data/place_names.csv, through ``place_name``; a city no source names keeps its English name),
and each card's reason (its one-line fact, from the catalogs).

Both the map and the screen's sentences name places through here, so a city is called the
same on the map, in the hand and in the log.
"""

from __future__ import annotations

from functools import cache

from geoteach.data.figures import country_rows
from geoteach.data.place_names import place_name
from geoteach.games.globe_works.cards import cards
from geoteach.games.globe_works.regions import regions
from geoteach.i18n import N_, _, list_words, speaking

#: The regions' names, marked for the catalogs (their English is data/globe_works_regions.csv's;
#: a test checks the two agree).
REGION_NAMES = {
    "NA": N_("Northern America"),
    "CC": N_("Central America & Caribbean"),
    "SA": N_("South America"),
    "WE": N_("Western Europe"),
    "EE": N_("Eastern Europe"),
    "MN": N_("Middle East & North Africa"),
    "WC": N_("West & Central Africa"),
    "ES": N_("East & Southern Africa"),
    "CS": N_("Central & South Asia"),
    "EA": N_("East Asia"),
    "SE": N_("Southeast Asia"),
    "OC": N_("Oceania"),
}


@cache
def _english_capitals() -> dict[str, str]:
    """iso3 -> the capital's English name, through the one path (kept rows: no pandas)."""
    return {iso3: str(row["capital"]) for iso3, row in country_rows().items()}


def region_name(code: str) -> str:
    """A region's name in the page's language ("Westeuropa")."""
    english = regions()[code].name
    return _(REGION_NAMES[code]) if REGION_NAMES.get(code) == english else english


def region_list(codes: list[str] | tuple[str, ...]) -> str:
    """Regions as a person lists them: "Western Europe, Eastern Europe and East Asia"."""
    return list_words([region_name(c) for c in codes], last="and")


def city_name(card_id: str) -> str:
    """The card's city in the page's language: a capital from the place-name data, any other
    city in English (no shipped source names it). CLDR's soft hyphens are dropped: the map
    writes a name on one line."""
    card = cards()[card_id]
    if _english_capitals().get(card.iso3) == card.city:
        return place_name("capital", card.iso3, card.city).replace("\xad", "")
    return card.city


def card_reason(card_id: str, code: str | None = None) -> str | None:
    """Why the card's city stands for its icon (data/globe_works_cities.csv, column
    ``reason``: a fact from the card's source) in language ``code`` (the page's by default), or
    None for a card without one. The reasons are catalog messages (babel.cfg extracts the
    column), translated like every sentence; one a catalog lacks is said in English."""
    reason = cards()[card_id].reason
    if not reason:
        return None
    if code is None:
        return _(reason)
    with speaking(code):
        return _(reason)
