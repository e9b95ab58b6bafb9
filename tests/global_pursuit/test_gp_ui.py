"""The Global Pursuit screen driven through its buttons: engine state and what is shown.

Hot seat, trivia on the question card, the time limit, the set-up screen and New game.
"""

from __future__ import annotations

import asyncio
import html

import pytest

from geoteach.bots.global_pursuit import GlobalPursuitBot
from geoteach.games.global_pursuit.engine import FOUR_MAPS, GlobalPursuit
from geoteach.games.global_pursuit.layout import Layout
from geoteach.games.table import Table
from geoteach.render.globe_cards import TablePicture, place_marks
from geoteach.ui import safe
from geoteach.ui.apps import StudentApp, spec_for
from geoteach.ui.global_pursuit import GlobalPursuitScreen, HowTheCardsFit, news_since, play
from geoteach.ui.global_pursuit.wording import news_line
from tests.ui.screen_checks import verdict_holds_the_computers_and_skip_plays_them


@pytest.fixture(autouse=True)
def _no_errors():
    safe.clear()
    yield
    assert [c.message for c in safe.ERRORS] == []


def displayed(root, target) -> bool:
    """Whether ``target`` is in the widget tree under ``root`` (what the browser can show)."""
    if root is target:
        return True
    return any(displayed(child, target) for child in getattr(root, "children", ()))


def screen(game: GlobalPursuit, **kwargs) -> GlobalPursuitScreen:
    """The screen as tests use it: plain pentagons, no challenge clock, computers at once."""
    kwargs = {"maps": False, "challenge_seconds": None, "bot_delay": 0, **kwargs}
    return GlobalPursuitScreen(game, **kwargs)


def lay(ui: GlobalPursuitScreen, move: dict) -> None:
    """Play ``move`` (a computer helper's choice) through the controls: pass, or choose the
    card, the place and the edge that touches, then Lay the card."""
    if move["type"] == "pass":
        ui.parts.step_panel.cannot.click()
        return
    ui.parts.step_panel.hand.value = move["card"]
    ui.parts.step_panel.edge.value = tuple(move["at"])
    ui.parts.step_panel.turn.value = move["card_edge"]
    ui.parts.step_panel.lay.click()


def continue_if_open(ui: GlobalPursuitScreen) -> bool:
    if ui.feedback.is_open:
        ui.feedback.continue_button.click()
        return True
    return False


def test_a_human_turn_through_the_buttons():
    game = GlobalPursuit(Table.of("Ana", "Robot", bots={"Robot": "hard"}), seed=5)
    ui = screen(game)
    for _ in range(20):
        if game.player == 0 and game.phase == "match":
            break
        if not continue_if_open(ui):
            {
                "challenge": ui.parts.step_panel.accept,
                "level": ui.parts.step_panel.choose_level,
                "answer": ui.parts.step_panel.wrong,
            }[game.phase].click()
    assert game.player == 0 and game.phase == "match"
    assert (
        ui.parts.board_panel.picture is ui.parts.board_panel.table_picture.figure.canvas
    )  # the live canvas, to click on
    assert ui.parts.board_panel.table_picture.png().startswith(b"\x89PNG")
    assert "Ana's turn: lay a card of your hand on a numbered place." in html.unescape(
        ui.banner.value
    )
    assert displayed(ui.board, ui.parts.board_panel.picture) and displayed(
        ui.board, ui.parts.board_panel.hand_cards
    )
    assert displayed(ui.controls, ui.parts.step_panel.lay) and displayed(
        ui.controls, ui.parts.step_panel.cannot
    )
    ui.parts.step_panel.hand.value = None
    ui.parts.step_panel.lay.click()
    assert "Pick a card" in ui.messages.text
    ui.parts.step_panel.hand.value = ui.parts.step_panel.hand.options[0][1]
    ui.parts.step_panel.edge.value = ui.parts.step_panel.edge.options[0][1]
    ui.parts.step_panel.turn.value = 2
    placed = len(game.table_cards())
    ui.parts.step_panel.lay.click()
    assert len(game.table_cards()) == placed + 1 or game.player != 0


