"""The kit's CSS lives in packaged ``.css`` files and reaches the page once per kernel."""

from __future__ import annotations

import re
from pathlib import Path

import ipywidgets as widgets

from geoteach.render.globe_works import RING_PICKED
from geoteach.ui import styles
from geoteach.ui.globe_works.screen import region_rules
from geoteach.ui.styles import css_text, sheet, sheets
from tests.ui.test_accessibility_shell import FakeGame, FirstMove, Turns

PACKAGE = Path(__file__).resolve().parents[2] / "geoteach"
SHEETS = sorted(p.stem for p in (PACKAGE / "ui" / "css").glob("*.css"))


def test_no_style_sheet_is_kept_in_a_python_string() -> None:
    """A ``<style>`` in Python could not be read or checked as CSS, and was sent by every
    screen that was built; the sheets are in ``geoteach/ui/css`` (``styles`` reads them)."""
    found = [
        str(path.relative_to(PACKAGE))
        for path in PACKAGE.rglob("*.py")
        if path.name != "styles.py" and "<style" in path.read_text(encoding="utf-8")
    ]
    assert not found, found


def test_every_sheet_is_used_and_every_used_sheet_exists() -> None:
    sources = "\n".join(p.read_text(encoding="utf-8") for p in (PACKAGE / "ui").rglob("*.py"))
    used = set(re.findall(r"""(?:sheets?|style_html)\(([^)]*)\)""", sources))
    names = {n for args in used for n in re.findall(r'"([a-z_]+)"', args)} | {styles.APP}
    assert names == set(SHEETS), (names, SHEETS)
    for name in SHEETS:
        text = css_text(name)
        assert text.count("{") == text.count("}") and "<" not in text.replace("</", ""), name


def test_a_sheet_is_one_widget_per_kernel() -> None:
    """Every screen puts the same style widget on its page: its text crosses the wire once."""
    first = Turns(FakeGame(), {1: FirstMove()}, bot_delay=0)
    second = Turns(FakeGame(), {1: FirstMove()}, bot_delay=0)
    assert first.css is second.css is sheet(styles.APP)
    assert first.css.value.startswith("<style>") and css_text("app") in first.css.value
    assert first.css.layout.display == "none"
    box = sheets(styles.APP, "join")
    assert box.children == (sheet(styles.APP), sheet("join")) and box.layout.display == "none"


def test_a_closed_sheet_is_made_again() -> None:
    """``Widget.close_all()`` (a kernel's widgets closed, as between tests) must not leave a
    screen with a dead style widget."""
    old = sheet("geotriple")
    old.close()
    new = sheet("geotriple")
    assert new is not old and new.comm is not None and new.value == old.value


def test_data_rules_follow_the_sheet() -> None:
    """Globe Works' region colours come from the data, after its sheet, in one widget."""
    widgets.Widget.close_all()
    made = sheet("globe_works", region_rules)
    assert made.value.endswith(region_rules() + "</style>")
    assert css_text("globe_works") in made.value
    assert f"outline: 4px solid {RING_PICKED}" in css_text("globe_works")
