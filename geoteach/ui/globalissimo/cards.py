"""The country cards of a round as HTML: flag, name, the number put on it, and its locator map.

The pictures come from ``geoteach.render.globalissimo`` (the locator) and ``geoteach.quiz.flags``
(SVG flags: emoji flags show as two letters on Windows); the words from ``wording``.
"""

from __future__ import annotations

import base64
from collections.abc import Callable, Mapping
from typing import Any

from geoteach.escape import html_text
from geoteach.games.table import Table
from geoteach.quiz.flags import flag_img_html
from geoteach.render.globalissimo import LOCATOR_WIDTH_PX
from geoteach.ui.globalissimo.wording import flag_alt, locator_alt
from geoteach.ui.theme import seat_symbol, text_on


def flag_html(iso3: str, name: str, width: int = 64) -> str:
    """The country's flag as an SVG picture (emoji flags show as two letters on Windows)."""
    try:
        return flag_img_html(iso3, width=width, alt=flag_alt(name))
    except (KeyError, ValueError):
        return ""  # a country without a flag file: the card still shows its name


def locator_img_html(png: bytes | None, name: str) -> str:
    """A card's locator map as an <img> inside the card's HTML (nothing if there is no map)."""
    if png is None:
        return ""
    data = base64.b64encode(png).decode("ascii")
    alt = html_text(locator_alt(name))
    return (
        f'<img src="data:image/png;base64,{data}" alt="{alt}" title="{alt}" '
        f'width="{LOCATOR_WIDTH_PX}" style="display:block;margin:4px auto 0">'
    )


def cards_html(
    rnd: Mapping[str, Any], table: Table, locator_png: Callable[[str], bytes | None]
) -> str:
    """The round's cards (``view["round"]``), each with the chip of the number put on it."""
    chips: dict[str, str] = {}
    for g in rnd["guesses"]:
        seat = g["player"]
        colour = table.seats[seat].colour
        chips[g["country"]] = (
            f'<span style="background:{colour};color:{text_on(colour)};border-radius:10px;'
            f'padding:1px 8px;font-weight:bold" title="{html_text(table.name_of(seat))}">'
            f"{seat_symbol(seat)} {g['rank']}</span>"
        )
    cells = []
    for iso in rnd["countries"]:
        plain = rnd["names"][iso]
        cells.append(
            f'<div class="gt-card" style="display:inline-block;width:{LOCATOR_WIDTH_PX + 16}px;'
            "margin:3px;padding:4px;border:1px solid #666;border-radius:8px;"
            'text-align:center;vertical-align:top">'
            f"{flag_html(iso, plain, width=44)} <b>{html_text(plain)}</b><br>"
            f"{chips.get(iso, '<span>&nbsp;</span>')}"
            f"{locator_img_html(locator_png(iso), plain)}</div>"
        )
    return "<div>" + "".join(cells) + "</div>"
