"""The Geography Pursuit screen, driven through its buttons and board clicks as a student would.

Each test asserts both the engine's state and what is on screen: the step to take, the verdict
(kept until Continue), the leaderboard, the computer players' log.
"""

from __future__ import annotations

import asyncio
import copy
import re
from collections.abc import Iterator

import ipywidgets as widgets
import pytest
from matplotlib.backend_bases import MouseEvent

from geoteach.bots.pursuit import PursuitBot
from geoteach.escape import html_text
from geoteach.games.geography_pursuit.board import HUB, SPACES
from geoteach.games.geography_pursuit.game import GeographyPursuit
from geoteach.games.geography_pursuit.questions import bank
from geoteach.games.table import Table
from geoteach.quiz.question import Question
from geoteach.render.board import space_xy
from geoteach.ui import safe
from geoteach.ui.pursuit import PursuitApp, describe_space, play, rules_html
from tests.pursuit.conftest import ANSWERS
from tests.waiting import until_async


@pytest.fixture(autouse=True)
def _no_errors():
    safe.clear()
    yield
    assert not safe.ERRORS, [c.message for c in safe.ERRORS]


# ----- driving the screen ------------------------------------------------------------------------
def buttons(widget: widgets.Widget) -> Iterator[widgets.Button]:
    """Every button shown under ``widget`` (hidden parts left out)."""
    if getattr(widget, "layout", None) is not None and widget.layout.display == "none":
        return
    if isinstance(widget, widgets.Button):
        yield widget
    for child in getattr(widget, "children", ()) or ():
        yield from buttons(child)


def press(app: PursuitApp, label: str) -> None:
    """Click the button of the current step whose label starts with ``label``."""
    found = [b for b in buttons(app.controls) if b.description.startswith(label)]
    assert found, f"no button {label!r} in {[b.description for b in buttons(app.controls)]}"
    found[0].click()


def spaces_offered(app: PursuitApp) -> list[widgets.Button]:
    return [b for b in buttons(app.controls) if "gt-space" in b._dom_classes]


def click_board(app: PursuitApp, space_id: str) -> None:
    """A real mouse press on the board canvas, where ``space_id`` is drawn."""
    board = app.parts.board_panel.pieces
    x, y = board.ax.transData.transform(space_xy(space_id))
    event = MouseEvent("button_press_event", board.figure.canvas, x, y, button=1)
    board.figure.canvas.callbacks.process("button_press_event", event)


def to_a_question(app: PursuitApp) -> None:
    """Roll, then take the first lit space that asks a question."""
    press(app, "Roll the die")
    for sid, button in zip(app.game.legal_destinations(), spaces_offered(app), strict=True):
        if SPACES[sid].kind not in ("roll_again", "hub"):
            button.click()
            break
    assert app.game.phase == "question"


def answer(app: PursuitApp, right: bool) -> None:
    """Answer the card shown, in the card's own way (typed, a choice, or honor marks)."""
    card = app.parts.step_panel.card
    if card.asked_mode == "honor":
        card.reveal_button.click()
        (card.right_button if right else card.wrong_button).click()
    elif card.asked_mode == "choice":
        pick = [b for b in card.choice_buttons if (card.question.answer in b.description) == right]
        pick[0].click()
    else:
        card.answer_box.value = card.question.answer if right else "Atlantis"
        card.submit_button.click()  # Enter: the page script presses it


def seed_where_seat_0_starts(names: tuple[str, ...], bots: dict[str, str], questions) -> int:
    for seed in range(100):
        game = GeographyPursuit(Table.of(*names, bots=bots), seed=seed, questions=questions)
        if game.state["player"] == 0:
            return seed
    raise AssertionError("no seed lets seat 0 start")


def against_a_robot(questions, **options) -> PursuitApp:
    """Ana (a person, who starts) against an easy computer; computers move at once."""
    names, bots = ("Ana", "Robot"), {"Robot": "easy"}
    seed = seed_where_seat_0_starts(names, bots, questions)
    mode = options.pop("mode", "typed")
    delay = options.pop("bot_delay", 0)
    game = GeographyPursuit(Table.of(*names, bots=bots), seed=seed, questions=questions, **options)
    app = PursuitApp(game, mode=mode, bot_delay=delay)
    app.start()
    return app


