"""Driving a notebook in JupyterLab and a Voilà page: open, run all, wait, read errors."""

from __future__ import annotations

import json
import time
from pathlib import Path
from typing import Any

from tests.e2e.conftest import ARTIFACTS, Server

#: CSS class the kit's widgets put on a message that reports a caught error (geoteach.ui.safe).
UI_ERROR_SELECTOR = ".gt-error"


def record_timing(name: str, seconds: float) -> None:
    path = ARTIFACTS / "timings.json"
    data = json.loads(path.read_text()) if path.exists() else {}
    data[name] = round(seconds, 2)
    path.write_text(json.dumps(data, indent=2, sort_keys=True))


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


def open_notebook(browser: Any, lab: Server, notebook: str) -> Any:
    page = browser.new_page()
    page.goto(f"{lab.url}/lab/tree/notebooks/{notebook}?token={lab.token}")
    page.wait_for_function(
        "() => window.jupyterapp && document.querySelector('.jp-Notebook .jp-Cell')",
        timeout=120_000,
    )
    # The kernel must be up before "run all", or the first cells queue behind its start.
    page.wait_for_selector(".jp-Notebook-ExecutionIndicator[data-status='idle']", timeout=120_000)
    return page


def run_all(page: Any, lab: Server) -> float:
    """Run every cell, wait until the kernel is idle and no cell is pending; returns seconds."""
    start = time.monotonic()
    # The run menu acts on the focused notebook: select a cell first. Fire and forget: the
    # command's promise only settles when every cell has run.
    page.click(".jp-Notebook .jp-Cell")
    page.evaluate("() => { window.jupyterapp.commands.execute('runmenu:run-all'); }")
    page.wait_for_function(
        "() => [...document.querySelectorAll('.jp-InputArea-prompt')]"
        ".every(p => !p.textContent.includes('*')) "
        "&& [...document.querySelectorAll('.jp-CodeCell .jp-InputArea-prompt')]"
        ".some(p => /\\d/.test(p.textContent))",
        timeout=300_000,
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
    while time.monotonic() < deadline:
        nb = json.loads(path.read_text())
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
    """Errors raised in widget callbacks, which the kit's UI catches and shows."""
    return [el.inner_text() for el in page.query_selector_all(UI_ERROR_SELECTOR)]


def screenshot(page: Any, name: str) -> Path:
    path = ARTIFACTS / f"{name}.png"
    page.screenshot(path=str(path), full_page=True)
    return path


def click_button(page: Any, text: str, nth: int = 0) -> None:
    """Click the nth visible widget button whose label contains ``text``."""
    button = page.locator("button.jupyter-button:visible", has_text=text).nth(nth)
    button.scroll_into_view_if_needed()
    button.click()
