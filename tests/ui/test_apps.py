"""The student apps' set-up screen: defaults a student can start with, every choice on it (the
less common under the "More choices" fold) reaching the game, the link settings, the lesson
record, and a clear word when the record cannot be written."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Any

import ipywidgets as widgets
import pytest

from geoteach.classroom import open_lesson
from geoteach.games.registry import Option
from geoteach.ui import safe
from geoteach.ui.apps import (
    APPS,
    AppSpec,
    StudentApp,
    default_players,
    link_settings,
    option_value,
    spec_for,
)


@pytest.fixture(autouse=True)
def _no_errors():
    safe.clear()
    yield
    assert safe.ERRORS == []


@pytest.mark.parametrize("key", sorted(APPS))
def test_every_app_starts_with_you_and_computers(key: str) -> None:
    spec = spec_for(key)
    seats = default_players(spec)
    assert seats[0].name == "You" and not seats[0].is_bot
    assert all(s.is_bot for s in seats[1:])
    assert spec.game_cls.min_seats <= len(seats) <= spec.game_cls.max_seats


def _shown(widget: widgets.Widget) -> Iterator[widgets.Widget]:
    """Every widget on the screen under ``widget``: a hidden box's children count as hidden."""
    if getattr(widget, "layout", None) is not None and widget.layout.display == "none":
        return
    yield widget
    for child in getattr(widget, "children", ()):
        yield from _shown(child)


def _another(option: Option) -> Any:
    """A value of ``option`` that is not its default, for the widget (what a student picks)."""
    if option.kind == "flag":
        return not option.default
    if option.kind == "number":
        return option.default + 1 if option.default < option.maximum else option.default - 1
    values = [value for _label, value in option.choices]
    return (values.index(option.default) + 1) % len(values)


@pytest.mark.parametrize("key", sorted(APPS))
def test_every_choice_is_labelled_on_the_set_up_screen_the_less_common_under_the_fold(
    key: str,
) -> None:
    app = StudentApp(spec_for(key))
    more = app.more_choices
    common = [o.key for o in app.spec.options if o.common]
    rest = [o.key for o in app.spec.options if not o.common]
    assert common and rest  # every app has both: the fold is where the speed of computers is
    on_screen = set(map(id, _shown(app.setup_screen)))
    for name in common:
        box = app.option_boxes[name][1]
        assert id(box) in on_screen and box not in more.inside.children
    # Closed at first: a button whose words say what it does; the rest wait, hidden, inside.
    assert not more.shown and more.toggle.description == "More choices"
    assert [id(b) for b in more.inside.children] == [id(app.option_boxes[n][1]) for n in rest]
    assert not on_screen & {id(b) for b in more.inside.children}
    more.toggle.value = True  # a click, or Enter or Space on the focused button
    assert more.toggle.description == "Fewer choices"
    on_screen = set(map(id, _shown(app.setup_screen)))
    for option, box in app.option_boxes.values():
        assert id(box) in on_screen
        assert box.description == option.label and option.label.strip()  # its own label
    more.toggle.value = False
    assert more.inside.layout.display == "none" and more.toggle.description == "More choices"


def _watched(key: str, seen: dict[str, Any]) -> AppSpec:
    """The app of ``key`` whose screen builder first notes the values it is given."""

    class Watched(AppSpec):
        @property
        def builder(self) -> Callable[..., Any]:
            real = super().builder

            def build(table: Any, values: dict[str, Any]) -> Any:
                seen.update(values)
                return real(table, values)

            return build

    return Watched(spec_for(key).entry)


#: Where each choice under the fold shows in the game started: (app, choice) -> read it back
#: (the computers' pace, under every app's fold, is the screen's ``bot_delay``).
READ_BACK: dict[tuple[str, str], Callable[[Any], Any]] = {
    ("globalissimo", "honor"): lambda ui: ui.game.honor,
    ("geotriple", "typed_clues"): lambda ui: ui.game.options["typed_clues"],
    ("global_pursuit", "fixed_level"): lambda ui: ui.game.options["fixed_levels"][0],
    ("global_pursuit", "challenge_seconds"): lambda ui: ui.parts.challenge_seconds,
    ("global_pursuit", "honor"): lambda ui: ui.game.options["honor"],
    ("global_pursuit", "table_size"): lambda ui: tuple(ui.game.options["table_size"]),
    ("global_pursuit", "quick_end"): lambda ui: ui.game.options["quick_end"],
    ("global_pursuit", "real_maps"): lambda ui: ui.parts.maps,
    ("geography_pursuit", "precision"): lambda ui: ui.game.options["precision"],
    ("geography_pursuit", "reveal_answer"): lambda ui: ui.game.options["reveal_answer"],
    ("geography_pursuit", "consultation"): lambda ui: ui.game.options["consultation"],
    ("globe_works", "max_turns"): lambda ui: ui.game.max_turns,
}


