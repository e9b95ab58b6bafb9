"""Geography Pursuit's sentences, from views and moves, without a widget in sight."""

from __future__ import annotations

from typing import Any

import pytest

from geoteach.games.geography_pursuit.board import HUB
from geoteach.games.geography_pursuit.game import DEFAULT_CATEGORIES
from geoteach.games.table import Seat, Table
from geoteach.quiz.question import Question
from geoteach.ui.pursuit import wording

CATS = list(DEFAULT_CATEGORIES)
TABLE = Table.of("Ana", "Ben <b>", "Cai")


def a_view(**changes: Any) -> dict[str, Any]:
    """A view as ``GeographyPursuit.view`` makes it: Ana to roll, nothing won yet."""
    view: dict[str, Any] = {
        "phase": "roll",
        "player": 0,
        "to_act": [0],
        "roll": None,
        "destinations": [],
        "positions": [HUB, HUB, HUB],
        "wedges": [[], [], []],
        "categories": CATS,
        "question": None,
        "votes": [],
        "must_leave": [False, False, False],
        "winners": [],
        "tie_chance": [],
        "last": None,
        "news": [],
    }
    view.update(changes)
    return view


def asked(**changes: Any) -> dict[str, Any]:
    question = {"category": 2, "final": False, "prompt": "Longest river?", "level": 2}
    question.update(changes)
    return question


def test_spaces_are_named_in_words() -> None:
    assert wording.describe_space(HUB, CATS) == "The hub"
    assert wording.describe_space("ring0", CATS) == "Capitals & Cities headquarters"
    assert wording.describe_space("ring2", CATS) == "Roll again (ring space 3)"
    assert wording.describe_space("spoke1.2", CATS) == "People & Population (spoke 2, 2 out)"


def test_the_banner_says_who_acts_and_what_to_do() -> None:
    roll = wording.prompt_html(a_view(), TABLE, CATS, interactive=False)
    assert "Ana" in roll
    assert "your turn: roll the die." in roll
    moving = wording.prompt_html(a_view(phase="move", roll=1), TABLE, CATS, interactive=True)
    assert "rolled a 1: click a lit space on the board to move 1 space." in moving
    question = wording.prompt_html(
        a_view(phase="question", question=asked(final=True)), TABLE, CATS, interactive=False
    )
    assert "answer the game-winning Physical World question." in question
    waiting = wording.prompt_html(a_view(), TABLE, CATS, interactive=False, waiting_for=1)
    assert "Read the result, then press Continue." in waiting and "Ben &lt;b&gt;" in waiting
    computer = wording.prompt_html(
        a_view(to_act=[0]), TABLE, CATS, interactive=False, computers=[0]
    )
    assert "is playing.</span> Watch the board." in computer


def test_the_vote_names_escape_and_count_the_votes_cast() -> None:
    view = a_view(phase="vote", to_act=[2], votes=[None, 4, None], player=0)
    text = wording.vote_html(view, TABLE, CATS, voter=2)
    assert "<b>Ana has all six wedges and is in the hub.</b>" in text
    assert "Votes so far: Ben &lt;b&gt;: Borders &amp; Neighbours." in text
    assert "<b>" not in text.split("Votes so far")[1].split("</p>")[0]


def test_a_first_turn_win_offers_the_others_a_turn_to_tie() -> None:
    one = a_view(winners=[0], player=1, tie_chance=[])
    assert wording.tie_words(one, TABLE) == (
        "Ana won on the first turn, so Ben <b>, who has not had a turn yet, gets one turn to "
        "tie the game."
    )
    two = a_view(winners=[0], player=1, tie_chance=[2])
    assert "Ben <b> and Cai, who have not had a turn yet, get one turn each" in (
        wording.tie_words(two, TABLE)
    )
    assert "Ben &lt;b&gt;" in wording.roll_html(two, TABLE, None)


def test_before_a_roll_the_step_says_what_is_special() -> None:
    leave = a_view(must_leave=[True, False, False], positions=["ring0", HUB, HUB])
    assert "must leave this headquarters now" in wording.roll_html(leave, TABLE, None)
    six = a_view(wedges=[[0, 1, 2, 3, 4, 5], [], []])
    assert "reach the hub with an exact roll" in wording.roll_html(six, TABLE, None)
    again = {"player": 0, "type": "move", "to": "ring2"}
    assert "on Roll again: one more roll." in wording.roll_html(a_view(), TABLE, again)
    assert wording.roll_html(a_view(), TABLE, None) == ""


