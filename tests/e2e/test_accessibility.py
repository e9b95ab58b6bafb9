"""Issue 25 in the browser: every student app, by keyboard only, checked by axe-core.

For each app (``notebooks/play/<key>.ipynb`` in Voilà at 1366×768) one test:

* runs axe-core (wcag2a, wcag2aa, wcag21a, wcag21aa) on the set-up screen, the game screen and
  after the first move, and fails on any critical or serious violation not in ``ALLOWED``;
* shows the game at 1024 px (a tablet) and at 200% zoom (683×384) without sideways scrolling
  of the page, a button cut short, or a map or picture cut with no way to scroll to the rest
  (screenshots in test-artifacts);
* presses only keys from page load on: Tab (Shift+Tab back) to Start, Enter; Tab to the first
  move, Enter (GeoTriple's guess is typed); and fails if a Tab press leaves focus where it was
  (a keyboard trap, WCAG 2.1.2), the focus ring of the control it lands on is cut by a box
  around it (WCAG 2.4.7), or focus falls to the page after Start.

axe-core comes from npm (pinned), unpacked once into a cache folder (``GEOTEACH_CACHE``, else
``~/.cache/geoteach``); the kit itself never downloads it. The counts per screen and the Tab
presses per app go to ``test-artifacts/a11y.json`` for the report.

This test starts its own Voilà on the checkout's Jupyter settings (``servers.jupyter_env``), so
the page template it tests is the one in this repository, not an installed copy.
"""

from __future__ import annotations

import contextlib
import importlib
import json
import os
import secrets
import subprocess
import tarfile
import tempfile
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import TimeoutError as PlaywrightTimeout

from geoteach.games.geotriple import borders
from geoteach.games.geotriple.cards import neighbour_map, plunge_cards
from geoteach.games.geotriple.game import default_states
from geoteach.games.global_pursuit.layout import card_name
from tests.e2e import pages
from tests.e2e.apps import harness
from tests.e2e.apps.harness import SHOWN_JS, TURN_JS
from tests.e2e.conftest import (
    ARTIFACTS,
    TEST_SERVER_OPTIONS,
    Server,
    _env,
    _start,
    _workdir,
    free_port,
    voila_command,
)
from tests.e2e.servers import jupyter_env, teacher_path
from tests.e2e.test_student_apps import DRIVERS
from tests.registries import require_npm
from tests.waiting import until

AXE_VERSION = "4.14.1"
CACHE = Path(os.environ.get("GEOTEACH_CACHE") or Path.home() / ".cache" / "geoteach")
TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]
FAILING = ("critical", "serious")
#: Violations that could not be fixed yet: (app, rule id) -> why. Every entry is reported.
ALLOWED: dict[tuple[str, str], str] = {}
#: The control each app's first move is made with (a person's first move on the game screen).
MOVES = {
    "globalissimo": ".gt-rank",
    "geography_pursuit": ".gt-roll",
    "global_pursuit": ".gt-cannot",
    "geotriple": ".gt-give-clue, .gt-guess-button, .gt-continue",
    "globe_works": ".gt-continue, .gt-decline, .gt-no-deal, .gt-discard, .gt-play, .gt-pass",
}
#: Tab presses allowed to reach one control (the page is cycled at most twice).
MAX_TABS = 120

#: The focused element, named once (data-gt-seen) so a test sees whether focus moved.
FOCUSED_JS = """() => {
  const el = document.activeElement;
  if (!el || el === document.body) return 'body';
  if (!el.dataset.gtSeen) el.dataset.gtSeen = String(++window.__gtSeen || (window.__gtSeen = 1));
  return el.dataset.gtSeen + ' ' + el.tagName.toLowerCase() + '.' + [...el.classList].join('.');
}"""

MATCHES_JS = """(selector) => {
  const el = document.activeElement;
  return !!el && el !== document.body && !el.disabled && !!el.closest(selector);
}"""

#: Focus is on Skip ahead while an enabled ``selector`` of the step (controls or verdict) is up.
PARKED_JS = """(selector) => {
  const el = document.activeElement;
  if (!el || !el.closest('.gt-skip')) return false;
  return [...document.querySelectorAll('.gt-controls, .gt-feedback')].some(box =>
    [...box.querySelectorAll('*')].some(c => c.matches(selector) && !c.disabled &&
      c.getClientRects().length > 0));
}"""

#: The focused control's focus ring cut by a box around it that hides its overflow ("" when
#: it shows whole): drawn outside the control, ipywidgets' boxes and the side column cut it.
RING_CUT_JS = """() => {
  const el = document.activeElement;
  if (!el || el === document.body) return '';
  const style = getComputedStyle(el);
  if (style.outlineStyle === 'none') return '';
  const out = parseFloat(style.outlineOffset) + parseFloat(style.outlineWidth);
  const r = el.getBoundingClientRect();
  for (let box = el.parentElement; box && box !== document.body; box = box.parentElement) {
    const c = getComputedStyle(box), b = box.getBoundingClientRect();
    const cutX = c.overflowX !== 'visible' &&
      (r.left - out < b.left - 0.5 || r.right + out > b.right + 0.5);
    const cutY = c.overflowY !== 'visible' &&
      (r.top - out < b.top - 0.5 || r.bottom + out > b.bottom + 0.5);
    if (cutX || cutY) {
      const name = (el.textContent || el.placeholder || el.tagName).trim().slice(0, 30);
      return el.tagName.toLowerCase() + ' "' + name + '" by ' + box.className.slice(-60);
    }
  }
  return '';
}"""

#: Canvases and pictures that a box hiding its overflow cuts, with no scrollbar to reach the
#: rest (a live canvas keeps its size: the board's canvas box scrolls instead). A few pixels
#: of a picture's white margin are let go (Global Pursuit's hand cards lose 4 px at 1366).
PICTURES_CUT_JS = """() => {
  const out = [];
  for (const pic of document.querySelectorAll('.gt-app canvas, .gt-app img')) {
    const r = pic.getBoundingClientRect();
    if (pic.offsetParent === null || !r.width) continue;
    for (let box = pic.parentElement; box && box !== document.body; box = box.parentElement) {
      const overflow = getComputedStyle(box).overflowX;
      const b = box.getBoundingClientRect();
      // A box that scrolls (narrower than the picture) reaches the rest; as wide, it is
      // not the one that cuts.
      if (overflow === 'auto' || overflow === 'scroll') {
        if (box.clientWidth < r.width - 1) break;
        continue;
      }
      if (overflow === 'visible') continue;
      const hidden = Math.max(0, b.left - r.left) + Math.max(0, r.right - b.right);
      if (hidden > 8) {
        out.push((pic.closest('[class*="gt-"]') || pic).className.slice(-50) + ': ' +
          Math.round(hidden) + ' of ' + Math.round(r.width) + ' px hidden');
        break;
      }
    }
  }
  return [...new Set(out)].slice(0, 8);
}"""

