"""The Globalissimo screen, driven from Python: buttons call the engine, the screen shows it."""

from __future__ import annotations

import asyncio
import statistics

import pytest

import geoteach.ui.globalissimo as gui
from geoteach.games.globalissimo import HURDLE, Globalissimo
from geoteach.games.table import Table
from geoteach.render import palettes
from geoteach.ui import safe
from geoteach.ui.apps import StudentApp, spec_for
from geoteach.ui.globalissimo import GlobalissimoScreen, category_html, play
from tests.globalissimo.conftest import ATLAS, stack
from tests.ui.screen_checks import verdict_holds_the_computers_and_skip_plays_them
from tests.waiting import until_async


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
            ui.parts.step_panel.answer_text.value = "Paris" if hurdle["kind"] == "B" else "1"
            ui.parts.step_panel.answer_button.click()
        else:
            ui.parts.step_panel.rank_buttons[0].click()
        clicks += 1
    assert len(game.history) == 10 and clicks >= 10
    assert "The game is over" in ui.feedback.text and "won" not in ui.feedback.text
    assert "The game is over" in ui.banner.value
    assert ui.controls.children == ()
    # The leaderboard is sorted by place: the winner's row comes first.
    first_row = ui.leaders.value.split("<tbody>")[1].split("</tr>")[0]
    assert game.table.name_of(game.winners()[0]) in first_row


def _two_player(
    top: list[str] = (), points: tuple[int, int] = (0, 0), **options
) -> GlobalissimoScreen:
    game = Globalissimo(Table.of("Ana", "Ben"), seed=1, atlas=ATLAS, **options)
    game.scoreboard.counters["points"] = list(points)
    stack(game, ["FRA", "JPN"], "tourists", top=list(top))
    return GlobalissimoScreen(game, bot_delay=0)


def test_rank_buttons_place_the_number_and_the_round_result_stays_until_continue():
    ui = _two_player()
    game = ui.game
    assert (
        "Tourists from abroad" in ui.parts.board_panel.category.value
        and "invented for tests" in ui.parts.board_panel.category.value
    )
    assert "Ana" in ui.banner.value and "pick a country" in ui.banner.value
    ui.parts.step_panel.country_pick.value = "JPN"
    ui.parts.step_panel.rank_buttons[1].click()
    assert game.round["guesses"] == [{"player": 0, "country": "JPN", "rank": 2}]
    assert "● 2" in ui.parts.board_panel.cards.value
    assert [v for _, v in ui.parts.step_panel.country_pick.options] == ["FRA"]
    assert "Ben" in ui.banner.value
    ui.parts.step_panel.rank_buttons[0].click()  # Ben: France 1; the cards are turned over
    assert ui.feedback.is_open and "Round 1: the true order" in ui.feedback.text
    body = ui.feedback.body.value
    assert "Ana put 2 on Japan: it is number 2, +3." in body
    assert (
        ui.parts.board_panel.result in ui.board.children
    )  # the true order and the learn map, in place of cards
    assert "invented for tests" in ui.parts.board_panel.learn_text.value
    assert (
        ui.parts.board_panel.reveal_chart.value[:4] == b"\x89PNG"
        and ui.parts.board_panel.learn_map.value[:4] == b"\x89PNG"
    )
    ui.feedback.continue_button.click()
    assert not ui.feedback.is_open and ui.parts.board_panel.cards in ui.board.children