def test_the_places_are_numbered_on_the_table():
    game = GlobalPursuit(Table.of("A", "B"), seed=1)
    view = game.view(0)
    picture = TablePicture(maps=False)
    picture.draw(view["table"], place_marks(Layout(view["table"]).free_places()))
    assert [m.number for m in picture.marks] == [1, 2, 3, 4, 5]  # one card: five free places


def test_how_the_cards_fit_adds_the_equator_cards_first():
    fit = HowTheCardsFit("planet_earth", cards=6, maps=False)
    ax = fit._pictures["planet_earth"].ax
    labels = [t.get_text().split("\n")[0] for t in ax.texts]
    assert sorted(int(x) for x in labels) == [4, 5, 6, 7, 8, 9]  # cards 4-9, as printed


def test_the_computers_moves_are_sentences_in_the_log():
    game = GlobalPursuit(Table.of("You", "Robot", bots={"Robot": "hard"}), seed=5)
    ui = screen(game)
    # The rulebook's start in words (the first line on screen): who rolled what, who starts.
    assert "Everyone rolls the die: You " in ui.messages.text
    assert ("You start." if game.player == 0 else "Robot starts.") in ui.messages.text
    for _ in range(40):
        if len(ui.computer_log.lines) >= 4:
            break
        if continue_if_open(ui):
            continue
        if game.phase == "match":
            ui.parts.step_panel.cannot.click()
        else:
            buttons = {
                "challenge": ui.parts.step_panel.accept,
                "level": ui.parts.step_panel.choose_level,
                "answer": ui.parts.step_panel.wrong,
            }
            buttons.update(roll=ui.parts.step_panel.roll, wild=ui.parts.step_panel.skip_wild)
            buttons[game.phase].click()
    lines = ui.computer_log.lines
    assert lines and all(line.startswith("Robot") and line.endswith(".") for line in lines)
    assert not any("{" in line or "'" in line for line in lines)  # no dicts, no reprs
    said = " ".join(lines)
    assert "Robot lays " in said and " card " in said


def test_news_since_finds_the_lines_added_to_a_short_list():
    assert news_since(["a", "b"], ["a", "b", "c"]) == ["c"]
    assert news_since(["a", "b", "c"], ["b", "c", "d", "e"]) == ["d", "e"]
    assert news_since(["x", "a", "a"], ["a", "a", "a"]) == ["a"]
    assert news_since(["a"], ["a"]) == []


# ----- hot seat: a hand is secret when several people share the screen -------------------------
def test_one_person_against_a_computer_sees_the_hand_without_a_guard():
    game = GlobalPursuit(Table.of("Ana", "Robot", bots={"Robot": "easy"}), seed=3)
    ui = screen(game)
    assert ui.parts.guard is None
    for _ in range(20):
        if game.player == 0 and game.phase == "match":
            break
        if not continue_if_open(ui):
            {
                "challenge": ui.parts.step_panel.accept,
                "level": ui.parts.step_panel.choose_level,
                "answer": ui.parts.step_panel.wrong,
            }[game.phase].click()
    assert game.player == 0 and game.phase == "match"
    assert displayed(ui, ui.parts.step_panel.hand)
    assert [value for _, value in ui.parts.step_panel.hand.options] == game.hand(0)
    assert [c.card for c in ui.parts.board_panel.hand_cards.children] == game.hand(0)


