"""Issue 25, the shared parts: every set-up control has a name, the game screen has one live
region that says the verdict, whose turn it is and each computer move, the buttons' colours
reach 4.5:1 and the page style has a 3 px focus ring."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import ipywidgets as widgets
import pytest

from geoteach.escape import html_text
from geoteach.games.table import Seat, Table
from geoteach.i18n import N_, _
from geoteach.ui import safe
from geoteach.ui.apps import APPS, StudentApp, spec_for
from geoteach.ui.shell import Host, Screen, Seating, Standing, number_text, spoken_text
from geoteach.ui.styles import css_text
from geoteach.ui.theme import (
    BUTTON_TEXT,
    FOCUS_BAND,
    FOCUS_RING,
    PAGE_BACKGROUND,
    SUCCESS_BUTTON,
    seat_badge,
)

TEMPLATES = Path(__file__).parents[2] / "jupyter/share/jupyter/voila/templates/geoteach"
#: The app's style sheet (``geoteach/ui/css/app.css``), as the page gets it.
APP_CSS = css_text("app")


@pytest.fixture(autouse=True)
def _no_errors():
    safe.clear()
    yield
    assert safe.ERRORS == []


def walk(widget: widgets.Widget):
    yield widget
    for child in getattr(widget, "children", ()):
        yield from walk(child)


def shown(widget: widgets.Widget, root: widgets.Widget) -> bool:
    """Whether ``widget`` is on the page (no box on its way down from ``root`` hides it)."""

    def path(node: widgets.Widget):
        if node is widget:
            return [node]
        for child in getattr(node, "children", ()):
            found = path(child)
            if found:
                return [node, *found]
        return []

    return all(getattr(w.layout, "display", "") != "none" for w in path(root))


@pytest.mark.parametrize("key", sorted(APPS))
def test_every_set_up_control_has_a_name(key: str) -> None:
    """ipywidgets 8 renders ``description`` as a <label for=...> of the <select>/<input>, and,
    when there is none, the tooltip as the control's title: either is its accessible name."""
    app = StudentApp(spec_for(key), seed=1)
    kinds = (widgets.Dropdown, widgets.Text, widgets.BoundedIntText, widgets.Checkbox)
    controls = [w for w in walk(app.setup_screen) if isinstance(w, kinds)]
    controls += [w for row in app.setup.rows for w in (row.name, row.kind, row.level, row.colour)]
    assert len(controls) >= 4 * app.setup.max_seats
    nameless = [
        w
        for w in controls
        if shown(w, app.setup_screen) and not (w.description.strip() or (w.tooltip or "").strip())
    ]
    assert nameless == []
    row = app.setup.rows[1]
    assert row.colour.tooltip == "Seat 2: colour"
    assert row.kind.tooltip == "Seat 2: person or computer"


class TurnsParts:
    """The least a game brings to the shared screen (``Parts``): whose turn it is, the scores,
    one sentence per move; no board, no verdicts of its own."""

    title = "geoteach"
    score_title = N_("Points")
    detail_title = ""

    def __init__(self, host: Host, game: FakeGame) -> None:
        self.host, self.game = host, game

    def redraw(self) -> None:
        pass

    def prompt(self) -> str:
        if self.game.is_terminal():
            return f'<span class="gt-turn">{html_text(_("The game is over."))}</span>'
        names = ", ".join(seat_badge(self.game.table, s) for s in self.game.to_act())
        return f'<span class="gt-turn">▶ {names}</span>'

    def standings(self) -> list[Standing]:
        return [
            Standing(seat, (float(score),), number_text(score))
            for seat, score in enumerate(self.game.scores())
        ]

    def describe(self, action: dict) -> str:
        who = self.game.table.name_of(action["player"])
        return f"{who}: {action['type']}."

    def after(self, action: dict, by_human: bool) -> None:
        pass

    def paused(self, on: bool) -> None:
        pass

    def set_large(self, large: bool) -> None:
        pass

    def closing(self) -> None:
        pass


class Turns(Screen):
    """A screen over a fake game: enough to see what the shell says."""

    def __init__(self, game: FakeGame, bots: dict, **options: Any) -> None:
        seating = options.pop("seating", None) or Seating(game.table, bots)
        super().__init__(game, lambda host: TurnsParts(host, game), seating=seating, **options)


class FakeGame:
    def __init__(self) -> None:
        self.table = Table(
            [Seat(name="You", kind="human"), Seat(name="Robot <Ada>", kind="bot", level="easy")]
        )
        self.turn = 0
        self.log: list = []

    def is_terminal(self) -> bool:
        return len(self.log) >= 4

    def to_act(self) -> list[int]:
        return [self.turn]

    def apply(self, action) -> None:
        self.log.append(action)
        self.turn = 1 - self.turn

    def scores(self) -> list[int]:
        return [0, 0]


class FirstMove:
    def choose(self, game, seat):
        return {"type": "pass", "player": seat}


