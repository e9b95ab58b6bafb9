"""Issue 14 at the table: real map cards, a hand you click, a ghost before laying, the joint
up close in a challenge, and a trivia verdict that stays until Continue."""

from __future__ import annotations

import io
import itertools

import ipywidgets as widgets
import numpy as np
import pytest
from matplotlib.backend_bases import MouseButton, MouseEvent
from PIL import Image

from geoteach.bots.global_pursuit import GlobalPursuitBot
from geoteach.games.global_pursuit.engine import GlobalPursuit
from geoteach.games.global_pursuit.layout import SET_NAMES, corners, parse_card
from geoteach.games.table import Table
from geoteach.render.globe_cards import BADGE_PX, CHOSEN_EDGE, card_corners
from geoteach.ui import safe
from geoteach.ui.global_pursuit import HAND_PX, GlobalPursuitTable, HowTheCardsFit

from .test_gp_ui import displayed, to_ana_s_question


def click(figure, ax, x: float, y: float) -> None:
    """A left click at (x, y) in ``ax``'s data coordinates, as the canvas reports it."""
    px, py = ax.transData.transform((x, y))
    event = MouseEvent("button_press_event", figure.canvas, px, py, button=MouseButton.LEFT)
    figure.canvas.callbacks.process("button_press_event", event)


def near_edge(shape: np.ndarray, edge: int) -> tuple[float, float]:
    """A point just inside the middle of ``edge`` of a card with corners ``shape``."""
    mid = (shape[edge] + shape[(edge + 1) % 5]) / 2
    return tuple(mid + 0.12 * (shape.mean(axis=0) - mid))


def anas_table(maps: bool = False, seed: int = 5) -> tuple[GlobalPursuit, GlobalPursuitTable]:
    """Ana (a person) against a hard computer, at the start of Ana's turn."""
    safe.clear()
    game = GlobalPursuit(Table.of("Ana", "Robot", bots={"Robot": "hard"}), seed=seed)
    ui = GlobalPursuitTable(game, maps=maps, challenge_seconds=None)
    assert game.player == 0 and game.phase == "match"
    return game, ui


def lay_by_clicking(ui: GlobalPursuitTable, move: dict, through_the_ghost: bool) -> None:
    """Lay ``move``'s card where ``move`` puts it, with clicks only (and Lay the card).

    The card: a click on its picture in the hand. The place: a click on its number badge.
    The turn: a click on the ghost's edge that must touch (or on that edge of the hand card).
    """
    hand_card = next(c for c in ui.hand_cards.children if c.card == move["card"])
    click(hand_card.figure, hand_card.figure.axes[0], 0.0, 0.0)  # the middle: no edge
    assert ui.hand.value == move["card"]
    # The place the move lies in, whichever of its open edges the move names.
    target = ui._table.slot(*move["at"])
    want_turn = (target.turn0 - 2 * move["card_edge"]) % 10
    mark = next(m for m in ui._marks if np.allclose(m.centre, (target.x, target.y)))
    badge = ui.table_picture.badges[mark.number - 1]
    click(ui.table_picture.figure, ui.table_picture.ax, *badge)
    assert ui.edge.value == (mark.index, mark.edge)
    slot = ui._table.slot(mark.index, mark.edge)
    touching = next(k for k in range(5) if (slot.turn0 - 2 * k) % 10 == want_turn)
    if through_the_ghost:
        ghost = ui._ghost()
        shape = np.array(corners(ghost["x"], ghost["y"], ghost["turn"]))
        click(ui.table_picture.figure, ui.table_picture.ax, *near_edge(shape, touching))
    else:
        where = near_edge(card_corners(move["card"]), touching)
        click(hand_card.figure, hand_card.figure.axes[0], *where)
    assert ui.turn.value == touching
    assert ui._ghost()["turn"] == want_turn
    ui.lay.click()


def test_a_hand_of_real_map_cards_you_can_read():
    game, ui = anas_table(maps=True)
    assert len(ui.hand_cards.children) == 5
    for hand_card in ui.hand_cards.children:
        fig = hand_card.figure
        assert fig.bbox.width >= 180 and HAND_PX >= 180
        set_name, face = parse_card(hand_card.card)
        words = [t.get_text() for t in fig.texts]
        assert f"card {face + 1}" in words and SET_NAMES[set_name] in words
        ax = fig.axes[0]
        assert sorted(t.get_text() for t in ax.texts) == ["1", "2", "3", "4", "5"]
        assert ax.images, "the card's map is drawn on it"
    # The keyboard route names the cards in full, numbered as printed (1-12).
    assert [label for label, _ in ui.hand.options] == [
        f"{SET_NAMES[parse_card(c)[0]]} card {parse_card(c)[1] + 1}" for c in game.hand(0)
    ]
    assert ui.hand.style.button_width == "auto"  # no "People and Product…" cut short
    assert not safe.ERRORS


