"""The class game in real browsers: one projector page and several team devices on one room.

Voilà serves ``notebooks/play/class_game.ipynb`` (the projector, 1920×1080) and
``join.ipynb`` (each team's device at 1366×768, and a spectator). The teacher opens the room;
two teams type nothing but open the QR link (``?room=CODE``) and pick their team; a third
page just watches. Moves are made by clicks on the device whose turn it is, and after each move
the test waits until the projector, the other team and the spectator show it (their logs grow
by one, without any reload). Mid-game one team's page is closed and its own link (which the
page put in its address when the team took its seat) opened again: it comes back to the same
seat and the game goes on. Timings (move on one device → shown on the others) are recorded.
"""

from __future__ import annotations

import time
from typing import Any

from tests.e2e import pages
from tests.e2e.apps import harness
from tests.e2e.conftest import ARTIFACTS

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


def _no_errors(page: Any) -> None:
    body = page.inner_text("body")
    assert "Traceback" not in body and "Something went wrong" not in body, body[-1500:]
    assert not pages.ui_errors(page), pages.ui_errors(page)


#: What the team to act clicks: a rank for the country picked, or an answer at a hurdle.
RANK = ".gt-controls .gt-rank:not([disabled])"
ANSWER = ".gt-controls .gt-submit:not([disabled])"


def _acting(devices: list[Any]) -> int | None:
    for seat, page in enumerate(devices):
        for selector in (RANK, ANSWER):
            found = page.locator(selector)
            if found.count() and found.first.is_visible():
                return seat
    return None


def _act(page: Any) -> None:
    """One move by clicks: the first rank button, or at a hurdle the number 1 typed (a wrong or
    right answer is a move all the same)."""
    rank = page.locator(RANK)
    if rank.count() and rank.first.is_visible():
        rank.first.click()
        return
    page.fill(".gt-controls .gt-answer input", "1")
    page.locator(ANSWER).first.click()


def _move(devices: list[Any], watchers: list[Any], timeout: float = 60.0) -> float:
    """A move by clicks on the device whose turn it is; wait until every other page shows it."""
    deadline = time.monotonic() + timeout
    seat = _acting(devices)
    while seat is None:
        assert time.monotonic() < deadline, "no team was asked to move"
        for page in devices:
            cont = page.locator(".gt-continue")
            if cont.count() and cont.first.is_visible():
                cont.first.click()
        time.sleep(0.3)
        seat = _acting(devices)
    others = [p for i, p in enumerate(devices) if i != seat] + watchers
    before = [_logged(p) for p in others]
    begin = time.monotonic()
    _act(devices[seat])
    for page, count in zip(others, before, strict=True):
        _wait_logged(page, count + 1)
    return time.monotonic() - begin


def test_a_class_game_on_a_projector_and_team_devices(browser, voila) -> None:
    projector = _open(browser, voila, "class_game.ipynb", PROJECTOR)
    opened: list[Any] = [projector]
    try:
        projector.wait_for_selector(".gt-start", timeout=180_000)
        projector.click(".gt-start")  # "Open the room"
        projector.wait_for_selector(".gt-room-code", timeout=60_000)
        code = projector.inner_text(".gt-room-code").strip()
        assert len(code) == 6 and projector.locator(".gt-class-lobby svg").count() == 1
        projector.screenshot(path=str(ARTIFACTS / "class-game-room.png"))

        devices = []
        for seat in (0, 1):
            page = _open(browser, voila, f"join.ipynb?room={code}", DEVICE)
            opened.append(page)
            page.wait_for_selector(f".gt-join-seat-{seat}", timeout=180_000)
            page.fill(".gt-join-nickname input", f"<i>desk {seat + 1}</i>")
            page.click(f".gt-join-seat-{seat}")
            page.wait_for_selector(".gt-banner", timeout=60_000)
            page.wait_for_function("() => location.search.includes('key=')", timeout=30_000)
            devices.append(page)
        spectator = _open(browser, voila, f"join.ipynb?room={code}", DEVICE)
        opened.append(spectator)
        spectator.wait_for_selector(".gt-join-watch", timeout=180_000)
        spectator.click(".gt-join-watch")
        spectator.wait_for_selector(".gt-banner", timeout=60_000)

        projector.wait_for_function(
            "() => document.body.innerText.includes('2 of 2 teams have joined')", timeout=30_000
        )
        seats = projector.inner_text(".gt-class-seats")
        assert "<i>desk 1</i>" in seats  # the nickname is shown as typed, never as markup
        projector.click(".gt-class-start")
        projector.wait_for_selector(".gt-banner", timeout=60_000)

        watchers = [projector, spectator]
        for _ in range(4):
            harness.record(
                "class game: move on a device → shown on the others", _move(devices, watchers)
            )
        for page in [*devices, *watchers]:
            _no_errors(page)
        devices[1].screenshot(path=str(ARTIFACTS / "class-game-device.png"))
        projector.screenshot(path=str(ARTIFACTS / "class-game-projector.png"))

        # Team Blue's laptop lid closes; its own link opens the same seat again.
        link = devices[1].url
        devices[1].close()
        begin = time.monotonic()
        again = _open(browser, voila, link.split("/play/", 1)[1].split("&token=")[0], DEVICE)
        opened.append(again)
        again.wait_for_selector(".gt-banner", timeout=180_000)
        harness.record("class game: a device comes back → its seat shown", time.monotonic() - begin)
        assert "You play for" in again.inner_text(".gt-device-who")
        assert "Team Blue" in again.inner_text(".gt-device-who")
        devices[1] = again
        for _ in range(2):
            _move(devices, watchers)
        for page in [*devices, *watchers]:
            _no_errors(page)
        again.screenshot(path=str(ARTIFACTS / "class-game-device-back.png"))
    finally:
        for page in opened:
            if not page.is_closed():
                page.close()


