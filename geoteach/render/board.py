"""The Geography Pursuit board in matplotlib: hub, spokes, ring, tokens with their wedges.

Drawing only: ``BoardView.update(view)`` redraws the tokens and the lit destinations from a
player's view, and ``on_pick`` turns a click back into a space id. Which spaces are legal is the
engine's business (``view["destinations"]``).

Colour is never the only signal: every space also carries its category's short letters, Roll
again spaces an arrow, lit destinations a thick dashed ring, and each token its seat number.
"""

from __future__ import annotations

import io
import math
from collections.abc import Callable, Sequence
from typing import Any

import numpy as np
from matplotlib.axes import Axes
from matplotlib.backend_bases import MouseEvent
from matplotlib.figure import Figure
from matplotlib.patches import Circle, RegularPolygon, Wedge
from PIL import Image

from geoteach.escape import plot_text
from geoteach.games.geography_pursuit.board import CATEGORIES, RING_SIZE, SPACES, SPOKE_LENGTH
from geoteach.games.table import SEAT_COLOURS, Table
from geoteach.render.clicks import is_pick
from geoteach.render.mapview import new_figure

#: Category colours in board order: the master game's blue, pink, yellow, brown, green, orange,
#: in shades that stay apart for common colour-vision deficiencies (letters help too).
CATEGORY_COLOURS: tuple[str, ...] = (
    "#0072B2",
    "#CC79A7",
    "#F0E442",
    "#A6761D",
    "#009E73",
    "#E69F00",
)
ROLL_AGAIN_COLOUR = "#FFFFFF"
HUB_COLOUR = "#BBBBBB"
LIT_COLOUR = "#000000"

#: Radius of the ring; the headquarters sit on it, six steps out from the hub.
RING_RADIUS = 7.0
SPACE_RADIUS = 0.46
HQ_RADIUS = 0.68
HUB_RADIUS = 0.95


def space_xy(space_id: str) -> tuple[float, float]:
    """Where a space is drawn (hub at the origin, category 0's spoke pointing up)."""
    kind, a, b = SPACES[space_id].place
    if kind == "hub":
        return 0.0, 0.0
    if kind == "spoke":
        radius = RING_RADIUS * b / (SPOKE_LENGTH + 1)
        angle = math.radians(90 - 360 / CATEGORIES * a)
    else:
        radius = RING_RADIUS
        angle = math.radians(90 - 360 / RING_SIZE * a)
    return radius * math.cos(angle), radius * math.sin(angle)


def space_radius(space_id: str) -> float:
    kind = SPACES[space_id].kind
    return {"hub": HUB_RADIUS, "headquarters": HQ_RADIUS}.get(kind, SPACE_RADIUS)


def space_at(x: float | None, y: float | None) -> str | None:
    """The space under the point ``(x, y)`` in board coordinates, or ``None``."""
    if x is None or y is None:
        return None
    best, best_d = None, math.inf
    for sid in SPACES:
        sx, sy = space_xy(sid)
        d = math.hypot(x - sx, y - sy)
        if d <= space_radius(sid) and d < best_d:
            best, best_d = sid, d
    return best


def short_names(categories: Sequence[str]) -> list[str]:
    """Letters to print on the spaces: initials ("Capitals & Cities" -> "CC"), else 1..6."""
    initials = [
        "".join(w[0] for w in name.replace("&", " ").split() if w[0].isalnum())[:3].upper()
        for name in categories
    ]
    if len(set(initials)) == len(initials) and all(initials):
        return initials
    return [str(i + 1) for i in range(len(categories))]


def _space_colour(space_id: str) -> str:
    space = SPACES[space_id]
    if space.kind == "hub":
        return HUB_COLOUR
    if space.kind == "roll_again":
        return ROLL_AGAIN_COLOUR
    return CATEGORY_COLOURS[space.category]


