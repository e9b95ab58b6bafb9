"""Drawing Global Pursuit map cards: one card, a hand card, the table, a joint, the PDFs.

What is printed on each card was projected and clipped once, at build time
(``scripts/build_globe_cards.py`` -> data/globe_cards.npz, read by
``geoteach.data.globe_cards``); here it only becomes matplotlib artists, turned and moved by one
affine transform. No projection, clipping or shapely happens while a game is played. The
file names places by keys; their words, in the page's language, come from
``geoteach.render.globe_card_words`` (kept per card and language).

Three speeds, for three uses:

- ``draw_card`` draws a card as vector paths (crisp at any size: the printed cards, the nets,
  the hand, the close-up of a challenged joint).
- ``card_picture`` draws a card once into a small RGBA picture, cached.
- ``TablePicture`` pastes those pictures, turned as the cards lie, into one picture of the table
  with Pillow, and keeps it: laying a card pastes one picture onto the last table, and only a
  change of zoom pastes them all again. The outlines, open edges and numbers are drawn on top.

Conventions a person sees: cards are numbered 1-12 (``face + 1``), and the edges of a card
1-5 (``edge + 1``), on the printed cards as on the screen.
"""

from __future__ import annotations

import io
import math
import textwrap
from collections import OrderedDict
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import cache, lru_cache
from typing import Any, Literal, cast

import numpy as np
from matplotlib.artist import Artist
from matplotlib.axes import Axes
from matplotlib.backends.backend_agg import FigureCanvasAgg
from matplotlib.collections import LineCollection, PatchCollection, PathCollection
from matplotlib.figure import Figure
from matplotlib.font_manager import FontProperties
from matplotlib.lines import Line2D
from matplotlib.markers import MarkerStyle
from matplotlib.patches import Circle, Polygon
from matplotlib.path import Path
from matplotlib.textpath import TextPath
from matplotlib.transforms import Affine2D, Transform
from matplotlib.typing import LineStyleType
from PIL import Image

from geoteach.data.globe_cards import RELIEF_HALF, CardArt, card_art, relief_tile
from geoteach.escape import plot_text
from geoteach.games.global_pursuit.layout import (
    SET_NAMES,
    card_angle,
    corners,
    parse_card,
)
from geoteach.i18n import _, language
from geoteach.render.globe_card_words import card_words
from geoteach.render.mapview import new_figure

CARD_EDGE = "#1a1a1a"
TAB = "#eeeeee"
#: Half-width (card units) of the square a card is drawn in: the pentagon reaches 0.85.
LIMIT = 0.9
#: The table's cloth, the open edges, the last card laid and the card being placed.
TABLE = "#f3efe6"
OPEN_EDGE = "#D55E00"
CHOSEN_EDGE = "#CC79A7"
LAST_CARD = "#0072B2"
GHOST_ALPHA = 0.6
#: Plain pentagons, one colour per set (``maps=False``: for very slow computers).
SET_COLOURS = {
    "people_places": "#9ecae1",
    "planet_earth": "#a1d99b",
    "historic_happenings": "#fdd0a2",
    "people_products": "#dadaeb",
}
#: Pixels across a card's square in the table pictures (pasted smaller when the table is big).
TABLE_PICTURE_PX = 256
#: The sizes (pixels across a card's square) the table shows cards at: a few fixed steps, so a
#: table that grows or moves re-uses the turned pictures it already has. The largest keeps
#: one card from filling the table.
CARD_PX_STEPS = (256, 224, 192, 168, 144, 128, 112, 96, 84, 72, 64, 56, 48, 40, 32, 24)
#: Radius of an open edge's number badge, in pixels.
BADGE_PX = 10.0


#: The hand card's caption: its number, as printed, and its set (right, smaller).
CAPTION: dict[str, Any] = {"fontsize": 10, "fontweight": "bold", "va": "center"}
SET_CAPTION: dict[str, Any] = {"fontsize": 6.5, "ha": "right", "va": "center", "linespacing": 0.95}


def set_caption(set_name: str) -> str:
    """A hand card's set in the page's language, on two lines when it is long
    ("Événements\nhistoriques"), so it never runs into the card's number."""
    return textwrap.fill(_(SET_NAMES[set_name]), 14, break_long_words=False)


def said_card(card: str) -> str:
    """A map card named in the page's language: "Planet Earth card 8" / "Planeta Tierra,
    carta 8" (``layout.card_name`` is the English, for the record)."""
    set_name, face = parse_card(card)
    return _("{set} card {number}").format(set=_(SET_NAMES[set_name]), number=face + 1)


def _art(set_name: str, face: int) -> CardArt:
    """A card by its rulebook set name ("Planet Earth") or its set id ("planet_earth")."""
    return card_art(SET_NAMES.get(set_name, set_name), face)


def card_corners(card: str) -> np.ndarray:
    """The five corners of a card in its own coordinates (as a hand card is drawn)."""
    return _art(*parse_card(card)).corners


# --------------------------------------------------------------------------- one card