def test_two_people_each_see_their_hand_only_after_saying_who_they_are():
    names = ["Ana", "Bob"]
    game = GlobalPursuit(Table.of(*names), seed=3)
    ui = screen(game)
    first = game.player
    assert game.phase == "match"
    assert displayed(ui, ui.parts.guard)
    assert not displayed(ui, ui.parts.step_panel.hand) and not displayed(
        ui, ui.parts.board_panel.hand_cards
    )
    # Not merely out of sight: nothing of the hand is in the widgets before the click.
    assert (
        list(ui.parts.step_panel.hand.options) == []
        and list(ui.parts.board_panel.hand_cards.children) == []
    )
    assert ui.parts.guard.button.description == f"I am {names[first]}"

    ui.parts.guard.button.click()
    assert displayed(ui, ui.parts.step_panel.hand) and displayed(ui, ui.parts.step_panel.cannot)
    assert displayed(ui.board, ui.parts.board_panel.hand_cards)
    assert [value for _, value in ui.parts.step_panel.hand.options] == game.hand(first)
    assert [c.card for c in ui.parts.board_panel.hand_cards.children] == game.hand(first)

    # The turn passes to the other player: the first hand is covered.
    ui.parts.step_panel.cannot.click()
    assert game.player == 1 - first and game.phase == "match"
    assert not displayed(ui, ui.parts.step_panel.hand) and not displayed(
        ui, ui.parts.board_panel.hand_cards
    )
    assert (
        list(ui.parts.step_panel.hand.options) == []
        and list(ui.parts.board_panel.hand_cards.children) == []
    )
    assert ui.parts.guard.button.description == f"I am {names[1 - first]}"

    ui.parts.guard.button.click()
    assert [value for _, value in ui.parts.step_panel.hand.options] == game.hand(1 - first)


def test_the_guard_stays_away_from_the_challenge():
    game = GlobalPursuit(Table.of("Ana", "Bob"), seed=3)
    ui = screen(game)
    ui.parts.guard.button.click()
    ui.parts.step_panel.hand.value = ui.parts.step_panel.hand.options[0][1]
    ui.parts.step_panel.edge.value = ui.parts.step_panel.edge.options[0][1]
    ui.parts.step_panel.lay.click()
    assert game.phase == "challenge"
    assert displayed(ui, ui.parts.step_panel.challenge) and not displayed(
        ui, ui.parts.step_panel.hand
    )
    assert not displayed(ui, ui.parts.guard) and not displayed(ui, ui.parts.board_panel.hand_cards)
    assert displayed(ui.board, ui.parts.board_panel.joint)


def test_in_a_whole_hot_seat_game_the_hand_always_waits_for_its_owner():
    names = ["Ana", "Bob", "Caro"]
    game = GlobalPursuit(Table.of(*names), seed=8)
    ui = screen(game)
    helper = GlobalPursuitBot("hard", seed=0)
    turns = set()
    for _ in range(80):
        phase = game.phase
        if ui.feedback.is_open:  # a verdict waits until everyone has read it
            assert (
                not displayed(ui, ui.parts.board_panel.hand_cards)
                or ui.parts.hand_owner() == game.player
            )
            ui.feedback.continue_button.click()
            continue
        if phase in ("match", "return"):
            owner = ui.parts.seat()
            assert not displayed(ui, ui.parts.step_panel.hand) and displayed(
                ui, ui.parts.guard.button
            )
            assert ui.parts.guard.button.description == f"I am {names[owner]}"
            ui.parts.guard.button.click()
            assert [value for _, value in ui.parts.step_panel.hand.options] == game.hand(owner)
            turns.add(owner)
            if phase == "return":
                ui.parts.step_panel.give_back.click()
                continue
            lay(ui, helper.choose(game, owner))
        elif phase == "over":
            break
        else:
            assert not displayed(ui, ui.parts.step_panel.hand)
            buttons = {
                "challenge": ui.parts.step_panel.accept,
                "roll": ui.parts.step_panel.roll,
                "level": ui.parts.step_panel.choose_level,
            }
            buttons.update(
                answer=ui.parts.step_panel.right, wild=ui.parts.step_panel.skip_wild
            )  # right: the turn goes on
            if phase == "answer":
                ui.parts.step_panel.card.reveal_button.click()
            buttons[phase].click()
    assert turns == {0, 1, 2}


# ----- trivia through the shared question card ------------------------------------------------
def to_ana_s_question(answer_mode: str, **kwargs) -> tuple[GlobalPursuit, GlobalPursuitScreen]:
    """Play Ana's right matches (a hard bot's choice) until she must choose a level."""
    game = GlobalPursuit(Table.of("Ana", "Robot", bots={"Robot": "hard"}), seed=5)
    ui = screen(game, answer_mode=answer_mode, **kwargs)
    helper = GlobalPursuitBot("hard", seed=0)
    for _ in range(60):
        if game.phase == "level":
            return game, ui
        if continue_if_open(ui):
            continue
        if game.phase == "match":
            lay(ui, helper.choose(game, 0))
        else:
            {
                "challenge": ui.parts.step_panel.accept,
                "roll": ui.parts.step_panel.roll,
                "wild": ui.parts.step_panel.skip_wild,
            }[game.phase].click()
    raise AssertionError("Ana never got a question")


