"""GeoTriple by clicks: one whole round against an easy computer, then Next round.

The student deals round 1, so they guess first: Stage 1 is played by clicking states on the map
canvas. In Stage 2 the driver reads the 18 cards off their buttons as a student reads them,
finds a GeoPlunge with the kit's solver (standing in for the student's eyes) and clicks those
states on the canvas before pressing GeoPlunge!. In Stage 3 it puts two cards away, GeoPlunges
and plays the six tricks by clicking cards, leading by Population.
"""

from __future__ import annotations

import contextlib

from geoteach.games.geotriple import borders
from geoteach.games.geotriple.cards import neighbour_map, plunge_cards
from geoteach.games.geotriple.game import default_states
from tests.e2e.apps.harness import FEEDBACK_JS, SHOWN_JS, TURN_JS, AppPage

QUERY = "seed=7"
#: States the student clicks in Stage 1, in this order (a guess already made is skipped).
GUESSES = ("TX", "CA", "OH", "NY", "FL")


def set_up(app: AppPage) -> None:
    app.choose(".gt-option-bot-delay", "fast")
    # The computer's row is the second seat; its level picker is the one offering "hard".
    app.page.locator(".gt-setup select:has(option:text-is('hard'))").nth(1).select_option(
        label="easy"
    )


def play_round(app: AppPage) -> None:
    stage1(app)
    stage2(app)
    stage3(app)
    app.wait_for(".gt-next-round")
    app.check("round-over")
    app.click(".gt-next-round")
    app.wait_for("Round 2")


def _turn(app: AppPage) -> str:
    """The banner's line that says who acts now and what to do."""
    return app.page.locator(".gt-banner .gt-turn").first.inner_text()


def _wait_banner(app: AppPage, *texts: str, timeout: float = 120.0) -> str:
    """Wait until the banner's turn line says one of ``texts``; returns the one it says."""
    return str(
        app.wait_js(
            f"(texts) => texts.find(t => {TURN_JS}.includes(t)) || false",
            list(texts),
            f"the banner never said any of {texts}",
            timeout,
        )
    )


def _wait_feedback(app: AppPage, text: str, timeout: float = 60.0) -> None:
    """Wait until the verdict card on screen mentions ``text``."""
    app.wait_js(
        f"(text) => {FEEDBACK_JS}.includes(text)", text, f"no verdict about {text!r}", timeout
    )


def _wait_computer(app: AppPage, doing: str, unless_feedback: str = "") -> None:
    """While the computer is ``doing`` its part: wait until the banner moves on, or a verdict
    waits for Continue (one not mentioning ``unless_feedback``)."""
    app.wait_js(
        f"""([doing, unless]) => !{TURN_JS}.includes(doing) ||
          ({SHOWN_JS}('.gt-continue') && !(unless && {FEEDBACK_JS}.includes(unless)))""",
        [doing, unless_feedback],
        f"the computer never finished: it {doing}",
        timeout=120.0,
    )


def _continue_if_open(app: AppPage) -> None:
    if app.page.locator(".gt-continue:visible").count():
        app.click(".gt-continue")


def stage1(app: AppPage) -> None:
    app.wait_for(".gt-board canvas")
    app.check("stage1-guess")
    guesses = iter(GUESSES)
    while True:
        said = _wait_banner(app, "click the state you think", "is guessing", "race!")
        if said == "race!":
            break
        if said == "is guessing":
            if "Stage 1" not in app.feedback():
                _continue_if_open(app)  # the computer guesses once your verdict is read
            _wait_computer(app, "is guessing", unless_feedback="Stage 1")
            continue
        code = next(guesses)
        app.click_canvas(code)
        _wait_feedback(app, str(default_states()["name"][code]))
        app.check("stage1-verdict")
    # The race has begun behind Stage 1's result, which waits for Continue.
    assert "Stage 1" in app.feedback(), app.feedback()
    app.check("stage1-result")
    app.click(".gt-continue")


def stage2(app: AppPage) -> None:
    app.wait_for(".gt-hand-card")
    app.check("stage2-race")
    states = default_states()
    codes = {str(name): str(code) for code, name in states["name"].items()}
    names = [t.strip() for t in app.page.locator(".gt-hand-card:visible").all_inner_texts()]
    hand = [codes[name] for name in names]
    assert len(hand) == 18, names
    solution = borders.find_solution(hand, neighbour_map(plunge_cards(states)))
    if solution is None:
        app.click(".gt-give-up")
    else:
        for code in (c for group in solution for c in group):
            app.click_canvas(code)
        app.check("stage2-picked")
        app.click(".gt-claim")
    _wait_feedback(app, "GeoPlunge")
    app.check("stage2-result")
    app.click(".gt-continue")


#: The bottom of the U.S. map (its canvas, or its picture), in page pixels.
MAP_BOTTOM_JS = """() => Math.max(...[...document.querySelectorAll(
    '.gt-board canvas, .gt-board img')].filter(el => el.offsetParent !== null)
  .map(el => el.getBoundingClientRect().bottom + window.scrollY))"""


def _whole_map_shown(app: AppPage) -> None:
    """Stage 3: the whole map, Texas to Florida and the insets (where a trick's states are
    shown), lies in the first screen: the hand is among the step's controls, not under the
    trick on the board."""
    bottom = app.page.evaluate(MAP_BOTTOM_JS)
    height = (app.page.viewport_size or {"height": 768})["height"]
    assert bottom <= height + 1, f"the map ends at {bottom:.0f} px: below the first screen"


def stage3(app: AppPage) -> None:
    app.wait_for(".gt-card-tile")
    _wait_banner(app, "put 2 of your 8 cards away")
    app.check("stage3-discard")
    _whole_map_shown(app)
    app.click(".gt-card-tile", nth=0)
    app.click(".gt-card-tile", nth=1)
    app.click(".gt-put-away")
    _wait_banner(app, "say whether you are GeoPlunging")
    app.check("stage3-geoplunging")
    app.click(".gt-plunge-yes")
    checked = set()
    while True:
        said = _wait_banner(app, "lead trick", "answer ", "is choosing", "Round 1 is over")
        if said == "Round 1 is over":
            return
        if said == "is choosing":
            _continue_if_open(app)
            _wait_computer(app, "is choosing")
            continue
        if said not in checked:
            checked.add(said)
            app.check("stage3-lead" if said == "lead trick" else "stage3-answer")
        if said == "lead trick":
            app.click(".gt-category button", nth=2)  # Population
        before = app.banner()
        app.click(".gt-card-tile")
        with contextlib.suppress(AssertionError):  # the trick may be over already
            app.wait_js(
                "(before) => document.querySelector('.gt-banner').innerText !== before",
                before,
                timeout=30.0,
            )
        if "trick-verdict" not in checked and app.page.locator(".gt-continue:visible").count():
            checked.add("trick-verdict")
            app.check("stage3-trick-verdict")
            _whole_map_shown(app)
