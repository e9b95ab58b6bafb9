"""Screenshots of every app screen as students who zoom, use a tablet or see no colour meet it
(issue 25), with a few measurements beside each, for a person to look at.

Not a test: pictures to look at (is anything said by colour alone? cut off? below the first
screen?). Each screen is taken in four ways:

* ``1366``: 1366×768, the kit's target laptop;
* ``1024``: a 1024×768 tablet;
* ``zoom``: 200% zoom of 1366×768 (683×384 CSS pixels drawn at twice the density, so the
  picture is 1366×768 as the student sees it): the top of the page, then scrolled to the step's
  controls and to an open verdict (``-controls``, ``-verdict``);
* ``grey``: 1366×768 with ``filter: grayscale(1)`` on the page.

The screens:

* every student app (``notebooks/play/<key>.ipynb``, the class game's two apps aside): the
  set-up screen, the game screen after Start, and the steps its click driver
  (``tests/e2e/apps/<key>.py``) checks: the verdicts among them. Every step is also taken at
  1366×768 as the driver checks it (``harness.AppPage.check``: an assertion that fails there,
  a control below the first screen say, is written to ``findings.json``, not raised);
* a class game of Geography Pursuit in honor mode (answers said out loud, marked by the
  teacher): the projector's game picker, room and game (1920×1080, and 1366×768 for a smaller
  projector), the teacher's Show the answer and Right / Wrong, the answering team's "say your
  answer out loud", the other team's device, a spectator and the verdict on each;
* the lesson report.

Beside the pictures, ``findings.json`` says per picture what a script can measure: the page
wider than the window, controls or an open verdict below the first screen, text cut short
(an element narrower than its text that hides the rest), a map or picture cut with no
scrollbar, a control partly hidden by a box around it, and the focused control's ring.

Run: ``python -m tests.e2e.a11y_screenshots [folder] [--only key,key,class,report]``
(default folder test-artifacts/a11y-review) with the kit's environment (Voilà, Playwright,
Debian's chromium). It starts its own Voilà on this checkout's Jupyter settings and stops it.
"""

from __future__ import annotations

import argparse
import base64
import contextlib
import importlib
import json
import secrets
import shutil
import tempfile
from pathlib import Path
from typing import Any

from playwright.sync_api import sync_playwright

from tests.e2e import pages
from tests.e2e.apps import harness
from tests.e2e.conftest import (
    ARTIFACTS,
    CHROMIUM,
    CHROMIUM_ARGS,
    ROOT,
    TEST_SERVER_OPTIONS,
    Server,
    _env,
    _start,
    free_port,
    voila_command,
)
from tests.e2e.servers import jupyter_env
from tests.e2e.test_accessibility import _open_page
from tests.e2e.test_student_apps import DRIVERS

GREY_CSS = "html { filter: grayscale(1) !important; }"
#: The four ways a screen is looked at: (CSS width, CSS height, pixel density, greyscale).
VIEWS: dict[str, tuple[int, int, int, bool]] = {
    "1366": (1366, 768, 1, False),
    "1024": (1024, 768, 1, False),
    "zoom": (683, 384, 2, False),
    "grey": (1366, 768, 1, True),
}
#: Scrolled to at 200% zoom, where the side column is under the board.
PARTS = (("controls", ".gt-controls"), ("verdict", ".gt-feedback"))
#: The driver's steps taken in all four views (the others at 1366×768 only, as checked).
STEPS = {
    "globalissimo": {"round-1-rank", "round-1-result", "hurdle-a", "hurdle-a-verdict"},
    "geotriple": {
        "stage1-verdict",
        "stage2-race",
        "stage3-discard",
        "stage3-lead",
        "stage3-trick-verdict",
        "round-over",
    },
    "global_pursuit": {"ghost", "question", "trivia-verdict", "challenge"},
    "geography_pursuit": {"roll-1", "question-1", "verdict-1"},
    "globe_works": {"deals", "picked-on-the-map", "discard", "round-over"},
}

