"""The shared screen by composition: a game's ``Parts`` with a ``Host``, and the strategies a
screen is given (``Seating`` for a class game and honor mode, ``ClickTargets`` for tests)."""

from __future__ import annotations

import json
from typing import Any

import ipywidgets as widgets
import matplotlib.pyplot as plt

from geoteach.bots.base import RemotePlayer
from geoteach.games.globalissimo import Globalissimo
from geoteach.games.globe_works import GlobeWorks
from geoteach.games.table import Seat, Table
from geoteach.ui import aloud
from geoteach.ui.globalissimo import GlobalissimoScreen
from geoteach.ui.globe_works import GlobeWorksScreen
from geoteach.ui.shell import ClickTargets, Host, Pace, Screen, Seating, Standing
from tests.ui.test_accessibility_shell import FakeGame, FirstMove, Turns


class PassParts:
    """A game's parts written from scratch: no base class, only the ``Parts`` protocol."""

    title = "Pass"
    score_title = "Points"
    detail_title = ""

    def __init__(self, host: Host) -> None:
        self.host = host
        self.button = widgets.Button(description="Pass")
        self.button.on_click(lambda _b: host.act({"type": "pass", "player": 0}))
        self.seen: list[tuple[str, bool]] = []
        self.paused_now = False

    def redraw(self) -> None:
        person = self.host.seating.person_here(self.host.game.to_act()[0])
        self.host.controls.children = [self.button] if person else []

    def prompt(self) -> str:
        return f"turn {len(self.host.game.log)}"

    def standings(self) -> list[Standing]:
        return [Standing(0, (0.0,), "0"), Standing(1, (0.0,), "0")]

    def describe(self, action: dict[str, Any]) -> str:
        return f"seat {action['player']} passed"

    def after(self, action: dict[str, Any], by_human: bool) -> None:
        self.seen.append((action["type"], by_human))
        if by_human:
            self.host.show_verdict("You passed.")

    def paused(self, on: bool) -> None:
        self.paused_now = on

    def set_large(self, large: bool) -> None:
        pass

    def closing(self) -> None:
        pass


def test_parts_are_composed_into_a_screen_and_move_through_the_host() -> None:
    game = FakeGame()
    made: list[PassParts] = []

    def make(host: Screen) -> PassParts:
        made.append(PassParts(host))
        return made[0]

    screen = Screen(game, make, seating=Seating(game.table, {1: FirstMove()}), bot_delay=0)
    (parts,) = made
    assert screen.parts is parts and "Pass" in screen.children[2].children[0].value
    screen.start()
    assert screen.controls.children == (parts.button,) and screen.banner.value == "turn 0"
    parts.button.click()
    # The person passed: the verdict is open (the game's clocks paused); with no event loop
    # the computer answers at once.
    assert parts.seen == [("pass", True), ("pass", False)] and parts.paused_now
    assert screen.feedback.is_open and len(game.log) == 2
    assert screen.computer_log.lines == ["seat 1 passed"] and screen.banner.value == "turn 2"
    screen.feedback.continue_button.click()
    assert not parts.paused_now and not screen.feedback.is_open


def table_with_a_team_elsewhere() -> Table:
    return Table(
        [
            Seat(name="Projector robot", kind="bot", level="easy"),
            Seat(name="Team Blue", kind="human"),
            Seat(name="Team Coral", kind="human"),
        ]
    )


class Backs:
    """A game whose card back this page holds (``back``) or not."""

    def __init__(self, back: bool) -> None:
        self.back = back
        self.asked: list[Any] = []

    def card_back(self) -> dict[str, Any] | None:
        return {"answers": ["x"]} if self.back else None

    def view(self, seat: int | None) -> dict[str, Any]:
        self.asked.append(seat)
        return {"seat": seat}


def test_seating_says_who_plays_where_and_who_marks() -> None:
    table = table_with_a_team_elsewhere()
    projector = Seating(table, {0: FirstMove(), 1: RemotePlayer("Team Blue")})
    assert projector.class_game and projector.remote == {1}
    assert projector.plays_here(0) and not projector.plays_here(1)
    assert projector.person_here(2) and not projector.person_here(1)
    marking, device = Backs(True), Backs(False)
    # The projector (it holds the card back) marks Team Blue's spoken answer.
    assert projector.marks_for(marking, 1) and not projector.marks_for(device, 1)
    assert projector.aloud_page(marking, 1) == aloud.MARKING
    assert projector.aloud_page(device, 1) == aloud.OTHERS
    assert projector.aloud_page(marking, 2) == aloud.ASKED
    assert projector.team_elsewhere(1) and not projector.team_elsewhere(0)
    # Another device's private view is never asked for.
    assert projector.view_of(device, 1) == {"seat": None}
    assert projector.view_of(device, 2) == {"seat": 2}
    alone = Seating(table, {0: FirstMove()})
    assert not alone.class_game and alone.aloud_page(marking, 1) == ""


def test_a_screen_asks_the_seating_it_is_given() -> None:
    seating = Seating(FakeGame().table, {1: RemotePlayer("elsewhere")})
    screen = Turns(FakeGame(), {}, bot_delay=0, seating=seating)
    assert screen.seating is seating and screen.remote_seats == {1}
    assert not seating.plays_here(1) and seating.team_elsewhere(1) is False  # a bot's seat
    assert screen.computer_log.title == "Moves"


