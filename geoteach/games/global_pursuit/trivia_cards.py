"""The built-in trivia cards of Global Pursuit, made from the datasets.

Where the questions come from (every one right by construction, see ``geoteach.quiz.generators``):

* People and Places (political facts): capitals, countries of capitals, continents, neighbours.
* Planet Earth (physical geography): highest points, sea coasts, area and forest comparisons.
* Historic Happenings (explorers and history): where each journey of
  ``geoteach.data.explorer_routes`` began, where a round trip came back to, which of these
  places a journey reached, which of two explorers set out first; the order in which U.S.
  states joined the Union and the 13
  original states (``us_states``, columns ``admitted``, ``statehood_rank``). Each source is
  drawn in turn, so the explorers are not drowned by the 1,200 pairs of states.
* People and Products (resources, products, people): which country grows a tropical crop
  (``geoteach.data.country_products``), and comparisons of population, city dwellers, income
  per person, electricity and CO2 between neighbours.
* WILD CARD: flags; the player sees the flag and names the country.

Levels come from how hard each question is (``geoteach.quiz.generators``). The fame of an
explorer is not in the data, so explorer questions are graded by how close their distractors
are (places within a few thousand km, journeys within a few centuries).

Every wrong option is proved wrong (issue 26), or the question is not made:

* The Factbook's product lists are short: a country missing from "copper" may well mine it. So
  a product is asked only where a wrong country can be proved not to produce it: the tropical
  crops (``TROPICAL_CROPS``), whose wrong options lie wholly more than ``TROPICAL_LIMIT``
  degrees from the Equator on the map. Other products are not asked.
* A journey's list of stops is not complete (Darwin's Beagle also called at Hobart), so "whose
  journey passed through X?" is not asked. Instead: "Which of these places did this journey
  reach?", with wrong options more than ``CLEAR_KM`` from every listed stop and from the
  great circle between each two.
* The list may stop where the journey turned for home (Vasco da Gama's ends at Calicut), so
  "where did it end?" is asked only of a journey whose list comes back to its start.
* Many places share a name (the Amazon's Rio Negro and Patagonia's Río Negro, which Darwin
  reached; Sydney in Australia and in Nova Scotia), so every place offered is shown with the
  country it lies in (``place_label``: "Mouth of the Rio Negro (Brazil)"), unless its name
  already says where, or it lies in no country (the South Pole, at sea).

House rules decided here: 60 cards per deck (the first 60 of each level after a fixed
shuffle, so every classroom gets the same box); of each set's 60, 7 carry ROLL, 4 BONUS ROLL
and 7 WILD CARD (in proportion
for a deck with fewer cards); the WILD CARD deck has no symbols.

What this makes is kept in data/built/global_pursuit.json (``scripts/build_banks.py``) and dealt
by ``geoteach.games.global_pursuit.trivia``, so a student's kernel does not import this module.
"""

from __future__ import annotations

import functools
import itertools
import json
import random
from collections.abc import Callable, Iterable
from dataclasses import replace

import pandas as pd

from geoteach.games.global_pursuit.trivia import (
    CARDS_PER_DECK,
    DECK_NAMES,
    DECKS,
    SYMBOL_COUNTS,
    WILD,
    Bank,
    TriviaCard,
)
from geoteach.i18n import N_, _, format_number, language, list_words
from geoteach.quiz import generators
from geoteach.quiz.question import Question
from geoteach.sphere import sphere_km, sphere_path

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
    names = places.name  # in the language spoken now (geoteach.data.place_names)
    when = generators.long_date
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
                    prompt=_("Which became a U.S. state first: {a} or {b}?").format(
                        a=names[a], b=names[b]
                    ),
                    answer=names[first],
                    aliases=places.aliases[first],
                    choices=tuple(sorted((names[a], names[b]))),
                    explanation=_("{first} joined on {date}, {later} on {later_date}.").format(
                        first=names[first],
                        date=when(admitted[first]),
                        later=names[later],
                        later_date=when(admitted[later]),
                    ),
                    source=source,
                    kind="place",
                    id=f"statehood:{a}:{b}",
                    **generators.graded(known, generators.guess_chance(2, close)),
                )
            )
    return questions


