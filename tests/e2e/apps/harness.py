"""Driving a student app in Voilà at 1366×768, as a student would: only clicks, on the screen.

Each game has a module in this folder (``tests/e2e/apps/<key>.py``) with a function
``play_round(app: AppPage) -> None`` that plays one full round from the game screen (the set-up
screen and Start are done before it is called) by clicking buttons and the map canvas only.
``tests/e2e/test_student_apps.py`` finds these modules, opens each app, presses Start, calls
``play_round`` and checks the page after each step:

* no error output, no "Something went wrong", no Python traceback;
* nothing wider than the window (no sideways scrolling);
* the current step's controls and an open verdict card lie inside the first screen (768 px),
  and so does the set-up screen's Start (the less common choices are under a fold);
* a screenshot of every step under ``test-artifacts/app-<key>-NN-<step>.png``.

Timings (page open → set-up screen, Start → playable, click → first visible change) are kept in
``test-artifacts/app-timings.json`` for the browser benchmark.
"""

from __future__ import annotations

import json
import statistics
import time
from dataclasses import dataclass, field
from typing import Any

from tests.e2e import pages
from tests.e2e.conftest import ARTIFACTS, Server

VIEWPORT = {"width": 1366, "height": 768}

#: The screen counts as settled (the whole redraw has arrived) after this long without change.
QUIET_SECONDS = 0.4

#: A cheap fingerprint of what the board's canvases show (a canvas redraw is no DOM change).
CANVAS_SIGNATURE_JS = """() => {
  let sum = 0;
  for (const c of document.querySelectorAll('.gt-board canvas')) {
    if (!c.width || !c.height) continue;
    const data = c.getContext('2d').getImageData(0, 0, c.width, c.height).data;
    for (let i = 0; i < data.length; i += 397) sum = (sum * 31 + data[i]) % 1000000007;
  }
  return sum;
}"""

#: Installed in the page: the time of the first change to the app after a click.
WATCH_JS = """() => {
  window.__gtChanged = null;
  window.__gtLast = null;
  if (window.__gtObserver) window.__gtObserver.disconnect();
  const root = document.querySelector('.gt-app') || document.body;
  const obs = new MutationObserver(() => {
    const now = performance.now();
    if (window.__gtChanged === null) window.__gtChanged = now;
    window.__gtLast = now;
  });
  obs.observe(root, {subtree: true, childList: true, attributes: true, characterData: true});
  window.__gtObserver = obs;
  window.__gtCanvas = {signature: (CANVAS_SIGNATURE)(), first: null, last: null};
  return performance.now();
}""".replace("(CANVAS_SIGNATURE)", f"({CANVAS_SIGNATURE_JS})")

#: After a click: [first change, last change] (page milliseconds) once the screen has been
#: quiet for ``quiet`` ms since its last change to the DOM or to a board's canvas, else false.
SETTLED_JS = f"""(quiet) => {{
  const now = performance.now(), canvas = window.__gtCanvas;
  const signature = ({CANVAS_SIGNATURE_JS})();
  if (signature !== canvas.signature) {{
    canvas.signature = signature;
    canvas.last = now;
    if (canvas.first === null) canvas.first = now;
  }}
  const firsts = [window.__gtChanged, canvas.first].filter(t => t !== null);
  const lasts = [window.__gtLast, canvas.last].filter(t => t !== null);
  if (!firsts.length || now - Math.max(...lasts) < quiet) return false;
  return [Math.min(...firsts), Math.max(...lasts)];
}}"""

#: The place ``target`` has in the game's click targets, once they have stayed the same for
#: ``quiet`` ms (the kernel has finished its last redraw), else false.
TARGET_JS = """([target, quiet]) => {
  const el = document.querySelector('.gt-click-targets');
  const raw = el ? (el.textContent || '') : '';
  const now = performance.now(), seen = window.__gtTargets;
  if (!seen || seen.raw !== raw) { window.__gtTargets = {raw: raw, since: now}; return false; }
  if (now - seen.since < quiet) return false;
  let where;
  try { where = JSON.parse(raw.trim() || '{}')[target]; } catch (e) { return false; }
  return where === undefined ? false : where;
}"""

#: Page-function pieces the game drivers combine: the banner's turn line, the visible verdict
#: card's text, and whether a visible element matches a selector.
TURN_JS = "(document.querySelector('.gt-banner .gt-turn') || {innerText: ''}).innerText"
FEEDBACK_JS = """([...document.querySelectorAll('.gt-feedback')]
  .find(el => el.getClientRects().length > 0) || {innerText: ''}).innerText"""
SHOWN_JS = """((sel) => [...document.querySelectorAll(sel)]
  .some(el => el.getClientRects().length > 0))"""

