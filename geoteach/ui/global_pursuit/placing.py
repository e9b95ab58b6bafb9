"""Laying a card on the Global Pursuit screen: the hand, the numbered places, the ghost.

The part of ``GlobalPursuitScreen`` that chooses a card, a place and the edge that touches, by
mouse (the hand's canvases, the table's canvas) or by keyboard (the Card, Place and Edge
controls), and that keeps a secret hand behind the hot-seat guard. It draws from the view of
the person whose hand it shows (``view(seat)``, their own hand only); it holds no rule: where a
card would lie comes from the engine's ``Layout``, whether it matches is the engine's to say.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from contextlib import contextmanager
from typing import TYPE_CHECKING, Any

import ipywidgets as widgets
from matplotlib.backend_bases import MouseEvent

from geoteach.i18n import _
from geoteach.render.clicks import is_pick
from geoteach.render.global_pursuit import edge_points, ghost_card, ghost_corners, table_layout
from geoteach.render.globe_cards import edge_near, inside_card, place_marks
from geoteach.ui.global_pursuit.hand_card import HandCard, canvas_class
from geoteach.ui.global_pursuit.wording import MATCH_STEP, RETURN_STEP, card_name, place_label
from geoteach.ui.safe import safe

if TYPE_CHECKING:
    from geoteach.ui.global_pursuit.parts import ScreenParts

    _Base = ScreenParts
else:
    _Base = object


class Placing(_Base):
    """The hand and the table of ``GlobalPursuitScreen`` (a part of it, not a screen alone)."""

    # ----- the hand, behind the guard when several people share the screen --------------------
    def _hand_or_guard(self, view: Mapping[str, Any]) -> widgets.Widget:
        """The hand form, straight away with one person, behind the guard with several."""
        seat, phase = self.seat(), view["phase"]
        if self.guard is None:
            return self._fill_hand(seat)
        key = (seat, self._turns, phase)
        if self._guard_for != key or not self.guard.revealed:
            # A new owner or turn, or someone else had the screen (a challenge): ask again.
            self._guard_for = key
            self._clear_hand()
            self.guard.pass_to(seat)
        else:
            self._fill_hand(seat)  # same player, same turn: the hand may have changed
        return self.guard

    def _reveal_hand(self, seat: int) -> widgets.Widget:
        """Build the hand only now that its owner has the screen."""
        self._shown_to = seat
        box = self._fill_hand(seat)
        view = self.seen(seat)
        self._draw_table(view)
        self.board.children = self._board(view)
        return box

    def _cover(self) -> None:
        """Someone else has the screen now: the hand shown is covered."""
        if self.guard is not None:
            self.guard.hide()
            self._shown_to = None

    def _clear_hand(self) -> None:
        # Nothing of a hidden hand stays in the widgets, not even out of sight.
        self._shown_to = None
        self._quiet = True
        try:
            self.hand.options = []
            self.edge.options = []
        finally:
            self._quiet = False
        self.hand_cards.children = []
        self.hand_box.children = []
        for card in self._hand_widgets.values():
            self._publish_hand_targets(card, shown=False)

    def _hand_card(self, card: str) -> HandCard:
        widget = self._hand_widgets.get(card)
        if widget is None:
            widget = HandCard(
                card,
                safe(self.pick_card, show=self.messages),
                maps=self.maps,
                clickable=self.interactive,
                show=self.messages,
                scale=self.scale,
            )
            self._hand_widgets[card] = widget
        return widget

    def _fill_hand_cards(self, hand: Sequence[str]) -> None:
        """The hand's pictures on the board (cards that left the hand drop their targets)."""
        if [c.card for c in self.hand_cards.children] != list(hand):
            for card, widget in self._hand_widgets.items():
                if card not in hand:
                    self._publish_hand_targets(widget, shown=False)
            self.hand_cards.children = [self._hand_card(c) for c in hand]
        self._show_hand_choice()
        for widget in self.hand_cards.children:
            self._publish_hand_targets(widget)

    def _publish_hand_targets(self, card: HandCard, shown: bool = True) -> None:
        if card.clickable:
            points = card.targets() if shown else {}
            self.show_click_targets(
                card.figure, card.figure.axes[0], points, canvas=f".{canvas_class(card.card)}"
            )

    def _show_hand_choice(self) -> None:
        for card in self.hand_cards.children:
            chosen = card.card == self.hand.value
            card.show(chosen, self.turn.value if self.game.phase == "match" else None)

    def _fill_hand(self, seat: int) -> widgets.Widget:
        """The keyboard route of the hand (card, place, edge, buttons), filled for ``seat``."""
        view = self.seen(seat)
        hand = view["hand"]
        self._quiet = True
        try:
            keep = self.hand.value if self.hand.value in hand else None
            self.hand.options = [(card_name(c), c) for c in hand]
            self.hand.value = keep
            if keep is None:
                self.turn.value = 0
            if view["phase"] == "match":
                places = place_marks(table_layout(view).free_places())
                old = self.edge.value
                self.edge.options = [(place_label(view, m), (m.index, m.edge)) for m in places]
                values = [(m.index, m.edge) for m in places]
                self.edge.value = old if old in values else None
        finally:
            self._quiet = False
        if self.hand_owner() == seat:
            self._fill_hand_cards(hand)
        if view["phase"] == "match":
            self.step.value = _(MATCH_STEP)
            rows = [
                self.step,
                self.hand,
                self.edge,
                self.turn,
                widgets.HBox([self.lay, self.cannot]),
            ]
        else:
            self.step.value = _(RETURN_STEP)
            rows = [self.step, self.hand, self.give_back]
        self.hand_box.children = rows
        return self.hand_box

    # ----- the table --------------------------------------------------------------------------
    def _draw_table(self, view: Mapping[str, Any]) -> None:
        phase = view["phase"]
        self._table = table_layout(view)
        placing = phase == "match" and self.person_to_act() is not None
        placing = placing and self.hand_owner() is not None
        self._marks = place_marks(self._table.free_places()) if placing else []
        chosen = None
        if self.edge.value is not None:
            chosen = next(
                (m.number for m in self._marks if (m.index, m.edge) == tuple(self.edge.value)),
                None,
            )
        ghost = self._ghost() if placing else None
        self.table_picture.draw(
            view["table"],
            self._marks,
            last=len(view["table"]) - 1 if phase == "challenge" else None,
            ghost=ghost,
            chosen=chosen,
            bounds=view["bounds"],
        )
        if self.interactive:
            self.table_picture.figure.canvas.draw_idle()
            points = {
                f"place {m.number}": b
                for m, b in zip(self._marks, self.table_picture.badges, strict=True)
            }
            if ghost is not None:
                points.update(edge_points(ghost_corners(ghost), "ghost"))
            self.show_click_targets(
                self.table_picture.figure, self.table_picture.ax, points, canvas=".gt-table-canvas"
            )
        else:
            self.picture.value = self.table_picture.png()

    # ----- choosing by clicking ---------------------------------------------------------------
    def pick_card(self, card: str, edge: int | None = None) -> None:
        """Choose ``card`` from the hand (a click on it), and the edge that touches, if given."""
        if card not in [value for _, value in self.hand.options]:
            return
        with self._held_redraw():
            self.hand.value = card
            if edge is not None:
                self.turn.value = edge

    def on_table_click(self, event: MouseEvent) -> None:
        """A click on the table: on the ghost's edge, turn the card so that edge touches; on
        a numbered place (its badge, its open edge or the empty place), choose that place."""
        if not is_pick(event, self.table_picture.ax) or event.xdata is None:
            return
        x, y = float(event.xdata), float(event.ydata)
        ghost = self._ghost()
        if ghost is not None:
            shape = ghost_corners(ghost)
            if inside_card(shape, x, y):
                edge = edge_near(shape, x, y, reach=0.35)
                if edge is not None:
                    self.turn.value = edge
                return
        number = self.table_picture.at(x, y)
        if number is not None:
            self.edge.value = self._marks[number - 1].index, self._marks[number - 1].edge

    def _ghost(self) -> dict[str, Any] | None:
        """The chosen card where it would lie, turned as chosen (None until both are chosen)."""
        card, at = self.hand.value, self.edge.value
        if card is None or at is None or self.game.phase != "match":
            return None
        if card not in [value for _, value in self.hand.options]:
            return None
        return ghost_card(self._table, self._marks, card, at, self.turn.value)

    def _selection_changed(self) -> None:
        """A card, a place or an edge was chosen: redraw the hand's choice and the ghost only."""
        if self._quiet:
            return
        self._show_hand_choice()
        self._draw_table(self.seen(self.hand_owner()))

    @contextmanager
    def _held_redraw(self) -> Iterator[None]:
        """Change several choices, then redraw once."""
        self._quiet = True
        try:
            yield
        finally:
            self._quiet = False
        self._selection_changed()
