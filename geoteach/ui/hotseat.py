"""Pass the screen: in hot-seat games with hidden hands, the next player's cards stay hidden
until that player has the screen and clicks "I am <name>".

The hidden content is not merely styled invisible: it is taken out of the widget tree (and,
when given as a function, not even built) until the named player reveals it.
"""

from __future__ import annotations

from collections.abc import Callable

import ipywidgets as widgets

from geoteach.escape import html_text
from geoteach.games.table import Table
from geoteach.ui.safe import Show, safe
from geoteach.ui.theme import seat_badge, themed

Content = widgets.Widget | Callable[[int], widgets.Widget]


class HotSeatGuard(widgets.VBox):
    """Shows ``content`` only to the seat it was passed to, after that player confirms.

    ``content`` is a widget, or a function ``seat -> widget`` that builds the seat's own view
    (best: nothing secret exists in the notebook before the click). ``on_reveal(seat)`` runs after
    the click, e.g. to start that player's timer.
    """

    def __init__(
        self,
        table: Table,
        content: Content,
        on_reveal: Callable[[int], object] | None = None,
        show: Show = None,
    ) -> None:
        self.table = table
        self.content = content
        self.on_reveal = on_reveal
        self.seat: int | None = None
        self.revealed = False
        self.prompt = widgets.HTML("")
        self.button = widgets.Button(button_style="primary", icon="eye")
        self.button.on_click(safe(lambda _b: self.reveal(), show=show))
        self.shown: widgets.Widget | None = None
        super().__init__([])
        themed(self)
        self.hide()

    def pass_to(self, seat: int) -> None:
        """Hide everything and ask for the screen to go to ``seat``."""
        if not 0 <= seat < len(self.table.seats):
            raise ValueError(f"There is no seat {seat} at this table.")
        self.seat = seat
        self.revealed = False
        self.shown = None
        info = self.table.seats[seat]
        badge = seat_badge(self.table, seat)
        if info.is_bot:
            self.prompt.value = f"<p>{badge} is playing…</p>"
            self.children = [self.prompt]
            return
        team = ""
        if info.members:
            team = f" ({html_text(', '.join(info.members))})"
        self.prompt.value = (
            f"<p><b>Pass the screen to {badge}{team}.</b><br>"
            "Everyone else, please look away. Click the button when only you can see it.</p>"
        )
        word = "We are" if info.members else "I am"
        self.button.description = f"{word} {info.name}"
        self.button.tooltip = f"Show the cards of {info.name}"
        self.children = [self.prompt, self.button]

    def reveal(self) -> None:
        """Show the content to the seat the screen was passed to."""
        if self.seat is None or self.table.seats[self.seat].is_bot:
            return
        widget = self.content(self.seat) if callable(self.content) else self.content
        self.shown = widget
        self.revealed = True
        name = html_text(self.table.seats[self.seat].name)
        self.prompt.value = f"<p>Only {name} should be looking now.</p>"
        self.children = [self.prompt, widget]
        if self.on_reveal is not None:
            self.on_reveal(self.seat)

    def hide(self) -> None:
        """Cover the content (end of turn) without naming the next player yet."""
        self.revealed = False
        self.shown = None
        self.prompt.value = "<p>The cards are hidden.</p>"
        self.children = [self.prompt]
