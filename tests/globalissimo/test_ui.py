"""The widget, driven from Python: buttons call the engine, the screen shows the new state."""

from __future__ import annotations

import asyncio
import statistics

import pytest

import geoteach.ui.globalissimo as gui
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


def honor_hurdle(points: int, card: str, a_taken: bool = False) -> GlobalissimoUI:
    """Honor mode; Ana ranks France 1 (3 points) from ``points`` and meets a hurdle on
    ``card``. With ``a_taken`` the first hurdle (A) is gone, so she runs on to hurdle B."""
    game = Globalissimo(Table.of("Ana", "Ben"), seed=1, atlas=ATLAS, honor=True)
    if a_taken:
        game.hurdles[0]["taken_by"] = 1
    game.scoreboard.counters["points"] = [points, 0]
    stack(game, ["FRA", "JPN"], "tourists", top=[card])
    ui = GlobalissimoUI(game, bot_delay=0)
    ui.country_pick.value = "FRA"
    ui.rank_buttons[0].click()
    ui.rank_buttons[0].click()
    return ui


def test_honor_mode_show_then_mark():
    ui = honor_hurdle(3, "HUN")
    game = ui.game
    assert ui.answer_row.children == (ui.show_button,)
    ui.show_button.click()
    assert "Answer: <b>54</b>" in ui.answer_row.children[0].value
    ui.right_button.click()
    assert game.hurdles[0]["taken_by"] == 0


def test_honor_mode_shows_every_capital_that_counts():
    """ "Hurdle B: name the capital. This can either be the official capital or the city with
    the seat of government." The teacher marking a spoken answer sees both: Sucre or La Paz."""
    ui = honor_hurdle(4, "BOL", a_taken=True)
    game = ui.game
    assert "Name the capital of Bolivia" in ui.hurdle_prompt.value
    ui.show_button.click()
    assert "Answer: <b>Sucre or La Paz</b>" in ui.answer_row.children[0].value
    ui.right_button.click()
    assert game.scoreboard.get(0, "hurdles") == 1


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
    """The steady redraw (pictures that did not change are kept), and the last redraw after a
    real move in fresh games (the bots' moves, a new round's cards and maps, the track)."""
    ui = play(
        ["Ana", "R1", "R2", "R3"], {"R1": "hard", "R2": "medium", "R3": "easy"}, seed=5, bot_delay=0
    )
    ui.rank_buttons[0].click()
    benchmark(ui.redraw)
    assert ui.redraw_seconds > 0
    if benchmark.disabled:
        return
    last, slowest = [], []
    for seed in range(5):
        game_ui = play(["Ana", "R1", "R2"], {"R1": "hard", "R2": "easy"}, seed=seed, bot_delay=0)
        if game_ui.game.phase == HURDLE:
            continue
        times = []
        redraw = game_ui.redraw

        def timed_redraw(redraw=redraw, times=times, ui=game_ui):
            redraw()
            times.append(ui.redraw_seconds)

        game_ui.redraw = timed_redraw
        game_ui.rank_buttons[0].click()  # Ana's move, the bots' moves, a round's end
        last.append(times[-1])
        slowest.append(max(times))
    benchmark.extra_info["redraw_after_a_move_ms"] = round(statistics.median(last) * 1000, 1)
    benchmark.extra_info["slowest_redraw_in_a_move_ms"] = round(
        statistics.median(slowest) * 1000, 1
    )


def _hurdle_a_for_ana(top: list[str]) -> GlobalissimoUI:
    """Ana (3 points ahead) ranks France exactly, runs to the first hurdle and faces map card 1."""
    game = Globalissimo(Table.of("Ana", "Ben"), seed=1, atlas=ATLAS)
    game.scoreboard.counters["points"] = [3, 0]
    stack(game, ["FRA", "JPN"], "tourists", top=top)
    ui = GlobalissimoUI(game, bot_delay=0)
    ui.country_pick.value = "FRA"
    ui.rank_buttons[0].click()
    ui.rank_buttons[0].click()
    assert game.phase == HURDLE and game.facing()["kind"] == "A"
    return ui


ANSWER_RGBA = (0.0, 158 / 255, 115 / 255, 1.0)


def _pixels_of(png: bytes, colour: str) -> int:
    import io

    import numpy as np
    from matplotlib.colors import to_rgb
    from PIL import Image

    rgb = np.asarray(Image.open(io.BytesIO(png)).convert("RGB")).astype(int)
    want = np.round(np.array(to_rgb(colour)) * 255).astype(int)
    return int(np.all(np.abs(rgb - want) <= 2, axis=2).sum())


