"""What the game knows about the world: the country cards and the category cards.

The country table and the statistics catalogue come from ``geoteach.data`` by default, as its
kept plain rows (``geoteach.data.rows``: a student's kernel loads no pandas, issue 24); a test or
a teacher's own table can be passed in instead (a DataFrame with the same columns, or rows).
Everything the engine needs is turned into plain dicts once, so a round costs no lookups.
"""

from __future__ import annotations

import math
import re
from collections.abc import Callable, Iterable, Mapping
from functools import cache, cached_property
from typing import TYPE_CHECKING, Any

from rapidfuzz import process

from geoteach.quiz.answers import AnswerChecker, normalize

if TYPE_CHECKING:  # pandas is imported when a game starts, not for the set-up screen (issue 24)
    import pandas as pd

#: Columns of the country table the game reads (statistics columns come on top).
COUNTRY_COLUMNS = ("name", "continent", "region", "capital", "map_number", "prominence")
#: Columns of the statistics catalogue shown on a category card.
CATEGORY_FIELDS = ("label", "unit", "year", "years", "source", "rank1", "description")

Finder = Callable[[str], Any]
#: A table as rows: index -> {column: value} (``geoteach.data.rows``, or ``to_dict("index")``).
Rows = Mapping[Any, Mapping[str, Any]]


def _as_list(cell: Any) -> list[str]:
    """Aliases stored as a list, or as one text separated by '|' or ';'."""
    if cell is None or (isinstance(cell, float) and math.isnan(cell)):
        return []
    if isinstance(cell, str):
        items: Iterable[Any] = re.split(r"[|;]", cell)
    else:
        items = cell
    return [str(a).strip() for a in items if str(a).strip() and str(a).strip() != "nan"]


def _plain(value: Any) -> Any:
    """A JSON-able Python value (numpy numbers become int/float; NaN becomes None)."""
    if value is None:
        return None
    if isinstance(value, float | int) and not isinstance(value, bool):
        return None if isinstance(value, float) and math.isnan(value) else value
    if hasattr(value, "item"):
        return _plain(value.item())
    if isinstance(value, str):
        return value
    import pandas as pd

    return None if pd.isna(value) else value


