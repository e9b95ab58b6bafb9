"""The table widget: buttons call engine actions and redraw; nothing crashes."""

from __future__ import annotations

from geoteach.bots.global_pursuit import GlobalPursuitBot
from geoteach.games.global_pursuit.engine import GlobalPursuit
from geoteach.games.global_pursuit.layout import Layout
from geoteach.games.table import Table
from geoteach.render.globe_cards import TablePicture, place_marks
from geoteach.ui import safe
from geoteach.ui.global_pursuit import GlobalPursuitTable, learn_figure, table_figure


def test_a_human_turn_through_the_buttons():
    safe.clear()
    table = Table.of("Ana", "Robot", bots={"Robot": "hard"})
    game = GlobalPursuit(table, seed=5)
    ui = GlobalPursuitTable(game, maps=False, challenge_seconds=None)
    for _ in range(20):
        if game.player == 0 and game.phase == "match":
            break
        {"challenge": ui.accept, "level": ui.choose_level, "answer": ui.wrong}[game.phase].click()
    assert game.player == 0 and game.phase == "match"
    assert ui.picture is ui.table_picture.figure.canvas  # the live canvas, to click on
    assert ui.table_picture.png().startswith(b"\x89PNG")
    # An illegal lay (an edge covered by nothing is fine, a missing card is not) is shown.
    ui.hand.value = None
    ui.lay.click()
    assert "Pick a card" in ui.messages.text
    ui.hand.value = ui.hand.options[0][1]
    ui.edge.value = ui.edge.options[0][1]
    ui.turn.value = 2
    placed = len(game.table_cards())
    ui.lay.click()
    assert len(game.table_cards()) == placed + 1 or game.player != 0
    if game.phase == "challenge":
        ui.accept.click()
    assert not safe.ERRORS


def test_table_figure_numbers_each_free_place():
    game = GlobalPursuit(Table.of("A", "B"), seed=1)
    view = game.view(0)
    fig = table_figure(view["table"], maps=False)
    assert fig.axes  # drawn
    picture = TablePicture(maps=False)
    layout = Layout(view["table"])
    picture.draw(view["table"], place_marks(layout.free_places()))
    assert [m.number for m in picture.marks] == [1, 2, 3, 4, 5]  # one card: five free places


def test_learn_figure_adds_equator_cards_first():
    fig = learn_figure("planet_earth", cards=6, maps=False)
    labels = [t.get_text().split("\n")[0] for t in fig.axes[0].texts]
    assert sorted(int(x) for x in labels) == [4, 5, 6, 7, 8, 9]  # cards 4-9, as printed


# ----- hot seat: a hand is secret when several people share the screen -------------------------
def displayed(root, target) -> bool:
    """Whether ``target`` is in the widget tree under ``root`` (what the browser can show)."""
    if root is target:
        return True
    return any(displayed(child, target) for child in getattr(root, "children", ()))


def test_one_person_against_a_computer_sees_the_hand_without_a_guard():
    safe.clear()
    game = GlobalPursuit(Table.of("Ana", "Robot", bots={"Robot": "easy"}), seed=3)
    ui = GlobalPursuitTable(game, maps=False, challenge_seconds=None)
    assert ui.guard is None
    for _ in range(20):
        if game.player == 0 and game.phase == "match":
            break
        {"challenge": ui.accept, "level": ui.choose_level, "answer": ui.wrong}[game.phase].click()
    assert game.player == 0 and game.phase == "match"
    assert displayed(ui, ui.hand)
    assert [value for _, value in ui.hand.options] == game.hand(0)