def test_after_hurdle_a_the_map_shows_the_country_and_its_number():
    ui = _hurdle_a_for_ana(["HUN"])
    assert ui.map_answer_box.children == ()
    ui.click_country("LBY")  # wrong: Libya is 70, the card is Hungary (54)
    assert ui.map_answer_box.children == (ui.map_answer_text, ui.map_answer, ui.next_button)
    text = ui.map_answer_text.value
    assert "✘ Wrong" in text and "<b>Hungary</b> is number <b>54</b>" in text
    assert "number 70 (Libya)" in text
    # The picture shows Hungary in green and the wrong pick in orange; the map is reset after.
    assert _pixels_of(ui.map_answer.value, gui.ANSWER_COLOUR) > 100
    assert _pixels_of(ui.map_answer.value, gui.WRONG_PICK_COLOUR) > 100
    numbered = ui._numbered_map()
    assert ANSWER_RGBA not in numbered.colours().values()
    assert len(numbered.ax.texts) == 0 and len(numbered._outlines.get_paths()) == 0
    ui.next_button.click()
    assert ui.map_answer_box.children == ()


def test_a_right_map_answer_says_so_in_words_and_the_next_move_puts_the_map_away():
    ui = _hurdle_a_for_ana(["HUN", "BOL"])
    ui.answer_text.value = "54"
    ui.answer_button.click()
    assert "✔ Right" in ui.map_answer_text.value
    assert "Orange" not in ui.map_answer_text.value  # no wrong pick to show
    assert _pixels_of(ui.map_answer.value, gui.WRONG_PICK_COLOUR) == 0
    assert "Name the capital of Bolivia" in ui.hurdle_prompt.value  # Ana runs on to hurdle B
    ui.answer_text.value = "Sucre"
    ui.answer_button.click()
    assert ui.map_answer_box.children == ()


def test_cards_use_svg_flags_not_emoji():
    game = Globalissimo(Table.of("Ana", "Ben"), seed=1, atlas=ATLAS)
    stack(game, ["FRA", "JPN"], "tourists")
    ui = GlobalissimoUI(game, bot_delay=0)
    assert ui.cards.value.count("data:image/svg+xml;base64,") == 2
    assert 'alt="Flag of France"' in ui.cards.value
    # Regional indicator letters (emoji flags) show as two plain letters on Windows.
    assert not any(0x1F1E6 <= ord(ch) <= 0x1F1FF for ch in ui.cards.value)


def test_controls_have_text_labels_and_css_classes_for_browser_tests():
    ui = _hurdle_a_for_ana(["HUN"])
    assert all("gt-rank" in b._dom_classes and b.description for b in ui.rank_buttons)
    assert "gt-answer" in ui.answer_text._dom_classes and ui.answer_text.description
    assert "gt-submit" in ui.answer_button._dom_classes and ui.answer_button.description
    assert "gt-next" in ui.next_button._dom_classes and ui.next_button.description
    assert ui.right_button.description.startswith("✔") and ui.wrong_button.description[0] == "✘"
    assert ui.country_pick.description


def test_bots_play_at_once_without_an_event_loop_and_never_sleep(monkeypatch):
    def no_sleep(_seconds):
        raise AssertionError("a bot move blocked the notebook")

    monkeypatch.setattr(gui.time, "sleep", no_sleep)
    ui = play(["Ana", "R1", "R2"], {"R1": "hard", "R2": "easy"}, seed=3, bot_delay=5)
    ui.rank_buttons[0].click()
    assert ui.game.to_act() == [0] and ui.bot_task is None
    # Round 1 is over and both computers have ranked in round 2 (the flag moved to R1).
    assert ui.game.round["number"] == 2
    assert [g["player"] for g in ui.game.round["guesses"]] == [1, 2]


def test_in_a_running_kernel_loop_bots_move_later_and_the_click_returns_at_once():
    async def main() -> None:
        ui = play(["Ana", "R1", "R2"], {"R1": "hard", "R2": "easy"}, seed=3, bot_delay=0.01)
        game = ui.game
        assert game.to_act() == [0] and ui.bot_task is None
        ui.rank_buttons[0].click()
        # The click came back before any computer moved: they play from a task.
        assert game.to_act() == [1] and ui.bot_task is not None
        assert "is thinking" in ui.controls.children[0].value
        await ui.bot_task
        assert game.to_act() == [0] and ui.bot_task is None
        assert game.round["number"] == 2
        assert [g["player"] for g in game.round["guesses"]] == [1, 2]

    asyncio.run(main())


