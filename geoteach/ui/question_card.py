"""The question card every game shows: pick a level, read the prompt, answer, hear the answer.

The card holds no rules. It judges an answer with ``geoteach.quiz`` and hands the ``Verdict``
to ``on_answer``, so the game decides what a right or wrong answer does (points, another turn).

A screen that must not hold the answer (a class game's device: its seat's view hides the answer
of the card it is asked) calls ``ask_unjudged`` with the question as that view shows it: the
card shows the prompt, the picture and the card's own options, judges nothing, and hands what
was typed or clicked to ``on_given``; the game judges it, and the screen says the verdict.
In honor mode that screen calls ``ask_aloud`` instead: the question and a note where the answer
box would be ("say your answer out loud"); the one who marks it holds the card elsewhere (a
class game's projector). ``reopen`` takes an answer again after the game refused the one given.

Accessible by design: Enter in the answer box presses "Check answer" (``geoteach.ui.enter_key``:
leaving the box never answers); right and wrong are said in words and
with a symbol (✓ / ✗), never by colour alone; every text is escaped, so a deck cannot put markup
on the page.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from random import Random
from typing import Any

import ipywidgets as widgets

from geoteach.escape import html_text
from geoteach.i18n import N_, _
from geoteach.quiz.answers import (
    MODES,
    AnswerChecker,
    Mode,
    Verdict,
    page_name,
    said_answers,
    shuffled_choices,
)
from geoteach.quiz.flags import flag_img_html
from geoteach.quiz.question import LEVELS, Question
from geoteach.ui.enter_key import enter_presses
from geoteach.ui.messages import MessageLine
from geoteach.ui.safe import safe

RIGHT_MARK = "✓"
WRONG_MARK = "✗"


#: The quiz's level names (``geoteach.quiz.question.LEVELS``), for the catalogs: a card's head
#: translates them where it shows them.
LEVEL_NAMES = (N_("Beginner"), N_("Intermediate"), N_("Expert"))


class QuestionCard(widgets.VBox):
    """A trivia card as a widget.

    ``mode`` is "typed", "choice" or "honor" (the teacher's choice). ``draw(level)`` gives the
    next question of a level (for example ``deck.draw``); without it, the game calls ``ask``.
    ``choice_pool(question)`` gives extra options for cards without their own choices.
    """

    def __init__(
        self,
        mode: Mode = "typed",
        on_answer: Callable[[Verdict], None] | None = None,
        draw: Callable[[int], Question] | None = None,
        checker: AnswerChecker | None = None,
        rng: Random | None = None,
        choice_pool: Callable[[Question], Iterable[str]] | None = None,
    ) -> None:
        if mode not in MODES:
            raise ValueError(f"Answer mode must be one of {', '.join(MODES)}, not {mode!r}.")
        self.mode: Mode = mode
        self.on_answer = on_answer
        self.draw = draw
        self.checker = checker or AnswerChecker()
        self.rng = rng or Random(0)
        self.choice_pool = choice_pool
        self.question: Question | None = None
        self.verdict: Verdict | None = None
        self.asked_mode: Mode = mode
        #: The question asked by ``ask_unjudged`` (as a view shows it, without its answer),
        #: what was given for it, and who is told.
        self.unjudged: Mapping[str, Any] | None = None
        self.given: str | None = None
        self.on_given: Callable[[str], None] | None = None

        # Errors in these callbacks (a game refusing the answer, say) are shown on the card.
        self.messages = MessageLine()
        self.level_picker = widgets.ToggleButtons(
            options=[(f"{n} {name}", n) for n, name in LEVELS.items()],
            value=1,
            description="Level:",
            tooltips=[f"Level {n}: {name}, {n} point(s)" for n, name in LEVELS.items()],
        )
        self.ask_button = widgets.Button(description="Ask a question", icon="question")
        self.ask_button.on_click(safe(lambda _: self.ask_next(), show=self.messages))
        self.header = widgets.HTML()
        self.prompt = widgets.HTML()
        self.media = widgets.HTML()
        self.answer_box = widgets.Text(
            placeholder=_("Type your answer"),
            description=_("Answer:"),
        )
        self.submit_button = widgets.Button(description=_("Check answer"), icon="check")
        self.submit_button.on_click(
            safe(lambda _: self.submit(self.answer_box.value), show=self.messages)
        )
        enter_presses(self.answer_box, self.submit_button)
        self.choice_buttons: list[widgets.Button] = []
        self.choice_box = widgets.HBox()
        self.reveal_button = widgets.Button(description=_("Show the answer"), icon="eye")
        self.reveal_button.on_click(safe(lambda _: self.reveal(), show=self.messages))
        self.right_button = widgets.Button(description=f"{RIGHT_MARK} " + _("Right"))
        self.right_button.on_click(safe(lambda _: self.mark(True), show=self.messages))
        self.wrong_button = widgets.Button(description=f"{WRONG_MARK} " + _("Wrong"))
        self.wrong_button.on_click(safe(lambda _: self.mark(False), show=self.messages))
        # The same classes as Globalissimo's honor buttons (browser tests find them by these).
        for button, css in (
            (self.reveal_button, "gt-show"),
            (self.right_button, "gt-right"),
            (self.wrong_button, "gt-wrong"),
        ):
            button.add_class(css)
        self.reveal_text = widgets.HTML()
        self.aloud_note = widgets.HTML()
        self.answer_area = widgets.VBox()
        self.feedback = widgets.HTML()
        top = [widgets.HBox([self.level_picker, self.ask_button])] if draw else []
        super().__init__(
            [
                *top,
                self.header,
                self.prompt,
                self.media,
                self.answer_area,
                self.feedback,
                self.messages,
            ]
        )
        self.add_class("geoteach-question-card")

    # ----- asking --------------------------------------------------------------------
    @property
    def level(self) -> int:
        """The level the player picked (1 Beginner, 2 Intermediate, 3 Expert)."""
        return int(self.level_picker.value)

    def ask_next(self) -> None:
        """Draw a question of the picked level and show it."""
        if self.draw is None:
            raise RuntimeError("This card has no deck to draw from: call ask(question).")
        try:
            question = self.draw(self.level)
        except LookupError as error:
            self.feedback.value = f"<p>{html_text(str(error))}</p>"
            return
        self.ask(question)

    def ask(self, question: Question, mode: Mode | None = None) -> None:
        """Show ``question`` and wait for an answer."""
        self.question = question
        self.verdict = None
        self.unjudged, self.given = None, None
        self.asked_mode = self._usable_mode(question, mode or self.mode)
        corner = f" · {question.symbol}" if question.symbol else ""
        level = _("Level {level} {name}").format(level=question.level, name=_(question.level_name))
        self.header.value = (
            f"<small>{html_text(question.category)} · {html_text(level)}{html_text(corner)}</small>"
        )
        self.prompt.value = f"<p style='font-size:1.2em'>{html_text(question.prompt)}</p>"
        self.media.value = flag_img_html(question.media.flag) if question.media.flag else ""
        self.feedback.value = ""
        self.reveal_text.value = ""
        if self.asked_mode == "typed":
            self._set_typed()
        elif self.asked_mode == "choice":
            self._set_choices(question)
        else:
            self._set_honor()

    def ask_unjudged(
        self,
        shown: Mapping[str, Any],
        on_given: Callable[[str], None],
        mode: Mode | None = None,
    ) -> None:
        """Show a question the screen cannot judge (it holds no answer) and hand the answer
        given to ``on_given``, for the game to judge.

        ``shown`` is the question as a view shows it: ``prompt``, ``choices`` (the card's own
        options), ``media`` (``{"flag": ...}``), and ``category``, ``level`` and ``symbol`` if
        known. Multiple choice needs the card's own options (options made up from other cards
        would need the answer among them): without them the answer is typed; honor mode (a
        reader who sees the answer) is typed here too.
        """
        choices = [str(c) for c in shown.get("choices") or ()]
        wanted = mode or self.mode
        self._show_unjudged(shown, on_given)
        self.asked_mode = "choice" if wanted == "choice" and len(choices) > 1 else "typed"
        if self.asked_mode == "choice":
            self._set_options(self.rng.sample(choices, len(choices)))
        else:
            self._set_typed()

    def ask_aloud(self, shown: Mapping[str, Any], note_html: str) -> None:
        """Show a question whose answer is said out loud and marked by someone who holds the
        card elsewhere (a class game's teacher, on the projector): the prompt and the picture
        as ``shown`` (a view's question, without its answer) has them, and ``note_html`` (HTML:
        what to do) where the answer would be typed. Nothing is judged or handed over."""
        self._show_unjudged(shown, None)
        self.asked_mode = "honor"
        self.aloud_note.value = note_html
        self.answer_area.children = [self.aloud_note]

    def _show_unjudged(
        self, shown: Mapping[str, Any], on_given: Callable[[str], None] | None
    ) -> None:
        """The head, prompt and picture of a question asked without its answer."""
        self.question, self.verdict = None, None
        self.unjudged, self.given, self.on_given = dict(shown), None, on_given
        level = shown.get("level")
        head = [str(shown[k]) for k in ("category",) if shown.get(k)]
        if level in LEVELS:
            head.append(_("Level {level} {name}").format(level=level, name=_(LEVELS[level])))
        if shown.get("symbol"):
            head.append(str(shown["symbol"]))
        self.header.value = f"<small>{html_text(' · '.join(head))}</small>" if head else ""
        self.prompt.value = f"<p style='font-size:1.2em'>{html_text(shown.get('prompt', ''))}</p>"
        flag = (shown.get("media") or {}).get("flag")
        self.media.value = flag_img_html(flag) if flag else ""
        self.feedback.value = ""
        self.reveal_text.value = ""

    def _usable_mode(self, question: Question, mode: Mode) -> Mode:
        if mode != "choice" or question.choices:
            return mode
        pool = list(self.choice_pool(question)) if self.choice_pool else []
        return "choice" if len(shuffled_choices(question, Random(0), pool)) > 1 else "typed"

    def _set_typed(self) -> None:
        self.answer_box.value = ""
        self.answer_box.disabled = self.submit_button.disabled = False
        self.answer_area.children = [widgets.HBox([self.answer_box, self.submit_button])]

    def _set_choices(self, question: Question) -> None:
        pool = list(self.choice_pool(question)) if self.choice_pool else []
        self._set_options(shuffled_choices(question, self.rng, pool))

    def _set_options(self, options: list[str]) -> None:
        self.choice_buttons = []
        for number, option in enumerate(options, start=1):
            # A place is shown by its name in the page's language; the pick stays the card's
            # own option, which the game judges.
            shown = page_name(option)
            button = widgets.Button(description=f"{number}. {shown}", tooltip=shown)
            button.on_click(safe(lambda _, picked=option: self.submit(picked), show=self.messages))
            self.choice_buttons.append(button)
        self.choice_box.children = self.choice_buttons
        self.answer_area.children = [self.choice_box]

    def _set_honor(self) -> None:
        self.reveal_button.disabled = False
        self.right_button.disabled = self.wrong_button.disabled = True
        self.answer_area.children = [
            self.reveal_button,
            self.reveal_text,
            widgets.HBox([self.right_button, self.wrong_button]),
        ]

    # ----- answering ------------------------------------------------------------------
    def submit(self, given: str) -> Verdict | None:
        """Judge a typed answer or a picked choice (ignored once the card is answered); for a
        question asked by ``ask_unjudged``, hand it to the game instead (no verdict here)."""
        if self.unjudged is not None:
            self._hand_over(given)
            return None
        if self.question is None or self.verdict is not None or not str(given).strip():
            return None
        if self.asked_mode == "honor":
            raise RuntimeError("In honor mode the answer is revealed and marked, not typed.")
        return self._finish(self.checker.check(self.question, given, self.asked_mode))

    def _hand_over(self, given: str) -> None:
        """An answer to a question this card cannot judge: to the game, once."""
        if self.given is not None or not str(given).strip():
            return
        self.given = str(given)
        controls = (self.answer_box, self.submit_button, *self.choice_buttons)
        for control in controls:
            control.disabled = True
        said = html_text(_("Your answer is in: the game checks it."))
        self.feedback.value = f"<p role='status'>{said}</p>"
        if self.on_given is None:
            return
        try:
            self.on_given(self.given)
        except Exception:  # refused (the room is paused, say): the card may be answered again
            self.given = None
            self.feedback.value = ""
            for control in controls:
                control.disabled = False
            raise

    def reveal(self) -> None:
        """Honor mode: show every answer that counts, so the teacher or players can mark it."""
        if self.question is None or self.unjudged is not None:
            return
        answer, asked = html_text(_("Answer:")), html_text(_("Did the player get it right?"))
        self.reveal_text.value = (
            f"<p class='gt-answer-big'><b>{answer}</b> {html_text(said_answers(self.question))}"
            f"</p><p>{asked}</p>"
        )
        self.reveal_button.disabled = True
        self.right_button.disabled = self.wrong_button.disabled = False

    def mark(self, right: bool) -> Verdict | None:
        """Honor mode: the teacher's mark after the answer was revealed."""
        if self.question is None or self.verdict is not None:
            return None
        return self._finish(self.checker.honor(self.question, right))

    def reopen(self) -> None:
        """The game refused the answer or mark just given (a class game paused, say): the card
        takes one again, as it was before it was given (a revealed answer stays revealed)."""
        if self.question is None or self.verdict is None:
            return
        self.verdict = None
        self.feedback.value = ""
        for control in (self.answer_box, self.submit_button, *self.choice_buttons):
            control.disabled = False
        revealed = bool(self.reveal_text.value)
        self.right_button.disabled = self.wrong_button.disabled = not revealed

    def _finish(self, verdict: Verdict) -> Verdict:
        self.verdict = verdict
        mark = RIGHT_MARK if verdict.correct else WRONG_MARK
        explanation = f"<p>{html_text(verdict.explanation)}</p>" if verdict.explanation else ""
        self.feedback.value = (
            f"<p role='status'><b>{mark} {html_text(verdict.message)}</b></p>{explanation}"
        )
        for control in (self.answer_box, self.submit_button, *self.choice_buttons):
            control.disabled = True
        self.right_button.disabled = self.wrong_button.disabled = True
        if self.on_answer is not None:
            self.on_answer(verdict)
        return verdict
