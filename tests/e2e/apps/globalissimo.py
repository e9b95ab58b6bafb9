"""Globalissimo by clicks: two rounds of ranking, then hurdle A answered on the map canvas.

With ``seed=46`` the student (who holds the checkered flag) reaches the first hurdle in round 2
by always putting a 1 on the first country; the card asks for Iran.
"""

from __future__ import annotations

from tests.e2e.apps.harness import AppPage

QUERY = "seed=46"


def set_up(app: AppPage) -> None:
    app.choose(".gt-option-bot-delay", "fast")


def play_round(app: AppPage) -> None:
    for number in (1, 2):
        app.wait_for(".gt-rank")
        app.check(f"round-{number}-rank")
        app.click(".gt-rank")
        app.wait_for(".gt-continue")
        assert f"Round {number}" in app.feedback()
        app.check(f"round-{number}-result")
        app.click(".gt-continue")
    app.wait_for("Your turn: hurdle A")
    app.wait_for(".gt-board canvas")
    app.check("hurdle-a")
    app.click(".gt-zoom")  # zoom in once, then back to the whole map
    app.click("Whole map")
    app.click_canvas("IRN")
    app.wait_for(".gt-continue")
    assert "Right" in app.feedback(), app.feedback()
    app.check("hurdle-a-verdict")
    app.click(".gt-continue")
