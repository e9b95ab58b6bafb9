"""Question decks: curated CSV files a curriculum author writes without Python.

The schema is documented in data/decks/README.md. Loading checks everything a game will later
rely on, so a deck either loads whole or not at all and nothing fails in the middle of a game:

1. the file (a folder, a missing or unreadable path, a workbook instead of CSV, the encoding:
   UTF-8 or UTF-16 as Excel writes them; commas, semicolons or tabs; see
   ``geoteach.quiz.authorfiles``);
2. the rows as CSV (quote marks, the header's columns, the number of cells in each row);
3. each cell, with a pandera schema (levels, symbols, kinds, tolerances, required text,
   spreadsheet errors such as ``#N/A``);
4. each row and the deck as a whole (a number answer, choices that include the answer, flags and
   map codes geoteach can show, ids used once, the same question twice, one category spelled
   two ways).

A deck says which language its questions are in with a ``language`` column (``es``, ``fr``, ...;
empty or no column: English, so every older deck stays valid), the same on every row that fills
it in: a game on a page of that language plays it, and a set-up screen on a page of another
language says so (``geoteach.ui.table_setup``). Its answers are checked in that language and in
English, as the built-in cards' (``geoteach.quiz.answers``).

Every problem is reported at once, each naming the file, the line and the column, e.g.
``my_deck.csv, line 7, column 'level': level must be 1, 2 or 3 (or Beginner, Intermediate,
Expert), got 'hard'``.

A ``Deck`` is played as the rulebooks say: draw from the top, and the used card goes to the back
("After a TRIVIA CARD has been used, it is returned to the back of its deck").
"""

from __future__ import annotations

import math
import os
import re
from collections import Counter, defaultdict
from collections.abc import Iterable, Iterator
from pathlib import Path
from random import Random
from typing import Any, cast

import pandas as pd
import pandera.pandas as pa
from rapidfuzz import process

from geoteach.quiz.answers import parse_number
from geoteach.quiz.authorfiles import (
    AuthorFileError,
    Problem,
    csv_rows,
    display_name,
    first_line,
    raise_problems,
    read_text,
    schema_problems,
    sniff_delimiter,
)
from geoteach.quiz.question import KINDS, LEVELS, SYMBOLS, Kind, Media, Question, media_problems

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
    "language",
)
KNOWN_COLUMNS: tuple[str, ...] = REQUIRED_COLUMNS + OPTIONAL_COLUMNS
#: Separator of several values inside one cell (aliases, choices, highlight).
LIST_SEPARATOR = ";"
#: What a spreadsheet writes in a cell whose formula failed: never a question's text.
SPREADSHEET_ERRORS: tuple[str, ...] = (
    "#N/A",
    "#NAME?",
    "#REF!",
    "#VALUE!",
    "#DIV/0!",
    "#NUM!",
    "#NULL!",
    "#SPILL!",
    "#CALC!",
)

_LEVEL_WORDS = {str(n): n for n in LEVELS} | {name.lower(): n for n, name in LEVELS.items()}
#: The language of a deck without a ``language`` column, or with it left empty.
DEFAULT_LANGUAGE = "en"


def language_code(text: str) -> str | None:
    """The language code ``text`` names ("es", "ES", "pt-BR" -> "pt"), or None when it is no
    language code a page could speak."""
    from babel import Locale, UnknownLocaleError

    code = text.strip().replace("_", "-").split("-")[0].lower()
    if not code.isalpha() or len(code) not in (2, 3):
        return None
    try:
        Locale.parse(code)
    except (UnknownLocaleError, ValueError):
        return None
    return code


def _language_hint(text: str) -> str:
    """ "write es for Spanish" when ``text`` is a language's name (in English or in itself)."""
    from babel import Locale

    wanted = text.strip().casefold()
    for code, name in Locale("en").languages.items():
        if len(code) != 2 or language_code(code) is None:
            continue
        own = str(Locale.parse(code).get_display_name(code) or "").casefold()
        if wanted in (name.casefold(), own):
            return f"; write {code} for {name}"
    return ""


class DeckError(AuthorFileError):
    """A deck file with mistakes; ``problems`` lists each one with file, line and column."""

    kind = "deck"


def _filled(series: pd.Series) -> pd.Series:
    return series.str.strip() != ""