# ----- the board --------------------------------------------------------------------------------
def test_buttons_name_spaces_in_words(questions) -> None:
    cats = list(questions)
    assert describe_space(HUB, cats) == "The hub"
    assert describe_space("ring0", cats) == "Capitals & Cities headquarters"
    assert describe_space("ring2", cats) == "Roll again (ring space 3)"
    assert describe_space("spoke1.2", cats) == "People & Population (spoke 2, 2 out)"


def play_as_human(app: PursuitApp, answer_right) -> int:
    game, clicks = app.game, 0
    while not game.is_terminal() and clicks < 5000:
        clicks += 1
        phase = game.phase
        if phase == "roll":
            press(app, "Roll the die")
        elif phase == "move":  # aim like a bot would: missing wedges first, then the hub
            seat = game.state["player"]
            target = PursuitBot("hard", seed=0).destination(game.view(seat), seat)
            spaces_offered(app)[game.legal_destinations().index(target)].click()
        elif phase == "choose_category":
            press(app, "CC")
        elif phase == "vote":
            press(app, "PW")
        elif phase == "question":
            answer(app, answer_right(clicks))
    return clicks


def test_a_full_game_with_a_computer_is_playable_to_the_end(questions) -> None:
    app = against_a_robot(questions)
    clicks = play_as_human(app, lambda n: n % 5 != 0)
    game = app.game
    assert clicks < 5000 and game.is_terminal()
    winner = game.table.name_of(game.winners()[0])
    assert f"{winner} win" in app.banner.value and "New game" in app.banner.value
    # The leaderboard: the winner first, each seat's wedges counted and named by their letters.
    first_row = app.leaders.value.split("<tbody>")[1].split("</tr>")[0]
    assert winner in first_row and "6 of 6" in first_row and "CC CF PW PP BN US" in first_row
    assert app.parts.board_panel.board_widget.value[:4] == b"\x89PNG"


@pytest.mark.parametrize("mode", ["typed", "choice", "honor"])
def test_right_rolls_again_and_wrong_passes_the_turn_in_every_answer_mode(
    questions, mode: str
) -> None:
    app = against_a_robot(questions, mode=mode)
    to_a_question(app)
    assert (
        app.parts.step_panel.card in app.controls.children
        and app.parts.step_panel.card.asked_mode == mode
    )
    answer(app, right=True)
    assert app.game.state["last"]["correct"] and app.game.to_act() == [0]
    assert "Right!" in app.feedback.body.value
    to_a_question(app)  # the next action puts the verdict away
    assert not app.feedback.is_open
    answer(app, right=False)
    assert not app.game.state["last"]["correct"]
    assert "Not quite. Now it is Robot&#x27;s turn." in app.feedback.body.value
    assert any(a["player"] == 1 for a in app.game.log)


def test_landing_on_roll_again_says_so(questions) -> None:
    app = against_a_robot(questions)
    app.game.state["positions"][0] = "ring1"  # next to Roll again (ring2)
    press(app, "Roll the die")
    app.game.state["roll"] = 1
    app.refresh()
    press(app, "Roll again")
    assert app.game.phase == "roll" and app.game.to_act() == [0]
    assert "Ana lands on Roll again: one more roll." in app.parts.step_panel.step.value


def test_the_die_is_shown_big_and_the_lit_spaces_are_offered_as_buttons(questions) -> None:
    app = against_a_robot(questions)
    assert "Ana, your turn: roll the die." in app.banner.value
    press(app, "Roll the die")
    roll = app.game.state["roll"]
    assert f'aria-label="the die shows {roll}"' in app.parts.step_panel.step.value
    assert f"rolled a {roll}" in app.banner.value
    offered = [b.description for b in spaces_offered(app)]
    assert offered == [
        describe_space(s, app.parts.categories) for s in app.game.legal_destinations()
    ]
    assert app.parts.board_panel.pieces.lit == app.game.legal_destinations()