def test_the_level_comes_first_then_the_question_card_asks():
    game, ui = to_ana_s_question("typed")
    assert displayed(ui, ui.parts.step_panel.choose_level) and not displayed(
        ui, ui.parts.step_panel.card
    )
    assert "choose a level for the" in ui.banner.value
    ui.parts.step_panel.levels.value = 2
    ui.parts.step_panel.choose_level.click()
    assert game.phase == "answer"
    assert displayed(ui, ui.parts.step_panel.card)
    question = game.current_question()
    assert ui.parts.step_panel.card.question == question and question.level == 2
    before = game.scores()[0]
    ui.parts.step_panel.card.answer_box.value = question.answer  # Enter in the box
    ui.parts.step_panel.card.submit_button.click()  # Enter: the page script presses it
    assert game.scores()[0] == before + 2
    assert game.state["last"]["given"] == question.answer and game.state["last"]["correct"]
    assert ui.feedback.is_open and ui.feedback.text == "Right! Ana scores 2."


def test_a_wrong_typed_answer_ends_the_turn_with_the_engine_judging_the_text():
    game, ui = to_ana_s_question("typed")
    ui.parts.step_panel.choose_level.click()
    question = game.current_question()
    ui.parts.step_panel.card.answer_box.value = "Atlantis"
    ui.parts.step_panel.card.submit_button.click()
    assert game.state["last"] == {**game.state["last"], "given": "Atlantis", "correct": False}
    assert f"Ana: not this time. The answer is {question.answer}." in [
        news_line(n) for n in game.state["news"]
    ]
    body = html.unescape(ui.feedback.body.value)
    assert ui.feedback.text == "Not this time." and "Your answer: “Atlantis”" in body
    assert f"The answer: {question.answer}" in body and "Ana's turn ends." in body


def test_a_picked_choice_goes_to_the_engine_as_a_mark():
    game, ui = to_ana_s_question("choice")
    ui.parts.step_panel.choose_level.click()
    question = game.current_question()
    assert (
        ui.parts.step_panel.card.asked_mode == "choice"
        and len(ui.parts.step_panel.card.choice_buttons) > 1
    )
    right = next(b for b in ui.parts.step_panel.card.choice_buttons if b.tooltip == question.answer)
    before = game.scores()[0]
    right.click()
    assert game.state["last"]["correct"] and game.state["last"]["given"] is None
    assert game.scores()[0] > before


def test_the_reader_reveals_and_marks_in_honor_mode():
    game, ui = to_ana_s_question("honor")
    ui.parts.step_panel.choose_level.click()
    assert (
        displayed(ui, ui.parts.step_panel.card.reveal_button) and ui.parts.step_panel.right.disabled
    )
    ui.parts.step_panel.card.reveal_button.click()
    before = game.scores()[0]
    ui.parts.step_panel.right.click()
    assert game.state["last"]["correct"] and game.scores()[0] > before


def test_computers_wait_while_a_verdict_is_open_and_skip_plays_them_at_once():
    async def main() -> None:
        game, ui = to_ana_s_question("typed")
        ui.bot_delay = 0.01
        ui.parts.step_panel.choose_level.click()
        ui.parts.step_panel.card.answer_box.value = "Atlantis"  # wrong: the robot's turn comes ...
        ui.parts.step_panel.card.submit_button.click()  # Enter: the page script presses it
        assert game.player == 1 and game.phase == "match" and ui.feedback.is_open
        assert "read the verdict, then press Continue" in ui.banner.value
        await verdict_holds_the_computers_and_skip_plays_them(ui)
        assert game.to_act() == [0] and ui.computer_log.lines

    asyncio.run(main())


