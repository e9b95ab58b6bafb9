"""The Globe Works map: 12 regions, the linking cards along the north edge, tokens and networks.

Drawn in plain longitude/latitude so a linking card at the north edge sits straight above its
city, as the rulebook asks. Regions have a colour, a hatch pattern and their two-letter code,
so no one needs to tell twelve colours apart; tokens have their seat's colour *and* shape.

``GlobeMap`` holds one figure and draws a player's view of it (from ``GlobeWorks.view``): the
table (north edge, tokens, network lines) only when it changed, and the hand's layer (a ring
round each city of the hand, its name, the picked card) on every pick, so a click shows at once.
City names are written at 11 px or more and never overlap: a name that does not fit beside its
city moves out on a leader line, and one that still collides is left out (the hand strip under
the map names every card anyway). The map decides no rules: which cards are playable is handed
to it by the screen, which asks the engine.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from functools import cache
from typing import Any

import numpy as np
import shapely
from matplotlib.collections import LineCollection
from matplotlib.figure import Figure
from matplotlib.lines import Line2D
from matplotlib.patches import PathPatch, Rectangle
from matplotlib.patheffects import withStroke
from matplotlib.text import Text
from matplotlib.typing import LineStyleType

from geoteach.escape import plot_text
from geoteach.games.globe_works.cards import cards
from geoteach.games.globe_works.regions import land_pieces, regions
from geoteach.render import palettes
from geoteach.render.globe_works_names import city_name
from geoteach.render.labels import Placement, place_labels, text_box
from geoteach.render.layers import FixedLayer
from geoteach.render.mapview import add_text_layer, geometry_path, new_figure
from geoteach.render.zoom import readable_subset

#: The land drawn, in degrees: every city of the deck and nearly all land (not the poles).
WEST, EAST = -180.0, 180.0
SOUTH, LAND_TOP = -57.0, 84.0
#: The north edge above the land: two rows of linking cards, each card this wide and high.
CARD_WIDTH = 32.0
ROW_HEIGHT = 13.0
NORTH_ROWS = 2
NORTH_TOP = LAND_TOP + NORTH_ROWS * ROW_HEIGHT + 1.0
#: The figure: this many inches wide at 100 dpi (860 px beside the side column at 1366×768;
#: 1160 px in large-text mode), its height following the map's proportions.
WIDTH_IN = {False: 8.6, True: 11.6}
DPI = 100.0
#: Letter sizes at the normal width, in points: 8 pt at 100 dpi is 11.1 px on screen.
CITY_PT = 8.0
CODE_PT = 9.0
#: How close (in screen pixels) a click must be to a city's ring to pick it.
PICK_TOLERANCE_PX = 10.0
#: One marker per seat, matching the seat symbols ● ■ ▲ ◆ ★ ✚ of the leaderboard.
TOKEN_MARKERS = ("o", "s", "^", "D", "*", "P")
#: Rings round the hand's cities: playable (bluish green, thick), not now (grey), picked
#: (vermillion, larger). Colour is never alone: playable names carry a ✔, the picked one is bold.
RING_PLAYABLE = "#009E73"
RING_WAITING = "#555555"
RING_PICKED = "#D55E00"
#: Line style of each icon's network lines, so icons differ without colour.
ICON_LINES: dict[str, LineStyleType] = {
    "coins": "-",
    "airplane": "--",
    "freighter": ":",
    "satellite": "-.",
    "power": (0, (5, 1, 1, 1, 1, 1)),
}


@cache
def region_shapes(scale: str = "110m") -> dict[str, Any]:
    """Each region as one (multi)polygon: all its land on the world map of ``scale``.

    Every piece of land belongs to one region (see ``regions.land_pieces``): Greenland is
    drawn in Northern America and French Guiana in South America, not left blank or in Europe.
    """
    from geoteach.data.world import world_shapes

    pieces = land_pieces(world_shapes(scale), scale)
    return {
        code: shapely.union_all([poly for r, poly in pieces if r == code]) for code in regions()
    }


@cache
def region_label_points() -> dict[str, tuple[float, float]]:
    """Where a region's code is written: inside its largest piece of land on the map."""
    out = {}
    frame = shapely.box(WEST, SOUTH, EAST, LAND_TOP)
    for code, shape in region_shapes().items():
        largest = max(_polygons(shape.intersection(frame)), key=lambda p: p.area)
        point = largest.representative_point()
        out[code] = (point.x, point.y)
    return out


