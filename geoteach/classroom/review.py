"""A review deck for next time: the questions and places the class (or one pupil) missed most.

The deck is a CSV file in the kit's deck format (data/decks/README.md), so ``load_deck`` reads
it, a teacher can edit it in a spreadsheet, and it plays wherever a deck plays: as six
categories of Geography Pursuit (``pursuit_questions``) or on any question card.

How the questions are chosen:

* Every wrong answer counts, weighted by how recent it is: a miss loses half its weight every
  ``half_life_days`` (7) before the newest answer in the record. A question missed twice this
  week outranks one missed three times a month ago.
* A missed question that came from a card with a source (a deck, the built-in questions) is
  asked again as it was.
* A miss without such a card (a rank in Globalissimo, a country not found on the numbered map,
  a state not guessed in GeoTriple) counts for its place, which is then asked about with a
  built-in question from the data: a comparison of the same statistic for a missed rank, the
  continent for a country not found on the map, the capital otherwise.
* The deck keeps the ``size`` (30) heaviest, heaviest first, each at most once.
"""

from __future__ import annotations

import csv
import os
import re
from collections.abc import Iterable
from functools import cache
from pathlib import Path
from typing import Any

import pandas as pd

from geoteach.quiz.decks import LIST_SEPARATOR, OPTIONAL_COLUMNS, REQUIRED_COLUMNS, Deck, load_deck
from geoteach.quiz.places import question_places
from geoteach.quiz.question import Question
from geoteach.store.lesson_record import Lesson, RecordError

HALF_LIFE_DAYS = 7.0
DECK_SIZE = 30
#: Which built-in question asks about a missed place, by the kind of question missed (the id's
#: first part); "{stat}" is the statistic of a missed Globalissimo rank.
PLACE_QUESTIONS: dict[str, tuple[str, ...]] = {
    "rank": ("compare:{stat}:", "capital:", "continent:"),
    "map_number": ("continent:", "flag:", "capital:"),
    "guess_state": ("state_capital:", "state_of_capital:"),
    "bordering_triple": ("state_of_capital:", "state_capital:"),
}
DEFAULT_PLACE_QUESTIONS = ("capital:", "state_capital:", "continent:", "flag:")
#: How many categories Geography Pursuit plays with.
PURSUIT_CATEGORIES = 6
MORE = "More review"


def review_questions(
    lesson: Lesson,
    *,
    player: str | None = None,
    lesson_name: str | None = None,
    size: int = DECK_SIZE,
    half_life_days: float = HALF_LIFE_DAYS,
) -> list[Question]:
    """The questions most worth asking again, most missed (recently) first."""
    frame = lesson.answers(lesson=lesson_name, player=player)
    if frame.empty:
        who = f" by {player}" if player else ""
        raise RecordError(f"There are no answers{who} in this record yet: play a game first.")
    misses = frame[~frame["correct"]]
    if misses.empty:
        raise RecordError("Every answer was right: there is nothing to review. Well done!")
    age = (frame["at"].max() - misses["at"]).dt.total_seconds() / 86_400
    weights = 0.5 ** (age / float(half_life_days))
    cards = lesson.cards(misses["question_id"].unique())
    score: dict[str, float] = {}
    count: dict[str, int] = {}
    chosen: dict[str, Question] = {}
    for (_, miss), weight in zip(misses.iterrows(), weights, strict=True):
        for question in _to_ask(miss, cards.get(miss["question_id"])):
            chosen.setdefault(question.id, question)
            score[question.id] = score.get(question.id, 0.0) + float(weight)
            count[question.id] = count.get(question.id, 0) + 1
    ranked = sorted(score, key=lambda qid: (-score[qid], -count[qid], qid))
    return [chosen[qid] for qid in ranked[:size]]


def _to_ask(miss: pd.Series, card: dict[str, Any] | None) -> list[Question]:
    """The question(s) a miss asks again: its own card, or one about each place it was about."""
    if card is not None and str(card.get("source") or "").strip():
        question = Question.from_dict(card)
        return [question if question.id else _with_id(question, miss["question_id"])]
    kind, _, rest = str(miss["question_id"]).partition(":")
    stat = rest.split(":")[0] if kind == "rank" else ""
    preferences = PLACE_QUESTIONS.get(kind, DEFAULT_PLACE_QUESTIONS)
    out = []
    for place in filter(None, str(miss["place"]).split("; ")):
        asked = _place_question(place, tuple(p.format(stat=stat) for p in preferences))
        if asked is not None:
            out.append(asked)
    return out


def _with_id(question: Question, question_id: str) -> Question:
    from dataclasses import replace

    return replace(question, id=question_id)


