"""Drawing Global Pursuit map cards: pentagon tiles, a PDF of all 48, and fold-up nets.

The card's contents come from ``geoteach.games.global_pursuit.cardsets.card_layers`` (cached);
this module only turns them into matplotlib artists, turned by ``rotation`` x 72° with one affine
transform, so a card drawn again, or drawn turned, costs only the drawing.
"""

from __future__ import annotations

from functools import cache
from typing import Any

import numpy as np
import shapely
from matplotlib.axes import Axes
from matplotlib.collections import LineCollection, PathCollection
from matplotlib.figure import Figure
from matplotlib.patches import Polygon
from matplotlib.transforms import Affine2D, Transform

from geoteach.escape import plot_text
from geoteach.games.global_pursuit import cardsets
from geoteach.games.global_pursuit import dodecahedron as dodeca
from geoteach.render.mapview import geometry_path, new_figure

CARD_EDGE = "#1a1a1a"
TAB = "#eeeeee"
LIMIT = 0.9


def _lines(geom) -> list[np.ndarray]:
    out = []
    for part in getattr(geom, "geoms", [geom]):
        if part.is_empty:
            continue
        if part.geom_type in ("LineString", "LinearRing"):
            out.append(np.asarray(part.coords))
        elif part.geom_type in ("Polygon", "MultiPolygon", "MultiLineString", "GeometryCollection"):
            out += _lines(part.boundary if "Polygon" in part.geom_type else part)
    return out


