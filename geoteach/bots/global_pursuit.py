"""Computer players for Global Pursuit, and the simulation that measures the game with them.

A bot looks at the table in its view and works out matches with the same rules the engine uses
(``Layout.correct_placements``), so it never reads anything a player could not see.

* Matching: a bot notices each correct placement with a level-dependent chance (a hard bot
  always does) and prefers one that earns the same-set bonus. When it sees none, an easy bot
  sometimes lays a card anyway where it does not match, or turns a match the wrong way:
  something for the class to challenge.
* Trivia: it chooses the level with the most expected points, its chance to know a question of
  level L being ``chance_to_know(level, fame)`` with fame 0.85, 0.55, 0.25 for L = 1, 2, 3; a
  right answer is also worth going on with the turn (``CONTINUE_VALUE`` points).
* Challenges: it checks the card just laid with a level-dependent chance of noticing a mismatch,
  and challenges a correct card only by a (small) mistake.
"""

from __future__ import annotations

import time
from collections.abc import Mapping
from statistics import mean
from typing import Any, cast

from geoteach.bots.base import Bot, chance_to_know, play_bots
from geoteach.games.base import Action, Game
from geoteach.games.global_pursuit.engine import trivia_points
from geoteach.games.global_pursuit.layout import LaidCard, Layout, parse_card
from geoteach.games.table import Level, Seat, Table

#: Chance of noticing each correct place for a card in hand.
SEES_MATCH = {"easy": 0.55, "medium": 0.85, "hard": 1.0}
#: Chance of laying a card anyway (a mismatch) when no match is seen.
BLUNDERS = {"easy": 0.45, "medium": 0.1, "hard": 0.0}
#: Chance of turning a seen match the wrong way round when laying it (an easy slip).
SLIPS = {"easy": 0.2, "medium": 0.04, "hard": 0.0}
#: Chance of noticing a mismatch laid by another player, and of challenging a good card.
NOTICES = {"easy": 0.3, "medium": 0.65, "hard": 0.95}
FALSE_ALARM = {"easy": 0.08, "medium": 0.03, "hard": 0.0}
#: How well known a question of each level is (``fame`` for ``chance_to_know``).
LEVEL_FAME = {1: 0.85, 2: 0.55, 3: 0.25}
#: What a right answer is worth besides its points: the turn goes on (another match).
CONTINUE_VALUE = 3.0


