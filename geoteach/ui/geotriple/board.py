"""GeoTriple's board panel: the U.S. map (with its caption and zoom buttons) and Stage 3's
table (the trick being played, the tricks won).

A panel with explicit inputs: ``draw(seen, public, seat, explaining, selected)`` returns the
widgets the board shows, drawn from the view of the player looking (``seen``; the public view
when nobody's private cards may be on screen) and the public view; a click on a state of the
live map calls ``on_pick(code)``. It never reads the game. The paint comes from
``geoteach.render.geotriple`` and the words from ``wording_steps`` and ``map_words``.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

import ipywidgets as widgets

from geoteach.games.table import Table
from geoteach.i18n import _
from geoteach.render import geotriple as drawing
from geoteach.render import palettes
from geoteach.render.mapview import MapView, new_figure, to_png
from geoteach.render.us import us_map_view
from geoteach.render.zoom import STEP, MapZoom
from geoteach.ui.canvases import Described
from geoteach.ui.geotriple import map_words, wording, wording_steps
from geoteach.ui.geotriple.terms import View
from geoteach.ui.messages import MessageLine
from geoteach.ui.safe import safe
from geoteach.ui.shell import ClickTargets, board_map, canvas_box


class BoardPanel:
    """The left of GeoTriple's screen. ``interactive=True`` (a kernel with ipympl) makes the map
    a canvas you click (``on_pick``) and zoom; otherwise it is a picture. ``show_possible``
    paints the states still possible after the clues; ``large`` draws the map for large text
    from the start."""

    def __init__(
        self,
        table: Table,
        *,
        interactive: bool,
        show_possible: bool,
        large: bool,
        on_pick: Callable[[str], None],
        targets: ClickTargets,
        messages: MessageLine,
    ) -> None:
        self.table = table
        self.interactive = interactive
        self.show_possible = show_possible
        self.on_pick = on_pick
        self.targets = targets
        self.messages = messages
        #: The cards of the view last drawn (the Northeast zoom reads their regions).
        self.cards: Mapping[str, Any] = {}
        self._painted: tuple[Any, ...] | None = None
        self._canvas_box: Described | None = None
        self.map_caption = widgets.HTML()
        self.map_caption.add_class("gt-map-caption")
        self.map_picture = widgets.Image(format="png")
        self.map_picture_box = Described(self.map_picture)
        self.zoom_in = widgets.Button(description=_("Zoom in"), icon="search-plus")
        self.zoom_out = widgets.Button(description=_("Zoom out"), icon="search-minus")
        self.zoom_home = widgets.Button(description=_("Whole map"), icon="globe")
        self.zoom_northeast = widgets.Button(
            description=_("Northeast"),
            icon="search",
            tooltip=_("Zoom to the small north-eastern states"),
        )
        for button, go in (
            (self.zoom_in, lambda: self._zoom.zoom(STEP)),
            (self.zoom_out, lambda: self._zoom.zoom(1 / STEP)),
            (self.zoom_home, lambda: self._zoom.home()),
            (self.zoom_northeast, lambda: self._zoom.show(self._northeast(), margin=0.05)),
        ):
            button.add_class("gt-zoom")
            button.on_click(safe(lambda _b, go=go: go(), show=messages))
        self.zoom_bar = widgets.HBox(
            [self.zoom_in, self.zoom_out, self.zoom_home, self.zoom_northeast]
        )
        self.map: MapView
        self._zoom: MapZoom
        self._build_map(large)
        self.table_area = widgets.HTML()
        self.table_area.add_class("gt-table-area")
        # The hand is not on the board: under the trick it pushed the bottom of the map (Texas
        # to Florida, Alaska and Hawaii, where a trick's states are shown) below the first
        # screen at 1366×768. It is the step's control, so the step panel shows it.
        self.stage3_box = widgets.VBox([self.table_area])

    def draw(
        self,
        seen: View,
        public: View,
        seat: int | None,
        explaining: Mapping[str, Any] | None,
        selected: Sequence[str],
    ) -> list[widgets.Widget]:
        """The board's widgets for ``seen`` (``seat``'s view, or the public one when ``seat``
        is None), the verdict being explained and the cards picked."""
        self.cards = public["cards"]
        self._paint_map(seen, seat, explaining, selected)
        if "stage3" in public and public["phase"] in (*wording.STAGE3, "round_over", "game_over"):
            self.table_area.value = wording_steps.trick_table_html(public, self.table, explaining)
            self.stage3_box.layout.display = ""
        else:
            self.stage3_box.layout.display = "none"
        # The canvas keeps its place among the board's children (the screen puts them on the
        # board only when they differ: moving it makes the page build a new view of it).
        return [self.stage3_box, self.map_caption, self.zoom_bar, self._map_described()]

    def highlight(self, code: str) -> None:
        """Mark a clicked state at once, before the move is worked out."""
        self.map.highlight(code, palettes.HIGHLIGHT)

    def set_large(self, large: bool) -> None:
        """Draw the map again at the large-text size (or back); the next ``draw`` paints it."""
        self._build_map(large)
        self._painted = None

    def closing(self) -> None:
        """Free the live canvas's figure."""
        if self.interactive:
            import matplotlib.pyplot as plt

            plt.close(self.map.figure)

    def _map_described(self) -> Described:
        """The map on the board (the live canvas, or its picture) with its words."""
        if not self.interactive:
            return self.map_picture_box
        if self._canvas_box is None:
            self._canvas_box = canvas_box(self.map.figure.canvas)
        return self._canvas_box

    # ----- the map -----------------------------------------------------------------------
    def _build_map(self, large: bool) -> None:
        """The U.S. map at the board's size (labels 11 px, or 15 px in large text).

        Large text draws the map again on the same figure, made bigger: a live canvas stays the
        same widget on the page (a new one would leave the old picture behind).
        """
        old: MapView | None = getattr(self, "map", None)
        size = drawing.MAP_SIZE_LARGE if large else drawing.MAP_SIZE
        if old is None:
            figure = new_figure(size, dpi=drawing.MAP_DPI, interactive=self.interactive)
        else:
            old.stop_picking()
            self._zoom.disconnect_wheel()
            figure = old.figure
            figure.clear()
            figure.set_size_inches(*size)
        self.map = us_map_view(
            ax=figure.add_axes((0.0, 0.0, 1.0, 1.0)),
            fontsize=drawing.LABEL_PT_LARGE if large else drawing.LABEL_PT,
        )
        self._zoom = board_map(
            self.map,
            interactive=self.interactive,
            on_pick=safe(self.on_pick, show=self.messages),
            on_change=self._show_map,
        )
        if not self.interactive:
            self.map_picture.layout.width = f"{round(size[0] * drawing.MAP_DPI)}px"
            self.map_picture.layout.max_width = "100%"

    def _northeast(self) -> list[str]:
        """The Northeast and the small states beside it that carry their label outside."""
        return drawing.northeast(self.cards, self.map)

    def _show_map(self) -> None:
        """Push the map to the screen (a PNG when it is not a live canvas); browser tests
        learn where each state is on the canvas."""
        if self.interactive:
            self.map.figure.canvas.draw_idle()
        else:
            self.map_picture.value = to_png(self.map.figure)
        view = self.map
        self.targets.show(
            view.figure, view.ax, {c: view.anchors[i] for i, c in enumerate(view.codes)}
        )

    def _paint_map(
        self,
        seen: View,
        seat: int | None,
        explaining: Mapping[str, Any] | None,
        selected: Sequence[str],
    ) -> None:
        """Colour the map for the step (or the verdict being read); said in the caption."""
        spec = drawing.map_paint(
            seen,
            seat,
            explaining=explaining,
            selected=selected,
            show_possible=self.show_possible,
            on_map=self.map.codes,
        )
        caption = wording_steps.map_caption(
            seen,
            self.table,
            seat,
            explaining=explaining,
            show_possible=self.show_possible,
            interactive=self.interactive,
        )
        cards = seen["cards"]
        # The states still possible are listed for the step, even while a verdict's picture is
        # on the map: in a class game the other team's clue can arrive while this team still
        # reads the verdict of its last guess, and the next guess needs the list.
        step = spec
        if explaining is not None:
            step = drawing.map_paint(
                seen,
                seat,
                explaining=None,
                selected=selected,
                show_possible=self.show_possible,
                on_map=self.map.codes,
            )
        self.map_caption.value = f"<p>{caption}</p>" + map_words.possible_html(step, cards)
        self._map_described().describe(map_words.map_alt(spec, cards))
        key = (*spec, self.map.figure.get_figwidth())
        if key == self._painted:
            return
        self._painted = key
        drawing.paint(self.map, spec)
        self._show_map()
