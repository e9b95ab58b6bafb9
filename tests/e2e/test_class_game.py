"""The class game in real browsers: one projector page and several team devices on one room.

Voilà serves ``notebooks/play/class_game.ipynb`` (the projector, 1920×1080) and
``join.ipynb`` (each team's device at 1366×768, and a spectator). The teacher opens the room;
the teams type nothing but open the QR link (``?room=CODE``) and pick their team; a spectator
just watches. A whole round of each game is played by clicks on the device whose turn it is,
and after each move the test waits until the projector, the other teams and the spectator show
it (their logs grow by one, without any reload), and the team's own log says it too. Mid-game
one team's page is closed and its own link (which the page put in its address when the team
took its seat) opened again: it comes back to the same seat, its Moves log says what the
projector's says, and it plays on. After every move no device shows another team's hand.
Timings (move on one device → shown on the others) are recorded.

What a round is, per game (each asserted from what the pages show):

* Globalissimo (two teams): every team ranks a country, the round is scored (the projector's
  score sheet gets its column) and the next round begins (the banners say its number); then
  the round after it, with the reopened device.
* Globe Works (three teams and a spectator, four devices): every team takes its turn and the
  turn passes back to the first team (the projector's banner says whose turn and "turn 2").
* GeoTriple (two teams): the three stages, Stage 1's clues and guesses, the border race (the
  reopening is there), Stage 3's six tricks, the round's scoring, and the next round begun.
* Geography Pursuit and Global Pursuit (two teams): each team's turn until the turn passes
  back to the first team (the projector's banner says whose turn; Global Pursuit's the round);
  the device asked a question never sees its answer before it is answered.
"""

from __future__ import annotations

import contextlib
import re
import time
from collections import Counter
from typing import Any

from playwright.sync_api import TimeoutError as PlaywrightTimeout

from geoteach.bots.global_pursuit import GlobalPursuitBot
from geoteach.games.geotriple.cards import plunge_cards
from geoteach.games.geotriple.challenges import challenge_deck, true_answers
from geoteach.games.geotriple.game import default_states
from geoteach.games.globe_works.cards import cards
from geoteach.store.rooms import RoomStore
from tests.classroom.service import Replica
from tests.e2e import pages
from tests.e2e.apps import harness
from tests.e2e.apps.global_pursuit import card_that_fits
from tests.e2e.conftest import ARTIFACTS
from tests.e2e.servers import teacher_path
from tests.waiting import until

PROJECTOR = {"width": 1920, "height": 1080}
DEVICE = {"width": 1366, "height": 768}
#: How many logged moves a page shows: the log's first number plus its lines, minus one.
LOGGED_JS = """() => {
  const ol = document.querySelector('.gt-log ol');
  if (!ol) return 0;
  return Number(ol.getAttribute('start') || 1) + ol.querySelectorAll('li').length - 1;
}"""


def _open(browser: Any, voila: Any, path: str, size: dict[str, int]) -> Any:
    page = browser.new_page()
    page.set_viewport_size(size)
    path = teacher_path(path, voila.root)
    joiner = "&" if "?" in path else "?"
    page.goto(
        f"{voila.url}/voila/render/play/{path}{joiner}token={voila.token}",
        wait_until="commit",
        timeout=180_000,
    )
    return page


def _logged(page: Any) -> int:
    return int(page.evaluate(LOGGED_JS))


def _wait_logged(page: Any, at_least: int, timeout: float = 30.0) -> float:
    begin = time.monotonic()
    page.wait_for_function(f"() => ({LOGGED_JS})() >= {at_least}", timeout=timeout * 1000)
    return time.monotonic() - begin


def _click_taken(page: Any, selector: str) -> None:
    """Clicks the first control ``selector`` finds and waits until the click is taken: its
    button has gone or dimmed. The button's own page redraws after the others have shown the
    move, so without the wait the next look could see it still there and click it again."""
    button = page.locator(selector).first.element_handle()
    button.click()
    page.wait_for_function(
        "b => !b.isConnected || b.disabled || b.offsetParent === null",
        arg=button,
        timeout=30_000,
    )


def _no_errors(page: Any) -> None:
    body = page.inner_text("body")
    assert "Traceback" not in body and "Something went wrong" not in body, body[-1500:]
    assert not pages.ui_errors(page), pages.ui_errors(page)


#: The Moves log as a page shows it: its first number, then its lines.
LOG_LINES_JS = """() => {
  const ol = document.querySelector('.gt-log ol');
  if (!ol) return [];
  return [ol.getAttribute('start') || '1',
          ...[...ol.querySelectorAll('li')].map(li => li.innerText.trim())];
}"""


#: The Moves log's last number fits in the room the list leaves for it (its marker is drawn
#: there; a side column cuts what sticks out: "28." once showed as "8.").
LOG_NUMBERS_FIT_JS = """() => {
  const ol = document.querySelector('.gt-log ol');
  const items = ol ? ol.querySelectorAll('li') : [];
  if (!items.length) return [0, 0];
  const last = Number(ol.getAttribute('start') || 1) + items.length - 1;
  const pen = document.createElement('canvas').getContext('2d');
  pen.font = getComputedStyle(items[items.length - 1]).font;
  return [pen.measureText(last + '. ').width, parseFloat(getComputedStyle(ol).paddingLeft)];
}"""