#: What a script can see of a screen (see the module docstring).
MEASURE_JS = """() => {
  const w = window.innerWidth, h = window.innerHeight, out = {};
  out.page_width = document.documentElement.scrollWidth;
  const root = document.querySelector('.gt-app, .gt-setup, .gt-class-lobby') || document.body;
  const seen = el => el.offsetParent !== null || getComputedStyle(el).position === 'fixed';
  const name = el => el.tagName.toLowerCase() + '.' + [...el.classList].slice(0, 3).join('.');
  const below = [];
  for (const sel of ['.gt-controls', '.gt-feedback', '.gt-start', '.gt-class-start',
                     '.gt-board canvas', '.gt-board img']) {
    for (const el of document.querySelectorAll(sel)) {
      if (!seen(el)) continue;
      const r = el.getBoundingClientRect();
      if (r.height > 0 && r.bottom + window.scrollY > h + 1)
        below.push(sel + ' ends at ' + Math.round(r.bottom + window.scrollY));
    }
  }
  out.below_first_screen = below;
  const cut = [];
  for (const el of root.querySelectorAll('*')) {
    if (!seen(el) || el.children.length > 0 || !el.textContent.trim()) continue;
    if (el.closest('.gt-live, .gt-description, .gt-click-targets')) continue;
    const s = getComputedStyle(el);
    const hides = s.overflowX !== 'visible' || s.textOverflow === 'ellipsis';
    if (hides && el.scrollWidth > el.clientWidth + 1)
      cut.push(name(el) + ': ' + el.textContent.trim().slice(0, 40));
  }
  // Buttons whose words are cut by the button (ipywidgets' buttons hide their overflow).
  for (const b of root.querySelectorAll('button')) {
    if (seen(b) && b.scrollWidth > b.clientWidth + 1)
      cut.push(name(b) + ': ' + b.textContent.trim().slice(0, 40));
  }
  out.cut_short = [...new Set(cut)].slice(0, 12);
  // Boxes that hide part of a picture or a canvas with no scrollbar to reach it.
  const hidden = [];
  for (const el of root.querySelectorAll('*')) {
    if (!seen(el) || !['hidden', 'clip'].includes(getComputedStyle(el).overflowX)) continue;
    if (el.scrollWidth > el.clientWidth + 2 && el.querySelector('canvas, img'))
      hidden.push(name(el) + ' shows ' + el.clientWidth + ' of ' + el.scrollWidth + ' px');
  }
  out.pictures_cut = hidden.slice(0, 8);
  // Controls (and so their focus rings, drawn inside them) that a box hiding its overflow
  // cuts: part of a button or a box out of sight.
  const parts = [];
  const focusable = 'button, input, select, textarea, a[href], [tabindex]:not([tabindex="-1"])';
  for (const c of root.querySelectorAll(focusable)) {
    if (!seen(c) || c.disabled || getComputedStyle(c).visibility === 'hidden') continue;
    const r = c.getBoundingClientRect();
    for (let a = c.parentElement; a && a !== document.body; a = a.parentElement) {
      const s = getComputedStyle(a), b = a.getBoundingClientRect();
      const cutX = s.overflowX !== 'visible' && (r.left < b.left - 0.5 || r.right > b.right + 0.5);
      const cutY = s.overflowY !== 'visible' && (r.top < b.top - 0.5 || r.bottom > b.bottom + 0.5);
      if (cutX || cutY) {
        parts.push(name(c) + ' "' + (c.textContent || c.placeholder || '').trim().slice(0, 24) +
          '" by ' + name(a));
        break;
      }
    }
  }
  out.controls_cut = parts.slice(0, 12);
  const f = document.activeElement;
  out.focus = f && f !== document.body ? name(f) + ' outline ' +
    getComputedStyle(f).outlineStyle + ' ' + getComputedStyle(f).outlineWidth + ' ' +
    getComputedStyle(f).outlineColor : 'body';
  return out;
}"""


#: Back to the top of the page: every box the driver's clicks scrolled (Voilà's page scrolls
#: in a box of its own, not the window).
TOP_JS = """() => {
  window.scrollTo(0, 0);
  for (const el of document.querySelectorAll('*')) if (el.scrollTop) el.scrollTop = 0;
}"""