def _explorer(name: str) -> str:
    """An explorer's name as the page's language writes it ("Magallanes y Elcano"): the names
    of data/explorer_routes.csv are in the catalogs (babel.cfg takes the column); an id keeps
    the English name."""
    return _(name)


def _trip(explorer: str, journey: str, years: str) -> str:
    """A journey as a question names it: "Zheng He, First voyage (1405–1407)".

    The journeys' names in data/explorer_routes.csv are English, and no shipped source names
    them in other languages: there a journey is named by its explorer and years, which tell
    the kit's journeys apart (one per explorer)."""
    if language() == "en":
        return f"{explorer}, {journey} ({years})"
    return f"{_explorer(explorer)} ({years})"


def _journey_of(explorer: str, journey: str) -> str:
    """ "Marco Polo (Journey to Kublai Khan's court)"; the explorer alone in another language
    (``_trip``)."""
    return f"{explorer} ({journey})" if language() == "en" else _explorer(explorer)


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


def _near(distances: list[float]) -> float:
    """Closeness of distractors this far away: 1 on the spot, 0 at ``FAR_KM`` or more."""
    return sum(max(0.0, 1 - d / FAR_KM) for d in distances) / max(1, len(distances))


def _years(stops: pd.DataFrame) -> str:
    first, last = int(stops["year"].min()), int(stops["year"].max())
    return str(first) if first == last else f"{first}–{last}"


#: A wrong option of "which of these places did this journey reach?" lies at least this far
#: (km) from every listed stop and from the great circle between each two.
CLEAR_KM = 2000.0
#: Legs are walked in steps of at most this many km when measuring ``CLEAR_KM``.
STEP_KM = 100.0


def route_distance(stops: pd.DataFrame, here: tuple[float, float]) -> float:
    """How far (km) ``here`` lies from a journey: its stops and the great circles between them."""
    points = list(zip(stops["lat"].astype(float), stops["lon"].astype(float), strict=True))
    walked = [p for a, b in itertools.pairwise(points) for p in sphere_path(a, b, STEP_KM)]
    walked = walked or points
    return min(sphere_km(here, p) for p in walked)


#: A place within this many degrees (about 25 km) of a country's drawn land lies in it ...
NEAR_LAND_DEGREES = 0.25
#: ... unless another country's land is within this many (a border river, a strait, an
#: estuary between two countries: the Río de la Plata, the Strait of Magellan).
OTHER_LAND_DEGREES = 1.5


def place_labels(places: dict[str, tuple[float, float]]) -> dict[str, str]:
    """Each place's name as shown, with the country it lies in (module notes: same names).

    A name that already says where (a bracket: "San Salvador (Bahamas)") is kept; so is one
    whose place lies in no country, or near two (``OTHER_LAND_DEGREES``).
    """
    from shapely import Point

    from geoteach.data.figures import country_rows
    from geoteach.data.place_names import place_name
    from geoteach.data.world import world_shapes

    rows = country_rows()
    shapes = {iso3: shape for iso3, shape in world_shapes("50m").items() if iso3 in rows}
    labels = {}
    for place, (lat, lon) in places.items():
        labels[place] = place
        if "(" in place:
            continue
        point = Point(lon, lat)
        apart = {iso3: shape.distance(point) for iso3, shape in shapes.items()}
        near = [iso3 for iso3, d in apart.items() if d <= OTHER_LAND_DEGREES]
        inside = len(near) == 1 and apart[near[0]] <= NEAR_LAND_DEGREES
        name = place_name("country", near[0], str(rows[near[0]]["name"])) if inside else ""
        if name and name.lower() not in place.lower():
            labels[place] = f"{place} ({name})"
    return labels


