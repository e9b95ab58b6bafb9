"""GeoTriple's step controls: the widgets of each step and what a click on them does.

A part of ``GeoTripleScreen`` (mixed in). Every click becomes at most one engine move through
``act``; what a click may do is read from the player's view (whose turn, the hand, the lock
after a wrong claim), never decided here.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from typing import Any

import ipywidgets as widgets

from geoteach.games.geotriple.cards import CATEGORIES
from geoteach.games.geotriple.tricks import DISCARDS
from geoteach.i18n import _
from geoteach.render import palettes
from geoteach.ui.enter_key import enter_presses
from geoteach.ui.geotriple import terms, wording, wording_steps
from geoteach.ui.safe import safe


class StepControls:
    """The controls of each step (a mixin: it uses the screen's ``game``, ``viewer``,
    ``selected``, ``race_clock``, ``feedback``, ``messages``, ``act`` and ``refresh``)."""

    game: Any
    interactive: bool
    selected: list[str]
    messages: Any
    feedback: Any
    race_clock: Any
    controls: widgets.VBox
    tiles_box: widgets.Box
    _hand_tiles: Callable[[], list[widgets.Widget]]

    def _build_controls(self) -> None:
        self._hinted = False
        self._syncing = False
        self.step = widgets.HTML()
        self.guess_box = widgets.Combobox(
            placeholder=_("Type a state"),
            options=sorted(terms.state_names(self.game.view(None)).values()),
            ensure_option=True,
            layout=widgets.Layout(width="220px"),
            tooltip=_("Your guess: a state"),
        )
        self.guess_box.add_class("gt-guess")
        self.guess_button = self._button(_("Guess"), "question", self._guess_typed, "primary")
        self.guess_button.add_class("gt-guess-button")
        enter_presses(self.guess_box, self.guess_button)
        self.clue_pick = widgets.Dropdown(
            layout=widgets.Layout(width="auto"), tooltip=_("Your clue")
        )
        self.clue_pick.add_class("gt-clue")
        self.clue_button = self._button(_("Give the clue"), "comment", self._give_clue, "primary")
        self.clue_button.add_class("gt-give-clue")
        self._hand_toggles: dict[str, widgets.ToggleButton] = {}
        self.hand_grid = widgets.GridBox(
            layout=widgets.Layout(grid_template_columns="repeat(3, 1fr)", width="100%")
        )
        self.groups_line = widgets.HTML()
        self.claim_button = self._button("GeoPlunge!", "bolt", self.claim, "danger")
        self.claim_button.add_class("gt-claim")
        self.clear_button = self._button(_("Clear"), "eraser", self.clear_selection)
        self.clear_button.add_class("gt-clear")
        self.give_up_button = self._button(_("Give up"), "flag", self.give_up)
        self.give_up_button.add_class("gt-give-up")
        self.category_pick = widgets.ToggleButtons(
            options=[(terms.category_title(c), c) for c in CATEGORIES],
            value=None,
            tooltips=[_(tip) for tip in wording.CATEGORY_TIPS],
            style={"button_width": "110px"},
        )
        self.category_pick.add_class("gt-category")
        self.put_away_button = self._button(_("Put them away"), "trash", self.put_away, "primary")
        self.put_away_button.add_class("gt-put-away")
        self.plunge_yes = self._button(
            _("Yes, I'm GeoPlunging"), "bolt", lambda: self.announce(True), "warning"
        )
        self.plunge_yes.add_class("gt-plunge-yes")
        self.plunge_no = self._button(_("No, not this time"), "times", lambda: self.announce(False))
        self.plunge_no.add_class("gt-plunge-no")
        self.next_round_button = self._button(
            _("Next round"), "forward", self.next_round, "primary"
        )
        self.next_round_button.add_class("gt-next-round")
        self.guess_row = widgets.HBox([self.guess_box, self.guess_button])
        self.clue_row = widgets.HBox([self.clue_pick, self.clue_button])
        self.race_buttons = widgets.HBox(
            [self.claim_button, self.clear_button, self.give_up_button]
        )
        self.plunge_row = widgets.HBox([self.plunge_yes, self.plunge_no])
        #: The private part of the controls (the guard shows it to one player in the hot seat).
        self.private = widgets.VBox()

    def _button(
        self, text: str, icon: str, handler: Callable[[], Any], style: str = ""
    ) -> widgets.Button:
        button = widgets.Button(description=text, icon=icon, button_style=style)
        button.on_click(safe(lambda _b: handler(), show=self.messages))
        return button

    # ----- hints -------------------------------------------------------------------------
    def _hint(self, text: str) -> None:
        """A hint about a click that did nothing (not your card, not your turn); the next
        move takes it away. Other messages (a lesson record that cannot be written) stay."""
        self.messages.error(text)
        self._hinted = True

    def _hint_done(self) -> None:
        if self._hinted:
            self.messages.clear()
            self._hinted = False

    def _put_away_verdict(self) -> None:
        """A click that is not a move (picking a card) also puts an open verdict away."""
        if self.feedback.is_open:
            self.feedback.put_away()
            self.paused(False)
            self.explaining = None

    # ----- the moves a person makes ------------------------------------------------------
    def pick(self, code: str) -> None:
        """A click on a state (the map) or its button: a guess, or a card picked in the race."""
        seat = self.viewer
        game = self.game
        if seat is None or game.is_terminal():
            return
        view = game.view(seat)
        if code not in view["cards"]:
            return
        if game.phase == "guess":
            s1 = view["stage1"]
            if s1["guesser"] != seat or s1["waiting_for_clue"] or seat not in game.to_act():
                self._hint(_(wording.NOT_YOUR_GUESS))
                return
            self.map.highlight(code, palettes.HIGHLIGHT)  # seen at once
            self.act({"player": seat, "type": "guess", "state": code})
            return
        if game.phase == "race":
            race = view["race"]
            if race["out"][seat] or seat not in game.to_act():
                self._hint(_(wording.OUT_OF_RACE))
                return
            if code not in race["hand"]:
                self._hint(wording_steps.not_your_card(terms.state(view, code)))
                return
            self._toggle(code, limit=6)
            return
        if game.phase in wording.STAGE3:
            self._hint(_(wording.PLAY_BELOW))

    def _toggle(self, code: str, limit: int) -> None:
        self._put_away_verdict()
        if code in self.selected:
            self.selected.remove(code)
        elif len(self.selected) >= limit:
            self._hint(wording_steps.picked_enough(limit))
            return
        else:
            self.selected.append(code)
        self._hint_done()
        self.refresh()

    def _guess_typed(self) -> None:
        """The keyboard route of a guess: the state typed in the box."""
        names = terms.state_names(self.game.view(None))
        by_name = {name: code for code, name in names.items()}
        code = by_name.get(self.guess_box.value)
        if code is None:
            self._hint(_(wording.TYPE_A_STATE))
            return
        self.guess_box.value = ""
        self.pick(code)

    def _give_clue(self) -> None:
        """Two people: the holder of the card gives the clue picked in the menu."""
        seat = self.viewer
        if seat is None or self.clue_pick.value is None:
            return
        self.act({"player": seat, "type": "clue", "answer": self.clue_pick.value})

    def clear_selection(self) -> None:
        self._put_away_verdict()
        self.selected = []
        self.refresh()

    def _locked_for(self) -> float:
        """Seconds until the GeoPlunge! button works again after a wrong claim (the engine
        says until when, on the race clock of the player at the screen)."""
        seat = self.viewer
        if seat is None or self.game.phase != "race":
            return 0.0
        until = self.game.view(seat)["race"]["locked_until"][seat]
        return 0.0 if until is None else max(0.0, until - self.race_clock.elapsed())

    def claim(self) -> None:
        """Shout "GeoPlunge!" with the picked cards (the first three are group 1), timed on
        the race clock."""
        seat = self.viewer
        game = self.game
        if seat is None or game.phase != "race" or seat not in game.to_act():
            return
        self._put_away_verdict()
        wait = self._locked_for()
        if wait > 0:
            self._hint(wording_steps.wait_to_shout(math.ceil(wait)))
            return
        if len(self.selected) != 6:
            self._hint(_(wording.PICK_SIX))
            return
        self.act(
            {
                "player": seat,
                "type": "geoplunge",
                "groups": [self.selected[:3], self.selected[3:]],
                "seconds": self.race_clock.elapsed(),
            }
        )

    def give_up(self) -> None:
        """Stop searching: the other player may still find a GeoPlunge."""
        seat = self.viewer
        game = self.game
        if seat is None or game.phase != "race" or seat not in game.to_act():
            return
        self.act({"player": seat, "type": "give_up"})

    def put_away(self) -> None:
        """Stage 3: put the two picked cards away."""
        seat = self.viewer
        if seat is None or self.game.phase != "discard":
            return
        if len(self.selected) != DISCARDS:
            self._hint(wording.pick_to_put_away())
            return
        self.act({"player": seat, "type": "discard", "cards": list(self.selected)})

    def announce(self, plunging: bool) -> None:
        seat = self.viewer
        if seat is None or self.game.phase != "announce":
            return
        self.act({"player": seat, "type": "announce", "geoplunging": plunging})

    def tile_clicked(self, code: str) -> None:
        """A card of the Stage 3 hand: pick it to put away, or play it on the trick."""
        seat = self.viewer
        game = self.game
        if seat is None or seat not in game.to_act():
            self._hint(_(wording.WAIT_YOUR_TURN))
            return
        if game.phase == "discard":
            self._toggle(code, limit=DISCARDS)
            return
        if game.phase != "trick":
            self._hint(_(wording.ANNOUNCE_FIRST))
            return
        if game.view(seat)["stage3"]["trick"] is None:
            category = self.category_pick.value
            if category is None:
                self._hint(_(wording.CATEGORY_FIRST))
                return
            self.act({"player": seat, "type": "lead", "category": category, "card": code})
            self.category_pick.value = None
            return
        self.act({"player": seat, "type": "follow", "card": code})

    def next_round(self) -> None:
        if self.game.phase == "round_over":
            seat = self.viewer if self.viewer is not None else self.game.to_act()[0]
            self.act({"player": seat, "type": "next_round"})

    # ----- drawing the controls ----------------------------------------------------------
    def _draw_controls(self) -> None:
        game = self.game
        if game.is_terminal():
            self.controls.children = []
            return
        if game.phase == "round_over":
            self.step.value = wording_steps.round_over_step(game.view(None), self.table)
            self.controls.children = [self.step, self.next_round_button]
            return
        seat = self.viewer
        if seat is not None:
            self.private.children = self._private_controls(seat)
        self.controls.children = [self.guard] if self.guard is not None else [self.private]

    def _private_controls(self, seat: int) -> list[widgets.Widget]:
        view = self.game.view(seat)
        phase = view["phase"]
        if phase == "guess":
            self.step.value, row = wording_steps.stage1_step(
                view, self.table, seat, interactive=self.interactive
            )
            if row == "clue":
                self.clue_pick.options = wording_steps.clue_options(view)
                return [self.step, self.clue_row]
            return [self.step, self.guess_row] if row == "guess" else [self.step]
        if phase == "race":
            return self._race_controls(view, seat)
        acting = seat in self.game.to_act()
        self.step.value, part = wording_steps.stage3_step(
            view, self.table, seat, acting, self.selected
        )
        # The hand's cards are what the step is played with: under the step, before its
        # button (pick two, then put them away); while deciding on GeoPlunging, after it.
        self.tiles_box.children = self._hand_tiles()
        hand = [self.tiles_box] if self.tiles_box.children else []
        if part == "put_away":
            self.put_away_button.disabled = len(self.selected) != DISCARDS
            return [self.step, *hand, self.put_away_button]
        if part == "plunge":
            return [self.step, self.plunge_row, *hand]
        if part == "category":
            return [self.step, self.category_pick, *hand]
        return [self.step, *hand]

    def _race_controls(self, view: dict[str, Any], seat: int) -> list[widgets.Widget]:
        race = view["race"]
        if race["out"][seat]:
            self.step.value = wording_steps.race_out_step(view, seat)
            return [self.step]
        if self.feedback.is_open:
            # The clock waits while a verdict is read, so the cards wait too.
            self.step.value = wording_steps.race_waits()
            return [self.step]
        self.step.value = wording_steps.race_step(interactive=self.interactive)
        self._sync_hand_toggles(view, race["hand"])
        self.groups_line.value = wording_steps.groups_line(view, self.selected)
        self._race_beat(self.race_clock.elapsed())
        return [self.step, self.hand_grid, self.groups_line, self.race_buttons, self.race_clock]

    def _sync_hand_toggles(self, view: dict[str, Any], hand: Sequence[str]) -> None:
        """One toggle per card of the race hand (made once per hand), on when picked."""
        names = terms.state_names(view)
        if set(self._hand_toggles) != set(hand):
            self._hand_toggles = {}
            for code in sorted(hand, key=names.get):
                toggle = widgets.ToggleButton(description=names[code])
                toggle.layout.width = "auto"
                toggle.add_class("gt-hand-card")
                toggle.observe(
                    safe(lambda _c, c=code: self._toggled(c), show=self.messages), names="value"
                )
                self._hand_toggles[code] = toggle
            self.hand_grid.children = list(self._hand_toggles.values())
        self._syncing = True
        try:
            for code, toggle in self._hand_toggles.items():
                on = code in self.selected
                toggle.value = on
                group = f" ({1 + self.selected.index(code) // 3})" if on else ""
                toggle.description = names[code] + group
        finally:
            self._syncing = False

    def _toggled(self, code: str) -> None:
        if not self._syncing:
            self.pick(code)

    def _race_beat(self, _elapsed: float) -> None:
        wait = self._locked_for()
        self.claim_button.disabled = wait > 0
        self.claim_button.description = wording_steps.claim_button_text(math.ceil(wait))
