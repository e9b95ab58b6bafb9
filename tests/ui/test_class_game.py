"""The class game's screens, every game: a projector and team devices on one room store.

Each test opens a room from the teacher's app, joins two team devices (and a spectator) with
the join app, starts, and plays a stretch of the game: a team's move is made through its own
screen (``Screen.act`` on its ``RemoteGame``, the move a computer would choose for that team;
a Pursuit's question is answered on the device's question card, typed or clicked, right when
the computer would have known it), the projector plays the computer seat, and after each move
every page polls its follower as its event-loop task would. Checked after every move: every
replica has the same moves; no screen asked for another seat's view (``RemoteGame`` raises
``ViewRefused``, which would show up in the callback errors); the widgets of a device hold
nothing secret of another team's, nor the answer of the question it is asked.
"""

from __future__ import annotations

import html
import json
from collections.abc import Iterator
from typing import Any

import ipywidgets as widgets
import pytest

from geoteach.bots.base import RemotePlayer
from geoteach.bots.registry import BOTS
from geoteach.classroom.remote import RemoteGame
from geoteach.games.registry import GAMES
from geoteach.games.table import Seat, Table
from geoteach.quiz.question import Question
from geoteach.ui import safe
from geoteach.ui.class_game.host_app import CLASS_GAMES, NOT_YET, ClassGameApp
from geoteach.ui.class_game.join import JoinApp
from tests import postgres
from tests.classroom.service import SECRET, play_bots, service, truth

GAME_KEYS = list(CLASS_GAMES)
#: Moves played in each test (enough for several turns of each seat, short enough to be quick).
MOVES = 40


@pytest.fixture(autouse=True)
def _no_errors(tmp_path, monkeypatch) -> Iterator[None]:
    monkeypatch.delenv("GEOTEACH_LESSON_RECORD", raising=False)
    safe.clear()
    yield
    assert not safe.ERRORS, [f"{c.where}: {c.error!r}" for c in safe.ERRORS]


def _table(key: str) -> Table:
    seats = [Seat("Team Amber"), Seat("Team Blue"), Seat("Robot Cy", kind="bot", level="easy")]
    cls = GAMES[key].engine_class
    if cls.max_seats < 3:
        seats = seats[:2]
    return Table(seats)


def _open(key: str, store: Any) -> ClassGameApp:
    host = ClassGameApp(key, connection=store, teacher=SECRET, large=False)
    values = host.setup_app.values()
    values.update(large=False, interactive=False, seed=7, bot_delay=0.0)
    host.open_room(_table(key), values)
    return host


def _two_teams_and_a_spectator(host: ClassGameApp, store: Any) -> tuple[list, JoinApp, list]:
    """Seats 0 and 1 taken by two devices, a spectator watching, the game started: the
    devices, the spectator and every page's follower (projector, devices, spectator)."""
    devices = []
    for seat in (0, 1):
        device = JoinApp(connection=store, code=host.remote.code, large=False)
        device.take_seat(seat)
        devices.append(device)
    watcher = JoinApp(connection=store, code=host.remote.code)
    watcher.watch()
    host.start_game()
    return devices, watcher, [host.follower, *(d.follower for d in devices), watcher.follower]


def settle(pages: list) -> None:
    """Poll every page until none gets a new move (a page's screen may move by itself when a
    move arrives, e.g. a clock, and the others then see that move on their next poll)."""
    room = pages[0].room
    for _ in range(20):
        room.connection.referee.play_bots(room.code)
        if sum(page.poll() for page in pages) == 0:
            return
    raise AssertionError("the pages never settled")


def widget_text() -> str:
    """Everything the kernel's widgets hold now (what their browsers would receive)."""
    parts = []
    for widget in list(widgets.Widget.widgets.values()):
        try:
            parts.append(json.dumps(widget.get_state(), default=str))
        except Exception:  # a widget being closed
            continue
    return "\n".join(parts)


def asked_card(game) -> dict:
    """The card being asked in a Pursuit, with its answer (the test reads the replica whole:
    the reader's view, which a device's screen never asks for)."""
    reader = next(s for s in range(len(game.table.seats)) if s not in game.to_act())
    view = game.view(reader)
    asked = view.get("question") or (view.get("trivia") or {}).get("question")
    return asked.get("card", asked)


