"""The Globe Works map: 12 regions, the linking cards along the north edge, tokens and networks.

Drawn in plain longitude/latitude so a linking card at the north edge sits straight above its
city, as the rulebook asks. Regions have a colour, a hatch pattern and their two-letter code,
so no one needs to tell twelve colours apart. The function takes a player's view (from
``GlobeWorks.view``) and draws it; it decides no rules. ``hand_marks`` and ``cards_near`` serve
the clickable map: they ring the cities in a hand and find which of them a click is near.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache
from typing import Any

import numpy as np
import shapely
from matplotlib.figure import Figure
from matplotlib.patches import Rectangle

from geoteach.escape import plot_text
from geoteach.games.globe_works.cards import cards
from geoteach.games.globe_works.regions import land_pieces, regions
from geoteach.render import palettes
from geoteach.render.mapview import new_figure

#: Where the north edge (the strip of linking cards) is drawn, in degrees of latitude.
NORTH_EDGE = (88.0, 118.0)
#: A linking card at the north edge: its width and height, and its bottom above ``NORTH_EDGE[0]``.
CARD_SIZE = (17.0, 20.0)
CARD_BOTTOM = 2.0
#: How close (in screen pixels) a click must be to a city to pick it.
PICK_TOLERANCE_PX = 10.0
#: Line style of each icon's network lines, so icons differ without colour.
ICON_LINES = {
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
    from geoteach.data import world_map

    world = world_map(scale)
    pieces = land_pieces(dict(world.geometry.items()), scale)
    return {
        code: shapely.union_all([poly for r, poly in pieces if r == code]) for code in regions()
    }


@cache
def region_label_points() -> dict[str, tuple[float, float]]:
    """Where a region's code is written: inside its largest piece of land."""
    out = {}
    for code, shape in region_shapes().items():
        largest = max(_polygons(shape), key=lambda p: p.area)
        point = largest.representative_point()
        out[code] = (point.x, point.y)
    return out


@cache
def base_image() -> Any:
    """The 12 hatched regions drawn once as a picture (lon -180..180, lat -60..88)."""
    import numpy as np

    fig = new_figure((12.0, 4.93), dpi=100)
    ax = fig.add_axes((0, 0, 1, 1))
    ax.set_facecolor(palettes.OCEAN)
    for code, shape in region_shapes().items():
        region = regions()[code]
        for poly in _polygons(shape):
            xs, ys = poly.exterior.xy
            ax.fill(
                xs,
                ys,
                facecolor=region.colour,
                edgecolor="#555555",
                hatch=region.hatch,
                linewidth=0.3,
            )
    ax.set_xlim(-180, 180)
    ax.set_ylim(-60, 88)
    ax.axis("off")
    fig.canvas.draw()
    return np.asarray(fig.canvas.buffer_rgba()).copy()


def north_slots(north: Sequence[str], width: float = 19.0) -> list[float]:
    """Centre longitude of each linking card at the north edge: above its city, not overlapping."""
    lons = [cards()[c].lon for c in north]
    slots: list[float] = []
    for lon in lons:
        x = max(lon, slots[-1] + width) if slots else lon
        slots.append(x)
    # Cards pushed past the east edge slide back west, each only as far as the one east of it
    # needs: with all 18 linking cities open, sliding them all together pushed the westernmost
    # (Anchorage, Honolulu) off the map.
    east = 180 - width / 2
    for i in reversed(range(len(slots))):
        east = min(slots[i], east)
        slots[i] = east
        east -= width
    return slots


def _polygons(geom: Any) -> list[Any]:
    return list(getattr(geom, "geoms", [geom]))


def draw_table(
    view: dict[str, Any],
    seat_colours: Sequence[str],
    seat_names: Sequence[str] | None = None,
    fig: Figure | None = None,
) -> Figure:
    """Draw the map for ``view``: regions, north edge, tokens in seat colours, network lines."""
    fig = fig or new_figure((12.0, 7.2))
    fig.clear()
    ax = fig.add_axes((0.01, 0.01, 0.98, 0.98))
    ax.set_facecolor(palettes.OCEAN)
    deck = cards()
    ax.imshow(base_image(), extent=(-180, 180, -60, 88), interpolation="bilinear", zorder=1)
    for code, (x, y) in region_label_points().items():
        region = regions()[code]
        ax.text(
            x,
            y,
            code,
            ha="center",
            va="center",
            fontsize=10,
            fontweight="bold",
            color=region.text_colour,
            bbox={"boxstyle": "round,pad=0.2", "fc": region.colour, "ec": "black", "lw": 0.6},
        )
    # Linking cities on the map: white centres, bold once open at the north edge.
    for card in deck.values():
        if card.is_linking:
            is_open = card.card in view["north"]
            ax.plot(
                card.lon,
                card.lat,
                marker="o",
                markersize=7 if is_open else 4,
                markerfacecolor="white",
                markeredgecolor="black",
                markeredgewidth=1.4 if is_open else 0.6,
                zorder=4,
            )
    _draw_north_edge(ax, view["north"])
    _draw_networks(ax, view, seat_colours)
    _draw_tokens(ax, view, seat_colours)
    ax.set_xlim(-180, 180)
    ax.set_ylim(-60, NORTH_EDGE[1])
    ax.set_aspect("equal")
    ax.set_xticks([])
    ax.set_yticks([])
    if seat_names:
        handles = [
            ax.plot([], [], "o", color=c, markeredgecolor="black", label=plot_text(n))[0]
            for n, c in zip(seat_names, seat_colours, strict=False)
        ]
        ax.legend(handles=handles, loc="lower left", fontsize=8, title="Tokens")
    return fig