def draw_card(
    ax: Axes,
    set_name: str,
    face: int,
    rotation: int = 0,
    offset: tuple[float, float] = (0.0, 0.0),
    scale: float = 1.0,
    text_scale: float = 1.0,
    legend: bool = True,
    angle: float | None = None,
    labels: bool = True,
    caption: bool = True,
    edge_numbers: bool = False,
    zorder: float = 1.0,
) -> None:
    """Draw one card onto ``ax`` at ``offset``, turned by ``rotation`` x 72° (or ``angle``°).

    ``text_scale`` scales text and line widths (1 for a card 3 inches wide); ``labels`` and
    ``legend`` are the names and the key printed on the card, ``caption`` its set name and
    number, ``edge_numbers`` the numbers 1-5 of its edges.
    """
    art = _art(set_name, face)
    angle = 72.0 * (rotation % 5) if angle is None else float(angle)
    place = Affine2D().scale(scale).rotate_deg(angle).translate(*offset)
    transform = place + ax.transData
    outline = Polygon(
        art.corners,
        closed=True,
        transform=transform,
        facecolor=art.ocean,
        edgecolor="none",
        zorder=zorder,
    )
    ax.add_patch(outline)
    if art.relief:
        h = RELIEF_HALF
        image = ax.imshow(
            relief_tile(art.face),
            extent=(-h, h, -h, h),
            transform=transform,
            interpolation="bilinear",
            zorder=zorder + 0.1,
        )
        image.set_clip_path(outline)  # the tile runs a hair past the card's edges
    if art.areas:
        ax.add_collection(
            PathCollection(
                [Path(v, c) for v, c, *_ in art.areas],
                facecolors=[a[2] for a in art.areas],
                edgecolors=[a[3] for a in art.areas],
                linewidths=[a[4] * text_scale for a in art.areas],
                transform=transform,
                zorder=zorder + 0.2,
            ),
            autolim=False,
        )
    if art.lines:
        ax.add_collection(
            PathCollection(
                [Path(v, c) for v, c, *_ in art.lines],
                facecolors="none",
                edgecolors=[line[2] for line in art.lines],
                linewidths=[line[3] * text_scale for line in art.lines],
                linestyles=[line[4] or "-" for line in art.lines],
                transform=transform,
                zorder=zorder + 0.3,
            ),
            autolim=False,
        )
    _points(ax, art.points, transform, text_scale, zorder + 0.4)
    names, keys = card_words(art.set_name, art.face, language())
    if labels and art.labels:
        _text_layer(
            ax,
            [
                (
                    x,
                    y,
                    text,
                    size * text_scale,
                    colour,
                    _LABEL_FONTS.get(style, ("normal", "normal")),
                )
                for (x, y, _key, size, colour, style), text in zip(art.labels, names, strict=True)
            ],
            transform,
            angle,
            zorder + 0.5,
        )
    if legend and art.legend:
        _legend(ax, art, keys, transform, angle, text_scale, zorder + 0.6)
    if caption:
        _card_text(
            ax,
            (0.0, -0.49 if edge_numbers else -0.55),  # clear of the bottom edge's number
            _("{set}  ·  card {number}").format(set=_(art.set_name), number=art.face + 1),
            4.2 * text_scale,
            transform,
            angle,
            zorder=zorder + 0.7,
            color="#1a1a1a",
            bbox={"boxstyle": "round,pad=0.2", "fc": "white", "ec": "none", "alpha": 0.8},
        )
    if edge_numbers:
        for k, (x, y) in enumerate(edge_number_points(art.corners)):
            _card_text(
                ax,
                (x, y),
                str(k + 1),
                6.0 * text_scale,
                transform,
                angle,
                zorder=zorder + 0.8,
                color="#1a1a1a",
                weight="bold",
                bbox={"boxstyle": "circle,pad=0.2", "fc": "white", "ec": CARD_EDGE, "lw": 0.5},
            )
    ax.add_patch(
        Polygon(
            art.corners,
            closed=True,
            transform=transform,
            facecolor="none",
            edgecolor=CARD_EDGE,
            linewidth=1.0 * text_scale,
            zorder=zorder + 0.9,
        )
    )


def edge_number_points(card_corners: np.ndarray, inset: float = 0.1) -> np.ndarray:
    """Where the numbers of the five edges go: just inside the middle of each edge."""
    mids = (card_corners + np.roll(card_corners, -1, axis=0)) / 2.0
    centre = card_corners.mean(axis=0)
    inward = centre - mids
    return mids + inset * inward / np.linalg.norm(inward, axis=1, keepdims=True)


def _points(ax: Axes, points, transform: Transform, text_scale: float, zorder: float) -> None:
    """The card's symbols, one scatter per marker (not one artist per symbol)."""
    by_marker: dict[str, list[tuple]] = {}
    for p in points:
        by_marker.setdefault(p[2], []).append(p)
    for marker, group in by_marker.items():
        xy = np.array([(p[0], p[1]) for p in group])
        # A line marker ("|") has no inside: its colour is the stroke.
        ax.scatter(
            xy[:, 0],
            xy[:, 1],
            s=[(p[4] * text_scale) ** 2 for p in group],
            marker=marker,
            c=[p[3] for p in group],
            edgecolors=[p[5] for p in group] if MarkerStyle(marker).is_filled() else None,
            linewidths=0.3,
            transform=transform,
            zorder=zorder,
        )


#: Label style on the card -> (weight, slant): physical features and cities in italics, as on
#: printed maps; continents in bold.
Slant = Literal["normal", "italic", "oblique"]
_LABEL_FONTS: dict[str, tuple[str, Slant]] = {
    "feature": ("normal", "italic"),
    "city": ("normal", "italic"),
    "continent": ("bold", "normal"),
}


@lru_cache(maxsize=4096)
def _text_path(text: str, size: float, weight: str, slant: Slant, ha: str) -> Path:
    """A label's outline in points, centred on its anchor (or starting there: ``ha="left"``).

    Labels are drawn as outlines in one collection per card, not as Text artists: a card has
    up to 40 names, and laying out 40 Texts costs more than drawing the rest of the card.
    """
    outline = TextPath(
        (0.0, 0.0), plot_text(text), size=size, prop=FontProperties(weight=weight, style=slant)
    )
    vertices = outline.vertices
    drawn = vertices if outline.codes is None else vertices[outline.codes != Path.CLOSEPOLY]
    (x0, y0), (x1, y1) = drawn.min(axis=0), drawn.max(axis=0)
    shift = np.array([x0 if ha == "left" else (x0 + x1) / 2.0, (y0 + y1) / 2.0])
    return Path(vertices - shift, outline.codes, readonly=True)


def _text_layer(
    ax: Axes,
    texts: Sequence[tuple[float, float, str, float, str, tuple[str, str]]],
    transform: Transform,
    angle: float,
    zorder: float,
    ha: str = "center",
) -> None:
    """Texts ``(x, y, text, size, colour, (weight, slant))`` at card coordinates, turned with
    the card about their anchors, as one PathCollection of glyph outlines."""
    paths = [_text_path(t, round(size, 2), *font, ha) for _, _, t, size, _, font in texts]
    ax.add_collection(
        PathCollection(
            paths,
            sizes=[1.0],
            offsets=np.array([(x, y) for x, y, *_ in texts], dtype=float),
            offset_transform=transform,
            transform=Affine2D().rotate_deg(angle),
            facecolors=[t[4] for t in texts],
            edgecolors="none",
            linewidths=0.0,
            zorder=zorder,
        ),
        autolim=False,
    )


