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

from geoteach import sphere
from geoteach.sphere import arc, dot, east_north, slerp, to_latlon, to_xyz, unit

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
EARTH_RADIUS_M = sphere.EARTH_RADIUS_M

_PHI = (1.0 + 5.0**0.5) / 2.0


def _turned(v: np.ndarray, matrix: np.ndarray) -> np.ndarray:
    """Each row of ``v`` times ``matrix`` transposed (``v @ matrix.T``), without BLAS."""
    return np.stack([dot(v, row) for row in matrix], axis=-1)


def snap(values: ArrayLike, bits: int) -> np.ndarray:
    """Round to the nearest multiple of 2**-bits: the same value on every machine.

    Trigonometry and projections may differ in the last bit between processors (their
    libraries pick vector code at run time). A value rounded to a grid far coarser than that
    and far finer than anything drawn comes out the same, so what is built from it does too.
    Scaling by a power of two is exact, so the grid itself has no rounding of its own.
    """
    scale = float(2**bits)
    return np.round(np.asarray(values, dtype=float) * scale) / scale


@cache
def _solid(offset: float) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Face centres (12x3), corners (20x3) and each face's five corner ids, counter-clockwise.

    Built from the icosahedron (its vertices are the dodecahedron's face centres; the centres of
    its triangles are the dodecahedron's corners), then turned so one corner sits on the pole.
    """
    points: list[tuple[float, float, float]] = []
    for a in (-1.0, 1.0):
        for b in (-_PHI, _PHI):
            points += [(0.0, a, b), (a, b, 0.0), (b, 0.0, a)]
    ico = np.array(points)
    gaps = ico[:, None] - ico[None]
    near = np.isclose(np.sqrt(dot(gaps, gaps)), 2.0)
    triangles = [
        (i, j, k)
        for i in range(12)
        for j in range(i + 1, 12)
        for k in range(j + 1, 12)
        if near[i, j] and near[j, k] and near[i, k]
    ]
    corners = unit(np.array([ico[list(t)].sum(axis=0) for t in triangles]))
    # Turn corner 0 to the North Pole and one of its faces to longitude `offset`.
    z = corners[0]
    x = unit(ico[triangles[0][0]] - dot(ico[triangles[0][0]], z) * z)
    y = np.cross(z, x)
    turn = np.array([x, y, z])
    o = np.radians(offset)
    spin = np.array([[np.cos(o), -np.sin(o), 0.0], [np.sin(o), np.cos(o), 0.0], [0.0, 0.0, 1.0]])
    # Snapped to a grid of 2**-40 (a micrometre on the globe): the same solid on every machine.
    centres = snap(unit(_turned(_turned(ico, turn), spin)), 40)
    corners = snap(unit(_turned(_turned(corners, turn), spin)), 40)
    # Number faces by ring (north to south), then west to east from the offset.
    lat, lon = to_latlon(centres)
    # np.round is what round() does to a numpy float (its __round__); named for the checker.
    order = sorted(
        range(12), key=lambda f: (-np.round(lat[f], 6), np.round((lon[f] - offset) % 360, 6))
    )
    centres = centres[order]
    face_corners = np.zeros((12, 5), dtype=int)
    for f, c in enumerate(centres):
        ids = np.argsort(-dot(corners, c))[:5]
        east, north = east_north(c)
        angle = np.arctan2(dot(corners[ids], north), dot(corners[ids], east))  # counter-clockwise
        ids = ids[np.argsort(angle)]
        # Edge 0 = the edge whose midpoint bearing is in [-36°, 36°) from north.
        mids = unit(corners[ids] + corners[np.roll(ids, -1)])
        bearing = np.degrees(np.arctan2(dot(mids, east), dot(mids, north)))
        start = int(np.argmin((bearing + 36.0 + 1e-6) % 360.0))
        face_corners[f] = np.roll(ids, -start)
    return centres, corners, face_corners


def check_face(face: int) -> int:
    """``face`` as an int, or a ValueError a curriculum author can act on."""
    if face not in FACES:
        raise ValueError(f"face must be a whole number from 0 to 11, not {face!r}")
    return int(face)


def face_centre(face: int) -> tuple[float, float]:
    """(lat, lon) of the centre of a card: the point the card's projection is centred on."""
    lat, lon = to_latlon(_solid(LONGITUDE_OFFSET)[0][check_face(face)])
    return float(lat), float(lon)


def is_polar(face: int) -> bool:
    """True for the six polar cards (a corner at a pole), False for the six Equator cards."""
    return check_face(face) in (0, 1, 2, 9, 10, 11)


def vertices(face: int) -> list[tuple[float, float]]:
    """The five corners (lat, lon), counter-clockwise from outside, edge 0 on top."""
    _, corners, face_corners = _solid(LONGITUDE_OFFSET)
    lat, lon = to_latlon(corners[face_corners[check_face(face)]])
    return [(float(a), float(b)) for a, b in zip(lat, lon, strict=True)]


def corner_ids(face: int) -> tuple[int, ...]:
    """Global numbers (0-19) of the face's corners, in the order of ``vertices``."""
    return tuple(int(v) for v in _solid(LONGITUDE_OFFSET)[2][check_face(face)])


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
    return _neighbours()[(check_face(face), int(edge))]


def face_of(lat: float, lon: float) -> int:
    """The card a point falls on: the face whose centre is nearest."""
    centres = _solid(LONGITUDE_OFFSET)[0]
    return int(np.argmax(dot(centres, to_xyz(lat, lon))))


def faces_of(lat: ArrayLike, lon: ArrayLike) -> np.ndarray:
    """``face_of`` for arrays of points."""
    centres = _solid(LONGITUDE_OFFSET)[0]
    return np.asarray(np.argmax(dot(to_xyz(lat, lon)[..., None, :], centres), axis=-1))


def card_crs(face: int) -> str:
    """PROJ string of the card's oblique gnomonic projection (metres on the mean Earth sphere)."""
    lat, lon = face_centre(face)
    return f"+proj=gnom +lat_0={lat!r} +lon_0={lon!r} +R={EARTH_RADIUS_M!r} +units=m +no_defs"


def edge_length_m() -> float:
    """Length of a card edge in the gnomonic plane, in metres: the divisor for card units."""
    centres, corners, face_corners = _solid(LONGITUDE_OFFSET)
    rho = arc(corners[face_corners[0][0]], centres[0])
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
    forward, _ = _transformers(check_face(face))
    x, y = forward.transform(np.asarray(lon, dtype=float), np.asarray(lat, dtype=float))
    x, y = np.asarray(x) / edge_length_m(), np.asarray(y) / edge_length_m()
    t = _turn(rotation)
    return t[0, 0] * x + t[0, 1] * y, t[1, 0] * x + t[1, 1] * y


def from_card(
    face: int, x: ArrayLike, y: ArrayLike, rotation: int = 0
) -> tuple[np.ndarray, np.ndarray]:
    """(lat, lon) of points given in card coordinates: the inverse of ``to_card``."""
    _, inverse = _transformers(check_face(face))
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
    centre = centres[check_face(face)]
    corner = corners[face_corners[face][0]]
    east, north = east_north(centre)
    return float(np.degrees(np.arctan2(dot(corner, north), dot(corner, east))))


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
    c = to_xyz(lat0, lon0)
    east, north = east_north(c)
    a = np.radians(np.linspace(0.0, 360.0, steps, endpoint=False))
    r = np.radians(radius_deg)
    ring = np.cos(r) * c + np.sin(r) * (np.cos(a)[:, None] * north + np.sin(a)[:, None] * east)
    lat, lon = to_latlon(ring)
    return shapely.Polygon(np.column_stack([lon, lat]))


def edge_midpoint(face: int, edge: int) -> tuple[float, float]:
    """(lat, lon) of the middle of an edge (on the sphere)."""
    _, corners, face_corners = _solid(LONGITUDE_OFFSET)
    ids = face_corners[check_face(face)]
    lat, lon = to_latlon(unit(corners[ids[edge % 5]] + corners[ids[(edge + 1) % 5]]))
    return float(lat), float(lon)


def edge_points(face: int, edge: int, n: int = 64) -> tuple[np.ndarray, np.ndarray]:
    """``n`` points (lat, lon) along the great-circle edge, from its first corner to its second."""
    _, corners, face_corners = _solid(LONGITUDE_OFFSET)
    ids = face_corners[check_face(face)]
    a, b = corners[ids[edge % 5]], corners[ids[(edge + 1) % 5]]
    return to_latlon(slerp(a, b, np.linspace(0.0, 1.0, n)))


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
            lat, lon = to_latlon(slerp(corners[a], corners[b], (np.arange(n) + 0.5) / n))
            lats.append(lat)
            lons.append(lon)
    return np.concatenate(lats), np.concatenate(lons)


def edge_arc(offset: float = LONGITUDE_OFFSET) -> float:
    """The angle (radians) an edge spans seen from the centre of the globe, for a solid turned
    by ``offset``: every edge of a regular solid is as long as the others."""
    _, corners, face_corners = _solid(float(offset))
    return float(arc(corners[face_corners[0][0]], corners[face_corners[0][1]]))
