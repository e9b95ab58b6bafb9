"""Points, distances and great circles on the globe: the one place this maths is written.

The Global Pursuit cards are faces of a solid inscribed in a sphere, their drawings follow
explorers along great circles, the trivia cards measure how far a wrong place lies from a
journey, and the lessons tell students how long each journey was. All of them call these
functions, so a route is the same great circle on a card, in a question and in a lesson.

Two shapes of the Earth, each where it serves:

- The mean sphere (``EARTH_RADIUS_M``), in plain numpy and ``math``: the card solid and its
  gnomonic projections are defined on a sphere, and a game runs this code in a student's kernel,
  where PROJ (about 16 MB) is never loaded (issue 24).
- The WGS 84 ellipsoid through ``pyproj.Geod`` (``wgs84_km``, ``journey_km``, ``wgs84_path``):
  the distances a lesson prints, the shape GPS uses. PROJ is imported inside these functions,
  so importing this module never loads it.

A top-level helper: every layer may import it, and it imports no layer.
"""

from __future__ import annotations

import math
from functools import cache
from typing import TYPE_CHECKING

import numpy as np
from numpy.typing import ArrayLike

if TYPE_CHECKING:
    from pyproj import Geod

#: Mean Earth radius (IUGG, metres).
EARTH_RADIUS_M = 6_371_008.8

#: The radius of the trivia cards' and the map conventions' distances, in km. Kept at 6371.0,
#: the value the kept question banks were made with: every distance of every kept card is
#: then the same to the last bit (the 9 m between the two radii changes no answer).
EARTH_RADIUS_KM = 6371.0


def dot(a: ArrayLike, b: ArrayLike) -> np.ndarray:
    """Dot products over the last axis (3-vectors), broadcast like ``*``.

    Written out term by term instead of ``@``: a matrix product goes to the BLAS library, whose
    kernels (chosen for the processor at run time) may add in another order or fuse multiplies,
    so the last bits of the card solid, and through them every card drawing, changed from one
    machine to another. Plain multiplies and adds give the same bits everywhere.
    """
    a, b = np.asarray(a, dtype=float), np.asarray(b, dtype=float)
    return a[..., 0] * b[..., 0] + a[..., 1] * b[..., 1] + a[..., 2] * b[..., 2]


def unit(v: ArrayLike) -> np.ndarray:
    """``v`` scaled to length 1 (over the last axis): the point of the unit sphere above it."""
    v = np.asarray(v, dtype=float)
    return v / np.sqrt(dot(v, v))[..., None]


def to_xyz(lat: ArrayLike, lon: ArrayLike) -> np.ndarray:
    """Points given in degrees as 3-vectors on the unit sphere (x to 0°E, z to the North Pole)."""
    lat_r, lon_r = np.radians(lat), np.radians(lon)
    return np.stack(
        [np.cos(lat_r) * np.cos(lon_r), np.cos(lat_r) * np.sin(lon_r), np.sin(lat_r)], axis=-1
    )


def to_latlon(xyz: ArrayLike) -> tuple[np.ndarray, np.ndarray]:
    """(lat, lon) in degrees of points on the unit sphere; longitudes in [-180, 180).

    A pole gets longitude 0 and a latitude of exactly ±90, rather than rounding noise.
    """
    xyz = np.asarray(xyz, dtype=float)
    lat = np.degrees(np.arcsin(np.clip(xyz[..., 2], -1.0, 1.0)))
    lon = np.degrees(np.arctan2(xyz[..., 1], xyz[..., 0]))
    lon = np.where(np.abs(lat) > 90.0 - 1e-9, 0.0, (lon + 180.0) % 360.0 - 180.0)
    lat = np.where(np.abs(lat) > 90.0 - 1e-9, np.sign(lat) * 90.0, lat)
    return lat, lon


def east_north(point: ArrayLike) -> tuple[np.ndarray, np.ndarray]:
    """The unit vectors pointing east and north at a point of the unit sphere."""
    lat, lon = to_latlon(point)
    la, lo = np.radians(lat), np.radians(lon)
    east = np.array([-np.sin(lo), np.cos(lo), 0.0])
    north = np.array([-np.sin(la) * np.cos(lo), -np.sin(la) * np.sin(lo), np.cos(la)])
    return east, north


def arc(a: ArrayLike, b: ArrayLike) -> np.ndarray:
    """The angle (radians) between points of the unit sphere: their great-circle distance."""
    return np.arccos(np.clip(dot(a, b), -1.0, 1.0))


def slerp(a: ArrayLike, b: ArrayLike, t: ArrayLike) -> np.ndarray:
    """Points at fractions ``t`` of the way along the great circle from ``a`` to ``b``.

    ``a`` and ``b`` are distinct, not opposite points of the unit sphere; ``t`` is an array of
    fractions, and the result has one row per fraction.
    """
    a, b = np.asarray(a, dtype=float), np.asarray(b, dtype=float)
    omega = arc(a, b)
    t = np.asarray(t, dtype=float)[:, None]
    return (np.sin((1 - t) * omega) * a + np.sin(t * omega) * b) / np.sin(omega)


def sphere_km(a: tuple[float, float], b: tuple[float, float]) -> float:
    """Great-circle distance between two (lat, lon) points on the sphere of ``EARTH_RADIUS_KM``.

    The haversine formula in plain ``math``: exact for nearby points too, where the arc
    cosine of a dot product loses its digits.
    """
    lat1, lon1, lat2, lon2 = map(math.radians, (*a, *b))
    h = math.sin((lat2 - lat1) / 2) ** 2
    h += math.cos(lat1) * math.cos(lat2) * math.sin((lon2 - lon1) / 2) ** 2
    return 2 * EARTH_RADIUS_KM * math.asin(min(1.0, math.sqrt(h)))


def sphere_path(
    a: tuple[float, float], b: tuple[float, float], step_km: float
) -> list[tuple[float, float]]:
    """(lat, lon) points every ``step_km`` or less along the great circle from ``a`` to ``b``,
    both ends included (one point when they are the same place)."""
    steps = max(1, math.ceil(sphere_km(a, b) / step_km))
    pa, pb = to_xyz(*a), to_xyz(*b)
    if arc(pa, pb) < 1e-9:
        return [(float(a[0]), float(a[1]))] * (steps + 1)
    lat, lon = to_latlon(slerp(pa, pb, np.arange(steps + 1) / steps))
    return [(float(x), float(y)) for x, y in zip(lat, lon, strict=True)]


@cache
def wgs84() -> Geod:
    """The WGS 84 ellipsoid of ``pyproj``, loaded on first use (a game never needs it)."""
    from pyproj import Geod

    return Geod(ellps="WGS84")


def wgs84_km(lon1: ArrayLike, lat1: ArrayLike, lon2: ArrayLike, lat2: ArrayLike) -> np.ndarray:
    """Shortest distances (km) on the WGS 84 ellipsoid between points, pair by pair."""
    return np.asarray(wgs84().inv(lon1, lat1, lon2, lat2)[2]) / 1000.0


def journey_km(lons: ArrayLike, lats: ArrayLike) -> float:
    """Length (km) of a route stop to stop along the shortest way on the WGS 84 ellipsoid."""
    return float(wgs84().line_length(lons, lats)) / 1000.0


def wgs84_path(
    lon1: float, lat1: float, lon2: float, lat2: float, between: int
) -> list[tuple[float, float]]:
    """``between`` (lon, lat) points evenly spaced along the shortest way on the WGS 84
    ellipsoid, ends left out."""
    return list(wgs84().npts(lon1, lat1, lon2, lat2, between))
