"""Questions made from the tables of geoteach.data: many, and right by construction.

Each generator reads one or two columns and writes one question per country, state or pair,
so a question is exactly as right as the data it came from (its ``source`` names the table,
column and vintage). Multiple-choice options are stored in alphabetical order with the most
similar places as distractors; ``geoteach.quiz.answers.shuffled_choices`` shuffles them.

How levels are graded (by how well known a place is, never at random):

* Countries: by ``prominence`` (0-100, the mean percentile of population, GDP and area; see
  scripts/build_world.py). The most prominent third of countries gives level 1 (Beginner),
  the middle third level 2, the least prominent third level 3 (Expert).
* U.S. states: by population rank: 1-17 give level 1, 18-34 level 2, 35-50 level 3.
* A question about several places takes the level of the least known one.
* Asking for a number ("How many countries border Chad?") is one level harder, at most 3.

House rules where the data is ambiguous:

* Continent questions leave out every country with a land neighbour on another continent
  (Russia, Turkey, Egypt, Panama...), because atlases disagree about which continent they are in.
* "Which country borders both A and B?" accepts every country that does; the most prominent is
  shown as the answer and the explanation names them all.
* Comparisons are asked only between land neighbours whose values differ by at least 5%, so a
  newer edition of the data cannot turn a right answer wrong.
"""

from __future__ import annotations

import itertools
from collections import Counter
from collections.abc import Callable, Iterable
from functools import cache
from random import Random
from typing import Any

import pandas as pd

from geoteach.quiz.answers import spoken_list
from geoteach.quiz.decks import Deck
from geoteach.quiz.question import Question
from geoteach.quiz.worldbank import Statistic

#: Smallest relative difference between two values of a comparison question.
MIN_DIFFERENCE = 0.05
#: Distractors per multiple-choice question (plus the answer: 4 options).
DISTRACTORS = 3

_COUNTRY_SOURCE = "geoteach.data.countries(), column '{}' (see data/SOURCES.md)"
_STATE_SOURCE = "geoteach.data.us_states(), column '{}' (see data/SOURCES.md)"


# ----------------------------------------------------------------------------- tables
@cache
def _countries() -> pd.DataFrame:
    from geoteach.data.world import countries

    return countries()


@cache
def _states() -> pd.DataFrame:
    # Imported from its module: once imported, the submodule hides the package's lazy name.
    from geoteach.data.usa import us_states

    return us_states()


class Atlas:
    """The country table as plain dictionaries: fast to read a few hundred thousand times."""

    def __init__(self, table: pd.DataFrame) -> None:
        self.table = table
        self.codes: list[str] = [str(c) for c in table.index]
        self.levels: dict[str, int] = country_levels(table).to_dict()
        columns = ("name", "capital", "region", "continent")
        for column in columns:
            setattr(self, column, table[column].astype(str).to_dict())
        self.name: dict[str, str]
        self.capital: dict[str, str]
        self.region: dict[str, str]
        self.continent: dict[str, str]
        self.prominence: dict[str, float] = table["prominence"].astype(float).to_dict()
        self.aliases: dict[str, tuple[str, ...]] = table["aliases"].map(tuple).to_dict()
        self.capital_aliases: dict[str, tuple[str, ...]] = (
            table["capital_aliases"].map(tuple).to_dict()
        )
        self.neighbours: dict[str, tuple[str, ...]] = {
            iso3: tuple(n for n in ns if n in table.index)
            for iso3, ns in table["neighbours"].items()
        }

    def similar(self, iso3: str, exclude: Iterable[str] = ()) -> list[str]:
        """Other countries, the most easily confused first (see ``similar_countries``)."""
        neighbours = set(self.neighbours[iso3])
        region, continent = self.region[iso3], self.continent[iso3]
        prominence = self.prominence[iso3]
        skip = {iso3, *exclude}

        def closeness(code: str) -> tuple[int, float, str]:
            group = (
                0
                if code in neighbours
                else 1
                if self.region[code] == region
                else 2
                if self.continent[code] == continent
                else 3
            )
            return group, abs(self.prominence[code] - prominence), code

        return sorted((c for c in self.codes if c not in skip), key=closeness)

    def names(self, codes: Iterable[str]) -> list[str]:
        return [self.name[c] for c in codes]


