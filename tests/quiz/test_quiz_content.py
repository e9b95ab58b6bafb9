"""Every generated question, kind by kind, checked against its source table (issue 26).

Not a sample: each test takes the whole pool of its kind and proves the answer right and every
wrong option wrong, from the table and the conventions of ``geoteach.quiz.generators``. A kind
without a checker here fails ``test_every_kind_has_a_content_check``. The trap list at the end
says, for each known trap, what each kind must do there.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import cache

import pandas as pd
import pytest

from geoteach.data import country_products, explorer_routes
from geoteach.data.conventions import latitude_extents
from geoteach.data.usa import us_states
from geoteach.data.world import countries as country_table
from geoteach.games.global_pursuit import trivia, trivia_cards
from geoteach.quiz import generators as gen
from geoteach.quiz.answers import normalize
from geoteach.quiz.question import Question


@cache
def table() -> pd.DataFrame:
    return country_table()


@cache
def iso3_of() -> dict[str, str]:
    return {name: iso3 for iso3, name in table()["name"].items()}


@cache
def pool() -> dict[str, list[Question]]:
    """Every generated question of the quiz and of Global Pursuit's decks, by kind."""
    routes = explorer_routes()
    questions = [
        *gen.capital_questions(),
        *gen.country_of_capital_questions(),
        *gen.continent_questions(),
        *gen.neighbour_questions(),
        *gen.neighbour_count_questions(),
        *gen.highest_point_questions(),
        *gen.coastline_questions(),
        *gen.flag_questions(),
        *gen.us_state_questions(),
        *[
            q
            for key in (
                "population",
                "area_km2",
                "life_expectancy",
                "forest_pct",
                "urban_pct",
                "gdp_per_capita_usd",
                "electricity_access_pct",
                "co2_mt",
                "median_age",
            )
            for q in gen.comparison_questions(key)
        ],
        *trivia_cards.explorer_questions(routes),
        *trivia_cards.explorer_order_questions(routes),
        *trivia_cards.product_questions(country_products()),
        *trivia_cards.statehood_questions(),
    ]
    out: dict[str, list[Question]] = {}
    for q in questions:
        out.setdefault(kind_of(q), []).append(q)
    return out


def kind_of(q: Question) -> str:
    head, _, rest = q.id.partition(":")
    return f"{head}:{rest.split(':')[0]}" if head in ("compare", "product") else head


def wrong(q: Question) -> list[str]:
    return [c for c in q.choices if c != q.answer]


# ----------------------------------------------------------------------------- countries
def check_capital(q: Question) -> None:
    iso3 = q.media.highlight[0]
    right = {normalize(a) for a in (table().at[iso3, "capital"], *q.aliases)}
    assert q.answer == table().at[iso3, "capital"]
    capitals = set(table()["capital"])
    for option in wrong(q):
        assert option in capitals and normalize(option) not in right, (q.prompt, option)
        assert not table()["capital_contested"][table()["capital"] == option].any()


def check_capital_of(q: Question) -> None:
    city = q.prompt.removeprefix("Which country has ").removesuffix(" as its capital?")
    assert table().at[iso3_of()[q.answer], "capital"] == city
    for option in wrong(q):
        other = iso3_of()[option]
        assert table().at[other, "capital"] != city
        assert not normalize(city).endswith(normalize(table().at[other, "capital"]))


def check_continent(q: Question) -> None:
    iso3 = q.media.highlight[0]
    assert not gen.disputed_continent(gen.default_atlas(), iso3), iso3
    assert (
        q.answer == table().at[iso3, "continent"] == gen.m49_continent(table().at[iso3, "region"])
    )
    assert set(wrong(q)) <= set(table()["continent"]) - {q.answer}


def check_borders_both(q: Question) -> None:
    a, b = q.media.highlight
    border = table()["neighbours"].map(set)
    common = border[a] & border[b]
    disputed = gen.conventions().disputed
    assert iso3_of()[q.answer] in common
    for option in wrong(q):
        other = iso3_of()[option]
        assert other not in common
        assert other not in disputed.get(a, ()) and other not in disputed.get(b, ())


def check_neighbour_count(q: Question) -> None:
    iso3 = q.media.highlight[0]
    assert q.answer == str(len(table().at[iso3, "neighbours"]))
    note = gen.conventions().notes.get((iso3, "neighbour_count"))
    if note:
        assert f"({note})" in q.prompt


def check_highest_point(q: Question) -> None:
    iso3 = q.media.highlight[0]
    assert (iso3, "highest_point_m") not in gen.conventions().not_asked
    assert float(q.answer.replace(",", "")) == float(table().at[iso3, "highest_point_m"])


