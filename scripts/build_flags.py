"""Copy the SVG flags of every playable country from the npm package flag-icons into data/flags.

flag-icons (MIT, https://flagicons.lipis.dev) ships one 4:3 SVG per ISO 3166-1 alpha-2 code.
The games name countries by alpha-3, so each flag is saved as data/flags/<iso3>.svg, with the
iso2 -> iso3 pairs taken from data/countries.csv (columns iso3 and iso2). SVGs render the same
on every system; emoji flags do not (Windows shows two letters instead).

Run: python scripts/build_flags.py   (needs npm; see "Quiz decks and flags" in data/SOURCES.md)
"""

from __future__ import annotations

import csv
import shutil
import subprocess
import sys
import tarfile
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
DATA = ROOT / "data"
PACKAGE = "flag-icons@7.5.0"


def playable_countries() -> dict[str, str]:
    """iso2 -> iso3 of every country in data/countries.csv."""
    with (DATA / "countries.csv").open(encoding="utf-8", newline="") as file:
        return {row["iso2"]: row["iso3"] for row in csv.DictReader(file)}


def fetch(folder: Path) -> Path:
    """Unpack the pinned flag-icons tarball from npm into ``folder``; return its flags/4x3."""
    subprocess.run(
        ["npm", "pack", PACKAGE, "--silent", "--pack-destination", str(folder)],
        check=True,
        capture_output=True,
    )
    (tarball,) = folder.glob("flag-icons-*.tgz")
    with tarfile.open(tarball) as archive:
        archive.extractall(folder, filter="data")
    return folder / "package" / "flags" / "4x3"


def main() -> int:
    countries = playable_countries()
    target = DATA / "flags"
    target.mkdir(exist_ok=True)
    for old in target.glob("*.svg"):
        old.unlink()
    missing = []
    with tempfile.TemporaryDirectory() as tmp:
        flags = fetch(Path(tmp))
        shutil.copy(flags.parent.parent / "LICENSE", target / "LICENSE-flag-icons.txt")
        for iso2, iso3 in sorted(countries.items(), key=lambda pair: pair[1]):
            svg = flags / f"{iso2.lower()}.svg"
            if svg.is_file():
                shutil.copy(svg, target / f"{iso3}.svg")
            else:
                missing.append(f"{iso3} ({iso2})")
    print(f"copied {len(countries) - len(missing)} flags from {PACKAGE} into {target}")
    if missing:
        print("no flag in the package for: " + ", ".join(missing), file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
