"""Map and board canvases inside a screen: plain ipympl canvases, each in a Box of its own.

Every game screen shows its board the same way (no title bar or toolbar, clickable, zoomable);
the helpers live here so each screen module and the shell only lay out widgets.

A canvas or picture is also described in words (``Described``): a screen reader says them, and
the page template makes the canvas an image (``role="img"``) out of the keyboard's tab order
(ipympl's canvas swallows every key, Tab and Escape too: issue 25's keyboard trap).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import ipywidgets as widgets

from geoteach.escape import html_text


def plain_canvas(canvas: widgets.Widget) -> widgets.Widget:
    """An ipympl canvas that shows the map only: no title bar, toolbar, footer or resize
    handle (a board's size and text are set for the screen).

    The page turns resizing back on by itself when it connects, so it is said again then.
    """
    for attr in ("header_visible", "footer_visible", "toolbar_visible", "resizable"):
        if hasattr(canvas, attr):
            setattr(canvas, attr, False)
    if hasattr(canvas, "on_msg"):
        canvas.on_msg(
            lambda _w, content, _b: (
                canvas.send_state("resizable") if content.get("type") == "initialized" else None
            )
        )
    return canvas


class Described(widgets.Box):
    """A picture (``widgets.Image``) or canvas with the words that say what it shows.

    Neither ``widgets.Image`` nor ipympl's canvas can carry an ``alt`` or ``aria-label`` (their
    ``tooltip`` breaks both views: they have no description), so the words ride along in a
    hidden HTML widget next to the picture. The page template (``index.html.j2``) reads them
    into the ``<img>``'s ``alt``, or the canvas's ``role="img"`` and ``aria-label``, after every
    change. Say what a student would see: "Track: You on 3, Robot Ada on 5".
    """

    def __init__(self, picture: widgets.Widget, text: str = "") -> None:
        self.picture = picture
        self.words = widgets.HTML()
        self.words.add_class("gt-description")
        super().__init__([picture, self.words])
        self.add_class("gt-described")
        self.text = ""
        self.describe(text)

    def describe(self, text: str) -> None:
        """What the picture shows now (plain text; escaped here)."""
        text = " ".join(text.split())
        if text != self.text:
            self.text = text
            self.words.value = html_text(text)


def canvas_box(canvas: widgets.Widget, text: str = "") -> Described:
    """An ipympl canvas (made plain) inside a Box, ready to be put into a screen's children.

    ipympl's canvas view is not taken off the page when a Box's children change (it stays
    drawn in every Tab, too); inside a Box of its own it comes and goes like any widget. The
    box says what the canvas shows (``text``, then ``describe``).
    """
    box = Described(plain_canvas(canvas), text)
    box.add_class("gt-canvas")
    return box


def board_map(
    view: Any,
    *,
    interactive: bool,
    on_pick: Callable[[str], Any],
    on_change: Callable[[], Any] | None = None,
) -> Any:
    """Make ``view`` (a ``MapView``) the board's map and return its ``MapZoom``.

    On a live canvas (``interactive``: ipympl in a kernel) the canvas loses its title bar,
    toolbar and resize handle (the board is the whole frame), a click reports the feature's code
    to ``on_pick`` and the wheel zooms. The zoom buttons work on pictures too; ``on_change``
    runs after each change of view (push the new picture there).
    """
    from geoteach.render.zoom import MapZoom

    if interactive:
        view.on_pick(on_pick)
    zoom = MapZoom(view, on_change=on_change)
    if interactive:
        zoom.connect_wheel()
    return zoom
