"""The five trivia decks of Global Pursuit: one per set of map cards, and the WILD CARD deck.

A trivia card holds three questions, one per level (1 Beginner, 2 Intermediate, 3 Expert), and
maybe a special symbol (ROLL, BONUS ROLL, WILD CARD) in its corner. Cards are plain dicts, so a
game saves and replays them: ``{"id", "deck", "symbol", "questions": [q1, q2, q3]}`` with each
question a ``Question.to_dict``.

Where the questions come from (every one right by construction, see ``geoteach.quiz.generators``):

* People and Places (political facts): capitals, countries of capitals, continents, neighbours.
* Planet Earth (physical geography): highest points, sea coasts, area and forest comparisons.
* Historic Happenings (explorers and history): the explorers' routes of
  ``geoteach.data.explorer_routes`` when that table is there, and the order in which U.S. states
  joined the Union (``us_states``, column ``admitted``).
* People and Products (resources, products, people): the products of
  ``geoteach.data.country_products`` when that table is there, and comparisons of population,
  city dwellers, income per person, electricity and CO2 between neighbours.
* WILD CARD: flags; the player sees the flag and names the country.

House rules decided here: 60 cards per deck (the first 60 of each level after a fixed
shuffle, so every classroom gets the same box); of each set's 60, 7 carry ROLL, 4 BONUS ROLL
and 7 WILD CARD (in proportion
for a deck with fewer cards); the WILD CARD deck has no symbols.
"""

from __future__ import annotations

import itertools
import json
import random
from collections.abc import Callable, Iterable
from dataclasses import replace
from functools import cache
from typing import Any

import pandas as pd

from geoteach.games.global_pursuit.layout import SET_NAMES, SETS
from geoteach.quiz import generators
from geoteach.quiz.question import Question

#: The name of the flags deck, next to the four sets.
WILD = "wild"
DECKS: tuple[str, ...] = (*SETS, WILD)
DECK_NAMES: dict[str, str] = {**SET_NAMES, WILD: "WILD CARD"}
#: Cards per deck.
CARDS_PER_DECK = 60
#: How many of a set's cards carry each special symbol.
SYMBOL_COUNTS: dict[str, int] = {"ROLL": 7, "BONUS ROLL": 4, "WILD CARD": 7}

TriviaCard = dict[str, Any]
Bank = dict[str, list[TriviaCard]]


# ----------------------------------------------------------------------------- history
def statehood_questions(states: pd.DataFrame | None = None) -> list[Question]:
    """ "Which became a U.S. state first: Ohio or Texas?" for every pair of states.

    Graded by the gap between the two dates, not by how well known the states are: 50 years
    or more apart is level 1, 15 to 49 years level 2, closer than that level 3.
    """
    if states is None:
        from geoteach.data import us_states

        states = us_states()
    admitted = pd.to_datetime(states["admitted"]).dt.date.to_dict()
    names = states["name"].astype(str).to_dict()
    source = "geoteach.data.us_states(), column 'admitted' (see data/SOURCES.md)"
    questions = []
    for a, b in itertools.combinations(sorted(names), 2):
        if admitted[a] != admitted[b]:
            first, later = (a, b) if admitted[a] < admitted[b] else (b, a)
            gap = admitted[later].year - admitted[first].year
            questions.append(
                Question(
                    category="History",
                    level=1 if gap >= 50 else 2 if gap >= 15 else 3,
                    prompt=f"Which became a U.S. state first: {names[a]} or {names[b]}?",
                    answer=names[first],
                    choices=tuple(sorted((names[a], names[b]))),
                    explanation=(
                        f"{names[first]} joined on {admitted[first]:%d %B %Y}, "
                        f"{names[later]} on {admitted[later]:%d %B %Y}."
                    ),
                    source=source,
                    kind="place",
                    id=f"statehood:{a}:{b}",
                )
            )
    return questions