#: What the Geography Pursuit team to act clicks: the die, a lit space, a category (the hub,
#: the final vote), or the question card's answer box.
PURSUIT_STEPS = (
    ".gt-controls .gt-roll:not([disabled])",
    ".gt-controls .gt-space:not([disabled])",
    ".gt-controls .gt-category:not([disabled])",
    ".gt-controls .gt-pursuit-card input:not([disabled])",
)


def _pursuit_step(page: Any) -> str | None:
    for selector in PURSUIT_STEPS:
        found = page.locator(selector)
        if found.count() and found.first.is_visible():
            return selector
    return None


def test_geography_pursuit_as_a_class_game(browser, voila) -> None:
    """Geography Pursuit on a projector and two team devices: the rolls, the moves and the
    typed answers by clicks and keys on the device whose turn it is; the device asked a
    question never shows its answer before it is answered, and the verdict says it after."""
    projector = _open(browser, voila, "class_game.ipynb", PROJECTOR)
    opened: list[Any] = [projector]
    try:
        projector.wait_for_selector(".gt-class-game-picker select", timeout=180_000)
        projector.select_option(".gt-class-game-picker select", label="Geography Pursuit")
        projector.wait_for_function(
            "() => document.body.innerText.includes('Geography Pursuit')", timeout=60_000
        )
        projector.wait_for_selector(".gt-start", timeout=60_000)
        projector.click(".gt-start")  # "Open the room"
        projector.wait_for_selector(".gt-room-code", timeout=60_000)
        code = projector.inner_text(".gt-room-code").strip()
        devices = []
        for seat in (0, 1):
            page = _open(browser, voila, f"join.ipynb?room={code}", DEVICE)
            opened.append(page)
            page.wait_for_selector(f".gt-join-seat-{seat}", timeout=180_000)
            page.click(f".gt-join-seat-{seat}")
            page.wait_for_selector(".gt-banner", timeout=60_000)
            devices.append(page)
        projector.wait_for_function(
            "() => document.body.innerText.includes('2 of 2 teams have joined')", timeout=30_000
        )
        projector.click(".gt-class-start")
        projector.wait_for_selector(".gt-banner", timeout=60_000)

        answered = 0
        deadline = time.monotonic() + 240
        while answered < 2:
            assert time.monotonic() < deadline, "no team was asked two questions"
            steps = [_pursuit_step(page) for page in devices]
            seat = next((s for s, step in enumerate(steps) if step is not None), None)
            if seat is None:
                for page in devices:
                    cont = page.locator(".gt-continue")
                    if cont.count() and cont.first.is_visible():
                        cont.first.click()
                time.sleep(0.3)
                continue
            page, step = devices[seat], steps[seat]
            other = devices[1 - seat]
            before = [_logged(other), _logged(projector)]
            begin = time.monotonic()
            if step.endswith("input:not([disabled])"):
                assert "The answer" not in page.inner_text(".gt-pursuit-card")
                prompt = page.inner_text(".gt-pursuit-card p[style*='1.2em']").strip()
                assert prompt and prompt in projector.inner_text(".gt-controls")  # no answer
                page.fill(step, "Atlantis")
                page.press(step, "Enter")
                page.wait_for_selector(".gt-feedback .gt-answer-big", timeout=30_000)
                assert "The answer" in page.inner_text(".gt-feedback")
                answered += 1
            else:
                page.locator(step).first.click()
            _wait_logged(other, before[0] + 1)
            _wait_logged(projector, before[1] + 1)
            harness.record("class game (Geography Pursuit): move → shown", time.monotonic() - begin)
        for page in [*devices, projector]:
            _no_errors(page)
        devices[0].screenshot(path=str(ARTIFACTS / "class-game-pursuit-device.png"))
        projector.screenshot(path=str(ARTIFACTS / "class-game-pursuit-projector.png"))
    finally:
        for page in opened:
            if not page.is_closed():
                page.close()
