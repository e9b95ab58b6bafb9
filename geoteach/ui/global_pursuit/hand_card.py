"""One card of the hand on screen, and the live canvases the table and the hand are drawn on.

A live canvas (ipympl, installed with geoteach) is made directly, without pyplot or a magic,
so the lesson notebook and Voilà get clickable cards; without ipympl the cards are pictures and
the screen's controls still play.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import cache
from typing import Any

import ipywidgets as widgets
from matplotlib.backend_bases import MouseEvent
from matplotlib.figure import Figure

from geoteach.render.clicks import is_pick
from geoteach.render.global_pursuit import edge_points, scale_figure
from geoteach.render.globe_cards import HAND_BAND, HandCardPicture, card_corners, edge_near
from geoteach.render.mapview import new_figure, to_png
from geoteach.ui.safe import safe
from geoteach.ui.shell import plain_canvas

#: Width of a hand card on screen (pixels at normal size); the issue asks for at least 180.
HAND_PX = 180


def live_figure(size: tuple[float, float], dpi: float = 100.0) -> Figure:
    """A figure on its own ipympl canvas widget (clickable), without pyplot or a magic.

    ``%matplotlib widget`` is not needed: the canvas is made directly, so the lesson notebook
    and Voilà get clickable cards, and pyplot's list of figures is left alone.
    """
    from ipympl.backend_nbagg import Canvas, FigureManager

    fig = Figure(figsize=size, dpi=dpi)
    canvas = Canvas(fig)
    FigureManager(canvas, 0)
    plain_canvas(canvas)
    canvas.capture_scroll = False
    return fig


@cache
def can_click() -> bool:
    """Whether live canvases can be made here (ipympl is installed with geoteach; without it
    the table and the hand are pictures and the controls play)."""
    try:
        import ipympl.backend_nbagg  # noqa: F401
    except ImportError:
        return False
    return True


def canvas_class(card: str) -> str:
    """The CSS class of a hand card's canvas (browser tests click it by this name)."""
    return "gt-card-" + card.replace(":", "-").replace("_", "-")


class HandCard(widgets.VBox):
    """One card of the hand as a picture ``px`` wide: its map, set, number and edges.

    Clicking the card chooses it; clicking near one of its edges also chooses that edge as the
    one that touches the open edge (``on_pick(card, edge or None)``). ``scale`` draws it larger
    (labels too) for large-text mode.
    """

    def __init__(
        self,
        card: str,
        on_pick: Callable[[str, int | None], None],
        maps: bool = True,
        clickable: bool = True,
        show: Any = None,
        scale: float = 1.0,
    ) -> None:
        self.card = card
        self.on_pick = on_pick
        self.maps = maps
        self.scale = scale
        size = (HAND_PX / 100.0, HAND_PX * (1 + HAND_BAND) / 100.0)
        dpi = 100.0 * scale
        self.figure = live_figure(size, dpi) if clickable else new_figure(size, dpi=dpi)
        self.clickable = clickable
        #: The card on screen: the live canvas (ipympl's widget), or a picture.
        self.picture: Any
        if clickable:
            self.picture = self.figure.canvas
            self.picture.add_class(canvas_class(card))
            self.figure.canvas.mpl_connect("button_press_event", safe(self.on_click, show=show))
        else:
            self.picture = widgets.Image(format="png", width=round(HAND_PX * scale))
        self.drawing = HandCardPicture(card, HAND_PX, maps=maps, figure=self.figure)
        self._shown: tuple[bool, int | None] | None = None
        super().__init__([self.picture])
        self.add_class("gt-hand-card")
        self.show(False, None)

    def show(self, selected: bool, edge: int | None) -> None:
        """Draw the card, chosen or not, with the edge that will touch (if any) marked."""
        edge = edge if selected else None
        if self._shown == (selected, edge):
            return
        self._shown = (selected, edge)
        self.drawing.choose(selected, edge)
        if self.clickable:
            self.figure.canvas.draw_idle()
        else:
            self.picture.value = to_png(self.figure)

    def on_click(self, event: MouseEvent) -> None:
        """A click on the card chooses it, and the edge it was near (if any)."""
        ax = self.figure.axes[0] if self.figure.axes else None
        if not is_pick(event, ax) or event.xdata is None or event.ydata is None:
            return
        self.on_pick(self.card, edge_near(card_corners(self.card), event.xdata, event.ydata))

    def set_scale(self, scale: float) -> None:
        """Draw the card ``scale`` times as large (large-text mode), labels too."""
        self.scale = scale
        scale_figure(self.figure, scale)
        if self.clickable:
            self.figure.canvas.draw_idle()
        else:
            self.picture.width = round(HAND_PX * scale)
            self.picture.value = to_png(self.figure)

    def targets(self) -> dict[str, tuple[float, float]]:
        """Where to click on this card: its middle, and beside each of its edges."""
        points = {f"hand {self.card}": (0.0, 0.0)}
        points.update(edge_points(card_corners(self.card), f"hand {self.card}"))
        return points

    def close_card(self) -> None:
        if self.clickable:
            self.picture.close()
        self.close()