def _card_maps(cards_html: str) -> list[bytes]:
    """The locator PNGs inside the cards' HTML, in card order."""
    import base64
    import re

    found = re.findall(
        r'<img src="data:image/png;base64,([^"]+)" alt="Where ([^"]+) is"', cards_html
    )
    return [base64.b64decode(data) for data, _ in found]


def test_each_card_shows_its_own_map_with_its_country_highlighted():
    game = Globalissimo(Table.of("Ana", "Ben"), seed=1, atlas=ATLAS)
    stack(game, ["FRA", "JPN"], "tourists")
    ui = GlobalissimoUI(game, bot_delay=0)
    assert 'alt="Where France is"' in ui.cards.value and 'alt="Where Japan is"' in ui.cards.value
    france, japan = _card_maps(ui.cards.value)
    assert france[:4] == b"\x89PNG" and france != japan
    # Each picture shows one highlighted country; the locator map goes back to rest after.
    assert _pixels_of(france, gui.palettes.HIGHLIGHT) > 3
    assert ui.locator_png("FRA") == france
    assert ui.locator_png("FRA") is ui.locator_png("FRA")  # kept, not drawn again
    from matplotlib.colors import to_rgba

    assert to_rgba(gui.palettes.HIGHLIGHT) not in ui._locator.view.colours().values()


def test_the_same_country_gives_the_same_cached_picture_in_a_later_round():
    game = Globalissimo(Table.of("Ana", "Ben"), seed=1, atlas=ATLAS)
    stack(game, ["FRA", "JPN"], "tourists")
    ui = GlobalissimoUI(game, bot_delay=0)
    first = ui.locator_png("FRA")
    ui.rank_buttons[0].click()
    ui.rank_buttons[0].click()
    stack(game, ["HUN", "FRA"], "tourists")
    ui.redraw()
    hungary, france = _card_maps(ui.cards.value)
    assert france == first and hungary != first
    assert {"FRA", "JPN", "HUN"} <= set(ui._locator.pictures)


def test_a_tiny_country_gets_a_ring_so_it_can_be_seen():
    import io

    import numpy as np
    from PIL import Image

    def changed(a: bytes, b: bytes) -> int:
        rgb = [np.asarray(Image.open(io.BytesIO(p)).convert("RGB")).astype(int) for p in (a, b)]
        return int(np.any(rgb[0] != rgb[1], axis=2).sum())

    game = Globalissimo(Table.of("Ana", "Ben"), seed=1, atlas=ATLAS)
    ui = GlobalissimoUI(game, bot_delay=0)
    locator = ui._locator
    assert "VAT" in locator.tiny and "RUS" not in locator.tiny
    ringed = ui.locator_png("VAT")
    assert not locator.ring.get_visible()  # put away again after the picture
    locator.tiny = frozenset()
    locator.pictures.clear()
    bare = ui.locator_png("VAT")
    # Without its ring Vatican is a speck; the ring makes dozens of pixels show where it is.
    assert changed(ringed, bare) > 30


def test_a_country_missing_from_the_world_map_has_a_card_without_a_map():
    assert gui.locator_img_html(None, "Atlantis") == ""
    ui = GlobalissimoUI(Globalissimo(Table.of("Ana", "Ben"), seed=1, atlas=ATLAS), bot_delay=0)
    assert ui.locator_png("XXX") is None


def _six_card_round() -> tuple[GlobalissimoUI, dict]:
    ui = play(
        ["Ana", "R1", "R2", "R3", "R4", "R5"],
        {f"R{i}": "easy" for i in range(1, 6)},
        seed=7,
        bot_delay=0,
    )
    view = ui.game.view(None)
    assert len(view["round"]["countries"]) == 6
    return ui, view


def test_benchmark_round_view_six_cards_cold(benchmark):
    """Six cards whose maps are not cached yet: six recolours and six PNGs of one small map."""
    ui, view = _six_card_round()
    html_text = benchmark.pedantic(
        ui._cards_html,
        args=(view,),
        setup=ui._locator.pictures.clear,
        rounds=10 if not benchmark.disabled else 1,
    )
    assert len(_card_maps(html_text)) == 6


def test_benchmark_round_view_six_cards_warm(benchmark):
    """The same six cards again (a redraw after a move): the maps come from the cache."""
    ui, view = _six_card_round()
    html_text = benchmark(ui._cards_html, view)
    assert len(set(_card_maps(html_text))) == 6