CUT_BUTTONS_JS = """() => [...document.querySelectorAll('.gt-app button')]
  .filter(b => b.offsetParent !== null && b.scrollWidth > b.clientWidth + 1)
  .map(b => b.textContent.trim()).slice(0, 8)"""

AXE_JS = """async (tags) => {
  const result = await axe.run(document, {runOnly: {type: 'tag', values: tags},
                                           resultTypes: ['violations']});
  return result.violations.map(v => ({id: v.id, impact: v.impact, help: v.help,
    nodes: v.nodes.length, targets: v.nodes.slice(0, 3).map(n => n.target.join(' '))}));
}"""


@pytest.fixture(scope="module")
def axe_source() -> str:
    """axe-core's script, from the pinned npm package (fetched once into the cache)."""
    path = CACHE / f"axe-core-{AXE_VERSION}" / "axe.min.js"
    if not path.exists():
        require_npm()
        with tempfile.TemporaryDirectory() as tmp:
            subprocess.run(
                ["npm", "pack", f"axe-core@{AXE_VERSION}", "--silent", "--pack-destination", tmp],
                check=True,
                capture_output=True,
                timeout=300,
            )
            (tarball,) = Path(tmp).glob("axe-core-*.tgz")
            with tarfile.open(tarball) as archive:
                member = archive.extractfile("package/axe.min.js")
                assert member is not None
                data = member.read()
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(data)
    return path.read_text()


