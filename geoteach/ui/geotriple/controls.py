"""GeoTriple's step panel: the controls of each step, in the side column.

A panel with explicit inputs: ``draw(view, seat, acting, selected, ...)`` returns the controls
for the step ``seat`` plays in ``view`` (that seat's own view), and every click is handed up:
a move built from the view the controls were drawn with goes to ``on_move`` (a clue, giving
up, GeoPlunging or not, a card led or followed, the next round); a state typed or picked on
its button goes to ``on_pick``, a Stage 3 card to put away to ``on_toggle``, and the moves
made from the cards picked (GeoPlunge!, putting two away) to ``on_claim`` and
``on_put_away``, which read the picks when they are pressed. What a click may do is read from
the view (whose turn, the hand, the lock after a wrong claim), never decided here; the panel
never reads the game.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Mapping, Sequence
from typing import Any

import ipywidgets as widgets

from geoteach.games.base import Action
from geoteach.games.geotriple.cards import CATEGORIES
from geoteach.games.geotriple.tricks import DISCARDS
from geoteach.games.table import Table
from geoteach.i18n import _
from geoteach.ui.enter_key import enter_presses
from geoteach.ui.geotriple import terms, wording, wording_steps
from geoteach.ui.geotriple.race_clock import RaceClock
from geoteach.ui.geotriple.terms import View
from geoteach.ui.messages import MessageLine
from geoteach.ui.safe import safe


class StepControls:
    """The right column's controls of GeoTriple. ``names`` are the states' names in the page's
    language (the typed guess's choices); ``race_clock`` is Stage 2's clock, shown among the
    race's controls; ``hint(text)`` says why a click did nothing."""

    def __init__(
        self,
        table: Table,
        *,
        interactive: bool,
        names: Mapping[str, str],
        race_clock: RaceClock,
        on_move: Callable[[Action], None],
        on_pick: Callable[[str], None],
        on_toggle: Callable[[str, int], None],
        on_clear: Callable[[], None],
        on_claim: Callable[[], None],
        on_put_away: Callable[[], None],
        hint: Callable[[str], None],
        messages: MessageLine,
    ) -> None:
        self.table = table
        self.interactive = interactive
        self.race_clock = race_clock
        self.on_move = on_move
        self.on_pick = on_pick
        self.on_toggle = on_toggle
        self.hint = hint
        self.messages = messages
        #: What the controls were last drawn for: the moves are made from it.
        self.view: View | None = None
        self.seat: int | None = None
        self.acting: tuple[int, ...] = ()
        self._syncing = False

        self.step = widgets.HTML()
        self.guess_box = widgets.Combobox(
            placeholder=_("Type a state"),
            options=sorted(names.values()),
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
        self.claim_button = self._button("GeoPlunge!", "bolt", on_claim, "danger")
        self.claim_button.add_class("gt-claim")
        self.clear_button = self._button(_("Clear"), "eraser", on_clear)
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
        self.put_away_button = self._button(_("Put them away"), "trash", on_put_away, "primary")
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
        # The Stage 3 hand as cards: what the step is played with, so the step shows it.
        self.tiles_box = widgets.Box(layout=widgets.Layout(flex_flow="row wrap", width="100%"))
        self._tiles: dict[str, widgets.Button] = {}
        self.tiles_heading = widgets.HTML(
            wording.your_cards_html(), layout=widgets.Layout(width="100%")
        )
        #: The private part of the controls (the guard shows it to one player in the hot seat).
        self.private = widgets.VBox()

    def _button(
        self, text: str, icon: str, handler: Callable[[], Any], style: str = ""
    ) -> widgets.Button:
        button = widgets.Button(description=text, icon=icon, button_style=style)
        button.on_click(safe(lambda _b: handler(), show=self.messages))
        return button

    # ----- drawing -------------------------------------------------------------------------
    def draw(
        self,
        view: View,
        public: View,
        seat: int | None,
        acting: Sequence[int],
        selected: Sequence[str],
        *,
        waiting: bool,
        locked_for: float,
        guard: widgets.Widget | None,
    ) -> list[widgets.Widget]:
        """The controls for ``view`` as ``seat`` sees it (None: nobody's private controls may
        be shown; ``public`` is what everyone sees, for the round's end), with ``acting`` the
        seats to act, ``selected`` the cards picked, ``waiting`` True while a verdict is read
        (the race's cards wait with its clock), ``locked_for`` the seconds until GeoPlunge!
        works again, and ``guard`` the hot seat's pass-the-screen guard that holds the private
        controls (None: one person here)."""
        self.view, self.seat, self.acting = view, seat, tuple(acting)
        phase = view["phase"]
        if phase == "game_over":
            return []
        if phase == "round_over":
            self.step.value = wording_steps.round_over_step(public, self.table)
            return [self.step, self.next_round_button]
        if seat is not None:
            self.private.children = self._private_controls(
                view, seat, selected, waiting=waiting, locked_for=locked_for
            )
        return [guard] if guard is not None else [self.private]

    def _private_controls(
        self,
        view: View,
        seat: int,
        selected: Sequence[str],
        *,
        waiting: bool,
        locked_for: float,
    ) -> list[widgets.Widget]:
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
            return self._race_controls(view, seat, selected, waiting=waiting, locked_for=locked_for)
        acting = seat in self.acting
        self.step.value, part = wording_steps.stage3_step(view, self.table, seat, acting, selected)
        # The hand's cards are what the step is played with: under the step, before its
        # button (pick two, then put them away); while deciding on GeoPlunging, after it.
        self.tiles_box.children = self._hand_tiles(view, selected)
        hand = [self.tiles_box] if self.tiles_box.children else []
        if part == "put_away":
            self.put_away_button.disabled = len(selected) != DISCARDS
            return [self.step, *hand, self.put_away_button]
        if part == "plunge":
            return [self.step, self.plunge_row, *hand]
        if part == "category":
            return [self.step, self.category_pick, *hand]
        return [self.step, *hand]

    def _race_controls(
        self,
        view: View,
        seat: int,
        selected: Sequence[str],
        *,
        waiting: bool,
        locked_for: float,
    ) -> list[widgets.Widget]:
        race = view["race"]
        if race["out"][seat]:
            self.step.value = wording_steps.race_out_step(view, seat)
            return [self.step]
        if waiting:
            # The clock waits while a verdict is read, so the cards wait too.
            self.step.value = wording_steps.race_waits()
            return [self.step]
        self.step.value = wording_steps.race_step(interactive=self.interactive)
        self._sync_hand_toggles(view, race["hand"], selected)
        self.groups_line.value = wording_steps.groups_line(view, selected)
        self.show_lock(locked_for)
        return [self.step, self.hand_grid, self.groups_line, self.race_buttons, self.race_clock]

    def show_lock(self, wait: float) -> None:
        """GeoPlunge! waits ``wait`` seconds after a wrong claim (and says so on the button)."""
        self.claim_button.disabled = wait > 0
        self.claim_button.description = wording_steps.claim_button_text(math.ceil(wait))

    def _sync_hand_toggles(self, view: View, hand: Sequence[str], selected: Sequence[str]) -> None:
        """One toggle per card of the race hand (made once per hand), on when picked."""
        names = terms.state_names(view)
        if set(self._hand_toggles) != set(hand):
            self._hand_toggles = {}
            for code in sorted(hand, key=lambda c: names[c]):
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
                on = code in selected
                toggle.value = on
                group = f" ({1 + list(selected).index(code) // 3})" if on else ""
                toggle.description = names[code] + group
        finally:
            self._syncing = False

    def _toggled(self, code: str) -> None:
        if not self._syncing:
            self.on_pick(code)

    def _hand_tiles(self, view: View, selected: Sequence[str]) -> list[widgets.Widget]:
        """The Stage 3 hand as card buttons (two lines each), of the player looking."""
        tiles: list[widgets.Widget] = [self.tiles_heading]
        for code in view["stage3"]["hand"]:
            if code not in self._tiles:
                tile = widgets.Button(layout=widgets.Layout(width="100%", height="auto"))
                tile.add_class("gt-card-tile")
                tile.on_click(safe(lambda _b, c=code: self.tile_clicked(c), show=self.messages))
                self._tiles[code] = tile
            tile = self._tiles[code]
            picked = code in selected
            tile.description, tile.tooltip = wording_steps.hand_tile(view, code, picked)
            tile.button_style = "warning" if picked else ""
            tile.icon = "check" if picked else ""
            # A heavy frame and aria-pressed too: the yellow alone vanishes in greyscale.
            (tile.add_class if picked else tile.remove_class)("gt-picked")
            tiles.append(tile)
        return tiles

    # ----- the moves a person makes ------------------------------------------------------
    def _guess_typed(self) -> None:
        """The keyboard route of a guess: the state typed in the box."""
        if self.view is None:
            return
        names = terms.state_names(self.view)
        by_name = {name: code for code, name in names.items()}
        code = by_name.get(self.guess_box.value)
        if code is None:
            self.hint(_(wording.TYPE_A_STATE))
            return
        self.guess_box.value = ""
        self.on_pick(code)

    def _give_clue(self) -> None:
        """Two people: the holder of the card gives the clue picked in the menu."""
        if self.seat is None or self.clue_pick.value is None:
            return
        self.on_move({"player": self.seat, "type": "clue", "answer": self.clue_pick.value})

    def give_up(self) -> None:
        """Stop searching: the other player may still find a GeoPlunge."""
        seat = self.seat
        if seat is None or self.view is None or self.view["phase"] != "race":
            return
        if seat not in self.acting:
            return
        self.on_move({"player": seat, "type": "give_up"})

    def announce(self, plunging: bool) -> None:
        """Stage 3: say whether you GeoPlunge."""
        if self.seat is None or self.view is None or self.view["phase"] != "announce":
            return
        self.on_move({"player": self.seat, "type": "announce", "geoplunging": plunging})

    def tile_clicked(self, code: str) -> None:
        """A card of the Stage 3 hand: pick it to put away, or play it on the trick."""
        seat, view = self.seat, self.view
        if seat is None or view is None or seat not in self.acting:
            self.hint(_(wording.WAIT_YOUR_TURN))
            return
        if view["phase"] == "discard":
            self.on_toggle(code, DISCARDS)
            return
        if view["phase"] != "trick":
            self.hint(_(wording.ANNOUNCE_FIRST))
            return
        if view["stage3"]["trick"] is None:
            category = self.category_pick.value
            if category is None:
                self.hint(_(wording.CATEGORY_FIRST))
                return
            self.on_move({"player": seat, "type": "lead", "category": category, "card": code})
            self.category_pick.value = None
            return
        self.on_move({"player": seat, "type": "follow", "card": code})

    def next_round(self) -> None:
        """Deal the next round (whoever is looking, or the first seat to act)."""
        if self.view is None or self.view["phase"] != "round_over":
            return
        seat = self.seat if self.seat is not None else self.acting[0]
        self.on_move({"player": seat, "type": "next_round"})