def _log_numbers_fit(page: Any) -> None:
    need, room = page.evaluate(LOG_NUMBERS_FIT_JS)
    assert need <= room, f"the log's numbers need {need:.0f} px and have {room:.0f} px"


def _same_log(page: Any, like: Any, timeout: float = 30.0) -> None:
    """Wait until ``page``'s Moves log says what ``like``'s says (the same numbers and lines)."""

    def same() -> bool:
        mine = page.evaluate(LOG_LINES_JS)
        return bool(mine) and mine == like.evaluate(LOG_LINES_JS)

    until(
        same,
        "the logs differ",
        timeout,
        0.3,
        lambda: (page.evaluate(LOG_LINES_JS), like.evaluate(LOG_LINES_JS)),
    )


#: The verdict was read: its Continue went, or another verdict came in its place.
READ_JS = f"(before) => !{harness.SHOWN_JS}('.gt-continue') || {harness.FEEDBACK_JS} !== before"


def _read_verdicts(devices: list[Any]) -> None:
    """Continue on each verdict a device shows (a step waits until it is read), and wait
    until the verdict has gone (or another came), so it is not read twice."""
    for page in devices:
        if _shown(page, ".gt-continue"):
            before = page.evaluate(f"() => {harness.FEEDBACK_JS}")
            page.locator(".gt-continue").first.click()
            with contextlib.suppress(PlaywrightTimeout):
                page.wait_for_function(READ_JS, arg=before, polling=50, timeout=10_000)


def _step_or_verdict(devices: list[Any], step_of: Any, timeout: float) -> None:
    """Wait until a device shows a step (``step_of`` says one) or a verdict to read."""
    until(
        lambda: any(step_of(p) is not None or _shown(p, ".gt-continue") for p in devices),
        "no team was asked to act",
        max(1.0, timeout),
        0.3,
    )


BANNER_SAYS_JS = """(words) => {
  const b = document.querySelector('.gt-banner');
  return !!b && words.every(w => b.innerText.includes(w));
}"""


def _banner_says(page: Any, *words: str, timeout: float = 30.0) -> None:
    """Wait until the page's banner says all of ``words`` (it follows the move a moment after
    the log on a busy machine)."""
    try:
        page.wait_for_function(BANNER_SAYS_JS, arg=list(words), timeout=timeout * 1000)
    except Exception as error:
        banner = page.locator(".gt-banner").first.inner_text()
        raise AssertionError(f"the banner does not say {words}: {banner!r}") from error


def _room(voila: Any, code: str) -> Replica:
    """The room's whole game, as its log in the store has it (for the test to know whose turn
    it is and where a card fits; the pages are checked against it)."""
    rooms = RoomStore(str(voila.root / "records" / "rooms.sqlite"))
    return Replica(rooms, code)


#: Every state's name, in the order a team that knows nothing guesses them.
STATE_NAMES = sorted(str(name) for name in default_states()["name"].tolist())


def _shown(page: Any, selector: str) -> bool:
    found = page.locator(selector)
    return bool(found.count()) and found.first.is_visible()


#: What the team to act clicks in Globalissimo: a rank for the country picked, or an answer at
#: a hurdle.
#: Controls dimmed while the device's last move is worked out (gt-busy) are not the next step:
#: a look then would click the old step's button, which takes no click.
RANK = ".gt-controls:not(.gt-busy) .gt-rank:not([disabled])"
ANSWER = ".gt-controls:not(.gt-busy) .gt-submit:not([disabled])"


def _globalissimo_step(page: Any) -> bool:
    return _shown(page, RANK) or _shown(page, ANSWER)


def _globalissimo_act(page: Any) -> None:
    """One move by clicks: the first rank button, or at a hurdle the number 1 typed (a wrong or
    right answer is a move all the same)."""
    if _shown(page, RANK):
        page.locator(RANK).first.click()
        return
    page.fill(".gt-controls .gt-answer input", "1")
    page.locator(ANSWER).first.click()


#: Globe Works' steps for the team to act, in the order the test takes them: say no to a deal,
#: discard, play the picked card (else draw), or pass.
GLOBE_WORKS_STEPS = (".gt-decline", ".gt-no-deal", ".gt-discard", ".gt-play", ".gt-pass")
#: The card ids in a page's hand strip and the playable ones (their buttons carry gt-card-<id>).
HAND_JS = """(only) => [...document.querySelectorAll('.gt-hand-card' + only)]
  .filter(b => b.offsetParent !== null)
  .map(b => [...b.classList].find(c => c.startsWith('gt-card-')))
  .filter(c => c).map(c => c.slice('gt-card-'.length))"""


def _hand(page: Any, only: str = "") -> list[str]:
    return list(page.evaluate(HAND_JS, only))


def _globe_works_step(page: Any) -> bool:
    return any(_shown(page, f"{s}:not([disabled])") for s in GLOBE_WORKS_STEPS) or _shown(
        page, ".gt-draw:not([disabled])"
    )


