"""Globe Works on the shared screen: the map with the hand under it, the step and verdicts beside.

Widgets hold no rules: every button builds an engine action, ``GlobeWorks.apply`` decides, and
the screen is drawn again from ``game.view(seat)``, the view of the person whose hand is shown
(``view(None)`` for what everyone sees), and from the moves it is told about (``on_change``):
it never reads the engine's state. Hands are secret: with one person at the table their hand
is always shown; with several, the screen is passed (``HotSeatGuard``) and a hand is shown only
after its owner says "I am ...".

What the screen decides (not rules, the way it asks):

* **Picking a card.** Click a card in the hand strip or its city on the map (a ring marks each
  city of the hand: thick and green with a ✔ when it can be played now). The pick shows at
  once; the Play, Discard and trade buttons then name the picked card. At the start of a turn
  the first playable card is picked, after drawing the card just drawn.
* **Deals once a lap.** Once everyone has had 6 turns, the engine opens a deals window at the
  start of every turn. The screen asks a person once a lap (the first window after their own
  turn) and says "no deal" for them in the others; an offer made *to* them always comes to
  them. "No deal" is one click.
* **Computers** move one short sentence at a time in the log, ``bot_delay`` seconds apart;
  a draw and the discard after it are one sentence, and their "no deal" is not written.

Every control has a text label and a CSS class (``gt-play``, ``gt-draw``, ``gt-hand-card``...)
for browser tests; playable and picked are said with a ✔ and words, never by colour alone.
The sentences are in ``wording``, the step controls in ``controls``, the map in
``geoteach.render.globe_works``.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

import ipywidgets as widgets

from geoteach.bots.base import Bot, bots_for
from geoteach.bots.globe_works import make_bot
from geoteach.escape import html_text
from geoteach.games.base import Action, IllegalAction
from geoteach.games.globe_works import DEALS, GlobeWorks
from geoteach.games.globe_works.cards import cards
from geoteach.games.globe_works.regions import regions
from geoteach.games.table import Table
from geoteach.i18n import N_, _, language
from geoteach.render.clicks import is_pick
from geoteach.render.globe_works import RING_PICKED, RING_PLAYABLE, GlobeMap
from geoteach.render.globe_works_names import card_reason
from geoteach.render.mapview import to_png
from geoteach.ui.apps import screen_options
from geoteach.ui.globe_works import wording
from geoteach.ui.globe_works.controls import StepControls
from geoteach.ui.globe_works.wording import card_label
from geoteach.ui.hotseat import HotSeatGuard
from geoteach.ui.safe import on_click, safe
from geoteach.ui.shell import GameScreen, Standing, canvas_box, number_text, places_of
from geoteach.ui.styles import sheet
from geoteach.ui.theme import seat_badge


def region_rules() -> str:
    """The hand cards' region colours, from the data (``regions()``): the rules that follow the
    screen's own look (``css/globe_works.css``) in its style widget."""
    return "".join(
        f".gt-app .gt-hand .gt-region-{r.code} {{ border-left-color: {r.colour}; }}"
        for r in regions().values()
    )


