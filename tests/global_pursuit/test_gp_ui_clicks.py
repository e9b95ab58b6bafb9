"""Issue 14 at the table: real map cards, a hand you click, a ghost before laying, the joint
up close in a challenge, and a trivia verdict that stays until Continue."""

from __future__ import annotations

import html
import io
import itertools
import json

import ipywidgets as widgets
import numpy as np
import pytest
from matplotlib.backend_bases import MouseButton, MouseEvent
from PIL import Image

from geoteach.bots.global_pursuit import GlobalPursuitBot
from geoteach.games.global_pursuit.engine import GlobalPursuit
from geoteach.games.global_pursuit.layout import SET_NAMES, corners, parse_card
from geoteach.games.table import Table
from geoteach.quiz.answers import said_answers
from geoteach.render.globe_cards import BADGE_PX, CHOSEN_EDGE, card_corners
from geoteach.ui import safe, shell
from geoteach.ui.global_pursuit import (
    HAND_PX,
    JOINT_PX,
    GlobalPursuitScreen,
    HowTheCardsFit,
    canvas_class,
)

from .test_gp_ui import displayed, screen, to_ana_s_question


@pytest.fixture(autouse=True)
def _no_errors():
    safe.clear()
    yield
    assert [c.message for c in safe.ERRORS] == []


def click(figure, ax, x: float, y: float) -> None:
    """A left click at (x, y) in ``ax``'s data coordinates, as the canvas reports it."""
    px, py = ax.transData.transform((x, y))
    event = MouseEvent("button_press_event", figure.canvas, px, py, button=MouseButton.LEFT)
    figure.canvas.callbacks.process("button_press_event", event)


def near_edge(shape: np.ndarray, edge: int) -> tuple[float, float]:
    """A point just inside the middle of ``edge`` of a card with corners ``shape``."""
    mid = (shape[edge] + shape[(edge + 1) % 5]) / 2
    return tuple(mid + 0.12 * (shape.mean(axis=0) - mid))


def anas_table(maps: bool = False, seed: int = 5) -> tuple[GlobalPursuit, GlobalPursuitScreen]:
    """Ana (a person) against a hard computer, at the start of Ana's turn."""
    game = GlobalPursuit(Table.of("Ana", "Robot", bots={"Robot": "hard"}), seed=seed)
    ui = screen(game, maps=maps)
    assert game.player == 0 and game.phase == "match"
    return game, ui


def lay_by_clicking(ui: GlobalPursuitScreen, move: dict, through_the_ghost: bool) -> None:
    """Lay ``move``'s card where ``move`` puts it, with clicks only (and Lay the card).

    The card: a click on its picture in the hand. The place: a click on its number badge.
    The turn: a click on the ghost's edge that must touch (or on that edge of the hand card).
    """
    hand_card = next(c for c in ui.parts.board_panel.hand_cards.children if c.card == move["card"])
    click(hand_card.figure, hand_card.figure.axes[0], 0.0, 0.0)  # the middle: no edge
    assert ui.parts.step_panel.hand.value == move["card"]
    # The place the move lies in, whichever of its open edges the move names.
    target = ui.parts._table.slot(*move["at"])
    want_turn = (target.turn0 - 2 * move["card_edge"]) % 10
    mark = next(m for m in ui.parts._marks if np.allclose(m.centre, (target.x, target.y)))
    badge = ui.parts.board_panel.table_picture.badges[mark.number - 1]
    click(ui.parts.board_panel.table_picture.figure, ui.parts.board_panel.table_picture.ax, *badge)
    assert ui.parts.step_panel.edge.value == (mark.index, mark.edge)
    slot = ui.parts._table.slot(mark.index, mark.edge)
    touching = next(k for k in range(5) if (slot.turn0 - 2 * k) % 10 == want_turn)
    if through_the_ghost:
        ghost = ui.parts._ghost()
        shape = np.array(corners(ghost["x"], ghost["y"], ghost["turn"]))
        click(
            ui.parts.board_panel.table_picture.figure,
            ui.parts.board_panel.table_picture.ax,
            *near_edge(shape, touching),
        )
    else:
        where = near_edge(card_corners(move["card"]), touching)
        click(hand_card.figure, hand_card.figure.axes[0], *where)
    assert ui.parts.step_panel.turn.value == touching
    assert ui.parts._ghost()["turn"] == want_turn
    ui.parts.step_panel.lay.click()