def card_of(screen):
    """The question card on a Pursuit's screen (a composed screen's is in its step panel);
    None on a screen without one."""
    return getattr(getattr(screen.parts, "step_panel", screen.parts), "card", None)


def answer_on_the_card(screen, game, right: bool) -> None:
    """Answer the question on a device's card as a team would: click an option or type."""
    card = card_of(screen)
    assert card.unjudged is not None, "the device's card should be asked without its answer"
    answer = asked_card(game)["answer"]
    if card.asked_mode == "choice":
        button = next(b for b in card.choice_buttons if (b.tooltip == answer) is right)
        button.click()
    else:
        card.answer_box.value = answer if right else "Atlantis of the deep sea"
        card.submit_button.click()  # Enter: the page script presses it


def play(key: str, host: ClassGameApp, devices: list[JoinApp], pages: list, moves: int) -> int:
    """Up to ``moves`` moves through the screens: each team's on its own device (the move a
    computer would choose for it; a Pursuit's question answered on the device's card), the
    computer seat's on the projector, every page polled after each. Checks every replica
    has the same moves; returns how many questions the teams answered on their cards."""
    make_bot = BOTS[key].make_bot
    helpers = {seat: make_bot("medium", 100 + seat) for seat in (0, 1)}
    answered = 0
    for _ in range(moves):
        settle(pages)
        game = truth(host)
        if game.is_terminal():
            break
        replicas = [game, host.remote.game, *(d.game for d in devices)]
        logs = {json.dumps(r.log, sort_keys=True) for r in replicas}
        assert len(logs) == 1, "a replica differs from the others"
        acting = [s for s in game.to_act() if s in (0, 1)]
        if not acting:
            play_bots(host)
            continue
        seat = acting[0]
        device = devices[seat]
        if device.screen.feedback.is_open:
            device.screen.feedback.dismiss()
        mine = truth(device)
        action = helpers[seat].choose(mine, seat)
        before = len(mine.log)
        if action["type"] == "answer" and card_of(device.screen) is not None:
            answer_on_the_card(device.screen, mine, action["mark"] == "right")
            answered += 1
        else:
            device.screen.act(action)
        assert len(mine.log) == before + 1, safe.REJECTED[-1:] if safe.REJECTED else ""
    settle(pages)
    return answered


def team_to_move(
    host: ClassGameApp, devices: list[JoinApp], pages: list, helpers: dict
) -> tuple[int, JoinApp, dict] | None:
    """Settle the pages, the projector's computers playing, until a team is to act: its seat,
    its device (an open verdict there put away, as the team reads it) and the move a computer
    would choose for it; None once the game is over."""
    game = truth(host)
    for _ in range(50):
        settle(pages)
        if game.is_terminal():
            return None
        acting = [s for s in game.to_act() if s in (0, 1)]
        if acting:
            device = devices[acting[0]]
            if device.screen.feedback.is_open:
                device.screen.feedback.dismiss()
            return acting[0], device, helpers[acting[0]].choose(truth(device), acting[0])
        play_bots(host)
    raise AssertionError("no team was asked to move")


