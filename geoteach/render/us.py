"""The U.S. map with Alaska and Hawaii insets, for GeoTriple's clicks and highlights.

The shapes come already laid out by ``geoteach.data.us_map(insets=True)`` (the Census-based
us-atlas Albers layout, Alaska and Hawaii moved under the West), so nothing is projected here;
only paths and label positions are computed, once, and cached.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from typing import Any

import numpy as np
from matplotlib.axes import Axes
from matplotlib.path import Path

from geoteach.render.labels import Placement, label_points, place_labels
from geoteach.render.mapview import MapView, Shapes, geometry_path


@dataclass(frozen=True)
class LaidOutStates:
    """The inset layout's shapes, paths and label points, computed once."""

    shapes: Shapes  # codes, names and shapes, plain (no pandas); never handed out
    paths: tuple[Path, ...]
    anchors: np.ndarray  # read-only
    y_down: bool  # True when the layout counts y downwards (screen pixels)


@lru_cache(maxsize=2)
def laid_out_states() -> LaidOutStates:
    """The states in the inset layout, cached; use :func:`us_frame` for a copy to change."""
    from geoteach.data.usa import us_shapes

    # The layout is planar screen-like units: no CRS, and neither pandas nor geopandas in a
    # student's kernel (issue 24).
    codes, names, geometries = us_shapes(insets=True)
    shapes = Shapes(tuple(codes), tuple(names), tuple(geometries))
    anchors = label_points(np.asarray(shapes.geometries, dtype=object))
    anchors.setflags(write=False)
    paths = tuple(geometry_path(g) for g in shapes.geometries)
    return LaidOutStates(shapes, paths, anchors, _counts_down(shapes))


def _counts_down(shapes: Shapes) -> bool:
    # Some Albers layouts are in screen pixels (y grows southwards): then Washington's y is
    # smaller than Florida's and the axis must be flipped.
    where = dict(zip(shapes.codes, shapes.geometries, strict=True))
    if {"WA", "FL"} <= set(where):
        return bool(where["WA"].centroid.y < where["FL"].centroid.y)
    return False


def us_frame() -> Any:
    """The laid-out states as a GeoDataFrame with every column of ``us_map`` (a fresh copy:
    safe to change), in the planar units of the inset layout (no CRS)."""
    import geoteach.data

    return geoteach.data.us_map(insets=True).set_crs(None, allow_override=True)


@lru_cache(maxsize=16)
def _abbreviation_layout(fontsize: float, upp: float) -> tuple[Placement, ...]:
    states = laid_out_states()
    codes = list(states.shapes.codes)
    anchors = np.array(states.anchors, dtype=float)
    if states.y_down:
        # Lay out in a north-up copy so "above" means north; flip the results back.
        anchors[:, 1] *= -1
        import shapely

        geoms = [
            shapely.affinity.scale(g, 1.0, -1.0, origin=(0, 0)) for g in states.shapes.geometries
        ]
    else:
        geoms = list(states.shapes.geometries)
    placed = place_labels(
        codes, codes, geoms, anchors, fontsize=fontsize, units_per_point=upp, land=geoms
    )
    if not states.y_down:
        return tuple(placed)
    return tuple(
        Placement(p.code, p.text, (p.anchor[0], -p.anchor[1]), (p.at[0], -p.at[1]), p.inside)
        for p in placed
    )


def us_map_view(
    *,
    abbreviations: bool = True,
    ax: Axes | None = None,
    figsize: tuple[float, float] = (10.0, 6.4),
    dpi: float = 100.0,
    fontsize: float = 7.0,
    interactive: bool = False,
) -> MapView:
    """The 50 states with Alaska and Hawaii insets, optionally with USPS abbreviations.

    Small north-eastern states (Rhode Island, Delaware...) carry their abbreviation out in
    the Atlantic on a leader line, and can be clicked there too.
    """
    states = laid_out_states()
    if ax is None:
        from geoteach.render.mapview import new_figure

        fig = new_figure(figsize, dpi=dpi, interactive=interactive)
        ax = fig.add_axes((0.0, 0.0, 1.0, 1.0))
    if states.y_down:
        ax.invert_yaxis()
    view = MapView(states.shapes, ax=ax, paths=states.paths, anchors=states.anchors)
    if abbreviations:
        upp = round(view.units_per_point(), 6)
        view.add_numbers(_abbreviation_layout(float(fontsize), upp), fontsize=fontsize)
    return view