def test_a_hand_of_real_map_cards_you_can_read():
    game, ui = anas_table(maps=True)
    assert len(ui.parts.board_panel.hand_cards.children) == 5
    for hand_card in ui.parts.board_panel.hand_cards.children:
        fig = hand_card.figure
        assert fig.bbox.width >= 180 and HAND_PX >= 180
        set_name, face = parse_card(hand_card.card)
        # A long set name wraps to two lines: read as one line.
        words = [" ".join(t.get_text().split()) for t in fig.texts]
        assert f"card {face + 1}" in words and SET_NAMES[set_name] in words
        ax = fig.axes[0]
        assert sorted(t.get_text() for t in ax.texts) == ["1", "2", "3", "4", "5"]
        assert ax.images, "the card's map is drawn on it"
    # The keyboard route names the cards in full, numbered as printed (1-12).
    assert [label for label, _ in ui.parts.step_panel.hand.options] == [
        f"{SET_NAMES[parse_card(c)[0]]} card {parse_card(c)[1] + 1}" for c in game.hand(0)
    ]


def test_clicking_a_card_a_place_and_the_ghost_s_edge_lays_the_card():
    game, ui = anas_table()
    move = GlobalPursuitBot("hard", seed=0).choose(game, 0)
    assert move["type"] == "place"
    before = game.table_cards()
    lay_by_clicking(ui, move, through_the_ghost=True)
    assert game.table_cards()[: len(before)] == before
    laid = next(a for a in reversed(game.log) if a["type"] == "place")
    assert laid["card"] == move["card"] and game._judge(laid).correct


def test_three_cards_laid_by_clicking_the_hand_cards_edges():
    game, ui = anas_table()
    helper = GlobalPursuitBot("hard", seed=0)
    laid = 0
    for _ in range(200):
        if laid == 3 or game.is_terminal():
            break
        if ui.feedback.is_open:
            ui.feedback.continue_button.click()
        elif game.phase == "match" and game.player == 0:
            move = helper.choose(game, 0)
            if move["type"] == "pass":
                ui.parts.step_panel.cannot.click()
                continue
            lay_by_clicking(ui, move, through_the_ghost=False)
            laid += 1
        elif game.phase == "answer":
            ui.parts.step_panel.card.answer_box.value = (
                game.current_question().answer
            )  # right: Ana goes on
            ui.parts.step_panel.card.submit_button.click()  # Enter: the page script presses it
        else:
            buttons = {
                "challenge": ui.parts.step_panel.accept,
                "roll": ui.parts.step_panel.roll,
                "level": ui.parts.step_panel.choose_level,
            }
            buttons.update(wild=ui.parts.step_panel.skip_wild)
            buttons[game.phase].click()
    assert laid == 3
    places = [a for a in game.log if a["type"] == "place" and a["player"] == 0]
    assert len(places) == 3


def test_a_ghost_shows_the_card_in_place_before_it_is_laid():
    game, ui = anas_table(maps=True)
    move = GlobalPursuitBot("hard", seed=0).choose(game, 0)
    picture = ui.parts.board_panel.table_picture
    empty = np.asarray(picture.cards_artist.rgba).copy()
    ui.parts.step_panel.hand.value = move["card"]
    assert ui.parts._ghost() is None  # no place chosen yet: nothing drawn
    ui.parts.step_panel.edge.value = ui.parts.step_panel.edge.options[0][1]
    ghost = ui.parts._ghost()
    assert ghost is not None and ghost["card"] == move["card"]
    dashed = [p for p in picture.ax.patches if p.get_linestyle() == "--"]
    assert len(dashed) == 1 and np.allclose(dashed[0].get_xy()[:5], corners(**_where(ghost)))
    assert (np.asarray(picture.cards_artist.rgba) != empty).any(), "the map is pasted, faded"
    assert game.table_cards() == [c["card"] for c in game.layout.cards]  # nothing laid
    assert move["card"] in game.hand(0)
    # The open edge chosen is marked too.
    chosen = [c for c in picture.ax.collections if hasattr(c, "get_segments")]
    assert any(np.allclose(col, _rgba(CHOSEN_EDGE)) for c in chosen for col in c.get_colors())


def _where(card: dict) -> dict:
    return {k: card[k] for k in ("x", "y", "turn")}


def _rgba(colour: str) -> np.ndarray:
    from matplotlib.colors import to_rgba

    return np.array(to_rgba(colour))


