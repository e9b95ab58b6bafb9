"""Race to Ten: a toy game on the kit, used to test the kit itself.

Each round has a simultaneous "bid" (everyone puts a card face down; the highest card starts the
race, ties go to the seat nearest clockwise from the table's first), then a "race" where each
seat in turn rolls the d6 or plays a card from its hidden hand to move forward. Played cards go
to the back of the deck; bids go to the discard pile, which is reshuffled when the deck runs out.
First to 10 wins.
"""

from __future__ import annotations

from typing import Any, ClassVar

from geoteach.games.base import Action, Game, IllegalAction
from geoteach.games.deck import Deck
from geoteach.games.dice import roll
from geoteach.games.scoreboard import Scoreboard

CARDS = [f"{value}{suit}" for value in "123" for suit in "abcdef"]
GOAL = 10
HAND = 2


def value(card: str) -> int:
    return int(card[0])


class RaceToTen(Game):
    name: ClassVar[str] = "race_to_ten"

    def setup(self) -> None:
        n = len(self.table.seats)
        self.deck = Deck.shuffled(CARDS, self.rng)
        self.hands = self.deck.deal(n, HAND)
        self.pos = [0] * n
        self.bids: list[str | None] = [None] * n
        self.stage = "bid"
        self.turn = self.table.first
        self.starter = self.table.first
        self.moved = 0
        self.round = 1
        self.board = Scoreboard(n)

    @property
    def phase(self) -> str:
        return self.stage

    def to_act(self) -> list[int]:
        if self.stage == "bid":
            return [s for s in range(len(self.pos)) if self.bids[s] is None]
        if self.stage == "race":
            return [self.turn]
        return []

    def legal_actions(self, player: int | None = None) -> list[Action]:
        if player is None:
            acting = self.to_act()
            player = acting[0] if acting else None
        if player not in self.to_act():
            return []
        if self.stage == "bid":
            return [{"player": player, "type": "bid", "card": c} for c in self.hands[player]]
        plays = [{"player": player, "type": "play", "card": c} for c in self.hands[player]]
        return [{"player": player, "type": "roll"}, *plays]

    def _check(self, action: Action) -> None:
        if self.stage == "bid" and action["type"] != "bid":
            raise IllegalAction("Everyone first puts a card face down.")
        super()._check(action)

    def _apply(self, action: Action) -> None:
        seat = action["player"]
        if action["type"] == "bid":
            self.hands[seat].remove(action["card"])
            self.bids[seat] = action["card"]
            if all(b is not None for b in self.bids):
                self._reveal()
            return
        if action["type"] == "roll":
            step = roll(self.rng)
        else:
            card = action["card"]
            self.hands[seat].remove(card)
            self.deck.to_bottom(card)
            self.hands[seat].append(self.deck.draw())
            step = value(card)
        self.pos[seat] += step
        self.board.add(seat, step, why=action["type"], round=self.round)
        if self.pos[seat] >= GOAL:
            self.stage = "over"
            return
        self.moved += 1
        if self.moved == len(self.pos):
            self.round += 1
            self.stage = "bid"
        else:
            self.turn = self.table.next_seat(self.turn)

    def _reveal(self) -> None:
        order = self.table.clockwise_from(self.starter)
        best = max(order, key=lambda s: value(self.bids[s] or "0"))
        self.deck.discard(*[b for b in self.bids if b is not None])
        self.bids = [None] * len(self.pos)
        for hand in self.hands:
            hand.append(self.deck.draw_or_reshuffle(self.rng))
        self.turn = best
        self.moved = 0
        self.stage = "race"

    def is_terminal(self) -> bool:
        return self.stage == "over"

    def scores(self) -> list[float]:
        return [float(p) for p in self.pos]

    def view(self, player: int | None) -> dict[str, Any]:
        return {
            "phase": self.stage,
            "positions": list(self.pos),
            "hand": list(self.hands[player]) if player is not None else None,
            "hand_sizes": [len(h) for h in self.hands],
            "bid_made": [b is not None for b in self.bids],
            "deck_size": len(self.deck),
            "discards": list(self.deck.discards),
        }

    def _get_state(self) -> dict[str, Any]:
        return {
            "deck": self.deck.to_dict(),
            "hands": self.hands,
            "pos": self.pos,
            "bids": self.bids,
            "stage": self.stage,
            "turn": self.turn,
            "starter": self.starter,
            "moved": self.moved,
            "round": self.round,
            "board": self.board.to_dict(),
        }

    def _set_state(self, state: dict[str, Any]) -> None:
        self.deck = Deck.from_dict(state["deck"])
        self.hands = [list(h) for h in state["hands"]]
        self.pos = list(state["pos"])
        self.bids = list(state["bids"])
        self.stage = state["stage"]
        self.turn = state["turn"]
        self.starter = state["starter"]
        self.moved = state["moved"]
        self.round = state["round"]
        self.board = Scoreboard.from_dict(state["board"])

    def cards_everywhere(self) -> list[list[str]]:
        """Every place a card can be, for check_conservation."""
        return [self.deck.all_cards(), *self.hands, [b for b in self.bids if b is not None]]


class FlakyRace(RaceToTen):
    """Race to Ten whose moves may fail half-way, after changing the state (rollback tests)."""

    name: ClassVar[str] = "flaky_race"

    def _apply(self, action: Action) -> None:
        super()._apply(action)
        if getattr(self, "fail_next", False):
            raise RuntimeError("the table was knocked over")
