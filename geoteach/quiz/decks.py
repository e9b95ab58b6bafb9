"""Question decks: curated CSV files a curriculum author writes without Python.

The schema is documented in data/decks/README.md. Loading checks the file twice: first as a
CSV (columns, field counts, encoding), then each cell with a pandera schema. Every problem is
reported at once, each naming the file, the line and the column, e.g.
``my_deck.csv, line 7, column 'level': level must be 1, 2 or 3, got 'hard'``.

A ``Deck`` is played as the rulebooks say: draw from the top, and the used card goes to the back
("After a TRIVIA CARD has been used, it is returned to the back of its deck").
"""

from __future__ import annotations

import csv
from collections.abc import Iterable, Iterator
from pathlib import Path
from random import Random
from typing import Any

import pandas as pd
import pandera.pandas as pa
from rapidfuzz import process

from geoteach.quiz.answers import parse_number
from geoteach.quiz.question import KINDS, LEVELS, SYMBOLS, Media, Question

#: Columns every deck must have.
REQUIRED_COLUMNS: tuple[str, ...] = ("category", "level", "prompt", "answer", "source")
#: Columns a deck may have; empty cells take the default.
OPTIONAL_COLUMNS: tuple[str, ...] = (
    "aliases",
    "choices",
    "explanation",
    "symbol",
    "kind",
    "tolerance",
    "flag",
    "highlight",
    "id",
)
#: Separator of several values inside one cell (aliases, choices, highlight).
LIST_SEPARATOR = ";"

_LEVEL_WORDS = {str(n): n for n in LEVELS} | {name.lower(): n for n, name in LEVELS.items()}


class DeckError(ValueError):
    """A deck file with mistakes; ``problems`` lists each one with file, line and column."""

    def __init__(self, problems: list[str]) -> None:
        self.problems = problems
        count = f"{len(problems)} problem{'s' if len(problems) != 1 else ''}"
        super().__init__(f"This deck has {count}:\n" + "\n".join(problems))


def _filled(series: pd.Series) -> pd.Series:
    return series.str.strip() != ""


def _blank_or(valid: Iterable[str]):
    allowed = {v.lower() for v in valid} | {""}
    return lambda s: s.str.strip().str.lower().isin(allowed)


def _is_number(text: str) -> bool:
    try:
        float(text)
    except ValueError:
        return False
    return True


def _required_text(what: str) -> pa.Column:
    return pa.Column(str, pa.Check(_filled, error=f"every row needs {what}"))


#: Cell checks, one pandera column per deck column; messages are the authors' words.
DECK_SCHEMA = pa.DataFrameSchema(
    {
        "category": _required_text("a category"),
        "level": pa.Column(
            str,
            pa.Check(
                lambda s: s.str.strip().str.lower().isin(list(_LEVEL_WORDS)),
                error="level must be 1, 2 or 3 (or Beginner, Intermediate, Expert)",
            ),
        ),
        "prompt": _required_text("a question in 'prompt'"),
        "answer": _required_text("an answer"),
        "source": _required_text("a source (where the fact comes from)"),
        "symbol": pa.Column(
            str,
            pa.Check(
                _blank_or(SYMBOLS), error="symbol must be empty, ROLL, BONUS ROLL or WILD CARD"
            ),
            required=False,
        ),
        "kind": pa.Column(
            str,
            pa.Check(_blank_or(KINDS), error="kind must be empty, text, number or place"),
            required=False,
        ),
        "tolerance": pa.Column(
            str,
            pa.Check(
                lambda s: s.str.strip().map(lambda v: v == "" or (_is_number(v) and float(v) >= 0)),
                error="tolerance must be empty or a number of 0 or more",
            ),
            required=False,
        ),
        "flag": pa.Column(
            str,
            pa.Check.str_matches(
                r"^\s*([A-Za-z]{3})?\s*$", error="flag must be a 3-letter country code like FRA"
            ),
            required=False,
        ),
    },
    strict=False,
)


