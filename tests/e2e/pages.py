"""Driving a notebook in JupyterLab and a Voilà page: open, run all, wait, read errors."""

from __future__ import annotations

import fcntl
import json
import os
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from tests.e2e.conftest import ARTIFACTS, Server

#: What geoteach.ui.safe shows when a widget callback raised something other than a refused move.
UI_CRASH_TEXT = "Something went wrong"


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
    """Poll the REST API until every kernel reports idle twice in a row."""
    deadline = time.monotonic() + timeout
    quiet = 0
    while time.monotonic() < deadline:
        kernels = server.api("/api/kernels")
        if kernels and all(k["execution_state"] == "idle" for k in kernels):
            quiet += 1
            if quiet >= 2:
                return
        else:
            quiet = 0
        time.sleep(1)
    raise TimeoutError("the kernel stayed busy")


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
    deadline = time.monotonic() + 30
    nb: dict[str, Any] = {"cells": []}
    while time.monotonic() < deadline:
        try:  # the server may be writing the file right now
            nb = json.loads(path.read_text())
        except json.JSONDecodeError:
            time.sleep(0.2)
            continue
        if any(c.get("outputs") for c in nb["cells"] if c["cell_type"] == "code"):
            break
        time.sleep(0.5)
    errors = []
    for cell in nb["cells"]:
        for out in cell.get("outputs", []):
            if out.get("output_type") == "error":
                errors.append(f"{out.get('ename')}: {out.get('evalue')}")
    return errors


def ui_errors(page: Any) -> list[str]:
    """Errors raised in widget callbacks, which the kit's UI catches and shows on the page."""
    texts = page.locator(".gt-message").all_inner_texts()
    return [t for t in texts if UI_CRASH_TEXT in t]


def widget_text(page: Any) -> str:
    """All the text the widgets show now (to see that a click changed something)."""
    return "\n".join(page.locator(".jupyter-widgets:visible").all_inner_texts())


def wait_text_change(page: Any, before: str, timeout: float = 60) -> str:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        now = widget_text(page)
        if now != before:
            return now
        time.sleep(0.3)
    raise AssertionError("the page did not change after the click")


def wait_text_with(page: Any, before: str, *needles: str, timeout: float = 60) -> str:
    """The page's widget text once it has changed and holds one of ``needles``.

    A busy machine shows a move in steps (the controls dim, then the log, then the status), so
    the first change need not be the one a test asserts on.
    """
    deadline = time.monotonic() + timeout
    now = before
    while time.monotonic() < deadline:
        now = widget_text(page)
        if now != before and any(n in now for n in needles):
            return now
        time.sleep(0.3)
    raise AssertionError(f"the page never showed {needles!r}; it shows: {now[-600:]!r}")


def screenshot(page: Any, name: str) -> Path:
    path = ARTIFACTS / f"{name}.png"
    page.screenshot(path=str(path), full_page=True)
    return path


def click_button(page: Any, text: str, nth: int = 0) -> None:
    """Click the nth visible widget button whose label contains ``text``."""
    button = page.locator("button.jupyter-button:visible", has_text=text).nth(nth)
    button.scroll_into_view_if_needed()
    button.click()
