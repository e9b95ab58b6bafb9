"""A class-game room's game: made from the room's set-up, by the referee only.

A room is (game, table, seed, options) plus the moves made, numbered 0, 1, 2, ... in
``geoteach.store.rooms``. The engines are deterministic, so the room's game is its set-up and
its moves replayed; only the class service's referee (``geoteach.classroom.referee``) does
that, and it alone holds the seed: a page's kernel never gets the set-up (it holds a
``geoteach.classroom.remote.RemoteGame``, drawn from its own view).

Layer: classroom (no widgets).
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any

from geoteach.games.base import Game, game_class
from geoteach.games.table import Table
from geoteach.store.rooms import Room, RoomError


def setup_of(game: Game, values: Mapping[str, Any] | None = None) -> dict[str, Any]:
    """What the room's game is built from: the table, the seed, the engine's options, and the
    screen's choices (``values``: plain JSON only, e.g. how answers are typed). The teacher's
    page sends it to the referee once, when it opens the room."""
    setup = {
        "table": game.table.to_dict(),
        "seed": game.seed,
        "options": game.options,
        "values": dict(values or {}),
    }
    try:
        shared: dict[str, Any] = json.loads(json.dumps(setup))
    except (TypeError, ValueError) as exc:
        raise RoomError(f"This game's choices cannot be shared with the class: {exc}") from exc
    return shared


def replica_of(room: Room) -> Game:
    """A fresh game for ``room``, before any move (the referee applies the stored moves)."""
    setup = room.setup
    cls = game_class(room.game)
    return cls(Table.from_dict(setup["table"]), seed=setup["seed"], **setup["options"])


__all__ = ["replica_of", "setup_of"]
