"""Levels follow how hard a question is; options are fair; names read as a 12-year-old says them."""

from __future__ import annotations

import re
from collections.abc import Callable
from statistics import mean

import pytest

from geoteach.data import countries as country_table
from geoteach.quiz import generators as gen
from geoteach.quiz.answers import normalize
from geoteach.quiz.question import Question

GENERATORS: dict[str, Callable[[], list[Question]]] = {
    "capital": gen.capital_questions,
    "capital_of": gen.country_of_capital_questions,
    "continent": gen.continent_questions,
    "borders_both": gen.neighbour_questions,
    "neighbour_count": gen.neighbour_count_questions,
    "highest_point": gen.highest_point_questions,
    "coast": gen.coastline_questions,
    "flag": gen.flag_questions,
    "compare_population": lambda: gen.comparison_questions("population"),
    "compare_area": lambda: gen.comparison_questions("area_km2"),
    "state_capital": gen.state_capital_questions,
    "state_facts": gen.state_fact_questions,
}


@pytest.fixture(scope="module")
def generated() -> dict[str, list[Question]]:
    return {name: make() for name, make in GENERATORS.items()}


def _known(q: Question) -> float:
    """How well known the places of a question are (countries by prominence)."""
    table = country_table()
    places = [p for p in q.id.split(":")[-1].split("-") if p in table.index]
    return mean(table.loc[places, "prominence"]) if places else float("nan")