def _globe_works_act(page: Any) -> bool:
    """One move by clicks: no deal, a discard, the first playable card (the screen picks it),
    a draw when nothing can be played (and the discard after it), or pass. False for a move
    the log does not say: "No deal" (the log says the deals made, not the ones refused)."""
    for selector in (".gt-decline", ".gt-no-deal", ".gt-discard"):
        if _shown(page, f"{selector}:not([disabled])"):
            page.locator(selector).first.click()
            return selector != ".gt-no-deal"
    if _hand(page, ".gt-playable") and _shown(page, ".gt-play:not([disabled])"):
        page.locator(".gt-play").first.click()
    elif _shown(page, ".gt-draw:not([disabled])") or _shown(
        page, ".gt-take-discard:not([disabled])"
    ):
        # The log says a draw with the discard that follows it ("drew a card and discarded …").
        draw = ".gt-draw" if _shown(page, ".gt-draw:not([disabled])") else ".gt-take-discard"
        page.locator(draw).first.click()
        page.wait_for_selector(".gt-discard:not([disabled])", timeout=30_000)
        page.locator(".gt-discard").first.click()
    else:
        page.locator(".gt-pass").first.click()
    return True


#: GeoTriple's steps for a team, in the order the test takes them: give a clue, guess a state
#: (typed), give up the border race, put two cards away, say whether it GeoPlunges, lead.
GEOTRIPLE_STEPS = (
    ".gt-give-clue",
    ".gt-guess-button",
    ".gt-give-up",
    ".gt-put-away",
    ".gt-plunge-no",
    ".gt-category",
)
#: The states still possible, as the device's list says them ("Still possible (3): Ohio, …").
POSSIBLE_JS = """() => {
  const p = document.querySelector('.gt-possible-list');
  return p && p.offsetParent !== null ? p.innerText.split(':').slice(1).join(':') : '';
}"""


def _true_clue(page: Any) -> str:
    """A true answer to the GeoChallenge card about the team's secret state, as the team knows
    it (the kit's own challenge deck stands in for the students' knowledge)."""
    text = page.inner_text(".gt-app")
    secret = re.search(r"Your secret card: (.+?) \(", text)
    assert secret, text[-800:]
    cards = plunge_cards(default_states())
    card = next(c for c in cards.values() if c.name == secret.group(1))
    challenge = next(c for c in challenge_deck(cards).values() if c.ask in text)
    return true_answers(challenge, card, cards)[0]


#: Stage 3: this device is to play a card on the trick the other team led.
FOLLOWING_JS = """() => {
  const c = document.querySelector('.gt-controls');
  return !!c && c.offsetParent !== null && / led .+ and said /.test(c.innerText) &&
    [...document.querySelectorAll('.gt-card-tile')].some(t => t.offsetParent !== null);
}"""


def _geotriple_step(page: Any) -> bool:
    # "Put them away" is greyed until two cards are picked: its step is there all the same.
    return (
        _shown(page, ".gt-put-away")
        or any(_shown(page, f"{s}:not([disabled])") for s in GEOTRIPLE_STEPS)
        or bool(page.evaluate(FOLLOWING_JS))
    )


def _geotriple_act(page: Any, guessed: dict[int, set[str]]) -> None:
    """One move by clicks and typing: the first clue on offer; a guess of a state the map still
    allows (typed, the keyboard route); giving up the race; two cards put away; no GeoPlunge;
    Population led with the first card; the first card played on a trick led by the other."""
    if _shown(page, ".gt-give-clue"):
        page.select_option(".gt-clue select", label=_true_clue(page))
        page.locator(".gt-give-clue").first.click()
    elif _shown(page, ".gt-guess-button"):
        tried = guessed.setdefault(id(page), set())
        said = [n.strip() for n in str(page.evaluate(POSSIBLE_JS)).split(",") if n.strip()]
        name = next(n for n in [*said, *STATE_NAMES] if n not in tried)
        tried.add(name)
        page.fill(".gt-guess input", name)
        page.locator(".gt-guess-button").first.click()
    elif _shown(page, ".gt-give-up:not([disabled])"):
        page.locator(".gt-give-up").first.click()
    elif _shown(page, ".gt-put-away"):
        for nth in (0, 1):
            page.locator(".gt-card-tile").nth(nth).click()
        page.wait_for_selector(".gt-put-away:not([disabled])", timeout=10_000)
        page.locator(".gt-put-away").first.click()
    elif _shown(page, ".gt-plunge-no"):
        page.locator(".gt-plunge-no").first.click()
    elif _shown(page, ".gt-category"):
        page.locator(".gt-category button").nth(2).click()  # Population
        page.wait_for_selector(".gt-category button.mod-active", timeout=10_000)
        page.locator(".gt-card-tile").first.click()
    else:  # follow the trick with the first card
        page.locator(".gt-card-tile").first.click()


#: Per game: is this device asked to act, and its move by clicks.
_GUESSED: dict[int, set[str]] = {}
DRIVERS = {
    "globalissimo": (_globalissimo_step, _globalissimo_act),
    "globe_works": (_globe_works_step, _globe_works_act),
    "geotriple": (_geotriple_step, lambda page: _geotriple_act(page, _GUESSED)),
}


def _acting(game: str, devices: list[Any]) -> int | None:
    asked, _act = DRIVERS[game]
    return next((seat for seat, page in enumerate(devices) if asked(page)), None)