class GlobeWorksScreen(StepControls, GameScreen):
    """Globe Works on the shared screen (see the module docstring).

    ``bots`` maps seats to computer players (default: one per computer seat, at its level).
    ``interactive=True`` (a kernel with ipympl) makes the map a canvas: a click on a city of
    the hand picks that card. Without a widget canvas the map is a picture and the hand strip
    picks.
    """

    title = "Globe Works"
    score_title = N_("Points")
    detail_title = N_("Cards down")

    def __init__(
        self,
        game: GlobeWorks,
        bots: Mapping[int, Bot] | None = None,
        *,
        bot_delay: float = 1.2,
        interactive: bool = False,
        large: bool = False,
        on_new_game: Callable[[], Any] | None = None,
    ) -> None:
        if bots is None:
            bots = bots_for(game.table, make_bot, game.seed)
        super().__init__(game, bots, bot_delay=bot_delay, large=large, on_new_game=on_new_game)
        self.game: GlobeWorks = game
        self.humans = [s for s in range(len(self.table.seats)) if s not in self.bots]
        self.viewer: int | None = self.humans[0] if len(self.humans) == 1 else None
        self.picked: str | None = None
        self.picked_at: int | None = None
        self._pick_moment: tuple[Any, ...] | None = None
        self._dealt_at: dict[int, int] = {}
        self._form: str | None = None
        shown = game.view(None)
        self._rounds_seen = len(shown["history"])
        self._deals_told = shown["round"] if shown["deals_allowed"] else 0
        #: What the moves told: the top discard, who took which discard, the open offer and
        #: the last one answered (``_told``).
        self._top: str | None = shown["discard_top"]
        self._took: dict[int, str | None] = {}
        self._offer: dict[str, Any] | None = None
        self._last_deal: dict[str, Any] | None = None
        game.on_change(self._told, first=True)
        #: The round whose result the board shows while its verdict is open.
        self.explaining: Mapping[str, Any] | None = None

        self.map = GlobeMap(large=large, interactive=interactive)
        canvas = self.map.figure.canvas
        self.interactive = interactive and isinstance(canvas, widgets.Widget)
        if interactive and not self.interactive:  # no widget canvas here: a picture
            self.map.close()
            self.map = GlobeMap(large=large)
        self.map_picture = widgets.Image(format="png")
        if self.interactive:
            canvas.mpl_connect("button_press_event", safe(self.on_map_click, show=self.messages))
            self.map_canvas = canvas_box(
                canvas,
                _("World map of the cities and their networks; the cards are buttons below."),
            )
        self._size_picture()
        self.map_key = widgets.HTML()
        self.map_key.add_class("gt-mapkey")
        self.hand_note = widgets.HTML()
        self.hand_note.add_class("gt-handnote")
        self.hand_box = widgets.Box()
        self.hand_box.add_class("gt-hand")
        self.hand_buttons: list[widgets.Button] = []
        self.hand_cards: list[str] = []
        self.result = widgets.HTML()
        self.result.add_class("gt-result")
        self.game_css = sheet("globe_works", region_rules)
        self.guard = HotSeatGuard(self.table, widgets.HTML(), self._revealed, show=self.messages)
        self._make_controls()

        self.sheet = widgets.HTML()
        self.rules = widgets.HTML(wording.rules_html())
        self.below.children = [self.sheet, self.rules]
        self.children = (self.game_css, *self.children)
        self.start()

    # ----- small helpers ------------------------------------------------------------------
    def _mine(self, kind: str, **fields: Any) -> Action:
        """An action of the person whose hand is shown (the one the screen waits for)."""
        seat = self.acting_person()
        if seat is None:
            seat = self.viewer if self.viewer is not None else self.humans[0]
        return {"player": seat, "type": kind, **fields}

    def acting_person(self) -> int | None:
        """The person (not a computer) the game waits for now, if any."""
        if self.game.is_terminal():
            return None
        return next((s for s in self.game.to_act() if s not in self.bots), None)

    def computer_seat(self) -> int | None:
        """The computer to act now, if any (not counting a person's skipped deals)."""
        return GameScreen.bot_seat(self)

    def waiting_for(self) -> int | None:
        """The person whose click the game waits for now: none while a computer is still to
        act (in a deals window the computers speak first) or the person's deals are skipped."""
        if self.computer_seat() is not None or self._skipped_deals() is not None:
            return None
        return self.acting_person()

    def seat_shown(self) -> int | None:
        """Whose hand the screen shows: the only person, or the one the screen was passed to."""
        return self.viewer

    def _told(self, _game: Any, action: Action) -> None:
        """A move was made (``on_change``): keep what later sentences need of it, the card
        taken from the discard pile and the offer an answer answers."""
        kind, seat = action["type"], action["player"]
        if kind == "draw":
            self._took[seat] = self._top if action.get("source") == "discard" else None
        elif kind in ("propose_trade", "propose_partnership"):
            self._offer = {
                "kind": "trade" if kind == "propose_trade" else "partnership",
                "from": seat,
                "to": action["to"],
                "give": action.get("give"),
                "take": action.get("take"),
                "icon": action.get("icon"),
            }
        elif kind in ("accept", "decline") and self._offer is not None:
            deal = {**self._offer, "accepted": kind == "accept"}
            if kind == "accept" and deal["take"] is None:
                deal["take"] = action.get("card")
            self._last_deal, self._offer = deal, None
        self._top = self.game.view(None)["discard_top"]

    # ----- the moves a person makes --------------------------------------------------------
    def pick_card(self, card: str, index: int | None = None) -> None:
        """Pick a card of the hand (a click in the hand strip or on the map): shown at once.
        ``index`` is the button clicked (both copies of a duplicate are the same card)."""
        if card not in self.hand_cards:
            return
        self.picked = card
        self.picked_at = index if index is not None else self.hand_cards.index(card)
        self._mark_buttons()
        if self.map.pick(card):
            self._show_map()
        self._fill_step_texts()

    def on_map_click(self, event: Any) -> None:
        """A left click on a city of the hand (its ring or its name) picks that card; two
        cards in one place take turns. Other clicks change nothing."""
        if not is_pick(event, self.map.ax):
            return
        near = self.map.cards_at(event.x, event.y)
        if not near:
            return
        current = self.picked
        self.pick_card(near[(near.index(current) + 1) % len(near)] if current in near else near[0])

    def act(self, action: Action) -> None:
        """A person's move: the offer form closes, a note from before goes away."""
        if action.get("type") in ("no_deal", "propose_trade", "propose_partnership"):
            self.game.check(action)  # a refused offer leaves this lap's deals open
            seat = action["player"]
            self._dealt_at[seat] = self.game.view(None)["turns"][seat]
        if not self.feedback.is_open:
            self.feedback.put_away()
        self.messages.clear()
        self.explaining = None
        form, self._form = self._form, None
        try:
            super().act(action)
        except IllegalAction:
            self._form = form  # a refused offer: the form stays, to be put right
            raise

    def _revealed(self, seat: int) -> None:
        """The screen was passed to ``seat`` and they said so: show their hand."""
        self.viewer = seat
        self.picked = None
        self._pick_moment = None
        self.refresh()

    # ----- the computers, and the deals a person skips ---------------------------------------
    def _skipped_deals(self) -> int | None:
        """A person in a deals window who has had theirs this lap: the screen says "no deal"
        for them (an offer made to them still comes to them)."""
        game = self.game
        if game.is_terminal() or game.phase != DEALS:
            return None
        view = game.view(None)
        if view["proposal"] is not None:
            return None
        if any(s in self.bots for s in view["to_act"]):
            return None  # the computers speak first
        for seat in view["to_act"]:
            if self._dealt_at.get(seat) == view["turns"][seat]:
                return seat
        return None

    def bot_seat(self) -> int | None:
        seat = self.computer_seat()
        return seat if seat is not None else self._skipped_deals()

    def bot_move(self, redraw: bool = True) -> bool:
        """One computer move worth a sentence; moves with nothing to say (a draw before its
        discard, "no deal", a person's skipped deals) go at once with it, drawn once."""
        moved = False
        while True:
            skipped = self._skipped_deals()
            if skipped is not None:
                self.game.apply({"player": skipped, "type": "no_deal"})
                moved = True
                continue
            said = len(self.computer_log.lines)
            if not super().bot_move(redraw=False):
                break
            moved = True
            if len(self.computer_log.lines) > said or self.feedback.is_open:
                break
        if moved and redraw:
            self.refresh()
        return moved

    # ----- what a move led to -----------------------------------------------------------------
    def describe(self, action: Action) -> str:
        """One sentence for the log of a computer's move ("" for a move with nothing to say)."""
        if action["type"] == "draw":
            return ""
        took = self._took.pop(action["player"], None)
        return wording.move_sentence(
            self.table, action, self.humans, took=took, deal=self._last_deal
        )

    def after(self, action: Action, by_human: bool) -> None:
        view = self.game.view(None)
        if len(view["history"]) > self._rounds_seen:
            self._rounds_seen = len(view["history"])
            self._explain_round(view["history"][-1], view)
            return
        if self.feedback.is_open:
            return
        kind = action["type"]
        if by_human and kind == "play":
            said = wording.play_verdict(self.table, view, action["player"], action["card"])
            # The deck's reason for the city, from the catalogs, in the page's language.
            fact = card_reason(action["card"], language())
            self._verdict(said, fact=fact)
        elif kind == "call_end" and not by_human:
            self._verdict(wording.call_verdict(self.table, view, action["player"], self.humans))
        elif kind in ("accept", "decline") and not by_human and self._answered_a_person():
            self._verdict(wording.answer_verdict(self.table, self._last_deal))
        if view["deals_allowed"] and self._deals_told != view["round"]:
            self._deals_told = view["round"]
            self._verdict(wording.deals_open_verdict(view["final_round"]))

    def _answered_a_person(self) -> bool:
        """The deal just answered was a person's offer (a computer answered it)."""
        return self._last_deal is not None and self._last_deal["from"] in self.humans

    def _verdict(self, said: Mapping[str, Any], **more: Any) -> None:
        """A verdict that does not hold the game: its headline and details from ``wording``."""
        details = {k: v for k, v in said.items() if k != "headline"}
        self.show_verdict(said["headline"], correct=None, **details, **more, wait=False)

    def _explain_round(self, record: Mapping[str, Any], view: Mapping[str, Any]) -> None:
        """The round's end: who scored what and why, the −20 of each pair left in a hand;
        the board shows that round's map and the scores in a table until Continue."""
        self.explaining = record
        lines = wording.round_lines(self.table, record, view["rounds"])
        self.result.value = wording.result_html(self.table, record)
        if self.game.is_terminal():
            self.show_game_over(
                [_("Round {round}, the last:").format(round=record["round"]), *lines]
            )
            return
        headline = _("Round {round} is over").format(round=record["round"])
        self.show_verdict(headline, correct=None, lines=lines, wait=True)

    # ----- the banner and the scores -------------------------------------------------------
    def prompt(self) -> str:
        view = self.game.view(None)
        head = wording.round_head_html(self.table, view, self.humans)
        if self.game.is_terminal():
            over = html_text(_("The game is over."))
            return f'{head}<br><span class="gt-turn">{over}</span>'
        if self.explaining is not None and self.feedback.is_open:
            done = self.explaining["round"]
            head = html_text(
                _("Round {round} of {rounds}: the scores · next, round {next}").format(
                    round=done, rounds=view["rounds"], next=done + 1
                )
            )
            now = html_text(
                _("Round {round} is over: read the scores, then press Continue.").format(round=done)
            )
            return f'{head}<br><span class="gt-turn">▶ {now}</span>'
        person = self.waiting_for()
        if person is None:
            seat = self.computer_seat()
            seat = self.remote_acting() if seat is None else seat
            dealing = view["phase"] == DEALS
            if seat is None:
                said = html_text(
                    _("The computers are dealing…") if dealing else _("The computers are playing…")
                )
            else:
                sentence = _("{name} is dealing…") if dealing else _("{name} is playing…")
                before, _sep, after = sentence.partition("{name}")
                said = html_text(before) + seat_badge(self.table, seat) + html_text(after)
            return f'{head}<br><span class="gt-turn">{said}</span>'
        if person != self.viewer:
            before, _sep, after = _("Pass the screen to {name}.").partition("{name}")
            now = html_text(before) + seat_badge(self.table, person) + html_text(after)
        else:
            now = wording.your_step_html(self.table, view, person)
        return f'{head}<br><span class="gt-turn">▶ {now}</span>'

    def standings(self) -> list[Standing]:
        view = self.game.view(None)
        live = view["live_scores"]
        over = self.game.is_terminal()
        down = view["round_scores"] if not over else [0.0] * len(live)
        if over and view["history"]:
            down = list(view["history"][-1]["cards_down"])
        return [
            Standing(s, (float(live[s]),), number_text(live[s]), number_text(down[s]))
            for s in range(len(self.table.seats))
        ]

    # ----- drawing -------------------------------------------------------------------------
    def refresh(self) -> None:
        """The banner first (who acts now: the first thing a click changes), then the rest."""
        self._check_viewer()
        self.banner.value = self.prompt()
        super().refresh()

    def _check_viewer(self) -> None:
        """With several people at the table, cover the hand when the game waits for another
        person than the one looking."""
        if len(self.humans) < 2:
            return
        person = self.waiting_for()
        if person not in (None, self.viewer) and (self.guard.seat != person or self.guard.revealed):
            self.viewer = None
            self.picked = None
            self.guard.pass_to(person)

    def redraw(self) -> None:
        """Controls and the hand strip first (what a click changes), then the map."""
        if self.explaining is not None and not (self.feedback.is_open or self.game.is_terminal()):
            self.explaining = None
        if self.explaining is not None:
            self._draw_controls()
            self._draw_ended_round(self.explaining)
        else:
            view = self.game.view(self.seat_shown())
            self._default_pick(view)
            self._draw_controls()
            self._draw_hand(view)
            self._draw_table(view)
        places = [(place, row.seat) for place, row in places_of(self.standings())]
        self.sheet.value = wording.sheet_html(self.table, self.game.view(None), places)

    def _draw_table(self, view: Mapping[str, Any]) -> None:
        """The map of the round under way: the table, the hand's rings and names, the pick."""
        changed = self.map.draw_table(view, self._colours())
        named = [c for played in view["played"] for c in played]
        changed = self.map.mark_hand(view["hand"], view["playable"], named) or changed
        changed = self.map.pick(self.picked) or changed
        if changed:
            self._show_map()
        self.map_key.value = wording.map_key_html(
            self.table, rings=self.explaining is None, playable=RING_PLAYABLE, picked=RING_PICKED
        )
        self.board.children = [self._map_widget(), self.map_key, self.hand_note, self.hand_box]

    def _draw_ended_round(self, record: Mapping[str, Any]) -> None:
        """The map as it stood when ``record``'s round was scored (the next round is dealt)."""
        view = {k: record[k] for k in ("north", "played", "networks")}
        changed = self.map.draw_table(view, self._colours())
        named = [c for played in view["played"] for c in played]
        changed = self.map.mark_hand([], (), named) or changed
        if changed:
            self._show_map()
        self.board.children = [self._map_widget(), self.result]

    def _colours(self) -> list[str]:
        return [s.colour for s in self.table.seats]

    def _map_widget(self) -> widgets.Widget:
        return self.map_canvas if self.interactive else self.map_picture

    def _show_map(self) -> None:
        """Push the map to the screen (a PNG when it is not a live canvas) and say where the
        hand's cities are for browser tests."""
        if self.interactive:
            self.map.figure.canvas.draw_idle()
        else:
            self.map_picture.value = to_png(self.map.figure)
        self.show_click_targets(self.map.figure, self.map.ax, self.map.targets())

    def _size_picture(self) -> None:
        width = round(self.map.figure.get_figwidth() * self.map.figure.dpi)
        self.map_picture.layout.width = f"{width}px"
        self.map_picture.layout.max_width = "100%"

    def _default_pick(self, view: Mapping[str, Any]) -> None:
        """A new step picks for the person: the first playable card at the start of a turn,
        the card just drawn after drawing; a pick that left the hand is dropped."""
        moment = (view["round"], view["current"], tuple(view["turns"]), view["step"])
        moment += (view["phase"],)
        if moment != self._pick_moment:
            self._pick_moment = moment
            if view["drawn"]:
                self.picked = view["drawn"]
            elif self.picked not in view["playable"]:
                self.picked = view["playable"][0] if view["playable"] else None
        if self.picked not in view["hand"]:
            self.picked = None

    def _draw_hand(self, view: Mapping[str, Any]) -> None:
        """The hand strip: one button per card, ✔ and a green frame when it can be played."""
        if view["player"] is None:
            self.hand_cards = []
            self.hand_box.children = []
            self.hand_note.value = (
                wording.hands_on_devices_html()
                if not self.humans
                else wording.hidden_hand_html(self.table, self.acting_person())
            )
            return
        hand = view["hand"]
        while len(self.hand_buttons) < len(hand):
            button = widgets.Button()
            button.add_class("gt-hand-card")
            index = len(self.hand_buttons)
            on_click(button, lambda i=index: self._hand_clicked(i), show=self.messages)
            self.hand_buttons.append(button)
        ok = set(view["playable"])
        self.hand_cards = list(hand)
        for button, card_id in zip(self.hand_buttons, hand, strict=False):
            info = cards()[card_id]
            mark = "✔ " if card_id in ok else ""
            button.description = mark + card_label(card_id)
            button.tooltip = wording.hand_tooltip(card_id, view["why_not_playable"][card_id])
            for css in list(button._dom_classes):
                if css.startswith("gt-region-") or css in ("gt-playable", "gt-linking"):
                    button.remove_class(css)
                if css.startswith("gt-card-"):
                    button.remove_class(css)
            button.add_class(f"gt-card-{card_id}")
            button.add_class("gt-linking" if info.is_linking else f"gt-region-{info.region}")
            if card_id in ok:
                button.add_class("gt-playable")
        self.hand_box.children = self.hand_buttons[: len(hand)]
        self._mark_buttons()
        self.hand_note.value = wording.hand_note_html(self.table, view, solo=len(self.humans) == 1)

    def _hand_clicked(self, index: int) -> None:
        if index < len(self.hand_cards):
            self.pick_card(self.hand_cards[index], index)

    def _mark_buttons(self) -> None:
        """Frame the picked card's button (one of them when both copies are in the hand)."""
        cards_now = self.hand_cards
        at = self.picked_at
        if self.picked not in cards_now:
            at = None
        elif at is None or at >= len(cards_now) or cards_now[at] != self.picked:
            at = cards_now.index(self.picked)
        self.picked_at = at
        for i, button in enumerate(self.hand_buttons[: len(cards_now)]):
            if i == at:
                button.add_class("gt-picked")
            else:
                button.remove_class("gt-picked")

    def set_large(self, large: bool) -> None:
        self.map.set_large(large)
        self._size_picture()
        self.refresh()
        self._show_map()

    def closing(self) -> None:
        if self.interactive:
            self.map.close()


