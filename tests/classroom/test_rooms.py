"""The class game's replicas (``geoteach.classroom.rooms``) on both room stores.

A room is a seed and a list of moves: every kernel that replays it gets the same game as the one
that played it; a seat's device can only move for its seat and only see its own view; hostile
moves sent through a device get the engine's own refusal and change nothing, neither the
replica nor the store; the teacher's kernel can restart and take the room up again.
"""

from __future__ import annotations

import random

import pytest

from geoteach.bots.base import bots_for
from geoteach.bots.registry import BOTS
from geoteach.classroom.rooms import (
    ClassRoom,
    HostBot,
    ViewRefused,
    host,
    join,
    resume,
    watch,
)
from geoteach.games.base import IllegalAction
from geoteach.games.registry import GAMES
from geoteach.games.table import Seat, Table
from geoteach.store.rooms import AlreadyPlayed, NotYourSeat, RoomPaused, RoomStore
from tests.kit.fuzz import broken_move

CLASS_GAMES = [key for key, entry in GAMES.items() if entry.is_class_game]


def _game(key: str, seed: int = 5):
    entry = GAMES[key]
    cls = entry.engine_class
    seats = [Seat("Team Amber"), Seat("Team Blue"), Seat("Robot Cy", kind="bot", level="easy")]
    table = Table(seats[: max(cls.min_seats, min(3, cls.max_seats))])
    return cls(table, seed=seed, **dict(entry.short_game))


def _play(hosting, devices, moves: int, rng: random.Random) -> int:
    """Play ``moves`` moves: each seat's own device for the teams, the host for computers. A
    team's answer marked right or wrong (the computer helper's way of answering a card) is said
    out loud and marked by the teacher, with the host key: a device never marks its own."""
    game = hosting.room.game
    bots = bots_for(game.table, BOTS[game.name].make_bot, 3)
    helpers = {s: BOTS[game.name].make_bot("medium", 50 + s) for s in devices}
    made = 0
    for _ in range(moves):
        for device in devices.values():
            device.room.catch_up()
        hosting.room.catch_up()
        if game.is_terminal():
            break
        seat = rng.choice(game.to_act())
        if seat in devices:
            device = devices[seat]
            move = helpers[seat].choose(device.room.game, seat)
            if game.card_back() is not None and ("mark" in move or move["type"] == "mark"):
                hosting.game().apply(move)
            else:
                device.apply(move)
        else:
            hosting.game().apply(HostBot(bots[seat], hosting.room).choose(None, seat))
        made += 1
    return made


@pytest.mark.parametrize("key", CLASS_GAMES)
def test_replaying_a_room_gives_the_game_that_was_played(key: str, rooms_url: str) -> None:
    store = RoomStore(rooms_url)
    hosting = host(_game(key), store)
    for seat in (0, 1):
        store.take_seat(hosting.code, seat)
    keys = {s: store.hand_seat(hosting.room.id, hosting.host_key, s) for s in (0, 1)}
    devices = {s: join(hosting.code, s, keys[s], store) for s in (0, 1)}
    made = _play(hosting, devices, 60, random.Random(1))
    assert made > 10
    hosting.room.catch_up()
    fresh = ClassRoom(store, store.room(hosting.code))
    fresh.catch_up()
    assert fresh.game.to_json() == hosting.room.game.to_json()
    for device in devices.values():
        device.room.catch_up()
        assert device.room.game.to_json() == hosting.room.game.to_json()
    spectator = watch(hosting.code, store)
    assert spectator.room.game.to_json() == hosting.room.game.to_json()
    with pytest.raises(IllegalAction):
        spectator.apply({"player": 0, "type": "pass"})


@pytest.mark.parametrize("key", CLASS_GAMES)
def test_hostile_moves_from_a_device_get_the_engines_refusal(key: str, tmp_path) -> None:
    store = RoomStore(str(tmp_path / "rooms.sqlite"))
    hosting = host(_game(key, seed=9), store)
    keys = {s: store.take_seat(hosting.code, s) for s in (0, 1)}
    devices = {s: join(hosting.code, s, keys[s], store) for s in (0, 1)}
    rng = random.Random(4)
    refused = 0
    for _ in range(40):
        _play(hosting, devices, 1, rng)
        game = hosting.room.game
        if game.is_terminal():
            break
        for seat, device in devices.items():
            device.room.catch_up()
            legal = device.room.game.legal_actions(seat) or [{"player": seat, "type": "x"}]
            move = broken_move(rng, device.room.game, rng.choice(legal), [])
            before, stored = device.room.game.to_json(), store.count(hosting.room.id)
            try:
                device.apply(move)
            except IllegalAction:
                refused += 1
                assert device.room.game.to_json() == before
                assert store.count(hosting.room.id) == stored
            except AlreadyPlayed:
                pass
    assert refused > 20


def test_a_device_sees_only_its_own_seat_and_moves_only_for_it(tmp_path) -> None:
    store = RoomStore(str(tmp_path / "rooms.sqlite"))
    hosting = host(_game("globe_works"), store)
    key = store.take_seat(hosting.code, 0)
    device = join(hosting.code, 0, key, store)
    assert device.view(0)["hand"] == hosting.room.game.view(0)["hand"]
    with pytest.raises(ViewRefused):
        device.view(1)
    assert device.legal_actions(1) == []
    with pytest.raises(AttributeError):
        device.room_game_state = 1  # a screen cannot set anything on the game
    with pytest.raises(AttributeError):
        _ = device._get_state
    with pytest.raises(NotYourSeat):
        join(hosting.code, 1, key, store)  # seat 0's key is not seat 1's