def check_coast(q: Question) -> None:
    iso3 = q.media.highlight[0]
    assert q.prompt == gen.COAST_PROMPT.format(place=gen.the(table().at[iso3, "name"]))
    assert q.answer == ("Yes" if table().at[iso3, "coastline_km"] > 0 else "No")
    if iso3 in gen.inland_shores() and q.answer == "No":
        assert "not a sea coast" in q.explanation


def comparison_check(key: str) -> Callable[[Question], None]:
    def check(q: Question) -> None:
        a, b = q.media.highlight
        assert (a, key) not in gen.conventions().not_asked
        assert (b, key) not in gen.conventions().not_asked
        views = [table()[key].to_dict(), *gen.other_views(key, table())]
        for view in views:  # every reading puts the answer first, 5% ahead
            top, low = (a, b) if iso3_of()[q.answer] == a else (b, a)
            assert view[top] > view[low] * (1 + gen.MIN_DIFFERENCE) - 1e-9, (q.prompt, view[top])
        assert set(q.choices) == {table().at[a, "name"], table().at[b, "name"]}

    return check


def check_flag(q: Question) -> None:
    iso3 = q.media.flag
    assert q.answer == table().at[iso3, "name"]
    right = {normalize(a) for a in (q.answer, *table().at[iso3, "aliases"])}
    for option in wrong(q):
        assert iso3_of()[option] != iso3 and normalize(option) not in right


# ----------------------------------------------------------------------------- Global Pursuit
def check_product(q: Question) -> None:
    product = q.id.split(":")[1]
    products = country_products()
    makers = set(products["iso3"][products["product"] == product])
    assert product in trivia_cards.TROPICAL_CROPS
    assert iso3_of()[q.answer] in makers
    extents = latitude_extents()
    for option in wrong(q):
        south, north = extents[iso3_of()[option]]
        assert south > trivia_cards.TROPICAL_LIMIT or north < -trivia_cards.TROPICAL_LIMIT, option


@cache
def journeys() -> dict[str, pd.DataFrame]:
    return {e: s for (e, _), s in explorer_routes().groupby(["explorer", "journey"])}


@cache
def place_of_label() -> dict[str, str]:
    """Shown option ("Mouth of the Rio Negro (Brazil)") -> the route's place (issue 36)."""
    at = {str(r.place): (float(r.lat), float(r.lon)) for r in explorer_routes().itertuples()}
    return {shown: place for place, shown in trivia_cards.place_labels(at).items()}


def check_explorer_start(q: Question) -> None:
    stops = journeys()[q.id.split(":")[1]]
    assert place_of_label()[q.answer] == stops["place"].iloc[0]
    assert q.answer not in wrong(q)


def check_explorer_end(q: Question) -> None:
    stops = journeys()[q.id.split(":")[1]]
    # a listed round trip
    assert stops["place"].iloc[-1] == stops["place"].iloc[0] == place_of_label()[q.answer]
    assert "come back to" in q.prompt


def check_explorer_stop(q: Question) -> None:
    _, explorer, place = q.id.split(":", 2)
    stops = journeys()[explorer]
    assert place_of_label()[q.answer] == place and place in set(stops["place"])
    at = {r.place: (r.lat, r.lon) for r in explorer_routes().itertuples()}
    for shown in wrong(q):
        option = place_of_label()[shown]
        assert trivia_cards.route_distance(stops, at[option]) >= trivia_cards.CLEAR_KM, (
            explorer,
            option,
        )


def check_explorer_order(q: Question) -> None:
    starts = {e: int(s["year"].min()) for e, s in journeys().items()}
    (other,) = wrong(q)
    assert starts[q.answer] < starts[other]


# ----------------------------------------------------------------------------- U.S. states
@cache
def states() -> pd.DataFrame:
    return us_states()


def check_state_capital(q: Question) -> None:
    usps = q.media.highlight[0]
    assert q.answer == states().at[usps, "capital"]
    assert set(wrong(q)) <= set(states()["capital"]) - {q.answer}


def check_state_of_capital(q: Question) -> None:
    usps = q.media.highlight[0]
    assert q.answer == states().at[usps, "name"]
    for option in wrong(q):
        assert (
            states()["capital"][states()["name"] == option].iloc[0] != states().at[usps, "capital"]
        )


def check_state_region(q: Question) -> None:
    usps = q.media.highlight[0]
    assert q.answer == states().at[usps, "region"]
    assert set(wrong(q)) <= set(gen.StateAtlas.CENSUS_REGIONS) - {q.answer}


def check_state_borders_both(q: Question) -> None:
    a, b = q.media.highlight
    border = states()["neighbours"].map(set)
    common = border[a] & border[b]
    by_name = {n: c for c, n in states()["name"].items()}
    assert by_name[q.answer] in common
    assert all(by_name[o] not in common for o in wrong(q))


def check_state_neighbour_count(q: Question) -> None:
    usps = q.media.highlight[0]
    assert q.answer == str(len(states().at[usps, "neighbours"]))