def _blank_or(valid: Iterable[str]):
    allowed = {v.lower() for v in valid} | {""}
    return lambda s: s.str.strip().str.lower().isin(allowed)


def _tolerance(text: str) -> bool:
    text = text.strip()
    if not text:
        return True
    try:
        value = float(text)
    except ValueError:
        return False
    return math.isfinite(value) and value >= 0


_NO_SPREADSHEET_ERROR = pa.Check(
    lambda s: ~s.str.strip().str.upper().isin(SPREADSHEET_ERRORS),
    error="this cell holds a spreadsheet error instead of text; fix the formula or type the text",
)


def _cells(*checks: pa.Check) -> pa.Column:
    return pa.Column(str, [*checks, _NO_SPREADSHEET_ERROR])


def _required_text(what: str) -> pa.Column:
    return _cells(pa.Check(_filled, error=f"every row needs {what}"))


#: Cell checks, one pandera column per deck column; messages are the authors' words.
DECK_SCHEMA = pa.DataFrameSchema(
    {
        "category": _required_text("a category"),
        "level": _cells(
            pa.Check(
                lambda s: s.str.strip().str.lower().isin(list(_LEVEL_WORDS)),
                error="level must be 1, 2 or 3 (or Beginner, Intermediate, Expert)",
            ),
        ),
        "prompt": _required_text("a question in 'prompt'"),
        "answer": _required_text("an answer"),
        "source": _required_text("a source (where the fact comes from)"),
        "aliases": _cells(),
        "choices": _cells(),
        "explanation": _cells(),
        "symbol": _cells(
            pa.Check(
                _blank_or(SYMBOLS), error="symbol must be empty, ROLL, BONUS ROLL or WILD CARD"
            ),
        ),
        "kind": _cells(
            pa.Check(_blank_or(KINDS), error="kind must be empty, text, number or place"),
        ),
        "tolerance": _cells(
            pa.Check(
                lambda s: s.map(_tolerance),
                error="tolerance must be empty or a number of 0 or more",
            ),
        ),
        "flag": _cells(),
        "highlight": _cells(),
        "id": _cells(),
        "language": _cells(),  # checked with the deck as a whole (``_deck_problems``)
    },
    strict=False,
)


def _split(cell: str) -> tuple[str, ...]:
    return tuple(part.strip() for part in cell.split(LIST_SEPARATOR) if part.strip())


def _read_csv(path: Path) -> tuple[pd.DataFrame, list[Problem]]:
    """The deck's rows as text cells indexed by line number, and the problems found so far.

    Raises ``DeckError`` at once when the file or its header cannot be read at all.
    """
    name = display_name(path)
    text = read_text(path, DeckError)
    header_text = first_line(text)
    rows = csv_rows(text, name, DeckError, sniff_delimiter(header_text, KNOWN_COLUMNS))
    if not rows:
        raise DeckError(
            f"{name}: the file is empty; the first line must name the columns "
            f"({','.join(REQUIRED_COLUMNS)})"
        )
    (top, cells), body = rows[0], rows[1:]
    header = [cell.strip().lower() for cell in cells]
    if not set(header) & set(KNOWN_COLUMNS):
        raise DeckError(
            f"{name}, line {top}: the first line must name the columns, like "
            f"{','.join(REQUIRED_COLUMNS)}, but it reads {','.join(cells)!r}; add a line with "
            "the column names at the top (see data/decks/README.md)"
        )
    problems = _header_problems(name, top, header)
    named = [i for i, column in enumerate(header) if column]
    lines, table = [], []
    for line, fields in body:
        if len(fields) != len(header):
            problems.append(
                (
                    line,
                    f"{name}, line {line}: this row has {len(fields)} cells but the header has "
                    f'{len(header)}; put text that contains a comma inside "double quotes"',
                )
            )
            continue
        for i, cell in enumerate(fields[: len(header)], start=1):
            if not header[i - 1] and cell.strip():
                problems.append(
                    (
                        line,
                        f"{name}, line {line}, column {i}: this cell has text but its column has "
                        f"no name on line {top}; name the column or move the text",
                    )
                )
        lines.append(line)
        table.append([fields[i] for i in named])
    frame = pd.DataFrame(
        table,
        columns=[header[i] for i in named],
        index=pd.Index(lines, name="line"),
        dtype=str,
    )
    if not body and not problems:
        problems.append((top, f"{name}: the deck has no questions, only the header line"))
    return frame, problems