def test_a_wrong_answer_keeps_its_verdict_until_continue(questions) -> None:
    app = against_a_robot(questions)
    to_a_question(app)
    card = app.parts.step_panel.card.question
    shown: list[str] = []  # the order in which the page hears of the changes
    for name, widget, trait in (
        ("step", app.controls, "children"),
        ("banner", app.banner, "value"),
        ("verdict", app.feedback, "children"),
    ):
        widget.observe(lambda _change, n=name: shown.append(n), names=trait)
    answer(app, right=False)
    assert app.feedback.is_open
    # The verdict comes last: never beside the card it answers, under a banner saying "answer".
    assert shown.index("step") < shown.index("verdict")
    assert shown.index("banner") < shown.index("verdict")
    body = app.feedback.body.value
    assert "Not quite" in body and f"The answer: {card.answer} or {card.aliases[0]}" in body
    assert f"{html_text(card.prompt)} Your answer: Atlantis." in body
    # No event loop here: the computer played its turn at once, and the verdict is still there.
    assert any(a["player"] == 1 for a in app.game.log)
    assert app.feedback.is_open and "Not quite" in app.feedback.body.value
    app.feedback.continue_button.click()
    assert not app.feedback.is_open and app.feedback.layout.display == "none"


def test_the_next_action_of_a_person_puts_the_verdict_away(questions) -> None:
    app = against_a_robot(questions)
    to_a_question(app)
    answer(app, right=True)
    assert app.feedback.is_open and "Right! Roll again." in app.feedback.body.value
    assert app.game.phase == "roll" and app.game.state["player"] == 0
    press(app, "Roll the die")
    assert not app.feedback.is_open


def test_a_wedge_won_is_said_and_shown_on_the_leaderboard(questions) -> None:
    app = against_a_robot(questions)
    game = app.game
    game.state["positions"][0] = "ring6"  # next to the Countries & Flags headquarters
    press(app, "Roll the die")
    game.state["roll"] = 1
    app.refresh()
    [headquarters] = [b for b in spaces_offered(app) if "headquarters" in b.description]
    headquarters.click()
    answer(app, right=True)
    assert game.state["wedges"][0] == [1]
    assert "You win" not in app.feedback.body.value
    assert "Right! Ana wins the Countries &amp; Flags wedge (1 of 6). Roll again." in (
        app.feedback.body.value
    )
    first_row = app.leaders.value.split("<tbody>")[1].split("</tr>")[0]
    assert "Ana" in first_row and "1 of 6" in first_row and ">CF<" in first_row


def test_honor_mode_shows_the_marker_every_accepted_answer(questions) -> None:
    app = against_a_robot(questions, mode="honor")
    to_a_question(app)
    card = app.parts.step_panel.card
    assert "Another player reveals the answer" in app.parts.step_panel.step.value
    assert card.right_button.disabled  # nothing to mark before the answer is shown
    card.reveal_button.click()
    shown = card.reveal_text.value
    assert f"<b>Answer:</b> {card.question.answer} or {card.question.aliases[0]}" in shown


def test_wrong_answer_is_not_read_out_when_the_table_says_so(questions) -> None:
    app = against_a_robot(questions, reveal_answer=False)
    to_a_question(app)
    right = app.parts.step_panel.card.question.answer
    answer(app, right=False)
    body = app.feedback.body.value
    assert "Not quite" in body and right not in body and "not read out" in body


def test_where_and_one_fact_come_from_the_data(questions) -> None:
    cards = copy.deepcopy(questions)
    kenya = Question(
        category="Capitals & Cities",
        level=1,
        prompt="What is the capital of Kenya?",
        answer="Nairobi",
        media={"highlight": ("KEN",)},
        source="test",
        id="capital:KEN",
    )
    cards["Capitals & Cities"] = bank([kenya])["Capitals & Cities"]
    app = against_a_robot(cards)
    game = app.game
    press(app, "Roll the die")
    game.state["roll"], game.state["phase"] = 6, "move"
    app.refresh()
    press(app, "Capitals & Cities headquarters")
    answer(app, right=True)
    body = app.feedback.body.value
    assert "<b>Where:</b> Kenya is in Eastern Africa." in body
    assert "Did you know?</b> " in body and "Kenya" in body.split("Did you know?")[1]


