"""Looks shared by the widgets: seat badges, and a large-text mode for the projector.

Colour is never the only signal: every seat also has a symbol and its name in words, and every
message starts with a word and an icon.
"""

from __future__ import annotations

import ipywidgets as widgets

from geoteach.escape import html_text
from geoteach.games.table import Table
from geoteach.i18n import _
from geoteach.ui.styles import style_html

#: CSS class every geoteach widget carries, so the projector style can reach it.
CSS_CLASS = "geoteach"
#: One shape per seat, in seat order, next to the seat's colour.
SEAT_SYMBOLS = ["●", "■", "▲", "◆", "★", "✚"]

#: Colours of the kit's buttons and of its focus ring (WCAG 2.1 AA: text on a button at least
#: 4.5:1). ipywidgets' green (#388e3c) under white text is 4.11:1, so the kit's green is darker.
BUTTON_TEXT = "#ffffff"
SUCCESS_BUTTON = "#2e7d32"
#: The focus ring: 3 px, nearly black, with a yellow band inside it (GOV.UK's focus colours),
#: drawn inside the control's own edge. Drawn outside it, every ipywidgets box (overflow auto)
#: and the side column cut it: a button in a row showed only two bars, "[ Guess ]". Inside,
#: nothing cuts it; the dark ring keeps 3:1 against the white page and the blue, teal, green and
#: red buttons, the yellow band 13:1 against the ring, and a selected toggle's dark frame (no
#: yellow) stays unlike a focused one.
FOCUS_RING = "#1a1a1a"
FOCUS_BAND = "#ffdd00"
PAGE_BACKGROUND = "#ffffff"

#: The projector's large text (``css/large.css``), switched on by ``ProjectorMode``; the kit's
#: buttons, focus ring and reflow are in ``css/app.css``, with the colours above.
NORMAL_CSS = ""


def large_css() -> str:
    """The style element of the projector's large text (read once from the package)."""
    return style_html("large")


def _luminance(colour: str) -> float:
    """WCAG 2.1 relative luminance of a #rrggbb colour."""
    rgb = [int(colour[i : i + 2], 16) / 255 for i in (1, 3, 5)]
    lin = [c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4 for c in rgb]
    return 0.2126 * lin[0] + 0.7152 * lin[1] + 0.0722 * lin[2]


def text_on(background: str) -> str:
    """Black or white, whichever reads better on ``background`` (#rrggbb): a seat's chip in its
    colour keeps 4.5:1 for its number (white on the kit's orange or yellow seats would not)."""
    if len(background) != 7 or not background.startswith("#"):
        return BUTTON_TEXT
    light = _luminance(background)
    return "#000000" if (light + 0.05) / 0.05 >= 1.05 / (light + 0.05) else "#ffffff"


def themed(widget: widgets.DOMWidget) -> widgets.DOMWidget:
    """Tag ``widget`` so the large-text mode applies to it."""
    widget.add_class(CSS_CLASS)
    return widget


def seat_symbol(seat: int) -> str:
    return SEAT_SYMBOLS[seat % len(SEAT_SYMBOLS)]


def seat_badge(table: Table, seat: int) -> str:
    """HTML for a seat: coloured symbol, escaped name, and "(computer, hard)" for a bot."""
    info = table.seats[seat]
    label = html_text(info.name)
    if info.is_bot:
        said = _("(computer, {level})").format(level=_(str(info.level)))
        label += f" <small>{html_text(said)}</small>"
    colour = html_text(info.colour)
    title = html_text(info.colour_name)
    return (
        f'<span style="color:{colour}" title="{title}" aria-hidden="true">'
        f"{seat_symbol(seat)}</span> {label}"
    )


#: Globalissimo's starting-player marker, drawn (an emoji flag shows as a box on some laptops).
CHECKERED_FLAG = (
    '<svg width="20" height="16" viewBox="0 0 20 16" role="img" aria-label="checkered flag" '
    'style="vertical-align:-3px"><rect x="1" y="0" width="1.5" height="16" fill="#333"/>'
    '<rect x="2.5" y="1" width="16" height="10" fill="#fff" stroke="#333" stroke-width="0.8"/>'
    + "".join(
        f'<rect x="{2.5 + 4 * c}" y="{1 + 2.5 * r}" width="4" height="2.5" fill="#111"/>'
        for r in range(4)
        for c in range(4)
        if (r + c) % 2 == 0
    )
    + "</svg>"
)


def is_you(table: Table, seat: int) -> bool:
    """A seat named "You" (a student alone; "Tú", "Toi", "Du" on a page in another language):
    sentences then say "You start", not "You starts"."""
    return table.seats[seat].name.casefold() in {"you", _("You").casefold()}


def does(table: Table, seat: int, third: str, second: str, badge: bool = True) -> str:
    """ "Ana starts" / "You start": the seat (as a badge in HTML, or escaped plain) and its verb."""
    name = seat_badge(table, seat) if badge else html_text(table.seats[seat].name)
    return f"{name} {second if is_you(table, seat) else third}"


def does_text(table: Table, seat: int, third: str, second: str) -> str:
    """The plain-text form of ``does`` for logs and verdicts (escaped where it is shown)."""
    return f"{table.seats[seat].name} {second if is_you(table, seat) else third}"


class ProjectorMode(widgets.VBox):
    """A toggle for large text (projector or smart board) with the style it switches on.

    Display it once in the notebook; every widget of the kit grows with it.
    """

    def __init__(self, large: bool = False) -> None:
        self.toggle = widgets.ToggleButton(
            value=large,
            description=_("Large text"),
            tooltip=_("Bigger letters for the projector or the smart board"),
            icon="search-plus",
        )
        self.style_block = widgets.HTML(large_css() if large else NORMAL_CSS)
        super().__init__([self.toggle, self.style_block])
        themed(self)
        self.toggle.observe(self._switch, names="value")

    @property
    def large(self) -> bool:
        return bool(self.toggle.value)

    @large.setter
    def large(self, value: bool) -> None:
        self.toggle.value = bool(value)

    def _switch(self, change: dict) -> None:
        # The toggle keeps its name "Large text": pressed (a ✔ and aria-pressed) says it is on.
        self.style_block.value = large_css() if change["new"] else NORMAL_CSS
