"""The live maps by keyboard in JupyterLab too (issue 25, WCAG 2.1.2: no keyboard trap).

ipympl's canvas cancels Tab and Escape. The Voilà apps' page has the kit's fix; in JupyterLab a
screen with live maps sends the same script as a trusted output (geoteach.ui.canvas_keys). A
teacher's notebook opens the GeoTriple app there: its U.S. map is a live canvas. Tab and
Escape pressed on the canvas must move focus on, and the canvas must be an image with words.
"""

from __future__ import annotations

import nbformat

from tests.e2e import pages

NOTEBOOK = "lab_canvas_keys.ipynb"
CANVAS = ".jupyter-matplotlib-canvas-div"
FOCUSED_IN_CANVAS = f"() => !!document.activeElement.closest('{CANVAS}')"


def _write_notebook(lab) -> None:
    nb = nbformat.v4.new_notebook()
    nb.cells = [nbformat.v4.new_code_cell('from geoteach.ui.apps import app\n\napp("geotriple")')]
    nb.metadata["kernelspec"] = {
        "name": "python3",
        "display_name": "Python 3",
        "language": "python",
    }
    nbformat.write(nb, lab.root / "notebooks" / NOTEBOOK)


def test_a_live_map_in_jupyterlab_lets_tab_and_escape_through(browser, lab) -> None:
    _write_notebook(lab)
    page = pages.open_notebook(browser, lab, NOTEBOOK)
    try:
        pages.run_all(page, lab)
        page.locator(".gt-start").first.click()
        canvas = page.locator(CANVAS).first
        canvas.wait_for(state="visible", timeout=120_000)
        page.wait_for_function(
            f"() => document.querySelector('{CANVAS}').getAttribute('role') === 'img'",
            timeout=30_000,
        )
        assert canvas.get_attribute("tabindex") == "-1"  # out of the tab order
        assert "state" in (canvas.get_attribute("aria-label") or "").lower()
        for key in ("Tab", "Shift+Tab", "Escape"):
            canvas.focus()
            assert page.evaluate(FOCUSED_IN_CANVAS), "the canvas did not take focus"
            page.keyboard.press(key)
            assert not page.evaluate(FOCUSED_IN_CANVAS), f"{key} left focus on the canvas"
        pages.screenshot(page, "lab-canvas-keys")
    finally:
        page.close()
