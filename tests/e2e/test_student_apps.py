"""Every student app in Voilà at 1366×768: set-up screen, Start, one full round by clicks only.

The per-game play-throughs live in ``tests/e2e/apps/<key>.py`` (see ``tests/e2e/apps/harness``).
The last test prints the browser benchmark: page → set-up screen, Start → playable, and click →
first visible change (p50 and p95) per game.
"""

from __future__ import annotations

import importlib
import pkgutil
from pathlib import Path

import pytest

import tests.e2e.apps as apps
from tests.e2e import pages
from tests.e2e.apps import harness
from tests.e2e.conftest import ARTIFACTS

PLAY = Path(__file__).parents[2] / "notebooks" / "play"
DRIVERS = sorted(m.name for m in pkgutil.iter_modules(apps.__path__) if m.name != "harness")


#: The class game's two apps (the projector's and a team's) have their own browser test,
#: tests/e2e/test_class_game.py: several pages on one room.
CLASS_APPS = {"class_game", "join"}


def test_every_app_has_a_browser_play_through() -> None:
    assert sorted(p.stem for p in PLAY.glob("*.ipynb") if p.stem not in CLASS_APPS) == DRIVERS


@pytest.mark.parametrize("key", DRIVERS)
def test_app_plays_a_round_by_clicks(browser, voila, key: str) -> None:
    driver = importlib.import_module(f"tests.e2e.apps.{key}")
    app = harness.open_app(browser, voila, key, getattr(driver, "QUERY", ""))
    try:
        app.check("setup")
        getattr(driver, "set_up", lambda _app: None)(app)
        harness.start_game(app)
        app.check("start")
        driver.play_round(app)
        app.check("end")
        # A redraw benchmark every game shares: large text on and off (maps and labels too).
        for _ in range(10):
            app.click(".gt-large-toggle", kind="large text")
        # The same screen on a projector: 1920×1080 in large-text mode.
        app.page.set_viewport_size({"width": 1920, "height": 1080})
        app.click(".gt-large-toggle")
        app.page.wait_for_selector(".gt-app.gt-large", timeout=60_000)
        pages.settle(app.page, root=".gt-app")
        app.check("projector-large-text")
    finally:
        for kind, first, settled in app.clicks:
            harness.record(f"{key} {kind}: click → first change", first)
            harness.record(f"{key} {kind}: click → screen settled", settled)
        app.page.close()


def test_the_lesson_report_shows_what_the_students_answered(browser, voila) -> None:
    """The apps above kept their answers (GEOTEACH_LESSON_RECORD); the teacher's report,
    opened afterwards, lists the student's answers."""
    if not (voila.root / "records" / "class.sqlite").exists():
        pytest.skip("no app was played in this run")
    page = browser.new_page()
    page.set_viewport_size(harness.VIEWPORT)
    try:
        page.goto(
            f"{voila.url}/voila/render/20_lesson_report.ipynb?token={voila.token}",
            wait_until="commit",
            timeout=180_000,
        )
        page.wait_for_selector(".jupyter-widgets", timeout=180_000)
        page.wait_for_load_state("load", timeout=180_000)
        body = page.inner_text("body")
        assert "Traceback" not in body, body[-1500:]
        # The record the apps wrote, not the demo: its answers and the student's name.
        assert "records/class.sqlite" in body and "answers from" in body, body[-2000:]
        assert "You" in body, body[-2000:]
    finally:
        page.screenshot(path=str(ARTIFACTS / "app-lesson-report.png"), full_page=True)
        page.close()


def test_print_the_app_timings() -> None:
    """The browser benchmark's table (run after the play-throughs)."""
    path = ARTIFACTS / "app-timings.json"
    if not path.exists():
        pytest.skip("no app was timed in this run")
    import json

    data = json.loads(path.read_text())
    lines = [f"{'measure':48} {'n':>3} {'p50 s':>7} {'p95 s':>7}"]
    for name, values in sorted(data.items()):
        p50, p95 = harness.percentiles(values)
        lines.append(f"{name:48} {len(values):3d} {p50:7.3f} {p95:7.3f}")
    table = "\n".join(lines)
    (ARTIFACTS / "app-timings.txt").write_text(table + "\n")
    print("\n" + table)