def _move(game: str, devices: list[Any], watchers: list[Any], timeout: float = 60.0) -> float:
    """A move by clicks on the device whose turn it is; wait until every other page shows it."""

    def asked() -> tuple[int] | None:  # a one-item tuple: seat 0 counts as found
        found = _acting(game, devices)
        if found is None:
            _read_verdicts(devices)
            return None
        return (found,)

    (seat,) = until(asked, "no team was asked to move", timeout, 0.3)
    others = [p for i, p in enumerate(devices) if i != seat] + watchers
    before = [_logged(p) for p in others]
    mine = _logged(devices[seat])
    devices[seat].evaluate(harness.WATCH_JS)
    begin = time.monotonic()
    logged = DRIVERS[game][1](devices[seat])
    if logged is False:  # a move the log does not say: the next one's check covers it
        _settled(devices[seat])
        return time.monotonic() - begin
    for page, count in zip(others, before, strict=True):
        _wait_logged(page, count + 1)
    took = time.monotonic() - begin
    _wait_logged(devices[seat], mine + 1)  # the team's own log says its move too
    _settled(devices[seat])
    return took


#: The page changed after WATCH_JS was installed, and has been still for 0.4 s since.
SETTLED_JS = (
    "() => window.__gtChanged !== null && performance.now() - window.__gtLast > "
    f"{harness.QUIET_SECONDS * 1000}"
)


def _settled(page: Any) -> None:
    """Wait until the page that moved has drawn its move: its own redraw may come after the
    others have shown it (a busy machine), and a look before then sees the old step's buttons
    and clicks them again."""
    page.wait_for_function(SETTLED_JS, timeout=30_000)


def _open_room(browser: Any, voila: Any, title: str | None = None) -> tuple[Any, str]:
    """The projector page with a room open for ``title`` (the picker's first game if None)."""
    projector = _open(browser, voila, "class_game.ipynb", PROJECTOR)
    projector.wait_for_selector(".gt-start", timeout=180_000)
    if title is not None:
        projector.select_option(".gt-class-game-picker select", label=title)
        # The set-up screen of that game replaces the first one, headed by its title.
        projector.wait_for_function(
            f"() => document.querySelector('.gt-app h2')?.innerText.trim() === {title!r}",
            timeout=60_000,
        )
    projector.click(".gt-start")  # "Open the room"
    projector.wait_for_selector(".gt-room-code", timeout=60_000)
    code = projector.inner_text(".gt-room-code").strip()
    assert len(code) == 6 and projector.locator(".gt-class-lobby svg").count() == 1
    return projector, code


def _join(browser: Any, voila: Any, code: str, seat: int | None) -> Any:
    """A device that opened the QR link and took ``seat`` (or just watches, for None)."""
    page = _open(browser, voila, f"join.ipynb?room={code}", DEVICE)
    if seat is None:
        page.wait_for_selector(".gt-join-watch", timeout=180_000)
        page.click(".gt-join-watch")
        page.wait_for_selector(".gt-banner", timeout=60_000)
        return page
    page.wait_for_selector(f".gt-join-seat-{seat}", timeout=180_000)
    page.fill(".gt-join-nickname input", f"<i>desk {seat + 1}</i>")
    page.click(f".gt-join-seat-{seat}")
    page.wait_for_selector(".gt-banner", timeout=60_000)
    page.wait_for_function("() => location.search.includes('key=')", timeout=30_000)
    return page


def _start(
    browser: Any, voila: Any, projector: Any, code: str, teams: int, opened: list[Any]
) -> tuple[list[Any], Any]:
    """Each team joins from its own device and a spectator watches; the teacher starts once
    every team has joined. The team devices and the spectator's page (all in ``opened``)."""
    devices = []
    for seat in range(teams):
        devices.append(_join(browser, voila, code, seat))
        opened.append(devices[-1])
    spectator = _join(browser, voila, code, None)
    opened.append(spectator)
    projector.wait_for_function(
        f"() => document.body.innerText.includes('{teams} of {teams} teams have joined')",
        timeout=30_000,
    )
    projector.click(".gt-class-start")
    projector.wait_for_selector(".gt-banner", timeout=60_000)
    return devices, spectator


def _reopen(browser: Any, voila: Any, page: Any, projector: Any, team: str) -> Any:
    """A device's lid closes; its own link (which the page put in its address) opens again:
    the same seat (``team``), and a Moves log that says what the projector's says."""
    link = page.url
    logged = _logged(page)
    page.close()
    again = _open(browser, voila, link.split("/play/", 1)[1].split("&token=")[0], DEVICE)
    again.wait_for_selector(".gt-banner", timeout=180_000)
    # Its log says the moves made before it opened again too (it once began empty).
    _wait_logged(again, logged)
    _same_log(again, projector)
    who = again.inner_text(".gt-device-who")
    assert "You play for" in who and team in who, who
    again.screenshot(path=str(ARTIFACTS / "class-game-reopened-device.png"))
    return again


#: The round a Globalissimo or GeoTriple page's banner names ("Round 2 of 10", "Round 2 · ...").
ROUND_JS = """() => {
  const m = (document.querySelector('.gt-banner')?.innerText || '').match(/Round (\\d+)/);
  return m ? Number(m[1]) : 0;
}"""
#: Globalissimo's score sheet on the projector: its rows of cells (the first is the heading).
SHEET_JS = """() => [...document.querySelectorAll('.gt-sheet tr')]
  .map(tr => [...tr.children].map(c => c.textContent.trim()))"""


