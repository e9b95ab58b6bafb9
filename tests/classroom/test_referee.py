"""The class game's referee (issue 35): one authority per room that no page sees into or acts
around, for all five games.

Each test plays through the wire as the pages do (``RemoteRoom`` over ``LocalConnection``,
which checks every request as the HTTP service does), and tries what a student would: another
team's view, a move for another seat, a teacher's verb, a "right" mark, a hand-made request.
"""

from __future__ import annotations

import itertools
import json
import random
from typing import Any

import pytest

from geoteach.bots.registry import BOTS
from geoteach.classroom.referee import Referee
from geoteach.classroom.remote import LocalConnection, RemoteRoom, ViewRefused, answer
from geoteach.classroom.rooms import replica_of, setup_of
from geoteach.classroom.wire import REFUSED
from geoteach.games.base import IllegalAction
from geoteach.games.registry import GAMES
from geoteach.games.table import Seat, Table
from geoteach.store.rooms import AlreadyPlayed, NotTheHost, RoomError, RoomStore
from tests.classroom.service import SECRET
from tests.kit.fuzz import broken_move

CLASS_GAMES = [key for key, entry in GAMES.items() if entry.is_class_game]
HONOR = {"globalissimo": {"honor": True, "rounds": 6}}


def _referee(url: str, secret: str = SECRET) -> LocalConnection:
    tick = itertools.count()
    return LocalConnection(Referee(RoomStore(url), secret, clock=lambda: float(next(tick))))


def _open(conn: LocalConnection, key: str, seed: int = 5, **options: Any) -> str:
    entry = GAMES[key]
    cls = entry.engine_class
    seats = [Seat("Team Amber"), Seat("Team Blue"), Seat("Robot Cy", kind="bot", level="easy")]
    table = Table(seats[: max(cls.min_seats, min(3, cls.max_seats))])
    game = cls(table, seed=seed, **{**dict(entry.short_game), **options})
    info = answer(
        conn.call({"kind": "open", "teacher": SECRET, "game": key, "setup": setup_of(game)})
    )
    answer(conn.call({"kind": "teacher", "teacher": SECRET, "code": info["code"], "verb": "start"}))
    return str(info["code"])


def _seats(conn: LocalConnection, code: str) -> dict[int, RemoteRoom]:
    keys = {
        s: answer(conn.call({"kind": "take_seat", "code": code, "seat": s}))["key"] for s in (0, 1)
    }
    return {s: RemoteRoom(conn, code, key=k) for s, k in keys.items()}


def _full(conn: LocalConnection, code: str) -> Any:
    return next(r.game for r in conn.referee.rooms.values() if r.code == code)


def _said_aloud(move: dict) -> dict:
    return {**move, **({"verdict": "right"} if move["type"] == "mark" else {"mark": "right"})}


def _play(conn: LocalConnection, code: str, devices: dict, teacher: RemoteRoom, moves: int) -> int:
    """Up to ``moves`` moves: each team's on its own device (the move a computer would choose
    for it; an answer said out loud marked by the teacher), the computers by the referee."""
    game = _full(conn, code)
    helpers = {s: BOTS[game.name].make_bot("medium", 50 + s) for s in devices}
    made = 0
    for _ in range(moves):
        conn.referee.play_bots(code)
        for page in (*devices.values(), teacher):
            page.catch_up()
        if not _a_team_moves(game, helpers, devices, teacher):
            break
        made += 1
    return made


def _a_team_moves(game: Any, helpers: dict, devices: dict, teacher: RemoteRoom) -> bool:
    """The first team to act makes its move (``_team_moves``); False when none is to act
    (the game is over, or a computer is to move)."""
    if game.is_terminal():
        return False
    seat = next((s for s in game.to_act() if s in devices), None)
    if seat is None:
        return False
    _team_moves(game, helpers[seat], seat, devices, teacher)
    return True


def _team_moves(game: Any, helper: Any, seat: int, devices: dict, teacher: RemoteRoom) -> None:
    """The move a computer would choose for a team, made as a class makes it: on the team's
    device; an answer said out loud, marked by the teacher; a "right" the computer gives itself
    (it knows the answer), typed on the device instead (only the teacher marks right)."""
    move = helper.choose(game, seat)
    back = game.card_back()
    if back is not None and ("mark" in move or move["type"] == "mark"):
        teacher.game.apply(move)  # said out loud, marked by the teacher
    elif game.marks_right(move):
        answer = (back or {}).get("card", {}).get("answer")
        devices[seat].game.apply({"player": seat, "type": "answer", "text": answer})
    else:
        devices[seat].game.apply(move)


