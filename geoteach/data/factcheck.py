"""Checks that every fact the games use is defended by a second source, and plausible.

Three reports, each a :class:`Report` of how many facts were checked and what was found:

- :func:`world_cross_check` compares data/countries.csv with npm ``world-countries``
  (data/world_second_source.csv): capitals, land borders, area, landlocked status.
- :func:`us_cross_check` compares data/us_states.csv with its second sources
  (data/us_second_source.csv and the second column of data/us_admission_dates.csv).
- :func:`plausibility` flags statistics far outside the range of their region's peers, and
  population and area far from the second source.

A finding is *decided* when a curated row (data/world_overrides.csv, data/us_overrides.csv)
settles it, or when data/SOURCES.md lists it in its table of tolerated differences. The tests
require every finding to be decided, so a new disagreement fails until someone looks at it.
Run ``python scripts/check_facts.py`` for the figures.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import cache

import pandas as pd

from geoteach.data._paths import data_path
from geoteach.data.world import _fold, countries

__all__ = [
    "AREA_TOLERANCE",
    "PEER_FACTOR",
    "POPULATION_RATIO",
    "Finding",
    "Report",
    "decided",
    "plausibility",
    "tolerated",
    "us_cross_check",
    "world_cross_check",
]

# Two areas agree when they differ by at most this share (coastal water, rounding, vintages).
AREA_TOLERANCE = 0.05
# U.S. state areas are one Census measurement: they must agree much more closely.
US_AREA_TOLERANCE = 0.01
# GeoNames populations (pyworldatlas) date from about 2018; the Factbook's from 2024-2025.
POPULATION_RATIO = 1.5
# A rate or share is implausible when it is more than this factor beyond every regional peer.
PEER_FACTOR = 3.0
# Totals span orders of magnitude inside every region (China and Mongolia, Russia and Moldova),
# so peers say nothing about them: they are compared with the second sources instead
# (population with GeoNames, area and landlocked status with world-countries).
TOTALS = {
    "population",
    "area_km2",
    "gdp_usd",
    "co2_mt",
    "coastline_km",
    "population_density",
    "highest_point_m",
    "neighbour_count",
}
# Regions with fewer peers than this are compared with their whole continent.
MIN_PEERS = 5
# Curated override fields that settle a finding about each fact.
DECIDING_FIELDS = {
    "capital": {"capital", "capital_aliases", "seat_of_government"},
    "border": {"border", "not_border"},
    "area_km2": {"area_km2"},
    "canada_border": {"canada_border"},
    "borders_canada": {"canada_border"},
}


@dataclass(frozen=True)
class Finding:
    """One disagreement or implausible value: which place, which fact, both sides."""

    place: str
    fact: str
    ours: str
    theirs: str

    def __str__(self) -> str:
        return f"{self.place} {self.fact}: ours {self.ours}, against {self.theirs}"


@dataclass
class Report:
    """How many facts a check compared, and what it found."""

    name: str
    checked: int = 0
    findings: list[Finding] = field(default_factory=list)


def _read(name: str) -> pd.DataFrame:
    return pd.read_csv(data_path(name), dtype=str, keep_default_na=False)


def _set(value: object) -> set[str]:
    if isinstance(value, (tuple, list, set)):
        return {str(v) for v in value if v}
    return {v for v in str(value).split("|") if v}


# --------------------------------------------------------------------------- world


def world_cross_check(table: pd.DataFrame | None = None) -> Report:
    """Capitals, borders, area and landlocked status against world-countries 5.1.0."""
    table = countries() if table is None else table
    second = _read("world_second_source.csv").set_index("iso3")
    report = Report("world: CIA World Factbook / pyworldatlas / Natural Earth vs world-countries")
    ours_pairs, theirs_pairs = set(), set()
    for iso, row in table.iterrows():
        if iso not in second.index:
            report.findings.append(Finding(iso, "missing", row["name"], "no row"))
            continue
        other = second.loc[iso]
        report.checked += 4
        accepted = {_fold(c) for c in (row["capital"], *row["capital_aliases"])}
        if not accepted & {_fold(c) for c in _set(other.capital)}:
            report.findings.append(Finding(iso, "capital", row["capital"], other.capital))
        theirs_area = float(other.area_km2)
        if abs(row["area_km2"] / theirs_area - 1) > AREA_TOLERANCE:
            report.findings.append(
                Finding(iso, "area_km2", f"{row['area_km2']:,.0f}", f"{theirs_area:,.0f}")
            )
        landlocked = row["coastline_km"] == 0
        if landlocked != (other.landlocked == "True"):
            report.findings.append(Finding(iso, "landlocked", str(landlocked), other.landlocked))
        ours_pairs |= {tuple(sorted((iso, n))) for n in row["neighbours"]}
        theirs_pairs |= {tuple(sorted((iso, n))) for n in _set(other.borders) if n in table.index}
    report.checked += len(ours_pairs | theirs_pairs)
    for a, b in sorted(ours_pairs ^ theirs_pairs):
        ours, theirs = ("border", "none") if (a, b) in ours_pairs else ("none", "border")
        report.findings.append(Finding(f"{a}-{b}", "border", ours, theirs))
    return report


# --------------------------------------------------------------------------- United States


def us_cross_check(states: pd.DataFrame | None = None) -> Report:
    """Every fact of the 50-state table against its second source."""
    if states is None:
        from geoteach.data.usa import us_states

        states = us_states()
    second = _read("us_second_source.csv").set_index("usps")
    dates = _read("us_admission_dates.csv").set_index("usps")
    report = Report("United States: curated and Census tables vs second sources")
    for code, row in states.iterrows():
        other = second.loc[code]
        report.checked += 8
        admitted = str(row["admitted"])
        if admitted != dates.at[code, "second_source_admitted"]:
            report.findings.append(
                Finding(code, "admitted", admitted, dates.at[code, "second_source_admitted"])
            )
        if int(admitted[:4]) != int(other.statehood_year):
            report.findings.append(
                Finding(code, "statehood_year", admitted[:4], other.statehood_year)
            )
        if abs(row["area_km2"] / float(other.area_km2) - 1) > US_AREA_TOLERANCE:
            report.findings.append(
                Finding(code, "area_km2", f"{row['area_km2']:,}", f"{int(other.area_km2):,}")
            )
        if _fold(row["capital"].replace("St. ", "Saint ")) != _fold(
            other.capital.replace("St. ", "Saint ")
        ):
            report.findings.append(Finding(code, "capital", row["capital"], other.capital))
        for mine in ("borders_canada", "borders_mexico"):
            theirs = other[mine] == "True"
            if bool(row[mine]) != theirs:
                report.findings.append(Finding(code, mine, str(bool(row[mine])), str(theirs)))
        ours_n, theirs_n = _set(row["neighbours"]), _set(other.neighbours)
        for n in sorted(ours_n ^ theirs_n):
            if code < n:
                ours, theirs = ("border", "none") if n in ours_n else ("none", "border")
                report.findings.append(Finding(f"{code}-{n}", "border", ours, theirs))
        report.checked += 2  # population (Census, one source) and region are not compared
    return report


# --------------------------------------------------------------------------- plausibility


def plausibility(table: pd.DataFrame | None = None) -> Report:
    """Rates far beyond their region's peers, and population far from the second source.

    Every rate and share (life expectancy, forest cover, GDP per person ...) is flagged when it
    is more than PEER_FACTOR times above the largest, or below the smallest divided by
    PEER_FACTOR, of the other countries in its UN M49 subregion (its continent when the
    subregion has fewer than MIN_PEERS values). Zero where no peer is zero is flagged too
    (Taiwan's 0% forest was).
    """
    from geoteach.data.world import statistics

    table = countries() if table is None else table
    report = Report("plausibility: regional peers and second sources")
    for key in statistics().index.difference(sorted(TOTALS)):
        values = pd.to_numeric(table[key], errors="coerce")
        for iso, value in values.dropna().items():
            report.checked += 1
            peers = _peers(table, values, iso)
            if peers.empty:
                continue
            low, high = peers.min(), peers.max()
            too_high = high > 0 and value > high * PEER_FACTOR
            too_low = value < low / PEER_FACTOR or (value == 0 and low > 0)
            if too_high or too_low:
                report.findings.append(
                    Finding(iso, key, f"{value:g}", f"peers {low:g} to {high:g}")
                )
    second = _read("world_second_source.csv").set_index("iso3")
    for iso, row in table.iterrows():
        report.checked += 1
        atlas = row.get("atlas_population")
        if pd.notna(atlas) and atlas > 0:
            ratio = row["population"] / atlas
            if not 1 / POPULATION_RATIO <= ratio <= POPULATION_RATIO:
                report.findings.append(
                    Finding(iso, "population", f"{row['population']:,}", f"{atlas:,.0f}")
                )
    report.checked += sum(iso in second.index for iso in table.index)  # area: cross-check
    return report


def _peers(table: pd.DataFrame, values: pd.Series, iso: str) -> pd.Series:
    """The other countries' values in the same subregion (or continent when too few)."""
    for column in ("region", "continent"):
        same = table[column] == table.at[iso, column]
        peers = values[same].drop(index=iso).dropna()
        if len(peers) >= MIN_PEERS:
            return peers
    return peers


# --------------------------------------------------------------------------- decisions


@cache
def tolerated() -> frozenset[tuple[str, str, str]]:
    """(place, fact, our value) that data/SOURCES.md lists as tolerated or reviewed.

    They are the rows of the table under the heading "Tolerated differences and reviewed
    values": ``| place | fact | ours | second source | why |``. Our value is part of the key,
    so a changed value is checked again.
    """
    text = data_path("SOURCES.md").read_text(encoding="utf-8")
    section = text.split("### Tolerated differences and reviewed values", 1)
    if len(section) < 2:
        return frozenset()
    pairs = set()
    for line in section[1].splitlines():
        if line.startswith("## "):
            break
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        header = cells[0] == "place" or set(cells[0]) <= {"-", " "}
        if line.startswith("|") and len(cells) >= 5 and not header:
            pairs.add((cells[0], cells[1], cells[2]))
    return frozenset(pairs)


@cache
def _curated() -> frozenset[tuple[str, str]]:
    pairs = set()
    for row in _read("world_overrides.csv").itertuples():
        pairs.add((row.iso3, row.field))
        if row.field in {"border", "not_border"}:
            pairs.add(("-".join(sorted((row.iso3, row.value))), row.field))
    for row in _read("us_overrides.csv").itertuples():
        pairs.add((row.usps, row.field))
    return frozenset(pairs)


def decided(finding: Finding) -> bool:
    """Whether a curated row or a line of data/SOURCES.md settles the finding."""
    if (finding.place, finding.fact, finding.ours) in tolerated():
        return True
    fields = DECIDING_FIELDS.get(finding.fact, set())
    return any((finding.place, f) in _curated() for f in fields)