def _split(cell: str) -> tuple[str, ...]:
    return tuple(part.strip() for part in cell.split(LIST_SEPARATOR) if part.strip())


def _read_csv(path: Path) -> tuple[list[str], list[tuple[int, list[str]]], list[str]]:
    """Header, (line number, fields) of each non-blank row, and CSV-level problems."""
    name = path.name
    try:
        text = path.read_text(encoding="utf-8-sig")
    except FileNotFoundError:
        raise DeckError([f"{name}: there is no such file ({path})"]) from None
    except UnicodeDecodeError as error:
        line = path.read_bytes()[: error.start].count(b"\n") + 1
        raise DeckError(
            [f"{name}, line {line}: the file is not UTF-8 text; save it as 'CSV UTF-8'"]
        ) from None
    reader = csv.reader(text.splitlines(keepends=True))
    problems: list[str] = []
    rows: list[tuple[int, list[str]]] = []
    header: list[str] | None = None
    start = 1
    try:
        for fields in reader:
            line, start = start, reader.line_num + 1
            if not any(f.strip() for f in fields):
                continue
            if header is None:
                header = [f.strip().lower() for f in fields]
                continue
            if len(fields) != len(header):
                problems.append(
                    f"{name}, line {line}: this row has {len(fields)} cells but the header has "
                    f'{len(header)}; put text that contains a comma inside "double quotes"'
                )
                continue
            rows.append((line, fields))
    except csv.Error as error:
        raise DeckError([f"{name}, line {reader.line_num}: {error}"]) from None
    if header is None:
        raise DeckError([f"{name}: the file is empty; the first line must name the columns"])
    known = REQUIRED_COLUMNS + OPTIONAL_COLUMNS
    for column in header:
        if column not in known:
            guess = process.extractOne(column, known, score_cutoff=70)
            hint = f" (did you mean '{guess[0]}'?)" if guess else ""
            problems.append(f"{name}, line 1, column '{column}': unknown column{hint}")
    for column in REQUIRED_COLUMNS:
        if column not in header:
            problems.append(f"{name}, line 1: the column '{column}' is missing")
    if len(set(header)) != len(header):
        problems.append(f"{name}, line 1: a column name appears twice")
    return header, rows, problems


def _row_problems(name: str, frame: pd.DataFrame) -> list[str]:
    """Checks across cells of one row, after each cell passed on its own."""
    problems = []
    for line, row in frame.iterrows():
        kind = row.get("kind", "").strip().lower() or "text"
        answer = row["answer"].strip()
        if kind == "number" and answer and parse_number(answer) is None:
            problems.append(
                f"{name}, line {line}, column 'answer': a number question needs a number "
                f"answer, got {answer!r}"
            )
        choices = _split(row.get("choices", ""))
        if choices and answer not in choices:
            problems.append(
                f"{name}, line {line}, column 'choices': the choices must include the answer "
                f"{answer!r}, got {'; '.join(choices)!r}"
            )
    return problems


def validate_deck(path: str | Path) -> pd.DataFrame:
    """Check a deck file and return its rows (all text, indexed by line number).

    Raises ``DeckError`` listing every problem with its file, line and column.
    """
    path = Path(path)
    name = path.name
    header, rows, problems = _read_csv(path)
    frame = pd.DataFrame(
        [fields for _, fields in rows],
        columns=header,
        index=pd.Index([line for line, _ in rows], name="line"),
        dtype=str,
    )
    if not rows and not problems:
        problems.append(f"{name}: the deck has no questions, only the header line")
    if any(c not in frame for c in REQUIRED_COLUMNS) or frame.columns.duplicated().any():
        raise DeckError(problems)
    for column in OPTIONAL_COLUMNS:
        if column not in frame:
            frame[column] = ""
    try:
        DECK_SCHEMA.validate(frame, lazy=True)
    except pa.errors.SchemaErrors as errors:
        cases = errors.failure_cases
        for _, case in cases.iterrows():
            if pd.isna(case["index"]):
                problems.append(f"{name}, column '{case['column']}': {case['check']}")
                continue
            problems.append(
                f"{name}, line {int(case['index'])}, column '{case['column']}': "
                f"{case['check']}, got {case['failure_case']!r}"
            )
    if not problems:
        problems.extend(_row_problems(name, frame))
    if problems:
        problems.sort(key=_line_of)
        raise DeckError(problems)
    return frame