@pytest.mark.parametrize(
    ("key", "backend"), [(key, "sqlite") for key in GAME_KEYS] + [("globe_works", "postgresql")]
)
def test_a_class_game_from_a_projector_and_two_devices(key: str, backend: str, tmp_path, request):
    if backend == "sqlite":
        store = service(tmp_path)
    else:
        admin = request.getfixturevalue("postgres_admin")
        database = postgres.fresh_database(admin)
        store = service(database.__enter__())
        request.addfinalizer(lambda: (store.referee.close(), database.__exit__(None, None, None)))
    host = _open(key, store)
    code = host.remote.code
    assert "gt-room-code" in host.code_html.value and code in host.code_html.value
    assert "<svg" in host.qr_html.value

    devices = []
    for seat in (0, 1):
        device = JoinApp(connection=store, code=code, large=False)
        assert device.room is not None and device.room["code"] == code
        device.nickname.value = f"<b>team {seat}</b>"
        device.take_seat(seat)
        devices.append(device)
    watcher = JoinApp(connection=store, code=code)
    watcher.watch()
    assert "2 of 2 teams have joined" in host.seats_html.value or host.follower.poll() >= 0
    host.follower.poll()
    assert "2 of 2 teams have joined" in host.seats_html.value
    assert "&lt;b&gt;team 0&lt;/b&gt;" in host.seats_html.value  # nicknames only escaped

    screen = host.start_game()
    assert isinstance(screen.bots[0], RemotePlayer) and isinstance(screen.bots[1], RemotePlayer)
    replicas = [truth(host), host.remote.game, *(d.game for d in devices)]
    pages = [host.follower, *(d.follower for d in devices), watcher.follower]
    answered = play(key, host, devices, pages, MOVES)
    assert len({json.dumps(r.log, sort_keys=True) for r in replicas}) == 1
    assert len(truth(host).log) >= 10
    if key.endswith("pursuit"):
        assert answered >= 2, "the teams should have answered questions on their devices"
        judged = [a for a in truth(host).log if a["type"] == "answer"]
        assert all("mark" not in a for a in judged if a["player"] in (0, 1))
    room_id = next(r for r, ref in store.referee.rooms.items() if ref.code == code)
    assert store.referee.store.count(room_id) == len(truth(host).log)
    # Every page's "Moves" log says every move once, in order, in the same sentence: the
    # teams' own moves too (a device once logged only the moves that arrived from elsewhere).
    logs = [p.computer_log.lines for p in (host.screen, *(d.screen for d in devices))]
    logs.append(watcher.screen.computer_log.lines)
    assert all(log == logs[0] for log in logs), "a page's log differs from the projector's"
    assert 0 < len(logs[0]) <= len(truth(host).log)
    assert all(p.computer_log.title == "Moves" for p in (host.screen, devices[0].screen))


@pytest.mark.parametrize("key", ["globe_works"])
def test_a_device_never_holds_another_teams_hand(key: str, tmp_path) -> None:
    """The widget state of the kernel of a device shows only its own hand: here every widget
    of the kernel is read while only team 0's device is open."""
    store = service(tmp_path)
    host = _open(key, store)
    code = host.remote.code
    host.close_app()
    host.close()
    for widget in list(widgets.Widget.widgets.values()):
        widget.close()
    device = JoinApp(connection=store, code=code)
    device.take_seat(0)
    game = truth(device)
    theirs = game.view(1)
    hand_key = "hand" if "hand" in theirs else None
    assert hand_key is not None
    text = widget_text()
    mine = {json.dumps(c) for c in game.view(0)["hand"]}
    for card in theirs["hand"]:
        name = card.get("name") if isinstance(card, dict) else card
        if json.dumps(card) in mine or not isinstance(name, str):
            continue
        assert name not in text, f"team 1's card {name!r} reached team 0's widgets"


def test_a_seat_key_plays_only_its_seat_and_a_moved_seat_stops_at_once(tmp_path) -> None:
    store = service(tmp_path)
    host = _open("globalissimo", store)
    code = host.remote.code
    device = JoinApp(connection=store, code=code)
    device.take_seat(0)
    host.start_game()
    game = device.game
    assert isinstance(game, RemoteGame)
    from geoteach.classroom.remote import ViewRefused
    from geoteach.games.base import IllegalAction

    with pytest.raises(ViewRefused):
        game.view(1)
    room_game = truth(device)
    other = next(
        (a for a in room_game.legal_actions(room_game.to_act()[0]) if a["player"] != 0), None
    )
    if other is not None:
        with pytest.raises(IllegalAction):
            game.apply(other)
    # The teacher gives team 0 a new device: the old one's key stops at once.
    host.seat_panel.picker.value = 0
    host.seat_panel.new_link.click()
    assert "key=" in host.seat_panel.link_html.value
    device.follower.poll()
    assert "another device" in device.notice.value


def test_every_game_is_a_class_game() -> None:
    assert set(CLASS_GAMES) == set(GAMES) and not NOT_YET


def test_a_dead_laptops_seat_goes_to_a_computer_and_back(tmp_path) -> None:
    """The teacher gives Team Amber's seat to a computer: the projector plays it from then on;
    given back, the seat waits for a device again, and the team joins with a new key."""
    store = service(tmp_path)
    host = _open("globalissimo", store)
    code = host.remote.code
    devices = [JoinApp(connection=store, code=code) for _ in (0, 1)]
    for seat, device in enumerate(devices):
        device.take_seat(seat)
    host.start_game()
    host.seat_panel.picker.value = 0
    host.seat_panel.to_computer.click()
    assert 0 in store.referee.rooms[next(iter(store.referee.rooms))].bots  # the service plays it
    game = truth(host)
    for _ in range(10):  # team 1 plays from its device; the computer plays team 0 at once
        settle([host.follower, devices[1].follower])
        if 1 in game.to_act():
            helper = BOTS["globalissimo"].make_bot("medium", 3)
            devices[1].screen.act(helper.choose(truth(devices[1]), 1))
    assert any(a["player"] == 0 for a in game.log)
    devices[0].follower.poll()
    assert "another device" in devices[0].notice.value  # its old key no longer plays
    host.seat_panel.back.click()
    assert 0 not in store.referee.rooms[next(iter(store.referee.rooms))].bots
    again = JoinApp(connection=store, code=code)
    again.take_seat(0)
    assert again.game.seat == 0


