"""Honor mode in a class game, in real browsers: answers said out loud, marked by the teacher.

Geography Pursuit on Voilà: the projector (1920×1080) opens a room with "said out loud and marked
by the teacher" chosen on the class set-up screen; two team devices and a spectator (1366×768)
join by the QR link. The teams roll and move by clicks on their own devices. When a team is
asked a question, its device shows the question and "say your answer out loud" with no answer
box, the other pages say who answers, and no device and no spectator holds the answer anywhere
in its page (the whole DOM is read, hidden parts too), before or after the teacher presses
**Show the answer** on the projector. The teacher marks one answer right and one wrong by
clicks; every page then shows the verdict with the team's name, its Moves log grows by that
move, and the lesson record has the two answers under the team's name.

The helpers come from the class-game browser tests (``tests/e2e/test_class_game.py``).
"""

from __future__ import annotations

import re
import time
from typing import Any

from geoteach.classroom import open_lesson
from geoteach.escape import html_text
from geoteach.quiz.question import Question
from geoteach.store.rooms import RoomStore
from tests.classroom.service import Replica
from tests.e2e.apps import harness
from tests.e2e.conftest import ARTIFACTS
from tests.e2e.test_class_game import (
    PROJECTOR,
    _click_taken,
    _close,
    _logged,
    _no_errors,
    _open,
    _pursuit_step,
    _read_verdicts,
    _shown,
    _start,
    _wait_logged,
)
from tests.waiting import until

TITLE = "Geography Pursuit"
HONOR = "said out loud and marked by the teacher"
SAY_IT = ".gt-controls .gt-say-aloud"
#: What the other pages say while a team answers out loud.
SAYS_IT = "says the answer out loud"


def _open_honor_room(browser: Any, voila: Any) -> tuple[Any, str]:
    """The projector, Geography Pursuit chosen, answers said out loud: the room opened."""
    projector = _open(browser, voila, "class_game.ipynb", PROJECTOR)
    projector.wait_for_selector(".gt-start", timeout=180_000)
    projector.select_option(".gt-class-game-picker select", label=TITLE)
    projector.wait_for_function(
        f"() => document.querySelector('.gt-app h2')?.innerText.trim() === {TITLE!r}",
        timeout=60_000,
    )
    projector.select_option(".gt-option-mode select", label=HONOR)
    projector.screenshot(path=str(ARTIFACTS / "class-game-honor-set-up.png"))
    projector.click(".gt-start")  # "Open the room"
    projector.wait_for_selector(".gt-room-code", timeout=60_000)
    return projector, projector.inner_text(".gt-room-code").strip()


def _secrets(back: dict) -> list[str]:
    """The answer as a page would hold it once shown: the reveal's and the verdict's words,
    and the answer itself unless the question says it (its options, "A or B?")."""
    question = Question.from_dict(back["card"])
    said = html_text(back["answers"])
    found = [f"<b>Answer:</b> {said}", f"The answer: {said}"]
    # An answer of one or two characters ("3") is on every page anyway ("0 of 6"): only the
    # sentences that say it count for it.
    if (
        question.answer not in question.prompt
        and question.answer not in question.choices
        and len(question.answer) > 2
    ):
        found.append(html_text(question.answer))
    return found


def _holds_none(page: Any, secrets: list[str], what: str) -> None:
    """No secret in ``page``'s whole HTML, hidden parts too, as words of their own; scripts,
    style sheets and drawings (SVG paths) left out. A short answer such as a height in metres
    ("81") is in every page's HTML inside other words (file hashes, "#3a81c8", path
    coordinates), which made the test fail at random on number questions."""
    html = re.sub(r"<(script|style|svg)\b.*?</\1>", " ", page.content(), flags=re.S | re.I)
    for secret in secrets:
        found = re.search(rf"(?<![\w.#]){re.escape(secret)}(?![\w.])", html)
        assert found is None, (
            f"{what} holds {secret!r}: {html[max(0, found.start() - 80) : found.end() + 20]!r}"
        )


def _step(devices: list[Any]) -> tuple[int, str] | None:
    """The team asked to act now and how: "aloud" (a question said out loud) or a selector."""
    for seat, page in enumerate(devices):
        if _shown(page, SAY_IT):
            return seat, "aloud"
        step = _pursuit_step(page)
        if step is not None:
            return seat, step
    return None


def _next_step(devices: list[Any], deadline: float, waiting: str) -> tuple[int, str]:
    """The next team asked to act and how (``_step``); meanwhile each verdict a device shows
    is read with Continue. Fails with ``waiting`` once ``deadline`` (monotonic) passes."""

    def asked() -> tuple[int, str] | None:
        found = _step(devices)
        if found is None:
            _read_verdicts(devices)
        return found

    return until(asked, waiting, max(1.0, deadline - time.monotonic()), 0.3)


def until_asked_aloud(projector: Any, devices: list[Any], timeout: float = 300.0) -> int:
    """Each device's step taken by a click (the die, a lit space, a category) until a team is
    asked a question to say out loud, the projector offers Show the answer and the other team's
    device says who answers: that team's seat. For the tests that look at the honor-mode pages
    rather than at each move."""
    deadline = time.monotonic() + timeout
    while True:
        seat, step = _next_step(devices, deadline, "no team was asked a question")
        if step == "aloud":
            break
        _click_taken(devices[seat], step)
    projector.wait_for_selector(".gt-controls .gt-show:not([disabled])", timeout=30_000)
    for other in devices[:seat] + devices[seat + 1 :]:
        other.wait_for_function(
            f"() => document.querySelector('.gt-controls')?.innerText.includes({SAYS_IT!r})",
            timeout=30_000,
        )
    return seat


