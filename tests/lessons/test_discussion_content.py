"""Every sentence the lessons' discussion questions print, checked the way the cards are (issue 36).

Every discussion function of every game's lesson module is run, with every value of the argument
that picks its facts (every category, every product, several pairs of rankings);
``test_every_discussion_function_is_checked`` fails for a function without a checker here. For
each discussion:

* every number its question and answer state is traced: to a cell of its own tables, or to a
  figure its checker worked out again from the one path (``geoteach.data.figures`` for the
  countries, ``geoteach.data.us_states`` for the states, the decks for Globe Works), or to a
  named constant of the lesson (the tropics' latitude, 1,000 km);
* a first or last place shared by several is said as a tie: every one named, or counted;
* "first" is said only where the checker proved it first;
* a figure the one path withholds is in no table and no sentence.
"""

from __future__ import annotations

import inspect
import re
from collections.abc import Callable, Iterator
from functools import cache
from importlib import import_module
from typing import Any

import pandas as pd
import pytest

import geoteach.data
from geoteach.data import figures
from geoteach.games.globalissimo.ranking import true_places
from geoteach.lessons import geography_pursuit, geotriple, global_pursuit, globalissimo, globe_works
from geoteach.lessons.discussion import Discussion, names_list, number, ordinal
from geoteach.lessons.registry import LESSONS

#: Pairs of rankings rank_shifts is asked about here (population and area is the default).
SHIFT_PAIRS = [
    ("population", "area_km2"),
    ("gdp_usd", "population"),
    ("co2_mt", "population"),
    ("area_km2", "coastline_km"),
    ("life_expectancy", "gdp_per_capita_usd"),
]

NUMBER = re.compile(r"\d[\d,]*(?:\.\d+)?")


def said(text: str) -> list[str]:
    """The numbers a sentence states, as written ("1,419,316,933", "23.4", "8" of "8th")."""
    return [n.rstrip(",") for n in NUMBER.findall(text)]


def spellings(value: Any) -> set[str]:
    """Every way a lesson writes ``value``: as ``number``, whole, as a share in %, or the
    numbers inside a text cell ("1577–1580")."""
    if isinstance(value, str):
        return set(said(value))
    try:
        v = float(value)
    except (TypeError, ValueError):
        return set()
    if v != v:
        return set()
    out = {number(v), f"{v:,.0f}", f"{v:.0f}", f"{v:g}"}
    if 0 <= v <= 1:
        out.add(f"{v * 100:.0f}")
    return out


def table_numbers(d: Discussion) -> set[str]:
    out: set[str] = set()
    for table in d.tables:
        for column in table.columns:
            out |= spellings(column)
            for value in table[column]:
                out |= spellings(value)
        for value in table.index:
            out |= spellings(value)
    return out


class Checked:
    """What a checker proved of one discussion: numbers traced and words allowed."""

    def __init__(self) -> None:
        self.numbers: set[str] = set()
        self.first = False

    def number(self, *values: Any) -> None:
        for value in values:
            self.numbers |= spellings(value)


@cache
def rows() -> dict[str, Any]:
    return dict(figures.country_rows())


def stat(key: str) -> dict[str, float]:
    """Every country's value of ``key`` through the one path (withheld ones left out)."""
    return {iso: float(r[key]) for iso, r in rows().items() if r.get(key) is not None}


def name(iso: str) -> str:
    return str(rows()[iso]["name"])


def said_as_tie(answer: str, names: list[str]) -> None:
    """Every one of a shared place named, or their number said ("113 countries share it")."""
    if len(names) > globalissimo.NAMED_AT_MOST:
        assert f"{len(names)} countries share it" in answer, (names, answer)
    else:
        assert names_list(sorted(names)) in answer or all(n in answer for n in names), (
            names,
            answer,
        )


# ----- Globalissimo's lessons ---------------------------------------------------------------
def check_category_map(d: Discussion, category: str) -> Checked:
    ok = Checked()
    info = figures.statistic_rows()[category]
    values = stat(category)
    places = dict(zip(values, true_places(list(values.values()), str(info["rank1"])), strict=True))
    best = [iso for iso, p in places.items() if p == 1]
    last = max(places.values())
    worst = [iso for iso, p in places.items() if p == last]
    head, tail = d.answer.split("; last place, ")
    said_as_tie(head, [name(c) for c in best])
    said_as_tie(tail.split(". By the")[0], [name(c) for c in worst])
    assert tail.startswith(f"{ordinal(last)}:")
    ok.number(last, len(best), len(worst), values[best[0]], values[worst[0]])
    for group in (best, worst):
        years = [rows()[c].get(f"{category}_year") for c in group]
        ok.number(*(y for y in years if y is not None))
    # The table: the countries at each end, with the one path's values and places.
    table = d.tables[0]
    for iso, row in table.iterrows():
        assert row["place"] == places[iso] and row.iloc[3] == values[iso]
    # "X comes first": the continent(s) with the best middle value, in the category's direction.
    by = pd.Series(values).groupby(pd.Series({c: rows()[c]["continent"] for c in values}))
    middle = by.median()
    ahead = middle if info["rank1"] == "highest" else -middle
    first = sorted(ahead[ahead == ahead.max()].index)
    text = d.answer.split("By the middle country of each continent, ")[1]
    assert all(c in text.split(" first")[0] for c in first), (first, text)
    ok.first = True
    return ok