def test_the_hub_and_the_final_vote_are_explained_in_words(questions) -> None:
    names, bots = ("Ana", "Ben", "Robot"), {"Robot": "easy"}
    seed = seed_where_seat_0_starts(names, bots, questions)
    game = GeographyPursuit(Table.of(*names, bots=bots), seed=seed, questions=questions)
    app = PursuitApp(game, bot_delay=0)
    app.start()
    # Ana in the hub without six wedges: the hub is wild and she picks the category.
    game.state["positions"][0] = "spoke0.1"
    press(app, "Roll the die")
    game.state["roll"] = 1
    app.refresh()
    press(app, "The hub")
    assert game.phase == "choose_category"
    assert (
        "wild space" in app.parts.step_panel.step.value
        and "choose the category" in app.banner.value
    )
    press(app, "PW")
    assert game.phase == "question" and game.state["question"]["category"] == 2
    # Ana with six wedges reaches the hub: the opponents choose, Ben by the buttons.
    game.state["wedges"][0] = list(range(6))
    game.state["positions"][0] = "spoke3.1"
    game.state["question"], game.state["phase"] = None, "roll"
    app.refresh()
    press(app, "Roll the die")
    game.state["roll"] = 1
    app.refresh()
    press(app, "The hub")
    assert game.phase == "vote" and game.to_act() == [1]  # the computer has voted already
    text = app.parts.step_panel.step.value
    assert "other players choose the category" in text and "Ben" in text
    assert "Votes so far: Robot:" in text
    assert "choose the category of Ana" in app.banner.value
    press(app, "US")
    assert game.phase == "question" and game.state["question"]["final"]
    assert "game-winning question" in app.parts.step_panel.step.value


def test_an_illegal_move_is_explained_not_crashed(questions) -> None:
    app = against_a_robot(questions)
    before = app.game.to_json()
    safe.safe(app.parts.move, show=app.messages)("ring20")
    assert app.game.to_json() == before
    assert "roll the die" in app.messages.text.lower()
    assert safe.REJECTED


def test_an_all_computer_table_plays_itself_to_the_end(questions) -> None:
    table = Table.of("A", "B", "C", bots={"A": "easy", "B": "medium", "C": "hard"})
    app = PursuitApp(GeographyPursuit(table, seed=9, questions=questions), bot_delay=0)
    app.start()
    assert app.game.is_terminal()
    assert (
        "win the game" in app.parts.step_panel.step.value
        or "wins the game" in app.parts.step_panel.step.value
    )
    lines = app.computer_log.lines
    assert lines and all(line.endswith((".", "!", "”")) for line in lines)
    assert not any(c in line for line in lines for c in "{}[]<>")


def test_the_log_says_what_the_computer_did_in_sentences(questions) -> None:
    app = against_a_robot(questions)
    to_a_question(app)
    answer(app, right=False)
    lines = app.computer_log.lines
    assert re.fullmatch(r"Robot rolls a [1-6]\.", lines[0])
    moved = next(line for line in lines if line.startswith("Robot moves to"))
    assert "“" in moved and "?”" in moved  # the question it was asked, in its words
    answered = next(line for line in lines if line.startswith("Robot answers"))
    assert "right:" in answered or "wrong" in answered


def test_interactive_board_falls_back_to_a_picture_without_ipympl(questions) -> None:
    app = PursuitApp(
        GeographyPursuit(Table.of("Ana", "Ben"), seed=4, questions=questions), interactive=True
    )
    app.start()
    assert not app.parts.interactive
    assert app.parts.board_panel.board_widget.value[:4] == b"\x89PNG"


def test_clicking_a_lit_space_marks_it_at_once_and_moves_the_token(
    questions, widget_backend
) -> None:
    names = ("Ana", "Ben")
    seed = seed_where_seat_0_starts(names, {}, questions)
    game = GeographyPursuit(Table.of(*names), seed=seed, questions=questions)
    app = PursuitApp(game, interactive=True)
    app.start()
    assert app.parts.interactive and app.board.children == (
        app.parts.board_panel.pieces.figure.canvas,
    )
    press(app, "Roll the die")
    click_board(app, "ring20")  # not lit: nothing happens
    assert game.phase == "move" and app.parts.board_panel.pieces.chosen is None
    target = game.legal_destinations()[0]
    seen: list[tuple[str, bool, str]] = []

    def move(space_id: str) -> None:
        seen.append((space_id, bool(app.parts.board_panel.pieces._mark), game.phase))
        app.parts.move(space_id)

    app.parts.board_panel.pieces.stop_picking()
    app.parts.board_panel.pieces.on_pick(move)
    click_board(app, target)
    assert seen == [(target, True, "move")]  # ringed before the move was worked out
    assert game.state["positions"][0] == target and not app.parts.board_panel.pieces._mark
    app.close_screen()


