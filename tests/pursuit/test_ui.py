"""The board drawing and the game widget, driven from Python as a player would click."""

from __future__ import annotations

import copy

import pytest
from matplotlib.backend_bases import MouseEvent

from geoteach.bots.pursuit import PursuitBot
from geoteach.games.geography_pursuit.board import HUB, SPACES
from geoteach.games.geography_pursuit.game import GeographyPursuit
from geoteach.games.table import Table
from geoteach.render.board import BoardView, draw_board, short_names, space_at, space_xy
from geoteach.ui import safe
from geoteach.ui.pursuit import PursuitApp, describe_space, play


@pytest.fixture(autouse=True)
def _no_errors():
    safe.clear()
    yield
    assert not safe.ERRORS, safe.ERRORS


def click(board: BoardView, space_id: str) -> None:
    x, y = board.ax.transData.transform(space_xy(space_id))
    event = MouseEvent("button_press_event", board.figure.canvas, x, y, button=1)
    board.figure.canvas.callbacks.process("button_press_event", event)


def test_every_space_is_found_under_its_own_centre() -> None:
    for sid in SPACES:
        assert space_at(*space_xy(sid)) == sid
    assert space_at(0.0, 7.0 + 1.3) is None
    assert space_at(None, None) is None


def test_short_names_are_initials_or_numbers() -> None:
    assert short_names(["Capitals & Cities", "Physical World"]) == ["CC", "PW"]
    assert short_names(["Rivers", "Roads"]) == ["1", "2"]


def test_drawing_lights_the_legal_destinations_and_tokens_carry_wedges(table, questions) -> None:
    game = GeographyPursuit(table, seed=1, questions=questions)
    game.state["wedges"][0] = [0, 3]
    game.apply({"player": game.state["player"], "type": "roll"})
    view = game.view(None)
    board = BoardView(view["categories"], table)
    board.update(view)
    assert board.lit == view["destinations"]
    filled = [p for p in board._overlay if getattr(p, "get_facecolor", None) and p.get_label()]
    assert filled is not None
    wedges = [a for a in board._overlay if type(a).__name__ == "Wedge"]
    assert len(wedges) == 6 * 3
    picked: list[str] = []
    board.on_pick(picked.append)
    click(board, view["destinations"][0])
    click(board, "ring20")  # not lit: ignored
    assert picked == [view["destinations"][0]]
    assert draw_board(view, table).axes


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
            app.roll_button.click()
        elif phase == "move":  # aim like a bot would: missing wedges first, then the hub
            seat = game.state["player"]
            target = PursuitBot("hard", seed=0).destination(game.view(seat), seat)
            app.controls.children[1].children[game.legal_destinations().index(target)].click()
        elif phase == "choose_category":
            app.controls.children[0].children[0].click()
        elif phase == "vote":
            app.controls.children[1].children[0].click()
        elif phase == "question":
            card = app.card
            if card.asked_mode == "honor":
                card.reveal_button.click()
                (card.right_button if answer_right(clicks) else card.wrong_button).click()
            else:
                card.answer_box.value = card.question.answer if answer_right(clicks) else "zzz"
    return clicks


@pytest.mark.parametrize("mode", ["typed", "honor"])
def test_a_full_game_with_a_bot_is_playable_to_the_end(questions, mode: str) -> None:
    table = Table.of("Ana", "Computer", bots={"Computer": "hard"})
    app = PursuitApp(GeographyPursuit(table, seed=4, questions=questions), mode=mode)
    clicks = play_as_human(app, lambda n: n % 5 != 0)
    assert clicks < 5000
    assert app.game.is_terminal()
    assert "won the game" in app.header.value
    assert app.scores.board.column("wedges") == [len(w) for w in app.game.state["wedges"]]
    assert app.board_widget.value[:4] == b"\x89PNG"


def test_wrong_answer_is_not_read_out_when_the_table_says_so(questions) -> None:
    table = Table.of("Ana", "Ben")
    game = GeographyPursuit(table, seed=4, questions=questions, reveal_answer=False)
    app = PursuitApp(game)
    app.roll_button.click()
    app.controls.children[1].children[0].click()
    assert game.phase == "question"
    answer = app.card.question.answer
    app.card.answer_box.value = "Atlantis"
    assert answer not in app.card.feedback.value
    assert "Not quite" in app.card.feedback.value


