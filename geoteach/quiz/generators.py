"""Questions made from the tables of geoteach.data: many, and right by construction.

Each generator reads one or two columns and writes one question per country, state or pair,
so a question is exactly as right as the data it came from (its ``source`` names the table,
column and vintage). Multiple-choice options are stored in alphabetical order with the most
similar places as distractors; ``geoteach.quiz.answers.shuffled_choices`` shuffles them.

How levels are graded: by how hard the question is, never by its template. Each question gets a
``difficulty``, the estimated chance that a player gets it wrong:

    difficulty = (1 - known) x (1 - lucky)

* ``known``: how likely a player knows the fact, from how well known the place is: a country's
  ``prominence`` (0-100, the mean percentile of population, GDP and area; see
  scripts/build_world.py) / 100; a U.S. state's, the mean percentile of its population and area
  ranks. Several places: their geometric mean. An exact height is known half as often; a count
  of neighbours less often the more neighbours there are (``COUNT_FADE``). A comparison of
  values far apart needs only one of the two places known, of close values both, and even then
  is not always known.
* ``lucky``: the chance of a right guess. Among n options it is 1/n when the distractors are
  close (neighbours, the same region, values within a few per cent) and up to halfway to 1 when
  they are far (a guess can rule them out). A yes/no question's guess is right as often as that
  answer is in the data (most countries have a sea coast); a number typed in is rarely guessed.

``difficulty`` below ``LEVEL_CUTS[0]`` is level 1 (Beginner), below ``LEVEL_CUTS[1]`` level 2
(Intermediate), else level 3 (Expert). So "Does Kiribati have a sea coast?" (most countries do)
and "Which is bigger in area: Italy or Vatican City?" (values 700,000 times apart) are easy,
while naming the capital of a little-known country among its neighbours' capitals is Expert.

House rules where the data is ambiguous:

* Continent questions leave out every country whose continent depends on a convention:
  one with a land neighbour on another continent (Russia, Turkey, Egypt, Panama...); one
  without land neighbours whose drawn coast lies within ``SEA_NEIGHBOUR_KM`` of a country of
  another continent (Cyprus, near Greece and Egypt; Malta; Trinidad and Tobago), not counting
  countries drawn across the world (France with its overseas regions, the United States); and
  one whose Natural Earth continent is not its UN M49 region's.
* Coast questions state the convention: a sea coast is a coast on the ocean or a sea joined to
  it. The Caspian and Aral Seas (data/inland_sea_shores.csv) are lakes: Azerbaijan's card says
  its Caspian shore does not count, and no coastline comparison is asked that the inland
  shores would turn round.
* A figure that belongs to land the map draws apart (Israel's highest point on the Golan
  Heights, Morocco's coastline with Western Sahara, the Netherlands' on Saba) is not asked;
  a count that depends on a disputed border says which convention it uses (Hans Island,
  Western Sahara); data/quiz_conventions.csv lists each decision with its source.
* Population comparisons are asked only where both shipped sources (the Factbook and
  GeoNames, ``atlas_population``) put the two countries the same way round, 5% apart.
* A card whose id is in data/decks/retired.csv is never dealt (``not_retired``).
* "Which country borders both A and B?" accepts every country that does; the most prominent is
  shown as the answer and the explanation names them all.
  A country that borders A or B only under another convention (Morocco and Mauritania,
  through Western Sahara) is never a wrong option there.
* Comparisons are asked only between land neighbours whose values differ by at least 5%, so a
  newer edition of the data cannot turn a right answer wrong.
* A distractor is never an accepted answer (an alias of the answer, another right country).
* A contested capital is never a distractor: data/countries.csv marks contested capitals
  (``capital_contested``), and two of them claim the same city when one name ends with the
  other (Jerusalem and East Jerusalem).
  Palestine's options are never both "East Jerusalem" and "Jerusalem", and the claimant of the
  same city is never a distractor for "Which country has ... as its capital?".
* Country names take "the" by one rule (``the``): names with a word of a state's form
  (Republic, Kingdom, States, Emirates, Union, Federation, Islands) and the plural names of
  ``THE_NAMES`` (the Netherlands, the Philippines, the Bahamas, ...). In other languages a
  name stands alone: the catalogs' sentences are worded around it ("France : quelle est sa
  capitale ?"), so no article has to agree with a name.

Languages (issue 37): every sentence is worded through the catalogs (``geoteach.i18n``) in the
language spoken while the questions are made, and the places are named from data in that
language (``geoteach.data.place_names``: countries, capitals, U.S. states; continents and UN
regions from CLDR), never by a translator. A card made in another language accepts its
places' English names too (its aliases), and keeps its English card's id, level and place in
the deck: the same seed deals the same questions in every language. Numbers are written the
language's way in sentences ("1.234" in German); a number to type is written without
grouping ("4884"), which reads the same in every language.
"""

from __future__ import annotations

import itertools
import math
from abc import ABC, abstractmethod
from collections import Counter
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, replace
from functools import cache
from random import Random
from typing import Any

import pandas as pd

from geoteach.data.place_names import other_names, place_name, region_name
from geoteach.i18n import N_, _, format_number, language, list_words, ngettext
from geoteach.quiz.answers import normalize
from geoteach.quiz.decks import Deck
from geoteach.quiz.question import Media, Question
from geoteach.quiz.worldbank import Statistic

#: Smallest relative difference between two values of a comparison question.
MIN_DIFFERENCE = 0.05
#: Distractors per multiple-choice question (plus the answer: 4 options).
DISTRACTORS = 3
#: Difficulty (chance of a wrong answer) below which a question is level 1, and level 2.
LEVEL_CUTS = (0.25, 0.4)
#: How often an exact height is known, compared with a name.
NUMBER_KNOWN = 0.5
#: Each neighbour beyond the first makes a count this much less often known (1 neighbour: as
#: often as the place; 5: half as often; China's 14: a quarter as often).
COUNT_FADE = 0.25
#: The chance of guessing a number typed in.
NUMBER_LUCK = 0.05
#: Words that make a country's name take "the" (the United Kingdom, the Solomon Islands).
THE_WORDS = frozenset(
    {"republic", "kingdom", "states", "emirates", "union", "federation", "islands"}
)
#: Country names that take "the" without such a word: plurals (of islands, of the Low
#: Countries) and The Gambia, whose own short form has it (CIA World Factbook: "Gambia, The").
THE_NAMES = frozenset(
    {"Bahamas", "Comoros", "Gambia", "Maldives", "Netherlands", "Philippines", "Seychelles"}
)
#: A country without land neighbours is on a disputed continent when a country of another
#: continent lies this near (km, shore to shore, on the map): Cyprus, Malta, Trinidad.
SEA_NEIGHBOUR_KM = 400.0
#: A country drawn over more degrees of longitude than this (France with its overseas regions,
#: the United States with Hawaii) is no witness of its continent far from its main land.
FAR_FLUNG_DEGREES = 40.0
#: The border rule of the U.S. state cards, as GeoTriple says it: Rhode Island and New York
#: meet only in Block Island Sound, Arizona and Colorado only at a corner (issue 36).
STATE_BORDER_RULE = N_("(Corners and borders only in water do not count.)")
#: The continent of each UN M49 subregion in the Americas and Oceania (``region`` column);
#: elsewhere the subregion's last word ("Western Asia", "Northern Africa") names it.
M49_CONTINENTS = {
    "Northern America": "North America",
    "Central America": "North America",
    "Caribbean": "North America",
    "South America": "South America",
    "Australia and New Zealand": "Oceania",
    "Melanesia": "Oceania",
    "Micronesia": "Oceania",
    "Polynesia": "Oceania",
}
#: Continents that touch or nearly touch: a distractor among them is close.
NEAR_CONTINENTS = frozenset(
    frozenset(pair)
    for pair in (
        ("Africa", "Asia"),
        ("Africa", "Europe"),
        ("Asia", "Europe"),
        ("Asia", "Oceania"),
        ("North America", "South America"),
    )
)