def test_clicking_the_ghost_s_edge_turns_the_card_so_that_edge_touches():
    game, ui = anas_table()
    card = game.hand(0)[0]
    ui.parts.pick_card(card)
    ui.parts.step_panel.edge.value = ui.parts.step_panel.edge.options[0][1]
    for edge in (3, 1, 4):
        ghost = ui.parts._ghost()
        shape = np.array(corners(**_where(ghost)))
        click(
            ui.parts.board_panel.table_picture.figure,
            ui.parts.board_panel.table_picture.ax,
            *near_edge(shape, edge),
        )
        assert ui.parts.step_panel.turn.value == edge
        slot = ui.parts._table.slot(*ui.parts.step_panel.edge.value)
        assert ui.parts._ghost()["turn"] == (slot.turn0 - 2 * edge) % 10
    # The hand card shows the same choice: that edge drawn thick on it.
    shown = next(c for c in ui.parts.board_panel.hand_cards.children if c.card == card)
    assert shown._shown == (True, 4)


def test_a_click_beside_everything_chooses_nothing():
    _game, ui = anas_table()
    x0, _, y0, _ = ui.parts.board_panel.table_picture.view
    click(
        ui.parts.board_panel.table_picture.figure,
        ui.parts.board_panel.table_picture.ax,
        x0 + 0.05,
        y0 + 0.05,
    )
    assert ui.parts.step_panel.edge.value is None and ui.parts.step_panel.hand.value is None


def test_the_numbers_of_the_places_never_overlap_and_the_table_fits():
    from geoteach.render.globe_cards import TablePicture, place_marks
    from tests.global_pursuit.test_gp_layout import table_of

    layout = table_of(40)
    picture = TablePicture(maps=False)
    marks = place_marks(layout.free_places())
    picture.draw(layout.cards, marks)
    x0, x1, y0, y1 = picture.view
    units_per_px = (x1 - x0) / picture.figure.bbox.width
    for a, b in itertools.combinations(picture.badges, 2):
        assert np.hypot(a[0] - b[0], a[1] - b[1]) >= 2 * BADGE_PX * units_per_px
    everything = np.vstack(
        [
            *(corners(c["x"], c["y"], c["turn"]) for c in layout.cards),
            *(np.array(m.corners) for m in marks),
        ]
    )
    assert everything[:, 0].min() > x0 and everything[:, 0].max() < x1
    assert everything[:, 1].min() > y0 and everything[:, 1].max() < y1
    # Zoomed to fit: the table fills the width or the height (less a card's margin).
    spread = everything.max(axis=0) - everything.min(axis=0)
    assert max(spread[0] / (x1 - x0), spread[1] / (y1 - y0)) > 0.8


# ----- a challenge shows the joint ------------------------------------------------------------
def test_a_challenge_shows_both_edges_of_each_joint_side_by_side():
    game = GlobalPursuit(Table.of("Ana", "Ben"), seed=3)
    ui = screen(game, maps=True)
    ui.parts.guard.button.click()
    ui.parts.pick_card(game.hand(game.player)[0])
    ui.parts.step_panel.edge.value = ui.parts.step_panel.edge.options[0][1]
    ui.parts.step_panel.lay.click()
    assert game.phase == "challenge"
    assert displayed(ui, ui.parts.board_panel.joint) and bytes(
        ui.parts.board_panel.joint.value
    ).startswith(b"\x89PNG")
    width = Image.open(io.BytesIO(bytes(ui.parts.board_panel.joint.value))).width
    whole, partial = ui.parts._table.touching_laid(len(game.layout) - 1)
    assert width == JOINT_PX * len(whole + partial)  # one panel per joint, side by side
    assert (
        ui.parts.board_panel.joint.layout.width == f"{width}px"
    )  # shown at its size, not stretched


# ----- trivia: the verdict stays until Continue ------------------------------------------------
def test_the_verdict_the_answer_and_the_fact_stay_until_continue():
    game, ui = to_ana_s_question("typed")
    ui.parts.step_panel.choose_level.click()
    question = game.current_question()
    ui.parts.step_panel.card.answer_box.value = "Atlantis"  # wrong: the turn passes to the robot
    ui.parts.step_panel.card.submit_button.click()  # Enter: the page script presses it
    assert game.player == 1 and ui.feedback.is_open
    body = html.unescape(ui.feedback.body.value)
    assert f"The answer: {said_answers(question)}" in body
    assert f"The question: {question.prompt}" in body
    assert "Did you know?" in body
    if question.explanation:
        assert question.explanation in body
    assert "read the verdict, then press Continue" in ui.banner.value
    ui.refresh()  # anything redrawn meanwhile keeps the verdict
    assert ui.feedback.is_open and displayed(ui, ui.feedback.continue_button)
    ui.feedback.continue_button.click()
    assert not ui.feedback.is_open and ui.feedback.text == ""