def test_two_people_each_see_their_hand_only_after_saying_who_they_are():
    safe.clear()
    names = ["Ana", "Bob"]
    game = GlobalPursuit(Table.of(*names), seed=3)
    ui = GlobalPursuitTable(game, maps=False, challenge_seconds=None)
    first = game.player
    assert game.phase == "match"
    assert displayed(ui, ui.guard)
    assert not displayed(ui, ui.hand) and not displayed(ui, ui.hand_cards)
    # Not merely out of sight: nothing of the hand is in the widgets before the click.
    assert list(ui.hand.options) == [] and list(ui.hand_cards.children) == []
    assert ui.guard.button.description == f"I am {names[first]}"

    ui.guard.button.click()
    assert displayed(ui, ui.hand) and displayed(ui, ui.cannot)
    assert [value for _, value in ui.hand.options] == game.hand(first)

    ui.cannot.click()  # the turn passes to the other player: the first hand is covered
    assert game.player == 1 - first and game.phase == "match"
    assert not displayed(ui, ui.hand)
    assert list(ui.hand.options) == []
    assert ui.guard.button.description == f"I am {names[1 - first]}"

    ui.guard.button.click()
    assert [value for _, value in ui.hand.options] == game.hand(1 - first)
    assert not safe.ERRORS


def test_the_guard_stays_away_from_the_challenge():
    safe.clear()
    game = GlobalPursuit(Table.of("Ana", "Bob"), seed=3)
    ui = GlobalPursuitTable(game, maps=False, challenge_seconds=None)
    ui.guard.button.click()
    ui.hand.value = ui.hand.options[0][1]
    ui.edge.value = ui.edge.options[0][1]
    ui.lay.click()
    assert game.phase == "challenge"
    assert displayed(ui, ui.challenge) and not displayed(ui, ui.hand)
    assert not displayed(ui, ui.guard)


# ----- trivia through the shared question card ------------------------------------------------
def to_ana_s_question(answer_mode: str) -> tuple[GlobalPursuit, GlobalPursuitTable]:
    """Play Ana's right matches (a hard bot's choice) until she must choose a level."""
    safe.clear()
    game = GlobalPursuit(Table.of("Ana", "Robot", bots={"Robot": "hard"}), seed=5)
    ui = GlobalPursuitTable(game, maps=False, challenge_seconds=None, answer_mode=answer_mode)
    helper = GlobalPursuitBot("hard", seed=0)
    for _ in range(60):
        if game.phase == "level":
            return game, ui
        if game.phase == "match":
            move = helper.choose(game, 0)
            if move["type"] == "pass":
                ui.cannot.click()
                continue
            ui.hand.value = move["card"]
            ui.edge.value = tuple(move["at"])
            ui.turn.value = move["card_edge"]
            ui.lay.click()
        else:
            {"challenge": ui.accept, "roll": ui.roll, "wild": ui.skip_wild}[game.phase].click()
    raise AssertionError("Ana never got a question")


def test_the_level_comes_first_then_the_question_card_asks():
    game, ui = to_ana_s_question("typed")
    assert displayed(ui, ui.choose_level) and not displayed(ui, ui.card)
    ui.levels.value = 2
    ui.choose_level.click()
    assert game.phase == "answer"
    assert displayed(ui, ui.card)
    question = game.current_question()
    assert ui.card.question == question and question.level == 2
    before = game.scores()[0]
    ui.card.answer_box.value = question.answer  # Enter in the box
    assert game.scores()[0] > before
    assert game.state["last"]["given"] == question.answer and game.state["last"]["correct"]
    assert not safe.ERRORS


def test_a_wrong_typed_answer_ends_the_turn_with_the_engine_judging_the_text():
    game, ui = to_ana_s_question("typed")
    ui.choose_level.click()
    question = game.current_question()
    ui.card.answer_box.value = "Atlantis"
    ui.card.submit_button.click()
    assert game.state["last"] == {**game.state["last"], "given": "Atlantis", "correct": False}
    assert f"Ana: not this time. The answer is {question.answer}." in game.state["news"]
    assert not safe.ERRORS


