"""Computer players for Geography Pursuit, and the simulations that measure the game with them.

A bot has a strength in each of the six categories (drawn once from its own seed), so one bot
is good at capitals and weak at history, like a student. Its chance to know an answer is
``chance_to_know(level, fame)`` with ``fame`` its strength in the category, lowered for harder
cards. It cannot read the card's answer (its view hides it), so it answers with an honor mark.
"""

from __future__ import annotations

import time
from collections.abc import Mapping, Sequence
from statistics import mean
from typing import Any

from geoteach.bots.base import Bot, play_bots
from geoteach.games.base import Action, Game
from geoteach.games.geography_pursuit.board import CATEGORIES, HUB, SPACES
from geoteach.games.table import Level, Seat, Table

#: How much each harder level of card (1 Beginner .. 3 Expert) lowers a bot's chance.
LEVEL_PENALTY = 0.2


class PursuitBot(Bot):
    """Rolls, moves toward missing wedges and its strong categories, answers, votes."""

    def __init__(self, level: str = "medium", seed: int | None = None) -> None:
        super().__init__(level, seed)
        #: Strength 0..1 in each category (index = category in colour order).
        self.strength = [self.rng.uniform(0.35, 0.95) for _ in range(CATEGORIES)]

    def choose(self, game: Game, player: int) -> Action:
        view = game.view(player)
        phase = view["phase"]
        if phase == "roll":
            return {"player": player, "type": "roll"}
        if phase == "move":
            return {"player": player, "type": "move", "to": self.destination(view, player)}
        if phase == "choose_category":
            best = max(range(CATEGORIES), key=lambda c: self.strength[c])
            return {"player": player, "type": "choose", "category": view["categories"][best]}
        if phase == "vote":
            worst = worst_category(view["record"][view["player"]])
            return {"player": player, "type": "vote", "category": view["categories"][worst]}
        if phase == "question":
            question = view["question"]
            knows = self.knows(self.fame(question["category"], question.get("level", 1)))
            return {"player": player, "type": "answer", "mark": "right" if knows else "wrong"}
        return self.rng.choice(game.legal_actions(player))

    def fame(self, category: int, level: int) -> float:
        """How well known this card is to the bot: its strength, less for harder cards."""
        return max(0.0, self.strength[category] - LEVEL_PENALTY * (int(level) - 1))

    def destination(self, view: Mapping[str, Any], player: int) -> str:
        """Hub when it can win; a headquarters of a missing wedge; a strong category; Roll again.

        Roll again counts as a category of middling strength (0.5): a free roll beats a
        question the bot will likely miss. With six wedges and the hub out of reach, the bot
        first stays as close to the hub as it can.
        """
        wedges = set(view["wedges"][player])
        options = view["destinations"]
        racing = len(wedges) == CATEGORIES
        if racing and HUB in options:
            return HUB

        def value(space_id: str) -> tuple[float, float]:
            space = SPACES[space_id]
            closeness = -space.distance if racing else 0
            if space.kind == "headquarters" and space.category not in wedges:
                worth = 3.0
            elif space.category is not None:
                worth = 1.0 + self.strength[space.category]
            elif space.kind == "roll_again":
                worth = 1.5
            else:
                worth = 1.0 + max(self.strength)  # the wild hub: its strongest category
            return (closeness, worth)

        return max(options, key=value)


def worst_category(record: Sequence[Sequence[int]]) -> int:
    """The category a player has answered worst: lowest share right (counting one right and one
    wrong beforehand, so an unasked category is middling); ties go to the most missed."""

    def share(c: int) -> tuple[float, int]:
        right, asked = record[c]
        return ((right + 1) / (asked + 2), -(asked - right))

    return min(range(len(record)), key=share)


def make_bot(level: str = "medium", seed: int | None = None) -> PursuitBot:
    """The factory ``bots_for`` and the games' registry expect."""
    return PursuitBot(level, seed=seed)


def bot_table(players: int, level: Level) -> Table:
    """A table of ``players`` bots of one level, named Bot 1, Bot 2, ..."""
    return Table([Seat(f"Bot {i + 1}", kind="bot", level=level) for i in range(players)])


def play_game(
    level: Level, questions: dict[str, list[dict[str, Any]]], players: int = 4, seed: int = 0
) -> Game:
    """One full game between bots of ``level``; returns the finished game."""
    from geoteach.games.geography_pursuit.game import GeographyPursuit

    game = GeographyPursuit(bot_table(players, level), seed=seed, questions=questions)
    bots = {s: PursuitBot(level, seed=seed * 101 + s) for s in range(players)}
    play_bots(game, bots, max_moves=1_000_000)
    return game


def simulate(
    level: Level,
    questions: dict[str, list[dict[str, Any]]],
    games: int = 100,
    players: int = 4,
    seed: int = 0,
) -> dict[str, float]:
    """Play ``games`` bot games: mean length in turns and moves, and games per second."""
    start = time.perf_counter()
    turns, moves = [], []
    for g in range(games):
        game = play_game(level, questions, players, seed + g)
        turns.append(game.view(None)["turn"])
        moves.append(len(game.log))
    seconds = time.perf_counter() - start
    return {
        "level": level,
        "games": games,
        "mean_turns": mean(turns),
        "mean_moves": mean(moves),
        "games_per_second": games / seconds if seconds else float("inf"),
    }
