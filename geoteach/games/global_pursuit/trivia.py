"""The five trivia decks of Global Pursuit: one per set of map cards, and the WILD CARD deck.

A trivia card holds three questions, one per level (1 Beginner, 2 Intermediate, 3 Expert), and
maybe a special symbol (ROLL, BONUS ROLL, WILD CARD) in its corner. Cards are plain dicts, so a
game saves and replays them: ``{"id", "deck", "symbol", "questions": [q1, q2, q3]}`` with each
question a ``Question.to_dict``.

Where the questions come from (every one right by construction, see ``geoteach.quiz.generators``):

* People and Places (political facts): capitals, countries of capitals, continents, neighbours.
* Planet Earth (physical geography): highest points, sea coasts, area and forest comparisons.
* Historic Happenings (explorers and history): where each journey of
  ``geoteach.data.explorer_routes`` began and ended, whose journey passed through a stop, which
  of two explorers set out first; the order in which U.S. states joined the Union and the 13
  original states (``us_states``, columns ``admitted``, ``statehood_rank``). Each source is
  drawn in turn, so the explorers are not drowned by the 1,200 pairs of states.
* People and Products (resources, products, people): the products of
  ``geoteach.data.country_products`` when that table is there, and comparisons of population,
  city dwellers, income per person, electricity and CO2 between neighbours.
* WILD CARD: flags; the player sees the flag and names the country.

Levels come from how hard each question is (``geoteach.quiz.generators``). The fame of an
explorer is not in the data, so explorer questions are graded by how close their distractors
are (places within a few thousand km, journeys within a few centuries).

House rules decided here: 60 cards per deck (the first 60 of each level after a fixed
shuffle, so every classroom gets the same box); of each set's 60, 7 carry ROLL, 4 BONUS ROLL
and 7 WILD CARD (in proportion
for a deck with fewer cards); the WILD CARD deck has no symbols.
"""

from __future__ import annotations

import itertools
import json
import math
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
#: How well known a journey is cannot be read from the data: every explorer question counts as
#: known by this share of players, and its level comes from how close its distractors are.
EXPLORER_KNOWN = 0.3
#: Stops this far apart (km) or more are told apart by a rough guess; nearer ones are close.
FAR_KM = 3000.0
#: Journeys or statehoods this many years apart or more are easy to order by era.
FAR_YEARS = {"explorer": 300, "statehood": 100}
#: Admission dates are known half as often as a state itself.
DATES_KNOWN = 0.5


def statehood_questions(states: pd.DataFrame | None = None) -> list[Question]:
    """ "Which became a U.S. state first: Ohio or Texas?" for every pair of states.

    Graded like every generated question (``geoteach.quiz.generators``): dates far apart can be
    told by era, close ones need both dates known.
    """
    if states is None:
        from geoteach.data import us_states

        states = us_states()
    places = generators.StateAtlas(states)
    admitted = pd.to_datetime(states["admitted"]).dt.date.to_dict()
    names = states["name"].astype(str).to_dict()
    source = "geoteach.data.us_states(), column 'admitted' (see data/SOURCES.md)"
    questions = []
    for a, b in itertools.combinations(sorted(names), 2):
        if admitted[a] != admitted[b]:
            first, later = (a, b) if admitted[a] < admitted[b] else (b, a)
            gap = (admitted[later] - admitted[first]).days / 365.25
            close = max(0.0, 1 - gap / FAR_YEARS["statehood"])
            known = DATES_KNOWN * generators.comparison_known(
                places.known[a], places.known[b], close
            )
            questions.append(
                Question(
                    category="History",
                    prompt=f"Which became a U.S. state first: {names[a]} or {names[b]}?",
                    answer=names[first],
                    choices=tuple(sorted((names[a], names[b]))),
                    explanation=(
                        f"{names[first]} joined on {admitted[first].day} "
                        f"{admitted[first]:%B %Y}, {names[later]} on {admitted[later].day} "
                        f"{admitted[later]:%B %Y}."
                    ),
                    source=source,
                    kind="place",
                    id=f"statehood:{a}:{b}",
                    **generators.graded(known, generators.guess_chance(2, close)),
                )
            )
    return questions


def _journeys(routes: pd.DataFrame) -> dict[tuple[str, str], pd.DataFrame]:
    needed = {"explorer", "journey", "place", "lat", "lon", "year"}
    if not needed <= set(routes.columns):
        missing = ", ".join(sorted(needed - set(routes.columns)))
        raise ValueError(f"The explorer routes table has no column {missing}.")
    ordered = routes.sort_values(["explorer", "journey", "order"] if "order" in routes else [])
    return {
        (str(e), str(j)): stops.reset_index(drop=True)
        for (e, j), stops in ordered.groupby(["explorer", "journey"], sort=True)
    }