def test_a_picked_choice_goes_to_the_engine_as_a_mark():
    game, ui = to_ana_s_question("choice")
    ui.choose_level.click()
    question = game.current_question()
    assert ui.card.asked_mode == "choice" and len(ui.card.choice_buttons) > 1
    right = next(b for b in ui.card.choice_buttons if b.tooltip == question.answer)
    before = game.scores()[0]
    right.click()
    assert game.state["last"]["correct"] and game.state["last"]["given"] is None
    assert game.scores()[0] > before
    assert not safe.ERRORS


def test_the_reader_reveals_and_marks_in_honor_mode():
    game, ui = to_ana_s_question("honor")
    ui.choose_level.click()
    assert displayed(ui, ui.card.reveal_button) and ui.right.disabled
    ui.card.reveal_button.click()
    before = game.scores()[0]
    ui.right.click()
    assert game.state["last"]["correct"] and game.scores()[0] > before
    assert not safe.ERRORS


def test_in_a_whole_hot_seat_game_the_hand_always_waits_for_its_owner():
    safe.clear()
    names = ["Ana", "Bob", "Caro"]
    game = GlobalPursuit(Table.of(*names), seed=8)
    ui = GlobalPursuitTable(game, maps=False, challenge_seconds=None)
    helper = GlobalPursuitBot("hard", seed=0)
    turns = set()
    for _ in range(80):
        phase = game.phase
        if displayed(ui, ui.continue_button):  # a verdict waits until everyone has read it
            assert not displayed(ui, ui.hand)
            ui.continue_button.click()
            continue
        if phase in ("match", "return"):
            owner = ui.seat()
            assert not displayed(ui, ui.hand) and displayed(ui, ui.guard.button)
            assert ui.guard.button.description == f"I am {names[owner]}"
            ui.guard.button.click()
            assert [value for _, value in ui.hand.options] == game.hand(owner)
            turns.add(owner)
            if phase == "return":
                ui.give_back.click()
                continue
            move = helper.choose(game, owner)
            if move["type"] == "pass":
                ui.cannot.click()
                continue
            ui.hand.value = move["card"]
            ui.edge.value = tuple(move["at"])
            ui.turn.value = move["card_edge"]
            ui.lay.click()
        elif phase == "over":
            break
        else:
            assert not displayed(ui, ui.hand)
            buttons = {"challenge": ui.accept, "roll": ui.roll, "level": ui.choose_level}
            buttons.update(answer=ui.right, wild=ui.skip_wild)  # right: the turn goes on
            buttons[phase].click()
    assert turns == {0, 1, 2}
    assert not safe.ERRORS


# ----- the time limit per turn (the VARIATION) on screen ------------------------------------------
class FakeClock:
    """A clock that moves only when the test says so."""

    def __init__(self) -> None:
        self.now = 500.0

    def __call__(self) -> float:
        return self.now


def timed_table(limit: float | None = 60) -> tuple[GlobalPursuit, GlobalPursuitTable, FakeClock]:
    safe.clear()
    clock = FakeClock()
    game = GlobalPursuit(Table.of("Ana", "Robot", bots={"Robot": "hard"}), seed=5, time_limit=limit)
    ui = GlobalPursuitTable(game, maps=False, challenge_seconds=None, clock=clock)
    assert game.player == 0 and game.phase == "match"
    return game, ui, clock


def test_the_countdown_starts_with_the_turn_and_every_move_carries_the_time():
    game, ui, clock = timed_table()
    assert ui.countdown.layout.display is None
    assert ui.countdown.label.value == "60 s left" and ui.countdown.bar.value == 60
    clock.now += 20
    ui.countdown.tick()
    assert ui.countdown.label.value == "40 s left" and ui.countdown.bar.value == 40
    move = GlobalPursuitBot("hard", seed=0).choose(game, 0)
    assert move["type"] == "place"
    ui.hand.value = move["card"]
    ui.edge.value = tuple(move["at"])
    ui.turn.value = move["card_edge"]
    ui.lay.click()
    assert game.log[-1]["type"] != "place" or game.log[-1]["seconds"] == 20.0
    placed = next(a for a in reversed(game.log) if a["type"] == "place")
    assert placed == {**move, "seconds": 20.0}
    assert not safe.ERRORS


