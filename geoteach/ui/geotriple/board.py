"""GeoTriple's board: the U.S. map (with its caption and zoom buttons) and Stage 3's table,
and the Stage 3 hand's cards (which the step's controls show, beside the map). A part of
``GeoTripleScreen`` (mixed in), drawn from the views only; the paint comes from
``geoteach.render.geotriple`` and the words from ``wording``."""

from __future__ import annotations

from typing import Any

import ipywidgets as widgets

from geoteach.i18n import _
from geoteach.render import geotriple as drawing
from geoteach.render.mapview import MapView, new_figure, to_png
from geoteach.render.us import us_map_view
from geoteach.render.zoom import STEP, MapZoom
from geoteach.ui.canvases import Described
from geoteach.ui.geotriple import map_words, wording, wording_steps
from geoteach.ui.safe import safe
from geoteach.ui.shell import board_map, canvas_box


class BoardPanel:
    """The map panel and the Stage 3 cards of the GeoTriple screen (a mixin: it uses the
    screen's ``game``, ``table``, ``viewer``, ``messages``, ``selected`` and ``explaining``)."""

    game: Any
    interactive: bool
    show_possible: bool
    explaining: dict[str, Any] | None
    selected: list[str]
    messages: Any
    board: widgets.VBox

    def _build_board(self, large: bool) -> None:
        self._painted: tuple[Any, ...] | None = None
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
            button.on_click(safe(lambda _b, go=go: go(), show=self.messages))
        self.zoom_bar = widgets.HBox(
            [self.zoom_in, self.zoom_out, self.zoom_home, self.zoom_northeast]
        )
        self.map: MapView
        self._zoom: MapZoom
        self._build_map(large)
        self.table_area = widgets.HTML()
        self.table_area.add_class("gt-table-area")
        self.tiles_box = widgets.Box(layout=widgets.Layout(flex_flow="row wrap", width="100%"))
        self._tiles: dict[str, widgets.Button] = {}
        self.tiles_heading = widgets.HTML(
            wording.your_cards_html(), layout=widgets.Layout(width="100%")
        )
        # The hand is not on the board: under the trick it pushed the bottom of the map (Texas
        # to Florida, Alaska and Hawaii, where a trick's states are shown) below the first
        # screen at 1366×768. It is the step's control, so the step's controls show it.
        self.stage3_box = widgets.VBox([self.table_area])

    def _draw_board(self) -> None:
        self._paint_map()
        game = self.game
        view = game.view(None)
        # The canvas keeps its place among the board's children: moving it makes the page
        # build a new view of it (and the order of the others could come out wrong).
        shown = [self.stage3_box, self.map_caption, self.zoom_bar, self._map_widget()]
        if list(self.board.children) != shown:
            self.board.children = shown
        if "stage3" in view and view["phase"] in (*wording.STAGE3, "round_over", "game_over"):
            self.table_area.value = wording_steps.trick_table_html(
                view, self.table, self.explaining
            )
            self.stage3_box.layout.display = ""
        else:
            self.stage3_box.layout.display = "none"

    def _map_widget(self) -> widgets.Widget:
        return self._map_described()

    def _map_described(self) -> Described:
        """The map on the board (the live canvas, or its picture) with its words."""
        if not self.interactive:
            return self.map_picture_box
        if getattr(self, "_canvas_box", None) is None:
            self._canvas_box = canvas_box(self.map.figure.canvas)
        return self._canvas_box

    def _hand_tiles(self) -> list[widgets.Widget]:
        """The Stage 3 hand as card buttons (two lines each), only for the player looking;
        the step's controls show them (``tiles_box``)."""
        seat = self.viewer
        if seat is None or self.game.phase not in wording.STAGE3:
            return []
        view = self.game.view(seat)
        tiles: list[widgets.Widget] = [self.tiles_heading]
        for code in view["stage3"]["hand"]:
            if code not in self._tiles:
                tile = widgets.Button(layout=widgets.Layout(width="100%", height="auto"))
                tile.add_class("gt-card-tile")
                tile.on_click(safe(lambda _b, c=code: self.tile_clicked(c), show=self.messages))
                self._tiles[code] = tile
            tile = self._tiles[code]
            picked = code in self.selected
            tile.description, tile.tooltip = wording_steps.hand_tile(view, code, picked)
            tile.button_style = "warning" if picked else ""
            tile.icon = "check" if picked else ""
            # A heavy frame and aria-pressed too: the yellow alone vanishes in greyscale.
            (tile.add_class if picked else tile.remove_class)("gt-picked")
            tiles.append(tile)
        return tiles

    # ----- the map -----------------------------------------------------------------------
    def _build_map(self, large: bool) -> None:
        """The U.S. map at the board's size (labels 11 px, or 15 px in large text).

        Large text draws the map again on the same figure, made bigger: a live canvas stays the
        same widget on the page (a new one would leave the old picture behind).
        """
        old = getattr(self, "map", None)
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
            on_pick=safe(self.pick, show=self.messages),
            on_change=self._show_map,
        )
        if not self.interactive:
            self.map_picture.layout.width = f"{round(size[0] * drawing.MAP_DPI)}px"
            self.map_picture.layout.max_width = "100%"

    def _northeast(self) -> list[str]:
        """The Northeast and the small states beside it that carry their label outside."""
        return drawing.northeast(self.game.view(None)["cards"], self.map)

    def _show_map(self) -> None:
        """Push the map to the screen (a PNG when it is not a live canvas); browser tests
        learn where each state is on the canvas."""
        if self.interactive:
            self.map.figure.canvas.draw_idle()
        else:
            self.map_picture.value = to_png(self.map.figure)
        view = self.map
        self.show_click_targets(
            view.figure, view.ax, {c: view.anchors[i] for i, c in enumerate(view.codes)}
        )

    def _paint_map(self) -> None:
        """Colour the map for the step (or the verdict being read); said in the caption."""
        seat = self.viewer
        view = self.game.view(seat)
        spec = drawing.map_paint(
            view,
            seat,
            explaining=self.explaining,
            selected=self.selected,
            show_possible=self.show_possible,
            on_map=self.map.codes,
        )
        caption = wording_steps.map_caption(
            view,
            self.table,
            seat,
            explaining=self.explaining,
            show_possible=self.show_possible,
            interactive=self.interactive,
        )
        cards = view["cards"]
        # The states still possible are listed for the step, even while a verdict's picture is
        # on the map: in a class game the other team's clue can arrive while this team still
        # reads the verdict of its last guess, and the next guess needs the list.
        step = spec
        if self.explaining is not None:
            step = drawing.map_paint(
                view,
                seat,
                explaining=None,
                selected=self.selected,
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