def test_clicking_a_card_a_place_and_the_ghost_s_edge_lays_the_card():
    game, ui = anas_table()
    move = GlobalPursuitBot("hard", seed=0).choose(game, 0)
    assert move["type"] == "place"
    before = game.table_cards()
    lay_by_clicking(ui, move, through_the_ghost=True)
    assert game.table_cards()[: len(before)] == before
    laid = next(a for a in reversed(game.log) if a["type"] == "place")
    assert laid["card"] == move["card"] and game._judge(laid).correct
    assert not safe.ERRORS


def test_three_cards_laid_by_clicking_the_hand_cards_edges():
    game, ui = anas_table()
    helper = GlobalPursuitBot("hard", seed=0)
    laid = 0
    for _ in range(200):
        if laid == 3 or game.is_terminal():
            break
        if displayed(ui, ui.continue_button):
            ui.continue_button.click()
        elif game.phase == "match" and game.player == 0:
            move = helper.choose(game, 0)
            if move["type"] == "pass":
                ui.cannot.click()
                continue
            lay_by_clicking(ui, move, through_the_ghost=False)
            laid += 1
        elif game.phase == "answer":
            ui.card.answer_box.value = game.current_question().answer  # right: Ana goes on
        else:
            buttons = {"challenge": ui.accept, "roll": ui.roll, "level": ui.choose_level}
            buttons.update(wild=ui.skip_wild)
            buttons[game.phase].click()
    assert laid == 3
    places = [a for a in game.log if a["type"] == "place" and a["player"] == 0]
    assert len(places) == 3
    assert not safe.ERRORS


def test_a_ghost_shows_the_card_in_place_before_it_is_laid():
    game, ui = anas_table(maps=True)
    move = GlobalPursuitBot("hard", seed=0).choose(game, 0)
    picture = ui.table_picture
    empty = np.asarray(picture.cards_artist.rgba).copy()
    ui.hand.value = move["card"]
    assert ui._ghost() is None  # no place chosen yet: nothing drawn
    ui.edge.value = ui.edge.options[0][1]
    ghost = ui._ghost()
    assert ghost is not None and ghost["card"] == move["card"]
    dashed = [p for p in picture.ax.patches if p.get_linestyle() == "--"]
    assert len(dashed) == 1 and np.allclose(dashed[0].get_xy()[:5], corners(**_where(ghost)))
    assert (np.asarray(picture.cards_artist.rgba) != empty).any(), "the map is pasted, faded"
    assert game.table_cards() == [c["card"] for c in game.layout.cards]  # nothing laid
    assert move["card"] in game.hand(0)
    # The open edge chosen is marked too.
    chosen = [c for c in picture.ax.collections if hasattr(c, "get_segments")]
    assert any(np.allclose(col, _rgba(CHOSEN_EDGE)) for c in chosen for col in c.get_colors())
    assert not safe.ERRORS


def _where(card: dict) -> dict:
    return {k: card[k] for k in ("x", "y", "turn")}


def _rgba(colour: str) -> np.ndarray:
    from matplotlib.colors import to_rgba

    return np.array(to_rgba(colour))


def test_clicking_the_ghost_s_edge_turns_the_card_so_that_edge_touches():
    game, ui = anas_table()
    card = game.hand(0)[0]
    ui.pick_card(card)
    ui.edge.value = ui.edge.options[0][1]
    for edge in (3, 1, 4):
        ghost = ui._ghost()
        shape = np.array(corners(**_where(ghost)))
        click(ui.table_picture.figure, ui.table_picture.ax, *near_edge(shape, edge))
        assert ui.turn.value == edge
        slot = ui._table.slot(*ui.edge.value)
        assert ui._ghost()["turn"] == (slot.turn0 - 2 * edge) % 10
    # The hand card shows the same choice: that edge drawn thick on it.
    shown = next(c for c in ui.hand_cards.children if c.card == card)
    assert shown._shown == (True, 4)
    assert not safe.ERRORS


