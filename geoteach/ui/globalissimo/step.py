"""Globalissimo's step panel: the controls of the step to play, in the side column.

A panel with explicit inputs: ``draw(view, seating, back, answer_shown)`` returns the controls
for that view, and every button builds an action from the view it was drawn with and hands it
to ``on_move``: put a number on a country, answer a hurdle, or (honor mode) show the answer
(``on_show``) and mark it. ``back`` is the back of the hurdle card (``game.card_back()``): only
the page that marks gets it; a team's device in a class game gets ``None``.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

import ipywidgets as widgets

from geoteach.escape import html_text
from geoteach.games.base import Action
from geoteach.games.globalissimo import GAME_OVER, HURDLE
from geoteach.games.table import Table
from geoteach.i18n import _
from geoteach.ui import aloud
from geoteach.ui.enter_key import enter_presses
from geoteach.ui.globalissimo import wording
from geoteach.ui.globalissimo.cards import flag_html
from geoteach.ui.messages import MessageLine
from geoteach.ui.safe import safe
from geoteach.ui.shell import Seating

Info = Mapping[str, Any]


class StepPanel:
    """The right column's controls. ``interactive`` says whether hurdle A's map is clicked (the
    step's words say so); the text box stays as the keyboard's route."""

    def __init__(
        self,
        table: Table,
        *,
        interactive: bool,
        on_move: Callable[[Action], None],
        on_show: Callable[[], None],
        messages: MessageLine,
    ) -> None:
        self.table = table
        self.interactive = interactive
        self.on_move = on_move
        #: The view the controls were last drawn for: the moves are made from it.
        self.view: Info | None = None

        self.step = widgets.HTML()
        self.country_pick = widgets.ToggleButtons(
            style={"button_width": "190px"}, layout=widgets.Layout(width="100%")
        )
        self.country_pick.add_class("gt-country")
        self.rank_buttons = [
            widgets.Button(
                description=str(r),
                layout=widgets.Layout(width="52px"),
                button_style="info",
                tooltip=_("Put the number {rank} on the country").format(rank=r),
            )
            for r in range(1, len(table.seats) + 1)
        ]
        for r, button in enumerate(self.rank_buttons, start=1):
            button.add_class("gt-rank")
            button.on_click(safe(lambda _b, r=r: self.rank(r), show=messages))
        its_number = "<b>" + html_text(_("Its number:")) + "</b>&nbsp;"
        self.rank_box = widgets.VBox(
            [
                self.country_pick,
                widgets.HBox([widgets.HTML(its_number), *self.rank_buttons]),
            ]
        )
        self.answer_text = widgets.Text(
            placeholder=_("Type your answer"),
            continuous_update=False,
            layout=widgets.Layout(width="220px"),
        )
        self.answer_text.add_class("gt-answer")
        self.answer_button = widgets.Button(
            description=_("Answer"), button_style="primary", icon="check"
        )
        self.answer_button.add_class("gt-submit")
        enter_presses(self.answer_text, self.answer_button)
        self.answer_button.on_click(
            safe(lambda _b: self.answer(self.answer_text.value), show=messages)
        )
        self.show_button = widgets.Button(description=_("Show the answer"), icon="eye")
        self.show_button.add_class("gt-show")
        self.show_button.on_click(safe(lambda _b: on_show(), show=messages))
        self.right_button = widgets.Button(
            description="✔ " + _("Right"),
            button_style="success",
            tooltip=_("The answer was right"),
        )
        self.wrong_button = widgets.Button(
            description="✘ " + _("Wrong"),
            button_style="danger",
            tooltip=_("The answer was wrong"),
        )
        self.right_button.add_class("gt-right")
        self.wrong_button.add_class("gt-wrong")
        self.right_button.on_click(safe(lambda _b: self.mark(True), show=messages))
        self.wrong_button.on_click(safe(lambda _b: self.mark(False), show=messages))
        self.honor_answer = widgets.HTML()
        self.marking = widgets.HTML()

    # ----- the moves a person makes ----------------------------------------------------
    def _acting(self) -> int:
        assert self.view is not None  # its buttons are on the page only once it is drawn
        return int(self.view["to_act"][0])

    def rank(self, rank: int) -> None:
        """Put number ``rank`` on the country selected in ``country_pick``."""
        country = self.country_pick.value
        self.on_move({"player": self._acting(), "type": "rank", "country": country, "rank": rank})

    def answer(self, text: str) -> None:
        """Answer the hurdle: the map number (A) or the capital (B)."""
        self.on_move({"player": self._acting(), "type": "answer", "answer": text})

    def mark(self, right: bool) -> None:
        """Honor mode: the teacher marks the spoken answer (on a class game's projector, for
        the team at the hurdle)."""
        verdict = "right" if right else "wrong"
        self.on_move({"player": self._acting(), "type": "mark", "verdict": verdict})

    # ----- drawing ------------------------------------------------------------------------
    def draw(
        self, view: Info, seating: Seating, back: Info | None, answer_shown: bool
    ) -> list[widgets.Widget]:
        """The controls for ``view``: none at the end, who is thinking while a computer or
        another device acts, the hurdle's answer (or its marking), else the ranking."""
        self.view = view
        if view["phase"] == GAME_OVER:
            return []
        seat = view["to_act"][0]
        hurdle, honor = view["phase"] == HURDLE, view["honor"]
        marks = seat in seating.remote and back is not None  # ``Seating.marks_for``
        if not seating.person_here(seat) and not (hurdle and honor and marks):
            asked_aloud = hurdle and honor and seating.team_elsewhere(seat)
            said = aloud.waiting_html if asked_aloud else wording.thinking_html
            self.step.value = said(self.table, seat)
            return [self.step]
        if hurdle:
            return self._hurdle_controls(view, seating, back, answer_shown)
        names = view["round"]["names"]
        options = [(names[c], c) for c in view["remaining_countries"]]
        if [o[1] for o in self.country_pick.options] != [o[1] for o in options]:
            self.country_pick.options = options
            self.country_pick.value = options[0][1]
        for r, button in enumerate(self.rank_buttons, start=1):
            button.disabled = r > view["n_ranks"]
        self.step.value = wording.pick_step_html(self.table, view, seat)
        return [self.step, self.rank_box]

    def _hurdle_controls(
        self, view: Info, seating: Seating, back: Info | None, answer_shown: bool
    ) -> list[widgets.Widget]:
        hurdle = view["hurdle"]
        flag = flag_html(hurdle["country"], hurdle["name"], width=48)
        honor = bool(view["honor"])
        self.step.value = wording.hurdle_step_html(hurdle, self.interactive, flag, honor=honor)
        if honor:
            if back is None:  # a class game's team device: the teacher holds the card
                self.honor_answer.value = aloud.say_it_aloud_html()
                return [self.step, self.honor_answer]
            who: list[widgets.Widget] = []
            if hurdle["player"] in seating.remote:  # the projector marks for a team
                self.marking.value = aloud.marking_html(self.table, hurdle["player"])
                who = [self.marking]
            if answer_shown:
                self.honor_answer.value = wording.honor_answer_html(back["answers"])
                return [
                    *who,
                    self.step,
                    self.honor_answer,
                    widgets.HBox([self.right_button, self.wrong_button]),
                ]
            self.honor_answer.value = ""
            return [*who, self.step, self.show_button]
        self.answer_text.placeholder = wording.answer_placeholder(hurdle["kind"])
        return [self.step, widgets.HBox([self.answer_text, self.answer_button])]