_COUNTRY_SOURCE = "geoteach.data.countries(), column '{}' (see data/SOURCES.md)"
_STATE_SOURCE = "geoteach.data.us_states(), column '{}' (see data/SOURCES.md)"

#: How each statistic is compared, in words a 12-year-old reads at once ({a}, {b}: the places;
#: marked with ``N_``, worded in the page's language by ``compare_prompt``).
COMPARE_PROMPTS: dict[str, str] = {
    "population": N_("Which has more people: {a} or {b}?"),
    "area_km2": N_("Which is bigger in area: {a} or {b}?"),
    "gdp_usd": N_("Which has the bigger economy (GDP): {a} or {b}?"),
    "gdp_per_capita_usd": N_("Where are people richer on average (GDP per person): {a} or {b}?"),
    "life_expectancy": N_("Where do people live longer on average: {a} or {b}?"),
    "median_age": N_("Where are people older on average (median age): {a} or {b}?"),
    "birth_rate": N_("Where are more babies born for every 1,000 people: {a} or {b}?"),
    "fertility_rate": N_("Where do women have more children on average: {a} or {b}?"),
    "infant_mortality": N_("Where do more babies die before their first birthday: {a} or {b}?"),
    "urban_pct": N_("Where do more of the people live in towns and cities: {a} or {b}?"),
    "co2_mt": N_("Which releases more carbon dioxide (CO2): {a} or {b}?"),
    "forest_pct": N_("Which has more of its land covered by forest: {a} or {b}?"),
    "internet_users_pct": N_("Where do more of the people use the internet: {a} or {b}?"),
    "electricity_access_pct": N_(
        "Where do more of the people have electricity at home: {a} or {b}?"
    ),
    "coastline_km": N_("Which has the longer coastline: {a} or {b}?"),
    "unemployment_pct": N_("Where are more of the workers without a job: {a} or {b}?"),
    "population_density": N_("Which is more crowded (more people per km²): {a} or {b}?"),
    "highest_point_m": N_("Which has the higher highest point: {a} or {b}?"),
    "state_population": N_("Which state has more people: {a} or {b}?"),
    "state_area": N_("Which state is bigger in area: {a} or {b}?"),
}


# ----------------------------------------------------------------------------- difficulty
def level_of(difficulty: float) -> int:
    """Level 1-3 of a question this likely to be answered wrong (see ``LEVEL_CUTS``)."""
    return 1 if difficulty < LEVEL_CUTS[0] else 2 if difficulty < LEVEL_CUTS[1] else 3


def guess_chance(options: int, closeness: float) -> float:
    """Chance of a right guess among ``options``: 1/n with close distractors, more with far ones.

    ``closeness`` is 1 when every distractor is as close as can be, 0 when all can be ruled out
    by a player who knows roughly where the place is; far distractors bring the chance halfway
    from 1/n to 1.
    """
    base = 1 / options
    return base + (1 - base) * 0.5 * (1 - min(1.0, max(0.0, closeness)))


def difficulty(known: float, lucky: float) -> float:
    """The chance of a wrong answer: the player does not know it and does not guess it."""
    return round((1 - min(1.0, max(0.0, known))) * (1 - min(1.0, max(0.0, lucky))), 3)


def together(*known: float) -> float:
    """How likely a player knows several places at once: the geometric mean of each."""
    return math.prod(known) ** (1 / len(known))


def value_closeness(a: float, b: float) -> float:
    """1 for equal values, 0 for values 100 times apart or more (log scale in between)."""
    low, high = sorted((abs(a), abs(b)))
    if high == 0:
        return 1.0
    if low == 0:
        return 0.0
    return max(0.0, 1 - math.log10(high / low) / 2)


def comparison_known(known_a: float, known_b: float, closeness: float) -> float:
    """How likely a player knows which of two places has more: see the module notes.

    Values far apart need one of the two places known (a player who knows Italy knows it is
    bigger than a city); close values need both, and even then the answer is known only half
    as often.
    """
    either = 1 - (1 - known_a) * (1 - known_b)
    both = known_a * known_b
    return (closeness * both + (1 - closeness) * either) * (1 - closeness / 2)


def graded(known: float, lucky: float) -> dict[str, Any]:
    """``level`` and ``difficulty`` fields of a question, from ``known`` and ``lucky``."""
    score = difficulty(known, lucky)
    return {"level": level_of(score), "difficulty": score}


# ----------------------------------------------------------------------------- words
def the(name: str) -> str:
    """A country's name as said inside a sentence: "the Netherlands", "France" (see the notes).

    English only: in another language the name stands alone (the module notes)."""
    if language() != "en":
        return name
    words = {w.lower() for w in name.split()}
    return f"the {name}" if name in THE_NAMES or words & THE_WORDS else name


def _fmt(value: float) -> str:
    """A figure in a sentence, the page's way: "1,234" / "1.234", "12.5" / "12,5"."""
    return format_number(float(value), 0 if float(value).is_integer() else 1)


def _typed_number(value: float) -> str:
    """A number to type: "4,884" in English (as before); without grouping in another
    language ("4884"), so a German or French reader does not take the mark for a decimal."""
    if language() == "en":
        return f"{int(value):,}" if float(value).is_integer() else f"{value:,.1f}"
    return f"{int(value)}" if float(value).is_integer() else f"{value:.1f}"


def _and(words: list[str]) -> str:
    return list_words(words, "and")


def long_date(day: Any) -> str:
    """A date as the page's language writes it in a sentence: "7 December 1787",
    "7 de diciembre de 1787", "7. Dezember 1787" (English as before, day first)."""
    if language() == "en":
        return f"{day.day} {day:%B %Y}"
    from babel.dates import format_date

    return format_date(day, format="long", locale=language())


def yes_no(yes: bool) -> str:
    """ "Yes" or "No" in the page's language."""
    return _("Yes") if yes else _("No")


def _aliases(*groups: Iterable[str]) -> tuple[str, ...]:
    return tuple(dict.fromkeys(a for group in groups for a in group if a))


def pick_choices(
    answer: str, options: Iterable[str], accepted: Iterable[str] = (), count: int = DISTRACTORS
) -> tuple[str, ...]:
    """The answer and the first ``count`` options that are no accepted answer, sorted.

    ``accepted`` are the question's other right answers: a distractor is never one of them
    (compared as the answer checker compares, ignoring case, accents and a leading "the").
    """
    right = {normalize(a) for a in (answer, *accepted)}
    picked: list[str] = []
    for option in options:
        if normalize(option) not in right and option not in picked:
            picked.append(option)
        if len(picked) == count:
            break
    return tuple(sorted([answer, *picked]))