def _card_text(
    ax: Axes,
    xy: tuple[float, float],
    text: str,
    size: float,
    transform: Transform,
    angle: float,
    **style: Any,
) -> None:
    """Text that turns with the card about its own anchor, so it stays where the card puts it."""
    style = {"ha": "center", "va": "center", **style}
    ax.text(
        *xy,
        plot_text(text),
        fontsize=size,
        rotation=angle,
        rotation_mode="anchor",
        transform=transform,
        **style,
    )


def _legend(
    ax: Axes, art: CardArt, words: Sequence[str], transform, angle, text_scale, zorder
) -> None:
    """The card's key: up to eight rows, in two columns of four when there are more than four;
    ``words`` are its rows' words in the page's language."""
    rows = art.legend[:8]
    texts = []
    for i, ((_key, marker, colour, dash), label) in enumerate(zip(rows, words, strict=False)):
        second = len(rows) > 4 and i >= 4
        x = 0.05 if second else -0.33
        y = -0.32 - 0.045 * (i % 4)
        if marker == "line":
            ax.add_line(
                Line2D(
                    [x - 0.035, x - 0.005],
                    [y, y],
                    color=colour,
                    linestyle=cast(LineStyleType, dash or "-"),  # a dash named in the card data
                    linewidth=1.2 * text_scale,
                    transform=transform,
                    zorder=zorder,
                )
            )
        else:
            ax.add_line(
                Line2D(
                    [x - 0.02],
                    [y],
                    marker=marker,
                    color=colour,
                    markersize=3.5 * text_scale,
                    markeredgecolor="#1a1a1a",
                    markeredgewidth=0.3,
                    transform=transform,
                    zorder=zorder,
                )
            )
        texts.append((x + 0.005, y, label, 3.2 * text_scale, "#1a1a1a", ("normal", "normal")))
    _text_layer(ax, texts, transform, angle, zorder, ha="left")


def _card_axes(fig: Figure, rect: tuple[float, float, float, float] = (0, 0, 1, 1)) -> Axes:
    ax = fig.add_axes(rect)
    ax.set_xlim(-LIMIT, LIMIT)
    ax.set_ylim(-LIMIT, LIMIT)
    ax.set_aspect("equal")
    ax.axis("off")
    return ax


def card_tile(
    set_name: str, face: int, rotation: int = 0, ax: Axes | None = None, size: float = 3.0
) -> Figure | Axes:
    """The pentagon tile of one card; a new Figure of ``size`` inches, or drawn into ``ax``."""
    if ax is not None:
        draw_card(ax, set_name, face, rotation, text_scale=_points_scale(ax))
        return ax
    fig = new_figure((size, size), dpi=150)
    draw_card(_card_axes(fig), set_name, face, rotation, text_scale=size / 3.0)
    return fig


def _points_scale(ax: Axes) -> float:
    """Text size for a card drawn into someone else's axes: in proportion to the card's size."""
    fig = cast(Figure, ax.figure)  # card axes sit on a whole figure, never a subfigure
    width_in = fig.get_size_inches()[0] * ax.get_position().width
    x0, x1 = ax.get_xlim()
    return float(np.clip(width_in / abs(x1 - x0) * 2 * LIMIT / 3.0, 0.2, 3.0))


@lru_cache(maxsize=160)
def card_picture(card: str, px: int = TABLE_PICTURE_PX) -> Image.Image:
    """One card's map drawn alone into a ``px`` x ``px`` RGBA picture (clear outside the card).

    Cached: a card is drawn once per size, then only pasted. The names printed on the card
    are left out: at the size of a hand or a table they could not be read (so the picture has
    no words, and one cache serves every language).
    """
    set_name, face = parse_card(card)
    fig = new_figure((px / 100.0, px / 100.0), dpi=100)
    fig.patch.set_alpha(0.0)
    ax = _card_axes(fig)
    ax.patch.set_alpha(0.0)
    draw_card(
        ax,
        set_name,
        face,
        text_scale=px / 450.0,  # a 3-inch card at 150 dpi is 450 px wide: text_scale 1
        labels=False,
        legend=False,
        caption=False,
    )
    fig.canvas.draw()
    canvas = cast(FigureCanvasAgg, fig.canvas)  # new_figure gives every figure an Agg canvas
    return Image.fromarray(np.asarray(canvas.buffer_rgba()).copy(), "RGBA")


# --------------------------------------------------------------------------- the hand


#: The band on top of a hand card (its number and set), as a share of the card's width.
HAND_BAND = 0.2


