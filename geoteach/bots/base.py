"""What every computer opponent shares: a level, its own seeded generator, a model of knowledge.

A bot sees only ``game.view(player)`` and ``game.legal_actions(player)`` and acts through
``game.apply``, so the same bot plays in tests, in simulations and at the table.
"""

from __future__ import annotations

import random
from abc import ABC, abstractmethod
from collections.abc import Callable, Mapping
from typing import Any

from geoteach.games.base import Action, Game
from geoteach.games.table import Table

LEVELS = ("easy", "medium", "hard")

#: Chance of knowing a fact about the best-known place (fame 1) and the least-known (fame 0).
#: A hard bot knows most capitals; an easy one guesses often. Tuned so a class sees mistakes.
KNOWLEDGE = {
    "easy": (0.55, 0.10),
    "medium": (0.80, 0.30),
    "hard": (0.97, 0.65),
}


def chance_to_know(level: str, fame: float) -> float:
    """Probability that a bot of ``level`` knows a fact about a place of ``fame`` (0..1)."""
    if level not in KNOWLEDGE:
        raise ValueError(f"Computer level must be one of {', '.join(LEVELS)}, not {level!r}.")
    best, worst = KNOWLEDGE[level]
    fame = min(1.0, max(0.0, float(fame)))
    return worst + (best - worst) * fame


class Bot(ABC):
    """A computer opponent for one seat."""

    def __init__(self, level: str = "medium", seed: int | None = None) -> None:
        if level not in LEVELS:
            raise ValueError(f"Computer level must be one of {', '.join(LEVELS)}, not {level!r}.")
        self.level = level
        self.rng = random.Random(seed)

    def knows(self, fame: float) -> bool:
        """Draw whether the bot knows a fact about a place this famous."""
        return self.rng.random() < chance_to_know(self.level, fame)

    @abstractmethod
    def choose(self, game: Game, player: int) -> Action:
        """The action this bot takes for ``player`` now (one of the legal ones)."""


class RemotePlayer(Bot):
    """A seat played somewhere else: another team's device in a class game, or the teacher's
    computer players on the projector. It never chooses; its moves arrive from the class game's
    room (``geoteach.classroom.rooms``), and a screen waits for them as it waits for a person.

    Screens treat it like a computer player in one respect only: the person at this screen does
    not act for that seat (no controls, no hidden hand shown).
    """

    remote = True

    def __init__(self, name: str = "") -> None:
        super().__init__("medium", None)
        self.name = name

    def choose(self, game: Game, player: int) -> Action:
        raise RuntimeError(f"Seat {player} is played on another device; wait for its move.")


def is_remote(bot: Bot | None) -> bool:
    """True for a seat whose moves come from elsewhere (``RemotePlayer``)."""
    return bool(getattr(bot, "remote", False))


class RandomBot(Bot):
    """Plays a uniformly random legal action: the baseline bots are measured against."""

    def choose(self, game: Game, player: int) -> Action:
        return self.rng.choice(game.legal_actions(player))


def bots_for(
    table: Table, make: Callable[[str, int | None], Bot], seed: int | None = None
) -> dict[int, Bot]:
    """One bot per computer seat of ``table``, at that seat's level: ``{seat: bot}``.

    ``make(level, seed)`` builds the game's bot; seeds differ per seat so bots do not mirror.
    """
    return {
        seat: make(table.seats[seat].level or "medium", None if seed is None else seed + seat)
        for seat in table.bots()
    }


def play_bots(
    game: Game,
    bots: Mapping[int, Bot],
    max_moves: int = 10_000,
    on_move: Callable[[Game, Action], Any] | None = None,
) -> int:
    """Let bots act while a bot is to act; returns how many moves they made.

    Stops when the game is over or a human seat is to act.
    """
    moves = 0
    while not game.is_terminal() and moves < max_moves:
        seat = next((s for s in game.to_act() if s in bots), None)
        if seat is None:
            break
        action = bots[seat].choose(game, seat)
        game.apply(action)
        moves += 1
        if on_move is not None:
            on_move(game, action)
    return moves
