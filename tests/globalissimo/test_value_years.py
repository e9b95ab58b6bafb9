"""Each value's own year, kept with the round and shown where the value is shown (issue 36).

A ranking may mix values of a few years (``geoteach.data.figures.MAX_AGE``); the reveal says
each value's year, not only the category card's span. Saves written before rounds kept the
years still load: ``fixtures/save_before_value_years.json`` was written by the engine of main
before this change (three players, the test atlas, seed 5: round 1 scored, round 2 at a hurdle).
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from geoteach.games.base import NotASave
from geoteach.games.globalissimo import HURDLE, Globalissimo
from geoteach.i18n import speaking
from geoteach.render.globalissimo import dated_value_text
from geoteach.ui.globalissimo import wording
from tests.globalissimo.conftest import ATLAS, OLDER, new_game, stack

OLD_SAVE = Path(__file__).parent / "fixtures" / "save_before_value_years.json"


def _rank_all(game: Globalissimo) -> None:
    for rank, country in enumerate(list(game.remaining_countries()), 1):
        game.apply({"player": game.to_act()[0], "type": "rank", "country": country, "rank": rank})


def _revealed(game: Globalissimo) -> dict:
    view = game.view(None)
    return view["round"] if view["round"]["revealed"] else view["last_round"]


def test_the_reveal_keeps_each_values_own_year():
    game = new_game("Ana", "Ben", "Cy", rounds=2)
    stack(game, ["MEX", "CHE", "NLD"], "tourists")
    _rank_all(game)
    rnd = _revealed(game)
    assert rnd["years"] == {"MEX": 2018, "CHE": 2020, "NLD": 2020}
    assert "MEX" in OLDER and ATLAS.year("MEX", "tourists") == 2018


def test_a_round_not_yet_turned_over_shows_no_year():
    game = new_game("Ana", "Ben", rounds=2)
    assert "years" not in game.view(None)["round"]
    assert game.round["years"] == {}


def test_a_table_without_years_gives_values_without_them():
    rows = {
        "JPN": {"name": "Japan", "continent": "Asia", "region": "Eastern Asia", "capital": "Tokyo"}
        | {"map_number": 1, "prominence": 1, "tourists": 3.0},
    }
    statistics = {"tourists": {"label": "Tourists", "unit": "visitors", "year": 2020}}
    atlas = type(ATLAS)(rows, statistics)
    assert atlas.values["tourists"] == {"JPN": 3.0} and atlas.years["tourists"] == {}


def test_a_save_from_before_the_years_loads_and_plays_on():
    game = Globalissimo.from_json(OLD_SAVE.read_text(encoding="utf-8"), atlas=ATLAS)
    assert "years" not in json.loads(OLD_SAVE.read_text(encoding="utf-8"))["state"]["round"]
    assert game.phase == HURDLE and len(game.history) == 1
    for rnd in (*game.history, game.round):
        assert rnd["years"] == {c: ATLAS.year(c, rnd["category"]) for c in rnd["countries"]}
    # The loaded game is today's: saved again, it carries the years, and it loads again.
    assert Globalissimo.from_json(game.to_json(), atlas=ATLAS).to_json() == game.to_json()
    game.apply(game.legal_actions()[0])


def test_an_old_save_changed_by_hand_is_still_refused():
    data = json.loads(OLD_SAVE.read_text(encoding="utf-8"))
    first = data["state"]["history"][0]
    country = first["countries"][0]
    first["values"][country] += 1
    with pytest.raises(NotASave, match="changed by hand or damaged"):
        Globalissimo.from_dict(data, atlas=ATLAS)


def test_a_new_save_with_wrong_years_is_refused():
    game = new_game("Ana", "Ben", "Cy", rounds=2)
    _rank_all(game)
    data = json.loads(game.to_json())
    rnd = data["state"]["history"][0] if data["state"]["history"] else data["state"]["round"]
    rnd["years"] = {c: 1999 for c in rnd["years"]}
    with pytest.raises(NotASave, match="years"):
        Globalissimo.from_dict(data, atlas=ATLAS)


def test_the_reveal_says_each_values_year_and_that_they_differ():
    game = new_game("Ana", "Ben", "Cy", rounds=2)
    stack(game, ["MEX", "CHE", "NLD"], "tourists")
    _rank_all(game)
    rnd = _revealed(game)
    alt = wording.reveal_alt(rnd)
    assert "Mexico, 600 visitors (2018)" in alt and "Switzerland, 500 visitors (2020)" in alt
    note = wording.learn_html(rnd["category_card"], rnd["years"])
    assert "not all from the same year: from 2018 to 2020" in note


def test_one_years_values_need_no_note():
    assert wording.years_note({"CHE": 2020, "NLD": 2020}) == ""
    assert wording.years_note(None) == ""
    assert "from 2019 to 2021" in wording.years_note({"A": 2021, "B": 2019, "C": 2020})


def test_a_year_is_never_written_as_a_number_of_the_language():
    assert dated_value_text(12.5, "years", None) == "12.5 years"
    with speaking("de"):
        said = dated_value_text(1234567, "", 2024)
        assert said.startswith("1.234.567") and "2024" in said and "2.024" not in said


@pytest.mark.parametrize("lang", ["es", "fr", "de"])
def test_the_years_note_is_translated(lang):
    english = wording.years_note({"A": 2019, "B": 2021})
    with speaking(lang):
        said = wording.years_note({"A": 2019, "B": 2021})
    assert said != english and "2019" in said and "2021" in said


def test_the_screen_shows_the_years_under_the_reveal():
    from geoteach.ui.globalissimo import GlobalissimoScreen

    game = new_game("Ana", "Ben", rounds=2)
    stack(game, ["MEX", "CHE"], "tourists")
    ui = GlobalissimoScreen(game, bot_delay=0)
    ui.parts.step_panel.country_pick.value = "MEX"
    ui.parts.step_panel.rank_buttons[0].click()
    ui.parts.step_panel.rank_buttons[0].click()
    assert "Mexico, 600 visitors (2018)" in ui.parts.board_panel.reveal_box.text
    assert "not all from the same year: from 2018 to 2020" in ui.parts.board_panel.learn_text.value