@cache
def _default_atlas() -> Atlas:
    return Atlas(_countries())


def _atlas(countries: pd.DataFrame | None) -> Atlas:
    return _default_atlas() if countries is None else Atlas(countries)


def country_levels(countries: pd.DataFrame | None = None) -> pd.Series:
    """Level 1-3 of each country, by thirds of ``prominence`` (most prominent: 1)."""
    table = _countries() if countries is None else countries
    share = table["prominence"].rank(ascending=False, method="first", pct=True)
    return pd.cut(share, [0, 1 / 3, 2 / 3, 1], labels=[1, 2, 3]).astype(int)


def state_levels(states: pd.DataFrame | None = None) -> pd.Series:
    """Level 1-3 of each U.S. state, by population rank (1-17: 1, 18-34: 2, 35-50: 3)."""
    table = _states() if states is None else states
    return pd.cut(table["population_rank"], [0, 17, 34, 10_000], labels=[1, 2, 3]).astype(int)


def _harder(level: int) -> int:
    return min(level + 1, 3)


def similar_countries(
    iso3: str, countries: pd.DataFrame | None = None, exclude: Iterable[str] = ()
) -> list[str]:
    """Other countries, the most easily confused first: distractors for multiple choice.

    Order: land neighbours, then the same region, then the same continent, then the rest;
    within each group the countries of the closest prominence come first.
    """
    return _atlas(countries).similar(iso3, exclude)


def _choices(answer: str, options: Iterable[str], count: int = DISTRACTORS) -> tuple[str, ...]:
    picked: list[str] = []
    for option in options:
        if option != answer and option not in picked:
            picked.append(option)
        if len(picked) == count:
            break
    return tuple(sorted([answer, *picked]))


def _fmt(value: float) -> str:
    if float(value).is_integer():
        return f"{int(value):,}"
    return f"{value:,.1f}"


def _and(words: list[str]) -> str:
    return spoken_list(words, "and")


def _aliases(*groups: Iterable[str]) -> tuple[str, ...]:
    return tuple(dict.fromkeys(a for group in groups for a in group if a))


def country_question(
    atlas: Atlas,
    places: tuple[str, ...],
    id_prefix: str,
    *,
    level: int | None = None,
    harder: bool = False,
    media: dict[str, Any] | None = None,
    **fields: Any,
) -> Question:
    """A question about one or more countries; what follows from the places is filled in here.

    The level is that of the least known place (one harder with ``harder``), the map lights
    up the places unless ``media`` says otherwise, and the id is ``id_prefix:A-B``. ``fields``
    are the rest of ``Question`` (category, prompt, answer, explanation, source...).
    """
    if level is None:
        level = max(atlas.levels[p] for p in places)
    return Question(
        level=_harder(level) if harder else level,
        media={"highlight": places} if media is None else media,
        id=f"{id_prefix}:{'-'.join(places)}",
        **fields,
    )


# ----------------------------------------------------------------------------- countries
def capital_questions(countries: pd.DataFrame | None = None) -> list[Question]:
    """ "What is the capital of Kenya?" for every country."""
    atlas = _atlas(countries)
    questions = []
    for iso3 in atlas.codes:
        name, capital = atlas.name[iso3], atlas.capital[iso3]
        similar_capitals = [atlas.capital[c] for c in atlas.similar(iso3)]
        questions.append(
            country_question(
                atlas,
                (iso3,),
                "capital",
                category="Capitals",
                prompt=f"What is the capital of {name}?",
                answer=capital,
                aliases=_aliases(atlas.capital_aliases[iso3]),
                choices=_choices(capital, similar_capitals),
                explanation=f"{capital} is the capital of {name}.",
                source=_COUNTRY_SOURCE.format("capital"),
                kind="place",
            )
        )
    return questions


