"""The widget, driven from Python: buttons call the engine, the screen shows the new state."""

from __future__ import annotations

import pytest

from geoteach.games.globalissimo import HURDLE, Globalissimo
from geoteach.games.table import Table
from geoteach.ui import safe
from geoteach.ui.globalissimo import GlobalissimoUI, category_html, play
from tests.globalissimo.conftest import ATLAS, stack


@pytest.fixture(autouse=True)
def _no_errors():
    safe.clear()
    yield
    assert safe.ERRORS == []


def test_a_full_game_against_three_bots_from_start_to_finish():
    ui = play(
        ["Ana", "R1", "R2", "R3"], {"R1": "hard", "R2": "medium", "R3": "easy"}, seed=3, bot_delay=0
    )
    game = ui.game
    clicks = 0
    while not game.is_terminal():
        assert game.to_act() == [0]
        if game.phase == HURDLE:
            hurdle = game.view(0)["hurdle"]
            ui.answer_text.value = "Paris" if hurdle["kind"] == "B" else "1"
            ui.answer_button.click()
        else:
            ui.rank_buttons[0].click()
        clicks += 1
    assert len(game.history) == 10 and clicks >= 10
    assert "The game is over" in ui.messages.text
    assert "Game over" in ui.status.value
    assert ui.controls.children == ()


def test_rank_buttons_place_the_number_and_the_cards_show_the_chip():
    game = Globalissimo(Table.of("Ana", "Ben"), seed=1, atlas=ATLAS)
    stack(game, ["FRA", "JPN"], "tourists")
    ui = GlobalissimoUI(game, bot_delay=0)
    assert "Tourists from abroad" in ui.category.value and "invented for tests" in ui.category.value
    assert "Ana</b> ranks a country" in ui.status.value
    ui.country_pick.value = "JPN"
    ui.rank_buttons[1].click()
    assert game.round["guesses"] == [{"player": 0, "country": "JPN", "rank": 2}]
    assert "● 2" in ui.cards.value
    assert [v for _, v in ui.country_pick.options] == ["FRA"]
    assert "Ben</b> ranks a country" in ui.status.value
    ui.rank_buttons[0].click()  # Ben: France 1
    # Round over: the reveal and the learn panel show round 1.
    assert "Round 1: the true order" in ui.reveal_text.value
    assert "France" in ui.learn_text.value and "800 visitors" in ui.learn_text.value
    assert ui.reveal_chart.value[:4] == b"\x89PNG" and ui.learn_map.value[:4] == b"\x89PNG"
    assert "Round 1 is over. Ana +3, Ben +3." in [m for _, m in ui.messages.messages]


def test_hurdle_a_by_number_and_by_click_and_b_by_typing():
    game = Globalissimo(Table.of("Ana", "Ben"), seed=1, atlas=ATLAS)
    game.scoreboard.counters["points"] = [3, 0]
    stack(game, ["FRA", "JPN"], "tourists", top=["HUN", "LBY", "BOL"])
    ui = GlobalissimoUI(game, bot_delay=0)
    ui.country_pick.value = "FRA"
    ui.rank_buttons[0].click()
    ui.rank_buttons[0].click()
    assert game.phase == HURDLE
    assert "Point out Hungary on the world map" in ui.hurdle_prompt.value
    assert ui.hurdle_map in ui.hurdle_box.children
    ui.answer_text.value = "49"
    ui.answer_button.click()
    said = [m for _, m in ui.messages.messages]
    assert said == [
        "Ana: Not quite — Hungary is number 54 on the map.",
        "Round 1 is over. Ana +3, Ben +2.",
    ]
    assert game.scores() == [3, 2]
    # Next round: Ana again faces hurdle A, now by a click on the map.
    stack(game, ["FRA", "JPN"], "tourists", top=["LBY", "BOL"])
    game.scoreboard.counters["points"][1] = 0  # Ben stays short of the hurdle
    ui.redraw()
    ui.country_pick.value = "JPN"
    ui.rank_buttons[0].click()  # Ben (flag holder) ranks Japan 1: one off, 2 points
    ui.country_pick.value = "FRA"
    ui.rank_buttons[0].click()  # Ana: France 1, 3 points
    assert game.to_act() == [0] and game.phase == HURDLE
    ui.click_country("LBY")
    assert "Ana: Right! Libya is number 70 on the map." in [m for _, m in ui.messages.messages]
    assert "Name the capital of Bolivia" in ui.hurdle_prompt.value
    ui.answer_text.value = "la paz"
    ui.answer_button.click()
    assert game.scores()[0] == 6 and game.scoreboard.get(0, "hurdles") == 2


def test_honor_mode_show_then_mark():
    game = Globalissimo(Table.of("Ana", "Ben"), seed=1, atlas=ATLAS, honor=True)
    game.scoreboard.counters["points"] = [3, 0]
    stack(game, ["FRA", "JPN"], "tourists", top=["HUN"])
    ui = GlobalissimoUI(game, bot_delay=0)
    ui.country_pick.value = "FRA"
    ui.rank_buttons[0].click()
    ui.rank_buttons[0].click()
    assert ui.answer_row.children == (ui.show_button,)
    ui.show_button.click()
    assert "Answer: <b>54</b>" in ui.answer_row.children[0].value
    ui.right_button.click()
    assert game.hurdles[0]["taken_by"] == 0


def test_an_illegal_click_is_explained_and_changes_nothing():
    game = Globalissimo(Table.of("Ana", "Ben"), seed=1, atlas=ATLAS)
    ui = GlobalissimoUI(game, bot_delay=0)
    before = game.to_json()
    ui.answer_text.value = "Paris"
    ui.answer_button.click()  # no hurdle now
    assert game.to_json() == before
    assert ui.messages.kind == "error" and "no hurdle" in ui.messages.text
    assert len(safe.REJECTED) == 1


def test_category_card_shows_unit_year_and_source():
    text = category_html(ATLAS.categories["density"])
    assert "people per km²" in text and "2020" in text and "invented for tests" in text


def test_benchmark_redraw_after_a_move(benchmark):
    ui = play(
        ["Ana", "R1", "R2", "R3"], {"R1": "hard", "R2": "medium", "R3": "easy"}, seed=5, bot_delay=0
    )
    ui.rank_buttons[0].click()
    benchmark(ui.redraw)
    assert ui.redraw_seconds > 0