def _said_forms(text: str) -> set[str]:
    """``text`` as a widget may hold it: as it is, escaped for HTML, escaped for JSON."""
    from geoteach.escape import html_text

    return {text, html_text(text), json.dumps(text)[1:-1]}


@pytest.mark.parametrize(
    ("key", "mode", "how"),
    [
        ("geography_pursuit", "mode", "typed"),
        ("geography_pursuit", "mode", "choice"),
        ("global_pursuit", "answer_mode", "typed"),
        ("global_pursuit", "answer_mode", "choice"),
    ],
)
def test_no_widget_holds_the_answer_of_the_question_a_team_is_asked(
    key: str, mode: str, how: str, tmp_path
) -> None:
    """While a team's device is asked a question, none of the widgets of the kernels in play
    (the device's, the other team's, the spectator's and the projector's, all in this one
    process) holds its answer (typed: the answer itself; multiple choice: it is one of the
    options, so its other accepted forms and the explanation), nor says which option is right."""
    for widget in list(widgets.Widget.widgets.values()):
        widget.close()  # the earlier tests' pages (the same seed: the same questions)
    store = service(tmp_path)
    host = ClassGameApp(key, connection=store, teacher=SECRET, large=False)
    values = host.setup_app.values()
    values.update(large=False, interactive=False, seed=7, bot_delay=0.0, **{mode: how})
    host.open_room(_table(key), values)
    devices, _spectator, pages = _two_teams_and_a_spectator(host, store)
    helpers = {seat: BOTS[key].make_bot("medium", 100 + seat) for seat in (0, 1)}
    game = truth(host)
    asked = 0
    for _ in range(150):
        found = team_to_move(host, devices, pages, helpers)
        if found is None or asked == 2:
            break
        seat, device, action = found
        mine = truth(device)
        if action["type"] != "answer":
            device.screen.act(action)
            continue
        asked += 1
        card = asked_card(mine)
        question = Question.from_dict(card)
        assert card_of(device.screen).unjudged is not None
        assert card_of(device.screen).asked_mode == how or not question.choices
        text = "\n".join(
            json.dumps(w.get_state(), default=str, ensure_ascii=False)
            for w in list(widgets.Widget.widgets.values())
        )
        secret = {*question.aliases, question.explanation}
        if how == "typed" or card_of(device.screen).asked_mode == "typed":
            secret.add(question.answer)
        secret -= set(question.choices) | {""}
        for words in secret:
            for form in _said_forms(words):
                at = text.find(form)
                assert at < 0, f"{words!r} reached a widget: {text[max(0, at - 300) : at + 40]}"
        answer_on_the_card(device.screen, mine, action["mark"] == "right")
        # The device now says the verdict, the right answer big (the engine's, after the move).
        assert device.screen.feedback.is_open
        verdict = device.screen.feedback.body.value
        assert any(form in verdict for form in _said_forms(question.answer))
        # The projector and the other team say it too, without holding the game.
        settle(pages)
        for screen in (host.screen, devices[1 - seat].screen):
            said = screen.feedback.body.value
            assert game.table.name_of(seat) in said
            assert any(form in said for form in _said_forms(question.answer))
            assert not screen.feedback.is_open
            if action["mark"] == "wrong":  # the team's answer is said as the team's, not "yours"
                whose = f"{game.table.name_of(seat)}'s answer"
                assert any(form in said for form in _said_forms(whose)), said
    assert asked == 2, "a team should have been asked two questions"


