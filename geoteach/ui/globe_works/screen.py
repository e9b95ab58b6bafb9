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

How the screen is composed (as Globalissimo's): ``GlobeWorksScreen`` is the shared
``shell.Screen`` with ``GlobeWorksParts`` as its game's part, made with the screen as its
``Host``. The parts hold what the screen decides (whose hand is shown, the pick, the offer form
open, the round being explained) and two panels with explicit inputs: ``board.BoardPanel`` (the
map and the hand strip, drawn from a view and the pick; a click picks through ``on_pick``) and
``step.StepPanel`` (the step's controls, drawn from the acting person's view and legal actions;
its buttons hand an action to ``on_move``). Who plays where (a class game's remote seats) is
the ``Seating`` the screen is given, where a browser test clicks its ``ClickTargets``, and the
computers' steps (a draw and its discard as one, the deals a person skips) its
``GlobeWorksPace``. The sentences are in ``wording``, the map in
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
from geoteach.games.globe_works.engine import NOT_IN_HAND
from geoteach.games.globe_works.regions import regions
from geoteach.games.table import Table
from geoteach.i18n import N_, _, language
from geoteach.render.globe_works_names import card_reason
from geoteach.ui.apps import screen_options
from geoteach.ui.globe_works import wording
from geoteach.ui.globe_works.board import BoardPanel
from geoteach.ui.globe_works.step import StepPanel
from geoteach.ui.hotseat import HotSeatGuard
from geoteach.ui.shell import (
    ClickTargets,
    Host,
    Pace,
    Screen,
    Seating,
    Standing,
    number_text,
    places_of,
)
from geoteach.ui.styles import sheet
from geoteach.ui.theme import seat_badge

Info = Mapping[str, Any]


def region_rules() -> str:
    """The hand cards' region colours, from the data (``regions()``): the rules that follow the
    screen's own look (``css/globe_works.css``) in its style widget."""
    return "".join(
        f".gt-app .gt-hand .gt-region-{r.code} {{ border-left-color: {r.colour}; }}"
        for r in regions().values()
    )


class GlobeWorksPace(Pace):
    """The computers' steps at a Globe Works screen: one sentence of the log a step, so a draw
    and the discard after it are one step and their "no deal" none; and the deals a person
    has had this lap (``dealt_at``: seat → their turns then), for which the screen says "no
    deal" itself (an offer made to them still comes to them)."""

    def __init__(self, game: GlobeWorks) -> None:
        self.game = game
        self.dealt_at: dict[int, int] = {}

    def skipped_deals(self, seating: Seating) -> int | None:
        """A person in a deals window who has had theirs this lap, or None."""
        game = self.game
        if game.is_terminal() or game.phase != DEALS:
            return None  # (the phase first: the view takes longer, and this is asked often)
        view = game.view(None)
        if view["proposal"] is not None:
            return None
        if any(s in seating.bots for s in view["to_act"]):
            return None  # the computers speak first
        for seat in view["to_act"]:
            if self.dealt_at.get(seat) == view["turns"][seat]:
                return int(seat)
        return None

    def next_seat(self, screen: Screen) -> int | None:
        seat = super().next_seat(screen)
        return seat if seat is not None else self.skipped_deals(screen.seating)

    def step(self, screen: Screen) -> bool:
        """One computer move worth a sentence; moves with nothing to say (a draw before its
        discard, "no deal", a person's skipped deals) go at once with it."""
        moved = False
        while True:
            skipped = self.skipped_deals(screen.seating)
            if skipped is not None:
                screen.game.apply({"player": skipped, "type": "no_deal"})
                moved = True
                continue
            said = len(screen.computer_log.lines)
            if not screen.computer_move():
                break
            moved = True
            if len(screen.computer_log.lines) > said or screen.feedback.is_open:
                break
        return moved


class GlobeWorksParts:
    """Globe Works' part of the shared screen (see the module docstring): what the screen
    decides, the banner, the leaderboard's rows, what a move led to, and the two panels.
    ``host`` is the screen it is on (``shell.Host``)."""

    title = "Globe Works"
    score_title = N_("Points")
    detail_title = N_("Cards down")

    def __init__(
        self, host: Host, game: GlobeWorks, pace: GlobeWorksPace, interactive: bool
    ) -> None:
        self.host = host
        self.game = game
        self.table = game.table
        self.seating = host.seating
        self.pace = pace
        self.humans = [s for s in range(len(self.table.seats)) if self.seating.person_here(s)]
        #: Whose hand is shown: the only person, or the one the screen was passed to.
        self.viewer: int | None = self.humans[0] if len(self.humans) == 1 else None
        self.picked: str | None = None
        self._pick_moment: tuple[Any, ...] | None = None
        #: The offer form open ("trade", "partnership"), or None.
        self.form: str | None = None
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
        self.explaining: Info | None = None

        self.board_panel = BoardPanel(
            self.table,
            interactive=interactive,
            large=host.large,
            on_pick=self.pick_card,
            targets=host.targets,
            messages=host.messages,
        )
        self.guard = HotSeatGuard(self.table, widgets.HTML(), self._revealed, show=host.messages)
        self.step_panel = StepPanel(
            self.table, on_move=self.move, on_form=self.open_form, messages=host.messages
        )
        self.sheet = widgets.HTML()
        self.rules = widgets.HTML(wording.rules_html())
        host.below.children = [self.sheet, self.rules]

    # ----- who acts ------------------------------------------------------------------------
    def acting_person(self) -> int | None:
        """The person (not a computer) the game waits for now, if any."""
        if self.game.is_terminal():
            return None
        return next((s for s in self.game.to_act() if self.seating.person_here(s)), None)

    def computer_seat(self) -> int | None:
        """The computer to act now, if any (not counting a person's skipped deals)."""
        if self.game.is_terminal():
            return None
        return next((s for s in self.game.to_act() if self.seating.plays_here(s)), None)

    def remote_acting(self) -> int | None:
        """The first seat to act now that plays on another device (a class game), if any."""
        if self.game.is_terminal():
            return None
        return next((s for s in self.game.to_act() if s in self.seating.remote), None)

    def waiting_for(self) -> int | None:
        """The person whose click the game waits for now: none while a computer is still to
        act (in a deals window the computers speak first) or the person's deals are skipped."""
        skipped = self.pace.skipped_deals(self.seating)
        if self.computer_seat() is not None or skipped is not None:
            return None
        return self.acting_person()

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
    def move(self, action: Action) -> None:
        """A panel's move: an offer or "no deal" is this lap's deals, the offer form closes, a
        note from before goes away; then the move goes to the screen."""
        host = self.host
        if action.get("type") in ("no_deal", "propose_trade", "propose_partnership"):
            self.game.check(action)  # a refused offer leaves this lap's deals open
            seat = action["player"]
            self.pace.dealt_at[seat] = self.game.view(None)["turns"][seat]
        if not host.feedback.is_open:
            host.feedback.put_away()
        host.messages.clear()
        self.explaining = None
        form, self.form = self.form, None
        try:
            host.act(action)
        except IllegalAction:
            self.form = form  # a refused offer: the form stays, to be put right
            raise

    def pick_card(self, card: str, index: int | None = None) -> None:
        """Pick a card of the hand (a click in the hand strip or on the map): shown at once.
        ``index`` is the button clicked (both copies of a duplicate are the same card)."""
        if card not in self.board_panel.hand_cards:
            return
        self.picked = card
        self.board_panel.show_pick(card, index)
        self.step_panel.show_pick(card, self._why(card))

    def open_form(self, form: str | None) -> None:
        """Show the trade or partnership offer (pre-filled), or go back to the deals step."""
        self.form = form
        self.host.refresh()

    def _why(self, picked: str | None) -> str | None:
        """Why the acting person cannot play ``picked`` now (None: they can, or nobody acts)."""
        me = self.acting_person()
        if picked is None or me is None:
            return None
        why: str | None = self.game.view(me)["why_not_playable"].get(picked, _(NOT_IN_HAND))
        return why

    def _revealed(self, seat: int) -> None:
        """The screen was passed to ``seat`` and they said so: show their hand."""
        self.viewer = seat
        self.picked = None
        self._pick_moment = None
        self.host.refresh()

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
        if self.host.feedback.is_open:
            return
        kind = action["type"]
        if by_human and kind == "play":
            said = wording.play_verdict(self.table, view, action["player"], action["card"])
            # The deck's reason for the city, from the catalogs, in the page's language.
            fact = card_reason(action["card"], language())
            self._verdict(said, fact=fact)
        elif kind == "call_end" and not by_human:
            self._verdict(wording.call_verdict(self.table, view, action["player"], self.humans))
        elif kind in ("accept", "decline") and not by_human:
            deal = self._last_deal
            if deal is not None and deal["from"] in self.humans:  # a person's offer, answered
                self._verdict(wording.answer_verdict(self.table, deal))
        if view["deals_allowed"] and self._deals_told != view["round"]:
            self._deals_told = view["round"]
            self._verdict(wording.deals_open_verdict(view["final_round"]))

    def _verdict(self, said: Mapping[str, Any], **more: Any) -> None:
        """A verdict that does not hold the game: its headline and details from ``wording``."""
        details = {k: v for k, v in said.items() if k != "headline"}
        self.host.show_verdict(said["headline"], correct=None, **details, **more, wait=False)

    def _explain_round(self, record: Info, view: Info) -> None:
        """The round's end: who scored what and why, the −20 of each pair left in a hand;
        the board shows that round's map and the scores in a table until Continue."""
        self.explaining = record
        lines = wording.round_lines(self.table, record, view["rounds"])
        if self.game.is_terminal():
            self.host.show_game_over(
                [_("Round {round}, the last:").format(round=record["round"]), *lines]
            )
            return
        headline = _("Round {round} is over").format(round=record["round"])
        self.host.show_verdict(headline, correct=None, lines=lines, wait=True)

    # ----- the banner and the scores -------------------------------------------------------
    def prompt(self) -> str:
        view = self.game.view(None)
        head = wording.round_head_html(self.table, view, self.humans)
        if self.game.is_terminal():
            over = html_text(_("The game is over."))
            return f'{head}<br><span class="gt-turn">{over}</span>'
        if self.explaining is not None and self.host.feedback.is_open:
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
    def redraw(self) -> None:
        """The banner first (who acts now: the first thing a click changes), then the
        controls and the hand strip, then the map."""
        self._check_viewer()
        self.host.banner.value = self.prompt()
        if self.explaining is not None and not (
            self.host.feedback.is_open or self.game.is_terminal()
        ):
            self.explaining = None
        if self.explaining is not None:
            self._draw_controls()
            self.host.board.children = self.board_panel.draw_ended(self.explaining)
        else:
            view = self.game.view(self.viewer)
            self._default_pick(view)
            self._draw_controls()
            self.host.board.children = self.board_panel.draw(
                view, self.picked, self._hand_note(view)
            )
        places = [(place, row.seat) for place, row in places_of(self.standings())]
        self.sheet.value = wording.sheet_html(self.table, self.game.view(None), places)

    def _check_viewer(self) -> None:
        """With several people at the table, cover the hand when the game waits for another
        person than the one looking."""
        if len(self.humans) < 2:
            return
        person = self.waiting_for()
        guard = self.guard
        if person not in (None, self.viewer) and (guard.seat != person or guard.revealed):
            self.viewer = None
            self.picked = None
            guard.pass_to(person)

    def _draw_controls(self) -> None:
        """The step's controls: none while a round's scores are read or at the end, who is
        thinking while a computer (or another device) acts, the guard while the screen is
        passed, else the acting person's step."""
        game, controls = self.game, self.host.controls
        if game.is_terminal() or (self.explaining is not None and self.host.feedback.is_open):
            controls.children = []
            return
        person = self.waiting_for()
        if person is None:
            seat = self.computer_seat()
            controls.children = self.step_panel.thinking(
                self.remote_acting() if seat is None else seat
            )
            return
        if person != self.viewer:
            controls.children = [self.guard]
            return
        view = game.view(person)
        controls.children = self.step_panel.draw(
            view, game.legal_actions(person), self.form, self.picked
        )
        self.step_panel.show_pick(self.picked, self._why(self.picked))

    def _hand_note(self, view: Info) -> str:
        """The words above the hand strip: the hand's, or why no hand is shown."""
        if view["player"] is None:
            if not self.humans:
                return wording.hands_on_devices_html()
            return wording.hidden_hand_html(self.table, self.acting_person())
        return wording.hand_note_html(self.table, view, solo=len(self.humans) == 1)

    def _default_pick(self, view: Info) -> None:
        """A new step picks for the person: the first playable card at the start of a turn,
        the card just drawn after drawing; a pick that left the hand is dropped."""
        moment: tuple[Any, ...] = (view["round"], view["current"], tuple(view["turns"]))
        moment += (view["step"], view["phase"])
        if moment != self._pick_moment:
            self._pick_moment = moment
            if view["drawn"]:
                self.picked = view["drawn"]
            elif self.picked not in view["playable"]:
                self.picked = view["playable"][0] if view["playable"] else None
        if self.picked not in view["hand"]:
            self.picked = None

    def paused(self, on: bool) -> None:
        """Globe Works has no clock: nothing to pause."""

    def set_large(self, large: bool) -> None:
        self.board_panel.set_large(large)
        self.host.refresh()
        self.board_panel.show_map()

    def closing(self) -> None:
        self.board_panel.closing()


class GlobeWorksScreen(Screen):
    """Globe Works on the shared screen (see the module docstring).

    A ``shell.Screen`` made with ``GlobeWorksParts`` and ``GlobeWorksPace`` (it overrides
    nothing). ``bots`` maps seats to computer players (default: one per computer seat, at its
    level); ``seating`` (default: from ``bots``) and ``targets`` are the strategies a class
    game and a browser test pass in. ``interactive=True`` (a kernel with ipympl) makes the map
    a canvas: a click on a city of the hand picks that card. Without a widget canvas the map
    is a picture and the hand strip picks.
    """

    parts: GlobeWorksParts
    #: The page's widgets (the ``VBox``'s): the game's own look goes first.
    children: tuple[widgets.Widget, ...]

    def __init__(
        self,
        game: GlobeWorks,
        bots: Mapping[int, Bot] | None = None,
        *,
        bot_delay: float = 1.2,
        interactive: bool = False,
        large: bool = False,
        on_new_game: Callable[[], Any] | None = None,
        seating: Seating | None = None,
        targets: ClickTargets | None = None,
    ) -> None:
        if bots is None:
            bots = bots_for(game.table, make_bot, game.seed)
        pace = GlobeWorksPace(game)
        super().__init__(
            game,
            lambda host: GlobeWorksParts(host, game, pace, interactive),
            seating=Seating(game.table, bots) if seating is None else seating,
            targets=targets,
            pace=pace,
            bot_delay=bot_delay,
            large=large,
            on_new_game=on_new_game,
        )
        self.game: GlobeWorks = game
        self.game_css = sheet("globe_works", region_rules)
        self.children = (self.game_css, *self.children)
        self.start()


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