def _header_problems(name: str, top: int, header: list[str]) -> list[Problem]:
    problems: list[Problem] = []
    for column in header:
        if column and column not in KNOWN_COLUMNS:
            guess = process.extractOne(column, KNOWN_COLUMNS, score_cutoff=70)
            hint = f" (did you mean '{guess[0]}'?)" if guess else ""
            problems.append((top, f"{name}, line {top}, column '{column}': unknown column{hint}"))
    for column in REQUIRED_COLUMNS:
        if column not in header:
            problems.append((top, f"{name}, line {top}: the column '{column}' is missing"))
    for column, count in Counter(c for c in header if c).items():
        if count > 1:
            places = [str(i) for i, c in enumerate(header, start=1) if c == column]
            problems.append(
                (
                    top,
                    f"{name}, line {top}, column '{column}': this column appears {count} times "
                    f"(columns {' and '.join(places)}); keep one",
                )
            )
    return problems


def _rows(frame: pd.DataFrame) -> Iterator[tuple[int, dict[str, str]]]:
    """(line, cells by column) of each row: plain dicts, many times faster than ``iterrows``."""
    return iter(frame.to_dict("index").items())


def _row_problems(name: str, frame: pd.DataFrame) -> list[Problem]:
    """Checks across the cells of one row: things a game relies on when it asks the card."""
    problems: list[Problem] = []

    def add(line: int, column: str, message: str) -> None:
        problems.append((line, f"{name}, line {line}, column '{column}': {message}"))

    for line, row in _rows(frame):
        kind = row["kind"].strip().lower() or "text"
        answer = row["answer"].strip()
        if kind == "number" and answer and parse_number(answer) is None:
            add(line, "answer", f"a number question needs a number answer, got {answer!r}")
        if row["tolerance"].strip() and kind != "number":
            add(
                line,
                "tolerance",
                "a tolerance only counts for a number question; write 'number' in the 'kind' "
                "column or leave the tolerance empty",
            )
        choices = _split(row["choices"])
        if choices and answer and answer not in choices:
            add(
                line,
                "choices",
                f"the choices must include the answer {answer!r}, got {'; '.join(choices)!r}",
            )
        elif len(choices) == 1:
            add(line, "choices", "a multiple-choice question needs at least two choices")
        twice = sorted(c for c, n in Counter(choices).items() if n > 1)
        if twice:
            add(line, "choices", f"the choice {twice[0]!r} is written twice")
        media = Media(flag=row["flag"].strip() or None, highlight=_split(row["highlight"]))
        if media:
            for column, message in media_problems(media):
                add(line, column, message)
    return problems


def _deck_problems(name: str, stem: str, frame: pd.DataFrame) -> list[Problem]:
    """Checks across rows: ids used once, no question twice, one spelling per category."""
    problems: list[Problem] = []
    first_id: dict[str, int] = {}
    first_card: dict[tuple[str, ...], int] = {}
    first_language: tuple[str, int] | None = None
    spellings: dict[str, dict[str, int]] = defaultdict(dict)
    for line, row in _rows(frame):
        card_id = row["id"].strip() or f"{stem}:{line}"
        if card_id in first_id:
            problems.append(
                (
                    line,
                    f"{name}, line {line}, column 'id': the id {card_id!r} is already the id of "
                    f"line {first_id[card_id]}; every card needs its own id",
                )
            )
        first_id.setdefault(card_id, line)
        card = tuple(
            re.sub(r"\s+", " ", row[c].strip().casefold())
            for c in ("category", "level", "prompt", "flag", "highlight")
        )
        if card in first_card and card[2]:
            problems.append(
                (
                    line,
                    f"{name}, line {line}, column 'prompt': this is the same question as line "
                    f"{first_card[card]}; delete one of them or make them different",
                )
            )
        first_card.setdefault(card, line)
        category = row["category"].strip()
        folded = re.sub(r"\s+", " ", category.casefold())
        seen = spellings[folded]
        if category and seen and category not in seen:
            other, at = next(iter(seen.items()))
            problems.append(
                (
                    line,
                    f"{name}, line {line}, column 'category': {category!r} is written "
                    f"{other!r} on line {at}; write a category the same way every time, or the "
                    "games treat it as two categories",
                )
            )
        seen.setdefault(category, line)
        written = row["language"].strip()
        code = language_code(written) if written else None
        if written and code is None:
            problems.append(
                (
                    line,
                    f"{name}, line {line}, column 'language': language must be empty (English) "
                    f"or a language code such as en, es, fr or de, got {written!r}"
                    + _language_hint(written),
                )
            )
        elif code and first_language is None:
            first_language = (code, line)
        elif code and first_language is not None and code != first_language[0]:
            problems.append(
                (
                    line,
                    f"{name}, line {line}, column 'language': this row is in {code!r} but line "
                    f"{first_language[1]} is in {first_language[0]!r}; a deck is in one "
                    "language: put the questions of the other language in a deck of their own",
                )
            )
    return problems