def test_a_click_beside_everything_chooses_nothing():
    _game, ui = anas_table()
    x0, _, y0, _ = ui.table_picture.view
    click(ui.table_picture.figure, ui.table_picture.ax, x0 + 0.05, y0 + 0.05)
    assert ui.edge.value is None and ui.hand.value is None
    assert not safe.ERRORS


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
    safe.clear()
    game = GlobalPursuit(Table.of("Ana", "Ben"), seed=3)
    ui = GlobalPursuitTable(game, maps=True, challenge_seconds=None)
    ui.guard.button.click()
    ui.pick_card(game.hand(game.player)[0])
    ui.edge.value = ui.edge.options[0][1]
    ui.lay.click()
    assert game.phase == "challenge"
    assert displayed(ui, ui.joint) and bytes(ui.joint.value).startswith(b"\x89PNG")
    width = Image.open(io.BytesIO(bytes(ui.joint.value))).width
    whole, partial = ui._table.touching_laid(len(game.layout) - 1)
    assert width == 340 * len(whole + partial)  # one panel per joint, side by side
    assert not safe.ERRORS


# ----- trivia: the verdict stays until Continue ------------------------------------------------
def test_the_verdict_the_answer_and_the_fact_stay_until_continue():
    game, ui = to_ana_s_question("typed")
    ui.choose_level.click()
    question = game.current_question()
    moves = len(game.log)
    ui.card.answer_box.value = "Atlantis"  # wrong: the turn passes to the robot ...
    # ... which has not moved: its turn waits until the class has read the answer.
    assert len(game.log) == moves + 1 and game.log[-1]["type"] == "answer"
    assert game.player == 1 and game.phase == "match"
    assert displayed(ui, ui.card) and displayed(ui, ui.continue_button)
    assert f"the answer is {question.answer}".lower() in ui.card.feedback.value.lower()
    if question.explanation:
        assert question.explanation.split()[0] in ui.card.feedback.value
    assert "Continue" in ui.status.value
    ui.continue_button.click()
    assert len(game.log) > moves  # now the robot plays
    assert not displayed(ui, ui.continue_button)
    assert not safe.ERRORS


def test_after_a_right_answer_the_turn_goes_on_after_continue():
    game, ui = to_ana_s_question("honor")
    ui.choose_level.click()
    ui.card.reveal_button.click()
    ui.right.click()
    assert displayed(ui, ui.continue_button) and not displayed(ui, ui.hand)
    assert "Right!" in ui.card.feedback.value
    ui.continue_button.click()
    if game.phase == "match" and game.player == 0:
        assert displayed(ui, ui.hand)
    assert not safe.ERRORS


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
    ui.levels.value = level
    ui.choose_level.click()
    question = game.current_question()
    assert question.prompt.startswith("Which of these")
    if ui.card.asked_mode == "choice":
        shown = [b.tooltip for b in ui.card.choice_buttons]
    else:
        shown = [o for o in question.choices if f"<li>{o}</li>" in ui.card.media.value]
    assert sorted(shown) == sorted(question.choices)
    assert not safe.ERRORS


def test_the_end_penalty_is_announced_on_screen():
    safe.clear()
    table = Table.of("Ana", "Robot", bots={"Robot": "easy"})
    game = GlobalPursuit(table, seed=1, table_size=[3, 3])
    ui = GlobalPursuitTable(game, maps=False, challenge_seconds=None)
    assert game.is_terminal()
    assert "There is no more room on the playing surface." in ui.status.value
    assert "Ana still holds 5 map cards: -20 points (-4 for each)." in ui.status.value
    assert not safe.ERRORS


# ----- how the cards fit ------------------------------------------------------------------------
def test_how_the_cards_fit_is_plain_widgets_that_redraw_on_their_own():
    safe.clear()
    fit = HowTheCardsFit("planet_earth", cards=6, maps=False)
    assert not any(isinstance(w, widgets.interactive) for w in _tree(fit))
    six = bytes(fit.picture.value)
    assert six.startswith(b"\x89PNG") and "6 that show the Equator" in fit.caption.value
    fit.slider.value = 9
    assert bytes(fit.picture.value) != six and "then 3 polar" in fit.caption.value
    fit.set_picker.value = "people_products"
    assert "People and Products" in fit.caption.value
    assert not safe.ERRORS


def _tree(widget) -> list:
    return [widget, *(w for child in getattr(widget, "children", ()) for w in _tree(child))]
