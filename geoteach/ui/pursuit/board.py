"""Geography Pursuit's board panel: the board with the tokens, the wedges and the lit spaces.

A panel with explicit inputs: ``draw(view)`` draws the board for that view and returns the
widgets the screen's board shows; a click on a lit space of the live board calls
``on_move(space_id)``. It never reads the game. The drawing is ``geoteach.render.board``'s.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

import ipywidgets as widgets

from geoteach.games.table import Table
from geoteach.render.board import BoardView, space_xy
from geoteach.ui.messages import MessageLine
from geoteach.ui.safe import safe
from geoteach.ui.shell import ClickTargets, plain_canvas


class BoardPanel:
    """The left of Geography Pursuit's screen. ``interactive=True`` (a kernel with ipympl)
    makes the board a live canvas where a click on a lit space moves the token (``on_move``);
    otherwise it is a picture, and the step panel's space buttons move it. ``names`` are the
    categories as the page says them."""

    def __init__(
        self,
        names: Sequence[str],
        table: Table,
        *,
        interactive: bool,
        large: bool,
        on_move: Callable[[str], None],
        targets: ClickTargets,
        messages: MessageLine,
    ) -> None:
        self.targets = targets
        self.pieces = BoardView(names, table, interactive=interactive, large=large)
        # Clickable only on a widget canvas (ipympl); otherwise a picture and the buttons.
        self.interactive = interactive and isinstance(self.pieces.figure.canvas, widgets.Widget)
        if self.interactive:
            self.board_widget: widgets.Widget = plain_canvas(self.pieces.figure.canvas)
            self.pieces.on_pick(safe(on_move, show=messages))
        else:
            self.board_widget = widgets.Image(format="png")
        self.board_widget.add_class("gt-pursuit-board")
        self._size_board()

    def draw(self, view: Mapping[str, Any]) -> list[widgets.Widget]:
        """The board for ``view``: tokens, wedges, the lit spaces (a browser test's click
        targets on the live board)."""
        self.pieces.update(dict(view))
        if self.interactive:
            lit = {sid: space_xy(sid) for sid in view["destinations"]}
            self.targets.show(self.pieces.figure, self.pieces.ax, lit)
        else:
            self.board_widget.value = self.pieces.png()
        return [self.board_widget]

    def set_large(self, large: bool) -> None:
        """The board grows with the text (its labels too) for a projector."""
        self.pieces.set_large(large)
        self._size_board()
        if not self.interactive:
            self.board_widget.value = self.pieces.png()

    def closing(self) -> None:
        """Free the board's figure before the screen is replaced."""
        self.pieces.stop_picking()
        if self.interactive:
            import matplotlib.pyplot as plt

            plt.close(self.pieces.figure)

    def _size_board(self) -> None:
        """The picture at the board's own size (its text is sized for that), shrinking only
        where the page is narrower (a notebook beside a side bar)."""
        width, _height = self.pieces.pixels
        if not self.interactive:
            self.board_widget.layout = widgets.Layout(
                width=f"{width}px", max_width="100%", height="auto"
            )
