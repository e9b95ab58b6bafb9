"""Globe Works' step panel: the controls beside the map, one step at a time.

A step is the turn (play or draw), the discard after drawing, the deals (offer or No deal), an
offer form, or the answer to an offer made to you. A panel with explicit inputs:
``draw(view, legal, form, picked)`` returns the controls for the acting person's view, their
legal actions (which buttons show and whether they are enabled come from these: ``playable``,
``why_not_playable``, ``drawn``), the offer form open (``form``) and the card picked; every
button builds an action from the view it was drawn with and hands it to ``on_move``, and the
form buttons hand the form to open to ``on_form``. ``show_pick(picked, why)`` fills the words
that follow the pick. It never reads the game.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

import ipywidgets as widgets

from geoteach.escape import html_text
from geoteach.games.base import Action
from geoteach.games.globe_works import DEALS, HAND, MAP
from geoteach.games.globe_works.cards import ICON_WORDS, ICONS
from geoteach.games.table import Table
from geoteach.i18n import _, ngettext
from geoteach.render.globe_works_names import city_name
from geoteach.ui.globe_works import wording
from geoteach.ui.globe_works.wording import card_label
from geoteach.ui.messages import MessageLine
from geoteach.ui.safe import on_click, safe
from geoteach.ui.theme import seat_badge

Info = Mapping[str, Any]


def _button(text: str, css: str, style: str, icon: str) -> widgets.Button:
    button = widgets.Button(description=text, button_style=style, icon=icon)
    button.add_class(css)
    return button


class StepPanel:
    """The right column's controls of Globe Works (see the module docstring)."""

    def __init__(
        self,
        table: Table,
        *,
        on_move: Callable[[Action], None],
        on_form: Callable[[str | None], None],
        messages: MessageLine,
    ) -> None:
        self.table = table
        self.on_move = on_move
        self.messages = messages
        #: What the controls were last drawn for: the moves are made from it.
        self.view: Info | None = None
        self._legal: Sequence[Action] = []
        #: The offer form open ("trade", "partnership") or None, and the card picked.
        self.form: str | None = None
        self.picked: str | None = None

        self.step = widgets.HTML()
        self.reason = widgets.HTML()
        self.play_button = _button(_("Play"), "gt-play", "success", "check")
        self.draw_button = _button(_("Draw from the draw pile"), "gt-draw", "", "")
        self.take_discard_button = _button(_("Take the top discard"), "gt-take-discard", "", "")
        self.discard_button = _button(_("Discard"), "gt-discard", "primary", "")
        self.mine = widgets.Dropdown(
            description=_("Your city:"), style={"description_width": "auto"}
        )
        self.take_back_button = _button(_("Take back that token"), "gt-take-back", "", "")
        self.call_button = _button(_("Call the end of the round"), "gt-call-end", "warning", "")
        self.call_note = widgets.HTML()
        self.pass_button = _button(_("Pass"), "gt-pass", "", "")
        self.no_deal_button = _button(_("No deal"), "gt-no-deal", "primary", "forward")
        self.trade_form_button = _button(_("Offer a trade…"), "gt-offer-trade", "", "")
        self.partner_form_button = _button(
            _("Offer a partnership…"), "gt-offer-partnership", "", ""
        )
        self.back_button = _button(_("Back"), "gt-back", "", "")
        self.send_button = _button(_("Send the offer"), "gt-send-offer", "success", "")
        dropdown = {"style": {"description_width": "80px"}, "layout": {"width": "420px"}}
        self.partner_pick = widgets.Dropdown(description=_("With:"), **dropdown)
        self.icon_pick = widgets.Dropdown(
            options=[(_(ICON_WORDS[i]), i) for i in ICONS],
            description=_("Icon:"),
            **dropdown,
        )
        self.give_pick = widgets.Dropdown(description=_("You give:"), **dropdown)
        self.take_pick = widgets.Dropdown(description=_("You get:"), **dropdown)
        self.into_pick = widgets.Dropdown(
            options=[(_("my token goes on it"), MAP), (_("I take it into my hand"), HAND)],
            value=MAP,
            description=_("Their city:"),
            **dropdown,
        )
        self.answer_pick = widgets.Dropdown(description=_("You give:"), **dropdown)
        # Classes for browser tests, as every button has (a keyboard test picks by arrows).
        for pick, css in (
            (self.partner_pick, "gt-offer-with"),
            (self.icon_pick, "gt-offer-icon"),
            (self.give_pick, "gt-offer-give"),
            (self.take_pick, "gt-offer-take"),
            (self.into_pick, "gt-offer-into"),
            (self.answer_pick, "gt-answer-give"),
        ):
            pick.add_class(css)
        self.accept_button = _button(_("Accept"), "gt-accept", "success", "")
        self.accept_hand_button = _button(
            _("Accept, into my hand"), "gt-accept-hand", "success", ""
        )
        self.decline_button = _button(_("Decline"), "gt-decline", "warning", "")
        for button, handler in {
            self.play_button: self.play_picked,
            self.draw_button: lambda: self.on_move(self._mine("draw", source="draw")),
            self.take_discard_button: lambda: self.on_move(self._mine("draw", source="discard")),
            self.discard_button: self.discard_picked,
            self.take_back_button: lambda: self.on_move(
                self._mine("take_back", card=self.mine.value)
            ),
            self.call_button: lambda: self.on_move(self._mine("call_end")),
            self.pass_button: lambda: self.on_move(self._mine("pass")),
            self.no_deal_button: lambda: self.on_move(self._mine("no_deal")),
            self.trade_form_button: lambda: on_form("trade"),
            self.partner_form_button: lambda: on_form("partnership"),
            self.back_button: lambda: on_form(None),
            self.send_button: self.send_offer,
            self.accept_button: lambda: self.answer(True),
            self.accept_hand_button: lambda: self.answer(True, into=HAND),
            self.decline_button: lambda: self.answer(False),
        }.items():
            on_click(button, handler, show=messages)
        wrap = widgets.Layout(flex_flow="row wrap")
        self.draw_row = widgets.HBox([self.draw_button, self.take_discard_button], layout=wrap)
        self.take_back_note = widgets.HTML(wording.take_back_html())
        self.take_back_row = widgets.HBox([self.mine, self.take_back_button])
        self.offer_row = widgets.HBox(
            [self.trade_form_button, self.partner_form_button], layout=wrap
        )
        self.send_row = widgets.HBox([self.send_button, self.back_button])
        self.answer_row = widgets.HBox(layout=wrap)
        self.partner_pick.observe(safe(self._fill_take, show=messages), names="value")
        self.take_pick.observe(safe(self._show_into, show=messages), names="value")

    # ----- the moves the controls make -----------------------------------------------------
    def _mine(self, kind: str, **fields: Any) -> Action:
        """An action of the person the controls were drawn for (the one the screen waits for)."""
        assert self.view is not None  # its buttons are on the page only once it is drawn
        return {"player": self.view["player"], "type": kind, **fields}

    def play_picked(self) -> None:
        if self.picked is None:
            self.messages.error(_("Pick a card first: click it in your hand or on the map."))
            return
        self.on_move(self._mine("play", card=self.picked))

    def discard_picked(self) -> None:
        if self.picked is None:
            self.messages.error(_("Pick the card to discard: click it in your hand or on the map."))
            return
        self.on_move(self._mine("discard", card=self.picked))

    def send_offer(self) -> None:
        """Send the trade or partnership of the open form."""
        if self.form == "partnership":
            self.on_move(
                self._mine(
                    "propose_partnership", to=self.partner_pick.value, icon=self.icon_pick.value
                )
            )
            return
        take = self.take_pick.value
        into = {"into": self.into_pick.value} if take is not None else {}
        self.on_move(
            self._mine(
                "propose_trade",
                to=self.partner_pick.value,
                give=self.give_pick.value,
                take=take,
                **into,
            )
        )

    def answer(self, accept: bool, into: str = MAP) -> None:
        """Accept or decline the offer made to you; a city from the map comes under your
        token, or into your hand."""
        if not accept:
            self.on_move(self._mine("decline"))
            return
        prop = self.view["proposal"] if self.view is not None else None
        extra: dict[str, Any] = {}
        if prop and prop["kind"] == "trade" and prop.get("take") is None:
            extra["card"] = self.answer_pick.value
        if into == HAND:
            extra["into"] = HAND
        self.on_move(self._mine("accept", **extra))

    # ----- the step shown ------------------------------------------------------------------
    def thinking(self, seat: int | None) -> list[widgets.Widget]:
        """While a computer (or a team on another device) acts: who is thinking."""
        if seat is None:
            said = html_text(_("The computers are thinking…"))
        else:
            before, _sep, after = _("{name} is thinking…").partition("{name}")
            said = html_text(before) + seat_badge(self.table, seat) + html_text(after)
        self.step.value = f"<p><i>{said}</i></p>"
        return [self.step]

    def draw(
        self, view: Info, legal: Sequence[Action], form: str | None, picked: str | None
    ) -> list[widgets.Widget]:
        """The controls of the step ``view`` (the acting person's) is at."""
        self.view, self._legal, self.form, self.picked = view, legal, form, picked
        if view["phase"] == DEALS:
            if view["proposal"] is not None:
                return self._answer_controls(view)
            if form is not None:
                return self._form_controls(view)
            return self._deal_controls(view)
        if view["step"] == "drawn":
            return self._discard_controls(view)
        return self._turn_controls(view)

    def show_pick(self, picked: str | None, why: str | None) -> None:
        """The texts that follow the pick: what Play and Discard will do, and ``why`` the
        picked card cannot be played now (None: it can)."""
        self.picked = picked
        if picked is None:
            self.play_button.description = _("Play (pick a card first)")
            self.discard_button.description = _("Discard (pick a card first)")
            self.play_button.disabled = True
            self.discard_button.disabled = True
            self.reason.value = ""
        else:
            city = city_name(picked)
            self.play_button.description = _("Play {city}").format(city=city)
            self.discard_button.description = _("Discard {city}").format(city=city)
            self.discard_button.disabled = False
            self.play_button.disabled = why is not None
            self.reason.value = wording.why_html(picked, why)
        if self.form == "trade" and picked in [o[1] for o in self.give_pick.options]:
            self.give_pick.value = picked
        if picked in [o[1] for o in self.answer_pick.options]:
            self.answer_pick.value = picked

    def _legal_types(self) -> set[str]:
        return {a["type"] for a in self._legal}

    def _call_row(self) -> list[widgets.Widget]:
        """The call, when it can be made, with what it does."""
        if "call_end" not in self._legal_types():
            return []
        self.call_note.value = wording.call_note_html()
        return [self.call_button, self.call_note]

    def _turn_controls(self, view: Info) -> list[widgets.Widget]:
        if self._legal_types() <= {"pass", "call_end"}:
            self.step.value = wording.pass_step_html()
            return [self.step, self.pass_button, *self._call_row()]
        self.step.value = wording.turn_step_html()
        top = view["discard_top"]
        sources = {a["source"] for a in self._legal if a["type"] == "draw"}
        left = view["draw_pile"]
        self.draw_button.description = ngettext(
            "Draw from the draw pile ({n} left)", "Draw from the draw pile ({n} left)", left
        ).format(n=left)
        self.draw_button.disabled = "draw" not in sources
        self.take_discard_button.description = (
            _("Take {city} from the discard pile").format(city=city_name(top))
            if top
            else _("The discard pile is empty")
        )
        self.take_discard_button.disabled = top is None
        return [self.step, self.play_button, self.reason, self.draw_row, *self._call_row()]

    def _discard_controls(self, view: Info) -> list[widgets.Widget]:
        self.step.value = wording.discard_step_html(view["drawn"])
        out: list[widgets.Widget] = [self.step, self.discard_button]
        if "take_back" in self._legal_types():
            self.mine.options = [(card_label(c), c) for c in view["played"][view["player"]]]
            out += [self.take_back_note, self.take_back_row]
        return out + self._call_row()

    def _deal_controls(self, view: Info) -> list[widgets.Widget]:
        self.step.value = wording.deal_step_html(self.table, view["current"])
        return [self.step, self.no_deal_button, self.offer_row, *self._call_row()]

    def _form_controls(self, view: Info) -> list[widgets.Widget]:
        person = view["player"]
        others = [q for q in view["deal_parties"] if q != person]
        options = [(self.table.name_of(q), q) for q in others]
        if [o[1] for o in self.partner_pick.options] != others:
            self.partner_pick.options = options
            self.partner_pick.value = others[0] if others else None
        if self.form == "partnership":
            self.step.value = wording.partnership_form_html()
            return [self.step, self.partner_pick, self.icon_pick, self.send_row]
        mine = list(dict.fromkeys([*view["hand"], *view["played"][person]]))
        options = [(card_label(c), c) for c in mine]
        if list(self.give_pick.options) != options:
            self.give_pick.options = options
            # Pre-filled: the picked card, so "Send the offer" works at once.
            self.give_pick.value = self.picked if self.picked in mine else mine[0]
        self._fill_take()
        self.step.value = wording.trade_form_html()
        return [
            self.step,
            self.partner_pick,
            self.give_pick,
            self.take_pick,
            self.into_pick,
            self.send_row,
        ]

    def _fill_take(self, _change: Any = None) -> None:
        """The cities the other player has down, to ask for (their hand is secret)."""
        other = self.partner_pick.value
        played = self.view["played"][other] if other is not None and self.view else []
        options = [(_("a card they choose"), None)] + [
            (card_label(c), c) for c in dict.fromkeys(played)
        ]
        if list(self.take_pick.options) != options:
            self.take_pick.options = options
            self.take_pick.value = None
        self._show_into()

    def _show_into(self, _change: Any = None) -> None:
        self.into_pick.layout.display = "none" if self.take_pick.value is None else ""

    def _answer_controls(self, view: Info) -> list[widgets.Widget]:
        prop = view["proposal"]
        person = view["player"]
        self.step.value = wording.offer_html(self.table, view)
        out: list[widgets.Widget] = [self.step]
        if prop["kind"] == "trade" and prop["take"] is None:
            mine = list(dict.fromkeys([*view["hand"], *view["played"][person]]))
            self.answer_pick.options = [(card_label(c), c) for c in mine]
            if self.picked in mine:
                self.answer_pick.value = self.picked
            out.append(self.answer_pick)
        accepts = [a for a in self._legal if a["type"] == "accept"]
        into_hand = any(a.get("into") == HAND for a in accepts)
        on_map_ok = any(a.get("into", MAP) == MAP for a in accepts)
        self.accept_button.description = _("Accept, my token on it") if into_hand else _("Accept")
        answers = [self.accept_button] if on_map_ok or not into_hand else []
        if into_hand:
            answers.append(self.accept_hand_button)
        answers.append(self.decline_button)
        self.answer_row.children = answers
        return [*out, self.answer_row, *self._call_row()]