def _polygons(geom: Any) -> list[Any]:
    return [g for g in getattr(geom, "geoms", [geom]) if not g.is_empty]


def north_slots(north: Sequence[str], width: float = CARD_WIDTH) -> list[float]:
    """Centre longitude of each linking card of one row (west to east): above its city, not
    overlapping the card before it."""
    lons = [cards()[c].lon for c in north]
    slots: list[float] = []
    for lon in lons:
        x = max(lon, slots[-1] + width) if slots else lon
        slots.append(x)
    # Cards pushed past the east edge slide back west, each only as far as the one east of it
    # needs: with all 18 linking cities open, sliding them all together pushed the westernmost
    # (Anchorage, Honolulu) off the map.
    east = EAST - width / 2
    for i in reversed(range(len(slots))):
        east = min(slots[i], east)
        slots[i] = east
        east -= width
    return slots


def north_layout(north: Sequence[str]) -> list[tuple[float, int]]:
    """Where each linking card lies at the north edge: (centre longitude, row), west to east.

    Each card goes in the row where it lands nearest above its city without overlapping the
    card before it (row 0 is next to the land); each row is then laid out by ``north_slots``.
    """
    deck = cards()
    rights = [WEST - CARD_WIDTH] * NORTH_ROWS  # centre of the last card put in each row
    rows: list[list[str]] = [[] for _ in range(NORTH_ROWS)]
    for card_id in north:
        lon = deck[card_id].lon
        spots = [max(lon, right + CARD_WIDTH) for right in rights]
        row = min(range(NORTH_ROWS), key=lambda r: (spots[r] - lon, r))
        rights[row] = spots[row]
        rows[row].append(card_id)
    placed = {
        card_id: (x, row)
        for row, members in enumerate(rows)
        for card_id, x in zip(members, north_slots(members), strict=True)
    }
    return [placed[c] for c in north]


def _edge_of(box: Any, anchor: Sequence[float]) -> tuple[float, float]:
    """The point of a label's box nearest its city, where its leader line ends."""
    x0, y0, x1, y1 = box.bounds
    return (min(max(anchor[0], x0), x1), min(max(anchor[1], y0), y1))


def spread(points: Sequence[tuple[float, float]], gap: float) -> list[tuple[float, float]]:
    """Move points (tokens) apart so no two are closer than ``gap``: each one that would touch
    an earlier one goes to the first free spot on a ring round its place."""
    placed: list[tuple[float, float]] = []
    angles = np.radians([0, 180, 60, 240, 120, 300, 30, 210, 150, 330, 90, 270])
    for x, y in points:
        spot = (x, y)
        for radius in (gap, 2 * gap):
            if all(np.hypot(spot[0] - px, spot[1] - py) >= gap * 0.99 for px, py in placed):
                break
            for angle in angles:
                spot = (x + radius * np.cos(angle), y + radius * np.sin(angle))
                if all(np.hypot(spot[0] - px, spot[1] - py) >= gap * 0.99 for px, py in placed):
                    break
            else:
                continue
            break
        placed.append(spot)
    return placed


def draw_table(
    view: Mapping[str, Any], seat_colours: Sequence[str], fig: Figure | None = None
) -> Figure:
    """The whole map of ``view`` drawn at once, into ``fig`` (a handout's page) or a new
    figure: for pictures and print, where nothing is clicked or drawn again."""
    board = GlobeMap(figure=fig)
    board.draw_table(view, seat_colours)
    return board.figure


