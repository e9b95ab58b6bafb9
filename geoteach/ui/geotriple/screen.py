"""GeoTriple on the shared screen: the U.S. map you click, the current step, the verdict.

One student plays the computer, or two students share the screen. The widget holds no rules:
every click on the map, a card or a button becomes one engine action, and the screen is redrawn
from ``game.view(seat)`` of the player looking at it. With two people, what is private (your
card in Stage 1, your hand in Stages 2 and 3, and the map that shows them) stays behind a "pass
the screen" guard until that player clicks their name.

* Stage 1 (Guess the State): click the state you think your opponent holds (or type it); the
  states still possible after the clues are yellow and listed in words under the map (a
  teaching aid the set-up screen can turn off), for the guesser and on the public board (a class
  game's projector): the clues are public. Every guess gets a verdict; the last one names the
  answer, where it is and a fact.
* Stage 2 (Race for Borders): click your states on the map (or their buttons) to make two groups
  of three and shout GeoPlunge!. The race runs on a clock (``RaceClock``) and every claim says
  its time: the computer shouts when its solving time comes; the clock stops while a verdict is
  read. Two people race one after the other (the engine's "racing in turns"): the second must
  beat the first one's time.
* Stage 3 (Play the Ranks): the hand as cards among the step's controls, "size #29 ·
  statehood #25 · population #33" (the trick on the board above the map, and the whole map in
  the first screen at 1366×768); put two away, say whether you GeoPlunge (and what that
  changes), play the six tricks. The banner says who deals and who leads.

How the screen is composed (as Globalissimo's): ``GeoTripleScreen`` is the shared
``shell.Screen`` with ``GeoTripleParts`` as its game's part. The parts hold who is looking (the
hot seat's guard), the cards picked, the race clock and what a move led to; they draw two panels
with explicit inputs, ``board.BoardPanel`` (the map and Stage 3's table, drawn from the views; a
click on a state calls back) and ``controls.StepControls`` (the step's controls, drawn from the
view of the player looking; its buttons hand a move to ``on_move``), and the score sheet and
rules below. Who plays where (a class game's remote seats) is the ``Seating`` the screen is
given; where a browser test clicks is its ``ClickTargets``. Every sentence is ``wording`` and
``wording_steps``, the map's paint ``geoteach.render.geotriple``.
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable, Mapping
from typing import Any

import ipywidgets as widgets

from geoteach.bots.base import Bot, bots_for
from geoteach.bots.geotriple import GeoTripleBot, race_time_of
from geoteach.games.base import Action, Game
from geoteach.games.geotriple import GeoTriple
from geoteach.games.geotriple.tricks import DISCARDS
from geoteach.games.table import Table
from geoteach.i18n import N_, _
from geoteach.ui.apps import screen_options
from geoteach.ui.geotriple import terms, wording, wording_steps
from geoteach.ui.geotriple.board import BoardPanel
from geoteach.ui.geotriple.controls import StepControls
from geoteach.ui.geotriple.race_clock import RaceClock
from geoteach.ui.hotseat import HotSeatGuard
from geoteach.ui.shell import ClickTargets, Host, Pace, Screen, Seating, Standing, number_text
from geoteach.ui.styles import sheet


class GeoTripleParts:
    """GeoTriple's part of the shared screen: who is looking, the cards picked, the race clock,
    what a move led to, the banner and the leaderboard's rows, and the two panels drawn from the
    views. ``host`` is the screen it is on (``shell.Host``); ``clock`` is the race clock's time
    source (tests pass a fake one); ``run_bots`` lets the screen's computers play (the race's
    clock calls it when the computer's solving time comes)."""

    title = "GeoTriple"

    def __init__(
        self,
        host: Host,
        game: Game,
        *,
        interactive: bool,
        show_possible: bool,
        clock: Callable[[], float],
        run_bots: Callable[[], None],
    ) -> None:
        self.host = host
        self.game = game
        self.table = game.table
        self.seating = host.seating
        self.interactive = interactive
        self.show_possible = show_possible
        self.run_bots = run_bots
        self.hotseat = all(self.seating.person_here(s) for s in (0, 1))
        self.score_title = wording.score_title(game.view(None))
        self.detail_title = ""
        #: Cards picked on the map or the buttons: race groups (first 3 = group 1), discards.
        self.selected: list[str] = []
        self._selected_for: tuple[Any, ...] | None = None
        #: What the map explains while a verdict is open (see ``wording.Verdict.explaining``).
        self.explaining: dict[str, Any] | None = None
        #: The race being timed: (round, redeals).
        self._race_key: tuple[int, int] | None = None
        self._guard_for: tuple[Any, ...] | None = None
        self._hinted = False

        self.look = sheet("geotriple")  # the screen's own look: css/geotriple.css
        self.race_clock = RaceClock(self._race_time_up, self._race_beat, clock, host.messages)
        self.board_panel = BoardPanel(
            self.table,
            interactive=interactive,
            show_possible=show_possible,
            large=host.large,
            on_pick=self.pick,
            targets=host.targets,
            messages=host.messages,
        )
        self.step_panel = StepControls(
            self.table,
            interactive=interactive,
            names=terms.state_names(game.view(None)),
            race_clock=self.race_clock,
            on_move=self.move,
            on_pick=self.pick,
            on_toggle=self._toggle,
            on_clear=self.clear_selection,
            on_claim=self.claim,
            on_put_away=self.put_away,
            hint=self._hint,
            messages=host.messages,
        )
        self.guard: HotSeatGuard | None = None
        if self.hotseat:
            self.guard = HotSeatGuard(
                self.table,
                lambda _seat: self.step_panel.private,
                on_reveal=self._revealed,
                show=host.messages,
            )
        self.sheet = widgets.HTML()
        host.below.children = [self.look, self.sheet, widgets.HTML(wording.rules_html())]

    # ----- who is looking ----------------------------------------------------------------
    @property
    def viewer(self) -> int | None:
        """The seat whose private things may be on screen now (None: nobody's)."""
        if self.guard is None:
            # One person here (or, on a class game's projector, nobody's private things).
            return next((s for s in (0, 1) if self.seating.person_here(s)), None)
        return self.guard.seat if self.guard.revealed else None

    def _revealed(self, seat: int) -> None:
        """Hot seat: a player took the screen; in the race their clock starts now, against
        the held claim's time if there is one."""
        game = self.game
        if game.phase == "race" and seat in game.to_act():
            view = game.view(seat)
            race = view["race"]
            held, paused = race["held"], self.host.feedback.is_open
            if held is not None and held["seconds"] is not None:
                against = wording_steps.time_to_beat(self.table, held["player"])
                self.race_clock.begin(held["seconds"], against, paused=paused)
            else:
                first = race["out"][1 - seat] and seat != view["dealer"]
                against = wording_steps.first_racer_out(self.table, 1 - seat) if first else ""
                self.race_clock.begin(None, against, paused=paused)
        self.host.refresh()

    def _pass_screen(self) -> None:
        """Hot seat: hand the screen to the person who must act (never show both hands)."""
        assert self.guard is not None
        game = self.game
        if game.phase in ("round_over", "game_over"):
            self.guard.hide()
            return
        acting = [s for s in game.to_act() if self.seating.person_here(s)]
        want = acting[0] if acting else None
        key = (game.phase, want, len(game.log))
        moved = self.guard.seat != want or not self.guard.revealed
        if want is not None and moved and self._guard_for != key:
            self._guard_for = key
            self.guard.pass_to(want)

    # ----- hints -------------------------------------------------------------------------
    def _hint(self, text: str) -> None:
        """A hint about a click that did nothing (not your card, not your turn); the next
        move takes it away. Other messages (a lesson record that cannot be written) stay."""
        self.host.messages.error(text)
        self._hinted = True

    def _hint_done(self) -> None:
        if self._hinted:
            self.host.messages.clear()
            self._hinted = False

    def _put_away_verdict(self) -> None:
        """A click that is not a move (picking a card) also puts an open verdict away."""
        if self.host.feedback.is_open:
            self.host.put_away_verdict()
            self.explaining = None

    # ----- the moves a person makes ------------------------------------------------------
    def move(self, action: Action) -> None:
        """A panel's move: the hint of a click that did nothing goes, the move goes to the
        screen."""
        self._hint_done()
        self.host.act(action)

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
            self.board_panel.highlight(code)  # seen at once
            self.move({"player": seat, "type": "guess", "state": code})
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
        self.host.refresh()

    def clear_selection(self) -> None:
        """Clear: drop the cards picked."""
        self._put_away_verdict()
        self.selected = []
        self.host.refresh()

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
        self.move(
            {
                "player": seat,
                "type": "geoplunge",
                "groups": [self.selected[:3], self.selected[3:]],
                "seconds": self.race_clock.elapsed(),
            }
        )

    def put_away(self) -> None:
        """Stage 3: put the two picked cards away."""
        seat = self.viewer
        if seat is None or self.game.phase != "discard":
            return
        if len(self.selected) != DISCARDS:
            self._hint(wording.pick_to_put_away())
            return
        self.move({"player": seat, "type": "discard", "cards": list(self.selected)})

    # ----- what a move led to ------------------------------------------------------------
    def after(self, action: Action, by_human: bool) -> None:
        kind = action["type"]
        game = self.game
        table = self.table
        view = game.view(None)
        computers = set(self.seating.bots)
        # Who won the race or a trick is a ✔ or ✘ for the person at this screen; with two
        # people at it, or nobody (a class game's projector, a spectator: every seat is played
        # elsewhere, not by this screen's computers), it is neither.
        neutral = self.hotseat or self.viewer is None
        verdict = wording.Verdict()
        if kind == "guess":
            verdict = wording.guess_verdict(
                view,
                self.seating.view_of(game, action["player"]),
                table,
                action,
                by_human=by_human,
                how="click" if self.interactive else "type",
            )
        elif kind in ("geoplunge", "give_up", "time_up") and game.phase == "race":
            seat = action["player"]
            mine = self.seating.view_of(game, seat)
            held = mine["race"]["held"]
            if kind == "geoplunge" and by_human and held and held["player"] == seat:
                self.race_clock.stop()
                self.selected = []
                verdict = wording.held_verdict(mine, table)
            elif kind == "geoplunge" and by_human:
                verdict = wording.wrong_claim_verdict(mine, seat, action["groups"])
        elif kind in ("geoplunge", "give_up", "time_up"):
            verdict = wording.race_verdict(view, table, computers=computers, neutral=neutral)
        elif kind == "follow":
            verdict = wording.trick_verdict(view, table, computers=computers, neutral=neutral)
        if kind == "follow" and "stage3" in view["results"]:
            verdict.lines.append(wording.stage3_said(view, table))
            if game.phase == "round_over":
                verdict.lines += wording.round_end_said(view, table)
        if game.is_terminal():
            self.explaining = verdict.explaining
            lines = [verdict.headline, *verdict.lines] if verdict.headline else verdict.lines
            self.host.show_game_over([*lines, wording.score_said(view, table)])
            return
        if verdict.headline:
            self.explaining = verdict.explaining
            self.host.show_verdict(
                verdict.headline,
                correct=verdict.correct,
                answer=verdict.answer,
                where=verdict.where,
                fact=verdict.fact,
                lines=verdict.lines,
            )

    def describe(self, action: Action) -> str:
        return wording.describe(self.game.view(None), self.table, action)

    # ----- the race clock ----------------------------------------------------------------
    def tick(self) -> None:
        """One beat of the race clock (every second in a kernel; tests call it themselves)."""
        self.race_clock.tick()

    def _race_beat(self, _elapsed: float) -> None:
        self.step_panel.show_lock(self._locked_for())

    def _race_time_up(self, _elapsed: float) -> None:
        """The limit came: the computer shouts (or gives up), or, racing in turns, the
        second racer's time is up and the held claim wins."""
        if not self.hotseat:
            self.run_bots()
            return
        game = self.game
        if game.phase != "race":
            return
        racer = game.to_act()[0]
        if game.view(racer)["race"]["held"] is not None:
            self.move({"player": racer, "type": "time_up"})

    def _race_due(self) -> bool:
        clock = self.race_clock
        return clock.running and clock.limit is not None and clock.elapsed() >= clock.limit

    def _sync_race(self) -> None:
        """A new race starts its clock; a finished one stops it; a computer that gave up
        leaves the clock counting without a limit."""
        game = self.game
        if game.phase != "race":
            if self._race_key is not None:
                self.race_clock.stop()
                self._race_key = None
            return
        view = game.view(None)
        key = (view["round"], view["race"]["redeals"])
        bot = next((s for s in (0, 1) if self.seating.plays_here(s)), None)
        if key != self._race_key:
            self._race_key = key
            if bot is None:
                return  # two people: the clock starts when the first racer takes the screen
            bots = self.seating.bots
            due = race_time_of(bots[bot], game, bot) if bot in game.to_act() else None
            self.race_clock.begin(
                due,
                wording_steps.computer_due(self.table, bot),
                paused=self.host.feedback.is_open,
            )
        elif bot is not None and bot not in game.to_act() and self.race_clock.limit is not None:
            self.race_clock.unlimited(wording_steps.computer_gave_up(self.table, bot))

    def computer_to_act(self) -> int | None:
        """The computer player this screen moves now, or None: a person presses Next round,
        and in the race the computer shouts when its solving time comes (at once when nobody
        else races)."""
        game = self.game
        if game.is_terminal() or game.phase == "round_over":
            return None
        acting = game.to_act()
        bot = next((s for s in acting if self.seating.plays_here(s)), None)
        if bot is None or game.phase != "race":
            return bot
        if all(self.seating.plays_here(s) for s in acting) or self._race_due():
            return bot
        return None

    # ----- drawing ------------------------------------------------------------------------
    def paused(self, on: bool) -> None:
        if on:
            self.race_clock.pause()
        else:
            self.race_clock.resume()

    def set_large(self, large: bool) -> None:
        self.board_panel.set_large(large)
        self.host.refresh()

    def closing(self) -> None:
        self.race_clock.stop()
        self.board_panel.closing()

    def standings(self) -> list[Standing]:
        view = self.game.view(None)
        scores = view["scores"]
        return [
            Standing(
                seat,
                (float(scores[seat]),),
                number_text(scores[seat]),
                wording.tricks_detail(view, seat),
            )
            for seat in (0, 1)
        ]

    def prompt(self) -> str:
        view = self.game.view(None)
        acting = [] if self.game.is_terminal() else self.game.to_act()
        return wording.prompt(view, self.table, acting, set(self.seating.bots))

    def redraw(self) -> None:
        game = self.game
        host = self.host
        if not (host.feedback.is_open or game.is_terminal()):
            self.explaining = None  # the verdict was put away: back to the game
        self.detail_title = N_("Tricks") if game.phase in wording.STAGE3 else ""
        self._sync_race()
        if self.guard is not None:
            self._pass_screen()
        # The picks are the viewer's: a new step or racer drops them, another player's move
        # (the computer putting its own cards away) does not.
        seat = self.viewer
        acting = [] if game.is_terminal() else game.to_act()
        who = (game.phase, seat, self._race_key, seat in acting)
        if who != self._selected_for:
            self._selected_for = who
            self.selected = []
        public = game.view(None)
        seen = public if seat is None else game.view(seat)
        host.controls.children = self.step_panel.draw(
            seen,
            public,
            seat,
            acting,
            self.selected,
            waiting=host.feedback.is_open,
            locked_for=self._locked_for(),
            guard=self.guard,
        )
        shown = self.board_panel.draw(seen, public, seat, self.explaining, self.selected)
        if list(host.board.children) != shown:
            host.board.children = shown
        self.sheet.value = wording_steps.sheet_html(public, self.table, self.standings())


