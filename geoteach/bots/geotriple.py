"""The GeoTriple computer opponent, one class for all three stages.

* Stage 1: keeps the states consistent with the clues so far (``possible_states``). A hard bot
  guesses the likeliest (a computer clue is a random true answer, so a state with fewer true
  answers explains it better), never its own card; a medium bot draws from those odds; an easy
  bot misreads some clues and guesses at random among what is left.
* Stage 2: finds a GeoPlunge with the solver, but only "after" a solving time drawn from a
  level-dependent log-normal (``race_time``), longer for hands with few solutions. The engine
  has no clock: the screen (or ``play_game`` in simulations) lets the faster player claim first.
* Stage 3: keeps the cards with the best ranks, GeoPlunges when a quick simulation says it wins
  more often than not, leads its strongest rank and follows with the cheapest winning card.

It reads its seat's ``view`` and legal moves, and the printed deck every player has in the box
(``PRINTED``: the state cards, the clue challenges, which states share a border), fixed when
the game is set up. Nothing else of the engine (tests/kit/test_bots_public.py checks).
"""

from __future__ import annotations

import math
import random
from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any, cast

from geoteach.bots.base import Bot, RandomBot
from geoteach.games.base import Action, Game
from geoteach.games.geotriple import borders
from geoteach.games.geotriple.cards import CATEGORIES, PlungeCard
from geoteach.games.geotriple.challenges import likelihood, possible_states

if TYPE_CHECKING:
    from geoteach.games.geotriple.game import GeoTriple

#: Chance that a bot reads a clue right (an easy bot forgets or misreads some).
CLUE_SKILL = {"easy": 0.55, "medium": 0.85, "hard": 1.0}
#: Median seconds to find a GeoPlunge in a typical hand (26 solutions), and the spread.
RACE_MEDIAN = {"easy": 100.0, "medium": 55.0, "hard": 25.0}
RACE_SPREAD = 0.45
TYPICAL_SOLUTIONS = 26
#: Chance of playing a random card instead of the best one in Stage 3.
SLIP = {"easy": 0.6, "medium": 0.2, "hard": 0.0}
#: Random deals tried when deciding whether to GeoPlunge.
PLUNGE_TRIALS = {"easy": 0, "medium": 12, "hard": 40}
#: What the bot reads of the game besides its view and legal moves: the printed deck.
PRINTED: tuple[str, ...] = ("cards", "challenges", "neighbours")


def best_rank(card: PlungeCard) -> int:
    """A card's best rank in any category: how strong it is as a lead."""
    return min(card.rank(c) for c in CATEGORIES)


def best_lead(hand: Sequence[PlungeCard]) -> tuple[PlungeCard, str]:
    """The card and category with the best rank in the hand."""
    return min(((card, cat) for card in hand for cat in CATEGORIES), key=lambda x: x[0].rank(x[1]))


def best_follow(hand: Sequence[PlungeCard], lead: PlungeCard, category: str) -> PlungeCard:
    """The weakest card that still wins the trick, or the weakest card when none can."""
    winners = [c for c in hand if c.rank(category) < lead.rank(category)]
    pool = winners or list(hand)
    return max(pool, key=lambda c: (best_rank(c), c.code))


def playout(mine: Sequence[PlungeCard], theirs: Sequence[PlungeCard], i_lead: bool) -> bool:
    """Play six tricks with both sides using ``best_lead``/``best_follow``; True if I win.

    Works on rank tuples, as the GeoPlunge decision runs it dozens of times.
    """
    hands = [[_ranks(c) for c in mine], [_ranks(c) for c in theirs]]
    leader = 0 if i_lead else 1
    winners = []
    while hands[0]:
        lead = min(hands[leader], key=min)
        cat = lead.index(min(lead))
        hands[leader].remove(lead)
        other = hands[1 - leader]
        beat = [r for r in other if r[cat] < lead[cat]]
        follow = max(beat or other, key=min)
        other.remove(follow)
        leader = 1 - leader if follow[cat] < lead[cat] else leader
        winners.append(leader)
    won = winners.count(0)
    return won > 3 or (won == 3 and winners[-1] == 0)


