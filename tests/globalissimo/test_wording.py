"""The Globalissimo screen's sentences, from hand-made views: no widgets, no game.

The round is the rulebook's first one (Jenny, David, Linda, Sue, John, Peter; tourists from
abroad), and the hurdles its Hungary (54) and Libya (70) examples.
"""

from __future__ import annotations

from geoteach.games.table import Table
from geoteach.ui.globalissimo import wording

TABLE = Table.of("Jenny", "David", "Linda", "Sue", "John", "Peter")
CARD = {
    "label": "Tourists from abroad",
    "unit": "visitors",
    "year": 2020,
    "source": "<i>UN</i> Tourism",
    "rank1": "highest",
    "description": "Visitors from other countries.",
}
NAMES = {"MEX": "Mexico", "CHE": "Switzerland", "BOL": "Bolivia"}


def _round() -> dict:
    return {
        "number": 1,
        "checkered_flag": 0,
        "category_card": CARD,
        "names": NAMES,
        "guesses": [
            {"player": 0, "country": "MEX", "rank": 1, "place": 1, "points": 3},
            {"player": 1, "country": "CHE", "rank": 1, "place": 2, "points": 2},
            {"player": 2, "country": "BOL", "rank": 6, "place": 6, "points": 3},
        ],
    }


def _hurdle(**changes) -> dict:
    attempt = {
        "player": 1,
        "kind": "A",
        "country": "HUN",
        "name": "Hungary",
        "number": 54,
        "region": "Eastern Europe",
        "answer": "49",
        "correct": False,
        "picked": "SVK",
        "picked_name": "Slovakia",
        "picked_number": 49,
        "accepted": "54",
    }
    return {**attempt, **changes}


def test_the_category_card_says_which_end_is_number_one_and_escapes_the_source() -> None:
    text = wording.category_html(CARD)
    assert "Number 1 = the highest value." in text and "2020" in text
    assert "&lt;i&gt;UN&lt;/i&gt; Tourism" in text
    assert "the lowest value" in wording.category_html({**CARD, "rank1": "lowest"})


def test_the_round_result_in_the_rulebooks_words() -> None:
    rnd = _round()
    assert wording.round_headline(rnd) == "Round 1: the true order — Tourists from abroad"
    assert wording.round_lines(TABLE, rnd) == [
        "Jenny put 1 on Mexico: it is number 1, +3.",
        "David put 1 on Switzerland: it is number 2, +2.",
        "Linda put 6 on Bolivia: it is number 6, +3.",
    ]
    action = {"player": 0, "type": "rank", "country": "MEX", "rank": 1}
    assert wording.rank_sentence(TABLE, action, NAMES) == "Jenny puts 1 on Mexico."
    you = Table.of("You", "Ben")
    assert wording.rank_sentence(you, action, NAMES) == "You put 1 on Mexico."


def test_a_wrong_hurdle_a_answer_names_the_country_that_was_picked() -> None:
    said = wording.hurdle_verdict(_hurdle())
    assert said["headline"] == "Not quite."
    assert said["answer"] == "Hungary is number 54 on the map."
    assert said["lines"] == ["Your answer, number 49, is Slovakia (orange on the map)."]
    assert said["where"] == "Hungary is in Eastern Europe: green on the map."
    assert wording.hurdle_sentence(TABLE, _hurdle()) == (
        "Hurdle A: David points to Slovakia for Hungary: wrong (number 54)."
    )


def test_a_right_hurdle_a_answer_and_a_number_no_country_has() -> None:
    libya = _hurdle(country="LBY", name="Libya", number=70, answer="70", correct=True, picked="LBY")
    assert wording.hurdle_verdict(libya)["headline"] == "Right! Libya is number 70."
    nowhere = _hurdle(answer="999", picked=None, picked_name=None, picked_number=None)
    assert wording.hurdle_verdict(nowhere)["lines"] == []
    assert "points to 999 for Hungary" in wording.hurdle_sentence(TABLE, nowhere)


