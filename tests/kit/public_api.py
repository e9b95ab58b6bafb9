"""A stand-in for an engine that offers a screen only the public game API.

A screen on a team's own device may see only that team's ``view(seat)``; anything else it reads
from the engine (``game.state``, a private attribute, another seat's hand) would leak. The
screen tests build each game's screen on ``PublicOnly(game)`` and play a whole seeded game: an
attribute the screen reads past this list raises ``AttributeError`` and fails the test.

The list is the verbs of ``geoteach.games.base.Game`` that a screen needs to draw and to act:
who may act, which moves are legal, the move itself, the views, the scores and the change hook,
and the back of the card that the reader of an answer said out loud marks from (``card_back``).
``table`` (names, colours, who is a computer) and ``options`` (the choices made at set-up) are
public facts of the table, not of the hidden state. ``log`` is the public list of moves made.

Bots get the same list, less the verbs that change the game, through ``SeatOnly(game, seat)``:
their own seat's view and moves only (tests/kit/test_bots_public.py).
"""

from __future__ import annotations

from typing import Any

from geoteach.classroom.remote import PUBLIC as ROOM_PUBLIC
from geoteach.games.base import Game

#: What a screen may read of a game. Nothing here returns the game's internal state.
PUBLIC = ROOM_PUBLIC | {
    # The verbs a class game's page implements itself (geoteach.classroom.remote.RemoteGame).
    "legal_actions",
    "check",
    "is_legal",
    "apply",
    "on_change",
    "view",
    # The back of the card for the reader of an answer said out loud (None on a team's device).
    "card_back",
    # A screen at one table seeds its own computer players from the game's seed (a class
    # game's page has none: its computers play in the class service, and it is given them).
    "seed",
}


class PublicOnly:
    """Wrap ``game`` so only ``PUBLIC`` can be read; the listeners get the stand-in back."""

    def __init__(self, game: Game) -> None:
        object.__setattr__(self, "_game", game)

    def __getattr__(self, name: str) -> Any:
        if name not in PUBLIC:
            raise AttributeError(
                f"A screen read {type(self._game).__name__}.{name}, which is not part of the "
                "public game API: add what it needs to the game's view()."
            )
        return getattr(self._game, name)

    def __setattr__(self, name: str, value: Any) -> None:
        raise AttributeError(f"A screen set {name} on the game: screens only call apply().")

    def on_change(self, listener: Any, *, first: bool = False) -> None:
        self._game.on_change(lambda _game, action: listener(self, action), first=first)

    @property
    def wrapped(self) -> Game:
        """The real game, for the test's own assertions (never for the screen)."""
        return self._game


#: What a bot may read of a game: what a screen may, but not ``apply`` nor ``on_change`` (the
#: table applies the move a bot chooses), and ``view``/``legal_actions`` only for its own seat.
BOT_PUBLIC = PUBLIC - {"apply", "on_change"}


class SeatOnly(PublicOnly):
    """Wrap ``game`` for a bot choosing for ``seat``: ``BOT_PUBLIC``, the view of that seat (or
    the projector's, ``view(None)``), and the printed cards its module names in ``PRINTED``."""

    def __init__(self, game: Game, seat: int, printed: tuple[str, ...] = ()) -> None:
        super().__init__(game)
        object.__setattr__(self, "_seat", seat)
        object.__setattr__(self, "_printed", frozenset(printed))

    def __getattr__(self, name: str) -> Any:
        if name not in BOT_PUBLIC and name not in self._printed:
            raise AttributeError(
                f"A bot read {type(self._game).__name__}.{name}, which is not part of the "
                "public game API: add what it needs to the game's view()."
            )
        return getattr(self._game, name)

    def __setattr__(self, name: str, value: Any) -> None:
        raise AttributeError(f"A bot set {name} on the game: a bot only chooses a move.")

    def on_change(self, listener: Any, *, first: bool = False) -> None:
        raise AttributeError("A bot listened to the game: a bot only chooses a move.")

    def view(self, player: int | None) -> dict[str, Any]:
        if player not in (self._seat, None):
            raise AttributeError(f"The bot of seat {self._seat} read the view of seat {player}.")
        return self._game.view(player)

    def legal_actions(self, player: int | None = None) -> list[Any]:
        if player != self._seat:
            raise AttributeError(f"The bot of seat {self._seat} asked the moves of {player}.")
        return self._game.legal_actions(player)