def _line_of(problem: str) -> int:
    _, _, rest = problem.partition(", line ")
    digits = rest.split(",")[0].split(":")[0]
    return int(digits) if digits.isdigit() else 0


def _question(stem: str, line: int, row: pd.Series) -> Question:
    symbol = row["symbol"].strip().upper() or None
    tolerance = row["tolerance"].strip()
    return Question(
        category=row["category"].strip(),
        level=_LEVEL_WORDS[row["level"].strip().lower()],
        prompt=row["prompt"].strip(),
        answer=row["answer"].strip(),
        aliases=_split(row["aliases"]),
        choices=_split(row["choices"]),
        media=Media(
            flag=row["flag"].strip().upper() or None,
            highlight=tuple(code.upper() for code in _split(row["highlight"])),
        ),
        explanation=row["explanation"].strip(),
        symbol=symbol,
        source=row["source"].strip(),
        kind=row["kind"].strip().lower() or "text",
        tolerance=float(tolerance) if tolerance else 0.0,
        id=row["id"].strip() or f"{stem}:{line}",
    )


class Deck:
    """A pile of question cards: draw from the top, used cards go to the back."""

    def __init__(self, questions: Iterable[Question], name: str = "deck") -> None:
        self.name = name
        self.cards: list[Question] = list(questions)
        ids = [q.id for q in self.cards if q.id]
        if len(set(ids)) != len(ids):
            raise ValueError(f"Deck {name!r} has two cards with the same id.")

    def __len__(self) -> int:
        return len(self.cards)

    def __iter__(self) -> Iterator[Question]:
        return iter(self.cards)

    def __repr__(self) -> str:
        return f"Deck({self.name!r}, {len(self)} cards)"

    @property
    def categories(self) -> list[str]:
        """Categories in the order they first appear."""
        return list(dict.fromkeys(q.category for q in self.cards))

    def shuffle(self, rng: Random) -> None:
        """Shuffle with the game's seeded generator, so a replay deals the same cards."""
        rng.shuffle(self.cards)

    def draw(self, category: str | None = None, level: int | None = None) -> Question:
        """Take the top card (of this category and level) and put it at the back once used."""
        for position, card in enumerate(self.cards):
            if category not in (None, card.category) or level not in (None, card.level):
                continue
            self.cards.append(self.cards.pop(position))
            return card
        level_name = f" {LEVELS[level]}" if level in LEVELS else ""
        where = f" in '{category}'" if category else ""
        raise LookupError(f"This deck has no{level_name} questions{where}.")

    def answers(self, category: str | None = None) -> list[str]:
        """Every answer in the deck (of one category): a pool of multiple-choice options."""
        return list(dict.fromkeys(q.answer for q in self.cards if category in (None, q.category)))

    def to_dict(self) -> dict[str, Any]:
        """Plain JSON-able data, in the current order, for a saved game."""
        return {"name": self.name, "cards": [q.to_dict() for q in self.cards]}

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Deck:
        return cls((Question.from_dict(q) for q in data["cards"]), name=data["name"])


def load_deck(path: str | Path) -> Deck:
    """Read a deck CSV (schema in data/decks/README.md), checking every cell first.

    >>> deck = load_deck("my_deck.csv")      # doctest: +SKIP
    >>> deck.draw(level=1).prompt            # doctest: +SKIP
    """
    path = Path(path)
    frame = validate_deck(path)
    return Deck((_question(path.stem, line, row) for line, row in frame.iterrows()), path.stem)
