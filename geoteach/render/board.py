"""The Geography Pursuit board in matplotlib: hub, spokes, ring, tokens with their wedges.

Drawing only: ``BoardView.update(view)`` redraws the tokens and the lit destinations from a
player's view, and ``on_pick`` turns a click back into a space id. Which spaces are legal is the
engine's business (``view["destinations"]``).

Made to be read from the back of a classroom at 1366×768 (sizes are given in screen pixels, so a
label of 12 px is 12 px on screen, whatever the dpi):

* every space carries its category's initials, the headquarters their full name in a box of the
  category's colour outside the ring (the legend sits where the eye needs it), Roll again spaces
  an arrow, lit destinations a thick dashed ring; a key in the corner says what the marks mean;
* tokens sharing a space stand side by side, never on top of each other; each token shows its
  wedges as coloured slices and carries its seat's symbol (● ■ ▲ ...) as on the leaderboard;
* the space just chosen gets a solid ring at once, so a click shows before anything else.

Colour is never the only signal: letters, symbols and words say the same as the colours.
"""

from __future__ import annotations

import io
import math
import textwrap
from collections.abc import Callable, Sequence
from typing import Any, cast

import numpy as np
from matplotlib.axes import Axes
from matplotlib.backend_bases import MouseEvent
from matplotlib.backends.backend_agg import FigureCanvasAgg
from matplotlib.figure import Figure
from matplotlib.patches import Circle, Patch, RegularPolygon, Wedge
from PIL import Image

from geoteach.escape import plot_text
from geoteach.games.geography_pursuit.board import CATEGORIES, RING_SIZE, SPACES, SPOKE_LENGTH
from geoteach.games.table import SEAT_COLOURS, Table
from geoteach.i18n import _
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
#: The mark of Roll again spaces (drawn with the font matplotlib ships, so it always shows).
ROLL_AGAIN_MARK = "↻"
#: One shape per seat, as on the leaderboard (``geoteach.ui.theme.SEAT_SYMBOLS``).
SEAT_MARKS = ["●", "■", "▲", "◆", "★", "✚"]

#: Radius of the ring; the headquarters sit on it, six steps out from the hub.
RING_RADIUS = 7.4
SPACE_RADIUS = 0.46
HQ_RADIUS = 0.62
HUB_RADIUS = 1.0
#: Where the spokes start (their spaces are spread evenly from here to the ring).
SPOKE_START = 0.5
#: Board units shown from the centre to the top (and bottom) edge of the picture.
HALF_HEIGHT = 9.4
#: Characters per line of a headquarters' name (longer names wrap, so they stay on the board).
NAME_WRAP = 17

#: Screen size of the board in CSS pixels: normal (a 1366×768 laptop, beside the 440 px side
#: column) and large (a 1920×1080 projector in large-text mode).
BOARD_PX = {False: (860, 668), True: (1210, 940)}
#: matplotlib's dots per inch for the board; sizes below are CSS pixels and converted with it.
DPI = 100.0
#: Text sizes in CSS pixels at the normal size (large mode scales them with the board).
LETTER_PX = 12.5
HQ_LETTER_PX = 15.0
NAME_PX = 14.0
KEY_PX = 12.5
TOKEN_MARK_PX = 13.0


def space_xy(space_id: str) -> tuple[float, float]:
    """Where a space is drawn (hub at the origin, category 0's spoke pointing up)."""
    kind, a, b = SPACES[space_id].place
    if kind == "hub":
        return 0.0, 0.0
    if kind == "spoke":  # evenly spaced from just outside the hub to the headquarters
        radius = SPOKE_START + (RING_RADIUS - SPOKE_START) * b / (SPOKE_LENGTH + 1)
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


#: Tokens per row when several share a space (rows alternate, packed like coins on a table).
TOKEN_ROWS = {1: (1,), 2: (2,), 3: (2, 1), 4: (2, 2), 5: (3, 2), 6: (3, 3)}
#: Token radius by how many share the space: one token covers its space; more stay on it.
TOKEN_RADIUS = {1: 0.52, 2: 0.4, 3: 0.36, 4: 0.36, 5: 0.3, 6: 0.3}