#: Elements whose right edge leaves the window, as "tag.class (right edge)".
TOO_WIDE_JS = """() => {
  const w = window.innerWidth, out = [];
  for (const el of document.querySelectorAll('.gt-app *')) {
    const r = el.getBoundingClientRect();
    const shown = r.width > 0 && r.height > 0 && getComputedStyle(el).position !== 'fixed';
    if (shown && r.right > w + 1) {
      const name = el.tagName.toLowerCase() + '.' + [...el.classList].join('.');
      out.push(name + ' ' + Math.round(r.right));
    }
  }
  return out.slice(0, 8);
}"""

#: The bottom edge (page coordinates) of the visible elements matching a selector.
BOTTOM_JS = """(sel) => [...document.querySelectorAll(sel)]
  .filter(el => el.offsetParent !== null)
  .map(el => { const r = el.getBoundingClientRect(); return r.bottom + window.scrollY; })"""


@dataclass
class AppPage:
    """One app open in the browser, with its name, step counter and click timings."""

    page: Any
    key: str
    step: int = 0
    #: (kind of action, seconds to the first change, seconds until the screen settled)
    clicks: list[tuple[str, float, float]] = field(default_factory=list)

    # ----- looking ------------------------------------------------------------------------
    def text(self) -> str:
        return pages.widget_text(self.page)

    def banner(self) -> str:
        return self.page.locator(".gt-banner").first.inner_text()

    def feedback(self) -> str:
        box = self.page.locator(".gt-feedback:visible")
        return box.first.inner_text() if box.count() else ""

    def check(self, name: str) -> None:
        """The page is sound (see the module docstring); then a screenshot of this step."""
        self.step += 1
        page = self.page
        page.evaluate("() => window.scrollTo(0, 0)")
        body = page.inner_text("body")
        try:
            assert "Traceback" not in body, body[-1500:]
            assert not pages.ui_errors(page), pages.ui_errors(page)
            errors = page.locator(".jp-OutputArea-output[data-mime-type*='error']")
            assert errors.count() == 0, errors.first.inner_text()
            wide = page.evaluate(TOO_WIDE_JS)
            assert not wide, f"wider than the window: {wide}"
            size = page.viewport_size or VIEWPORT
            scroll_width = page.evaluate("() => document.documentElement.scrollWidth")
            assert scroll_width <= size["width"] + 1, f"page is {scroll_width} px wide"
            # The set-up screen's Start too: a student must not have to scroll to begin.
            selectors = (".gt-controls", ".gt-feedback", ".gt-banner", ".gt-leaders", ".gt-start")
            for selector in selectors:
                bottoms = page.evaluate(BOTTOM_JS, selector)
                for bottom in bottoms:
                    assert bottom <= size["height"] + 1, (
                        f"{selector} ends at {bottom:.0f} px: below the first screen"
                    )
        finally:
            page.screenshot(path=str(ARTIFACTS / f"app-{self.key}-{self.step:02d}-{name}.png"))

    # ----- acting -------------------------------------------------------------------------
    def _timed(self, click: Any, kind: str, timeout: float = 60.0) -> float:
        """Click, then time the first visible change (a DOM change or a redrawn canvas) and the
        moment the screen settles (the last change before a quiet spell): the redraw's end."""
        from playwright.sync_api import TimeoutError as PlaywrightTimeout

        page = self.page
        started = page.evaluate(WATCH_JS)
        click()
        try:
            handle = page.wait_for_function(
                SETTLED_JS, arg=QUIET_SECONDS * 1000, polling=20, timeout=timeout * 1000
            )
        except PlaywrightTimeout:
            raise AssertionError("nothing on the page changed after the click") from None
        first, settled = (t - started for t in handle.json_value())
        self.clicks.append((kind, first / 1000.0, settled / 1000.0))
        return first / 1000.0

    def click(
        self, selector_or_text: str, nth: int = 0, timeout: float = 60.0, kind: str = "button"
    ) -> float:
        """Click a visible button (CSS selector, or its label) once it is there and enabled."""
        from playwright.sync_api import expect

        page = self.page
        if selector_or_text.startswith((".", "#", "button")):
            candidates = page.locator(f"{selector_or_text}:visible")
        else:
            candidates = page.locator("button.jupyter-button:visible", has_text=selector_or_text)
        locator = candidates.nth(nth)
        expect(locator, f"no enabled button {selector_or_text!r} on the page").to_be_enabled(
            timeout=timeout * 1000
        )
        return self._timed(locator.click, kind)

    def wait_for(self, selector_or_text: str, timeout: float = 90.0) -> None:
        """Wait until a button (selector or label) or a text is on the page."""
        from playwright.sync_api import TimeoutError as PlaywrightTimeout

        try:
            if selector_or_text.startswith((".", "#")):
                self.page.locator(f"{selector_or_text}:visible").first.wait_for(
                    state="visible", timeout=timeout * 1000
                )
            else:
                self.page.wait_for_function(
                    f"(needle) => ({pages.WIDGET_TEXT_JS})().includes(needle)",
                    arg=selector_or_text,
                    polling=250,
                    timeout=timeout * 1000,
                )
        except PlaywrightTimeout:
            raise AssertionError(f"{selector_or_text!r} did not appear") from None

    def wait_js(self, js: str, arg: Any = None, what: str = "", timeout: float = 90.0) -> Any:
        """The first truthy answer of the page function ``js`` (given ``arg``), polled in the
        page; fails with ``what`` after ``timeout`` seconds."""
        from playwright.sync_api import TimeoutError as PlaywrightTimeout

        try:
            handle = self.page.wait_for_function(js, arg=arg, polling=100, timeout=timeout * 1000)
        except PlaywrightTimeout:
            raise AssertionError(f"{what or js} (waited {timeout:.0f} s)") from None
        return handle.json_value()

    def targets(self) -> dict[str, list[float]]:
        """Where the game says its clickable things are on the canvas (CSS px)."""
        raw = self.page.locator(".gt-click-targets").first.text_content() or "{}"
        return json.loads(raw) if raw.strip() else {}

    def click_canvas(self, target: str, timeout: float = 60.0, kind: str = "map") -> float:
        """Click the board's canvas where the game put ``target`` (see ``targets``).

        A target of a screen with several canvases names its canvas (a CSS selector of the
        canvas widget) as its third item; else the board's last canvas is clicked.
        """
        from playwright.sync_api import TimeoutError as PlaywrightTimeout

        self.page.evaluate("() => { window.__gtTargets = null; }")
        try:
            handle = self.page.wait_for_function(
                TARGET_JS, arg=[target, 400], polling=100, timeout=timeout * 1000
            )
        except PlaywrightTimeout:
            raise AssertionError(
                f"the game names no click target {target!r}: {self.targets()}"
            ) from None
        where = handle.json_value()
        widget = where[2] if len(where) > 2 else ".gt-board"
        canvas = self.page.locator(f"{widget} .jupyter-matplotlib-canvas-div canvas").last
        box = canvas.bounding_box()
        assert box is not None, "the map canvas is not on the page"
        return self._timed(
            lambda: self.page.mouse.click(box["x"] + where[0], box["y"] + where[1]), kind
        )

    def choose(self, selector: str, label: str) -> None:
        """Pick ``label`` in the drop-down inside ``selector`` (a set-up choice), opening the
        "More choices" fold first when the choice is under it, as a student would."""
        select = self.page.locator(f"{selector} select").first
        if not select.is_visible():
            fold = self.page.locator(".gt-more-choices-toggle").first
            assert "More choices" in fold.inner_text(), f"{selector} is not on the screen"
            fold.click()
            select.wait_for(state="visible", timeout=10_000)
        select.select_option(label=label)

    def type_into(self, selector: str, text: str) -> None:
        box = self.page.locator(f"{selector}:visible input").first
        box.fill(text)


