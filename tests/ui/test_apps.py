"""The student apps' set-up screen: defaults a student can start with, the link settings, the
lesson record, and a clear word when the record cannot be written."""

from __future__ import annotations

import pytest

from geoteach.classroom import open_lesson
from geoteach.ui import safe
from geoteach.ui.apps import APPS, StudentApp, default_players, link_settings, spec_for


@pytest.fixture(autouse=True)
def _no_errors():
    safe.clear()
    yield
    assert safe.ERRORS == []


@pytest.mark.parametrize("key", sorted(APPS))
def test_every_app_starts_with_you_and_computers(key: str) -> None:
    try:
        spec = spec_for(key)
    except AttributeError:
        pytest.skip(f"{key} has no app yet")
    seats = default_players(spec)
    assert seats[0].name == "You" and not seats[0].is_bot
    assert all(s.is_bot for s in seats[1:])
    assert spec.game_cls.min_seats <= len(seats) <= spec.game_cls.max_seats


def test_a_link_can_fix_the_deal_and_ask_for_large_text(monkeypatch) -> None:
    monkeypatch.setenv("QUERY_STRING", "seed=42&large=1&token=abc")
    assert link_settings() == {"seed": 42, "large": True}
    monkeypatch.setenv("QUERY_STRING", "seed=../../x&large=no")
    assert link_settings() == {}


def test_answers_go_into_the_lesson_record(tmp_path) -> None:
    record = tmp_path / "7B.sqlite"
    app = StudentApp(spec_for("globalissimo"), seed=46, lesson=record)
    assert "kept on this computer" in app.setup_screen.children[0].value
    app.option_boxes["bot_delay"][1].value = 3  # instant
    app.setup.start.click()
    screen = app.screen
    for _ in range(2):  # two rounds: always 1 on the first country
        screen.rank_buttons[0].click()
        screen.feedback.continue_button.click()
    assert screen.game.phase == "hurdle" and screen.game.to_act() == [0]
    screen.click_country("IRN")
    answers = open_lesson(record).answers()
    mine = answers[answers["player"] == "You"]
    assert len(mine) >= 3  # two rankings and the hurdle
    hurdle = mine[mine["place"] == "IRN"].iloc[-1]
    assert bool(hurdle["correct"]) and hurdle["game"] == "globalissimo"


def test_a_record_that_cannot_be_written_is_said_and_the_game_goes_on(tmp_path) -> None:
    folder = tmp_path / "not-a-file.sqlite"
    folder.mkdir()
    app = StudentApp(spec_for("globalissimo"), seed=3, lesson=folder)
    app.option_boxes["bot_delay"][1].value = 3
    app.setup.start.click()
    assert app.screen is not None
    assert "not being kept" in app.screen.messages.text
    app.screen.rank_buttons[0].click()
    assert len(app.screen.game.log) >= 1