def token_spots(space_id: str, count: int) -> tuple[list[tuple[float, float]], float]:
    """Where ``count`` tokens on one space stand, side by side, and their radius.

    Packed in rows of two or three around the space's centre, so they touch but never cover
    each other. On the ring the rows run across the ring, reaching no further out than a single
    token (the headquarters' names outside stay readable); on a spoke they run across the
    spoke: away from the neighbouring spaces.
    """
    radius = TOKEN_RADIUS[min(max(count, 1), 6)]
    x, y = space_xy(space_id)
    if count == 1:
        return [(x, y)], radius
    kind, a, _b = SPACES[space_id].place
    if kind == "ring":
        angle = math.radians(90 - 360 / RING_SIZE * a)
        along = (math.cos(angle), math.sin(angle))  # outwards, across the ring
    elif kind == "spoke":
        angle = math.radians(90 - 360 / CATEGORIES * a)
        along = (math.sin(angle), -math.cos(angle))  # across the spoke
    else:
        along = (1.0, 0.0)
    across = (-along[1], along[0])
    rows = TOKEN_ROWS[min(count, 6)] if count <= 6 else (3,) * math.ceil(count / 3)
    step = 2 * radius + 0.02
    row_gap = step * math.sqrt(3) / 2  # rows nest like coins
    offsets = []
    for r, in_row in enumerate(rows):
        # Rows of equal length shift by half a token every other row, so they nest.
        shift = step / 2 if r % 2 and in_row == rows[r - 1] else 0.0
        v = r * row_gap
        offsets += [((col - (in_row - 1) / 2) * step + shift, v) for col in range(in_row)]
    offsets = offsets[:count]
    mean_u = sum(u for u, _v in offsets) / len(offsets)
    mean_v = sum(v for _u, v in offsets) / len(offsets)
    if kind == "ring":  # no further out than one token: the names outside the ring stay clear
        mean_u += max(0.0, max(u for u, _v in offsets) - mean_u + radius - TOKEN_RADIUS[1])
    spots = [
        (
            x + (u - mean_u) * along[0] + (v - mean_v) * across[0],
            y + (u - mean_u) * along[1] + (v - mean_v) * across[1],
        )
        for u, v in offsets
    ]
    return spots, radius


def _space_colour(space_id: str) -> str:
    space = SPACES[space_id]
    if space.kind == "hub":
        return HUB_COLOUR
    if space.kind == "roll_again":
        return ROLL_AGAIN_COLOUR
    assert space.category is not None  # every other kind returned above
    return CATEGORY_COLOURS[space.category]


def _text_colour(fill: str) -> str:
    """Black or white, whichever contrasts more with ``fill`` (WCAG relative luminance)."""
    r, g, b = (int(fill[i : i + 2], 16) / 255 for i in (1, 3, 5))

    def linear(c: float) -> float:
        return c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4

    luminance = 0.2126 * linear(r) + 0.7152 * linear(g) + 0.0722 * linear(b)
    return "#000000" if (luminance + 0.05) / 0.05 > 1.05 / (luminance + 0.05) else "#FFFFFF"


def _pt(px: float) -> float:
    """CSS pixels to matplotlib points at the board's dpi."""
    return px * 72.0 / DPI


def units(px: float) -> float:
    """CSS pixels of the normal board in board units (the large board scales both alike)."""
    return px * 2 * HALF_HEIGHT / BOARD_PX[False][1]


