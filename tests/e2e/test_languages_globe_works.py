"""Globe Works in German in a real browser (issue 37): the app at ``?lang=de``, a card played
and its verdict said in German, cities and regions named in German, and no English sentence of
the catalogs on the page."""

from __future__ import annotations

import re

from geoteach.render.globe_works_names import card_reason
from tests.e2e import pages
from tests.e2e.apps import harness
from tests.e2e.apps.globe_works import PLAYABLE_JS
from tests.e2e.conftest import Server
from tests.languages import english_fragments


def test_a_card_played_is_said_in_german(browser, voila: Server) -> None:
    app = harness.open_app(browser, voila, "globe_works", "lang=de&seed=2")
    page = app.page
    try:
        page.wait_for_function("document.documentElement.lang === 'de'", timeout=60_000)
        harness.start_game(app)
        page.locator(".gt-app .gt-banner").filter(has_text="Runde 1 von 3").wait_for(timeout=60_000)
        # The computers may play first: read their verdicts until the student's Play is there.
        play = page.locator(".gt-play:visible:not([disabled])")
        for _ in range(10):
            if play.count():
                break
            if page.locator(".gt-continue:visible").count():
                app.click(".gt-continue")
            play.or_(page.locator(".gt-continue:visible")).first.wait_for(timeout=60_000)
        turn = page.locator(".gt-app .gt-banner .gt-turn").inner_text()
        assert "Du bist dran: Spiele eine Karte mit ✔" in turn, turn
        # A city of the hand (not a linking city) is picked in the hand strip, then played.
        regional = [c for c in page.evaluate(PLAYABLE_JS) if not c.startswith("L-")]
        assert regional, "this seed deals the student a city that can be played"
        app.click(f".gt-card-{regional[0]}")
        page.locator(".gt-hand-card.gt-picked").and_(
            page.locator(f".gt-card-{regional[0]}")
        ).first.wait_for(timeout=60_000)
        label = play.first.inner_text()
        city = re.fullmatch(r"(.+) spielen", label.strip())
        assert city, label
        app.click(".gt-play")
        page.locator(".gt-feedback:visible").filter(has_text=city[1]).first.wait_for(timeout=60_000)
        said = app.feedback()
        assert f"Du hast {city[1]} gespielt" in said, said
        assert "Spielsteine übrig: 11 von 12." in said, said
        assert card_reason(regional[0], "de") in said, said  # the card's fact, in German
        text = app.text()
        left = sorted(f for f in english_fragments("de") if f in text)
        assert not left, f"English on the German page: {left}"
        assert "So spielt man Globe Works" in text and "liegt in der Region" in said
        assert "Deine Hand" in text and "Verbindungsstadt" in text
    finally:
        pages.screenshot(page, "globe_works-de")
        page.close()
