"""The question card driven as a player would: type, press Enter, click, mark.

Enter in the answer box is the page script's press of "Check answer" (geoteach.ui.enter_key):
``enter`` below does what the browser then sends, the box's value and the button's click.
"""

from random import Random

import pytest

from geoteach.quiz.answers import AnswerChecker, Verdict
from geoteach.quiz.decks import Deck
from geoteach.quiz.question import Question
from geoteach.ui.question_card import QuestionCard

CHECKER = AnswerChecker(["Niger", "Nigeria", "Benin", "Chad", "Cameroon"])
NIGERIA = Question(
    "Capitals",
    2,
    "Which country has Abuja as its capital?",
    "Nigeria",
    aliases=("Federal Republic of Nigeria",),
    choices=("Benin", "Cameroon", "Niger", "Nigeria"),
    explanation="Abuja took over from Lagos in 1991.",
    symbol="ROLL",
    kind="place",
)


def enter(qc: QuestionCard, text: str) -> None:
    """Type ``text`` and press Enter: the value arrives, then the button's click."""
    qc.answer_box.value = text
    qc.submit_button.click()


def card(mode: str = "typed", **kwargs) -> tuple[QuestionCard, list[Verdict]]:
    heard: list[Verdict] = []
    qc = QuestionCard(mode=mode, on_answer=heard.append, checker=CHECKER, rng=Random(1), **kwargs)
    return qc, heard


def test_typed_answer_submitted_by_enter() -> None:
    qc, heard = card()
    qc.ask(NIGERIA)
    assert "Which country has Abuja as its capital?" in qc.prompt.value
    assert "Level 2 Intermediate · ROLL" in qc.header.value
    assert "gt-enter-box" in qc.answer_box._dom_classes and not qc.answer_box.continuous_update
    assert "gt-enter-button" in qc.submit_button._dom_classes
    enter(qc, "nigeria")
    assert [v.correct for v in heard] == [True]
    assert "✓ Right! The answer is Nigeria." in qc.feedback.value
    assert "Abuja took over from Lagos in 1991." in qc.feedback.value
    assert qc.answer_box.disabled and qc.submit_button.disabled
    enter(qc, "Niger")  # a second answer to the same card is ignored
    assert len(heard) == 1


def test_leaving_the_box_does_not_answer() -> None:
    """The box sends its value when it is left (a click on the map, Tab to another control):
    that half-typed answer is not judged; only the button (or Enter) answers."""
    qc, heard = card()
    qc.ask(NIGERIA)
    qc.answer_box.value = "Nig"
    assert heard == [] and qc.verdict is None and not qc.answer_box.disabled
    qc.answer_box.value = "Nigeria"
    qc.submit_button.click()
    assert [v.correct for v in heard] == [True]


def test_a_close_wrong_place_is_wrong_in_words_and_symbol() -> None:
    qc, heard = card()
    qc.ask(NIGERIA)
    enter(qc, "Niger")
    assert heard[0].correct is False
    assert "✗ Not quite — the answer is Nigeria." in qc.feedback.value


def test_submit_button_and_next_question_resets_the_box() -> None:
    qc, heard = card()
    qc.ask(NIGERIA)
    qc.answer_box.value = "Federal Republic of Nigeria"
    qc.submit_button.click()
    assert heard[-1].correct
    qc.ask(NIGERIA)
    assert qc.answer_box.value == "" and not qc.answer_box.disabled
    assert qc.feedback.value == ""


def test_multiple_choice_buttons() -> None:
    qc, heard = card("choice")
    qc.ask(NIGERIA)
    labels = sorted(b.description.split(". ", 1)[1] for b in qc.choice_buttons)
    assert labels == ["Benin", "Cameroon", "Niger", "Nigeria"]
    niger = next(b for b in qc.choice_buttons if b.description.endswith(" Niger"))
    niger.click()
    assert heard[0].correct is False and heard[0].mode == "choice"
    assert all(b.disabled for b in qc.choice_buttons)


def test_choice_mode_falls_back_to_typing_without_options() -> None:
    qc, _ = card("choice")
    qc.ask(Question("Numbers", 1, "How many?", "3", kind="number"))
    assert qc.asked_mode == "typed"
    assert qc.answer_box in qc.answer_area.children[0].children


def test_honor_mode_reveal_then_mark() -> None:
    qc, heard = card("honor")
    qc.ask(NIGERIA)
    assert qc.right_button.disabled and "Nigeria" not in qc.reveal_text.value
    qc.reveal_button.click()
    assert "<b>Answer:</b> Nigeria" in qc.reveal_text.value
    qc.right_button.click()
    assert heard[0].correct and heard[0].mode == "honor"
    assert "✓ Right! The answer is Nigeria." in qc.feedback.value
    qc.wrong_button.click()
    assert len(heard) == 1