def test_the_die_is_drawn_with_the_move_to_make() -> None:
    view = a_view(phase="move", roll=4, destinations=["ring4"], wedges=[[0, 1, 2, 3, 4, 5], [], []])
    text = wording.move_html(view, TABLE, interactive=False)
    assert 'aria-label="the die shows 4"' in text and "Move exactly 4 spaces" in text
    assert "The hub is out of reach with this roll" in text


def test_a_computers_moves_in_sentences() -> None:
    robot = Table([Seat("Ana"), Seat("Robot", kind="bot", level="easy")])
    after_roll = a_view(phase="move", player=1, roll=5)
    roll = {"player": 1, "type": "roll"}
    assert wording.move_words(roll, after_roll, robot, CATS) == "Robot rolls a 5."
    move = {"player": 1, "type": "move", "to": "spoke2.3"}
    view = a_view(phase="question", player=1, question=asked())
    assert wording.move_words(move, view, robot, CATS) == (
        "Robot moves to U.S. States (spoke 3, 3 out): “Longest river?”"
    )
    last = {"seat": 1, "category": 2, "correct": True, "answer": "Nile", "message": ""}
    right = a_view(player=1, last=last, wedges=[[], [2], []])
    answer = {"player": 1, "type": "answer", "mark": "right"}
    assert wording.move_words(answer, right, robot, CATS, new_wedge=True) == (
        "Robot answers right (Nile) and wins the Physical World wedge!"
    )
    wrong = a_view(last={**last, "correct": False, "answer": None})
    assert wording.move_words(answer, wrong, robot, CATS) == "Robot answers wrong."


@pytest.fixture
def card() -> Question:
    return Question(
        category="Physical World",
        level=1,
        prompt="Longest river?",
        answer="Nile",
        aliases=("River Nile",),
        explanation="It flows north.",
        id="pw1",
    )


def test_the_verdict_on_a_wedge_and_on_a_miss(card: Question) -> None:
    last = {"seat": 0, "category": 2, "correct": True, "answer": "Nile", "message": ""}
    won = a_view(last=last, wedges=[[2], [], []], positions=["spoke2.5", HUB, HUB])
    action = {"player": 0, "type": "answer", "text": "nile"}
    headline, details = wording.verdict(won, TABLE, CATS, action, card, new_wedge=True)
    assert headline == "Right! Ana wins the Physical World wedge (1 of 6). Roll again."
    assert details["answer"] == "The answer: Nile or River Nile"
    assert details["lines"][:2] == ["Longest river? Your answer: nile.", "It flows north."]
    missed = a_view(
        player=1,
        last={**last, "correct": False, "answer": None, "message": "Not quite."},
        positions=["ring0", HUB, HUB],
    )
    headline, details = wording.verdict(missed, TABLE, CATS, action, card)
    assert headline == "Not quite. Now it is Ben <b>'s turn."
    assert details["lines"][0] == "The token must leave this headquarters on the next turn."
    assert details["answer"] == "" and "not read out" in details["lines"][-1]


def test_winners_in_words() -> None:
    over = a_view(phase="over", winners=[2, 0])
    assert wording.winners_text(over, TABLE) == "Ana and Cai win the game!"
    alone = Table.of("You", "Ben")
    assert wording.winners_text(a_view(phase="over", winners=[0]), alone) == "You win the game!"
    assert "New game" in wording.over_html(over, TABLE)


def test_the_history_and_the_rules_are_escaped_text() -> None:
    assert wording.history_html([]) == ""
    assert "<li>Ben &lt;b&gt; rolls a 3.</li>" in wording.history_html(["Ben <b> rolls a 3."])
    news = [{"text": "{player} rolls a {roll}.", "values": {"player": "Ben <b>", "roll": 3}}]
    assert "<li>Ben &lt;b&gt; rolls a 3.</li>" in wording.history_html(news)
    rules = wording.rules_html({"precision": "strict", "time_limit": 20}, teams=True)
    assert "Answers must be exact." in rules and "20 seconds per question." in rules
    assert "Team members may talk it over." in rules
    assert "Small typos are forgiven." in wording.rules_html({})