@pytest.mark.parametrize("key", CLASS_GAMES)
def test_the_referee_plays_a_room_and_every_page_follows(key: str, rooms_url: str) -> None:
    conn = _referee(rooms_url)
    code = _open(conn, key, **HONOR.get(key, {}))
    devices = _seats(conn, code)
    teacher = RemoteRoom(conn, code, teacher=SECRET)
    made = _play(conn, code, devices, teacher, 80)
    assert made > 10
    game = _full(conn, code)
    # The store holds every move the referee decided: a fresh replay gives the same game.
    ref = next(r for r in conn.referee.rooms.values() if r.code == code)
    fresh = replica_of(ref.room)
    for move in conn.referee.store.moves(ref.room.id):
        fresh.apply(move.action)
    assert fresh.to_json() == game.to_json()
    spectator = RemoteRoom(conn, code, key="")
    spectator.catch_up()
    for page in (*devices.values(), teacher, spectator):
        page.catch_up()
        assert page.game.log == game.log
        assert page.game.view(None) == game.view(None)
    for seat, device in devices.items():
        assert device.game.view(seat) == game.view(seat)
    with pytest.raises(IllegalAction):
        spectator.propose({"player": 0, "type": "pass"})


@pytest.mark.parametrize("key", CLASS_GAMES)
def test_no_page_receives_another_seats_secret(key: str, tmp_path) -> None:
    """Replay a room and scan everything each device received (every position, the room's
    news, the options): no text of another seat's private view that is in neither the public
    view nor its own, no seed, no card back."""
    conn = _referee(f"sqlite:///{tmp_path / 'rooms.sqlite'}")
    code = _open(conn, key, seed=11, **HONOR.get(key, {}))
    devices = _seats(conn, code)
    teacher = RemoteRoom(conn, code, teacher=SECRET)
    game = _full(conn, code)
    seen: dict[int, set[str]] = {0: set(), 1: set()}
    scans: list[tuple[int, set[str], set[str], str]] = []
    helpers = {s: BOTS[key].make_bot("medium", 70 + s) for s in devices}
    for _ in range(60):
        conn.referee.play_bots(code)
        teacher.catch_up()
        for seat, device in devices.items():
            seen[seat] |= _leaves(game.view(None)) | _leaves(game.view(seat)) | _leaves(game.log)
            answers: set[str] = set()
            back = game.card_back()
            if back is not None:  # the answer of the card being asked, not said yet
                card = back.get("card") or {}
                said = [back.get("answers"), card.get("answer"), card.get("aliases")]
                answers = _leaves([*said, card.get("explanation")]) - seen[seat]
            hand = _leaves(game.view(1 - seat)) - seen[seat]
            reply = conn.call(device.request("events", since=0))
            # What every page saw on the board before now (a card asked again after its
            # answer was shown) is no secret any more.
            for event in reply["ok"]["events"][:-1]:
                seen[seat] |= _leaves(event["position"]["public"])
            answers -= seen[seat]
            text = json.dumps(reply)
            assert f'"seed": {game.seed}' not in text
            scans.append((seat, answers, hand, text))
            device.catch_up()
        if not _a_team_moves(game, helpers, devices, teacher):
            break
    assert len(game.log) > 10
    # What was ever public (a card played, a hand shown at the end) is nobody's secret.
    replay = replica_of(next(r for r in conn.referee.rooms.values() if r.code == code).room)
    public = _leaves(replay.view(None))
    for move in game.log:
        replay.apply(move)
        public |= _leaves(replay.view(None)) | _leaves(move)
    leaks = [
        f"seat {seat}: {s} in {_where(json.loads(text), s)}"
        for seat, answers, hand, text in scans
        for s in answers | (hand - public)
        if f'"{s}"' in text
    ]
    assert not leaks, leaks[:5]