class HandCardPicture:
    """A card of the hand, ``px`` wide: its map, its number and set, its edges numbered 1-5.

    Drawn once into ``figure`` (a new one, or a live canvas's); ``choose`` then only recolours
    a few artists, so a click on the card shows at once: a ``selected`` card has a coloured band
    and frame, and its ``chosen_edge`` (the edge that will touch the open edge) is drawn thick.
    """

    def __init__(
        self, card: str, px: int = 200, maps: bool = True, figure: Figure | None = None
    ) -> None:
        set_name, face = parse_card(card)
        tall = 1.0 + HAND_BAND
        fig = figure if figure is not None else new_figure((px / 100.0, px * tall / 100.0))
        self.figure = fig
        fig.clear()
        fig.patch.set_facecolor("#ffffff")
        ax = fig.add_axes((0.0, 0.0, 1.0, 1.0 / tall))
        ax.set_xlim(-LIMIT, LIMIT)
        ax.set_ylim(-LIMIT, LIMIT)
        ax.set_aspect("equal")
        ax.axis("off")
        self.ax = ax
        art = _art(set_name, face)
        self.corners = art.corners
        if maps:
            # The table's picture of the card: drawn once, it serves the hand and, once the
            # card is laid, the table (a hand card is 180-240 px wide, the picture 256).
            ax.imshow(
                card_picture(card),
                extent=(-LIMIT, LIMIT, -LIMIT, LIMIT),
                interpolation="antialiased",
                zorder=1,
            )
        else:
            ax.add_patch(
                Polygon(art.corners, closed=True, facecolor=SET_COLOURS[set_name], zorder=1)
            )
        ax.add_patch(
            Polygon(art.corners, closed=True, facecolor="none", edgecolor=CARD_EDGE, lw=1, zorder=3)
        )
        (self.edge_line,) = ax.plot(
            [], [], color=CHOSEN_EDGE, linewidth=5, zorder=4, solid_capstyle="round"
        )
        self.edge_labels = [
            ax.text(
                x,
                y,
                str(k + 1),
                fontsize=9,
                fontweight="bold",
                ha="center",
                va="center",
                zorder=5,
                bbox={"boxstyle": "circle,pad=0.25", "fc": "white", "ec": CARD_EDGE, "lw": 0.6},
            )
            for k, (x, y) in enumerate(edge_number_points(art.corners, inset=0.14))
        ]
        band = 1.0 / tall
        self.band = Polygon(
            [(0, band), (1, band), (1, 1), (0, 1)],
            closed=True,
            transform=fig.transFigure,
            edgecolor="none",
        )
        fig.add_artist(self.band)
        middle = (1 + band) / 2
        self.captions = [
            fig.text(0.04, middle, _("card {number}").format(number=face + 1), **CAPTION),
            fig.text(0.97, middle, set_caption(set_name), **SET_CAPTION),
        ]
        self.frame = Polygon(
            [(0.005, 0.005), (0.995, 0.005), (0.995, 0.995), (0.005, 0.995)],
            closed=True,
            transform=fig.transFigure,
            facecolor="none",
            edgecolor=LAST_CARD,
            linewidth=4,
        )
        fig.add_artist(self.frame)
        self.choose(False, None)

    def choose(self, selected: bool, chosen_edge: int | None = None) -> Figure:
        """Show the card chosen or not, with the edge that will touch (if any) drawn thick."""
        ink = "white" if selected else "#1a1a1a"
        self.band.set_facecolor(LAST_CARD if selected else "#e6e6e6")
        for caption in self.captions:
            caption.set_color(ink)
        self.frame.set_visible(selected)
        if chosen_edge is None:
            self.edge_line.set_data([], [])
        else:
            a, b = self.corners[chosen_edge], self.corners[(chosen_edge + 1) % 5]
            self.edge_line.set_data([a[0], b[0]], [a[1], b[1]])
        for k, label in enumerate(self.edge_labels):
            label.set_color("white" if k == chosen_edge else "#1a1a1a")
            box = label.get_bbox_patch()
            assert box is not None  # the edge labels are drawn with a box
            box.set_facecolor(CHOSEN_EDGE if k == chosen_edge else "white")
        return self.figure


def edge_near(card_corners: np.ndarray, x: float, y: float, reach: float = 0.3) -> int | None:
    """The edge of a card (corners in the card's or the table's coordinates) nearest to
    (x, y), if the point is within ``reach`` card edges of it; else None (the card's middle)."""
    p = np.array([x, y], dtype=float)
    best, where = reach, None
    for k in range(5):
        a, b = card_corners[k], card_corners[(k + 1) % 5]
        t = np.clip((p - a) @ (b - a) / ((b - a) @ (b - a)), 0.0, 1.0)
        d = float(np.linalg.norm(a + t * (b - a) - p))
        if d < best:
            best, where = d, k
    return where


# --------------------------------------------------------------------------- the table


@dataclass(frozen=True)
class SlotMark:
    """An open edge shown on the table: its number, the card and edge it belongs to, and the
    place a card laid there would take (centre and corners)."""

    number: int
    index: int
    edge: int
    centre: tuple[float, float]
    corners: tuple[tuple[float, float], ...]


def place_marks(places: Sequence[tuple[tuple[int, int], Any]]) -> list[SlotMark]:
    """The numbered marks of the free places (``Layout.free_places``), numbered from 1."""
    return [
        SlotMark(n, i, e, (slot.x, slot.y), tuple(corners(slot.x, slot.y, slot.turn0)))
        for n, ((i, e), slot) in enumerate(places, start=1)
    ]


def table_view(
    points: np.ndarray,
    size_px: tuple[int, int],
    bounds: tuple[float, float, float, float] | None = None,
    margin: float = 0.25,
) -> tuple[tuple[float, float, float, float], int]:
    """The view (x0, x1, y0, y1) that shows ``points`` (corners of cards and open places), or
    the whole table when it has ``bounds``, as large as fits in ``size_px``; and the size a
    card is drawn at (one of ``CARD_PX_STEPS``: the largest that fits)."""
    if bounds is not None:
        x0, y0, x1, y1 = bounds
    elif len(points):
        (x0, y0), (x1, y1) = points.min(axis=0), points.max(axis=0)
    else:
        x0 = y0 = -1.0
        x1 = y1 = 1.0
    x0, x1, y0, y1 = x0 - margin, x1 + margin, y0 - margin, y1 + margin
    w, h = size_px
    fits = 2 * LIMIT * min(w / (x1 - x0), h / (y1 - y0))
    card_px = next((p for p in CARD_PX_STEPS if p <= fits), CARD_PX_STEPS[-1])
    units_per_px = 2 * LIMIT / card_px
    # On whole pixels from the table's middle: a view that moves, moves by whole pixels.
    left = math.floor(((x0 + x1) / 2 - w * units_per_px / 2) / units_per_px) * units_per_px
    top = math.ceil(((y0 + y1) / 2 + h * units_per_px / 2) / units_per_px) * units_per_px
    return (left, left + w * units_per_px, top - h * units_per_px, top), card_px


def place_badges(
    marks: Sequence[SlotMark],
    anchors: Sequence[tuple[float, float]],
    units_per_px: float,
) -> list[tuple[float, float]]:
    """Where each open edge's number goes: on the way from its edge into its place, at the
    first spot that keeps clear of the numbers already placed (so two never overlap)."""
    clear = 2.2 * BADGE_PX * units_per_px
    placed: list[np.ndarray] = []
    for mark, anchor in zip(marks, anchors, strict=True):
        a, c = np.asarray(anchor, dtype=float), np.asarray(mark.centre, dtype=float)
        spots = [a + t * (c - a) for t in (0.4, 0.2, 0.6, 0.8, 0.1, 0.95)]
        along = (c - a) / max(np.linalg.norm(c - a), 1e-9)
        side = np.array([-along[1], along[0]])
        spots += [a + 0.4 * (c - a) + s * side for s in (0.3, -0.3, 0.5, -0.5)]

        def room(p: np.ndarray) -> float:
            return min((float(np.linalg.norm(p - q)) for q in placed), default=math.inf)

        best = next((p for p in spots if room(p) >= clear), None)
        if best is None:
            best = max(spots, key=room)
        placed.append(best)
    return [(float(p[0]), float(p[1])) for p in placed]


