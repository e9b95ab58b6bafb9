"""GeoTriple on the shared screen: the U.S. map you click, the current step, the verdict.

One student plays the computer, or two students share the screen. The widget holds no rules:
every click on the map, a card or a button becomes one engine action, and the screen is redrawn
from ``game.view(seat)`` of the player looking at it. With two people, what is private (your
card in Stage 1, your hand in Stages 2 and 3, and the map that shows them) stays behind a "pass
the screen" guard until that player clicks their name.

* Stage 1 (Guess the State): click the state you think your opponent holds (or type it); the
  states still possible after the clues are yellow (a teaching aid the set-up screen can turn
  off). Every guess gets a verdict; the last one names the answer, where it is and a fact.
* Stage 2 (Race for Borders): click your states on the map (or their buttons) to make two groups
  of three and shout GeoPlunge!. The race runs on a clock (``RaceClock``): the computer shouts
  when its solving time comes; the clock stops while a verdict is read. Two people race one
  after the other: the second must beat the first one's time.
* Stage 3 (Play the Ranks): the hand as cards on the board, "size #29 · statehood #25 ·
  population #33"; put two away, say whether you GeoPlunge (and what that changes), play the six
  tricks. The banner says who deals and who leads.

The screen says who deals, whose turn it is and what to do in words; computer moves appear as
sentences in the log, paced and skippable.
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

import ipywidgets as widgets
import pandas as pd

from geoteach.bots.base import Bot, bots_for
from geoteach.bots.geotriple import GeoTripleBot, race_time_of
from geoteach.escape import html_text
from geoteach.games.base import Action
from geoteach.games.geotriple import GeoTriple, borders
from geoteach.games.geotriple.borders import BORDER_RULE
from geoteach.games.geotriple.cards import CATEGORIES, PlungeCard
from geoteach.games.geotriple.challenges import possible_states
from geoteach.games.geotriple.game import GUESSES, LOCKOUT_SECONDS, MAX_WRONG_CLAIMS, STAGE_POINTS
from geoteach.games.geotriple.tricks import DISCARDS, HAND_SIZE, TRICKS
from geoteach.games.table import Table
from geoteach.quiz.facts import state_fact
from geoteach.render import palettes
from geoteach.render.mapview import MapView, new_figure, to_png
from geoteach.render.us import us_map_view
from geoteach.render.zoom import STEP, MapZoom
from geoteach.ui.apps import screen_options
from geoteach.ui.countdown import Countdown, running_loop
from geoteach.ui.hotseat import HotSeatGuard
from geoteach.ui.safe import safe
from geoteach.ui.shell import (
    GameScreen,
    Standing,
    board_map,
    canvas_box,
    number_text,
    places_of,
)
from geoteach.ui.theme import does, does_text, is_you, seat_badge

#: What each phase is called on screen (the rulebook's headings).
STAGE_NAMES = {
    "guess": "Stage 1 · Guess the State",
    "race": "Stage 2 · Race for Borders",
    "discard": "Stage 3 · Play the Ranks",
    "announce": "Stage 3 · Play the Ranks",
    "trick": "Stage 3 · Play the Ranks",
    "round_over": "End of the round",
    "game_over": "Game over",
}
STAGE3 = ("discard", "announce", "trick")

#: Map colours (Okabe–Ito); every one is also said in words in the map's caption.
POSSIBLE = "#F0E442"  # yellow: states still possible in Stage 1
HAND = "#56B4E9"  # sky blue: your cards
GROUP_COLOURS = ("#E69F00", "#CC79A7")  # orange and pink: group 1 and group 2
ANSWER = "#009E73"  # bluish green: the answer
WRONG = "#D55E00"  # vermillion: a wrong guess

#: Said where a player decides whether to GeoPlunge: what it changes (only the points).
GEOPLUNGING = (
    "GeoPlunging does not change how you play, only the points: the winner of Stage 3 gets 10 "
    "points instead of 5 if one of you GeoPlunges, and 20 if you both do."
)
#: What the numbers on a card mean (lower wins a trick).
RANKS_SAID = (
    "Lower numbers win: #1 is the biggest state, the first to join the Union, or the one with "
    "the most people."
)

#: The map on the board: 860 px wide with 11 px state labels; large text: 1160 px and 15 px.
MAP_SIZE = (8.6, 5.1)
MAP_SIZE_LARGE = (11.6, 6.9)
MAP_DPI = 100.0
LABEL_PT = 8.0
LABEL_PT_LARGE = 10.5

#: The screen's own look: card tiles on the board (two lines: the state, then its ranks).
GEOTRIPLE_CSS = """<style>
.gt-geotriple .widget-html-content { line-height: 1.35; }
.gt-geotriple .gt-board { overflow-x: auto; }
.gt-geotriple .gt-card-tile { white-space: pre-line; text-align: left; margin: 2px;
  padding: 4px 8px; }
