"""The kit's style sheets: packaged ``.css`` files (``geoteach/ui/css/``), sent once per kernel.

CSS kept in Python strings could not be read, linted or diffed as CSS, and every screen sent
its own copy to the browser each time it was built (a game's "New game" sent the app's 90 lines
again). Here each sheet is read from the package once (``css_text``, cached) and held by one
hidden ``<style>`` widget per kernel (``sheet``): every screen that needs it puts that same
widget on its page, so its text crosses the wire once, however many screens are built. A widget
that was closed (``Widget.close_all()`` between tests) is made again.

Sheets: ``app`` (the shell and every app page: layout, buttons and focus, reflow), ``large``
(the projector toggle of ``theme.ProjectorMode``) and one per screen that has a look of its own
(``geotriple``, ``global_pursuit``, ``globe_works``, ``class_game``, ``join``).
"""

from __future__ import annotations

from collections.abc import Callable
from functools import cache
from importlib import resources

import ipywidgets as widgets

#: The sheet every app page carries (the shell's layout, the kit's buttons and focus, reflow).
APP = "app"

_sheets: dict[str, widgets.HTML] = {}


@cache
def css_text(name: str) -> str:
    """The text of the packaged sheet ``name`` (``geoteach/ui/css/<name>.css``), read once."""
    return (resources.files("geoteach.ui") / "css" / f"{name}.css").read_text(encoding="utf-8")


def style_html(name: str, extra: str = "") -> str:
    """The sheet ``name`` (and ``extra`` rules after it) as a ``<style>`` element."""
    return f"<style>\n{css_text(name)}{extra}</style>"


def sheet(name: str, extra: Callable[[], str] | None = None) -> widgets.HTML:
    """The one hidden widget of this kernel that holds the sheet ``name`` (made at the first
    call). ``extra`` makes rules drawn from data (Globe Works' region colours), appended once.
    """
    widget = _sheets.get(name)
    if widget is None or widget.comm is None:
        rules = extra() if extra is not None else ""
        widget = widgets.HTML(style_html(name, rules), layout=widgets.Layout(display="none"))
        widget.add_class(f"gt-style-{name}")
        _sheets[name] = widget
    return widget


def sheets(*names: str) -> widgets.Box:
    """A hidden box of the sheets ``names`` (each the kernel's one widget, see ``sheet``), for a
    page that needs the app's sheet and one of its own."""
    box = widgets.Box([sheet(name) for name in names])
    box.layout.display = "none"
    return box


__all__ = ["APP", "css_text", "sheet", "sheets", "style_html"]
