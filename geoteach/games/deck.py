"""Card piles as the rulebooks use them: draw from the top, used cards to the back, discards.

A ``Deck`` holds card ids (strings) only, so it is JSON-able as it is. Shuffles take the game's
seeded generator, so a replay deals the same cards.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import overload


class DeckEmpty(IndexError):
    """Raised when a pile has no card left to draw."""


@dataclass
class Deck:
    """A draw pile (index 0 is the top) and its discard pile."""

    cards: list[str] = field(default_factory=list)
    discards: list[str] = field(default_factory=list)

    @classmethod
    def shuffled(cls, cards: Iterable[str], rng: random.Random) -> Deck:
        deck = cls(list(cards))
        deck.shuffle(rng)
        return deck

    def __len__(self) -> int:
        return len(self.cards)

    def shuffle(self, rng: random.Random) -> None:
        rng.shuffle(self.cards)

    def top(self) -> str:
        if not self.cards:
            raise DeckEmpty("The draw pile is empty.")
        return self.cards[0]

    @overload
    def draw(self, n: None = None) -> str: ...
    @overload
    def draw(self, n: int) -> list[str]: ...
    def draw(self, n: int | None = None) -> str | list[str]:
        """Take the top card (or a list of the top ``n``)."""
        if n is None:
            card = self.top()
            del self.cards[0]
            return card
        if n < 0:
            raise ValueError(f"Cannot draw {n} cards.")
        if n > len(self.cards):
            raise DeckEmpty(f"Only {len(self.cards)} cards are left; {n} are needed.")
        hand, self.cards = self.cards[:n], self.cards[n:]
        return hand

    def draw_or_reshuffle(self, rng: random.Random) -> str:
        """Take the top card; if the pile is empty, first shuffle the discards back in."""
        if not self.cards:
            self.reshuffle_discards(rng)
        return self.draw()

    def deal(self, hands: int, each: int) -> list[list[str]]:
        """Deal ``each`` cards to ``hands`` players one at a time, as a dealer does.

        Hand 0 is the player to the dealer's left; the caller maps hands to seats.
        """
        if hands < 1 or each < 0:
            raise ValueError(f"Cannot deal {each} cards to {hands} players.")
        if hands * each > len(self.cards):
            raise DeckEmpty(
                f"Only {len(self.cards)} cards are left; {hands * each} are needed to deal."
            )
        dealt = self.draw(hands * each)
        return [dealt[i::hands] for i in range(hands)]

    def gather(self, rng: random.Random, *returned: Iterable[str]) -> None:
        """Put the discards and the ``returned`` cards back and shuffle everything.

        GeoTriple: "Shuffle each deck after every round".
        """
        for cards in returned:
            self.cards.extend(cards)
        self.cards.extend(self.discards)
        self.discards = []
        rng.shuffle(self.cards)

    def all_cards(self) -> list[str]:
        """Draw pile then discards: for ``check_conservation``."""
        return self.cards + self.discards

    def to_bottom(self, *cards: str) -> None:
        """Return used cards to the back of the deck, as the trivia and challenge decks do."""
        self.cards.extend(cards)

    def discard(self, *cards: str) -> None:
        self.discards.extend(cards)

    def take_discard(self) -> str:
        """Take the top of the discard pile (the last card discarded)."""
        if not self.discards:
            raise DeckEmpty("The discard pile is empty.")
        return self.discards.pop()

    def reshuffle_discards(self, rng: random.Random) -> None:
        """Shuffle the discard pile back under the draw pile (when the draw pile runs out)."""
        pile = self.discards
        self.discards = []
        rng.shuffle(pile)
        self.cards.extend(pile)

    def to_dict(self) -> dict[str, list[str]]:
        return {"cards": list(self.cards), "discards": list(self.discards)}

    @classmethod
    def from_dict(cls, data: dict[str, list[str]]) -> Deck:
        return cls(list(data["cards"]), list(data.get("discards", [])))


def check_conservation(expected: Iterable[str], *places: Iterable[str] | Deck) -> None:
    """Raise ``AssertionError`` unless the cards in ``places`` are exactly ``expected``.

    A ``Deck`` in ``places`` counts its draw pile and its discards.

    Every game calls this in its tests: no card may be lost or duplicated between draw pile,
    discards, hands and the table.
    """
    want = Counter(expected)
    have: Counter[str] = Counter()
    for place in places:
        have.update(place.all_cards() if isinstance(place, Deck) else place)
    if want != have:
        lost = want - have
        extra = have - want
        raise AssertionError(
            f"cards lost: {sorted(lost.elements())}; extra: {sorted(extra.elements())}"
        )