def _where(value: Any, text: str, path: str = "") -> str:
    """Where in a reply ``text`` is (for the failure's message)."""
    if value == text:
        return path
    if isinstance(value, dict | list):
        items = value.items() if isinstance(value, dict) else enumerate(value)
        for key, inner in items:
            found = _where(inner, text, f"{path}/{key}")
            if found:
                return found
    return ""


def _leaves(value: Any) -> set[str]:
    """The strings in a view (card names, states, countries)."""
    if isinstance(value, str):
        return {value} if len(value) >= 4 and not value.isdigit() else set()
    if isinstance(value, dict):
        return set().union(*(_leaves(v) for v in value.values())) if value else set()
    if isinstance(value, list | tuple):
        return set().union(*(_leaves(v) for v in value)) if value else set()
    return set()


@pytest.mark.parametrize("key", CLASS_GAMES)
def test_hostile_moves_from_a_device_change_nothing(key: str, tmp_path) -> None:
    conn = _referee(f"sqlite:///{tmp_path / 'rooms.sqlite'}")
    code = _open(conn, key, seed=9)
    devices = _seats(conn, code)
    teacher = RemoteRoom(conn, code, teacher=SECRET)
    game = _full(conn, code)
    rng = random.Random(4)
    refused = 0
    for _ in range(30):
        _play(conn, code, devices, teacher, 1)
        if game.is_terminal():
            break
        for seat, device in devices.items():
            device.catch_up()
            legal = game.legal_actions(seat) or [{"player": seat, "type": "x"}]
            move = broken_move(rng, game, rng.choice(legal), [])
            before = game.to_json()
            try:
                device.game.apply(move)
            except (IllegalAction, RoomError):
                refused += 1
                assert game.to_json() == before
                assert len(device.game.log) == len(game.log)
    assert refused > 15


def test_the_seat_comes_from_the_key_never_from_the_move(tmp_path) -> None:
    conn = _referee(f"sqlite:///{tmp_path / 'rooms.sqlite'}")
    code = _open(conn, "globe_works")
    devices = _seats(conn, code)
    game = _full(conn, code)
    mine = devices[0]
    assert mine.seat == 0 and mine.game.view(0)["hand"] == game.view(0)["hand"]
    with pytest.raises(ViewRefused):
        mine.game.view(1)
    assert mine.game.legal_actions(1) == []
    conn.referee.play_bots(code)
    mine.catch_up()
    acting = game.to_act()[0]
    theirs = game.legal_actions(acting)[0]
    # Team Amber's key, a move for whoever is to act: refused unless that is Team Amber.
    reply = conn.call(
        {"kind": "move", "code": code, "key": mine.key, "number": len(game.log), "action": theirs}
    )
    if acting != 0:
        assert reply["error"]["kind"] == "illegal" and "plays for Team Amber only" in str(reply)
    # A made-up key plays nothing and sees nothing.
    reply = conn.call({"kind": "events", "code": code, "key": "x" * 22, "since": 0})
    assert reply["error"]["kind"] == "not_your_seat"
    # The teacher hands Team Amber's seat to another device: the old key stops at once.
    answer(
        conn.call(
            {"kind": "teacher", "teacher": SECRET, "code": code, "verb": "hand_seat", "seat": 0}
        )
    )
    assert conn.call(mine.request("events", since=0))["error"]["kind"] == "not_your_seat"


def test_a_students_page_is_never_the_teacher(tmp_path) -> None:
    """Opening, listing, pausing, ending, seats, the card back: the teacher's credential
    only. A seat key, no credential, a guessed one, the room code: refused alike."""
    conn = _referee(f"sqlite:///{tmp_path / 'rooms.sqlite'}")
    code = _open(conn, "globalissimo", honor=True, rounds=4)
    devices = _seats(conn, code)
    fake = ["", devices[0].key or "", code, "teacher", SECRET[:-1] + "x"]
    for credential in fake:
        for request in (
            {"kind": "rooms", "teacher": credential},
            {"kind": "card_back", "teacher": credential, "code": code},
            {"kind": "teacher", "teacher": credential, "code": code, "verb": "pause"},
            {"kind": "teacher", "teacher": credential, "code": code, "verb": "end"},
            {
                "kind": "teacher",
                "teacher": credential,
                "code": code,
                "verb": "hand_seat",
                "seat": 1,
            },
            {"kind": "events", "teacher": credential, "code": code, "since": 0},
            {"kind": "open", "teacher": credential, "game": "globalissimo", "setup": {}},
        ):
            reply = conn.call(request)
            assert "error" in reply, (credential, request)
            assert reply["error"]["kind"] in ("not_the_teacher", "refused"), reply
    with pytest.raises(NotTheHost):
        RemoteRoom(conn, code, teacher="not the secret at all")


