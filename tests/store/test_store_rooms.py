"""The class game's room store, on a SQLite file and on a real PostgreSQL (every test on both)."""

from __future__ import annotations

import asyncio
import sqlite3
import threading
import time
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest
import sqlalchemy as sa

from geoteach.store import rooms as rooms_module
from geoteach.store.rooms import (
    CODE_ALPHABET,
    CODE_LENGTH,
    EXPIRE_AFTER,
    NICKNAME_MAX,
    ROOMS_ENV,
    AlreadyPlayed,
    NotTheHost,
    NotYourSeat,
    RoomError,
    RoomNotFound,
    RoomOver,
    RoomPaused,
    RoomStore,
    SeatTaken,
    clean_nickname,
    database_url,
    normalise_code,
)
from tests import postgres

SETUP = {"table": "europe", "seed": 7, "options": {"teams": ["Red", "Blue", "Green"]}}


def opened(store: RoomStore, seats: int = 3, computers=()) -> tuple:
    return store.open_room("geotriple", SETUP, seats, computers)


# ----------------------------------------------------------------------------- codes
def test_codes_use_the_alphabet_without_look_alikes() -> None:
    for look_alike in "B8O0I1LS5Z2":
        assert look_alike not in CODE_ALPHABET
    assert len(set(CODE_ALPHABET)) == len(CODE_ALPHABET)
    codes = {rooms_module.new_code() for _ in range(500)}
    assert len(codes) > 490  # random, not a counter
    for code in codes:
        assert len(code) == CODE_LENGTH and set(code) <= set(CODE_ALPHABET)
        assert normalise_code(code) == code


def test_a_typed_code_is_tidied() -> None:
    assert normalise_code("  cx4n-7q ") == "CX4N7Q"
    assert normalise_code("cx4 n7q") == "CX4N7Q"


@pytest.mark.parametrize("typed", ["CX4N7", "CX4N7QQ", "CX4B7Q", "CXON7Q", "CX1N7Q", "ÇX4N7Q"])
def test_a_code_no_room_can_have_is_refused_with_a_sentence(typed: str) -> None:
    with pytest.raises(RoomNotFound, match=r"There is no game with the code .*projector"):
        normalise_code(typed)
    with pytest.raises(RoomNotFound, match="Type the game's code"):
        normalise_code("  ")


def test_a_room_is_found_by_its_code(store: RoomStore) -> None:
    room, _host = opened(store)
    assert store.room(room.code.lower()).code == room.code
    assert store.room(room.code) == room
    assert room.status == "open" and room.seats == 3 and room.setup == SETUP
    assert room.version == 0 and room.ended_at is None
    assert room.created_at.tzinfo is not None and room.created_at.utcoffset() == timedelta(0)


def test_a_guessed_code_is_refused(store: RoomStore) -> None:
    room, _host = opened(store)
    guess = "".join(CODE_ALPHABET[(CODE_ALPHABET.index(c) + 1) % 25] for c in room.code)
    with pytest.raises(RoomNotFound) as refused:
        store.room(guess)
    assert str(refused.value) == (
        f"There is no game with the code {guess}. Check the code on the projector."
    )
    with pytest.raises(RoomNotFound):
        store.take_seat(guess, 0)


def test_an_ended_game_s_code_stops_working_at_once(store: RoomStore) -> None:
    room, host = opened(store)
    key = store.take_seat(room.code, 0)
    ended = store.end(room.id, host)
    assert ended.status == "ended" and ended.ended_at is not None
    with pytest.raises(RoomOver, match="has ended"):
        store.room(room.code)
    with pytest.raises(RoomOver):
        store.take_seat(room.code, 1)
    with pytest.raises(RoomOver, match="no more moves"):
        store.append(room.id, 0, {"m": 1}, seat=0, seat_key=key)
    with pytest.raises(RoomOver):
        store.resume(room.id, host)
    assert store.room_by_id(room.id).status == "ended"  # the teacher still finds it
    assert room.id not in [r.id for r in store.rooms()]
    assert room.id in [r.id for r in store.rooms(["ended"])]


