"""Geography Pursuit's small pieces in HTML: the die with its pips and a category's chip.

Drawing only, like the board beside it (``render.board``): the die as an SVG that says its
number to a screen reader, and a category as a square of its board colour with its letters and
name, so colour is never the only signal.
"""

from __future__ import annotations

from collections.abc import Sequence

from geoteach.escape import html_text
from geoteach.render.board import CATEGORY_COLOURS, short_names

#: Where the pips of each face of the die sit on a 3×3 grid (column, row).
PIPS: dict[int, tuple[tuple[int, int], ...]] = {
    1: ((1, 1),),
    2: ((0, 0), (2, 2)),
    3: ((0, 0), (1, 1), (2, 2)),
    4: ((0, 0), (2, 0), (0, 2), (2, 2)),
    5: ((0, 0), (2, 0), (1, 1), (0, 2), (2, 2)),
    6: ((0, 0), (2, 0), (0, 1), (2, 1), (0, 2), (2, 2)),
}


def die_html(value: int, size: int = 64) -> str:
    """The die showing ``value``, drawn (an SVG with pips), with the number in words beside."""
    pips = "".join(
        f'<circle cx="{14 + 18 * c}" cy="{14 + 18 * r}" r="5.5" fill="#111"/>'
        for c, r in PIPS[value]
    )
    return (
        f'<svg class="gt-die" width="{size}" height="{size}" viewBox="0 0 64 64" role="img" '
        f'aria-label="the die shows {value}" style="vertical-align:middle">'
        '<rect x="2" y="2" width="60" height="60" rx="10" fill="#fff" stroke="#111" '
        f'stroke-width="3"/>{pips}</svg>'
    )


def chip(category: int, categories: Sequence[str]) -> str:
    """A category in HTML: a square of its board colour, its letters and its name."""
    letters = short_names(categories)[category]
    return (
        f'<span style="display:inline-block;width:0.9em;height:0.9em;'
        f"background:{CATEGORY_COLOURS[category]};border:1px solid #222;"
        f'vertical-align:-0.1em" aria-hidden="true"></span> '
        f"<b>{html_text(letters)}</b> {html_text(categories[category])}"
    )