def _round(page: Any) -> int:
    return int(page.evaluate(ROUND_JS))


def _globalissimo_round(devices: list[Any], watchers: list[Any], number: int) -> int:
    """Moves by clicks until every page's banner says round ``number`` (each team ranked a
    country, the round was scored and any hurdle faced); returns the moves it took."""
    moves = ranked = 0
    while _round(watchers[0]) < number:
        harness.record(
            "class game: move on a device → shown on the others",
            _move("globalissimo", devices, watchers),
        )
        moves += 1
        assert moves <= 2 + 2 * len(devices), f"round {number - 1} did not end in {moves} moves"
        ranked += " puts " in watchers[0].evaluate(LOG_LINES_JS)[-1]
        if 0 < ranked < len(devices):
            # A country ranked in this round, not yet turned over: the public pages show this
            # round's cards, not the last round's true order (nobody presses its Continue).
            for page in watchers:
                page.wait_for_function(
                    "() => [...document.querySelectorAll('.gt-feedback')]"
                    ".every(f => f.offsetParent === null)",
                    timeout=30_000,
                )
    for page in [*devices, *watchers]:
        page.wait_for_function(f"() => ({ROUND_JS})() === {number}", timeout=30_000)
    return moves


def test_a_class_game_on_a_projector_and_team_devices(browser, voila) -> None:
    """Globalissimo, two teams and a spectator: round 1 played whole (both teams rank, the
    round is scored on the projector's score sheet, round 2 begins), Team Blue's laptop closed
    and opened again, then round 2 played whole."""
    projector, code = _open_room(browser, voila)
    opened: list[Any] = [projector]
    try:
        projector.screenshot(path=str(ARTIFACTS / "class-game-room.png"))
        devices = []
        for seat in (0, 1):
            devices.append(_join(browser, voila, code, seat))
            opened.append(devices[-1])
        spectator = _join(browser, voila, code, None)
        opened.append(spectator)

        projector.wait_for_function(
            "() => document.body.innerText.includes('2 of 2 teams have joined')", timeout=30_000
        )
        seats = projector.inner_text(".gt-class-seats")
        assert "<i>desk 1</i>" in seats  # the nickname is shown as typed, never as markup
        projector.click(".gt-class-start")
        projector.wait_for_selector(".gt-banner", timeout=60_000)

        watchers = [projector, spectator]
        assert _round(projector) == 1
        _globalissimo_round(devices, watchers, 2)
        # The round is scored: the sheet has its column and a row for each team.
        sheet = projector.evaluate(SHEET_JS)
        assert sheet and sheet[0][2] == "R1", sheet
        teams = " ".join(row[1] for row in sheet[1:])
        assert len(sheet) == 3 and "Team Amber" in teams and "Team Blue" in teams, sheet
        for page in [*devices, *watchers]:
            _no_errors(page)
        devices[1].screenshot(path=str(ARTIFACTS / "class-game-device.png"))
        projector.screenshot(path=str(ARTIFACTS / "class-game-projector.png"))

        # Team Blue's laptop lid closes; its own link opens the same seat again.
        begin = time.monotonic()
        again = _reopen(browser, voila, devices[1], projector, "Team Blue")
        opened.append(again)
        harness.record("class game: a device comes back → its seat shown", time.monotonic() - begin)
        devices[1] = again
        _globalissimo_round(devices, watchers, 3)
        sheet = projector.evaluate(SHEET_JS)
        assert sheet[0][2:4] == ["R1", "R2"], sheet
        for page in [*devices, *watchers]:
            _no_errors(page)
        _same_log(again, projector)
        again.screenshot(path=str(ARTIFACTS / "class-game-device-back.png"))
    except BaseException:
        _close(opened, "globalissimo", failed=True)
        raise
    _close(opened, "globalissimo", failed=False)


def _close(opened: list[Any], name: str, failed: bool) -> None:
    """Close the pages; after a failure keep a screenshot of each for the CI log's reader."""
    for n, page in enumerate(opened):
        if page.is_closed():
            continue
        if failed:
            page.screenshot(path=str(ARTIFACTS / f"class-game-{name}-failed-{n}.png"))
        page.close()


def _hands_apart(devices: list[Any], watchers: list[Any]) -> None:
    """Each team's device shows its own hand only; the projector and the spectator none.

    The hands together hold no card more often than the deck has it (some cards are printed
    twice and share an id), so no device shows a card of another team's hand."""
    hands = [_hand(page) for page in devices]
    assert all(hands), "a team's device shows no hand"
    shown = Counter(card for hand in hands for card in hand)
    deck = cards()
    assert all(n <= deck[card].copies for card, n in shown.items()), shown
    for page in watchers:
        assert not _hand(page), "the public board shows a team's hand"


