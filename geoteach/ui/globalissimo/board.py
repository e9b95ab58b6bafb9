"""Globalissimo's board panel: the category and country cards, the track, the numbered map at
hurdle A, and the true order when the cards are turned over.

A panel with explicit inputs: ``draw(view, explaining)`` returns the widgets the board shows
for that view (the screen puts them on its board), and a click on a country of the live map
calls ``on_pick(iso3)``; it never reads the game. Pictures come from
``geoteach.render.globalissimo``, sentences from ``wording``.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

import ipywidgets as widgets

from geoteach.games.globalissimo import HURDLE
from geoteach.games.table import Table
from geoteach.i18n import _
from geoteach.render.globalissimo import (
    LearnMap,
    Locator,
    mark_answer,
    mark_click,
    numbered_map,
    resize_numbered_map,
    reveal_figure,
    track_figure,
)
from geoteach.render.mapview import MapView, to_png
from geoteach.render.zoom import STEP, MapZoom
from geoteach.ui.canvases import Described
from geoteach.ui.globalissimo import wording
from geoteach.ui.globalissimo.cards import cards_html
from geoteach.ui.messages import MessageLine
from geoteach.ui.safe import safe
from geoteach.ui.shell import ClickTargets, board_map, canvas_box

Info = Mapping[str, Any]
#: What the board explains while a verdict is open: ("hurdle", attempt) or ("round", rnd).
Explaining = tuple[str, Info] | None


class BoardPanel:
    """The left of Globalissimo's screen. ``interactive=True`` (a kernel with ipympl) makes the
    numbered map a canvas: a country is clicked (``on_pick``) and zoomed with buttons or the
    wheel; otherwise it is a picture. ``large`` says whether large text is on now (the map's
    labels grow with it)."""

    def __init__(
        self,
        table: Table,
        *,
        interactive: bool,
        large: Callable[[], bool],
        on_pick: Callable[[str], None],
        targets: ClickTargets,
        messages: MessageLine,
    ) -> None:
        self.table = table
        self.interactive = interactive
        self.large = large
        self.on_pick = on_pick
        self.targets = targets
        self.messages = messages
        #: The view and the verdict the board was last drawn for (the map's zoom redraws them).
        self.view: Info | None = None
        self.explaining: Explaining = None
        self._locator: Locator | None = None
        self._numbered: MapView | None = None
        self._zoom: MapZoom | None = None
        self._map_canvas: Described | None = None
        self._learn: LearnMap | None = None
        self._track_key: tuple[Any, ...] | None = None
        self._cards_key: tuple[Any, ...] | None = None

        self.category = widgets.HTML()
        self.cards = widgets.HTML()
        self.track = widgets.Image(format="png", layout=widgets.Layout(width="870px"))
        self.track_box = Described(self.track)
        self.map_picture = widgets.Image(format="png", layout=widgets.Layout(width="100%"))
        self.map_picture_box = Described(self.map_picture)
        self.map_caption = widgets.HTML()
        self.zoom_in = widgets.Button(description=_("Zoom in"), icon="search-plus")
        self.zoom_out = widgets.Button(description=_("Zoom out"), icon="search-minus")
        self.zoom_home = widgets.Button(description=_("Whole map"), icon="globe")
        for button, go in (
            (self.zoom_in, lambda: self._zoomed(STEP)),
            (self.zoom_out, lambda: self._zoomed(1 / STEP)),
            (self.zoom_home, lambda: self._zoomed(None)),
        ):
            button.add_class("gt-zoom")
            button.on_click(safe(lambda _b, go=go: go(), show=messages))
        self.zoom_bar = widgets.HBox([self.zoom_in, self.zoom_out, self.zoom_home])
        self.reveal_chart = widgets.Image(format="png", layout=widgets.Layout(width="435px"))
        self.learn_map = widgets.Image(format="png", layout=widgets.Layout(width="435px"))
        self.learn_text = widgets.HTML()
        self.reveal_box = Described(self.reveal_chart)
        self.learn_box = Described(self.learn_map)
        self.result = widgets.VBox(
            [widgets.HBox([self.reveal_box, self.learn_box]), self.learn_text]
        )

    def draw(self, view: Info, explaining: Explaining) -> list[widgets.Widget]:
        """What the board shows for ``view``: the true order while a round's verdict is open,
        the map with the answer while a hurdle's is, the numbered map at hurdle A, else the
        cards; the track under each."""
        self.view, self.explaining = view, explaining
        self.category.value = wording.category_html(view["round"]["category_card"])
        self._draw_track(view)
        if explaining and explaining[0] == "round":
            return [self.result, self.track_box]
        if explaining and explaining[0] == "hurdle":
            self._draw_answer_map(explaining[1])
            return self._map_children()
        if view["phase"] == HURDLE and view["hurdle"]["kind"] == "A":
            numbered = self.numbered_map()
            numbered.clear()
            self._show_map()
            return self._map_children()
        self.cards.value = self._cards_html(view)
        return [self.category, self.cards, self.track_box]

    def show_result(self, rnd: Info) -> None:
        """The reveal (bars, chips, points) and the learn map coloured by the value."""
        self.reveal_chart.value = to_png(reveal_figure(rnd, self.table))
        self.reveal_box.describe(wording.reveal_alt(rnd))
        self.learn_box.describe(wording.learn_map_alt(rnd))
        if self._learn is None:
            self._learn = LearnMap()
        self.learn_map.value = self._learn.png(rnd)
        self.learn_text.value = wording.learn_html(rnd["category_card"], rnd.get("years"))

    def mark_click(self, iso3: str) -> None:
        """The clicked country, marked at once (before the answer is worked out)."""
        mark_click(self.numbered_map(), iso3)

    def locator_png(self, iso3: str) -> bytes | None:
        """The small map on a country card (kept per country for this board)."""
        if self._locator is None:
            self._locator = Locator()
        return self._locator.png(iso3)

    def numbered_map(self) -> MapView:
        """The numbered wall map, sized for the board; built when first needed."""
        if self._numbered is None:
            self._numbered = numbered_map(self.large(), self.interactive)
            self._zoom = board_map(
                self._numbered,
                interactive=self.interactive,
                on_pick=safe(self.on_pick, show=self.messages),
                on_change=self._show_map,
            )
            if self.interactive:
                self._map_canvas = canvas_box(self._numbered.figure.canvas)
        return self._numbered

    def set_large(self, large: bool) -> None:
        """Large text: the numbered map's labels grow too."""
        if self._numbered is not None:
            resize_numbered_map(self._numbered, large)
            if self._zoom is not None:
                self._zoom.relabel()
            self._show_map()
            self._numbered.figure.canvas.draw_idle()

    def closing(self) -> None:
        """Close the live map's figure (matplotlib keeps it otherwise)."""
        if self.interactive and self._numbered is not None:
            import matplotlib.pyplot as plt

            plt.close(self._numbered.figure)

    def _map_children(self) -> list[widgets.Widget]:
        shown = self._map_canvas if self._map_canvas is not None else self.map_picture_box
        return [self.map_caption, self.zoom_bar, shown, self.track_box]

    def _draw_track(self, view: Info) -> None:
        """The track picture, made again only when a runner moved or a hurdle was taken."""
        key = (
            int(view["track_length"]),
            tuple(view["positions"]),
            tuple((h["space"], h["kind"], h["taken_by"]) for h in view["track"]),
        )
        if key != self._track_key:
            self._track_key = key
            self.track.value = to_png(track_figure(view, self.table))
            self.track_box.describe(wording.track_alt(self.table, view))

    def _cards_html(self, view: Info) -> str:
        """The country cards, made again only when a card or a number on one changed."""
        rnd = view["round"]
        key = (
            rnd["number"],
            tuple(rnd["countries"]),
            tuple((g["country"], g["rank"]) for g in rnd["guesses"]),
        )
        if key == self._cards_key:
            return self.cards.value
        self._cards_key = key
        return cards_html(rnd, self.table, self.locator_png)

    def _zoomed(self, factor: float | None) -> None:
        self.numbered_map()
        assert self._zoom is not None
        if factor is None:
            self._zoom.home()
        else:
            self._zoom.zoom(factor)

    def _show_map(self) -> None:
        """Push the numbered map to the screen (a PNG when it is not a live canvas)."""
        if not self.interactive and self._numbered is not None:
            self.map_picture.value = to_png(self._numbered.figure)
        hurdle = self.view["hurdle"] if self.view is not None else None
        if self.explaining is None and hurdle is not None:
            self.map_caption.value = wording.find_caption_html(hurdle)
            self._describe_map(wording.map_alt(hurdle["name"]))
            if self._numbered is not None:
                shown = self._numbered
                self.targets.show(
                    shown.figure,
                    shown.ax,
                    {c: shown.anchors[shown.codes.index(c)] for c in shown.pickable},
                )

    def _draw_answer_map(self, attempt: Info) -> None:
        """After a hurdle: the country in green with its number, a wrong pick in orange."""
        shown = mark_answer(self.numbered_map(), attempt)
        assert self._zoom is not None
        self._zoom.show(shown, margin=0.25, min_share=0.22)
        self.map_caption.value = wording.answer_caption_html(attempt)
        self._describe_map(wording.answer_map_alt(attempt))

    def _describe_map(self, text: str) -> None:
        """The numbered map in words, on the canvas or the picture shown."""
        self.map_picture_box.describe(text)
        if self._map_canvas is not None:
            self._map_canvas.describe(text)