# ----------------------------------------------------------------------------- tables
@cache
def _countries() -> pd.DataFrame:
    # The checked tables: withheld figures are neither asked nor read out (data/figures.py).
    from geoteach.data.figures import countries

    return countries()


@cache
def _states() -> pd.DataFrame:
    # Imported from its module: once imported, the submodule hides the package's lazy name.
    from geoteach.data.usa import us_states

    return us_states()


@dataclass(frozen=True)
class Conventions:
    """The decisions of data/quiz_conventions.csv, as the generators read them.

    ``not_asked``: (iso3, column) pairs whose figure is never read out; ``notes``: (iso3,
    question kind) -> the words a prompt adds to state its convention; ``disputed``: iso3 ->
    countries it borders only under another convention (never a wrong option next to it).
    """

    not_asked: frozenset[tuple[str, str]]
    notes: Mapping[tuple[str, str], str]
    disputed: Mapping[str, frozenset[str]]


@cache
def conventions() -> Conventions:
    """The quiz's conventions (data/quiz_conventions.csv; see data/SOURCES.md)."""
    from geoteach.data.conventions import quiz_conventions

    rows = list(quiz_conventions().itertuples())
    disputed: dict[str, set[str]] = {}
    for row in rows:
        if row.rule == "disputed_border":
            disputed.setdefault(row.iso3, set()).add(row.other)
            disputed.setdefault(row.other, set()).add(row.iso3)
    return Conventions(
        not_asked=frozenset((r.iso3, r.about) for r in rows if r.rule == "not_asked"),
        notes={(r.iso3, r.about): r.text for r in rows if r.rule == "note"},
        disputed={c: frozenset(o) for c, o in disputed.items()},
    )


@cache
def retired_ids() -> frozenset[str]:
    """Ids of the cards a teacher has retired (data/decks/retired.csv)."""
    from geoteach.data.conventions import retired_card_ids

    return retired_card_ids()


def not_retired(questions: Iterable[Question]) -> list[Question]:
    """``questions`` without the retired cards: how a card leaves every deck without code."""
    retired = retired_ids()
    return [q for q in questions if q.id not in retired]


class Places(ABC):
    """What every question about a set of places needs: names, neighbours, how well known.

    ``Atlas`` (countries) and ``StateAtlas`` (U.S. states) fill it in; questions that work the
    same for both (borders, comparisons) take either.
    """

    codes: list[str]
    name: dict[str, str]
    called: dict[str, str]  # the name as said in a sentence ("the Netherlands")
    known: dict[str, float]
    aliases: dict[str, tuple[str, ...]]
    neighbours: dict[str, tuple[str, ...]]
    #: Closeness of a distractor by how it relates to the answer: land neighbour, same group
    #: (region, division), same larger group (continent, census region), anything else.
    CLOSENESS = (1.0, 0.75, 0.5, 0.0)

    @abstractmethod
    def group(self, code: str) -> str:
        """The place's group: region (countries) or census division (states)."""

    @abstractmethod
    def wider_group(self, code: str) -> str:
        """The place's larger group: continent or census region."""

    @abstractmethod
    def size(self, code: str) -> float:
        """What "similar in size or fame" compares (prominence, population rank)."""

    def relation(self, code: str, other: str) -> int:
        """0 neighbours, 1 same group, 2 same wider group, 3 otherwise."""
        if other in self.neighbours[code]:
            return 0
        if self.group(other) == self.group(code):
            return 1
        return 2 if self.wider_group(other) == self.wider_group(code) else 3

    def similar(self, code: str, exclude: Iterable[str] = ()) -> list[str]:
        """Other places, the most easily confused first: neighbours, the same group, the same
        wider group, the rest; within each, the closest in size or fame first."""
        skip = {code, *exclude}
        size = self.size(code)
        return sorted(
            (c for c in self.codes if c not in skip),
            key=lambda c: (self.relation(code, c), abs(self.size(c) - size), c),
        )

    def closeness(self, code: str, others: Iterable[str]) -> float:
        """How close the distractors ``others`` are to ``code`` (1: all neighbours)."""
        values = [self.CLOSENESS[self.relation(code, o)] for o in others]
        return sum(values) / len(values) if values else 0.0

    def names(self, codes: Iterable[str]) -> list[str]:
        return [self.name[c] for c in codes]

    def opening(self, code: str) -> str:
        """The name at the start of a sentence: "The Netherlands", "Ohio"."""
        text = self.called[code]
        return text[:1].upper() + text[1:]


class Atlas(Places):
    """The country table as plain dictionaries: fast to read a few hundred thousand times."""

    def __init__(self, table: pd.DataFrame) -> None:
        self.table = table
        self.codes = [str(c) for c in table.index]
        #: The rules (continents, contested capitals) read the table's English words; what a
        #: card shows is named in the language spoken now (module notes, "Languages").
        self.english = {c: str(n) for c, n in table["name"].items()}
        self.english_capital = {c: str(n) for c, n in table["capital"].items()}
        self.continent_key = {c: str(n) for c, n in table["continent"].items()}
        self.region_key = {c: str(n) for c, n in table["region"].items()}
        self.name = {c: place_name("country", c, n) for c, n in self.english.items()}
        self.capital = {c: place_name("capital", c, n) for c, n in self.english_capital.items()}
        self.region = {c: region_name(r) for c, r in self.region_key.items()}
        self.continent = {c: region_name(r) for c, r in self.continent_key.items()}
        self.called = {c: the(n) for c, n in self.name.items()}
        self.prominence: dict[str, float] = table["prominence"].astype(float).to_dict()
        self.known = {c: p / 100 for c, p in self.prominence.items()}
        english_aliases = table["aliases"].map(tuple).to_dict()
        self.aliases = {
            c: _translated_aliases(
                self.name[c], other_names("country", c), (n, *english_aliases[c])
            )
            for c, n in self.english.items()
        }
        english_capital_aliases = table["capital_aliases"].map(tuple).to_dict()
        self.capital_aliases: dict[str, tuple[str, ...]] = {
            c: _translated_aliases(
                self.capital[c],
                other_names("capital", c),
                (self.english_capital[c], *english_capital_aliases[c]),
            )
            for c in self.codes
        }
        self.neighbours = {
            iso3: tuple(n for n in ns if n in table.index)
            for iso3, ns in table["neighbours"].items()
        }
        # data/countries.csv marks the contested capitals (with a note); among those, the
        # countries naming the same city claim it from each other.
        marked = table.get("capital_contested")
        contested = (
            [c for c in self.codes if bool(marked.get(c))] if marked is not None else self.codes
        )
        self.claimants = _claimants({c: self.english_capital[c] for c in contested})
        self.contested = frozenset(self.capital[c] for c in self.claimants)

    def group(self, code: str) -> str:
        return self.region_key[code]

    def wider_group(self, code: str) -> str:
        return self.continent_key[code]

    def size(self, code: str) -> float:
        return self.prominence[code]


def _translated_aliases(
    name: str, names_here: Iterable[str], english: Iterable[str]
) -> tuple[str, ...]:
    """A place's other accepted names: in English, as the table has them; in another language,
    that language's other names from data and then the English ones, which a player may type
    on any page (``geoteach.quiz.answers``)."""
    if language() == "en":
        return tuple(english)[1:]  # the table's aliases, after the name itself
    return tuple(dict.fromkeys(a for a in (*names_here, *english) if a and a != name))


