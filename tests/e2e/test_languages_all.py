"""Every student app and the class game's pages at ``?lang=es``, ``fr`` and ``de`` in a real
browser (issue 37): ``<html lang>`` is the page's language, no English sentence is on the set-up
screen or the game screen (country and state names included), a move is played and its verdict
is said in that language, and axe-core finds no serious or critical violation.

English is found with the catalogs, not a hand-made list: every piece of three words or more of
an English message whose translation differs (``english_fragments``) must be missing from the
page's visible text, and so must the English name of every country and U.S. state whose name in
that language is another (``english_places``) and small English words (``ENGLISH_WORDS``, for a
sentence that never reached the catalogs). Screenshots go to
``test-artifacts/lang-<app>-<code>-<screen>.png``.

One Voilà server (the session's) and one browser serve the whole module.
"""

from __future__ import annotations

import importlib
import re
import string
from functools import cache
from typing import Any

import pytest

from geoteach.data.place_names import names_in, place_name
from geoteach.data.usa import us_states
from geoteach.data.world import countries
from geoteach.i18n import translations
from tests.e2e import pages
from tests.e2e.apps import harness
from tests.e2e.apps.geography_pursuit import _question_space
from tests.e2e.apps.globe_works import PICKED_JS, PLAYABLE_JS, STEPS, _do, _next_step
from tests.e2e.conftest import ARTIFACTS, Server
from tests.e2e.servers import teacher_path
from tests.e2e.test_accessibility import axe, axe_source, failing  # noqa: F401 (a fixture)
from tests.e2e.test_student_apps import DRIVERS
from tests.languages import english_fragments

LANGUAGES = ("es", "fr", "de")

#: Cases that fail today only because a screen is still in English (checked: strict xfail).
STILL_ENGLISH: dict[tuple[str, str], str] = {}


def tr(code: str, message: str, **values: Any) -> str:
    """``message`` in ``code`` from its catalog, with ``values`` put in, cut before the first
    placeholder not given (the fixed words a page must show)."""
    text = translations(code).gettext(message)
    out = []
    for literal, field, _spec, _conv in string.Formatter().parse(text):
        out.append(literal)
        if field is None:
            continue
        if field not in values:
            break
        out.append(str(values[field]))
    return "".join(out)


@cache
def english_places(code: str) -> tuple[str, ...]:
    """English names of the countries and U.S. states that ``code`` names otherwise (a name
    that holds the English one, as "Texas" in French, is left out: it cannot tell)."""
    found = []
    for kind, table in (("country", countries()), ("state", us_states())):
        for place, english in table["name"].items():
            own = place_name(kind, str(place), str(english), code)
            if str(english) not in own:
                found.append(str(english))
    return tuple(sorted(set(found)))


@cache
def translated_fragments(code: str) -> tuple[str, ...]:
    """Pieces of two words or more of ``code``'s translations that are not English: a verdict
    said in that language holds one of them."""
    catalog = translations(code)._catalog  # type: ignore[attr-defined]
    found = set()
    for key, said in catalog.items():
        english = key[0] if isinstance(key, tuple) else key
        if not english or said == english:
            continue
        for piece in re.split(r"\{\w*\}|[()“”«»:;.,!?¡¿…]", said):
            words = piece.split()
            if len(words) >= 2 and " ".join(words) not in english:
                found.add(" ".join(words))
    return tuple(sorted(found))


#: Small English words that are no word of Spanish, French or German: one of them on a page in
#: those languages (place names taken out) is English the catalogs do not know of.
ENGLISH_WORDS = frozenset(
    {"the", "you", "your", "which", "are", "is", "and", "of", "with", "this", "what"}
)


@cache
def own_names(code: str) -> tuple[str, ...]:
    """Every country and state name a page in ``code`` shows (English where the data has no
    name in ``code``), longest first."""
    shown = {name for name, _ in names_in(code).values()}
    for kind, table in (("country", countries()), ("state", us_states())):
        shown.update(place_name(kind, str(p), str(e), code) for p, e in table["name"].items())
    return tuple(sorted(shown, key=len, reverse=True))