def test_a_room_untouched_for_a_week_is_expired(store: RoomStore) -> None:
    room, host = opened(store)
    old = datetime.now(UTC) - EXPIRE_AFTER - timedelta(minutes=1)
    with store._engine.begin() as conn:
        conn.execute(
            rooms_module._rooms.update()
            .where(rooms_module._rooms.c.id == room.id)
            .values(touched_at=old)
        )
    with pytest.raises(RoomOver, match="not played for a long time"):
        store.room(room.code)
    assert store.room_by_id(room.id).expired
    assert room.id in [r.id for r in store.rooms()]
    assert room.id not in [r.id for r in store.rooms(include_expired=False)]
    store.resume(room.id, host)  # the teacher resumes it: the code works again
    assert store.room(room.code).id == room.id


def test_codes_are_unique_even_when_the_dice_repeat(
    store: RoomStore, monkeypatch: pytest.MonkeyPatch
) -> None:
    first, _ = opened(store)
    drawn = iter([first.code, first.code, "CX4N7Q"])
    monkeypatch.setattr(rooms_module, "new_code", lambda: next(drawn))
    second, _ = opened(store)
    assert second.code == "CX4N7Q" and second.id != first.id


# ----------------------------------------------------------------------------- seats
def test_seats_start_free_or_with_the_computer(store: RoomStore) -> None:
    room, _host = opened(store, 4, computers=[1, 3])
    seats = store.seats(room.id)
    assert [s.holder for s in seats] == ["free", "computer", "free", "computer"]
    assert [s.seat for s in seats] == [0, 1, 2, 3]
    assert all(s.device_no == 0 and s.nickname is None for s in seats)


def test_a_taken_seat_is_refused(store: RoomStore) -> None:
    room, _host = opened(store, 3, computers=[2])
    store.take_seat(room.code, 0, "Team Red")
    with pytest.raises(SeatTaken, match="Another device already plays seat 1"):
        store.take_seat(room.code, 0, "Intruders")
    with pytest.raises(SeatTaken, match="The computer plays seat 3"):
        store.take_seat(room.code, 2)
    with pytest.raises(RoomError, match="There is no seat 4"):
        store.take_seat(room.code, 3)
    seat = store.seats(room.id)[0]
    assert seat.holder == "device" and seat.nickname == "Team Red" and seat.device_no == 1
    assert seat.joined_at is not None


def test_nicknames_are_limited_and_cleaned_of_control_characters(store: RoomStore) -> None:
    room, host = opened(store, 3)
    hostile = "<script>alert('x')</script>"
    store.take_seat(room.code, 0, hostile[:NICKNAME_MAX])
    store.take_seat(room.code, 1, "  Ann\x00\x1b[31m \u202e\u200b  Bo\tb\n")
    store.take_seat(room.code, 2, "   ")
    names = [s.nickname for s in store.seats(room.id)]
    assert names == [hostile[:NICKNAME_MAX], "Ann[31m Bo b", None]  # markup kept: screens escape
    with pytest.raises(RoomError, match=f"at most {NICKNAME_MAX} letters"):
        clean_nickname("x" * (NICKNAME_MAX + 1))
    with pytest.raises(RoomError, match="at most"):
        store.rename(room.id, host, 0, "🦊" * (NICKNAME_MAX + 1))
    store.rename(room.id, host, 0, " Foxes ")
    store.rename(room.id, host, 1, None)
    assert [s.nickname for s in store.seats(room.id)] == ["Foxes", None, None]
    assert clean_nickname("🦊" * NICKNAME_MAX) == "🦊" * NICKNAME_MAX


# ----------------------------------------------------------------------------- keys
def test_a_seat_key_moves_only_for_its_own_seat(store: RoomStore) -> None:
    room, _host = opened(store)
    one = store.take_seat(room.code, 0)
    two = store.take_seat(room.code, 1)
    assert one != two and len(one) >= 20
    assert store.check_seat(room.id, 0, one).seat == 0
    with pytest.raises(NotYourSeat, match="Seat 2 was moved to another device"):
        store.check_seat(room.id, 1, one)
    with pytest.raises(NotYourSeat):
        store.append(room.id, 0, {"m": 1}, seat=1, seat_key=one)
    with pytest.raises(NotYourSeat):
        store.append(room.id, 0, {"m": 1}, seat=2, seat_key=one)  # a free seat has no key
    assert store.count(room.id) == 0
    store.append(room.id, 0, {"m": 1}, seat=1, seat_key=two)
    assert store.moves(room.id)[0].seat == 1 and store.moves(room.id)[0].by == "seat"


