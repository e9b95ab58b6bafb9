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


def label_points(geometries: Sequence[BaseGeometry]) -> np.ndarray:
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
    land_tree = shapely.STRtree(list(land)) if len(land) else None
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
            anchors[i], texts[i], fontsize, units_per_point, taken_boxes, land_tree,
            geometries[i], lines, frame,
        )  # fmt: skip
        placed[i] = Placement(codes[i], texts[i], tuple(anchors[i]), spot, False)
        taken_boxes.append(text_box(spot, texts[i], fontsize, units_per_point))
        lines.append(shapely.LineString([anchors[i], spot]))

    return [placed[i] for i in sorted(placed)]


def _best_spot(
    anchor, text, fontsize, upp, taken_boxes, land_tree, own, lines, frame
) -> tuple[float, float]:
    half_w = (_CHAR_WIDTH * len(text) * fontsize + 2.0) / 2.0
    half_h = fontsize * 1.15 / 2.0
    tree = shapely.STRtree(taken_boxes) if taken_boxes else None
    line_tree = shapely.STRtree(lines) if lines else None
    best: tuple[float, tuple[float, float]] | None = None
    for distance in _DISTANCES_PT:
        for dx, dy in _DIRECTIONS:
            # Centre the text so its nearest edge is `distance` points from the anchor.
            reach_x = distance + half_w if dx else 0.0
            reach_y = distance + half_h if dy else 0.0
            scale = 1.0 / np.hypot(dx, dy) if dx and dy else 1.0
            at = (
                float(anchor[0] + dx * reach_x * scale * upp),
                float(anchor[1] + dy * reach_y * scale * upp),
            )
            box = text_box(at, text, fontsize, upp)
            overlaps = 0 if tree is None else len(tree.query(box, predicate="intersects"))
            over_land = False
            if land_tree is not None:
                hits = land_tree.query(box, predicate="intersects")
                over_land = len(hits) > 0 and not own.contains(box)
            crossings = 0
            if line_tree is not None:
                leader = shapely.LineString([anchor, at])
                crossings = len(line_tree.query(leader, predicate="crosses"))
            off_map = frame is not None and not frame.contains(box)
            cost = (
                distance
                + _LAND_PENALTY_PT * over_land
                + _CROSSING_PENALTY_PT * crossings
                + 1000.0 * (overlaps + off_map)
            )
            if best is None or cost < best[0]:
                best = (cost, at)
        if best is not None and best[0] <= distance:
            break  # a free spot over the sea at this distance cannot be beaten further out
    assert best is not None
    return best[1]


def _hits(box: BaseGeometry, boxes: list[BaseGeometry]) -> bool:
    return any(box.intersects(b) for b in boxes)


def _area(geom: BaseGeometry) -> float:
    return 0.0 if geom is None else float(geom.area)
