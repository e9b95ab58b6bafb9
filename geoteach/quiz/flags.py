"""Country flags as SVG text, from the MIT-licensed flag-icons package (data/flags/<iso3>.svg).

SVG rather than emoji: emoji flags show as two plain letters on Windows.
"""

from __future__ import annotations

import base64
import re
from functools import cache

from geoteach.data import data_path
from geoteach.escape import html_text

_ISO3 = re.compile(r"^[A-Z]{3}$")


@cache
def flag_codes() -> frozenset[str]:
    """The country codes geoteach has a flag for: a deck may show only these."""
    return frozenset(path.stem for path in data_path("flags").glob("*.svg"))


@cache
def flag_svg(iso3: str) -> str:
    """The flag of the country ``iso3`` ("FRA") as SVG markup (4:3, 640 x 480 view box)."""
    code = str(iso3).strip().upper()
    if not _ISO3.match(code):
        raise ValueError(f"A flag is named by a 3-letter country code like 'FRA', not {iso3!r}.")
    try:
        return data_path("flags", f"{code}.svg").read_text(encoding="utf-8")
    except FileNotFoundError:
        raise KeyError(f"geoteach has no flag for the country code {code!r}.") from None


def flag_img_html(iso3: str, width: int = 160, alt: str = "a country's flag") -> str:
    """An <img> tag showing the flag, safe to put in an HTML widget.

    The SVG travels as a data URI, so two flags on one page cannot clash over their ids and no
    markup from the file becomes part of the page.
    """
    encoded = base64.b64encode(flag_svg(iso3).encode("utf-8")).decode("ascii")
    return (
        f'<img src="data:image/svg+xml;base64,{encoded}" width="{int(width)}" '
        f'alt="{html_text(alt)}" style="border:1px solid #555">'
    )
