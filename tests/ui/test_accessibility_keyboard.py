"""Issue 25, the keyboard and the names: no trap on a canvas, the step's controls first in the
tab order, every canvas and picture described in words, selected toggles marked."""

from __future__ import annotations

import re
from pathlib import Path

import ipywidgets as widgets

from geoteach.ui.canvases import Described, canvas_box
from geoteach.ui.styles import css_text
from tests.ui.test_accessibility_shell import FakeGame, FirstMove, Turns

TEMPLATES = Path(__file__).parents[2] / "jupyter/share/jupyter/voila/templates/geoteach"
TEMPLATE = TEMPLATES / "index.html.j2"
#: The app's style sheet (``geoteach/ui/css/app.css``), as the page gets it.
APP_CSS = css_text("app")


def page_script() -> str:
    """Every <script> of the kit's page template, one after the other, with the files it
    includes (``{% include 'canvas_keys.js' %}``) put in."""
    text = re.sub(
        r"\{% include '([\w.]+)' %\}",
        lambda m: (TEMPLATES / m.group(1)).read_text(),
        TEMPLATE.read_text(),
    )
    return "\n".join(part.split("</script>", 1)[0] for part in text.split("<script>")[1:])


def test_the_included_script_is_plain_javascript_to_jinja() -> None:
    """The template includes canvas_keys.js as template text: Jinja would read any of its
    markers in it, so it has none (JupyterLab gets the same file as it is)."""
    script = (TEMPLATES / "canvas_keys.js").read_text()
    assert not re.search(r"\{[{%#]|[}%#]\}", script)
    assert "{% include 'canvas_keys.js' %}" in TEMPLATE.read_text()


def test_canvases_leave_the_tab_order_and_let_tab_and_escape_through() -> None:
    script = page_script()
    assert ".jupyter-matplotlib-canvas-div" in script
    assert "set(div, 'tabindex', '-1')" in script and "set(div, 'role', 'img')" in script
    # A capture-phase listener on the document runs before ipympl's own on the canvas: it stops
    # Tab and Escape there, so ipympl never cancels them.
    listener = script[script.index("addEventListener('keydown'") :]
    assert "event.stopPropagation()" in listener and listener.rstrip().endswith("}, true);\n})();")
    assert "'Tab'" in listener and "'Escape'" in listener


def test_focus_goes_to_continue_or_the_step_not_to_the_page() -> None:
    script = page_script()
    recover = script[script.index("function recover") :]
    assert recover.index(".gt-feedback") < recover.index(".gt-controls")
    # Focus put on Skip ahead while the computers played moves on to the student's step when
    # one comes up meanwhile (Global Pursuit's challenge window): Skip ahead comes after it.
    assert "parked = next[0].classList.contains('gt-skip')" in recover
    assert re.search(r"if \(parked && active === parked && !pointed\)", recover)


def test_the_side_column_comes_first_in_the_page_and_is_drawn_on_the_right() -> None:
    screen = Turns(FakeGame(), {1: FirstMove()}, bot_delay=0)
    (main,) = [w for w in screen.children if "gt-main" in getattr(w, "_dom_classes", ())]
    side, left = main.children
    assert "gt-side" in side._dom_classes and "gt-board" in left._dom_classes
    assert side.children[1] is screen.controls and screen.board in left.children
    assert re.search(r"\.gt-main \{[^}]*row-reverse", APP_CSS)


def test_a_canvas_box_says_what_it_shows() -> None:
    picture = widgets.Image(format="png")
    box = Described(picture, "Track:  You on 3")
    assert box.children == (picture, box.words) and "gt-described" in box._dom_classes
    assert box.text == "Track: You on 3" and "gt-description" in box.words._dom_classes
    box.describe("Map of <Kenya>")
    assert box.words.value == "Map of &lt;Kenya&gt;"
    canvas = widgets.Box()  # stands in for an ipympl canvas (no kernel here)
    board = canvas_box(canvas, "The board")
    assert isinstance(board, Described) and "gt-canvas" in board._dom_classes
    assert board.picture is canvas and board.text == "The board"
    assert ".gt-description" in APP_CSS


def test_selected_toggles_are_marked_by_more_than_a_shade() -> None:
    script = page_script()
    assert "aria-pressed" in script and "mod-active" in script and "gt-picked" in script
    assert re.search(r"\.mod-active::before[^{]*\{\s*content: \"✔ \"", APP_CSS)
    assert "inset 0 0 0 3px" in APP_CSS


def test_pictures_and_canvases_get_their_words() -> None:
    script = page_script()
    assert (
        "set(img, 'alt', text)" in script
        and "set(div, 'aria-label', words(div) || 'Game board')" in script
    )


def test_the_side_column_narrows_then_moves_under_the_board() -> None:
    assert "@media (max-width: 1100px)" in APP_CSS and "@media (max-width: 900px)" in APP_CSS
    narrow = APP_CSS[APP_CSS.index("@media (max-width: 900px)") :]
    assert "column-reverse" in narrow  # the board (last on the page) is drawn on top


def test_focus_comes_back_after_a_control_was_disabled_for_a_moment() -> None:
    """A focused button that is disabled while a move is drawn drops focus to the page; once it
    is enabled again focus goes back to it (unless the student clicked the page meanwhile),
    and while the computers play, Skip ahead is the control to go to."""
    recover = page_script()[page_script().index("function recover") :]
    assert "last.focus()" in recover and "pointed" in recover
    assert "gt-skip" in recover
    assert "addEventListener('mousedown'" in page_script()


def test_the_teachers_seat_panel_folds_with_a_button_the_keyboard_reaches() -> None:
    """ipywidgets' Accordion header is a div Tab skips (and grey below 4.5:1): the class game's
    "Teams and devices" fold is a toggle that says what pressing it does."""
    from types import SimpleNamespace

    from geoteach.ui.class_game.host_app import SeatPanel
    from geoteach.ui.messages import MessageLine

    panel = SeatPanel(SimpleNamespace(messages=MessageLine()))
    assert isinstance(panel.fold, widgets.ToggleButton) and panel.children[0] is panel.fold
    assert panel.fold.description == "Teams and devices" and panel.body.layout.display == "none"
    panel.fold.value = True
    assert panel.fold.description == "Hide teams and devices" and panel.body.layout.display == ""
    assert not any(isinstance(w, widgets.Accordion) for w in panel.children)