def _name_the_country(
    atlas: Atlas, iso3: str, id_prefix: str, prompt: str, explanation: str, **fields: Any
) -> Question:
    """A question whose answer is the country itself, its neighbours the distractors."""
    name = atlas.name[iso3]
    return country_question(
        atlas,
        (iso3,),
        id_prefix,
        prompt=prompt,
        answer=name,
        aliases=_aliases(atlas.aliases[iso3]),
        choices=_choices(name, atlas.names(atlas.similar(iso3))),
        explanation=explanation,
        kind="place",
        **fields,
    )


def country_of_capital_questions(countries: pd.DataFrame | None = None) -> list[Question]:
    """ "Which country has Nairobi as its capital?" for every capital that only one country has."""
    atlas = _atlas(countries)
    shared = {c for c, n in Counter(atlas.capital.values()).items() if n > 1}
    return [
        _name_the_country(
            atlas,
            iso3,
            "capital_of",
            f"Which country has {capital} as its capital?",
            f"{capital} is the capital of {atlas.name[iso3]}.",
            category="Capitals",
            media={},  # lighting the country up would give the answer away
            source=_COUNTRY_SOURCE.format("capital"),
        )
        for iso3, capital in ((c, atlas.capital[c]) for c in atlas.codes)
        if capital not in shared
    ]


def continent_questions(countries: pd.DataFrame | None = None) -> list[Question]:
    """ "On which continent is Chad?" for countries whose neighbours share their continent."""
    atlas = _atlas(countries)
    continents = sorted(set(atlas.continent.values()))
    questions = []
    for iso3 in atlas.codes:
        continent = atlas.continent[iso3]
        if any(atlas.continent[n] != continent for n in atlas.neighbours[iso3]):
            continue
        name = atlas.name[iso3]
        questions.append(
            country_question(
                atlas,
                (iso3,),
                "continent",
                category="Continents",
                prompt=f"On which continent is {name}?",
                answer=continent,
                choices=_choices(continent, continents),
                explanation=f"{name} is in {atlas.region[iso3]}, part of {continent}.",
                source=_COUNTRY_SOURCE.format("continent"),
                kind="place",
            )
        )
    return questions


def neighbour_questions(countries: pd.DataFrame | None = None) -> list[Question]:
    """ "Which country borders both Peru and Argentina?"; every country that does counts."""
    atlas = _atlas(countries)
    border = {iso3: set(ns) for iso3, ns in atlas.neighbours.items()}
    pairs: set[tuple[str, str]] = set()
    for around in border.values():
        pairs.update(itertools.combinations(sorted(around), 2))
    questions = []
    for a, b in sorted(pairs):
        common = sorted(border[a] & border[b], key=lambda c: (-atlas.prominence[c], c))
        answer, others = common[0], common[1:]
        similar = atlas.similar(answer, exclude=[*common, a, b])
        near = border[a] | border[b]
        wrong = [c for c in similar if c in near] + [c for c in similar if c not in near]
        name_a, name_b = atlas.name[a], atlas.name[b]
        names = atlas.names(common)
        explanation = (
            f"{names[0]} borders both {name_a} and {name_b}."
            if len(names) == 1
            else f"{_and(names)} all border both {name_a} and {name_b}."
        )
        questions.append(
            country_question(
                atlas,
                (a, b),
                "borders_both",
                level=max(atlas.levels[a], atlas.levels[b], atlas.levels[answer]),
                category="Neighbours",
                prompt=f"Which country borders both {name_a} and {name_b}?",
                answer=names[0],
                aliases=_aliases(
                    atlas.aliases[answer], *((atlas.name[o], *atlas.aliases[o]) for o in others)
                ),
                choices=_choices(names[0], atlas.names(wrong)),
                explanation=explanation,
                source=_COUNTRY_SOURCE.format("neighbours"),
                kind="place",
            )
        )
    return questions


def neighbour_count_questions(countries: pd.DataFrame | None = None) -> list[Question]:
    """ "How many countries share a land border with Chad?" for countries with neighbours."""
    atlas = _atlas(countries)
    return [
        country_question(
            atlas,
            (iso3,),
            "neighbour_count",
            harder=True,
            category="Neighbours",
            prompt=f"How many countries share a land border with {atlas.name[iso3]}?",
            answer=str(len(neighbours)),
            explanation=f"{atlas.name[iso3]} borders {_and(atlas.names(neighbours))}.",
            source=_COUNTRY_SOURCE.format("neighbours"),
            kind="number",
        )
        for iso3, neighbours in ((c, atlas.neighbours[c]) for c in atlas.codes)
        if neighbours
    ]