def test_hurdle_a_by_number_then_by_click_and_b_by_typing_with_verdicts():
    ui = _two_player(["HUN", "LBY", "BOL"], points=(3, 0))
    game = ui.game
    ui.parts.step_panel.country_pick.value = "FRA"
    ui.parts.step_panel.rank_buttons[0].click()
    ui.parts.step_panel.rank_buttons[0].click()
    assert game.phase == HURDLE and game.to_act() == [0]
    assert (
        "Hurdle A" in ui.parts.step_panel.step.value and "Hungary" in ui.parts.step_panel.step.value
    )
    ui.parts.step_panel.answer_text.value = "49"
    ui.parts.step_panel.answer_button.click()
    # The verdict: big, with the right answer, where it is and one fact, until Continue.
    assert ui.feedback.is_open and ui.feedback.text == "Not quite."
    body = ui.feedback.body.value
    assert "Hungary is number 54 on the map." in body and "Where:" in body
    assert "Did you know?" in body and "Budapest" in body
    assert game.scores() == [3, 2]
    ui.feedback.continue_button.click()
    # Next round: Ana again faces hurdle A, now by a click on the map.
    stack(game, ["FRA", "JPN"], "tourists", top=["LBY", "BOL"])
    game.scoreboard.counters["points"][1] = 0  # Ben stays short of the hurdle
    ui.refresh()
    ui.parts.step_panel.country_pick.value = "JPN"
    ui.parts.step_panel.rank_buttons[
        0
    ].click()  # Ben (flag holder) ranks Japan 1: one off, 2 points
    ui.parts.step_panel.country_pick.value = "FRA"
    ui.parts.step_panel.rank_buttons[0].click()  # Ana: France 1, 3 points
    assert game.to_act() == [0] and game.phase == HURDLE
    ui.parts.click_country("LBY")
    assert ui.feedback.text == "Right! Libya is number 70."
    assert "Name the capital of <b>Bolivia</b>" in ui.parts.step_panel.step.value
    ui.parts.step_panel.answer_text.value = "Cochabamba"
    ui.parts.step_panel.answer_button.click()
    assert ui.feedback.text == "Not quite."
    assert "The capital of Bolivia: Sucre or La Paz" in ui.feedback.body.value
    assert "Cochabamba" in ui.feedback.body.value


def test_a_verdict_holds_the_computers_until_continue_and_skip_plays_them_at_once():
    async def main() -> None:
        game = Globalissimo(Table.of("Ana", "R1", "R2", bots={"R1": "easy", "R2": "easy"}), seed=3)
        ui = GlobalissimoScreen(game, bot_delay=0.01)
        ui.parts.step_panel.rank_buttons[0].click()
        assert game.to_act() == [1] and ui.bot_task is not None
        assert "is thinking" in ui.parts.step_panel.step.value
        # The computers finish round 1; then its result is shown.
        await until_async(lambda: ui.feedback.is_open, "round 1's result never came")
        # Round 1 is over: its result waits for Continue, and so do the computers.
        assert ui.feedback.is_open and "Round 1" in ui.feedback.text
        await verdict_holds_the_computers_and_skip_plays_them(ui)
        assert game.to_act() == [0] and len(ui.computer_log.lines) >= 3

    asyncio.run(main())


def test_honor_mode_shows_every_accepted_answer_then_mark():
    ui = _two_player(["BOL"], points=(3, 0), honor=True)
    game = ui.game
    game.hurdles[0]["kind"] = "B"
    ui.refresh()
    ui.parts.step_panel.country_pick.value = "FRA"
    ui.parts.step_panel.rank_buttons[0].click()
    ui.parts.step_panel.rank_buttons[0].click()
    ui.feedback.continue_button.click()
    assert ui.parts.step_panel.show_button in ui.controls.children
    ui.parts.step_panel.show_button.click()
    assert "Accept: <b>Sucre or La Paz</b>" in ui.parts.step_panel.honor_answer.value
    ui.parts.step_panel.right_button.click()
    assert game.hurdles[0]["taken_by"] == 0
    assert ui.feedback.text == "Right! Sucre or La Paz."


def test_an_illegal_click_is_explained_and_changes_nothing():
    ui = _two_player()
    game = ui.game
    before = game.to_json()
    ui.parts.step_panel.answer_text.value = "Paris"
    ui.parts.step_panel.answer_button.click()  # no hurdle now
    assert game.to_json() == before
    assert ui.messages.kind == "error" and "no hurdle" in ui.messages.text
    assert len(safe.REJECTED) == 1


def test_category_card_shows_unit_year_and_source():
    text = category_html(ATLAS.categories["density"])
    assert "people per km²" in text and "2020" in text and "invented for tests" in text


def test_the_set_up_screen_starts_the_game_and_new_game_comes_back():
    app = StudentApp(spec_for("globalissimo"), seed=5)
    assert app.setup_screen in app.children
    app.setup.rows[1].name.value = "Robbie"
    app.option_boxes["rounds"][1].value = 3
    app.option_boxes["bot_delay"][1].value = 3  # "instant"
    app.setup.start.click()
    screen = app.screen
    assert isinstance(screen, GlobalissimoScreen) and screen in app.children
    assert screen.game.rounds == 3 and screen.game.seed == 5
    assert screen.game.table.seats[1].name == "Robbie" and screen.game.table.seats[1].is_bot
    assert "Your turn" in screen.banner.value  # "You" start: the words say so
    screen.new_game_button.click()
    assert app.screen is None and app.setup_screen in app.children
    assert screen not in app.children
    assert app.setup.rows[1].name.value == "Robbie" and app.option_boxes["rounds"][1].value == 3


