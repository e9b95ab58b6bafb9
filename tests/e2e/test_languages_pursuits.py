"""Global Pursuit and Geography Pursuit in French, in a real browser (issue 37): the link's
``?lang=fr`` sets the page's language, and a move and what follows it are said in French."""

from __future__ import annotations

import re

from tests.e2e import pages
from tests.e2e.apps import harness
from tests.e2e.conftest import Server

#: English words of the two screens that a French page must not show.
ENGLISH = ("Roll the die", "Your turn", "Round 1", "Lay the card", "How to play", "Wedges")


def _in_french(page) -> None:
    page.wait_for_function("document.documentElement.lang === 'fr'", timeout=60_000)
    text = page.locator("body").inner_text()
    assert not [e for e in ENGLISH if e in text], text


def test_geography_pursuit_rolls_and_moves_in_french(browser, voila: Server) -> None:
    app = harness.open_app(browser, voila, "geography_pursuit", "lang=fr&seed=12")
    page = app.page
    try:
        page.locator(".gt-setup .gt-start").filter(has_text="Commencer la partie").wait_for(
            timeout=60_000
        )
        harness.start_game(app)
        banner = page.locator(".gt-app .gt-banner")
        banner.filter(has_text="lance le dé").wait_for(timeout=60_000)
        page.locator(".gt-roll:visible").click()
        banner.filter(has_text="Tu as fait").wait_for(timeout=60_000)
        page.locator(".gt-space:visible").first.click()
        banner.filter(has_text=re.compile("réponds à la question|lance le dé|choisis")).wait_for(
            timeout=60_000
        )
        _in_french(page)
        assert "Camemberts" in page.locator("body").inner_text()
    finally:
        pages.screenshot(page, "language-fr-geography-pursuit")
        page.close()


def test_global_pursuit_is_played_in_french(browser, voila: Server) -> None:
    app = harness.open_app(browser, voila, "global_pursuit", "lang=fr&seed=5")
    page = app.page
    try:
        page.locator(".gt-setup .gt-start").filter(has_text="Commencer la partie").wait_for(
            timeout=60_000
        )
        harness.start_game(app)
        banner = page.locator(".gt-app .gt-banner")
        banner.filter(has_text="Tour 1 ·").wait_for(timeout=60_000)
        banner.filter(has_text="À toi : pose une carte de ta main").wait_for(timeout=120_000)
        _in_french(page)
        round_now = int(re.search(r"Tour (\d+)", banner.inner_text()).group(1))
        page.locator(".gt-cannot:visible").click()  # « Je ne peux pas poser »
        # The computers play their turns, said in French, and the next round begins.
        banner.filter(has_text=f"Tour {round_now + 1} ·").wait_for(timeout=180_000)
        _in_french(page)
        assert re.search(
            r"Robot \w+ (pose|ne peut|laisse|choisit|a juste|se trompe)",
            page.locator("body").inner_text(),
        )
        assert "Comment on marque des points" in page.locator("body").inner_text()
    finally:
        pages.screenshot(page, "language-fr-global-pursuit")
        page.close()
