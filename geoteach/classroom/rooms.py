"""The class game: one game played from many devices, kept as a log of moves in the room store.

A room is (game, table, seed, options) plus the moves made, numbered 0, 1, 2, ... in
``geoteach.store.rooms``. The engines are deterministic, so every kernel in the class (the
projector's, each team's) keeps its own **replica** of the game and brings it up to date by
applying the moves it has not applied yet (``ClassRoom.pending``). The store is the one source of
truth: a move is shown nowhere before it is stored.

Proposing a move (``ClassRoom.propose``) checks it on the replica (the engine's own
``IllegalAction`` for a wrong move, nothing changes), then asks the store to append it with the
next number. If another device got that number first the store says ``AlreadyPlayed`` (as
boardgame.io's stateID does): this kernel catches up and the player sees the new position, with
a plain "someone else moved first". Because a move is judged on the position its number follows,
an accepted move was always legal when it was made.

Who may do what (``geoteach.store.rooms`` checks the keys):

* a team's device holds its seat's key and acts only for that seat (``SeatGame``); its screen
  gets ``view(seat)`` and ``view(None)`` and nothing else, so another team's hand never reaches
  the device's widgets;
* the projector holds the host key: it plays the computer players and alone can pause, resume,
  end, and hand seats to computers or to other devices (``Hosting``).

Answers said out loud (honor mode): the teacher is the reader and the judge. Only the
projector's screen reads the back of the card (``HostGame.card_back``; a team's device and a
spectator get None, as no view carries it), and its mark, stored with the host key, is the
answering team's move. A move that marks an answer right (``Game.marks_right``) is refused
from a seat key: a team never marks its own answer right, even from a notebook of its own.

Layer: classroom (no widgets). The screens are ``geoteach.ui.class_game``.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass
from typing import Any

from geoteach.bots.base import Bot
from geoteach.games.base import Action, Game, IllegalAction, describe, game_class
from geoteach.games.table import Table
from geoteach.store.rooms import (
    AlreadyPlayed,
    Room,
    RoomError,
    RoomStore,
    SeatState,
)

#: What a screen may read of a room's game (the public game API; see ``SeatGame``).
PUBLIC = frozenset(
    {
        "name",
        "title",
        "table",
        "options",
        "seed",
        "log",
        "phase",
        "to_act",
        "current_player",
        "is_terminal",
        "scores",
        "winners",
        "answer_context",
        "answers_in",
        "move_fields",
        "min_seats",
        "max_seats",
        "first_player_rule",
        "die_sides",
    }
)


class ViewRefused(RoomError):
    """A screen asked for a seat's view that is not its own (a bug: it would leak a hand)."""


def setup_of(game: Game, values: Mapping[str, Any] | None = None) -> dict[str, Any]:
    """What every replica is built from: the table, the seed, the engine's options, and the
    screen's choices (``values``: plain JSON only, e.g. how answers are typed)."""
    setup = {
        "table": game.table.to_dict(),
        "seed": game.seed,
        "options": game.options,
        "values": dict(values or {}),
    }
    try:
        return json.loads(json.dumps(setup))
    except (TypeError, ValueError) as exc:
        raise RoomError(f"This game's choices cannot be shared with the class: {exc}") from exc


def replica_of(room: Room) -> Game:
    """A fresh game for ``room``, before any move (the moves come from ``ClassRoom.pending``)."""
    setup = room.setup
    cls = game_class(room.game)
    return cls(Table.from_dict(setup["table"]), seed=setup["seed"], **setup["options"])


class ClassRoom:
    """This kernel's replica of a room's game, kept up to date from the store."""

    def __init__(self, store: RoomStore, room: Room, game: Game | None = None) -> None:
        self.store = store
        self.room = room
        self.game = replica_of(room) if game is None else game

    @property
    def id(self) -> str:
        return self.room.id

    @property
    def code(self) -> str:
        return self.room.code

    def refresh_room(self) -> Room:
        """The room as stored now (status, version)."""
        self.room = self.store.room_by_id(self.room.id)
        return self.room

    def seats(self) -> list[SeatState]:
        return self.store.seats(self.room.id)

    def pending(self) -> Iterator[Action]:
        """Apply the stored moves this replica has not applied, one at a time, yielding each
        just after it is applied (a screen shows each move with the position it led to)."""
        for move in self.store.moves(self.room.id, since=len(self.game.log)):
            if move.number != len(self.game.log):
                continue  # already applied (a move of ours that raced this read)
            try:
                self.game.apply(move.action)
            except IllegalAction as exc:
                raise RoomError(
                    f"Move {move.number + 1} of this game does not follow the rules here "
                    f"({describe(move.action)}): the room cannot be replayed."
                ) from exc
            yield self.game.log[-1]

    def catch_up(self) -> list[Action]:
        """Apply every stored move not applied yet; returns them in order."""
        return list(self.pending())

    def propose(
        self, action: Action, *, seat_key: str | None = None, host_key: str | None = None
    ) -> None:
        """Make a move: checked here, stored with the next number, then applied here.

        Raises the engine's ``IllegalAction`` for a wrong move and the store's errors
        (``AlreadyPlayed``, ``NotYourSeat``, ``RoomPaused``, ``RoomOver``); nothing changes then.
        """
        if not isinstance(action, dict):
            raise IllegalAction("A move is a small table of facts, for example {'type': 'roll'}.")
        try:
            plain = json.loads(json.dumps(action))
        except (TypeError, ValueError, RecursionError) as exc:
            raise IllegalAction(
                "That move cannot be sent to the class: it is not plain data."
            ) from exc
        self.game.check(plain)
        if seat_key is not None and self.game.marks_right(plain):
            raise IllegalAction(
                "Only your teacher marks an answer right: say your answer out loud, and your "
                "teacher marks it on the board."
            )
        number = len(self.game.log)
        seat = plain.get("player")
        self.store.append(
            self.room.id, number, plain, seat=seat, seat_key=seat_key, host_key=host_key
        )
        self.game.apply(plain)