def test_when_the_time_runs_out_the_turn_ends_and_the_next_one_gets_a_fresh_clock():
    game, ui, clock = timed_table()
    turns = ui._turns
    clock.now += 59.5
    ui.countdown.tick()
    assert game.player == 0 and ui.countdown.label.value == "1 s left"
    clock.now += 1
    ui.countdown.tick()
    assert {"player": 0, "type": "time_up", "seconds": 60.5} in game.log
    assert "Time is up for Ana." in game.state["news"]
    said = [text for kind, text in ui.messages.messages if kind == "error"]
    assert said == ["Time is up: your turn ends."]
    # The robot's turn is not timed; Ana's next turn has the whole minute again.
    assert ui._turns > turns and game.player == 1 and not ui.countdown.running
    for _ in range(20):
        if game.player == 0:
            break
        {"challenge": ui.accept}[game.phase].click()
    assert game.player == 0 and game.phase == "match"
    assert ui.countdown.running and ui.countdown.label.value == "60 s left"
    assert not safe.ERRORS


def test_a_move_made_too_late_ends_the_turn_in_words():
    game, ui, clock = timed_table()
    clock.now += 75  # no tick: the kernel was busy
    ui.cannot.click()
    passed = next(a for a in reversed(game.log) if a["player"] == 0)
    assert passed == {"player": 0, "type": "pass", "seconds": 75.0}
    assert "Time is up for Ana." in game.state["news"]
    said = [text for kind, text in ui.messages.messages if kind == "error"]
    assert said == ["Time is up: your turn ends."]
    assert not safe.ERRORS


def test_the_clock_stops_while_the_opponents_decide_on_a_challenge():
    safe.clear()
    clock = FakeClock()
    game = GlobalPursuit(Table.of("Ana", "Ben"), seed=5, time_limit=60)
    ui = GlobalPursuitTable(game, maps=False, challenge_seconds=None, clock=clock)
    first = game.player
    ui.guard.button.click()
    move = GlobalPursuitBot("hard", seed=0).choose(game, first)
    ui.hand.value = move["card"]
    ui.edge.value = tuple(move["at"])
    ui.turn.value = move["card_edge"]
    clock.now += 10
    ui.lay.click()
    assert game.phase == "challenge"
    clock.now += 300  # Ben thinks for a long time
    ui.countdown.tick()
    assert ui.countdown.label.value == "50 s left" and game.player == first
    ui.accept.click()
    assert ui.countdown.running and ui.countdown.left() == 50
    assert not safe.ERRORS


def test_without_a_time_limit_there_is_no_clock():
    game, ui, clock = timed_table(limit=None)
    assert ui.countdown.layout.display == "none" and not ui.countdown.running
    clock.now += 1000
    ui.cannot.click()
    passed = next(a for a in reversed(game.log) if a["player"] == 0)
    assert passed == {"player": 0, "type": "pass"}
    assert not safe.ERRORS


def test_without_live_canvases_the_table_and_hand_are_pictures_and_the_buttons_play():
    safe.clear()
    game = GlobalPursuit(Table.of("Ana", "Robot", bots={"Robot": "hard"}), seed=5)
    ui = GlobalPursuitTable(game, maps=False, challenge_seconds=None, clickable=False)
    assert game.player == 0 and game.phase == "match"
    assert bytes(ui.picture.value).startswith(b"\x89PNG")
    assert all(bytes(c.picture.value).startswith(b"\x89PNG") for c in ui.hand_cards.children)
    move = GlobalPursuitBot("hard", seed=0).choose(game, 0)
    ui.hand.value = move["card"]
    ui.edge.value = tuple(move["at"])
    ui.turn.value = move["card_edge"]
    ui.lay.click()
    assert move["card"] in game.table_cards()
    assert not safe.ERRORS