def _claimants(capitals: Mapping[str, str]) -> dict[str, set[str]]:
    """Countries whose capitals name the same city, each with the others that claim it.

    Two capitals name the same city when one's words end with the other's ("East Jerusalem",
    "Jerusalem"): the rule of the module notes, read from the data, no list of cities.
    """
    words = {c: normalize(name).split() for c, name in capitals.items()}
    out: dict[str, set[str]] = {}
    for a, b in itertools.combinations(sorted(words), 2):
        short, long = sorted((words[a], words[b]), key=len)
        if short and long[-len(short) :] == short:
            out.setdefault(a, set()).add(b)
            out.setdefault(b, set()).add(a)
    return out


class StateAtlas(Places):
    """The U.S. state table as plain dictionaries, graded like the countries."""

    CENSUS_REGIONS = ("Midwest", "Northeast", "South", "West")

    def __init__(self, table: pd.DataFrame) -> None:
        self.table = table
        self.codes = [str(c) for c in table.index]
        self.english = table["name"].astype(str).to_dict()
        self.name = {c: place_name("state", c, n) for c, n in self.english.items()}
        self.called = dict(self.name)
        # State capitals: no shipped source names them in other languages (data/SOURCES.md);
        # they keep their own names, as most of them are (Sacramento, Santa Fe, Boise).
        self.capital: dict[str, str] = table["capital"].astype(str).to_dict()
        self.division: dict[str, str] = table["division"].astype(str).to_dict()
        self.region: dict[str, str] = table["region"].astype(str).to_dict()
        self.rank: dict[str, int] = table["population_rank"].astype(int).to_dict()
        count = len(table)
        # Like a country's prominence: the mean percentile of population and area.
        pop = (count + 1 - table["population_rank"]) / count
        area = (count + 1 - table["area_rank"]) / count
        self.known = ((pop + area) / 2).astype(float).to_dict()
        self.aliases = {
            c: _translated_aliases(self.name[c], other_names("state", c), (n,))
            for c, n in self.english.items()
        }
        self.neighbours = {
            c: tuple(n for n in ns if n in table.index) for c, ns in table["neighbours"].items()
        }

    def group(self, code: str) -> str:
        return self.division[code]

    def wider_group(self, code: str) -> str:
        return self.region[code]

    def size(self, code: str) -> float:
        return float(self.rank[code])


def default_atlas() -> Atlas:
    """The atlas of the kit's own countries table, made once per language: every deck built
    without a table of its own (the Pursuits' kept banks too) asks about the same countries."""
    return _language_atlas(language())


@cache
def _language_atlas(code: str) -> Atlas:
    return Atlas(_countries())


def _atlas(countries: pd.DataFrame | None) -> Atlas:
    return default_atlas() if countries is None else Atlas(countries)


def _default_state_atlas() -> StateAtlas:
    return _language_state_atlas(language())


@cache
def _language_state_atlas(code: str) -> StateAtlas:
    return StateAtlas(_states())


def _state_atlas(states: pd.DataFrame | None) -> StateAtlas:
    return _default_state_atlas() if states is None else StateAtlas(states)


def similar_countries(
    iso3: str, countries: pd.DataFrame | None = None, exclude: Iterable[str] = ()
) -> list[str]:
    """Other countries, the most easily confused first: distractors for multiple choice.

    Order: land neighbours, then the same region, then the same continent, then the rest;
    within each group the countries of the closest prominence come first.
    """
    return _atlas(countries).similar(iso3, exclude)


def place_question(
    places: Places,
    codes: tuple[str, ...],
    id_prefix: str,
    *,
    known: float,
    lucky: float,
    media: dict[str, Any] | None = None,
    **fields: Any,
) -> Question:
    """A question about one or more places; what follows from them is filled in here.

    The level and difficulty come from ``known`` and ``lucky`` (see the module notes), the map
    lights up the places unless ``media`` says otherwise, and the id is ``id_prefix:A-B``.
    ``fields`` are the rest of ``Question`` (category, prompt, answer, explanation, source...).
    """
    return Question(
        media=Media(highlight=codes) if media is None else Media(**media),
        id=f"{id_prefix}:{'-'.join(codes)}",
        **graded(known, lucky),
        **fields,
    )


def choice_question(
    places: Places,
    code: str,
    id_prefix: str,
    *,
    answer: str,
    distractors: list[str],
    options: list[str],
    accepted: tuple[str, ...] = (),
    media: dict[str, Any] | None = None,
    **fields: Any,
) -> Question:
    """A multiple-choice question about place ``code``, graded by how close its distractors are.

    ``options`` are the wrong answers in order of preference, ``distractors`` the places they
    stand for (same order): the distractors shown are the first that are no accepted answer.
    """
    choices = pick_choices(answer, options, accepted)
    shown = [d for d, o in zip(distractors, options, strict=True) if o in choices]
    closeness = places.closeness(code, shown[:DISTRACTORS])
    return place_question(
        places,
        (code,),
        id_prefix,
        known=places.known[code],
        lucky=guess_chance(len(choices), closeness),
        media=media,
        answer=answer,
        aliases=accepted,
        choices=choices,
        **fields,
    )


# ----------------------------------------------------------------------------- countries
def capital_questions(countries: pd.DataFrame | None = None) -> list[Question]:
    """ "What is the capital of Kenya?" for every country; contested capitals never distract."""
    atlas = _atlas(countries)
    questions = []
    for iso3 in atlas.codes:
        called, capital = atlas.called[iso3], atlas.capital[iso3]
        others = [
            c
            for c in atlas.similar(iso3, exclude=atlas.claimants.get(iso3, ()))
            if atlas.capital[c] not in atlas.contested
        ]
        questions.append(
            choice_question(
                atlas,
                iso3,
                "capital",
                category="Capitals",
                prompt=_("What is the capital of {country}?").format(country=called),
                answer=capital,
                accepted=_aliases(atlas.capital_aliases[iso3]),
                distractors=others,
                options=[atlas.capital[c] for c in others],
                explanation=_("{capital} is the capital of {country}.").format(
                    capital=capital, country=called
                ),
                source=_COUNTRY_SOURCE.format("capital"),
                kind="place",
            )
        )
    return questions


def _name_the_country(
    atlas: Atlas,
    iso3: str,
    id_prefix: str,
    prompt: str,
    explanation: str,
    exclude: Iterable[str] = (),
    **fields: Any,
) -> Question:
    """A question whose answer is the country itself, similar countries the distractors."""
    others = atlas.similar(iso3, exclude)
    return choice_question(
        atlas,
        iso3,
        id_prefix,
        prompt=prompt,
        answer=atlas.name[iso3],
        accepted=_aliases(atlas.aliases[iso3]),
        distractors=others,
        options=atlas.names(others),
        explanation=explanation,
        kind="place",
        **fields,
    )