def test_globe_works_from_three_team_devices_and_a_spectator(browser, voila) -> None:
    """Globe Works: a whole lap of turns (every team takes its turn and the turn comes back to
    the first team), the hands secret from each other after every move, and the second team's
    device closed and opened again just as its turn comes."""
    projector, code = _open_room(browser, voila, "Globe Works")
    opened: list[Any] = [projector]
    try:
        devices, spectator = _start(browser, voila, projector, code, 3, opened)
        for page in devices:
            page.wait_for_selector(".gt-hand-card", timeout=60_000)
        room = _room(voila, code)
        names = [seat.name for seat in room.game.table.seats]

        watchers = [projector, spectator]
        _hands_apart(devices, watchers)
        turns: list[int] = []  # whose turn it was, in order, as the room's log has it
        moves, reopened = 0, False
        while True:
            room.catch_up()
            seat = int(room.game.view(None)["current"])
            if not turns or turns[-1] != seat:
                turns.append(seat)
                # The projector says whose turn it is (and "turn 2" once every team had one).
                _banner_says(projector, f"{names[seat]} is playing")
            if len(turns) == len(devices) + 1:
                break
            if len(turns) == 2 and not reopened:
                # The second team's device closes as its turn comes, and comes back to its
                # seat, its hand and the log.
                hand = set(_hand(devices[seat]))
                again = _reopen(browser, voila, devices[seat], projector, names[seat])
                opened.append(again)
                again.wait_for_selector(".gt-hand-card", timeout=60_000)
                assert set(_hand(again)) == hand
                devices[seat] = again
                reopened = True
            harness.record(
                "class game (Globe Works): move on a device → shown on the others",
                _move("globe_works", devices, watchers),
            )
            moves += 1
            _hands_apart(devices, watchers)
            assert moves <= 3 * len(devices), f"no whole lap in {moves} moves: {turns}"
            if moves == 1:
                devices[0].screenshot(path=str(ARTIFACTS / "class-game-globe-works-device.png"))
        # Every team had its turn, and the turn came back to the first team.
        assert sorted(turns[:-1]) == list(range(len(devices))) and turns[-1] == turns[0], turns
        _banner_says(projector, "turn 2", f"{names[turns[0]]} is playing")
        for page in [*devices, *watchers]:
            _no_errors(page)
            _same_log(page, projector)
        projector.screenshot(path=str(ARTIFACTS / "class-game-globe-works-projector.png"))
    except BaseException:
        _close(opened, "globe-works", failed=True)
        raise
    _close(opened, "globe-works", failed=False)


#: The names on the cards a page shows: GeoTriple's race cards or Stage 3 hand (the state's
#: name is a card's first line; a race card picked for a group says its group after it).
CARD_NAMES_JS = """(selector) => [...document.querySelectorAll(selector)]
  .filter(b => b.offsetParent !== null)
  .map(b => b.innerText.split('\\n')[0].replace(/ \\(\\d\\)$/, '').trim())"""


def _geotriple_hands_apart(devices: list[Any], watchers: list[Any], selector: str) -> None:
    """Each team's device shows its own cards (race or Stage 3 hand), none of the other's; the
    projector and the spectator show no team's cards."""
    hands = [set(page.evaluate(CARD_NAMES_JS, selector)) for page in devices]
    assert all(hands) or selector == ".gt-card-tile", hands
    assert not hands[0] & hands[1], f"both devices show {hands[0] & hands[1]}"
    for page in watchers:
        assert not page.evaluate(CARD_NAMES_JS, selector), "the public board shows a hand"


def test_geotriple_from_two_team_devices_and_a_spectator(browser, voila) -> None:
    """GeoTriple, a whole round: Stage 1's clues and guesses pass between the two devices; in
    the border race both teams may act at once and the projector's kernel is the one clock
    (the second team's device closes and comes back during the race); Stage 3's cards put away,
    the GeoPlunge calls and all six tricks; the round's scoring; the next round begun."""
    projector, code = _open_room(browser, voila, "GeoTriple")
    opened: list[Any] = [projector]
    try:
        devices, spectator = _start(browser, voila, projector, code, 2, opened)
        watchers = [projector, spectator]

        room = _room(voila, code)
        moves = 0
        # Stage 1, as long as the room's log says so (a look at the pages could come before
        # the race's cards arrive there and take "Give up" for the next step).
        while room.catch_up() is not None and room.game.phase == "guess":
            harness.record(
                "class game (GeoTriple): move on a device → shown on the others",
                _move("geotriple", devices, watchers),
            )
            moves += 1
            assert moves < 120, "Stage 1 did not end"
        for page in [*devices, *watchers]:
            _no_errors(page)
        for page in devices:  # Stage 1's result read, each device shows its 18 race cards

            def race_cards(page: Any = page) -> bool:
                if len(page.evaluate(CARD_NAMES_JS, ".gt-hand-card")) == 18:
                    return True
                _read_verdicts([page])  # the race clock waits while it is read
                return False

            until(race_cards, "no race cards on a device", 60, 0.3)
        devices[0].screenshot(path=str(ARTIFACTS / "class-game-geotriple-race.png"))
        # The race: each team sees its own 18 cards; the spectator and the projector none.
        _geotriple_hands_apart(devices, watchers, ".gt-hand-card")

        # The second team's device closes during the race and comes back to it.
        again = _reopen(browser, voila, devices[1], projector, "Team Blue")
        opened.append(again)
        devices[1] = again
        _geotriple_hands_apart(devices, watchers, ".gt-hand-card")
        for page in devices:  # both give up the race (or find nothing in time)
            if _shown(page, ".gt-give-up:not([disabled])"):
                before = [_logged(p) for p in watchers]
                page.locator(".gt-give-up").first.click()
                for watcher, count in zip(watchers, before, strict=True):
                    _wait_logged(watcher, count + 1)
        _banner_says(projector, "Stage 3")

        # Stage 3: two cards put away on each device, GeoPlunging or not, the six tricks.
        for _ in range(2 + 2 + 2 * 6):
            _move("geotriple", devices, watchers)
            _geotriple_hands_apart(devices, watchers, ".gt-card-tile")
        # The round's scoring: the projector says the last trick, Stage 3's result and the
        # round's end; each device offers the next round.
        _banner_says(projector, "End of the round")
        verdict = projector.locator(".gt-feedback").first.inner_text()
        assert "(6 of 6)" in verdict and "Stage 3" in verdict, verdict
        for page in [*devices, *watchers]:
            _no_errors(page)
            _same_log(page, projector)
            _log_numbers_fit(page)  # 28 moves and more: two digits
        projector.screenshot(path=str(ARTIFACTS / "class-game-geotriple-projector.png"))
        devices[0].screenshot(path=str(ARTIFACTS / "class-game-geotriple-device.png"))
        for page in devices:
            page.wait_for_selector(".gt-next-round:not([disabled])", timeout=30_000)
        devices[1].locator(".gt-next-round").first.click()
        for page in [*devices, *watchers]:
            page.wait_for_function(f"() => ({ROUND_JS})() === 2", timeout=30_000)
            _banner_says(page, "Stage 1")
            _no_errors(page)
    except BaseException:
        _close(opened, "geotriple", failed=True)
        raise
    _close(opened, "geotriple", failed=False)


