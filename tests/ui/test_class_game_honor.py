"""Honor mode in class games: answers said out loud, marked by the teacher on the projector.

The three games with questions said aloud (Globalissimo's hurdles, Global Pursuit's trivia,
Geography Pursuit's cards) are played from a projector, two team devices and a spectator on one
room store, in honor mode chosen on the class set-up screen. When a team is asked a question:
its own device shows the question and "say your answer out loud" with no answer box; the other
pages say who is answering; the projector shows **Show the answer**, then the answers and
**Right** / **Wrong**. No widget of any page holds the answer before Show (nor any device's or
the spectator's after it); the projector's mark is stored with the host key as the team's
move; every page then shows the verdict with the answer, every replica and every Moves log
agree, and the lesson record has the answer under the team's name. Then: a pause, a seat
given to a computer, the projector's kernel restarting and a device reopening, each in the
middle of a question.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Iterator
from typing import Any

import ipywidgets as widgets
import pytest

from geoteach.bots.registry import BOTS
from geoteach.classroom import open_lesson
from geoteach.escape import html_text
from geoteach.games.table import Seat, Table
from geoteach.quiz.question import Question
from geoteach.ui import safe
from geoteach.ui.class_game.host_app import ClassGameApp
from geoteach.ui.class_game.join import JoinApp
from geoteach.ui.live import spoken_text
from tests.classroom.service import SECRET, moves, play_bots, service, truth
from tests.ui.test_class_game import (
    _no_errors,
    _said_forms,
    _two_teams_and_a_spectator,
    settle,
)

pytestmark = pytest.mark.usefixtures(_no_errors.__name__)

#: Each game's set-up choice for answers said out loud, and its value.
HONOR = {
    "globalissimo": ("honor", True),
    "global_pursuit": ("answer_mode", "honor"),
    "geography_pursuit": ("mode", "honor"),
}
SAY_IT = "Say your answer out loud"
SAYS_IT = "says the answer out loud"


@pytest.fixture(autouse=True)
def _fresh_widgets() -> None:
    """Earlier tests' pages closed: the widget state read here is this test's pages' only."""
    for widget in list(widgets.Widget.widgets.values()):
        widget.close()


def _open(key: str, store: Any, lesson: Any = None) -> ClassGameApp:
    """The teacher picks honor mode on the class set-up screen (worded as the teacher's)."""
    store.referee.lesson = lesson  # the service keeps the lesson record
    host = ClassGameApp(key, connection=store, teacher=SECRET, large=False)
    name, value = HONOR[key]
    option, box = host.setup_app.option_boxes[name]
    offered = {option.choices[i][1]: label for label, i in box.options}
    assert "teacher" in offered[value], offered
    box.value = next(i for i, c in enumerate(option.choices) if c[1] == value)
    values = host.setup_app.values()
    assert values[name] == value
    values.update(large=False, interactive=False, seed=7, bot_delay=0.0)
    # Two teams and no computer: after the teacher's mark the next move is a team's, so every
    # page is read with that mark's verdict on it (a computer seat is tested on its own).
    host.open_room(Table([Seat("Team Amber"), Seat("Team Blue")]), values)
    return host


def _pages(host: ClassGameApp, store: Any) -> tuple[list[JoinApp], JoinApp]:
    """Two team devices and a spectator joined, the game started."""
    devices, watcher, _followers = _two_teams_and_a_spectator(host, store)
    return devices, watcher


def _followers(host: ClassGameApp, pages: Iterable[JoinApp]) -> list[Any]:
    return [host.follower, *(page.follower for page in pages)]


