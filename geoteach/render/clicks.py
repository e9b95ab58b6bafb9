"""Which mouse presses count as a pick on a map or board (shared by every clickable view)."""

from __future__ import annotations

from matplotlib.axes import Axes
from matplotlib.backend_bases import MouseButton, MouseEvent


def is_pick(event: MouseEvent, ax: Axes | None) -> bool:
    """A left click inside ``ax``, not a pan or zoom with the toolbar (those move the view)."""
    if ax is None or event.inaxes is not ax or event.button not in (MouseButton.LEFT, 1):
        return False
    toolbar = getattr(event.canvas, "toolbar", None)
    mode = getattr(toolbar, "mode", "") if toolbar is not None else ""
    return not mode