def explorer_questions(routes: pd.DataFrame) -> list[Question]:
    """ "Which explorer's first journey passed through Calicut?" from a routes table.

    ``routes`` has one row per waypoint with at least ``explorer`` and ``place`` (and a
    ``source`` column, named in each question). A waypoint visited by one explorer only is a
    level 2 question; the explorer's first and last waypoints are level 1 and 3 prompts about
    where the journey began and ended.
    """
    needed = {"explorer", "place"}
    if not needed <= set(routes.columns):
        missing = ", ".join(sorted(needed - set(routes.columns)))
        raise ValueError(f"The explorer routes table has no column {missing}.")
    explorers = sorted(routes["explorer"].astype(str).unique())
    by_place: dict[str, set[str]] = {}
    for row in routes.itertuples():
        by_place.setdefault(str(row.place), set()).add(str(row.explorer))
    source_of = (
        routes.groupby("explorer")["source"].first().astype(str).to_dict()
        if "source" in routes
        else {}
    )
    questions = []
    for explorer, stops in routes.groupby("explorer", sort=True):
        explorer = str(explorer)
        places = [str(p) for p in stops["place"]]
        others = [e for e in explorers if e != explorer][:3]
        src = source_of.get(explorer, "geoteach.data.explorer_routes()")
        common = {"category": "Explorers", "source": src, "kind": "text"}
        questions.append(
            Question(
                level=1,
                prompt=f"Where did {explorer}'s famous first journey begin?",
                answer=places[0],
                explanation=f"{explorer} set out from {places[0]}.",
                id=f"explorer_start:{explorer}",
                **common,
            )
        )
        questions.append(
            Question(
                level=3,
                prompt=f"Where did {explorer}'s famous first journey end?",
                answer=places[-1],
                explanation=f"{explorer}'s journey ended at {places[-1]}.",
                id=f"explorer_end:{explorer}",
                **common,
            )
        )
        for place in places[1:-1]:
            if by_place[place] != {explorer}:
                continue
            questions.append(
                Question(
                    level=2,
                    prompt=f"Which explorer's first journey passed through {place}?",
                    answer=explorer,
                    choices=tuple(sorted([explorer, *others])),
                    explanation=f"{explorer} passed through {place}.",
                    id=f"explorer_stop:{explorer}:{place}",
                    **common,
                )
            )
    return questions


# ----------------------------------------------------------------------------- products
def product_questions(products: pd.DataFrame) -> list[Question]:
    """ "Name a country that produces coffee" style questions from a products table.

    ``products`` has one row per country and product with at least ``iso3`` and ``product``.
    Asked: "Which of these countries lists <product> among its products?" with the other choices
    taken from countries that do not list it; the level is the country's (by prominence).
    """
    needed = {"iso3", "product"}
    if not needed <= set(products.columns):
        missing = ", ".join(sorted(needed - set(products.columns)))
        raise ValueError(f"The country products table has no column {missing}.")
    atlas = generators._default_atlas()
    has: dict[str, set[str]] = {}
    for row in products.itertuples():
        if row.iso3 in atlas.name:
            has.setdefault(str(row.product), set()).add(str(row.iso3))
    src = (
        str(products["source"].iloc[0])
        if "source" in products and len(products)
        else "geoteach.data.country_products()"
    )
    questions = []
    for product, makers in sorted(has.items()):
        for iso3 in sorted(makers):
            others = [c for c in atlas.similar(iso3) if c not in makers][:3]
            if len(others) < 3:
                continue
            name = atlas.name[iso3]
            questions.append(
                generators.country_question(
                    atlas,
                    (iso3,),
                    f"product:{product}",
                    category="Products",
                    prompt=f"Which of these countries lists {product} among its products?",
                    answer=name,
                    choices=tuple(sorted([name, *atlas.names(others)])),
                    explanation=f"{name} lists {product}.",
                    source=src,
                    kind="place",
                )
            )
    return questions


def _optional_table(name: str) -> pd.DataFrame | None:
    """A table of ``geoteach.data`` that another part of the kit may not have shipped yet."""
    import geoteach.data as data

    loader = getattr(data, name, None)
    if loader is None:
        return None
    try:
        return loader()
    except FileNotFoundError:
        return None


def _explorers() -> list[Question]:
    routes = _optional_table("explorer_routes")
    return [] if routes is None else explorer_questions(routes)


