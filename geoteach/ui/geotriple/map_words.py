"""GeoTriple's map in words: what each colour marks, as a list of states (issue 25).

The map's caption says what each colour means; a student who cannot see the map, or sees it in
greyscale, gets the states themselves: the canvas's description (read by a screen reader) and,
for the states still possible in Stage 1, a line under the caption.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from geoteach.escape import html_text
from geoteach.render import geotriple as drawing

#: What each fill of ``drawing.map_paint`` marks, in words.
MARKS = {
    drawing.POSSIBLE: "still possible",
    drawing.HAND: "your cards",
    drawing.GROUP_COLOURS[0]: "group 1",
    drawing.GROUP_COLOURS[1]: "group 2",
    drawing.ANSWER: "the answer",
    drawing.WRONG: "a wrong guess",
    drawing.LED: "the card led",
}


def _names(codes: Any, cards: Mapping[str, Any]) -> str:
    return ", ".join(sorted(str(cards[c]["name"]) if c in cards else str(c) for c in codes))


def map_alt(spec: drawing.MapPaint, cards: Mapping[str, Any]) -> str:
    """The map's description: "Map of the United States. Still possible: Ohio, Utah. …"."""
    parts = ["Map of the United States."]
    for colour, codes in spec.fills:
        if codes:
            parts.append(f"{MARKS.get(colour, 'marked').capitalize()}: {_names(codes, cards)}.")
    if spec.hatched:
        parts.append(f"Already guessed (striped): {_names(spec.hatched, cards)}.")
    return " ".join(parts)


def possible_html(spec: drawing.MapPaint, cards: Mapping[str, Any]) -> str:
    """The states still possible as a line of text (empty when the map shows none)."""
    codes = [c for colour, fill in spec.fills if colour == drawing.POSSIBLE for c in fill]
    if not codes:
        return ""
    return (
        f'<p class="gt-small gt-possible-list"><b>Still possible ({len(codes)}):</b> '
        f"{html_text(_names(codes, cards))}</p>"
    )