def country_of_capital_questions(countries: pd.DataFrame | None = None) -> list[Question]:
    """ "Which country has Nairobi as its capital?" for every capital that only one country has.

    A country that claims the same city (Israel for East Jerusalem) is never a distractor.
    """
    atlas = _atlas(countries)
    shared = {c for c, n in Counter(atlas.english_capital.values()).items() if n > 1}
    return [
        _name_the_country(
            atlas,
            iso3,
            "capital_of",
            _("Which country has {capital} as its capital?").format(capital=capital),
            _("{capital} is the capital of {country}.").format(
                capital=capital, country=atlas.called[iso3]
            ),
            exclude=atlas.claimants.get(iso3, ()),
            category="Capitals",
            media={},  # lighting the country up would give the answer away
            source=_COUNTRY_SOURCE.format("capital"),
        )
        for iso3, capital in ((c, atlas.capital[c]) for c in atlas.codes)
        if atlas.english_capital[iso3] not in shared
    ]


def m49_continent(region: str) -> str:
    """The continent of a UN M49 subregion: "Western Asia" -> Asia, "Caribbean" -> North America."""
    return M49_CONTINENTS.get(region, region.split()[-1] if region else "")


def disputed_continent(atlas: Atlas, iso3: str) -> str:
    """Why atlases may put ``iso3`` on another continent ("" when none does; module notes)."""
    continent = atlas.continent_key[iso3]
    across = [n for n in atlas.neighbours[iso3] if atlas.continent_key[n] != continent]
    if across:
        return f"land neighbour on another continent: {', '.join(across)}"
    region = atlas.region_key[iso3]
    if m49_continent(region) != continent:
        return f"UN M49 puts {region} in {m49_continent(region)}"
    if not atlas.neighbours[iso3]:
        from geoteach.data.conventions import countries_near

        near = [
            n
            for n in sorted(countries_near(iso3, SEA_NEIGHBOUR_KM))
            if n in atlas.continent_key
            and atlas.continent_key[n] != continent
            and not _far_flung(n)
        ]
        if near:
            return f"within {SEA_NEIGHBOUR_KM:.0f} km of {', '.join(near)}"
    return ""


@cache
def _far_flung(iso3: str) -> bool:
    from geoteach.data.conventions import longitude_span

    return longitude_span(iso3) > FAR_FLUNG_DEGREES


def continent_questions(countries: pd.DataFrame | None = None) -> list[Question]:
    """ "Which continent is Chad in?" for countries whose continent no convention disputes.

    ``disputed_continent`` says which are left out (module notes). The distractors are the
    nearest continents first (for Chad: Asia, Europe), which are the ones a guess cannot rule
    out; every other continent is wrong because the country lies wholly on its own.
    """
    atlas = _atlas(countries)
    continents = sorted(set(atlas.continent_key.values()))
    said = {c: region_name(c) for c in continents}  # in the page's language (CLDR)
    questions = []
    for iso3 in atlas.codes:
        key = atlas.continent_key[iso3]
        if disputed_continent(atlas, iso3):
            continue
        near = [c for c in continents if frozenset((c, key)) in NEAR_CONTINENTS]
        far = [c for c in continents if c != key and c not in near]
        continent = said[key]
        choices = pick_choices(continent, [said[c] for c in near + far])
        near_said = {said[c] for c in near}
        closeness = sum(c in near_said for c in choices if c != continent) / (len(choices) - 1)
        called = atlas.called[iso3]
        questions.append(
            place_question(
                atlas,
                (iso3,),
                "continent",
                known=atlas.known[iso3],
                lucky=guess_chance(len(choices), closeness),
                category="Continents",
                prompt=_("Which continent is {country} in?").format(country=called),
                answer=continent,
                aliases=_aliases([key] if key != continent else []),
                choices=choices,
                explanation=_("{country} is in {region}, part of {continent}.").format(
                    country=atlas.opening(iso3), region=atlas.region[iso3], continent=continent
                ),
                source=_COUNTRY_SOURCE.format("continent"),
                kind="place",
            )
        )
    return questions


def _borders_both(
    places: Places,
    id_prefix: str,
    kind: str,
    disputed: Mapping[str, frozenset[str]] | None = None,
    rule: str = "",
    **fields: Any,
) -> list[Question]:
    """ "Which <kind> borders both A and B?" for every pair with a common neighbour.

    ``kind`` is that question, marked with ``N_`` ("Which country borders both {a} and {b}?").

    Every common neighbour is a right answer; the distractors are other places near A and B,
    never one that borders A or B under another convention (``disputed``). ``rule`` (the
    U.S. states': borders only in water or at a corner do not count) is added to the prompt,
    and the explanation names a place that borders both only under the other rule.
    """
    disputed = disputed or {}
    border = {code: set(ns) for code, ns in places.neighbours.items()}
    pairs: set[tuple[str, str]] = set()
    for around in border.values():
        pairs.update(itertools.combinations(sorted(around), 2))
    questions = []
    for a, b in sorted(pairs):
        common = sorted(border[a] & border[b], key=lambda c: (-places.known[c], c))
        answer, others = common[0], common[1:]
        arguable = disputed.get(a, frozenset()) | disputed.get(b, frozenset())
        similar = places.similar(answer, exclude=[*common, a, b, *arguable])
        near = border[a] | border[b]
        wrong = [c for c in similar if c in near] + [c for c in similar if c not in near]
        names = places.names(common)
        called = [places.called[c] for c in common]
        pair = {"a": places.called[a], "b": places.called[b]}
        explanation = (
            _("{place} borders both {a} and {b}.").format(place=places.opening(answer), **pair)
            if len(names) == 1
            else _("{places} all border both {a} and {b}.").format(places=_and(called), **pair)
        )
        if rule:
            around_a = border[a] | disputed.get(a, frozenset())
            around_b = border[b] | disputed.get(b, frozenset())
            other = sorted((around_a & around_b) - set(common) - {a, b})
            if other:
                explanation += " " + ngettext(
                    "{places} also meets both, but only in water or at a corner.",
                    "{places} also meet both, but only in water or at a corner.",
                    len(other),
                ).format(places=_and([places.called[c] for c in other]))
        accepted = _aliases(
            places.aliases[answer], *((places.name[o], *places.aliases[o]) for o in others)
        )
        choices = pick_choices(names[0], places.names(wrong), accepted)
        shown = [c for c in wrong if places.name[c] in choices]
        closeness = sum(c in near for c in shown) / len(shown) if shown else 0.0
        questions.append(
            place_question(
                places,
                (a, b),
                id_prefix,
                known=together(places.known[a], places.known[b], places.known[answer]),
                lucky=guess_chance(len(choices), closeness),
                prompt=_(kind).format(**pair) + (f" {_(rule)}" if rule else ""),
                answer=names[0],
                aliases=accepted,
                choices=choices,
                explanation=explanation[:1].upper() + explanation[1:],
                kind="place",
                **fields,
            )
        )
    return questions


def neighbour_questions(countries: pd.DataFrame | None = None) -> list[Question]:
    """ "Which country borders both Peru and Argentina?"; every country that does counts."""
    return _borders_both(
        _atlas(countries),
        "borders_both",
        N_("Which country borders both {a} and {b}?"),
        conventions().disputed,
        category="Neighbours",
        source=_COUNTRY_SOURCE.format("neighbours"),
    )