def _ranks(card: PlungeCard) -> tuple[int, int, int]:
    return (card.size, card.statehood, card.population)


class GeoTripleBot(Bot):
    """A GeoTriple opponent at easy, medium or hard."""

    def __init__(self, level: str = "medium", seed: int | None = None) -> None:
        super().__init__(level, seed)
        self._race: dict[tuple[int, int, int], float] = {}

    def choose(self, game: Game, player: int) -> Action:
        # The registry pairs this bot with GeoTriple; not isinstance: tests hand it a proxy.
        return self._choose(cast("GeoTriple", game), player)

    def _choose(self, game: GeoTriple, player: int) -> Action:
        view = game.view(player)
        phase = view["phase"]
        if phase == "guess":
            if view["stage1"]["waiting_for_clue"]:
                return self.rng.choice(game.legal_actions(player))
            return self._guess(game, view, player)
        if phase == "race":
            return self._claim(game, view, player)
        if phase == "discard":
            return self._discard(game, view, player)
        if phase == "announce":
            return self._announce(game, view, player)
        if phase == "trick":
            return self._play(game, view, player)
        return {"player": player, "type": "next_round"}

    # ----- Stage 1 -------------------------------------------------------------------
    def _guess(self, game: GeoTriple, view: Mapping[str, Any], player: int) -> Action:
        s1 = view["stage1"]
        clues = [(c["challenge"], c["answer"]) for c in s1["clues"][player]]
        tried = list(s1["guesses"][player])
        if self.level != "hard":
            clues = [c for c in clues if self.rng.random() < CLUE_SKILL[self.level]]
        else:
            tried.append(s1["my_card"])
        left = possible_states(clues, game.cards, game.challenges, exclude=tried)
        if not left:
            left = [c for c in game.cards if c not in s1["guesses"][player]]
        if self.level == "easy":
            choice = self.rng.choice(left)
        else:
            odds = [likelihood(clues, game.cards[c], game.cards, game.challenges) for c in left]
            if self.level == "hard":
                top = max(odds)
                choice = self.rng.choice([c for c, p in zip(left, odds, strict=True) if p == top])
            else:
                choice = self.rng.choices(left, weights=odds)[0]
        return {"player": player, "type": "guess", "state": choice}

    # ----- Stage 2 -------------------------------------------------------------------
    def race_time(self, game: GeoTriple, player: int) -> float:
        """Seconds this bot needs to claim (or to give up, when its hand has no GeoPlunge).

        Drawn once per race, so the screen can run a countdown against it.
        """
        view = game.view(player)
        key = (id(game), view["round"], view["race"]["redeals"])
        if key not in self._race:
            found = len(borders.solutions(view["race"]["hand"], game.neighbours))
            hardness = math.sqrt(TYPICAL_SOLUTIONS / found) if found else 3.0
            hardness = min(3.0, max(0.5, hardness))
            median = RACE_MEDIAN[self.level] * hardness
            self._race[key] = median * math.exp(self.rng.gauss(0.0, RACE_SPREAD))
        return self._race[key]

    def _claim(self, game: GeoTriple, view: Mapping[str, Any], player: int) -> Action:
        every = borders.solutions(view["race"]["hand"], game.neighbours)
        if not every:
            return {"player": player, "type": "give_up"}
        groups = every[0] if self.level == "hard" else self.rng.choice(every)
        return {"player": player, "type": "geoplunge", "groups": [list(g) for g in groups]}

    # ----- Stage 3 -------------------------------------------------------------------
    def _discard(self, game: GeoTriple, view: Mapping[str, Any], player: int) -> Action:
        hand = [game.cards[c] for c in view["stage3"]["hand"]]
        if self.rng.random() < SLIP[self.level]:
            gone = self.rng.sample(hand, 2)
        else:
            noise = 0.0 if self.level == "hard" else 6.0
            gone = sorted(hand, key=lambda c: -best_rank(c) + self.rng.gauss(0.0, noise))[:2]
        return {"player": player, "type": "discard", "cards": [c.code for c in gone]}

    def _announce(self, game: GeoTriple, view: Mapping[str, Any], player: int) -> Action:
        trials = PLUNGE_TRIALS[self.level]
        if not trials:
            return {"player": player, "type": "announce", "geoplunging": self.rng.random() < 0.5}
        s3 = view["stage3"]
        mine = [game.cards[c] for c in s3["hand"]]
        seen = set(s3["hand"]) | set(s3["discarded"])
        unseen = [card for code, card in game.cards.items() if code not in seen]
        wins = sum(
            playout(mine, self.rng.sample(unseen, len(mine)), s3["dealer"] == player)
            for _ in range(trials)
        )
        # Plunging raises what the winner gets, so it pays exactly when you expect to win.
        return {"player": player, "type": "announce", "geoplunging": wins / trials > 0.5}

    def _play(self, game: GeoTriple, view: Mapping[str, Any], player: int) -> Action:
        s3 = view["stage3"]
        hand = [game.cards[c] for c in s3["hand"]]
        slip = self.rng.random() < SLIP[self.level]
        trick = s3["trick"]
        if trick is None:
            if slip:
                card = self.rng.choice(hand)
                category = min(CATEGORIES, key=card.rank)
            else:
                card, category = best_lead(hand)
            return {"player": player, "type": "lead", "category": category, "card": card.code}
        if slip:
            card = self.rng.choice(hand)
        else:
            card = best_follow(hand, game.cards[trick["lead"]], trick["category"])
        return {"player": player, "type": "follow", "card": card.code}


