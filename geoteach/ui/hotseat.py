"""Pass the screen: in hot-seat games with hidden hands, the next player's cards stay hidden
until that player has the screen and clicks "I am <name>".

The hidden content is not merely styled invisible: it is taken out of the widget tree (and,
when given as a function, not even built) until the named player reveals it.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TypeAlias

import ipywidgets as widgets

from geoteach.escape import html_text
from geoteach.games.table import Table
from geoteach.i18n import _
from geoteach.ui.safe import Show, safe
from geoteach.ui.theme import seat_badge, themed

Content: TypeAlias = widgets.Widget | Callable[[int], widgets.Widget]


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
            playing = html_text(_("{player} is playing…")).format(player=badge)
            self.prompt.value = f"<p>{playing}</p>"
            self.children = [self.prompt]
            return
        team = ""
        if info.members:
            team = f" ({html_text(', '.join(info.members))})"
        passing = html_text(_("Pass the screen to {player}.")).format(player=badge + team)
        away = html_text(
            _("Everyone else, please look away. Click the button when only you can see it.")
        )
        self.prompt.value = f"<p><b>{passing}</b><br>{away}</p>"
        said = _("We are {name}") if info.members else _("I am {name}")
        self.button.description = said.format(name=info.name)
        self.button.tooltip = _("Show the cards of {name}").format(name=info.name)
        self.children = [self.prompt, self.button]

    def reveal(self) -> None:
        """Show the content to the seat the screen was passed to."""
        if self.seat is None or self.table.seats[self.seat].is_bot:
            return
        widget = self.content(self.seat) if callable(self.content) else self.content
        self.shown = widget
        self.revealed = True
        name = html_text(self.table.seats[self.seat].name)
        only = html_text(_("Only {name} should be looking now.")).format(name=name)
        self.prompt.value = f"<p>{only}</p>"
        self.children = [self.prompt, widget]
        if self.on_reveal is not None:
            self.on_reveal(self.seat)

    def hide(self) -> None:
        """Cover the content (end of turn) without naming the next player yet."""
        self.revealed = False
        self.shown = None
        hidden = html_text(_("The cards are hidden."))
        self.prompt.value = f"<p>{hidden}</p>"
        self.children = [self.prompt]
