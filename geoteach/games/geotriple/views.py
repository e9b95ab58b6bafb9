"""What a GeoTriple screen draws from: the shape of ``GeoTriple.view`` and its parts.

A player's own view holds their secret card and hands; the other's never (see
``GeoTriple.view``). Seats are 0 and 1.
"""

from __future__ import annotations

from typing import Literal, NotRequired, TypedDict


class StateCard(TypedDict):
    """A GeoPlunge card's public facts: its name, its three ranks, region, division and the
    states it borders (under the house border rule)."""

    name: str
    size: int
    statehood: int
    population: int
    region: str
    division: str
    neighbours: list[str]


class ChallengeShown(TypedDict):
    """The challenge card of Stage 1: its id and its question."""

    id: str
    ask: str


class Clue(TypedDict):
    """A clue a guesser heard: the challenge, the answer, the sentence."""

    challenge: str
    answer: str
    text: str


class Stage1View(TypedDict):
    """Stage 1 while guessing. ``taken``: guesses each guesser needed (None: not yet right);
    ``answers``: the card each player was guessing, once their guesses are over."""

    guesser: int
    holder: int
    my_card: str | None
    challenge: ChallengeShown
    waiting_for_clue: bool
    clue_choices: list[str]
    guesses: list[list[str]]
    clues: list[list[Clue]]
    taken: list[int | None]
    answers: list[str | None]


class HeldClaim(TypedDict):
    """The first racer's right claim, waiting for the other; its ``groups`` only in the view of
    the player who made it."""

    player: int
    seconds: float | None
    groups: NotRequired[list[list[str]]]


class RaceView(TypedDict):
    """Stage 2, the race for borders: the viewer's own hand, everyone's counts and state."""

    hand: list[str]
    hand_sizes: list[int]
    secret: list[str]
    wrong: list[int]
    out: list[bool]
    problem: str | None
    redeals: int
    in_turns: bool
    racer: int | None
    held: HeldClaim | None
    locked_until: list[float | None]


class Trick(TypedDict):
    """The trick being played in Stage 3: who led, the category, the card led."""

    leader: int
    category: str
    lead: str


class TrickWon(TypedDict):
    """A trick played out: who led, the category, the cards, who won it."""

    leader: int
    category: str
    cards: list[str]
    winner: int


class Stage3View(TypedDict):
    """Stage 3, the tricks: the viewer's own hand and discards, everyone's counts."""

    dealer: int
    hand: list[str]
    hand_sizes: list[int]
    discarded: list[str]
    has_discarded: list[bool]
    geoplunging: list[bool | None]
    leader: int
    trick: Trick | None
    tricks: list[TrickWon]
    won: list[int]


class Stage1Result(TypedDict):
    """Stage 1 finished: the secret cards, guesses needed, points, guesses and clues; the clue
    sentences (``clue_texts``) in a view."""

    secret: list[str]
    taken: list[int | None]
    points: list[int]
    guesses: list[list[str]]
    clues: list[list[list[str]]]
    clue_texts: NotRequired[list[list[str]]]


class RaceResult(TypedDict):
    """Stage 2 finished: the winner, both hands, each player's winning groups (None: none),
    wrong claims, redeals; the state of each group that borders the other two (``hubs``) in a
    view."""

    winner: int | None
    hands: list[list[str]]
    solutions: list[list[list[str]] | None]
    wrong: list[int]
    redeals: int
    hubs: NotRequired[list[list[str | None] | None]]


class Stage3Result(TypedDict):
    """Stage 3 finished: the winner, the points, tricks won, who GeoPlunged."""

    winner: int | None
    points: int
    won: list[int]
    geoplunging: list[bool | None]


class Results(TypedDict, total=False):
    """The stages finished this round (public)."""

    stage1: Stage1Result
    race: RaceResult
    stage3: Stage3Result


class HistoryRow(TypedDict):
    """A round played: its number, its dealer, the scores after it."""

    round: int
    dealer: int
    scores: list[float]


class GeoTripleView(TypedDict):
    """``GeoTriple.view``: the round, the scores and the public facts; ``stage1`` and
    ``possible`` while guessing, ``race`` in the race, ``stage3`` once Stage 3 is dealt."""

    game: str
    phase: str
    round: int
    dealer: int
    you: int | None
    scores: list[float]
    target: int
    results: Results
    history: list[HistoryRow]
    cards: dict[str, StateCard]
    population_year: int | None
    stage1: NotRequired[Stage1View]
    possible: NotRequired[list[str]]
    race: NotRequired[RaceView]
    stage3: NotRequired[Stage3View]


# ----- moves, once ``check`` has passed them (``GeoTriple.move_fields``) ---------------------
class ClueMove(TypedDict):
    player: int
    type: Literal["clue"]
    answer: str


class GuessMove(TypedDict):
    player: int
    type: Literal["guess"]
    state: str


class GeoplungeMove(TypedDict):
    """A claim of the race: three groups of three bordering states; ``seconds`` on the race
    clock when two people race one after the other."""

    player: int
    type: Literal["geoplunge"]
    groups: list[list[str]]
    seconds: NotRequired[float]


class DiscardMove(TypedDict):
    player: int
    type: Literal["discard"]
    cards: list[str]


class AnnounceMove(TypedDict):
    player: int
    type: Literal["announce"]
    geoplunging: bool


class LeadMove(TypedDict):
    player: int
    type: Literal["lead"]
    category: str
    card: str


class FollowMove(TypedDict):
    player: int
    type: Literal["follow"]
    card: str


class PlainMove(TypedDict):
    """A move with nothing but its kind: ``give_up``, ``time_up``, ``next_round``."""

    player: int
    type: Literal["give_up", "time_up", "next_round"]


#: Every move of the game (``tests/kit/test_kit_view_shapes.py`` holds them to ``move_fields``).
MOVES = (
    ClueMove,
    GuessMove,
    GeoplungeMove,
    DiscardMove,
    AnnounceMove,
    LeadMove,
    FollowMove,
    PlainMove,
)