class TablePicture:
    """The playing surface from above, drawn into one figure that is kept between moves.

    ``draw`` pastes the card pictures (``card_picture``, turned as the cards lie) into one
    image with Pillow and draws the outlines, the open edges with their numbers, the last card
    and a ghost of the card being placed on top. The pasted image is kept: when the next
    ``draw`` shows the same cards plus new ones in the same view, only the new ones are pasted.
    ``figure`` may be a live canvas's figure (ipympl); ``view`` maps clicks back to the table.
    """

    def __init__(
        self,
        figure: Figure | None = None,
        size: tuple[float, float] = (9.0, 6.75),
        dpi: float = 100.0,
        maps: bool = True,
    ) -> None:
        self.figure = figure if figure is not None else new_figure(size, dpi=dpi)
        self.figure.clear()
        self.figure.patch.set_facecolor(TABLE)
        self.cards_artist = PastedImage(self)
        self.figure.add_artist(self.cards_artist)
        self._shown: tuple[list[dict[str, Any]], dict[str, Any] | None, Any] = ([], None, None)
        # Everything but the cards is drawn above them, in a clear axes kept between draws.
        self.ax = self.figure.add_axes((0, 0, 1, 1), zorder=2)
        self.ax.axis("off")
        self.ax.patch.set_visible(False)
        self._drawn: list[Any] = []
        self.maps = maps
        self.view: tuple[float, float, float, float] = (-1.0, 1.0, -1.0, 1.0)
        self.card_px = 0
        self._drawn_px = (0, 0)
        self.marks: list[SlotMark] = []
        self.badges: list[tuple[float, float]] = []
        self._pasted: tuple[tuple, tuple[tuple[str, float, float, int], ...], Image.Image] | None
        self._pasted = None
        self._turned: OrderedDict[tuple[str, int, int], Image.Image] = OrderedDict()
        self.pastes = 0  # card pictures pasted so far (a test counts them)

    # ----- pixels ------------------------------------------------------------------------
    def _size_px(self) -> tuple[int, int]:
        w, h = self.figure.bbox.width, self.figure.bbox.height
        return max(1, round(w)), max(1, round(h))

    def _dpi_scale(self) -> float:
        return float(self.figure.dpi) / 100.0

    def _turned_picture(self, card: str, turn: int, px: int) -> Image.Image:
        key = (card, turn, px)
        picture = self._turned.get(key)
        if picture is None:
            base = card_picture(card)
            sized = base.resize((px, px), Image.Resampling.LANCZOS) if px != base.width else base
            face = parse_card(card)[1]
            picture = sized.rotate(
                card_angle(face, turn), resample=Image.Resampling.BICUBIC, expand=True
            )
            self._turned[key] = picture
            if len(self._turned) > 400:
                self._turned.popitem(last=False)
        else:
            self._turned.move_to_end(key)
        return picture

    def _scale(self) -> float:
        """Pixels per card edge: the figure's width over the view's (the figure may have been
        redrawn larger since, on a screen of higher pixel density)."""
        return self._size_px()[0] / (self.view[1] - self.view[0])

    def _paste(self, image: Image.Image, card: dict[str, Any], alpha: float = 1.0) -> None:
        x0, _, _, y1 = self.view
        scale = self._scale()
        px = max(2, round(2 * LIMIT * scale))
        picture = self._turned_picture(card["card"], int(card["turn"]), px)
        if alpha < 1.0:
            picture = picture.copy()
            picture.putalpha(picture.getchannel("A").point(lambda a: int(a * alpha)))
        cx, cy = (card["x"] - x0) * scale, (y1 - card["y"]) * scale
        left, top = round(cx - picture.width / 2), round(cy - picture.height / 2)
        image.alpha_composite(picture, (max(left, 0), max(top, 0)), _crop(left, top))
        self.pastes += 1

    def _cards_image(self, cards, progress) -> Image.Image:
        """The pasted cards. The kept image is used again when the cards are the same plus new
        ones at the same size: moved by whole pixels if the view moved, then the new cards
        pasted; otherwise every card is pasted again."""
        size = self._size_px()
        x0, _, _, y1 = self.view
        scale = self._scale()
        lying = tuple((c["card"], c["x"], c["y"], c["turn"]) for c in cards)
        kept = self._pasted
        image, start = Image.new("RGBA", size, (0, 0, 0, 0)), 0
        if kept is not None:
            (kept_scale, kept_size, (kx0, ky1)), kept_lying, kept_image = kept
            if (kept_scale, kept_size) == (scale, size) and lying[: len(kept_lying)] == (
                kept_lying
            ):
                units_per_px = 1.0 / scale
                shift = (round((kx0 - x0) / units_per_px), round((y1 - ky1) / units_per_px))
                if shift == (0, 0):
                    image = kept_image.copy()
                else:
                    image.paste(kept_image, shift)
                start = len(kept_lying)
        for i, card in enumerate(cards[start:], start=start):
            self._paste(image, card)
            if progress is not None:
                progress(i + 1, len(cards))
        self._pasted = ((scale, size, (x0, y1)), lying, image)
        return image

    def _picture(self) -> np.ndarray:
        """The cards (and the ghost) pasted for the figure's present size."""
        cards, ghost, progress = self._shown
        image = self._cards_image(cards, progress)
        if ghost is not None:
            image = image.copy()
            self._paste(image, ghost, GHOST_ALPHA)
        return np.asarray(image)

    # ----- drawing -------------------------------------------------------------------------
    def draw(
        self,
        cards: Sequence[dict[str, Any]],
        marks: Sequence[SlotMark] = (),
        last: int | None = None,
        ghost: dict[str, Any] | None = None,
        chosen: int | None = None,
        bounds: tuple[float, float, float, float] | None = None,
        progress: Callable[[int, int], None] | None = None,
    ) -> Figure:
        """Draw the table: ``cards`` as the game saves them, the open edges ``marks``, the
        ``last`` card laid outlined, a ``ghost`` card (``{"card", "x", "y", "turn"}``) where
        it would lie, and the open edge numbered ``chosen`` picked."""
        fig, ax = self.figure, self.ax
        for artist in self._drawn:
            artist.remove()
        self._drawn = []
        shapes = [np.array(corners(c["x"], c["y"], c["turn"])) for c in cards]
        around = [*shapes, *(np.array(m.corners) for m in marks)]
        w, h = self._size_px()
        outline = np.vstack(around) if around else np.zeros((0, 2))
        view, card_px = table_view(outline, (w, h), bounds)
        if card_px != self.card_px or not _within(outline, self.view) or (w, h) != self._drawn_px:
            self.view, self.card_px, self._drawn_px = view, card_px, (w, h)
        # else: the table still fits the view it had; keeping it lets a new card be pasted alone.
        x0, x1, y0, y1 = self.view
        ax.set_xlim(x0, x1)
        ax.set_ylim(y0, y1)
        if bounds is not None:
            bx0, by0, bx1, by1 = bounds
            ax.add_patch(
                Polygon(
                    [(bx0, by0), (bx1, by0), (bx1, by1), (bx0, by1)],
                    closed=True,
                    facecolor="none",
                    edgecolor="#777777",
                    linestyle="--",
                    zorder=1,
                )
            )
        if self.maps:
            self._shown = (list(cards), ghost, progress)
            self.cards_artist.rgba = self._picture()
        else:
            self.cards_artist.rgba = None
            self._plain_cards(ax, cards, shapes, ghost, progress)
        if shapes:
            ax.add_collection(
                PatchCollection(
                    [Polygon(s, closed=True) for s in shapes],
                    facecolor="none",
                    edgecolor=CARD_EDGE,
                    linewidth=0.8,
                    zorder=3,
                ),
                autolim=False,
            )
        if last is not None and 0 <= last < len(shapes):
            ax.add_patch(
                Polygon(shapes[last], closed=True, fc="none", ec=LAST_CARD, lw=3, zorder=4)
            )
        if ghost is not None:
            g = np.array(corners(ghost["x"], ghost["y"], ghost["turn"]))
            ax.add_patch(
                Polygon(g, closed=True, fc="none", ec=CHOSEN_EDGE, lw=2, ls="--", zorder=4)
            )
        # Badges are BADGE_PX at 100 dpi, and grow with the figure's dpi like their numbers
        # (a larger figure for a projector; ipympl's doubled dpi on a high-density screen).
        self._marks(ax, cards, marks, chosen, (x1 - x0) / w * self._dpi_scale())
        self._drawn = [*ax.patches, *ax.collections, *ax.texts, *ax.lines]
        return fig

    def png(self) -> bytes:
        """The table as PNG bytes (drawn once, without its clear alpha channel)."""
        self.figure.canvas.draw()
        buffer = io.BytesIO()
        canvas = cast(FigureCanvasAgg, self.figure.canvas)  # new_figure's Agg canvas
        rgba = np.asarray(canvas.buffer_rgba())
        Image.fromarray(rgba[..., :3]).save(buffer, format="png", compress_level=1)
        return buffer.getvalue()

    def _plain_cards(self, ax, cards, shapes, ghost, progress) -> None:
        for i, (c, shape) in enumerate(zip(cards, shapes, strict=True)):
            set_name = parse_card(c["card"])[0]
            ax.add_patch(Polygon(shape, closed=True, fc=SET_COLOURS[set_name], ec="none", zorder=2))
            ax.text(
                c["x"],
                c["y"],
                f"{parse_card(c['card'])[1] + 1}\n{_(SET_NAMES[set_name])}",
                ha="center",
                va="center",
                fontsize=6,
                zorder=2.5,
            )
            if progress is not None:
                progress(i + 1, len(cards))
        if ghost is not None:
            set_name = parse_card(ghost["card"])[0]
            g = np.array(corners(ghost["x"], ghost["y"], ghost["turn"]))
            ax.add_patch(
                Polygon(g, closed=True, fc=SET_COLOURS[set_name], alpha=GHOST_ALPHA, zorder=2)
            )

    def _marks(self, ax, cards, marks, chosen, units_per_px: float) -> None:
        """The open edges in orange, each with its number in a badge that collides with none."""
        self.marks = list(marks)
        if not marks:
            self.badges = []
            return
        segments, anchors = [], []
        for m in marks:
            c = cards[m.index]
            pts = corners(c["x"], c["y"], c["turn"])
            a, b = np.array(pts[m.edge]), np.array(pts[(m.edge + 1) % 5])
            segments.append((a, b))
            anchors.append(tuple((a + b) / 2))
        colours = [CHOSEN_EDGE if m.number == chosen else OPEN_EDGE for m in marks]
        widths = [4.5 if m.number == chosen else 2.5 for m in marks]
        ax.add_collection(
            LineCollection(segments, colors=colours, linewidths=widths, zorder=5), autolim=False
        )
        self.badges = place_badges(marks, anchors, units_per_px)
        radius = BADGE_PX * units_per_px
        ax.add_collection(
            PatchCollection(
                [Circle(p, radius) for p in self.badges],
                facecolor=colours,
                edgecolor="white",
                linewidth=1,
                zorder=6,
            ),
            autolim=False,
        )
        _text_layer(
            ax,
            [
                (x, y, str(m.number), 8.0, "white", ("bold", "normal"))
                for m, (x, y) in zip(marks, self.badges, strict=True)
            ],
            ax.transData,
            0.0,
            zorder=7,
        )

    def at(self, x: float, y: float) -> int | None:
        """The number of the open edge at (x, y): its badge, its edge, or the place beyond it."""
        x0, x1, _, _ = self.view
        reach = 1.5 * BADGE_PX * self._dpi_scale() * (x1 - x0) / self._size_px()[0]
        p = np.array([x, y])
        for mark, badge in zip(self.marks, self.badges, strict=True):
            if np.linalg.norm(p - np.asarray(badge)) <= reach:
                return mark.number
        for mark in self.marks:
            if inside_card(np.array(mark.corners), x, y):
                return mark.number
        return None


