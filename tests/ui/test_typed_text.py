"""Text a person typed is shown exactly as typed: never run as HTML, never drawn as mathtext.

Every game UI is played for a while with names, team members and typed answers full of markup
and dollar signs. After every move each HTML value on screen is checked for unescaped markup,
and matplotlib is watched so that no text is ever read as a formula.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import ipywidgets as widgets
import matplotlib.text
import pytest

from geoteach.bots.geotriple import GeoTripleBot
from geoteach.bots.global_pursuit import GlobalPursuitBot
from geoteach.bots.globalissimo import GlobalissimoBot
from geoteach.bots.globe_works import GlobeWorksBot
from geoteach.bots.pursuit import PursuitBot
from geoteach.escape import html_text, plot_text
from geoteach.games.geography_pursuit import GeographyPursuit
from geoteach.games.geotriple import GeoTriple
from geoteach.games.global_pursuit import GlobalPursuit
from geoteach.games.globalissimo import Globalissimo
from geoteach.games.globe_works import GlobeWorks
from geoteach.games.table import Seat, Table
from geoteach.ui import safe
from geoteach.ui.geotriple import GeoTripleScreen
from geoteach.ui.global_pursuit import GlobalPursuitScreen
from geoteach.ui.globalissimo import GlobalissimoScreen
from geoteach.ui.globe_works import GlobeWorksScreen
from geoteach.ui.pursuit import PursuitApp

#: Names a mischievous class would type. Each is also a team member's name somewhere.
NAMES = [
    "<img src=x onerror=alert(1)>",
    "$x^$ Ana $5 Ben $10",
    'Cy" onmouseover="alert(2)',
    "<b>Dee</b> & <i>co</i>",
    "<script>alert(3)</script>",
]
MEMBERS = ["<svg onload=alert(4)>", "Eve $\\alpha$"]
#: Typed answers sent in place of the computer's, every other time.
ANSWERS = ["<img src=y onerror=alert(5)>", "$5^$", "Paris</b><script>alert(6)</script>"]
#: What must never appear in an HTML value: an opening tag or an attribute typed by a person.
DANGER = re.compile(
    r"<img src=[xy] onerror|<script>alert|<svg onload|<b>Dee|<i>co|onmouseover=\"alert"
)


def html_values(widget: widgets.Widget) -> Iterator[tuple[str, str]]:
    """Every HTML string shown by ``widget`` and its descendants, with the widget's class."""
    if isinstance(widget, widgets.HTML | widgets.HTMLMath):
        yield type(widget).__name__, widget.value
    for child in getattr(widget, "children", ()) or ():
        if isinstance(child, widgets.Widget):
            yield from html_values(child)


def assert_escaped(ui: widgets.Widget, step: str) -> int:
    checked = 0
    for kind, value in html_values(ui):
        checked += 1
        found = DANGER.search(value)
        assert found is None, f"{step}: unescaped typed text in {kind}: …{value[:400]}…"
    return checked


@pytest.fixture
def math_texts(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """Every string matplotlib decided to read as mathtext while the test ran."""
    seen: list[str] = []
    original = matplotlib.text.Text._preprocess_math

    def watch(self: matplotlib.text.Text, s: str) -> tuple[str, Any]:
        text, math = original(self, s)
        if math is True:
            seen.append(s)
        return text, math

    monkeypatch.setattr(matplotlib.text.Text, "_preprocess_math", watch)
    return seen


def hostile_table(seats: int, teams: bool = True) -> Table:
    people = []
    for i in range(seats):
        members = [MEMBERS[i], f"member {i}"] if teams and i < len(MEMBERS) else []
        kind = "human" if i == 0 else "bot"
        people.append(Seat(NAMES[i], kind=kind, level=None if i == 0 else "hard", members=members))
    return Table(people)


def act_full(ui: Any, action: dict[str, Any]) -> None:
    ui.act(action)


def act_without_player(ui: Any, action: dict[str, Any]) -> None:
    ui.act({k: v for k, v in action.items() if k != "player"})


GAMES: dict[str, tuple[Callable[[Table], Any], Callable[[], Any], int, Callable]] = {
    "globalissimo": (
        lambda t: GlobalissimoScreen(Globalissimo(t, seed=3, rounds=3), bot_delay=0),
        lambda: GlobalissimoBot("hard", seed=1),
        4,
        act_full,
    ),
    "geotriple": (
        lambda t: GeoTripleScreen(GeoTriple(t, seed=4, target=30), bot_delay=0),
        lambda: GeoTripleBot("hard", seed=1),
        2,
        act_full,
    ),
    "global_pursuit": (
        lambda t: GlobalPursuitScreen(
            GlobalPursuit(t, seed=5), maps=False, challenge_seconds=None, bot_delay=0
        ),
        lambda: GlobalPursuitBot("hard", seed=1),
        3,
        act_without_player,
    ),
    "geography_pursuit": (
        lambda t: PursuitApp(GeographyPursuit(t, seed=6)),
        lambda: PursuitBot("hard", seed=1),
        4,
        act_full,
    ),
    "globe_works": (
        lambda t: GlobeWorksScreen(GlobeWorks(t, seed=7), bot_delay=0),
        lambda: GlobeWorksBot("hard", seed=1),
        3,
        act_full,
    ),
}


@pytest.mark.parametrize("name", sorted(GAMES))
def test_typed_text_is_shown_as_typed_in_every_game(name: str, math_texts: list[str]) -> None:
    safe.clear()
    build, make_bot, seats, act = GAMES[name]
    ui = build(hostile_table(seats))
    game, me = ui.game, make_bot()
    checked = assert_escaped(ui, "start")
    typed = 0
    for step in range(160):
        if game.is_terminal():
            break
        if 0 not in game.to_act():
            ui.run_bots()
            if 0 not in game.to_act() and not game.is_terminal():
                break  # waiting on a clock or a click the driver does not make
            continue
        action = me.choose(game, 0)
        for key in ("answer", "text"):
            if isinstance(action.get(key), str) and step % 2:
                action[key] = ANSWERS[typed % len(ANSWERS)]
                typed += 1
        act(ui, action)
        checked += assert_escaped(ui, f"move {step} {action}")
    assert checked > 20 and game.log, "the game was hardly played"
    assert safe.ERRORS == [], [c.message for c in safe.ERRORS]
    assert math_texts == [], f"read as mathtext: {math_texts[:5]}"


def test_only_the_escape_module_escapes_html() -> None:
    """One helper is the way typed text enters HTML: nobody calls html.escape by hand."""
    package = Path(__file__).resolve().parents[2] / "geoteach"
    offenders = [
        str(path.relative_to(package))
        for path in package.rglob("*.py")
        if path.name != "escape.py"
        and re.search(r"^\s*(import html\b|from html import)", path.read_text(), re.M)
    ]
    assert offenders == []


def test_the_helpers_keep_every_character() -> None:
    assert html_text('<a href="x">&') == "&lt;a href=&quot;x&quot;&gt;&amp;"
    assert plot_text("Ana $5 Ben $10") == r"Ana \$5 Ben \$10"
