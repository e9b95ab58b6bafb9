"""A deck as a teacher reads it before class: every card, its answer, wrong options and source.

``review_text`` prints the cards grouped by kind (the part of the id before the first colon,
with the statistic for comparisons: ``compare:population``), each with its id, so a card that
should not be dealt is retired by adding its id to data/decks/retired.csv (``retire_card``),
without touching code. ``scripts/review_deck.py`` is the command line.

Decks: a kind of ``geoteach.quiz.generators.GENERATORS`` ("capitals"), a Global Pursuit deck
("people_places", ... as dealt, 60 cards of three questions), a Geography Pursuit category
("Capitals & Cities"), or a deck CSV file. It lives with the lessons (a teacher's reading
before class) because it reads the games' decks, which sit above ``quiz``.
"""

from __future__ import annotations

import csv
from collections.abc import Iterable
from pathlib import Path

from geoteach.quiz.question import Question


def deck_questions(deck: str, include_retired: bool = False) -> list[Question]:
    """The questions of ``deck`` (see the module notes), retired ones only if asked for."""
    from geoteach.quiz import generators

    if deck in generators.GENERATORS:
        cards = [q for q in generators.GENERATORS[deck]()]
    elif Path(deck).suffix.lower() == ".csv":
        from geoteach.quiz.decks import load_deck

        cards = list(load_deck(deck))
    else:
        cards = _game_deck(deck)
    return cards if include_retired else generators.not_retired(cards)


def _game_deck(deck: str) -> list[Question]:
    from geoteach.games.geography_pursuit.questions import default_questions
    from geoteach.games.global_pursuit import trivia

    bank = trivia.built_in_bank()
    if deck in bank:
        return [trivia.question(card, level) for card in bank[deck] for level in (1, 2, 3)]
    categories = default_questions()
    if deck in categories:
        return [Question.from_dict(q) for q in categories[deck]]
    from geoteach.quiz.generators import GENERATORS

    known = [*GENERATORS, *bank, *categories]
    raise LookupError(f"No deck called {deck!r}; choose one of {', '.join(known)} or a .csv file.")


def kind_of(question: Question) -> str:
    """The kind a card is grouped under: ``capital``, ``compare:population``, ``flag``..."""
    head, _, rest = question.id.partition(":")
    if head in ("compare", "product") and rest:
        return f"{head}:{rest.split(':')[0]}"
    return head or question.category


def review_text(questions: Iterable[Question], retired: Iterable[str] = ()) -> str:
    """Every card, grouped by kind: id, level, prompt, answer, accepted forms, wrong, source."""
    out_of_play = set(retired)
    groups: dict[str, list[Question]] = {}
    for q in questions:
        groups.setdefault(kind_of(q), []).append(q)
    lines = []
    for kind in sorted(groups):
        cards = groups[kind]
        lines.append(f"== {kind} ({len(cards)} cards) ==")
        for q in cards:
            mark = "  [RETIRED]" if q.id in out_of_play else ""
            lines.append(f"[{q.id}] level {q.level} ({q.level_name}){mark}")
            lines.append(f"  Q: {q.prompt}")
            lines.append(f"  A: {q.answer}")
            if q.aliases:
                lines.append(f"  also accepted: {'; '.join(q.aliases)}")
            wrong = [c for c in q.choices if c != q.answer]
            if wrong:
                lines.append(f"  wrong options: {'; '.join(wrong)}")
            if q.kind == "number" and q.tolerance:
                lines.append(f"  within: {q.tolerance:g}")
            if q.explanation:
                lines.append(f"  why: {q.explanation}")
            lines.append(f"  source: {q.source}")
        lines.append("")
    return "\n".join(lines)


def retire_card(card_id: str, reason: str, path: str | Path, retired_by: str = "") -> bool:
    """Add ``card_id`` to the retired cards' CSV (``id,reason,retired_by``); False if it is there.

    The file is made with its header line if it does not exist yet.
    """
    where = Path(path)
    rows: list[dict[str, str]] = []
    if where.exists():
        with where.open(encoding="utf-8", newline="") as handle:
            rows = list(csv.DictReader(handle))
    if any(r.get("id", "").strip() == card_id for r in rows):
        return False
    rows.append({"id": card_id, "reason": reason, "retired_by": retired_by})
    with where.open("w", encoding="utf-8", newline="") as handle:
        writer = csv.DictWriter(
            handle, fieldnames=["id", "reason", "retired_by"], lineterminator="\n"
        )
        writer.writeheader()
        writer.writerows({k: r.get(k, "") for k in ("id", "reason", "retired_by")} for r in rows)
    return True
