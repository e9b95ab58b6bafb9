"""Every notebook, opened in JupyterLab in Chromium: run all, no error, widgets on the page."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.e2e import pages
from tests.e2e.moves import MOVES

NOTEBOOKS = sorted(p.name for p in (Path(__file__).parents[2] / "notebooks").glob("*.ipynb"))


@pytest.mark.parametrize("notebook", NOTEBOOKS)
def test_notebook_runs_in_jupyterlab(browser, lab, notebook: str) -> None:
    page = pages.open_notebook(browser, lab, notebook)
    try:
        seconds = pages.run_all(page, lab)
        pages.record_timing(f"lab run-all {notebook}", seconds)
        errors = pages.saved_errors(page, lab, notebook)
        assert not errors, f"{notebook}: cells raised {errors}"
        widgets = page.locator(".jupyter-widgets:visible")
        assert widgets.count() > 0, f"{notebook}: no widget was rendered"
        assert not pages.ui_errors(page)
        if notebook in MOVES:
            MOVES[notebook](page)
            assert not pages.ui_errors(page), pages.ui_errors(page)
            assert not pages.saved_errors(page, lab, notebook)
    finally:
        pages.screenshot(page, f"lab-{Path(notebook).stem}")
        page.close()