def test_after_a_right_answer_the_turn_goes_on_and_the_next_card_puts_the_verdict_away():
    game, ui = to_ana_s_question("honor")
    ui.parts.step_panel.choose_level.click()
    ui.parts.step_panel.card.reveal_button.click()
    ui.parts.step_panel.right.click()
    assert ui.feedback.is_open and ui.feedback.text.startswith("Right! Ana scores ")
    assert game.player == 0
    if game.phase == "match":
        assert "Ana's turn goes on: lay another card." in html.unescape(ui.feedback.body.value)
        assert displayed(ui.controls, ui.parts.step_panel.lay) and displayed(
            ui.board, ui.parts.board_panel.hand_cards
        )
        ui.parts.step_panel.cannot.click()  # the next human action puts the verdict away
        assert not ui.feedback.is_open


def _options_question(game: GlobalPursuit) -> tuple[str, int]:
    """A trivia card and level whose question names its options ("Which of these ...")."""
    for cards in game._bank.values():
        for card in cards:
            for level, q in enumerate(card["questions"], start=1):
                if q["choices"] and q["prompt"].startswith("Which of these"):
                    return card["id"], level
    raise AssertionError("no question with options in the built-in decks")


@pytest.mark.parametrize("mode", ["typed", "choice", "honor"])
def test_a_question_that_needs_options_shows_them_in_every_mode(mode):
    game, ui = to_ana_s_question(mode)
    card_id, level = _options_question(game)
    game.state["trivia"].update(card=card_id, deck=game.trivia_card(card_id)["deck"])
    ui.parts.step_panel.levels.value = level
    ui.parts.step_panel.choose_level.click()
    question = game.current_question()
    assert question.prompt.startswith("Which of these")
    if ui.parts.step_panel.card.asked_mode == "choice":
        shown = [b.tooltip for b in ui.parts.step_panel.card.choice_buttons]
    else:
        shown = [
            o for o in question.choices if f"<li>{o}</li>" in ui.parts.step_panel.card.media.value
        ]
    assert sorted(shown) == sorted(question.choices)


def test_the_end_penalty_is_announced_on_screen():
    table = Table.of("You", "Robot", bots={"Robot": "easy"})
    game = GlobalPursuit(table, seed=1, table_size=[3, 3])
    ui = screen(game)
    assert game.is_terminal()
    body = ui.feedback.body.value
    assert "There is no more room on the playing surface." in body
    assert "You still hold 5 map cards: -20 points (-4 for each)." in body
    assert "Robot still holds 5 map cards: -20 points (-4 for each)." in body
    assert ui.feedback.text.startswith("The game is over: ")
    assert "The game is over." in ui.banner.value and ui.controls.children == ()


# ----- how the cards fit ------------------------------------------------------------------------
def test_how_the_cards_fit_is_plain_widgets_that_redraw_on_their_own():
    fit = HowTheCardsFit("planet_earth", cards=6, maps=False)
    assert not any(isinstance(w, widgets.interactive) for w in _tree(fit))
    six = bytes(fit.picture.value)
    assert six.startswith(b"\x89PNG") and "6 that show the Equator" in fit.caption.value
    fit.slider.value = 9
    assert bytes(fit.picture.value) != six and "then 3 polar" in fit.caption.value
    fit.set_picker.value = "people_products"
    assert "People and Products" in fit.caption.value


def _tree(widget) -> list:
    return [widget, *(w for child in getattr(widget, "children", ()) for w in _tree(child))]


# ----- where a browser test clicks -------------------------------------------------------------
def test_the_click_targets_name_their_canvas_and_lead_to_the_same_choices(monkeypatch):
    """Each target is a point on a named canvas; clicking there chooses what its name says."""
    monkeypatch.setattr(shell, "TEST_HOOKS", True)
    game, ui = anas_table()
    targets = json.loads(ui.click_targets.value)
    card = game.hand(0)[1]
    x, y, canvas = targets[f"hand {card}"]
    assert canvas == f".{canvas_class(card)}" and canvas_class(card) in (
        next(
            c for c in ui.parts.board_panel.hand_cards.children if c.card == card
        ).picture._dom_classes
    )
    assert "gt-table-canvas" in ui.parts.board_panel.picture._dom_classes
    assert [k for k in targets if k.startswith("place ")] == [f"place {n}" for n in range(1, 6)]
    assert all(v[2] == ".gt-table-canvas" for k, v in targets.items() if k.startswith("place"))

    def click_at(figure, px: float, py: float) -> None:
        """A click where the browser would click: CSS pixels from the canvas's top left."""
        height = figure.bbox.height
        event = MouseEvent(
            "button_press_event", figure.canvas, px, height - py, button=MouseButton.LEFT
        )
        figure.canvas.callbacks.process("button_press_event", event)

    hand_card = next(c for c in ui.parts.board_panel.hand_cards.children if c.card == card)
    click_at(hand_card.figure, x, y)
    assert ui.parts.step_panel.hand.value == card
    click_at(
        ui.parts.board_panel.table_picture.figure,
        *json.loads(ui.click_targets.value)["place 3"][:2],
    )
    assert ui.parts.step_panel.edge.value == (ui.parts._marks[2].index, ui.parts._marks[2].edge)
    targets = json.loads(ui.click_targets.value)
    assert {f"ghost edge {k}" for k in range(1, 6)} <= set(targets)
    click_at(ui.parts.board_panel.table_picture.figure, *targets["ghost edge 4"][:2])
    assert ui.parts.step_panel.turn.value == 3
    edge = json.loads(ui.click_targets.value)[f"hand {card} edge 2"]
    click_at(hand_card.figure, *edge[:2])
    assert ui.parts.step_panel.turn.value == 1
    # A card laid leaves the hand: its targets go with it.
    ui.parts.step_panel.lay.click()
    if card in game.table_cards():
        assert f"hand {card}" not in json.loads(ui.click_targets.value)


