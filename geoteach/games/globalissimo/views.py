"""What a Globalissimo screen draws from: the shape of ``Globalissimo.view`` and its parts.

Every seat sees the same view (the numbers lie face up on the cards); the answer of the hurdle
now faced is in none (see ``Globalissimo.card_back``). A class game's wire carries the view as
it is (``geoteach.classroom.wire.Position``).
"""

from __future__ import annotations

from typing import Any, Literal, NotRequired, TypedDict

from geoteach.games.globalissimo.track import Hurdle


class Guess(TypedDict):
    """A country ranked in a round; ``place``, ``points`` and ``moved`` once it is revealed."""

    player: int
    country: str
    rank: int
    place: NotRequired[int]
    points: NotRequired[int]
    moved: NotRequired[int]


class HurdleAnswer(TypedDict):
    """A hurdle answered, as the round keeps it. ``answer`` is what was typed or clicked (a map
    number, a country's code, a capital) or the teacher's mark in honor mode."""

    player: int
    space: int
    kind: Literal["A", "B"]
    country: str
    answer: str | int
    correct: bool
    canonical: str
    message: str


class HurdleAnswerView(HurdleAnswer):
    """A hurdle answer with what a screen needs to say it (see ``Globalissimo.view``)."""

    name: str
    number: int | None
    region: str | None
    picked: str | None
    picked_name: str | None
    picked_number: int | None
    accepted: str
    marked: bool


class RoundView(TypedDict):
    """A round as the table shows it; ``values``, ``years`` (each value's own) and ``places``
    once the cards are turned over.

    ``category_card`` is the category's row of the atlas (label, unit, year, source, ``rank1``:
    which end is number 1, description), as ``Atlas.categories`` reads it from the data."""

    number: int
    checkered_flag: int
    category: str
    category_card: dict[str, Any]
    countries: list[str]
    names: dict[str, str]
    revealed: bool
    guesses: list[Guess]
    hurdles: list[HurdleAnswerView]
    values: NotRequired[dict[str, float]]
    years: NotRequired[dict[str, int]]
    places: NotRequired[dict[str, int]]


class HurdleNow(TypedDict):
    """The hurdle a runner faces now: who answers, where, which kind, the card, the task."""

    player: int
    space: int
    kind: Literal["A", "B"]
    country: str
    name: str
    task: str
    remaining: int


class SheetRow(TypedDict):
    """One line of the score sheet: the steps each seat's runner moved in a finished round."""

    number: int
    steps: list[int]


class GlobalissimoView(TypedDict):
    """``Globalissimo.view``: everything on the table, the same for every seat."""

    player: int | None
    phase: str
    rounds: int
    round: RoundView
    to_act: list[int]
    n_ranks: int
    remaining_countries: list[str]
    positions: list[float]
    hurdles_taken: list[float]
    track: list[Hurdle]
    track_length: int
    hurdle: HurdleNow | None
    honor: bool
    last_round: RoundView | None
    last_hurdle: HurdleAnswerView | None
    score_sheet: list[SheetRow]
    winners: list[int]


# ----- moves, once ``check`` has passed them (``Globalissimo.move_fields``) ------------------
class RankMove(TypedDict):
    """Putting a number (1 to the round's count) on a country card."""

    player: int
    type: Literal["rank"]
    country: str
    rank: int


class HurdleAnswerMove(TypedDict):
    """An answer at a hurdle: A, the map number (typed text or a whole number) or a country's
    code (a click on the map); B, the capital typed."""

    player: int
    type: Literal["answer"]
    answer: str | int


class MarkMove(TypedDict):
    """The teacher's mark of an answer said out loud (honor mode)."""

    player: int
    type: Literal["mark"]
    verdict: Literal["right", "wrong"]


#: Every move of the game (``tests/kit/test_kit_view_shapes.py`` holds them to ``move_fields``).
MOVES = (RankMove, HurdleAnswerMove, MarkMove)