# ----- the time limit per turn (the VARIATION) on screen ------------------------------------------
class FakeClock:
    """A clock that moves only when the test says so."""

    def __init__(self) -> None:
        self.now = 500.0

    def __call__(self) -> float:
        return self.now


def timed_table(limit: float | None = 60) -> tuple[GlobalPursuit, GlobalPursuitScreen, FakeClock]:
    clock = FakeClock()
    game = GlobalPursuit(Table.of("Ana", "Robot", bots={"Robot": "hard"}), seed=5, time_limit=limit)
    ui = screen(game, clock=clock)
    assert game.player == 0 and game.phase == "match"
    return game, ui, clock


def test_the_countdown_starts_with_the_turn_and_every_move_carries_the_time():
    game, ui, clock = timed_table()
    assert ui.parts.step_panel.countdown.layout.display is None and displayed(
        ui.controls, ui.parts.step_panel.countdown
    )
    assert (
        ui.parts.step_panel.countdown.label.value == "60 s left"
        and ui.parts.step_panel.countdown.bar.value == 60
    )
    clock.now += 20
    ui.parts.step_panel.countdown.tick()
    assert (
        ui.parts.step_panel.countdown.label.value == "40 s left"
        and ui.parts.step_panel.countdown.bar.value == 40
    )
    move = GlobalPursuitBot("hard", seed=0).choose(game, 0)
    assert move["type"] == "place"
    lay(ui, move)
    placed = next(a for a in reversed(game.log) if a["type"] == "place")
    assert placed == {**move, "seconds": 20.0}


def test_when_the_time_runs_out_the_turn_ends_and_the_next_one_gets_a_fresh_clock():
    game, ui, clock = timed_table()
    turns = ui.parts.verdicts.turns
    clock.now += 59.5
    ui.parts.step_panel.countdown.tick()
    assert game.player == 0 and ui.parts.step_panel.countdown.label.value == "1 s left"
    clock.now += 1
    ui.parts.step_panel.countdown.tick()
    assert {"player": 0, "type": "time_up", "seconds": 60.5} in game.log
    assert "Time is up for Ana." in [news_line(n) for n in game.state["news"]]
    assert ui.feedback.text == "Time is up: the turn ends."
    # The robot's turn is not timed; Ana's next turn has the whole minute again.
    assert ui.parts.verdicts.turns > turns and not ui.parts.step_panel.countdown.running
    ui.feedback.continue_button.click()
    for _ in range(20):
        if game.player == 0 and game.phase == "match":
            break
        if not continue_if_open(ui):
            {"challenge": ui.parts.step_panel.accept}[game.phase].click()
    assert game.player == 0 and game.phase == "match"
    assert (
        ui.parts.step_panel.countdown.running
        and ui.parts.step_panel.countdown.label.value == "60 s left"
    )


def test_a_move_made_too_late_ends_the_turn_in_words():
    game, ui, clock = timed_table()
    clock.now += 75  # no tick: the kernel was busy
    ui.parts.step_panel.cannot.click()
    passed = next(a for a in reversed(game.log) if a["player"] == 0)
    assert passed == {"player": 0, "type": "pass", "seconds": 75.0}
    assert "Time is up for Ana." in [news_line(n) for n in game.state["news"]]
    assert ui.feedback.text == "Time is up: the turn ends."


def test_the_clock_stops_while_the_opponents_decide_and_while_a_verdict_is_read():
    clock = FakeClock()
    game = GlobalPursuit(Table.of("Ana", "Ben"), seed=5, time_limit=60)
    ui = screen(game, clock=clock)
    first = game.player
    ui.parts.guard.button.click()
    move = GlobalPursuitBot("hard", seed=0).choose(game, first)
    ui.parts.step_panel.hand.value = move["card"]
    ui.parts.step_panel.edge.value = tuple(move["at"])
    ui.parts.step_panel.turn.value = move["card_edge"]
    clock.now += 10
    ui.parts.step_panel.lay.click()
    assert game.phase == "challenge"
    clock.now += 300  # Ben thinks for a long time
    ui.parts.step_panel.countdown.tick()
    assert ui.parts.step_panel.countdown.label.value == "50 s left" and game.player == first
    ui.parts.step_panel.accept.click()
    assert ui.parts.step_panel.countdown.running and ui.parts.step_panel.countdown.left() == 50
    # A verdict on screen stops the clock too.
    ui.show_verdict("Read me", correct=None)
    clock.now += 100
    assert ui.parts.step_panel.countdown.left() == 50
    ui.feedback.continue_button.click()
    clock.now += 5
    assert ui.parts.step_panel.countdown.left() == 45


