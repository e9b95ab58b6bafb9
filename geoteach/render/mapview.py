"""A map drawn once and then only recoloured: what a game UI needs between two moves.

``MapView`` turns ``Shapes`` (codes, names and shapes already in map coordinates, made from a
GeoDataFrame or read plain, without pandas) into one matplotlib PathCollection, one path per
country or state. Highlighting, outlining, labelling and choropleths change colours
of that existing artist (or of small overlay artists) and ask the canvas for an idle redraw; the
GeoDataFrame is never plotted again. What never changes (the sea, the borders and leader lines,
the numbers with their halos, the dots' rings) sits in fixed layers (:mod:`geoteach.render.layers`)
that are drawn once and pasted as pictures, so a redraw only fills the countries again. Clicks
are turned back into codes with a shapely STRtree, and tiny countries are found by their dot or
their number.
"""

from __future__ import annotations

import io
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

import numpy as np
import shapely
from matplotlib.axes import Axes
from matplotlib.backend_bases import MouseEvent
from matplotlib.backends.backend_agg import FigureCanvasAgg
from matplotlib.collections import LineCollection, PathCollection
from matplotlib.colors import to_rgba, to_rgba_array
from matplotlib.figure import Figure
from matplotlib.font_manager import FontProperties
from matplotlib.path import Path
from matplotlib.patheffects import withStroke
from matplotlib.textpath import TextPath, text_to_path
from matplotlib.transforms import IdentityTransform
from matplotlib.typing import ColorType
from shapely.geometry.base import BaseGeometry

from geoteach.escape import plot_text
from geoteach.render import palettes
from geoteach.render.clicks import is_pick
from geoteach.render.labels import Placement
from geoteach.render.layers import FixedLayer

Colour = ColorType

# How close (in points) a click must be to a tiny country's dot or number to count as it.
PICK_TOLERANCE_PT = 6.0
# A click inside another country must be this close to a dot or number to pick the tiny one.
PRECISE_PT = 3.0


class NotOnMapError(LookupError):
    """A code or name that is not on this map; the message suggests the closest one."""


class PictureCanvas(FigureCanvasAgg):
    """An Agg canvas for figures shown as pictures (a PNG in an ``ipywidgets.Image``).

    Nobody looks at this canvas between two pictures, so ``draw_idle`` (which a plain Agg
    canvas turns into a whole draw at once) only lets the next ``to_png`` or ``draw`` show the
    change: a move that recolours, outlines and labels costs one draw, not four.
    """

    def draw_idle(self, *args: Any, **kwargs: Any) -> None:
        """The change waits for the next picture."""


def new_figure(
    figsize: tuple[float, float] = (10.0, 6.0), *, dpi: float = 100.0, interactive: bool = False
) -> Figure:
    """A figure that is never shown by itself: the UI decides how to display it.

    ``interactive=False`` gives a plain Agg figure (for PNGs in an ``ipywidgets.Image`` and for
    tests) whose changes are drawn when a picture is asked for. ``interactive=True`` asks pyplot
    for a figure on the current backend (the ipympl canvas under ``%matplotlib widget``) with
    interactive mode off, so the notebook does not show it a second time; close it with
    ``plt.close(fig)`` when the game ends.
    """
    if interactive:
        import matplotlib.pyplot as plt

        with plt.ioff():
            return plt.figure(figsize=figsize, dpi=dpi)
    fig = Figure(figsize=figsize, dpi=dpi)
    PictureCanvas(fig)
    return fig


def to_png(fig: Figure, *, dpi: float | None = None) -> bytes:
    """The figure as PNG bytes, e.g. for ``ipywidgets.Image(value=to_png(fig))``.

    Fastest zlib level: a map's flat colours compress almost as well, in half the time.
    """
    buffer = io.BytesIO()
    fig.savefig(
        buffer,
        format="png",
        dpi=dpi or fig.dpi,
        facecolor=fig.get_facecolor(),
        pil_kwargs={"compress_level": 1},
    )
    return buffer.getvalue()