def _next_question(key: str, host: ClassGameApp, devices: list[JoinApp], watcher: JoinApp) -> dict:
    """Play (each team on its own device, the move a computer would choose for it; the
    computer seat on the projector) until a team is asked a question: its back of the card."""
    helpers = {seat: BOTS[key].make_bot("medium", 100 + seat) for seat in (0, 1)}
    for _ in range(400):
        settle(_followers(host, [*devices, watcher]))
        game = truth(host)
        assert not game.is_terminal(), "the game ended before a team was asked a question"
        back = game.card_back()
        if back is not None and back["player"] in (0, 1):
            return back
        acting = [s for s in game.to_act() if s in (0, 1)]
        if not acting:
            play_bots(host)
            continue
        seat = acting[0]
        screen = devices[seat].screen
        if screen.feedback.is_open:
            screen.feedback.dismiss()
        mine = truth(devices[seat])
        before = len(mine.log)
        screen.act(helpers[seat].choose(mine, seat))
        assert len(mine.log) == before + 1, safe.REJECTED[-1:]
    raise AssertionError("no team was asked a question")


def _shown(root: widgets.Widget) -> Iterator[widgets.Widget]:
    """The widgets on screen under ``root`` (its children, and theirs)."""
    stack = [root]
    while stack:
        widget = stack.pop()
        yield widget
        stack.extend(getattr(widget, "children", ()))


def _texts(root: widgets.Widget) -> str:
    return "\n".join(w.value for w in _shown(root) if isinstance(w, widgets.HTML))


def _buttons(root: widgets.Widget) -> dict[str, widgets.Button]:
    return {w.description: w for w in _shown(root) if isinstance(w, widgets.Button)}


def _held_by(page: Any) -> str:
    """Every widget a page's objects hold, shown or not (a widget's state reaches its browser
    when it is made): its attributes, their containers and the widgets' own traits."""
    found: dict[int, widgets.Widget] = {}
    stack: list[Any] = [page]
    seen: set[int] = set()
    while stack:
        obj = stack.pop()
        if id(obj) in seen:
            continue
        seen.add(id(obj))
        if isinstance(obj, dict):
            stack.extend(obj.values())
        elif isinstance(obj, list | tuple | set):
            stack.extend(obj)
        elif isinstance(obj, widgets.Widget) or type(obj).__module__.startswith("geoteach.ui"):
            if isinstance(obj, widgets.Widget):
                found[id(obj)] = obj
            stack.extend(vars(obj).values())
    return "\n".join(
        json.dumps(w.get_state(), default=str, ensure_ascii=False) for w in found.values()
    )


def _every_widget() -> str:
    return "\n".join(
        json.dumps(w.get_state(), default=str, ensure_ascii=False)
        for w in list(widgets.Widget.widgets.values())
    )


def _secrets(key: str, back: dict) -> set[str]:
    """What no page may hold before the teacher shows the answer, in every form a widget
    holds text (as it is, escaped for HTML and for JSON)."""
    question = Question.from_dict(back["card"])
    answers = html_text(back["answers"])
    # As the projector shows it once Show the answer is pressed, and as a verdict says it.
    said = {f"Accept: <b>{answers}</b>", f"<b>Answer:</b> {answers}", f"The answer: {answers}"}
    if key == "globalissimo" and question.kind == "number":  # hurdle A: a map number
        name = back["prompt"].split("Point out ")[1].split(" on the world map")[0]
        said.add(f"{name} is number {question.answer}")
    else:
        plain = {question.answer, *question.aliases, question.explanation, back["answers"]}
        said |= plain - set(question.choices) - {""}  # a card's own options are everyone's
        said -= {w for w in plain if w in back["prompt"]}  # "Which has more people: A or B?"
    return {form for words in said for form in _said_forms(words)}


def _assert_absent(text: str, secrets: set[str], where: str) -> None:
    for secret in secrets:
        at = text.find(secret)
        assert at < 0, f"{secret!r} reached {where}: {text[max(0, at - 300) : at + 60]}"


def _asked_aloud(host: ClassGameApp, devices: list[JoinApp], watcher: JoinApp, seat: int) -> None:
    """The team's device: the question and "say it out loud", no answer box; the other pages:
    who answers; the projector: Show the answer (and no Right / Wrong yet)."""
    mine = devices[seat].screen.controls
    assert SAY_IT in _texts(mine), _texts(mine)
    assert not [w for w in _shown(mine) if isinstance(w, widgets.Text)], "an answer box"
    assert not {"Show the answer", "✔ Right", "✓ Right"} & set(_buttons(mine))
    for page in (devices[1 - seat], watcher):
        assert SAYS_IT in _texts(page.screen.controls), _texts(page.screen.controls)
    projector = _buttons(host.screen.controls)
    assert "Show the answer" in projector, list(projector)


