"""The board drawing: readable labels, a key, tokens side by side, clicks back to spaces."""

from __future__ import annotations

import itertools
import math

import pytest
from matplotlib.backend_bases import MouseEvent
from matplotlib.patches import Wedge
from matplotlib.text import Text

from geoteach.games.geography_pursuit.board import HUB, SPACES
from geoteach.games.geography_pursuit.game import DEFAULT_CATEGORIES as DEFAULT_NAMES
from geoteach.games.geography_pursuit.game import GeographyPursuit
from geoteach.games.table import Table
from geoteach.render.board import (
    BOARD_PX,
    DPI,
    BoardView,
    draw_board,
    short_names,
    space_at,
    space_xy,
    token_spots,
)


def click(board: BoardView, space_id: str) -> None:
    x, y = board.ax.transData.transform(space_xy(space_id))
    event = MouseEvent("button_press_event", board.figure.canvas, x, y, button=1)
    board.figure.canvas.callbacks.process("button_press_event", event)


def screen_px(text: Text, board: BoardView) -> float:
    """A text's size in CSS pixels on screen (the normal board is shown at its own size)."""
    return text.get_fontsize() * DPI / 72 / board.scale


def test_every_space_is_found_under_its_own_centre() -> None:
    for sid in SPACES:
        assert space_at(*space_xy(sid)) == sid
    assert space_at(0.0, 7.4 + 1.3) is None
    assert space_at(None, None) is None


def test_short_names_are_initials_or_numbers() -> None:
    assert short_names(["Capitals & Cities", "Physical World"]) == ["CC", "PW"]
    assert short_names(["Rivers", "Roads"]) == ["1", "2"]


@pytest.mark.parametrize("large", [False, True])
def test_every_label_is_readable_inside_the_picture_and_none_overlaps(large: bool) -> None:
    board = BoardView(list(DEFAULT_NAMES), large=large)
    assert tuple(board.figure.bbox.size) == pytest.approx(BOARD_PX[large])
    board.figure.canvas.draw()
    renderer = board.figure.canvas.get_renderer()
    texts = [t for t in board.ax.texts if t.get_text()]
    # Every space's letters, the six names, the key: the key says what the marks mean.
    words = " ".join(t.get_text() for t in texts)
    for name in DEFAULT_NAMES:
        assert name.split()[0] in words
    assert "Roll again" in words and "You may go there" in words
    assert min(screen_px(t, board) for t in texts) >= 11
    inside = board.figure.bbox
    boxes = []
    for text in texts:
        patch = text.get_bbox_patch()
        box = (patch or text).get_window_extent(renderer)
        assert inside.x0 <= box.x0 and box.x1 <= inside.x1, text.get_text()
        assert inside.y0 <= box.y0 and box.y1 <= inside.y1, text.get_text()
        boxes.append((text.get_text(), box))
    for (a, box_a), (b, box_b) in itertools.combinations(boxes, 2):
        assert not box_a.overlaps(box_b), (a, b)


@pytest.mark.parametrize("space", [HUB, "ring7", "ring3", "spoke2.1", "spoke4.5"])
@pytest.mark.parametrize("count", range(1, 7))
def test_tokens_on_one_space_stand_side_by_side(space: str, count: int) -> None:
    spots, radius = token_spots(space, count)
    assert len(spots) == count
    for (xa, ya), (xb, yb) in itertools.combinations(spots, 2):
        assert math.hypot(xa - xb, ya - yb) >= 2 * radius  # touching at most, never covering
    x, y = space_xy(space)
    assert all(math.hypot(sx - x, sy - y) < 1.5 for sx, sy in spots)  # still on its space


def test_drawing_lights_the_destinations_and_tokens_carry_their_wedges(questions) -> None:
    table = Table.of("Ana", "Ben", "Cai")
    game = GeographyPursuit(table, seed=1, questions=questions)
    game.state["wedges"][0] = [0, 3]
    game.apply({"player": game.state["player"], "type": "roll"})
    view = game.view(None)
    board = BoardView(view["categories"], table)
    board.update(view)
    assert board.lit == view["destinations"]
    slices = [a for a in board._overlay if isinstance(a, Wedge)]
    assert len(slices) == 6 * 3
    filled = [w for w in slices if w.get_facecolor()[:3] != (1.0, 1.0, 1.0)]
    assert len(filled) == 2  # Ana's two wedges
    # The three tokens all start in the hub: three different places, side by side.
    centres = {w.center for w in slices}
    assert len(centres) == 3
    assert board.png()[:4] == b"\x89PNG"
    assert draw_board(view, table).axes


def test_a_click_picks_lit_spaces_only_and_rings_the_one_picked(questions) -> None:
    table = Table.of("Ana", "Ben")
    game = GeographyPursuit(table, seed=1, questions=questions)
    game.apply({"player": game.state["player"], "type": "roll"})
    view = game.view(None)
    board = BoardView(view["categories"], table)
    board.update(view)
    picked: list[str] = []
    board.on_pick(picked.append)
    target = view["destinations"][0]
    click(board, "ring20")  # not lit: ignored
    assert picked == [] and not board._mark
    click(board, target)
    assert picked == [target] and len(board._mark) == 1
    board.update(view)  # the next drawing puts the ring away
    assert not board._mark


def test_large_board_is_bigger_and_so_are_its_labels() -> None:
    board = BoardView(list(DEFAULT_NAMES))
    small = max(t.get_fontsize() for t in board.ax.texts)
    board.set_large(True)
    assert tuple(board.figure.bbox.size) == pytest.approx(BOARD_PX[True])
    assert max(t.get_fontsize() for t in board.ax.texts) == pytest.approx(small * board.scale)
    board.set_large(False)
    assert max(t.get_fontsize() for t in board.ax.texts) == pytest.approx(small)


@pytest.mark.parametrize("count", range(1, 7))
def test_tokens_on_a_headquarters_leave_its_name_readable(count: int) -> None:
    board = BoardView(list(DEFAULT_NAMES))
    board.figure.canvas.draw()
    renderer = board.figure.canvas.get_renderer()
    names = [t for t in board.ax.texts if t.get_bbox_patch() is not None]
    assert len(names) == 6
    to_px = board.ax.transData
    unit = to_px.transform((1, 0))[0] - to_px.transform((0, 0))[0]
    for category, name in enumerate(names):
        box = name.get_bbox_patch().get_window_extent(renderer)
        spots, radius = token_spots(f"ring{7 * category}", count)
        for spot in spots:
            cx, cy = to_px.transform(spot)
            nearest_x = min(max(cx, box.x0), box.x1)
            nearest_y = min(max(cy, box.y0), box.y1)
            assert math.hypot(cx - nearest_x, cy - nearest_y) > radius * unit, name.get_text()
