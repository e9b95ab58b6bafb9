"""Driving a notebook in JupyterLab and a Voilà page: open, run all, wait, read errors."""

from __future__ import annotations

import fcntl
import json
import os
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from geoteach.i18n import translations
from tests.e2e.conftest import ARTIFACTS, Server
from tests.waiting import Waited, until

#: What geoteach.ui.safe shows when a widget callback raised something other than a refused move,
#: up to its first field, in each complete language.
UI_CRASH_TEXTS = tuple(
    translations(code).gettext("Something went wrong: {detail}. Tell your teacher.").split("{")[0]
    for code in ("en", "es", "fr", "de")
)


def update_json(path: Path, change: Callable[[dict[str, Any]], None]) -> None:
    """Read, change and write a figures file that several test processes share (the suite
    runs in one per core): one process at a time (a lock file), and a reader never sees a
    half-written file (written beside it, then moved over it)."""
    path.parent.mkdir(parents=True, exist_ok=True)
    with (path.parent / f".{path.name}.lock").open("w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        data = json.loads(path.read_text()) if path.exists() else {}
        change(data)
        fresh = path.with_name(f".{path.name}.{os.getpid()}")
        fresh.write_text(json.dumps(data, indent=2, sort_keys=True))
        os.replace(fresh, path)


def record_timing(name: str, seconds: float) -> None:
    update_json(ARTIFACTS / "timings.json", lambda data: data.update({name: round(seconds, 2)}))


def wait_kernels_idle(server: Server, timeout: float = 300) -> None:
    """Wait until every kernel reports idle twice in a row (the REST API has no push)."""
    quiet = [0]

    def idle_twice() -> bool:
        kernels = server.api("/api/kernels")
        busy = not kernels or any(k["execution_state"] != "idle" for k in kernels)
        quiet[0] = 0 if busy else quiet[0] + 1
        return quiet[0] >= 2

    until(idle_twice, "the kernel stayed busy", timeout=timeout, every=1.0)


#: True once the active notebook's kernel is connected and idle.
KERNEL_READY = """() => {
  const w = window.jupyterapp && window.jupyterapp.shell.currentWidget;
  const k = w && w.sessionContext && w.sessionContext.session && w.sessionContext.session.kernel;
  return !!k && k.status === 'idle' && k.connectionStatus === 'connected';
}"""

#: The active notebook only: other documents may stay open in hidden tabs.
ACTIVE = ".jp-NotebookPanel:not(.lm-mod-hidden)"


def open_notebook(browser: Any, lab: Server, notebook: str) -> Any:
    page = browser.new_page()
    # A workspace of its own, reset, so no notebook of an earlier test is open beside it.
    workspace = Path(notebook).stem.replace("_", "-")
    page.goto(
        f"{lab.url}/lab/workspaces/{workspace}/tree/notebooks/{notebook}?reset&token={lab.token}"
    )
    page.wait_for_function(
        f"() => window.jupyterapp && document.querySelector('{ACTIVE} .jp-Notebook .jp-Cell')",
        polling=500,
        timeout=120_000,
    )
    # The kernel must be connected and idle before "run all", or the cells run nowhere.
    page.wait_for_function(KERNEL_READY, polling=500, timeout=120_000)
    dismiss_news(page)
    return page


def dismiss_news(page: Any) -> None:
    """Say no to JupyterLab's "get notified about news" toast, which covers the bottom right."""
    toast = page.locator(".jp-Notification-Toast button", has_text="No")
    if toast.count():
        toast.first.click()


def run_all(page: Any, lab: Server) -> float:
    """Run every cell, wait until the kernel is idle and no cell is pending; returns seconds."""
    start = time.monotonic()
    prompts = f"[...document.querySelectorAll('{ACTIVE} .jp-CodeCell .jp-InputArea-prompt')]"
    for _attempt in range(3):
        # The run menu acts on the focused notebook: select a cell first. Fire and forget: the
        # command's promise only settles when every cell has run.
        page.locator(f"{ACTIVE} .jp-Notebook .jp-Cell").first.click()
        page.evaluate("() => { window.jupyterapp.commands.execute('runmenu:run-all'); }")
        try:
            page.wait_for_function(
                f"() => {prompts}.some(p => /[*\\d]/.test(p.textContent))",
                polling=500,
                timeout=30_000,
            )
            break
        except Exception:  # nothing started: the kernel was not listening yet; ask again
            continue
    page.wait_for_function(
        f"() => {prompts}.every(p => /\\d/.test(p.textContent))",
        # Poll on a timer: animation frames are throttled in a headless background page.
        polling=500,
        timeout=240_000,
    )
    wait_kernels_idle(lab)
    return time.monotonic() - start


def saved_errors(page: Any, lab: Server, notebook: str) -> list[str]:
    """Save the notebook from the browser and read the kernel's `error` outputs from the file.

    Warnings and tracebacks share a stderr mime type on the page; the saved file keeps the
    kernel's own message types, so only real errors count.
    """
    page.evaluate("() => { window.jupyterapp.commands.execute('docmanager:save'); }")
    path = lab.root / "notebooks" / notebook

    def saved() -> dict[str, Any] | None:
        try:  # the server may be writing the file right now
            nb = json.loads(path.read_text())
        except (json.JSONDecodeError, FileNotFoundError):
            return None
        code = [c for c in nb["cells"] if c["cell_type"] == "code"]
        return nb if any(c.get("outputs") for c in code) else None

    try:
        nb = until(saved, f"{notebook} was not saved with its outputs", timeout=30)
    except Waited:  # a notebook whose cells show nothing: read as it is
        nb = json.loads(path.read_text())
    errors = []
    for cell in nb["cells"]:
        for out in cell.get("outputs", []):
            if out.get("output_type") == "error":
                errors.append(f"{out.get('ename')}: {out.get('evalue')}")
    return errors


def ui_errors(page: Any) -> list[str]:
    """Errors raised in widget callbacks, which the kit's UI catches and shows on the page."""
    texts = page.locator(".gt-message").all_inner_texts()
    return [t for t in texts if any(words in t for words in UI_CRASH_TEXTS)]


#: The visible widgets' text: what ``.jupyter-widgets:visible`` inner texts say, joined (a box
#: with no size or with ``visibility: hidden`` is not visible, as for Playwright).
WIDGET_TEXT_JS = """() => [...document.querySelectorAll('.jupyter-widgets')]
  .filter(el => {
    const r = el.getBoundingClientRect();
    return r.width > 0 && r.height > 0 && getComputedStyle(el).visibility !== 'hidden';
  })
  .map(el => el.innerText).join('\\n')"""

#: The widget text once it differs from ``before`` and holds one of ``needles`` (or any text,
#: when ``needles`` is empty), else false: for ``page.wait_for_function``.
TEXT_WITH_JS = f"""([before, needles]) => {{
  const now = ({WIDGET_TEXT_JS})();
  if (now === before) return false;
  return needles.length === 0 || needles.some(n => now.includes(n)) ? now : false;
}}"""

#: A cheap fingerprint of what the page's canvases show (a canvas redraw is no DOM change).
CANVAS_SIGNATURE_JS = """() => {
  let sum = 0;
  for (const c of document.querySelectorAll('canvas')) {
    if (!c.width || !c.height) continue;
    let data;
    try { data = c.getContext('2d').getImageData(0, 0, c.width, c.height).data; }
    catch (e) { continue; }
    for (let i = 0; i < data.length; i += 397) sum = (sum * 31 + data[i]) % 1000000007;
  }
  return sum;
}"""

#: Starts watching ``root`` (a CSS selector) for changes: the time of the last change to its
#: elements, or to any canvas's picture, is kept in ``window.__gtSettle``.
SETTLE_START_JS = """(root) => {
  const old = window.__gtSettle;
  if (old) old.observer.disconnect();
  const state = {last: performance.now(), canvas: null};
  state.observer = new MutationObserver(() => { state.last = performance.now(); });
  state.observer.observe(document.querySelector(root) || document.body,
    {subtree: true, childList: true, attributes: true, characterData: true});
  window.__gtSettle = state;
}"""

#: True once nothing watched has changed for ``quiet`` milliseconds.
SETTLED_JS = f"""(quiet) => {{
  const state = window.__gtSettle;
  const canvas = ({CANVAS_SIGNATURE_JS})();
  if (canvas !== state.canvas) {{ state.canvas = canvas; state.last = performance.now(); }}
  return performance.now() - state.last >= quiet;
}}"""

#: How long a page must stay unchanged to count as settled (a redraw's pieces come closer).
QUIET_SECONDS = 0.6


#: True once the element has kept its place and size for ``quiet`` ms (a scroll has ended).
STILL_JS = """([el, quiet]) => {
  const r = el.getBoundingClientRect(), key = [r.x, r.y, r.width, r.height].join();
  const now = performance.now(), seen = el.__gtStill;
  if (!seen || seen.key !== key) { el.__gtStill = {key: key, since: now}; return false; }
  return now - seen.since >= quiet;
}"""


#: The first of ``selectors`` with a visible element (as Playwright's ``:visible``: a size, and
#: not ``visibility: hidden``) that is enabled, when ``enabled``; else false.
FIRST_SHOWN_JS = """([selectors, enabled]) => selectors.find(sel => {
  const el = [...document.querySelectorAll(sel)].find(e => {
    const r = e.getBoundingClientRect();
    return r.width > 0 && r.height > 0 && getComputedStyle(e).visibility !== 'hidden';
  });
  return !!el && (!enabled || (!el.disabled && !el.closest('[aria-disabled="true"]')));
}) || false"""


def first_shown(page: Any, *selectors: str, enabled: bool = True, timeout: float = 90) -> str:
    """The first of ``selectors`` on the page (and enabled), once one is: the computers may
    be playing meanwhile. Fails with the page's text after ``timeout`` seconds."""
    from playwright.sync_api import TimeoutError as PlaywrightTimeout

    try:
        handle = page.wait_for_function(
            FIRST_SHOWN_JS, arg=[list(selectors), enabled], polling=100, timeout=timeout * 1000
        )
    except PlaywrightTimeout:
        raise AssertionError(f"none of {selectors} came up: {widget_text(page)[-600:]!r}") from None
    return str(handle.json_value())


def wait_still(locator: Any, quiet: float = 0.3, timeout: float = 60) -> None:
    """Wait until ``locator``'s element stops moving (a scroll or a layout settling)."""
    handle = locator.element_handle(timeout=timeout * 1000)
    locator.page.wait_for_function(
        STILL_JS, arg=[handle, quiet * 1000], polling=50, timeout=timeout * 1000
    )


def widget_text(page: Any) -> str:
    """All the text the widgets show now (to see that a click changed something)."""
    return str(page.evaluate(WIDGET_TEXT_JS))


def wait_text_with(page: Any, before: str, *needles: str, timeout: float = 90) -> str:
    """The page's widget text once it has changed and holds one of ``needles`` (any change,
    without ``needles``).

    A busy machine shows a move in steps (the controls dim, then the log, then the status), so
    the first change need not be the one a test asserts on.
    """
    from playwright.sync_api import TimeoutError as PlaywrightTimeout

    try:
        handle = page.wait_for_function(
            TEXT_WITH_JS, arg=[before, list(needles)], polling=250, timeout=timeout * 1000
        )
    except PlaywrightTimeout:
        if not needles:
            raise AssertionError("the page did not change after the click") from None
        now = widget_text(page)
        raise AssertionError(
            f"the page never showed {needles!r}; it shows: {now[-600:]!r}"
        ) from None
    return str(handle.json_value())


def wait_text_change(page: Any, before: str, timeout: float = 90) -> str:
    """The page's widget text once it differs from ``before``."""
    return wait_text_with(page, before, timeout=timeout)


def settle(
    page: Any, quiet: float = QUIET_SECONDS, root: str = "body", timeout: float = 90
) -> None:
    """Wait until the page has stopped changing: no element under ``root`` changed and no
    canvas got a new picture for ``quiet`` seconds (counted from now).

    This is what a screenshot, an axe-core run or a measurement of the layout waits for: the
    redraw has arrived whole. On an idle machine it costs ``quiet``; on a busy one it waits as
    long as the redraw keeps coming, where a fixed pause would have been too short.
    """
    page.evaluate(SETTLE_START_JS, root)
    page.wait_for_function(SETTLED_JS, arg=quiet * 1000, polling=100, timeout=timeout * 1000)


def screenshot(page: Any, name: str) -> Path:
    path = ARTIFACTS / f"{name}.png"
    page.screenshot(path=str(path), full_page=True)
    return path


def click_button(page: Any, text: str, nth: int = 0) -> None:
    """Click the nth visible widget button whose label contains ``text``."""
    button = page.locator("button.jupyter-button:visible", has_text=text).nth(nth)
    button.scroll_into_view_if_needed()
    button.click()