def test_large_text_enlarges_the_board_and_its_labels(questions) -> None:
    app = against_a_robot(questions)
    small = app.parts.board_panel.pieces.figure.get_size_inches().copy()
    small_text = max(t.get_fontsize() for t in app.parts.board_panel.pieces.ax.texts)
    app.large_toggle.value = True
    big = app.parts.board_panel.pieces.figure.get_size_inches()
    assert big[0] > small[0] * 1.3 and big[1] > small[1] * 1.3
    assert max(t.get_fontsize() for t in app.parts.board_panel.pieces.ax.texts) > small_text * 1.3
    assert (
        app.parts.board_panel.board_widget.layout.width
        == f"{app.parts.board_panel.pieces.pixels[0]}px"
    )
    app.large_toggle.value = False
    assert tuple(app.parts.board_panel.pieces.figure.get_size_inches()) == tuple(small)


def test_house_rules_are_shown_in_words() -> None:
    text = rules_html({"precision": "strict", "time_limit": 30, "reveal_answer": False}, True)
    assert "exact" in text and "30 seconds" in text and "not read out" in text
    assert "talk it over" in text
    assert "typos are forgiven" in rules_html({"precision": "forgiving"})
    assert "talk it over" not in rules_html({"precision": "forgiving"})


def test_a_team_hears_whether_it_may_talk_it_over(questions) -> None:
    from geoteach.games.table import Seat

    table = Table([Seat("Reds", members=["Ana", "Ben"]), Seat("Blues", members=["Cy", "Di"])])
    game = GeographyPursuit(table, seed=4, questions=questions, consultation=False)
    app = PursuitApp(game)
    app.start()
    to_a_question(app)
    assert "Answer without talking it over." in app.parts.step_panel.step.value


# ----- computers wait while a verdict is read; Skip plays them at once -----------------------
def test_computers_wait_while_a_verdict_is_open_and_go_on_after_continue(questions) -> None:
    async def scenario() -> None:
        app = against_a_robot(questions, bot_delay=0.05)
        to_a_question(app)
        answer(app, right=False)
        assert app.feedback.is_open and app.game.to_act() == [1]
        assert "press Continue" in app.banner.value and "Robot" in app.banner.value
        assert "plays next, once the result has been read" in app.parts.step_panel.step.value
        moves = len(app.game.log)
        await asyncio.sleep(0.6)  # twelve computer paces
        assert len(app.game.log) == moves and app.feedback.is_open
        app.feedback.continue_button.click()
        await until_async(lambda: app.game.to_act() == [0], "the computer never played")
        assert len(app.game.log) > moves and app.game.to_act() == [0]
        assert app.computer_log.lines and app.computer_log.layout.display == ""

    asyncio.run(scenario())


def test_skip_plays_the_computers_at_once(questions) -> None:
    async def scenario() -> None:
        app = against_a_robot(questions, bot_delay=60)
        to_a_question(app)
        answer(app, right=False)
        app.feedback.continue_button.click()
        await until_async(  # Skip is offered while they play
            lambda: app.computer_log.skip_button.layout.display == "", "Skip never came"
        )
        assert app.game.to_act() == [1]  # a minute per computer move ...
        app.computer_log.skip_button.click()
        await until_async(lambda: app.game.to_act() == [0], "Skip did not play the computers")
        assert app.game.to_act() == [0]  # ... but Skip plays them now
        assert app.computer_log.skip_button.layout.display == "none"

    asyncio.run(scenario())


