"""The Globe Works deck: 60 regional city cards (plus duplicates) and the linking cities.

Read from data/globe_works_cities.csv (built by scripts/build_globe_works.py; every row names
its source). A card id is ``"<region>-<icon>"`` for a regional city ("EA-freighter") and
``"L-<city>"`` for a linking city ("L-istanbul"); both copies of a duplicated card share one id.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache

from geoteach.data import data_path
from geoteach.games.globe_works.regions import csv_rows, regions
from geoteach.i18n import N_, place

CITIES_FILE = "globe_works_cities.csv"
CITY_COLUMNS = (
    "card",
    "kind",
    "icon",
    "region",
    "links",
    "city",
    "iso3",
    "lat",
    "lon",
    "geonames_id",
    "copies",
    "reason",
    "source",
)

#: The five icons in the upper right corner of a card, in the rulebook's order.
ICONS = ("coins", "airplane", "freighter", "satellite", "power")
#: What each icon stands for, in words a student reads on the card.
ICON_WORDS = {
    "coins": N_("banks"),
    "airplane": N_("airlines"),
    "freighter": N_("ocean freighters"),
    "satellite": N_("information"),
    "power": N_("energy"),
}
#: A symbol next to the words (never the only clue).
ICON_SYMBOLS = {
    "coins": "🪙",
    "airplane": "✈️",
    "freighter": "🚢",
    "satellite": "📡",
    "power": "⚡",
}


@dataclass(frozen=True)
class Card:
    """One city card: a regional city (``icon`` and ``region``) or a linking city (``links``)."""

    card: str
    kind: str
    icon: str
    region: str
    links: tuple[str, ...]
    city: str
    iso3: str
    lat: float
    lon: float
    copies: int
    reason: str
    source: str

    @property
    def is_linking(self) -> bool:
        return self.kind == "linking"

    @property
    def colours(self) -> tuple[str, ...]:
        """Region codes whose colours the card shows."""
        return self.links if self.is_linking else (self.region,)

    def title(self) -> str:
        """What the card says, in words: "Busan — ocean freighters (EA)"."""
        if self.is_linking:
            return f"{self.city} — linking city ({' + '.join(self.links)})"
        return f"{self.city} — {ICON_WORDS[self.icon]} ({self.region})"


def _fail(line: int, column: str, message: str) -> ValueError:
    path = data_path(CITIES_FILE)
    return ValueError(f"{path}, line {line}, column {CITY_COLUMNS.index(column) + 1}: {message}")


@cache
def cards() -> dict[str, Card]:
    """Every distinct card by id, regional cards first, in the file's order."""
    known = regions()
    out: dict[str, Card] = {}
    for line, row in csv_rows(CITIES_FILE, CITY_COLUMNS):
        kind = row["kind"]
        if kind not in ("regional", "linking"):
            raise _fail(line, "kind", f"kind must be 'regional' or 'linking', not {kind!r}.")
        links = tuple(row["links"].split("|")) if row["links"] else ()
        if kind == "regional":
            if row["icon"] not in ICONS:
                raise _fail(line, "icon", f"unknown icon {row['icon']!r}.")
            if row["region"] not in known:
                raise _fail(line, "region", f"unknown region {row['region']!r}.")
        elif len(links) < 2 or any(code not in known for code in links):
            raise _fail(line, "links", "a linking city shows two or more known regions.")
        if row["card"] in out:
            raise _fail(line, "card", f"card {row['card']!r} appears twice.")
        if not row["source"].strip():
            raise _fail(line, "source", "every card names its source.")
        out[row["card"]] = Card(
            card=row["card"],
            kind=kind,
            icon=row["icon"],
            region=row["region"],
            links=links,
            city=row["city"],
            iso3=row["iso3"],
            lat=float(row["lat"]),
            lon=float(row["lon"]),
            copies=int(row["copies"]),
            reason=row["reason"],
            source=row["source"],
        )
    return out


def deck() -> list[str]:
    """The full deck as card ids, each duplicate listed twice (the order before shuffling)."""
    return [c.card for c in cards().values() for _ in range(c.copies)]


def linking_cards() -> list[str]:
    """Linking city ids from west to east: their order at the north edge."""
    return sorted((c.card for c in cards().values() if c.is_linking), key=lambda c: cards()[c].lon)


def duplicated() -> list[str]:
    """Ids of the cards printed twice."""
    return [c.card for c in cards().values() if c.copies > 1]


def city_field(card: Card) -> str:
    """A card's city as a field of a sentence the engine refuses a move with
    (``geoteach.i18n.said``): a country's capital as a place, which a page names in its own
    language as its map does (``geoteach.render.globe_works_names.city_name``); any other city
    in English, as no shipped source names it."""
    from geoteach.data.figures import country_rows  # read only when a refusal names a city

    row = country_rows().get(card.iso3)
    if row is not None and str(row["capital"]) == card.city:
        return place("capital", card.iso3, card.city)
    return card.city
