"""The board of the Global Pursuit screen: the table from above, the hand, the joint up close.

A panel with explicit inputs (as Globalissimo's ``board``): it draws the view it is given (the
table, the free places, the ghost of the card being laid, the hand's cards, the joint just
laid) and hands a click up through its callbacks: ``on_pick(card, edge)`` for a click on a hand
card, ``on_click(x, y)`` for a click on the table (in the table's map coordinates). It decides
nothing: which places are free comes from the engine's ``Layout``, what a click chooses is the
screen's parts' to say. Where a browser test clicks is written to the ``ClickTargets`` it is
given.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

import ipywidgets as widgets
from matplotlib.backend_bases import MouseEvent

from geoteach.i18n import _
from geoteach.render.clicks import is_pick
from geoteach.render.global_pursuit import edge_points, ghost_corners, joint_picture, scale_figure
from geoteach.render.globe_cards import SlotMark, TablePicture
from geoteach.ui.canvases import Described
from geoteach.ui.global_pursuit.hand_card import HandCard, canvas_class, live_figure
from geoteach.ui.global_pursuit.wording import HIDDEN_HANDS, card_name
from geoteach.ui.messages import MessageLine
from geoteach.ui.safe import safe
from geoteach.ui.shell import ClickTargets, canvas_box

#: The table on screen, in inches at 100 dpi: 920 × 420 pixels at 1366×768.
TABLE_SIZE = (9.2, 4.2)
#: Each joint up close in a challenge: a panel this wide (and 0.8 of it high), under the table.
JOINT_PX = 270


class BoardPanel:
    """The table (a live canvas to click on, or a picture), and under it the hand's cards, the
    joint up close or a note that the hands are hidden. ``scale`` is large text's (1.0 or
    ``LARGE_SCALE``); ``maps=False`` draws plain labelled pentagons."""

    def __init__(
        self,
        *,
        maps: bool,
        interactive: bool,
        scale: float,
        targets: ClickTargets,
        messages: MessageLine,
        on_pick: Callable[..., None],
        on_click: Callable[[float, float], None],
    ) -> None:
        self.maps = maps
        self.interactive = interactive
        self.scale = scale
        self.targets = targets
        self.messages = messages
        self.on_pick = on_pick
        self.on_click = on_click
        #: The table on screen: the live canvas (ipympl's widget), or a picture.
        self.picture: Any = widgets.Image(format="png")
        self.table_picture = self._table_picture()
        #: What the board shows of the table: the canvas in a box of its own, or the picture.
        self.table_view = (
            canvas_box(self.picture, _("The table: the cards laid so far and their open edges."))
            if self.interactive
            else self.picture
        )
        self.hand_cards = widgets.HBox()
        self.hand_cards.add_class("gt-hand")
        self.hand_widgets: dict[str, HandCard] = {}
        self.joint = widgets.Image(format="png")
        self.joint.add_class("gt-joint")
        self.joint_box = Described(self.joint)
        self._joint_key: tuple[Any, ...] | None = None
        self.hidden_hand = widgets.HTML()

    def _table_picture(self) -> TablePicture:
        """The table drawn at this panel's scale: a live canvas to click on, or a picture."""
        dpi = 100.0 * self.scale
        if self.interactive:
            figure = live_figure(TABLE_SIZE, dpi)
            picture = TablePicture(figure=figure, maps=self.maps)
            self.picture = figure.canvas
            self.picture.add_class("gt-table-canvas")
            self.picture.mpl_connect(
                "button_press_event", safe(self._table_clicked, show=self.messages)
            )
            return picture
        self.picture = widgets.Image(format="png")
        self.picture.add_class("gt-table-picture")
        return TablePicture(size=TABLE_SIZE, dpi=dpi, maps=self.maps)

    def _table_clicked(self, event: MouseEvent) -> None:
        if not is_pick(event, self.table_picture.ax) or event.xdata is None or event.ydata is None:
            return
        self.on_click(float(event.xdata), float(event.ydata))

    # ----- what the board shows under the table ----------------------------------------------
    def with_joint(self) -> list[widgets.Widget]:
        return [self.table_view, self.joint_box]

    def with_hidden_hand(self, hidden: bool) -> list[widgets.Widget]:
        """No hand shown: with several people, a note that the hands are hidden."""
        self.hidden_hand.value = _(HIDDEN_HANDS) if hidden else ""
        return [self.table_view, self.hidden_hand]

    def with_hand(
        self, hand: Sequence[str], chosen: str | None, edge: int | None
    ) -> list[widgets.Widget]:
        self.fill_hand_cards(hand, chosen, edge)
        return [self.table_view, self.hand_cards]

    # ----- the hand -------------------------------------------------------------------------
    def hand_card(self, card: str) -> HandCard:
        widget = self.hand_widgets.get(card)
        if widget is None:
            widget = HandCard(
                card,
                safe(self.on_pick, show=self.messages),
                maps=self.maps,
                clickable=self.interactive,
                show=self.messages,
                scale=self.scale,
            )
            self.hand_widgets[card] = widget
        return widget

    def fill_hand_cards(self, hand: Sequence[str], chosen: str | None, edge: int | None) -> None:
        """The hand's pictures on the board (cards that left the hand drop their targets)."""
        if [c.card for c in self.hand_cards.children] != list(hand):
            for card, widget in self.hand_widgets.items():
                if card not in hand:
                    self.publish_hand_targets(widget, shown=False)
            self.hand_cards.children = [self.hand_card(c) for c in hand]
        self.show_hand_choice(chosen, edge)
        for widget in self.hand_cards.children:
            self.publish_hand_targets(widget)

    def publish_hand_targets(self, card: HandCard, shown: bool = True) -> None:
        if card.clickable:
            points = card.targets() if shown else {}
            self.targets.show(
                card.figure, card.figure.axes[0], points, canvas=f".{canvas_class(card.card)}"
            )

    def show_hand_choice(self, chosen: str | None, edge: int | None) -> None:
        """Frame the chosen card, with ``edge`` marked as the one that touches (None: none)."""
        for card in self.hand_cards.children:
            card.show(card.card == chosen, edge)

    def clear_hand(self) -> None:
        """Nothing of a hidden hand stays in the widgets, not even out of sight."""
        self.hand_cards.children = []
        for card in self.hand_widgets.values():
            self.publish_hand_targets(card, shown=False)

    # ----- the table ------------------------------------------------------------------------
    def draw_table(
        self,
        view: Mapping[str, Any],
        marks: list[SlotMark],
        ghost: dict[str, Any] | None,
        chosen: int | None,
    ) -> None:
        """The table of ``view``, its free places ``marks`` numbered (the place ``chosen``
        framed) and the ``ghost`` of the card being laid."""
        self.table_picture.draw(
            view["table"],
            marks,
            last=len(view["table"]) - 1 if view["phase"] == "challenge" else None,
            ghost=ghost,
            chosen=chosen,
            bounds=view["bounds"],
        )
        if self.interactive:
            self.table_picture.figure.canvas.draw_idle()
            points = {
                f"place {m.number}": b
                for m, b in zip(marks, self.table_picture.badges, strict=True)
            }
            if ghost is not None:
                points.update(edge_points(ghost_corners(ghost), "ghost"))
            self.targets.show(
                self.table_picture.figure, self.table_picture.ax, points, canvas=".gt-table-canvas"
            )
        else:
            self.picture.value = self.table_picture.png()

    def show_joint(self, view: Mapping[str, Any]) -> None:
        """The card just laid and each card it touches, joint by joint, up close."""
        cards = view["table"]
        key = (len(cards), cards[-1]["card"] if cards else None, self.maps)
        if key == self._joint_key:
            return
        self._joint_key = key
        png, joints = joint_picture(view, maps=self.maps, panel_px=JOINT_PX)
        self.joint.value = png
        laid = card_name(cards[-1]["card"]) if cards else _("none")
        self.joint_box.describe(
            _(
                "Close-up of the card just laid ({card}) and each card it touches, joint by joint."
            ).format(card=laid)
        )
        self.joint.layout.width = f"{round(JOINT_PX * self.scale) * max(1, joints)}px"

    # ----- large text, closing ----------------------------------------------------------------
    def set_scale(self, scale: float) -> None:
        """Large text draws the table and the hand larger, their numbers and names too."""
        self.scale = scale
        scale_figure(self.table_picture.figure, scale)
        for card in self.hand_widgets.values():
            card.set_scale(scale)

    def closing(self) -> None:
        for card in self.hand_widgets.values():
            card.close_card()
        if self.interactive:
            self.picture.close()
