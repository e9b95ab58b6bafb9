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
  return performance.now();
}"""

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
    def _timed(self, click: Any, kind: str, timeout: float = 20.0) -> float:
        """Click, then time the first visible change (a DOM change or a redrawn canvas) and the
        moment the screen settles (the last change before a quiet spell): the redraw's end."""
        page = self.page
        canvas = page.evaluate(CANVAS_SIGNATURE_JS)
        started = page.evaluate(WATCH_JS)
        click()
        first_canvas = last_canvas = None
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            now = page.evaluate("() => performance.now()")
            signature = page.evaluate(CANVAS_SIGNATURE_JS)
            if signature != canvas:
                canvas, last_canvas = signature, now
                first_canvas = first_canvas or now
            first_dom, last_dom = page.evaluate("() => [window.__gtChanged, window.__gtLast]")
            firsts = [t for t in (first_dom, first_canvas) if t is not None]
            lasts = [t for t in (last_dom, last_canvas) if t is not None]
            if firsts and now - max(lasts) >= QUIET_SECONDS * 1000:
                first, settled = min(firsts) - started, max(lasts) - started
                self.clicks.append((kind, first / 1000.0, settled / 1000.0))
                return first / 1000.0
            time.sleep(0.02)
        raise AssertionError("nothing on the page changed after the click")

    def click(
        self, selector_or_text: str, nth: int = 0, timeout: float = 60.0, kind: str = "button"
    ) -> float:
        """Click a visible button (CSS selector, or its label) once it is there and enabled."""
        page = self.page
        deadline = time.monotonic() + timeout
        locator = None
        while time.monotonic() < deadline:
            if selector_or_text.startswith((".", "#", "button")):
                candidates = page.locator(f"{selector_or_text}:visible")
            else:
                candidates = page.locator(
                    "button.jupyter-button:visible", has_text=selector_or_text
                )
            if candidates.count() > nth and candidates.nth(nth).is_enabled():
                locator = candidates.nth(nth)
                break
            time.sleep(0.2)
        assert locator is not None, f"no enabled button {selector_or_text!r} on the page"
        return self._timed(locator.click, kind)

    def wait_for(self, selector_or_text: str, timeout: float = 90.0) -> None:
        """Wait until a button (selector or label) or a text is on the page."""
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if selector_or_text.startswith((".", "#")):
                if self.page.locator(f"{selector_or_text}:visible").count():
                    return
            elif selector_or_text in self.text():
                return
            time.sleep(0.25)
        raise AssertionError(f"{selector_or_text!r} did not appear")

    def targets(self) -> dict[str, list[float]]:
        """Where the game says its clickable things are on the canvas (CSS px)."""
        raw = self.page.locator(".gt-click-targets").first.text_content() or "{}"
        return json.loads(raw) if raw.strip() else {}

    def click_canvas(self, target: str, timeout: float = 60.0, kind: str = "map") -> float:
        """Click the board's canvas where the game put ``target`` (see ``targets``).

        A target of a screen with several canvases names its canvas (a CSS selector of the
        canvas widget) as its third item; else the board's last canvas is clicked.
        """
        deadline = time.monotonic() + timeout
        where = None
        while time.monotonic() < deadline:
            # The same answer twice in a row: the kernel has finished the last redraw.
            first = self.targets().get(target)
            time.sleep(0.4)
            where = self.targets().get(target)
            if where is not None and where == first:
                break
        assert where is not None, f"the game names no click target {target!r}: {self.targets()}"
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
