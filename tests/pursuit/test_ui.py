"""The board drawing and the game widget, driven from Python as a player would click."""

from __future__ import annotations

import pytest
from matplotlib.backend_bases import MouseEvent

from geoteach.bots.pursuit import PursuitBot
from geoteach.games.geography_pursuit.board import HUB, SPACES
from geoteach.games.geography_pursuit.game import GeographyPursuit
from geoteach.games.table import Table
from geoteach.render.board import BoardView, draw_board, short_names, space_at, space_xy
from geoteach.ui import safe
from geoteach.ui.pursuit import PursuitApp, describe_space


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
