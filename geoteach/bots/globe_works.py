"""Computer opponents for Globe Works.

A bot pursues its **goal icon**: the icon it holds most of (hand and cities down). It values a
position by the points of its networks now, plus a share of what its goal-icon cards in hand
would score if the linking cards in its hand were also open (its hopes), minus the -20 of every
unplayed pair it would be left with. It plays the card that raises that value most (a linking
city that joins its goal regions, a goal city that grows a network), otherwise draws (from the
discard pile when the top card helps) and discards the card it needs least, or takes back a
token when a city drags a network down. In the deals window it offers a partnership in its
goal icon when half the joint network is worth more than its own, and accepts offers that raise
its value. Levels: easy plays carelessly half the time and never offers deals; medium weighs its
hopes less; hard also offers trades for cities it is missing and keeps its tokens for its goal:
it lays down a city off its goal icon only while it keeps ``TOKEN_RESERVE`` tokens beyond
one per goal city in hand. (Medium spends tokens on off-goal cities freely and is often out of
tokens when its goal cities open; that reserve is what makes hard the stronger player.)

A bot uses only what its seat may know (``SeatView``): its ``view`` (its own hand, the cards
down, the top of the discard pile and the pile sizes), its legal moves and the printed cards
(``cards()``). It calls the end of a round (at the start of its turn) when it leads by the
scores of the cards down plus the pairs in its own hand; the others' hands are secret.
A city it gets in a trade goes under its token, or into its hand when that is worth more or
it has no token free.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from geoteach.bots.base import Bot, play_bots
from geoteach.games.base import Action, Game
from geoteach.games.globe_works.cards import ICONS, Card, cards
from geoteach.games.globe_works.engine import (
    DEALS,
    HAND,
    MAP,
    TURNS_BEFORE_DEALS,
    GlobeWorks,
    partner_of,
)
from geoteach.games.globe_works.networks import SCORE_TABLE, network_score, unplayed_pairs
from geoteach.games.table import Table

#: How much a bot counts on its goal-icon cards in hand while the round has time to run:
#: the weight of its hopes. Once the end is near, every bot counts on them only a little.
HOPE = {"easy": 0.6, "medium": 0.85, "hard": 0.95}
HOPE_AT_THE_END = 0.2
#: Chance that an easy bot plays a random legal move.
CARELESS = {"easy": 0.5, "medium": 0.1, "hard": 0.0}
#: Turns each after which a bot that leads calls the end of the round.
CALL_AFTER = {"easy": 14, "medium": 12, "hard": 10}
#: Free tokens a hard bot keeps, beyond one per goal city in hand, before it lays down a city
#: that scores nothing: a city off its goal only locks up a token its goal network needs.
TOKEN_RESERVE = 3


@dataclass
class SeatView:
    """What one seat may know now: its view, its legal moves and the printed cards.

    The bot reads the table only through this, so it never sees another seat's hand or
    anything else of the engine's state.
    """

    game: Game
    player: int
    view: Mapping[str, Any]
    cards: dict[str, Card] = field(default_factory=cards)
    _legal: list[Action] | None = None

    @classmethod
    def of(cls, game: Game, player: int) -> SeatView:
        return cls(game, player, game.view(player))

    @property
    def legal(self) -> list[Action]:
        """This seat's legal moves, listed once (in the deals window that list is long)."""
        if self._legal is None:
            self._legal = self.game.legal_actions(self.player)
        return self._legal

    def may(self, kind: str, **fields: Any) -> bool:
        """True when a legal move of type ``kind`` has these ``fields``."""
        return any(
            a["type"] == kind and all(a.get(k) == v for k, v in fields.items()) for a in self.legal
        )

    def is_legal(self, action: Action) -> bool:
        return self.game.is_legal(action)

    @property
    def hand(self) -> list[str]:
        return list(self.view["hand"])

    def played(self, player: int) -> list[str]:
        return list(self.view["played"][player])

    @property
    def north(self) -> list[str]:
        return list(self.view["north"])

    def partner(self, player: int, icon: str) -> int | None:
        return partner_of(self.view["partnerships"], player, icon)

    def icon_regions(self, player: int, icon: str) -> list[str]:
        """The regions of ``player``'s cities down in ``icon``."""
        cards = self.cards
        return [cards[c].region for c in self.view["played"][player] if cards[c].icon == icon]

    def open_links(self) -> list[tuple[str, ...]]:
        return [self.cards[c].links for c in self.view["north"]]