def state_comparison(column: str) -> Callable[[Question], None]:
    def check(q: Question) -> None:
        a, b = q.media.highlight
        top = a if states().at[a, column] > states().at[b, column] else b
        assert q.answer == states().at[top, "name"]

    return check


def check_original_state(q: Question) -> None:
    rank = dict(zip(states()["name"], states()["statehood_rank"], strict=True))
    assert rank[q.answer] <= 13 and all(rank[o] > 13 for o in wrong(q))


def check_state_coast(q: Question) -> None:
    usps = q.media.highlight[0]
    assert q.answer == ("Yes" if states().at[usps, "coastline"] else "No")


def check_state_great_lakes(q: Question) -> None:
    usps = q.media.highlight[0]
    assert q.answer == ("Yes" if states().at[usps, "great_lakes"] else "No")


def check_statehood(q: Question) -> None:
    admitted = dict(zip(states()["name"], pd.to_datetime(states()["admitted"]), strict=True))
    (other,) = wrong(q)
    assert admitted[q.answer] < admitted[other]


CHECKS: dict[str, Callable[[Question], None]] = {
    "capital": check_capital,
    "capital_of": check_capital_of,
    "continent": check_continent,
    "borders_both": check_borders_both,
    "neighbour_count": check_neighbour_count,
    "highest_point": check_highest_point,
    "coast": check_coast,
    "flag": check_flag,
    **{
        f"compare:{key}": comparison_check(key)
        for key in (
            "population",
            "area_km2",
            "life_expectancy",
            "forest_pct",
            "urban_pct",
            "gdp_per_capita_usd",
            "electricity_access_pct",
            "co2_mt",
            "median_age",
            "highest_point_m",
            "coastline_km",
        )
    },
    "product:cocoa": check_product,
    "product:coffee": check_product,
    "explorer_start": check_explorer_start,
    "explorer_end": check_explorer_end,
    "explorer_stop": check_explorer_stop,
    "explorer_order": check_explorer_order,
    "state_capital": check_state_capital,
    "state_of_capital": check_state_of_capital,
    "state_region": check_state_region,
    "state_borders_both": check_state_borders_both,
    "state_neighbour_count": check_state_neighbour_count,
    "compare:state_population": state_comparison("population"),
    "compare:state_area": state_comparison("area_km2"),
    "original_state": check_original_state,
    "state_coast": check_state_coast,
    "state_great_lakes": check_state_great_lakes,
    "statehood": check_statehood,
}


def test_every_kind_has_a_content_check() -> None:
    assert set(pool()) <= set(CHECKS), sorted(set(pool()) - set(CHECKS))
    bank = trivia.built_in_bank()
    dealt = {kind_of(Question.from_dict(q)) for cards in bank.values() for c in cards
             for q in c["questions"]}  # fmt: skip
    assert dealt <= set(CHECKS), sorted(dealt - set(CHECKS))


@pytest.mark.parametrize("kind", sorted(CHECKS))
def test_every_question_of_the_kind_is_right_and_every_wrong_option_wrong(kind: str) -> None:
    questions = pool().get(kind, [])
    assert questions, f"no {kind} questions are made any more"
    for q in questions:
        assert q.answer in q.choices or not q.choices
        assert len(set(q.choices)) == len(q.choices)
        CHECKS[kind](q)


def test_products_are_only_the_tropical_crops_and_oil_is_not_asked() -> None:
    asked = {kind_of(q) for q in pool()["product:cocoa"] + pool()["product:coffee"]}
    assert asked == {"product:cocoa", "product:coffee"}
    assert not [k for k in pool() if k.startswith("product:") and k not in asked]


# ----------------------------------------------------------------------------- the traps
def by_id() -> dict[str, Question]:
    return {q.id: q for qs in pool().values() for q in qs}


def test_trap_caspian_coasts() -> None:
    """Caspian shores: the coast card says what a sea coast is; no comparison turns round."""
    cards = by_id()
    for iso3 in ("AZE", "KAZ", "TKM"):
        q = cards[f"coast:{iso3}"]
        assert q.answer == "No" and "on the ocean or a sea joined to it" in q.prompt
        assert "Caspian Sea" in q.explanation and "not a sea coast" in q.explanation
    assert "Aral Sea" in cards["coast:UZB"].explanation
    # Azerbaijan's 713 km of Caspian shore beat Georgia's 310 km of Black Sea coast.
    assert "compare:coastline_km:AZE-GEO" not in cards
    assert cards["compare:coastline_km:AZE-RUS"].answer == "Russia"  # true either way


def test_trap_cyprus() -> None:
    """Cyprus: Asia by Natural Earth and the UN, Europe by the EU: no continent card."""
    atlas = gen.default_atlas()
    assert gen.disputed_continent(atlas, "CYP")
    assert "continent:CYP" not in by_id()
    assert by_id()["capital:CYP"].answer == "Nicosia"
    assert by_id()["coast:CYP"].answer == "Yes"


