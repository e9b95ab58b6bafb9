"""What a Globe Works screen draws from: the shape of ``GlobeWorks.view`` and its parts."""

from __future__ import annotations

from typing import Literal, NotRequired, TypedDict

#: A seat's networks on the map: per icon, its networks, each a list of city card ids.
Networks = dict[str, list[list[str]]]


class Partnership(TypedDict):
    """Two players sharing an icon's networks for the round."""

    icon: str
    players: list[int]


#: The open offer of a deals window, ``from`` one player ``to`` another: a trade (``give``;
#: ``take`` None lets the other choose; ``into``: where a named played city goes) or a
#: partnership (``icon``). The functional form, since ``from`` is a Python keyword.
Proposal = TypedDict(
    "Proposal",
    {
        "kind": Literal["trade", "partnership"],
        "from": int,
        "to": int,
        "give": str | None,
        "take": str | None,
        "icon": str | None,
        "into": str | None,
    },
)


class RoundRecord(TypedDict):
    """A scored round, hands shown; ``networks`` (each seat's, on that round's final map) in a
    view only."""

    round: int
    dealer: int
    scores: list[float]
    cards_down: list[float]
    pairs: list[list[list[str]]]
    pair_penalties: list[int]
    called_by: int | None
    played: list[list[str]]
    north: list[str]
    hands: list[list[str]]
    partnerships: list[Partnership]
    networks: NotRequired[list[Networks]]


class GlobeWorksView(TypedDict):
    """``GlobeWorks.view``: the table as a seat sees it, its own hand only.

    ``why_not_playable``: each card of the viewer's hand and why it cannot be played now (None
    when it can); ``round_scores``: points of the cards down; ``live_scores``: totals plus
    those."""

    player: int | None
    phase: str
    round: int
    rounds: int
    final_round: bool
    dealer: int
    current: int
    step: str
    to_act: list[int]
    hand: list[str]
    playable: list[str]
    why_not_playable: dict[str, str | None]
    drawn: str | None
    hand_sizes: list[int]
    played: list[list[str]]
    tokens_left: list[int]
    north: list[str]
    open_colours: list[str]
    draw_pile: int
    discard_top: str | None
    discard_pile: int
    turns: list[int]
    deals_allowed: bool
    called_by: int | None
    after_call: list[int]
    partnerships: list[Partnership]
    proposal: Proposal | None
    deal_parties: list[int]
    totals: list[float]
    round_scores: list[float]
    my_pairs: list[list[str]]
    networks: list[Networks]
    live_scores: list[float]
    history: list[RoundRecord]
    winners: list[int]


# ----- moves, once ``check`` has passed them (``GlobeWorks.move_fields``) --------------------
class CardMove(TypedDict):
    """Playing a city card, discarding one, or taking one back from the map."""

    player: int
    type: Literal["play", "discard", "take_back"]
    card: str


class DrawMove(TypedDict):
    player: int
    type: Literal["draw"]
    source: Literal["draw", "discard"]


class TradeMove(TypedDict):
    """Offering a card for one the other has played (``take`` None: they choose); ``into``:
    where a named played city goes, ``"map"`` (default) or ``"hand"``."""

    player: int
    type: Literal["propose_trade"]
    to: int
    give: str
    take: str | None
    into: NotRequired[Literal["map", "hand"]]


class PartnershipMove(TypedDict):
    player: int
    type: Literal["propose_partnership"]
    to: int
    icon: str


class AcceptMove(TypedDict):
    """Accepting the open offer: the card given, when the offer lets the other choose."""

    player: int
    type: Literal["accept"]
    card: NotRequired[str]
    into: NotRequired[Literal["map", "hand"]]


class PlainMove(TypedDict):
    """A move with nothing but its kind."""

    player: int
    type: Literal["call_end", "pass", "no_deal", "decline"]


#: Every move of the game (``tests/kit/test_kit_view_shapes.py`` holds them to ``move_fields``).
MOVES = (CardMove, DrawMove, TradeMove, PartnershipMove, AcceptMove, PlainMove)