def test_keys_are_stored_hashed(store: RoomStore) -> None:
    room, host = opened(store)
    key = store.take_seat(room.code, 0)
    with store._engine.connect() as conn:
        stored = [
            *conn.execute(sa.select(rooms_module._rooms.c.host_key_hash)).scalars(),
            *conn.execute(sa.select(rooms_module._seats.c.key_hash)).scalars(),
        ]
    assert host not in stored and key not in stored
    assert rooms_module._hash(host) in stored and rooms_module._hash(key) in stored


@pytest.mark.parametrize("how", ["hand_seat", "free_seat", "give_to_computer"])
def test_a_revoked_key_is_refused_at_once(store: RoomStore, how: str) -> None:
    room, host = opened(store)
    old = store.take_seat(room.code, 0, "Red")
    store.append(room.id, 0, {"m": 0}, seat=0, seat_key=old)
    new = getattr(store, how)(room.id, host, 0)
    with pytest.raises(NotYourSeat):
        store.check_seat(room.id, 0, old)
    with pytest.raises(NotYourSeat):
        store.append(room.id, 1, {"m": 1}, seat=0, seat_key=old)
    seat = store.seats(room.id)[0]
    if how == "hand_seat":
        assert seat.holder == "device" and seat.device_no == 2 and seat.nickname == "Red"
        assert store.check_seat(room.id, 0, new).device_no == 2
        store.append(room.id, 1, {"m": 1}, seat=0, seat_key=new)
    elif how == "free_seat":
        assert new is None and seat.holder == "free" and seat.nickname is None
        again = store.take_seat(room.code, 0, "Red again")
        assert store.check_seat(room.id, 0, again).device_no == 2
    else:
        assert new is None and seat.holder == "computer"
        store.append(room.id, 1, {"bot": 1}, seat=0, host_key=host)  # the host plays it
        store.free_seat(room.id, host, 0)  # and gives it back
        assert store.seats(room.id)[0].holder == "free"


def test_host_only_verbs_refuse_seat_keys(store: RoomStore) -> None:
    room, host = opened(store)
    key = store.take_seat(room.code, 0)
    assert store.check_host(room.id, host) == store.room_by_id(room.id)
    for wrong in (key, "", host[:-1] + ("A" if host[-1] != "A" else "B")):
        with pytest.raises(NotTheHost, match="Only the teacher's screen"):
            store.check_host(room.id, wrong)
        for verb in ("pause", "resume", "end"):
            with pytest.raises(NotTheHost):
                getattr(store, verb)(room.id, wrong)
        for verb in ("give_to_computer", "free_seat", "hand_seat"):
            with pytest.raises(NotTheHost):
                getattr(store, verb)(room.id, wrong, 1)
        with pytest.raises(NotTheHost):
            store.rename(room.id, wrong, 0, "Renamed")
        with pytest.raises(NotTheHost):
            store.append(room.id, 0, {"m": 1}, seat=1, host_key=wrong)
    assert store.room_by_id(room.id).version == 1  # only the seat taken
    assert store.seats(room.id)[0].holder == "device"


def test_the_host_moves_for_any_seat_or_none(store: RoomStore) -> None:
    room, host = opened(store, 3, computers=[2])
    store.append(room.id, 0, {"bot": "plays"}, seat=2, host_key=host)
    store.append(room.id, 1, {"mark": True}, host_key=host)
    assert [(m.seat, m.by) for m in store.moves(room.id)] == [(2, "host"), (None, "host")]


def test_a_move_names_exactly_one_key(store: RoomStore) -> None:
    room, host = opened(store)
    key = store.take_seat(room.code, 0)
    with pytest.raises(RoomError, match="one of them"):
        store.append(room.id, 0, {"m": 1}, seat=0)
    with pytest.raises(RoomError, match="one of them"):
        store.append(room.id, 0, {"m": 1}, seat=0, seat_key=key, host_key=host)
    with pytest.raises(RoomError, match="which seat"):
        store.append(room.id, 0, {"m": 1}, seat_key=key)


