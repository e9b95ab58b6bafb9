"""The UI building blocks, driven from Python: set values, click, read what is shown."""

from __future__ import annotations

import ipywidgets as widgets
import pytest

from geoteach.games.base import IllegalAction
from geoteach.games.table import Seat, Table
from geoteach.ui import safe
from geoteach.ui.hotseat import HotSeatGuard
from geoteach.ui.messages import MessageLine
from geoteach.ui.table_setup import TableSetup
from geoteach.ui.theme import ProjectorMode, large_css
from tests.kit.kit_toy_game import RaceToTen

EVIL = "<b>Bob</b>"
ESCAPED = "&lt;b&gt;Bob&lt;/b&gt;"


def test_table_setup_builds_players_bots_and_the_flag_holder() -> None:
    made: list[Table] = []
    setup = TableSetup(first_player_rule="checkered_flag", on_ready=made.append)
    setup.count.value = 3
    rows = setup.active_rows
    rows[0].name.value = "Jenny"
    rows[1].name.value = "David"
    rows[2].name.value = "Robo"
    rows[2].kind.value = "bot"
    assert not rows[2].level.disabled and rows[0].level.disabled
    setup.first.value = 1
    setup.start.click()
    assert len(made) == 1
    table = made[0]
    assert [s.name for s in table.seats] == ["Jenny", "David", "Robo"]
    assert table.first == 1
    assert table.seats[2].is_bot and table.seats[2].level == "medium"
    assert table.seats[0].level is None
    assert "Ready" in setup.messages.text


def test_table_setup_teams_colours_and_limits() -> None:
    setup = TableSetup(min_seats=2, max_seats=4)
    assert setup.count.max == 4 and len(setup.rows_box.children) == 2
    setup.teams.value = True
    assert setup.count.description == "Teams"
    assert setup.active_rows[0].name.value == "Team 1"
    setup.active_rows[0].members.value = "Ana, Ben"
    setup.active_rows[1].members.value = "Chloé,Dev, "
    setup.active_rows[1].colour.value = "#D55E00"
    table = setup.submit()
    assert table is not None
    assert table.seats[1].members == ["Chloé", "Dev"] and table.seats[1].colour_name == "red"
    assert table.first == 0


def test_table_setup_says_what_to_fix_instead_of_raising() -> None:
    made: list[Table] = []
    setup = TableSetup(on_ready=made.append)
    setup.active_rows[0].name.value = "Ana"
    setup.active_rows[1].name.value = "ana"
    setup.start.click()
    assert not made and "same name" in setup.messages.text
    assert setup.messages.kind == "error"
    setup.active_rows[1].name.value = "Ben"
    setup.active_rows[1].colour.value = setup.active_rows[0].colour.value
    setup.start.click()
    assert not made and "same colour" in setup.messages.text
    setup.active_rows[1].colour.value = "#009E73"
    setup.start.click()
    assert len(made) == 1


def test_table_setup_for_a_game_reads_its_rules_and_picks_a_dealer_at_random() -> None:
    class Dealt(RaceToTen):
        name = ""
        min_seats = 3
        max_seats = 5
        first_player_rule = "dealer"

    setup = TableSetup.for_game(Dealt, seed=4)
    assert (setup.count.min, setup.count.max, setup.count.value) == (3, 5, 3)
    assert setup.first.description == "First dealer"
    picks = {setup.pick_random_first() for _ in range(30)}
    assert picks == {0, 1, 2}
    roll_setup = TableSetup.for_game(RaceToTen)
    assert "rolls the die" in roll_setup.rule_note.value


def test_message_line_escapes_and_keeps_a_short_history() -> None:
    line = MessageLine(keep=2)
    for i in range(5):
        line.info(f"move {i}")
    line.error(f"{EVIL} cannot move")
    assert (
        ESCAPED in line.line.value
        and "Oops" in line.line.value
        and 'role="alert"' in (line.line.value)
    )
    assert "move 4" in line.earlier.value and "move 2" not in line.earlier.value
    with pytest.raises(ValueError):
        line.say("x", "shout")  # type: ignore[arg-type]
    line.clear()
    assert line.text == "" and line.line.value == ""


def test_safe_shows_illegal_moves_as_they_are_and_other_errors_kindly() -> None:
    line = MessageLine()

    @safe.safe(show=line)
    def illegal() -> None:
        raise IllegalAction("It is not Ben's turn.")

    @safe.safe(show=line)
    def broken() -> None:
        raise KeyError("wedge")

    illegal()
    assert line.text == "It is not Ben's turn." and not safe.ERRORS
    assert len(safe.REJECTED) == 1
    broken()
    assert line.text.startswith("Something went wrong: 'wedge'")
    assert len(safe.ERRORS) == 1 and isinstance(safe.ERRORS[0].error, KeyError)
    safe.clear()


def test_a_button_callback_error_is_shown_not_raised() -> None:
    shown: list[str] = []
    button = widgets.Button(description="Roll")
    game = RaceToTen(Table.of("Ana", "Ben"), seed=1)
    safe.on_click(button, lambda: game.apply({"player": 5, "type": "roll"}), show=shown.append)
    button.click()
    assert shown and "not" in shown[0] and "turn" in shown[0]
    assert not safe.ERRORS


def test_hotseat_hides_the_hand_until_the_named_player_clicks() -> None:
    table = Table([Seat(EVIL), Seat("Reds", members=["Ana", "Ben"]), Seat("Robo", kind="bot")])
    built: list[int] = []
    revealed: list[int] = []

    def hand(seat: int) -> widgets.Widget:
        built.append(seat)
        return widgets.HTML(f"secret hand of seat {seat}")

    guard = HotSeatGuard(table, hand, on_reveal=revealed.append)
    guard.pass_to(0)
    assert (
        not built and ESCAPED in guard.prompt.value and guard.button.description == (f"I am {EVIL}")
    )
    assert all("secret" not in getattr(w, "value", "") for w in guard.children)
    guard.button.click()
    assert built == [0] and revealed == [0] and guard.revealed
    assert guard.shown in guard.children
    guard.pass_to(1)
    assert guard.shown is None and guard.button.description == "We are Reds"
    assert "Ana, Ben" in guard.prompt.value
    guard.hide()
    assert guard.children == (guard.prompt,)
    guard.pass_to(2)
    guard.reveal()
    assert built == [0] and "playing" in guard.prompt.value


def test_projector_mode_switches_the_style_block() -> None:
    mode = ProjectorMode()
    assert mode.style_block.value == ""
    mode.toggle.value = True
    assert mode.style_block.value == large_css() and ".geoteach" in large_css()
    # A toggle keeps its name: pressed (aria-pressed, a ✔) says large text is on.
    assert mode.large and mode.toggle.description == "Large text"
    assert "geoteach" in mode._dom_classes
