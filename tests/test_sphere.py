"""The globe's maths in one place (``geoteach.sphere``): points, arcs, great circles, distances.

The card solid, the card drawings, the trivia cards and the lessons all call it, so these
tests pin what each of them relies on: the two ways of writing a point agree, a great circle
stays on the sphere and runs the short way, and the sphere and the ellipsoid agree to within
the Earth's flattening.
"""

from __future__ import annotations

import itertools
import math
import subprocess
import sys

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

from geoteach import sphere

LAT = st.floats(-89.9, 89.9)
LON = st.floats(-179.9, 179.9)


@given(LAT, LON)
def test_a_point_comes_back_from_xyz(lat: float, lon: float) -> None:
    back = sphere.to_latlon(sphere.to_xyz(lat, lon))
    assert back[0] == pytest.approx(lat, abs=1e-9)
    assert back[1] == pytest.approx(lon, abs=1e-9)


def test_the_poles_have_longitude_zero() -> None:
    lat, lon = sphere.to_latlon(np.array([[0.0, 0.0, 1.0], [1e-12, 0.0, -1.0]]))
    assert lat.tolist() == [90.0, -90.0] and lon.tolist() == [0.0, 0.0]


def test_east_and_north_are_at_right_angles_to_the_point_and_each_other() -> None:
    point = sphere.to_xyz(40.0, -75.0)
    east, north = sphere.east_north(point)
    assert [float(sphere.dot(east, point)), float(sphere.dot(north, point))] == pytest.approx(
        [0.0, 0.0], abs=1e-15
    )
    assert float(sphere.dot(east, north)) == pytest.approx(0.0, abs=1e-15)
    # A step north raises the latitude, a step east the longitude.
    lat, lon = sphere.to_latlon(sphere.unit(point + 1e-3 * north))
    assert lat > 40.0 and lon == pytest.approx(-75.0)
    lat, lon = sphere.to_latlon(sphere.unit(point + 1e-3 * east))
    assert lon > -75.0


@given(LAT, LON, LAT, LON)
def test_a_great_circle_stays_on_the_sphere_and_on_the_short_way(
    lat1: float, lon1: float, lat2: float, lon2: float
) -> None:
    a, b = sphere.to_xyz(lat1, lon1), sphere.to_xyz(lat2, lon2)
    whole = float(sphere.arc(a, b))
    if not 1e-6 < whole < math.pi - 1e-6:
        return
    t = np.linspace(0.0, 1.0, 7)
    path = sphere.slerp(a, b, t)
    assert np.allclose(sphere.dot(path, path), 1.0)
    assert np.allclose(path[[0, -1]], [a, b], atol=1e-9)
    assert np.allclose(sphere.arc(a, path), t * whole, atol=1e-7)


def test_distances_on_the_sphere() -> None:
    quarter = math.pi / 2 * sphere.EARTH_RADIUS_KM
    assert sphere.sphere_km((0.0, 0.0), (0.0, 90.0)) == pytest.approx(quarter)
    assert sphere.sphere_km((90.0, 0.0), (-90.0, 0.0)) == pytest.approx(2 * quarter)
    assert sphere.sphere_km((51.5, -0.1), (51.5, -0.1)) == 0.0
    # Across the 180th meridian the short way: 2 degrees of the Equator, not 358.
    assert sphere.sphere_km((0.0, 179.0), (0.0, -179.0)) == pytest.approx(quarter / 45)


def test_a_path_is_walked_in_steps_no_longer_than_asked() -> None:
    path = sphere.sphere_path((0.0, 0.0), (0.0, 90.0), step_km=1000.0)
    steps = [sphere.sphere_km(p, q) for p, q in itertools.pairwise(path)]
    # A quarter of the Equator is 10,007.5 km: 11 steps of 909.8 km, 12 points.
    assert len(path) == 12 and max(steps) <= 1000.0
    assert path[0] == pytest.approx((0.0, 0.0)) and path[-1] == pytest.approx((0.0, 90.0))
    assert sphere.sphere_path((10.0, 20.0), (10.0, 20.0), 100.0) == [(10.0, 20.0)] * 2


def test_the_ellipsoid_and_the_sphere_agree_to_within_the_flattening() -> None:
    """WGS 84 is flattened by 1/298: its distances differ from the sphere's by under 0.6%."""
    ours = sphere.sphere_km((0.0, 0.0), (60.0, 80.0))
    assert float(sphere.wgs84_km(0.0, 0.0, 80.0, 60.0)) == pytest.approx(ours, rel=6e-3)
    route = sphere.journey_km([0.0, 80.0, 80.0], [0.0, 60.0, 0.0])
    assert route == pytest.approx(ours + sphere.sphere_km((60.0, 80.0), (0.0, 80.0)), rel=6e-3)
    between = sphere.wgs84_path(0.0, 0.0, 90.0, 0.0, 8)
    assert len(between) == 8 and all(abs(lat) < 1e-9 for _, lat in between)


def test_importing_the_module_loads_no_proj() -> None:
    """A game runs this code in a student's kernel, where PROJ is never loaded (issue 24)."""
    code = "import sys, geoteach.sphere; print('pyproj' in sys.modules)"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "False"
