"""The ``answer`` move of the two Pursuits: what it may carry and how it is judged, in one place.

Geography Pursuit and Global Pursuit ask a question card and take the same answer move:

``text``     what the player typed, judged here against the card;
``mark``     "right" or "wrong", the reader's mark (honor mode, or a multiple-choice card on a
             screen at the table that judged the option clicked);
``choice``   the option clicked: with a ``mark``, kept for the lesson record (the screen judged
             it); alone, judged here: right if and only if it is the card's answer, and it must
             be one of the card's own options (a class game's device, which never holds the
             answer, sends it so);
``seconds``  how long the answer took, where the game has a time limit (each game decides what
             lateness does).

Exactly one of ``text``, ``mark`` and a ``choice`` alone: a teacher may always overrule the
checker by marking.

In honor mode the answer is said out loud and the reader marks it from **the back of the card**
(``card_back``: the question with every answer that counts), which the three games with
questions said aloud (these two and Globalissimo's hurdles) give through their
``Game.card_back`` verb, never in a view; ``marked_right`` tells a reader's "right" mark from
an answer the game judges (a class game lets only the teacher give it).

``precision`` (the rulebook's "how exact an answer must be"): ``"forgiving"`` accepts small
typos and every alias on the card; ``"strict"`` accepts only the answer or an alias, ignoring
case, accents and punctuation. ``answer_checker(precision)`` is that judge as a
``geoteach.quiz`` checker, so a screen's question card and the engine give the same verdict.
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import cache
from typing import Any, Literal, NotRequired, TypedDict

from geoteach.games import fields
from geoteach.games.base import Action, CardBack, IllegalAction
from geoteach.quiz.answers import AnswerChecker, Verdict, said_answers
from geoteach.quiz.question import Question

#: The fields an ``answer`` move may carry (``move_fields["answer"]`` of both games).
ANSWER_FIELDS: tuple[str, ...] = ("mark", "text", "choice", "seconds")


class AnswerMove(TypedDict):
    """An ``answer`` move, once ``check`` passed it: a typed ``text``, a ``choice`` alone, or
    the reader's ``mark`` (with or without the option clicked); ``seconds`` it took."""

    player: int
    type: Literal["answer"]
    mark: NotRequired[Literal["right", "wrong"]]
    text: NotRequired[str]
    choice: NotRequired[str]
    seconds: NotRequired[float]


#: The two marks a reader gives.
MARKS: tuple[str, ...] = ("right", "wrong")
#: How exact a typed answer must be (see the module notes).
PRECISIONS: tuple[str, ...] = ("forgiving", "strict")
#: The refusal when a move carries both a typed answer and a mark, or neither.
TEXT_OR_MARK = "Give a typed answer, a chosen option or a mark (right or wrong): only one."
#: The refusal of a typed answer that comes with an option as well.
TEXT_AND_CHOICE = "Give a typed answer or a chosen option, not both."


def check_answer_move(action: Action, text_or_mark: str = TEXT_OR_MARK) -> None:
    """Raise ``IllegalAction`` unless ``action`` carries a typed answer, a mark or a chosen
    option, well formed (whether a choice alone is one of the card's options is
    ``check_choice``'s question: it needs the card).

    ``text_or_mark`` is the game's own wording of the one-of-them rule (Geography Pursuit has
    always said "Give either ..."); every other refusal is the same in both games.
    """
    if "text" in action and "choice" in action:
        raise IllegalAction(TEXT_AND_CHOICE)
    if ("mark" in action) == ("text" in action) and not is_choice_alone(action):
        raise IllegalAction(text_or_mark)
    if "mark" in action and not fields.word(action["mark"], MARKS):
        raise IllegalAction("An answer is marked 'right' or 'wrong'.")
    if "text" in action and not fields.word(action["text"]):
        raise IllegalAction("A typed answer must be text.")
    if "choice" in action and not fields.word(action["choice"]):
        raise IllegalAction("A chosen option must be text: one of the options on the card.")


