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

A bot uses only what its seat may know: its own hand, the cards down, the top of the discard
pile and the pile sizes. It calls the end of a round (at the start of its turn) when it leads
by the scores of the cards down plus the pairs in its own hand; the others' hands are secret.
A city it gets in a trade goes under its token, or into its hand when that is worth more or
it has no token free.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from geoteach.bots.base import Bot, play_bots
from geoteach.games.base import Action
from geoteach.games.globe_works.cards import ICONS
from geoteach.games.globe_works.engine import DEALS, HAND, MAP, TURNS_BEFORE_DEALS, GlobeWorks
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


class GlobeWorksBot(Bot):
    """Builds networks of the icon it holds most of."""

    def choose(self, game: GlobeWorks, player: int) -> Action:
        try:
            action = self._decide(game, player)
        except (ValueError, KeyError, IndexError):
            action = None
        if action is None or not game.is_legal(action):
            action = game.legal_actions(player)[0]
        return action

    # ----- valuing a position ----------------------------------------------------------------
    def goal_icon(self, game: GlobeWorks, player: int) -> str:
        """The icon this bot holds most of (ties: the one it has most cities down of)."""
        cards = game.cards
        held = Counter(cards[c].icon for c in game.hands[player] if not cards[c].is_linking)
        down = Counter(cards[c].icon for c in game.played[player])
        return max(ICONS, key=lambda i: (held[i] + down[i], down[i], -ICONS.index(i)))

    def value(
        self,
        game: GlobeWorks,
        player: int,
        hand: list[str],
        played: list[str],
        north: list[str],
        goal: str,
    ) -> float:
        """Points now, plus hopes for the goal icon, minus pairs left in hand."""
        cards = game.cards
        links = [cards[c].links for c in north]
        hoped_links = links + [cards[c].links for c in hand if cards[c].is_linking]
        total = 0.0
        for icon in ICONS:
            mine = [cards[c].region for c in played if cards[c].icon == icon]
            mate = game.partner(player, icon)
            if mate is None:
                now = float(network_score(mine, links))
            else:
                both = mine + game.icon_regions(mate, icon)
                now = network_score(both, links) / 2
            total += now
            if icon == goal:
                in_hand = [
                    cards[c].region
                    for c in hand
                    if not cards[c].is_linking and cards[c].icon == icon
                ]
                hope = network_score(set(mine) | set(in_hand), hoped_links)
                total += self.hope(game) * (hope - now)
        for icon in ICONS:
            held = [
                cards[c].region for c in hand if not cards[c].is_linking and cards[c].icon == icon
            ]
            if len(held) > 1:
                total += 0.5 * unplayed_pairs(held, links) * SCORE_TABLE[2]
        return total

    def hope(self, game: GlobeWorks) -> float:
        """Weight of the hopes: lower once the round's end is called or near."""
        ending = game.called_by is not None or (game.final_round and not game.pile.cards)
        return HOPE_AT_THE_END if ending else HOPE[self.level]

    # ----- a turn -------------------------------------------------------------------------------
    def _decide(self, game: GlobeWorks, player: int) -> Action | None:
        if game.phase == DEALS:
            return self._deal(game, player)
        if self.rng.random() < CARELESS[self.level]:
            return self.rng.choice(game.legal_actions(player))
        hand, played, north = list(game.hands[player]), list(game.played[player]), game.north
        goal = self.goal_icon(game, player)
        now = self.value(game, player, hand, played, north, goal)
        if game.step == "drawn":
            return self._discard(game, player, hand, played, goal)
        if self._should_call(game, player):
            return {"player": player, "type": "call_end"}
        best, best_gain = None, -1e-9
        for card in game.playable(player):
            rest = list(hand)
            rest.remove(card)
            if game.cards[card].is_linking:
                after = self.value(game, player, rest, played, [*north, card], goal)
            else:
                after = self.value(game, player, rest, [*played, card], north, goal)
            if self.level == "hard" and self._wastes_token(game, player, card, goal):
                continue
            if after - now > best_gain:
                best, best_gain = card, after - now
        if best is not None:
            return {"player": player, "type": "play", "card": best}
        top = game.pile.discards[-1] if game.pile.discards else None
        if top is not None and game.can_draw("discard"):
            after = self.value(game, player, [*hand, top], played, north, goal)
            if after > now:
                return {"player": player, "type": "draw", "source": "discard"}
        if game.can_draw("draw"):
            return {"player": player, "type": "draw", "source": "draw"}
        if game.can_draw("discard"):
            return {"player": player, "type": "draw", "source": "discard"}
        playable = game.playable(player)
        if playable:
            return {"player": player, "type": "play", "card": playable[0]}
        return {"player": player, "type": "pass"}

    def _wastes_token(self, game: GlobeWorks, player: int, card: str, goal: str) -> bool:
        """Hard bots keep tokens for their goal: an off-goal city would leave too few."""
        info = game.cards[card]
        if info.is_linking or info.icon == goal:
            return False
        goal_in_hand = {
            game.cards[c].region
            for c in game.hands[player]
            if not game.cards[c].is_linking and game.cards[c].icon == goal
        }
        return game.tokens_left(player) - 1 < len(goal_in_hand) + TOKEN_RESERVE

    def _should_call(self, game: GlobeWorks, player: int) -> bool:
        """Call when leading, by what this seat may see: everyone's cards down and the pairs
        in its own hand (the others' hands are secret)."""
        if not game.may_call_end(player):
            return False
        view = game.view(player)
        live = [t + r for t, r in zip(view["totals"], view["round_scores"], strict=True)]
        live[player] += len(view["my_pairs"]) * SCORE_TABLE[2]
        leads = live[player] >= max(live)
        return leads and live[player] > 0 and min(view["turns"]) >= CALL_AFTER[self.level]

    def _discard(
        self, game: GlobeWorks, player: int, hand: list[str], played: list[str], goal: str
    ) -> Action:
        options: list[tuple[float, Action]] = []
        for card in sorted(set(hand)):
            rest = list(hand)
            rest.remove(card)
            after = self.value(game, player, rest, played, game.north, goal)
            options.append((after, {"player": player, "type": "discard", "card": card}))
        if game.can_take_back():
            for card in sorted(set(played)):
                kept = list(played)
                kept.remove(card)
                after = self.value(game, player, hand, kept, game.north, goal)
                options.append((after - 0.5, {"player": player, "type": "take_back", "card": card}))
        return max(options, key=lambda o: o[0])[1]

    # ----- the deals window ---------------------------------------------------------------
    def _deal(self, game: GlobeWorks, player: int) -> Action:
        prop = game.window["proposal"] if game.window else None
        if prop is not None:
            return self._answer(game, player, prop)
        if self.level != "easy":
            offer = self._offer(game, player)
            if offer is not None:
                return offer
        return {"player": player, "type": "no_deal"}

    def _icon_points(self, game: GlobeWorks, player: int, icon: str, mate: int | None) -> float:
        links = game.open_links()
        mine = game.icon_regions(player, icon)
        if mate is None:
            return float(network_score(mine, links))
        return network_score(mine + game.icon_regions(mate, icon), links) / 2

    def _answer(self, game: GlobeWorks, player: int, prop: dict[str, Any]) -> Action:
        accept: Action = {"player": player, "type": "accept"}
        decline: Action = {"player": player, "type": "decline"}
        if self.level == "easy":
            return accept if self.rng.random() < 0.5 else decline
        if prop["kind"] == "partnership":
            icon = prop["icon"]
            alone = self._icon_points(game, player, icon, None)
            joint = self._icon_points(game, player, icon, prop["from"])
            return accept if joint > alone else decline
        goal = self.goal_icon(game, player)
        hand, played = list(game.hands[player]), list(game.played[player])
        now = self.value(game, player, hand, played, game.north, goal)
        give_in = prop["give"]
        on_map = give_in in game.played[prop["from"]]
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
                if not game.is_legal(answer):
                    continue
                new_hand, new_played = list(hand), list(played)
                (new_played if mine in new_played else new_hand).remove(mine)
                (new_played if on_map and into == MAP else new_hand).append(give_in)
                after = self.value(game, player, new_hand, new_played, game.north, goal)
                if after > best_after:
                    best, best_after = answer, after
        return best

    def _offer(self, game: GlobeWorks, player: int) -> Action | None:
        goal = self.goal_icon(game, player)
        parties = [q for q in game.window["eligible"] if q != player] if game.window else []
        if game.partner(player, goal) is None:
            alone = self._icon_points(game, player, goal, None)
            for other in parties:
                if game.partner(other, goal) is not None:
                    continue
                joint = self._icon_points(game, player, goal, other)
                if joint > alone + 1 and joint > self._icon_points(game, other, goal, None):
                    return {
                        "player": player,
                        "type": "propose_partnership",
                        "to": other,
                        "icon": goal,
                    }
        if self.level != "hard":
            return None
        cards = game.cards
        mine = set(game.icon_regions(player, goal))
        spare = [c for c in game.hands[player] if not cards[c].is_linking and cards[c].icon != goal]
        if not spare:
            return None
        for other in parties:
            for card in sorted(set(game.played[other])):
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
                        if game.is_legal(option):
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


__all__ = ["TURNS_BEFORE_DEALS", "GlobeWorksBot", "make_bot", "simulate"]
