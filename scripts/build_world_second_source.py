"""Write data/world_second_source.csv: the second source for the world facts the games ask.

npm ``world-countries`` 5.1.0 (ODbL 1.0, mledoze/countries) lists, for 250 countries and
territories, the common and official names, other spellings, capitals, land borders, area and
whether the country is landlocked. ``geoteach.data.factcheck`` compares data/countries.csv with
this file in the test suite (offline), and the alias check uses its names of territories.

Run from the repository root: ``python scripts/build_world_second_source.py`` (needs ``npm``;
the package is fetched with ``npm pack`` into a temporary folder). The output is byte-identical
from one run to the next.
"""

from __future__ import annotations

import csv
import io
import json
import tempfile
from pathlib import Path

from build_us import npm_pack

ROOT = Path(__file__).resolve().parent.parent
DATA = ROOT / "data"
PIN = ("world-countries", "5.1.0")
# world-countries keys Kosovo by the user-assigned code UNK; geoteach uses XKX (EU, World Bank).
KEYS = {"UNK": "XKX"}
COLUMNS = [
    "iso3",
    "name",
    "official_name",
    "alt_spellings",
    "capital",
    "borders",
    "area_km2",
    "landlocked",
    "independent",
    "un_member",
]


def rows(countries: list[dict]) -> list[dict[str, object]]:
    """One row per world-countries entry, lists joined with "|", sorted by iso3."""
    out = []
    for country in countries:
        # Two-letter codes among the other spellings are codes, not names.
        spellings = [s for s in country["altSpellings"] if not (len(s) == 2 and s.isupper())]
        out.append(
            {
                "iso3": KEYS.get(country["cca3"], country["cca3"]),
                "name": country["name"]["common"],
                "official_name": country["name"]["official"],
                "alt_spellings": "|".join(spellings),
                "capital": "|".join(country.get("capital", [])),
                "borders": "|".join(sorted(KEYS.get(b, b) for b in country.get("borders", []))),
                "area_km2": country["area"],
                "landlocked": bool(country["landlocked"]),
                "independent": bool(country.get("independent")),
                "un_member": bool(country.get("unMember")),
            }
        )
    return sorted(out, key=lambda row: str(row["iso3"]))


def main() -> None:
    """Fetch the pinned package and write the CSV."""
    with tempfile.TemporaryDirectory(prefix="geoteach-world2-") as folder:
        package = npm_pack(*PIN, Path(folder))
        countries = json.loads((package / "countries.json").read_text(encoding="utf-8"))
    buffer = io.StringIO()
    writer = csv.DictWriter(buffer, COLUMNS, lineterminator="\n")
    writer.writeheader()
    writer.writerows(rows(countries))
    (DATA / "world_second_source.csv").write_text(buffer.getvalue(), encoding="utf-8")
    print(f"wrote {len(countries)} rows to data/world_second_source.csv")


if __name__ == "__main__":
    main()
