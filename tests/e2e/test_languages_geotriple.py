"""GeoTriple in French in a real browser (issue 37): the app at ``?lang=fr``, a guess clicked
on the map and its verdict said in French, and no English sentence of the catalogs on the
page (state names come from data)."""

from __future__ import annotations

from tests.e2e import pages
from tests.e2e.apps import harness
from tests.e2e.conftest import Server
from tests.languages import english_fragments

#: States to guess, in this order (one already guessed is skipped by the game's verdict).
GUESSES = ("TX", "CA", "MT", "NY")


def test_a_guess_is_said_in_french(browser, voila: Server) -> None:
    app = harness.open_app(browser, voila, "geotriple", "lang=fr&seed=5")
    page = app.page
    try:
        page.wait_for_function("document.documentElement.lang === 'fr'", timeout=60_000)
        page.locator(".gt-setup .gt-start").filter(has_text="Commencer la partie").wait_for(
            timeout=60_000
        )
        harness.start_game(app)
        banner = page.locator(".gt-app .gt-banner")
        banner.filter(has_text="Étape 1 · Devine l'État").wait_for(timeout=60_000)
        # The computer may guess first: read its verdicts until it is the student's turn.
        turn = page.locator(".gt-app .gt-banner .gt-turn")
        for _ in range(6):
            if "À toi" in turn.inner_text():
                break
            if page.locator(".gt-continue:visible").count():
                app.click(".gt-continue")
            turn.filter(has_text="À toi").or_(page.locator(".gt-continue:visible")).first.wait_for(
                timeout=60_000
            )
        assert "À toi : clique sur l'État" in turn.inner_text()
        app.click_canvas(GUESSES[0])
        verdict = page.locator(".gt-feedback:visible")
        verdict.filter(has_text="Texas").first.wait_for(timeout=60_000)
        said = app.feedback()
        assert "Ce n'est pas Texas" in said or "Oui ! C'est Texas." in said, said
        text = app.text()
        left = sorted(f for f in english_fragments("fr") if f in text)
        assert not left, f"English on the French page: {left}"
        assert "Comment jouer à GeoTriple" in text and "Indices sur l'État de" in text
    finally:
        pages.screenshot(page, "geotriple-fr")
        page.close()