def test_trap_hans_island() -> None:
    """Hans Island: Canada's and Denmark's border counts say they leave Greenland out."""
    cards = by_id()
    assert (
        cards["neighbour_count:CAN"].answer == "1"
        and "Hans Island" in cards["neighbour_count:CAN"].prompt
    )
    assert (
        cards["neighbour_count:DNK"].answer == "1"
        and "Greenland" in cards["neighbour_count:DNK"].prompt
    )
    for q in pool()["borders_both"]:
        if "CAN" in q.media.highlight:
            assert "Denmark" not in q.choices


def test_trap_saba_mount_scenery() -> None:
    """The Netherlands' highest point is on Saba (862 m) or Vaalserberg (322 m): not asked."""
    cards = by_id()
    assert "highest_point:NLD" not in cards
    assert not [q for q in pool()["compare:highest_point_m"] if "NLD" in q.media.highlight]
    assert "Mount Scenery" not in " ".join(gen.conventions().notes.values())


def test_trap_golan() -> None:
    """Israel's highest point (Mitspe Shlagim, 2,224 m) is on the Golan Heights: not asked."""
    cards = by_id()
    assert "highest_point:ISR" not in cards
    assert not [q for q in pool()["compare:highest_point_m"] if "ISR" in q.media.highlight]
    from random import Random

    from geoteach.quiz.facts import country_fact

    assert not any("2,224" in country_fact("ISR", Random(i)) for i in range(30))
    assert table().at["ISR", "area_km2"] == 20770  # curated: without the Golan Heights


def test_trap_western_sahara() -> None:
    """Morocco: its coastline with Western Sahara is not asked; Mauritania is no wrong option."""
    cards = by_id()
    assert cards["coast:MAR"].answer == "Yes"
    assert "2,945" not in cards["coast:MAR"].explanation
    assert not [q for q in pool()["compare:coastline_km"] if "MAR" in q.media.highlight]
    assert "Western Sahara" in cards["neighbour_count:MAR"].prompt
    assert cards["neighbour_count:MAR"].answer == "2"
    for q in pool()["borders_both"]:
        if "MRT" in q.media.highlight:
            assert "Morocco" not in q.choices, q.prompt
        if "MAR" in q.media.highlight:
            assert "Mauritania" not in q.choices, q.prompt


def test_trap_transnistria() -> None:
    """Moldova as drawn (with Transnistria): landlocked, two neighbours, in Europe."""
    cards = by_id()
    assert cards["coast:MDA"].answer == "No"
    assert cards["neighbour_count:MDA"].answer == "2"
    assert cards["continent:MDA"].answer == "Europe"


def test_trap_abkhazia() -> None:
    """Georgia (with Abkhazia): 4.9 million (Factbook) or 3.7 million (GeoNames).

    Its population is never read out; a comparison is asked only where both figures agree.
    """
    from random import Random

    from geoteach.data.figures import withheld
    from geoteach.quiz.facts import country_fact

    assert withheld()[("GEO", "population")].rule == "second source"
    assert not any("people lived" in country_fact("GEO", Random(i)) for i in range(30))
    assert not [q for q in pool()["compare:population"] if "GEO" in q.media.highlight]
    assert "continent:GEO" not in by_id()  # Russia, a land neighbour, is in Europe
    assert by_id()["coast:GEO"].answer == "Yes"


def test_trap_marshall_islands_population() -> None:
    """82,011 (Factbook) against 58,791 (World Bank, 2019): never said, never compared."""
    from random import Random

    from geoteach.data.figures import withheld
    from geoteach.quiz.facts import country_fact

    assert withheld()[("MHL", "population")].rule == "second source"
    assert not any("people lived" in country_fact("MHL", Random(i)) for i in range(30))


def test_trap_explorers() -> None:
    """Tasmania: no "whose journey" card; Vasco da Gama: no "where did it end" card."""
    cards = by_id()
    assert not [i for i in cards if i.startswith("explorer_end:Vasco da Gama")]
    assert "explorer_start:Vasco da Gama:First voyage to India" in cards
    tasmania = cards["explorer_stop:Abel Tasman:Van Diemen's Land (Tasmania)"]
    assert "James Cook" not in tasmania.choices and "Charles Darwin" not in tasmania.choices
    assert tasmania.prompt.startswith("Which of these places did this journey reach")


@pytest.mark.slow
def test_inland_sea_shores_rebuild_is_byte_identical(tmp_path) -> None:
    from tests.rebuilds import differing, rebuild, repository_copy

    copy = repository_copy(tmp_path)
    rebuild(copy, "build_inland_seas.py")
    assert differing(copy, ["inland_sea_shores.csv"]) == []