def test_only_the_teacher_marks_an_answer_said_out_loud(tmp_path) -> None:
    """Honor mode: the back of the card reaches the teacher's page only, and only the teacher's
    credential marks an answer right; the mark is stored as the team's move, by the host."""
    conn = _referee(f"sqlite:///{tmp_path / 'rooms.sqlite'}")
    code = _open(conn, "globalissimo", seed=3, honor=True, rounds=6)
    devices = _seats(conn, code)
    teacher = RemoteRoom(conn, code, teacher=SECRET)
    spectator = RemoteRoom(conn, code, key="")
    game = _full(conn, code)
    helpers = {s: BOTS["globalissimo"].make_bot("medium", 50 + s) for s in devices}
    for _ in range(300):
        conn.referee.play_bots(code)
        for page in (*devices.values(), teacher, spectator):
            page.catch_up()
        back = game.card_back()
        if back is not None and back["player"] in devices:
            break
        seat = next(s for s in game.to_act() if s in devices)
        devices[seat].game.apply(helpers[seat].choose(game, seat))
    else:
        pytest.fail("no team was asked a question")
    seat = back["player"]
    assert teacher.game.card_back() == back
    assert devices[seat].game.card_back() is None and spectator.game.card_back() is None
    mark = next(a for a in game.legal_actions(seat) if a["type"] == "mark")
    count = len(game.log)
    with pytest.raises(IllegalAction, match="Only your teacher"):
        devices[seat].game.apply(_said_aloud(mark))
    assert len(game.log) == count
    teacher.game.apply(_said_aloud(mark))
    ref = next(r for r in conn.referee.rooms.values() if r.code == code)
    moved = conn.referee.store.moves(ref.room.id, since=count)
    assert [(m.seat, m.by) for m in moved] == [(seat, "host")]
    # The teacher's page marks answers said out loud and makes no other move.
    conn.referee.play_bots(code)
    teacher.catch_up()
    if game.card_back() is None and game.to_act():
        other = game.legal_actions(game.to_act()[0])[0]
        with pytest.raises(IllegalAction, match="only marks"):
            teacher.game.apply(other)


def test_a_paused_room_takes_no_move_and_a_stale_page_is_told(tmp_path) -> None:
    conn = _referee(f"sqlite:///{tmp_path / 'rooms.sqlite'}")
    code = _open(conn, "globalissimo")
    devices = _seats(conn, code)
    game = _full(conn, code)
    conn.referee.play_bots(code)
    seat = next(s for s in game.to_act() if s in devices)
    devices[seat].catch_up()
    move = BOTS["globalissimo"].make_bot("medium", 1).choose(game, seat)
    answer(conn.call({"kind": "teacher", "teacher": SECRET, "code": code, "verb": "pause"}))
    with pytest.raises(RoomError, match="paused"):
        devices[seat].game.apply(move)
    answer(conn.call({"kind": "teacher", "teacher": SECRET, "code": code, "verb": "resume"}))
    number = len(game.log)
    devices[seat].game.apply(move)
    reply = conn.call(
        {"kind": "move", "code": code, "key": devices[seat].key, "number": number, "action": move}
    )
    assert reply["error"]["kind"] == "already_played"
    with pytest.raises(AlreadyPlayed):
        answer(reply)