def _neighbour_counts(
    places: Places,
    id_prefix: str,
    prompt: str,
    notes: Mapping[str, str] | None = None,
    **fields: Any,
) -> list[Question]:
    """ "How many ... share a land border with X?" for places with neighbours (typed number).

    ``notes`` add the convention a count depends on to its prompt ("Canada (not counting
    Greenland, which shares Hans Island with Canada)").
    """
    notes = notes or {}
    questions = []
    for code in places.codes:
        neighbours = [places.called[n] for n in places.neighbours[code]]
        if not neighbours:
            continue
        questions.append(
            place_question(
                places,
                (code,),
                id_prefix,
                known=places.known[code] / (1 + COUNT_FADE * (len(neighbours) - 1)),
                lucky=NUMBER_LUCK,
                prompt=_(prompt).format(
                    place=places.called[code] + (f" ({_(notes[code])})" if code in notes else "")
                ),
                answer=str(len(neighbours)),
                explanation=_("{place} borders {places}.").format(
                    place=places.opening(code), places=_and(neighbours)
                ),
                kind="number",
                **fields,
            )
        )
    return questions


def neighbour_count_questions(countries: pd.DataFrame | None = None) -> list[Question]:
    """ "How many countries share a land border with Chad?" for countries with neighbours."""
    notes = {c: t for (c, about), t in conventions().notes.items() if about == "neighbour_count"}
    return _neighbour_counts(
        _atlas(countries),
        "neighbour_count",
        N_("How many countries share a land border with {place}?"),
        notes,
        category="Neighbours",
        source=_COUNTRY_SOURCE.format("neighbours"),
    )


def country_statistic(key: str, countries: pd.DataFrame | None = None) -> Statistic:
    """A statistic of ``geoteach.data.statistics()`` with its values, ready to compare."""
    from geoteach.data.figures import statistics

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
        value_years=_value_years(table, key),
    )


def _value_years(table: pd.DataFrame, key: str) -> dict[str, int]:
    """iso3 -> the year of each value of ``key`` (its ``<key>_year`` column), where given."""
    column = f"{key}_year"
    if column not in table:
        return {}
    years = table.loc[table[key].notna(), column].dropna()
    return {str(iso3): int(year) for iso3, year in years.items()}


def compare_prompt(stat: Statistic, a: str, b: str) -> str:
    """The question for "which of a and b has more of ``stat``", in plain words.

    Built-in statistics have their own wording (``COMPARE_PROMPTS``); one an author loads
    (``load_worldbank_csv``) is asked as "Which has the higher <label>: A or B?".
    """
    if stat.key in COMPARE_PROMPTS:
        return _(COMPARE_PROMPTS[stat.key]).format(a=a, b=b)
    label = stat.label[:1].lower() + stat.label[1:] if not stat.label[:2].isupper() else stat.label
    return _("Which has the higher {label}: {a} or {b}?").format(a=a, b=b, label=label)


def _apart(va: float, vb: float) -> bool:
    """Two values far enough apart (``MIN_DIFFERENCE``) for a comparison to be asked."""
    return va != vb and abs(va - vb) >= MIN_DIFFERENCE * max(abs(va), abs(vb))


def _same_way(view: Mapping[str, float], a: str, b: str, a_higher: bool) -> bool:
    """``view`` has both values, far enough apart, with ``a`` higher exactly when said."""
    return a in view and b in view and _apart(view[a], view[b]) and (view[a] > view[b]) == a_higher


def _comparisons(
    places: Places,
    stat: Statistic,
    id_prefix: str,
    also: Iterable[Mapping[str, float]] = (),
    **fields: Any,
) -> list[Question]:
    """ "Which has more ...: A or B?" for land neighbours whose values differ by 5% or more.

    ``also`` are other views of the same figure (a second source, another convention): a pair
    is asked only when every one of them has both values, 5% apart, the same way round, so
    the wrong option is wrong whichever a teacher reads.
    """
    views = list(also)
    values = stat.values.astype(float).to_dict()
    pairs = {
        (min(a, b), max(a, b))
        for a, ns in places.neighbours.items()
        for b in ns
        if a in values and b in values
    }
    questions = []
    for a, b in sorted(pairs):
        va, vb = values[a], values[b]
        if not _apart(va, vb):
            continue
        if not all(_same_way(view, a, b, va > vb) for view in views):
            continue
        top = a if va > vb else b
        close = value_closeness(va, vb)
        name_a, name_b = places.name[a], places.name[b]
        questions.append(
            place_question(
                places,
                (a, b),
                id_prefix,
                known=comparison_known(places.known[a], places.known[b], close),
                lucky=guess_chance(2, close),
                prompt=compare_prompt(stat, places.called[a], places.called[b]),
                answer=places.name[top],
                aliases=_aliases(places.aliases[top]),
                choices=tuple(sorted((name_a, name_b))),
                explanation=_compare_explanation(places, stat, a, b),
                source=f"{stat.source}, {_years_text(stat, a, b)}",
                kind="place",
                **fields,
            )
        )
    return questions


def _years_text(stat: Statistic, a: str, b: str) -> str:
    years = sorted({stat.year_of(a), stat.year_of(b)})
    return "–".join(str(y) for y in years)


def _compare_explanation(places: Places, stat: Statistic, a: str, b: str) -> str:
    """Both values with their year: one year at the end when they share it, else each its own."""
    va, vb = float(stat.values[a]), float(stat.values[b])
    ya, yb = stat.year_of(a), stat.year_of(b)
    unit = _(stat.unit)  # the units of data/statistics.csv are marked in geoteach.quiz.data_words
    words = {"a": places.opening(a), "b": places.called[b], "unit": unit}
    if ya == yb:
        return _("{a}: {va} {unit}; {b}: {vb} {unit} ({year}).").format(
            va=_fmt(va), vb=_fmt(vb), year=ya, **words
        )
    return _("{a}: {va} {unit} ({ya}); {b}: {vb} {unit} ({yb}).").format(
        va=_fmt(va), vb=_fmt(vb), ya=ya, yb=yb, **words
    )


def comparison_questions(
    statistic: Statistic | str, countries: pd.DataFrame | None = None
) -> list[Question]:
    """ "Which has more people: France or Spain?" for land neighbours that differ by 5%+.

    ``statistic`` is a key of ``geoteach.data.statistics()`` or a ``Statistic`` (for example
    one read by ``load_worldbank_csv``).
    """
    stat = country_statistic(statistic, countries) if isinstance(statistic, str) else statistic
    table = _countries() if countries is None else countries
    stat = askable(stat)
    return _comparisons(
        _atlas(countries),
        stat,
        f"compare:{stat.key}",
        other_views(stat.key, table),
        category="Statistics",
    )


def askable(stat: Statistic) -> Statistic:
    """``stat`` without the figures data/quiz_conventions.csv says are not read out."""
    dropped = [c for c, key in conventions().not_asked if key == stat.key and c in stat.values]
    return replace(stat, values=stat.values.drop(dropped)) if dropped else stat


def other_views(key: str, table: pd.DataFrame) -> list[dict[str, float]]:
    """Other readings of statistic ``key`` a comparison must also pass (module notes).

    Population: GeoNames' figure (``atlas_population``), the second source. Coastline: the
    Factbook's figure with the Caspian and Aral shores added (a child may count them).
    """
    if key == "population" and "atlas_population" in table:
        return [table["atlas_population"].dropna().astype(float).to_dict()]
    if key == "coastline_km" and key in table:
        shores = inland_shores()
        values = table[key].dropna().astype(float)
        return [{c: v + sum(shores.get(c, {}).values()) for c, v in values.items()}]
    return []