def open_app(browser: Any, voila: Server, key: str, query: str = "") -> AppPage:
    """Open ``notebooks/play/<key>.ipynb`` in Voilà at 1366×768 and wait for the set-up screen.

    ``query`` is added to the address (``seed=46`` deals a known game, as a teacher's link can).
    """
    page = browser.new_page()
    page.set_viewport_size(VIEWPORT)
    start = time.monotonic()
    extra = f"&{query}" if query else ""
    page.goto(
        f"{voila.url}/voila/render/play/{key}.ipynb?token={voila.token}{extra}",
        wait_until="commit",
        timeout=180_000,
    )
    page.wait_for_selector(".gt-setup .gt-start", timeout=180_000)
    record(f"{key} page open → set-up screen", time.monotonic() - start)
    return AppPage(page, key)


def start_game(app: AppPage) -> None:
    """Press Start and wait until the game screen shows whose turn it is."""
    start = time.monotonic()
    app.page.locator(".gt-start").first.click()
    app.page.wait_for_selector(".gt-app .gt-banner .gt-turn", timeout=120_000)
    record(f"{app.key} Start → playable", time.monotonic() - start)


def record(name: str, seconds: float) -> None:
    """Keep a timing in test-artifacts/app-timings.json (lists, for percentiles)."""
    pages.update_json(
        ARTIFACTS / "app-timings.json",
        lambda data: data.setdefault(name, []).append(round(seconds, 4)),
    )


def percentiles(values: list[float]) -> tuple[float, float]:
    """p50 and p95 of ``values`` (seconds)."""
    ordered = sorted(values)
    p95 = ordered[min(len(ordered) - 1, round(0.95 * (len(ordered) - 1)))]
    return statistics.median(ordered), p95