@pytest.mark.parametrize(
    "request_",
    [
        b"x" * 100,
        b"[1, 2]",
        b'{"kind": "drop table"}',
        b'{"kind": "find"}',
        b'{"kind": "find", "code": "ABCDEF", "extra": 1}',
        b'{"kind": "take_seat", "code": "ABCDEF", "seat": true}',
        b'{"kind": "take_seat", "code": "ABCDEF", "seat": 99}',
        b'{"kind": "move", "code": "ABCDEF", "number": 0, "action": {}}',
        b'{"kind": "move", "code": "ABCDEF", "key": "k", "teacher": "t", "number": 0, '
        b'"action": {}}',
        b'{"kind": "wait", "code": "ABCDEF", "since": 0, "version": 0, "timeout": 1e9}',
        b'{"kind": "teacher", "teacher": "t", "code": "ABCDEF", "verb": "reset"}',
        b'{"kind": "find", "code": "' + b"A" * 5000 + b'"}',
        b"[" * 100_000,
        b'{"kind": "move", "code": "ABCDEF", "key": "k", "number": 0, "action": {"a": "'
        + b"x" * 70_000
        + b'"}}',
    ],
)
def test_a_malformed_request_gets_the_plain_refusal(request_: bytes, tmp_path) -> None:
    conn = _referee(f"sqlite:///{tmp_path / 'rooms.sqlite'}")
    reply = conn.referee.handle(request_)
    assert reply == {"error": {"kind": "refused", "message": REFUSED}}


def test_a_device_that_sends_moves_in_a_loop_is_slowed_down(tmp_path) -> None:
    store = RoomStore(f"sqlite:///{tmp_path / 'rooms.sqlite'}")
    referee = Referee(store, SECRET, clock=lambda: 100.0)  # the clock stands still
    conn = LocalConnection(referee)
    code = _open(conn, "globalissimo")
    key = answer(conn.call({"kind": "take_seat", "code": code, "seat": 0}))["key"]
    kinds = [
        conn.call({"kind": "move", "code": code, "key": key, "number": 0, "action": {"type": "x"}})[
            "error"
        ]["kind"]
        for _ in range(40)
    ]
    assert "too_fast" in kinds and kinds.index("too_fast") >= 10
    codes = [conn.call({"kind": "find", "code": "AAAAAA"})["error"]["message"] for _ in range(30)]
    assert any("Too many wrong codes" in c for c in codes)
    # A right code is never slowed down (a class joins at once through one server address),
    # but a client that guessed too many must wait, right code or not.
    assert "error" in conn.call({"kind": "find", "code": code})
    others = LocalConnection(referee, client="another page")
    assert all("ok" in others.call({"kind": "find", "code": code}) for _ in range(40))


def test_a_restarted_service_takes_its_rooms_up_again(tmp_path) -> None:
    """The service stops mid-game: a new one on the same store and secret has every move and
    the host's rights (derived from its secret, kept nowhere); another secret has neither."""
    url = f"sqlite:///{tmp_path / 'rooms.sqlite'}"
    conn = _referee(url)
    code = _open(conn, "geotriple")
    devices = _seats(conn, code)
    teacher = RemoteRoom(conn, code, teacher=SECRET)
    _play(conn, code, devices, teacher, 12)
    played = _full(conn, code).to_json()
    conn.referee.close()
    again = _referee(url)
    page = RemoteRoom(again, code, key=devices[0].key)
    page.catch_up()
    assert _full(again, code).to_json() == played
    assert page.game.log == json.loads(played)["log"]
    answer(again.call({"kind": "teacher", "teacher": SECRET, "code": code, "verb": "pause"}))
    other = _referee(url, secret="another-secret-of-another-server")
    reply = other.call({"kind": "teacher", "teacher": SECRET, "code": code, "verb": "resume"})
    assert reply["error"]["kind"] == "not_the_teacher"
    reply = other.call(
        {
            "kind": "teacher",
            "teacher": "another-secret-of-another-server",
            "code": code,
            "verb": "resume",
        }
    )
    assert reply["error"]["kind"] == "not_the_teacher"  # its host key is not the room's