def check_rank_shifts(d: Discussion, first: str, second: str) -> Checked:
    ok = Checked()
    a, b = (
        pd.Series(
            dict(
                zip(
                    (v := stat(key)),
                    true_places(list(v.values()), str(figures.statistic_rows()[key]["rank1"])),
                    strict=True,
                )
            )
        )
        for key in (first, second)
    )
    both = a.index.intersection(b.index)
    moved = b[both] - a[both]
    for lead in (moved[moved == moved.max()].index, moved[moved == moved.min()].index):
        assert all(name(c) in d.answer for c in lead), (list(lead), d.answer)
        ok.number(*a[lead], *b[lead], *moved[lead].abs())
    assert f"Out of {len(both)} countries, {int((moved.abs() > 50).sum())} move" in d.answer
    ok.number(len(both), int((moved.abs() > 50).sum()), 50)
    for iso, row in d.table.iterrows():
        assert row["places moved"] == moved[iso]
    return ok


def check_capitals_and_seats(d: Discussion, **_: Any) -> Checked:
    ok = Checked()
    seats = [c for c, r in rows().items() if r.get("seat_of_government")]
    continents = pd.Series([rows()[c]["continent"] for c in seats]).value_counts()
    most = sorted(continents[continents == continents.max()].index)
    assert d.answer.startswith(f"{len(seats)} countries: ")
    assert f"{names_list(most)} {'has' if len(most) == 1 else 'have'} the most" in d.answer
    ok.number(len(seats), continents.max())
    return ok


# ----- Geography Pursuit's lessons ----------------------------------------------------------
def check_country_neighbours(d: Discussion, **_: Any) -> Checked:
    ok = Checked()
    count = {c: len(r["neighbours"]) for c, r in rows().items()}
    top = max(count.values())
    most = [name(c) for c, n in count.items() if n == top]
    said_as_tie(d.answer.split(":")[0], most)
    assert ("each" in d.answer.split(".")[0]) == (len(most) > 1)
    none = [c for c, n in count.items() if n == 0]
    assert f"{len(none)} countries have none" in d.answer
    ok.number(top, len(none))
    return ok


def check_highest_points(d: Discussion, **_: Any) -> Checked:
    ok = Checked()
    heights = stat("highest_point_m")
    top = max(heights.values())
    at_top = sorted(name(c) for c, h in heights.items() if h == top)
    assert d.answer.split(".")[0].endswith(f"{number(top)} m, in {names_list(at_top)}")
    table = d.table.set_index("continent")["height (m)"]
    # Every continent's top is the highest of its countries' (Indonesia's Puncak Jaya also
    # counts for Oceania, data/quiz_conventions.csv).
    for continent, height in table.items():
        in_it = [h for c, h in heights.items() if rows()[c]["continent"] == continent]
        assert height == max(in_it) or (continent == "Oceania" and height == heights["IDN"])
    lowest = table[table == table.min()]
    assert len(lowest) == 1 and f"is {lowest.index[0]}'s" in d.answer
    ok.number(top, table.min())
    return ok


def check_median_age(d: Discussion, top: int = 5) -> Checked:
    ok = Checked()
    ages = stat("median_age")
    low, high = min(ages.values()), max(ages.values())
    for end, text in ((low, d.answer.split(";")[0]), (high, d.answer.split(";")[1])):
        said_as_tie(text, [name(c) for c, a in ages.items() if a == end])
    ordered = sorted(ages, key=ages.get)
    # "The 5 youngest" is a set only if the 6th is not as young as the 5th.
    assert ages[ordered[top - 1]] < ages[ordered[top]]
    assert ages[ordered[-top]] > ages[ordered[-top - 1]]
    for group, word in ((ordered[:top], "youngest"), (ordered[-top:], "oldest")):
        counts = pd.Series([rows()[c]["continent"] for c in group]).value_counts()
        part = d.answer.split(f"{top} {word} ")[1]
        if counts.iloc[0] == top:
            assert part.startswith(f"are all in {counts.index[0]}") or part.startswith("all in")
        elif "mostly in" in part.split(",")[0]:
            assert counts.iloc[0] * 2 > top
    years = {int(rows()[c]["median_age_year"]) for c in ages}
    ok.number(low, high, top, *years)
    return ok


