"""Geography Pursuit by clicks: the student's turn on the board canvas, then the computers' turns.

Multiple choice (a click answers; a number is typed) and fast computers. One round: the student
rolls, clicks a lit space on the canvas, answers; a right answer rolls again, until a wrong one
passes the turn; then both computers play (Skip ahead once they start) until it is the student's
turn again.
"""

from __future__ import annotations

import contextlib

from playwright.sync_api import TimeoutError as PlaywrightTimeout

from geoteach.games.geography_pursuit.board import SPACES
from tests.e2e.apps.harness import AppPage
from tests.waiting import until

#: With this deal the student starts (the game rolls for who starts), answers the first
#: question right and the second wrong, when always clicking the first lit question space and
#: the first choice.
QUERY = "seed=12"
#: Most of the student's own rolls in one round (each right answer rolls again).
MOST_ROLLS = 8


def set_up(app: AppPage) -> None:
    app.choose(".gt-option-mode", "multiple choice")
    app.choose(".gt-option-bot-delay", "fast")


def _visible(app: AppPage, selector: str) -> bool:
    return app.page.locator(f"{selector}:visible").count() > 0


def _question_space(targets: dict[str, list[float]]) -> str:
    """A lit space that asks a question (a category or a headquarters), else any lit one."""
    asking = [s for s in targets if SPACES[s].kind in ("category", "headquarters")]
    return (asking or list(targets))[0]


def _students_turn(app: AppPage, timeout: float = 120.0) -> None:
    """Wait for the die button to come back to the student, skipping the computers ahead."""

    def roll_is_back() -> bool:
        if _visible(app, ".gt-roll"):
            return True
        for button in (".gt-continue", ".gt-skip"):  # either may go away by itself meanwhile
            with contextlib.suppress(PlaywrightTimeout):
                app.page.locator(f"{button}:visible").first.click(timeout=1000)
        return False

    until(roll_is_back, "the die never came back to the student", timeout, 0.3, app.banner)


def play_round(app: AppPage) -> None:
    _students_turn(app)
    assert "Your turn: roll the die." in app.banner(), app.banner()
    wrong = False
    for roll in range(1, MOST_ROLLS + 1):
        app.click(".gt-roll")
        app.wait_for(".gt-space")
        assert "You rolled a" in app.banner(), app.banner()
        app.check(f"roll-{roll}")
        target = _question_space(app.targets())
        app.click_canvas(target)
        if _visible(app, ".gt-category"):  # the hub: the student picks the category
            app.check(f"hub-{roll}")
            app.click(".gt-category")
        if SPACES[target].kind == "roll_again":
            continue
        app.wait_for(".gt-pursuit-card")
        assert "answer the" in app.banner(), app.banner()
        app.check(f"question-{roll}")
        if _visible(app, ".gt-pursuit-card input"):  # a number to type: no choices to click
            app.type_into(".gt-pursuit-card", "0")
            app.click("Check")
        else:
            app.click(".gt-pursuit-card button")  # the first of the choices
        app.wait_for(".gt-continue")
        verdict = app.feedback()
        assert "The answer:" in verdict and "Where:" in verdict, verdict
        app.check(f"verdict-{roll}")
        if "Right" not in verdict:
            wrong = True
            assert "Now it is Robot" in verdict, verdict
            break
        app.click(".gt-continue")
        assert not _visible(app, ".gt-feedback")
    if wrong:
        app.click(".gt-continue")  # the computers play only once the verdict has been read
        _students_turn(app)
        assert "Computer moves" in app.text()
        app.check("round-over")
