"""The Global Pursuit lesson in Voilà: "How the cards fit" comes up on every load (issue 14).

Built with ``interact(...)``, the relief-map slider hung about half of the page loads: Voilà
waited for a reply to that cell from a kernel that had gone idle. It is plain widgets now. The
lesson page (notebooks/03_global_pursuit.ipynb) is loaded ``LOADS`` times; each time the slider,
its picture and the game must show, every cell must finish (the page's "load"), the page must
hold no error, and choosing another set must redraw the picture.
"""

from __future__ import annotations

import time

from tests.e2e import pages
from tests.e2e.apps.harness import VIEWPORT, record
from tests.e2e.conftest import ARTIFACTS, Server

NOTEBOOK = "03_global_pursuit.ipynb"
LOADS = 5


def _load_once(browser: object, voila: Server, n: int) -> None:
    page = browser.new_page()  # type: ignore[attr-defined]
    page.set_viewport_size(VIEWPORT)
    start = time.monotonic()
    try:
        page.goto(
            f"{voila.url}/voila/render/{NOTEBOOK}?token={voila.token}",
            wait_until="commit",
            timeout=180_000,
        )
        page.wait_for_selector(".gt-cards-fit .widget-slider", timeout=180_000)
        picture = page.locator(".gt-cards-fit img").first
        page.wait_for_function(
            "(img) => img.complete && img.naturalWidth > 300", arg=picture.element_handle()
        )
        record("global_pursuit lesson: page open → How the cards fit", time.monotonic() - start)
        assert "6 of the 12 Planet Earth cards" in page.locator(".gt-cards-fit").inner_text()
        page.wait_for_load_state("load", timeout=240_000)  # every cell has run: no hang
        page.wait_for_selector(".gt-app .gt-banner .gt-turn", timeout=60_000)
        record("global_pursuit lesson: page open → every cell run", time.monotonic() - start)
        body = page.inner_text("body")
        assert "Traceback" not in body, body[-1500:]
        assert not pages.ui_errors(page), pages.ui_errors(page)
        before = picture.get_attribute("src")
        page.locator(".gt-cards-fit select").first.select_option(label="People and Products")
        page.wait_for_function(
            "() => document.querySelector('.gt-cards-fit').innerText"
            ".includes('People and Products cards')",
            timeout=60_000,
        )
        page.wait_for_function(
            "([img, old]) => img.getAttribute('src') !== old",
            arg=[picture.element_handle(), before],
            timeout=60_000,
        )
    finally:
        page.screenshot(path=str(ARTIFACTS / f"lesson-global_pursuit-load-{n}.png"))
        page.close()


def test_how_the_cards_fit_comes_up_on_every_load(browser, voila) -> None:
    for n in range(1, LOADS + 1):
        _load_once(browser, voila, n)