@pytest.fixture(scope="module")
def kit_voila(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    """Voilà on a copy of the notebooks, with this checkout's page template and settings."""
    work = _workdir(tmp_path_factory, "voila-a11y")
    port, token = free_port(), secrets.token_hex(16)
    cmd = voila_command(port, token, work / "notebooks", *TEST_SERVER_OPTIONS)
    proc = _start(cmd, port, work / "voila.log", jupyter_env(_env(work)))
    yield Server(f"http://127.0.0.1:{port}", token, work, proc)
    proc.terminate()
    proc.wait(timeout=30)


def axe(page: Any, source: str) -> list[dict[str, Any]]:
    if not page.evaluate("() => !!window.axe"):
        page.add_script_tag(content=source)
    return page.evaluate(AXE_JS, TAGS)


def failing(key: str, violations: list[dict[str, Any]]) -> list[dict[str, Any]]:
    return [v for v in violations if v["impact"] in FAILING and (key, v["id"]) not in ALLOWED]


class StepChanged(Exception):
    """The control a test tabbed to went, and another step came up in its place."""


def tab_to(page: Any, selector: str, timeout: float = 120.0, gone_if: tuple[str, ...] = ()) -> int:
    """Press Tab until focus is on ``selector`` (enabled); the presses it took.

    A press that leaves focus where it was is a keyboard trap: the test fails there. While
    the control is not on the page yet (the computers play first), the test waits; it raises
    ``StepChanged`` when one of ``gone_if`` is shown instead (the step changed under the
    student: a computer's offer came in Globe Works' deals window).
    """
    presses = 0
    deadline = time.monotonic() + timeout
    if page.evaluate(PARKED_JS, selector):
        # Focus waited on Skip ahead while the computers played; the student's step is up
        # now, before it in tab order: the page script moves focus on to it at once (5 s
        # for a busy machine; Global Pursuit's challenge window shuts by itself after 8 s).
        try:
            page.wait_for_function(
                "() => !(document.activeElement && document.activeElement.closest('.gt-skip'))",
                timeout=5_000,
            )
        except Exception as error:
            raise AssertionError(f"focus stayed on Skip ahead while {selector} was up") from error
    before = page.evaluate(FOCUSED_JS)
    while not page.evaluate(MATCHES_JS, selector):
        assert presses < MAX_TABS, f"{selector} not reached in {MAX_TABS} Tab presses"
        assert time.monotonic() < deadline, f"{selector} never came up"
        if not page.locator(f"{selector}:visible").count():
            if any(page.locator(f"{other}:visible").count() for other in gone_if):
                raise StepChanged(f"{selector} went")
            left = max(1.0, deadline - time.monotonic())
            try:  # the control, or the step that replaced it, comes up
                pages.first_shown(page, selector, *gone_if, enabled=False, timeout=left)
            except AssertionError:
                raise AssertionError(f"{selector} never came up") from None
            continue
        page.keyboard.press("Tab")
        presses += 1
        now = focus_moved(page, before)
        if now == before and now != "body":
            # Once more: a control redrawn just then (a computer's move landing) gets focus
            # back in its place. A trap keeps it through a second press too.
            page.keyboard.press("Tab")
            now = focus_moved(page, before)
        assert now != before or now == "body", f"Tab left focus on {now} (a keyboard trap)"
        cut = page.evaluate(RING_CUT_JS)
        assert not cut, f"the focus ring of {cut} is cut"
        before = now
    return presses


#: The focused control (``FOCUSED_JS``) once it is not ``before``, else false.
MOVED_JS = f"(before) => {{ const now = ({FOCUSED_JS})(); return now !== before ? now : false; }}"


def focus_moved(page: Any, before: str, timeout: float = 2.0) -> str:
    """The focused control after a Tab press, once it has left ``before``; ``before`` itself
    if it stays there for ``timeout`` seconds (a keyboard trap, or a control redrawn in its
    place: the caller tells which)."""
    try:
        handle = page.wait_for_function(MOVED_JS, arg=before, polling=20, timeout=timeout * 1000)
    except PlaywrightTimeout:
        return before
    return str(handle.json_value())


def type_guess_if_asked(page: Any) -> None:
    """GeoTriple's guess is a typed state: type it (keys only) before its button."""
    box = page.locator(".gt-guess input:visible")
    if box.count() and page.locator(".gt-guess-button:visible").count():
        tab_to(page, ".gt-guess")
        page.keyboard.type("Ohio")
        page.keyboard.press("Escape")  # close the suggestions list


def record(key: str, name: str, value: Any) -> None:
    pages.update_json(
        ARTIFACTS / "a11y.json", lambda data: data.setdefault(key, {}).update({name: value})
    )


@pytest.mark.parametrize("key", DRIVERS)
def test_app_by_keyboard_only_with_no_serious_axe_violation(
    browser, kit_voila, axe_source, key: str
) -> None:
    driver = importlib.import_module(f"tests.e2e.apps.{key}")
    app = harness.open_app(browser, kit_voila, key, getattr(driver, "QUERY", ""))
    page = app.page
    found: dict[str, list[dict[str, Any]]] = {}
    try:
        pages.settle(page)
        found["setup"] = axe(page, axe_source)
        tabs_to_start = tab_to(page, ".gt-start")
        page.keyboard.press("Enter")
        page.wait_for_selector(".gt-app .gt-banner .gt-turn", timeout=120_000)
        pages.settle(page)
        found["game"] = axe(page, axe_source)
        # Focus goes to the step's first control once it is there (the computers may play
        # first), at the latest after the page script's 10 s wait.
        try:
            page.wait_for_function(
                "() => document.activeElement && document.activeElement !== document.body",
                polling=200,
                timeout=15_000,
            )
        except Exception as error:
            raise AssertionError("focus fell to the page after Start") from error
        record(key, "focus after Start", page.evaluate(FOCUSED_JS))
        if key == "geotriple":
            type_guess_if_asked(page)
        tabs_to_move = tab_to(page, MOVES[key])
        before = pages.widget_text(page)
        page.keyboard.press("Enter")
        pages.wait_text_change(page, before)
        pages.settle(page)
        found["after-move"] = axe(page, axe_source)
        record(key, "tabs", {"to Start": tabs_to_start, "Start to first move": tabs_to_move})
        record(key, "focus after the move", page.evaluate(FOCUSED_JS))
        # A 1024 px tablet, 200% zoom of 1366×768 (683×384 CSS pixels), then large text on
        # the 1366×768 laptop: no sideways scrolling of the page (the board may scroll inside
        # its column), no button cut short, no map or picture cut with no way to the rest.
        views = (("tablet", (1024, 768)), ("200% zoom", (683, 384)), ("large text", (1366, 768)))
        for name, size in views:
            page.set_viewport_size({"width": size[0], "height": size[1]})
            if name == "large text":
                # The boards are drawn again larger: the click waits until the page settles.
                app.click(".gt-large-toggle", kind="large text")
                page.wait_for_selector(".gt-app.gt-large", timeout=60_000)
            pages.settle(page)  # the boards redrawn for the new size
            shot = f"a11y-{key}-{name.replace('% ', '-')}.png"
            page.screenshot(path=str(ARTIFACTS / shot), full_page=True)
            width = page.evaluate("() => document.documentElement.scrollWidth")
            cut = page.evaluate(CUT_BUTTONS_JS)
            pictures = page.evaluate(PICTURES_CUT_JS)
            record(
                key,
                f"at {name}",
                {"page width": width, "buttons cut short": cut, "pictures cut": pictures},
            )
            assert width <= size[0] + 1 and not cut and not pictures, (name, width, cut, pictures)
    finally:
        record(
            key,
            "axe",
            {
                screen: {f"{v['id']} ({v['impact']})": v["nodes"] for v in violations}
                for screen, violations in found.items()
            },
        )
        page.screenshot(path=str(ARTIFACTS / f"a11y-{key}.png"))
        page.close()
    bad = {screen: failing(key, v) for screen, v in found.items()}
    assert not any(bad.values()), json.dumps(bad, indent=1)


#: Remember the focused control before a key press that makes a move.
PRESSED_JS = "() => { window.__gtPressed = document.activeElement; }"
#: After such a press: focus is on a control again, and not on one the move took away.
MOVED_ON_JS = """() => {
  const el = document.activeElement;
  if (!el || el === document.body) return false;
  if (el !== window.__gtPressed) return true;
  return !el.disabled && el.isConnected && el.getClientRects().length > 0;
}"""


#: The controls the moves of a keys-only round were made on, in order (for the report).
PRESSED: list[str] = []


def press(page: Any, key: str = "Enter") -> None:
    """Press a key that makes a move; fail if focus is then lost or left on a dead control."""
    page.evaluate(PRESSED_JS)
    PRESSED.append(f"{key} on {page.evaluate(FOCUSED_JS).split(' ', 1)[-1]}")
    before = pages.widget_text(page)
    page.keyboard.press(key)
    pages.wait_text_change(page, before)  # the move is on the screen
    try:
        # The page script gives a control that went away 10 s to come back: a busy machine more.
        page.wait_for_function(MOVED_ON_JS, polling=200, timeout=30_000)
    except Exception as error:
        raise AssertionError(
            f"{key} left focus on {page.evaluate(FOCUSED_JS)} after the move"
        ) from error


def shown(page: Any, selector: str) -> bool:
    return page.locator(f"{selector}:visible").count() > 0


def wait_shown(page: Any, *selectors: str, timeout: float = 180.0) -> str:
    """The first of ``selectors`` on the page and enabled (the computers may be playing)."""
    return pages.first_shown(page, *selectors, timeout=timeout)


def until_my_turn(page: Any, mine: str, timeout: float = 240.0) -> None:
    """Keys only while the computers play: Enter on each Continue shown, until the
    student's control ``mine`` is back."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        # Skip ahead is not pressed: the computers play by themselves, and a button that goes
        # the moment their move lands is no place to test Tab on (Continue stays until read).
        found = wait_shown(page, mine, ".gt-continue", timeout=timeout)
        if found == mine:
            return
        tab_to(page, found)
        press(page)
    raise AssertionError(f"{mine} never came back")


def globalissimo_round(page: Any) -> int:
    """Round 1 (every seat ranks a country, then the round's result), round 2 to the student's
    turn again, then hurdle A answered by typing a map number and pressing Enter (seed 46).
    Returns the Tab presses from the game screen to the first move."""
    first = 0
    for number in (1, 2):
        tabs = tab_to(page, ".gt-rank")
        first = first or tabs
        press(page)
        until_my_turn(page, ".gt-rank" if number == 1 else ".gt-enter-box input")
    tab_to(page, ".gt-enter-box")
    page.keyboard.type("1")
    before = pages.widget_text(page)
    press(page)  # Enter in the answer box answers the hurdle
    pages.wait_text_with(page, before, "Right", "Not", "Wrong", "wrong")
    # The live region may say the verdict a moment before the card is drawn.
    wait_shown(page, ".gt-feedback", timeout=30)  # Enter in the answer box gave a verdict
    return first


def geography_pursuit_round(page: Any) -> int:
    """The student's turn (roll, a lit space from the list, the typed answer "Atlantis" with
    Enter: wrong, so the turn passes), then every computer's turn until the die is the
    student's again. Returns the Tab presses from the game screen to the first move."""
    first = 0
    for _ in range(8):  # a roll-again space rolls again
        tabs = tab_to(page, ".gt-roll")
        first = first or tabs
        press(page)
        tab_to(page, ".gt-space")
        press(page)
        found = wait_shown(page, ".gt-category", ".gt-enter-box input", ".gt-roll")
        if found == ".gt-roll":
            continue
        if found == ".gt-category":
            tab_to(page, ".gt-category")
            press(page)
        tab_to(page, ".gt-enter-box")
        page.keyboard.type("Atlantis")
        before = pages.widget_text(page)
        press(page)  # Enter in the answer box answers
        verdict = pages.wait_text_with(page, before, "The answer:")
        assert "Now it is" in verdict, verdict[-400:]
        break
    else:
        raise AssertionError("no question in 8 rolls")
    until_my_turn(page, ".gt-roll")
    return first


def banner(page: Any) -> str:
    """The banner's words: its head (the round, the stage) and who acts now."""
    found = page.locator(".gt-banner")
    return found.first.inner_text() if found.count() else ""


def turn_line(page: Any) -> str:
    """The banner's line that says who acts now and what to do."""
    line = page.locator(".gt-banner .gt-turn")
    return line.first.inner_text() if line.count() else ""


#: States typed as guesses in GeoTriple's Stage 1, in this order.
GUESSES = ("Ohio", "Texas", "California", "New York", "Florida", "Kansas", "Maine", "Utah")


def geotriple_stage1(page: Any) -> int:
    """Stage 1 (seed 7: the student deals, so guesses first): the student's guesses typed in
    the box and sent with Enter, the computer's guesses by themselves, each verdict's Continue
    by keys, until both states are found and the race begins (the Stage 1 result read with
    Continue; focus then on the race's first card). Returns the Tab presses from the game
    screen to the first move."""
    first: int | None = None
    guesses = iter(GUESSES)
    deadline = time.monotonic() + 400
    while "race!" not in turn_line(page):
        assert time.monotonic() < deadline, f"Stage 1 never ended: {turn_line(page)!r}"
        found = wait_shown(page, ".gt-guess input", ".gt-continue", ".gt-hand-card")
        if found == ".gt-hand-card":
            break
        if found == ".gt-guess input" and "the state you think" not in turn_line(page):
            # The box of a guess just made, before the screen moves on (a busy machine).
            found = ".gt-continue" if shown(page, ".gt-continue") else ""
            if not found:
                page.wait_for_function(
                    f"() => {TURN_JS}.includes('the state you think') || "
                    f"{SHOWN_JS}('.gt-continue')",
                    polling=100,
                    timeout=120_000,
                )
                continue
        if found == ".gt-continue":
            tab_to(page, ".gt-continue")
            press(page)
            continue
        asked = turn_line(page)
        tabs = tab_to(page, ".gt-guess")
        first = tabs if first is None else first
        page.keyboard.type(next(guesses))
        page.keyboard.press("Escape")  # close the suggestions list
        before = pages.widget_text(page)
        press(page)  # Enter in the box guesses
        pages.wait_text_with(page, before, "✔", "✘")
        # The banner moves on (the next guess, or the computer's turn) a little after the
        # verdict on a busy machine: until then the box of this guess is still up.
        with contextlib.suppress(PlaywrightTimeout):
            page.wait_for_function(
                f"(asked) => {TURN_JS} !== asked", arg=asked, polling=100, timeout=30_000
            )
    assert first is not None, "the student never guessed"
    # Stage 1's result waits for Continue; then the race's cards take focus.
    until_my_turn(page, ".gt-hand-card")
    assert "race!" in turn_line(page), turn_line(page)
    try:
        page.wait_for_function(MATCHES_JS, arg=".gt-hand-card, .gt-controls", timeout=30_000)
    except Exception as error:
        raise AssertionError(f"focus is on {page.evaluate(FOCUSED_JS)} in the race") from error
    return first


#: Where focus is among the shown ``selector`` controls (-1: on none of them).
FOCUS_AT_JS = """(selector) => [...document.querySelectorAll(selector)]
  .filter(b => b.offsetParent !== null).indexOf(document.activeElement)"""


def focus_nth(page: Any, selector: str, index: int) -> int:
    """Focus the ``index``-th shown ``selector`` control with Tab or Shift+Tab (whichever is
    nearer in the controls' order); fails on a press that leaves focus where it was. Returns
    the presses it took."""
    presses = 0
    if page.evaluate(FOCUS_AT_JS, selector) < 0:
        presses += tab_to(page, selector)
    while (now := page.evaluate(FOCUS_AT_JS, selector)) != index:
        assert presses < MAX_TABS and now >= 0, f"focus left {selector} ({now})"
        before = page.evaluate(FOCUSED_JS)
        page.keyboard.press("Tab" if now < index else "Shift+Tab")
        presses += 1
        assert focus_moved(page, before) != before, f"a keyboard trap on {before}"
    return presses


def geotriple_race(page: Any) -> int:
    """Stage 2 by keys: the six cards of a GeoPlunge (the kit's solver standing in for the
    student's eyes) picked with Space on their buttons, group 1 first, moving by Tab and
    Shift+Tab; then Enter on GeoPlunge! (Give up when the hand holds none), and the race's
    verdict read with Continue. Returns the presses that moved focus between the cards."""
    states = default_states()
    codes = {str(name): str(code) for code, name in states["name"].items()}
    names = [t.strip() for t in page.locator(".gt-hand-card:visible").all_inner_texts()]
    assert len(names) == 18, names
    hand = [codes[name] for name in names]
    solution = borders.find_solution(hand, neighbour_map(plunge_cards(states)))
    presses = 0
    if solution is None:
        tab_to(page, ".gt-give-up")
        press(page)
    else:
        for code in (c for group in solution for c in group):
            presses += focus_nth(page, ".gt-hand-card", hand.index(code))
            press(page, "Space")
        page.screenshot(path=str(ARTIFACTS / "a11y-keys-geotriple-race.png"))
        presses += tab_to(page, ".gt-claim")
        press(page)
    # The race's verdict (a computer may have shouted first), read with Continue.
    wait_shown(page, ".gt-continue")
    tab_to(page, ".gt-continue")
    press(page)
    return presses


#: GeoTriple's controls for a trick: the category to say when leading, a card of the hand.
TRICK_STEP = ".gt-category, .gt-card-tile"


def geotriple_stage3(page: Any) -> list[int]:
    """Stage 3 by keys: two cards put away (Enter on each, then Put them away), No on
    GeoPlunging, then all six tricks: when the student leads, Population chosen with Space and
    a card played with Enter; when the computer led, a card played with Enter; each trick's
    verdict read with Continue, the last one's (the stage's and the round's result) checked.
    Returns the Tab presses from the end of each trick to the student's card of the next."""
    wait_shown(page, ".gt-card-tile")
    try:
        page.wait_for_function(
            f"() => {TURN_JS}.includes('put 2 of your')", polling=100, timeout=120_000
        )
    except PlaywrightTimeout:
        raise AssertionError(turn_line(page)) from None
    for nth in (0, 1):
        focus_nth(page, ".gt-card-tile", nth)
        press(page)
    tab_to(page, ".gt-put-away")
    press(page)
    found = wait_shown(page, ".gt-plunge-no", ".gt-continue")
    while found == ".gt-continue":
        tab_to(page, found)
        press(page)
        found = wait_shown(page, ".gt-plunge-no", ".gt-continue")
    tab_to(page, ".gt-plunge-no")
    press(page)
    tabs: list[int] = []
    focused: list[str] = []  # where focus is when the student's trick comes
    for number in range(1, 7):
        # The banner's head names the trick ("Robot Ada leads trick 4 of 6"): its turn line
        # alone could still be the last trick's for a moment after that trick's verdict.
        def trick_is_up(number: int = number) -> bool:
            if f"trick {number} of 6" in banner(page) and (
                f"lead trick {number}" in turn_line(page) or "answer " in turn_line(page)
            ):
                return True
            if shown(page, ".gt-continue"):  # the last trick's verdict, or a GeoPlunge call
                tab_to(page, ".gt-continue")
                press(page)
            return False

        until(trick_is_up, f"trick {number} never came", 180, 0.3, lambda: banner(page))
        presses = 0
        # Focus is on the student's step: the category to say (leading) or a card of the hand
        # (following, the hand on the board); the page script gives it a moment to come.
        try:
            page.wait_for_function(MATCHES_JS, arg=TRICK_STEP, polling=200, timeout=30_000)
        except Exception as error:
            where = page.evaluate(FOCUSED_JS)
            raise AssertionError(f"trick {number}: focus is on {where}, not the step") from error
        focused.append(page.evaluate(FOCUSED_JS).split(" ", 1)[-1])
        if "lead trick" in turn_line(page):
            population = ".gt-category button:nth-of-type(3)"
            presses += tab_to(page, population)
            page.keyboard.press("Space")
            page.wait_for_function(
                "(sel) => document.querySelector(sel).classList.contains('mod-active')",
                arg=population,
                timeout=10_000,
            )
        presses += tab_to(page, ".gt-card-tile")
        tabs.append(presses)
        press(page)
        # The trick's verdict, once both cards are down (the computer's may come after a pause).
        wait_shown(page, ".gt-continue", timeout=60)
        verdict = page.locator(".gt-feedback:visible").first.inner_text()
        assert f"trick ({number} of 6)" in verdict, verdict
        if number == 1:
            page.screenshot(path=str(ARTIFACTS / "a11y-keys-geotriple-trick.png"))
    # The stage's verdict: the last trick, who wins Stage 3 and the round's points.
    assert "Stage 3" in verdict and "last trick (6 of 6)" in verdict, verdict
    page.screenshot(path=str(ARTIFACTS / "a11y-keys-geotriple-stage3.png"))
    record("geotriple", "focus when a trick is the student's", focused)
    tab_to(page, ".gt-continue")
    press(page)
    wait_shown(page, ".gt-next-round")
    return tabs


def geotriple_round(page: Any) -> int:
    """Stage 1 (``geotriple_stage1``), the race (``geotriple_race``) and Stage 3's six tricks
    to the stage's verdict (``geotriple_stage3``), by keys only. Returns the Tab presses from
    the game screen to the first move."""
    first = geotriple_stage1(page)
    between = geotriple_race(page)
    print(f"\ngeotriple: {between} Tab / Shift+Tab presses between the race's six cards")
    tricks = geotriple_stage3(page)
    print(f"geotriple: Tab presses to the card of each trick: {tricks}")
    record("geotriple", "tabs to the card of each trick", tricks)
    return first


#: The text of the option chosen in the drop-down ``selector`` ("" while none is; the
#: widget shows spaces as no-break spaces).
CHOSEN_JS = """(selector) => {
  const box = document.querySelector(selector + ' select');
  if (!box || box.selectedIndex < 0) return '';
  return box.options[box.selectedIndex].text.replace(/\u00a0/g, ' ');
}"""


def choose_by_arrows(page: Any, selector: str, wanted: str) -> int:
    """Tab to the drop-down ``selector`` and press the down arrow until the option that starts
    with ``wanted`` is chosen (a closed drop-down chooses the next option at once); the Tab
    presses it took."""
    tabs = tab_to(page, selector)
    for _ in range(12):
        chosen = page.evaluate(CHOSEN_JS, selector)
        if chosen.startswith(wanted):
            pages.settle(page, quiet=0.3)  # the ghost follows the choice on the table
            return tabs
        page.keyboard.press("ArrowDown")
        with contextlib.suppress(PlaywrightTimeout):  # the last option stays chosen
            page.wait_for_function(
                "([sel, was]) => (" + CHOSEN_JS + ")(sel) !== was",
                arg=[selector, chosen],
                timeout=5_000,
            )
    chosen = page.evaluate(CHOSEN_JS, selector)
    raise AssertionError(f"{wanted!r} never chosen in {selector}: {chosen!r}")


def lay_by_keys(page: Any) -> tuple[int, dict[str, Any]]:
    """Lay the card that fits (seed 10: the student starts): the card and the numbered place
    chosen with the arrows in their drop-downs, the edge that touches with Tab and Space on its
    button, then Enter on Lay the card. Returns the Tab presses to the hand and the move."""
    from tests.e2e.apps.global_pursuit import YOU, Replica

    replica = Replica()
    replica.run_bots()
    assert replica.game.player == YOU and replica.game.phase == "match"
    move = replica.lay()
    assert move is not None, "seed 10: the student holds no card that fits"
    card, mark, touching = move["card"], move["mark"], move["touching"]
    first = choose_by_arrows(page, ".gt-card-pick", card_name(card))
    tabs = [first, choose_by_arrows(page, ".gt-place", f"{mark.number}:")]
    edge = f".gt-touching button:nth-of-type({touching + 1})"
    tabs.append(tab_to(page, edge))
    page.keyboard.press("Space")
    page.wait_for_function(
        "(sel) => document.querySelector(sel).classList.contains('mod-active')",
        arg=edge,
        timeout=10_000,
    )
    pages.settle(page, quiet=0.3)  # the ghost turned on the table
    page.screenshot(path=str(ARTIFACTS / "a11y-keys-global_pursuit-ghost.png"))
    tabs.append(tab_to(page, ".gt-lay"))
    press(page)
    print(
        f"\nglobal_pursuit: {card} on place {mark.number}, edge {touching + 1} touching; Tab "
        f"presses to Card, Place, the edge, Lay the card: {', '.join(map(str, tabs))}"
    )
    replica.apply(type="place", card=card, at=[mark.index, mark.edge], card_edge=touching)
    return first, {"replica": replica, **move}


def answer_by_keys(page: Any, replica: Any) -> None:
    """The question of the card just laid: Roll (if asked), Ask me (level 1, the first level
    chosen), the right option by Tab and Enter, its verdict read with Continue, the WILD CARD
    flag declined (if offered)."""
    from tests.e2e.apps.global_pursuit import YOU

    game = replica.game
    assert game.player == YOU and game.phase in ("roll", "level"), game.phase
    while wait_shown(page, ".gt-roll", ".gt-ask", ".gt-continue") == ".gt-continue":
        tab_to(page, ".gt-continue")  # a verdict on the card (the computers let it stand)
        press(page)
    if game.phase == "roll":
        tab_to(page, ".gt-roll")
        press(page)
        replica.apply(type="roll")
    tab_to(page, ".gt-ask")
    press(page)
    replica.apply(type="level", level=1)
    question = game.current_question()
    assert question is not None
    right = f"button[title={json.dumps(question.answer)}]"
    wait_shown(page, right)
    tab_to(page, right)
    before = pages.widget_text(page)
    press(page)
    pages.wait_text_with(page, before, "Right")
    replica.apply(type="answer", mark="right")
    tab_to(page, ".gt-continue")
    press(page)
    if game.phase == "wild" and game.player == YOU:
        tab_to(page, ".gt-no-wild")
        press(page)
        replica.apply(type="no_wild")


def global_pursuit_round(page: Any) -> int:
    """The student's turn (seed 10: the student starts and holds a card that fits): a card
    laid by keys (``lay_by_keys``), its question answered by keys, then "I cannot match"; then
    the computers' turns, each of their cards let stand with No challenge (keys) and any
    verdict read with Continue, until the student's hand is to play again. Returns the Tab
    presses from the game screen to the first move (the Card drop-down)."""
    first, laid = lay_by_keys(page)
    answer_by_keys(page, laid["replica"])
    wait_shown(page, ".gt-cannot")
    tab_to(page, ".gt-cannot")
    press(page)
    deadline = time.monotonic() + 400
    while True:
        assert time.monotonic() < deadline, f"the round never ended: {turn_line(page)!r}"
        found = wait_shown(page, ".gt-cannot", ".gt-accept", ".gt-continue")
        if found == ".gt-cannot":
            break
        # The challenge window shuts by itself after 8 s: a press may find it gone.
        tab_to(page, found)
        press(page)
    return first


#: Globe Works: what the student can do, most specific first (a turn is the deals, then one
#: card played, or a card drawn and one discarded).
GLOBE_STEPS = (
    ".gt-continue",
    ".gt-decline",
    ".gt-no-deal",
    ".gt-discard",
    ".gt-play",
    ".gt-draw",
    ".gt-pass",
)


def computer_moves(page: Any) -> str:
    log = page.locator(".gt-log")
    return log.first.inner_text() if log.count() else ""


def globe_works_round(page: Any) -> int:
    """The student's turn (seed 11): No deal in the Deals step, then the playable card the
    screen picked played with Play, else a card drawn and discarded; then the computers'
    turns (an offer declined, verdicts read with Continue, by keys) until the student's turn
    comes again. Returns the Tab presses from the game screen to the first move."""
    first: int | None = None
    ended: str | None = None  # the computers' log when the student's turn ended
    deadline = time.monotonic() + 400
    while True:
        assert time.monotonic() < deadline, f"the round never ended: {turn_line(page)!r}"
        found = wait_shown(page, *GLOBE_STEPS)
        turn = found in (".gt-play", ".gt-draw", ".gt-pass")
        if turn and ended is not None and computer_moves(page) != ended:
            break  # the student's next turn, after the computers'
        if found == ".gt-play" and not page.evaluate(PLAYABLE_JS):
            found = ".gt-draw"
        tabs = tab_to(page, found)
        first = tabs if first is None else first
        press(page)
        if found in (".gt-play", ".gt-discard", ".gt-pass"):
            ended = computer_moves(page)
    assert first is not None
    return first


#: Globe Works' hand cards that can be played now.
PLAYABLE_JS = """() => [...document.querySelectorAll('.gt-hand-card.gt-playable')]
  .filter(b => b.offsetParent !== null).length"""


#: Globe Works with this seed (the student's keys play each turn's picked playable card, else
#: draw and discard): once everyone has had 6 turns, Robot Ben offers the student a
#: partnership, and the student's own deals come in the same window (found by playing the
#: same moves beside the app; most seeds bring the student's deals with no offer first).
DEAL_SEED = 54
#: What the student does on the way to the deals, most specific first.
DEAL_STEPS = (
    ".gt-continue",
    ".gt-accept",
    ".gt-offer-trade",
    ".gt-discard",
    ".gt-play",
    ".gt-draw",
    ".gt-pass",
)


def globe_works_deals(page: Any) -> dict[str, Any]:
    """Globe Works by keys until the deals (every player's 6 turns: the turns as in
    ``globe_works_round``); an offer made to the student accepted with Tab and Enter; then the
    student's own trade: Tab and Enter on "Offer a trade…", the partner and the card given
    chosen with the arrows in their drop-downs, Enter on "Send the offer", and the computer's
    answer read on the page. Returns the Tab presses of each step of the deal."""
    tabs: dict[str, Any] = {}
    deadline = time.monotonic() + 600
    while True:
        assert time.monotonic() < deadline, f"no deals yet: {turn_line(page)!r}"
        found = wait_shown(page, *DEAL_STEPS)
        if found == ".gt-accept":  # an offer made to the student
            offer = page.locator(".gt-controls").first.inner_text()
            tabs["to Accept"] = tab_to(page, ".gt-accept")
            press(page)
            tabs["offer answered"] = offer.split("\n")[0]
            continue
        if found == ".gt-offer-trade":
            break
        if found == ".gt-play" and not page.evaluate(PLAYABLE_JS):
            found = ".gt-draw"
        # Once the window is open, a computer's offer may come while the student's turn is up.
        try:
            tab_to(page, found, gone_if=(".gt-accept", ".gt-offer-trade"))
        except StepChanged:
            continue
        press(page)
    tabs["to Offer a trade"] = tab_to(page, ".gt-offer-trade")
    press(page)
    wait_shown(page, ".gt-send-offer")
    page.screenshot(path=str(ARTIFACTS / "a11y-keys-globe_works-offer.png"))
    tabs["to With"] = choose_by_arrows(page, ".gt-offer-with", "Robot")
    # The second card of the list (the first is there already): one arrow press.
    tabs["to You give"] = tab_to(page, ".gt-offer-give")
    given = page.evaluate(CHOSEN_JS, ".gt-offer-give")
    page.keyboard.press("ArrowDown")
    page.wait_for_function(
        "([sel, was]) => (" + CHOSEN_JS + ")(sel) !== was",
        arg=[".gt-offer-give", given],
        timeout=10_000,
    )
    given = page.evaluate(CHOSEN_JS, ".gt-offer-give")
    tabs["to Send the offer"] = tab_to(page, ".gt-send-offer")
    before = pages.widget_text(page)
    press(page)
    city = given.split(" · ")[0]  # "Calgary · energy · NA"
    # The verdict's headline ("… accepted your trade") may reach the page before its lines, so
    # the wait is for the line that names the card given.
    said = pages.wait_text_with(page, before, "declined your offer", f"You gave {city}")
    assert "declined your offer" in said or "accepted your trade" in said, said[-600:]
    tabs["answer"] = next(
        line for line in said.splitlines() if "your offer" in line or "your trade" in line
    )
    page.screenshot(path=str(ARTIFACTS / "a11y-keys-globe_works-deal.png"))
    return tabs


def test_a_globe_works_deal_by_keys_only(browser, kit_voila) -> None:
    """Globe Works' deals by keys only: from page load through Start and six laps of turns
    (the deals window opens once every player has had 6 turns; no set-up choice makes it come
    sooner, so the test plays them), then an offer answered and a trade proposed and answered,
    with Tab, Enter and the arrows (see ``globe_works_deals``)."""
    app = harness.open_app(browser, kit_voila, "globe_works", f"seed={DEAL_SEED}")
    page = app.page
    PRESSED.clear()
    tabs: dict[str, Any] = {}
    try:
        pages.settle(page)
        tab_to(page, ".gt-start")
        press(page)
        page.wait_for_selector(".gt-app .gt-banner .gt-turn", timeout=120_000)
        tabs = globe_works_deals(page)
        print(f"\nglobe_works deals by keys: {tabs}")
        # Robot Ben's partnership offer came to the student, answered by keys.
        assert "offer answered" in tabs, tabs
    finally:
        record("globe_works", "deal by keys", tabs)
        record("globe_works", "moves to the deal by keys", list(PRESSED))
        page.screenshot(path=str(ARTIFACTS / "a11y-keys-globe_works-deals.png"))
        page.close()


ROUNDS = {
    "globalissimo": globalissimo_round,
    "geography_pursuit": geography_pursuit_round,
    "geotriple": geotriple_round,
    "global_pursuit": global_pursuit_round,
    "globe_works": globe_works_round,
}


@pytest.mark.parametrize("key", sorted(ROUNDS))
def test_a_whole_round_by_keys_only(browser, kit_voila, key: str) -> None:
    """From page load through Start and a whole round (every seat's turn until the student's
    comes again) with Tab, Shift+Tab, Enter, Space, the arrows and typing only; Enter in the
    answer box answers. Global Pursuit's student lays a card first (``lay_by_keys``); GeoTriple
    plays its whole round, the three stages, to Stage 3's verdict after the sixth trick."""
    driver = importlib.import_module(f"tests.e2e.apps.{key}")
    app = harness.open_app(browser, kit_voila, key, getattr(driver, "QUERY", ""))
    page = app.page
    PRESSED.clear()
    try:
        pages.settle(page)
        to_start = tab_to(page, ".gt-start")
        press(page)
        page.wait_for_selector(".gt-app .gt-banner .gt-turn", timeout=120_000)
        to_move = ROUNDS[key](page)
        record(
            key, "tabs, whole round by keys", {"to Start": to_start, "to the first move": to_move}
        )
        print(f"\n{key}: {to_start} Tab presses to Start, {to_move} more to the first move")
    finally:
        record(key, "moves of the round by keys", list(PRESSED))
        page.screenshot(path=str(ARTIFACTS / f"a11y-keys-{key}.png"))
        page.close()


def _open_page(browser: Any, server: Server, path: str, size: dict[str, int]) -> Any:
    page = browser.new_page()
    page.set_viewport_size(size)
    path = teacher_path(path, server.root)
    joiner = "&" if "?" in path else "?"
    page.goto(
        f"{server.url}/voila/render/{path}{joiner}token={server.token}",
        wait_until="commit",
        timeout=180_000,
    )
    return page


def test_the_report_and_the_class_game_pages_have_no_serious_axe_violation(
    browser, kit_voila, axe_source
) -> None:
    """axe on the teacher's lesson report, the class game's projector (the game picker, the
    room with its code, QR code and seats, the game) and a team's device (the code screen,
    the team picker, the team's game screen)."""
    found: dict[str, list[dict[str, Any]]] = {}
    opened: list[Any] = []
    projector_size, device_size = {"width": 1920, "height": 1080}, harness.VIEWPORT
    try:
        report = _open_page(browser, kit_voila, "20_lesson_report.ipynb", device_size)
        opened.append(report)
        report.wait_for_selector(".jupyter-widgets", timeout=180_000)
        report.wait_for_load_state("load", timeout=180_000)
        pages.settle(report)
        found["lesson report"] = axe(report, axe_source)

        projector = _open_page(browser, kit_voila, "play/class_game.ipynb", projector_size)
        opened.append(projector)
        projector.wait_for_selector(".gt-start", timeout=180_000)
        pages.settle(projector)
        found["class game: game picker"] = axe(projector, axe_source)
        projector.click(".gt-start")  # "Open the room"
        projector.wait_for_selector(".gt-room-code", timeout=60_000)
        code = projector.inner_text(".gt-room-code").strip()
        pages.settle(projector)
        found["class game: room (code, QR, seats)"] = axe(projector, axe_source)
        # The code is read off the projector from the back row: large (it once came out at
        # the lobby's 24 px).
        size = projector.evaluate(
            "() => parseFloat(getComputedStyle(document.querySelector('.gt-room-code')).fontSize)"
        )
        assert size >= 60, f"the room code is {size} px on the projector"

        device = _open_page(browser, kit_voila, "play/join.ipynb", device_size)
        opened.append(device)
        device.wait_for_selector(".gt-join-code input", timeout=180_000)
        pages.settle(device)
        found["join: code screen"] = axe(device, axe_source)
        device.fill(".gt-join-code input", code)
        device.locator(".gt-join-code input").press("Enter")  # Enter presses Join
        device.wait_for_selector(".gt-join-seat-0", timeout=60_000)
        pages.settle(device)
        found["join: which team"] = axe(device, axe_source)
        device.click(".gt-join-seat-0")
        device.wait_for_selector(".gt-banner", timeout=60_000)
        other = _open_page(browser, kit_voila, f"play/join.ipynb?room={code}", device_size)
        opened.append(other)
        other.wait_for_selector(".gt-join-seat-1", timeout=180_000)
        other.click(".gt-join-seat-1")
        other.wait_for_selector(".gt-banner", timeout=60_000)
        projector.wait_for_function(
            "() => document.body.innerText.includes('2 of 2 teams have joined')", timeout=30_000
        )
        projector.click(".gt-class-start")
        projector.wait_for_selector(".gt-banner", timeout=60_000)
        device.wait_for_selector(".gt-controls", timeout=60_000)
        pages.settle(device)
        found["join: a team's game screen"] = axe(device, axe_source)
        found["class game: the game on the projector"] = axe(projector, axe_source)
    finally:
        _close_class_pages("class pages", found, opened, "a11y-class-pages")
    _no_serious(found)


def _close_class_pages(
    name: str, found: dict[str, list[dict[str, Any]]], opened: list[Any], shots: str
) -> None:
    """Keep what axe found on each class page (``name`` in a11y.json), take a last picture of
    each page (``shots``-N.png) and close them."""
    record(
        name,
        "axe",
        {
            screen: {f"{v['id']} ({v['impact']})": v["nodes"] for v in violations}
            for screen, violations in found.items()
        },
    )
    for number, page in enumerate(opened):
        if not page.is_closed():
            page.screenshot(path=str(ARTIFACTS / f"{shots}-{number}.png"))
            page.close()


def _no_serious(found: dict[str, list[dict[str, Any]]]) -> None:
    bad = {screen: failing("class pages", v) for screen, v in found.items()}
    assert not any(bad.values()), json.dumps(bad, indent=1)


def test_the_honor_mode_class_pages_have_no_serious_axe_violation(
    browser, kit_voila, axe_source
) -> None:
    """axe on a class game's pages in honor mode (answers said out loud, marked by the
    teacher), Geography Pursuit in a room opened with honor chosen: the teacher's **Show the
    answer** on the projector, then the answer with **Right** / **Wrong**, and the verdict;
    the answering team's device ("say your answer out loud") and its verdict; the other
    team's device and a spectator while the answer is said, and the spectator's verdict."""
    from tests.e2e.test_class_game import _start
    from tests.e2e.test_class_game_honor import SAY_IT, _open_honor_room, until_asked_aloud

    found: dict[str, list[dict[str, Any]]] = {}
    opened: list[Any] = []
    try:
        projector, code = _open_honor_room(browser, kit_voila)
        opened.append(projector)
        devices, spectator = _start(browser, kit_voila, projector, code, 2, opened)
        seat = until_asked_aloud(projector, devices)
        asked, other = devices[seat], devices[1 - seat]
        assert asked.locator(f"{SAY_IT}:visible").count(), "no 'say your answer out loud'"
        for page in (projector, asked, other, spectator):
            pages.settle(page)
        found["projector: Show the answer"] = axe(projector, axe_source)
        found["the team asked: say your answer out loud"] = axe(asked, axe_source)
        found["the other team: who answers"] = axe(other, axe_source)
        found["spectator: who answers"] = axe(spectator, axe_source)
        projector.locator(".gt-controls .gt-show").first.click()
        projector.wait_for_selector(".gt-controls .gt-right:not([disabled])", timeout=30_000)
        pages.settle(projector)
        found["projector: the answer, Right / Wrong"] = axe(projector, axe_source)
        projector.locator(".gt-controls .gt-right").first.click()
        for page in (projector, asked, spectator):
            page.wait_for_selector(".gt-feedback:visible", timeout=30_000)
            pages.settle(page)
        found["projector: the teacher's verdict"] = axe(projector, axe_source)
        found["the team asked: the verdict"] = axe(asked, axe_source)
        found["spectator: the verdict"] = axe(spectator, axe_source)
    finally:
        _close_class_pages("class pages (honor mode)", found, opened, "a11y-class-honor")
    _no_serious(found)