def _km(a: tuple[float, float], b: tuple[float, float]) -> float:
    """Great-circle distance between two (lat, lon) points, in km."""
    lat1, lon1, lat2, lon2 = map(math.radians, (*a, *b))
    h = math.sin((lat2 - lat1) / 2) ** 2
    h += math.cos(lat1) * math.cos(lat2) * math.sin((lon2 - lon1) / 2) ** 2
    return 2 * 6371.0 * math.asin(min(1.0, math.sqrt(h)))


def _near(distances: list[float]) -> float:
    """Closeness of distractors this far away: 1 on the spot, 0 at ``FAR_KM`` or more."""
    return sum(max(0.0, 1 - d / FAR_KM) for d in distances) / max(1, len(distances))


def _years(stops: pd.DataFrame) -> str:
    first, last = int(stops["year"].min()), int(stops["year"].max())
    return str(first) if first == last else f"{first}–{last}"


def explorer_questions(routes: pd.DataFrame) -> list[Question]:
    """Where each journey began and ended, and whose journey passed through a stop.

    ``routes`` has one row per waypoint (``explorer``, ``journey``, ``order``, ``place``,
    ``lat``, ``lon``, ``year`` and a ``source`` named in each question). Multiple choice: the
    other journeys' places nearest the answer are the distractors, and the nearer they are, the
    higher the level. A stop is asked only when one journey alone passed through it.
    """
    journeys = _journeys(routes)
    by_place: dict[str, set[tuple[str, str]]] = {}
    for key, stops in journeys.items():
        for place in stops["place"].astype(str):
            by_place.setdefault(place, set()).add(key)
    questions = []
    for key, stops in journeys.items():
        explorer, journey = key
        src = str(stops["source"].iloc[0]) if "source" in stops else "data/explorer_routes.csv"
        trip = f"{explorer}, {journey} ({_years(stops)})"
        common = {"category": "Explorers", "source": src, "kind": "place"}
        for end, row in (("begin", stops.iloc[0]), ("end", stops.iloc[-1])):
            here = (float(row["lat"]), float(row["lon"]))
            index = 0 if end == "begin" else -1
            others = sorted(
                (_km(here, (float(o["lat"]), float(o["lon"]))), str(o["place"]))
                for k, other in journeys.items()
                if k != key
                for o in (other.iloc[index],)
            )
            choices = generators._choices(str(row["place"]), [p for _, p in others])
            shown = [d for d, p in others if p in choices][: generators.DISTRACTORS]
            verb = "set out from" if end == "begin" else "ended at"
            questions.append(
                Question(
                    prompt=f"Where did this journey {end}: {trip}?",
                    answer=str(row["place"]),
                    choices=choices,
                    explanation=f"{explorer} {verb} {row['place']} in {int(row['year'])}.",
                    id=f"explorer_{'start' if end == 'begin' else 'end'}:{explorer}:{journey}",
                    **generators.graded(
                        EXPLORER_KNOWN, generators.guess_chance(len(choices), _near(shown))
                    ),
                    **common,
                )
            )
        for _, row in stops.iloc[1:-1].iterrows():
            place = str(row["place"])
            if by_place[place] != {key}:
                continue
            here = (float(row["lat"]), float(row["lon"]))
            nearest = sorted(
                (min(_km(here, (float(o["lat"]), float(o["lon"]))) for _, o in other.iterrows()), k)
                for k, other in journeys.items()
                if k[0] != explorer
            )
            names = [k[0] for _, k in nearest]
            choices = generators._choices(explorer, names)
            shown = [d for d, k in nearest if k[0] in choices][: generators.DISTRACTORS]
            questions.append(
                Question(
                    prompt=f"Whose journey passed through {place}?",
                    answer=explorer,
                    choices=choices,
                    explanation=f"{explorer} passed through {place} in {int(row['year'])} "
                    f"({journey}).",
                    id=f"explorer_stop:{explorer}:{place}",
                    **generators.graded(
                        EXPLORER_KNOWN, generators.guess_chance(len(choices), _near(shown))
                    ),
                    **common,
                )
            )
    return questions