class _Public:
    """The public game API of a room's replica, for a screen (see ``PUBLIC``)."""

    def __init__(self, room: ClassRoom) -> None:
        object.__setattr__(self, "room", room)
        object.__setattr__(self, "_stops", [])

    def __getattr__(self, name: str) -> Any:
        if name not in PUBLIC:
            raise AttributeError(
                f"A class-game screen read {name}, which is not part of the public game API."
            )
        return getattr(self.room.game, name)

    def __setattr__(self, name: str, value: Any) -> None:
        raise AttributeError(f"A screen set {name} on the game: screens only call apply().")

    # Seats this screen may see the private view of and act for (overridden).
    def _may_see(self, player: int | None) -> bool:
        return player is None

    def view(self, player: int | None) -> dict[str, Any]:
        if not self._may_see(player):
            raise ViewRefused(
                f"This screen may not see {self.room.game.table.name_of(player)}'s own view."
            )
        return self.room.game.view(player)

    def legal_actions(self, player: int | None = None) -> list[Action]:
        if player is None:
            acting = self.room.game.to_act()
            player = acting[0] if acting else None
        if not self._may_see(player):
            return []
        return self.room.game.legal_actions(player)

    def card_back(self) -> dict[str, Any] | None:
        """The back of the card being asked: not for a team's device nor a spectator (None);
        the teacher's screen reads it (``HostGame``)."""
        return None

    def check(self, action: Action) -> None:
        self.room.game.check(action)

    def is_legal(self, action: Action) -> bool:
        return self.room.game.is_legal(action)

    def on_change(self, listener: Callable[[Any, Action], None], *, first: bool = False) -> Any:
        stop = self.room.game.on_change(lambda _game, action: listener(self, action), first=first)
        self._stops.append(stop)
        return stop

    def forget_listeners(self) -> None:
        """Stop every listener this screen attached (the screen is being closed)."""
        for stop in self._stops:
            stop()
        self._stops.clear()


class SeatGame(_Public):
    """What a team's device sees of the game: its own seat's view and the public one, its moves
    stored with its seat key. Any other seat's view is refused (``ViewRefused``)."""

    def __init__(self, room: ClassRoom, seat: int, seat_key: str) -> None:
        super().__init__(room)
        object.__setattr__(self, "seat", seat)
        object.__setattr__(self, "_key", seat_key)

    def _may_see(self, player: int | None) -> bool:
        return player is None or player == self.seat

    @property
    def seat_key(self) -> str:
        """This device's key for its seat (its own link carries it)."""
        return str(self._key)

    def apply(self, action: Action) -> None:
        player = action.get("player") if isinstance(action, dict) else None
        if player != self.seat:
            name = self.room.game.table.name_of(self.seat)
            raise IllegalAction(f"This device plays for {name} only.")
        self.room.propose(action, seat_key=self._key)


class HostGame(_Public):
    """What the projector sees: the public view, and the back of the card being asked (the
    teacher marks answers said out loud); its moves (the computer players', the teacher's
    marks) are stored with the host key."""

    def __init__(self, room: ClassRoom, host_key: str) -> None:
        super().__init__(room)
        object.__setattr__(self, "_key", host_key)

    def card_back(self) -> dict[str, Any] | None:
        """The back of the card being asked (``Game.card_back``): the teacher is the reader
        and the judge of answers said out loud, on the projector."""
        return self.room.game.card_back()

    def apply(self, action: Action) -> None:
        """A move of the projector's: a computer player's, or the teacher's mark of a team's
        spoken answer (for that team's seat, with the host key)."""
        self.room.propose(action, host_key=self._key)