class GeoTripleScreen(Screen):
    """A whole game of GeoTriple on the shared screen: a ``shell.Screen`` made with
    ``GeoTripleParts``.

    ``bots`` maps seats to computer players (default: a ``GeoTripleBot`` for every computer seat,
    at its level); ``seating`` (default: from ``bots``) and ``targets`` are the strategies a
    class game and a browser test pass in. ``show_possible`` paints the states still possible
    after each clue. ``interactive=True`` (a kernel with ipympl) makes the map a canvas you
    click and zoom; otherwise it is a picture and states are picked with buttons and typing.
    ``clock`` is the race clock's time source (tests pass a fake one).
    """

    parts: GeoTripleParts

    def __init__(
        self,
        game: GeoTriple | Game,
        bots: Mapping[int, Bot] | None = None,
        *,
        show_possible: bool = True,
        interactive: bool = False,
        bot_delay: float = 1.2,
        large: bool = False,
        on_new_game: Callable[[], Any] | None = None,
        clock: Callable[[], float] = time.monotonic,
        seating: Seating | None = None,
        targets: ClickTargets | None = None,
    ) -> None:
        if bots is None:
            bots = bots_for(game.table, GeoTripleBot, game.seed)
        self.show_possible = show_possible
        self.interactive = interactive
        self.clock = clock
        super().__init__(
            game,
            lambda host: GeoTripleParts(
                host,
                game,
                interactive=interactive,
                show_possible=show_possible,
                clock=clock,
                run_bots=host.run_bots,
            ),
            seating=Seating(game.table, bots) if seating is None else seating,
            targets=targets,
            pace=RacePace(),
            bot_delay=bot_delay,
            large=large,
            on_new_game=on_new_game,
        )
        self.add_class("gt-geotriple")
        self.start()