class GlobalPursuitBot(Bot):
    """Matches, chooses trivia levels by confidence, answers, challenges."""

    def choose(self, game: Game, player: int) -> Action:
        view = game.view(player)
        phase = view["phase"]
        p = {"player": player}
        if phase == "match":
            return self.match(view, player)
        if phase == "challenge":
            return {**p, "type": "challenge" if self.doubts(view) else "accept"}
        if phase == "roll":
            return {**p, "type": "roll"}
        if phase == "level":
            return {**p, "type": "level", "level": self.level_for(view["trivia"])}
        if phase == "answer":
            level = view["trivia"]["level"]
            knows = self.knows(LEVEL_FAME[level])
            return {**p, "type": "answer", "mark": "right" if knows else "wrong"}
        if phase == "wild":
            if view["fixed_level"] is not None:
                level = view["fixed_level"]
            else:
                level = self.level_for({"symbol": None, "die": None})
            p_right = chance_to_know(self.level, LEVEL_FAME[level])
            worth = p_right * (level + CONTINUE_VALUE) - (1 - p_right) * 1.0
            if worth > CONTINUE_VALUE:
                return {**p, "type": "wild", "level": level}
            return {**p, "type": "no_wild"}
        if phase == "return":
            return {**p, "type": "return", "card": self.worst_card(view)}
        return self.rng.choice(game.legal_actions(player))

    # ----- matching ------------------------------------------------------------------------
    def match(self, view: Mapping[str, Any], player: int) -> Action:
        layout = Layout([cast(LaidCard, dict(c)) for c in view["table"]], bounds=view["bounds"])
        four = view["maps"] == "four_maps"
        seen: list[tuple[bool, str, list[int], int]] = []
        for card in view["hand"]:
            for index, edge, card_edge in layout.correct_placements(card, four):
                if self.rng.random() < SEES_MATCH[self.level]:
                    bonus = layout.set_of(index) == parse_card(card)[0]
                    seen.append((bonus, card, [index, edge], card_edge))
        p = {"player": player}
        if seen:
            best = max(b for b, *_ in seen)
            _, card, at, card_edge = self.rng.choice([s for s in seen if s[0] == best])
            if view["honor"] and self.rng.random() < SLIPS[self.level]:
                card_edge = (card_edge + self.rng.randrange(1, 5)) % 5
            return {**p, "type": "place", "card": card, "at": at, "card_edge": card_edge}
        if view["hand"] and view["honor"] and self.rng.random() < BLUNDERS[self.level]:
            slots = layout.free_slots()
            if slots:
                card = self.rng.choice(view["hand"])
                at = list(self.rng.choice(slots))
                move = {**p, "type": "place", "card": card, "at": at}
                return {**move, "card_edge": self.rng.randrange(5)}
        return {**p, "type": "pass"}

    def doubts(self, view: Mapping[str, Any]) -> bool:
        """Whether to challenge the card just laid (the last one on the table)."""
        layout = Layout([cast(LaidCard, dict(c)) for c in view["table"]], bounds=view["bounds"])
        right = matches_where_it_lies(layout, len(layout) - 1, view["maps"] == "four_maps")
        if right:
            return self.rng.random() < FALSE_ALARM[self.level]
        return self.rng.random() < NOTICES[self.level]

    def worst_card(self, view: Mapping[str, Any]) -> str:
        """The card to give back: one with no place to go now (else the first)."""
        layout = Layout([cast(LaidCard, dict(c)) for c in view["table"]], bounds=view["bounds"])
        four = view["maps"] == "four_maps"
        for card in view["hand"]:
            if not layout.correct_placements(card, four):
                return card
        return view["hand"][0]

    # ----- trivia ----------------------------------------------------------------------------
    def level_for(self, trivia: dict[str, Any]) -> int:
        """The level with the most expected points (its die counted on ROLL and BONUS ROLL)."""

        def worth(level: int) -> float:
            p = chance_to_know(self.level, LEVEL_FAME[level])
            return p * (
                trivia_points(level, trivia.get("symbol"), trivia.get("die")) + CONTINUE_VALUE
            )

        return max((1, 2, 3), key=worth)


def matches_where_it_lies(layout: Layout, index: int, own_set_only: bool = False) -> bool:
    """Whether the card ``index`` on the table matches every edge it touches."""
    return layout.judge_laid(index, own_set_only).correct


def make_bot(level: str, seed: int | None = None) -> GlobalPursuitBot:
    return GlobalPursuitBot(level, seed)


def bot_table(players: int, level: Level) -> Table:
    """A table of ``players`` bots of one level, named Bot 1, Bot 2, ..."""
    return Table([Seat(f"Bot {i + 1}", kind="bot", level=level) for i in range(players)])


def play_game(level: Level, players: int = 3, seed: int = 0, **options: Any) -> Game:
    """One whole game between bots of ``level``; returns the finished game."""
    from geoteach.games.global_pursuit.engine import GlobalPursuit

    game = GlobalPursuit(bot_table(players, level), seed=seed, **options)
    bots = {s: GlobalPursuitBot(level, seed=seed * 101 + s) for s in range(players)}
    play_bots(game, bots, max_moves=100_000)
    return game


def simulate(
    level: Level, games: int = 10, players: int = 3, seed: int = 0, **options: Any
) -> dict[str, Any]:
    """Play ``games`` bot games: cards on the table, moves, how they ended, and games per second."""
    start = time.perf_counter()
    placed: list[int] = []
    moves: list[int] = []
    ends: dict[str | None, int] = {}
    for g in range(games):
        game = play_game(level, players, seed + g, **options)
        view = game.view(None)
        placed.append(len(view["table"]))
        moves.append(len(game.log))
        ends[view["ended"]] = ends.get(view["ended"], 0) + 1
    seconds = time.perf_counter() - start
    return {
        "level": level,
        "games": games,
        "mean_cards_on_table": mean(placed),
        "mean_moves": mean(moves),
        "endings": ends,
        "games_per_second": games / seconds if seconds else float("inf"),
    }