def test_click_targets_write_only_when_switched_on() -> None:
    figure, ax = plt.subplots(figsize=(2, 1), dpi=100)
    ax.set_xlim(0, 10)
    ax.set_ylim(0, 10)
    off, on = ClickTargets(on=False), ClickTargets(on=True)
    for targets in (off, on):
        targets.show(figure, ax, {"middle": (5, 5)})
    assert off.widget.value == "" and "gt-click-targets" in on.widget._dom_classes
    (x, y) = json.loads(on.widget.value)["middle"]
    assert 0 < x < 200 and 0 < y < 100
    on.show(figure, ax, {"corner": (0, 10)}, canvas=".gt-a")
    on.show(figure, ax, {"other": (1, 1)}, canvas=".gt-b")
    assert set(json.loads(on.widget.value)) == {"corner", "other"}
    plt.close(figure)


def test_globalissimo_is_given_its_seating_and_targets() -> None:
    table = Table.of("Ana", "Ben")
    game = Globalissimo(table, seed=1)
    seating = Seating(table, {1: RemotePlayer("Ben")})
    targets = ClickTargets(on=False)
    ui = GlobalissimoScreen(game, bots=None, bot_delay=0, seating=seating, targets=targets)
    assert ui.seating is seating and ui.targets is targets and ui.click_targets is targets.widget
    assert ui.computer_log.title == "Moves" and ui.parts.title == "Globalissimo"
    # Ana plays here: her controls; Ben plays on another device: this page waits for him.
    assert ui.parts.step_panel.rank_box in ui.controls.children
    ui.parts.step_panel.rank_buttons[0].click()
    assert ui.controls.children == (ui.parts.step_panel.step,)
    assert "Ben" in ui.parts.step_panel.step.value


class Waits(Pace):
    """A pace that never moves a computer: the screen asks it, not a hook of its own."""

    def next_seat(self, screen: Screen) -> int | None:
        return None


def test_the_screen_moves_its_computers_as_its_pace_says() -> None:
    for pace, moves in ((None, 2), (Waits(), 1)):
        game = FakeGame()
        screen = Screen(
            game,
            PassParts,
            seating=Seating(game.table, {1: FirstMove()}),
            pace=pace,
            bot_delay=0,
        )
        screen.start()
        screen.parts.button.click()
        # The default pace: the computer answers at once; one that waits: nobody moves.
        assert len(game.log) == moves and screen.bot_seat() is None
        assert screen.computer_log.lines == (["seat 1 passed"] if pace is None else [])


def test_globe_works_is_given_its_seating_and_targets() -> None:
    table = Table.of("Ana", "Ben", "Cy")
    game = GlobeWorks(table, seed=3)
    seating = Seating(table, {1: RemotePlayer("Ben"), 2: RemotePlayer("Cy")})
    targets = ClickTargets(on=False)
    ui = GlobeWorksScreen(game, bots=None, bot_delay=0, seating=seating, targets=targets)
    assert ui.seating is seating and ui.targets is targets and ui.click_targets is targets.widget
    assert ui.computer_log.title == "Moves" and ui.parts.title == "Globe Works"
    assert ui.parts.humans == [0] and ui.parts.viewer == 0
    # Ben and Cy play on other devices: this page never moves them and shows their turn.
    acting = game.to_act()[0]
    if acting == 0:
        assert ui.parts.step_panel.step in ui.controls.children
        assert ui.parts.board_panel.hand_box in ui.board.children
    else:
        assert ui.controls.children == (ui.parts.step_panel.step,)
        assert table.name_of(acting) in ui.parts.step_panel.step.value
    assert ui.bot_seat() is None


def test_a_verdict_due_is_shown_after_the_step_and_the_banner_it_leads_to() -> None:
    """``Host.verdict_due``: a part asks for a verdict with the next drawing (Geography
    Pursuit's answer); it appears last, never beside the step it answers."""
    game = FakeGame()

    class DueParts(PassParts):
        def after(self, action: dict[str, Any], by_human: bool) -> None:
            if by_human:
                self.host.verdict_due = ("You passed.", {"correct": None})

    screen = Screen(game, DueParts, seating=Seating(game.table, {}), bot_delay=0)
    screen.start()
    heard: list[str] = []
    for name, widget, trait in (
        ("step", screen.controls, "children"),
        ("banner", screen.banner, "value"),
        ("verdict", screen.feedback, "children"),
    ):
        widget.observe(lambda _change, n=name: heard.append(n), names=trait)
    screen.parts.button.click()
    assert heard[-1] == "verdict" and "banner" in heard and screen.feedback.is_open
    assert screen.verdict_due is None and screen.feedback.text == "You passed."


def test_a_part_s_before_move_sees_every_person_s_move_first() -> None:
    """``Host.before_move``: a part fills in a person's move before the shell applies it
    (Global Pursuit's seat and time), whoever calls ``act``: a button or a class game."""
    game = FakeGame()

    class StampParts(PassParts):
        def __init__(self, host: Host) -> None:
            super().__init__(host)
            host.before_move = self.stamp
            self.stamped: list[dict[str, Any]] = []

        def stamp(self, action: dict[str, Any]) -> dict[str, Any]:
            self.stamped.append(action)
            return {**action, "player": 0}

    screen = Screen(game, StampParts, seating=Seating(game.table, {}), bot_delay=0)
    screen.start()
    screen.act({"type": "pass"})  # no seat given: the part's stamp fills it in
    assert screen.parts.stamped == [{"type": "pass"}]
    assert game.log[-1] == {"type": "pass", "player": 0}
    assert Screen.before_move is None  # a part that sets none changes nothing