@cache
def inland_shores() -> dict[str, dict[str, float]]:
    """iso3 -> {inland sea: km of shore} (data/inland_sea_shores.csv)."""
    from geoteach.data.conventions import inland_sea_shores

    out: dict[str, dict[str, float]] = {}
    for row in inland_sea_shores().itertuples():
        out.setdefault(row.iso3, {})[row.sea] = float(row.shore_km)
    return out


def highest_point_questions(countries: pd.DataFrame | None = None) -> list[Question]:
    """Which of two neighbours reaches higher, and how high a country's highest point is."""
    atlas = _atlas(countries)
    stat = askable(country_statistic("highest_point_m", countries))
    return comparison_questions(stat, countries) + [
        place_question(
            atlas,
            (iso3,),
            "highest_point",
            known=NUMBER_KNOWN * atlas.known[iso3],
            lucky=NUMBER_LUCK,
            category="Mountains",
            prompt=_(
                "How high is the highest point of {country}, in metres? (Within 10% counts.)"
            ).format(country=atlas.called[iso3]),
            answer=_typed_number(metres),
            explanation=_("The highest point of {country} is {metres} m above sea level.").format(
                country=atlas.called[iso3], metres=_fmt(metres)
            ),
            source=f"{stat.source}, {stat.year}",
            kind="number",
            tolerance=round(0.1 * float(metres), 1),
        )
        for iso3, metres in stat.values.items()
        if metres > 0
    ]


def _yes_no(
    places: Places, id_prefix: str, facts: Mapping[str, bool], prompt: str, **fields: Any
) -> list[Question]:
    """Yes/no questions, one per place: a guess is right as often as its answer is in ``facts``.

    ``prompt`` has ``{place}`` (marked with ``N_``); ``fields["explanation"]`` maps each code
    to its explanation.
    """
    explanations = fields.pop("explanation")
    share = {True: sum(facts.values()) / len(facts)}
    share[False] = 1 - share[True]
    with_english = language() != "en"  # "Yes" and "No" count on every page
    return [
        place_question(
            places,
            (code,),
            id_prefix,
            known=places.known[code],
            lucky=share[yes],
            prompt=_(prompt).format(place=places.called[code]),
            answer=yes_no(yes),
            aliases=_aliases([("Yes" if yes else "No")] if with_english else []),
            choices=tuple(sorted((yes_no(True), yes_no(False)))),
            explanation=explanations[code],
            **fields,
        )
        for code, yes in facts.items()
    ]


#: The convention every coast card states: what counts as a sea coast.
COAST_PROMPT = N_("Does {place} have a sea coast (on the ocean or a sea joined to it)?")


def _coast_explanation(atlas: Atlas, iso3: str, km: float | None, coast: bool) -> str:
    opening = atlas.opening(iso3)
    if coast and km is None:
        return _("{country} has a sea coast.").format(country=opening)
    if coast and km is not None:
        return _("{country} has {km} km of coastline.").format(country=opening, km=_fmt(km))
    lakes = inland_shores().get(iso3, {})
    if lakes:
        shores = _and(
            [
                _("{km} km on the {sea}").format(km=_fmt(v), sea=_(sea))
                for sea, v in sorted(lakes.items())
            ]
        )
        return ngettext(
            "{country} is landlocked: its shore ({shores}) is on a lake with no way to the "
            "ocean, so it is not a sea coast.",
            "{country} is landlocked: its shore ({shores}) is on lakes with no way to the "
            "ocean, so it is not a sea coast.",
            len(lakes),
        ).format(country=opening, shores=shores)
    return _("{country} is landlocked: it has no sea coast.").format(country=opening)


def coastline_questions(countries: pd.DataFrame | None = None) -> list[Question]:
    """ "Does Bolivia have a sea coast?" for every country, and coastline comparisons.

    The yes/no card states what a sea coast is (``COAST_PROMPT``), so Azerbaijan's Caspian
    shore is not one; a comparison is asked only when adding the Caspian and Aral shores
    would not turn it round (``other_views``) and the figure belongs to the land the map draws
    (``askable``: not Morocco's, which includes Western Sahara).
    """
    atlas = _atlas(countries)
    stat = country_statistic("coastline_km", countries)
    table = _countries() if countries is None else countries
    km = stat.values.to_dict()
    # Whether it has a sea coast, also where the length is withheld (Morocco's includes
    # Western Sahara's): geoteach.data.figures keeps the yes or no as ``sea_coast``.
    if "sea_coast" in table:
        coast = {str(c): bool(v) for c, v in table["sea_coast"].dropna().items()}
    else:
        coast = {c: v > 0 for c, v in km.items()}
    questions = _yes_no(
        atlas,
        "coast",
        coast,
        COAST_PROMPT,
        explanation={c: _coast_explanation(atlas, c, km.get(c), has) for c, has in coast.items()},
        category="Coasts",
        source=f"{stat.source}, {stat.year}",
    )
    return questions + comparison_questions(stat, countries)


def flag_questions(countries: pd.DataFrame | None = None) -> list[Question]:
    """ "Which country does this flag belong to?" with the flag shown, for every country."""
    atlas = _atlas(countries)
    return [
        _name_the_country(
            atlas,
            iso3,
            "flag",
            _("Which country does this flag belong to?"),
            _("This is the flag of {country}.").format(country=atlas.called[iso3]),
            category="Flags",
            media={"flag": iso3},
            source="flag-icons 7.5.0 (MIT), data/flags; " + _COUNTRY_SOURCE.format("name"),
        )
        for iso3 in atlas.codes
    ]


# ----------------------------------------------------------------------------- U.S. states
def state_capital_questions(states: pd.DataFrame | None = None) -> list[Question]:
    """ "What is the capital of Ohio?" and "Columbus is the capital of which state?"."""
    atlas = _state_atlas(states)
    questions = []
    for usps in atlas.codes:
        others = atlas.similar(usps)
        name, capital = atlas.name[usps], atlas.capital[usps]
        # Both ways round: the capital of a state, and the state of a capital.
        asked = (
            (
                "state_capital",
                _("What is the capital of {state}?").format(state=name),
                atlas.capital,
            ),
            (
                "state_of_capital",
                _("{capital} is the capital of which U.S. state?").format(capital=capital),
                atlas.name,
            ),
        )
        for id_prefix, prompt, answers in asked:
            questions.append(
                choice_question(
                    atlas,
                    usps,
                    id_prefix,
                    prompt=prompt,
                    answer=answers[usps],
                    distractors=others,
                    options=[answers[s] for s in others],
                    accepted=atlas.aliases[usps] if answers is atlas.name else (),
                    category="U.S. state capitals",
                    explanation=_("{capital} is the capital of {state}.").format(
                        capital=capital, state=name
                    ),
                    source=_STATE_SOURCE.format("capital"),
                    kind="place",
                )
            )
    return questions


