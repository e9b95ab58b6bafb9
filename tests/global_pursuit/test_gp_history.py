"""Historic Happenings: explorers' journeys with sources, and a deck not drowned by statehood."""

from __future__ import annotations

import re
from collections import Counter

from geoteach.data import explorer_routes
from geoteach.games.global_pursuit import trivia, trivia_cards
from geoteach.quiz.question import Question


def test_journeys_are_many_sourced_and_in_order() -> None:
    routes = explorer_routes()
    journeys = routes.groupby(["explorer", "journey"])
    assert journeys.ngroups >= 24
    assert routes["source"].str.startswith("Encyclopaedia Britannica, ").all()
    for _, stops in journeys:
        assert list(stops["order"]) == list(range(1, len(stops) + 1))
        assert stops["year"].is_monotonic_increasing and len(stops) >= 2


def test_explorer_questions_agree_with_the_routes() -> None:
    routes = explorer_routes()
    questions = trivia_cards.explorer_questions(routes) + trivia_cards.explorer_order_questions(
        routes
    )
    journeys = {k: s for k, s in routes.groupby(["explorer", "journey"])}
    places = {str(r.place): (float(r.lat), float(r.lon)) for r in routes.itertuples()}
    label = trivia_cards.place_labels(places)
    for q in questions:
        kind, explorer, rest = q.id.split(":", 2)
        assert q.answer in q.choices and len(q.choices) >= 2 and q.difficulty is not None
        if kind in ("explorer_start", "explorer_end"):
            stops = journeys[(explorer, rest)]
            assert q.answer == label[stops["place"].iloc[0 if kind == "explorer_start" else -1]]
            if kind == "explorer_end":  # asked only of a listed round trip (issue 26)
                assert stops["place"].iloc[-1] == stops["place"].iloc[0]
        elif kind == "explorer_stop":
            # "Which of these places did this journey reach?": the answer is a listed stop; every
            # other option lies far from the whole route (tests/quiz/test_quiz_content.py).
            (stops,) = [s for (e, _), s in journeys.items() if e == explorer]
            assert q.answer == label[rest] and rest in set(stops["place"])
        else:  # explorer_order: "A set out in 1487, B in 1492."
            found = re.fullmatch(r"(.+) set out in (\d+), (.+) in (\d+)\.", q.explanation)
            assert found, q.explanation
            first, year_first, later, year_later = found.groups()
            starts = {e: {s["year"].min() for (x, _), s in journeys.items() if x == e}
                      for e in (first, later)}  # fmt: skip
            assert int(year_first) in starts[first] and int(year_later) in starts[later]
            assert int(year_first) < int(year_later) and q.answer == first
            assert set(q.choices) == {first, later}


def test_historic_happenings_deck_is_balanced() -> None:
    cards = trivia.built_in_bank()["historic_happenings"]
    assert len(cards) == trivia.CARDS_PER_DECK
    kinds = Counter(q["id"].split(":")[0] for c in cards for q in c["questions"])
    total = sum(kinds.values())
    explorers = sum(n for k, n in kinds.items() if k.startswith("explorer"))
    assert explorers >= 0.4 * total and kinds["statehood"] <= 0.4 * total, kinds
    assert {"explorer_start", "explorer_end", "explorer_stop", "explorer_order"} <= set(kinds)
    for card in cards:
        for data in card["questions"]:
            Question.from_dict(data)  # each one is a valid, saved question


def test_places_of_the_same_name_are_told_apart() -> None:
    """Issue 36: Darwin reached the mouth of Patagonia's Río Negro, so the Amazon's, offered as
    a wrong option, says where it is; a place between two countries gets neither."""
    routes = explorer_routes()
    questions = trivia_cards.explorer_questions(routes)
    places = {str(r.place): (float(r.lat), float(r.lon)) for r in routes.itertuples()}
    label = trivia_cards.place_labels(places)
    assert label["Mouth of the Rio Negro"] == "Mouth of the Rio Negro (Brazil)"
    assert label["Sydney"] == "Sydney (Australia)"  # not Sydney, Nova Scotia
    assert label["Río de la Plata"] == "Río de la Plata"  # Argentina's and Uruguay's
    assert label["Falkland Islands"] == "Falkland Islands"  # in no country of the game
    offered = {c for q in questions for c in q.choices}
    assert "Mouth of the Rio Negro" not in offered
    assert offered <= set(label.values())
    darwin = [q for q in questions if q.id.startswith("explorer_stop:Charles Darwin:")]
    assert any("Mouth of the Rio Negro (Brazil)" in q.choices for q in darwin)