@pytest.mark.parametrize("key", ["globe_works", "global_pursuit"])
def test_two_service_processes_on_one_database_serve_one_room(key: str, rooms_url: str) -> None:
    """Two referees on one store (two service processes behind one hub, on PostgreSQL; or two
    servers on one SQLite file), devices on either: every move is stored once, in order, each
    referee's game follows the other's moves; one of them stops mid-game and the room goes on
    through the other, 0 moves lost or doubled."""
    first, second = _referee(rooms_url), _referee(rooms_url)
    code = _open(first, key, seed=21)
    keys = {
        s: answer(first.call({"kind": "take_seat", "code": code, "seat": s}))["key"] for s in (0, 1)
    }
    devices = {0: RemoteRoom(first, code, key=keys[0]), 1: RemoteRoom(second, code, key=keys[1])}
    helpers = {s: BOTS[key].make_bot("medium", 90 + s) for s in devices}
    moved = {0: 0, 1: 0}
    for step in range(60):
        if step == 30:  # the first service process stops; its device reconnects to the other
            first.referee.close()
            devices[0] = RemoteRoom(second, code, key=keys[0])
        alive = second if step >= 30 else first
        for conn in {alive, second}:
            conn.referee.play_bots(code)
        game = _full(second, code)
        for device in devices.values():
            device.catch_up()
        if game.is_terminal():
            break
        seat = next((s for s in game.to_act() if s in devices), None)
        if seat is None:
            continue
        move = helpers[seat].choose(game, seat)
        if game.marks_right(move):
            back = game.card_back() or {}
            move = {"player": seat, "type": "answer", "text": back["card"]["answer"]}
        try:
            devices[seat].game.apply(move)
            moved[seat] += 1
        except AlreadyPlayed:
            devices[seat].catch_up()
    assert moved[0] > 3 and moved[1] > 3
    store = second.referee.store
    ref = next(r for r in second.referee.rooms.values() if r.code == code)
    stored = store.moves(ref.room.id)
    assert [m.number for m in stored] == list(range(len(stored)))  # none lost, none doubled
    assert [m.action for m in stored] == _full(second, code).log
    for device in devices.values():
        device.catch_up()
        assert device.game.log == _full(second, code).log


def test_a_room_of_another_kit_is_refused_not_replayed(tmp_path, monkeypatch) -> None:
    """A room opened before the kit (its engines or data) changed would replay into another
    game: a service of the new kit says so in a sentence instead of forking the room."""
    from geoteach.classroom import referee as module

    url = f"sqlite:///{tmp_path / 'rooms.sqlite'}"
    conn = _referee(url)
    code = _open(conn, "globalissimo")
    conn.referee.close()
    monkeypatch.setattr(module, "kit_stamp", lambda: "0.2.0:another")
    again = _referee(url)
    reply = again.call({"kind": "find", "code": code})
    assert "another version of geoteach" in reply["error"]["message"]
    # The teacher's list leaves it out and still opens (the page is the teacher's).
    assert again.call({"kind": "rooms", "teacher": SECRET}) == {"ok": []}


def test_the_record_is_the_services_and_the_teacher_reads_it_through_it(tmp_path) -> None:
    """The class games' answers go into the service's own lesson record, from the moves the
    referee decided; the teacher's report gets a copy through the service (a student is
    refused), and it holds the teams' answers, the teacher's marks included."""
    from geoteach.classroom import open_lesson
    from geoteach.classroom.remote import fetch_record

    record = tmp_path / "service" / "class.sqlite"
    record.parent.mkdir()
    conn = _referee(f"sqlite:///{tmp_path / 'rooms.sqlite'}")
    conn.referee.lesson = record
    conn.referee.logins = {"token-of-sam": "sam"}.get  # as the hub says whose token it is
    code = _open(conn, "globalissimo", seed=3, honor=True, rounds=4)
    keys = {
        0: answer(
            conn.call({"kind": "take_seat", "code": code, "seat": 0, "login": "token-of-sam"})
        ),
        1: answer(conn.call({"kind": "take_seat", "code": code, "seat": 1})),
    }
    devices = {s: RemoteRoom(conn, code, key=k["key"]) for s, k in keys.items()}
    teacher = RemoteRoom(conn, code, teacher=SECRET)
    _play(conn, code, devices, teacher, 60)
    reply = conn.call({"kind": "record", "teacher": devices[0].key or ""})
    assert reply["error"]["kind"] == "not_the_teacher"
    copy = fetch_record(conn, SECRET, folder=str(tmp_path))
    assert copy.stat().st_mode & 0o777 == 0o600
    answers = open_lesson(copy).answers()
    # Keyed by the hub login where the seat was taken with one, by the team otherwise.
    assert set(answers["player"]) == {"sam", "Team Blue"}
    sams = answers[answers["player"] == "sam"]
    assert all("Team Amber" in members.split("; ") for members in sams["members"])
    assert "honor" in set(answers["mode"])  # the teacher's marks, decided by the referee