def country_statistic(key: str, countries: pd.DataFrame | None = None) -> Statistic:
    """A statistic of ``geoteach.data.statistics()`` with its values, ready to compare."""
    from geoteach.data.world import statistics

    meta = statistics().loc[key]
    table = _countries() if countries is None else countries
    return Statistic(
        key=key,
        label=str(meta["label"]),
        unit=str(meta["unit"]),
        year=int(meta["year"]),
        source=str(meta["source"]),
        values=table[key].dropna().astype(float),
        rank1=meta["rank1"],
    )


def comparison_questions(
    statistic: Statistic | str, countries: pd.DataFrame | None = None
) -> list[Question]:
    """ "Population: which is higher, France or Spain?" for land neighbours that differ by 5%+.

    ``statistic`` is a key of ``geoteach.data.statistics()`` or a ``Statistic`` (for example
    one read by ``load_worldbank_csv``).
    """
    atlas = _atlas(countries)
    stat = country_statistic(statistic, countries) if isinstance(statistic, str) else statistic
    values = stat.values.astype(float).to_dict()
    pairs = {
        (min(a, b), max(a, b))
        for a, ns in atlas.neighbours.items()
        for b in ns
        if a in values and b in values
    }
    questions = []
    for a, b in sorted(pairs):
        va, vb = values[a], values[b]
        if va == vb or abs(va - vb) < MIN_DIFFERENCE * max(abs(va), abs(vb)):
            continue
        top = a if va > vb else b
        name_a, name_b = atlas.name[a], atlas.name[b]
        questions.append(
            country_question(
                atlas,
                (a, b),
                f"compare:{stat.key}",
                category="Statistics",
                prompt=f"{stat.label}: which is higher, {name_a} or {name_b}?",
                answer=atlas.name[top],
                aliases=_aliases(atlas.aliases[top]),
                choices=tuple(sorted((name_a, name_b))),
                explanation=(
                    f"{name_a}: {_fmt(va)} {stat.unit}; {name_b}: {_fmt(vb)} {stat.unit} "
                    f"({stat.year})."
                ),
                source=f"{stat.source}, {stat.year}",
                kind="place",
            )
        )
    return questions


def highest_point_questions(countries: pd.DataFrame | None = None) -> list[Question]:
    """Which of two neighbours reaches higher, and how high a country's highest point is."""
    atlas = _atlas(countries)
    stat = country_statistic("highest_point_m", countries)
    return comparison_questions(stat, countries) + [
        country_question(
            atlas,
            (iso3,),
            "highest_point",
            harder=True,
            category="Mountains",
            prompt=(
                f"How high is the highest point of {atlas.name[iso3]}, in metres? "
                "(10% either way counts)"
            ),
            answer=_fmt(metres),
            explanation=(
                f"The highest point of {atlas.name[iso3]} is {_fmt(metres)} m above sea level."
            ),
            source=f"{stat.source}, {stat.year}",
            kind="number",
            tolerance=round(0.1 * float(metres), 1),
        )
        for iso3, metres in stat.values.items()
        if metres > 0
    ]


def coastline_questions(countries: pd.DataFrame | None = None) -> list[Question]:
    """ "Does Bolivia have a sea coast?" for every country, and coastline comparisons."""
    atlas = _atlas(countries)
    stat = country_statistic("coastline_km", countries)
    questions = [
        country_question(
            atlas,
            (iso3,),
            "coast",
            category="Coasts",
            prompt=f"Does {atlas.name[iso3]} have a sea coast?",
            answer="Yes" if km > 0 else "No",
            choices=("No", "Yes"),
            explanation=(
                f"{atlas.name[iso3]} has {_fmt(km)} km of coastline."
                if km > 0
                else f"{atlas.name[iso3]} is landlocked: it has no sea coast."
            ),
            source=f"{stat.source}, {stat.year}",
        )
        for iso3, km in stat.values.items()
    ]
    return questions + comparison_questions(stat, countries)


