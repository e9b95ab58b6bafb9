"""Zoom and pan a map with buttons or the mouse wheel, keeping its numbers readable.

A world map 870 pixels wide cannot show 197 numbers at a readable size: Europe and the Caribbean
overflow. So the numbers are written at a size a class can read (11 px and more) and, at each
zoom, only the numbers that fit without touching another are shown, biggest countries first.
Zoom in and the small ones appear; every country stays clickable (its dot remains) whether its
number is shown or not.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

import numpy as np
import shapely
from matplotlib.backend_bases import MouseEvent

from geoteach.render.labels import Placement, text_box
from geoteach.render.mapview import MapView

#: How much one press of a zoom button (or one wheel notch) magnifies.
STEP = 1.6
#: No further in than this share of the whole map's width.
MAX_ZOOM = 24.0
#: From this magnification on, numbers sit on their countries instead of on leader lines.
ZOOMED = 1.5


def readable_subset(
    placements: Sequence[Placement],
    fontsize: float,
    units_per_point: float,
    view: tuple[float, float, float, float] | None = None,
    priority: Sequence[float] | None = None,
) -> list[int]:
    """Indices of the labels to show so that no two touch, most important first.

    ``view`` (x0, y0, x1, y1) leaves out labels outside the visible window; ``priority`` (e.g.
    the country's area) orders them, labels inside their country before leader labels.
    """
    order = list(range(len(placements)))
    weights = list(priority) if priority is not None else [0.0] * len(placements)
    order.sort(key=lambda i: (not placements[i].inside, -weights[i]))
    kept: list[int] = []
    boxes: list[Any] = []
    tree_boxes: list[Any] = []
    for i in order:
        p = placements[i]
        if view is not None:
            x, y = p.at
            if not (view[0] <= x <= view[2] and view[1] <= y <= view[3]):
                continue
        box = text_box(p.at, p.text, fontsize, units_per_point)
        if tree_boxes and shapely.intersects(box, tree_boxes).any():
            continue
        kept.append(i)
        boxes.append(box)
        tree_boxes = boxes
    return sorted(kept)


class MapZoom:
    """Zoom (buttons, wheel) and pan a ``MapView``; its numbers are thinned to what fits.

    ``on_change()`` is called after every change of view (the UI redraws a picture there, or
    the ipympl canvas redraws by itself).
    """

    def __init__(self, view: MapView, on_change: Callable[[], Any] | None = None) -> None:
        self.view = view
        self.on_change = on_change
        self.ax = view.ax
        self.home_limits = (self.ax.get_xlim(), self.ax.get_ylim())
        self._cid: int | None = None
        self.relabel()

    # ----- the view ----------------------------------------------------------------------
    @property
    def scale(self) -> float:
        """How many times the whole map is magnified now (1 = the whole map)."""
        (hx0, hx1), _ = self.home_limits
        x0, x1 = self.ax.get_xlim()
        return abs(hx1 - hx0) / max(abs(x1 - x0), 1e-12)

    def zoom(self, factor: float, center: tuple[float, float] | None = None) -> None:
        """Magnify by ``factor`` (> 1 in, < 1 out) about ``center`` (default: the middle)."""
        x0, x1 = self.ax.get_xlim()
        y0, y1 = self.ax.get_ylim()
        new_scale = min(max(self.scale * factor, 1.0), MAX_ZOOM)
        factor = new_scale / self.scale
        cx, cy = center if center is not None else ((x0 + x1) / 2, (y0 + y1) / 2)
        # The point under the cursor stays under the cursor.
        nx0, nx1 = cx - (cx - x0) / factor, cx + (x1 - cx) / factor
        ny0, ny1 = cy - (cy - y0) / factor, cy + (y1 - cy) / factor
        self._set(nx0, nx1, ny0, ny1)

    def pan(self, right: float, up: float) -> None:
        """Move the window by a share of its size (0.3 = a third to the right)."""
        x0, x1 = self.ax.get_xlim()
        y0, y1 = self.ax.get_ylim()
        dx, dy = right * (x1 - x0), up * (y1 - y0)
        self._set(x0 + dx, x1 + dx, y0 + dy, y1 + dy)

    def home(self) -> None:
        """The whole map again."""
        (x0, x1), (y0, y1) = self.home_limits
        self._set(x0, x1, y0, y1)

    def show(self, codes: Sequence[str] | str, margin: float = 0.3, min_share: float = 0.2) -> None:
        """Zoom to features (the country just asked about), keeping its neighbours in view."""
        self.view.focus(codes, margin=margin, min_share=min_share)
        self._clamp()
        self.relabel()
        self._changed()

    def _set(self, x0: float, x1: float, y0: float, y1: float) -> None:
        self.ax.set_xlim(x0, x1)
        self.ax.set_ylim(y0, y1)
        self._clamp()
        self.relabel()
        self._changed()

    def _clamp(self) -> None:
        """Keep the window inside the map (no zooming out past it, no panning off it)."""
        (hx0, hx1), (hy0, hy1) = self.home_limits
        x0, x1 = self.ax.get_xlim()
        y0, y1 = self.ax.get_ylim()
        w, h = min(x1 - x0, hx1 - hx0), min(y1 - y0, hy1 - hy0)
        x0 = min(max(x0, hx0), hx1 - w)
        y0 = min(max(y0, hy0), hy1 - h)
        self.ax.set_xlim(x0, x0 + w)
        self.ax.set_ylim(y0, y0 + h)

    def _changed(self) -> None:
        self.view.figure.canvas.draw_idle()
        if self.on_change is not None:
            self.on_change()

    # ----- the numbers -------------------------------------------------------------------
    def relabel(self) -> list[str]:
        """Show the numbers that fit at this zoom; returns the codes whose number is shown.

        At the whole map the numbers keep their printed places (leader lines for small
        countries); zoomed in, each number moves onto its country (beside its dot), where it
        now has room, and the leader lines go.
        """
        layer = self.view.number_layer
        if layer is None:
            return []
        halo, glyphs, placements, paths, fontsize = layer
        x0, x1 = self.ax.get_xlim()
        y0, y1 = self.ax.get_ylim()
        window = (min(x0, x1), min(y0, y1), max(x0, x1), max(y0, y1))
        upp = self.view.units_per_point()
        zoomed = self.scale >= ZOOMED
        shown = [self._spot(p, fontsize, upp) if zoomed else p for p in placements]
        areas = [self.view.area_of(p.code) for p in placements]
        keep = readable_subset(shown, fontsize, upp, window, areas)
        offsets = np.array([shown[i].at for i in keep], dtype=float).reshape(-1, 2)
        for artist in (halo, glyphs):
            artist.set_paths([paths[i] for i in keep])
            artist.set_offsets(offsets)
        leaders = self.view.leader_lines
        if leaders is not None:
            kept = set(keep)
            outside = [i for i, p in enumerate(placements) if not p.inside]
            leaders.set_segments(
                [] if zoomed else [[placements[i].anchor, placements[i].at] for i in outside
                                   if i in kept]
            )  # fmt: skip
        self.view.fixed_labels.invalidate()
        self.view.fixed_borders.invalidate()
        return [placements[i].code for i in keep]

    @staticmethod
    def _spot(p: Placement, fontsize: float, upp: float) -> Placement:
        """Where a number goes when zoomed in: on its country, or just right of its dot."""
        if p.inside:
            return p
        half = (0.62 * len(p.text) * fontsize + 2.0) * upp / 2.0
        at = (p.anchor[0] + half + 4.0 * upp, p.anchor[1])
        return Placement(p.code, p.text, p.anchor, at, False)

    # ----- the mouse wheel ---------------------------------------------------------------
    def connect_wheel(self) -> None:
        """Zoom with the wheel where the pointer is (ipympl: the page does not scroll)."""
        canvas = self.view.figure.canvas
        if hasattr(canvas, "capture_scroll"):
            canvas.capture_scroll = True
        if self._cid is None:
            self._cid = canvas.mpl_connect("scroll_event", self._wheel)

    def disconnect_wheel(self) -> None:
        """Stop zooming with the wheel (the map is drawn again on the same canvas)."""
        if self._cid is not None:
            self.view.figure.canvas.mpl_disconnect(self._cid)
            self._cid = None

    def _wheel(self, event: MouseEvent) -> None:
        if event.inaxes is not self.ax or event.xdata is None or event.ydata is None:
            return
        self.zoom(STEP if event.button == "up" else 1 / STEP, (event.xdata, event.ydata))
