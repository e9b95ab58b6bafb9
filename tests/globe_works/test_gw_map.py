"""Every piece of land on the Globe Works map belongs to a region, by geography."""

from __future__ import annotations

from pathlib import Path

import pytest
import shapely

from geoteach.data import world_map
from geoteach.games.globe_works.regions import land_areas, land_pieces, regions
from geoteach.render.globe_works import region_shapes
from tests.rebuilds import differing, rebuild, repository_copy

ROOT = Path(__file__).resolve().parents[2]
SOUTH_EDGE = -60.0  # the map's southern edge (scripts/build_globe_works.py)


@pytest.mark.parametrize("scale", ["110m", "50m"])
def test_all_land_north_of_the_map_edge_is_in_exactly_one_region(scale: str) -> None:
    world = world_map(scale)
    pieces = land_pieces(dict(world.geometry.items()), scale)
    assert {code for code, _ in pieces} == set(regions())
    drawn = shapely.union_all([poly for _, poly in pieces])
    land = shapely.union_all(world.geometry.to_numpy())
    left_out = land.difference(drawn)
    # Only Antarctica is left out, and it lies wholly south of the map's edge (what else is
    # left is rounding dust of the union, far below a square metre).
    north = [g for g in getattr(left_out, "geoms", [left_out]) if g.bounds[3] >= SOUTH_EDGE]
    assert sum(g.area for g in north) < 1e-9
    assert world.loc["ATA"].geometry.bounds[3] < SOUTH_EDGE
    # No piece is counted twice.
    assert sum(p.area for _, p in pieces) == pytest.approx(drawn.area, rel=1e-6)


@pytest.mark.parametrize(
    ("scale", "lon", "lat", "region"),
    [
        ("110m", -42.0, 72.0, "NA"),  # Greenland
        ("110m", -13.0, 24.5, "MN"),  # Western Sahara
        ("110m", -66.5, 18.2, "CC"),  # Puerto Rico
        ("110m", 165.5, -21.3, "OC"),  # New Caledonia
        ("110m", -53.0, 4.0, "SA"),  # French Guiana, part of France on the map
        ("110m", -59.0, -51.7, "SA"),  # Falkland Islands
        ("110m", 2.5, 47.0, "WE"),  # France itself
        ("50m", 114.17, 22.40, "EA"),  # Hong Kong
        ("50m", 55.5, -21.1, "ES"),  # Reunion
        ("50m", -61.0, 14.65, "CC"),  # Martinique
        ("50m", -53.0, 4.0, "SA"),
    ],
)
def test_territories_and_overseas_land_take_their_regions_by_geography(
    scale: str, lon: float, lat: float, region: str
) -> None:
    shapes = region_shapes(scale)
    point = shapely.Point(lon, lat)
    near = [code for code, shape in shapes.items() if shape.distance(point) < 0.1]
    assert near == [region]


def test_the_land_table_names_the_rule_of_every_row() -> None:
    rows = land_areas("110m") + land_areas("50m")
    assert {a.feature for a in land_areas("110m")} >= {"GRL", "ESH", "PRI", "NCL", "FRA"}
    for area in rows:
        assert area.region in regions() and area.subregion
        # Each region's subregions include the area's: the rule is the same as for countries.
        assert area.subregion in regions()[area.region].subregions or area.area in ("ATC", "KAS")


def test_an_unknown_region_in_the_land_table_is_reported_with_line_and_column(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    import importlib

    module = importlib.import_module("geoteach.games.globe_works.regions")
    regions()  # read (and cached) from the real file first
    text = (ROOT / "data" / module.LAND_FILE).read_text(encoding="utf-8").splitlines()
    cells = text[2].split(",")  # 110m Western Sahara: no quoted commas
    cells[7] = "XX"
    text[2] = ",".join(cells)
    (tmp_path / module.LAND_FILE).write_text("\n".join(text) + "\n", encoding="utf-8")
    monkeypatch.setattr(module, "data_path", lambda name: tmp_path / name)
    module.land_areas.cache_clear()
    try:
        with pytest.raises(ValueError, match=r"line 3, column 8: unknown region"):
            module.land_areas("110m")
    finally:
        module.land_areas.cache_clear()


@pytest.mark.slow
def test_build_is_byte_identical_on_rerun(tmp_path: Path) -> None:
    # Into a copy of the repository: a failed run must not leave data/ modified.
    names = ["globe_works_regions.csv", "globe_works_cities.csv", "globe_works_land.csv"]
    copy = repository_copy(tmp_path)
    for _ in range(2):
        rebuild(copy, "build_globe_works.py")
        assert differing(copy, names) == []