class PastedImage(Artist):
    """The table's pasted cards, put on the figure pixel for pixel.

    What ``figimage`` would do, without resampling a picture that needs none (that took a
    fifth of a table's redraw). When the canvas has grown since (ipympl doubles a figure's
    pixels on a high-density screen), the cards are pasted again for the new size.
    """

    def __init__(self, table: TablePicture) -> None:
        super().__init__()
        self.table = table
        self.rgba: np.ndarray | None = None
        self.set_zorder(1)

    def draw(self, renderer: Any) -> None:
        if self.rgba is None or not self.get_visible():
            return
        if self.rgba.shape[:2] != (int(renderer.height), int(renderer.width)):
            self.rgba = self.table._picture()
        gc = renderer.new_gc()
        renderer.draw_image(gc, 0, 0, self.rgba[::-1])
        gc.restore()
        self.stale = False


def _within(
    points: np.ndarray, view: tuple[float, float, float, float], margin: float = 0.1
) -> bool:
    """Whether every point lies inside ``view`` with ``margin`` card edges to spare."""
    if not len(points):
        return True
    x0, x1, y0, y1 = view
    (px0, py0), (px1, py1) = points.min(axis=0), points.max(axis=0)
    return px0 >= x0 + margin and px1 <= x1 - margin and py0 >= y0 + margin and py1 <= y1 - margin


