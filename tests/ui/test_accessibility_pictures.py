"""Issue 25: every picture on a game screen says what it shows (its alt text comes from these
words), in the game's sentences, made from the engine's views."""

from __future__ import annotations

import ipywidgets as widgets
import pytest

from geoteach.games.table import Table
from geoteach.render import geotriple as drawing
from geoteach.ui import safe
from geoteach.ui.canvases import Described
from geoteach.ui.geotriple import map_words
from geoteach.ui.globalissimo import wording


@pytest.fixture(autouse=True)
def _no_errors():
    safe.clear()
    yield
    assert safe.ERRORS == []


def walk(widget: widgets.Widget):
    yield widget
    for child in getattr(widget, "children", ()):
        yield from walk(child)


def test_the_track_in_words() -> None:
    table = Table.of("You", "Robot Ada")
    view = {
        "track_length": 12,
        "positions": [3, 0],
        "track": [
            {"space": 4, "kind": "A", "taken_by": 0},
            {"space": 8, "kind": "B", "taken_by": None},
        ],
    }
    assert wording.track_alt(table, view) == (
        "Track to space 12: You on 3, Robot Ada on Go. "
        "Hurdles: A after space 4 (taken by You), B after space 8."
    )


def test_globalissimo_shows_no_picture_without_words() -> None:
    from geoteach.games.globalissimo import Globalissimo
    from geoteach.ui.globalissimo import GlobalissimoScreen

    game = Globalissimo(Table.of("You", "Robot Ada", bots={"Robot Ada": "easy"}), seed=46)
    ui = GlobalissimoScreen(game, bot_delay=0)
    boxes = [w for w in walk(ui.board) if isinstance(w, Described)]
    assert ui.parts.board_panel.track_box in boxes
    assert (
        ui.parts.board_panel.track_box.text.startswith("Track to space ")
        and "You on" in ui.parts.board_panel.track_box.text
    )
    pictures = [w for w in walk(ui.board) if isinstance(w, widgets.Image)]
    assert pictures and all(any(b.picture is p for b in boxes) for p in pictures)


def test_geotriple_map_names_the_states_each_colour_marks() -> None:
    cards = {"OH": {"name": "Ohio"}, "UT": {"name": "Utah"}, "TX": {"name": "Texas"}}
    spec = drawing.MapPaint(((drawing.POSSIBLE, ("UT", "OH")),), (), ("TX",))
    assert map_words.map_alt(spec, cards) == (
        "Map of the United States. Still possible: Ohio, Utah. Already guessed (striped): Texas."
    )
    assert "Still possible (2):</b> Ohio, Utah" in map_words.possible_html(spec, cards)
    assert map_words.possible_html(drawing.MapPaint(), cards) == ""


def test_a_chip_in_a_seat_colour_keeps_its_number_readable() -> None:
    from geoteach.games.table import SEAT_COLOURS
    from geoteach.ui.theme import text_on
    from tests.ui.test_accessibility_shell import contrast

    for colour in SEAT_COLOURS:
        assert contrast(colour, text_on(colour)) >= 4.5, colour