# ----- the set-up screen --------------------------------------------------------------------
def test_setup_start_plays_and_new_game_comes_back_with_the_same_choices() -> None:
    from geoteach.ui.apps import StudentApp, spec_for

    student = StudentApp(spec_for("geography_pursuit"))
    option, box = student.option_boxes["mode"]
    box.value = [v for _label, v in option.choices].index("choice")
    limit_option, limit_box = student.option_boxes["time_limit"]
    limit_box.value = [v for _label, v in limit_option.choices].index(30)
    speed_option, speed_box = student.option_boxes["bot_delay"]
    speed_box.value = [v for _label, v in speed_option.choices].index(0.0)
    student.setup.start.click()
    screen = student.screen
    assert isinstance(screen, PursuitApp) and screen in student.children
    assert screen.parts.mode == "choice" and screen.game.options["time_limit"] == 30
    game = screen.game
    assert game.to_act() == [0]  # the computers played at once up to "You"
    assert buttons(screen.controls)  # the step to take is on screen
    screen.new_game_button.click()
    assert student.screen is None and student.children == (student.css, student.setup_screen)
    assert screen.comm is None  # the old game is closed, not just hidden
    assert student.option_boxes["mode"][1].value == box.value  # the same choices
    student.setup.start.click()
    assert student.screen is not None and student.screen is not screen
    assert student.screen.parts.mode == "choice"


# ----- the time limit on screen ---------------------------------------------------------------
class FakeClock:
    """A clock that moves only when the test says so."""

    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


def to_a_timed_question(questions, clock: FakeClock, limit: float | None = 30) -> PursuitApp:
    names = ("Ana", "Ben")
    seed = seed_where_seat_0_starts(names, {}, questions)
    game = GeographyPursuit(Table.of(*names), seed=seed, questions=questions, time_limit=limit)
    app = PursuitApp(game, clock=clock)
    app.start()
    to_a_question(app)
    return app


def test_the_countdown_starts_with_the_question_and_the_answer_carries_the_time(questions):
    clock = FakeClock()
    app = to_a_timed_question(questions, clock)
    countdown = app.parts.step_panel.countdown
    assert countdown in app.controls.children and countdown.running
    assert countdown.label.value == "30 s left" and countdown.bar.value == 30
    clock.now += 17.6
    countdown.tick()
    assert countdown.label.value == "13 s left" and countdown.bar.value == pytest.approx(12.4)
    clock.now += 0.4
    countdown.tick()
    app.parts.step_panel.card.answer_box.value = app.parts.step_panel.card.question.answer
    app.parts.step_panel.card.submit_button.click()  # Enter: the page script presses it
    last = app.game.log[-1]
    assert last["seconds"] == 18.0 and last["text"] == app.parts.step_panel.card.question.answer
    assert app.game.state["last"]["correct"]
    assert not countdown.running and countdown not in app.controls.children


def test_when_the_time_runs_out_the_answer_counts_as_wrong_and_is_shown(questions):
    clock = FakeClock()
    app = to_a_timed_question(questions, clock)
    right = app.parts.step_panel.card.question.answer
    clock.now += 29.9
    app.parts.step_panel.countdown.tick()
    assert app.game.phase == "question" and app.parts.step_panel.countdown.label.value == "1 s left"
    clock.now += 1.1
    app.parts.step_panel.countdown.tick()
    assert app.game.log[-1] == {"player": 0, "type": "answer", "mark": "wrong", "seconds": 31.0}
    assert not app.game.state["last"]["correct"] and app.game.state["player"] == 1
    body = app.feedback.body.value
    assert "Time is up. Now it is Ben&#x27;s turn." in body and f"The answer: {right}" in body
    app.parts.step_panel.countdown.tick()  # a late tick after time is up changes nothing
    assert app.game.phase == "roll"


def test_no_time_runs_out_while_a_verdict_is_read(questions):
    clock = FakeClock()
    app = to_a_timed_question(questions, clock)
    clock.now += 10
    app.show_verdict("Something to read")  # any verdict opened while the clock runs
    clock.now += 100
    app.parts.step_panel.countdown.tick()
    assert (
        app.game.phase == "question" and app.parts.step_panel.countdown.label.value == "20 s left"
    )
    app.feedback.continue_button.click()
    clock.now += 5
    app.parts.step_panel.countdown.tick()
    assert app.parts.step_panel.countdown.label.value == "15 s left"


