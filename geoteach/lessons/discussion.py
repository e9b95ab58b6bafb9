"""A debrief question with its answer worked out from the kit's tables, and the charts it shows.

A ``Discussion`` is what a notebook cell returns after a game: the question to ask the class,
one or two sentences of answer written from the numbers, the table those numbers come from and
a small chart or map. The per-game modules compute them; nothing here decides an answer.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any

import pandas as pd
from matplotlib.figure import Figure

from geoteach.data.maps import USA, WORLD
from geoteach.escape import html_text, plot_text
from geoteach.render import palettes
from geoteach.render.mapview import MapView, new_figure, to_png

#: Size of a discussion chart or map on screen (inches at 100 dpi): small beside its table.
CHART_SIZE = (6.4, 3.4)
WORLD_SIZE = (7.6, 4.0)
US_SIZE = (7.0, 4.9)


@dataclass(frozen=True)
class Discussion:
    """A question for the debrief, its computed answer, the table behind it and a chart."""

    question: str
    answer: str
    tables: tuple[pd.DataFrame, ...]
    figure: Figure
    source: str

    @property
    def table(self) -> pd.DataFrame:
        """The main table (the first one)."""
        return self.tables[0]

    def png(self) -> bytes:
        """The chart as a PNG picture."""
        return to_png(self.figure)

    def _ipython_display_(self) -> None:
        from IPython.display import HTML, Image, display

        display(HTML(f"<h4>{html_text(self.question)}</h4><p><b>{html_text(self.answer)}</b></p>"))
        for table in self.tables:
            display(table)
        display(Image(self.png()))
        display(HTML(f"<p><small>Source: {html_text(self.source)}</small></p>"))

    def __repr__(self) -> str:
        return f"Discussion({self.question!r})"


def ordinal(n: int) -> str:
    """1st, 2nd, 3rd, 4th, 11th, 12th, 13th, 21st ..."""
    n = int(n)
    if 10 <= n % 100 <= 20:
        return f"{n}th"
    return f"{n}{({1: 'st', 2: 'nd', 3: 'rd'}).get(n % 10, 'th')}"


def names_list(names: Iterable[str]) -> str:
    """ "A", "A and B", "A, B and C"."""
    items = [str(n) for n in names]
    if len(items) <= 1:
        return "".join(items)
    return ", ".join(items[:-1]) + " and " + items[-1]


def tied(values: pd.Series, lowest: bool = False) -> list[Any]:
    """Every index holding the top value (or the lowest): a shared first place is said as a
    tie ("China and Nepal"), never as one country's (issue 36)."""
    known = values.dropna()
    if known.empty:
        return []
    end = known.min() if lowest else known.max()
    return list(known[known == end].index)


def number(value: float) -> str:
    """A value as people write it: 1,234,567 for big numbers, 3.5 for small ones."""
    value = float(value)
    if abs(value) >= 1000 or value == int(value):
        return f"{value:,.0f}"
    return f"{value:,.3g}" if abs(value) < 10 else f"{value:,.1f}"


def bar_chart(
    values: pd.Series,
    *,
    title: str,
    xlabel: str,
    highlight: Iterable[Any] = (),
    figsize: tuple[float, float] = CHART_SIZE,
) -> Figure:
    """Horizontal bars, the first value at the top, each with its number at the end."""
    fig = new_figure(figsize)
    ax = fig.add_axes((0.34, 0.16, 0.6, 0.72))
    marked = set(highlight)
    labels = [plot_text(k) for k in values.index]
    colours = [palettes.HIGHLIGHT if k in marked else "#0072B2" for k in values.index]
    positions = range(len(values))[::-1]
    ax.barh(list(positions), values.to_numpy(dtype=float), color=colours, edgecolor="#333333")
    ax.set_yticks(list(positions), labels, fontsize=8)
    for y, v in zip(positions, values.to_numpy(dtype=float), strict=True):
        ax.text(v, y, f" {number(v)}", va="center", fontsize=7)
    ax.set_xlabel(plot_text(xlabel), fontsize=8)
    ax.tick_params(axis="x", labelsize=7)
    ax.margins(x=0.18)
    ax.spines[["top", "right"]].set_visible(False)
    fig.suptitle(plot_text(title), fontsize=10, x=0.02, ha="left")
    return fig


def world_map(
    values: Mapping[str, Any] | pd.Series | None = None,
    *,
    title: str = "",
    cmap: str = palettes.SEQUENTIAL,
    vmin: float | None = None,
    vmax: float | None = None,
    highlight: Iterable[str] = (),
    labels: Mapping[str, str] | None = None,
    figsize: tuple[float, float] = WORLD_SIZE,
) -> MapView:
    """The world (no numbers), coloured by ``values`` or with ``highlight`` countries in orange.

    ``labels`` writes a short text (a number, a name) on countries, by iso3 code.
    """
    from geoteach.render.place_maps import colour_places, place_map

    view = place_map(WORLD, figsize=figsize)
    if values is not None:
        colour_places(view, WORLD, values, cmap, title=title, vmin=vmin, vmax=vmax)
    codes = list(highlight)
    if codes:
        view.highlight(codes)
        view.outline(codes)
    if labels:
        for code, text in labels.items():
            view.label(code, text, size=6.5)
    if title and values is None:
        view.ax.text(0.5, 0.985, plot_text(title), transform=view.ax.transAxes, fontsize=9,
                     ha="center", va="top", weight="bold")  # fmt: skip
    return view


def us_map(
    values: Mapping[str, Any] | pd.Series,
    *,
    title: str,
    cmap: str = palettes.SEQUENTIAL,
    vmin: float | None = None,
    vmax: float | None = None,
    figsize: tuple[float, float] = US_SIZE,
) -> MapView:
    """The 50 states with their abbreviations, coloured by ``values`` (USPS code -> value)."""
    from geoteach.render.place_maps import colour_places, place_map

    view = place_map(USA, figsize=figsize)
    colour_places(view, USA, values, cmap, title=title, vmin=vmin, vmax=vmax)
    return view