def race_time_of(bot: Bot, game: Game, player: int) -> float:
    """A bot's claim time in the race; bots without one (``RandomBot``) act at once."""
    timer = getattr(bot, "race_time", None)
    return float(timer(game, player)) if timer else 0.0


def play_game(game: Game, bots: Mapping[int, Bot], max_moves: int = 100_000) -> int:
    """Play a game between bots to the end; in the race the faster bot moves first.

    Returns the number of moves made. Stops early if a seat without a bot must act.
    """
    moves = 0
    while not game.is_terminal() and moves < max_moves:
        seats = [s for s in game.to_act() if s in bots]
        if not seats:
            break
        if game.phase == "race":
            seats.sort(key=lambda s: race_time_of(bots[s], game, s))
        seat = seats[0]
        game.apply(bots[seat].choose(game, seat))
        moves += 1
    return moves


def make_bot(level: str, seed: int | None = None) -> Bot:
    """A bot by name: "random", "easy", "medium" or "hard"."""
    if level == "random":
        return RandomBot(seed=seed)
    return GeoTripleBot(level, seed=seed)


def win_rates(
    first: str,
    second: str,
    games: int,
    seed: int = 0,
    states: Any = None,
    target: int = 100,
) -> dict[str, float]:
    """Share of ``games`` won by the ``first`` and the ``second`` bot level (they swap seats
    every game; a shared win counts half to each and is also counted as a draw)."""
    from geoteach.games.geotriple.game import GeoTriple
    from geoteach.games.table import Table

    rng = random.Random(seed)
    wins = {"first": 0.0, "second": 0.0, "draw": 0.0}
    for n in range(games):
        sides = ["first", "second"] if n % 2 == 0 else ["second", "first"]
        levels = [first if side == "first" else second for side in sides]
        names = [f"{level} ({side})" for level, side in zip(levels, sides, strict=True)]
        table = Table.of(*names, bots={name: "medium" for name in names})
        game = GeoTriple(table, seed=rng.randrange(2**31), states=states, target=target)
        bots = {s: make_bot(levels[s], seed=rng.randrange(2**31)) for s in (0, 1)}
        play_game(game, bots)
        won = game.winners()
        if len(won) == 2:
            wins["draw"] += 1
        for s in won:
            wins[sides[s]] += 1 / len(won)
    return {k: v / games for k, v in wins.items()}
