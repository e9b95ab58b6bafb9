"""The dodecahedral globe: a closed solid whose cards fit edge to edge, exactly."""

from collections import Counter

import numpy as np
import pytest
import shapely

from geoteach import sphere
from geoteach.games.global_pursuit import dodecahedron as d

EDGES = [(f, e) for f in d.FACES for e in range(5)]


def test_twelve_faces_six_polar_six_equator():
    assert tuple(range(12)) == d.FACES
    assert sum(d.is_polar(f) for f in d.FACES) == 6
    for f in d.FACES:
        lat, _ = d.face_centre(f)
        expected = 52.6226 if d.is_polar(f) else 10.8123
        assert abs(lat) == pytest.approx(expected, abs=1e-4)
    assert sorted(round(d.face_centre(f)[0], 3) for f in d.FACES) == sorted(
        [52.623] * 3 + [10.812] * 3 + [-10.812] * 3 + [-52.623] * 3
    )


def test_a_corner_at_each_pole():
    corners = {v for f in d.FACES for v in d.vertices(f)}
    assert (90.0, 0.0) in corners and (-90.0, 0.0) in corners
    assert len(corners) == 20


def test_thirty_undirected_edges_and_five_distinct_neighbours():
    undirected = {frozenset([(f, e), d.neighbour(f, e)]) for f, e in EDGES}
    assert len(undirected) == 30
    for f in d.FACES:
        others = [d.neighbour(f, e)[0] for e in range(5)]
        assert len(set(others)) == 5 and f not in others


def test_neighbour_is_an_involution():
    for f, e in EDGES:
        assert d.neighbour(*d.neighbour(f, e)) == (f, e)


def test_three_faces_meet_at_every_corner():
    counts = Counter(v for f in d.FACES for v in d.corner_ids(f))
    assert len(counts) == 20 and set(counts.values()) == {3}


def test_shared_edge_has_the_same_two_corners():
    for f, e in EDGES:
        g, k = d.neighbour(f, e)
        mine, theirs = d.vertices(f), d.vertices(g)
        # Both faces list corners counter-clockwise, so the shared edge runs the other way.
        assert mine[e] == theirs[(k + 1) % 5]
        assert mine[(e + 1) % 5] == theirs[k]


@pytest.mark.parametrize("face", d.FACES)
@pytest.mark.parametrize("rotation", range(5))
def test_projected_face_is_a_regular_pentagon(face, rotation):
    poly = d.face_polygon_xy(face, rotation)
    xy = np.asarray(poly.exterior.coords)[:-1]
    sides = np.linalg.norm(np.roll(xy, -1, axis=0) - xy, axis=1)
    np.testing.assert_allclose(sides, 1.0, rtol=1e-9)
    np.testing.assert_allclose(np.linalg.norm(xy, axis=1), 1 / (2 * np.sin(np.pi / 5)), rtol=1e-9)
    assert poly.is_valid and poly.exterior.is_ccw
    np.testing.assert_allclose(np.asarray(poly.centroid.coords)[0], 0.0, atol=1e-9)


@pytest.mark.parametrize("face", d.FACES)
def test_edge_zero_is_on_top_at_rotation_zero(face):
    xy = np.asarray(d.face_polygon_xy(face).exterior.coords)[:-1]
    mids = (xy + np.roll(xy, -1, axis=0)) / 2
    bearings = np.degrees(np.arctan2(mids[:, 0], mids[:, 1]))
    assert -36.0 - 1e-6 <= bearings[0] < 36.0 - 1e-6


def test_rotation_turns_the_card_by_72_degrees():
    a = np.asarray(d.face_polygon_xy(4, 0).exterior.coords)[:-1]
    b = np.asarray(d.face_polygon_xy(4, 1).exterior.coords)[:-1]
    angle = np.radians(72)
    turned = a @ np.array([[np.cos(angle), np.sin(angle)], [-np.sin(angle), np.cos(angle)]])
    np.testing.assert_allclose(b, turned, atol=1e-12)


def test_face_of_finds_each_centre_and_corners_of_the_card():
    for f in d.FACES:
        assert d.face_of(*d.face_centre(f)) == f
        # A point just inside each corner belongs to this face.
        lat, lon = d.from_card(f, *(0.98 * np.asarray(d.face_polygon_xy(f).exterior.coords).T))
        assert set(d.faces_of(lat, lon)) == {f}


def test_points_on_a_card_are_exactly_the_points_of_its_face():
    rng = np.random.default_rng(7)
    lat = np.degrees(np.arcsin(rng.uniform(-1, 1, 4000)))
    lon = rng.uniform(-180, 180, 4000)
    faces = d.faces_of(lat, lon)
    for f in d.FACES:
        mine = faces == f
        near = np.abs(lat - d.face_centre(f)[0]) < 80  # keep within the projection's half
        x, y = d.to_card(f, lat[mine], lon[mine])
        assert shapely.contains_xy(d.face_polygon_xy(f).buffer(1e-9), x, y).all()
        assert mine.sum() > 0 and near.any()


def test_round_trip_card_coordinates():
    for f in d.FACES:
        for r in range(5):
            lat, lon = d.from_card(f, [0.1, -0.3], [0.2, 0.05], r)
            x, y = d.to_card(f, lat, lon, r)
            np.testing.assert_allclose([x, y], [[0.1, -0.3], [0.2, 0.05]], atol=1e-12)


def _great_circle(a, b, n=9):
    return sphere.to_latlon(
        sphere.slerp(sphere.to_xyz(*a), sphere.to_xyz(*b), np.linspace(0, 1, n))
    )


@pytest.mark.parametrize("face,edge", EDGES)
def test_a_coastline_crossing_an_edge_meets_the_neighbour_at_the_same_point(face, edge):
    """Project a line crossing the shared edge onto both cards; the crossings agree in lat/lon."""
    other, other_edge = d.neighbour(face, edge)
    inside, outside = d.face_centre(face), d.face_centre(other)
    # A line (not a great circle through both centres) from this card into the neighbour:
    start = _great_circle(inside, d.vertices(face)[edge], 5)
    a = (float(start[0][1]), float(start[1][1]))
    lat, lon = _great_circle(a, outside, 2)
    crossings = []
    for f, e in ((face, edge), (other, other_edge)):
        x, y = d.to_card(f, lat, lon)
        corners = np.asarray(d.face_polygon_xy(f).exterior.coords)
        side = shapely.LineString([corners[e], corners[e + 1]])
        hit = shapely.LineString(np.column_stack([x, y])).intersection(side)
        assert hit.geom_type == "Point"
        crossings.append(np.concatenate(d.from_card(f, [hit.x], [hit.y])))
    np.testing.assert_allclose(crossings[0], crossings[1], atol=1e-7)


def test_card_crs_is_a_gnomonic_projection_centred_on_the_face():
    lat, lon = d.face_centre(3)
    crs = d.card_crs(3)
    assert "+proj=gnom" in crs and f"+lat_0={lat!r}" in crs and f"+lon_0={lon!r}" in crs


def test_bad_face_or_edge_is_refused():
    with pytest.raises(ValueError, match="0 to 11"):
        d.face_centre(12)
    with pytest.raises(ValueError, match="0 to 4"):
        d.neighbour(0, 5)
