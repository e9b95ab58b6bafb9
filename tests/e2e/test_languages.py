"""A student app in the page's language, in a real browser (issue 37): the link's ``?lang=``,
the browser's ``Accept-Language``, and the set-up screen's language menu; ``<html lang>``
follows each, so a screen reader reads the page in its language."""

from __future__ import annotations

from tests.e2e import pages
from tests.e2e.apps import harness
from tests.e2e.conftest import Server


def _lang_is(page, code: str) -> None:
    page.wait_for_function(f"document.documentElement.lang === {code!r}", timeout=60_000)


def test_the_link_sets_the_language_and_a_move_is_said_in_it(browser, voila: Server) -> None:
    app = harness.open_app(browser, voila, "globalissimo", "lang=es&seed=5")
    page = app.page
    try:
        _lang_is(page, "es")
        start = page.locator(".gt-setup .gt-start")
        start.filter(has_text="Empezar la partida").wait_for(timeout=60_000)
        assert "¿Quién juega?" in page.locator(".gt-setup").inner_text()
        harness.start_game(app)
        banner = page.locator(".gt-app .gt-banner")
        banner.filter(has_text="Ronda 1 de").wait_for(timeout=60_000)
        page.locator(".gt-rank:visible").first.click()
        page.locator(".gt-log, .gt-feedback").filter(has_text="Tú").first.wait_for(timeout=60_000)
    finally:
        pages.screenshot(page, "language-es")
        page.close()


def test_the_browser_language_then_the_menu(browser, voila: Server) -> None:
    page = browser.new_page()
    page.set_extra_http_headers({"Accept-Language": "de-DE,de;q=0.9,en;q=0.5"})
    page.set_viewport_size(harness.VIEWPORT)
    try:
        page.goto(
            f"{voila.url}/voila/render/play/geotriple.ipynb?token={voila.token}",
            wait_until="commit",
            timeout=180_000,
        )
        page.locator(".gt-setup .gt-start").filter(has_text="Spiel starten").wait_for(
            timeout=180_000
        )
        _lang_is(page, "de")  # the kernel spoke German: the page follows its app
        menu = page.locator(".gt-language select")
        menu.focus()  # the menu is reached by keyboard, like every control
        menu.select_option(label="Français")
        page.locator(".gt-setup .gt-start").filter(has_text="Commencer la partie").wait_for(
            timeout=60_000
        )
        _lang_is(page, "fr")
    finally:
        pages.screenshot(page, "language-menu")
        page.close()
