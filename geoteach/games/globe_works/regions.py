"""The 12 Globe Works regions: unions of real countries (UN M49 subregions), each with a colour.

Twelve colours cannot all be told apart, by anyone and least of all with a colour-vision
deficiency, so every region also carries its two-letter code (printed on cards and the map)
and a hatch pattern. The table comes from data/globe_works_regions.csv (see
scripts/build_globe_works.py and data/SOURCES.md).
"""

from __future__ import annotations

import csv
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from functools import cache

from matplotlib.colors import to_rgb

from geoteach.data._paths import data_path

REGIONS_FILE = "globe_works_regions.csv"
REGION_COLUMNS = ("code", "name", "colour", "hatch", "subregions", "countries", "source")


@dataclass(frozen=True)
class Region:
    """One region of the Globe Works map."""

    code: str
    name: str
    colour: str
    hatch: str
    subregions: tuple[str, ...]
    countries: tuple[str, ...]

    @property
    def text_colour(self) -> str:
        """Black or white, whichever reads better on the region's colour."""
        r, g, b = to_rgb(self.colour)
        return "#000000" if 0.299 * r + 0.587 * g + 0.114 * b > 0.5 else "#ffffff"

    @property
    def label(self) -> str:
        """ "NA Northern America": the code first, so colour is never the only clue."""
        return f"{self.code} {self.name}"


def csv_rows(file: str, columns: Sequence[str]) -> Iterator[tuple[int, dict[str, str]]]:
    """``(line number, row)`` of a deck file under data/, after checking its header."""
    path = data_path(file)
    with path.open(encoding="utf-8", newline="") as fh:
        reader = csv.DictReader(fh)
        missing = [c for c in columns if c not in (reader.fieldnames or [])]
        if missing:
            raise ValueError(f"{path}, line 1: missing column(s) {', '.join(missing)}.")
        yield from enumerate(reader, start=2)


@cache
def regions() -> dict[str, Region]:
    """The 12 regions by code, in the file's order (west to east, roughly)."""
    path = data_path(REGIONS_FILE)
    out: dict[str, Region] = {}
    for line, row in csv_rows(REGIONS_FILE, REGION_COLUMNS):
        code = row["code"].strip()
        if not code or code in out:
            column = REGION_COLUMNS.index("code") + 1
            raise ValueError(f"{path}, line {line}, column {column}: empty or repeated code.")
        out[code] = Region(
            code=code,
            name=row["name"].strip(),
            colour=row["colour"].strip(),
            hatch=row["hatch"],
            subregions=tuple(row["subregions"].split("|")),
            countries=tuple(row["countries"].split("|")),
        )
    return out


@cache
def region_of_country() -> dict[str, str]:
    """Region code of every country (iso3)."""
    return {iso: r.code for r in regions().values() for iso in r.countries}