def _text_colour(fill: str) -> str:
    r, g, b = (int(fill[i : i + 2], 16) / 255 for i in (1, 3, 5))
    return "#000000" if 0.299 * r + 0.587 * g + 0.114 * b > 0.55 else "#FFFFFF"


class BoardView:
    """A board drawn once; tokens, wedges and lit destinations are redrawn on ``update``."""

    def __init__(
        self,
        categories: Sequence[str],
        table: Table | None = None,
        *,
        figure: Figure | None = None,
        interactive: bool = False,
        size: float = 7.0,
        dpi: float = 80.0,
    ) -> None:
        self.categories = list(categories)
        self.table = table
        self.figure = figure or new_figure((size, size), dpi=dpi, interactive=interactive)
        self.ax: Axes = self.figure.add_axes((0, 0, 1, 1))
        self.ax.set_aspect("equal")
        self.ax.set_axis_off()
        limit = RING_RADIUS + 1.4
        self.ax.set_xlim(-limit, limit)
        self.ax.set_ylim(-limit, limit)
        self.interactive = interactive
        self.lit: list[str] = []
        self._overlay: list[Any] = []
        self._pick_ids: list[int] = []
        self._draw_board()
        self._background: Any = None
        self._shown: Any = None
        self._png: bytes | None = None

    # ----- the board, drawn once -------------------------------------------------------
    def _draw_board(self) -> None:
        letters = short_names(self.categories)
        for sid, space in SPACES.items():
            x, y = space_xy(sid)
            fill = _space_colour(sid)
            if space.kind in ("headquarters", "hub"):  # the rulebook's hexagons
                patch = RegularPolygon(
                    (x, y), 6, radius=space_radius(sid), facecolor=fill, edgecolor="black", lw=1.5
                )
            else:
                patch = Circle((x, y), space_radius(sid), facecolor=fill, edgecolor="black", lw=1)
            patch.set_gid(sid)
            self.ax.add_patch(patch)
            if space.kind == "roll_again":
                label = "↻"
            elif space.kind == "hub":
                label = "HUB"
            else:
                label = letters[space.category]
            weight = "bold" if space.kind in ("headquarters", "hub") else "normal"
            self.ax.text(
                x,
                y,
                plot_text(label),
                ha="center",
                va="center",
                fontsize=7 if len(label) > 2 else 8,
                color=_text_colour(fill),
                fontweight=weight,
                zorder=3,
            )
        # A key to the colours under the board, in words.
        handles = [Circle((0, 0), 1, facecolor=c, edgecolor="black") for c in CATEGORY_COLOURS]
        names = [plot_text(f"{letters[i]}: {n}") for i, n in enumerate(self.categories)]
        self.ax.legend(
            handles,
            names,
            loc="lower center",
            ncol=3,
            fontsize=7,
            frameon=False,
            bbox_to_anchor=(0.5, -0.01),
        )

    # ----- what changes -----------------------------------------------------------------
    def update(self, view: dict[str, Any]) -> None:
        """Redraw tokens (with wedges) and the lit destinations from a game view."""
        shown = (view["positions"], view["wedges"], view.get("destinations"), view.get("player"))
        if shown == self._shown:
            return
        self._shown = shown
        self._png = None
        for artist in self._overlay:
            artist.remove()
        self._overlay = []
        self.lit = list(view.get("destinations") or [])
        for sid in self.lit:
            x, y = space_xy(sid)
            ring = Circle(
                (x, y),
                space_radius(sid) + 0.16,
                fill=False,
                edgecolor=LIT_COLOUR,
                lw=2.5,
                linestyle=(0, (2, 1)),
                zorder=4,
            )
            self._overlay.append(self.ax.add_artist(ring))
        by_space: dict[str, list[int]] = {}
        for seat, sid in enumerate(view["positions"]):
            by_space.setdefault(sid, []).append(seat)
        for sid, seats in by_space.items():
            x, y = space_xy(sid)
            for k, seat in enumerate(seats):
                dx, dy = _offset(k, len(seats))
                self._draw_token(
                    seat, x + dx, y + dy, view["wedges"][seat], current=seat == view.get("player")
                )
        if self.interactive:
            self.figure.canvas.draw_idle()

    def png(self) -> bytes:
        """The board as PNG bytes: the board drawn once, then only tokens and rings on top."""
        if self._png is not None:
            return self._png
        canvas = self.figure.canvas
        if self._background is None:
            for artist in self._overlay:
                artist.set_visible(False)
            canvas.draw()
            self._background = canvas.copy_from_bbox(self.figure.bbox)
            for artist in self._overlay:
                artist.set_visible(True)
        canvas.restore_region(self._background)
        for artist in self._overlay:
            self.ax.draw_artist(artist)
        buffer = io.BytesIO()
        Image.fromarray(np.asarray(canvas.buffer_rgba())).save(
            buffer, format="png", compress_level=1
        )
        self._png = buffer.getvalue()
        return self._png

    def _draw_token(
        self, seat: int, x: float, y: float, wedges: Sequence[int], current: bool
    ) -> None:
        colour = self._seat_colour(seat)
        radius = 0.36
        step = 360 / CATEGORIES
        for c in range(CATEGORIES):
            fill = CATEGORY_COLOURS[c] if c in wedges else "#FFFFFF"
            # Wedge c sits where spoke c points, like a wedge slotted into the token.
            start = 90 - step * c - step / 2
            piece = Wedge(
                (x, y),
                radius,
                start,
                start + step,
                facecolor=fill,
                edgecolor="#555555",
                lw=0.5,
                zorder=5,
            )
            self._overlay.append(self.ax.add_artist(piece))
        rim = Circle(
            (x, y), radius, fill=False, edgecolor=colour, lw=4 if current else 2.5, zorder=6
        )
        self._overlay.append(self.ax.add_artist(rim))
        label = self.ax.text(
            x + radius * 0.9,
            y + radius * 0.9,
            str(seat + 1),
            fontsize=7,
            ha="center",
            va="center",
            color="white",
            zorder=7,
            bbox={"boxstyle": "circle,pad=0.15", "fc": colour, "ec": "none"},
        )
        self._overlay.append(label)

    def _seat_colour(self, seat: int) -> str:
        if self.table is not None:
            return self.table.seats[seat].colour
        return SEAT_COLOURS[seat % len(SEAT_COLOURS)]

    # ----- clicks -------------------------------------------------------------------------
    def on_pick(self, callback: Callable[[str], Any], lit_only: bool = True) -> int:
        """Call ``callback(space_id)`` when a space (by default a lit one) is clicked."""

        def handler(event: MouseEvent) -> None:
            if not is_pick(event, self.ax):
                return
            sid = space_at(event.xdata, event.ydata)
            if sid is not None and (not lit_only or sid in self.lit):
                callback(sid)

        cid = self.figure.canvas.mpl_connect("button_press_event", handler)
        self._pick_ids.append(cid)
        return cid

    def stop_picking(self) -> None:
        for cid in self._pick_ids:
            self.figure.canvas.mpl_disconnect(cid)
        self._pick_ids.clear()


def _offset(k: int, n: int) -> tuple[float, float]:
    """Where the ``k``-th of ``n`` tokens sharing a space sits, around its centre."""
    if n == 1:
        return 0.0, 0.0
    angle = 2 * math.pi * k / n + math.pi / 2
    spread = 0.42 if n > 2 else 0.3
    return spread * math.cos(angle), spread * math.sin(angle)


def draw_board(view: dict[str, Any], table: Table | None = None, size: float = 7.0) -> Figure:
    """One still picture of the board for a view (for a slide, a PNG or a test)."""
    board = BoardView(view["categories"], table, size=size)
    board.update(view)
    return board.figure