def _mark(host: ClassGameApp, back: dict, right: bool) -> None:
    """The teacher shows the answer on the projector, then marks it."""
    controls = host.screen.controls
    _buttons(controls)["Show the answer"].click()
    shown = _texts(controls)
    assert any(form in shown for form in _said_forms(back["answers"])), shown
    buttons = _buttons(controls)
    mark = next(b for d, b in buttons.items() if d.endswith("Right" if right else "Wrong"))
    mark.click()


@pytest.mark.parametrize("key", list(HONOR))
def test_the_teacher_marks_a_teams_answer_said_out_loud(key: str, tmp_path) -> None:
    store = service(tmp_path)
    record = tmp_path / "7B.sqlite"
    host = _open(key, store, lesson=record)
    devices, watcher = _pages(host, store)
    pages = [*devices, watcher]
    game = truth(host)
    for right in (True, False):
        back = _next_question(key, host, devices, watcher)
        seat = back["player"]
        _asked_aloud(host, devices, watcher, seat)
        secrets = _secrets(key, back)
        _assert_absent(_every_widget(), secrets, "a widget before the answer was shown")
        count = len(game.log)
        _mark(host, back, right)
        # Shown on the projector (the teacher's page): still on no device, nor the spectator.
        assert len(game.log) == count + 1, safe.REJECTED[-1:]
        for page in pages:
            _assert_absent(_held_by(page), secrets, "a device's widgets before its move came")
        stored = moves(host, since=count)
        assert [(m.seat, m.by) for m in stored] == [(seat, "host")]
        settle(_followers(host, pages))
        logs = [game.log, host.remote.game.log, *(page.game.log for page in pages)]
        assert len({json.dumps(log) for log in logs}) == 1, "a page's game differs"
        name = game.table.name_of(seat)
        for screen in (host.screen, *(page.screen for page in pages)):
            said = screen.feedback.body.value
            assert any(form in said for form in _said_forms(name)), said
            assert any(form in said for form in _said_forms(back["answers"])), said
            assert ("✔" in said) is right and ("✘" in said) is not right, said
        logs = [screen.computer_log.lines for screen in (host.screen, *(p.screen for p in pages))]
        assert all(log == logs[0] for log in logs), "a page's Moves log differs"
        answers = open_lesson(record).answers(player=name)
        row = answers[answers["question"] == back["prompt"]].iloc[-1]
        assert row["mode"] == "honor" and bool(row["correct"]) is right


@pytest.mark.parametrize("key", ["global_pursuit", "geography_pursuit"])
def test_every_banner_says_the_answer_is_said_out_loud(key: str, tmp_path) -> None:
    """A screen reader reads a page's banner when a question comes (its live region). In honor
    mode it says the answer is said out loud, never "answer the question" (the team's device
    has no answer box for it to look for): the team's device reads the question and "say your
    answer out loud", the other pages who says it, the projector how to mark it."""
    store = service(tmp_path)
    host = _open(key, store)
    devices, watcher = _pages(host, store)
    back = _next_question(key, host, devices, watcher)
    seat = back["player"]
    team = truth(host).table.name_of(seat)
    asked = devices[seat].screen
    said = spoken_text(asked.banner.value)
    assert f"{team}: say your answer to the" in said and "out loud" in said, said
    assert back["prompt"] in asked.live.text and said in asked.live.text, asked.live.text
    for page in (devices[1 - seat], watcher):
        said = spoken_text(page.screen.banner.value)
        assert f"{team} says the answer to the" in said and "out loud" in said, said
        assert said in page.screen.live.text, page.screen.live.text
    said = spoken_text(host.screen.banner.value)
    assert f"{team} says the answer to the" in said and "out loud: mark it." in said, said