def test_a_paused_room_takes_no_move_and_a_stale_device_is_told(tmp_path) -> None:
    store = RoomStore(str(tmp_path / "rooms.sqlite"))
    hosting = host(_game("globalissimo"), store)
    keys = {s: store.take_seat(hosting.code, s) for s in (0, 1)}
    devices = {s: join(hosting.code, s, keys[s], store) for s in (0, 1)}
    seat = hosting.room.game.to_act()[0]
    helper = BOTS["globalissimo"].make_bot("medium", 1)
    hosting.pause()
    move = helper.choose(devices[seat].room.game, seat)
    with pytest.raises(RoomPaused):
        devices[seat].apply(move)
    assert devices[seat].room.game.log == []
    hosting.resume()
    devices[seat].apply(move)
    # A second replica of the same seat (the team's old tab) is one move behind.
    old_tab = join(hosting.code, seat, keys[seat], store)
    old_tab.room.game.log.clear()  # pretend it had not seen the move
    stale = ClassRoom(store, store.room(hosting.code))
    with pytest.raises(AlreadyPlayed):
        store.append(stale.id, 0, move, seat=seat, seat_key=keys[seat])


def test_the_teachers_kernel_restarts_and_takes_the_room_up_again(tmp_path) -> None:
    store = RoomStore(str(tmp_path / "rooms.sqlite"))
    hosting = host(_game("geotriple"), store)
    keys = {s: store.take_seat(hosting.code, s) for s in (0, 1)}
    devices = {s: join(hosting.code, s, keys[s], store) for s in (0, 1)}
    _play(hosting, devices, 12, random.Random(2))
    hosting.room.catch_up()
    played = hosting.room.game.to_json()
    again = resume(hosting.code, hosting.host_key, RoomStore(str(tmp_path / "rooms.sqlite")))
    assert again.room.game.to_json() == played
    # A laptop dies: the teacher gives its seat to a computer, which then plays from the host.
    again.give_to_computer(0)
    assert again.room.seats()[0].holder == "computer"
    with pytest.raises(NotYourSeat):
        join(hosting.code, 0, keys[0], store)


def _said_aloud(move: dict) -> dict:
    """``move`` (a reader's mark) as the mark "right"."""
    return {**move, **({"verdict": "right"} if move["type"] == "mark" else {"mark": "right"})}


@pytest.mark.parametrize("key", ["globalissimo", "global_pursuit", "geography_pursuit"])
def test_only_the_teacher_marks_an_answer_said_out_loud(key: str, rooms_url: str) -> None:
    """Honor mode in a class: the team's device gets no back of the card (nor does a
    spectator; no view carries it) and cannot mark its own answer right, whatever it sends;
    the projector (host key) reads the card and its mark is stored as the team's move, by the
    host, and every replica agrees."""
    store = RoomStore(rooms_url)
    game = _game(key, seed=3)
    if key == "globalissimo":
        game = type(game)(game.table, seed=3, honor=True, rounds=6)
    hosting = host(game, store)
    keys = {s: store.take_seat(hosting.code, s) for s in (0, 1)}
    devices = {s: join(hosting.code, s, keys[s], store) for s in (0, 1)}
    teacher = hosting.game()
    rng = random.Random(6)
    for _ in range(300):  # until a team is asked a question
        hosting.room.catch_up()
        back = hosting.room.game.card_back()
        if back is not None and back["player"] in devices:
            break
        _play(hosting, devices, 1, rng)
    else:
        pytest.fail("no team was asked a question")
    seat = back["player"]
    device = devices[seat]
    device.room.catch_up()
    spectator = watch(hosting.code, store)
    assert teacher.card_back() == back
    assert device.card_back() is None and spectator.card_back() is None
    assert devices[1 - seat].card_back() is None
    answer = back["card"]["answer"]
    for shown in (device.view(seat), device.view(None), spectator.view(None)):
        asked = shown.get("hurdle") or shown.get("question") or shown["trivia"]["question"]
        assert not {"answer", "accepted", "card"} & set(asked), asked
    legal = device.room.game.legal_actions(seat)
    mark = next(a for a in legal if a["type"] == "mark" or "mark" in a)
    before, stored = device.room.game.to_json(), store.count(hosting.room.id)
    cheats = [_said_aloud(mark)]
    if key != "globalissimo":
        cheats.append({**_said_aloud(mark), "choice": answer})
    for cheat in cheats:
        with pytest.raises(IllegalAction, match="Only your teacher"):
            device.apply(cheat)
        assert device.room.game.to_json() == before
        assert store.count(hosting.room.id) == stored
    teacher.apply(_said_aloud(mark))
    moved = store.moves(hosting.room.id, since=stored)
    assert [(m.seat, m.by) for m in moved] == [(seat, "host")]
    for replica in (*devices.values(), spectator):
        replica.room.catch_up()
        assert replica.room.game.to_json() == hosting.room.game.to_json()