def test_honor_mode_reveals_every_answer_that_counts() -> None:
    """A marker who saw only "Amsterdam" would mark "The Hague" wrong (issue 15)."""
    qc, _heard = card("honor")
    qc.ask(
        Question(
            "Capitals",
            2,
            "What is the capital of the Netherlands?",
            "Amsterdam",
            aliases=("The Hague",),
        )
    )
    qc.reveal_button.click()
    assert "<b>Answer:</b> Amsterdam or The Hague" in qc.reveal_text.value
    qc.right_button.click()
    assert "Right! The answer is Amsterdam or The Hague." in qc.feedback.value


def test_text_from_a_deck_is_escaped() -> None:
    qc, _ = card()
    sneaky = Question(
        "<i>Cat</i>", 1, "<script>alert(1)</script> capital?", "<b>Lima</b>", explanation="<u>x</u>"
    )
    qc.ask(sneaky)
    enter(qc, "nope")
    shown = qc.header.value + qc.prompt.value + qc.feedback.value
    assert "<script>" not in shown and "<b>Lima" not in shown and "<u>" not in shown
    assert "&lt;script&gt;" in shown and "&lt;b&gt;Lima&lt;/b&gt;" in shown


def test_flag_is_shown_as_an_image_that_does_not_name_the_country() -> None:
    qc, _ = card()
    qc.ask(
        Question(
            "Flags", 1, "Which country does this flag belong to?", "France", media={"flag": "FRA"}
        )
    )
    assert qc.media.value.startswith('<img src="data:image/svg+xml;base64,')
    assert "France" not in qc.media.value


def test_level_picker_draws_from_the_deck() -> None:
    deck = Deck(
        [NIGERIA, Question("Capitals", 3, "Capital of Burkina Faso?", "Ouagadougou", id="bfa")]
    )
    qc, _ = card(draw=lambda level: deck.draw(level=level))
    qc.level_picker.value = 3
    qc.ask_button.click()
    assert qc.question is not None and qc.question.answer == "Ouagadougou"
    qc.level_picker.value = 1
    qc.ask_button.click()
    assert "This deck has no Beginner questions." in qc.feedback.value


def test_unknown_mode_is_refused() -> None:
    with pytest.raises(ValueError, match="Answer mode"):
        QuestionCard(mode="shout")


def _shown(question: Question) -> dict:
    """The question as the answering seat's view shows it: no answer, aliases or explanation."""
    data = question.to_dict()
    for secret in ("answer", "aliases", "explanation"):
        data.pop(secret)
    return data


@pytest.mark.parametrize("mode", ["typed", "choice", "honor"])
def test_a_question_asked_unjudged_is_handed_to_the_game(mode: str) -> None:
    """A class game's device: the card shows the question without its answer, judges
    nothing, and hands what was typed or clicked to the game, once."""
    qc, heard = card(mode)
    given: list[str] = []
    qc.ask_unjudged(_shown(NIGERIA), given.append)
    assert "Abuja" in qc.prompt.value and "Level 2 Intermediate · ROLL" in qc.header.value
    assert qc.asked_mode == ("choice" if mode == "choice" else "typed")  # honor: typed
    if mode == "choice":
        assert sorted(b.tooltip for b in qc.choice_buttons) == list(NIGERIA.choices)
        next(b for b in qc.choice_buttons if b.tooltip == "Niger").click()
    else:
        qc.answer_box.value = "Niger"  # typed, then Enter (the page presses Check answer)
        qc.submit_button.click()
    qc.submit("Nigeria")  # a second answer is not taken
    assert given == ["Niger"] and heard == [] and qc.verdict is None
    assert "the game checks it" in qc.feedback.value
    assert "Lagos" not in qc.feedback.value


def test_an_unjudged_answer_the_game_refuses_may_be_given_again() -> None:
    qc, _ = card("choice")
    tries: list[str] = []

    def refuse(given: str) -> None:
        tries.append(given)
        if len(tries) == 1:
            raise RuntimeError("the room is paused")

    qc.ask_unjudged(_shown(NIGERIA), refuse)
    with pytest.raises(RuntimeError):
        qc.submit("Benin")
    assert qc.given is None and not any(b.disabled for b in qc.choice_buttons)
    qc.submit("Chad")
    assert tries == ["Benin", "Chad"] and qc.given == "Chad"


def test_a_question_without_options_is_typed_when_asked_unjudged() -> None:
    qc, _ = card("choice")
    plain = Question("Capitals", 1, "Which country has Lima as its capital?", "Peru")
    qc.ask_unjudged(_shown(plain), lambda _given: None)
    assert qc.asked_mode == "typed" and qc.choice_buttons == []