class Review:
    """The pictures and the measurements of one run."""

    def __init__(self, out: Path) -> None:
        self.out = out
        self.findings: dict[str, Any] = {}
        out.mkdir(parents=True, exist_ok=True)

    def save(self) -> None:
        (self.out / "findings.json").write_text(json.dumps(self.findings, indent=1))

    def capture(self, page: Any, name: str, density: int = 1) -> None:
        """The viewport as the student sees it, at ``density`` pixels per CSS pixel."""
        where = page.evaluate(
            "() => ({x: window.scrollX, y: window.scrollY, width: window.innerWidth,"
            " height: window.innerHeight})"
        )
        shot = page.context.new_cdp_session(page)
        try:
            data = shot.send(
                "Page.captureScreenshot", {"format": "png", "clip": {**where, "scale": density}}
            )["data"]
        finally:
            shot.detach()
        (self.out / f"{name}.png").write_bytes(base64.b64decode(data))
        with contextlib.suppress(Exception):
            self.findings[name] = page.evaluate(MEASURE_JS)

    def top(self, page: Any, name: str) -> None:
        """The top of the page as it is (its own size, a projector's 1920×1080)."""
        page.evaluate(TOP_JS)
        pages.settle(page, quiet=0.3)  # scrolled to the top
        self.capture(page, name)

    def pages_down(self, page: Any, name: str, most: int = 12) -> None:
        """The whole of a long page, a screen at a time (``name``-down-N): Voilà's page scrolls
        in a box of its own, which a full-page screenshot does not go down."""
        scroller = """() => [...document.querySelectorAll('*')].find(el =>
          el.scrollHeight > el.clientHeight + 50 && el.clientHeight > window.innerHeight / 2 &&
          ['auto', 'scroll'].includes(getComputedStyle(el).overflowY))"""
        box = page.evaluate_handle(scroller)
        step = int(page.evaluate("() => window.innerHeight") * 0.9)
        for number in range(most):
            done = page.evaluate(
                "([el, y]) => { if (!el) return true; el.scrollTop = y;"
                " return el.scrollTop < y - 2; }",
                [box, number * step],
            )
            pages.settle(page)
            self.capture(page, f"{name}-down-{number:02d}")
            if done:
                break
        page.evaluate(TOP_JS)

    def views(self, page: Any, name: str, views: tuple[str, ...] = tuple(VIEWS)) -> None:
        """``page`` in each of ``views``, then back to the size it had."""
        size = page.viewport_size or harness.VIEWPORT
        try:
            for view in views:
                width, height, density, grey = VIEWS[view]
                page.set_viewport_size({"width": width, "height": height})
                if grey:
                    page.evaluate(
                        "(css) => { const s = document.createElement('style');"
                        " s.id = 'gt-grey'; s.textContent = css; document.head.append(s); }",
                        GREY_CSS,
                    )
                pages.settle(page)
                page.evaluate(TOP_JS)
                self.capture(page, f"{name}-{view}", density)
                if view == "zoom":
                    for part, selector in PARTS:
                        found = page.locator(f"{selector}:visible")
                        if found.count():
                            found.first.scroll_into_view_if_needed()
                            pages.settle(page)
                            self.capture(page, f"{name}-{view}-{part}", density)
                if grey:
                    page.evaluate("() => document.getElementById('gt-grey')?.remove()")
        finally:
            page.set_viewport_size(size)
            pages.settle(page)
            page.evaluate(TOP_JS)


class ReviewedApp(harness.AppPage):
    """A student app driven by its click driver, each step looked at (see ``STEPS``)."""

    review: Review
    steps: set[str]

    def check(self, name: str) -> None:
        try:
            super().check(name)
        except AssertionError as error:
            self.review.findings[f"app-{self.key}-{self.step:02d}-{name} (driver check)"] = str(
                error
            )[:400]
        if name in self.steps:
            self.steps.discard(name)  # the first time a step comes up
            self.review.views(self.page, f"{self.key}-{self.step:02d}-{name}")


def student_app(
    review: Review, browser: Any, server: Server, key: str, quick: bool = False
) -> None:
    """``key``'s set-up screen, game screen (also in large text) and its driver's steps
    (``STEPS``); ``quick``: the set-up and game screens only."""
    driver = importlib.import_module(f"tests.e2e.apps.{key}")
    context = browser.new_context(viewport=harness.VIEWPORT)
    try:
        plain = harness.open_app(context, server, key, getattr(driver, "QUERY", ""))
        app = ReviewedApp(plain.page, key)
        app.review, app.steps = review, {"setup", "start", *STEPS.get(key, ())}
        if quick:
            app.steps = {"setup", "start"}
        pages.settle(app.page)
        app.check("setup")
        getattr(driver, "set_up", lambda _app: None)(app)
        harness.start_game(app)
        pages.settle(app.page)
        app.check("start")
        # Large text on a 1366×768 laptop (or a small projector), then back.
        app.click(".gt-large-toggle", kind="large text")
        pages.settle(app.page)
        review.views(app.page, f"{key}-02-start-large", ("1366", "1024"))
        app.click(".gt-large-toggle", kind="large text")
        pages.settle(app.page)
        if quick:
            return
        try:
            driver.play_round(app)
        except Exception as error:  # a driver that stops still leaves its pictures
            review.findings[f"{key} driver stopped"] = str(error)[:400]
            review.capture(app.page, f"{key}-stopped")
    finally:
        context.close()


def lesson_report(review: Review, browser: Any, server: Server) -> None:
    context = browser.new_context(viewport=harness.VIEWPORT)
    try:
        page = _open_page(context, server, "20_lesson_report.ipynb", harness.VIEWPORT)
        page.wait_for_selector(".jupyter-widgets", timeout=180_000)
        page.wait_for_load_state("load", timeout=180_000)
        pages.settle(page)
        review.views(page, "report")
        review.pages_down(page, "report-1366")
    finally:
        context.close()


