"""Every game's computer players choose from their own seat's view and legal moves only.

A bot at the table of a class game runs beside the teams' screens; like a screen, it must not
read the engine's state, another seat's hand or a private attribute (issue 38). Each game is
played through with bots of every level, each bot given ``SeatOnly(game, seat)``: an attribute
past the public verbs, another seat's view, or a printed card set the bot's module does not
name in ``PRINTED`` raises and fails the test. ``PRINTED`` is what every seat holds in the box
(GeoTriple's state cards, Globalissimo's country cards and their backs): fixed when the game is
set up, which the test checks too.
"""

from __future__ import annotations

import importlib
from typing import Any

import pytest

from geoteach.bots.base import LEVELS, Bot, bots_for
from geoteach.bots.registry import BOTS
from geoteach.games.base import Game
from geoteach.games.registry import GAMES, game_entry
from geoteach.games.table import Table
from tests.kit.public_api import SeatOnly

#: Moves played per game: Globalissimo, GeoTriple and Global Pursuit end before it (their
#: ``short_game``); Geography Pursuit and Globe Works reach every phase (Globe Works' deals
#: open after six turns each), and are stopped there to keep the fast suite fast.
MOVES = 400


def _printed(key: str) -> tuple[str, ...]:
    return tuple(getattr(importlib.import_module(BOTS[key].bot.partition(":")[0]), "PRINTED", ()))


def _game(key: str, level: str, seed: int) -> tuple[Game, dict[int, Bot]]:
    entry = game_entry(key)
    cls = entry.engine_class
    names = [f"Bot {i + 1}" for i in range(max(cls.min_seats, 2))]
    table = Table.of(*names, bots=dict.fromkeys(names, level))
    game = cls(table, seed=seed, **entry.short_game)
    return game, bots_for(table, BOTS[key].make_bot, seed=seed)


def _play(game: Game, bots: dict[int, Bot], printed: tuple[str, ...]) -> int:
    moves = 0
    while not game.is_terminal() and moves < MOVES:
        seats = list(game.to_act())
        if game.phase == "race":  # GeoTriple: the faster bot claims first; its timer reads too
            seats.sort(key=lambda s: bots[s].race_time(SeatOnly(game, s, printed), s))
        seat = seats[0]
        game.apply(bots[seat].choose(SeatOnly(game, seat, printed), seat))
        moves += 1
    return moves


@pytest.mark.parametrize("level", LEVELS)
@pytest.mark.parametrize("key", list(GAMES))
def test_bots_play_on_their_own_view_and_legal_moves(key: str, level: str) -> None:
    printed = _printed(key)
    game, bots = _game(key, level, seed=7)
    before = {name: getattr(game, name) for name in printed}
    moves = _play(game, bots, printed)
    assert game.is_terminal() or moves == MOVES
    # The printed cards are not state: play never replaces them.
    assert all(getattr(game, name) is value for name, value in before.items())


class _Peeker(Bot):
    """A bot that reads the engine's whole state: the guard must stop it."""

    def choose(self, game: Any, player: int) -> Any:
        return game.legal_actions(player)[game.state["turn"] % 1]


class _Snoop(Bot):
    """A bot that reads the next seat's view: the guard must stop it too."""

    def choose(self, game: Any, player: int) -> Any:
        game.view((player + 1) % len(game.table.seats))
        return game.legal_actions(player)[0]


@pytest.mark.parametrize("bot", [_Peeker, _Snoop])
def test_the_guard_stops_a_bot_that_reads_more(bot: type[Bot]) -> None:
    game, _ = _game("geography_pursuit", "easy", seed=1)
    seat = game.to_act()[0]
    with pytest.raises(AttributeError, match="bot"):
        bot("easy", 1).choose(SeatOnly(game, seat), seat)