class BoardView:
    """A board drawn once; tokens, wedges and lit destinations are redrawn on ``update``.

    ``large`` draws it bigger for a projector (``set_large`` switches later); the text grows
    with it.
    """

    def __init__(
        self,
        categories: Sequence[str],
        table: Table | None = None,
        *,
        figure: Figure | None = None,
        interactive: bool = False,
        large: bool = False,
    ) -> None:
        self.categories = list(categories)
        self.table = table
        self.large = large
        width, height = BOARD_PX[large]
        self.figure = figure or new_figure(
            (width / DPI, height / DPI), dpi=DPI, interactive=interactive
        )
        self.ax: Axes = self.figure.add_axes((0, 0, 1, 1))
        self.interactive = interactive
        self.lit: list[str] = []
        self.chosen: str | None = None
        self._overlay: list[Any] = []
        self._mark: list[Any] = []
        self._pick_ids: list[int] = []
        self._view: dict[str, Any] | None = None
        self._background: Any = None
        self._shown: Any = None
        self._png: bytes | None = None
        self._draw_board()

    @property
    def scale(self) -> float:
        """How much bigger than the normal board this one is drawn (1 or about 1.4)."""
        return BOARD_PX[self.large][1] / BOARD_PX[False][1]

    @property
    def pixels(self) -> tuple[int, int]:
        """The board's size on screen in CSS pixels (width, height)."""
        return BOARD_PX[self.large]

    def px(self, size: float) -> float:
        """A text size in points for ``size`` CSS pixels at the normal board size."""
        return _pt(size * self.scale)

    # ----- the board, drawn once -------------------------------------------------------
    def _draw_board(self) -> None:
        ax = self.ax
        ax.set_aspect("equal")
        ax.set_axis_off()
        width, height = self.pixels
        half_width = HALF_HEIGHT * width / height
        ax.set_xlim(-half_width, half_width)
        ax.set_ylim(-HALF_HEIGHT, HALF_HEIGHT)
        letters = short_names(self.categories)
        for sid, space in SPACES.items():
            x, y = space_xy(sid)
            fill = _space_colour(sid)
            patch: Patch
            if space.kind in ("headquarters", "hub"):  # the rulebook's hexagons
                patch = RegularPolygon(
                    (x, y), 6, radius=space_radius(sid), facecolor=fill, edgecolor="black", lw=1.5
                )
            else:
                patch = Circle((x, y), space_radius(sid), facecolor=fill, edgecolor="black", lw=1)
            patch.set_gid(sid)
            ax.add_patch(patch)
            if space.kind == "roll_again":
                label, size = ROLL_AGAIN_MARK, HQ_LETTER_PX
            elif space.kind == "hub":
                label, size = _("HUB"), LETTER_PX
            else:
                assert space.category is not None  # the kinds without a category are above
                label = letters[space.category]
                size = HQ_LETTER_PX if space.kind == "headquarters" else LETTER_PX
            bold = space.kind in ("headquarters", "hub")
            ax.text(
                x,
                y,
                plot_text(label),
                ha="center",
                va="center_baseline",
                fontsize=self.px(size if len(label) < 3 else size - 1),
                color=_text_colour(fill),
                fontweight="bold" if bold else "normal",
                zorder=3,
            )
        self._draw_names(letters)
        self._draw_key()

    def _draw_names(self, letters: Sequence[str]) -> None:
        """Each headquarters' category in full, in a box of its colour just outside the ring."""
        for c, name in enumerate(self.categories):
            angle = math.radians(90 - 360 / CATEGORIES * c)
            out = RING_RADIUS + 0.9  # clear of the tokens standing on the headquarters
            x, y = out * math.cos(angle), out * math.sin(angle)
            cos, sin = math.cos(angle), math.sin(angle)
            ha = "center" if abs(cos) < 0.2 else ("left" if cos > 0 else "right")
            va = "bottom" if sin > 0.9 else "top" if sin < -0.9 else "center"
            wrap = NAME_WRAP if ha != "center" else 2 * NAME_WRAP
            lines = textwrap.wrap(f"{letters[c]}  {name}", wrap, max_lines=3)
            self.ax.text(
                x,
                y,
                plot_text("\n".join(lines)),
                ha=ha,
                va=va,
                multialignment=ha if ha != "center" else "center",
                fontsize=self.px(NAME_PX),
                fontweight="bold",
                color="#111111",
                linespacing=1.1,
                zorder=3,
                bbox={
                    "boxstyle": "round,pad=0.3",
                    "facecolor": "#FFFFFF",
                    "edgecolor": CATEGORY_COLOURS[c],
                    "linewidth": 3 * self.scale,
                },
            )

    def _draw_key(self) -> None:
        """What the marks mean, in the bottom left corner (the names are at the headquarters)."""
        width, height = self.pixels
        left = -HALF_HEIGHT * width / height + 0.25
        line = units(KEY_PX * 2.1)
        bottom = -HALF_HEIGHT + 0.35
        rows = [
            ("lit", _("You may go there")),
            ("roll", _("Roll again: roll once more")),
            ("hq", _("Headquarters: wins a wedge")),
            ("token", _("A player: slices = wedges")),
        ]
        top = bottom + line * len(rows)
        self.ax.text(
            left,
            top + line * 0.2,
            _("Key"),
            fontsize=self.px(KEY_PX),
            fontweight="bold",
            va="bottom",
            zorder=3,
        )
        for i, (kind, words) in enumerate(rows):
            y = top - line * (i + 0.5)
            x = left + 0.35
            if kind == "lit":
                self.ax.add_patch(Circle((x, y), 0.22, facecolor="#DDDDDD", edgecolor="black"))
                self.ax.add_patch(self._lit_ring(x, y, 0.22))
            elif kind == "roll":
                self.ax.add_patch(Circle((x, y), 0.28, facecolor="white", edgecolor="black"))
                self.ax.text(
                    x,
                    y,
                    ROLL_AGAIN_MARK,
                    ha="center",
                    va="center_baseline",
                    fontsize=self.px(KEY_PX),
                )
            elif kind == "hq":
                self.ax.add_patch(
                    RegularPolygon((x, y), 6, radius=0.3, facecolor="#BBBBBB", edgecolor="black")
                )
            else:
                for patch in self._token_patches(0, x, y, 0.3, [0, 2], "#555555"):
                    if not patch.axes:
                        self.ax.add_artist(patch)
            self.ax.text(
                x + 0.55,
                y,
                words,
                fontsize=self.px(KEY_PX),
                va="center_baseline",
                zorder=3,
            )

    def _lit_ring(self, x: float, y: float, radius: float) -> Circle:
        return Circle(
            (x, y),
            radius + 0.16,
            fill=False,
            edgecolor=LIT_COLOUR,
            lw=2.5 * self.scale,
            linestyle=(0, (2, 1)),
            zorder=4,
        )

    # ----- what changes -----------------------------------------------------------------
    def update(self, view: dict[str, Any], chosen: str | None = None) -> None:
        """Redraw tokens (with wedges) and the lit destinations from a game view.

        ``chosen`` is the space the player just picked (a solid ring until the next update).
        """
        shown = (
            view["positions"],
            view["wedges"],
            view.get("destinations"),
            view.get("player"),
            chosen,
        )
        self._view = view
        if shown == self._shown and not self._mark:
            return
        self._shown = shown
        self._png = None
        self._clear_mark()
        for artist in self._overlay:
            artist.remove()
        self._overlay = []
        self.lit = list(view.get("destinations") or [])
        for sid in self.lit:
            x, y = space_xy(sid)
            self._overlay.append(self.ax.add_artist(self._lit_ring(x, y, space_radius(sid))))
        if chosen is not None:
            self._overlay.append(self.ax.add_artist(self._chosen_ring(chosen)))
        self.chosen = chosen
        by_space: dict[str, list[int]] = {}
        for seat, sid in enumerate(view["positions"]):
            by_space.setdefault(sid, []).append(seat)
        for sid, seats in by_space.items():
            spots, radius = token_spots(sid, len(seats))
            for seat, (x, y) in zip(seats, spots, strict=True):
                self._draw_token(
                    seat, x, y, radius, view["wedges"][seat], current=seat == view.get("player")
                )
        if self.interactive:
            self._blit()

    def mark(self, space_id: str) -> None:
        """Ring the space just clicked at once, before the move is made and drawn.

        On a live canvas the ring is painted over the current picture and sent to the page
        straight away (a blit), so the click shows even while the move is still being worked out.
        """
        self._clear_mark()
        ring = self.ax.add_artist(self._chosen_ring(space_id))
        self._mark.append(ring)
        self._png = None
        if self.interactive and self._background is not None and self._page_is_open():
            self.ax.draw_artist(ring)
            self.figure.canvas.blit(self.figure.bbox)

    def _clear_mark(self) -> None:
        for artist in self._mark:
            artist.remove()
        self._mark = []

    def _chosen_ring(self, space_id: str) -> Circle:
        x, y = space_xy(space_id)
        return Circle(
            (x, y),
            space_radius(space_id) + 0.2,
            fill=False,
            edgecolor="#D55E00",
            lw=4 * self.scale,
            zorder=4.5,
        )

    def _compose(self) -> None:
        """Paint the fixed board (drawn once and kept as a picture), then only what moves."""
        canvas = self._agg()
        moving = self._overlay + self._mark
        size = tuple(self.figure.bbox.size)
        if self._background is None or self._background[0] != size:
            for artist in moving:
                artist.set_visible(False)
            # The Agg draw itself: a live canvas's own ``draw`` would also send this tokenless
            # picture to the page.
            FigureCanvasAgg.draw(canvas)
            self._background = (size, canvas.copy_from_bbox(self.figure.bbox))
            for artist in moving:
                artist.set_visible(True)
        canvas.restore_region(self._background[1])
        for artist in moving:
            self.ax.draw_artist(artist)

    def _agg(self) -> FigureCanvasAgg:
        """The figure's canvas: Agg's own, or ipympl's live one (an Agg canvas too)."""
        # Not isinstance: a test may give the board a canvas double.
        return cast(FigureCanvasAgg, self.figure.canvas)

    def _page_is_open(self) -> bool:
        """Whether the live canvas is shown on a page that takes pictures.

        Until the page says it is ready, ipympl would keep a picture for the page's first
        state in a form the page cannot read (and the canvas then never gets its size); the
        page asks for the whole board itself once it is ready.
        """
        return not getattr(self.figure.canvas, "syncing_data_url", False)

    def _blit(self) -> None:
        """A live canvas: compose and send only the changed pixels to the page."""
        if not self._page_is_open():
            return
        self._compose()
        self.figure.canvas.blit(self.figure.bbox)

    def png(self) -> bytes:
        """The board as PNG bytes: the board drawn once, then only tokens and rings on top."""
        if self._png is not None:
            return self._png
        self._compose()
        buffer = io.BytesIO()
        # RGB: the board is opaque, and a third less data encodes faster.
        rgb = np.asarray(self._agg().buffer_rgba())[:, :, :3]
        Image.fromarray(rgb).save(buffer, format="png", compress_level=1)
        self._png = buffer.getvalue()
        return self._png

    def _token_patches(
        self, seat: int, x: float, y: float, radius: float, wedges: Sequence[int], colour: str
    ) -> list[Any]:
        """A token: six slices round the edge (a wedge won is filled in its colour, where its
        spoke points), a rim of the seat's colour and the seat's symbol in the middle."""
        step = 360 / CATEGORIES
        patches: list[Any] = []
        for c in range(CATEGORIES):
            start = 90 - step * c - step / 2
            patches.append(
                Wedge(
                    (x, y),
                    radius,
                    start,
                    start + step,
                    width=radius * 0.5,
                    facecolor=CATEGORY_COLOURS[c] if c in wedges else "#FFFFFF",
                    edgecolor="#555555",
                    lw=0.5,
                    zorder=5,
                )
            )
        patches.append(
            Circle((x, y), radius * 0.5, facecolor="#FFFFFF", edgecolor="#555555", lw=0.5, zorder=5)
        )
        patches.append(
            Circle((x, y), radius, fill=False, edgecolor=colour, lw=3 * self.scale, zorder=6)
        )
        patches.append(
            self.ax.text(
                x,
                y,
                SEAT_MARKS[seat % len(SEAT_MARKS)],
                fontsize=self.px(TOKEN_MARK_PX),
                ha="center",
                va="center_baseline",
                color=colour,
                zorder=7,
            )
        )
        return patches

    def _draw_token(
        self,
        seat: int,
        x: float,
        y: float,
        radius: float,
        wedges: Sequence[int],
        current: bool,
    ) -> None:
        if current:  # the player to move: a black halo round the token
            halo = Circle((x, y), radius + 0.08, facecolor="black", edgecolor="none", zorder=4.8)
            self._overlay.append(self.ax.add_artist(halo))
        for patch in self._token_patches(seat, x, y, radius, wedges, self._seat_colour(seat)):
            self._overlay.append(patch if patch.axes else self.ax.add_artist(patch))

    def _seat_colour(self, seat: int) -> str:
        if self.table is not None:
            return self.table.seats[seat].colour
        return SEAT_COLOURS[seat % len(SEAT_COLOURS)]

    # ----- size ----------------------------------------------------------------------------
    def set_large(self, large: bool) -> None:
        """Draw the board bigger (a projector) or back to normal; the text grows with it."""
        if large == self.large:
            return
        self.large = large
        width, height = self.pixels
        self.figure.set_size_inches(width / DPI, height / DPI, forward=self.interactive)
        self.ax.clear()
        self._overlay, self._mark = [], []
        self._background = self._shown = self._png = None
        self._draw_board()
        if self._view is not None:
            self.update(self._view, self.chosen)
        if self.interactive:
            self.figure.canvas.draw_idle()

    # ----- clicks -------------------------------------------------------------------------
    def on_pick(self, callback: Callable[[str], Any], lit_only: bool = True) -> int:
        """Call ``callback(space_id)`` when a space (by default a lit one) is clicked.

        A lit space gets its solid ring before ``callback`` runs, so the click shows at once.
        """

        def handler(event: MouseEvent) -> None:
            if not is_pick(event, self.ax):
                return
            sid = space_at(event.xdata, event.ydata)
            if sid is not None and (not lit_only or sid in self.lit):
                self.mark(sid)
                callback(sid)

        cid = self.figure.canvas.mpl_connect("button_press_event", handler)
        self._pick_ids.append(cid)
        return cid

    def stop_picking(self) -> None:
        for cid in self._pick_ids:
            self.figure.canvas.mpl_disconnect(cid)
        self._pick_ids.clear()


def draw_board(view: dict[str, Any], table: Table | None = None, large: bool = False) -> Figure:
    """One still picture of the board for a view (for a slide, a PNG or a test), its words in
    the page's language."""
    board = BoardView([_(c) for c in view["categories"]], table, large=large)
    board.update(view)
    return board.figure
