"""GeoTriple's map in words: what each colour marks, as a list of states (issue 25).

The map's caption says what each colour means; a student who cannot see the map, or sees it in
greyscale, gets the states themselves: the canvas's description (read by a screen reader) and,
for the states still possible in Stage 1, a line under the caption.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from geoteach.data.place_names import place_name
from geoteach.escape import html_text
from geoteach.i18n import N_, _
from geoteach.render import geotriple as drawing

#: What each fill of ``drawing.map_paint`` marks, in words (translated where said).
MARKS = {
    drawing.POSSIBLE: N_("Still possible: {states}."),
    drawing.HAND: N_("Your cards: {states}."),
    drawing.GROUP_COLOURS[0]: N_("Group 1: {states}."),
    drawing.GROUP_COLOURS[1]: N_("Group 2: {states}."),
    drawing.ANSWER: N_("The answer: {states}."),
    drawing.WRONG: N_("A wrong guess: {states}."),
    drawing.LED: N_("The card led: {states}."),
}


def _names(codes: Any, cards: Mapping[str, Any]) -> str:
    """The states ``codes`` in the page's language, in alphabetical order."""
    return ", ".join(
        sorted(
            place_name("state", c, str(cards[c]["name"])) if c in cards else str(c) for c in codes
        )
    )


def map_alt(spec: drawing.MapPaint, cards: Mapping[str, Any]) -> str:
    """The map's description: "Map of the United States. Still possible: Ohio, Utah. …"."""
    parts = [_("Map of the United States.")]
    for colour, codes in spec.fills:
        if codes:
            said = MARKS.get(colour, N_("Marked: {states}."))
            parts.append(_(said).format(states=_names(codes, cards)))
    if spec.hatched:
        parts.append(
            _("Already guessed (striped): {states}.").format(states=_names(spec.hatched, cards))
        )
    return " ".join(parts)


def possible_html(spec: drawing.MapPaint, cards: Mapping[str, Any]) -> str:
    """The states still possible as a line of text (empty when the map shows none)."""
    codes = [c for colour, fill in spec.fills if colour == drawing.POSSIBLE for c in fill]
    if not codes:
        return ""
    head = _("Still possible ({n}):").format(n=len(codes))
    return (
        f'<p class="gt-small gt-possible-list"><b>{html_text(head)}</b> '
        f"{html_text(_names(codes, cards))}</p>"
    )