def test_the_class_set_up_offers_honor_marking_by_the_teacher(tmp_path) -> None:
    """Every game with answers said out loud offers them in a class game, as the teacher's."""
    for key, (name, value) in HONOR.items():
        host = ClassGameApp(key, connection=service(tmp_path), teacher=SECRET, large=False)
        option, box = host.setup_app.option_boxes[name]
        offered = {option.choices[i][1]: label for label, i in box.options}
        assert set(offered) == {c[1] for c in option.choices}  # nothing left out
        assert "teacher" in offered[value] and host.setup_app.values()[name] == option.default
        host.close_app()


@pytest.mark.parametrize("key", list(HONOR))
def test_a_mark_made_while_paused_is_refused_and_made_again_after(key: str, tmp_path) -> None:
    store = service(tmp_path)
    host = _open(key, store)
    devices, watcher = _pages(host, store)
    back = _next_question(key, host, devices, watcher)
    game = truth(host)
    count = len(game.log)
    host.pause_button.click()
    _mark(host, back, right=True)
    assert len(game.log) == count and "paused" in host.screen.messages.text
    host.pause_button.click()  # resume: Right is there to press again
    mark = next(b for d, b in _buttons(host.screen.controls).items() if d.endswith("Right"))
    assert not mark.disabled
    mark.click()
    assert len(game.log) == count + 1 and len(moves(host)) == count + 1


@pytest.mark.parametrize("key", list(HONOR))
def test_a_seat_given_to_a_computer_mid_question_answers_by_itself(key: str, tmp_path) -> None:
    """A team's laptop dies while it is asked: the teacher gives its seat to a computer, which
    answers the question by itself, as computer players do in honor mode."""
    store = service(tmp_path)
    host = _open(key, store)
    devices, watcher = _pages(host, store)
    back = _next_question(key, host, devices, watcher)
    seat, game = back["player"], truth(host)
    count = len(game.log)
    _buttons(host.screen.controls)["Show the answer"].click()  # the teacher had looked
    host.seat_panel.picker.value = seat
    host.seat_panel.to_computer.click()
    play_bots(host)  # the service's computer answers (here at once, not after its pause)
    host.follower.poll()  # and the projector is told
    answered = moves(host, since=count)[0]
    assert (answered.seat, answered.by) == (seat, "host")
    assert answered.action["type"] == "mark" or "mark" in answered.action  # as computers answer
    if "Show the answer" in _buttons(host.screen.controls):  # the next team's question
        assert game.card_back()["player"] != seat
    shown = _texts(host.screen.controls)  # no answer shown that the teacher did not ask for
    assert "Answer:" not in shown and "Accept:" not in shown, shown
    settle(_followers(host, [*devices, watcher]))
    assert game.log == watcher.game.log


@pytest.mark.parametrize("key", list(HONOR))
def test_the_projector_restarts_and_a_device_reopens_mid_question(key: str, tmp_path) -> None:
    """The projector's kernel restarts while a team is asked (the room taken up again shows
    Show the answer), the team's laptop closes and opens again (it shows "say it out loud"),
    and the teacher's mark from the new projector reaches every page."""
    store = service(tmp_path)
    host = _open(key, store)
    devices, watcher = _pages(host, store)
    back = _next_question(key, host, devices, watcher)
    seat = back["player"]
    host.follower.stop()
    again = ClassGameApp(key, connection=store, teacher=SECRET, large=False)
    again.resume_room(host.remote.code)
    closed = devices[seat]
    seat_key = closed.remote.key
    closed.close_game()
    devices[seat] = JoinApp(connection=store, large=False)
    devices[seat].come_back(host.remote.code, seat, seat_key)
    _asked_aloud(again, devices, watcher, seat)
    _mark(again, back, right=True)
    settle(_followers(again, [*devices, watcher]))
    game = truth(again)
    assert all(page.game.log == game.log for page in (*devices, watcher))
    name = game.table.name_of(seat)
    for screen in (devices[seat].screen, watcher.screen):
        assert any(form in screen.feedback.body.value for form in _said_forms(name))