def test_an_illegal_move_is_explained_not_crashed(questions) -> None:
    table = Table.of("Ana", "Ben")
    app = PursuitApp(GeographyPursuit(table, seed=4, questions=questions))
    before = app.game.to_json()
    safe.safe(app.move, show=app.messages)("ring20")
    assert app.game.to_json() == before
    assert "Roll the die" in app.messages.text or "roll" in app.messages.text.lower()
    assert safe.REJECTED


def test_all_bot_table_plays_itself_on_one_click(questions) -> None:
    table = Table.of("A", "B", "C", bots={"A": "easy", "B": "medium", "C": "hard"})
    app = PursuitApp(GeographyPursuit(table, seed=9, questions=questions))
    assert app.game.is_terminal()
    assert app.controls.children == ()


def test_interactive_board_falls_back_to_a_picture_without_ipympl(questions) -> None:
    table = Table.of("Ana", "Ben")
    app = PursuitApp(GeographyPursuit(table, seed=4, questions=questions), interactive=True)
    assert not app.interactive
    assert app.board_widget.value[:4] == b"\x89PNG"


def test_clicking_a_lit_space_on_the_live_board_moves_the_token(questions) -> None:
    import matplotlib.pyplot as plt

    backend = plt.get_backend()
    plt.switch_backend("module://ipympl.backend_nbagg")
    try:
        table = Table.of("Ana", "Ben")
        app = PursuitApp(GeographyPursuit(table, seed=4, questions=questions), interactive=True)
        assert app.interactive
        app.roll_button.click()
        click(app.board, "ring20")  # not lit: nothing happens
        assert app.game.phase == "move"
        target = app.game.legal_destinations()[0]
        click(app.board, target)
        assert app.game.state["positions"][app.game.state["player"]] == target
        plt.close(app.board.figure)
    finally:
        plt.switch_backend(backend)


def test_house_rules_are_shown_in_words() -> None:
    from geoteach.ui.pursuit import rules_html

    text = rules_html({"precision": "strict", "time_limit": 30, "reveal_answer": False})
    assert "exact" in text and "30 seconds" in text and "not read out" in text
    assert "typos are forgiven" in rules_html({"precision": "forgiving"})


# ----- the time limit on screen ------------------------------------------------------------------
class FakeClock:
    """A clock that moves only when the test says so."""

    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


def to_a_timed_question(questions, clock: FakeClock, limit: float | None = 30) -> PursuitApp:
    game = GeographyPursuit(Table.of("Ana", "Ben"), seed=4, questions=questions, time_limit=limit)
    app = PursuitApp(game, clock=clock)
    app.roll_button.click()
    app.controls.children[1].children[0].click()
    assert game.phase == "question"
    return app


def test_the_countdown_starts_with_the_question_and_the_answer_carries_the_time(questions):
    clock = FakeClock()
    app = to_a_timed_question(questions, clock)
    countdown = app.countdown
    assert countdown.layout.display is None and countdown.running
    assert countdown.label.value == "30 s left" and countdown.bar.value == 30
    clock.now += 17.6
    countdown.tick()
    assert countdown.label.value == "13 s left" and countdown.bar.value == pytest.approx(12.4)
    clock.now += 0.4
    countdown.tick()
    assert countdown.label.value == "12 s left"
    app.card.answer_box.value = app.card.question.answer
    answer = next(a for a in reversed(app.game.log) if a["type"] == "answer")
    assert answer["seconds"] == 18.0 and answer["text"] == app.card.question.answer
    assert app.game.state["last"]["correct"]
    assert not countdown.running and countdown.layout.display == "none"


