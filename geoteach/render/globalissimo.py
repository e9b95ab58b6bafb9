"""Globalissimo's pictures: the track, the reveal chart, the learn map, the card locators and the
numbered map at hurdle A.

Every function takes the engine's view (or a part of it: a round, a hurdle answer) and draws
it; nothing here decides a rule. The screen (``geoteach.ui.globalissimo``) shows the pictures.
Colours are Okabe–Ito, and each colour comes with a shape or a word, never alone.
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from typing import Any

import numpy as np
import shapely
from matplotlib.collections import PathCollection
from matplotlib.figure import Figure
from matplotlib.path import Path
from matplotlib.transforms import IdentityTransform, blended_transform_factory

from geoteach.escape import plot_text
from geoteach.games.table import Table
from geoteach.i18n import _, format_number
from geoteach.render import palettes
from geoteach.render.mapview import MapView, NotOnMapError, new_figure, to_png

#: Matplotlib markers matching the seat symbols ● ■ ▲ ◆ ★ ✚.
SEAT_MARKERS = ["o", "s", "^", "D", "*", "P"]
#: Hurdle looks: A (the world map) blue square, B (the capital) orange diamond.
HURDLE_LOOK = {"A": ("s", "#0072B2"), "B": ("D", "#E69F00")}
#: After hurdle A: the card's country in bluish green, a wrong pick in vermillion (Okabe–Ito).
ANSWER_COLOUR = "#009E73"
WRONG_PICK_COLOUR = "#D55E00"
#: A card's locator map: drawn at this size in inches and dpi, shown this many pixels wide.
LOCATOR_SIZE = (2.5, 1.28)
LOCATOR_DPI = 84.0
LOCATOR_WIDTH_PX = 210
#: Countries smaller than this (in points, both ways) on the locator get a ring round them.
LOCATOR_TINY_PT = 4.0
LOCATOR_RING_PT = 8.0
#: The numbered map on the board: 860 × 440 px, numbers 8 pt = 11 px; large: 1.35 times that.
MAP_SIZE = (8.6, 4.4)
MAP_SIZE_LARGE = (11.6, 5.9)
MAP_DPI = 100.0
NUMBER_PT = 8.0
#: The learn map beside the reveal chart.
LEARN_MAP_SIZE = (4.35, 2.6)


def value_text(value: float, unit: str = "") -> str:
    """A value as people read it in the page's language: 1,234,567 or 12.5 (1.234.567 or 12,5
    in German), with its unit."""
    if abs(value) >= 100 or float(value).is_integer():
        text = format_number(value, 0)
    elif abs(value) < 10:  # three significant digits, as "{:.3g}" was
        text = format_number(value, significant=3)
    else:
        text = format_number(value, 1)
    return f"{text} {unit}".strip()


def dated_value_text(value: float, unit: str = "", year: Any = None) -> str:
    """A value with its own year, "123,201,945 people (2024)": the values of one ranking may
    come from different years (issue 36), so each says its own. The year is never written as a
    number of the language ("2.024"); without a year, the value alone."""
    said = value_text(value, unit)
    if year is None:
        return said
    return _("{value} ({year})").format(value=said, year=int(year))


def track_figure(view: Mapping[str, Any], table: Table, width: float = 8.7) -> Figure:
    """The track: spaces 0..end, the hurdles (A squares, B diamonds; taken ones faded), runners.

    Drawn at the size it is shown (``width`` inches at 100 dpi), so its numbers are 11 px.
    """
    length = int(view["track_length"])
    fig = new_figure((width, 1.35), dpi=100)
    ax = fig.add_axes((0.005, 0.02, 0.99, 0.96))
    ax.set_axis_off()
    ax.set_xlim(-0.9, length + 0.7)
    ax.set_ylim(-1.1, 2.3)
    ax.scatter(range(length + 1), [0] * (length + 1), s=230, c="#dceefa", edgecolors="#0072B2")
    for space in range(length + 1):
        ax.text(
            space,
            0,
            _("Go") if space == 0 else str(space),
            ha="center",
            va="center",
            fontsize=8,
            fontweight="bold" if space == 0 else "normal",
        )
    for hurdle in view["track"]:
        marker, colour = HURDLE_LOOK[hurdle["kind"]]
        x = hurdle["space"] + 0.5
        taken = hurdle["taken_by"]
        edge = table.seats[taken].colour if taken is not None else "black"
        ax.scatter(
            [x],
            [-0.72],
            marker=marker,
            s=170,
            c=colour,
            edgecolors=edge,
            linewidths=2.0 if taken is not None else 0.8,
            alpha=0.25 if taken is not None else 1.0,
        )
        ax.text(
            x,
            -0.72,
            hurdle["kind"],
            ha="center",
            va="center",
            fontsize=8,
            color="white",
            fontweight="bold",
            alpha=0.4 if taken is not None else 1.0,
        )
    stacked: dict[int, int] = {}
    for seat, space in enumerate(view["positions"]):
        level = stacked.get(int(space), 0)
        stacked[int(space)] = level + 1
        ax.scatter(
            [space],
            [0.62 + 0.36 * level],
            marker=SEAT_MARKERS[seat % 6],
            s=110,
            c=table.seats[seat].colour,
            edgecolors="black",
            linewidths=0.6,
            zorder=5,
        )
    return fig


def reveal_figure(rnd: Mapping[str, Any], table: Table, width: float = 4.35) -> Figure:
    """A turned-over round (``view["round"]`` or ``view["last_round"]``): the true order as bars
    with their values written out (no axis to decode), and each player's number beside the
    country it was put on. Drawn at the size it is shown."""
    names, card = rnd["names"], rnd["category_card"]
    countries = sorted(rnd["countries"], key=lambda c: (rnd["places"][c], names[c]))
    values = [rnd["values"][c] for c in countries]
    years = rnd.get("years") or {}
    n = len(countries)
    fig = new_figure((width, 0.42 * n + 0.55), dpi=100)
    ax = fig.add_axes((0.58, 0.02, 0.17, 0.84))
    positive = [v for v in values if v > 0]
    log = len(positive) == n and max(positive) / min(positive) > 1000
    ys = list(range(n))[::-1]
    ax.barh(ys, values, color="#9ecae1", edgecolor="#3182bd", log=log, height=0.7)
    ax.set_xticks([])
    ax.minorticks_off()
    ax.tick_params(axis="y", length=0, labelsize=9)
    ax.set_yticks(ys, [plot_text(f"{rnd['places'][c]}. {names[c]}") for c in countries])
    for side in ("top", "right", "bottom"):
        ax.spines[side].set_visible(False)
    unit = _(str(card["unit"]))
    # The unit goes in the title, so each bar's number fits beside it with its own year below.
    title = f"{_(card['label'])} ({unit})" if unit else _(card["label"])
    ax.set_title(
        plot_text(title + (" · " + _("log scale") if log else "")),
        fontsize=9,
        loc="right",
    )
    for y, v, c in zip(ys, values, countries, strict=True):
        year = years.get(c)
        ax.text(
            1.03,
            y,
            plot_text(value_text(v) + ("" if year is None else f"\n({int(year)})")),
            transform=ax.get_yaxis_transform(),
            va="center",
            fontsize=8,
            linespacing=1.0,
        )
    chips = {g["country"]: g for g in rnd["guesses"]}
    left = blended_transform_factory(fig.transFigure, ax.transData)
    for y, c in zip(ys, countries, strict=True):
        guess = chips.get(c)
        if guess is None:
            continue
        seat = guess["player"]
        ax.scatter(
            [0.03],
            [y],
            marker=SEAT_MARKERS[seat % 6],
            s=70,
            c=table.seats[seat].colour,
            edgecolors="black",
            transform=left,
            clip_on=False,
        )
        ax.text(
            0.065,
            y,
            plot_text(f"{guess['rank']} → +{guess['points']}"),
            transform=left,
            va="center",
            fontsize=9,
            fontweight="bold",
        )
    return fig


def learn_colours(values: Mapping[str, float]) -> dict[str, tuple[float, float, float, float]]:
    """Colours of the learn map: the statistic's sequential palette, low to high (log when the
    values span more than a factor of 1000, so small countries do not all look the same)."""
    import matplotlib

    if not values:
        return {}
    cmap = matplotlib.colormaps[palettes.SEQUENTIAL]
    numbers = dict(values)
    positive = [v for v in numbers.values() if v > 0]
    if len(positive) == len(numbers) and max(positive) / min(positive) > 1000:
        numbers = {k: math.log10(v) for k, v in numbers.items()}
    low, high = min(numbers.values()), max(numbers.values())
    span = (high - low) or 1.0
    return {k: cmap(0.15 + 0.8 * (v - low) / span) for k, v in numbers.items()}


class LearnMap:
    """The world map beside the reveal chart, coloured by the round's values (drawn once, then
    only recoloured for each round)."""

    def __init__(self) -> None:
        from geoteach.render import world_map_view

        self.view: MapView = world_map_view(numbers=False, figsize=LEARN_MAP_SIZE, dpi=100)

    def png(self, rnd: Mapping[str, Any]) -> bytes:
        """The turned-over round ``rnd``: its countries coloured and named with their values."""
        world = self.view
        world.clear()
        shown = []
        for iso in rnd["countries"]:
            try:
                shown.append(world.code_of(iso))
            except (NotOnMapError, KeyError):
                continue
        world.set_colours(learn_colours({iso: rnd["values"][iso] for iso in shown}))
        world.label(
            shown,
            {
                iso: f"{rnd['names'][iso]}\n"
                + dated_value_text(rnd["values"][iso], "", (rnd.get("years") or {}).get(iso))
                for iso in shown
            },
            size=8,
        )
        if shown:
            world.focus(shown, margin=0.4)
        picture = to_png(world.figure)
        world.reset_view()
        return picture


class Locator:
    """One small world map for the country cards, recoloured for each card's country.

    The map is drawn once (``world_map_view`` keeps the sea and the borders as cached
    pictures); a card's picture only fills its country, outlines it and, for a country too
    small to see at this size (Vatican, Singapore, even Belgium), moves a ring onto it. Each
    country's PNG is kept, so the cards of later rounds cost nothing to draw.
    """

    def __init__(self) -> None:
        from geoteach.render import world_map_view

        self.view: MapView = world_map_view(numbers=False, figsize=LOCATOR_SIZE, dpi=LOCATOR_DPI)
        self.pictures: dict[str, bytes | None] = {}
        upp = self.view.units_per_point()
        x0, y0, x1, y1 = shapely.bounds(self.view.geometries).T
        small = np.maximum(x1 - x0, y1 - y0) / upp < LOCATOR_TINY_PT
        self.tiny = frozenset(np.asarray(self.view.codes)[small].tolist()) | _tiny_in_data()
        self.ring = PathCollection(
            [Path.unit_circle()],
            sizes=[(LOCATOR_RING_PT / 2.0) ** 2],
            offsets=np.zeros((1, 2)),
            offset_transform=self.view.ax.transData,
            transform=IdentityTransform(),
            facecolors="none",
            edgecolors=palettes.OUTLINE,
            linewidths=1.2,
            zorder=4,
        )
        self.ring.set_visible(False)
        self.view.ax.add_collection(self.ring, autolim=False)

    def png(self, iso3: str) -> bytes | None:
        """The map with ``iso3`` highlighted (None if the country is not on the world map)."""
        if iso3 not in self.pictures:
            self.pictures[iso3] = self._draw(iso3)
        return self.pictures[iso3]

    def _draw(self, iso3: str) -> bytes | None:
        view = self.view
        try:
            code = view.code_of(iso3)
        except NotOnMapError:
            return None
        view.clear()
        view.highlight(code)
        view.outline(code, width=0.6)
        if code in self.tiny:
            self.ring.set_offsets(view.anchors[[view.codes.index(code)]])
        self.ring.set_visible(code in self.tiny)
        picture = to_png(view.figure)
        view.clear()
        self.ring.set_visible(False)
        return picture


def _tiny_in_data() -> frozenset[str]:
    """The countries the world data marks as needing a marker to be seen."""
    from geoteach.render.world import projected_world

    world = projected_world()
    return frozenset(
        code for code, tiny in zip(world.codes, world.column("tiny"), strict=True) if tiny
    )


def numbered_map(large: bool = False, interactive: bool = False) -> MapView:
    """The numbered wall map of hurdle A, sized for the board (numbers ≥ 11 px)."""
    from geoteach.render import world_map_view

    return world_map_view(
        figsize=MAP_SIZE_LARGE if large else MAP_SIZE,
        dpi=MAP_DPI,
        fontsize=NUMBER_PT,
        interactive=interactive,
    )


def resize_numbered_map(numbered: MapView, large: bool) -> None:
    """Large-text mode enlarges the numbered map too (its numbers stay readable)."""
    numbered.figure.set_size_inches(*(MAP_SIZE_LARGE if large else MAP_SIZE))


def mark_click(numbered: MapView, iso3: str) -> None:
    """The country just clicked, highlighted at once (before the verdict is worked out)."""
    numbered.clear()
    numbered.highlight(numbered.code_of(iso3), palettes.HIGHLIGHT)


def mark_answer(numbered: MapView, attempt: Mapping[str, Any]) -> list[str]:
    """After a hurdle (``view["last_hurdle"]``): the card's country in green with its number and
    name, a wrong pick at hurdle A in orange with its own. Returns the codes to zoom onto."""
    card = attempt["country"]
    numbered.clear()
    shown = [numbered.code_of(card)]
    numbered.highlight(shown[0], ANSWER_COLOUR)
    picked = attempt.get("picked") if attempt["kind"] == "A" else None
    if picked is not None and picked != card:
        try:
            shown.append(numbered.code_of(picked))
        except NotOnMapError:
            picked = None
    if picked is not None and picked != card:
        numbered.highlight(shown[1], WRONG_PICK_COLOUR)
        numbered.label(shown[1], f"{attempt['picked_number']}: {attempt['picked_name']}", size=10)
    numbered.outline(shown)
    numbered.label(shown[0], f"{attempt['number']}: {attempt['name']}", size=11)
    return shown


__all__ = [
    "ANSWER_COLOUR",
    "HURDLE_LOOK",
    "LOCATOR_WIDTH_PX",
    "SEAT_MARKERS",
    "WRONG_PICK_COLOUR",
    "LearnMap",
    "Locator",
    "learn_colours",
    "mark_answer",
    "mark_click",
    "numbered_map",
    "resize_numbered_map",
    "reveal_figure",
    "track_figure",
    "value_text",
]