@pytest.mark.parametrize("name", list(GENERATORS))
def test_each_level_is_harder_than_the_one_below(
    name: str, generated: dict[str, list[Question]]
) -> None:
    """A sample of each level: difficulty rises with the level, within the level's bounds."""
    by_level: dict[int, list[Question]] = {1: [], 2: [], 3: []}
    for q in generated[name]:
        assert q.difficulty is not None and q.level == gen.level_of(q.difficulty)
        by_level[q.level].append(q)
    present = [lv for lv in (1, 2, 3) if by_level[lv]]
    assert len(present) >= 2, name
    sample = {lv: by_level[lv][:: max(1, len(by_level[lv]) // 25)] for lv in present}
    means = [mean(q.difficulty for q in sample[lv]) for lv in present]
    assert means == sorted(means) and len(set(means)) == len(means), (name, means)
    low, high = gen.LEVEL_CUTS
    assert all(q.difficulty < low for q in sample.get(1, []))
    assert all(q.difficulty >= high for q in sample.get(3, []))


def test_level_1_is_about_well_known_places_level_3_about_little_known_or_close_ones(
    generated: dict[str, list[Question]],
) -> None:
    for name in ("capital", "flag", "capital_of"):
        by_level = {lv: [q for q in generated[name] if q.level == lv] for lv in (1, 2, 3)}
        fame = [mean(_known(q) for q in by_level[lv]) for lv in (1, 2, 3)]
        assert fame[0] > fame[1] > fame[2], (name, fame)
    # Comparisons: level 1 has values far apart, level 3 close ones.
    area = generated["compare_area"]
    table = country_table()

    def ratio(q: Question) -> float:
        a, b = (float(table.at[c, "area_km2"]) for c in q.media.highlight)
        return max(a, b) / min(a, b)

    ratios = {lv: mean(ratio(q) for q in area if q.level == lv) for lv in (1, 2, 3)}
    assert ratios[1] > ratios[2] > ratios[3], ratios


def test_the_play_testers_examples_are_no_longer_expert(
    generated: dict[str, list[Question]],
) -> None:
    coast = {q.id: q for q in generated["coast"]}
    assert coast["coast:KIR"].level == 1  # most countries have a sea coast
    area = {q.id: q for q in generated["compare_area"]}
    assert area["compare:area_km2:ITA-VAT"].level == 1  # 700,000 times bigger
    # ... while a little-known landlocked country and a close pair stay hard.
    assert coast["coast:SWZ"].level == 3
    capital = {q.id: q for q in generated["capital"]}
    assert capital["capital:FRA"].level == 1 and capital["capital:TUV"].level == 3


def test_every_deck_has_every_level() -> None:
    from geoteach.games.geography_pursuit.questions import default_questions
    from geoteach.games.global_pursuit.trivia import built_in_bank

    for name, cards in default_questions().items():
        assert {c["level"] for c in cards} == {1, 2, 3}, name
    for name, cards in built_in_bank().items():
        for card in cards:
            levels = [q["level"] for q in card["questions"]]
            difficulty = [q["difficulty"] for q in card["questions"]]
            assert levels == [1, 2, 3] and difficulty == sorted(difficulty), name


# ----------------------------------------------------------------------------- options
def test_no_distractor_is_also_a_right_answer(generated: dict[str, list[Question]]) -> None:
    for questions in generated.values():
        for q in questions:
            right = {normalize(a) for a in q.accepted}
            wrong = [c for c in q.choices if c != q.answer]
            assert not any(normalize(c) in right for c in wrong), (q.id, q.choices, q.aliases)


def test_contested_capitals_are_never_distractors(generated: dict[str, list[Question]]) -> None:
    atlas = gen.default_atlas()
    assert {"Jerusalem", "East Jerusalem"} <= atlas.contested
    palestine = next(q for q in generated["capital"] if q.id == "capital:PSE")
    assert "East Jerusalem" in palestine.choices and "Jerusalem" not in palestine.choices
    for q in generated["capital"]:
        wrong = set(q.choices) - {q.answer}
        assert not wrong & atlas.contested, (q.id, q.choices)
    # "Which country has Jerusalem as its capital?" does not offer the other claimant.
    reverse = {q.id: q for q in generated["capital_of"]}
    assert "Palestine" not in reverse["capital_of:ISR"].choices
    assert "Israel" not in reverse["capital_of:PSE"].choices


def test_claimants_are_read_from_the_data_not_a_list() -> None:
    claims = gen._claimants({"AAA": "East Riverton", "BBB": "Riverton", "CCC": "Riverside"})
    assert claims == {"AAA": {"BBB"}, "BBB": {"AAA"}}


# ----------------------------------------------------------------------------- phrasing
@pytest.mark.parametrize(
    ("name", "said"),
    [
        ("United Kingdom", "the United Kingdom"),
        ("United States", "the United States"),
        ("Netherlands", "the Netherlands"),
        ("Philippines", "the Philippines"),
        ("Bahamas", "the Bahamas"),
        ("Gambia", "the Gambia"),
        ("Solomon Islands", "the Solomon Islands"),
        ("Central African Republic", "the Central African Republic"),
        ("United Arab Emirates", "the United Arab Emirates"),
        ("France", "France"),
        ("Honduras", "Honduras"),
        ("Cyprus", "Cyprus"),
        ("Niger", "Niger"),
    ],
)
def test_country_names_take_the_by_one_rule(name: str, said: str) -> None:
    assert gen.the(name) == said


def test_prompts_say_the_and_read_plainly(generated: dict[str, list[Question]]) -> None:
    capital = {q.id: q for q in generated["capital"]}
    assert capital["capital:GBR"].prompt == "What is the capital of the United Kingdom?"
    assert capital["capital:NLD"].explanation == "Amsterdam is the capital of the Netherlands."
    area = {q.id: q for q in generated["compare_area"]}
    assert area["compare:area_km2:ITA-VAT"].prompt == (
        "Which is bigger in area: Italy or Vatican City?"
    )
    # No template leaks: no bare "which is higher", no "of United ...", no sentence that
    # starts with a lower-case "the".
    for questions in generated.values():
        for q in questions:
            text = f"{q.prompt} {q.explanation}"
            assert "which is higher" not in text.lower(), q.prompt
            assert not re.search(r"\b(of|in|with|both|and|Does) United\b", text), text
            assert not re.search(r"(^|[.?!:] )the ", q.explanation), q.explanation
            assert "Lake Lake" not in text


def test_every_built_in_statistic_has_its_own_wording() -> None:
    from geoteach.data import statistics

    compared = set(statistics().index) - {"neighbour_count"}
    assert compared <= set(gen.COMPARE_PROMPTS)