def _draw_north_edge(ax: Any, north: Sequence[str]) -> None:
    low, high = NORTH_EDGE
    ax.add_patch(Rectangle((-180, low), 360, high - low, facecolor="#f7f7f7", edgecolor="black"))
    ax.text(-178, high - 2, "North edge: open linking cities", fontsize=8, va="top")
    width, height = CARD_SIZE
    for card_id, x in zip(north, north_slots(north), strict=True):
        card = cards()[card_id]
        y = low + CARD_BOTTOM
        bands = len(card.links)
        for k, code in enumerate(card.links):
            region = regions()[code]
            ax.add_patch(
                Rectangle(
                    (x - width / 2 + k * width / bands, y),
                    width / bands,
                    height,
                    facecolor=region.colour,
                    hatch=region.hatch,
                    edgecolor="black",
                    lw=0.5,
                )
            )
        ax.add_patch(Rectangle((x - width / 2 + 2, y + 5), width - 4, 10, facecolor="white", lw=0))
        ax.text(x, y + 12.5, plot_text(card.city), ha="center", va="center", fontsize=6)
        ax.text(x, y + 7.5, "+".join(card.links), ha="center", va="center", fontsize=6)
        ax.plot([card.lon, x], [card.lat, y], color="black", lw=0.3, alpha=0.5)


def _draw_tokens(ax: Any, view: dict[str, Any], seat_colours: Sequence[str]) -> None:
    deck = cards()
    for seat, played in enumerate(view["played"]):
        for card_id in played:
            card = deck[card_id]
            dx = (seat - (len(view["played"]) - 1) / 2) * 1.6
            ax.plot(
                card.lon + dx,
                card.lat,
                marker="o",
                markersize=8,
                color=seat_colours[seat],
                markeredgecolor="black",
                zorder=6,
            )


def _draw_networks(ax: Any, view: dict[str, Any], seat_colours: Sequence[str]) -> None:
    """Lines between a player's cities of one icon that are in the same network."""
    deck = cards()
    links = [deck[c].links for c in view["north"]]
    for seat, by_icon in enumerate(view.get("networks", [])):
        for icon, groups in by_icon.items():
            for group in groups:
                for i, a in enumerate(group):
                    for b in group[i + 1 :]:
                        ra, rb = deck[a].region, deck[b].region
                        if any(ra in link and rb in link for link in links):
                            ax.plot(
                                [deck[a].lon, deck[b].lon],
                                [deck[a].lat, deck[b].lat],
                                color=seat_colours[seat],
                                linestyle=ICON_LINES[icon],
                                lw=2,
                                zorder=5,
                            )


def hand_targets(hand: Sequence[str], north: Sequence[str]) -> list[tuple[str, float, float]]:
    """Where each card in ``hand`` can be clicked, as (card, lon, lat) points on the map.

    Every card at its city. A linking card also at the north edge: on its card there when that
    city is already open, else right above its city, where it would be laid.
    """
    deck = cards()
    slots = dict(zip(north, north_slots(north), strict=True))
    middle = NORTH_EDGE[0] + CARD_BOTTOM + CARD_SIZE[1] / 2
    out = []
    for card_id in dict.fromkeys(hand):
        card = deck[card_id]
        out.append((card_id, card.lon, card.lat))
        if card.is_linking:
            out.append((card_id, slots.get(card_id, card.lon), middle))
    return out


def cards_near(
    ax: Any,
    targets: Sequence[tuple[str, float, float]],
    x: float,
    y: float,
    tolerance: float = PICK_TOLERANCE_PX,
) -> list[str]:
    """Cards of ``targets`` within ``tolerance`` pixels of the screen point (x, y), nearest first.

    Measured on the screen, not in degrees, so "near" means the same at any zoom.
    """
    if not targets or x is None or y is None:
        return []
    ax.apply_aspect()
    screen = ax.transData.transform([(lon, lat) for _, lon, lat in targets])
    dist = np.hypot(screen[:, 0] - x, screen[:, 1] - y)
    ratio = getattr(ax.figure.canvas, "device_pixel_ratio", 1.0) or 1.0
    out: list[str] = []
    for k in np.argsort(dist, kind="stable"):
        if dist[k] > tolerance * ratio:
            break
        if targets[k][0] not in out:
            out.append(targets[k][0])
    return out


def hand_marks(fig: Figure, hand: Sequence[str]) -> None:
    """Ring the cities of the cards in ``hand`` so a player sees where to click.

    One artist, found again by its ``gid`` and moved, so marking a new hand needs no new drawing
    of the map.
    """
    if not fig.axes:
        return
    ax = fig.axes[0]
    deck = cards()
    lons = [deck[c].lon for c in hand]
    lats = [deck[c].lat for c in hand]
    rings = next((line for line in ax.lines if line.get_gid() == "hand"), None)
    if rings is None:
        (rings,) = ax.plot(
            lons,
            lats,
            linestyle="none",
            marker="o",
            markersize=13,
            markerfacecolor="none",
            markeredgecolor="black",
            markeredgewidth=1.6,
            zorder=7,
            gid="hand",
        )
    else:
        rings.set_data(lons, lats)