#: What the Geography Pursuit team to act clicks: the die, a lit space, a category (the hub,
#: the final vote), or the question card's answer box.
PURSUIT_STEPS = (
    ".gt-controls:not(.gt-busy) .gt-roll:not([disabled])",
    ".gt-controls:not(.gt-busy) .gt-space:not([disabled])",
    ".gt-controls:not(.gt-busy) .gt-category:not([disabled])",
    ".gt-controls:not(.gt-busy) .gt-pursuit-card input:not([disabled])",
)


def _pursuit_step(page: Any) -> str | None:
    return next((selector for selector in PURSUIT_STEPS if _shown(page, selector)), None)


def _whole_turns(
    browser: Any,
    voila: Any,
    room: Replica,
    pages_: tuple[Any, list[Any], Any, list[Any]],
    step_of: Any,
    act: Any,
    turn_of: Any,
    label: str,
) -> list[int]:
    """Moves by clicks on the device asked until every team has had a whole turn and the turn
    is back with the first team; each move is waited for on every other page. As the second
    team's turn begins its device is closed and opened again (its seat, its log), and plays
    its turn from there. ``pages_`` is (projector, devices, spectator, opened); ``step_of(page)``
    names the step a device is asked (None: not asked), ``act(page, step, seat)`` takes it and
    ``turn_of(game)`` says whose turn it is. Returns the seats whose turn it was, in order."""
    projector, devices, spectator, opened = pages_
    watchers = [projector, spectator]
    names = [seat.name for seat in room.game.table.seats]
    turns: list[int] = []
    reopened = False
    deadline = time.monotonic() + 480
    while True:
        room.catch_up()
        turn = int(turn_of(room.game))
        if not turns or turns[-1] != turn:
            turns.append(turn)
            _banner_says(projector, names[turn])  # the projector says whose turn it is
        if len(turns) == len(devices) + 1:
            return turns
        if len(turns) == 2 and not reopened:
            again = _reopen(browser, voila, devices[turn], projector, names[turn])
            opened.append(again)
            devices[turn] = again
            reopened = True
        assert time.monotonic() < deadline, f"no whole turn of each team: {turns}"
        steps = [step_of(page) for page in devices]
        seat = next((s for s, step in enumerate(steps) if step is not None), None)
        if seat is None:
            _read_verdicts(devices)
            _step_or_verdict(devices, step_of, deadline - time.monotonic())
            continue
        page = devices[seat]
        others = [p for i, p in enumerate(devices) if i != seat] + watchers
        before = [_logged(p) for p in others]
        page.evaluate(harness.WATCH_JS)
        begin = time.monotonic()
        act(page, steps[seat], seat)
        for other, count in zip(others, before, strict=True):
            _wait_logged(other, count + 1)
        harness.record(label, time.monotonic() - begin)
        _settled(page)


