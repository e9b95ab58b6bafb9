"""Computer opponents for Globalissimo.

A bot ranks by what it believes the values are: its belief is the true value (from the atlas,
the bot's "general knowledge") blurred by noise in log space, small for a hard bot and large
for an easy one. It then picks the country and number with the most expected points, so it
prefers the country whose place it is surest of (usually the highest or lowest one), as the
rulebook's Linda does. At a hurdle it knows the answer with ``chance_to_know(level, fame)``,
fame being the country's prominence as a share of the countries less prominent.

It reads its seat's ``view`` and legal moves, and the game's country cards with their backs
(``PRINTED``: ``atlas``, the facts the bot "knows" as well as its level lets it), fixed when
the game is set up. Nothing else of the engine (tests/kit/test_bots_public.py checks).
"""

from __future__ import annotations

import math
import random
from collections.abc import Sequence
from typing import Any, cast

import numpy as np

from geoteach.bots.base import LEVELS, Bot, RandomBot, play_bots
from geoteach.games.base import Action, Game
from geoteach.games.globalissimo import Atlas, Globalissimo, score_rank_guess
from geoteach.games.globalissimo.views import GlobalissimoView
from geoteach.games.table import Table

#: How blurred a bot's idea of a value is: standard deviation of the noise on log(value).
#: e**0.15 ≈ 16% off for a hard bot, e**1.2 ≈ a factor of 3 for an easy one.
LOG_NOISE = {"easy": 1.2, "medium": 0.5, "hard": 0.15}
#: How many imagined "true" orders a bot weighs before it chooses.
SAMPLES = 48
#: Points table: POINTS[guess - 1, place - 1] for up to six countries.
POINTS = np.array([[score_rank_guess(g, p) for p in range(1, 7)] for g in range(1, 7)])
#: What the bot reads of the game besides its view and legal moves: the country cards.
PRINTED: tuple[str, ...] = ("atlas",)


class GlobalissimoBot(Bot):
    """Ranks the country it is surest of; answers hurdles as well as its level allows."""

    def __init__(self, level: str = "medium", seed: int | None = None) -> None:
        super().__init__(level, seed)
        self.np_rng = np.random.default_rng(self.rng.randrange(2**32))
        self._shift: dict[str, float] = {}

    def choose(self, game: Game, player: int) -> Action:
        # The registry pairs this bot with Globalissimo; not isinstance: tests hand it a proxy.
        game = cast(Globalissimo, game)
        view = game.view(player)
        if view["phase"] == "ranking":
            return self.rank(game.atlas, view, player)
        return self.answer(game.atlas, view, player)

    # ----- ranking ---------------------------------------------------------------------
    def beliefs(self, atlas: Atlas, category: str, countries: Sequence[str]) -> np.ndarray:
        """This bot's estimate of log(value) for each country (noisy, by level)."""
        true = np.array([atlas.values[category][c] for c in countries])
        logs = np.log(true + self._offset(atlas, category))
        return logs + self.np_rng.normal(0.0, LOG_NOISE[self.level], len(countries))

    def _offset(self, atlas: Atlas, category: str) -> float:
        """Added before taking logs, so zero values (a landlocked coast) have a logarithm."""
        if category not in self._shift:
            values = list(atlas.values[category].values())
            positive = sorted(v for v in values if v > 0) or [1.0]
            small = 0.01 * positive[len(positive) // 2]
            self._shift[category] = max(0.0, -min(values)) + small
        return self._shift[category]

    def rank(self, atlas: Atlas, view: GlobalissimoView, player: int) -> Action:
        rnd = view["round"]
        countries, remaining = rnd["countries"], view["remaining_countries"]
        n = len(countries)
        belief = self.beliefs(atlas, rnd["category"], countries)
        if rnd["category_card"]["rank1"] == "lowest":
            belief = -belief
        sigma = LOG_NOISE[self.level]
        worlds = belief + self.np_rng.normal(0.0, sigma, (SAMPLES, n))
        # Olympic place of each country in each imagined world: 1 + how many are higher.
        places = 1 + (worlds[:, None, :] > worlds[:, :, None]).sum(axis=2)
        chances = np.stack([(places == k).mean(axis=0) for k in range(1, n + 1)], axis=1)
        expected = chances @ POINTS[:n, :n].T  # expected[country, guess - 1]
        free = [countries.index(c) for c in remaining]
        options = expected[free]
        best = np.argwhere(options >= options.max() - 1e-9)
        i, r = best[self.rng.randrange(len(best))]
        return {"player": player, "type": "rank", "country": remaining[i], "rank": int(r) + 1}

    # ----- hurdles ---------------------------------------------------------------------
    def answer(self, atlas: Atlas, view: GlobalissimoView, player: int) -> Action:
        hurdle = view["hurdle"]
        assert hurdle is not None  # choose() answers only while a hurdle is up
        card = hurdle["country"]
        knows = self.knows(atlas.fame.get(card, 0.0))
        if view["honor"]:
            return {"player": player, "type": "mark", "verdict": "right" if knows else "wrong"}
        if hurdle["kind"] == "A":
            right: Any = atlas.map_numbers[card]
            others: list[Any] = [n for n in atlas.by_number if n != right]
        else:
            right = atlas.capitals[card]
            others = [c for c in atlas.all_capitals() if c != right]
        guess = right if knows or not others else self.rng.choice(others)
        return {"player": player, "type": "answer", "answer": guess}


def make_bot(level: str | None, seed: int | None = None) -> Bot:
    """A bot of ``level``; ``None`` or ``"random"`` gives the random baseline."""
    if level in (None, "random"):
        return RandomBot("easy", seed)
    return GlobalissimoBot(level, seed)


def simulate(
    levels: Sequence[str | None],
    games: int = 100,
    seed: int = 0,
    atlas: Atlas | None = None,
    **options: Any,
) -> dict[str, Any]:
    """Play ``games`` bot-only games with one seat per entry of ``levels`` (None: random).

    Returns, per seat, the mean points per round from ranking (``rank_points``), the mean
    spaces actually moved per round (``moved``: hurdles can cost points) and the win share.
    """
    names = [f"{level or 'random'} {i + 1}" for i, level in enumerate(levels)]
    kinds = {n: lv if lv in LEVELS else "easy" for n, lv in zip(names, levels, strict=True)}
    table = Table.of(*names, bots=kinds)
    seeds = random.Random(seed)
    n = len(levels)
    rank_points, moved, wins = np.zeros(n), np.zeros(n), np.zeros(n)
    rounds = 0
    for _ in range(games):
        game = Globalissimo(table, seed=seeds.randrange(2**31), atlas=atlas, **options)
        bots = {s: make_bot(level, seeds.randrange(2**31)) for s, level in enumerate(levels)}
        play_bots(game, bots, max_moves=100_000)
        rank_points += game.scoreboard.column("rank_points")
        moved += game.scores()
        for w in game.winners():
            wins[w] += 1 / len(game.winners())
        rounds += game.rounds
    return {
        "seats": names,
        "games": games,
        "rank_points": [float(x) for x in rank_points / rounds],
        "moved": [float(x) for x in moved / rounds],
        "wins": [float(x) for x in wins / games],
    }


def mean_points_per_round(result: dict[str, Any], counter: str = "rank_points") -> dict[str, float]:
    """Mean points per round of each level (seats of the same level pooled)."""
    pooled: dict[str, list[float]] = {}
    for name, value in zip(result["seats"], result[counter], strict=True):
        pooled.setdefault(name.rsplit(" ", 1)[0], []).append(value)
    return {level: math.fsum(v) / len(v) for level, v in pooled.items()}