# ----------------------------------------------------------------------------- the log
def test_moves_are_numbered_and_a_stale_or_early_number_is_refused(store: RoomStore) -> None:
    room, host = opened(store)
    key = store.take_seat(room.code, 0)
    first = store.append(room.id, 0, {"card": "Paris", "at": (1, 2)}, seat=0, seat_key=key)
    assert first.number == 0 and first.action == {"card": "Paris", "at": [1, 2]}
    with pytest.raises(AlreadyPlayed, match="Someone else moved first") as stale:
        store.append(room.id, 0, {"card": "Rome"}, seat=0, seat_key=key)
    assert (stale.value.number, stale.value.count) == (0, 1)
    with pytest.raises(AlreadyPlayed, match="behind the game") as gap:
        store.append(room.id, 5, {"card": "Rome"}, host_key=host)
    assert (gap.value.number, gap.value.count) == (5, 1)
    store.append(room.id, 1, {"card": "Rome"}, seat=0, seat_key=key)
    assert store.count(room.id) == 2
    assert [m.number for m in store.moves(room.id)] == [0, 1]
    assert [m.action["card"] for m in store.moves(room.id, since=1)] == ["Rome"]
    assert store.moves(room.id, since=2) == []
    assert store.moves(room.id) == [first, store.moves(room.id)[1]]


@pytest.mark.parametrize(
    "action",
    [["not", "a", "dict"], {"x": float("nan")}, {"x": object()}, {"x": "y" * 70_000}],
)
def test_a_move_that_is_not_plain_json_is_refused(store: RoomStore, action: object) -> None:
    room, host = opened(store)
    with pytest.raises(RoomError, match="move"):
        store.append(room.id, 0, action, host_key=host)  # type: ignore[arg-type]
    assert store.count(room.id) == 0 and store.version(room.id) == 0


def test_pause_refuses_moves_until_resume(store: RoomStore) -> None:
    room, host = opened(store)
    key = store.take_seat(room.code, 0)
    assert store.pause(room.id, host).status == "paused"
    assert store.room(room.code).status == "paused"  # devices still find it
    with pytest.raises(RoomPaused, match="paused the game"):
        store.append(room.id, 0, {"m": 1}, seat=0, seat_key=key)
    with pytest.raises(RoomPaused):
        store.append(room.id, 0, {"m": 1}, host_key=host)
    assert [r.id for r in store.rooms(["paused"])] == [room.id]
    assert store.resume(room.id, host).status == "open"
    store.append(room.id, 0, {"m": 1}, seat=0, seat_key=key)
    assert store.count(room.id) == 1


def test_every_change_bumps_the_version(store: RoomStore) -> None:
    room, host = opened(store)
    steps = [
        lambda: store.take_seat(room.code, 0),
        lambda: store.append(room.id, 0, {"m": 0}, host_key=host),
        lambda: store.rename(room.id, host, 0, "Red"),
        lambda: store.hand_seat(room.id, host, 0),
        lambda: store.give_to_computer(room.id, host, 1),
        lambda: store.free_seat(room.id, host, 1),
        lambda: store.pause(room.id, host),
        lambda: store.resume(room.id, host),
        lambda: store.end(room.id, host),
    ]
    for expected, step in enumerate(steps, start=1):
        before = store.room_by_id(room.id).touched_at
        step()
        assert store.version(room.id) == expected
        assert store.room_by_id(room.id).touched_at >= before
    refused = [
        lambda: store.append(room.id, 1, {"m": 1}, host_key=host),
        lambda: store.take_seat(room.code, 2),
    ]
    for step in refused:
        with pytest.raises(RoomError):
            step()
    assert store.version(room.id) == len(steps)


def test_unknown_rooms_are_refused(store: RoomStore) -> None:
    for call in (
        lambda: store.room_by_id("nope"),
        lambda: store.seats("nope"),
        lambda: store.count("nope"),
        lambda: store.version("nope"),
        lambda: store.check_host("nope", "key"),
        lambda: store.append("nope", 0, {}, host_key="key"),
        lambda: asyncio.run(store.wait_for_change("nope", 0, 0.1)),
    ):
        with pytest.raises(RoomNotFound, match="not in the room store"):
            call()


