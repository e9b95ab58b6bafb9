"""Where a map's numbers and names go, so a wall map stays readable.

A label sits inside its country when it fits; otherwise the country gets a dot and the label moves
out along a short leader line to the nearest free spot, preferring the sea to other countries.
Everything here works in map units and is pure, so it is computed once and cached with the map.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np
import shapely
from shapely.geometry.base import BaseGeometry
from shapely.ops import polylabel

# Average width of a digit or letter in DejaVu Sans, as a share of the font size.
_CHAR_WIDTH = 0.62
# Leader directions, tried in this order at each distance: east and west first, as on printed
# maps, then the diagonals, then north and south.
_DIRECTIONS = np.array(
    [(1, 0), (-1, 0), (1, 1), (1, -1), (-1, 1), (-1, -1), (0, 1), (0, -1)], dtype=float
)
_DISTANCES_PT = (5.0, 9.0, 14.0, 20.0, 28.0, 38.0)
# A spot over land costs as much as this many extra points of leader.
_LAND_PENALTY_PT = 7.0
# A leader that crosses another leader costs this much: crossed lines are hard to follow.
_CROSSING_PENALTY_PT = 5.0


@dataclass(frozen=True)
class Placement:
    """One label: its feature, the point it belongs to (anchor) and where its text is centred."""

    code: str
    text: str
    anchor: tuple[float, float]
    at: tuple[float, float]
    inside: bool


def label_points(geometries: Sequence[BaseGeometry] | np.ndarray) -> np.ndarray:
    """A point well inside each feature's largest part (its pole of inaccessibility).

    The largest part, so France is numbered in Europe and not in French Guiana; the pole of
    inaccessibility rather than the centroid, so a curved country (Chile, Croatia) keeps its label.
    """
    points = np.zeros((len(geometries), 2))
    for i, geom in enumerate(geometries):
        if geom is None or geom.is_empty:
            points[i] = np.nan
            continue
        parts = [p for p in shapely.get_parts(geom) if p.geom_type == "Polygon"]
        if not parts:
            c = geom.centroid
            points[i] = (c.x, c.y)
            continue
        largest = max(parts, key=lambda p: p.area)
        tolerance = max(largest.area**0.5 / 40.0, 1e-9)
        p = polylabel(largest, tolerance=tolerance)
        points[i] = (p.x, p.y)
    return points


def text_box(at: Sequence[float], text: str, fontsize: float, units_per_point: float):
    """The rectangle a one-line label covers, in map units, with a little air around it."""
    half_w = (_CHAR_WIDTH * len(text) * fontsize + 2.0) * units_per_point / 2.0
    half_h = (fontsize * 1.15) * units_per_point / 2.0
    x, y = at
    return shapely.box(x - half_w, y - half_h, x + half_w, y + half_h)


def place_labels(
    codes: Sequence[str],
    texts: Sequence[str],
    geometries: Sequence[BaseGeometry],
    anchors: np.ndarray,
    *,
    fontsize: float,
    units_per_point: float,
    leaders: bool = True,
    taken: Sequence[BaseGeometry] = (),
    land: Sequence[BaseGeometry] = (),
    frame: BaseGeometry | None = None,
    dot_points: float = 3.0,
) -> list[Placement]:
    """Place one label per feature; with ``leaders=False`` labels that do not fit are dropped.

    ``taken`` are boxes already used (an earlier layer of labels); ``land`` is what a leader label
    should rather not cover; ``frame`` is the area labels must stay in (the globe's outline).
    Features are placed biggest first, so big countries keep the middle.
    """
    taken_boxes: list[BaseGeometry] = list(taken)
    land_geoms = np.asarray(list(land), dtype=object)
    land_tree = shapely.STRtree(land_geoms) if len(land_geoms) else None
    # Prepared shapes answer "contains" and "intersects" many times faster; unprepare them after,
    # as they belong to the cached map and would keep the extra memory.
    shapes = np.asarray([*geometries, *land_geoms, frame], dtype=object)
    shapes = shapes[~shapely.is_missing(shapes)]
    fresh = shapes[~shapely.is_prepared(shapes)]
    shapely.prepare(fresh)
    try:
        return _place(
            codes, texts, geometries, anchors, fontsize, units_per_point, leaders, taken_boxes,
            land_geoms, land_tree, frame, dot_points,
        )  # fmt: skip
    finally:
        shapely.destroy_prepared(fresh)


def _place(
    codes, texts, geometries, anchors, fontsize, units_per_point, leaders, taken_boxes,
    land_geoms, land_tree, frame, dot_points,
) -> list[Placement]:  # fmt: skip
    order = sorted(range(len(codes)), key=lambda i: -_area(geometries[i]))
    placed: dict[int, Placement] = {}
    outside: list[int] = []

    for i in order:
        anchor = anchors[i]
        if not np.all(np.isfinite(anchor)):
            continue
        box = text_box(anchor, texts[i], fontsize, units_per_point)
        if geometries[i].contains(box) and not _hits(box, taken_boxes):
            placed[i] = Placement(codes[i], texts[i], tuple(anchor), tuple(anchor), True)
            taken_boxes.append(box)
        elif leaders:
            outside.append(i)

    # Dots first, so no leader label hides another country's dot.
    dot_half = dot_points * units_per_point
    for i in outside:
        x, y = anchors[i]
        taken_boxes.append(shapely.box(x - dot_half, y - dot_half, x + dot_half, y + dot_half))

    lines: list[BaseGeometry] = []
    for i in outside:
        spot = _best_spot(
            anchors[i], texts[i], fontsize, units_per_point, taken_boxes, land_geoms, land_tree,
            geometries[i], lines, frame,
        )  # fmt: skip
        placed[i] = Placement(codes[i], texts[i], tuple(anchors[i]), spot, False)
        taken_boxes.append(text_box(spot, texts[i], fontsize, units_per_point))
        lines.append(shapely.LineString([anchors[i], spot]))

    return [placed[i] for i in sorted(placed)]


# Every candidate spot in the order it is tried: each distance, then each direction.
_TRY_DISTANCE = np.repeat(np.array(_DISTANCES_PT), len(_DIRECTIONS))
_TRY_DX = np.tile(_DIRECTIONS[:, 0], len(_DISTANCES_PT))
_TRY_DY = np.tile(_DIRECTIONS[:, 1], len(_DISTANCES_PT))
_TRY_DIAGONAL = (_TRY_DX != 0) & (_TRY_DY != 0)
_TRY_SCALE = np.where(_TRY_DIAGONAL, 1.0 / np.hypot(_TRY_DX, _TRY_DY), 1.0)


def _best_spot(
    anchor, text, fontsize, upp, taken_boxes, land_geoms, land_tree, own, lines, frame
) -> tuple[float, float]:
    """The cheapest spot for an outside label; all 48 candidates are scored in one go.

    Scored together (one query per tree) because the first render of a world map waits for
    150 of these; the choice is the one a nearest-first search would make: the first cheapest
    spot, stopping at the first distance whose best spot is a free one over the sea.
    """
    half_w = (_CHAR_WIDTH * len(text) * fontsize + 2.0) / 2.0
    half_h = fontsize * 1.15 / 2.0
    # Centre the text so its nearest edge is `distance` points from the anchor.
    reach_x = np.where(_TRY_DX != 0, _TRY_DISTANCE + half_w, 0.0)
    reach_y = np.where(_TRY_DY != 0, _TRY_DISTANCE + half_h, 0.0)
    x = anchor[0] + _TRY_DX * reach_x * _TRY_SCALE * upp
    y = anchor[1] + _TRY_DY * reach_y * _TRY_SCALE * upp
    box_w = (_CHAR_WIDTH * len(text) * fontsize + 2.0) * upp / 2.0
    box_h = (fontsize * 1.15) * upp / 2.0
    boxes = shapely.box(x - box_w, y - box_h, x + box_w, y + box_h)
    n = len(boxes)

    overlaps: np.ndarray = np.zeros(n)
    if taken_boxes:
        hits = shapely.STRtree(taken_boxes).query(boxes, predicate="intersects")
        overlaps = np.bincount(hits[0], minlength=n)
    over_land = np.zeros(n, dtype=bool)
    if land_tree is not None:
        # Boxes against the (prepared) land, not the land against unprepared boxes.
        near = land_tree.query(boxes)
        touching = near[0][shapely.intersects(land_geoms[near[1]], boxes[near[0]])]
        over_land = (np.bincount(touching, minlength=n) > 0) & ~shapely.contains(own, boxes)
    crossings: np.ndarray = np.zeros(n)
    if lines:
        leaders = shapely.linestrings(
            np.stack([np.broadcast_to(np.asarray(anchor, dtype=float), (n, 2)), np.c_[x, y]], 1)
        )
        hits = shapely.STRtree(lines).query(leaders, predicate="crosses")
        crossings = np.bincount(hits[0], minlength=n)
    off_map = ~shapely.contains(frame, boxes) if frame is not None else np.zeros(n, dtype=bool)
    cost = (
        _TRY_DISTANCE
        + _LAND_PENALTY_PT * over_land
        + _CROSSING_PENALTY_PT * crossings
        + 1000.0 * (overlaps + off_map)
    )
    per_distance = len(_DIRECTIONS)
    for block, distance in enumerate(_DISTANCES_PT, start=1):
        best = int(np.argmin(cost[: block * per_distance]))
        if cost[best] <= distance:
            break  # a free spot over the sea at this distance cannot be beaten further out
    return float(x[best]), float(y[best])


def _hits(box: BaseGeometry, boxes: list[BaseGeometry]) -> bool:
    return bool(boxes) and bool(np.any(shapely.intersects(box, boxes)))


def _area(geom: BaseGeometry) -> float:
    return 0.0 if geom is None else float(geom.area)