def explorer_questions(routes: pd.DataFrame) -> list[Question]:
    """Where each journey began, where a round trip came back to, which places it reached.

    ``routes`` has one row per waypoint (``explorer``, ``journey``, ``order``, ``place``,
    ``lat``, ``lon``, ``year`` and a ``source`` named in each question). Multiple choice; the
    nearer the distractors, the higher the level (module notes: what proves them wrong).
    """
    journeys = _journeys(routes)
    places = {
        str(o["place"]): (float(o["lat"]), float(o["lon"]))
        for stops in journeys.values()
        for _skip, o in stops.iterrows()
    }
    label = place_labels(places)
    questions = []
    for key, stops in journeys.items():
        explorer, journey = key
        src = str(stops["source"].iloc[0]) if "source" in stops else "data/explorer_routes.csv"
        trip = _trip(explorer, journey, _years(stops))
        explorer_card = functools.partial(Question, category="Explorers", source=src, kind="place")
        ends = [("begin", stops.iloc[0])]
        if str(stops["place"].iloc[-1]) == str(stops["place"].iloc[0]) and len(stops) > 2:
            ends.append(("end", stops.iloc[-1]))
        for end, row in ends:
            here = (float(row["lat"]), float(row["lon"]))
            index = 0 if end == "begin" else -1
            others = sorted(
                (sphere_km(here, (float(o["lat"]), float(o["lon"]))), str(o["place"]))
                for k, other in journeys.items()
                if k != key
                for o in (other.iloc[index],)
            )
            choices = generators.pick_choices(str(row["place"]), [p for _skip, p in others])
            shown = [d for d, p in others if p in choices][: generators.DISTRACTORS]
            choices = tuple(label[p] for p in choices)
            prompt = (
                _("Where did this journey begin: {trip}?")
                if end == "begin"
                else _("Where did this journey come back to at its end: {trip}?")
            ).format(trip=trip)
            said = (
                _("{explorer} set out from {place} in {year}.")
                if end == "begin"
                else _("{explorer} came back to {place} in {year}.")
            )
            questions.append(
                explorer_card(
                    prompt=prompt,
                    answer=label[str(row["place"])],
                    choices=choices,
                    explanation=said.format(
                        explorer=_explorer(explorer),
                        place=label[str(row["place"])],
                        year=int(row["year"]),
                    ),
                    id=f"explorer_{'start' if end == 'begin' else 'end'}:{explorer}:{journey}",
                    **generators.graded(
                        EXPLORER_KNOWN, generators.guess_chance(len(choices), _near(shown))
                    ),
                )
            )
        ends_at = {str(stops["place"].iloc[0]), str(stops["place"].iloc[-1])}
        clear = sorted(
            (d, p) for p, at in places.items() if (d := route_distance(stops, at)) >= CLEAR_KM
        )
        asked: set[str] = set()
        for _skip, row in stops.iloc[1:].iterrows():
            place = str(row["place"])
            if place in ends_at or place in asked:
                continue
            asked.add(place)
            here = (float(row["lat"]), float(row["lon"]))
            nearest = sorted(clear, key=lambda dp: (sphere_km(here, places[dp[1]]), dp[1]))
            choices = generators.pick_choices(place, [p for _skip, p in nearest])
            shown = [sphere_km(here, places[p]) for _skip, p in nearest if p in choices]
            shown = shown[: generators.DISTRACTORS]
            wrong = [label[p] for p in choices if p != place]
            questions.append(
                explorer_card(
                    prompt=_("Which of these places did this journey reach: {trip}?").format(
                        trip=trip
                    ),
                    answer=label[place],
                    choices=tuple(label[p] for p in choices),
                    explanation=_(
                        "{explorer} reached {place} in {year}. {others} lie more than {km} km "
                        "from every place on the way."
                    ).format(
                        explorer=_explorer(explorer),
                        place=label[place],
                        year=int(row["year"]),
                        others=list_words(wrong, "and"),
                        km=format_number(CLEAR_KM, 0),
                    ),
                    id=f"explorer_stop:{explorer}:{place}",
                    **generators.graded(
                        EXPLORER_KNOWN, generators.guess_chance(len(choices), _near(shown))
                    ),
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
                prompt=_("Who set out first: {a} or {b}?").format(
                    a=_journey_of(*ka), b=_journey_of(*kb)
                ),
                answer=_explorer(first[0][0]),
                choices=tuple(sorted((_explorer(ka[0]), _explorer(kb[0])))),
                explanation=_("{first} set out in {year}, {later} in {later_year}.").format(
                    first=_explorer(first[0][0]),
                    year=first[1],
                    later=_explorer(later[0][0]),
                    later_year=later[1],
                ),
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
#: Crops that grow only in the tropics (the source that says so): a country whose land, as the
#: map draws it, lies wholly further than ``TROPICAL_LIMIT`` degrees from the Equator does not
#: grow them, so it is a wrong option proved wrong. The Factbook's lists prove the right one.
TROPICAL_CROPS: dict[str, str] = {
    "cocoa": 'Encyclopaedia Britannica, "cacao" (a crop of the humid tropics)',
    "coffee": 'Encyclopaedia Britannica, "coffee" (a crop of the tropics)',
}
#: The crops' names, for the catalogs.
PRODUCT_WORDS: dict[str, str] = {"cocoa": N_("cocoa"), "coffee": N_("coffee")}
#: Degrees from the Equator beyond which no tropical crop is grown: the tropics end at 23.4°;
#: the margin keeps out the odd farm just beyond them (Yunnan, Nepal, New South Wales, Sicily).
TROPICAL_LIMIT = 40.0


def beyond_the_tropics(extents: dict[str, tuple[float, float]]) -> set[str]:
    """Countries whose drawn land lies wholly more than ``TROPICAL_LIMIT``° from the Equator."""
    return {
        c
        for c, (south, north) in extents.items()
        if south > TROPICAL_LIMIT or north < -TROPICAL_LIMIT
    }


def product_questions(
    products: pd.DataFrame, extents: dict[str, tuple[float, float]] | None = None
) -> list[Question]:
    """ "Which of these countries grows cocoa?" for each country the Factbook lists it for.

    ``products`` has one row per country and product with at least ``iso3`` and ``product``;
    only ``TROPICAL_CROPS`` are asked (module notes). The wrong options are the most similar
    countries lying wholly beyond ``TROPICAL_LIMIT`` (``extents``: southernmost and
    northernmost latitude per country, by default from the 1:50m map).
    """
    needed = {"iso3", "product"}
    if not needed <= set(products.columns):
        missing = ", ".join(sorted(needed - set(products.columns)))
        raise ValueError(f"The country products table has no column {missing}.")
    if extents is None:
        from geoteach.data.conventions import latitude_extents

        extents = latitude_extents()
    atlas = generators.default_atlas()
    cold = beyond_the_tropics(extents)
    has: dict[str, set[str]] = {}
    for row in products.itertuples():
        if row.iso3 in atlas.name and row.product in TROPICAL_CROPS:
            has.setdefault(str(row.product), set()).add(str(row.iso3))
    src = (
        str(products["source"].iloc[0])
        if "source" in products and len(products)
        else "geoteach.data.country_products()"
    )
    questions = []
    for product, makers in sorted(has.items()):
        for iso3 in sorted(makers):
            others = [c for c in atlas.similar(iso3) if c in cold and c not in makers]
            if len(others) < generators.DISTRACTORS:
                continue
            shown = [atlas.called[c] for c in others[: generators.DISTRACTORS]]
            crop = _(PRODUCT_WORDS[product])
            questions.append(
                generators.choice_question(
                    atlas,
                    iso3,
                    f"product:{product}",
                    category="Products",
                    prompt=_("Which of these countries grows {crop}?").format(crop=crop),
                    answer=atlas.name[iso3],
                    accepted=atlas.aliases[iso3],
                    distractors=others,
                    options=atlas.names(others),
                    explanation=_(
                        "{country} grows {crop} (the CIA World Factbook lists it). {Crop} is a "
                        "crop of the tropics; {others} lie wholly more than {degrees}° from the "
                        "Equator, far outside them."
                    ).format(
                        country=atlas.opening(iso3),
                        crop=crop,
                        Crop=crop[:1].upper() + crop[1:],
                        others=list_words(shown, "and"),
                        degrees=f"{TROPICAL_LIMIT:.0f}",
                    ),
                    source=f"{src}; {TROPICAL_CROPS[product]}; "
                    "latitudes from data/world_50m.geojson",
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


def make_built_in_json() -> str:
    """Generate the five built-in decks from the datasets (6 to 8 CPU-seconds)."""
    bank: Bank = {}
    for deck in DECKS:
        groups = [generators.not_retired(source()) for source in SOURCES[deck]]
        symbols = None if deck == WILD else SYMBOL_COUNTS
        bank[deck] = make_cards(
            deck, _balanced([g for g in groups if g], CARDS_PER_DECK), symbols=symbols
        )
    return json.dumps(bank)