def test_without_a_time_limit_there_is_no_clock():
    game, ui, clock = timed_table(limit=None)
    assert (
        ui.parts.step_panel.countdown.layout.display == "none"
        and not ui.parts.step_panel.countdown.running
    )
    assert not displayed(ui.controls, ui.parts.step_panel.countdown)
    clock.now += 1000
    ui.parts.step_panel.cannot.click()
    passed = next(a for a in reversed(game.log) if a["player"] == 0)
    assert passed == {"player": 0, "type": "pass"}


def test_a_computer_s_card_stands_when_the_challenge_window_closes():
    clock = FakeClock()
    table = Table.of("Robot", "Ana", bots={"Robot": "hard"})
    for seed in range(40):
        game = GlobalPursuit(table, seed=seed)
        if game.player == 0:
            break
    ui = screen(game, clock=clock, challenge_seconds=8)
    assert game.phase == "challenge" and game.to_act() == [1]
    assert displayed(ui.controls, ui.parts.step_panel.challenge_clock) and displayed(
        ui.board, ui.parts.board_panel.joint
    )
    assert ui.parts.step_panel.challenge_clock.label.value == "8 s left"
    assert "laid a card. Challenge it, or let it stand?" in ui.banner.value
    moves = len(game.log)
    clock.now += 7
    ui.parts.step_panel.challenge_clock.tick()
    assert len(game.log) == moves and ui.parts.step_panel.challenge_clock.label.value == "1 s left"
    clock.now += 1.5
    ui.parts.step_panel.challenge_clock.tick()
    assert game.log[moves] == {"player": 1, "type": "accept"}


def test_without_live_canvases_the_table_and_hand_are_pictures_and_the_buttons_play():
    game = GlobalPursuit(Table.of("Ana", "Robot", bots={"Robot": "hard"}), seed=5)
    ui = screen(game, interactive=False)
    assert game.player == 0 and game.phase == "match"
    assert bytes(ui.parts.board_panel.picture.value).startswith(b"\x89PNG")
    assert all(
        bytes(c.picture.value).startswith(b"\x89PNG")
        for c in ui.parts.board_panel.hand_cards.children
    )
    move = GlobalPursuitBot("hard", seed=0).choose(game, 0)
    lay(ui, move)
    assert move["card"] in game.table_cards()


# ----- the student app: set-up screen, Start, New game ------------------------------------------
def _choose(app: StudentApp, key: str, value) -> None:
    option, box = app.option_boxes[key]
    if option.kind == "choice":
        box.value = [v for _, v in option.choices].index(value)
    else:
        box.value = value