def test_geotriple_says_the_states_still_possible_on_the_guessers_device_and_the_projector(
    tmp_path,
) -> None:
    """GeoTriple's "Still possible" list (the yellow states in words) is on the guessing team's
    device whenever it is asked to guess, even while the verdict of its last guess is still
    open when the other team's clue arrives (in one screen the verdict holds the game, here
    it does not), and on the public pages; it is the public view's list (the clues are public)."""
    from geoteach.escape import html_text

    store = service(tmp_path)
    host = _open("geotriple", store)
    devices, watcher, pages = _two_teams_and_a_spectator(host, store)
    helpers = {seat: BOTS["geotriple"].make_bot("medium", 100 + seat) for seat in (0, 1)}
    game = truth(host)
    asked = with_verdict = 0
    for _ in range(60):
        settle(pages)
        view = game.view(None)
        if view["phase"] != "guess":
            break
        s1 = view["stage1"]
        guesser = s1["guesser"]
        if not s1["waiting_for_clue"]:
            names = ", ".join(sorted(view["cards"][c]["name"] for c in view["possible"]))
            listed = f"Still possible ({len(view['possible'])}):</b> {html_text(names)}</p>"
            for screen in (devices[guesser].screen, host.screen, watcher.screen):
                assert listed in screen.parts.board_panel.map_caption.value, (
                    screen.parts.board_panel.map_caption.value
                )
            assert (
                "Still possible"
                not in devices[1 - guesser].screen.parts.board_panel.map_caption.value
            )
            asked += 1
            with_verdict += devices[guesser].screen.feedback.is_open
        seat = game.to_act()[0]
        devices[seat].screen.act(helpers[seat].choose(truth(devices[seat]), seat))
    assert asked >= 3 and with_verdict >= 1


@pytest.mark.parametrize("key", GAME_KEYS)
def test_a_device_reopened_mid_game_says_every_earlier_move(key: str, tmp_path) -> None:
    """A team's laptop closed mid-game and opened again with its own link, and a spectator who
    arrives late: their logs say every move from the first, as the projector's does, and the
    game goes on from there on every page."""
    store = service(tmp_path)
    host = _open(key, store)
    devices, watcher, pages = _two_teams_and_a_spectator(host, store)
    play(key, host, devices, pages, 14)
    made = len(truth(host).log)
    assert made >= 4, "the game should be under way before the laptop closes"

    closed = devices[0]
    key0 = closed.remote.key
    closed.close_game()
    reopened = JoinApp(connection=store, large=False)
    screen = reopened.come_back(host.remote.code, 0, key0)
    late = JoinApp(connection=store, code=host.remote.code)
    late.watch()
    assert len(truth(reopened).log) == made
    projector = host.screen.computer_log.lines
    assert projector, "the projector should have logged the moves so far"
    assert screen.computer_log.lines == projector, "the reopened laptop's log differs"
    assert late.screen.computer_log.lines == projector, "the late spectator's log differs"
    assert not screen.feedback.is_open, "an old verdict came up on the reopened laptop"

    devices[0] = reopened
    pages = [host.follower, *(d.follower for d in devices), watcher.follower, late.follower]
    play(key, host, devices, pages, 8)
    logs = [p.screen.computer_log.lines for p in (host, *devices, watcher, late)]
    assert all(log == logs[0] for log in logs), "a page's log differs after the reopening"
    assert len(truth(host).log) > made, "the game did not go on"

    # The projector's kernel restarted: the room taken up again on it says every move too.
    made = len(truth(host).log)
    host.follower.stop()
    again = ClassGameApp(key, connection=store, teacher=SECRET, large=False)
    again.resume_room(host.remote.code)
    assert len(truth(again).log) == made
    assert again.screen.computer_log.lines == logs[0], "the projector taken up again differs"
    assert not again.screen.feedback.is_open
    pages = [again.follower, *(d.follower for d in devices), watcher.follower, late.follower]
    play(key, again, devices, pages, 6)
    logs = [p.screen.computer_log.lines for p in (again, *devices, watcher, late)]
    assert all(log == logs[0] for log in logs), "a page's log differs after the take-up"


