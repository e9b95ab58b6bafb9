"""The only ways text a person typed reaches a screen: escaped for HTML, literal for matplotlib.

Names, team names, deck text, answers and file names are typed by players, teachers and
curriculum authors. In HTML a name like ``<img src=x onerror=...>`` would run in the page; in
matplotlib a ``$`` starts mathtext, so ``Ana $5 Ben $10`` is drawn as a formula and ``$x^$``
raises. Every widget and drawing passes such text through one of these two functions (a test
checks that no other module escapes HTML by hand), so there is one place to get it right.
A top-level helper: every layer may import it, and it imports no layer.
"""

from __future__ import annotations

import html


def html_text(value: object) -> str:
    """``value`` as HTML that shows exactly the typed characters (also safe in attributes)."""
    return html.escape(str(value), quote=True)


def plot_text(value: object) -> str:
    """``value`` as matplotlib text that is drawn literally: a ``$`` never starts mathtext.

    Matplotlib reads ``\\$`` as a plain dollar sign and, with no unescaped ``$`` left, never
    switches to mathtext, so the text is drawn character for character.
    """
    return str(value).replace("$", r"\$")


#: First characters that make a spreadsheet read a cell as a formula.
_FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")


def spreadsheet_text(value: object) -> object:
    """``value`` for a CSV cell that a spreadsheet shows as typed and never runs as a formula.

    A typed answer like ``=HYPERLINK(...)`` would become a live formula when a teacher opens
    the exported CSV; a leading apostrophe keeps it text. Numbers such as ``-5`` stay numbers,
    and anything that is not text is returned as it is.
    """
    if not isinstance(value, str) or not value.startswith(_FORMULA_STARTS):
        return value
    try:
        float(value)
    except ValueError:
        return "'" + value
    return value
