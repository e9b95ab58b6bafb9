"""Issue 25: Enter in every typed-answer box presses the box's button (geoteach.ui.enter_key).

A box never answers by itself (leaving it sends its value, and a half-typed answer must not be
judged then); the Voilà page script presses the marked button on Enter. These tests check that
every screen with a typed answer marks its box and button, in one row, and that the page script
sends the box's value before the click and leaves an input method's Enter alone.
"""

from __future__ import annotations

import ipywidgets as widgets

from geoteach.quiz.question import Question
from geoteach.ui.class_game.host_app import SeatPanel
from geoteach.ui.class_game.join import JoinApp
from geoteach.ui.enter_key import ENTER_BOX, ENTER_BUTTON, enter_presses
from geoteach.ui.question_card import QuestionCard
from tests.classroom.service import service
from tests.geotriple.conftest import real_states
from tests.geotriple.test_ui import solo
from tests.globalissimo.test_ui import _two_player
from tests.ui.test_accessibility_keyboard import page_script


def marked(box: widgets.Text, button: widgets.Button) -> bool:
    return (
        ENTER_BOX in box._dom_classes
        and ENTER_BUTTON in button._dom_classes
        and not box.continuous_update
    )


def test_enter_presses_marks_the_pair() -> None:
    box, button = widgets.Text(), widgets.Button(description="Go")
    enter_presses(box, button)
    assert marked(box, button)


def test_every_typed_answer_box_presses_its_button(tmp_path) -> None:
    card = QuestionCard()
    globalissimo = _two_player()
    geotriple, _clock = solo(real_states())
    join = JoinApp(connection=service(tmp_path))
    panel = SeatPanel(join)  # the teacher's rename box (it only needs an app's messages)
    pairs = [
        (card.answer_box, card.submit_button),
        (globalissimo.parts.step_panel.answer_text, globalissimo.parts.step_panel.answer_button),
        (geotriple.parts.step_panel.guess_box, geotriple.parts.step_panel.guess_button),
        (join.code_box, join.join_button),
        (panel.name, panel.rename),
    ]
    for box, button in pairs:
        assert marked(box, button), box
    # The page script looks for the button in the row that holds the box.
    card.ask(Question("Capitals", 1, "Capital of Peru?", "Lima"))
    assert list(card.answer_area.children[0].children) == [card.answer_box, card.submit_button]
    assert list(geotriple.parts.step_panel.guess_row.children) == [
        geotriple.parts.step_panel.guess_box,
        geotriple.parts.step_panel.guess_button,
    ]


def test_the_page_script_sends_the_value_then_presses_the_button() -> None:
    script = page_script()
    handler = script[script.index("function enterButton") : script.index("'focusin'")]
    assert "event.isComposing" in handler and "229" in handler  # an input method's Enter
    assert handler.index("dispatchEvent(new Event('change'") < handler.index("button.click()")
    assert ".gt-enter-box" in handler and "button.gt-enter-button" in handler
    assert "button.disabled" in handler
    assert "}, true);" in handler  # capture phase: before ipywidgets stops the key