def honor_class_game(review: Review, browser: Any, server: Server) -> None:
    """Geography Pursuit as a class game in honor mode, until the teacher has marked one
    answer: the pages a class sees on the way (see the module docstring)."""
    from tests.e2e.test_class_game import PROJECTOR, _shown, _start
    from tests.e2e.test_class_game_honor import SAY_IT, _open_honor_room, until_asked_aloud

    context = browser.new_context(viewport=harness.VIEWPORT)
    opened: list[Any] = []
    try:
        projector = _open_page(context, server, "play/class_game.ipynb", PROJECTOR)
        projector.wait_for_selector(".gt-start", timeout=180_000)
        pages.settle(projector)
        review.top(projector, "class-projector-picker-1920")
        review.views(projector, "class-projector-picker", ("1366", "grey"))
        projector.close()
        projector, code = _open_honor_room(context, server)
        opened.append(projector)
        pages.settle(projector)
        review.top(projector, "class-projector-room-1920")
        review.views(projector, "class-projector-room", ("1366", "grey", "zoom"))
        join = _open_page(context, server, "play/join.ipynb", harness.VIEWPORT)
        opened.append(join)
        join.wait_for_selector(".gt-join-code input", timeout=180_000)
        pages.settle(join)
        review.views(join, "class-join-code")
        join.fill(".gt-join-code input", code)
        join.locator(".gt-join-code input").press("Enter")
        join.wait_for_selector(".gt-join-seat-0", timeout=60_000)
        pages.settle(join)
        review.views(join, "class-join-team")
        join.close()
        opened.remove(join)

        devices, spectator = _start(context, server, projector, code, 2, opened)
        pages.settle(projector)
        review.top(projector, "class-projector-game-1920")
        review.views(projector, "class-projector-game", ("1366", "grey"))
        review.views(devices[0], "class-device-game")
        review.views(spectator, "class-spectator-game", ("1366",))
        seat = until_asked_aloud(projector, devices)
        asked, other = devices[seat], devices[1 - seat]
        for page in (projector, asked, other, spectator):
            pages.settle(page)
        assert _shown(asked, SAY_IT)
        review.top(projector, "class-honor-projector-asked-1920")
        review.views(projector, "class-honor-projector-asked", ("1366", "grey", "zoom"))
        review.views(asked, "class-honor-device-asked")
        review.views(other, "class-honor-other-device", ("1366", "zoom"))
        review.views(spectator, "class-honor-spectator-asked", ("1366",))
        projector.locator(".gt-controls .gt-show").first.click()
        projector.wait_for_selector(".gt-controls .gt-right:not([disabled])", timeout=30_000)
        pages.settle(projector)
        review.top(projector, "class-honor-projector-shown-1920")
        review.views(projector, "class-honor-projector-shown", ("1366", "grey", "zoom"))
        projector.locator(".gt-controls .gt-right").first.click()
        for page in (projector, asked, spectator):
            page.wait_for_selector(".gt-feedback:visible", timeout=30_000)
            pages.settle(page)
        review.top(projector, "class-honor-projector-verdict-1920")
        review.views(projector, "class-honor-projector-verdict", ("1366",))
        review.views(asked, "class-honor-device-verdict")
        review.views(spectator, "class-honor-spectator-verdict", ("1366",))
    finally:
        for page in opened:
            with contextlib.suppress(Exception):
                page.close()
        context.close()


def main(out: Path, only: set[str] | None = None, quick: bool = False) -> Review:
    review = Review(out)
    with tempfile.TemporaryDirectory() as tmp, sync_playwright() as pw:
        work = Path(tmp)
        shutil.copytree(ROOT / "notebooks", work / "notebooks")
        port, token = free_port(), secrets.token_hex(16)
        cmd = voila_command(port, token, work / "notebooks", *TEST_SERVER_OPTIONS)
        proc = _start(cmd, port, work / "voila.log", jupyter_env(_env(work)))
        server = Server(f"http://127.0.0.1:{port}", token, work, proc)
        browser = pw.chromium.launch(executable_path=str(CHROMIUM), args=CHROMIUM_ARGS)
        try:
            for key in DRIVERS:
                if only is None or key in only:
                    student_app(review, browser, server, key, quick)
                    print(f"{key}: done", flush=True)
                    review.save()
            if only is None or "class" in only:
                honor_class_game(review, browser, server)
                print("class game: done", flush=True)
                review.save()
            if only is None or "report" in only:
                lesson_report(review, browser, server)
                print("report: done", flush=True)
        finally:
            review.save()
            browser.close()
            proc.terminate()
            proc.wait(timeout=30)
    return review


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("folder", nargs="?", default=str(ARTIFACTS / "a11y-review"))
    parser.add_argument("--only", default="", help="apps (keys), class, report; comma-separated")
    parser.add_argument("--quick", action="store_true", help="apps: set-up and game screens only")
    args = parser.parse_args()
    chosen = {k.strip() for k in args.only.split(",") if k.strip()} or None
    done = main(Path(args.folder), chosen, args.quick)
    print(f"{len(list(done.out.glob('*.png')))} pictures in {done.out}")