def geometry_path(geom: BaseGeometry | None) -> Path:
    """One compound path for a (multi)polygon, holes included; points give an empty path.

    Rings are oriented (outer anticlockwise, holes clockwise) so lakes and enclaves such as
    Lesotho stay holes under any fill rule.
    """
    if geom is None or geom.is_empty:
        return Path(np.zeros((1, 2)), [Path.MOVETO])
    vertices: list[np.ndarray] = []
    codes: list[np.ndarray] = []
    for part in shapely.get_parts(shapely.orient_polygons(geom)):
        if part.geom_type != "Polygon":
            continue
        for ring in (part.exterior, *part.interiors):
            xy = np.asarray(ring.coords, dtype=float)
            if len(xy) < 4:
                continue
            c = np.full(len(xy), Path.LINETO, dtype=Path.code_type)
            # The ring's last vertex repeats its first, so LINETO closes it; CLOSEPOLY would
            # stop matplotlib from simplifying the path, which halves the redraw time.
            c[0] = Path.MOVETO
            vertices.append(xy)
            codes.append(c)
    if not vertices:
        return Path(np.zeros((1, 2)), [Path.MOVETO])
    v = np.concatenate(vertices)
    v.setflags(write=False)
    return Path(v, np.concatenate(codes), readonly=True)


def _rgba(row: Iterable[float]) -> tuple[float, float, float, float]:
    """One RGBA row of a colour array as four plain floats."""
    r, g, b, a = (float(v) for v in row)
    return r, g, b, a


@lru_cache(maxsize=4096)
def _glyphs(text: str, fontsize: float, weight: str) -> Path:
    """A label's outline in points, centred on (0, 0); shared by every map that shows it."""
    prop = FontProperties(weight=weight)
    if "$" in text:  # mathtext: TextPath knows how to parse it
        path = TextPath((0.0, 0.0), text, size=fontsize, prop=prop)
        vertices, codes = path.vertices, path.codes
    else:
        # What TextPath does, without the Text artist it builds to check for maths (a third of
        # the glyph time on a cold map).
        vertices, codes = text_to_path.get_text_path(prop, text)
        vertices = np.asarray(vertices, dtype=float) * (fontsize / text_to_path.FONT_SCALE)
        codes = np.asarray(codes, dtype=Path.code_type)
    # The box of the outline's points, not Path.get_extents(): that solves every Bézier curve
    # and took most of a cold first render; fonts put points at a glyph's extremes anyway.
    drawn = vertices if codes is None else vertices[codes != Path.CLOSEPOLY]
    low, high = drawn.min(axis=0), drawn.max(axis=0)
    centred = vertices - (low + high) / 2.0
    centred.setflags(write=False)
    return Path(centred, codes, readonly=True)


def add_text_layer(
    ax: Axes,
    placements: Sequence[Placement],
    *,
    fontsize: float,
    colour: Colour = palettes.TEXT,
    weight: str = "bold",
    zorder: float = 5.0,
    layer: FixedLayer | None = None,
) -> tuple[PathCollection, PathCollection]:
    """Many fixed labels as two artists (a white halo and the glyphs), not hundreds of Texts.

    Two hundred Text artists with halos take half a second per redraw; one PathCollection of
    glyph outlines placed like scatter markers takes a few milliseconds, and inside a
    :class:`FixedLayer` (a map's ``fixed_labels``) they are pasted as one cached picture.
    Returns (halo, glyphs).
    """
    paths = [_glyphs(p.text, float(fontsize), weight) for p in placements]
    offsets = np.array([p.at for p in placements], dtype=float).reshape(-1, 2)
    common: dict[str, Any] = dict(
        sizes=[1.0], offsets=offsets, offset_transform=ax.transData, transform=IdentityTransform()
    )
    halo = PathCollection(
        paths, facecolors="none", edgecolors="white", linewidths=1.6, zorder=zorder, **common
    )
    glyphs = PathCollection(
        paths, facecolors=[colour], edgecolors="none", linewidths=0.0, zorder=zorder, **common
    )
    for artist in (halo, glyphs):
        if layer is None:
            ax.add_collection(artist)
        else:
            layer.add(artist)
    return halo, glyphs


