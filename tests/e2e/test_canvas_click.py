"""A click on GeoTriple's ipympl map in JupyterLab reaches the game as a Stage 1 guess.

The kernel works out where Texas is on the canvas (in CSS pixels from the canvas's top left) and
shows it in a widget; the browser clicks there with the real mouse, and the guess list on the
page must then name Texas.
"""

from __future__ import annotations

import json
from pathlib import Path

import nbformat

from tests.e2e import pages

NOTEBOOK = "canvas_click.ipynb"

GAME = """\
%matplotlib widget
from geoteach.ui.geotriple import play

app = play("Student", "Computer", bots={"Computer": "medium"}, seed=1, interactive=True)
app"""

# matplotlib's display y counts from the bottom in device pixels; the browser's from the top in
# CSS pixels. ipympl multiplies the figure's dpi by the device pixel ratio, so divide it out.
WHERE_IS_TEXAS = """\
import json

import ipywidgets
import shapely

m = app.parts.board_panel.map
m.ax.apply_aspect()
texas = shapely.point_on_surface(m.geometries[m.codes.index("TX")])
x, y = m.ax.transData.transform((texas.x, texas.y))
ratio = m.figure.canvas.device_pixel_ratio
where = {
    "x": float(x) / ratio,
    "y": float(m.figure.bbox.height - y) / ratio,
    "width": float(m.figure.bbox.width) / ratio,
    "height": float(m.figure.bbox.height) / ratio,
    "hit": m.feature_at(texas.x, texas.y),
}
texas_xy = ipywidgets.HTML(json.dumps(where))
texas_xy.add_class("gt-texas-xy")
texas_xy"""

#: The map's ipympl canvas (the top one of its two stacked canvases takes the mouse).
CANVAS = f"{pages.ACTIVE} .jupyter-matplotlib-canvas-div canvas"


def _write_notebook(path: Path) -> None:
    nb = nbformat.v4.new_notebook()
    nb.metadata["kernelspec"] = {
        "name": "python3",
        "display_name": "Python 3",
        "language": "python",
    }
    nb.cells = [nbformat.v4.new_code_cell(GAME), nbformat.v4.new_code_cell(WHERE_IS_TEXAS)]
    nbformat.write(nb, str(path))


def _page_has(text: str) -> str:
    return f"() => document.querySelector('{pages.ACTIVE}').innerText.includes({json.dumps(text)})"


def test_clicking_texas_on_the_map_makes_the_guess(browser, lab) -> None:
    _write_notebook(lab.root / "notebooks" / NOTEBOOK)
    page = pages.open_notebook(browser, lab, NOTEBOOK)
    try:
        seconds = pages.run_all(page, lab)
        pages.record_timing(f"lab run-all {NOTEBOOK}", seconds)
        assert not pages.saved_errors(page, lab, NOTEBOOK)
        page.wait_for_function(_page_has("Guesses so far: none yet"), polling=500, timeout=60_000)
        where = json.loads(page.locator(f"{pages.ACTIVE} .gt-texas-xy").inner_text())
        assert where["hit"] == "TX", where

        canvas = page.locator(CANVAS).last
        canvas.scroll_into_view_if_needed()
        pages.wait_still(canvas)  # the notebook's scrolling has ended: measure now
        box = canvas.bounding_box()
        assert box is not None, "the map canvas is not on the page"
        # A canvas squeezed by CSS would put the click somewhere else than the kernel computed.
        assert abs(box["width"] - where["width"]) < 2, (box, where)
        assert abs(box["height"] - where["height"]) < 2, (box, where)
        page.mouse.click(box["x"] + where["x"], box["y"] + where["y"])

        page.wait_for_function(_page_has("Guesses so far: Texas"), polling=500, timeout=90_000)
        assert not pages.ui_errors(page), pages.ui_errors(page)
    finally:
        pages.screenshot(page, "lab-canvas-click")
        page.close()