def test_when_the_time_runs_out_the_answer_counts_as_wrong(questions):
    clock = FakeClock()
    app = to_a_timed_question(questions, clock)
    ana = app.game.state["player"]
    clock.now += 29.9
    app.countdown.tick()
    assert app.game.phase == "question" and app.countdown.label.value == "1 s left"
    clock.now += 1.1
    app.countdown.tick()
    answer = next(a for a in reversed(app.game.log) if a["type"] == "answer")
    assert answer == {"player": ana, "type": "answer", "mark": "wrong", "seconds": 31.0}
    assert not app.game.state["last"]["correct"]
    assert app.game.state["player"] != ana and app.game.phase == "roll"
    assert app.countdown.label.value == "Time is up: the answer counts as wrong."
    assert app.countdown.bar.value == 0 and app.countdown.layout.display is None
    said = [text for kind, text in app.messages.messages if kind == "error"]
    assert said[-1].startswith("Time is up: the answer counts as wrong. The answer is ")
    assert app.card.layout.display == "none"
    app.countdown.tick()  # a late tick after time is up changes nothing
    assert app.game.phase == "roll"


def test_a_right_answer_given_too_late_counts_as_wrong(questions):
    clock = FakeClock()
    app = to_a_timed_question(questions, clock)
    clock.now += 45  # no tick: the kernel was busy
    app.card.answer_box.value = app.card.question.answer
    answer = next(a for a in reversed(app.game.log) if a["type"] == "answer")
    assert answer["seconds"] == 45.0
    assert not app.game.state["last"]["correct"]
    assert app.countdown.label.value == "Time is up: the answer counts as wrong."
    assert "Time is up" in app.card.feedback.value


def test_without_a_time_limit_no_clock_is_shown_or_sent(questions):
    clock = FakeClock()
    app = to_a_timed_question(questions, clock, limit=None)
    assert app.countdown.layout.display == "none" and not app.countdown.running
    clock.now += 500
    app.countdown.tick()
    assert app.game.phase == "question"
    app.card.answer_box.value = app.card.question.answer
    answer = next(a for a in reversed(app.game.log) if a["type"] == "answer")
    assert "seconds" not in answer and app.game.state["last"]["correct"]


def test_a_paused_countdown_does_not_count_the_pause() -> None:
    from geoteach.ui.countdown import Countdown

    clock, calls = FakeClock(), []
    countdown = Countdown(10, calls.append, clock=clock)
    countdown.start()
    clock.now += 4
    countdown.pause()
    clock.now += 100
    countdown.tick()
    assert countdown.label.value == "6 s left" and calls == []
    countdown.resume()
    clock.now += 7
    countdown.tick()
    assert calls == [pytest.approx(11.0)]
    assert countdown.label.value == "Time is up!" and not countdown.running


def test_in_a_kernel_the_countdown_ticks_by_itself() -> None:
    import asyncio

    from geoteach.ui.countdown import Countdown

    async def run() -> tuple[list[float], bool]:
        clock, calls = FakeClock(), []
        countdown = Countdown(3, calls.append, clock=clock, every=0.001)
        countdown.start()
        started = countdown.task is not None
        for _ in range(10_000):
            if calls:
                break
            clock.now += 1
            await asyncio.sleep(0.001)
        return calls, started

    calls, started = asyncio.run(run())
    assert started and len(calls) == 1 and calls[0] >= 3


def test_no_background_task_without_an_event_loop() -> None:
    from geoteach.ui.countdown import Countdown

    countdown = Countdown(5, lambda _s: None, clock=FakeClock())
    countdown.start()
    assert countdown.running and countdown.task is None


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
    assert "question 'c2q1': The choices must include the answer 'Nile 1'." in message


def test_a_card_that_fails_to_show_is_not_called_an_undone_move(questions, monkeypatch) -> None:
    app = play("Ana", "Ben", seed=4, questions=questions)
    game = app.game

    def broken(*args, **kwargs) -> None:
        raise RuntimeError("the card could not be drawn")

    monkeypatch.setattr(app.card, "ask", broken)
    app.roll_button.click()
    kinds = [SPACES[sid].kind for sid in game.legal_destinations()]
    to_a_question = next(i for i, k in enumerate(kinds) if k not in ("roll_again", "hub"))
    app.controls.children[1].children[to_a_question].click()
    assert game.phase == "question"  # the move was made: the message must not say otherwise
    assert (
        app.messages.text == "Something went wrong: the card could not be drawn. Tell your teacher."
    )
    assert [caught.message for caught in safe.ERRORS] == [app.messages.text]
    safe.clear()
    monkeypatch.undo()
    app.refresh()  # the next redraw shows the card that failed to show
    assert app.card.question.id == game.state["question"]["id"]
    assert app.card.layout.display is None