# ----- GeoTriple's lessons ------------------------------------------------------------------
@cache
def states() -> pd.DataFrame:
    return geoteach.data.us_states()


def check_state_neighbours(d: Discussion, **_: Any) -> Checked:
    ok = Checked()
    count = states()["neighbours"].map(len)
    most = list(states().loc[count[count == count.max()].index, "name"])
    said_as_tie(d.answer.split(" border")[0], most)
    ok.number(count.max())
    regions = d.tables[1]
    for region, row in regions.iterrows():
        members = states()[states()["region"] == region]
        assert row["mean_neighbours"] == round(members["neighbours"].map(len).mean(), 1)
        assert row["mean_area_km2"] == round(members["area_km2"].mean())
        assert row["share_on_the_ocean"] == round(members["coastline"].astype(bool).mean(), 2)
    biggest = regions["mean_area_km2"].idxmax()
    assert f"The {biggest}'s states are the biggest" in d.answer
    return ok


def check_size_and_population(d: Discussion, **_: Any) -> Checked:
    ok = Checked()
    gap = states()["population_rank"] - states()["area_rank"]
    for lead in (gap[gap == gap.max()].index, gap[gap == gap.min()].index):
        assert len(lead) == 1 and states().loc[lead[0], "name"] in d.answer
        ok.number(states().loc[lead[0], "area_rank"], states().loc[lead[0], "population_rank"])
    return ok


def check_statehood(d: Discussion, **_: Any) -> Checked:
    ok = Checked()
    s = states()
    first, last = s["admitted"].min(), s["admitted"].max()
    (firsts,) = [s[s["admitted"] == first].index]
    assert len(firsts) == 1 and f"{s.loc[firsts[0], 'name']} came first ({first.year})" in d.answer
    lasts = s[s["admitted"] == last].index
    assert len(lasts) == 1 and f"{s.loc[lasts[0], 'name']} last ({last.year})" in d.answer
    ok.first = True
    original = s[s["statehood_rank"] <= 13]
    assert (
        f"The 13 original states are all in the {names_list(sorted(original['region'].unique()))}"
        in d.answer
    )
    years = pd.Series([a.year for a in s["admitted"]], index=s.index).groupby(s["region"]).median()
    assert years.idxmax() == "West" and years.max() > years.drop("West").max()
    assert "the West's states joined last" in d.answer
    ok.number(first.year, last.year, 13, int(years.max()))
    return ok


# ----- Global Pursuit's lessons ---------------------------------------------------------------
def check_explorers(d: Discussion, **_: Any) -> Checked:
    ok = Checked()
    km = d.table["km"]
    assert (km == km.max()).sum() == 1 and (km == km.min()).sum() == 1
    assert d.answer.startswith(d.table.loc[km.idxmax(), "explorer"])
    assert f"The shortest, {d.table.loc[km.idxmin(), 'explorer']}" in d.answer
    return ok


def check_where_it_grows(d: Discussion, product: str) -> Checked:
    ok = Checked()
    products = geoteach.data.country_products()
    codes = set(products.loc[products["product"] == product, "iso3"]) & set(rows())
    inside = [c for c in codes if abs(float(rows()[c]["label_lat"])) <= global_pursuit.TROPIC_LAT]
    continents = {rows()[c]["continent"] for c in codes}
    assert d.answer.startswith(f"{len(codes)} countries list {product}: {len(inside)} of them")
    where = d.answer.split("south), in ")[1].split(".")[0]
    assert sorted(where.replace(" and ", ", ").split(", ")) == sorted(continents)
    ok.number(len(codes), len(inside), global_pursuit.TROPIC_LAT)
    return ok


# ----- Globe Works' lessons -----------------------------------------------------------------
def check_hardest_regions(d: Discussion, **_: Any) -> Checked:
    ok = Checked()
    from geoteach.games.globe_works import regions

    table, steps = d.tables
    opened = table["linking cities that open it"]
    fewest = list(table.loc[opened == opened.min(), "region"])
    said_as_tie(d.answer.split(":")[0], fewest)
    most = steps.to_numpy().max()
    codes = list(steps.index)
    for i, a in enumerate(codes):
        for b in codes[i + 1 :]:
            if steps.loc[a, b] == most:
                assert f"{regions()[a].name} and {regions()[b].name}" in d.answer, (a, b)
    return ok


def check_linking_cities(d: Discussion, **_: Any) -> Checked:
    ok = Checked()
    table = d.table
    joined = table["regions joined"]
    said_as_tie(
        d.answer.split(" join ")[0], list(table.loc[joined == joined.max(), "linking city"])
    )
    far = table[globe_works.FARTHEST]
    assert (far == far.max()).sum() == 1
    close = int((far <= globe_works.NEAR_KM).sum())
    assert f"{close} of the {len(table)} linking cities" in d.answer
    ok.number(close, len(table), globe_works.NEAR_KM)
    return ok


