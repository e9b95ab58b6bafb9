"""Globe Works' board panel: the map with its key, the hand strip and its note under it, and
the ended round's scores in place of the hand while its verdict is open.

A panel with explicit inputs: ``draw(view, picked, note)`` returns the widgets the board shows
for a view of the round under way (the screen puts them on its board), ``draw_ended(record)``
those of a scored round; a click on a card of the hand strip, or on a city of the hand on the
live map, calls ``on_pick(card, index)``. It never reads the game. The map is drawn by
``geoteach.render.globe_works``, the sentences come from ``wording``.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from functools import partial
from typing import Any

import ipywidgets as widgets

from geoteach.games.globe_works.cards import cards
from geoteach.games.table import Table
from geoteach.i18n import _
from geoteach.render.clicks import is_pick
from geoteach.render.globe_works import RING_PICKED, RING_PLAYABLE, GlobeMap
from geoteach.render.mapview import to_png
from geoteach.ui.canvases import Described
from geoteach.ui.globe_works import wording
from geoteach.ui.globe_works.wording import card_label
from geoteach.ui.messages import MessageLine
from geoteach.ui.safe import on_click, safe
from geoteach.ui.shell import ClickTargets, canvas_box

Info = Mapping[str, Any]


class BoardPanel:
    """The left of Globe Works' screen. ``interactive=True`` (a kernel with ipympl) makes the
    map a canvas: a click on a city of the hand picks that card. Without a widget canvas the
    map is a picture and the hand strip picks."""

    def __init__(
        self,
        table: Table,
        *,
        interactive: bool,
        large: bool,
        on_pick: Callable[[str, int | None], None],
        targets: ClickTargets,
        messages: MessageLine,
    ) -> None:
        self.table = table
        self.on_pick = on_pick
        self.targets = targets
        self.messages = messages
        #: The card picked and which copy of it in the strip (both copies of a duplicate are
        #: the same card), as last drawn.
        self.picked: str | None = None
        self.picked_at: int | None = None

        self.map = GlobeMap(large=large, interactive=interactive)
        canvas = self.map.figure.canvas
        self.interactive = interactive and isinstance(canvas, widgets.Widget)
        if interactive and not self.interactive:  # no widget canvas here: a picture
            self.map.close()
            self.map = GlobeMap(large=large)
        self.map_picture = widgets.Image(format="png")
        self.map_canvas: Described | None = None
        if self.interactive:
            canvas.mpl_connect("button_press_event", safe(self.on_map_click, show=messages))
            self.map_canvas = canvas_box(
                canvas,
                _("World map of the cities and their networks; the cards are buttons below."),
            )
        self._size_picture()
        self.map_key = widgets.HTML()
        self.map_key.add_class("gt-mapkey")
        self.hand_note = widgets.HTML()
        self.hand_note.add_class("gt-handnote")
        self.hand_box = widgets.Box()
        self.hand_box.add_class("gt-hand")
        self.hand_buttons: list[widgets.Button] = []
        self.hand_cards: list[str] = []
        self.result = widgets.HTML()
        self.result.add_class("gt-result")

    # ----- drawing ------------------------------------------------------------------------
    def draw(self, view: Info, picked: str | None, note: str) -> list[widgets.Widget]:
        """The round under way, for ``view`` (a player's, or what everyone sees): the map with
        the table, the hand's rings and names and the pick, its key, the hand strip and
        ``note`` (HTML) above it. Drawn hand first (what a click changes), then the map."""
        self.picked = picked
        self._draw_hand(view, note)
        changed = self.map.draw_table(view, self._colours())
        named = [c for played in view["played"] for c in played]
        changed = self.map.mark_hand(view["hand"], view["playable"], named) or changed
        changed = self.map.pick(picked) or changed
        if changed:
            self.show_map()
        self.map_key.value = wording.map_key_html(
            self.table, rings=True, playable=RING_PLAYABLE, picked=RING_PICKED
        )
        return [self.map_widget(), self.map_key, self.hand_note, self.hand_box]

    def draw_ended(self, record: Info) -> list[widgets.Widget]:
        """The map as it stood when ``record``'s round was scored (the next round is dealt),
        and that round's scores in a table."""
        view = {k: record[k] for k in ("north", "played", "networks")}
        changed = self.map.draw_table(view, self._colours())
        named = [c for played in view["played"] for c in played]
        changed = self.map.mark_hand([], (), named) or changed
        if changed:
            self.show_map()
        self.result.value = wording.result_html(self.table, record)
        return [self.map_widget(), self.result]

    def show_pick(self, picked: str | None, index: int | None = None) -> None:
        """A card picked (``index``: the button clicked): framed in the strip and ringed on the
        map at once."""
        self.picked = picked
        self.picked_at = index
        self._mark_buttons()
        if self.map.pick(picked):
            self.show_map()

    def map_widget(self) -> widgets.Widget:
        """The map as the page shows it: the live canvas, or its picture."""
        return self.map_canvas if self.map_canvas is not None else self.map_picture

    def show_map(self) -> None:
        """Push the map to the screen (a PNG when it is not a live canvas) and say where the
        hand's cities are for browser tests."""
        if self.interactive:
            self.map.figure.canvas.draw_idle()
        else:
            self.map_picture.value = to_png(self.map.figure)
        self.targets.show(self.map.figure, self.map.ax, self.map.targets())

    def set_large(self, large: bool) -> None:
        """Large text: the map and its names grow (the screen draws it again after)."""
        self.map.set_large(large)
        self._size_picture()

    def closing(self) -> None:
        """Close the live map's figure (matplotlib keeps it otherwise)."""
        if self.interactive:
            self.map.close()

    # ----- clicks -------------------------------------------------------------------------
    def on_map_click(self, event: Any) -> None:
        """A left click on a city of the hand (its ring or its name) picks that card; two
        cards in one place take turns. Other clicks change nothing."""
        if not is_pick(event, self.map.ax):
            return
        near = self.map.cards_at(event.x, event.y)
        if not near:
            return
        current = self.picked
        self.on_pick(
            near[(near.index(current) + 1) % len(near)] if current in near else near[0], None
        )

    def _hand_clicked(self, index: int) -> None:
        if index < len(self.hand_cards):
            self.on_pick(self.hand_cards[index], index)

    # ----- the pieces ---------------------------------------------------------------------
    def _draw_hand(self, view: Info, note: str) -> None:
        """The hand strip: one button per card, ✔ and a green frame when it can be played."""
        if view["player"] is None:
            self.hand_cards = []
            self.hand_box.children = []
            self.hand_note.value = note
            return
        hand: Sequence[str] = view["hand"]
        while len(self.hand_buttons) < len(hand):
            button = widgets.Button()
            button.add_class("gt-hand-card")
            index = len(self.hand_buttons)
            on_click(button, partial(self._hand_clicked, index), show=self.messages)
            self.hand_buttons.append(button)
        ok = set(view["playable"])
        self.hand_cards = list(hand)
        for button, card_id in zip(self.hand_buttons, hand, strict=False):
            info = cards()[card_id]
            mark = "✔ " if card_id in ok else ""
            button.description = mark + card_label(card_id)
            button.tooltip = wording.hand_tooltip(card_id, view["why_not_playable"][card_id])
            for css in list(button._dom_classes):
                if css.startswith("gt-region-") or css in ("gt-playable", "gt-linking"):
                    button.remove_class(css)
                if css.startswith("gt-card-"):
                    button.remove_class(css)
            button.add_class(f"gt-card-{card_id}")
            button.add_class("gt-linking" if info.is_linking else f"gt-region-{info.region}")
            if card_id in ok:
                button.add_class("gt-playable")
        self.hand_box.children = self.hand_buttons[: len(hand)]
        self._mark_buttons()
        self.hand_note.value = note

    def _mark_buttons(self) -> None:
        """Frame the picked card's button (one of them when both copies are in the hand)."""
        cards_now = self.hand_cards
        at = self.picked_at
        if self.picked not in cards_now:
            at = None
        elif at is None or at >= len(cards_now) or cards_now[at] != self.picked:
            at = cards_now.index(self.picked)
        self.picked_at = at
        for i, button in enumerate(self.hand_buttons[: len(cards_now)]):
            if i == at:
                button.add_class("gt-picked")
            else:
                button.remove_class("gt-picked")

    def _colours(self) -> list[str]:
        return [s.colour for s in self.table.seats]

    def _size_picture(self) -> None:
        width = round(self.map.figure.get_figwidth() * self.map.figure.dpi)
        self.map_picture.layout.width = f"{width}px"
        self.map_picture.layout.max_width = "100%"
