"""The controls of the Global Pursuit screen: one step at a time, the keyboard's way to play.

A panel with explicit inputs (as Globalissimo's ``step``): its buttons build the move they
stand for and hand it to ``on_move`` (the seat and the time are filled in by the screen's
parts); "No challenge" goes to ``on_accept`` (every person in the challenge window), a chosen
card, place or edge to ``on_selection``, the question card's verdict to ``on_answer``. The hand's
form (card, place, edge that touches) is filled from the view it is given. It reads no game:
which level a player keeps (the 2-points variation) it asks ``fixed_level``.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

import ipywidgets as widgets

from geoteach.games.base import Action
from geoteach.i18n import _, ngettext
from geoteach.quiz.answers import Mode, Verdict
from geoteach.quiz.question import LEVELS, Question
from geoteach.render.global_pursuit import table_layout
from geoteach.render.globe_cards import place_marks
from geoteach.ui.countdown import Countdown
from geoteach.ui.global_pursuit.wording import (
    MATCH_STEP,
    RETURN_STEP,
    TIME_UP,
    card_name,
    place_label,
)
from geoteach.ui.messages import MessageLine
from geoteach.ui.question_card import QuestionCard
from geoteach.ui.safe import on_click, safe


def _button(text: str, css: str, style: str = "", icon: str = "") -> widgets.Button:
    button = widgets.Button(description=text, button_style=style, icon=icon)
    button.add_class(css)
    return button


class StepPanel:
    """The controls of each step (the hand's form, the challenge, the die, the level, the
    question card, the WILD CARD) and the two clocks: the turn's (``time_limit`` seconds, None
    for none) and the challenge window's (``challenge_seconds``)."""

    def __init__(
        self,
        *,
        mode: Mode,
        time_limit: float | None,
        challenge_seconds: float | None,
        clock: Callable[[], float],
        messages: MessageLine,
        on_move: Callable[[Action], None],
        on_accept: Callable[[], None],
        on_selection: Callable[[], None],
        on_answer: Callable[[Verdict], None],
        on_time_up: Callable[[float], None],
        choice_pool: Callable[[Question], list[str]],
        fixed_level: Callable[[], int | None],
    ) -> None:
        self.messages = messages
        self.on_move = on_move
        self.fixed_level = fixed_level
        #: True while the hand's form is filled: its choices change without a redraw each.
        self.quiet = False
        self.step = widgets.HTML()
        self.hand = widgets.Dropdown(description=_("Card:"), style={"description_width": "initial"})
        self.edge = widgets.Dropdown(
            description=_("Place:"), style={"description_width": "initial"}
        )
        self.turn = widgets.ToggleButtons(
            options=[(str(k + 1), k) for k in range(5)],
            value=0,
            description=_("Edge that touches:"),
            style={"description_width": "initial", "button_width": "40px"},
            tooltips=[
                _("Turn the card so its edge {edge} lies against the open edge").format(edge=k + 1)
                for k in range(5)
            ],
        )
        for control, css in (
            (self.hand, "gt-card-pick"),
            (self.edge, "gt-place"),
            (self.turn, "gt-touching"),
        ):
            control.add_class(css)
        self.lay = _button(_("Lay the card"), "gt-lay", style="primary", icon="check")
        self.cannot = _button(_("I cannot match"), "gt-cannot")
        self.challenge = _button(_("Challenge!"), "gt-challenge", style="danger")
        self.accept = _button(_("No challenge"), "gt-accept")
        self.roll = _button(_("Roll the die"), "gt-roll", style="info")
        self.levels = widgets.ToggleButtons(
            options=[(f"{n} {_(name)}", n) for n, name in LEVELS.items()],
            style={"button_width": "auto"},
            tooltips=[
                ngettext("Level {n}: {name}, {n} point", "Level {n}: {name}, {n} points", n).format(
                    n=n, name=_(name)
                )
                for n, name in LEVELS.items()
            ],
        )
        self.choose_level = _button(_("Ask me"), "gt-ask", style="primary")
        self.question = widgets.HTML()
        self.card = QuestionCard(
            mode=mode, on_answer=safe(on_answer, show=messages), choice_pool=choice_pool
        )
        self.card.answer_box.layout.width = "260px"
        self.card.choice_box.layout.flex_flow = "wrap"
        # The card's own controls, under the names the table used before (tests, notebooks).
        self.answer = self.card.answer_box
        self.submit = self.card.submit_button
        self.right = self.card.right_button
        self.wrong = self.card.wrong_button
        self.try_wild = _button(_("Try the WILD CARD flag"), "gt-wild")
        self.skip_wild = _button(_("No, thanks"), "gt-no-wild")
        self.give_back = _button(_("Give this card back"), "gt-give-back")
        self.countdown = Countdown(
            time_limit,
            safe(on_time_up, show=messages),
            clock=clock,
            time_up_text=_(TIME_UP),
            show=messages,
        )
        self.challenge_clock = Countdown(
            challenge_seconds,
            safe(lambda _seconds: on_accept(), show=messages),
            clock=clock,
            time_up_text=_("The card stands."),
            show=messages,
        )
        self.challenge_clock.bar.description = _("To challenge:")
        self.hand_box = widgets.VBox()

        def selection(_change: Any) -> None:
            if not self.quiet:
                on_selection()

        for control in (self.hand, self.edge, self.turn):
            control.observe(safe(selection, show=messages), "value")
        for button, handler in (
            (self.lay, self.on_lay),
            (self.cannot, lambda: on_move({"type": "pass"})),
            (self.challenge, lambda: on_move({"type": "challenge"})),
            (self.accept, on_accept),
            (self.roll, lambda: on_move({"type": "roll"})),
            (self.choose_level, lambda: self._with_level("level")),
            (self.try_wild, lambda: self._with_level("wild")),
            (self.skip_wild, lambda: on_move({"type": "no_wild"})),
            (self.give_back, self.on_give_back),
        ):
            on_click(button, handler, show=messages)

    # ----- the moves --------------------------------------------------------------------------
    def on_lay(self) -> None:
        if self.hand.value is None or self.edge.value is None:
            self.messages.error(_("Pick a card from your hand and a numbered place first."))
            return
        self.on_move(
            {
                "type": "place",
                "card": self.hand.value,
                "at": list(self.edge.value),
                "card_edge": self.turn.value,
            }
        )

    def _with_level(self, kind: str) -> None:
        """A level asked for (``level``) or tried with the WILD CARD (``wild``): the one the
        player keeps, when every player keeps one, else the one chosen."""
        self.on_move({"type": kind, "level": self.fixed_level() or self.levels.value})

    def on_give_back(self) -> None:
        if self.hand.value is None:
            self.messages.error(_("Pick the card to give back first (click it in your hand)."))
            return
        self.on_move({"type": "return", "card": self.hand.value})

    # ----- the hand's form --------------------------------------------------------------------
    def offered(self) -> list[str]:
        """The cards the hand's form offers now."""
        return [value for _, value in self.hand.options]

    def clear_hand(self) -> None:
        """Nothing of a hidden hand stays in the form, not even out of sight."""
        self.quiet = True
        try:
            self.hand.options = []
            self.edge.options = []
        finally:
            self.quiet = False
        self.hand_box.children = []

    def hand_form(self, view: Mapping[str, Any]) -> widgets.VBox:
        """The keyboard route of the hand (card, place, edge, buttons), filled from the view
        of its owner."""
        hand = view["hand"]
        self.quiet = True
        try:
            keep = self.hand.value if self.hand.value in hand else None
            self.hand.options = [(card_name(c), c) for c in hand]
            self.hand.value = keep
            if keep is None:
                self.turn.value = 0
            if view["phase"] == "match":
                places = place_marks(table_layout(view).free_places())
                old = self.edge.value
                self.edge.options = [(place_label(view, m), (m.index, m.edge)) for m in places]
                values = [(m.index, m.edge) for m in places]
                self.edge.value = old if old in values else None
        finally:
            self.quiet = False
        if view["phase"] == "match":
            self.step.value = _(MATCH_STEP)
            rows = [
                self.step,
                self.hand,
                self.edge,
                self.turn,
                widgets.HBox([self.lay, self.cannot]),
            ]
        else:
            self.step.value = _(RETURN_STEP)
            rows = [self.step, self.hand, self.give_back]
        self.hand_box.children = rows
        return self.hand_box

    def clocks(self) -> tuple[Countdown, Countdown]:
        """The turn's clock and the challenge window's."""
        return self.countdown, self.challenge_clock