def test_a_computer_challenge_of_your_card_is_explained_until_continue():
    """Ana lays a card that does not match; the hard robot catches it and she reads why."""
    game = GlobalPursuit(Table.of("Ana", "Robot", bots={"Robot": "hard"}), seed=5)
    ui = screen(game, maps=True)
    wrong = next(
        m for m in game.legal_actions(0) if m["type"] == "place" and not game._judge(m).correct
    )
    ui.parts.pick_card(wrong["card"], wrong["card_edge"])
    ui.parts.step_panel.edge.value = tuple(wrong["at"])
    ui.parts.step_panel.lay.click()
    assert game.state["last"]["challenge"] == "right"
    assert ui.feedback.is_open
    assert ui.feedback.text == "Robot challenges: Ana's card does not match."
    body = html.unescape(ui.feedback.body.value)
    assert "Ana pays Robot 2 points; the card goes back to Ana's hand" in body
    assert "does not join" in body or "only partly touches" in body
    assert displayed(ui.board, ui.parts.board_panel.joint) and not displayed(
        ui.board, ui.parts.board_panel.hand_cards
    )
    assert "Robot challenges Ana's card: it does not match." in ui.computer_log.lines
    ui.feedback.continue_button.click()
    assert ui.parts.verdicts.explaining is None
    assert displayed(ui.board, ui.parts.board_panel.joint) == (game.phase == "challenge")


def test_your_challenge_of_a_computer_card_is_judged_with_the_joint_in_view():
    """An easy robot lays cards that do not match; Ana challenges each card she is shown."""
    for seed in range(60):
        game = GlobalPursuit(Table.of("Robot", "Ana", bots={"Robot": "easy"}), seed=seed)
        ui = screen(game, maps=False)
        if game.phase == "challenge" and not game.state["pending"]["correct"]:
            break
    else:
        raise AssertionError("no seed where the easy robot starts with a mismatch")
    before = game.scores()
    ui.parts.step_panel.challenge.click()
    assert game.scores()[1] == before[1] + 2
    assert ui.feedback.text == "Right! That card does not match."
    assert "Ana takes 2 points from Robot." in html.unescape(ui.feedback.body.value)
    assert displayed(ui.board, ui.parts.board_panel.joint)


def test_large_text_draws_the_table_and_the_hand_larger():
    game, ui = anas_table()
    width = ui.parts.board_panel.table_picture.figure.bbox.width
    card_width = ui.parts.board_panel.hand_cards.children[0].figure.bbox.width
    ui.large_toggle.value = True
    assert "gt-large" in ui._dom_classes
    assert ui.parts.board_panel.table_picture.figure.bbox.width >= 1.25 * width
    assert ui.parts.board_panel.hand_cards.children[0].figure.bbox.width >= 1.25 * card_width
    assert (
        ui.parts.board_panel.picture is ui.parts.board_panel.table_picture.figure.canvas
        and displayed(ui.board, ui.parts.board_panel.picture)
    )
    # The numbers grow with the cards: a badge is as many pixels larger as the figure.
    x0, x1, _, _ = ui.parts.board_panel.table_picture.view
    badge = ui.parts.board_panel.table_picture.ax.collections[-1].get_paths()[0]
    radius_px = (
        (badge.get_extents().width / 2)
        * ui.parts.board_panel.table_picture.figure.bbox.width
        / (x1 - x0)
    )
    assert radius_px > 1.25 * BADGE_PX
    assert [c.card for c in ui.parts.board_panel.hand_cards.children] == game.hand(0)