def test_geography_pursuit_as_a_class_game(browser, voila) -> None:
    """Geography Pursuit on a projector, two team devices and a spectator: the rolls, moves and
    typed answers by clicks and keys on the device whose turn it is, until each team has had a
    whole turn (a wrong answer passes the die) and the die is back with the first team; the
    device asked a question never shows its answer before it is answered, and the verdict says
    it after. The second team's device closes and comes back as its turn begins."""
    projector, code = _open_room(browser, voila, "Geography Pursuit")
    opened: list[Any] = [projector]
    try:
        devices, spectator = _start(browser, voila, projector, code, 2, opened)
        room = _room(voila, code)
        answered = []

        def act(page: Any, step: str, seat: int) -> None:
            if step.endswith("input:not([disabled])"):
                assert "The answer" not in page.inner_text(".gt-pursuit-card")
                prompt = page.inner_text(".gt-pursuit-card p[style*='1.2em']").strip()
                assert prompt
                # The projector shows the same question (and no answer) once it has caught up.
                projector.wait_for_function(
                    "(p) => document.querySelector('.gt-controls')?.innerText.includes(p)",
                    arg=prompt,
                    timeout=30_000,
                )
                page.fill(step, "Atlantis")
                page.press(step, "Enter")
                # The card may still show another team's verdict for a moment: wait for ours.
                page.wait_for_function(
                    """() => [...document.querySelectorAll('.gt-feedback')].some(f =>
                        f.querySelector('.gt-answer-big') && f.innerText.includes('The answer'))""",
                    timeout=30_000,
                )
                answered.append(seat)
                return
            _click_taken(page, step)

        turns = _whole_turns(
            browser,
            voila,
            room,
            (projector, devices, spectator, opened),
            _pursuit_step,
            act,
            lambda game: game.view(None)["player"],
            "class game (Geography Pursuit): move → shown",
        )
        # Each team had its turn, ended by its wrong answer, and the die came back.
        assert turns[-1] == turns[0] and sorted(turns[:-1]) == [0, 1], turns
        assert sorted(set(answered)) == [0, 1], answered
        for page in [*devices, projector, spectator]:
            _no_errors(page)
            _same_log(page, projector)
        devices[0].screenshot(path=str(ARTIFACTS / "class-game-pursuit-device.png"))
        projector.screenshot(path=str(ARTIFACTS / "class-game-pursuit-projector.png"))
    except BaseException:
        _close(opened, "geography-pursuit", failed=True)
        raise
    _close(opened, "geography-pursuit", failed=False)


#: Global Pursuit's steps for a team, in the order the test takes them.
GP_STEPS = (
    ".gt-lay",
    ".gt-accept",
    ".gt-roll",
    ".gt-ask",
    ".geoteach-question-card button[title]",
    ".gt-no-wild",
    ".gt-give-back",
)


def _gp_step(page: Any) -> str | None:
    return next((s for s in GP_STEPS if _shown(page, f"{s}:not([disabled])")), None)


def _gp_act(page: Any, step: str, game: Any, seat: int) -> None:
    """One move by clicks on the lists and buttons (the map canvas has them all as lists): a
    card that fits is laid (the kit's strongest computer finds it, standing in for the team's
    eyes), else "I cannot match"; no challenge; roll; ask; the first option of the question;
    no WILD CARD try; the first card given back."""
    if step == ".gt-lay":
        fit = card_that_fits(game, seat, GlobalPursuitBot("hard", seed=0))
        if fit is None:
            page.locator(".gt-cannot").first.click()
            return
        page.select_option(".gt-card-pick select", index=game.hand(seat).index(fit["card"]))
        number = f"{fit['mark'].number}:"
        label = page.eval_on_selector(
            ".gt-place select",
            "(s, n) => [...s.options].map(o => o.text).find(t => t.startsWith(n))",
            number,
        )
        page.select_option(".gt-place select", label=label)
        page.locator(".gt-touching button", has_text=str(fit["touching"] + 1)).first.click()
        page.locator(".gt-lay").first.click()
    elif step == ".gt-give-back":
        page.select_option(".gt-card-pick select", index=0)
        page.locator(step).first.click()
    else:
        page.locator(f"{step}:not([disabled])").first.click()


def test_global_pursuit_from_two_team_devices_and_a_spectator(browser, voila) -> None:
    """Global Pursuit: cards laid from a team's device, the other team's challenge window, the
    trivia question asked on the device without its answer, until each team has had a whole
    turn and round 2 begins with the first team; the second team's device closes and comes
    back as its turn begins. The test follows the room's own store to know which card fits."""
    projector, code = _open_room(browser, voila, "Global Pursuit")
    opened: list[Any] = [projector]
    try:
        devices, spectator = _start(browser, voila, projector, code, 2, opened)
        room = _room(voila, code)  # the whole game, as the room's log has it
        done = Counter()

        def act(page: Any, step: str, seat: int) -> None:
            room.catch_up()
            if step.startswith(".geoteach-question-card"):
                question = page.inner_text(".geoteach-question-card")
                answer = room.game.current_question().answer
                # The device asked shows the options, never which one is right.
                assert "The answer" not in question and "✔" not in question
                banner = projector.inner_text(".gt-banner")
                # A number answer ("1") is in "Round 1 · 2 cards on the table" anyway.
                assert answer.strip().isdigit() or answer not in banner, (answer, banner)
            done[step] += 1
            _gp_act(page, step, room.game, seat)

        turns = _whole_turns(
            browser,
            voila,
            room,
            (projector, devices, spectator, opened),
            _gp_step,
            act,
            lambda game: game.player,
            "class game (Global Pursuit): move on a device → shown on the others",
        )
        assert turns[-1] == turns[0] and sorted(turns[:-1]) == [0, 1], turns
        _banner_says(projector, "Round 2")
        for page in [*devices, projector, spectator]:
            _no_errors(page)
            _same_log(page, projector)
        print(f"\nGlobal Pursuit: a whole turn of each team took {dict(done)}")
        devices[0].screenshot(path=str(ARTIFACTS / "class-game-global-pursuit-device.png"))
        projector.screenshot(path=str(ARTIFACTS / "class-game-global-pursuit-projector.png"))
    except BaseException:
        _close(opened, "global-pursuit", failed=True)
        raise
    _close(opened, "global-pursuit", failed=False)