def _crop(left: int, top: int) -> tuple[int, int]:
    """Where to start in a picture pasted at (left, top), which may stick out of the image."""
    return (max(-left, 0), max(-top, 0))


def inside_card(shape: np.ndarray, x: float, y: float) -> bool:
    """Whether (x, y) lies inside a card (or any convex shape) whose corners run
    counter-clockwise: a click on it."""
    nxt = np.roll(shape, -1, axis=0)
    cross = (nxt[:, 0] - shape[:, 0]) * (y - shape[:, 1]) - (nxt[:, 1] - shape[:, 1]) * (
        x - shape[:, 0]
    )
    return bool(np.all(cross >= 0))


# --------------------------------------------------------------------------- a joint, up close


def joint_figure(
    cards: Sequence[dict[str, Any]],
    joints: Sequence[tuple[int, int, int, int]],
    maps: bool = True,
    panel_px: int = 340,
) -> Figure:
    """Each joint ``(card, edge, other card, other edge)`` up close, side by side: the two
    cards as they lie, turned so the joint runs across the middle, to see whether the coasts,
    the Equator and the tropics go on from one card to the other."""
    n = max(1, len(joints))
    fig = new_figure((n * panel_px / 100.0, panel_px * 0.8 / 100.0), dpi=100)
    for k, (i, e, j, f) in enumerate(joints):
        ax = fig.add_axes((k / n, 0.0, 1 / n, 1.0))
        ax.axis("off")
        a, b = cards[i], cards[j]
        pa = np.array(corners(a["x"], a["y"], a["turn"]))
        p, q = pa[e], pa[(e + 1) % 5]
        mid = (p + q) / 2
        # Turn the view so the card ``i`` lies below the joint and ``j`` above it.
        out = mid - np.array([a["x"], a["y"]])
        spin = 90.0 - math.degrees(math.atan2(out[1], out[0]))
        view = Affine2D().translate(*-mid).rotate_deg(spin)
        ax.set_xlim(-0.75, 0.75)
        ax.set_ylim(-0.6, 0.6)
        ax.set_aspect("equal", adjustable="datalim")
        for c, z in ((a, 1.0), (b, 2.0)):
            set_name, face = parse_card(c["card"])
            centre = view.transform([c["x"], c["y"]])
            angle = card_angle(face, c["turn"]) + spin
            if maps:
                draw_card(
                    ax,
                    set_name,
                    face,
                    offset=tuple(centre),
                    angle=angle,
                    text_scale=0.9,
                    legend=False,
                    caption=False,
                    zorder=z,
                )
            else:
                shape = view.transform(np.array(corners(c["x"], c["y"], c["turn"])))
                ax.add_patch(Polygon(shape, closed=True, fc=SET_COLOURS[set_name], zorder=z))
        pb = np.array(corners(b["x"], b["y"], b["turn"]))
        touching = view.transform(np.array([pb[f], pb[(f + 1) % 5]]))
        ax.plot(*touching.T, color=CHOSEN_EDGE, linewidth=1.5, linestyle=":", zorder=9)
        for c, edge, y, va in ((a, e, -0.58, "bottom"), (b, f, 0.58, "top")):
            ax.text(
                0.0,
                y,
                plot_text(
                    _("{card}, edge {edge}").format(card=said_card(c["card"]), edge=edge + 1)
                ),
                ha="center",
                va=va,
                fontsize=8,
                fontweight="bold",
                zorder=10,
                bbox={"boxstyle": "round,pad=0.2", "fc": "white", "ec": "none", "alpha": 0.85},
            )
    return fig


# --------------------------------------------------------------------------- printing


def cards_pdf(path: str, sets: Sequence[str] | None = None) -> str:
    """The cards of ``sets`` (all four by default: 48 cards) on A4 pages, six to a page,
    ready to print and cut out."""
    from matplotlib.backends.backend_pdf import PdfPages

    from geoteach.games.global_pursuit.layout import SETS

    unknown = [s for s in sets or () if s not in SETS]
    if unknown:
        raise ValueError(f"There is no card set {unknown[0]!r}. The sets are: {', '.join(SETS)}.")
    cards = [(s, f) for s in (sets or SETS) for f in range(12)]
    with PdfPages(path) as pdf:
        for start in range(0, len(cards), 6):
            fig = new_figure((8.27, 11.69))
            for k, (set_name, face) in enumerate(cards[start : start + 6]):
                row, col = divmod(k, 2)
                ax = _card_axes(fig, (0.04 + 0.48 * col, 0.68 - 0.32 * row, 0.44, 0.30))
                draw_card(ax, set_name, face, text_scale=3.6 / 3.0, edge_numbers=True)
            pdf.savefig(fig)
    return path


# --------------------------------------------------------------------------- nets


def _face_corners(face: int) -> np.ndarray:
    from geoteach.games.global_pursuit.dodecahedron import face_polygon_xy

    return np.asarray(face_polygon_xy(face).exterior.coords)[:-1]


def _mirror_place(shared_a: np.ndarray, shared_b: np.ndarray, face: int, edge: int):
    """Pose (angle in degrees, offset) that puts ``edge`` of ``face`` on the segment b -> a."""
    c = _face_corners(face)
    p, q = c[edge], c[(edge + 1) % 5]
    # The neighbour runs the shared edge the other way: its p lands on b, its q on a.
    want = np.arctan2(*(shared_a - shared_b)[::-1])
    have = np.arctan2(*(q - p)[::-1])
    angle = np.degrees(want - have)
    turn = Affine2D().rotate_deg(angle)
    offset = shared_b - turn.transform(p)
    return float(angle), offset