def test_large_text_enlarges_the_map_too():
    ui = _two_player(["HUN"], points=(3, 0))
    ui.parts.step_panel.country_pick.value = "FRA"
    ui.parts.step_panel.rank_buttons[0].click()
    ui.parts.step_panel.rank_buttons[0].click()
    ui.feedback.continue_button.click()
    width = ui.parts.board_panel._numbered.figure.get_figwidth()
    ui.large_toggle.value = True
    assert "gt-large" in ui._dom_classes
    assert ui.parts.board_panel._numbered.figure.get_figwidth() > width * 1.3


def test_benchmark_redraw_after_a_move(benchmark):
    """The steady redraw (pictures that did not change are kept), and the last redraw after a
    real move in fresh games (the bots' moves, a new round's cards and maps, the track)."""
    ui = play(
        ["Ana", "R1", "R2", "R3"], {"R1": "hard", "R2": "medium", "R3": "easy"}, seed=5, bot_delay=0
    )
    ui.parts.step_panel.rank_buttons[0].click()
    benchmark(ui.refresh)
    assert ui.redraw_seconds > 0
    if benchmark.disabled:
        return
    last, slowest = [], []
    for seed in range(5):
        game_ui = play(["Ana", "R1", "R2"], {"R1": "hard", "R2": "easy"}, seed=seed, bot_delay=0)
        if game_ui.game.phase == HURDLE:
            continue
        times = []
        refresh = game_ui.refresh

        def timed_refresh(refresh=refresh, times=times, ui=game_ui):
            refresh()
            times.append(ui.redraw_seconds)

        game_ui.refresh = timed_refresh
        game_ui.parts.step_panel.rank_buttons[0].click()  # Ana's move, the bots', a round's end
        last.append(times[-1])
        slowest.append(max(times))
    benchmark.extra_info["redraw_after_a_move_ms"] = round(statistics.median(last) * 1000, 1)
    benchmark.extra_info["slowest_redraw_in_a_move_ms"] = round(
        statistics.median(slowest) * 1000, 1
    )


ANSWER_RGBA = (0.0, 158 / 255, 115 / 255, 1.0)


def _pixels_of(png: bytes, colour: str) -> int:
    import io

    import numpy as np
    from matplotlib.colors import to_rgb
    from PIL import Image

    rgb = np.asarray(Image.open(io.BytesIO(png)).convert("RGB")).astype(int)
    want = np.round(np.array(to_rgb(colour)) * 255).astype(int)
    return int(np.all(np.abs(rgb - want) <= 2, axis=2).sum())


def test_after_hurdle_a_the_map_shows_the_country_and_the_wrong_pick():
    ui = _two_player(["HUN"], points=(3, 0))
    ui.parts.step_panel.country_pick.value = "FRA"
    ui.parts.step_panel.rank_buttons[0].click()
    ui.parts.step_panel.rank_buttons[0].click()
    ui.feedback.continue_button.click()
    ui.parts.click_country("LBY")  # wrong: Libya is 70, the card is Hungary (54)
    assert "Libya (orange on the map)" in ui.feedback.body.value
    assert "Hungary</b> is number 54" in ui.parts.board_panel.map_caption.value
    assert _pixels_of(ui.parts.board_panel.map_picture.value, gui.ANSWER_COLOUR) > 100
    assert _pixels_of(ui.parts.board_panel.map_picture.value, gui.WRONG_PICK_COLOUR) > 100


def test_cards_use_svg_flags_not_emoji():
    ui = _two_player()
    assert ui.parts.board_panel.cards.value.count("data:image/svg+xml;base64,") == 2
    assert 'alt="Flag of France"' in ui.parts.board_panel.cards.value
    # Regional indicator letters (emoji flags) show as two plain letters on Windows.
    assert not any(0x1F1E6 <= ord(ch) <= 0x1F1FF for ch in ui.parts.board_panel.cards.value)
    assert "🏁" not in ui.banner.value and "checkered flag" in ui.banner.value


def test_controls_have_text_labels_and_css_classes_for_browser_tests():
    ui = _two_player()
    assert all(
        "gt-rank" in b._dom_classes and b.description for b in ui.parts.step_panel.rank_buttons
    )
    assert (
        "gt-answer" in ui.parts.step_panel.answer_text._dom_classes
        and ui.parts.step_panel.answer_text.placeholder
    )
    assert (
        "gt-submit" in ui.parts.step_panel.answer_button._dom_classes
        and ui.parts.step_panel.answer_button.description
    )
    assert (
        ui.parts.step_panel.right_button.description.startswith("✔")
        and ui.parts.step_panel.wrong_button.description[0] == "✘"
    )