def test_the_teacher_s_list_of_rooms(store: RoomStore) -> None:
    first, _ = opened(store)
    second, host = opened(store)
    store.pause(second.id, host)
    third, host3 = opened(store)
    store.end(third.id, host3)
    assert [r.id for r in store.rooms()] == [second.id, first.id]  # last touched first
    assert {r.id for r in store.rooms(["open", "paused", "ended"])} == {
        first.id,
        second.id,
        third.id,
    }
    with pytest.raises(RoomError, match="open, paused or ended"):
        store.rooms(["closed"])


def test_a_second_store_on_the_same_database_sees_the_same_rooms(rooms_url: str) -> None:
    with RoomStore(rooms_url) as one, RoomStore(rooms_url) as two:
        room, host = one.open_room("globe_works", {"seed": 1}, 2)
        key = two.take_seat(room.code, 1)
        one.append(room.id, 0, {"m": 0}, seat=1, seat_key=key)
        assert two.moves(room.id)[0].action == {"m": 0}
        assert two.check_host(room.id, host).id == room.id


# ----------------------------------------------------------------------------- waiting
def test_wait_for_change_returns_the_version_after_the_timeout(store: RoomStore) -> None:
    room, host = opened(store)
    store.append(room.id, 0, {"m": 0}, host_key=host)

    async def wait() -> tuple[int, float, int]:
        start = time.monotonic()
        version = await store.wait_for_change(room.id, 1, 0.3)
        waited = time.monotonic() - start
        already = await store.wait_for_change(room.id, 0, 5)  # already newer: at once
        return version, waited, already

    version, waited, already = asyncio.run(wait())
    assert version == 1 and already == 1
    assert 0.25 <= waited < 1.5


def test_wait_for_change_wakes_when_another_store_writes(rooms_url: str) -> None:
    """Another connection (as another kernel) moves: the waiter wakes within a moment."""
    with RoomStore(rooms_url) as waiting, RoomStore(rooms_url) as writer:
        room, host = writer.open_room("geotriple", SETUP, 2)
        times: dict[str, float] = {}

        def move_later() -> None:
            time.sleep(0.3)
            times["moved"] = time.monotonic()
            writer.append(room.id, 0, {"m": 0}, host_key=host)

        async def wait() -> list[int]:
            seen = []
            # The loop is not blocked while waiting: a ticker keeps running beside it.
            ticks = 0

            async def ticker() -> None:
                nonlocal ticks
                while True:
                    await asyncio.sleep(0.02)
                    ticks += 1

            tick_task = asyncio.create_task(ticker())
            thread = threading.Thread(target=move_later)
            thread.start()
            seen.append(await waiting.wait_for_change(room.id, 0, 10))
            times["woke"] = time.monotonic()
            thread.join()
            # A second wait on the same loop reuses the listener and wakes again.
            pausing = threading.Thread(target=lambda: writer.pause(room.id, host))
            pausing.start()
            seen.append(await waiting.wait_for_change(room.id, seen[0], 10))
            # pause() reads the room again after its change: not after the store is closed.
            pausing.join()
            tick_task.cancel()
            assert ticks >= 10
            return seen

        assert asyncio.run(wait()) == [1, 2]
        assert times["woke"] - times["moved"] < 0.5


# ----------------------------------------------------------------------------- the database
def test_database_url_forms(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.delenv(ROOMS_ENV, raising=False)
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "share"))
    assert database_url() == f"sqlite:///{tmp_path / 'share' / 'geoteach' / 'rooms.sqlite'}"
    monkeypatch.setenv(ROOMS_ENV, "postgresql://teacher@db.school/rooms")
    assert database_url() == "postgresql+psycopg://teacher@db.school/rooms"
    assert database_url("postgres://u@h/d") == "postgresql+psycopg://u@h/d"
    assert database_url(str(tmp_path / "r.sqlite")) == f"sqlite:///{tmp_path / 'r.sqlite'}"
    monkeypatch.setenv("HOME", str(tmp_path))
    assert database_url("~/r.sqlite") == f"sqlite:///{tmp_path / 'r.sqlite'}"
    for memory in (":memory:", "sqlite://", "sqlite:///:memory:"):
        with pytest.raises(RoomError, match="not memory"):
            database_url(memory)
    with pytest.raises(RoomError, match="SQLite file or a PostgreSQL URL"):
        database_url("mysql://h/d")


