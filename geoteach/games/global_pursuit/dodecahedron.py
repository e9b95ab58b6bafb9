"""The dodecahedral globe behind the Global Pursuit map cards: pure geometry, no drawing.

A set of map cards is the 12 faces of a regular dodecahedron inscribed in the globe. The rulebook
asks for six cards that show the Equator and six polar cards, which is the orientation with one
corner of the solid at each pole: three faces meet at the North Pole (centres at 52.62°N), three
at the South Pole (52.62°S), and six faces straddle the Equator (centres at 10.81°N and 10.81°S).

Each card is drawn in an oblique gnomonic projection centred on its face. Gnomonic projections
turn every great circle into a straight line, and the edges of a dodecahedron inscribed in a
sphere project to great-circle arcs, so every face becomes an exact regular pentagon, and a
coastline crossing an edge meets the neighbouring card at the same point of that edge.

Conventions (decided here, the rulebook is silent):

- Faces are numbered 0-2 for the northern polar cards, 3-5 for the cards just north of the
  Equator, 6-8 just south of it, 9-11 for the southern polar cards; within a ring from west to
  east starting at ``LONGITUDE_OFFSET``.
- ``vertices(face)`` lists the five corners counter-clockwise as seen from outside the globe
  (so counter-clockwise on a card with north up). Edge ``i`` runs from corner ``i`` to corner
  ``i + 1``.
- Edge 0 is the card's "top" edge: the edge whose midpoint lies in the direction from -36° up
  to (not including) +36° clockwise from the face's north. When a corner points exactly north
  (the northern polar cards point a corner at the Pole) the two edges beside it tie, and the rule
  picks the one on the west side of that corner.
- Card coordinates: x to the east and y to the north at the face centre, scaled so that an edge
  is 1 long, the pentagon centred at 0. ``rotation=k`` turns the card by k*72° counter-clockwise.
"""

from __future__ import annotations

from functools import cache
from typing import TYPE_CHECKING

import numpy as np
import shapely
from numpy.typing import ArrayLike

if TYPE_CHECKING:  # PROJ is loaded by the card projections only: a game needs none (issue 24)
    from pyproj import Transformer

#: The twelve cards of one set.
FACES: tuple[int, ...] = tuple(range(12))

#: Rotation (degrees east) of the whole solid about the polar axis: the longitude of the centre
#: of face 0. The solid repeats every 120° about the axis, so offsets 0-119 are all the choices.
#: Chosen by ``scripts/build_globe_cards.py`` as the whole degree at which the 30 edges run
#: over the least land (Natural Earth 1:50m land; the scan is kept in data/globe_offset_scan.csv).
LONGITUDE_OFFSET: float = 6.0

#: Mean Earth radius (IUGG, metres): the sphere of the card projections.
EARTH_RADIUS_M = 6_371_008.8

_PHI = (1.0 + 5.0**0.5) / 2.0


def _dot(a: np.ndarray, b: np.ndarray) -> np.ndarray:
    """Dot products over the last axis (3-vectors), broadcast like ``*``.

    Written out term by term instead of ``@``: a matrix product goes to the BLAS library, whose
    kernels (chosen for the processor at run time) may add in another order or fuse multiplies,
    so the last bits of the solid, and through them every card drawing, changed from one
    machine to another. Plain multiplies and adds give the same bits everywhere.
    """
    a, b = np.asarray(a, dtype=float), np.asarray(b, dtype=float)
    return a[..., 0] * b[..., 0] + a[..., 1] * b[..., 1] + a[..., 2] * b[..., 2]


def _turned(v: np.ndarray, matrix: np.ndarray) -> np.ndarray:
    """Each row of ``v`` times ``matrix`` transposed (``v @ matrix.T``), without BLAS."""
    return np.stack([_dot(v, row) for row in matrix], axis=-1)


def snap(values: ArrayLike, bits: int) -> np.ndarray:
    """Round to the nearest multiple of 2**-bits: the same value on every machine.

    Trigonometry and projections may differ in the last bit between processors (their
    libraries pick vector code at run time). A value rounded to a grid far coarser than that
    and far finer than anything drawn comes out the same, so what is built from it does too.
    Scaling by a power of two is exact, so the grid itself has no rounding of its own.
    """
    scale = float(2**bits)
    return np.round(np.asarray(values, dtype=float) * scale) / scale


def _unit(v: np.ndarray) -> np.ndarray:
    return v / np.sqrt(_dot(v, v))[..., None]