def test_geotriple_verdicts_are_nobodys_win_on_the_projector_and_a_spectators_page(
    tmp_path,
) -> None:
    """The race's and each trick's verdict says ✔ or ✘ on a team's own device (it won or lost
    it); on the projector and a spectator's page nobody plays, so it says neither (it once put a
    ✘ beside "Team Amber wins the trick": every seat there is played elsewhere, and a screen
    took them all for its computers, beating the person at it)."""
    store = service(tmp_path)
    host = _open("geotriple", store)
    devices, watcher, pages = _two_teams_and_a_spectator(host, store)
    helpers = {seat: BOTS["geotriple"].make_bot("medium", 100 + seat) for seat in (0, 1)}
    game = truth(host)
    judged = 0
    for _ in range(120):
        settle(pages)
        if game.phase == "round_over":
            break
        seat = game.to_act()[0]
        before = len(game.view(None)["stage3"]["tricks"]) if game.view(None).get("stage3") else 0
        was_race = game.phase == "race"
        devices[seat].screen.act(helpers[seat].choose(truth(devices[seat]), seat))
        settle(pages)
        view = game.view(None)
        tricks = view["stage3"]["tricks"] if view.get("stage3") else []
        if was_race and game.phase != "race" and view["results"]["race"]["winner"] is not None:
            winner = view["results"]["race"]["winner"]
        elif len(tricks) > before:
            winner = tricks[-1]["winner"]
        else:
            continue
        judged += 1
        for screen in (host.screen, watcher.screen):
            card = screen.feedback
            assert not {"gt-right", "gt-wrong"} & set(card._dom_classes), card.body.value
            assert "✔" not in card.body.value and "✘" not in card.body.value, card.body.value
        for team, device in enumerate(devices):
            mark = "✔" if team == winner else "✘"
            assert mark in device.screen.feedback.body.value, device.screen.feedback.body.value
    assert game.phase == "round_over" and judged >= 6, (game.phase, judged)


def test_global_pursuit_pages_drop_a_verdict_whose_turn_is_over(tmp_path) -> None:
    """A team's right answer says on every other page "Team Amber's turn goes on: lay another
    card"; once that turn is over (the team cannot match, or its hand is empty) no page may
    still say so while the other team plays (the projector once did, under "Team Blue is
    playing…"). A verdict that holds a device (its own answer, until Continue) stays."""
    store = service(tmp_path)
    host = _open("global_pursuit", store)
    devices, watcher, pages = _two_teams_and_a_spectator(host, store)
    helpers = {seat: BOTS["global_pursuit"].make_bot("hard", 100 + seat) for seat in (0, 1)}
    game = truth(host)
    names = [s.name for s in game.table.seats]
    went_on = passed_after = 0
    for _ in range(200):
        found = team_to_move(host, devices, pages, helpers)
        if found is None or passed_after >= 2:
            break
        _seat, device, action = found
        turn = game.player
        if action["type"] == "answer":
            answer_on_the_card(device.screen, truth(device), True)  # the turn goes on
        else:
            device.screen.act(action)
        settle(pages)
        for screen in (host.screen, watcher.screen, *(d.screen for d in devices)):
            card = screen.feedback
            said = card.body.value if card.text else ""
            if "turn goes on" in said and not card.is_open:
                went_on += game.player == turn
                assert f"{names[game.player]}&#x27;s turn goes on" in said, (
                    f"{names[game.player]} plays, and a page still says: {card.text} "
                    f"{said[said.index('turn goes on') - 40 :][:80]}"
                )
        passed_after += went_on > 0 and game.player != turn
    assert went_on and passed_after, (went_on, passed_after)


def test_globalissimo_pages_move_on_to_the_round_a_team_ranks_in(tmp_path) -> None:
    """Round 1 turned over: every page shows its true order until Continue. When a team ranks
    the first country of round 2 on its device, the other pages show round 2's cards with that
    number on them (the projector, where nobody presses Continue, once kept showing round 1
    while the class was playing round 2)."""
    store = service(tmp_path)
    host = ClassGameApp("globalissimo", connection=store, teacher=SECRET, large=False)
    values = host.setup_app.values()
    values.update(large=False, interactive=False, seed=7, bot_delay=0.0)
    host.open_room(Table([Seat("Team Amber"), Seat("Team Blue")]), values)
    devices, watcher, pages = _two_teams_and_a_spectator(host, store)
    helpers = {seat: BOTS["globalissimo"].make_bot("medium", 100 + seat) for seat in (0, 1)}
    game = truth(host)

    def move() -> dict:
        seat = game.to_act()[0]
        action = helpers[seat].choose(truth(devices[seat]), seat)
        devices[seat].screen.act(action)
        settle(pages)
        return action

    while game.view(None)["round"]["number"] == 1:
        move()
    for screen in (host.screen, watcher.screen):
        assert screen.feedback.is_open and screen.parts.explaining[0] == "round"
    action = move()  # round 2's first country, ranked on a team's device
    assert action["type"] == "rank" and game.view(None)["round"]["number"] == 2
    name = game.view(None)["round"]["names"][action["country"]]
    for screen in (host.screen, watcher.screen, devices[1 - action["player"]].screen):
        assert not screen.feedback.is_open, screen.feedback.text
        cards = screen.parts.board_panel.cards
        assert cards in screen.board.children and name in cards.value