def english_on(text: str, code: str) -> list[str]:
    """The English sentences, place names and small words of ``text`` (a page in ``code``). The
    page's own place names are taken out first: German's "New Mexico" holds "Mexico" (Mexiko)."""
    left = sorted(f for f in english_fragments(code) if f in text)
    for name in own_names(code):
        text = text.replace(name, " ")
    left += [p for p in english_places(code) if re.search(rf"(?<!\w){re.escape(p)}(?!\w)", text)]
    # A sentence that never reached the catalogs is caught by its small English words.
    left += sorted(
        {f"the word {w!r}" for w in re.findall(r"\w+", text) if w.lower() in ENGLISH_WORDS}
    )
    return left


def visible_text(page: Any) -> str:
    return str(page.locator("body").inner_text())


def check_screen(page: Any, code: str, name: str, source: str, run_axe: bool = True) -> None:
    """The page in ``code``: its ``lang``, no English on it, no serious axe violation; a
    screenshot ``lang-<name>.png`` first, so a failure can be looked at.

    axe-core is run on the last screen of a case (``run_axe``): a page's structure, names and
    contrast are the same in every language (test_accessibility.py runs axe on each screen in
    English), and what a language changes, ``lang`` and the words, is checked on every screen.
    """
    pages.settle(page)
    page.screenshot(path=str(ARTIFACTS / f"lang-{name}.png"), full_page=True)
    assert page.evaluate("() => document.documentElement.lang") == code
    left = english_on(visible_text(page), code)
    assert not left, f"English on the {code} page ({name}): {left}"
    if run_axe:
        bad = failing(name, axe(page, source))
        assert not bad, f"axe on {name}: {bad}"


def said_in(text: str, code: str) -> None:
    """``text`` (a verdict) is in ``code``: no English in it and words of its catalog."""
    assert text.strip(), "nothing was said"
    left = english_on(text, code)
    assert not left, f"English in the {code} verdict: {left} in {text!r}"
    assert any(f in text for f in translated_fragments(code)), f"not in {code}: {text!r}"


def choose(app: harness.AppPage, selector: str, code: str, english: str) -> None:
    """Pick the option ``english`` says in ``code`` in the drop-down in ``selector``, opening
    the "More choices" fold when it is under it."""
    select = app.page.locator(f"{selector} select").first
    if not select.is_visible():
        app.page.locator(".gt-more-choices-toggle").first.click()
        select.wait_for(state="visible", timeout=10_000)
    select.select_option(label=tr(code, english))


def new_lines(before: str, after: str) -> str:
    """The lines of ``after`` that ``before`` did not have (what a move made the page say)."""
    old = set(before.splitlines())
    return "\n".join(line for line in after.splitlines() if line.strip() and line not in old)


# ----- one move per app, said in the page's language ------------------------------------------


def globalissimo_move(app: harness.AppPage, code: str) -> str:
    app.wait_for(".gt-rank")
    app.click(".gt-rank")
    app.wait_for(".gt-continue")
    verdict = app.feedback()
    assert (
        tr(code, "Round {number}: the true order — {category}", number=1).rstrip(" —–") in verdict
    ), verdict
    return verdict


def geotriple_move(app: harness.AppPage, code: str) -> str:
    page = app.page
    yours = tr(
        code, "Your turn: click the state you think {other} holds (guess {number} of {guesses})."
    )
    turn = page.locator(".gt-app .gt-banner .gt-turn")
    for _ in range(8):  # the computer may guess first: read its verdicts until it is yours
        if yours in turn.inner_text():
            break
        if page.locator(".gt-continue:visible").count():
            app.click(".gt-continue")
        turn.filter(has_text=yours).or_(page.locator(".gt-continue:visible")).first.wait_for(
            timeout=90_000
        )
    assert yours in turn.inner_text(), turn.inner_text()
    texas = place_name("state", "TX", "Texas", code)
    app.click_canvas("TX")
    page.locator(".gt-feedback:visible").filter(has_text=texas).first.wait_for(timeout=60_000)
    return app.feedback()


