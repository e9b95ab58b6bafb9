"""The table widget: buttons call engine actions and redraw; nothing crashes."""

from __future__ import annotations

from geoteach.games.global_pursuit.engine import GlobalPursuit
from geoteach.games.table import Table
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
    assert bytes(ui.picture.value).startswith(b"\x89PNG")
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


def test_table_figure_marks_open_edges():
    game = GlobalPursuit(Table.of("A", "B"), seed=1)
    view = game.view(0)
    fig = table_figure(view["table"], view["open_edges"], maps=False)
    texts = [t.get_text() for t in fig.axes[0].texts]
    assert [str(n) for n in range(1, 6)] == [t for t in texts if t.isdigit()]


def test_learn_figure_adds_equator_cards_first():
    fig = learn_figure("planet_earth", cards=6, maps=False)
    labels = [t.get_text().split("\n")[0] for t in fig.axes[0].texts]
    assert sorted(int(x) for x in labels) == [3, 4, 5, 6, 7, 8]