def test_bots_play_at_once_without_an_event_loop():
    ui = play(["Ana", "R1", "R2"], {"R1": "hard", "R2": "easy"}, seed=3, bot_delay=5)
    ui.parts.step_panel.rank_buttons[0].click()
    assert ui.game.to_act() == [0] and ui.bot_task is None
    # Round 1 is over and both computers have ranked in round 2 (the flag moved to R1).
    assert ui.game.round["number"] == 2
    assert [g["player"] for g in ui.game.round["guesses"]] == [1, 2]


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
    ui = GlobalissimoScreen(game, bot_delay=0)
    assert (
        'alt="Where France is"' in ui.parts.board_panel.cards.value
        and 'alt="Where Japan is"' in ui.parts.board_panel.cards.value
    )
    france, japan = _card_maps(ui.parts.board_panel.cards.value)
    assert france[:4] == b"\x89PNG" and france != japan
    # Each picture shows one highlighted country; the locator map goes back to rest after.
    assert _pixels_of(france, palettes.HIGHLIGHT) > 3
    assert ui.parts.board_panel.locator_png("FRA") == france
    assert ui.parts.board_panel.locator_png("FRA") is ui.parts.board_panel.locator_png(
        "FRA"
    )  # kept, not drawn again
    from matplotlib.colors import to_rgba

    assert to_rgba(palettes.HIGHLIGHT) not in ui.parts.board_panel._locator.view.colours().values()


def test_the_same_country_gives_the_same_cached_picture_in_a_later_round():
    game = Globalissimo(Table.of("Ana", "Ben"), seed=1, atlas=ATLAS)
    stack(game, ["FRA", "JPN"], "tourists")
    ui = GlobalissimoScreen(game, bot_delay=0)
    first = ui.parts.board_panel.locator_png("FRA")
    ui.parts.step_panel.rank_buttons[0].click()
    ui.parts.step_panel.rank_buttons[0].click()
    ui.feedback.continue_button.click()
    stack(game, ["HUN", "FRA"], "tourists")
    ui.parts.redraw()
    hungary, france = _card_maps(ui.parts.board_panel.cards.value)
    assert france == first and hungary != first
    assert {"FRA", "JPN", "HUN"} <= set(ui.parts.board_panel._locator.pictures)


def test_a_tiny_country_gets_a_ring_so_it_can_be_seen():
    import io

    import numpy as np
    from PIL import Image

    def changed(a: bytes, b: bytes) -> int:
        rgb = [np.asarray(Image.open(io.BytesIO(p)).convert("RGB")).astype(int) for p in (a, b)]
        return int(np.any(rgb[0] != rgb[1], axis=2).sum())

    game = Globalissimo(Table.of("Ana", "Ben"), seed=1, atlas=ATLAS)
    ui = GlobalissimoScreen(game, bot_delay=0)
    locator = ui.parts.board_panel._locator
    assert "VAT" in locator.tiny and "RUS" not in locator.tiny
    ringed = ui.parts.board_panel.locator_png("VAT")
    assert not locator.ring.get_visible()  # put away again after the picture
    locator.tiny = frozenset()
    locator.pictures.clear()
    bare = ui.parts.board_panel.locator_png("VAT")
    # Without its ring Vatican is a speck; the ring makes dozens of pixels show where it is.
    assert changed(ringed, bare) > 30


def test_a_country_missing_from_the_world_map_has_a_card_without_a_map():
    assert gui.locator_img_html(None, "Atlantis") == ""
    ui = GlobalissimoScreen(Globalissimo(Table.of("Ana", "Ben"), seed=1, atlas=ATLAS), bot_delay=0)
    assert ui.parts.board_panel.locator_png("XXX") is None


def _six_card_round() -> tuple[GlobalissimoScreen, dict]:
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
        ui.parts.board_panel._cards_html,
        args=(view,),
        setup=ui.parts.board_panel._locator.pictures.clear,
        rounds=10 if not benchmark.disabled else 1,
    )
    assert len(_card_maps(html_text)) == 6


def test_benchmark_round_view_six_cards_warm(benchmark):
    """The same six cards again (a redraw after a move): the maps come from the cache."""
    ui, view = _six_card_round()
    html_text = benchmark(ui.parts.board_panel._cards_html, view)
    assert len(set(_card_maps(html_text))) == 6
