"""Generated questions agree with the data they come from, and their levels are graded."""

import json
from random import Random

import pandas as pd
import pytest

from geoteach.data.usa import us_states
from geoteach.data.world import countries as country_table
from geoteach.quiz import generators as gen
from geoteach.quiz.answers import AnswerChecker, check_answer
from geoteach.quiz.question import Question
from geoteach.quiz.worldbank import Statistic


@pytest.fixture(scope="module")
def countries() -> pd.DataFrame:
    return country_table()


@pytest.fixture(scope="module")
def everything() -> list[Question]:
    return gen.generate()


def test_every_kind_gives_many_valid_json_able_questions(everything: list[Question]) -> None:
    by_category = pd.Series([q.category for q in everything]).value_counts()
    assert len(everything) > 3000
    assert set(by_category.index) >= {
        "Capitals", "Continents", "Neighbours", "Statistics", "Mountains", "Coasts",
        "U.S. state capitals", "Flags",
    }  # fmt: skip
    assert len({q.id for q in everything}) == len(everything)
    for q in everything:
        assert q.source
        assert Question.from_dict(json.loads(json.dumps(q.to_dict()))) == q
        if q.choices:
            assert q.answer in q.choices and len(set(q.choices)) == len(q.choices) >= 2


def test_capitals_match_the_table(countries: pd.DataFrame) -> None:
    questions = {q.id: q for q in gen.capital_questions()}
    assert len(questions) == len(countries)
    for iso3, row in countries.iterrows():
        q = questions[f"capital:{iso3}"]
        assert q.prompt == f"What is the capital of {gen.the(row['name'])}?"
        assert q.answer == row["capital"]
        assert check_answer(q, row["capital"]).correct
    reverse = {q.id: q for q in gen.country_of_capital_questions()}
    assert reverse["capital_of:KEN"].answer == "Kenya"


def test_borders_both_accepts_every_right_answer_and_only_those(countries: pd.DataFrame) -> None:
    border = countries["neighbours"].map(set)
    checker = AnswerChecker()
    questions = gen.neighbour_questions()
    assert len(questions) > 500
    for q in questions:
        a, b = q.media.highlight
        common = border[a] & border[b]
        assert common
        for iso3 in common:
            assert checker.typed(q, countries.at[iso3, "name"]).correct, (q.prompt, iso3)
        for option in q.choices:
            iso3 = countries.index[countries["name"] == option][0]
            assert (iso3 in common) == (option == q.answer)
    peru_argentina = next(q for q in questions if set(q.media.highlight) == {"PER", "ARG"})
    right = {"BOL", "BRA", "CHL"} & border["PER"] & border["ARG"]
    assert {countries.at[c, "name"] for c in right} <= {
        peru_argentina.answer,
        *peru_argentina.aliases,
    }
    assert not checker.typed(peru_argentina, "Ecuador").correct


def test_comparisons_name_the_higher_value(countries: pd.DataFrame) -> None:
    for q in gen.comparison_questions("population"):
        a, b = q.media.highlight
        top = a if countries.at[a, "population"] > countries.at[b, "population"] else b
        assert q.answer == countries.at[top, "name"]


def test_comparisons_from_a_world_bank_statistic(countries: pd.DataFrame) -> None:
    values = pd.Series({"FRA": 100.0, "ESP": 50.0, "PRT": 49.0, "DEU": 70.0})
    stat = Statistic("arrivals", "Tourist arrivals", "arrivals", 2022, "fixture", values)
    questions = {q.id: q for q in gen.comparison_questions(stat)}
    assert questions["compare:arrivals:ESP-FRA"].answer == "France"
    assert "compare:arrivals:ESP-PRT" not in questions  # 2% apart: too close to ask
    assert "2022" in questions["compare:arrivals:DEU-FRA"].explanation


def test_continent_questions_leave_out_countries_on_two_continents(countries: pd.DataFrame) -> None:
    asked = {q.media.highlight[0]: q for q in gen.continent_questions()}
    assert "RUS" not in asked and "TUR" not in asked and "EGY" not in asked
    assert asked["DEU"].answer == countries.at["DEU", "continent"] == "Europe"


def test_number_questions() -> None:
    chad = next(q for q in gen.neighbour_count_questions() if q.id == "neighbour_count:TCD")
    assert check_answer(chad, str(len(country_table().at["TCD", "neighbours"]))).correct
    nepal = next(q for q in gen.highest_point_questions() if q.id == "highest_point:NPL")
    metres = float(country_table().at["NPL", "highest_point_m"])
    assert check_answer(nepal, f"{metres * 1.05:.0f}").correct
    assert not check_answer(nepal, f"{metres * 0.8:.0f}").correct


def test_coast_questions(countries: pd.DataFrame) -> None:
    coast = {q.id: q for q in gen.coastline_questions() if q.category == "Coasts"}
    assert coast["coast:BOL"].answer == ("Yes" if countries.at["BOL", "coastline_km"] > 0 else "No")


def test_state_capitals_both_ways() -> None:
    states = us_states()
    questions = {q.id: q for q in gen.state_capital_questions()}
    assert len(questions) == 2 * len(states)
    assert questions["state_capital:OH"].answer == states.at["OH", "capital"]
    assert questions["state_of_capital:OH"].answer == "Ohio"


def test_similar_countries_put_neighbours_first(countries: pd.DataFrame) -> None:
    similar = gen.similar_countries("NGA")
    neighbours = set(countries.at["NGA", "neighbours"])
    assert set(similar[: len(neighbours)]) == neighbours
    assert "NGA" not in similar


def test_generated_deck_is_seeded_and_filtered() -> None:
    one = gen.generated_deck(["flags"], levels=[1], rng=Random(5))
    two = gen.generated_deck(["flags"], levels=[1], rng=Random(5))
    assert [q.id for q in one] == [q.id for q in two]
    assert {q.level for q in one} == {1} and {q.category for q in one} == {"Flags"}
    with pytest.raises(ValueError, match="Unknown question kinds"):
        gen.generate(["rivers"])