def test_the_set_up_screen_starts_the_game_with_every_choice_and_new_game_comes_back():
    app = StudentApp(spec_for("global_pursuit"), seed=7)
    assert app.setup_screen in app.children
    app.setup.rows[1].name.value = "Robbie"
    for key, value in {
        "maps": FOUR_MAPS,
        "answer_mode": "honor",
        "fixed_level": 2,
        "time_limit": 60,
        "challenge_seconds": None,
        "honor": False,
        "table_size": (16, 10),
        "quick_end": True,
        "real_maps": False,
        "bot_delay": 0.0,
    }.items():
        _choose(app, key, value)
    app.setup.start.click()
    ui = app.screen
    assert isinstance(ui, GlobalPursuitScreen) and ui in app.children
    game = ui.game
    assert game.seed == 7 and game.table.seats[1].name == "Robbie"
    assert game.table.seats[1].is_bot and len(game.table.seats) == 3
    options = game.options
    assert options["maps"] == FOUR_MAPS and options["fixed_levels"] == [2, 2, 2]
    assert options["time_limit"] == 60 and options["honor"] is False
    assert options["table_size"] == [16, 10] and options["quick_end"] is True
    beginning = {c.split(":")[0] for c in game.table_cards()[:4]}
    assert len(beginning) == 4  # four maps: one beginning card of each set
    assert ui.parts.answer_mode == "honor" and ui.parts.step_panel.card.mode == "honor"
    assert ui.parts.maps is False and ui.parts.challenge_seconds is None and ui.bot_delay == 0.0
    assert "turn" in ui.banner.value or "playing" in ui.banner.value
    ui.new_game_button.click()
    assert app.screen is None and app.setup_screen in app.children
    assert ui not in app.children and ui.parts.step_panel.countdown.running is False
    assert app.setup.rows[1].name.value == "Robbie"
    assert app.values()["maps"] == FOUR_MAPS and app.values()["time_limit"] == 60
    app.setup.start.click()  # a new game with the same choices, nothing of the old one
    assert app.screen is not ui and app.screen.game is not game
    assert app.screen.game.options["maps"] == FOUR_MAPS


def test_the_app_starts_a_playable_game_with_real_maps_by_default():
    app = StudentApp(spec_for("global_pursuit"), seed=10)
    _choose(app, "bot_delay", 0.0)
    assert app.values()["real_maps"] is True and app.values()["answer_mode"] == "choice"
    app.setup.start.click()
    ui = app.screen
    game = ui.game
    assert ui.parts.maps and ui.parts.board_panel.table_picture.maps
    assert game.to_act() == [0] and game.phase == "match"  # "You" rolled highest
    assert "Your turn: lay a card" in ui.banner.value
    assert [c.card for c in ui.parts.board_panel.hand_cards.children] == game.hand(0)
    assert all(
        c.figure.axes[0].images for c in ui.parts.board_panel.hand_cards.children
    )  # maps on the cards


def test_one_player_is_told_to_choose_the_matching_game():
    app = StudentApp(spec_for("global_pursuit"))
    app.setup.count.value = 1
    app.setup.start.click()
    assert app.screen is None and "matching game" in app.messages.text
    _choose(app, "matching_only", True)
    app.setup.start.click()
    assert app.screen is not None and app.screen.game.options["matching_only"]


def test_play_keeps_the_teacher_s_options():
    ui = play(["Ana", "Robot"], {"Robot": "easy"}, seed=3, maps=False, four_maps=True, bot_delay=0)
    assert ui.game.options["maps"] == FOUR_MAPS and not ui.parts.maps
    assert ui.on_new_game is None and ui.new_game_button.layout.display == "none"


def test_the_app_keeps_the_matches_and_answers_in_the_lesson_record(tmp_path):
    from geoteach.classroom import open_lesson

    record = tmp_path / "7B.sqlite"
    app = StudentApp(spec_for("global_pursuit"), seed=10, lesson=record)
    _choose(app, "bot_delay", 0.0)
    app.setup.start.click()
    ui = app.screen
    game = ui.game
    move = GlobalPursuitBot("hard", seed=0).choose(game, 0)
    ui.parts.pick_card(move["card"], move["card_edge"])
    ui.parts.step_panel.edge.value = tuple(move["at"])
    ui.parts.step_panel.lay.click()
    assert "The card stands: you score " in ui.messages.text  # the computers let it stand
    for _ in range(5):
        if game.phase == "roll":
            ui.parts.step_panel.roll.click()
    ui.parts.step_panel.choose_level.click()
    question = game.current_question()
    next(b for b in ui.parts.step_panel.card.choice_buttons if b.tooltip == question.answer).click()
    answers = open_lesson(record).answers()
    mine = answers[answers["player"] == "You"]
    assert bool(mine[mine["mode"] == "match"].iloc[-1]["correct"])
    trivia = mine[mine["question"] == question.prompt]
    assert len(trivia) == 1 and bool(trivia.iloc[0]["correct"])
    assert trivia.iloc[0]["mode"] == "chosen" and trivia.iloc[0]["answer"] == question.answer
