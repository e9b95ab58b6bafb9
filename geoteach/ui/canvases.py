"""Map and board canvases inside a screen: plain ipympl canvases, each in a Box of its own.

Every game screen shows its board the same way (no title bar or toolbar, clickable, zoomable);
the helpers live here so each screen module and the shell only lay out widgets.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import ipywidgets as widgets


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


def canvas_box(canvas: widgets.Widget) -> widgets.Box:
    """An ipympl canvas (made plain) inside a Box, ready to be put into a screen's children.

    ipympl's canvas view is not taken off the page when a Box's children change (it stays
    drawn in every Tab, too); inside a Box of its own it comes and goes like any widget.
    """
    box = widgets.Box([plain_canvas(canvas)])
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
