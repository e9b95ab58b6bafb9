"""What a Global Pursuit screen draws from: the shape of ``GlobalPursuit.view`` and its parts.

A trivia question in its ``Question.to_dict`` form (``geoteach.quiz.question``) stays a plain
dict here: its fields are the quiz's, read by the quiz.
"""

from __future__ import annotations

from typing import Any, Literal, NotRequired, TypedDict

from geoteach.games.answer_moves import AnswerMove
from geoteach.games.base import NewsLine
from geoteach.games.global_pursuit.layout import LaidCard


class RoundShown(TypedDict):
    """The round: its number, who began it, whether a card was matched in it yet."""

    number: int
    first: int
    matched: bool


class PendingMatch(TypedDict):
    """A card just laid, open to a challenge: where (``[card index, edge]``), turned which way,
    and the seats that accepted it."""

    card: str
    at: list[int]
    card_edge: int
    accepted: list[int]


class TriviaShown(TypedDict):
    """The trivia card being asked: its deck, symbol, die, level; ``question`` once a level is
    chosen, without its answer for the player answering and a spectator."""

    deck: str
    symbol: str | None
    die: int | None
    level: int | None
    wild: bool
    deck_name: str
    question: NotRequired[dict[str, Any]]


class ChallengeVerdict(TypedDict):
    """The last challenge: ``right`` (the card did not match, and ``why``) or ``wrong``."""

    challenge: Literal["right", "wrong"]
    by: int
    why: list[str]
    #: ``why`` as English sentences and values (a card by its id), for each page to word.
    reasons: NotRequired[list[dict[str, Any]]]


class AnswerVerdict(TypedDict):
    """The last trivia answer as judged, with the whole question (``card``)."""

    question: str
    answer: str
    explanation: str
    given: str | None
    correct: bool
    message: str
    wild: bool
    card: dict[str, Any]


class LeftInHand(TypedDict):
    """A hand that still held cards when the game ended, and the points they cost."""

    seat: int
    cards: int
    points: int


class GlobalPursuitView(TypedDict):
    """``GlobalPursuit.view``: the table, the open edges, the viewer's own hand, the question.

    ``open_edges`` are ``[card index, edge]`` pairs; ``first_rolls`` the rolls for who starts,
    ``[[seat, roll], ...]`` per roll; ``tokens`` each seat's points as the banker's tokens."""

    player: int | None
    phase: str
    turn_of: int
    to_act: list[int]
    round: RoundShown
    maps: str
    honor: bool
    matching_only: bool
    table: list[LaidCard]
    bounds: tuple[float, float, float, float] | None
    open_edges: list[list[int]]
    hand: list[str]
    hand_sizes: list[int]
    draw_pile: int
    pending: PendingMatch | None
    trivia: TriviaShown | None
    fixed_level: int | None
    scores: list[float]
    tokens: list[dict[str, int]]
    last: ChallengeVerdict | AnswerVerdict | None
    news: list[NewsLine | str]
    ended: str | None
    left_in_hand: list[LeftInHand]
    first_rolls: list[list[list[int]]]
    played: int
    winners: list[int]


# ----- moves, once ``check`` has passed them (``GlobalPursuit.move_fields``; an ``answer`` is
# ``geoteach.games.answer_moves.AnswerMove``). ``seconds``: how long the move took. ----------
class PlaceMove(TypedDict):
    """Laying a map card from the hand against an open edge (``at``: ``[card index, edge]``),
    touching with its edge ``card_edge``."""

    player: int
    type: Literal["place"]
    card: str
    at: list[int]
    card_edge: int
    seconds: NotRequired[float]


class LevelMove(TypedDict):
    """Choosing the trivia level (``level``), or the level of a WILD CARD question (``wild``)."""

    player: int
    type: Literal["level", "wild"]
    level: int
    seconds: NotRequired[float]


class ReturnMove(TypedDict):
    """Giving a card back from the hand (the beginning cards' rule)."""

    player: int
    type: Literal["return"]
    card: str
    seconds: NotRequired[float]


class PlainMove(TypedDict):
    """A move with nothing but its kind (and the time it took)."""

    player: int
    type: Literal["pass", "time_up", "challenge", "accept", "roll", "no_wild"]
    seconds: NotRequired[float]


#: Every move of the game (``tests/kit/test_kit_view_shapes.py`` holds them to ``move_fields``).
MOVES = (PlaceMove, LevelMove, ReturnMove, PlainMove, AnswerMove)