class RacePace(Pace):
    """GeoTriple's pace: in the race for borders both players hunt at once, and a computer
    claims when the race clock says, not as soon as it may act; its parts know when."""

    def next_seat(self, screen: Screen) -> int | None:
        parts = screen.parts
        assert isinstance(parts, GeoTripleParts)
        return parts.computer_to_act()


def new_game(table: Table, values: dict[str, Any]) -> GeoTriple:
    """The set-up screen's choices → a game."""
    return GeoTriple(
        table,
        seed=values.get("seed"),
        target=int(values["target"]),
        typed_clues=values.get("typed_clues"),
    )


def build_screen(
    table: Table,
    values: dict[str, Any],
    game: Any = None,
    bots: Mapping[int, Bot] | None = None,
) -> GeoTripleScreen:
    """The set-up screen's choices → a game and its screen (``game`` and ``bots``: a class
    game's room and who plays elsewhere)."""
    game = new_game(table, values) if game is None else game
    return GeoTripleScreen(
        game,
        bots=bots,
        show_possible=bool(values["show_possible"]),
        **screen_options(values),
    )


def play(
    *names: str,
    bots: Mapping[str, str] | None = None,
    seed: int | None = None,
    target: int = 100,
    show_possible: bool = True,
    interactive: bool = False,
    bot_delay: float = 1.2,
    large: bool = False,
    typed_clues: bool | None = None,
) -> GeoTripleScreen:
    """Start a game for the notebook: ``play("Ana", "Computer", bots={"Computer": "medium"})``."""
    table = Table.of(*names, bots=dict(bots or {}))
    game = GeoTriple(table, seed=seed, target=target, typed_clues=typed_clues)
    return GeoTripleScreen(
        game,
        show_possible=show_possible,
        interactive=interactive,
        bot_delay=bot_delay,
        large=large,
    )
