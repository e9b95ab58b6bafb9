"""Globe Works by clicks: one whole round, cards picked on the map canvas, the end called.

The student ("You", two computers) plays a card marked playable by clicking its city on the
map and then Play, else draws and discards the card drawn; says No deal (or declines an offer)
in the Deals step; calls the end of the round as soon as the button comes, then plays the last
turns until the round's scores are shown, and presses Continue.
"""

from __future__ import annotations

import contextlib

from tests.e2e import pages
from tests.e2e.apps.harness import SHOWN_JS, AppPage
from tests.e2e.conftest import ARTIFACTS

QUERY = "seed=11"

#: The card ids of the hand's playable cards (their buttons carry ``gt-card-<id>``).
PLAYABLE_JS = """() => [...document.querySelectorAll('.gt-hand-card.gt-playable')]
  .filter(b => b.offsetParent !== null)
  .map(b => [...b.classList].find(c => c.startsWith('gt-card-')).slice('gt-card-'.length))"""
PICKED_JS = """() => [...document.querySelectorAll('.gt-hand-card.gt-picked')]
  .map(b => [...b.classList].find(c => c.startsWith('gt-card-')).slice('gt-card-'.length))"""
#: The card ids of every card in the hand strip.
HAND_JS = """() => [...document.querySelectorAll('.gt-hand-card')]
  .filter(b => b.offsetParent !== null)
  .map(b => [...b.classList].find(c => c.startsWith('gt-card-')).slice('gt-card-'.length))"""

#: What the student can do, most specific first; the first one on the page is done.
STEPS = (".gt-continue", ".gt-decline", ".gt-no-deal", ".gt-discard", ".gt-play")


def set_up(app: AppPage) -> None:
    app.choose(".gt-option-bot-delay", "fast")


def _look(app: AppPage, name: str) -> None:
    """Check the page once the map canvas has its new picture (it follows the DOM)."""
    from playwright.sync_api import TimeoutError as PlaywrightTimeout

    with contextlib.suppress(PlaywrightTimeout):  # still changing: the check is what counts
        pages.settle(app.page, quiet=0.3, root=".gt-app", timeout=10)
    app.check(name)


def _visible(app: AppPage, selector: str) -> bool:
    return app.page.locator(f"{selector}:visible").count() > 0


#: The first step on the page once it has stayed the same for ``quiet`` ms (a step's buttons
#: arrive one message at a time), else false.
STEP_JS = f"""([steps, quiet]) => {{
  const now = steps.find(s => {SHOWN_JS}(s)) || null, time = performance.now();
  const seen = window.__gtStep;
  if (!seen || seen.step !== now) {{ window.__gtStep = {{step: now, since: time}}; return false; }}
  return now !== null && time - seen.since >= quiet ? now : false;
}}"""


def _next_step(app: AppPage, timeout: float = 120.0) -> str:
    """The step the page asks for, once it has settled."""
    app.page.evaluate("() => { window.__gtStep = null; }")
    try:
        return str(app.wait_js(STEP_JS, [[*STEPS, ".gt-pass"], 200], timeout=timeout))
    except AssertionError:
        raise AssertionError(f"no step came up; the banner says: {app.banner()}") from None


def play_round(app: AppPage) -> None:
    try:
        _play(app)
    except BaseException:
        app.page.screenshot(path=str(ARTIFACTS / "app-globe_works-failed.png"))
        raise


def _play(app: AppPage) -> None:
    seen: set[str] = set()
    called = False
    for _ in range(400):
        step = _next_step(app)
        if step == ".gt-continue":
            said = app.feedback()
            if "Round 1 is over" in said:
                assert "called the end" in said, said
                _look(app, "round-over")
                _do(app, ".gt-continue")
                app.wait_for("Round 2 of")
                return
            _do(app, ".gt-continue")
        elif step == ".gt-play" and not called and _visible(app, ".gt-call-end"):
            assert "call the end" in app.text()
            _look(app, "call-the-end")
            _do(app, ".gt-call-end")
            called = True
        elif step in (".gt-decline", ".gt-no-deal"):
            if step not in seen:
                _look(app, "deals" if step == ".gt-no-deal" else "an-offer")
            _do(app, step)
        elif step == ".gt-discard":
            if step not in seen:
                _look(app, "discard")
            _do(app, ".gt-discard")
        elif step == ".gt-play":
            playable = app.page.evaluate(PLAYABLE_JS)
            if playable:
                others = [c for c in playable if c not in app.page.evaluate(PICKED_JS)]
                if others:  # the first playable card is picked already: pick another one
                    app.click_canvas(others[0])
                    _wait_picked(app, others[0])
                    if "picked" not in seen:
                        seen.add("picked")
                        _look(app, "picked-on-the-map")
                # Playing a card does not end the turn: the next playable card is picked and
                # Play stays ("Play Durban"), so the play is over when the card left the hand.
                card = app.page.evaluate(PICKED_JS)[0]
                _do(app, ".gt-play", card=card)
            else:
                if "nothing" not in seen:
                    seen.add("nothing")
                    assert "No city of yours is open yet" in app.text() or "tokens" in app.text()
                    _look(app, "nothing-to-play")
                _do(app, ".gt-draw" if _enabled(app, ".gt-draw") else ".gt-take-discard")
        else:
            _do(app, ".gt-pass")
        seen.add(step)
    raise AssertionError("the round did not end in 400 steps")


def _do(app: AppPage, selector: str, timeout: float = 60.0, card: str = "") -> None:
    """Click a step's button and wait until the step is over (its button gone, or ``card``
    gone from the hand where the button stays), so the next look at the page does not see the
    old step."""
    app.click(selector)
    app.wait_js(
        f"""([sel, card]) => {{
          if (!{SHOWN_JS}(sel)) return true;
          try {{ return !!card && !({HAND_JS})().includes(card); }}
          catch (e) {{ return false; }}  // a hand card in the middle of its redraw
        }}""",
        [selector, card],
        f"{selector} is still there after it was clicked",
        timeout,
    )


def _enabled(app: AppPage, selector: str) -> bool:
    button = app.page.locator(f"{selector}:visible")
    return button.count() > 0 and button.first.is_enabled()


def _wait_picked(app: AppPage, card: str, timeout: float = 30.0) -> None:
    """The click on the city picked its card in the hand strip (the map shows it too)."""
    app.wait_js(
        f"""(card) => {{
          try {{ const p = ({PICKED_JS})(); return p.length === 1 && p[0] === card; }}
          catch (e) {{ return false; }}  // a hand card in the middle of its redraw
        }}""",
        card,
        f"clicking {card} on the map did not pick it",
        timeout,
    )