@cache
def net_layout() -> tuple[tuple[int, float, tuple[float, float]], ...]:
    """Where each face lies in a flat net: (face, angle in degrees, offset), card units.

    Two "flowers" (a polar card with its five neighbours, and the opposite polar card with
    its five) joined at one edge: the classic dodecahedron net. The joining edge is the first
    that gives a net with no overlap.
    """
    from geoteach.games.global_pursuit import dodecahedron as dodeca

    first = 0
    opposite = next(
        f
        for f in dodeca.FACES
        if all(dodeca.neighbour(first, e)[0] != f for e in range(5))
        and f != first
        and _antipodal(first, f)
    )
    for join in range(5):
        for link in range(5):
            layout = _try_net(first, opposite, join, link)
            if layout is not None:
                return layout
    raise RuntimeError("no flat net found")  # the search above always finds one


def _antipodal(a: int, b: int) -> bool:
    from geoteach.games.global_pursuit import dodecahedron as dodeca

    la, lo = dodeca.face_centre(a)
    lb, lob = dodeca.face_centre(b)
    return abs(la + lb) < 1e-6 and abs(((lo - lob) % 360) - 180) < 1e-6


def _corners(face: int, angle: float, offset) -> np.ndarray:
    return Affine2D().rotate_deg(angle).translate(*offset).transform(_face_corners(face))


def _try_net(first: int, opposite: int, join: int, link: int):
    import shapely

    from geoteach.games.global_pursuit import dodecahedron as dodeca

    placed = {first: (0.0, np.zeros(2))}

    def attach(face: int, edge: int) -> int:
        angle, offset = placed[face]
        c = _corners(face, angle, offset)
        other, other_edge = dodeca.neighbour(face, edge)
        placed[other] = _mirror_place(c[edge], c[(edge + 1) % 5], other, other_edge)
        return other

    for e in range(5):
        attach(first, e)
    petal = dodeca.neighbour(first, join)[0]
    # Edge of that petal that touches a petal of the opposite flower.
    opposite_petals = {dodeca.neighbour(opposite, e)[0] for e in range(5)}
    links = [e for e in range(5) if dodeca.neighbour(petal, e)[0] in opposite_petals]
    if link >= len(links):
        return None
    second = attach(petal, links[link])
    other_edge = next(e for e in range(5) if dodeca.neighbour(second, e)[0] == opposite)
    attach(second, other_edge)
    for e in range(5):
        if dodeca.neighbour(opposite, e)[0] not in placed:
            attach(opposite, e)
    if len(placed) != 12:
        return None
    shapes = [shapely.Polygon(_corners(f, *placed[f])) for f in placed]
    for i in range(12):
        for j in range(i + 1, 12):
            if shapes[i].intersection(shapes[j]).area > 1e-9:
                return None
    return tuple((f, placed[f][0], tuple(placed[f][1])) for f in sorted(placed))


def net_edges() -> list[tuple[tuple[int, int], tuple[int, int]]]:
    """Pairs of card edges that lie on each other in the flat net (the folds)."""
    layout = net_layout()
    segments = {}
    for face, angle, offset in layout:
        c = _corners(face, angle, offset)
        for e in range(5):
            segments[(face, e)] = (c[e], c[(e + 1) % 5])
    pairs = []
    keys = sorted(segments)
    for i, a in enumerate(keys):
        for b in keys[i + 1 :]:
            pa, qa = segments[a]
            pb, qb = segments[b]
            if (np.allclose(pa, qb, atol=1e-9) and np.allclose(qa, pb, atol=1e-9)) or (
                np.allclose(pa, pb, atol=1e-9) and np.allclose(qa, qb, atol=1e-9)
            ):
                pairs.append((a, b))
    return pairs


def glue_tabs(
    height: float = 0.12, slant_deg: float = 30.0
) -> list[tuple[tuple[int, int], np.ndarray]]:
    """One tab on one of the two edges of every pair glued when folding (not the folds)."""
    from geoteach.games.global_pursuit import dodecahedron as dodeca

    layout = {f: (a, o) for f, a, o in net_layout()}
    folds = {k for pair in net_edges() for k in pair}
    tabs = []
    for face in dodeca.FACES:
        for e in range(5):
            other = dodeca.neighbour(face, e)
            if (face, e) in folds or other < (face, e):
                continue
            c = _corners(face, *layout[face])
            p, q = c[e], c[(e + 1) % 5]
            along = (q - p) / np.linalg.norm(q - p)
            out = np.array([along[1], -along[0]])  # corners run counter-clockwise: outside is right
            inset = height / np.tan(np.radians(slant_deg))
            tabs.append(
                (
                    (face, e),
                    np.array(
                        [p, p + out * height + along * inset, q + out * height - along * inset, q]
                    ),
                )
            )
    return tabs


def net_pdf(set_name: str, path: str) -> str:
    """A net of the 12 cards of one set, to cut out, fold and glue into a dodecahedron globe."""
    from matplotlib.backends.backend_pdf import PdfPages

    from geoteach.games.global_pursuit import dodecahedron as dodeca

    name = _art(set_name, 0).set_name
    layout = net_layout()
    outline = np.vstack([_corners(f, a, o) for f, a, o in layout])
    (x0, y0), (x1, y1) = outline.min(axis=0) - 0.2, outline.max(axis=0) + 0.2
    landscape = (x1 - x0) > (y1 - y0)
    size = (11.69, 8.27) if landscape else (8.27, 11.69)
    fig = new_figure(size)
    ax = fig.add_axes((0.02, 0.02, 0.96, 0.96))
    ax.set_xlim(x0, x1)
    ax.set_ylim(y0, y1)
    ax.set_aspect("equal")
    ax.axis("off")
    for (face, edge), tab in glue_tabs():
        ax.add_patch(Polygon(tab, closed=True, facecolor=TAB, edgecolor="#606060", lw=0.5))
        other = dodeca.neighbour(face, edge)[0]
        glue = _("glue to {number}").format(number=other + 1)
        x, y = tab.mean(axis=0)
        ax.text(x, y, glue, fontsize=4, ha="center", va="center")
    scale = _points_scale(ax)
    for face, angle, offset in layout:
        draw_card(ax, name, face, offset=offset, text_scale=scale, legend=False, angle=angle)
    ax.set_title(
        plot_text(
            _("Global Pursuit — {name}: cut out, fold along the card edges, glue the tabs").format(
                name=_(name)
            )
        ),
        fontsize=9,
    )
    with PdfPages(path) as pdf:
        pdf.savefig(fig)
    return path