@dataclass(frozen=True)
class Shapes:
    """What a ``MapView`` draws: each feature's code (ISO3 or USPS), name and shape in the
    map's planar coordinates, in drawing order, and their CRS (None for a planar layout).

    Plain sequences, so a game's map is drawn without pandas (issue 24); ``of`` takes them from
    a GeoDataFrame indexed by code with a ``name`` column.
    """

    codes: Sequence[str]
    names: Sequence[Any]
    geometries: Sequence[BaseGeometry]
    crs: Any = None

    @classmethod
    def of(cls, frame: Any) -> Shapes:
        """The shapes of a GeoDataFrame (or a DataFrame with a ``geometry`` column)."""
        return cls(
            tuple(str(c) for c in frame.index),
            tuple(frame["name"].astype(object)),
            tuple(frame.geometry.values),
            getattr(frame, "crs", None),
        )


class MapView:
    """Countries or states drawn once, then recoloured, outlined, labelled and clicked.

    ``shapes`` are the features (``Shapes``; or a GeoDataFrame indexed by code in the map's
    planar coordinates, with a ``name`` column). ``colours`` gives each feature's resting
    colour (default: land). ``pickable`` limits which codes a click can return (default: all).
    ``placements`` are the cached label positions from :mod:`geoteach.render.labels`; features
    placed outside their shape get a dot there and can be clicked by dot or label.
    """

    def __init__(
        self,
        shapes: Shapes | Any,
        *,
        ax: Axes | None = None,
        figsize: tuple[float, float] = (10.0, 6.0),
        dpi: float = 100.0,
        interactive: bool = False,
        colours: Mapping[str, Colour] | None = None,
        pickable: Iterable[str] | None = None,
        paths: Sequence[Path] | None = None,
        anchors: np.ndarray | None = None,
        background: BaseGeometry | None = None,
        edge_colour: Colour = palettes.BORDER,
        edge_width: float = 0.3,
    ) -> None:
        if ax is None:
            fig = new_figure(figsize, dpi=dpi, interactive=interactive)
            ax = fig.add_axes((0.0, 0.0, 1.0, 1.0))
        self.ax: Axes = ax
        self.figure: Figure = ax.figure  # type: ignore[assignment]
        if not isinstance(shapes, Shapes):
            shapes = Shapes.of(shapes)
        self.crs = shapes.crs
        self.codes: tuple[str, ...] = tuple(str(c) for c in shapes.codes)
        # Territories that are drawn but not played may have no name: show their code.
        self.names: tuple[str, ...] = tuple(
            str(n) if isinstance(n, str) and n else c
            for c, n in zip(self.codes, shapes.names, strict=True)
        )
        self._index = {code: i for i, code in enumerate(self.codes)}
        self._by_name = {
            name.casefold(): code for code, name in zip(self.codes, self.names, strict=True)
        }
        self.geometries = np.empty(len(self.codes), dtype=object)
        self.geometries[:] = list(shapes.geometries)
        self._areas = shapely.area(self.geometries)
        self._tree = shapely.STRtree(self.geometries)
        self.pickable = frozenset(self.codes if pickable is None else pickable)
        self.anchors = (
            np.asarray(anchors, dtype=float)
            if anchors is not None
            else shapely.get_coordinates(shapely.point_on_surface(self.geometries))
        )

        n = len(self.codes)
        resting = colours or {}
        self._base_face = to_rgba_array([resting.get(c, palettes.LAND) for c in self.codes])
        self._face = self._base_face.copy()
        self._paths = (
            list(paths) if paths is not None else [geometry_path(g) for g in self.geometries]
        )

        ax.set_axis_off()
        ax.set_aspect("equal")
        # The sea under everything: copied in as the first layer, not drawn again.
        self.fixed_sea = FixedLayer(ax, zorder=0.0, bottom=True)
        if background is not None:
            self.fixed_sea.add(
                PathCollection(
                    [geometry_path(background)],
                    facecolors=[palettes.OCEAN],
                    edgecolors=[palettes.BORDER],
                    linewidths=[0.5],
                    zorder=0,
                )
            )
        # Fills change with every move; borders never do. Stroking 200 borders was most of a
        # redraw, so they live in a fixed layer (a cached picture) just above the fills.
        self.collection = PathCollection(
            self._paths, facecolors=self._face, edgecolors="none", linewidths=0.0, zorder=1
        )
        ax.add_collection(self.collection)
        self.fixed_borders = FixedLayer(ax, zorder=1.5)
        self.borders = PathCollection(
            self._paths,
            facecolors="none",
            edgecolors=[edge_colour] * n,
            linewidths=[edge_width] * n,
            zorder=1.5,
        )
        self.fixed_borders.add(self.borders)
        # Numbers and names written once for good (add_numbers); pasted as one picture too.
        self.fixed_labels = FixedLayer(ax, zorder=5.0)
        # Overlays: one artist each, their paths swapped in place when the game changes them.
        self._hatching = PathCollection(
            [],
            facecolors="none",
            edgecolors=palettes.BORDER,
            linewidths=0.0,
            hatch="/////",
            zorder=2,
        )
        self._outlines = PathCollection([], facecolors="none", zorder=3)
        ax.add_collection(self._hatching)
        ax.add_collection(self._outlines)
        self._dots: PathCollection | None = None
        self._dot_index = np.zeros(0, dtype=int)
        self._targets_xy = np.zeros((0, 2))
        self._targets_index = np.zeros(0, dtype=int)
        self.numbers: dict[str, Placement] = {}
        #: (halo, glyphs, placements, glyph paths, fontsize) of the numbers, for ``MapZoom``.
        self.number_layer: tuple[Any, Any, list[Placement], list[Path], float] | None = None
        #: The leader lines of numbers written outside their country (one per such number).
        self.leader_lines: LineCollection | None = None
        self.written_names: dict[str, Placement] = {}
        self._labels: list[Any] = []
        self.colorbar: Any = None
        self.legend: Any = None
        self._pick_ids: list[int] = []

        bounds = background.bounds if background is not None else self._full_bounds()
        self._home = bounds
        self._set_limits(bounds, margin=0.01)

    # -- codes --------------------------------------------------------------------------------

    def code_of(self, code_or_name: str) -> str:
        """The code for a code or name on this map (any case), or a clear error with a hint."""
        key = str(code_or_name).strip()
        if key.upper() in self._index:
            return key.upper()
        if key.casefold() in self._by_name:
            return self._by_name[key.casefold()]
        from rapidfuzz import process

        choices = {c: f"{c} {name}" for c, name in zip(self.codes, self.names, strict=True)}
        best = process.extractOne(key, choices)
        hint = f" Did you mean {self.name_of(best[2])} ({best[2]})?" if best else ""
        raise NotOnMapError(f"{code_or_name!r} is not on this map.{hint}")

    def name_of(self, code: str) -> str:
        """The name shown for a code."""
        return self.names[self._index[self.code_of(code)]]

    def _indices(self, codes: Iterable[str] | str) -> list[int]:
        if isinstance(codes, str):
            codes = [codes]
        return [self._index[self.code_of(c)] for c in codes]

    # -- incremental redraw --------------------------------------------------------------------

    def set_colours(self, colours: Mapping[str, Colour]) -> None:
        """Give some features new fill colours; the rest keep theirs."""
        for code, colour in colours.items():
            self._face[self._indices(code)[0]] = to_rgba(colour)
        self._push_faces()

    def highlight(self, codes: Iterable[str] | str, colour: Colour = palettes.HIGHLIGHT) -> None:
        """Fill these features with one colour (the country on a card, the states in a hand)."""
        rgba = to_rgba(colour)
        for i in self._indices(codes):
            self._face[i] = rgba
        self._push_faces()

    def outline(
        self, codes: Iterable[str] | str, colour: Colour = palettes.OUTLINE, width: float = 1.6
    ) -> None:
        """Draw thick borders round these features, on top of their neighbours."""
        idx = self._indices(codes)
        paths = list(self._outlines.get_paths()) + [self._paths[i] for i in idx]
        edges: list[ColorType] = (
            [_rgba(c) for c in to_rgba_array(self._outlines.get_edgecolor())]
            if len(self._outlines.get_paths())
            else []
        )
        widths = list(np.atleast_1d(self._outlines.get_linewidth())) if edges else []
        edges += [to_rgba(colour)] * len(idx)
        widths += [width] * len(idx)
        self._outlines.set_paths(paths)
        self._outlines.set_edgecolor(edges)
        self._outlines.set_linewidth(widths)
        self._redraw()

    def hatch(self, codes: Iterable[str] | str) -> None:
        """Hatch these features (how a choropleth marks "no data", readable in grey print)."""
        idx = self._indices(codes)
        self._hatching.set_paths([self._paths[i] for i in idx])
        self._redraw()

    def label(
        self,
        codes: Iterable[str] | str,
        text: str | Mapping[str, str] | None = None,
        *,
        colour: Colour = palettes.TEXT,
        size: float = 8.0,
        weight: str = "bold",
    ) -> None:
        """Write a text on features: their name by default, one text for all, or one per code."""
        dotted = set(self._dot_index.tolist())
        for i in self._indices(codes):
            code = self.codes[i]
            if text is None:
                words = self.names[i]
            elif isinstance(text, str):
                words = text
            else:
                words = str(text[code])
            # Beside a dotted country's dot, not over it, so the dot stays clickable and visible;
            # under the number of a numbered country, so both can be read.
            numbered = code in self.numbers
            offset = (0.0, size * 0.9) if i in dotted else (0.0, -size if numbered else 0.0)
            artist = self.ax.annotate(
                plot_text(words),
                xy=tuple(self.anchors[i]),
                xytext=offset,
                textcoords="offset points",
                ha="center",
                va="bottom" if i in dotted else ("top" if numbered else "center"),
                fontsize=size,
                fontweight=weight,
                color=colour,
                zorder=6,
                path_effects=[withStroke(linewidth=2.2, foreground="white")],
            )
            self._labels.append(artist)
        self._redraw()

    def clear(self) -> None:
        """Back to the resting map: colours, outlines, hatching, labels, legend and colour bar."""
        self._face[:] = self._base_face
        self._outlines.set_paths([])
        self._hatching.set_paths([])
        for artist in self._labels:
            artist.remove()
        self._labels.clear()
        self.remove_key()
        self._push_faces()

    def remove_key(self) -> None:
        """Take away a choropleth's colour bar or legend (without redrawing)."""
        if self.colorbar is not None:
            self.colorbar.ax.remove()
            self.colorbar = None
        if self.legend is not None:
            self.legend.remove()
            self.legend = None

    def colours(self) -> dict[str, tuple[float, float, float, float]]:
        """Each feature's current fill colour as RGBA (for tests and for the UI's own legend)."""
        return {c: _rgba(self._face[i]) for i, c in enumerate(self.codes)}

    def _push_faces(self) -> None:
        # matplotlib's stubs leave out the (n, 4) RGBA array that set_facecolor takes.
        self.collection.set_facecolor(self._face)  # type: ignore[arg-type]  # stub too narrow
        if self._dots is not None:
            self._dots.set_facecolor(self._face[self._dot_index])  # type: ignore[arg-type]  # same
        self._redraw()

    def _redraw(self) -> None:
        self.figure.canvas.draw_idle()

    # -- numbers, dots and leaders ------------------------------------------------------------

    def add_numbers(
        self,
        placements: Sequence[Placement],
        *,
        fontsize: float = 6.0,
        colour: Colour = palettes.TEXT,
        dot_size: float = 3.5,
        weight: str = "bold",
    ) -> None:
        """Draw the map's permanent labels (numbers, abbreviations); ``clear()`` keeps them.

        Labels placed outside their feature get a dot on the feature and a thin leader line;
        dots and outside labels become click targets, so Vatican or Tuvalu can be picked.
        """
        self.numbers.update({p.code: p for p in placements})
        dotted = [self._index[p.code] for p in placements if not p.inside]
        leaders = [[p.anchor, p.at] for p in placements if not p.inside]
        self.leader_lines = None
        if leaders:
            # Fixed lines like the borders, so they go into the borders' picture: under the
            # outlines and the dots, as they were before.
            self.leader_lines = LineCollection(
                leaders, colors=palettes.BORDER, linewidths=0.4, zorder=4
            )
            self.fixed_borders.add(self.leader_lines)
        if dotted:
            idx = np.array(dotted, dtype=int)
            self._dots = PathCollection(
                [Path.unit_circle()],
                sizes=[(dot_size / 2.0) ** 2],
                offsets=self.anchors[idx],
                offset_transform=self.ax.transData,
                transform=IdentityTransform(),
                facecolors=self._face[idx],
                edgecolors="none",
                linewidths=0.0,
                zorder=4.5,
            )
            self.ax.add_collection(self._dots)
            # The dots' rings never change: they go with the numbers into the fixed layer.
            self.fixed_labels.add(
                PathCollection(
                    [Path.unit_circle()],
                    sizes=[(dot_size / 2.0) ** 2],
                    offsets=self.anchors[idx],
                    offset_transform=self.ax.transData,
                    transform=IdentityTransform(),
                    facecolors="none",
                    edgecolors=palettes.TEXT,
                    linewidths=0.5,
                    zorder=4.5,
                )
            )
            self._dot_index = idx
            at = np.array([p.at for p in placements if not p.inside])
            self._targets_xy = np.concatenate([self.anchors[idx], at])
            self._targets_index = np.concatenate([idx, idx])
        halo, glyphs = add_text_layer(
            self.ax,
            placements,
            fontsize=fontsize,
            colour=colour,
            weight=weight,
            zorder=5,
            layer=self.fixed_labels,
        )
        self.number_layer = (halo, glyphs, list(placements), list(glyphs.get_paths()), fontsize)

    def area_of(self, code: str) -> float:
        """The feature's area in map units (bigger countries keep their label first)."""
        return float(self._areas[self._index[code]])

    # -- clicks -------------------------------------------------------------------------------

    def project(self, lon: float, lat: float) -> tuple[float, float]:
        """Map coordinates of a longitude/latitude (e.g. to mark a capital or test a click)."""
        if self.crs is None or str(self.crs).upper().endswith("4326"):
            return float(lon), float(lat)
        from pyproj import Transformer

        t = Transformer.from_crs("EPSG:4326", self.crs, always_xy=True)
        x, y = t.transform(lon, lat)
        return float(x), float(y)

    def feature_at(self, x: float, y: float, *, tolerance: float = PICK_TOLERANCE_PT) -> str | None:
        """The code of the feature under map point (x, y), or None for the sea.

        Dots and outside labels of tiny countries win within ``tolerance`` points, because their
        shapes are too small to hit; otherwise the smallest shape containing the point wins
        (an enclave before the country around it).
        """
        if x is None or y is None or not (np.isfinite(x) and np.isfinite(y)):
            return None
        self.ax.apply_aspect()
        hits = self._tree.query(shapely.Point(x, y), predicate="intersects")
        hits = [int(i) for i in hits if self.codes[int(i)] in self.pickable]
        under = self.codes[min(hits, key=lambda i: self._areas[i])] if hits else None
        if len(self._targets_xy):
            screen = self.ax.transData.transform(self._targets_xy)
            click = self.ax.transData.transform([(x, y)])[0]
            dist = np.hypot(*(screen - click).T) * 72.0 / self.figure.dpi
            for k in np.argsort(dist):
                if dist[k] > tolerance:
                    break
                code = self.codes[self._targets_index[k]]
                if code not in self.pickable:
                    continue
                # Over the sea any nearby dot counts; over another country (Vatican in Italy,
                # Belgium's dot near Paris) only a click right on the dot or number does.
                if under is None or code == under or dist[k] <= PRECISE_PT:
                    return code
        return under

    def on_pick(self, callback: Callable[[str], Any]) -> int:
        """Call ``callback(code)`` when a player clicks a feature; returns the connection id.

        Clicks on the sea, with a button other than the left one, or while the toolbar is
        panning or zooming are ignored.
        """

        def handler(event: MouseEvent) -> None:
            # A pick is inside the axes, so it has map coordinates.
            if not is_pick(event, self.ax) or event.xdata is None or event.ydata is None:
                return
            code = self.feature_at(event.xdata, event.ydata)
            if code is not None:
                callback(code)

        cid = self.figure.canvas.mpl_connect("button_press_event", handler)
        self._pick_ids.append(cid)
        return cid

    def stop_picking(self) -> None:
        """Disconnect every click callback (e.g. once the hurdle is answered)."""
        for cid in self._pick_ids:
            self.figure.canvas.mpl_disconnect(cid)
        self._pick_ids.clear()

    # -- view ---------------------------------------------------------------------------------

    def focus(
        self, codes: Iterable[str] | str, margin: float = 0.15, *, min_share: float = 0.0
    ) -> None:
        """Zoom to these features (a continent, the six countries of a round).

        ``min_share`` keeps at least that share of the whole map's width and height in view,
        so zooming to Vatican City still shows Italy around it.
        """
        idx = self._indices(codes)
        x0, y0, x1, y1 = shapely.total_bounds(self.geometries[idx])
        hx0, hy0, hx1, hy1 = self._home
        half_w = max(x1 - x0, min_share * (hx1 - hx0)) / 2.0
        half_h = max(y1 - y0, min_share * (hy1 - hy0)) / 2.0
        cx, cy = (x0 + x1) / 2.0, (y0 + y1) / 2.0
        self._set_limits((cx - half_w, cy - half_h, cx + half_w, cy + half_h), margin=margin)
        self._redraw()

    def reset_view(self) -> None:
        """Back to the whole map."""
        self._set_limits(self._home, margin=0.01)
        self._redraw()

    def _full_bounds(self) -> tuple[float, float, float, float]:
        return tuple(shapely.total_bounds(self.geometries))

    def _set_limits(self, bounds: Sequence[float], margin: float) -> None:
        x0, y0, x1, y1 = bounds
        dx, dy = (x1 - x0) or 1.0, (y1 - y0) or 1.0
        self.ax.set_xlim(x0 - margin * dx, x1 + margin * dx)
        if self.ax.yaxis_inverted():
            self.ax.set_ylim(y1 + margin * dy, y0 - margin * dy)
        else:
            self.ax.set_ylim(y0 - margin * dy, y1 + margin * dy)

    def units_per_point(self) -> float:
        """Map units per typographic point at the current size and zoom (for label layout)."""
        x0, x1 = self.ax.get_xlim()
        y0, y1 = self.ax.get_ylim()
        width_pt = self.ax.get_position().width * self.figure.get_figwidth() * 72.0
        height_pt = self.ax.get_position().height * self.figure.get_figheight() * 72.0
        # With equal aspect the tighter direction decides the scale.
        return max(abs(x1 - x0) / width_pt, abs(y1 - y0) / height_pt)

    def __repr__(self) -> str:
        return f"<MapView of {len(self.codes)} features>"