def _to_xyz(lat: ArrayLike, lon: ArrayLike) -> np.ndarray:
    lat_r, lon_r = np.radians(lat), np.radians(lon)
    return np.stack(
        [np.cos(lat_r) * np.cos(lon_r), np.cos(lat_r) * np.sin(lon_r), np.sin(lat_r)], axis=-1
    )


def _to_latlon(xyz: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    lat = np.degrees(np.arcsin(np.clip(xyz[..., 2], -1.0, 1.0)))
    lon = np.degrees(np.arctan2(xyz[..., 1], xyz[..., 0]))
    # Longitudes in [-180, 180); a pole gets longitude 0 rather than rounding noise.
    lon = np.where(np.abs(lat) > 90.0 - 1e-9, 0.0, (lon + 180.0) % 360.0 - 180.0)
    lat = np.where(np.abs(lat) > 90.0 - 1e-9, np.sign(lat) * 90.0, lat)
    return lat, lon


@cache
def _solid(offset: float) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Face centres (12x3), corners (20x3) and each face's five corner ids, counter-clockwise.

    Built from the icosahedron (its vertices are the dodecahedron's face centres; the centres of
    its triangles are the dodecahedron's corners), then turned so one corner sits on the pole.
    """
    ico = []
    for a in (-1.0, 1.0):
        for b in (-_PHI, _PHI):
            ico += [(0.0, a, b), (a, b, 0.0), (b, 0.0, a)]
    ico = np.array(ico)
    gaps = ico[:, None] - ico[None]
    near = np.isclose(np.sqrt(_dot(gaps, gaps)), 2.0)
    triangles = [
        (i, j, k)
        for i in range(12)
        for j in range(i + 1, 12)
        for k in range(j + 1, 12)
        if near[i, j] and near[j, k] and near[i, k]
    ]
    corners = _unit(np.array([ico[list(t)].sum(axis=0) for t in triangles]))
    # Turn corner 0 to the North Pole and one of its faces to longitude `offset`.
    z = corners[0]
    x = _unit(ico[triangles[0][0]] - _dot(ico[triangles[0][0]], z) * z)
    y = np.cross(z, x)
    turn = np.array([x, y, z])
    o = np.radians(offset)
    spin = np.array([[np.cos(o), -np.sin(o), 0.0], [np.sin(o), np.cos(o), 0.0], [0.0, 0.0, 1.0]])
    # Snapped to a grid of 2**-40 (a micrometre on the globe): the same solid on every machine.
    centres = snap(_unit(_turned(_turned(ico, turn), spin)), 40)
    corners = snap(_unit(_turned(_turned(corners, turn), spin)), 40)
    # Number faces by ring (north to south), then west to east from the offset.
    lat, lon = _to_latlon(centres)
    order = sorted(range(12), key=lambda f: (-round(lat[f], 6), round((lon[f] - offset) % 360, 6)))
    centres = centres[order]
    face_corners = np.zeros((12, 5), dtype=int)
    for f, c in enumerate(centres):
        ids = np.argsort(-_dot(corners, c))[:5]
        east, north = _east_north(c)
        angle = np.arctan2(_dot(corners[ids], north), _dot(corners[ids], east))  # counter-clockwise
        ids = ids[np.argsort(angle)]
        # Edge 0 = the edge whose midpoint bearing is in [-36°, 36°) from north.
        mids = _unit(corners[ids] + corners[np.roll(ids, -1)])
        bearing = np.degrees(np.arctan2(_dot(mids, east), _dot(mids, north)))
        start = int(np.argmin((bearing + 36.0 + 1e-6) % 360.0))
        face_corners[f] = np.roll(ids, -start)
    return centres, corners, face_corners


def _east_north(c: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    lat, lon = _to_latlon(c)
    la, lo = np.radians(lat), np.radians(lon)
    east = np.array([-np.sin(lo), np.cos(lo), 0.0])
    north = np.array([-np.sin(la) * np.cos(lo), -np.sin(la) * np.sin(lo), np.cos(la)])
    return east, north


def _check(face: int) -> int:
    if face not in FACES:
        raise ValueError(f"face must be a whole number from 0 to 11, not {face!r}")
    return int(face)


def face_centre(face: int) -> tuple[float, float]:
    """(lat, lon) of the centre of a card: the point the card's projection is centred on."""
    lat, lon = _to_latlon(_solid(LONGITUDE_OFFSET)[0][_check(face)])
    return float(lat), float(lon)


def is_polar(face: int) -> bool:
    """True for the six polar cards (a corner at a pole), False for the six Equator cards."""
    return _check(face) in (0, 1, 2, 9, 10, 11)


def vertices(face: int) -> list[tuple[float, float]]:
    """The five corners (lat, lon), counter-clockwise from outside, edge 0 on top."""
    _, corners, face_corners = _solid(LONGITUDE_OFFSET)
    lat, lon = _to_latlon(corners[face_corners[_check(face)]])
    return [(float(a), float(b)) for a, b in zip(lat, lon, strict=True)]


def corner_ids(face: int) -> tuple[int, ...]:
    """Global numbers (0-19) of the face's corners, in the order of ``vertices``."""
    return tuple(int(v) for v in _solid(LONGITUDE_OFFSET)[2][_check(face)])


@cache
def _neighbours() -> dict[tuple[int, int], tuple[int, int]]:
    face_corners = _solid(LONGITUDE_OFFSET)[2]
    directed = {}
    for f in FACES:
        for e in range(5):
            directed[(int(face_corners[f][e]), int(face_corners[f][(e + 1) % 5]))] = (f, e)
    # The same edge runs the other way round on the face across it (both counter-clockwise).
    return {(f, e): directed[(b, a)] for (a, b), (f, e) in directed.items()}


def neighbour(face: int, edge: int) -> tuple[int, int]:
    """The card across ``edge`` of ``face`` and the number of that same edge on that card."""
    if edge not in range(5):
        raise ValueError(f"edge must be a whole number from 0 to 4, not {edge!r}")
    return _neighbours()[(_check(face), int(edge))]


def face_of(lat: float, lon: float) -> int:
    """The card a point falls on: the face whose centre is nearest."""
    centres = _solid(LONGITUDE_OFFSET)[0]
    return int(np.argmax(_dot(centres, _to_xyz(lat, lon))))


def faces_of(lat: ArrayLike, lon: ArrayLike) -> np.ndarray:
    """``face_of`` for arrays of points."""
    centres = _solid(LONGITUDE_OFFSET)[0]
    return np.argmax(_dot(_to_xyz(lat, lon)[..., None, :], centres), axis=-1)


def card_crs(face: int) -> str:
    """PROJ string of the card's oblique gnomonic projection (metres on the mean Earth sphere)."""
    lat, lon = face_centre(face)
    return f"+proj=gnom +lat_0={lat!r} +lon_0={lon!r} +R={EARTH_RADIUS_M!r} +units=m +no_defs"


def edge_length_m() -> float:
    """Length of a card edge in the gnomonic plane, in metres: the divisor for card units."""
    centres, corners, face_corners = _solid(LONGITUDE_OFFSET)
    rho = np.arccos(np.clip(_dot(corners[face_corners[0][0]], centres[0]), -1.0, 1.0))
    return float(2.0 * EARTH_RADIUS_M * np.tan(rho) * np.sin(np.pi / 5.0))


@cache
def _transformers(face: int) -> tuple[Transformer, Transformer]:
    # Only the card builds and the printed nets project: a student's kernel reads the kept
    # card art (data/globe_cards.npz), so PROJ (about 16 MB) is imported here, not above.
    from pyproj import CRS, Transformer

    crs = CRS.from_proj4(card_crs(face))
    geo = CRS.from_proj4(f"+proj=longlat +R={EARTH_RADIUS_M!r} +no_defs")
    return (
        Transformer.from_crs(geo, crs, always_xy=True),
        Transformer.from_crs(crs, geo, always_xy=True),
    )


def _turn(rotation: int) -> np.ndarray:
    a = np.radians(72.0 * (rotation % 5))
    return np.array([[np.cos(a), -np.sin(a)], [np.sin(a), np.cos(a)]])


def to_card(
    face: int, lat: ArrayLike, lon: ArrayLike, rotation: int = 0
) -> tuple[np.ndarray, np.ndarray]:
    """Card coordinates (edge length 1) of points given in lat/lon.

    Only meaningful within 90° of the face centre (gnomonic projections end there); callers cut
    their geometry to a cap around the face first (see ``cap``).
    """
    forward, _ = _transformers(_check(face))
    x, y = forward.transform(np.asarray(lon, dtype=float), np.asarray(lat, dtype=float))
    x, y = np.asarray(x) / edge_length_m(), np.asarray(y) / edge_length_m()
    t = _turn(rotation)
    return t[0, 0] * x + t[0, 1] * y, t[1, 0] * x + t[1, 1] * y


def from_card(
    face: int, x: ArrayLike, y: ArrayLike, rotation: int = 0
) -> tuple[np.ndarray, np.ndarray]:
    """(lat, lon) of points given in card coordinates: the inverse of ``to_card``."""
    _, inverse = _transformers(_check(face))
    t = _turn(rotation).T
    x, y = np.asarray(x, dtype=float), np.asarray(y, dtype=float)
    u, v = t[0, 0] * x + t[0, 1] * y, t[1, 0] * x + t[1, 1] * y
    lon, lat = inverse.transform(u * edge_length_m(), v * edge_length_m())
    return np.asarray(lat), np.asarray(lon)


@cache
def corner_angle(face: int) -> float:
    """Degrees, counter-clockwise from the card's east, from the card's centre to its first
    corner (``vertices(face)[0]``) as ``face_polygon_xy`` draws it.

    A gnomonic projection keeps every direction from its centre, so this is the corner's
    direction on the globe, seen from the face centre: worked out here without PROJ, which a
    game laying out its cards then never loads (issue 24). Equal to the angle of
    ``face_polygon_xy(face)``'s first corner to 1e-10 degrees (tested).
    """
    centres, corners, face_corners = _solid(LONGITUDE_OFFSET)
    centre = centres[_check(face)]
    corner = corners[face_corners[face][0]]
    east, north = _east_north(centre)
    return float(np.degrees(np.arctan2(_dot(corner, north), _dot(corner, east))))


def face_polygon_xy(face: int, rotation: int = 0) -> shapely.Polygon:
    """The card as a shapely Polygon in card coordinates, corners in ``vertices`` order."""
    lat, lon = np.array(vertices(face)).T
    x, y = to_card(face, lat, lon, rotation)
    return shapely.Polygon(np.column_stack([x, y]))


def cap(face: int, radius_deg: float = 50.0, steps: int = 180) -> shapely.Polygon:
    """A spherical cap around the face centre as a lon/lat polygon, for cutting source data.

    A cap that holds a pole or crosses the 180th meridian does not fit one lon/lat polygon;
    those come back in the card's own coordinates instead (see ``cap_is_lonlat``), and callers
    project first and clip there.
    """
    lat0, lon0 = face_centre(face)
    c = _to_xyz(lat0, lon0)
    east, north = _east_north(c)
    a = np.radians(np.linspace(0.0, 360.0, steps, endpoint=False))
    r = np.radians(radius_deg)
    ring = np.cos(r) * c + np.sin(r) * (np.cos(a)[:, None] * north + np.sin(a)[:, None] * east)
    lat, lon = _to_latlon(ring)
    return shapely.Polygon(np.column_stack([lon, lat]))


def edge_midpoint(face: int, edge: int) -> tuple[float, float]:
    """(lat, lon) of the middle of an edge (on the sphere)."""
    _, corners, face_corners = _solid(LONGITUDE_OFFSET)
    ids = face_corners[_check(face)]
    lat, lon = _to_latlon(_unit(corners[ids[edge % 5]] + corners[ids[(edge + 1) % 5]]))
    return float(lat), float(lon)


def edge_points(face: int, edge: int, n: int = 64) -> tuple[np.ndarray, np.ndarray]:
    """``n`` points (lat, lon) along the great-circle edge, from its first corner to its second."""
    _, corners, face_corners = _solid(LONGITUDE_OFFSET)
    ids = face_corners[_check(face)]
    a, b = corners[ids[edge % 5]], corners[ids[(edge + 1) % 5]]
    omega = np.arccos(np.clip(_dot(a, b), -1.0, 1.0))
    t = np.linspace(0.0, 1.0, n)[:, None]
    pts = (np.sin((1 - t) * omega) * a + np.sin(t * omega) * b) / np.sin(omega)
    return _to_latlon(pts)


def all_edge_points(offset: float, n: int = 64) -> tuple[np.ndarray, np.ndarray]:
    """Points along all 30 edges for a solid turned by ``offset``: for choosing the offset."""
    _, corners, face_corners = _solid(float(offset))
    seen, lats, lons = set(), [], []
    for f in FACES:
        for e in range(5):
            a, b = int(face_corners[f][e]), int(face_corners[f][(e + 1) % 5])
            if (b, a) in seen:
                continue
            seen.add((a, b))
            va, vb = corners[a], corners[b]
            omega = np.arccos(np.clip(_dot(va, vb), -1.0, 1.0))
            t = (np.arange(n) + 0.5)[:, None] / n
            pts = (np.sin((1 - t) * omega) * va + np.sin(t * omega) * vb) / np.sin(omega)
            lat, lon = _to_latlon(pts)
            lats.append(lat)
            lons.append(lon)
    return np.concatenate(lats), np.concatenate(lons)