def geography_pursuit_move(app: harness.AppPage, code: str) -> str:
    page = app.page
    app.wait_for(".gt-roll", timeout=120)
    app.click(".gt-roll")
    app.wait_for(".gt-space")
    app.click_canvas(_question_space(app.targets()))
    if page.locator(".gt-category:visible").count():
        app.click(".gt-category")
    app.wait_for(".gt-pursuit-card")
    before = app.text()
    answer = page.locator(".gt-pursuit-card:visible input")
    if answer.count():
        answer.first.fill("0")
        answer.first.press("Enter")
    else:
        app.click(".gt-pursuit-card button")
    app.wait_for(".gt-continue")
    return app.feedback() or new_lines(before, app.text())


def global_pursuit_move(app: harness.AppPage, code: str) -> str:
    app.wait_for(".gt-cannot", timeout=180)
    before = app.text()
    app.click(".gt-cannot")  # "I cannot lay a card": the computers play, said in the log
    after = pages.wait_text_with(app.page, before, "Robot", timeout=180)
    return new_lines(before, after)


def globe_works_move(app: harness.AppPage, code: str) -> str:
    step = _next_step(app)
    before = app.text()
    if step == ".gt-play":
        playable = app.page.evaluate(PLAYABLE_JS)
        if playable:
            card = app.page.evaluate(PICKED_JS)[0] if app.page.evaluate(PICKED_JS) else ""
            if not card:
                app.click_canvas(playable[0])
                card = playable[0]
            _do(app, ".gt-play", card=card)
        else:
            _do(app, ".gt-draw")
    else:
        assert step in (*STEPS, ".gt-pass"), step
        _do(app, step)
    return app.feedback() or new_lines(before, pages.wait_text_change(app.page, before))


MOVES = {
    "globalissimo": globalissimo_move,
    "geotriple": geotriple_move,
    "geography_pursuit": geography_pursuit_move,
    "global_pursuit": global_pursuit_move,
    "globe_works": globe_works_move,
}


def _case(key: str, code: str) -> Any:
    reason = STILL_ENGLISH.get((key, code))
    marks = [pytest.mark.xfail(strict=True, reason=reason)] if reason else []
    return pytest.param(key, code, id=f"{key}-{code}", marks=marks)


@pytest.mark.browser
@pytest.mark.parametrize(("key", "code"), [_case(k, c) for k in DRIVERS for c in LANGUAGES])
def test_an_app_is_set_up_played_and_said_in_the_language(
    browser, voila: Server, request: pytest.FixtureRequest, key: str, code: str
) -> None:
    script = request.getfixturevalue("axe_source")
    assert set(DRIVERS) == set(MOVES)
    # The checks have something to look for in this language.
    assert len(english_fragments(code)) > 200 and len(english_places(code)) > 100
    driver = importlib.import_module(f"tests.e2e.apps.{key}")
    app = harness.open_app(browser, voila, key, f"lang={code}&{driver.QUERY}")
    page = app.page
    try:
        page.wait_for_function(f"document.documentElement.lang === {code!r}", timeout=60_000)
        page.locator(".gt-setup .gt-start").filter(has_text=tr(code, "Start the game")).wait_for(
            timeout=60_000
        )
        check_screen(page, code, f"{key}-{code}-setup", script, run_axe=False)
        choose(app, ".gt-option-bot-delay", code, "fast")
        harness.start_game(app)
        check_screen(page, code, f"{key}-{code}-game", script, run_axe=False)
        verdict = MOVES[key](app, code)
        said_in(verdict, code)
        check_screen(page, code, f"{key}-{code}-verdict", script)
    finally:
        page.close()