def walk(widget: widgets.Widget) -> Iterator[widgets.Widget]:
    """``widget`` and every widget under it."""
    yield widget
    for child in getattr(widget, "children", ()):
        yield from walk(child)


def test_geotriple_shows_a_teams_stage3_hand_among_its_steps_controls(tmp_path) -> None:
    """In Stage 3 a team's hand is among the step's controls on its own device (the page
    script brings focus there as to any step; on the board, under the trick, it pushed the
    bottom of the map below the first screen), while the team is to put cards away or play one
    and while the other team plays; the public pages (the projector, a spectator) show none."""
    store = service(tmp_path)
    host = _open("geotriple", store)
    devices, watcher, pages = _two_teams_and_a_spectator(host, store)
    helpers = {seat: BOTS["geotriple"].make_bot("medium", 100 + seat) for seat in (0, 1)}
    game = truth(host)
    seen = set()
    for _ in range(150):
        found = team_to_move(host, devices, pages, helpers)
        if found is None or game.phase == "round_over":
            break
        _seat, device, action = found
        if game.phase in ("discard", "trick"):
            for team, screen in enumerate(d.screen for d in devices):
                assert any(w is screen.parts.step_panel.tiles_box for w in walk(screen.controls)), (
                    game.phase
                )
                assert screen.parts.step_panel.tiles_box.children, game.phase
                assert not any(w is screen.parts.step_panel.tiles_box for w in walk(screen.board))
                seen.add((game.phase, team in game.to_act()))
            for screen in (host.screen, watcher.screen):
                assert not screen.parts.step_panel.tiles_box.children
        device.screen.act(action)
    assert game.phase == "round_over"
    assert {("discard", True), ("trick", True), ("trick", False)} <= seen, seen


def test_the_class_set_up_stays_the_class_games_in_another_language(tmp_path) -> None:
    """The language menu makes the set-up screen again: it still opens a room (not "Start the
    game") and still words honor mode as the teacher's marking, in the new language."""
    from geoteach.i18n import set_language

    host = ClassGameApp("geography_pursuit", connection=service(tmp_path), teacher=SECRET)
    try:
        host.setup_app.speak("es")
        assert host.setup_app.setup.start.description == "Abrir la sala"
        assert host.game_picker.description == "Juego"  # the whole page speaks it
        option, box = host.setup_app.option_boxes["mode"]
        labels = dict((i, label) for label, i in box.options)
        honor = next(i for i, c in enumerate(option.choices) if c[1] == "honor")
        assert labels[honor] != option.choices[honor][0]  # the class game's own words
    finally:
        set_language("en")
        host.close_app()


@pytest.mark.parametrize("credential", [None, "", "a-guess", "teacher"])
def test_a_students_class_game_page_says_whose_it_is_and_shows_no_room(
    credential, tmp_path
) -> None:
    """A student opens class_game.ipynb (any page of the server opens): without the teacher's
    credential the page says it is the teacher's, and holds nothing of the open rooms (not
    their codes, no "Take it up again", no set-up to open one)."""
    store = service(tmp_path)
    opened = _open("globalissimo", store)
    code = opened.remote.code
    opened.close_app()
    for widget in list(widgets.Widget.widgets.values()):
        widget.close()  # the teacher's page is on the projector, not in this kernel
    page = ClassGameApp("globalissimo", connection=store, teacher=credential, large=False)
    text = widget_text_of(page)
    assert "your teacher's page" in text
    assert code not in widget_text()
    assert not page.resume_box.children and page.setup_app not in page.children
    assert page.remote is None


def widget_text_of(root: widgets.Widget) -> str:
    """The words a page's widgets hold (its HTML and labels), as the page reads them."""
    return html.unescape(
        " ".join(
            str(getattr(w, "value", "")) + " " + str(getattr(w, "description", ""))
            for w in walk(root)
        )
    )