.gt-geotriple .gt-tile { display: inline-block; border: 2px solid #555; border-radius: 6px;
  padding: 4px 8px; margin: 2px; vertical-align: top; background: #fff; }
.gt-geotriple .gt-tile.gt-won { border-color: #009E73; }
.gt-geotriple p { margin: 3px 0; }
.gt-geotriple .gt-small { font-size: 12px; }
.gt-geotriple.gt-large .gt-small { font-size: 17px; }
.gt-geotriple .gt-controls ol { margin: 2px 0; padding-left: 22px; }
.gt-geotriple .gt-hand-card { width: auto; min-height: 30px; }
</style>"""

RULES_HTML = (
    "<details><summary><b>How to play GeoTriple</b></summary>"
    "<p>Each round has three stages. The first player to reach the target score wins.</p><ol>"
    "<li><b>Guess the State.</b> You each hold one secret state. Before each guess you get a "
    "clue about the other player's state; 3 guesses at most. Fewer guesses wins 10 points; the "
    "same number (or neither found it) gives 5 points each. The dealer guesses first.</li>"
    "<li><b>Race for Borders.</b> You get 18 state cards. Find 2 groups of 3 cards, 6 different "
    "cards, where one state of each group borders the other two, and shout GeoPlunge! The "
    f"first right GeoPlunge wins 10 points. {html_text(BORDER_RULE)}</li>"
    "<li><b>Play the Ranks.</b> The race winner deals and leads first. Keep 6 of your 8 cards "
    "and say whether you are GeoPlunging. Six tricks: the leader says Size, Statehood or "
    "Population and plays a card, the other plays one; the lower rank wins the trick and leads "
    "next. 4 tricks win the stage; at 3 to 3 whoever won the last trick wins. "
    f"{html_text(GEOPLUNGING)}</li></ol></details>"
)


def rank_labels(card: PlungeCard, census: str = "") -> str:
    """A card's ranks as the screen writes them: "size #29 · statehood #25 · population #33",
    with the population's year when known ("population #33 (2020 Census)")."""
    year = f" ({census})" if census else ""
    return f"size #{card.size} · statehood #{card.statehood} · population #{card.population}{year}"


def census_words(states: pd.DataFrame) -> str:
    """The population's year as the cards say it: "2020 Census" for a census year."""
    if "population_year" not in states.columns:
        return ""
    years = pd.to_numeric(states["population_year"], errors="coerce").dropna()
    if years.empty:
        return ""
    year = int(years.max())
    return f"{year} Census" if year % 10 == 0 else str(year)


def plural(count: int, word: str) -> str:
    """ "1 guess", "2 guesses", "3 tricks"."""
    ending = "es" if word.endswith("s") else "s"
    return f"{count} {word}" if count == 1 else f"{count} {word}{ending}"


class RaceClock(Countdown):
    """Stage 2's clock: the race's seconds, paused while a verdict is read.

    ``limit`` is the time that ends the race for the person at the screen (the computer's
    solving time, or the first player's time to beat when two people race); the words
    (``against``, with ``{left}`` for the seconds left) say which.
    Without a limit it only counts. ``on_beat(elapsed)`` runs on every tick (the screen unlocks
    its GeoPlunge! button there), ``on_time_up`` once when the limit is reached.
    """

    def __init__(
        self,
        on_time_up: Callable[[float], None],
        on_beat: Callable[[float], None],
        clock: Callable[[], float],
        show: Any,
    ) -> None:
        super().__init__(None, on_time_up, clock=clock, show=show)
        self.on_beat = on_beat
        self.against = ""
        self.fired = False
        self.bar.description = ""
        self.bar.layout.width = "110px"
        self.label.layout.height = "auto"
        self.add_class("gt-race-clock")

    def begin(self, limit: float | None, against: str, paused: bool = False) -> None:
        """Start counting from 0 (``paused``: wait for ``resume``)."""
        self.limit = limit
        self.against = against
        self.fired = False
        self.bar.max = float(limit or 1)
        self._started = self.clock()
        self._paused_at = self._started if paused else None
        self.layout.display = None
        self.tick()
        loop = running_loop()
        if loop is not None and (self.task is None or self.task.done()):
            self.task = loop.create_task(self._tick_every_second())

    def unlimited(self, against: str) -> None:
        """Go on counting without a limit (the computer gave up)."""
        self.limit = None
        self.against = against
        self.tick()

    def tick(self) -> None:
        if not self.running:
            return
        used = self.elapsed()
        if self.limit is None:
            self.bar.layout.display = "none"
            self.label.value = f"Race clock: {used:.0f} s. {self.against}".strip()
        else:
            left = max(0.0, self.limit - used)
            self.bar.layout.display = None
            self.bar.value = left
            said = self.against.format(left=math.ceil(left))
            self.label.value = f"Race clock: {used:.0f} s · {said}"
        self.on_beat(used)
        if self.limit is not None and used >= self.limit and not self.fired:
            self.fired = True
            self.on_time_up(used)


@dataclass
class Verdict:
    """A verdict being put together from what one move led to (shown once, at the end)."""

    headline: str = ""
    correct: bool | None = None
    answer: str = ""
    where: str = ""
    fact: str = ""
    lines: list[str] = field(default_factory=list)
    #: What the map shows while the verdict is read.
    explaining: dict[str, Any] | None = None


class GeoTripleScreen(GameScreen):
    """A whole game of GeoTriple on the shared screen.

    ``bots`` maps seats to computer players (default: a ``GeoTripleBot`` for every computer seat,
    at its level). ``show_possible`` paints the states still possible after each clue.
    ``interactive=True`` (a kernel with ipympl) makes the map a canvas you click and zoom;
    otherwise it is a picture and states are picked with buttons and typing. ``clock`` is the
    race clock's time source (tests pass a fake one).
    """

    title = "GeoTriple"

    def __init__(
        self,
        game: GeoTriple,
        bots: Mapping[int, Bot] | None = None,
        *,
        show_possible: bool = True,
        interactive: bool = False,
        bot_delay: float = 1.2,
        large: bool = False,
        on_new_game: Callable[[], Any] | None = None,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        if bots is None:
            bots = bots_for(game.table, GeoTripleBot, game.seed)
        super().__init__(game, bots, bot_delay=bot_delay, large=large, on_new_game=on_new_game)
        self.game: GeoTriple = game
        self.cards = game.cards
        self.names = game.names
        self.show_possible = show_possible
        self.interactive = interactive
        self.clock = clock
        self.hotseat = all(s not in self.bots for s in (0, 1))
        self.score_title = f"Points (first to {game.target})"
        self.census = census_words(game.states)
        #: Cards picked on the map or the buttons: race groups (first 3 = group 1), discards.
        self.selected: list[str] = []
        self._selected_for: tuple[Any, ...] | None = None
        #: What the map explains while a verdict is open (see ``Verdict.explaining``).
        self.explaining: dict[str, Any] | None = None
        self._painted: tuple[Any, ...] | None = None
        self._syncing = False
        self._hinted = False
        # The race: its key (round, redeals), the lock after a wrong claim, the hot-seat turn.
        self._race_key: tuple[int, int] | None = None
        self._locked_until = 0.0
        self._racer: int | None = None
        self._first_time: float | None = None
        self._held_claim: Action | None = None
        self._guard_for: tuple[Any, ...] | None = None

        self.add_class("gt-geotriple")
        self.look = widgets.HTML(GEOTRIPLE_CSS, layout=widgets.Layout(display="none"))
        self.race_clock = RaceClock(self._race_time_up, self._race_beat, clock, self.messages)

        # The board: the map with its caption and zoom buttons; in Stage 3 the cards too.
        self.map_caption = widgets.HTML()
        self.map_caption.add_class("gt-map-caption")
        self.map_picture = widgets.Image(format="png")
        self.zoom_in = widgets.Button(description="Zoom in", icon="search-plus")
        self.zoom_out = widgets.Button(description="Zoom out", icon="search-minus")
        self.zoom_home = widgets.Button(description="Whole map", icon="globe")
        self.zoom_northeast = widgets.Button(
            description="Northeast", icon="search", tooltip="Zoom to the small north-eastern states"
        )
        for button, go in (
            (self.zoom_in, lambda: self._zoom.zoom(STEP)),
            (self.zoom_out, lambda: self._zoom.zoom(1 / STEP)),
            (self.zoom_home, lambda: self._zoom.home()),
            (self.zoom_northeast, lambda: self._zoom.show(self._northeast(), margin=0.05)),
        ):
            button.add_class("gt-zoom")
            button.on_click(safe(lambda _b, go=go: go(), show=self.messages))
        self.zoom_bar = widgets.HBox(
            [self.zoom_in, self.zoom_out, self.zoom_home, self.zoom_northeast]
        )
        self.map: MapView
        self._zoom: MapZoom
        self._build_map(large)
        self.table_area = widgets.HTML()
        self.table_area.add_class("gt-table-area")
        self.tiles_box = widgets.Box(layout=widgets.Layout(flex_flow="row wrap", width="100%"))
        self._tiles: dict[str, widgets.Button] = {}
        self.tiles_heading = widgets.HTML(
            "<p><b>Your cards</b></p>", layout=widgets.Layout(width="100%")
        )
        self.stage3_box = widgets.VBox([self.table_area, self.tiles_box])

        # The controls of each step. Built once; each redraw shows the ones the step needs.
        self.step = widgets.HTML()
        options = sorted(card.name for card in self.cards.values())
        self.guess_box = widgets.Combobox(
            placeholder="Type a state",
            options=options,
            ensure_option=True,
            layout=widgets.Layout(width="220px"),
        )
        self.guess_box.add_class("gt-guess")
        self.guess_button = self._button("Guess", "question", self._guess_typed, "primary")
        self.guess_button.add_class("gt-guess-button")
        self.clue_pick = widgets.Dropdown(layout=widgets.Layout(width="auto"))
        self.clue_pick.add_class("gt-clue")
        self.clue_button = self._button("Give the clue", "comment", self._give_clue, "primary")
        self._hand_toggles: dict[str, widgets.ToggleButton] = {}
        self.hand_grid = widgets.GridBox(
            layout=widgets.Layout(grid_template_columns="repeat(3, 1fr)", width="100%")
        )
        self.groups_line = widgets.HTML()
        self.claim_button = self._button("GeoPlunge!", "bolt", self.claim, "danger")
        self.claim_button.add_class("gt-claim")
        self.clear_button = self._button("Clear", "eraser", self.clear_selection)
        self.clear_button.add_class("gt-clear")
        self.give_up_button = self._button("Give up", "flag", self.give_up)
        self.give_up_button.add_class("gt-give-up")
        self.category_pick = widgets.ToggleButtons(
            options=[(c.title(), c) for c in CATEGORIES],
            value=None,
            tooltips=["Bigger wins", "Joined the Union earlier wins", "More people wins"],
            style={"button_width": "110px"},
        )
        self.category_pick.add_class("gt-category")
        self.put_away_button = self._button("Put them away", "trash", self.put_away, "primary")
        self.put_away_button.add_class("gt-put-away")
        self.plunge_yes = self._button(
            "Yes, I'm GeoPlunging", "bolt", lambda: self.announce(True), "warning"
        )
        self.plunge_yes.add_class("gt-plunge-yes")
        self.plunge_no = self._button("No, not this time", "times", lambda: self.announce(False))
        self.plunge_no.add_class("gt-plunge-no")
        self.next_round_button = self._button("Next round", "forward", self.next_round, "primary")
        self.next_round_button.add_class("gt-next-round")
        self.guess_row = widgets.HBox([self.guess_box, self.guess_button])
        self.clue_row = widgets.HBox([self.clue_pick, self.clue_button])
        self.race_buttons = widgets.HBox(
            [self.claim_button, self.clear_button, self.give_up_button]
        )
        self.plunge_row = widgets.HBox([self.plunge_yes, self.plunge_no])
        #: The private part of the controls (the guard shows it to one player in the hot seat).
        self.private = widgets.VBox()
        self.guard: HotSeatGuard | None = None
        if self.hotseat:
            self.guard = HotSeatGuard(
                self.table, lambda _seat: self.private, on_reveal=self._revealed, show=self.messages
            )

        self.sheet = widgets.HTML()
        self.below.children = [self.look, self.sheet, widgets.HTML(RULES_HTML)]
        self.start()

    # ----- who is looking ----------------------------------------------------------------
    @property
    def viewer(self) -> int | None:
        """The seat whose private things may be on screen now (None: nobody's)."""
        if self.guard is None:
            return next(s for s in (0, 1) if s not in self.bots)
        return self.guard.seat if self.guard.revealed else None

    def _revealed(self, seat: int) -> None:
        """Hot seat: a player took the screen; in the race their clock starts now."""
        if self.game.phase == "race" and seat in self.game.to_act():
            self._locked_until = 0.0  # a lock counts on the clock of the one who was locked
            first = self._first_time
            if first is None or math.isinf(first):
                against = "" if first is None else f"{self._name(1 - seat)} is out of this race."
                self.race_clock.begin(None, against, paused=self.feedback.is_open)
            else:
                self.race_clock.begin(
                    first,
                    f"{{left}} s left to beat {self._name(1 - seat)}'s time",
                    paused=self.feedback.is_open,
                )
        self.refresh()

    def _name(self, seat: int) -> str:
        return self.table.name_of(seat)

    def _whose(self, seat: int, upper: bool = False) -> str:
        """ "your" (or "Your") or "Ana's" (plain text)."""
        if is_you(self.table, seat):
            return "Your" if upper else "your"
        return f"{self._name(seat)}'s"

    def _turn(self, seat: int) -> str:
        """ "Your turn" or "Ana's turn" (HTML)."""
        if is_you(self.table, seat):
            return "Your turn"
        return f"{seat_badge(self.table, seat)}'s turn"

    def _button(
        self, text: str, icon: str, handler: Callable[[], Any], style: str = ""
    ) -> widgets.Button:
        button = widgets.Button(description=text, icon=icon, button_style=style)
        button.on_click(safe(lambda _b: handler(), show=self.messages))
        return button

    # ----- the moves a person makes ------------------------------------------------------
    def act(self, action: Action) -> None:
        self._hint_done()
        super().act(action)

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

    def pick(self, code: str) -> None:
        """A click on a state (the map) or its button: a guess, or a card picked in the race."""
        seat = self.viewer
        game = self.game
        if seat is None or game.is_terminal() or code not in self.cards:
            return
        name = self.names[code]
        if game.phase == "guess":
            s1 = game.view(seat)["stage1"]
            if s1["guesser"] != seat or s1["waiting_for_clue"] or seat not in game.to_act():
                self._hint("It is not your turn to guess: wait for the next clue.")
                return
            self.map.highlight(code, palettes.HIGHLIGHT)  # seen at once
            self.act({"player": seat, "type": "guess", "state": code})
            return
        if game.phase == "race":
            race = game.view(seat)["race"]
            if race["out"][seat]:
                self._hint("You are out of this race: wait for the result.")
                return
            if code not in race["hand"]:
                self._hint(f"{name} is not one of your cards: yours are the blue states.")
                return
            self._toggle(code, limit=6)
            return
        if game.phase in STAGE3:
            self._hint("In Stage 3 you play the cards under “Your cards”.")

    def _toggle(self, code: str, limit: int) -> None:
        self._put_away_verdict()
        if code in self.selected:
            self.selected.remove(code)
        elif len(self.selected) >= limit:
            self._hint(f"You have {limit} cards picked already: click one again to take it back.")
            return
        else:
            self.selected.append(code)
        self._hint_done()
        self.refresh()

    def _guess_typed(self) -> None:
        """The keyboard route of a guess: the state typed in the box."""
        by_name = {card.name: code for code, card in self.cards.items()}
        code = by_name.get(self.guess_box.value)
        if code is None:
            self._hint("Type a state's name and pick it from the list first.")
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
        """Seconds until the GeoPlunge! button works again after a wrong claim."""
        return max(0.0, self._locked_until - self.race_clock.elapsed())

    def claim(self) -> None:
        """Shout "GeoPlunge!" with the picked cards: the first three are group 1."""
        seat = self.viewer
        game = self.game
        if seat is None or game.phase != "race" or seat not in game.to_act():
            return
        self._put_away_verdict()
        wait = self._locked_for()
        if wait > 0:
            self._hint(f"Wait {math.ceil(wait)} more seconds before you shout again.")
            return
        if len(self.selected) != 6:
            self._hint("Pick 6 cards first: the first 3 you pick are group 1, the next 3 group 2.")
            return
        action = {
            "player": seat,
            "type": "geoplunge",
            "groups": [self.selected[:3], self.selected[3:]],
        }
        if self.hotseat and self._first_time is None and self._would_win(action):
            self._hold(seat, action)
            return
        self.act(action)
        self._release_if_out(seat)
        self._first_racer_out(seat)

    def _first_racer_out(self, seat: int) -> None:
        """Two people: a first racer out of the race (3 wrong claims) leaves no time to beat."""
        game = self.game
        if not self.hotseat or self._first_time is not None or game.phase != "race":
            return
        if game.view(seat)["race"]["out"][seat]:
            self._first_time = math.inf
            self._racer = 1 - seat
            self.refresh()

    def _would_win(self, action: Action) -> bool:
        hand = self.game.view(action["player"])["race"]["hand"]
        return borders.claim_problem(action["groups"], hand, self.game.neighbours) is None

    def _hold(self, seat: int, action: Action) -> None:
        """Two people: the first player's right GeoPlunge waits; the second must beat its time."""
        used = self.race_clock.elapsed()
        self._first_time = used
        self._held_claim = action
        self._racer = 1 - seat
        self.race_clock.stop()
        self.selected = []
        other = self._name(1 - seat)
        self.show_verdict(
            f"{does_text(self.table, seat, 'finds', 'find')} a GeoPlunge in {used:.0f} seconds!",
            correct=True,
            lines=[
                f"It stays hidden until {other} has tried. Pass the screen to {other}: "
                f"{other} must find one in less than {used:.0f} seconds to win the race."
            ],
        )
        self.refresh()

    def give_up(self) -> None:
        """Stop searching: the other player may still find a GeoPlunge."""
        seat = self.viewer
        game = self.game
        if seat is None or game.phase != "race" or seat not in game.to_act():
            return
        if self.hotseat and self._first_time is None:
            self._first_time = math.inf
            self._racer = 1 - seat
        self.act({"player": seat, "type": "give_up"})
        self._release_if_out(seat)

    def _release_if_out(self, seat: int) -> None:
        """Two people: when the second player is out, the first player's held claim wins."""
        game = self.game
        if self._held_claim is None or game.phase != "race":
            return
        if game.view(seat)["race"]["out"][seat]:
            self._release_held()

    def _release_held(self) -> None:
        held, self._held_claim = self._held_claim, None
        if held is not None and self.game.phase == "race":
            self.act(held)

    def put_away(self) -> None:
        """Stage 3: put the two picked cards away."""
        seat = self.viewer
        if seat is None or self.game.phase != "discard":
            return
        if len(self.selected) != DISCARDS:
            self._hint(f"Pick {DISCARDS} cards to put away: click them under Your cards.")
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
            self._hint("Wait for your turn.")
            return
        if game.phase == "discard":
            self._toggle(code, limit=DISCARDS)
            return
        if game.phase != "trick":
            self._hint("First say whether you are GeoPlunging.")
            return
        if game.view(seat)["stage3"]["trick"] is None:
            category = self.category_pick.value
            if category is None:
                self._hint("First pick what counts for this trick: Size, Statehood or Population.")
                return
            self.act({"player": seat, "type": "lead", "category": category, "card": code})
            self.category_pick.value = None
            return
        self.act({"player": seat, "type": "follow", "card": code})

    def next_round(self) -> None:
        if self.game.phase == "round_over":
            seat = self.viewer if self.viewer is not None else self.game.to_act()[0]
            self.act({"player": seat, "type": "next_round"})

    # ----- the race clock ----------------------------------------------------------------
    def tick(self) -> None:
        """One beat of the race clock (every second in a kernel; tests call it themselves)."""
        self.race_clock.tick()

    def _race_beat(self, _elapsed: float) -> None:
        wait = self._locked_for()
        self.claim_button.disabled = wait > 0
        self.claim_button.description = (
            f"GeoPlunge! (wait {math.ceil(wait)} s)" if wait > 0 else "GeoPlunge!"
        )

    def _race_time_up(self, _elapsed: float) -> None:
        """The limit came: the computer shouts (or gives up), or the held claim wins."""
        if self.hotseat:
            self._release_held()
        else:
            self.run_bots()

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
        bot = next((s for s in (0, 1) if s in self.bots), None)
        if key != self._race_key:
            self._race_key = key
            self._locked_until = 0.0
            self._first_time = None
            self._held_claim = None
            self._racer = view["dealer"]
            if bot is None:
                return  # two people: the clock starts when the first racer takes the screen
            due = race_time_of(self.bots[bot], game, bot) if bot in game.to_act() else None
            self.race_clock.begin(
                due,
                f"{self._name(bot)} can shout GeoPlunge in {{left}} s",
                paused=self.feedback.is_open,
            )
        elif bot is not None and bot not in game.to_act() and self.race_clock.limit is not None:
            self.race_clock.unlimited(f"{self._name(bot)} gave up: take your time.")

    # ----- the shell's hooks -------------------------------------------------------------
    def bot_seat(self) -> int | None:
        game = self.game
        if game.is_terminal() or game.phase == "round_over":
            return None  # a person presses Next round
        acting = game.to_act()
        bot = next((s for s in acting if s in self.bots), None)
        if bot is None or game.phase != "race":
            return bot
        # The race: the computer shouts when its time comes, or at once when nobody else races.
        if all(s in self.bots for s in acting) or self._race_due():
            return bot
        return None

    def paused(self, on: bool) -> None:
        if on:
            self.race_clock.pause()
        else:
            self.race_clock.resume()

    def set_large(self, large: bool) -> None:
        self._build_map(large)
        self._painted = None
        self.refresh()

    def closing(self) -> None:
        self.race_clock.stop()
        if self.interactive:
            import matplotlib.pyplot as plt

            plt.close(self.map.figure)

    def standings(self) -> list[Standing]:
        scores = self.game.scores()
        s3 = self.game.view(None).get("stage3")
        return [
            Standing(
                seat,
                (float(scores[seat]),),
                number_text(scores[seat]),
                f"{s3['won'][seat]} of {TRICKS}" if s3 else "",
            )
            for seat in (0, 1)
        ]

    def prompt(self) -> str:
        game = self.game
        view = game.view(None)
        head = f"Round {view['round']} · {STAGE_NAMES[game.phase]} · {self._deal_words(view)}"
        if game.is_terminal():
            return f'{head}<br><span class="gt-turn">The game is over.</span>'
        return f'{head}<br><span class="gt-turn">{self._now_words(view)}</span>'

    def _deal_words(self, view: Mapping[str, Any]) -> str:
        s3 = view.get("stage3")
        if s3 is None or self.game.phase not in STAGE3:
            return does(self.table, view["dealer"], "deals this round", "deal this round")
        words = does(self.table, s3["dealer"], "deals Stage 3", "deal Stage 3")
        if self.game.phase == "trick":
            number = len(s3["tricks"]) + 1
            leads = does(self.table, s3["leader"], "leads", "lead")
            words += f" · {leads} trick {number} of {TRICKS}"
        return words

    def _now_words(self, view: Mapping[str, Any]) -> str:
        """Who must act now and what to do (HTML)."""
        game, phase = self.game, self.game.phase
        acting = game.to_act()
        badge = lambda s: seat_badge(self.table, s)  # noqa: E731 - short local helper
        if phase == "guess":
            s1 = view["stage1"]
            guesser, holder = s1["guesser"], s1["holder"]
            number = len(s1["guesses"][guesser]) + 1
            if s1["waiting_for_clue"]:
                if holder in self.bots:
                    return f"{badge(holder)} is giving a clue…"
                return (
                    f"▶ {self._turn(holder)}: give {html_text(self._name(guesser))} a true clue "
                    "about your card."
                )
            if guesser in self.bots:
                return (
                    f"{badge(guesser)} is guessing {html_text(self._whose(holder))} state "
                    f"(guess {number} of {GUESSES})…"
                )
            return (
                f"▶ {self._turn(guesser)}: click the state you think "
                f"{html_text(self._name(holder))} holds (guess {number} of {GUESSES})."
            )
        if phase == "race":
            people = [s for s in acting if s not in self.bots]
            if not people:
                return f"{badge(acting[0])} is still looking for a GeoPlunge…"
            racer = self._racer if self.hotseat and self._racer in people else people[0]
            return (
                f"▶ {self._turn(racer)}: race! Find 2 groups of 3 bordering states in your "
                "cards and press GeoPlunge!"
            )
        if phase == "discard":
            people = [s for s in acting if s not in self.bots]
            if not people:
                return f"{badge(acting[0])} is putting 2 cards away…"
            return f"▶ {self._turn(people[0])}: put {DISCARDS} of your {HAND_SIZE} cards away."
        seat = acting[0]
        if phase == "announce":
            if seat in self.bots:
                return f"{badge(seat)} is deciding whether to GeoPlunge…"
            return f"▶ {self._turn(seat)}: say whether you are GeoPlunging (it changes the points)."
        if phase == "trick":
            s3 = view["stage3"]
            number = len(s3["tricks"]) + 1
            trick = s3["trick"]
            if seat in self.bots:
                return f"{badge(seat)} is choosing a card for trick {number}…"
            if trick is None:
                return (
                    f"▶ {self._turn(seat)}: lead trick {number} of {TRICKS}: pick Size, "
                    "Statehood or Population, then click a card."
                )
            lead = self.cards[trick["lead"]]
            category = trick["category"]
            return (
                f"▶ {self._turn(seat)}: answer {html_text(lead.name)} ({category} "
                f"#{lead.rank(category)}): click a card; the lower number wins."
            )
        next_dealer = does(self.table, 1 - view["dealer"], "deals", "deal")
        return (
            f"▶ Round {view['round']} is over: press Next round ({next_dealer} round "
            f"{view['round'] + 1})."
        )

    # ----- what the computer did, in words ----------------------------------------------
    def describe(self, action: Action) -> str:
        seat, kind = action["player"], action["type"]
        game, who = self.game, (lambda third, second: does_text(self.table, seat, third, second))
        view = game.view(None)
        if kind == "clue":
            clues = view.get("stage1", {}).get("clues", [[], []])[1 - seat]
            said = f": “{clues[-1]['text']}”" if clues else ""
            return f"{who('gives', 'give')} a clue{said}"
        if kind == "guess":
            return self._guess_sentence(action)
        if kind == "geoplunge":
            result = view["results"].get("race")
            if result and result["winner"] == seat:
                return f"{who('shouts', 'shout')} GeoPlunge! {self._groups_said(action['groups'])}."
            return f"{who('shouts', 'shout')} GeoPlunge!, but it does not work."
        if kind == "give_up":
            return f"{who('gives', 'give')} up the race: no GeoPlunge found."
        if kind == "discard":
            return f"{who('puts', 'put')} {DISCARDS} cards away."
        if kind == "announce":
            return f"{who('is', 'are')} {'' if action['geoplunging'] else 'not '}GeoPlunging."
        if kind == "lead":
            card = self.cards[action["card"]]
            category = action["category"]
            return (
                f"{who('leads', 'lead')} {card.name} and says {category.title()}: "
                f"{category} #{card.rank(category)}."
            )
        if kind == "follow":
            tricks = view["stage3"]["tricks"] if view.get("stage3") else []
            card = self.cards[action["card"]]
            if not tricks:
                return f"{who('plays', 'play')} {card.name}."
            last = tricks[-1]
            winner = does_text(self.table, last["winner"], "wins", "win")
            return (
                f"{who('plays', 'play')} {card.name} ({last['category']} "
                f"#{card.rank(last['category'])}): {winner} trick {len(tricks)}."
            )
        return ""

    def _guess_sentence(self, action: Action) -> str:
        seat = action["player"]
        guesses, clues, secret = self._guess_record(seat)
        number = len(guesses)
        clue = clues[number - 1] if 0 < number <= len(clues) else ""
        heard = f"Clue {number}: “{clue}” " if clue else ""
        right = "right!" if action["state"] == secret else "not it."
        name = self.names[action["state"]]
        return f"{heard}{does_text(self.table, seat, 'guesses', 'guess')} {name}: {right}"

    def _guess_record(self, seat: int) -> tuple[list[str], list[str], str]:
        """Stage 1 of ``seat`` (during or just after it): its guesses, the clue sentences it
        got, and the card it was guessing."""
        game = self.game
        other = 1 - seat
        view = game.view(other)
        if "stage1" in view:
            s1 = view["stage1"]
            texts = [c["text"] for c in s1["clues"][seat]]
            return list(s1["guesses"][seat]), texts, s1["my_card"]
        result = view["results"]["stage1"]
        texts = [game.challenges[c].clue_text(a) for c, a in result["clues"][seat]]
        return list(result["guesses"][seat]), texts, result["secret"][other]

    def _groups_said(self, groups: Sequence[Sequence[str]]) -> str:
        """ "Ohio borders Indiana and Kentucky; Texas borders ..." for a GeoPlunge."""
        said = []
        for group in groups:
            hub = borders.hub_of(group, self.game.neighbours)
            if hub is None:
                said.append(", ".join(self.names[c] for c in group))
                continue
            a, b = (self.names[c] for c in group if c != hub)
            said.append(f"{self.names[hub]} borders {a} and {b}")
        return "; ".join(said)

    def _where(self, code: str) -> str:
        card = self.cards[code]
        return f"{card.name} is in the {card.region} ({card.division})."

    # ----- what a move led to: the verdicts -----------------------------------------------
    def after(self, action: Action, by_human: bool) -> None:
        kind = action["type"]
        game = self.game
        verdict = Verdict()
        if kind == "guess":
            self._guess_verdict(verdict, action, by_human)
        elif kind in ("geoplunge", "give_up"):
            self._race_verdict(verdict, action, by_human)
        elif kind == "follow":
            self._trick_verdict(verdict)
        if kind == "follow" and "stage3" in game.view(None)["results"]:
            verdict.lines.append(self._stage3_said())
            if game.phase == "round_over":
                verdict.lines.append(self._score_said())
                nxt = does_text(self.table, 1 - game.view(None)["dealer"], "deals", "deal")
                verdict.lines.append(
                    f"Press Next round: {nxt} round {game.view(None)['round'] + 1}."
                )
        if game.is_terminal():
            self._end_verdict(verdict)
            return
        if verdict.headline:
            self.explaining = verdict.explaining
            self.show_verdict(
                verdict.headline,
                correct=verdict.correct,
                answer=verdict.answer,
                where=verdict.where,
                fact=verdict.fact,
                lines=verdict.lines,
            )

    def _guess_verdict(self, verdict: Verdict, action: Action, by_human: bool) -> None:
        seat, code = action["player"], action["state"]
        other = 1 - seat
        guesses, _clues, secret = self._guess_record(seat)
        name, right = self.names[code], code == secret
        done = right or len(guesses) >= GUESSES
        game = self.game
        if by_human:
            verdict.correct = right
            verdict.explaining = {
                "kind": "guess",
                "picked": code,
                "answer": secret if done else None,
                "tried": guesses,
            }
            if right:
                verdict.headline = f"Yes! It is {name}."
                verdict.answer = f"Found in {plural(len(guesses), 'guess')}."
            elif done:
                verdict.headline = f"Not {name}: that was your last guess."
                verdict.answer = f"{self._whose(other, upper=True)} state was {self.names[secret]}."
            else:
                verdict.headline = f"Not {name}."
                verdict.lines.append(self._where(code))
                s1 = game.view(seat).get("stage1")
                if s1 and s1["waiting_for_clue"]:
                    verdict.lines.append(f"{self._name(other)} gives you a new clue next.")
                elif s1 and s1["clues"][seat]:
                    verdict.lines.append(f"A new clue: “{s1['clues'][seat][-1]['text']}”")
                how = "click" if self.interactive else "type"
                verdict.lines.append(f"Guess {len(guesses) + 1} of {GUESSES}: {how} another state.")
            if done:
                verdict.where = f"{self._where(secret)} It is green on the map."
                verdict.fact = state_fact(secret)
        results = game.view(None)["results"]
        if game.phase != "guess" and "stage1" in results:
            said, headline = self._stage1_said(results["stage1"])
            if verdict.headline:
                verdict.lines += [*said, headline]
            else:
                verdict.lines += said
                verdict.headline = headline
                verdict.explaining = {"kind": "stage1", "secret": results["stage1"]["secret"]}

    def _stage1_said(self, result: Mapping[str, Any]) -> tuple[list[str], str]:
        """Stage 1's result: one line per guesser and who scores; and a headline."""
        lines = []
        dealer = self.game.view(None)["dealer"]
        for seat in (dealer, 1 - dealer):
            taken = result["taken"][seat]
            card = self.names[result["secret"][1 - seat]]
            if taken is None:
                lines.append(f"{does_text(self.table, seat, 'does', 'do')} not find {card}.")
            else:
                found = does_text(self.table, seat, "finds", "find")
                lines.append(f"{found} {card} in {plural(taken, 'guess')}.")
        points = result["points"]
        if points[0] == points[1]:
            headline = f"Stage 1 is a tie: {points[0]} points each."
        else:
            winner = 0 if points[0] > points[1] else 1
            headline = (
                f"Stage 1: {does_text(self.table, winner, 'wins', 'win')} {max(points)} points."
            )
        return lines, headline

    def _race_verdict(self, verdict: Verdict, action: Action, by_human: bool) -> None:
        game = self.game
        seat = action["player"]
        if game.phase == "race":
            if action["type"] != "geoplunge" or not by_human:
                return
            race = game.view(seat)["race"]
            verdict.headline = "Not a GeoPlunge yet."
            verdict.correct = False
            verdict.lines.append(race["problem"] or "")
            verdict.explaining = {"kind": "groups", "groups": action["groups"], "whose": seat}
            if race["out"][seat]:
                return
            self._locked_until = self.race_clock.elapsed() + LOCKOUT_SECONDS
            tries = MAX_WRONG_CLAIMS - race["wrong"][seat]
            verdict.lines.append(
                f"Your GeoPlunge! button waits {LOCKOUT_SECONDS} seconds after you press "
                f"Continue. {plural(tries, 'wrong claim')} more and you are out of this race."
            )
            return
        result = game.view(None)["results"].get("race")
        if result is None:
            return  # the game ended before the race
        winner = result["winner"]
        solutions = result["solutions"]
        if winner is None:
            verdict.headline = "Nobody found a GeoPlunge: no points for Stage 2."
        else:
            shout = does_text(self.table, winner, "shouts", "shout")
            verdict.headline = f"{shout} GeoPlunge first: +{STAGE_POINTS} points!"
            verdict.lines.append(self._groups_said(solutions[winner]) + ".")
            if not self.hotseat:
                verdict.correct = winner not in self.bots
        for seat in (0, 1):
            if seat == winner:
                continue
            hand = f"{self._whose(seat, upper=True)} cards"
            if solutions[seat]:
                verdict.lines.append(f"{hand} had one too: {self._groups_said(solutions[seat])}.")
            else:
                verdict.lines.append(f"{hand} had no GeoPlunge.")
        shown = winner if winner is not None else next((s for s in (0, 1) if solutions[s]), None)
        if shown is not None:
            groups = solutions[shown]
            verdict.explaining = {"kind": "groups", "groups": groups, "whose": shown}
            verdict.where = (
                f"On the map: {self._whose(shown)} groups, group 1 orange and group 2 pink."
            )
            hub = borders.hub_of(groups[0], game.neighbours)
            verdict.fact = state_fact(hub or groups[0][0])
        s3 = game.view(None).get("stage3")
        if s3 is not None:
            deals = does_text(
                self.table, s3["dealer"], "deals Stage 3 and leads", "deal Stage 3 and lead"
            )
            why = "the race winner" if winner is not None else "this round's dealer"
            verdict.lines.append(f"{deals} the first trick, as {why}.")

    def _trick_verdict(self, verdict: Verdict) -> None:
        s3 = self.game.view(None)["stage3"]
        trick = s3["tricks"][-1]
        number = len(s3["tricks"])
        winner = trick["winner"]
        category = trick["category"]
        won = self.cards[trick["cards"][winner]]
        lost = self.cards[trick["cards"][1 - winner]]
        last = " last" if number == TRICKS else ""
        wins = does_text(self.table, winner, "wins", "win")
        verdict.headline = f"{wins} the{last} trick ({number} of {TRICKS})."
        if not self.hotseat:
            verdict.correct = winner not in self.bots
        verdict.lines.append(
            f"{category.title()}: {won.name} is #{won.rank(category)}, {lost.name} is "
            f"#{lost.rank(category)}. The lower number wins."
        )
        tally = ", ".join(f"{self._name(s)} {s3['won'][s]}" for s in (0, 1))
        verdict.lines.append(f"Tricks won: {tally}.")
        if number < TRICKS:
            verdict.lines.append(
                f"{does_text(self.table, winner, 'leads', 'lead')} trick {number + 1}."
            )
        verdict.explaining = {"kind": "trick", "trick": trick}

    def _stage3_said(self) -> str:
        """ "You win Stage 3, 3 tricks to 3: the last trick decided it. +5 points (...)"."""
        result = self.game.view(None)["results"]["stage3"]
        winner = result["winner"]
        mine, theirs = result["won"][winner], result["won"][1 - winner]
        text = f"{does_text(self.table, winner, 'wins', 'win')} Stage 3, {mine} tricks to {theirs}"
        if mine == theirs:
            text += ": the last trick decided it"
        plunged = [self._name(s) for s in (0, 1) if result["geoplunging"][s]]
        if not plunged:
            why = "nobody was GeoPlunging"
        elif len(plunged) == 2:
            why = "both were GeoPlunging"
        else:
            why = f"{plunged[0]} {'were' if plunged[0] == 'You' else 'was'} GeoPlunging"
        return f"{text}. +{result['points']} points ({why})."

    def _score_said(self) -> str:
        scores = self.game.scores()
        said = ", ".join(f"{self._name(s)} {number_text(scores[s])}" for s in (0, 1))
        return f"Score: {said} (first to {self.game.target})."

    def _end_verdict(self, verdict: Verdict) -> None:
        self.explaining = verdict.explaining
        lines = [verdict.headline, *verdict.lines] if verdict.headline else list(verdict.lines)
        self.show_game_over([*lines, self._score_said()])

    # ----- drawing -----------------------------------------------------------------------
    def redraw(self) -> None:
        game = self.game
        if not (self.feedback.is_open or game.is_terminal()):
            self.explaining = None  # the verdict was put away: back to the game
        self.detail_title = "Tricks" if game.phase in STAGE3 else ""
        self._sync_race()
        if self.guard is not None:
            self._pass_screen()
        who = (game.phase, self.viewer, self._race_key)
        if who != self._selected_for:
            self._selected_for = who
            self.selected = []
        self._draw_controls()
        self._draw_board()
        self.sheet.value = self._sheet_html()

    def _pass_screen(self) -> None:
        """Hot seat: hand the screen to the person who must act (never show both hands)."""
        assert self.guard is not None
        game = self.game
        acting = [s for s in game.to_act() if s not in self.bots]
        if game.phase in ("round_over", "game_over"):
            self.guard.hide()
            return
        if game.phase == "race" and self._racer in acting:
            want: int | None = self._racer
        else:
            want = acting[0] if acting else None
        key = (game.phase, want, len(game.log))
        moved = self.guard.seat != want or not self.guard.revealed
        if want is not None and moved and self._guard_for != key:
            self._guard_for = key
            self.guard.pass_to(want)

    def _draw_controls(self) -> None:
        game = self.game
        if game.is_terminal():
            self.controls.children = []
            return
        if game.phase == "round_over":
            nxt = does(self.table, 1 - game.view(None)["dealer"], "deals", "deal")
            self.step.value = (
                f"<p><b>The round is over.</b> Next round: {nxt} and guesses first.</p>"
            )
            self.controls.children = [self.step, self.next_round_button]
            return
        seat = self.viewer
        if seat is not None:
            self.private.children = self._private_controls(seat)
        self.controls.children = [self.guard] if self.guard is not None else [self.private]

    def _private_controls(self, seat: int) -> list[widgets.Widget]:
        phase = self.game.phase
        if phase == "guess":
            return self._stage1_controls(seat)
        if phase == "race":
            return self._race_controls(seat)
        return self._stage3_controls(seat)

    def _stage1_controls(self, seat: int) -> list[widgets.Widget]:
        game = self.game
        s1 = game.view(seat)["stage1"]
        guesser, holder = s1["guesser"], s1["holder"]
        mine = self.cards[s1["my_card"]].name
        other = 1 - seat
        parts = [
            f"<p>Your secret card: <b>{html_text(mine)}</b> "
            f"({html_text(self._name(other))} tries to guess it).</p>"
        ]
        if s1["waiting_for_clue"] and seat == holder:
            self.clue_pick.options = s1["clue_choices"]
            parts.append(
                f"<p>GeoChallenge card for {html_text(self._name(guesser))}: "
                f"<i>{html_text(s1['challenge']['ask'])}</i><br>Pick a true clue about "
                f"{html_text(mine)}:</p>"
            )
            self.step.value = "".join(parts)
            return [self.step, self.clue_row]
        clues = "".join(f"<li>{html_text(c['text'])}</li>" for c in s1["clues"][guesser])
        tried = ", ".join(self.names[c] for c in s1["guesses"][guesser]) or "none yet"
        if guesser == seat:
            parts.append(f"<p>Clues about {html_text(self._whose(other))} state:</p>")
        else:
            parts.append(f"<p>Clues {html_text(self._name(guesser))} got about your card:</p>")
        parts.append(f"<ol>{clues}</ol>" if clues else "<p><i>The clue is coming…</i></p>")
        parts.append(f"<p>Guesses so far: {html_text(tried)}</p>")
        if guesser != seat or s1["waiting_for_clue"]:
            self.step.value = "".join(parts)
            return [self.step]
        number = len(s1["guesses"][seat]) + 1
        route = "click a state on the map, or type it" if self.interactive else "type a state"
        parts.append(f"<p><b>Guess {number} of {GUESSES}:</b> {route}.</p>")
        self.step.value = "".join(parts)
        return [self.step, self.guess_row]

    def _race_controls(self, seat: int) -> list[widgets.Widget]:
        race = self.game.view(seat)["race"]
        if race["out"][seat]:
            why = "gave up" if race["wrong"][seat] < MAX_WRONG_CLAIMS else "made 3 wrong claims"
            self.step.value = (
                f"<p>You {why}: you are out of this race. The other player may still find a "
                "GeoPlunge.</p>"
            )
            return [self.step]
        if self.feedback.is_open:
            # The clock waits while a verdict is read, so the cards wait too.
            self.step.value = (
                "<p><b>The race clock waits while you read.</b> Press Continue to race on.</p>"
            )
            return [self.step]
        route = (
            "Click your blue states on the map or below"
            if self.interactive
            else "Click their names below"
        )
        self.step.value = (
            "<p><b>Find 2 groups of 3 of your cards</b>: in each group one state borders the "
            f"other two. {route}: the first 3 are group 1.</p>"
            f'<p class="gt-small">{html_text(BORDER_RULE)}</p>'
        )
        self._sync_hand_toggles(race["hand"])
        groups = [self.selected[:3], self.selected[3:6]]
        self.groups_line.value = (
            "<p>"
            + " · ".join(
                f"<b>Group {i + 1}</b> ({('orange', 'pink')[i]}): "
                + (html_text(", ".join(self.names[c] for c in g)) or "—")
                for i, g in enumerate(groups)
            )
            + "</p>"
        )
        self._race_beat(self.race_clock.elapsed())
        return [self.step, self.hand_grid, self.groups_line, self.race_buttons, self.race_clock]

    def _sync_hand_toggles(self, hand: Sequence[str]) -> None:
        """One toggle per card of the race hand (made once per hand), on when picked."""
        if set(self._hand_toggles) != set(hand):
            self._hand_toggles = {}
            for code in sorted(hand, key=self.names.get):
                toggle = widgets.ToggleButton(description=self.names[code])
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
                toggle.description = self.names[code] + group
        finally:
            self._syncing = False

    def _toggled(self, code: str) -> None:
        if not self._syncing:
            self.pick(code)

    def _stage3_controls(self, seat: int) -> list[widgets.Widget]:
        game = self.game
        s3 = game.view(seat)["stage3"]
        phase = game.phase
        acting = seat in game.to_act()
        other = self._name(1 - seat)
        if phase == "discard":
            if not acting:
                self.step.value = f"<p>Waiting for {html_text(other)} to put 2 cards away…</p>"
                return [self.step]
            picked = ", ".join(self.names[c] for c in self.selected) or "none yet"
            self.step.value = (
                f"<p><b>Put {DISCARDS} of your {HAND_SIZE} cards away:</b> click them under "
                f"Your cards, then press the button. Picked: {html_text(picked)}.</p>"
            )
            self.put_away_button.disabled = len(self.selected) != DISCARDS
            return [self.step, self.put_away_button]
        if phase == "announce":
            said = s3["geoplunging"][1 - seat]
            heard = ""
            if said is not None:
                word = "is GeoPlunging" if said else "is not GeoPlunging"
                heard = f"<p>{html_text(other)} {word}.</p>"
            if not acting:
                self.step.value = f"<p>{html_text(other)} decides first…</p>"
                return [self.step]
            self.step.value = (
                f"{heard}<p><b>Are you GeoPlunging this round?</b> {html_text(GEOPLUNGING)}</p>"
                '<p class="gt-small">Say yes when you think your cards will win Stage 3.</p>'
            )
            return [self.step, self.plunge_row]
        trick = s3["trick"]
        if not acting:
            self.step.value = f"<p>{html_text(other)} is choosing a card…</p>"
            return [self.step]
        if trick is None:
            number = len(s3["tricks"]) + 1
            self.step.value = (
                f"<p><b>You lead trick {number} of {TRICKS}.</b> First pick what counts, then "
                f"click one of your cards.</p><p class='gt-small'>{html_text(RANKS_SAID)}</p>"
            )
            return [self.step, self.category_pick]
        lead = self.cards[trick["lead"]]
        category = trick["category"]
        rank = lead.rank(category)
        task = (
            f"Nothing beats {category} #1: click a card you can spare."
            if rank == 1
            else f"Click one of your cards: a {category} number lower than {rank} wins the trick."
        )
        self.step.value = (
            f"<p>{html_text(other)} led <b>{html_text(lead.name)}</b> and said "
            f"<b>{category.title()}</b>: {category} #{rank}.</p><p>{task}</p>"
        )
        return [self.step]

    def _draw_board(self) -> None:
        self._paint_map()
        game = self.game
        view = game.view(None)
        # The canvas keeps its place among the board's children: moving it makes the page
        # build a new view of it (and the order of the others could come out wrong).
        shown = [self.stage3_box, self.map_caption, self.zoom_bar, self._map_widget()]
        if list(self.board.children) != shown:
            self.board.children = shown
        if "stage3" in view and game.phase in (*STAGE3, "round_over", "game_over"):
            self.table_area.value = self._table_html(view)
            self.tiles_box.children = self._hand_tiles()
            self.stage3_box.layout.display = ""
        else:
            self.stage3_box.layout.display = "none"

    def _map_widget(self) -> widgets.Widget:
        if not self.interactive:
            return self.map_picture
        if getattr(self, "_canvas_box", None) is None:
            self._canvas_box = canvas_box(self.map.figure.canvas)
        return self._canvas_box

    def _table_html(self, view: Mapping[str, Any]) -> str:
        """Stage 3's table: tricks won, who GeoPlunges, and the cards of the trick."""
        s3 = view["stage3"]
        won = ", ".join(f"{html_text(self._name(s))} {s3['won'][s]}" for s in (0, 1))
        plunging = []
        for seat in (0, 1):
            said = s3["geoplunging"][seat]
            word = "not decided yet" if said is None else ("yes" if said else "no")
            plunging.append(f"{html_text(self._name(seat))} {word}")
        head = (
            f"<p><b>Trick {min(len(s3['tricks']) + 1, TRICKS)} of {TRICKS}</b> · "
            f"Tricks won: {won} · GeoPlunging: {', '.join(plunging)}</p>"
        )
        played = []
        trick = s3["trick"]
        explaining = self.explaining or {}
        if trick is not None:
            played.append(self._tile_html(trick["lead"], trick["category"], trick["leader"]))
        elif explaining.get("kind") == "trick":
            last = explaining["trick"]
            for seat in (last["leader"], 1 - last["leader"]):
                played.append(
                    self._tile_html(
                        last["cards"][seat], last["category"], seat, won=seat == last["winner"]
                    )
                )
        table = "".join(played) or "<p><i>No card on the table.</i></p>"
        return head + f'<div class="gt-trick">{table}</div>'

    def _tile_html(self, code: str, category: str, seat: int, won: bool = False) -> str:
        card = self.cards[code]
        ranks = html_text(rank_labels(card, self.census)).replace(
            html_text(f"{category} #{card.rank(category)}"),
            f"<b>{html_text(category)} #{card.rank(category)}</b>",
            1,
        )
        mark = " · won the trick" if won else ""
        return (
            f'<div class="gt-tile{" gt-won" if won else ""}">{seat_badge(self.table, seat)}'
            f"{mark}<br><b>{html_text(card.name)}</b><br>{ranks}</div>"
        )

    def _hand_tiles(self) -> list[widgets.Widget]:
        """The Stage 3 hand as card buttons (two lines each), only for the player looking."""
        seat = self.viewer
        game = self.game
        if seat is None or game.phase not in STAGE3:
            return []
        hand = game.view(seat)["stage3"]["hand"]
        tiles: list[widgets.Widget] = [self.tiles_heading]
        for code in hand:
            if code not in self._tiles:
                tile = widgets.Button(layout=widgets.Layout(width="calc(50% - 6px)", height="auto"))
                tile.add_class("gt-card-tile")
                tile.on_click(safe(lambda _b, c=code: self.tile_clicked(c), show=self.messages))
                self._tiles[code] = tile
            tile = self._tiles[code]
            picked = code in self.selected
            card = self.cards[code]
            away = " (put away)" if picked else ""
            tile.description = f"{card.name}{away}\n{rank_labels(card, self.census)}"
            tile.button_style = "warning" if picked else ""
            tile.icon = "check" if picked else ""
            tile.tooltip = f"Play {card.name}" if game.phase == "trick" else f"Put {card.name} away"
            tiles.append(tile)
        return tiles

    # ----- the map -----------------------------------------------------------------------
    def _build_map(self, large: bool) -> None:
        """The U.S. map at the board's size (labels 11 px, or 15 px in large text).

        Large text draws the map again on the same figure, made bigger: a live canvas stays the
        same widget on the page (a new one would leave the old picture behind).
        """
        old = getattr(self, "map", None)
        size = MAP_SIZE_LARGE if large else MAP_SIZE
        if old is None:
            figure = new_figure(size, dpi=MAP_DPI, interactive=self.interactive)
        else:
            old.stop_picking()
            self._zoom.disconnect_wheel()
            figure = old.figure
            figure.clear()
            figure.set_size_inches(*size)
        self.map = us_map_view(
            ax=figure.add_axes((0.0, 0.0, 1.0, 1.0)),
            fontsize=LABEL_PT_LARGE if large else LABEL_PT,
        )
        self._zoom = board_map(
            self.map,
            interactive=self.interactive,
            on_pick=safe(self.pick, show=self.messages),
            on_change=self._show_map,
        )
        if not self.interactive:
            self.map_picture.layout.width = f"{round(size[0] * MAP_DPI)}px"
            self.map_picture.layout.max_width = "100%"

    def _northeast(self) -> list[str]:
        """The Northeast and the small states beside it that carry their label outside."""
        north_east = {c for c, card in self.cards.items() if card.region == "Northeast"}
        small = {code for code, p in self.map.numbers.items() if not p.inside}
        near = {c for c in small if c in self.cards and self.cards[c].neighbours & north_east}
        return sorted((north_east | near) & set(self.map.codes)) or list(self.map.codes)

    def _show_map(self) -> None:
        """Push the map to the screen (a PNG when it is not a live canvas); browser tests
        learn where each state is on the canvas."""
        if self.interactive:
            self.map.figure.canvas.draw_idle()
        else:
            self.map_picture.value = to_png(self.map.figure)
        view = self.map
        self.show_click_targets(
            view.figure, view.ax, {c: view.anchors[i] for i, c in enumerate(view.codes)}
        )

    def _paint_map(self) -> None:
        """Colour the map for the step (or the verdict being read); said in the caption."""
        fills, outlines, hatched, labels, caption = self._map_paint()
        key = (fills, outlines, hatched, labels, self.map.figure.get_figwidth())
        self.map_caption.value = f"<p>{caption}</p>"
        if key == self._painted:
            return
        self._painted = key
        view = self.map
        view.clear()
        for colour, codes in fills:
            if codes:
                view.highlight(list(codes), colour)
        if hatched:
            view.hatch(list(hatched))
        if outlines:
            view.outline(list(outlines), width=2.0)
        for code, text in labels:
            view.label(code, text, size=9.0)
        self._show_map()

    def _map_paint(
        self,
    ) -> tuple[
        tuple[tuple[str, tuple[str, ...]], ...],
        tuple[str, ...],
        tuple[str, ...],
        tuple[tuple[str, str], ...],
        str,
    ]:
        """(fills, outlines, hatched, labels, caption HTML) for the map now."""
        on_map = set(self.map.codes)
        keep = lambda codes: tuple(c for c in codes if c in on_map)  # noqa: E731
        explaining = self.explaining or {}
        kind = explaining.get("kind")
        names = self.names
        if kind == "guess":
            picked, answer = explaining["picked"], explaining["answer"]
            tried = keep(c for c in explaining["tried"] if c not in (picked, answer))
            fills = [(ANSWER, keep([answer] if answer else []))]
            caption = []
            if picked != answer:
                fills.append((WRONG, keep([picked])))
                caption.append(f"Your guess, {html_text(names[picked])}, is red-orange")
            if answer:
                caption.append(f"the answer, {html_text(names[answer])}, is green")
            if tried:
                caption.append("earlier guesses are striped")
            shown = keep(c for c in (picked, answer) if c)
            return tuple(fills), shown, tried, (), "On the map: " + "; ".join(caption) + "."
        if kind == "stage1":
            secret = explaining["secret"]
            held = "; ".join(
                f"{html_text(self._whose(s))} card, {html_text(names[secret[s]])}" for s in (0, 1)
            )
            return ((ANSWER, keep(secret)),), keep(secret), (), (), f"In green: {held}."
        if kind == "groups":
            groups = explaining["groups"]
            fills = tuple((GROUP_COLOURS[i], keep(g)) for i, g in enumerate(groups))
            labels = tuple((c, str(i + 1)) for i, g in enumerate(groups) for c in keep(g))
            caption = (
                f"{html_text(self._whose(explaining['whose'], upper=True))} groups: group 1 "
                "orange (marked 1), group 2 pink (marked 2)."
            )
            return fills, keep(c for g in groups for c in g), (), labels, caption
        if kind == "trick":
            trick = explaining["trick"]
            category = trick["category"]
            cards = keep(trick["cards"])
            labels = tuple((c, f"#{self.cards[c].rank(category)}") for c in cards)
            said = " and ".join(html_text(names[c]) for c in cards)
            return (
                ((palettes.HIGHLIGHT, cards),),
                cards,
                (),
                labels,
                f"The trick on the map: {said}, with their {category} ranks.",
            )
        return self._step_paint(keep)

    def _step_paint(self, keep: Callable[[Any], tuple[str, ...]]) -> tuple[Any, ...]:
        game = self.game
        seat = self.viewer
        phase = game.phase
        if phase == "guess":
            s1 = game.view(seat if seat is not None else None)["stage1"]
            guesser = s1["guesser"]
            tried = keep(s1["guesses"][guesser])
            fills: list[tuple[str, tuple[str, ...]]] = []
            caption = []
            if seat == guesser and not s1["waiting_for_clue"]:
                if self.show_possible:
                    clues = [(c["challenge"], c["answer"]) for c in s1["clues"][seat]]
                    left = possible_states(
                        clues, self.cards, game.challenges, exclude=s1["guesses"][seat]
                    )
                    fills.append((POSSIBLE, keep(left)))
                    caption.append(
                        f"Yellow: the {plural(len(left), 'state')} that "
                        f"{'fits' if len(left) == 1 else 'fit'} every clue so far"
                    )
                caption.append(
                    f"{'click' if self.interactive else 'type'} the state you think it is"
                )
            elif seat is not None:
                fills.append((HAND, keep([s1["my_card"]])))
                caption.append(f"Your card, {html_text(self.names[s1['my_card']])}, is blue")
            if tried:
                caption.append("states already guessed are striped")
            text = "; ".join(caption) or "The 50 states"
            return tuple(fills), (), tried, (), text[0].upper() + text[1:] + "."
        if phase == "race" and seat is not None:
            race = game.view(seat)["race"]
            if not race["hand"] or race["out"][seat]:
                return (), (), (), (), "Your race is over: wait for the result."
            groups = [self.selected[:3], self.selected[3:6]]
            fills = [(HAND, keep(race["hand"]))]
            fills += [(GROUP_COLOURS[i], keep(g)) for i, g in enumerate(groups)]
            labels = tuple((c, str(i + 1)) for i, g in enumerate(groups) for c in keep(g))
            how = "Click them" if self.interactive else "Pick them on the right"
            caption = (
                f"Your 18 cards are blue. {how} to make group 1 (orange, marked 1) and "
                "group 2 (pink, marked 2)."
            )
            return tuple(fills), keep(self.selected), (), labels, caption
        if phase in STAGE3 and seat is not None:
            s3 = game.view(seat)["stage3"]
            fills = [(HAND, keep(s3["hand"]))]
            trick = s3["trick"]
            if trick is None:
                return tuple(fills), (), (), (), "Your cards are blue."
            lead = keep([trick["lead"]])
            rank = self.cards[trick["lead"]].rank(trick["category"])
            fills.append((palettes.HIGHLIGHT, lead))
            return (
                tuple(fills),
                lead,
                (),
                tuple((c, f"#{rank}") for c in lead),
                f"Your cards are blue; the card led, {html_text(self.names[trick['lead']])}, "
                "is orange.",
            )
        return (), (), (), (), "The 50 states."

    def _sheet_html(self) -> str:
        """The score sheet: points each round, players sorted by place."""
        history = self.game.view(None)["history"]
        if not history:
            return ""
        rows = []
        for place, row in places_of(self.standings()):
            before, cells = 0.0, []
            for rnd in history:
                cells.append(
                    f"<td class='gt-num'>{number_text(rnd['scores'][row.seat] - before)}</td>"
                )
                before = rnd["scores"][row.seat]
            rows.append(
                f"<tr><td>{place}</td><td>{seat_badge(self.table, row.seat)}</td>"
                f"{''.join(cells)}<td class='gt-num'><b>{row.shown}</b></td></tr>"
            )
        heads = "".join(f"<th>Round {r['round']}</th>" for r in history)
        return (
            "<details><summary><b>Score sheet</b> (points won each round)</summary>"
            f"<table><tr><th>Place</th><th>Player</th>{heads}<th>Total</th></tr>"
            + "".join(rows)
            + "</table></details>"
        )


def build_screen(table: Table, values: dict[str, Any]) -> GeoTripleScreen:
    """The set-up screen's choices → a game and its screen."""
    game = GeoTriple(
        table,
        seed=values.get("seed"),
        target=int(values["target"]),
        typed_clues=values.get("typed_clues"),
    )
    return GeoTripleScreen(
        game,
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