def flag_questions(countries: pd.DataFrame | None = None) -> list[Question]:
    """ "Which country does this flag belong to?" with the flag shown, for every country."""
    atlas = _atlas(countries)
    return [
        _name_the_country(
            atlas,
            iso3,
            "flag",
            "Which country does this flag belong to?",
            f"This is the flag of {atlas.name[iso3]}.",
            category="Flags",
            media={"flag": iso3},
            source="flag-icons 7.5.0 (MIT), data/flags; " + _COUNTRY_SOURCE.format("name"),
        )
        for iso3 in atlas.codes
    ]


# ----------------------------------------------------------------------------- U.S. states
def state_capital_questions(states: pd.DataFrame | None = None) -> list[Question]:
    """ "What is the capital of Ohio?" and "Columbus is the capital of which state?"."""
    table = _states() if states is None else states
    levels = state_levels(table).to_dict()
    name = table["name"].astype(str).to_dict()
    capital = table["capital"].astype(str).to_dict()
    region = table["division"].astype(str).to_dict()
    rank = table["population_rank"].astype(int).to_dict()
    neighbours = table["neighbours"].map(set).to_dict()

    def similar(usps: str) -> list[str]:
        # Neighbouring states first, then the same census division, then the closest in size.
        def closeness(code: str) -> tuple[int, int, str]:
            group = 0 if code in neighbours[usps] else 1 if region[code] == region[usps] else 2
            return group, abs(rank[code] - rank[usps]), code

        return sorted((c for c in name if c != usps), key=closeness)

    questions = []
    for usps in name:
        others = similar(usps)
        common = {
            "category": "U.S. state capitals",
            "level": levels[usps],
            "media": {"highlight": (usps,)},
            "explanation": f"{capital[usps]} is the capital of {name[usps]}.",
            "source": _STATE_SOURCE.format("capital"),
            "kind": "place",
        }
        # Both ways round: the capital of a state, and the state of a capital.
        asked = (
            ("state_capital", f"What is the capital of {name[usps]}?", capital),
            ("state_of_capital", f"{capital[usps]} is the capital of which U.S. state?", name),
        )
        for id_prefix, prompt, answers in asked:
            questions.append(
                Question(
                    prompt=prompt,
                    answer=answers[usps],
                    choices=_choices(answers[usps], [answers[s] for s in others]),
                    id=f"{id_prefix}:{usps}",
                    **common,
                )
            )
    return questions


# ----------------------------------------------------------------------------- all of them
GENERATORS: dict[str, Callable[[], list[Question]]] = {
    "capitals": lambda: capital_questions() + country_of_capital_questions(),
    "continents": lambda: continent_questions(),
    "neighbours": lambda: neighbour_questions() + neighbour_count_questions(),
    "statistics": lambda: [
        q
        for key in ("population", "area_km2", "life_expectancy", "forest_pct")
        for q in comparison_questions(key)
    ],
    "highest points": lambda: highest_point_questions(),
    "coastline": lambda: coastline_questions(),
    "U.S. state capitals": lambda: state_capital_questions(),
    "flags": lambda: flag_questions(),
}


def generate(
    kinds: Iterable[str] | None = None, levels: Iterable[int] | None = None
) -> list[Question]:
    """Every question of the given kinds (keys of ``GENERATORS``; default all) and levels."""
    chosen = list(GENERATORS) if kinds is None else list(kinds)
    unknown = [k for k in chosen if k not in GENERATORS]
    if unknown:
        raise ValueError(f"Unknown question kinds {unknown}; choose from {', '.join(GENERATORS)}.")
    wanted = {1, 2, 3} if levels is None else set(levels)
    return [q for kind in chosen for q in GENERATORS[kind]() if q.level in wanted]


def generated_deck(
    kinds: Iterable[str] | None = None,
    levels: Iterable[int] | None = None,
    rng: Random | None = None,
    name: str = "generated",
) -> Deck:
    """A shuffled deck of generated questions (shuffled with the game's seeded ``rng``)."""
    deck = Deck(generate(kinds, levels), name=name)
    deck.shuffle(rng or Random(0))
    return deck