def explorer_order_questions(routes: pd.DataFrame) -> list[Question]:
    """ "Who set out first: Marco Polo or Zheng He?" for journeys of different explorers.

    Journeys centuries apart are easy to order by era; a few years apart need both dates.
    """
    journeys = _journeys(routes)
    questions = []
    for (ka, a), (kb, b) in itertools.combinations(journeys.items(), 2):
        start_a, start_b = int(a["year"].min()), int(b["year"].min())
        if ka[0] == kb[0] or start_a == start_b:
            continue
        first, later = ((ka, start_a), (kb, start_b))[:: 1 if start_a < start_b else -1]
        close = max(0.0, 1 - (later[1] - first[1]) / FAR_YEARS["explorer"])
        src = f"{a['source'].iloc[0]}; {b['source'].iloc[0]}" if "source" in a else ""
        questions.append(
            Question(
                category="Explorers",
                prompt=f"Who set out first: {ka[0]} ({ka[1]}) or {kb[0]} ({kb[1]})?",
                answer=first[0][0],
                choices=tuple(sorted((ka[0], kb[0]))),
                explanation=f"{first[0][0]} set out in {first[1]}, {later[0][0]} in {later[1]}.",
                source=src or "data/explorer_routes.csv",
                kind="place",
                id=f"explorer_order:{ka[0]}:{ka[1]}:{kb[0]}:{kb[1]}",
                **generators.graded(
                    EXPLORER_KNOWN * (1 - close / 2), generators.guess_chance(2, close)
                ),
            )
        )
    return questions


# ----------------------------------------------------------------------------- products
def product_questions(products: pd.DataFrame) -> list[Question]:
    """ "Which of these countries lists coffee among its products?" from a products table.

    ``products`` has one row per country and product with at least ``iso3`` and ``product``.
    The other choices are the most similar countries that do not list it; graded like every
    generated question (how well known the country, how close the distractors).
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
            others = [c for c in atlas.similar(iso3) if c not in makers]
            if len(others) < generators.DISTRACTORS:
                continue
            name = atlas.name[iso3]
            questions.append(
                generators.choice_question(
                    atlas,
                    iso3,
                    f"product:{product}",
                    category="Products",
                    prompt=f"Which of these countries lists {product} among its products?",
                    answer=name,
                    distractors=others,
                    options=atlas.names(others),
                    explanation=f"{atlas.opening(iso3)} lists {product}.",
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


def _explorer_order() -> list[Question]:
    routes = _optional_table("explorer_routes")
    return [] if routes is None else explorer_order_questions(routes)


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
    "historic_happenings": (
        _explorers,
        _explorer_order,
        statehood_questions,
        generators.original_state_questions,
    ),
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

    ``symbols`` gives how many cards carry each special symbol.
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


def _balanced(groups: list[list[Question]], per_level: int) -> list[Question]:
    """Up to ``per_level`` questions of each level, taken from each source in turn.

    Within a level every source gives one question per round until it runs out, so a small
    source (the explorers' journeys) is not drowned by a large one (1,200 pairs of states).
    """
    rng = random.Random("global_pursuit:interleave")
    out: list[Question] = []
    for level in (1, 2, 3):
        pools = [[q for q in group if q.level == level] for group in groups]
        for pool in pools:
            rng.shuffle(pool)
        taken: list[Question] = []
        for i in range(max((len(p) for p in pools), default=0)):
            taken += [p[i] for p in pools if i < len(p)]
        out += taken[:per_level]
    return out


@cache
def _built_in_json() -> str:
    bank: Bank = {}
    for deck in DECKS:
        groups = [source() for source in SOURCES[deck]]
        symbols = None if deck == WILD else SYMBOL_COUNTS
        bank[deck] = make_cards(
            deck, _balanced([g for g in groups if g], CARDS_PER_DECK), symbols=symbols
        )
    return json.dumps(bank)


def built_in_bank() -> Bank:
    """The five built-in decks (a fresh copy): ``{deck name: [trivia card, ...]}``."""
    return json.loads(_built_in_json())


def question(card: TriviaCard, level: int) -> Question:
    """The question of ``level`` (1-3) on a trivia card."""
    return Question.from_dict(card["questions"][int(level) - 1])


def bank_of(trivia: str | Bank) -> Bank:
    """The decks a game's ``trivia`` option stands for: ``"built-in"`` or a bank of its own.

    A screen reads the decks from the game's (public) options this way: the other answers of
    a deck make the wrong options of a multiple-choice question.
    """
    return built_in_bank() if trivia == "built-in" else trivia  # type: ignore[return-value]


def deck_questions(bank: Bank, deck: str, level: int) -> list[Question]:
    """The question of ``level`` on every card of ``deck`` (none for a deck not in the bank)."""
    return [question(card, level) for card in bank.get(deck, [])]