@pytest.mark.parametrize("key", sorted(APPS))
def test_every_choice_changed_on_the_set_up_screen_reaches_the_game(key: str) -> None:
    seen: dict[str, Any] = {}
    app = StudentApp(_watched(key, seen), seed=5)
    chosen = {}
    for name, (option, box) in app.option_boxes.items():
        box.value = _another(option)
        chosen[name] = option_value(option, box)
        assert chosen[name] != option.default
    app.setup.start.click()
    assert app.screen is not None, app.messages.text
    assert {name: seen[name] for name in chosen} == chosen
    folded = [o.key for o in app.spec.options if not o.common]
    for name in folded:
        read = (lambda ui: ui.bot_delay) if name == "bot_delay" else READ_BACK[(key, name)]
        assert read(app.screen) == chosen[name], name
    app.screen.close_screen()


def test_the_set_up_screen_needs_only_the_catalogue_and_the_rules() -> None:
    """Opening an app imports no map drawing: the screen's module loads in the background."""
    import subprocess
    import sys

    code = (
        "import sys\n"
        "from geoteach.ui.apps import spec_for\n"
        "spec_for('globalissimo').game_cls\n"
        "heavy = ('geoteach.ui.globalissimo', 'geoteach.render.mapview', 'matplotlib.pyplot')\n"
        "print([m for m in heavy if m in sys.modules])"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "[]"


@pytest.mark.parametrize("key", sorted(APPS))
def test_every_app_plays_without_pandas_geopandas_or_proj(key: str) -> None:
    """A student's kernel reads kept plain data (data/built): pandas, geopandas and PROJ would
    cost it about 50 MB and a quarter of a CPU-second (issue 24). The notebooks may use them."""
    import subprocess
    import sys

    code = (
        "import sys\n"
        "from geoteach.ui.apps import app\n"
        f"a = app({key!r}, seed=3)\n"
        "a.warming.finish()\n"
        "a.setup.start.click()\n"
        "assert a.screen is not None, a.messages.text\n"
        "print([m for m in ('pandas', 'geopandas', 'pyproj') if m in sys.modules])"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "[]", out.stdout


def test_a_link_can_fix_the_deal_and_ask_for_large_text(monkeypatch) -> None:
    monkeypatch.setenv("QUERY_STRING", "seed=42&large=1&token=abc")
    assert link_settings() == {"seed": 42, "large": True}
    monkeypatch.setenv("QUERY_STRING", "seed=../../x&large=no")
    assert link_settings() == {}


def test_answers_go_into_the_lesson_record(tmp_path) -> None:
    record = tmp_path / "7B.sqlite"
    app = StudentApp(spec_for("globalissimo"), seed=46, lesson=record)
    assert "kept on this computer" in app.setup_screen.children[0].value
    app.option_boxes["bot_delay"][1].value = 3  # instant
    app.setup.start.click()
    screen = app.screen
    for _ in range(2):  # two rounds: always 1 on the first country
        screen.parts.step_panel.rank_buttons[0].click()
        screen.feedback.continue_button.click()
    assert screen.game.phase == "hurdle" and screen.game.to_act() == [0]
    screen.parts.click_country("IRN")
    answers = open_lesson(record).answers()
    mine = answers[answers["player"] == "You"]
    assert len(mine) >= 3  # two rankings and the hurdle
    hurdle = mine[mine["place"] == "IRN"].iloc[-1]
    assert bool(hurdle["correct"]) and hurdle["game"] == "globalissimo"


def test_a_record_that_cannot_be_written_is_said_and_the_game_goes_on(tmp_path) -> None:
    folder = tmp_path / "not-a-file.sqlite"
    folder.mkdir()
    app = StudentApp(spec_for("globalissimo"), seed=3, lesson=folder)
    app.option_boxes["bot_delay"][1].value = 3
    app.setup.start.click()
    assert app.screen is not None
    assert "not being kept" in app.screen.messages.text
    app.screen.parts.step_panel.rank_buttons[0].click()
    assert len(app.screen.game.log) >= 1