def test_hurdle_b_says_every_answer_that_counts() -> None:
    bolivia = _hurdle(
        kind="B", country="BOL", name="Bolivia", answer="Cochabamba", accepted="Sucre or La Paz"
    )
    said = wording.hurdle_verdict(bolivia)
    assert said["answer"] == "The capital of Bolivia: Sucre or La Paz"
    assert said["lines"] == ["Your answer was “Cochabamba”."]
    assert wording.hurdle_verdict({**bolivia, "correct": True})["headline"] == (
        "Right! Sucre or La Paz."
    )
    marked = wording.hurdle_verdict({**bolivia, "answer": "wrong"})
    assert marked["lines"] == []  # a teacher's mark is not an answer to repeat


def _view(phase: str, **more) -> dict:
    return {
        "phase": phase,
        "rounds": 10,
        "round": {**_round(), "checkered_flag": 1},
        "to_act": [0],
        "hurdle": None,
        **more,
    }


def test_the_banner_says_who_starts_and_what_to_do() -> None:
    text = wording.banner_html(TABLE, _view("ranking"), computer=False)
    assert "Round 1 of 10" in text and "David" in text and "starts" in text
    assert "pick a country, then the number you put on it." in text
    hurdle = {"kind": "B", "name": "<b>Bolivia</b>", "remaining": 1}
    text = wording.banner_html(TABLE, _view("hurdle", hurdle=hurdle), computer=False)
    assert "hurdle B, name the capital of &lt;b&gt;Bolivia&lt;/b&gt;" in text
    assert "is choosing a country…" in wording.banner_html(TABLE, _view("ranking"), True)
    assert "The game is over." in wording.banner_html(TABLE, _view("game over"), False)


def test_the_hurdle_step_counts_the_steps_left() -> None:
    one = {"kind": "A", "name": "Hungary", "remaining": 1}
    assert "for 1 more step:" in wording.hurdle_step_html(one, interactive=False)
    assert "Type the number of <b>Hungary</b>" in wording.hurdle_step_html(one, False)
    two = {**one, "remaining": 2}
    assert "(map) for 2 more steps" in wording.hurdle_step_html(two, True)
    assert "Click <b>Hungary</b> on the map" in wording.hurdle_step_html(two, True)


def test_a_hurdle_said_out_loud_is_asked_logged_and_judged_in_honor_words() -> None:
    """Honor mode: the step and the banner say to answer out loud; the log says the teacher's
    mark, never the mark as if it were the answer ("says “right”"); another page's verdict
    says whose answer it was."""
    bolivia = {"kind": "B", "name": "Bolivia", "remaining": 2}
    step = wording.hurdle_step_html(bolivia, interactive=True, honor=True)
    assert "Say the capital of <b>Bolivia</b> out loud" in step and "Name" not in step
    assert "the number of <b>Hungary</b> on the map out loud" in wording.hurdle_step_html(
        {**bolivia, "kind": "A", "name": "Hungary"}, True, honor=True
    )
    banner = wording.banner_html(TABLE, _view("hurdle", hurdle=bolivia, honor=True), False)
    assert "hurdle B, say the capital of Bolivia out loud." in banner
    marked = _hurdle(
        kind="B",
        country="BOL",
        name="Bolivia",
        answer="right",
        correct=True,
        marked=True,
        accepted="Sucre or La Paz",
    )
    assert wording.hurdle_sentence(TABLE, marked) == (
        "Hurdle B: David says the capital of Bolivia out loud: marked right (Sucre or La Paz)."
    )
    hungary = _hurdle(answer="wrong", picked=None, picked_name=None, marked=True)
    assert wording.hurdle_sentence(TABLE, hungary) == (
        "Hurdle A: David says the number of Hungary out loud: marked wrong (number 54)."
    )
    typed = wording.hurdle_verdict(_hurdle(), "David")
    assert typed["lines"] == ["David's answer, number 49, is Slovakia (orange on the map)."]


def test_the_score_sheet_lists_steps_per_round_in_place_order() -> None:
    view = {"score_sheet": [{"number": 1, "steps": [3, 2, 3, 2, 2, 1]}]}
    text = wording.sheet_html(TABLE, view, [(1, 0, "3"), (1, 2, "3"), (3, 1, "2")])
    assert "<th>R1</th>" in text
    rows = text.split("<tr>")[2:]
    assert "Jenny" in rows[0] and "Linda" in rows[1] and "David" in rows[2]
    assert "<td>3</td>" in rows[0] and "<td>2</td>" in rows[2]
    assert wording.sheet_html(TABLE, {"score_sheet": []}, []) == ""