def test_a_right_answer_given_too_late_counts_as_wrong(questions):
    clock = FakeClock()
    app = to_a_timed_question(questions, clock)
    clock.now += 45  # no tick: the kernel was busy
    app.parts.step_panel.card.answer_box.value = app.parts.step_panel.card.question.answer
    app.parts.step_panel.card.submit_button.click()  # Enter: the page script presses it
    assert app.game.log[-1]["seconds"] == 45.0
    assert not app.game.state["last"]["correct"]
    assert "Time is up." in app.feedback.body.value


def test_without_a_time_limit_no_clock_is_shown_or_sent(questions):
    clock = FakeClock()
    app = to_a_timed_question(questions, clock, limit=None)
    assert (
        app.parts.step_panel.countdown.layout.display == "none"
        and not app.parts.step_panel.countdown.running
    )
    clock.now += 500
    app.parts.step_panel.countdown.tick()
    assert app.game.phase == "question"
    app.parts.step_panel.card.answer_box.value = app.parts.step_panel.card.question.answer
    app.parts.step_panel.card.submit_button.click()  # Enter: the page script presses it
    assert "seconds" not in app.game.log[-1] and app.game.state["last"]["correct"]


# ----- issue 12, item 4: a question that cannot be shown never costs a move -----------------
def test_a_card_that_cannot_be_shown_stops_the_game_before_any_move(questions) -> None:
    bad = copy.deepcopy(questions)
    bad["Countries & Flags"][0]["media"] = {"flag": "XXQ", "highlight": []}
    bad["Physical World"][1]["choices"] = ["Not the answer", "Nor this"]
    with pytest.raises(ValueError) as error:
        play("Ana", "Ben", seed=4, questions=bad)
    message = str(error.value)
    assert message.startswith("Geography Pursuit cannot start: 2 question(s) could not be asked")
    assert "question 'c1q0': flag: geoteach has no flag for 'XXQ'" in message
    assert f"question 'c2q1': The choices must include the answer '{ANSWERS[2]} 1'." in message


def test_a_card_that_fails_to_show_is_not_called_an_undone_move(questions, monkeypatch) -> None:
    app = against_a_robot(questions)
    game = app.game

    def broken(*args, **kwargs) -> None:
        raise RuntimeError("the card could not be drawn")

    monkeypatch.setattr(app.parts.step_panel.card, "ask", broken)
    press(app, "Roll the die")
    kinds = [SPACES[sid].kind for sid in game.legal_destinations()]
    to_a_question = next(i for i, k in enumerate(kinds) if k not in ("roll_again", "hub"))
    spaces_offered(app)[to_a_question].click()
    assert game.phase == "question"  # the move was made: the message must not say otherwise
    assert (
        app.messages.text == "Something went wrong: the card could not be drawn. Tell your teacher."
    )
    assert [caught.message for caught in safe.ERRORS] == [app.messages.text]
    safe.clear()
    monkeypatch.undo()
    app.refresh()  # the next redraw shows the card that failed to show
    assert app.parts.step_panel.card.question.id == game.state["question"]["id"]
    assert app.parts.step_panel.card in app.controls.children


def test_a_first_turn_win_gives_the_others_a_turn_to_tie(questions) -> None:
    async def scenario() -> None:
        app = against_a_robot(questions, bot_delay=0.01)
        game = app.game
        game.state["wedges"][0] = list(range(6))
        game.state["positions"][0] = "spoke3.1"
        press(app, "Roll the die")
        game.state["roll"] = 1
        app.refresh()
        press(app, "The hub")
        # The computer votes at its pace.
        await until_async(lambda: game.phase == "question", "the computer never voted")
        assert game.state["question"]["final"]
        answer(app, right=True)
        body = app.feedback.body.value
        assert "Right! Ana wins the game!" in body
        assert "Robot, who has not had a turn yet, gets one turn to tie the game." in body
        assert not game.is_terminal() and game.to_act() == [1]
        app.feedback.continue_button.click()
        await until_async(game.is_terminal, "the computer's last turn never ended")
        assert game.is_terminal() and "the game!" in app.banner.value

    asyncio.run(scenario())