class GlobeWorksBot(Bot):
    """Builds networks of the icon it holds most of."""

    def choose(self, game: Game, player: int) -> Action:
        try:
            action = self._decide(SeatView.of(game, player))
        except (ValueError, KeyError, IndexError):
            action = None
        if action is None or not game.is_legal(action):
            action = game.legal_actions(player)[0]
        return action

    # ----- valuing a position ----------------------------------------------------------------
    def goal_icon(self, seat: SeatView, player: int) -> str:
        """The icon this bot holds most of (ties: the one it has most cities down of)."""
        cards = seat.cards
        held = Counter(cards[c].icon for c in seat.hand if not cards[c].is_linking)
        down = Counter(cards[c].icon for c in seat.played(player))
        return max(ICONS, key=lambda i: (held[i] + down[i], down[i], -ICONS.index(i)))

    def value(
        self,
        seat: SeatView,
        player: int,
        hand: list[str],
        played: list[str],
        north: list[str],
        goal: str,
    ) -> float:
        """Points now, plus hopes for the goal icon, minus pairs left in hand."""
        cards = seat.cards
        links = [cards[c].links for c in north]
        hoped_links = links + [cards[c].links for c in hand if cards[c].is_linking]
        total = 0.0
        for icon in ICONS:
            mine = [cards[c].region for c in played if cards[c].icon == icon]
            mate = seat.partner(player, icon)
            if mate is None:
                now = float(network_score(mine, links))
            else:
                both = mine + seat.icon_regions(mate, icon)
                now = network_score(both, links) / 2
            total += now
            if icon == goal:
                in_hand = [
                    cards[c].region
                    for c in hand
                    if not cards[c].is_linking and cards[c].icon == icon
                ]
                hope = network_score(set(mine) | set(in_hand), hoped_links)
                total += self.hope(seat) * (hope - now)
        for icon in ICONS:
            held = [
                cards[c].region for c in hand if not cards[c].is_linking and cards[c].icon == icon
            ]
            if len(held) > 1:
                total += 0.5 * unplayed_pairs(held, links) * SCORE_TABLE[2]
        return total

    def hope(self, seat: SeatView) -> float:
        """Weight of the hopes: lower once the round's end is called or near."""
        view = seat.view
        ending = view["called_by"] is not None or (view["final_round"] and not view["draw_pile"])
        return HOPE_AT_THE_END if ending else HOPE[self.level]

    # ----- a turn -------------------------------------------------------------------------------
    def _decide(self, seat: SeatView) -> Action | None:
        player = seat.player
        if seat.view["phase"] == DEALS:
            return self._deal(seat, player)
        if self.rng.random() < CARELESS[self.level]:
            return self.rng.choice(seat.legal)
        hand, played, north = seat.hand, seat.played(player), seat.north
        goal = self.goal_icon(seat, player)
        now = self.value(seat, player, hand, played, north, goal)
        if seat.view["step"] == "drawn":
            return self._discard(seat, player, hand, played, goal)
        if self._should_call(seat, player):
            return {"player": player, "type": "call_end"}
        best, best_gain = None, -1e-9
        for card in seat.view["playable"]:
            rest = list(hand)
            rest.remove(card)
            if seat.cards[card].is_linking:
                after = self.value(seat, player, rest, played, [*north, card], goal)
            else:
                after = self.value(seat, player, rest, [*played, card], north, goal)
            if self.level == "hard" and self._wastes_token(seat, player, card, goal):
                continue
            if after - now > best_gain:
                best, best_gain = card, after - now
        if best is not None:
            return {"player": player, "type": "play", "card": best}
        top = seat.view["discard_top"]
        if top is not None and seat.may("draw", source="discard"):
            after = self.value(seat, player, [*hand, top], played, north, goal)
            if after > now:
                return {"player": player, "type": "draw", "source": "discard"}
        if seat.may("draw", source="draw"):
            return {"player": player, "type": "draw", "source": "draw"}
        if seat.may("draw", source="discard"):
            return {"player": player, "type": "draw", "source": "discard"}
        playable = seat.view["playable"]
        if playable:
            return {"player": player, "type": "play", "card": playable[0]}
        return {"player": player, "type": "pass"}

    def _wastes_token(self, seat: SeatView, player: int, card: str, goal: str) -> bool:
        """Hard bots keep tokens for their goal: an off-goal city would leave too few."""
        info = seat.cards[card]
        if info.is_linking or info.icon == goal:
            return False
        goal_in_hand = {
            seat.cards[c].region
            for c in seat.hand
            if not seat.cards[c].is_linking and seat.cards[c].icon == goal
        }
        return seat.view["tokens_left"][player] - 1 < len(goal_in_hand) + TOKEN_RESERVE

    def _should_call(self, seat: SeatView, player: int) -> bool:
        """Call when leading, by what this seat may see: everyone's cards down and the pairs
        in its own hand (the others' hands are secret)."""
        if not seat.may("call_end"):
            return False
        view = seat.view
        live = [t + r for t, r in zip(view["totals"], view["round_scores"], strict=True)]
        live[player] += len(view["my_pairs"]) * SCORE_TABLE[2]
        leads = live[player] >= max(live)
        return leads and live[player] > 0 and min(view["turns"]) >= CALL_AFTER[self.level]

    def _discard(
        self, seat: SeatView, player: int, hand: list[str], played: list[str], goal: str
    ) -> Action:
        options: list[tuple[float, Action]] = []
        for card in sorted(set(hand)):
            rest = list(hand)
            rest.remove(card)
            after = self.value(seat, player, rest, played, seat.north, goal)
            options.append((after, {"player": player, "type": "discard", "card": card}))
        if seat.may("take_back"):
            for card in sorted(set(played)):
                kept = list(played)
                kept.remove(card)
                after = self.value(seat, player, hand, kept, seat.north, goal)
                options.append((after - 0.5, {"player": player, "type": "take_back", "card": card}))
        return max(options, key=lambda o: o[0])[1]

    # ----- the deals window ---------------------------------------------------------------
    def _deal(self, seat: SeatView, player: int) -> Action:
        prop = seat.view["proposal"]
        if prop is not None:
            return self._answer(seat, player, prop)
        if self.level != "easy":
            offer = self._offer(seat, player)
            if offer is not None:
                return offer
        return {"player": player, "type": "no_deal"}

    def _icon_points(self, seat: SeatView, player: int, icon: str, mate: int | None) -> float:
        links = seat.open_links()
        mine = seat.icon_regions(player, icon)
        if mate is None:
            return float(network_score(mine, links))
        return network_score(mine + seat.icon_regions(mate, icon), links) / 2

    def _answer(self, seat: SeatView, player: int, prop: dict[str, Any]) -> Action:
        accept: Action = {"player": player, "type": "accept"}
        decline: Action = {"player": player, "type": "decline"}
        if self.level == "easy":
            return accept if self.rng.random() < 0.5 else decline
        if prop["kind"] == "partnership":
            icon = prop["icon"]
            alone = self._icon_points(seat, player, icon, None)
            joint = self._icon_points(seat, player, icon, prop["from"])
            return accept if joint > alone else decline
        goal = self.goal_icon(seat, player)
        hand, played = seat.hand, seat.played(player)
        now = self.value(seat, player, hand, played, seat.north, goal)
        give_in = prop["give"]
        on_map = give_in in seat.played(prop["from"])
        choices = [prop["take"]] if prop["take"] is not None else sorted(set(hand) | set(played))
        best, best_after = decline, now
        for mine in choices:
            # A city from the map may come under this bot's token or into its hand.
            for into in (MAP, HAND) if on_map else (MAP,):
                answer = dict(accept)
                if prop["take"] is None:
                    answer["card"] = mine
                if into == HAND:
                    answer["into"] = HAND
                if not seat.is_legal(answer):
                    continue
                new_hand, new_played = list(hand), list(played)
                (new_played if mine in new_played else new_hand).remove(mine)
                (new_played if on_map and into == MAP else new_hand).append(give_in)
                after = self.value(seat, player, new_hand, new_played, seat.north, goal)
                if after > best_after:
                    best, best_after = answer, after
        return best

    def _offer(self, seat: SeatView, player: int) -> Action | None:
        goal = self.goal_icon(seat, player)
        parties = [q for q in seat.view["deal_parties"] if q != player]
        if seat.partner(player, goal) is None:
            alone = self._icon_points(seat, player, goal, None)
            for other in parties:
                if seat.partner(other, goal) is not None:
                    continue
                joint = self._icon_points(seat, player, goal, other)
                if joint > alone + 1 and joint > self._icon_points(seat, other, goal, None):
                    return {
                        "player": player,
                        "type": "propose_partnership",
                        "to": other,
                        "icon": goal,
                    }
        if self.level != "hard":
            return None
        cards = seat.cards
        mine = set(seat.icon_regions(player, goal))
        spare = [c for c in seat.hand if not cards[c].is_linking and cards[c].icon != goal]
        if not spare:
            return None
        for other in parties:
            for card in sorted(set(seat.played(other))):
                info = cards[card]
                if info.icon == goal and info.region not in mine:
                    action = {
                        "player": player,
                        "type": "propose_trade",
                        "to": other,
                        "give": self.rng.choice(spare),
                        "take": card,
                    }
                    # On the map under its token if it can; else into its hand, to play later.
                    for option in (action, {**action, "into": HAND}):
                        if seat.is_legal(option):
                            return option
        return None


def make_bot(level: str = "medium", seed: int | None = None) -> GlobeWorksBot:
    """The factory ``bots_for`` expects."""
    return GlobeWorksBot(level, seed)


def simulate(levels: list[str], seed: int, rounds: int | None = None) -> GlobeWorks:
    """Play a whole game between bots of ``levels`` (3 to 5 seats) and return it."""
    names = [f"{level.title()} {i + 1}" for i, level in enumerate(levels)]
    table = Table.of(*names, bots=dict(zip(names, levels, strict=True)))
    options = {} if rounds is None else {"rounds": rounds}
    game = GlobeWorks(table, seed=seed, **options)
    bots = {i: GlobeWorksBot(level, seed * 10 + i) for i, level in enumerate(levels)}
    play_bots(game, bots, max_moves=200_000)
    return game


__all__ = ["TURNS_BEFORE_DEALS", "GlobeWorksBot", "SeatView", "make_bot", "simulate"]