def is_choice_alone(action: Mapping[str, Any]) -> bool:
    """True for a multiple-choice answer the game judges: a ``choice`` with no mark, no text."""
    return "choice" in action and "mark" not in action and "text" not in action


def given_of(action: Mapping[str, Any]) -> str | None:
    """What the player answered, as the verdict repeats it: the text typed or the option
    chosen alone (None for a mark: the reader judged what was said)."""
    given: str | None = None
    if "text" in action:
        given = action["text"]
    elif is_choice_alone(action):
        given = action["choice"]
    return given


def marked_right(action: Action) -> bool:
    """True for an ``answer`` move that is the reader's mark "right" (with or without the
    option clicked): the mover judged the answer, not the game."""
    return action.get("type") == "answer" and action.get("mark") == "right"


def card_back(seat: int, question: Question) -> CardBack:
    """The back of the card ``question`` asks ``seat``, as the one who marks an answer said out
    loud reads it (``Game.card_back``): ``player``, ``prompt``, ``answers`` (every answer that
    counts, as said aloud: "Sucre or La Paz") and ``card`` (``Question.to_dict``, answer and
    explanation included)."""
    return {
        "player": int(seat),
        "prompt": question.prompt,
        "answers": said_answers(question),
        "card": question.to_dict(),
    }


def card_choices(card: Question | dict[str, Any]) -> tuple[str, ...]:
    """The options printed on ``card`` (none for a card answered by typing)."""
    if isinstance(card, Question):
        return card.choices
    return tuple(card.get("choices") or ())


def check_choice(card: Question | dict[str, Any], action: Action) -> None:
    """Raise ``IllegalAction`` unless a choice alone is one of ``card``'s own options.

    Only the card's printed options count: a screen that makes up options for a card without
    any (from other cards' answers) judges them itself and sends a mark with the choice.
    """
    if not is_choice_alone(action):
        return
    options = card_choices(card)
    if not options:
        raise IllegalAction("This question has no options to choose from: type the answer.")
    if action["choice"] not in options:
        raise IllegalAction("That is not one of the options on the card: pick one of them.")


class PrecisionChecker(AnswerChecker):
    """The quiz checker with the game's ``precision``: "strict" forgives no typo."""

    def __init__(self, precision: str = "forgiving") -> None:
        if precision not in PRECISIONS:
            raise ValueError(
                f"Answer precision must be 'forgiving' or 'strict', not {precision!r}."
            )
        super().__init__()
        self.precision = precision

    def typed(self, question: Question, given: str) -> Verdict:
        """A typed answer: forgiving (small typos) or strict (the answer or an alias)."""
        # A number question is judged by its tolerance at either precision (``exact`` sends it
        # back here: asking ``exact`` for one would go round in circles).
        if self.precision == "strict" and question.kind != "number":
            return self.exact(question, given)
        return super().typed(question, given)


@cache
def answer_checker(precision: str = "forgiving") -> PrecisionChecker:
    """The one judge of typed answers at ``precision`` (made once: it lists every place)."""
    return PrecisionChecker(precision)


def judge_typed(question: Question, text: str, precision: str = "forgiving") -> Verdict:
    """A typed answer to ``question``, judged at ``precision``."""
    return answer_checker(precision).typed(question, str(text))


def judge_answer(
    card: Question | dict[str, Any], action: Mapping[str, Any], precision: str = "forgiving"
) -> tuple[bool, str]:
    """(right?, what the checker said) of a checked ``answer`` move: its mark, its text, or
    its choice alone (right if and only if it is the card's answer).

    ``card`` may be in its dict form (``Question.to_dict``): it is read only for a typed or
    chosen answer, so the computers' marked answers in a simulation cost nothing.
    """
    if "mark" in action:
        return action["mark"] == "right", ""
    question = card if isinstance(card, Question) else Question.from_dict(card)
    if "text" not in action:
        verdict = answer_checker(precision).check(question, action["choice"], "choice")
        return verdict.correct, verdict.message
    verdict = judge_typed(question, action["text"], precision)
    return verdict.correct, verdict.message