def deck_language(frame: pd.DataFrame) -> str:
    """The language of a checked deck (``validate_deck``'s rows): its ``language`` column,
    English when no row fills it in."""
    for written in frame["language"]:
        if str(written).strip():
            return language_code(str(written)) or DEFAULT_LANGUAGE
    return DEFAULT_LANGUAGE


def validate_deck(path: str | Path) -> pd.DataFrame:
    """Check a deck file and return its rows (all text, indexed by line number).

    Raises ``DeckError`` listing every problem with its file, line and column.
    """
    path = Path(path).expanduser()
    name = display_name(path)
    frame, problems = _read_csv(path)
    if any(c not in frame for c in REQUIRED_COLUMNS) or frame.columns.duplicated().any():
        raise_problems(problems, DeckError)
    for column in OPTIONAL_COLUMNS:
        if column not in frame:
            frame[column] = ""
    problems += schema_problems(DECK_SCHEMA, frame, name)
    problems += _row_problems(name, frame)
    problems += _deck_problems(name, path.stem, frame)
    raise_problems(problems, DeckError)
    return frame


def _question(stem: str, line: int, row: dict[str, str]) -> Question:
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
        kind=cast(Kind, row["kind"].strip().lower() or "text"),  # the schema checked it
        tolerance=float(tolerance) if tolerance else 0.0,
        id=row["id"].strip() or f"{stem}:{line}",
    )


class Deck:
    """A pile of question cards: draw from the top, used cards go to the back."""

    def __init__(
        self, questions: Iterable[Question], name: str = "deck", language: str = DEFAULT_LANGUAGE
    ) -> None:
        self.name = name
        #: The language the deck's questions are written in ("en", "es"...).
        self.language = language
        self.cards: list[Question] = list(questions)
        twice = [i for i, n in Counter(q.id for q in self.cards if q.id).items() if n > 1]
        if twice:
            raise DeckError(f"Deck {name!r} has two cards with the same id {twice[0]!r}.")

    def __len__(self) -> int:
        return len(self.cards)

    def __iter__(self) -> Iterator[Question]:
        return iter(self.cards)

    def __repr__(self) -> str:
        return f"Deck({self.name!r}, {len(self)} cards)"

    def other_language(self, page: str | None = None) -> str | None:
        """The deck's language when it is not the page's (``page``, the page's by default):
        what a set-up screen tells the teacher; None when they are the same."""
        from geoteach.i18n import language

        return None if self.language == (page or language()) else self.language

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
        """Plain JSON-able data, in the current order, for a saved game (an English deck's as
        before: no language)."""
        data: dict[str, Any] = {"name": self.name, "cards": [q.to_dict() for q in self.cards]}
        if self.language != DEFAULT_LANGUAGE:
            data["language"] = self.language
        return data

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Deck:
        return cls(
            (Question.from_dict(q) for q in data["cards"]),
            name=data["name"],
            language=data.get("language", DEFAULT_LANGUAGE),
        )


def load_deck(path: str | os.PathLike[str]) -> Deck:
    """Read a deck CSV (schema in data/decks/README.md), checking every cell first.

    Raises ``DeckError`` naming the file, line and column of every problem; a deck that loads
    can be played to the end by every game.

    >>> deck = load_deck("my_deck.csv")      # doctest: +SKIP
    >>> deck.draw(level=1).prompt            # doctest: +SKIP
    """
    path = Path(path).expanduser()
    frame = validate_deck(path)
    cards = []
    for line, row in _rows(frame):
        try:
            cards.append(_question(path.stem, line, row))
        except ValueError as error:  # the checks above should have said it already
            raise DeckError(f"{display_name(path)}, line {line}: {error}") from None
    return Deck(cards, path.stem, deck_language(frame))