def test_the_teacher_marks_spoken_answers_on_the_projector(browser, voila) -> None:
    projector, code = _open_honor_room(browser, voila)
    opened: list[Any] = [projector]
    try:
        devices, spectator = _start(browser, voila, projector, code, 2, opened)
        pages = [*devices, spectator]
        rooms = RoomStore(str(voila.root / "records" / "rooms.sqlite"))
        room = Replica(rooms, code)  # the whole game, as the room's log has it

        marked: list[tuple[str, str, bool]] = []  # (team, question, right)
        deadline = time.monotonic() + 300
        while len(marked) < 2:
            seat, step = _next_step(devices, deadline, f"{len(marked)} answers marked")
            page = devices[seat]
            if step != "aloud":
                before = [_logged(p) for p in (projector, devices[1 - seat])]
                _click_taken(page, step)
                for other, count in zip((projector, devices[1 - seat]), before, strict=True):
                    _wait_logged(other, count + 1)
                continue

            # A team is asked: it says its answer out loud; the teacher holds the card.
            room.catch_up()
            back = room.game.card_back()
            assert back is not None and back["player"] == seat
            team = room.game.table.name_of(seat)
            assert "Say your answer out loud" in page.inner_text(".gt-controls")
            assert not page.locator(".gt-pursuit-card input").count(), "an answer box"
            for other in (devices[1 - seat], spectator):
                other.wait_for_function(
                    "() => document.querySelector('.gt-controls')?.innerText"
                    f".includes({SAYS_IT!r})",
                    timeout=30_000,
                )
            projector.wait_for_selector(".gt-controls .gt-show:not([disabled])", timeout=30_000)
            secrets = _secrets(back)
            for shown in (*pages, projector):
                _holds_none(shown, secrets, "a page before Show the answer")
            if not marked:
                page.screenshot(path=str(ARTIFACTS / "class-game-honor-device-asked.png"))
                projector.screenshot(path=str(ARTIFACTS / "class-game-honor-projector-asked.png"))

            projector.locator(".gt-controls .gt-show").first.click()
            projector.wait_for_function(
                "() => document.querySelector('.gt-controls')?.innerText.includes('Answer:')",
                timeout=30_000,
            )
            for shown in pages:
                _holds_none(shown, secrets, "a device or the spectator after Show the answer")
            right = not marked  # the first answer right, the second wrong
            if right:
                projector.screenshot(path=str(ARTIFACTS / "class-game-honor-projector-shown.png"))
            before = [_logged(p) for p in (projector, *pages)]
            begin = time.monotonic()
            mark = ".gt-controls .gt-right" if right else ".gt-controls .gt-wrong"
            projector.locator(f"{mark}:not([disabled])").first.click()
            for shown, count in zip((projector, *pages), before, strict=True):
                _wait_logged(shown, count + 1)
            harness.record(
                "class game (honor): mark on the projector → shown", time.monotonic() - begin
            )
            verdict = "✔" if right else "✘"
            for shown in (projector, *pages):
                shown.wait_for_function(
                    "([team, mark]) => [...document.querySelectorAll('.gt-feedback')].some(f =>"
                    " f.offsetParent !== null && f.innerText.includes(team) &&"
                    " f.innerText.includes(mark))",
                    arg=[team, verdict],
                    timeout=30_000,
                )
            if right:
                page.screenshot(path=str(ARTIFACTS / "class-game-honor-device-verdict.png"))
                spectator.screenshot(path=str(ARTIFACTS / "class-game-honor-spectator.png"))
            marked.append((team, back["prompt"], right))

        for shown in (projector, *pages):
            _no_errors(shown)
        record = open_lesson(voila.root / "records" / "class.sqlite").answers(
            game="geography_pursuit"
        )
        for team, prompt, right in marked:
            rows = record[(record["player"] == team) & (record["question"] == prompt)]
            assert len(rows) and rows.iloc[-1]["mode"] == "honor", record.tail()
            assert bool(rows.iloc[-1]["correct"]) is right
    except BaseException:
        _close(opened, "honor", failed=True)
        raise
    _close(opened, "honor", failed=False)


class _Html:
    """A page that holds ``html`` (for ``_holds_none``, with no browser)."""

    def __init__(self, html: str) -> None:
        self.html = html

    def content(self) -> str:
        return self.html


def test_a_secret_is_found_as_words_of_their_own_not_inside_others() -> None:
    """The check above finds a short answer a page says ("81" metres), hidden or not, and no
    longer trips on the same digits inside a colour, a size, a file hash or a drawing."""
    noise = (
        '<style>.a { color: #3a81c8 }</style><div style="width: 81px" hidden>v=81f2</div>'
        '<svg><path d="M 81 7 L 7.81 81"/></svg><p>0 of 6</p>'
    )
    _holds_none(_Html(noise), ["81", "The answer: 81"], "a page")
    for leak in ("<p>81</p>", "<div hidden>The answer: 81</div>", '<span title="81">'):
        try:
            _holds_none(_Html(noise + leak), ["81", "The answer: 81"], "a page")
        except AssertionError:
            continue
        raise AssertionError(f"{leak!r} was not found")