def test_one_live_region_says_turns_verdicts_and_computer_moves() -> None:
    screen = Turns(FakeGame(), {1: FirstMove()}, bot_delay=0)
    live = screen.live
    screen.start()
    assert screen.children.count(live) == 1
    assert live.text == "You"
    assert "You" in live.value

    screen.show_verdict("Right! Kenya is in Africa.", correct=True, answer="Kenya")
    assert screen.live is live
    assert "✔ Right! Kenya is in Africa." in live.text and "Kenya" in live.sentences

    screen.act({"type": "pass", "player": 0})
    assert screen.live is live
    # the computer's move, escaped, and then whose turn it is again
    assert "Robot <Ada>: pass." in live.sentences
    assert "Robot &lt;Ada&gt;: pass." in live.value and "<Ada>" not in live.value
    assert live.sentences[-1] == "You"


def test_the_large_text_toggle_keeps_its_name_and_says_on_by_being_pressed() -> None:
    """A toggle's state is its pressed state (aria-pressed from the page script, a ✔, a heavy
    frame), so its name stays: renamed "Normal text" when on, a screen reader read "Normal
    text, pressed" while the text was large, and a projector built large said "Large text"
    (pressed) while the same button said "Normal text" after a click."""
    for built_large in (False, True):
        screen = Turns(FakeGame(), {1: FirstMove()}, bot_delay=0, large=built_large)
        toggle = screen.large_toggle
        for large in (not built_large, built_large, True, False):
            toggle.value = large
            assert toggle.description == "Large text"
            assert ("gt-large" in screen._dom_classes) is large
    # The ✔ of a pressed toggle is drawn for this toggle too (a single ToggleButton's class in
    # ipywidgets 8 is widget-toggle-button).
    assert ":not(.gt-large-toggle)" not in APP_CSS
    assert ".widget-toggle-button.mod-active::before" in APP_CSS


def test_spoken_text_leaves_out_the_hidden_symbols() -> None:
    html = '<span class="gt-turn">▶ <span aria-hidden="true">●</span> Ana &amp; Bo</span>'
    assert spoken_text(html) == "Ana & Bo"


def contrast(a: str, b: str) -> float:
    """WCAG 2.1 contrast ratio of two #rrggbb colours."""

    def luminance(colour: str) -> float:
        rgb = [int(colour[i : i + 2], 16) / 255 for i in (1, 3, 5)]
        lin = [c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4 for c in rgb]
        return 0.2126 * lin[0] + 0.7152 * lin[1] + 0.0722 * lin[2]

    hi, lo = sorted((luminance(a), luminance(b)), reverse=True)
    return (hi + 0.05) / (lo + 0.05)


def test_contrast_formula_matches_the_issue() -> None:
    # ipywidgets' own green under white text: axe (which cuts to two places) said 4.11:1
    assert 4.11 <= contrast("#388e3c", "#ffffff") < 4.12


#: ipywidgets' button colours (primary, info, warning, danger) and the kit's green.
BUTTON_COLOURS = ("#1976d2", "#0097a7", "#f57c00", "#d32f2f", SUCCESS_BUTTON)


def test_buttons_and_focus_ring_reach_aa() -> None:
    """The focus ring is drawn inside the control (a box that hides its overflow cut it when
    it was drawn outside): its dark ring keeps 3:1 against the page, every button colour and
    its yellow band (WCAG 1.4.11)."""
    assert contrast(SUCCESS_BUTTON, BUTTON_TEXT) >= 4.5
    assert contrast(FOCUS_RING, PAGE_BACKGROUND) >= 3
    assert contrast(FOCUS_RING, FOCUS_BAND) >= 3
    assert all(contrast(FOCUS_RING, colour) >= 3 for colour in BUTTON_COLOURS)
    assert SUCCESS_BUTTON in APP_CSS
    assert "focus-visible" in APP_CSS and f"3px solid {FOCUS_RING}" in APP_CSS
    assert "outline-offset: -3px" in APP_CSS and f"inset 0 0 0 6px {FOCUS_BAND}" in APP_CSS


def test_pages_say_their_language_and_mark_the_live_region() -> None:
    assert '<html lang="en">' in (TEMPLATES / "page.html").read_text()
    index = (TEMPLATES / "index.html.j2").read_text()
    assert ".gt-live .widget-html-content" in index and "aria-live" in index


def test_the_logs_numbers_have_room_for_three_digits_at_any_text_size() -> None:
    """The Moves log's numbers sit in the list's left padding, and the side column cuts what
    sticks out: 20 px showed "28." as "8." in a class game. Its room is in em (it grows with
    large text) and holds "123." (three digits and a full stop: about 2.3 em in DejaVu Sans,
    plus the gap before the text)."""
    import re

    rules = re.findall(r"\.gt-log ol \{([^}]*)\}", APP_CSS)
    paddings = [re.search(r"padding-left:\s*([\d.]+)(em|px)", rule) for rule in rules]
    found = [(float(m.group(1)), m.group(2)) for m in paddings if m]
    assert found and all(unit == "em" and size >= 2.6 for size, unit in found), found