# ----- the class game's teacher page and a team's page ----------------------------------------

PROJECTOR = {"width": 1920, "height": 1080}


def _open(browser: Any, voila: Server, path: str, size: dict[str, int]) -> Any:
    page = browser.new_page()
    page.set_viewport_size(size)
    path = teacher_path(path, voila.root)
    page.goto(
        f"{voila.url}/voila/render/play/{path}&token={voila.token}",
        wait_until="commit",
        timeout=180_000,
    )
    return page


#: The class game's pages that are still English, per page and language (strict xfail).
CLASS_STILL_ENGLISH: dict[tuple[str, str], str] = {}


def _class_case(page: str, code: str) -> Any:
    reason = CLASS_STILL_ENGLISH.get((page, code))
    marks = [pytest.mark.xfail(strict=True, reason=reason)] if reason else []
    return pytest.param(code, id=code, marks=marks)


#: The teacher's page speaks another language than the teams' in each case, so every language
#: is checked on both pages and each case is a class whose devices differ (issue 37: "a class
#: game's devices may each use their own language").
TEACHER_LANGUAGE = {"es": "de", "fr": "es", "de": "fr"}


def _join_two(
    browser: Any, voila: Server, room: str, code: str, script: str, picker: bool
) -> list[Any]:
    """Two teams' devices at ``?lang=code`` join ``room``; the first one's team picker is
    checked when ``picker``."""
    devices = []
    for seat in (0, 1):
        device = _open(browser, voila, f"join.ipynb?room={room}&lang={code}", harness.VIEWPORT)
        devices.append(device)
        device.wait_for_selector(f".gt-join-seat-{seat}", timeout=180_000)
        if picker and seat == 0:
            check_screen(device, code, f"class-{code}-which-team", script, run_axe=False)
        device.click(f".gt-join-seat-{seat}")
        device.wait_for_selector(".gt-banner", timeout=60_000)
    return devices


@pytest.mark.browser
@pytest.mark.parametrize("code", [_class_case("team game", c) for c in LANGUAGES])
def test_a_class_game_whose_teacher_and_teams_speak_two_languages(
    browser, voila: Server, request: pytest.FixtureRequest, code: str
) -> None:
    """The teacher's page at ``?lang=`` of ``TEACHER_LANGUAGE[code]`` (the game picker, then
    the room with its code), two teams at ``?lang=code`` (the team picker, the waiting screen),
    and once the teacher starts, the team's game screen."""
    script = request.getfixturevalue("axe_source")
    teacher = TEACHER_LANGUAGE[code]
    projector = _open(browser, voila, f"class_game.ipynb?lang={teacher}", PROJECTOR)
    opened = [projector]
    try:
        projector.wait_for_selector(".gt-start", timeout=180_000)
        check_screen(projector, teacher, f"class-{teacher}-picker", script, run_axe=False)
        projector.click(".gt-start")  # "Open the room"
        projector.wait_for_selector(".gt-room-code", timeout=60_000)
        check_screen(projector, teacher, f"class-{teacher}-room", script)
        room = projector.inner_text(".gt-room-code").strip()
        devices = _join_two(browser, voila, room, code, script, picker=True)
        opened += devices
        check_screen(devices[0], code, f"class-{code}-joined", script, run_axe=False)
        joined = (
            translations(teacher)
            .ngettext("{joined} of {n} team has joined", "{joined} of {n} teams have joined", 2)
            .format(joined=2, n=2)
        )
        projector.wait_for_function(
            "(w) => document.body.innerText.includes(w)", arg=joined, timeout=30_000
        )
        projector.click(".gt-class-start")
        projector.wait_for_selector(".gt-banner", timeout=60_000)
        devices[0].wait_for_selector(".gt-controls", timeout=60_000)
        check_screen(devices[0], code, f"class-{code}-team-game", script)
    finally:
        for page in opened:
            page.close()
