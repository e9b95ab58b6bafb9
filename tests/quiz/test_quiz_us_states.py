"""The U.S. state questions agree with the state table, and the deck is as big as the others."""

from __future__ import annotations

import pandas as pd
import pytest

from geoteach.data.usa import us_states
from geoteach.quiz import generators as gen
from geoteach.quiz.answers import check_answer


@pytest.fixture(scope="module")
def states() -> pd.DataFrame:
    return us_states()


def test_the_us_states_deck_is_as_big_as_the_world_decks() -> None:
    from geoteach.games.geography_pursuit.questions import default_questions

    bank = default_questions()
    sizes = {name: len(cards) for name, cards in bank.items()}
    assert sizes["U.S. States"] >= 700
    assert sizes["U.S. States"] >= min(v for k, v in sizes.items() if k != "U.S. States")
    kinds = {c["id"].split(":")[0] for c in bank["U.S. States"]}
    assert kinds >= {
        "state_capital", "state_of_capital", "state_region", "state_borders_both",
        "state_neighbour_count", "compare", "original_state", "state_coast", "state_great_lakes",
    }  # fmt: skip


def test_regions_neighbours_and_counts_match_the_table(states: pd.DataFrame) -> None:
    questions = {q.id: q for q in gen.state_fact_questions()}
    for usps, row in states.iterrows():
        assert questions[f"state_region:{usps}"].answer == row["region"]
        if row["neighbours"]:
            count = questions[f"state_neighbour_count:{usps}"]
            assert check_answer(count, str(len(row["neighbours"]))).correct
        coast = questions[f"state_coast:{usps}"]
        assert coast.answer == ("Yes" if row["coastline"] else "No")
        lakes = questions[f"state_great_lakes:{usps}"]
        assert lakes.answer == ("Yes" if row["great_lakes"] else "No")
    border = states["neighbours"].map(set)
    for q in questions.values():
        if q.id.startswith("state_borders_both:"):
            a, b = q.media.highlight
            common = border[a] & border[b]
            assert states.index[states["name"] == q.answer][0] in common
            for option in set(q.choices) - {q.answer}:
                assert states.index[states["name"] == option][0] not in common


def test_comparisons_and_original_states(states: pd.DataFrame) -> None:
    questions = gen.state_comparison_questions()
    assert len(questions) > 150
    for q in questions:
        a, b = q.media.highlight
        column = "population" if ":state_population:" in q.id else "area_km2"
        top = a if states.at[a, column] > states.at[b, column] else b
        assert q.answer == states.at[top, "name"]
        assert q.prompt.startswith(("Which state has more people", "Which state is bigger"))
    original = set(states.index[states["statehood_rank"] <= 13])
    for q in gen.original_state_questions():
        answer = states.index[states["name"] == q.answer][0]
        assert answer in original
        others = {states.index[states["name"] == c][0] for c in q.choices} - {answer}
        assert len(others) == 3 and not others & original


def test_border_cards_state_their_rule_and_never_mark_the_other_rules_answer_wrong(
    states: pd.DataFrame,
) -> None:
    """Issue 36: "Which state borders both Connecticut and New York?" says that borders only in
    water do not count, and Rhode Island (Block Island Sound) is never a wrong option."""
    from geoteach.data.usa import water_or_corner

    other = water_or_corner()
    names = states["name"].to_dict()
    wide = {u: set(n) | other.get(u, frozenset()) for u, n in states["neighbours"].items()}
    cards = [q for q in gen.state_fact_questions() if q.id.startswith("state_borders_both:")]
    assert cards
    for q in cards:
        a, b = q.media.highlight
        assert "borders only in water do not count" in q.prompt
        either_rule = {names[c] for c in wide[a] & wide[b]}
        for choice in q.choices:
            right = check_answer(q, choice).correct
            assert right or choice not in either_rule, (q.id, choice)
    ct_ny = next(q for q in cards if set(q.media.highlight) == {"CT", "NY"})
    assert "Rhode Island" not in ct_ny.choices
    assert "Rhode Island also meets both, but only in water" in ct_ny.explanation
    counts = [q for q in gen.state_fact_questions() if q.id.startswith("state_neighbour_count:")]
    assert all("borders only in water do not count" in q.prompt for q in counts)