def new_game(table: Table, values: dict[str, Any]) -> GlobeWorks:
    """The game the set-up screen's choices describe."""
    return GlobeWorks(
        table, seed=values.get("seed"), rounds=values["rounds"], max_turns=values["max_turns"]
    )


def build_screen(
    table: Table,
    values: dict[str, Any],
    game: Any = None,
    bots: Mapping[int, Bot] | None = None,
) -> GlobeWorksScreen:
    """The app's screen (``game`` and ``bots``: a class game's room and who plays elsewhere)."""
    game = new_game(table, values) if game is None else game
    return GlobeWorksScreen(game, bots=bots, **screen_options(values))


def play(
    players: list[str] | Table,
    bots: dict[str, str] | None = None,
    seed: int | None = None,
    bot_delay: float = 1.2,
    interactive: bool = False,
    large: bool = False,
    **options: Any,
) -> GlobeWorksScreen:
    """Start a game and return its screen:
    ``play(["Ana", "Bot 1", "Bot 2"], {"Bot 1": "hard", "Bot 2": "easy"})``.

    ``interactive=True`` (after ``%matplotlib widget``) lets a student pick a card by clicking
    its city on the map. ``options`` are the game's: ``rounds``, ``max_turns``.
    """
    game = GlobeWorks.setup_game(players, bots=bots, seed=seed, **options)
    return GlobeWorksScreen(game, bot_delay=bot_delay, interactive=interactive, large=large)