class GlobeMap:
    """The Globe Works map of one screen: one figure, redrawn in two layers.

    ``draw_table(view, ...)`` draws what every player sees (north edge, tokens, network lines);
    ``mark_hand(...)`` draws the hand's rings and names over it; ``cards_at(x, y)`` turns a
    click (canvas pixels) back into the cards of the hand there. ``interactive=True`` puts the
    figure on the current pyplot backend (the ipympl canvas in a notebook or Voilà).
    """

    def __init__(
        self, large: bool = False, interactive: bool = False, figure: Figure | None = None
    ) -> None:
        self.large = large
        width = WIDTH_IN[large]
        if figure is None:
            figure = new_figure((width, width * self.aspect()), dpi=DPI, interactive=interactive)
        else:
            figure.clear()  # a page of its own (a handout): the map is its only axes
        self.figure: Figure = figure
        self.ax = self.figure.add_axes((0, 0, 1, 1))
        self.ax.set_xlim(WEST, EAST)
        self.ax.set_ylim(SOUTH, NORTH_TOP)
        self.ax.set_aspect("equal")
        self.ax.set_axis_off()
        # The land, the region codes and the north edge's strip never change: drawn once and
        # pasted as a picture (the regions' hatching is most of a whole drawing).
        self.land = FixedLayer(self.ax, zorder=1.0, bottom=True)
        self.land.add(
            Rectangle((WEST, SOUTH), EAST - WEST, LAND_TOP - SOUTH, facecolor=palettes.OCEAN, lw=0)
        )
        for code, shape in region_shapes().items():
            region = regions()[code]
            self.land.add(
                PathPatch(
                    geometry_path(shape),
                    facecolor=region.colour,
                    edgecolor="#444444",
                    hatch=region.hatch,
                    linewidth=0.4,
                )
            )
        self.land.add(
            Rectangle(
                (WEST, LAND_TOP),
                EAST - WEST,
                NORTH_TOP - LAND_TOP,
                facecolor="#f4f4f4",
                edgecolor="#333333",
                lw=0.8,
            )
        )
        self.code_texts = [
            self.land.add(
                Text(
                    x,
                    y,
                    code,
                    ha="center",
                    va="center",
                    fontweight="bold",
                    color=palettes.text_on(regions()[code].colour),
                    bbox={
                        "boxstyle": "round,pad=0.2",
                        "fc": regions()[code].colour,
                        "ec": "black",
                        "lw": 0.6,
                    },
                )
            )
            for code, (x, y) in region_label_points().items()
        ]
        # What is on the table changes once a move: a picture of its own, drawn again then.
        self.table = FixedLayer(self.ax, zorder=4.0)
        # The hand's rings and the cities' names: drawn again when the hand changes.
        self.names = FixedLayer(self.ax, zorder=9.0)
        #: The picked card, drawn live over the rest (a click changes only this).
        self.picked: str | None = None
        self.picked_artists: list[Any] = []
        self.placements: dict[str, Any] = {}
        deck = cards()
        self.linking = [c for c in deck.values() if c.is_linking]
        #: The hand's cities and names now: card -> (lon, lat); card -> label box (map units).
        self.rings: dict[str, tuple[float, float]] = {}
        self.label_boxes: dict[str, Any] = {}
        self._table_key: str | None = None
        self._hand_key: tuple[Any, ...] | None = None
        self._taken: list[Any] = []
        self._token_boxes: list[Any] = []
        self._resize_text()

    # ----- size -----------------------------------------------------------------------
    @staticmethod
    def aspect() -> float:
        return (NORTH_TOP - SOUTH) / (EAST - WEST)

    @property
    def scale(self) -> float:
        """Letters grow with the map (large-text mode), so they keep their share of it."""
        return WIDTH_IN[self.large] / WIDTH_IN[False]

    def units_per_point(self) -> float:
        """Degrees of longitude per typographic point at the figure's size."""
        return (EAST - WEST) / (self.figure.get_figwidth() * 72.0)

    def set_large(self, large: bool) -> None:
        """Large-text mode: a bigger map with bigger letters; everything is laid out again."""
        self.large = large
        width = WIDTH_IN[large]
        self.figure.set_size_inches(width, width * self.aspect())
        self._resize_text()
        self._table_key = None
        self._hand_key = None

    def _resize_text(self) -> None:
        for text in self.code_texts:
            text.set_fontsize(CODE_PT * self.scale)
        upp = self.units_per_point()
        self._taken = [
            text_box(t.get_position(), t.get_text(), CODE_PT * self.scale + 3, upp)
            for t in self.code_texts
        ]

    # ----- the table ------------------------------------------------------------------
    def draw_table(self, view: Mapping[str, Any], seat_colours: Sequence[str]) -> bool:
        """North edge, linking cities, tokens and network lines for ``view``; True if it
        changed (nothing is drawn again when the cards on the table are the same)."""
        key = repr((view["north"], view["played"], view.get("networks"), self.large))
        if key == self._table_key:
            return False
        self._table_key = key
        self._hand_key = None  # the names of the hand avoid the tokens: place them again
        self.table.artists = []
        self.table.invalidate()
        north = list(view["north"])
        for opened, size, width in ((False, 4, 0.6), (True, 7, 1.6)):
            dots = [c for c in self.linking if (c.card in north) == opened]
            self.table.add(
                Line2D(
                    [c.lon for c in dots],
                    [c.lat for c in dots],
                    linestyle="none",
                    marker="o",
                    markerfacecolor="white",
                    markeredgecolor="black",
                    markersize=size * self.scale,
                    markeredgewidth=width,
                    zorder=4.1,
                )
            )
        self._draw_north_edge(north)
        self._draw_networks(view, seat_colours)
        self._draw_tokens(view, seat_colours)
        return True

    def _draw_north_edge(self, north: Sequence[str]) -> None:
        deck = cards()
        add = self.table.add
        size = CITY_PT * self.scale
        half = CARD_WIDTH / 2 - 0.6
        band_h = ROW_HEIGHT * 0.45
        name_h = ROW_HEIGHT * 0.5
        leaders = []
        names: list[Placement] = []
        codes: dict[str, list[Placement]] = {"#000000": [], "#ffffff": []}
        for card_id, (x, row) in zip(north, north_layout(north), strict=True):
            card = deck[card_id]
            bottom = LAND_TOP + 0.5 + row * ROW_HEIGHT
            bands = len(card.links)
            for k, code in enumerate(card.links):
                region = regions()[code]
                left = x - half + k * 2 * half / bands
                add(
                    Rectangle(
                        (left, bottom),
                        2 * half / bands,
                        band_h,
                        facecolor=region.colour,
                        edgecolor="black",
                        lw=0.5,
                        zorder=5,
                    )
                )
                at = (left + half / bands, bottom + band_h / 2)
                codes[palettes.text_on(region.colour)].append(Placement(code, code, at, at, True))
            add(
                Rectangle(
                    (x - half, bottom + band_h),
                    2 * half,
                    name_h,
                    facecolor="white",
                    edgecolor="black",
                    lw=0.5,
                    zorder=5,
                )
            )
            at = (x, bottom + band_h + name_h / 2)
            names.append(Placement(card_id, plot_text(city_name(card_id)), at, at, True))
            leaders.append([(card.lon, card.lat), (x, LAND_TOP)])
        if leaders:
            add(LineCollection(leaders, colors="#333333", linewidths=0.6, alpha=0.6, zorder=4))
        # Many small texts: drawn as glyph outlines in a few artists, not one Text each.
        add_text_layer(self.ax, names, fontsize=size, weight="normal", zorder=6, layer=self.table)
        for colour, placed in codes.items():
            halo, _glyphs = add_text_layer(
                self.ax, placed, fontsize=size, colour=colour, zorder=6, layer=self.table
            )
            halo.set_visible(False)  # codes sit on their region's flat colour: no halo needed

    def _draw_tokens(self, view: Mapping[str, Any], seat_colours: Sequence[str]) -> None:
        """Each player's tokens, in the seat's colour and shape; tokens that would touch are
        moved apart on a short line from their city."""
        deck = cards()
        order = [(seat, c) for seat, played in enumerate(view["played"]) for c in played]
        gap = 7.5 * self.scale * self.units_per_point()  # a token is 7.5 pt (10 px) across
        spots = spread([(deck[c].lon, deck[c].lat) for _seat, c in order], gap)
        moved = []
        for (seat, card_id), (x, y) in zip(order, spots, strict=True):
            card = deck[card_id]
            if (x, y) != (card.lon, card.lat):
                moved.append([(card.lon, card.lat), (x, y)])
            self.table.add(
                Line2D(
                    [x],
                    [y],
                    marker=TOKEN_MARKERS[seat % len(TOKEN_MARKERS)],
                    markersize=7.5 * self.scale,
                    color=seat_colours[seat],
                    markeredgecolor="black",
                    markeredgewidth=0.8,
                    linestyle="none",
                    zorder=8,
                )
            )
        if moved:
            self.table.add(LineCollection(moved, colors="black", linewidths=0.6, zorder=7))
        self._token_boxes = [
            shapely.box(x - gap / 2, y - gap / 2, x + gap / 2, y + gap / 2) for x, y in spots
        ]

    def _draw_networks(self, view: Mapping[str, Any], seat_colours: Sequence[str]) -> None:
        """Lines between a player's cities of one icon whose regions one open card joins."""
        deck = cards()
        links = [deck[c].links for c in view["north"]]
        for seat, by_icon in enumerate(view.get("networks", [])):
            for icon, groups in by_icon.items():
                for group in groups:
                    for i, a in enumerate(group):
                        for b in group[i + 1 :]:
                            ra, rb = deck[a].region, deck[b].region
                            if ra != rb and any(ra in link and rb in link for link in links):
                                self.table.add(
                                    Line2D(
                                        [deck[a].lon, deck[b].lon],
                                        [deck[a].lat, deck[b].lat],
                                        color=seat_colours[seat],
                                        linestyle=ICON_LINES[icon],
                                        lw=2.2,
                                        zorder=7,
                                    )
                                )

    # ----- the hand -------------------------------------------------------------------
    def mark_hand(
        self, hand: Sequence[str], playable: Sequence[str] = (), named: Sequence[str] = ()
    ) -> bool:
        """Ring the cities of ``hand`` (playable ones thick and green, the others thin and
        grey) and write their names, playable ones with a ✔; ``named`` are more cities to
        name where there is room (the tokens' cities). True if anything changed."""
        key = (tuple(hand), tuple(playable), tuple(named), self._table_key)
        if key == self._hand_key:
            return False
        self._hand_key = key
        self.names.artists = []
        self.names.invalidate()
        deck = cards()
        held = list(dict.fromkeys(hand))
        self.rings = {c: (deck[c].lon, deck[c].lat) for c in held}
        ok = set(playable)
        for members, colour, size, width in (
            ([c for c in held if c in ok], RING_PLAYABLE, 13, 2.4),
            ([c for c in held if c not in ok], RING_WAITING, 12, 1.2),
        ):
            if members:
                self.names.add(self._rings([deck[c] for c in members], colour, size, width))
        order = [c for c in held if c in ok]
        order += [c for c in held if c not in ok]
        order += [c for c in dict.fromkeys(named) if c not in order]
        self._write_names(order, {c: ("✔ " if c in ok else "") + city_name(c) for c in order})
        self.pick(self.picked if self.picked in self.rings else None, force=True)
        return True

    def _rings(self, members: Sequence[Any], colour: str, size: float, width: float) -> Line2D:
        return Line2D(
            [c.lon for c in members],
            [c.lat for c in members],
            linestyle="none",
            marker="o",
            markersize=size * self.scale,
            markerfacecolor="none",
            markeredgecolor=colour,
            markeredgewidth=width * self.scale,
            zorder=9,
            gid="hand",
        )

    def _write_names(self, order: Sequence[str], texts: Mapping[str, str]) -> None:
        """Names beside their cities, most important first (the hand's playable cards, the
        rest of the hand, then tokens); a name with no free spot is left out."""
        deck = cards()
        size = CITY_PT * self.scale
        upp = self.units_per_point()
        anchors = np.array([(deck[c].lon, deck[c].lat) for c in order], dtype=float)
        frame = shapely.box(WEST + 0.5, SOUTH + 0.5, EAST - 0.5, LAND_TOP - 0.5)
        taken = [*self._taken, *self._token_boxes]
        placements = place_labels(
            list(order),
            [texts[c] for c in order],
            [shapely.Point(p) for p in anchors],
            anchors,
            fontsize=size,
            units_per_point=upp,
            taken=taken,
            frame=frame,
            dot_points=6.0 * self.scale,
        )
        self.placements = {p.code: p for p in placements}
        priority = [float(len(order) - i) for i in range(len(order))]
        kept = readable_subset(placements, size, upp, priority=priority)
        self.label_boxes = {}
        leaders = []
        written = []
        for i in kept:
            p = placements[i]
            box = text_box(p.at, p.text, size, upp)
            if taken and shapely.intersects(box, taken).any():
                continue  # no free spot: the name is left out rather than hide another
            self.label_boxes[p.code] = box
            written.append(Placement(p.code, plot_text(p.text), p.anchor, p.at, p.inside))
            leaders.append([p.anchor, _edge_of(box, p.anchor)])
        if leaders:
            self.names.add(LineCollection(leaders, colors="#222222", linewidths=0.8, zorder=9))
        add_text_layer(
            self.ax, written, fontsize=size, weight="normal", zorder=10, layer=self.names
        )

    @staticmethod
    def _name(at: Sequence[float], text: str, size: float, bold: bool) -> Text:
        return Text(
            at[0],
            at[1],
            plot_text(text),
            ha="center",
            va="center",
            fontsize=size,
            fontweight="bold" if bold else "normal",
            color=RING_PICKED if bold else "black",
            path_effects=[withStroke(linewidth=3, foreground="white")],
            zorder=10,
        )

    def pick(self, card: str | None, force: bool = False) -> bool:
        """Show ``card`` of the hand as picked: a vermillion ring and its name in bold. Only
        these two are drawn again, so a click shows at once. True if anything changed."""
        if card == self.picked and not force:
            return False
        self.picked = card
        for artist in self.picked_artists:
            artist.remove()
        self.picked_artists = []
        if card is None or card not in self.rings:
            return True
        deck = cards()
        ring = self._rings([deck[card]], RING_PICKED, 17, 3.2)
        ring.set_gid("picked")
        self.picked_artists.append(self.ax.add_line(ring))
        placement = self.placements.get(card)
        if placement is not None:
            size = CITY_PT * self.scale
            name = self._name(placement.at, placement.text, size, bold=True)
            name.set_bbox(
                {"boxstyle": "round,pad=0.15", "fc": "white", "ec": RING_PICKED, "lw": 1.0}
            )
            self.picked_artists.append(self.ax.add_artist(name))
            box = text_box(placement.at, placement.text, size, self.units_per_point())
            shown = card in self.label_boxes
            self.label_boxes[card] = box
            if not shown:
                line = LineCollection(
                    [[placement.anchor, _edge_of(box, placement.anchor)]],
                    colors=RING_PICKED,
                    linewidths=1.2,
                    zorder=9.5,
                )
                self.picked_artists.append(self.ax.add_collection(line))
        return True

    # ----- clicks ---------------------------------------------------------------------
    def cards_at(self, x: float | None, y: float | None) -> list[str]:
        """The hand's cards at the canvas point (x, y) in pixels: a name clicked, or the rings
        within ``PICK_TOLERANCE_PX``, nearest first."""
        if x is None or y is None or not self.rings:
            return []
        ax = self.ax
        ax.apply_aspect()
        lon, lat = ax.transData.inverted().transform((x, y))
        point = shapely.Point(lon, lat)
        out = [c for c, box in self.label_boxes.items() if c in self.rings and box.contains(point)]
        held = list(self.rings)
        screen = ax.transData.transform([self.rings[c] for c in held])
        dist = np.hypot(screen[:, 0] - x, screen[:, 1] - y)
        ratio = getattr(self.figure.canvas, "device_pixel_ratio", 1.0) or 1.0
        for k in np.argsort(dist, kind="stable"):
            if dist[k] > PICK_TOLERANCE_PX * ratio:
                break
            if held[k] not in out:
                out.append(held[k])
        return out

    def targets(self) -> dict[str, tuple[float, float]]:
        """Where each card of the hand can be clicked (map units): its ring."""
        return dict(self.rings)

    def close(self) -> None:
        """Free the figure of a live canvas (pyplot keeps it otherwise)."""
        import matplotlib.pyplot as plt

        plt.close(self.figure)