@cache
def _artists_data(set_name: str, face: int):
    """Paths of a card, built once per card (the cache that makes redrawing fast)."""
    layers = cardsets.card_layers(set_name, face)
    areas = [
        (geometry_path(shapely.make_valid(g).buffer(0)), fc, ec, lw)
        for g, fc, ec, lw in layers.areas
    ]
    lines = [(_lines(g), c, lw, dash) for g, c, lw, dash in layers.lines]
    return layers, areas, lines


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
) -> None:
    """Draw one card onto ``ax`` at ``offset``, turned by ``rotation`` x 72° (or ``angle``°)."""
    layers, areas, lines = _artists_data(cardsets.check_set(set_name), dodeca._check(face))
    angle = 72.0 * (rotation % 5) if angle is None else float(angle)
    place = Affine2D().scale(scale).rotate_deg(angle).translate(*offset)
    transform = place + ax.transData
    card = dodeca.face_polygon_xy(face)
    outline = Polygon(
        np.asarray(card.exterior.coords),
        closed=True,
        transform=transform,
        facecolor=layers.ocean,
        edgecolor="none",
        zorder=1,
    )
    ax.add_patch(outline)
    clip = outline
    if layers.relief is not None:
        h = cardsets.RELIEF_HALF
        image = ax.imshow(
            layers.relief,
            extent=(-h, h, -h, h),
            transform=transform,
            interpolation="bilinear",
            zorder=2,
        )
        image.set_clip_path(clip)
    if areas:
        collection = PathCollection(
            [a[0] for a in areas],
            facecolors=[a[1] for a in areas],
            edgecolors=[a[2] for a in areas],
            linewidths=[a[3] * text_scale for a in areas],
            transform=transform,
            zorder=3,
        )
        ax.add_collection(collection)
        collection.set_clip_path(clip)
    for segments, colour, width, dash in lines:
        if segments:
            lc = LineCollection(
                segments,
                colors=colour,
                linewidths=width * text_scale,
                linestyles=dash,
                transform=transform,
                zorder=4,
            )
            ax.add_collection(lc)
            lc.set_clip_path(clip)
    for x, y, marker, colour, size, edge in layers.points:
        ax.plot(
            [x],
            [y],
            marker=marker,
            color=colour,
            markersize=size * text_scale,
            markeredgecolor=edge,
            markeredgewidth=0.3,
            transform=transform,
            zorder=5,
            clip_path=clip,
        )
    for x, y, text, size, colour, style in layers.labels:
        _card_text(
            ax,
            (x, y),
            text,
            size * text_scale,
            transform,
            angle,
            color=colour,
            style="italic" if style in ("feature", "city") else "normal",
            weight="bold" if style == "continent" else "normal",
            zorder=6,
            clip_on=True,
            clip_path=clip,
        )
    if legend and layers.legend:
        _legend(ax, layers, transform, angle, text_scale, clip)
    _card_text(
        ax,
        (0.0, -0.55),
        f"{layers.set_name}  ·  card {face + 1}",
        4.2 * text_scale,
        transform,
        angle,
        zorder=7,
        color="#1a1a1a",
        bbox={"boxstyle": "round,pad=0.2", "fc": "white", "ec": "none", "alpha": 0.8},
    )
    ax.add_patch(
        Polygon(
            np.asarray(card.exterior.coords),
            closed=True,
            transform=transform,
            facecolor="none",
            edgecolor=CARD_EDGE,
            linewidth=1.0 * text_scale,
            zorder=8,
        )
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


def _legend(ax, layers, transform, angle, text_scale, clip) -> None:
    rows = layers.legend[:8]
    top = -0.12
    for i, (label, marker, colour, dash) in enumerate(rows):
        y = top - 0.045 * i - 0.45 if len(rows) > 4 and i >= 4 else top - 0.045 * i
        x = -0.33 if not (len(rows) > 4 and i >= 4) else 0.05
        y = top - 0.045 * (i % 4) - 0.2
        if marker == "line":
            ax.plot(
                [x - 0.035, x - 0.005],
                [y, y],
                color=colour,
                linestyle=dash,
                linewidth=1.2 * text_scale,
                transform=transform,
                zorder=7,
            )
        else:
            ax.plot(
                [x - 0.02],
                [y],
                marker=marker,
                color=colour,
                markersize=3.5 * text_scale,
                markeredgecolor="#1a1a1a",
                markeredgewidth=0.3,
                transform=transform,
                zorder=7,
            )
        _card_text(
            ax,
            (x + 0.005, y),
            label,
            3.2 * text_scale,
            transform,
            angle,
            ha="left",
            zorder=7,
            color="#1a1a1a",
            clip_on=True,
            clip_path=clip,
        )


def card_tile(
    set_name: str, face: int, rotation: int = 0, ax: Axes | None = None, size: float = 3.0
) -> Figure | Axes:
    """The pentagon tile of one card; a new Figure of ``size`` inches, or drawn into ``ax``."""
    if ax is not None:
        draw_card(ax, set_name, face, rotation, text_scale=_points_scale(ax))
        return ax
    fig = new_figure((size, size), dpi=150)
    axes = fig.add_axes((0, 0, 1, 1))
    axes.set_xlim(-LIMIT, LIMIT)
    axes.set_ylim(-LIMIT, LIMIT)
    axes.set_aspect("equal")
    axes.axis("off")
    draw_card(axes, set_name, face, rotation, text_scale=size / 3.0)
    return fig


def _points_scale(ax: Axes) -> float:
    """Text size for a card drawn into someone else's axes: in proportion to the card's size."""
    fig = ax.figure
    width_in = fig.get_size_inches()[0] * ax.get_position().width
    x0, x1 = ax.get_xlim()
    return float(np.clip(width_in / abs(x1 - x0) * 2 * LIMIT / 3.0, 0.2, 3.0))


def cards_pdf(path: str) -> str:
    """All 48 cards on A4 pages, six to a page, ready to print and cut out."""
    from matplotlib.backends.backend_pdf import PdfPages

    cards = [(s, f) for s in cardsets.SETS for f in dodeca.FACES]
    with PdfPages(path) as pdf:
        for start in range(0, len(cards), 6):
            fig = new_figure((8.27, 11.69))
            for k, (set_name, face) in enumerate(cards[start : start + 6]):
                row, col = divmod(k, 2)
                ax = fig.add_axes((0.04 + 0.48 * col, 0.68 - 0.32 * row, 0.44, 0.30))
                ax.set_xlim(-LIMIT, LIMIT)
                ax.set_ylim(-LIMIT, LIMIT)
                ax.set_aspect("equal")
                ax.axis("off")
                draw_card(ax, set_name, face, text_scale=3.6 / 3.0)
            pdf.savefig(fig)
    return path


# --------------------------------------------------------------------------- nets


def _mirror_place(shared_a: np.ndarray, shared_b: np.ndarray, face: int, edge: int):
    """Pose (angle in degrees, offset) that puts ``edge`` of ``face`` on the segment b -> a."""
    corners = np.asarray(dodeca.face_polygon_xy(face).exterior.coords)[:-1]
    p, q = corners[edge], corners[(edge + 1) % 5]
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
    la, lo = dodeca.face_centre(a)
    lb, lob = dodeca.face_centre(b)
    return abs(la + lb) < 1e-6 and abs(((lo - lob) % 360) - 180) < 1e-6


def _corners(face: int, angle: float, offset) -> np.ndarray:
    base = np.asarray(dodeca.face_polygon_xy(face).exterior.coords)[:-1]
    return Affine2D().rotate_deg(angle).translate(*offset).transform(base)


def _try_net(first: int, opposite: int, join: int, link: int):
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

    name = cardsets.check_set(set_name)
    layout = net_layout()
    corners = np.vstack([_corners(f, a, o) for f, a, o in layout])
    (x0, y0), (x1, y1) = corners.min(axis=0) - 0.2, corners.max(axis=0) + 0.2
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
        ax.text(*tab.mean(axis=0), f"glue to {other + 1}", fontsize=4, ha="center", va="center")
    scale = _points_scale(ax)
    for face, angle, offset in layout:
        draw_card(ax, name, face, offset=offset, text_scale=scale, legend=False, angle=angle)
    ax.set_title(
        plot_text(f"Global Pursuit — {name}: cut out, fold along the card edges, glue the tabs"),
        fontsize=9,
    )
    with PdfPages(path) as pdf:
        pdf.savefig(fig)
    return path
