"""A class service for tests: the referee in this process, reached through the wire's checks
(``LocalConnection``), its rate limits on a clock that moves a second per request (tests make
moves faster than any team)."""

from __future__ import annotations

import itertools
from pathlib import Path
from typing import Any

from geoteach.classroom.referee import Referee
from geoteach.classroom.remote import LocalConnection
from geoteach.games.base import Game
from geoteach.store.rooms import RoomStore

#: The teacher's credential of the test service.
SECRET = "teacher-secret-of-the-test-service"


def service(where: Path | str | RoomStore, lesson: Any = None) -> LocalConnection:
    """A referee on a room store (a folder gets ``rooms.sqlite`` in it) and a connection to it."""
    if isinstance(where, RoomStore):
        store = where
    elif str(where).startswith(("sqlite:", "postgresql")):
        store = RoomStore(str(where))
    else:
        path = Path(where)
        store = RoomStore(str(path / "rooms.sqlite" if path.is_dir() else path))
    tick = itertools.count()
    referee = Referee(store, SECRET, lesson=lesson, clock=lambda: float(next(tick)))
    return LocalConnection(referee)


def referee_of(page: Any) -> Referee:
    connection = page.connection
    return connection.referee  # type: ignore[no-any-return]


def truth(page: Any) -> Game:
    """The referee's full game of the room a page (the projector's or a device's) is in: what
    only the tests read, to choose moves as a computer would."""
    remote = page.remote
    referee = referee_of(page)
    return next(r.game for r in referee.rooms.values() if r.code == remote.code)


def play_bots(page: Any) -> int:
    """The computer moves due now (the service plays them after ``bot_delay``; tests at once)."""
    return referee_of(page).play_bots(page.remote.code)


def room_id(page: Any) -> str:
    """The stored room's id of the room a page is in."""
    referee = referee_of(page)
    return next(r for r, ref in referee.rooms.items() if ref.code == page.remote.code)


def moves(page: Any, since: int = 0) -> list[Any]:
    """The moves the referee stored for a page's room (with who made each)."""
    return referee_of(page).store.moves(room_id(page), since=since)


class Replica:
    """A test's own replay of a room from the room store (an observer that reads the file the
    service keeps, as only a test may): the whole game, to know whose turn it is."""

    def __init__(self, store: RoomStore, code: str) -> None:
        from geoteach.classroom.rooms import replica_of

        self.store = store
        self.room = store.room(code)
        self.game = replica_of(self.room)

    def catch_up(self) -> list[Any]:
        moves = self.store.moves(self.room.id, since=len(self.game.log))
        for move in moves:
            if move.number == len(self.game.log):
                self.game.apply(move.action)
        return moves