class Atlas:
    """Country cards (name, capital, map number, fame, values) and category cards."""

    def __init__(
        self,
        countries: pd.DataFrame | Rows,
        statistics: pd.DataFrame | Rows,
        find_country: Finder | None = None,
    ) -> None:
        rows, columns = _rows(countries)
        missing = [c for c in COUNTRY_COLUMNS if c not in columns]
        if missing:
            raise ValueError(f"The country table lacks the column(s) {', '.join(missing)}.")
        self._finder = find_country
        self.names: dict[str, str] = {iso: str(r["name"]) for iso, r in rows.items()}
        self.aliases = {iso: _as_list(r.get("aliases")) for iso, r in rows.items()}
        self.flags = {iso: _flag_emoji(r.get("iso2")) for iso, r in rows.items()}
        self.continents = {iso: _plain(r["continent"]) for iso, r in rows.items()}
        self.regions = {iso: _plain(r["region"]) for iso, r in rows.items()}
        self.capitals: dict[str, str | None] = {
            iso: _plain(r["capital"]) or None for iso, r in rows.items()
        }
        self.capital_aliases = {iso: _as_list(r.get("capital_aliases")) for iso, r in rows.items()}
        self.map_numbers: dict[str, int | None] = {}
        for iso, r in rows.items():
            number = _plain(r["map_number"])
            self.map_numbers[iso] = None if number is None else int(number)
        self.by_number = {n: iso for iso, n in self.map_numbers.items() if n is not None}
        self.fame = _percentile({iso: _plain(r["prominence"]) for iso, r in rows.items()})
        self.categories: dict[str, dict[str, Any]] = {}
        self.values: dict[str, dict[str, float]] = {}
        #: Each value's own year (the ``{key}_year`` column), where the table has one: a ranking
        #: may mix values of a few years, and the reveal says which is which (issue 36).
        self.years: dict[str, dict[str, int]] = {}
        for key, row in _rows(statistics)[0].items():
            if key not in columns:
                continue
            card = {"key": str(key)} | {f: _plain(row.get(f)) for f in CATEGORY_FIELDS}
            card["rank1"] = card["rank1"] or "highest"
            self.categories[str(key)] = card
            self.values[str(key)] = {
                iso: float(r[key]) for iso, r in rows.items() if _plain(r.get(key)) is not None
            }
            self.years[str(key)] = {
                iso: int(year)
                for iso, r in rows.items()
                if iso in self.values[str(key)]
                and (year := _plain(r.get(f"{key}_year"))) is not None
            }

    @classmethod
    def default(cls) -> Atlas:
        """The atlas of ``geoteach.data`` (loaded once)."""
        return _default_atlas()

    # ----- looking things up ------------------------------------------------------
    def find_country(self, name: str) -> str | None:
        """The iso3 code of a typed country name (any alias, any case), or None."""
        if self._finder is not None:
            try:
                found = self._finder(name)
            except (LookupError, ValueError):
                found = None
            iso = getattr(found, "name", found) if not isinstance(found, str) else found
            if isinstance(iso, str) and iso in self.names:
                return iso
        return self._names_index.get(normalize(name))

    @cached_property
    def _names_index(self) -> dict[str, str]:
        index: dict[str, str] = {}
        for iso, name in self.names.items():
            for spelling in (iso, name, *self.aliases[iso]):
                index.setdefault(normalize(spelling), iso)
        return index

    @cached_property
    def checker(self) -> AnswerChecker:
        """Judges typed capitals, knowing every country and capital name (a different place
        is never a typo)."""
        places = [*self.names.values(), *(c for c in self.capitals.values() if c)]
        for group in (*self.aliases.values(), *self.capital_aliases.values()):
            places.extend(group)
        return AnswerChecker(places=places)

    def value(self, iso: str, category: str) -> float | None:
        return self.values.get(category, {}).get(iso)

    def year(self, iso: str, category: str) -> int | None:
        """The year of ``iso``'s value of ``category`` (None when the table gives none)."""
        return self.years.get(category, {}).get(iso)

    def all_capitals(self) -> list[str]:
        """Every capital, sorted: the answers a player can pick from for hurdle B."""
        return sorted({c for c in self.capitals.values() if c})

    # ----- the teacher's restrictions -----------------------------------------------
    def country_deck(
        self,
        continent: str | None = None,
        region: str | None = None,
        names: Iterable[str] | str | None = None,
    ) -> list[str]:
        """Iso3 codes of the country cards a teacher chose (all countries by default).

        Raises ``ValueError`` naming every typed country that could not be found, or the
        continent/region when it matches nothing.
        """
        deck = sorted(self.names)
        if continent:
            deck = [c for c in deck if _same(self.continents[c], continent)]
            if not deck:
                raise ValueError(
                    f"No country lies in the continent {continent!r}. {self._known('continents')}"
                )
        if region:
            deck = [c for c in deck if _same(self.regions[c], region)]
            if not deck:
                raise ValueError(
                    f"No country lies in the region {region!r}. {self._known('regions')}"
                )
        if names:
            if isinstance(names, str):
                names = re.split(r"[,;\n]", names)
            typed = [n.strip() for n in names if n.strip()]
            found = {n: self.find_country(n) for n in typed}
            unknown = [self._suggest(n) for n, iso in found.items() if iso is None]
            if unknown:
                raise ValueError(
                    f"We could not find these countries: {', '.join(unknown)}. Check the spelling."
                )
            chosen = {iso for iso in found.values() if iso}
            deck = [c for c in deck if c in chosen]
        return deck

    def category_deck(self, keys: Iterable[str] | None = None) -> list[str]:
        """The category keys a teacher chose (all categories by default)."""
        if keys is None:
            return sorted(self.categories)
        keys = list(keys)
        unknown = [k for k in keys if k not in self.categories]
        if unknown:
            raise ValueError(
                f"Unknown categories: {', '.join(unknown)}. "
                f"Choose from: {', '.join(sorted(self.categories))}."
            )
        return list(dict.fromkeys(keys))

    def _suggest(self, typed: str) -> str:
        """``'Narnia'``, or ``'Polnd' (did you mean Poland?)`` when a name is close."""
        best = process.extractOne(typed, list(self.names.values()), score_cutoff=70)
        return f"{typed!r} (did you mean {best[0]}?)" if best else repr(typed)

    def _known(self, what: str) -> str:
        source = self.continents if what == "continents" else self.regions
        return f"Known {what}: {', '.join(sorted({v for v in source.values() if v}))}."


def _rows(table: pd.DataFrame | Rows) -> tuple[Rows, list[str]]:
    """A table's rows by index, and its columns (a DataFrame's, or every key of its rows)."""
    if hasattr(table, "to_dict") and hasattr(table, "columns"):
        return table.to_dict("index"), [str(c) for c in table.columns]
    columns: dict[str, None] = {}
    for row in table.values():
        columns.update(dict.fromkeys(row))
    return table, list(columns)


def _flag_emoji(iso2: Any) -> str:
    """The flag as an emoji, from the two-letter code (regional indicator letters)."""
    code = _plain(iso2)
    if not isinstance(code, str) or len(code) != 2 or not code.isalpha():
        return ""
    return "".join(chr(0x1F1E6 + ord(c) - ord("A")) for c in code.upper())


def _same(a: Any, b: str) -> bool:
    return isinstance(a, str) and normalize(a) == normalize(b)


def _percentile(prominence: dict[str, Any]) -> dict[str, float]:
    """Fame 0..1 from any prominence scale: the share of countries less prominent."""
    known = sorted(v for v in prominence.values() if v is not None)
    if not known:
        return {iso: 0.5 for iso in prominence}
    fame = {}
    for iso, v in prominence.items():
        if v is None:
            fame[iso] = 0.0
        else:
            below = sum(k < v for k in known)
            fame[iso] = below / max(1, len(known) - 1)
    return fame


@cache
def _default_atlas() -> Atlas:
    # The checked figures (geoteach.data.figures): a withheld one is on no category card.
    from geoteach.data import figures
    from geoteach.data.world import find_country

    return Atlas(figures.country_rows(), figures.statistic_rows(), find_country=find_country)
