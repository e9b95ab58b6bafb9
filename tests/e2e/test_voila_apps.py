"""Each game notebook as a Voilà app: no source cells, widgets shown, playable by clicking."""

from __future__ import annotations

import json
import time
from pathlib import Path

import pytest

from tests.e2e import pages
from tests.e2e.moves import MOVES

NOTEBOOKS = Path(__file__).parents[2] / "notebooks"


def code_lines(notebook: str) -> list[str]:
    """The first line of every code cell: app mode must show none of them."""
    cells = json.loads((NOTEBOOKS / notebook).read_text(encoding="utf-8"))["cells"]
    firsts = ["".join(c["source"]).strip().splitlines() for c in cells if c["cell_type"] == "code"]
    return [lines[0] for lines in firsts if lines and len(lines[0]) > 12]


@pytest.mark.parametrize("notebook", sorted(MOVES))
def test_game_plays_as_a_voila_app(browser, voila, notebook: str) -> None:
    page = browser.new_page()
    start = time.monotonic()
    try:
        # Voilà streams the page while the kernel runs the cells: wait for the widgets, not "load".
        page.goto(
            f"{voila.url}/voila/render/{notebook}?token={voila.token}",
            wait_until="commit",
            timeout=180_000,
        )
        page.wait_for_selector(".jupyter-widgets button.jupyter-button", timeout=180_000)
        pages.record_timing(f"voila page-to-playable {notebook}", time.monotonic() - start)
        page.wait_for_load_state("load", timeout=180_000)  # every cell has run
        body = page.inner_text("body")
        # App mode: the code that built the game is not shown.
        for line in code_lines(notebook):
            assert line not in body, f"Voilà shows the code line {line!r}"
        assert page.locator(".cm-editor:visible, .CodeMirror:visible").count() == 0
        assert "Traceback" not in body, body[-2000:]
        MOVES[notebook](page)
        assert not pages.ui_errors(page), pages.ui_errors(page)
        assert "Traceback" not in page.inner_text("body")
    finally:
        pages.screenshot(page, f"voila-{notebook.removesuffix('.ipynb')}")
        page.close()