def state_region_questions(states: pd.DataFrame | None = None) -> list[Question]:
    """ "Which part of the United States is Ohio in?": the four Census regions.

    The regions of the state's neighbours are the close distractors.
    """
    atlas = _state_atlas(states)
    questions = []
    for usps in atlas.codes:
        key = atlas.region[usps]
        near_keys = sorted({atlas.region[n] for n in atlas.neighbours[usps]} - {key})
        far = [r for r in atlas.CENSUS_REGIONS if r != key and r not in near_keys]
        # The Census Bureau's names, in the page's language (geoteach.quiz.data_words).
        region, near = _(key), [_(r) for r in near_keys]
        choices = pick_choices(region, near + [_(r) for r in far])
        questions.append(
            place_question(
                atlas,
                (usps,),
                "state_region",
                known=atlas.known[usps],
                lucky=guess_chance(len(choices), len(near) / (len(choices) - 1)),
                category="U.S. regions",
                prompt=_(
                    "Which part of the United States is {state} in (as the Census Bureau "
                    "divides it)?"
                ).format(state=atlas.name[usps]),
                answer=region,
                aliases=_aliases([key] if key != region else []),
                choices=choices,
                explanation=_("{state} is in the {region}, in the {division} division.").format(
                    state=atlas.name[usps], region=region, division=_(atlas.division[usps])
                ),
                source=_STATE_SOURCE.format("region"),
                kind="place",
            )
        )
    return questions


def state_neighbour_questions(states: pd.DataFrame | None = None) -> list[Question]:
    """ "Which state borders both Ohio and Kentucky?" and "How many states border Ohio?"."""
    from geoteach.data.usa import water_or_corner

    atlas = _state_atlas(states)
    source = _STATE_SOURCE.format("neighbours")
    return _borders_both(
        atlas,
        "state_borders_both",
        N_("Which state borders both {a} and {b}?"),
        water_or_corner(),
        STATE_BORDER_RULE,
        category="U.S. neighbours",
        source=source,
    ) + _neighbour_counts(
        atlas,
        "state_neighbour_count",
        N_(
            "How many U.S. states share a border with {place}? (Corners and borders only in "
            "water do not count.)"
        ),
        category="U.S. neighbours",
        source=source,
    )


def state_comparison_questions(states: pd.DataFrame | None = None) -> list[Question]:
    """ "Which state has more people: Ohio or Indiana?" and which is bigger, for neighbours."""
    atlas = _state_atlas(states)
    table = atlas.table
    year = int(table["population_year"].max())
    stats = (
        Statistic(
            "state_population",
            "Population",
            "people",
            year,
            f"U.S. Census {year}, " + _STATE_SOURCE.format("population"),
            table["population"].astype(float),
        ),
        Statistic(
            "state_area",
            "Area",
            "km²",
            int(table["area_year"].max()),  # Census total area (2010), not the population's year
            _STATE_SOURCE.format("area_km2"),
            table["area_km2"].astype(float),
        ),
    )
    return [
        q
        for stat in stats
        for q in _comparisons(atlas, stat, f"compare:{stat.key}", category="U.S. statistics")
    ]


def original_state_questions(states: pd.DataFrame | None = None) -> list[Question]:
    """ "Which of these was one of the 13 original states?" for each of the thirteen.

    The original states are the first 13 by ``statehood_rank`` (they ratified the
    Constitution); the distractors are the nearest states that joined later.
    """
    atlas = _state_atlas(states)
    table = atlas.table
    original = set(table.index[table["statehood_rank"] <= 13])
    questions = []
    for usps in sorted(original):
        later = [s for s in atlas.similar(usps) if s not in original]
        joined = table.at[usps, "admitted"]
        questions.append(
            choice_question(
                atlas,
                usps,
                "original_state",
                prompt=_("Which of these was one of the 13 original states of the United States?"),
                answer=atlas.name[usps],
                accepted=atlas.aliases[usps],
                distractors=later,
                options=atlas.names(later),
                media={},  # the map would give it away
                category="U.S. history",
                explanation=_(
                    "{state} ratified the Constitution on {date}, one of the 13 original "
                    "states; the others joined later."
                ).format(state=atlas.name[usps], date=long_date(joined)),
                source=_STATE_SOURCE.format("admitted"),
                kind="place",
            )
        )
    return questions


def state_water_questions(states: pd.DataFrame | None = None) -> list[Question]:
    """ "Does Ohio have an ocean coast?" and "Does Ohio touch one of the Great Lakes?"."""
    atlas = _state_atlas(states)
    table = atlas.table
    coast = {c: bool(v) for c, v in table["coastline"].items()}
    lakes = {c: tuple(v) for c, v in table["great_lakes"].items()}
    return _yes_no(
        atlas,
        "state_coast",
        coast,
        N_("Does {place} have a coast on the ocean or the Gulf of Mexico?"),
        explanation={
            c: (
                _("{state} has coast on the ocean or the Gulf of Mexico.")
                if yes
                else _("{state} has no coast on the ocean or the Gulf of Mexico.")
            ).format(state=atlas.name[c])
            for c, yes in coast.items()
        },
        category="U.S. coasts and lakes",
        source=_STATE_SOURCE.format("coastline"),
    ) + _yes_no(
        atlas,
        "state_great_lakes",
        {c: bool(v) for c, v in lakes.items()},
        N_("Does {place} touch one of the Great Lakes?"),
        explanation={
            c: _("{state} touches {lakes}.").format(
                state=atlas.name[c], lakes=_and([_(lake) for lake in v])
            )
            if v
            else _("{state} does not touch any of the Great Lakes.").format(state=atlas.name[c])
            for c, v in lakes.items()
        },
        category="U.S. coasts and lakes",
        source=_STATE_SOURCE.format("great_lakes"),
    )


def state_fact_questions(states: pd.DataFrame | None = None) -> list[Question]:
    """The U.S. state questions other than capitals: regions, neighbours, sizes, history, water."""
    makers = (
        state_region_questions,
        state_neighbour_questions,
        state_comparison_questions,
        original_state_questions,
        state_water_questions,
    )
    return [q for make in makers for q in make(states)]


def us_state_questions(states: pd.DataFrame | None = None) -> list[Question]:
    """Every kind of U.S. state question: capitals and ``state_fact_questions``."""
    return state_capital_questions(states) + state_fact_questions(states)


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
    "U.S. states": lambda: state_fact_questions(),
    "flags": lambda: flag_questions(),
}


def generate(
    kinds: Iterable[str] | None = None, levels: Iterable[int] | None = None
) -> list[Question]:
    """Every question of the given kinds (keys of ``GENERATORS``; default all) and levels.

    Retired cards (data/decks/retired.csv) are left out.
    """
    chosen = list(GENERATORS) if kinds is None else list(kinds)
    unknown = [k for k in chosen if k not in GENERATORS]
    if unknown:
        raise ValueError(f"Unknown question kinds {unknown}; choose from {', '.join(GENERATORS)}.")
    wanted = {1, 2, 3} if levels is None else set(levels)
    return not_retired(q for kind in chosen for q in GENERATORS[kind]() if q.level in wanted)


def generated_deck(
    kinds: Iterable[str] | None = None,
    levels: Iterable[int] | None = None,
    rng: Random | None = None,
    name: str = "generated",
) -> Deck:
    """A shuffled deck of generated questions (shuffled with the game's seeded ``rng``), in
    the language spoken now."""
    deck = Deck(generate(kinds, levels), name=name, language=language())
    deck.shuffle(rng or Random(0))
    return deck