def _products() -> list[Question]:
    products = _optional_table("country_products")
    return [] if products is None else product_questions(products)


def _compare(*keys: str) -> Callable[[], list[Question]]:
    return lambda: [q for key in keys for q in generators.comparison_questions(key)]


#: The question sources of each deck.
SOURCES: dict[str, tuple[Callable[[], list[Question]], ...]] = {
    "people_places": (
        generators.capital_questions,
        generators.country_of_capital_questions,
        generators.continent_questions,
        generators.neighbour_questions,
        generators.neighbour_count_questions,
    ),
    "planet_earth": (
        generators.highest_point_questions,
        generators.coastline_questions,
        _compare("area_km2", "forest_pct"),
    ),
    "historic_happenings": (_explorers, statehood_questions),
    "people_products": (
        _products,
        _compare("population", "urban_pct", "gdp_per_capita_usd", "electricity_access_pct"),
        _compare("co2_mt"),
    ),
    WILD: (generators.flag_questions,),
}


def make_cards(
    deck: str,
    questions: Iterable[Question],
    cards: int = CARDS_PER_DECK,
    symbols: dict[str, int] | None = None,
    seed: str = "global_pursuit",
) -> list[TriviaCard]:
    """Trivia cards of three questions (levels 1-3) each, in a fixed shuffled order.

    Each source is drawn in turn, so a deck mixes its kinds of question. ``symbols`` gives how
    many cards carry each special symbol.
    """
    rng = random.Random(f"{seed}:{deck}")
    pools: dict[int, list[Question]] = {1: [], 2: [], 3: []}
    for q in questions:
        pools[q.level].append(q)
    for level in pools:
        rng.shuffle(pools[level])
    count = min(cards, *(len(p) for p in pools.values()))
    if count == 0:
        raise ValueError(f"The {DECK_NAMES.get(deck, deck)} deck has no questions at some level.")
    marks: list[str | None] = []
    for symbol, n in (symbols or {}).items():
        marks += [symbol] * round(n * count / cards)  # a smaller deck, as many in proportion
    marks += [None] * max(0, count - len(marks))
    marks = marks[:count]
    rng.shuffle(marks)
    name = DECK_NAMES.get(deck, deck)
    return [
        {
            "id": f"{deck}:{i + 1}",
            "deck": deck,
            "symbol": marks[i],
            "questions": [
                replace(pools[level][i], category=name, symbol=marks[i]).to_dict()
                for level in (1, 2, 3)
            ],
        }
        for i in range(count)
    ]


def _interleave(groups: list[list[Question]]) -> list[Question]:
    """Take from each source in turn, so a small source is not drowned by a large one."""
    rng = random.Random("global_pursuit:interleave")
    for group in groups:
        rng.shuffle(group)
    out: list[Question] = []
    for i in range(max((len(g) for g in groups), default=0)):
        out += [g[i] for g in groups if i < len(g)]
    return out


@cache
def _built_in_json() -> str:
    bank: Bank = {}
    for deck in DECKS:
        groups = [source() for source in SOURCES[deck]]
        ordered = _interleave([g for g in groups if g])
        # Keep the interleaved order within each level: a fixed shuffle happens in make_cards.
        symbols = None if deck == WILD else SYMBOL_COUNTS
        bank[deck] = make_cards(
            deck, _first_per_level(ordered, 4 * CARDS_PER_DECK), symbols=symbols
        )
    return json.dumps(bank)


def _first_per_level(questions: list[Question], n: int) -> list[Question]:
    counts = {1: 0, 2: 0, 3: 0}
    out = []
    for q in questions:
        if counts[q.level] < n:
            counts[q.level] += 1
            out.append(q)
    return out


def built_in_bank() -> Bank:
    """The five built-in decks (a fresh copy): ``{deck name: [trivia card, ...]}``."""
    return json.loads(_built_in_json())


def question(card: TriviaCard, level: int) -> Question:
    """The question of ``level`` (1-3) on a trivia card."""
    return Question.from_dict(card["questions"][int(level) - 1])
