"""Geography Pursuit's step panel: the controls of the step to take now, in the side column.

A panel with explicit inputs: ``draw(view, people, held=..., last=...)`` returns the controls
for that view (the die, the lit spaces as buttons, the categories, the vote), ``question`` the
question card with its notes and clock. Every button builds an action from the view it was
drawn with and hands it to ``on_move``; it never reads the game. The card it asks is given to
it: the reader's card with its answer (``ask``), or a question as a team's own view shows it,
without its answer (``ask_unjudged``). Sentences come from ``wording``.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

import ipywidgets as widgets

from geoteach.games.base import Action
from geoteach.games.table import Table
from geoteach.i18n import _
from geoteach.quiz.answers import AnswerChecker, Mode, Verdict
from geoteach.quiz.question import Question
from geoteach.render.board import short_names
from geoteach.ui.countdown import Countdown
from geoteach.ui.messages import MessageLine
from geoteach.ui.pursuit import wording
from geoteach.ui.pursuit.wording import TIME_UP, describe_space
from geoteach.ui.question_card import QuestionCard
from geoteach.ui.safe import safe

View = Mapping[str, Any]


class StepPanel:
    """The right column's controls. ``names`` are the categories as the page says them,
    ``categories`` as a move names them. ``mode`` is how people answer ("typed", "choice" or
    "honor"); ``checker`` is the engine's own judge of a typed answer, ``choice_pool`` the
    other answers a multiple-choice card offers. ``time_limit`` (seconds, or None) is timed by
    ``countdown`` on ``clock``; when it runs out it calls ``on_time_up(seconds)``."""

    def __init__(
        self,
        table: Table,
        names: Sequence[str],
        categories: Sequence[str],
        *,
        mode: Mode,
        interactive: bool,
        time_limit: float | None,
        checker: AnswerChecker,
        choice_pool: Callable[[Question], list[str]],
        clock: Callable[[], float],
        on_move: Callable[[Action], None],
        on_time_up: Callable[[float], None],
        messages: MessageLine,
    ) -> None:
        self.table = table
        self.names = list(names)
        self.categories = list(categories)
        self.mode: Mode = mode
        self.interactive = interactive
        self.time_limit = time_limit
        self.on_move = on_move
        self.messages = messages
        #: The view the controls were last drawn for: the moves are made from it.
        self.view: View | None = None
        #: The card asked with its answer (the reader's), and the id of the card on show.
        self.asked: Question | None = None
        self.asked_id: str | None = None
        #: What was typed or clicked on the card (a multiple-choice pick, for the verdict).
        self.picked: str | None = None

        self.roll_button = widgets.Button(
            description=_("Roll the die"), icon="cube", button_style="primary"
        )
        self.roll_button.add_class("gt-roll")
        self.roll_button.layout = widgets.Layout(width="220px", height="48px")
        self.roll_button.on_click(safe(lambda _b: self.roll(), show=messages))
        self.step = widgets.HTML()
        self.step.add_class("gt-step")
        self.card = QuestionCard(
            mode=mode,
            on_answer=safe(self._answered, show=messages),
            checker=checker,
            choice_pool=choice_pool,
        )
        self.card.add_class("gt-pursuit-card")
        self.card.choice_box.layout.flex_flow = "wrap"
        self.card.answer_box.layout.width = "300px"
        self.card.answer_box.style.description_width = "60px"
        self.card.submit_button.description = _("Check")
        self.card.submit_button.layout.width = "110px"
        self.countdown = Countdown(
            time_limit,
            safe(on_time_up, show=messages),
            clock=clock,
            time_up_text=_(TIME_UP),
            show=messages,
        )

    # ----- the moves a person makes ----------------------------------------------------
    @property
    def player(self) -> int:
        """The seat whose turn it is in the view drawn."""
        assert self.view is not None  # its buttons are on the page only once it is drawn
        return int(self.view["player"])

    def roll(self) -> None:
        self.on_move({"player": self.player, "type": "roll"})

    def move(self, space_id: str) -> None:
        self.on_move({"player": self.player, "type": "move", "to": space_id})

    def choose(self, category: str) -> None:
        self.on_move({"player": self.player, "type": "choose", "category": category})

    def vote(self, seat: int, category: str) -> None:
        self.on_move({"player": seat, "type": "vote", "category": category})

    def _answered(self, verdict: Verdict) -> None:
        """The card was answered: send the typed text (the engine judges) or the mark (on a
        class game's projector, the teacher's, for the team answering). Refused (the room is
        paused, say), the card takes the answer again."""
        action: Action = {"player": self.player, "type": "answer"}
        self.picked = verdict.given  # a multiple-choice pick, for the verdict
        if self.card.asked_mode == "typed" and verdict.given is not None:
            action["text"] = verdict.given
        else:
            action["mark"] = "right" if verdict.correct else "wrong"
            if self.card.asked_mode == "choice" and verdict.given is not None:
                action["choice"] = verdict.given  # the option clicked, for the lesson record
        if self.time_limit is not None:
            action["seconds"] = self.countdown.seconds()
        try:
            self.on_move(action)
        except Exception:
            self.card.reopen()
            raise

    def _given(self, given: str) -> None:
        """A class game's device: what was typed or clicked goes to the engine, which judges
        it (this page does not hold the answer)."""
        kind = "choice" if self.card.asked_mode == "choice" else "text"
        action: Action = {"player": self.player, "type": "answer", kind: given}
        self.picked = given
        if self.time_limit is not None:
            action["seconds"] = self.countdown.seconds()
        self.on_move(action)

    # ----- the question card ---------------------------------------------------------------
    def ask(self, card: Mapping[str, Any]) -> None:
        """Ask the reader's ``card`` (with its answer: the card judges it) and start the
        clock."""
        question = Question.from_dict(dict(card))
        self.card.ask(question, self.mode)
        self.card.header.value = ""  # the step above names the category and level, in colour
        self.asked = question
        self.asked_id = card["id"]  # only once shown: a card that failed to show is tried again
        self.countdown.start()

    def ask_unjudged(self, shown: Mapping[str, Any], asked_id: str, aloud_html: str) -> None:
        """A class game's device: the question as this seat's own view shows it (no answer);
        the engine judges what is typed or clicked (``on_move``). With ``aloud_html`` (honor
        mode) the team says its answer out loud instead, and the projector marks it and keeps
        the time."""
        if aloud_html:
            self.card.ask_aloud(shown, aloud_html)
        else:
            self.card.ask_unjudged(shown, self._given, self.mode)
            self.countdown.start()
        self.card.header.value = ""  # the step above names the category and level, in colour
        self.asked = None
        self.asked_id = asked_id

    def question(self, view: View, notes_html: str, clock: bool) -> list[widgets.Widget]:
        """The card being asked, its notes above it and (``clock``) the time left."""
        self.view = view
        return [self._step(notes_html), self.card, *([self.countdown] if clock else [])]

    # ----- drawing ------------------------------------------------------------------------
    def say(self, view: View, html: str) -> list[widgets.Widget]:
        """Only words: the game's end, a computer thinking, a team answering elsewhere."""
        self.view = view
        return [self._step(html)]

    def draw(
        self, view: View, people: Sequence[int], *, held: bool, last: Action | None
    ) -> list[widgets.Widget]:
        """The controls of the step in ``view`` for the ``people`` to act here (none: the
        computers or another device act, ``held`` while a verdict is read): the die, the lit
        spaces, the hub's categories or the vote. ``last`` is the move before (a roll again)."""
        self.view = view
        phase, table = view["phase"], self.table
        if not people:
            return [self._step(wording.computer_step_html(view, table, held=held))]
        if phase == "roll":
            return [self._step(wording.roll_html(view, table, last)), self.roll_button]
        if phase == "move":
            move = wording.move_html(view, table, interactive=self.interactive)
            return [self._step(move), self._space_buttons(view)]
        if phase == "choose_category":
            return [self._step(wording.wild_hub_html()), self._category_buttons(self.choose)]
        voter = people[0]
        text = wording.vote_html(view, table, self.names, voter)
        return [self._step(text), self._category_buttons(lambda c: self.vote(voter, c))]

    def _step(self, html: str) -> widgets.HTML:
        self.step.value = html
        return self.step

    def _space_buttons(self, view: View) -> widgets.Widget:
        buttons = []
        for sid in view["destinations"]:
            button = widgets.Button(
                description=describe_space(sid, self.names),
                layout=widgets.Layout(width="auto"),
            )
            button.add_class("gt-space")
            button.on_click(safe(lambda _b, s=sid: self.move(s), show=self.messages))
            buttons.append(button)
        return widgets.HBox(buttons, layout=widgets.Layout(flex_flow="wrap"))

    def _category_buttons(self, pick: Callable[[str], Any]) -> widgets.Widget:
        buttons = []
        shown = zip(self.categories, self.names, short_names(self.names), strict=True)
        for name, said, letters in shown:
            button = widgets.Button(
                description=f"{letters} · {said}", layout=widgets.Layout(width="auto")
            )
            button.add_class("gt-category")
            button.on_click(safe(lambda _b, c=name: pick(c), show=self.messages))
            buttons.append(button)
        return widgets.HBox(buttons, layout=widgets.Layout(flex_flow="wrap"))