# ----- every discussion, run ------------------------------------------------------------------
Check = Callable[..., Checked]
CHECKS: dict[str, tuple[Check, list[dict[str, Any]]]] = {
    "globalissimo.category_map": (
        check_category_map,
        [{"category": key} for key in figures.statistic_rows()],
    ),
    "globalissimo.rank_shifts": (
        check_rank_shifts,
        [{"first": a, "second": b} for a, b in SHIFT_PAIRS],
    ),
    "globalissimo.capitals_and_seats": (check_capitals_and_seats, [{}]),
    "geography_pursuit.most_neighbours": (check_country_neighbours, [{}]),
    "geography_pursuit.highest_points": (check_highest_points, [{}]),
    "geography_pursuit.median_age": (check_median_age, [{}, {"top": 3}]),
    "geotriple.most_neighbours": (check_state_neighbours, [{}]),
    "geotriple.size_and_population": (check_size_and_population, [{}]),
    "geotriple.statehood_map": (check_statehood, [{}]),
    "global_pursuit.explorer_distances": (check_explorers, [{}]),
    "global_pursuit.where_it_grows": (
        check_where_it_grows,
        [{"product": p} for p in sorted(geoteach.data.country_products()["product"].unique())],
    ),
    "globe_works.hardest_regions": (check_hardest_regions, [{}]),
    "globe_works.linking_cities": (check_linking_cities, [{}]),
}
MODULES = {
    "globalissimo": globalissimo,
    "geography_pursuit": geography_pursuit,
    "geotriple": geotriple,
    "global_pursuit": global_pursuit,
    "globe_works": globe_works,
}


def discussion_functions() -> Iterator[str]:
    """Every public function of a game's lesson module that returns a ``Discussion``."""
    for entry in LESSONS.values():
        module = import_module(entry.lessons)
        for fname, function in inspect.getmembers(module, inspect.isfunction):
            returns = inspect.signature(function).return_annotation
            if function.__module__ == module.__name__ and returns in ("Discussion", Discussion):
                yield f"{entry.key}.{fname}"


def test_every_discussion_function_is_checked() -> None:
    assert sorted(discussion_functions()) == sorted(CHECKS)


RUNS = [(key, kwargs) for key, (_, runs) in CHECKS.items() for kwargs in runs]


@pytest.mark.parametrize(
    ("key", "kwargs"), RUNS, ids=[f"{k}-{'-'.join(map(str, a.values()))}" for k, a in RUNS]
)
def test_every_sentence_states_only_traced_figures(key: str, kwargs: dict[str, Any]) -> None:
    module, fname = key.split(".")
    check, _ = CHECKS[key]
    found = getattr(MODULES[module], fname)(**kwargs)
    proved = check(found, **kwargs)
    known = table_numbers(found) | proved.numbers | spellings(kwargs.get("top", ""))
    for text in (found.question, found.answer):
        untraced = [n for n in said(text) if n not in known]
        assert not untraced, f"{key}: {untraced} in {text!r}"
        if re.search(r"\bfirst\b", text):
            assert proved.first, f"{key} says 'first' its checker did not prove: {text!r}"
    found.figure.clf()


def test_no_withheld_figure_is_in_a_lesson() -> None:
    """A figure the one path withholds (Kuwait's population, Cuba's GDP, Palau's internet
    users) is in no discussion's table or sentence."""
    gone: dict[str, list[str]] = {}
    for iso, key in figures.withheld():
        gone.setdefault(key, []).append(iso)
    assert gone
    for key, codes in gone.items():
        found = globalissimo.category_map(key)
        named = {
            n
            for part in re.findall(r": ([^:(]+) \(", found.answer)
            for n in re.split(r", | and ", part)
        }
        for iso in codes:
            assert iso not in found.table.index
            assert name(iso) not in named, (key, iso, found.answer)
        found.figure.clf()


def test_rank_shifts_names_every_country_sharing_the_furthest_move(monkeypatch) -> None:
    """Two countries that move equally far are both named, with their places."""
    first = pd.Series({"BGD": 1, "JPN": 2, "MNG": 3, "FRA": 4})
    second = pd.Series({"BGD": 3, "JPN": 4, "MNG": 1, "FRA": 2})
    monkeypatch.setattr(
        globalissimo, "places", lambda key: first if key == "population" else second
    )
    found = globalissimo.rank_shifts("population", "area_km2", top=2)
    assert "Bangladesh is 1st by population but 3rd by area" in found.answer
    assert "Japan is 2nd by population but 4th by area (2 places each)" in found.answer
    assert "Mongolia is 3rd by population and 1st by area" in found.answer
    assert "France is 4th by population and 2nd by area" in found.answer
    found.figure.clf()
