"""Pages to print: A4 or Letter, a footer, ruled tables and playing-card-sized slots.

Sizes are chosen for paper, not the screen: body text 10 pt, nothing under 7 pt, cards the
size of a playing card (63 × 88 mm, nine to a page on A4 and on Letter). Text a person typed
(names, deck questions) goes through ``geoteach.escape.plot_text`` before it is drawn.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from matplotlib.backends.backend_pdf import PdfPages
from matplotlib.figure import Figure
from matplotlib.patches import Rectangle

from geoteach.escape import plot_text
from geoteach.i18n import _
from geoteach.render.mapview import new_figure

MM = 1 / 25.4
#: Font sizes on paper (points).
TITLE_PT = 14.0
BODY_PT = 10.0
SMALL_PT = 8.0
TINY_PT = 7.0
#: A playing card, in millimetres.
CARD_MM = (63.0, 88.0)


@dataclass(frozen=True)
class Paper:
    """A sheet of paper in portrait, in inches."""

    name: str
    width: float
    height: float

    @classmethod
    def named(cls, name: str) -> Paper:
        """``"A4"`` or ``"Letter"`` (any case)."""
        key = str(name).strip().casefold()
        for paper in PAPERS:
            if paper.name.casefold() == key:
                return paper
        raise ValueError(_("Print on A4 or Letter paper, not {paper}.").format(paper=repr(name)))

    def size(self, landscape: bool = False) -> tuple[float, float]:
        return (self.height, self.width) if landscape else (self.width, self.height)


PAPERS = (Paper("A4", 210 * MM, 297 * MM), Paper("Letter", 8.5, 11.0))


def page(paper: Paper, landscape: bool = False) -> Figure:
    """An empty page of ``paper``."""
    return new_figure(paper.size(landscape))


def footer(fig: Figure, title: str) -> None:
    """The handout's name and where it comes from, at the foot of the page."""
    fig.text(0.03, 0.015, plot_text(title), fontsize=TINY_PT, color="#555555")
    fig.text(
        0.97,
        0.015,
        plot_text(_("geoteach: facts from the sources in data/SOURCES.md")),
        fontsize=TINY_PT,
        color="#555555",
        ha="right",
    )


@contextmanager
def pdf_pages(path: str | Path, title: str) -> Iterator[PdfPages]:
    """A PDF file whose pages are ``savefig``-ed in order; its title is set for the reader."""
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    with PdfPages(path, metadata={"Title": title, "Creator": "geoteach"}) as pdf:
        yield pdf


def card_slots(paper: Paper, across: int = 3, down: int = 3) -> list[tuple[float, ...]]:
    """Rectangles (figure fractions) of ``across`` × ``down`` cards of ``CARD_MM``, centred,
    left to right and top to bottom, touching so one cut separates two cards."""
    width, height = paper.size()
    w, h = CARD_MM[0] * MM / width, CARD_MM[1] * MM / height
    left = (1 - across * w) / 2
    top = (1 + down * h) / 2
    return [
        (left + col * w, top - (row + 1) * h, w, h) for row in range(down) for col in range(across)
    ]


def mirrored(slots: Sequence[tuple[float, ...]], across: int = 3) -> list[tuple[float, ...]]:
    """The slots of the back of a sheet: each row reversed, so a card's back lands behind its
    front when the sheet is printed on both sides (flipped on the long edge)."""
    rows = [list(slots[i : i + across]) for i in range(0, len(slots), across)]
    return [slot for row in rows for slot in reversed(row)]


def cut_box(fig: Figure, slot: tuple[float, ...]) -> None:
    """The thin grey line to cut along."""
    fig.add_artist(
        Rectangle(
            (slot[0], slot[1]),
            slot[2],
            slot[3],
            transform=fig.transFigure,
            fill=False,
            edgecolor="#9a9a9a",
            lw=0.5,
        )
    )


def wrap(text: str, width: int) -> str:
    """Break ``text`` into lines of at most ``width`` characters (words kept whole)."""
    import textwrap

    return "\n".join(textwrap.wrap(str(text), width=width, break_long_words=True)) or ""


def table_grid(
    fig: Figure,
    rect: tuple[float, float, float, float],
    header: Sequence[str],
    body: Sequence[Sequence[str]],
    *,
    first_widths: Sequence[float] = (),
    split_rows: int = 0,
    fontsize: float = BODY_PT,
) -> None:
    """A ruled table filling ``rect`` (figure fractions): bold header, one line per row.

    ``first_widths`` fixes the width of the first columns (fractions of the table); the others
    share the rest. ``split_rows`` draws a dotted line down the middle of those other columns
    in the first ``split_rows`` rows of ``body`` (two numbers in one cell: the place put and
    the points).
    """
    x0, y0, width, height = rect
    n = len(header)
    fixed = list(first_widths)[:n]
    rest = (1 - sum(fixed)) / max(1, n - len(fixed))
    widths = [*fixed, *([rest] * (n - len(fixed)))]
    edges = [x0]
    for w in widths:
        edges.append(edges[-1] + w * width)
    rows = [list(header), *[list(r) for r in body]]
    row_h = height / len(rows)
    top = y0 + height
    for r, row in enumerate(rows):
        y = top - (r + 1) * row_h
        fill = "#e8eef5" if r == 0 else ("#f6f6f6" if r % 2 == 0 else "white")
        fig.add_artist(
            Rectangle((x0, y), width, row_h, transform=fig.transFigure, facecolor=fill, lw=0)
        )
        for c, text in enumerate(row):
            fig.text(
                edges[c] + 0.006,
                y + row_h / 2,
                plot_text(text),
                fontsize=fontsize,
                va="center",
                weight="bold" if r == 0 or c == 0 else "normal",
                clip_on=False,
            )
    line: dict[str, Any] = {"transform": fig.transFigure, "color": "#333333", "lw": 0.6}
    from matplotlib.lines import Line2D

    for r in range(len(rows) + 1):
        y = top - r * row_h
        fig.add_artist(Line2D([x0, x0 + width], [y, y], **line))
    for x in edges:
        fig.add_artist(Line2D([x, x], [y0, top], **line))
    bottom = top - (1 + split_rows) * row_h
    for c in range(len(fixed), n) if split_rows else ():
        mid = (edges[c] + edges[c + 1]) / 2
        fig.add_artist(
            Line2D([mid, mid], [bottom, top - row_h], ls=":", **{**line, "color": "#777777"})
        )
