"""One trivia question, as plain data that every game can save, send and replay.

The fields follow the Global Pursuit trivia cards: three levels (Beginner, Intermediate,
Expert), a special symbol in the corner (ROLL, BONUS ROLL, WILD CARD), an answer with the
"information in parentheses" read aloud after it (``explanation``), and an optional flag to look
at before answering. Trivial Pursuit adds the category (its six colours); ours are free text.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from dataclasses import asdict, dataclass, field, fields
from functools import cache
from typing import Any, Literal

#: Level number -> the rulebook's name for it.
LEVELS: dict[int, str] = {1: "Beginner", 2: "Intermediate", 3: "Expert"}
#: Special symbols a card may carry in its upper right-hand corner.
SYMBOLS: tuple[str, ...] = ("ROLL", "BONUS ROLL", "WILD CARD")
#: How a typed answer is checked: free text, a number within a tolerance, or a place name.
KINDS: tuple[str, ...] = ("text", "number", "place")

Kind = Literal["text", "number", "place"]


@dataclass(frozen=True)
class Media:
    """What to show with the prompt: a flag to look at, places to light up on a map."""

    flag: str | None = None
    highlight: tuple[str, ...] = ()

    def __post_init__(self) -> None:
        object.__setattr__(self, "highlight", tuple(self.highlight))

    def __bool__(self) -> bool:
        return bool(self.flag or self.highlight)


def media_problems(media: Media | dict[str, Any]) -> list[tuple[str, str]]:
    """What would stop a card's media from being shown, as ``(field, message)`` pairs.

    A deck is checked with this when it is loaded, and a game's question bank when the game
    starts, so a flag geoteach does not have can never stop a game half-way through a turn.
    """
    from geoteach.data import find_country, find_state
    from geoteach.quiz.flags import flag_codes

    if isinstance(media, dict):
        media = Media(**media)
    country_names, state_names = _place_names()
    problems: list[tuple[str, str]] = []
    flag = str(media.flag or "").strip()
    if flag and flag.upper() not in flag_codes():
        flags = {code: country_names.get(code, code) for code in flag_codes()}
        hint = _code_hint(flag, find_country, flags)
        problems.append(
            (
                "flag",
                f"geoteach has no flag for {flag!r}; "
                + (hint or "write the 3-letter code of a country, like FRA for France"),
            )
        )
    for code in media.highlight:
        code = str(code).strip()
        if code.upper() in country_names or code.upper() in state_names:
            continue
        hint = _code_hint(code, find_country, country_names) or _code_hint(
            code, find_state, state_names
        )
        problems.append(
            (
                "highlight",
                f"{code!r} is neither a country code (like PER) nor a U.S. state code (like OH)"
                + (f"; {hint}" if hint else ""),
            )
        )
    return problems


@cache
def _place_names() -> tuple[dict[str, str], dict[str, str]]:
    """Country names by iso3 and state names by USPS code (read once: decks check every row)."""
    from geoteach.data.figures import country_rows
    from geoteach.data.rows import state_rows  # no pandas (issue 24)

    return (
        {code: str(row["name"]) for code, row in country_rows().items()},
        {code: str(row["name"]) for code, row in state_rows().items()},
    )


def _code_hint(text: str, find: Callable[[str], str], names: Mapping[str, str]) -> str:
    """ "write FRA (France)" when ``text`` names a place of ``names`` in another way."""
    try:
        code = find(text)
    except LookupError:
        return ""
    return f"write {code} ({names[code]})" if code in names else ""


@dataclass(frozen=True)
class Question:
    """A trivia card side: a prompt, the answer and everything needed to judge and explain it.

    ``aliases`` are other answers that count as right (``"Ivory Coast"``); ``choices`` are the
    options shown in multiple-choice mode (the answer among them); ``tolerance`` is how far a
    ``"number"`` answer may be off and still count. ``difficulty`` (0-1, generated questions
    only) is the estimated chance that a player gets it wrong, from which the level was graded
    (see ``geoteach.quiz.generators``).
    """

    category: str
    level: int
    prompt: str
    answer: str
    aliases: tuple[str, ...] = ()
    choices: tuple[str, ...] = ()
    media: Media = field(default_factory=Media)
    explanation: str = ""
    symbol: str | None = None
    source: str = ""
    kind: Kind = "text"
    tolerance: float = 0.0
    id: str = ""
    difficulty: float | None = None

    def __post_init__(self) -> None:
        if self.level not in LEVELS:
            raise ValueError(f"A question's level must be 1, 2 or 3, not {self.level!r}.")
        if self.symbol is not None and self.symbol not in SYMBOLS:
            raise ValueError(
                f"Special symbol must be one of {', '.join(SYMBOLS)}, not {self.symbol!r}."
            )
        if self.kind not in KINDS:
            raise ValueError(f"Answer kind must be one of {', '.join(KINDS)}, not {self.kind!r}.")
        if not str(self.prompt).strip() or not str(self.answer).strip():
            raise ValueError("A question needs both a prompt and an answer.")
        if self.tolerance < 0:
            raise ValueError("A number answer's tolerance cannot be below zero.")
        if self.difficulty is not None and not 0 <= self.difficulty <= 1:
            raise ValueError(f"A question's difficulty must be 0 to 1, not {self.difficulty!r}.")
        if self.choices and self.answer not in self.choices:
            raise ValueError(f"The choices must include the answer {self.answer!r}.")
        object.__setattr__(self, "aliases", tuple(self.aliases))
        object.__setattr__(self, "choices", tuple(self.choices))
        if isinstance(self.media, dict):
            object.__setattr__(self, "media", Media(**self.media))

    @property
    def level_name(self) -> str:
        """ "Beginner", "Intermediate" or "Expert"."""
        return LEVELS[self.level]

    @property
    def accepted(self) -> tuple[str, ...]:
        """The canonical answer first, then every alias."""
        return (self.answer, *self.aliases)

    def to_dict(self) -> dict[str, Any]:
        """Plain JSON-able data (lists, not tuples), for saved games."""
        data = asdict(self)
        data["aliases"] = list(self.aliases)
        data["choices"] = list(self.choices)
        data["media"] = {"flag": self.media.flag, "highlight": list(self.media.highlight)}
        return data

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Question:
        """Rebuild a question saved by ``to_dict``; unknown keys are refused."""
        known = {f.name for f in fields(cls)}
        unknown = set(data) - known
        if unknown:
            raise ValueError(f"Unknown question fields: {', '.join(sorted(unknown))}.")
        data = dict(data)
        data["media"] = Media(**data.get("media", {}))
        return cls(**data)


def card_problems(card: Any) -> list[str]:
    """Why the question ``card`` (``Question.to_dict`` form) could not be asked; [] if it can.

    Games that take a bank of question dicts check every card with this when they start, so a
    card that cannot be shown never stops a game after a move has been made.
    """
    try:
        question = Question.from_dict(card)
    except (ValueError, TypeError, KeyError, AttributeError) as error:
        return [str(error) or type(error).__name__]
    return [f"{field}: {message}" for field, message in media_problems(question.media)]


_LISTED = 10  # problems named in a ``check_cards`` error; the rest are counted


def check_cards(cards: Iterable[Any], game: str) -> None:
    """Raise a ``ValueError`` naming every card of ``cards`` that ``game`` could not ask."""
    problems = []
    for card in cards:
        card_id = card.get("id", "?") if isinstance(card, dict) else "?"
        problems += [f"question {card_id!r}: {problem}" for problem in card_problems(card)]
    if problems:
        shown = problems[:_LISTED]
        if len(problems) > _LISTED:
            shown.append(f"... and {len(problems) - _LISTED} more")
        raise ValueError(
            f"{game} cannot start: {len(problems)} question(s) could not be asked. Fix their "
            "deck and start again.\n" + "\n".join(shown)
        )