def test_the_store_is_made_where_the_environment_says(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    target = tmp_path / "shared" / "rooms" / "class.sqlite"
    monkeypatch.setenv(ROOMS_ENV, str(target))
    with RoomStore() as store:
        assert store.backend == "sqlite"
        opened(store)
    assert target.is_file()
    con = sqlite3.connect(target)
    assert con.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
    assert con.execute("PRAGMA application_id").fetchone()[0] == rooms_module.APPLICATION_ID
    con.close()


def test_a_file_of_another_kind_is_refused_unchanged(tmp_path: Path) -> None:
    picture = tmp_path / "photo.sqlite"
    picture.write_bytes(b"\x89PNG\r\n" + bytes(200))
    other = tmp_path / "other.sqlite"
    con = sqlite3.connect(other)
    con.execute("CREATE TABLE marks (name TEXT)")
    con.commit()
    con.close()
    lesson = tmp_path / "lesson.sqlite"
    from geoteach.store.lesson_record import Lesson

    Lesson(lesson).close()
    for path, words in (
        (picture, "not a database file"),
        (other, "another program"),
        (lesson, "another program"),
    ):
        before = path.read_bytes()
        with pytest.raises(RoomError, match=words):
            RoomStore(str(path))
        assert path.read_bytes() == before
    with pytest.raises(RoomError, match="is a folder"):
        RoomStore(str(tmp_path))


def test_a_postgres_database_with_another_program_s_rooms_table_is_refused(
    postgres_admin: str,
) -> None:
    """PostgreSQL has no application id: a database whose tables are not ours is refused."""
    with postgres.fresh_database(postgres_admin) as url:
        engine = sa.create_engine(url)
        with engine.begin() as conn:
            conn.exec_driver_sql("CREATE TABLE rooms (name text)")
        engine.dispose()
        with pytest.raises(RoomError, match="already has tables called rooms"):
            RoomStore(url)


def test_an_unreachable_server_is_a_sentence() -> None:
    with pytest.raises(RoomError, match="cannot be opened"):
        RoomStore("postgresql://nobody@/rooms?host=/nonexistent-geoteach-socket")


def test_a_dropped_listening_connection_still_wakes_the_waiters(postgres_admin: str) -> None:
    """PostgreSQL only (SQLite has no listening connection): the server ends the LISTEN
    connection mid-wait; the waiter listens again on a new one and still wakes at once."""
    with postgres.fresh_database(postgres_admin) as url, RoomStore(url) as store:
        room, host = store.open_room("geotriple", SETUP, 2)
        engine = sa.create_engine(url)
        dropped_rows: list[tuple] = []
        moved: list[float] = []

        def drop_listener_then_move() -> None:
            time.sleep(0.3)
            with engine.begin() as conn:
                dropped = conn.exec_driver_sql(
                    "SELECT pg_terminate_backend(pid) FROM pg_stat_activity "
                    "WHERE left(query, 6) = 'LISTEN' AND pid <> pg_backend_pid()"
                ).all()
            dropped_rows.extend(dropped)
            time.sleep(0.2)
            moved.append(time.monotonic())
            store.append(room.id, 0, {"m": 0}, host_key=host)

        async def wait() -> tuple[int, int, float]:
            thread = threading.Thread(target=drop_listener_then_move)
            thread.start()
            first = await store.wait_for_change(room.id, 0, 10)
            woke.append(time.monotonic())
            thread.join()
            start = time.monotonic()
            threading.Timer(0.2, lambda: store.pause(room.id, host)).start()
            second = await store.wait_for_change(room.id, first, 10)
            return first, second, time.monotonic() - start

        woke: list[float] = []
        first, second, waited = asyncio.run(wait())
        engine.dispose()
        assert dropped_rows == [(True,)]
        assert (first, second) == (1, 2)
        # Both waits were woken by a notification, not the two-second safety read: the waiter
        # listened again on a new connection as soon as the old one dropped.
        assert woke[0] - moved[0] < 1.0 and waited < 1.0