class WatchGame(_Public):
    """A spectator's device: the public board only; it makes no move."""

    def apply(self, action: Action) -> None:
        raise IllegalAction("You are watching this game: only the teams make moves.")


def watch(code: str, store: RoomStore | str | None = None, *, caught_up: bool = True) -> WatchGame:
    """A spectator's view of a room (needs only the code), caught up; ``caught_up=False``
    leaves the moves made so far to ``room.pending()`` (a screen shows them one by one)."""
    rooms = store if isinstance(store, RoomStore) else RoomStore(store)
    room = ClassRoom(rooms, rooms.room(code))
    if caught_up:
        room.catch_up()
    return WatchGame(room)


class HostBot(Bot):
    """A computer player run by the projector: it chooses on the real replica (computer
    players are the teacher's, never on a team's device) and its move goes through the room."""

    def __init__(self, bot: Bot, room: ClassRoom) -> None:
        super().__init__(bot.level, None)
        self.bot = bot
        self.room = room

    def choose(self, game: Any, player: int) -> Action:
        return self.bot.choose(self.room.game, player)

    def __getattr__(self, name: str) -> Any:
        # Game-specific timings (GeoTriple's race_time) are the wrapped bot's, on the replica.
        attr = getattr(self.bot, name)
        if callable(attr):
            return lambda _game, *args, **kwargs: attr(self.room.game, *args, **kwargs)
        return attr


@dataclass
class Hosting:
    """The teacher's hold on a room: the room, its replica and the host key."""

    room: ClassRoom
    host_key: str

    @property
    def code(self) -> str:
        return self.room.code

    @property
    def store(self) -> RoomStore:
        return self.room.store

    def game(self) -> HostGame:
        return HostGame(self.room, self.host_key)

    def pause(self) -> None:
        self.store.pause(self.room.id, self.host_key)

    def resume(self) -> None:
        self.store.resume(self.room.id, self.host_key)

    def end(self) -> None:
        self.store.end(self.room.id, self.host_key)

    def give_to_computer(self, seat: int) -> None:
        self.store.give_to_computer(self.room.id, self.host_key, seat)

    def free_seat(self, seat: int) -> None:
        self.store.free_seat(self.room.id, self.host_key, seat)

    def hand_seat(self, seat: int) -> str:
        return self.store.hand_seat(self.room.id, self.host_key, seat)

    def rename(self, seat: int, nickname: str | None) -> None:
        self.store.rename(self.room.id, self.host_key, seat, nickname)


def host(
    game: Game,
    store: RoomStore | str | None = None,
    values: Mapping[str, Any] | None = None,
) -> Hosting:
    """Open a class-game room for ``game`` (a new game, no move made yet).

    ``store`` is a ``RoomStore``, a database URL, or None for the server's setting
    (``$GEOTEACH_ROOMS``) or the default file. The table's computer seats are played by the
    host. Returns the ``Hosting`` (its ``code`` is what the teams type).
    """
    if game.log:
        raise RoomError("A class game starts before the first move: start a new game.")
    rooms = store if isinstance(store, RoomStore) else RoomStore(store)
    room, host_key = rooms.open_room(
        game.name, setup_of(game, values), len(game.table.seats), game.table.bots()
    )
    return Hosting(ClassRoom(rooms, room, game), host_key)


def resume(
    code: str, host_key: str, store: RoomStore | str | None = None, *, caught_up: bool = True
) -> Hosting:
    """The teacher's hold on a room opened earlier (after a restart, or the next day), caught
    up; ``caught_up=False`` leaves the moves made so far to ``room.pending()``."""
    rooms = store if isinstance(store, RoomStore) else RoomStore(store)
    found = rooms.room(code)
    rooms.check_host(found.id, host_key)
    room = ClassRoom(rooms, found)
    if caught_up:
        room.catch_up()
    return Hosting(room, host_key)


def join(
    code: str,
    seat: int,
    seat_key: str,
    store: RoomStore | str | None = None,
    *,
    caught_up: bool = True,
) -> SeatGame:
    """A team's device in a room: the game its screen is drawn from, caught up;
    ``caught_up=False`` leaves the moves made so far to ``room.pending()``."""
    rooms = store if isinstance(store, RoomStore) else RoomStore(store)
    found = rooms.room(code)
    rooms.check_seat(found.id, seat, seat_key)
    room = ClassRoom(rooms, found)
    if caught_up:
        room.catch_up()
    return SeatGame(room, seat, seat_key)


__all__ = [
    "AlreadyPlayed",
    "ClassRoom",
    "HostBot",
    "HostGame",
    "Hosting",
    "SeatGame",
    "ViewRefused",
    "WatchGame",
    "host",
    "join",
    "replica_of",
    "resume",
    "setup_of",
    "watch",
]
