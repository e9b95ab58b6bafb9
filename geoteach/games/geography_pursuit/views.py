"""What a Geography Pursuit screen draws from: the shape of ``GeographyPursuit.view``.

A question card in its ``Question.to_dict`` form (``geoteach.quiz.question``) stays a plain
dict here: its fields are the quiz's, read by the quiz.
"""

from __future__ import annotations

from typing import Any, Literal, NotRequired, TypedDict

from geoteach.games.answer_moves import AnswerMove
from geoteach.games.base import NewsLine


class Media(TypedDict, total=False):
    """What to show with a prompt: a flag, places to light up (none: an empty dict)."""

    flag: str | None
    highlight: list[str]


class QuestionShown(TypedDict):
    """The card being asked; ``answer`` and the whole ``card`` only in the reader's view."""

    category: int
    final: bool
    prompt: str
    level: int
    choices: list[str]
    media: Media
    answer: NotRequired[str]
    card: NotRequired[dict[str, Any]]


class LastAnswer(TypedDict):
    """The answer given last and its verdict; the answer and the card only if the table reads
    answers out (``reveal_answer``)."""

    seat: int
    category: int
    correct: bool
    given: str | None
    answer: str | None
    explanation: str
    message: str
    card: dict[str, Any] | None


class HouseRules(TypedDict):
    """The set-up's house rules a screen says (see ``GeographyPursuit``)."""

    precision: str
    time_limit: int | float | None
    reveal_answer: bool
    consultation: bool


class GeographyPursuitView(TypedDict):
    """``GeographyPursuit.view``: the whole table but the answer of the card being asked.

    ``record`` is, per seat and category, ``[right, asked]``; ``votes`` the category each seat
    chose for the player in the hub (while voting)."""

    phase: str
    player: int
    to_act: list[int]
    roll: int | None
    destinations: list[str]
    positions: list[str]
    wedges: list[list[int]]
    categories: list[str]
    question: QuestionShown | None
    votes: list[int | None]
    record: list[list[list[int]]]
    must_leave: list[bool]
    turns: list[int]
    turn: int
    winners: list[int]
    tie_chance: list[int]
    last: LastAnswer | None
    news: list[NewsLine | str]
    house_rules: HouseRules


# ----- moves, once ``check`` has passed them (``GeographyPursuit.move_fields``; an ``answer``
# is ``geoteach.games.answer_moves.AnswerMove``) ----------------------------------------------
class RollMove(TypedDict):
    player: int
    type: Literal["roll"]


class MoveMove(TypedDict):
    """Moving the token to a space (its id) the roll reaches."""

    player: int
    type: Literal["move"]
    to: str


class CategoryMove(TypedDict):
    """Choosing a category in the hub (``choose``), or voting for the player there (``vote``)."""

    player: int
    type: Literal["choose", "vote"]
    category: str


#: Every move of the game (``tests/kit/test_kit_view_shapes.py`` holds them to ``move_fields``).
MOVES = (RollMove, MoveMove, CategoryMove, AnswerMove)