@cache
def _built_in_by_place() -> dict[str, list[Question]]:
    """The built-in questions (Geography Pursuit's decks) filed under the places they are about."""
    from geoteach.games.geography_pursuit.questions import default_questions

    out: dict[str, list[Question]] = {}
    for cards in default_questions().values():
        for data in cards:
            question = Question.from_dict(data)
            for place in question_places(question):
                out.setdefault(place, []).append(question)
    return out


def _place_question(place: str, preferences: tuple[str, ...]) -> Question | None:
    """The first built-in question about ``place`` whose id starts with a preferred kind."""
    about = _built_in_by_place().get(place, [])
    for prefix in (*preferences, *DEFAULT_PLACE_QUESTIONS):
        for question in about:
            if question.id.startswith(prefix):
                return question
    return about[0] if about else None


def review_deck(
    lesson: Lesson,
    path: str | os.PathLike[str] | None = None,
    *,
    player: str | None = None,
    lesson_name: str | None = None,
    size: int = DECK_SIZE,
    half_life_days: float = HALF_LIFE_DAYS,
) -> Path:
    """Write the review deck as a CSV file and return its path (checked with ``load_deck``).

    Default file: ``<record>-review.csv`` beside the record (``-review-<player>.csv`` for one
    player). See the module notes for how the questions are chosen.
    """
    questions = review_questions(
        lesson,
        player=player,
        lesson_name=lesson_name,
        size=size,
        half_life_days=half_life_days,
    )
    if path is None:
        suffix = f"-{_slug(player)}" if player else ""
        path = lesson.path.with_name(f"{lesson.path.stem}-review{suffix}.csv")
    target = Path(path)
    write_deck(questions, target)
    load_deck(target)  # the deck must read back as a valid deck (file, line, column errors)
    return target


def write_deck(questions: Iterable[Question], path: Path) -> None:
    """Write ``questions`` as a deck CSV (the columns of data/decks/README.md)."""
    columns = [*REQUIRED_COLUMNS, *OPTIONAL_COLUMNS]
    with path.open("w", encoding="utf-8", newline="") as fh:
        writer = csv.DictWriter(fh, fieldnames=columns)
        writer.writeheader()
        for question in questions:
            writer.writerow(_deck_row(question))


def _deck_row(q: Question) -> dict[str, str]:
    def joined(values: Iterable[str]) -> str:
        # A value holding the separator would be split in two: such aliases are left out.
        return LIST_SEPARATOR.join(v for v in values if LIST_SEPARATOR not in v)

    choices = "" if any(LIST_SEPARATOR in c for c in q.choices) else joined(q.choices)
    return {
        "category": q.category,
        "level": str(q.level),
        "prompt": q.prompt,
        "answer": q.answer,
        "source": q.source,
        "aliases": joined(q.aliases),
        "choices": choices,
        "explanation": q.explanation,
        "symbol": "",
        "kind": q.kind,
        "tolerance": f"{q.tolerance:g}" if q.tolerance else "",
        "flag": q.media.flag or "",
        "highlight": joined(q.media.highlight),
        "id": q.id,
    }


def _slug(text: str) -> str:
    return re.sub(r"[^\w-]+", "-", text, flags=re.UNICODE).strip("-").lower() or "player"


def pursuit_questions(deck: str | os.PathLike[str] | Deck) -> dict[str, list[dict[str, Any]]]:
    """Six categories for Geography Pursuit with a review deck in them (``questions=``).

    The deck's categories, largest first, become the first categories (beyond five, the rest
    share a sixth, "More review"); if it has fewer than six, the built-in categories fill the
    board. ``GeographyPursuit.setup_game(names, questions=pursuit_questions("review.csv"))``.
    """
    from geoteach.games.geography_pursuit.game import DEFAULT_CATEGORIES
    from geoteach.games.geography_pursuit.questions import bank_from_decks, default_questions

    cards = deck if isinstance(deck, Deck) else load_deck(deck)
    sizes = pd.Series([q.category for q in cards]).value_counts(sort=True)
    names = list(sizes.index)
    if len(names) > PURSUIT_CATEGORIES:
        names = [*names[: PURSUIT_CATEGORIES - 1], MORE]
    groups: dict[str, list[Question]] = {name: [] for name in names}
    for question in cards:
        groups[question.category if question.category in groups else MORE].append(question)
    bank = bank_from_decks(groups)
    built_in = default_questions()
    for name in DEFAULT_CATEGORIES:
        if len(bank) == PURSUIT_CATEGORIES:
            break
        if name not in bank:
            bank[name] = built_in[name]
    return bank
