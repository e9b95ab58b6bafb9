"""Geography Pursuit's debrief questions (from the tables its built-in decks are made from) and
its printed question cards, from the built-in decks or an author's CSV deck.

The built-in cards are generated from ``geoteach.data.countries()``; the questions below go
back to the same columns, so the class sees the whole picture behind a card it answered.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Sequence
from pathlib import Path
from typing import Any

import pandas as pd
from matplotlib.figure import Figure
from matplotlib.patches import Rectangle

from geoteach.escape import plot_text
from geoteach.i18n import _
from geoteach.lessons.discussion import (
    Discussion,
    bar_chart,
    names_list,
    number,
    tied,
    world_map,
)
from geoteach.lessons.handouts import Handout
from geoteach.lessons.printing import (
    SMALL_PT,
    TINY_PT,
    Paper,
    card_slots,
    cut_box,
    footer,
    mirrored,
    page,
    pdf_pages,
    wrap,
)
from geoteach.quiz.question import LEVELS, Question

SOURCE = "data/countries.csv: CIA World Factbook 2025, GeoNames via pyworldatlas and Natural Earth"


def _countries() -> pd.DataFrame:
    import geoteach.data

    return geoteach.data.countries()


def most_neighbours(top: int = 10) -> Discussion:
    """Which countries share a land border with the most others (Borders & Neighbours)?"""
    countries = _countries()
    count = countries["neighbours"].map(len).rename("neighbours")
    order = count.sort_values(ascending=False, kind="stable")
    leaders = order.head(top).index
    table = pd.DataFrame(
        {
            "country": countries.loc[leaders, "name"].astype(str),
            "neighbours": count[leaders],
            "continent": countries.loc[leaders, "continent"].astype(str),
            "area (km²)": countries.loc[leaders, "area_km2"],
        }
    )
    table.index.name = "iso3"
    islands = countries.loc[count[count == 0].index, "name"].astype(str)
    most = order[order == order.iloc[0]].index
    answer = (
        f"{names_list(countries.loc[most, 'name'])}: {order.iloc[0]} neighbours"
        f"{' each' if len(most) > 1 else ''}. "
        f"{len(islands)} countries have none: island countries such as "
        f"{names_list(islands.sort_values().head(4))}."
    )
    view = world_map(count, title="Countries sharing a land border")
    return Discussion(
        question="Which countries have the most neighbours? What do the ones with none share?",
        answer=answer,
        tables=(table,),
        figure=view.figure,
        source=SOURCE,
    )


def highest_points() -> Discussion:
    """On which continent is the highest point, and how high do the others reach?"""
    from geoteach.data.conventions import quiz_conventions

    countries = _countries()
    heights = countries[["name", "continent", "highest_point_m"]].dropna()
    # A country counted in one continent whose highest point lies in another (Indonesia's
    # Puncak Jaya, on New Guinea: Oceania) competes there too (data/quiz_conventions.csv).
    notes = quiz_conventions()
    elsewhere = notes[(notes["about"] == "highest_point_continent") & (notes["rule"] == "note")]
    extra = heights.loc[[c for c in elsewhere["iso3"] if c in heights.index]].copy()
    extra["continent"] = list(elsewhere.set_index("iso3").loc[extra.index, "other"])
    extra["name"] = [
        f"{name} (on {island})"
        for name, island in zip(
            extra["name"], elsewhere.set_index("iso3").loc[extra.index, "text"], strict=True
        )
    ]
    heights = pd.concat([heights, extra])
    peak = heights.groupby("continent")["highest_point_m"].transform("max")
    # A summit on a border (Everest: China and Nepal) counts for every country it is in.
    top = heights[heights["highest_point_m"] == peak]
    table = (
        top.groupby("continent")
        .agg(
            countries=("name", lambda names: names_list(sorted(map(str, names)))),
            height=("highest_point_m", "max"),
        )
        .sort_values("height", ascending=False)
        .reset_index()
        .rename(columns={"countries": "country with the highest point", "height": "height (m)"})
    )
    table["height (m)"] = table["height (m)"].astype(int)
    first, last = table.iloc[0], table.iloc[-1]
    answer = (
        f"{first['continent']}: {number(first['height (m)'])} m, in "
        f"{first['country with the highest point']}. The lowest continental top is "
        f"{last['continent']}'s, {number(last['height (m)'])} m in "
        f"{last['country with the highest point']}."
    )
    fig = bar_chart(
        table.set_index("continent")["height (m)"],
        title="Highest point of each continent",
        xlabel="metres above sea level",
    )
    return Discussion(
        question="Where are the highest mountains of each continent, and which continent is "
        "the flattest?",
        answer=answer,
        tables=(table,),
        figure=fig,
        source="data/countries.csv: highest points from the CIA World Factbook via pyworldatlas",
    )


def _mostly(continents: pd.Series, top: int) -> str:
    """Where most of ``top`` countries are: "mostly in Africa" only when more than half are
    (else "most often in ..."), and "all in Africa" when all are: the sentence says what the
    counts say (issue 36)."""
    most = tied(continents)
    if continents.iloc[0] == top:
        return f"all in {names_list(most)}"
    if len(most) == 1 and continents[most[0]] * 2 > top:
        return f"mostly in {most[0]}"
    return f"most often in {names_list(most)}"


def median_age(top: int = 5) -> Discussion:
    """Where are people youngest and oldest on average (People & Population)?"""
    countries = _countries()
    ages = countries[["name", "continent", "median_age"]].dropna()
    order = ages.sort_values("median_age", kind="stable")
    chosen = pd.concat([order.head(top), order.tail(top)])
    table = pd.DataFrame(
        {
            "country": chosen["name"].astype(str),
            "continent": chosen["continent"].astype(str),
            "median age (years)": chosen["median_age"],
        }
    )
    table.index.name = "iso3"
    young = order.head(top)["continent"].astype(str).value_counts()
    old = order.tail(top)["continent"].astype(str).value_counts()
    youngest, oldest = tied(ages["median_age"], lowest=True), tied(ages["median_age"])
    answer = (
        f"Youngest: {names_list(ages.loc[youngest, 'name'])} (half the people are under "
        f"{number(ages.loc[youngest[0], 'median_age'])}); oldest: "
        f"{names_list(ages.loc[oldest, 'name'])} ({number(ages.loc[oldest[0], 'median_age'])}). "
        f"The {top} youngest are {_mostly(young, top)}, the {top} oldest {_mostly(old, top)}."
    )
    years = countries.loc[ages.index, "median_age_year"].dropna().astype(int)
    span = f"{years.min()}" if years.min() == years.max() else f"{years.min()}–{years.max()}"
    view = world_map(ages["median_age"], title="Median age (years)")
    return Discussion(
        question="Where are people youngest and oldest? What might that mean for schools, "
        "jobs and hospitals?",
        answer=answer,
        tables=(table,),
        figure=view.figure,
        source=SOURCE + f" (median age, estimates of {span})",
    )


# --------------------------------------------------------------------------- handouts


#: The band colour of each category on a printed card: the board's colours, in board order.
def _category_colours(categories: Sequence[str]) -> dict[str, str]:
    from geoteach.render.board import CATEGORY_COLOURS

    return {c: CATEGORY_COLOURS[k % len(CATEGORY_COLOURS)] for k, c in enumerate(categories)}


def _needs_picture(question: Question) -> bool:
    """A flag question cannot be asked on paper: its flag is only on the screen."""
    return bool(question.media.flag)


def choose_cards(
    deck: str | Path | Iterable[Question] = "built-in",
    *,
    count: int = 36,
    level: int | None = None,
    seed: int = 0,
) -> list[Question]:
    """``count`` cards from a deck, spread evenly over its categories, shuffled by ``seed``.

    ``deck`` is ``"built-in"`` (the six geography decks), a deck CSV (read by
    ``geoteach.quiz.load_deck``, which names the file, line and column of any mistake) or
    questions. ``level`` keeps only Beginner (1), Intermediate (2) or Expert (3) cards.
    Flag questions are left out: the flag is not printed.
    """
    if isinstance(deck, str) and deck == "built-in":
        from geoteach.games.geography_pursuit.questions import default_questions

        cards = [Question.from_dict(q) for qs in default_questions().values() for q in qs]
    elif isinstance(deck, str | Path):
        from geoteach.quiz.decks import load_deck

        cards = list(load_deck(deck))
    else:
        cards = list(deck)
    if level is not None and level not in LEVELS:
        raise ValueError(f"Choose level 1, 2 or 3, not {level!r}.")
    cards = [q for q in cards if not _needs_picture(q) and level in (None, q.level)]
    if not cards:
        raise ValueError("This deck has no question that can be printed at this level.")
    rng = random.Random(seed)
    by_category: dict[str, list[Question]] = {}
    for q in cards:
        by_category.setdefault(q.category, []).append(q)
    for pile in by_category.values():
        rng.shuffle(pile)
    chosen: list[Question] = []
    while len(chosen) < count and any(by_category.values()):
        for pile in by_category.values():
            if pile and len(chosen) < count:
                chosen.append(pile.pop())
    return chosen


def _front(fig: Figure, slot: tuple[float, ...], number_: int, q: Question, colour: str) -> None:
    x, y, w, h = slot
    fig.add_artist(
        Rectangle((x, y + h * 0.87), w, h * 0.13, transform=fig.transFigure, facecolor=colour)
    )
    cut_box(fig, slot)
    fig.text(x + w * 0.05, y + h * 0.935, plot_text(wrap(q.category, 24)), fontsize=SMALL_PT,
             weight="bold", color="white", va="center",
             bbox={"facecolor": "black", "alpha": 0.35, "lw": 0, "pad": 1.5})  # fmt: skip
    fig.text(x + w * 0.95, y + h * 0.935, f"#{number_}", fontsize=SMALL_PT, color="white",
             weight="bold", va="center", ha="right",
             bbox={"facecolor": "black", "alpha": 0.35, "lw": 0, "pad": 1.5})  # fmt: skip
    fig.text(x + w * 0.06, y + h * 0.83, f"Level {q.level}: {q.level_name}", fontsize=TINY_PT,
             va="top", color="#333333")  # fmt: skip
    fig.text(x + w * 0.06, y + h * 0.77, plot_text(wrap(q.prompt, 26)), fontsize=10.5,
             va="top", linespacing=1.3)  # fmt: skip
    if q.choices:
        options = "\n".join(f"{'ABCDEF'[k]}  {c}" for k, c in enumerate(q.choices[:6]))
        fig.text(x + w * 0.08, y + h * 0.06, plot_text(options), fontsize=SMALL_PT,
                 va="bottom", linespacing=1.35)  # fmt: skip


def _back(fig: Figure, slot: tuple[float, ...], number_: int, q: Question) -> None:
    from geoteach.quiz.answers import said_answers

    x, y, w, h = slot
    cut_box(fig, slot)
    fig.text(x + w * 0.06, y + h * 0.95, f"Answer to #{number_}", fontsize=SMALL_PT, va="top",
             color="#333333")  # fmt: skip
    fig.text(x + w * 0.06, y + h * 0.87, plot_text(wrap(said_answers(q), 24)), fontsize=12,
             weight="bold", va="top", linespacing=1.25)  # fmt: skip
    if q.explanation:
        fig.text(x + w * 0.06, y + h * 0.7, plot_text(wrap(q.explanation, 36)),
                 fontsize=SMALL_PT, va="top", linespacing=1.3)  # fmt: skip
    if q.source:
        fig.text(x + w * 0.06, y + h * 0.04, plot_text(wrap(f"Source: {q.source}", 44)),
                 fontsize=TINY_PT, va="bottom", color="#555555")  # fmt: skip


def question_cards_pdf(
    path: str | Path,
    deck: str | Path | Iterable[Question] = "built-in",
    *,
    count: int = 36,
    level: int | None = None,
    seed: int = 0,
    paper: str = "A4",
) -> Path:
    """Question cards to cut out: each page of nine questions is followed by their answers,
    placed to print on the back of the same sheet (two-sided, flipped on the long edge).
    Single-sided, the numbers match a question to its answer. See ``choose_cards``."""
    sheet = Paper.named(paper)
    cards = choose_cards(deck, count=count, level=level, seed=seed)
    colours = _category_colours(list(dict.fromkeys(q.category for q in cards)))
    slots = card_slots(sheet)
    backs = mirrored(slots)
    title = "Geography Pursuit question cards"
    with pdf_pages(path, title) as pdf:
        for start in range(0, len(cards), len(slots)):
            chunk = list(enumerate(cards[start : start + len(slots)], start=start + 1))
            front = page(sheet)
            _heading(front, "Questions: cut along the grey lines. Answers are on the next page.")
            for slot, (n, q) in zip(slots, chunk, strict=False):
                _front(front, slot, n, q, colours[q.category])
            footer(front, title)
            pdf.savefig(front)
            back = page(sheet)
            _heading(back, "Answers: print on the back of the questions (flip on the long edge).")
            for slot, (n, q) in zip(backs, chunk, strict=False):
                _back(back, slot, n, q)
            footer(back, title)
            pdf.savefig(back)
    return Path(path)


def _heading(fig: Figure, text: str) -> None:
    fig.text(0.5, 0.975, text, fontsize=SMALL_PT, ha="center", va="top")


def handouts(
    deck: Any = "built-in", count: int = 36, level: int | None = None, **_ignored: Any
) -> list[Handout]:
    """Geography Pursuit's handout: ``count`` question cards of ``deck``, answers behind."""
    return [
        Handout(
            "geography_pursuit_question_cards.pdf",
            _("question cards, each page followed by its answers for the back of the sheet"),
            lambda path, paper: question_cards_pdf(
                path, deck, count=count, level=level, paper=paper
            ),
        )
    ]
