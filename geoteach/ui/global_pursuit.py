"""Global Pursuit on the shared screen: the table of map cards, your hand, challenges, trivia.

The screen holds no rules. Every button and click builds an action, hands it to the engine
through the shell (``GameScreen.act``) and redraws from ``game.view(seat)``. Computer players
move through the shell too: paced, one short sentence each in the log, and never while a verdict
waits for Continue.

The board (left): the table from above, zoomed to fit, with the free places numbered; under it
the hand of the person playing (or, while a card is judged, the joint up close). The side
column: the leaderboard, the controls of the current step, the verdict card, the log.

Laying a card, by mouse or by keyboard:

* **Your hand** shows each card as a map ``HAND_PX`` wide, with its set, its number (1-12, as
  printed) and its edges numbered 1-5. Click a card to choose it; click near one of its edges
  to choose the edge that will touch the table.
* **The table** numbers each free place (an orange open edge with a number badge). Click the
  badge, the edge or the empty place to choose it. A ghost of your card then lies there, turned
  as it would be laid; click one of the ghost's edges to turn the card so that edge touches.
* **The controls** do the same without a mouse (card, place, touching edge), then
  **Lay the card**. Clicking needs live matplotlib canvases (ipympl, installed with geoteach;
  ``interactive=False`` shows plain pictures and keeps the controls).

Challenges: while the opponents decide, the joint of the card just laid is shown up close, both
edges side by side, so the class can see whether the coasts and lines go on. A person has
``challenge_seconds`` to challenge a computer's card (a visible countdown); then it stands.

Trivia is the shared ``QuestionCard`` (typed, choice or honor answers). The level is chosen
first (the engine's ``level`` action, "Ask me"), then the card shows the question; a question
that names its options ("Which of these countries ...") lists them in every answer mode. The
answer goes to the engine's ``answer`` action (typed ``text``, which the engine judges again
with the same checker, or a ``mark``); the verdict card then shows right or wrong, every answer
that counts, where the place is and one fact, until Continue.

Hot seat: when two or more people share the screen, a hand is secret. It sits behind a
``HotSeatGuard`` and is built only after its owner clicks "I am <name>"; it is covered again
whenever the hand to show changes owner, a new turn begins, or someone else acts on the screen
(a challenge, the trivia question), so its owner confirms again. With one person (against
computers) there is no guard, and that person's hand stays in view during the others' turns.

Time limit (the VARIATION, option ``time_limit``): a ``Countdown`` starts when a person's turn
starts. Every move of that turn carries the measured ``seconds`` and the engine ends the turn of
a late one; when the clock runs out the screen says so and sends ``time_up``. The clock stops
while the opponents decide on a challenge, while cards are given back, and while a verdict waits
for Continue.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from functools import cache
from typing import Any

import ipywidgets as widgets
import numpy as np
from matplotlib.backend_bases import MouseEvent
from matplotlib.figure import Figure
from rapidfuzz import fuzz

from geoteach.bots.base import Bot, bots_for
from geoteach.bots.global_pursuit import GlobalPursuitBot
from geoteach.escape import html_text
from geoteach.games.base import Action
from geoteach.games.global_pursuit.engine import (
    CHALLENGE_POINTS,
    FOUR_MAPS,
    LEFT_IN_HAND,
    ONE_MAP,
    GlobalPursuit,
    tokens_text,
)
from geoteach.games.global_pursuit.layout import (
    SET_NAMES,
    SETS,
    Layout,
    card_name,
    corners,
    lay_out_set,
)
from geoteach.games.table import Table
from geoteach.quiz.answers import MODES, Mode, Verdict, said_answers
from geoteach.quiz.facts import country_fact, state_fact
from geoteach.quiz.places import place_kind, question_places
from geoteach.quiz.question import LEVELS, Question
from geoteach.render.clicks import is_pick
from geoteach.render.globe_cards import (
    HAND_BAND,
    HandCardPicture,
    TablePicture,
    card_corners,
    edge_near,
    inside_card,
    joint_figure,
    place_marks,
)
from geoteach.render.mapview import new_figure, to_png
from geoteach.ui.apps import screen_options
from geoteach.ui.countdown import Countdown
from geoteach.ui.hotseat import HotSeatGuard
from geoteach.ui.messages import MessageLine
from geoteach.ui.question_card import QuestionCard
from geoteach.ui.safe import on_click, safe
from geoteach.ui.shell import GameScreen, Standing, canvas_box, number_text, plain_canvas
from geoteach.ui.theme import does_text, is_you, seat_badge, themed

#: What a player reads when the clock runs out on a turn.
TIME_UP = "Time is up: your turn ends."
#: Width of a hand card on screen (pixels at normal size); the issue asks for at least 180.
HAND_PX = 180
#: The table on screen, in inches at 100 dpi: 920 × 420 pixels at 1366×768.
TABLE_SIZE = (9.2, 4.2)
#: Each joint up close in a challenge: a panel this wide (and 0.8 of it high), under the table.
JOINT_PX = 270
#: Large-text mode draws the table and the hand this much bigger (labels included).
LARGE_SCALE = 1.3
#: Five hand cards of ``HAND_PX`` need a board 936 px wide at 1366: the side column is narrower.
SIDE_CSS = """<style>
.gt-app.gt-gp .gt-side { flex: 0 0 400px; width: 400px; }
.gt-app.gt-gp.gt-large .gt-side { flex: 0 0 560px; width: 560px; }
.gt-app.gt-gp .gt-hand { flex-flow: row nowrap; gap: 4px; }
.gt-app.gt-gp img.gt-joint { align-self: flex-start; max-width: 100%; height: auto; }
.gt-app.gt-gp .widget-html-content { line-height: 1.3; }
.gt-app.gt-gp .gt-side p { margin: 2px 0; }
.gt-app.gt-gp .gt-leaders small { white-space: nowrap; }
.gt-app.gt-gp .gt-controls .widget-dropdown, .gt-app.gt-gp .gt-controls .widget-text
  { width: 100%; }
.gt-app.gt-gp .geoteach-question-card .widget-hbox { flex-flow: row wrap; }
</style>"""
#: How a person reads each step (``{who}`` is "Your turn" or "Ana's turn").
STEPS = {
    "match": "{who}: lay a card of your hand on a numbered place.",
    "roll": "{who}: a ROLL card! Roll the die.",
    "level": "{who}: choose a level for the {deck} question.",
    "answer": "{who}: answer the {deck} question.",
    "wild": "{who}: right! Try the WILD CARD flag question, or not.",
    "return": "Nobody matched this round: {who} gives back one card.",
}


def live_figure(size: tuple[float, float], dpi: float = 100.0) -> Figure:
    """A figure on its own ipympl canvas widget (clickable), without pyplot or a magic.

    ``%matplotlib widget`` is not needed: the canvas is made directly, so the lesson notebook
    and Voilà get clickable cards, and pyplot's list of figures is left alone.
    """
    from ipympl.backend_nbagg import Canvas, FigureManager

    fig = Figure(figsize=size, dpi=dpi)
    canvas = Canvas(fig)
    FigureManager(canvas, 0)
    plain_canvas(canvas)
    canvas.capture_scroll = False
    return fig


@cache
def can_click() -> bool:
    """Whether live canvases can be made here (ipympl is installed with geoteach; without it
    the table and the hand are pictures and the controls play)."""
    try:
        import ipympl.backend_nbagg  # noqa: F401
    except ImportError:
        return False
    return True


def scale_figure(figure: Figure, scale: float) -> None:
    """Draw ``figure`` at ``scale`` times 100 dpi: larger, its text and lines as well.

    On a live canvas the new size goes to the browser; the canvas's device pixel ratio (a
    high-density screen doubles the dpi) is kept, and so is the new dpi if the ratio changes.
    """
    ratio = float(getattr(figure.canvas, "device_pixel_ratio", 1.0) or 1.0)
    figure._original_dpi = 100.0 * scale  # what matplotlib multiplies by a new pixel ratio
    figure.set_dpi(100.0 * scale * ratio)


def canvas_class(card: str) -> str:
    """The CSS class of a hand card's canvas (browser tests click it by this name)."""
    return "gt-card-" + card.replace(":", "-").replace("_", "-")


def near_edge(shape: np.ndarray, edge: int, inset: float = 0.12) -> tuple[float, float]:
    """A point just inside the middle of ``edge`` of a card with corners ``shape``: where a
    click chooses that edge."""
    mid = (shape[edge] + shape[(edge + 1) % 5]) / 2
    point = mid + inset * (shape.mean(axis=0) - mid)
    return float(point[0]), float(point[1])


def news_since(seen: Sequence[str], news: Sequence[str]) -> list[str]:
    """The lines of ``news`` added since ``seen`` (the engine keeps only the last few)."""
    for added in range(len(news) + 1):
        kept = len(news) - added
        if kept <= len(seen) and list(seen[len(seen) - kept :]) == list(news[:kept]):
            return list(news[kept:])
    return list(news)


@cache
def _laid_out(set_name: str) -> tuple[dict[str, Any], ...]:
    return tuple(lay_out_set(set_name).cards)


class HowTheCardsFit(widgets.VBox):
    """ "To get a feeling for how the MAP CARDS fit together, lay out one set of 12 cards":
    a slider adds the cards one by one (the six Equator cards first), a menu picks the set.

    Plain widgets and observers, not ``interact``: Voilà shows the page without waiting for
    the kernel to answer a cell that ran ``interact`` (which hung about half of the loads).
    """

    def __init__(self, set_name: str = "planet_earth", cards: int = 6, maps: bool = True):
        if set_name not in SETS:
            raise ValueError(f"Choose one of the sets {', '.join(SETS)}, not {set_name!r}.")
        self.maps = maps
        self.messages = MessageLine()
        self.set_picker = widgets.Dropdown(
            options=[(SET_NAMES[s], s) for s in SETS], value=set_name, description="Set:"
        )
        self.slider = widgets.IntSlider(
            value=cards, min=1, max=12, description="Cards:", continuous_update=False
        )
        self.picture = widgets.Image(format="png", layout=widgets.Layout(max_width="820px"))
        self.caption = widgets.HTML()
        self._pictures: dict[str, TablePicture] = {}
        show = safe(lambda _change: self.show(), show=self.messages)
        self.slider.observe(show, "value")
        self.set_picker.observe(show, "value")
        super().__init__(
            [
                widgets.HBox([self.set_picker, self.slider]),
                self.picture,
                self.caption,
                self.messages,
            ]
        )
        self.add_class("gt-cards-fit")
        themed(self)
        self.show()

    def show(self) -> None:
        """Draw the chosen set with the chosen number of cards."""
        set_name, n = self.set_picker.value, self.slider.value
        picture = self._pictures.setdefault(set_name, TablePicture(size=(8.2, 5.2), maps=self.maps))
        laid = list(_laid_out(set_name))[:n]
        picture.draw(laid, last=n - 1)
        self.picture.value = picture.png()
        equator = min(n, 6)
        self.caption.value = (
            f"<p>{n} of the 12 {html_text(SET_NAMES[set_name])} cards: {equator} that show the "
            f"Equator{f', then {n - 6} polar' if n > 6 else ''}. The last one added is "
            f"outlined in blue: {html_text(card_name(laid[-1]['card']))}.</p>"
        )


class HandCard(widgets.VBox):
    """One card of the hand as a picture ``px`` wide: its map, set, number and edges.

    Clicking the card chooses it; clicking near one of its edges also chooses that edge as the
    one that touches the open edge (``on_pick(card, edge or None)``). ``scale`` draws it larger
    (labels too) for large-text mode.
    """

    def __init__(
        self,
        card: str,
        on_pick: Callable[[str, int | None], None],
        maps: bool = True,
        clickable: bool = True,
        show: Any = None,
        scale: float = 1.0,
    ) -> None:
        self.card = card
        self.on_pick = on_pick
        self.maps = maps
        self.scale = scale
        size = (HAND_PX / 100.0, HAND_PX * (1 + HAND_BAND) / 100.0)
        dpi = 100.0 * scale
        self.figure = live_figure(size, dpi) if clickable else new_figure(size, dpi=dpi)
        self.clickable = clickable
        if clickable:
            self.picture = self.figure.canvas
            self.picture.add_class(canvas_class(card))
            self.figure.canvas.mpl_connect("button_press_event", safe(self.on_click, show=show))
        else:
            self.picture = widgets.Image(format="png", width=round(HAND_PX * scale))
        self.drawing = HandCardPicture(card, HAND_PX, maps=maps, figure=self.figure)
        self._shown: tuple[bool, int | None] | None = None
        super().__init__([self.picture])
        self.add_class("gt-hand-card")
        self.show(False, None)

    def show(self, selected: bool, edge: int | None) -> None:
        """Draw the card, chosen or not, with the edge that will touch (if any) marked."""
        edge = edge if selected else None
        if self._shown == (selected, edge):
            return
        self._shown = (selected, edge)
        self.drawing.choose(selected, edge)
        if self.clickable:
            self.figure.canvas.draw_idle()
        else:
            self.picture.value = to_png(self.figure)

    def on_click(self, event: MouseEvent) -> None:
        """A click on the card chooses it, and the edge it was near (if any)."""
        ax = self.figure.axes[0] if self.figure.axes else None
        if not is_pick(event, ax) or event.xdata is None:
            return
        self.on_pick(self.card, edge_near(card_corners(self.card), event.xdata, event.ydata))

    def set_scale(self, scale: float) -> None:
        """Draw the card ``scale`` times as large (large-text mode), labels too."""
        self.scale = scale
        scale_figure(self.figure, scale)
        if self.clickable:
            self.figure.canvas.draw_idle()
        else:
            self.picture.width = round(HAND_PX * scale)
            self.picture.value = to_png(self.figure)

    def targets(self) -> dict[str, tuple[float, float]]:
        """Where to click on this card: its middle, and beside each of its edges."""
        shape = card_corners(self.card)
        points = {f"hand {self.card}": (0.0, 0.0)}
        points.update({f"hand {self.card} edge {k + 1}": near_edge(shape, k) for k in range(5)})
        return points

    def close_card(self) -> None:
        if self.clickable:
            self.figure.canvas.close()
        self.close()


class GlobalPursuitScreen(GameScreen):
    """Global Pursuit on the shared screen: table and hand on the left, the step on the right.

    ``maps=False`` draws plain labelled pentagons (only for very slow computers);
    ``interactive=False`` shows pictures instead of live canvases (the controls still play).
    ``challenge_seconds`` is how long a person may challenge a computer's card before it stands
    (None: until "No challenge" is pressed). ``answer_mode`` is how trivia is answered: "typed",
    "choice" or "honor" (a reader reveals the answer and marks it). ``clock`` measures a turn
    against the ``time_limit`` (a fake one in tests).
    """

    title = "Global Pursuit"
    detail_title = "In hand"

    def __init__(
        self,
        game: GlobalPursuit,
        bots: Mapping[int, Bot] | None = None,
        *,
        maps: bool = True,
        interactive: bool = True,
        challenge_seconds: float | None = 6.0,
        answer_mode: Mode = "typed",
        bot_delay: float = 1.2,
        clock: Callable[[], float] = time.monotonic,
        large: bool = False,
        on_new_game: Callable[[], Any] | None = None,
    ) -> None:
        if answer_mode not in MODES:
            raise ValueError(f"Answer mode must be one of {', '.join(MODES)}, not {answer_mode!r}.")
        if bots is None:
            bots = bots_for(
                game.table, lambda level, seed: GlobalPursuitBot(level, seed=seed), game.seed
            )
        super().__init__(game, bots, bot_delay=bot_delay, large=large, on_new_game=on_new_game)
        self.game: GlobalPursuit = game
        self.add_class("gt-gp")
        self.maps = maps
        self.interactive = interactive and can_click()
        self.challenge_seconds = challenge_seconds
        self.answer_mode = answer_mode
        self.scale = LARGE_SCALE if large else 1.0

        # The board: the table (a live canvas or a picture), the hand or the joint under it.
        self.picture: widgets.Widget = widgets.Image(format="png")
        self.table_picture = self._table_picture()
        #: What the board shows of the table: the canvas in a box of its own, or the picture.
        self.table_view = canvas_box(self.picture) if self.interactive else self.picture
        self.hand_cards = widgets.HBox()
        self.hand_cards.add_class("gt-hand")
        self._hand_widgets: dict[str, HandCard] = {}
        self.joint = widgets.Image(format="png")
        self.joint.add_class("gt-joint")
        self._joint_key: tuple[Any, ...] | None = None
        self.hidden_hand = widgets.HTML()

        # The controls of each step; the selection controls are the keyboard route.
        self.step = widgets.HTML()
        self.hand = widgets.Dropdown(description="Card:", style={"description_width": "initial"})
        self.edge = widgets.Dropdown(description="Place:", style={"description_width": "initial"})
        self.turn = widgets.ToggleButtons(
            options=[(str(k + 1), k) for k in range(5)],
            value=0,
            description="Edge that touches:",
            style={"description_width": "initial", "button_width": "40px"},
            tooltips=[
                f"Turn the card so its edge {k + 1} lies against the open edge" for k in range(5)
            ],
        )
        for control, css in (
            (self.hand, "gt-card-pick"),
            (self.edge, "gt-place"),
            (self.turn, "gt-touching"),
        ):
            control.add_class(css)
        self.lay = self._button("Lay the card", "gt-lay", style="primary", icon="check")
        self.cannot = self._button("I cannot match", "gt-cannot")
        self.challenge = self._button("Challenge!", "gt-challenge", style="danger")
        self.accept = self._button("No challenge", "gt-accept")
        self.roll = self._button("Roll the die", "gt-roll", style="info")
        self.levels = widgets.ToggleButtons(
            options=[(f"{n} {name}", n) for n, name in LEVELS.items()],
            style={"button_width": "auto"},
            tooltips=[f"Level {n}: {name}, {n} point(s)" for n, name in LEVELS.items()],
        )
        self.choose_level = self._button("Ask me", "gt-ask", style="primary")
        self.question = widgets.HTML()
        self.card = QuestionCard(
            mode=answer_mode,
            on_answer=safe(self._answered, show=self.messages),
            choice_pool=self._choice_pool,
        )
        self.card.answer_box.layout.width = "260px"
        self.card.choice_box.layout.flex_flow = "row wrap"
        # The card's own controls, under the names the table used before (tests, notebooks).
        self.answer = self.card.answer_box
        self.submit = self.card.submit_button
        self.right = self.card.right_button
        self.wrong = self.card.wrong_button
        self.try_wild = self._button("Try the WILD CARD flag", "gt-wild")
        self.skip_wild = self._button("No, thanks", "gt-no-wild")
        self.give_back = self._button("Give this card back", "gt-give-back")
        self.countdown = Countdown(
            game.options.get("time_limit"),
            safe(self._time_up, show=self.messages),
            clock=clock,
            time_up_text=TIME_UP,
            show=self.messages,
        )
        self.challenge_clock = Countdown(
            challenge_seconds,
            safe(lambda _seconds: self.on_accept(), show=self.messages),
            clock=clock,
            time_up_text="The card stands.",
            show=self.messages,
        )
        self.challenge_clock.bar.description = "To challenge:"
        self._challenge_for: int | None = None
        self._timed_turn: int | None = None
        self._quiet = False  # filling the hand: choices change without redrawing each time
        self._marks: list[Any] = []
        self._table = Layout()
        self._news_seen = list(game.state["news"])
        self._history_seen = len(game.scoreboard.history)
        self._before: dict[str, Any] = {}
        #: What the board explains while a verdict is open ("joint": the card just judged).
        self.explaining: str | None = None
        selection = safe(lambda _change: self._selection_changed(), show=self.messages)
        for control in (self.hand, self.edge, self.turn):
            control.observe(selection, "value")
        for button, handler in (
            (self.lay, self.on_lay),
            (self.cannot, lambda: self.act({"type": "pass"})),
            (self.challenge, lambda: self.act({"type": "challenge"})),
            (self.accept, self.on_accept),
            (self.roll, lambda: self.act({"type": "roll"})),
            (self.choose_level, self.on_level),
            (self.try_wild, self.on_wild),
            (self.skip_wild, lambda: self.act({"type": "no_wild"})),
            (self.give_back, self.on_give_back),
        ):
            on_click(button, handler, show=self.messages)
        self.hand_box = widgets.VBox()
        humans = [s for s in range(len(game.table.seats)) if s not in self.bots]
        self.humans = humans
        self.guard: HotSeatGuard | None = None
        if len(humans) >= 2:
            self.guard = HotSeatGuard(game.table, self._reveal_hand, show=self.messages)
        self._guard_for: tuple[int, int, str] | None = None
        self._shown_to: int | None = None  # the person the guard last showed the hand to
        self._reader: int | None = None  # the person a verdict speaks to
        self._turns = 0
        self._turn_of = game.player

        # Below the board: tokens and how points are made.
        self.tokens = widgets.HTML()
        self.below.children = [self.tokens, widgets.HTML(_points_html(game))]
        self.side_css = widgets.HTML(SIDE_CSS, layout=widgets.Layout(display="none"))
        self.children = [self.side_css, *self.children]
        self.messages.info(self._who_starts())
        self.start()

    def _who_starts(self) -> str:
        """The rulebook's start: everyone rolls the die, the highest number starts."""
        rolls = self.game.state["first_rolls"]
        last = ", ".join(f"{self.table.name_of(s)} {v}" for s, v in rolls[-1])
        again = " (after a tie, again)" if len(rolls) > 1 else ""
        first = self.game.state["round"]["first"]
        return (
            f"Everyone rolls the die{again}: {last}. "
            f"{does_text(self.table, first, 'starts', 'start')}."
        )

    @staticmethod
    def _button(text: str, css: str, style: str = "", icon: str = "") -> widgets.Button:
        button = widgets.Button(description=text, button_style=style, icon=icon)
        button.add_class(css)
        return button

    def _table_picture(self) -> TablePicture:
        """The table drawn at this screen's scale: a live canvas to click on, or a picture."""
        dpi = 100.0 * self.scale
        if self.interactive:
            figure = live_figure(TABLE_SIZE, dpi)
            picture = TablePicture(figure=figure, maps=self.maps)
            self.picture = figure.canvas
            self.picture.add_class("gt-table-canvas")
            self.picture.mpl_connect(
                "button_press_event", safe(self.on_table_click, show=self.messages)
            )
            return picture
        self.picture = widgets.Image(format="png")
        self.picture.add_class("gt-table-picture")
        return TablePicture(size=TABLE_SIZE, dpi=dpi, maps=self.maps)

    # ----- who acts ---------------------------------------------------------------------------
    def seat(self) -> int:
        """The person who acts now (the first one in a challenge window), else whose turn it is."""
        humans = [s for s in self.game.to_act() if s not in self.bots]
        return humans[0] if humans else self.game.player

    def person_to_act(self) -> int | None:
        """The person who must act now, or None when the computers (or nobody) must."""
        return next((s for s in self.game.to_act() if s not in self.bots), None)

    def hand_owner(self) -> int | None:
        """Whose hand the board shows: the one person at the screen (always), or, with several
        people, the one to act now once the guard has been passed; else nobody."""
        if len(self.humans) == 1:
            return self.humans[0]
        person = self.person_to_act()
        return person if person is not None and self._shown_to == person else None

    # ----- the moves a person makes -----------------------------------------------------------
    def act(self, action: Action) -> None:
        """A person's move: their seat and, when there is a time limit, the time the turn has
        taken are filled in; then the shell applies it, explains it and lets the computers go."""
        seat = action.get("player", self.seat())
        move = {**action, "player": seat}
        self.messages.clear()
        late = False
        if self.countdown.running and seat == self.game.player and "seconds" not in move:
            late = self.countdown.late()
            move["seconds"] = self.countdown.seconds()
        trivia = self.game.state["trivia"]
        self._before = {
            "scores": self.game.scores(),
            "trivia": dict(trivia) if trivia else None,
            "question": self.game.current_question(),
            "late": late,
        }
        self.explaining = None
        self._reader = seat
        super().act(move)

    def on_lay(self) -> None:
        if self.hand.value is None or self.edge.value is None:
            self.messages.error("Pick a card from your hand and a numbered place first.")
            return
        self.act(
            {
                "type": "place",
                "card": self.hand.value,
                "at": list(self.edge.value),
                "card_edge": self.turn.value,
            }
        )

    def on_accept(self) -> None:
        """Every person in the challenge window lets the card stand (or the window closed)."""
        if self.game.phase != "challenge":
            return
        people = [s for s in self.game.to_act() if s not in self.bots]
        if not people:
            return
        for seat in people[:-1]:
            self.game.apply({"player": seat, "type": "accept"})
            self.after({"player": seat, "type": "accept"}, by_human=True)
        self.act({"player": people[-1], "type": "accept"})

    def on_level(self) -> None:
        fixed = self.game.level_of(self.seat())
        self.act({"type": "level", "level": fixed or self.levels.value})

    def on_wild(self) -> None:
        fixed = self.game.level_of(self.seat())
        self.act({"type": "wild", "level": fixed or self.levels.value})

    def on_give_back(self) -> None:
        if self.hand.value is None:
            self.messages.error("Pick the card to give back first (click it in your hand).")
            return
        self.act({"type": "return", "card": self.hand.value})

    def _time_up(self, seconds: float) -> None:
        """The clock ran out: the engine ends the turn (``time_up``)."""
        game = self.game
        if game.is_terminal() or game.player in self.bots or game.phase in ("challenge", "return"):
            return
        self.act({"player": game.player, "type": "time_up", "seconds": round(seconds, 1)})

    def _answered(self, verdict: Verdict) -> None:
        """The question card's verdict, handed to the engine (which keeps the score)."""
        if self.card.asked_mode == "typed" and verdict.given is not None:
            action = {"type": "answer", "text": verdict.given}
        else:
            action = {"type": "answer", "mark": "right" if verdict.correct else "wrong"}
            if self.card.asked_mode == "choice" and verdict.given is not None:
                action["choice"] = verdict.given  # the option clicked, for the lesson record
        self.act(action)

    def _choice_pool(self, question: Question) -> list[str]:
        """Other answers of the same deck and level, the most alike questions first."""
        trivia = self.game.state["trivia"]
        if trivia is None:
            return []
        deck = self.game.state["trivia_decks"].get(trivia["deck"], {"cards": []})
        others = []
        for card_id in deck["cards"]:
            data = self.game.trivia_card(card_id)["questions"][question.level - 1]
            if data["answer"] != question.answer:
                alike = fuzz.ratio(data["prompt"], question.prompt)
                others.append((-alike, data["answer"]))
        return list(dict.fromkeys(answer for _, answer in sorted(others)))

    # ----- choosing by clicking ---------------------------------------------------------------
    def pick_card(self, card: str, edge: int | None = None) -> None:
        """Choose ``card`` from the hand (a click on it), and the edge that touches, if given."""
        if card not in [value for _, value in self.hand.options]:
            return
        with self._held_redraw():
            self.hand.value = card
            if edge is not None:
                self.turn.value = edge

    def on_table_click(self, event: MouseEvent) -> None:
        """A click on the table: on the ghost's edge, turn the card so that edge touches; on
        a numbered place (its badge, its open edge or the empty place), choose that place."""
        if not is_pick(event, self.table_picture.ax) or event.xdata is None:
            return
        x, y = float(event.xdata), float(event.ydata)
        ghost = self._ghost()
        if ghost is not None:
            shape = np.array(corners(ghost["x"], ghost["y"], ghost["turn"]))
            if inside_card(shape, x, y):
                edge = edge_near(shape, x, y, reach=0.35)
                if edge is not None:
                    self.turn.value = edge
                return
        number = self.table_picture.at(x, y)
        if number is not None:
            self.edge.value = self._marks[number - 1].index, self._marks[number - 1].edge

    def _ghost(self) -> dict[str, Any] | None:
        """The chosen card where it would lie, turned as chosen (None until both are chosen)."""
        card, at = self.hand.value, self.edge.value
        if card is None or at is None or self.game.phase != "match":
            return None
        mark = next((m for m in self._marks if (m.index, m.edge) == tuple(at)), None)
        if mark is None or card not in [value for _, value in self.hand.options]:
            return None
        slot = self._table.slot(mark.index, mark.edge)
        turn = (slot.turn0 - 2 * int(self.turn.value)) % 10
        return {"card": card, "x": slot.x, "y": slot.y, "turn": turn}

    def _selection_changed(self) -> None:
        """A card, a place or an edge was chosen: redraw the hand's choice and the ghost only."""
        if self._quiet:
            return
        self._show_hand_choice()
        self._draw_table(self.game.view(self.hand_owner()))

    @contextmanager
    def _held_redraw(self) -> Iterator[None]:
        """Change several choices, then redraw once."""
        self._quiet = True
        try:
            yield
        finally:
            self._quiet = False
        self._selection_changed()

    # ----- what a move led to -----------------------------------------------------------------
    def describe(self, action: Action) -> str:
        """A computer's move in words: the engine's news of it, or a sentence of our own (and
        of our own words about a person's card: "lets your card stand: you score 4")."""
        kind = action["type"]
        who = self.table.name_of(action["player"])
        added = news_since(self._news_seen, self.game.state["news"])
        over = next((i for i, line in enumerate(added) if line.startswith("Game over")), None)
        if over is not None:
            added = [*added[:over], "The game is over."]
        if kind in ("accept", "challenge") and self._layer() not in self.bots:
            end = " The game is over." if over is not None else ""
            return self._about_a_persons_card(kind, who) + end
        own = {
            "accept": f"{who} lets the card stand.",
            "level": f"{who} chooses level {action.get('level')}.",
            "wild": f"{who} tries the WILD CARD flag question.",
            "no_wild": f"{who} does not try the WILD CARD question.",
            "return": f"{who} gives back one card and draws a new one.",
        }.get(kind)
        return " ".join(([own] if own else []) + added)

    def _gained(self, seat: int) -> float:
        """Points ``seat`` made with the move just applied (from the scoreboard's history)."""
        new = self.game.scoreboard.history[self._history_seen :]
        return sum(e["amount"] for e in new if e["seat"] == seat and e["counter"] == "points")

    def _about_a_persons_card(self, kind: str, who: str) -> str:
        """A computer's decision on the card a person laid, in that person's words."""
        layer = self._layer()
        name = self.table.name_of(layer)
        whose = self._whose(layer)
        if kind == "challenge":
            if (self.game.state["last"] or {}).get("challenge") == "right":
                return f"{who} challenges {whose} card: it does not match."
            return f"{who} challenges {whose} card, but it matches: {who} pays {name} 2."
        if self.game.phase == "challenge":
            return f"{who} lets {whose} card stand."
        scores = self._scores_words(layer)
        return f"{who} lets {whose} card stand: {scores} {number_text(self._gained(layer))}."

    def _scores_words(self, seat: int) -> str:
        """ "Ana scores" / "you score", in the middle of a sentence."""
        words = does_text(self.table, seat, "scores", "score")
        return f"you{words[3:]}" if is_you(self.table, seat) else words

    def after(self, action: Action, by_human: bool) -> None:
        kind = action["type"]
        self._count_turns()
        before, self._before = (self._before if by_human else {}), {}
        if by_human and before.get("late"):
            self.show_verdict(
                "Time is up: the turn ends.",
                correct=False,
                lines=["A move made after the time limit does not count."],
            )
        elif kind == "challenge":
            layer = self._layer()
            if by_human:
                self._explain_own_challenge(action["player"], layer)
            elif layer not in self.bots:
                self._reader = layer
                self._explain_challenged(action["player"], layer)
        elif by_human and kind == "answer":
            self._explain_answer(action["player"], before)
        elif by_human and kind == "time_up":
            self.show_verdict("Time is up: the turn ends.", correct=False)
        elif kind in ("place", "accept") and self.game.phase != "challenge":
            self._say_the_card_stands()
        if self.game.is_terminal():
            self._explain_end()
        self._news_seen = list(self.game.state["news"])
        self._history_seen = len(self.game.scoreboard.history)

    def _say_the_card_stands(self) -> None:
        """A person's card was let stand (or nobody could challenge it): the points, in words."""
        places = [a for a in self.game.log if a["type"] == "place"]
        layer = places[-1]["player"] if places else None
        if layer is None or layer in self.bots or self.game.layout.cards[-1:] == []:
            return
        if self.game.layout.cards[-1]["card"] != places[-1]["card"]:
            return  # the card was taken back (a late move, or a right challenge)
        gained = self._gained(layer)
        if gained > 0:
            scores = self._scores_words(layer)
            self.messages.success(f"The card stands: {scores} {number_text(gained)}.")

    def _layer(self) -> int:
        """Who laid the card a challenge was about: the last card laid."""
        return next(a["player"] for a in reversed(self.game.log) if a["type"] == "place")

    def _whose(self, seat: int) -> str:
        return "your" if is_you(self.table, seat) else f"{self.table.name_of(seat)}'s"

    def _explain_own_challenge(self, seat: int, layer: int) -> None:
        last = self.game.state["last"] or {}
        other = self.table.name_of(layer)
        self.explaining = "joint"
        if last.get("challenge") == "right":
            self.show_verdict(
                "Right! That card does not match.",
                correct=True,
                lines=[
                    *(f"{why[0].upper()}{why[1:]}." for why in last.get("why", [])),
                    f"{does_text(self.table, seat, 'takes', 'take')} {CHALLENGE_POINTS} points "
                    f"from {other}. The card goes back to {other}'s hand.",
                ],
            )
        else:
            self.show_verdict(
                "Not this time: that card matches.",
                correct=False,
                lines=[
                    f"{does_text(self.table, seat, 'pays', 'pay')} {other} "
                    f"{CHALLENGE_POINTS} points. Look at the joint: the map goes on."
                ],
            )

    def _explain_challenged(self, challenger: int, layer: int) -> None:
        """A computer challenged a person's card: the person reads what happened."""
        last = self.game.state["last"] or {}
        who = self.table.name_of(challenger)
        self.explaining = "joint"
        whose = self._whose(layer)
        if last.get("challenge") == "right":
            self.show_verdict(
                f"{who} challenges: {whose} card does not match.",
                correct=False,
                lines=[
                    *(f"{why[0].upper()}{why[1:]}." for why in last.get("why", [])),
                    f"{does_text(self.table, layer, 'pays', 'pay')} {who} {CHALLENGE_POINTS} "
                    f"points; the card goes back to {whose} hand and {whose} turn ends.",
                ],
            )
        else:
            self.show_verdict(
                f"{who} challenges, but {whose} card matches!",
                correct=True,
                lines=[f"{who} pays {CHALLENGE_POINTS} points. Now the trivia question."],
            )

    def _explain_answer(self, seat: int, before: Mapping[str, Any]) -> None:
        """The verdict of a person's trivia answer: big, with every answer that counts, where
        the place is and one fact; it stays until Continue."""
        question: Question | None = before.get("question")
        last = self.game.state["last"] or {}
        if question is None:
            return
        right = bool(last.get("correct"))
        gained = self.game.scores()[seat] - before["scores"][seat]
        trivia = before.get("trivia") or {}
        lines = [f"The question: {question.prompt}"]
        if not right and last.get("given"):
            lines.append(f"Your answer: “{last['given']}”")
        if right and trivia.get("symbol") in ("ROLL", "BONUS ROLL") and trivia.get("die"):
            how = "plus" if trivia["symbol"] == "ROLL" else "times"
            lines.append(
                f"{trivia['symbol']} card: the level's points {how} the die ({trivia['die']})."
            )
        if right:
            headline = (
                f"Right! {does_text(self.table, seat, 'scores', 'score')} {number_text(gained)}."
            )
            more = (
                f"{_first_up(self._whose(seat))} turn goes on: lay another card."
                if self.game.phase == "match" and self.game.player == seat
                else ""
            )
        else:
            headline = "Not this time."
            if trivia.get("wild"):
                headline = "Not this time: 1 token goes back to the bank."
            more = f"{_first_up(self._whose(seat))} turn ends."
        lines.append(more)
        where, fact = _place_words(question)
        self.show_verdict(
            headline,
            correct=right,
            answer=f"The answer: {said_answers(question)}",
            lines=lines,
            where=where,
            fact=question.explanation or fact,
        )

    def _explain_end(self) -> None:
        """The end: why it ended, what each card left in a hand cost, who won."""
        game = self.game
        lines = [str(game.state["ended"])]
        for seat, hand in enumerate(game.state["hands"]):
            if hand:
                n = len(hand)
                lines.append(
                    f"{does_text(self.table, seat, 'still holds', 'still hold')} {n} map "
                    f"card{'s' * (n != 1)}: {LEFT_IN_HAND * n} points ({LEFT_IN_HAND} for each)."
                )
        self.show_game_over(lines)

    def _count_turns(self) -> None:
        # A new turn (even a computer's in between) covers a hand that was shown. A turn that
        # starts again for the same seat (one player alone) starts in "match" with nothing laid.
        fresh = self.game.phase == "match" and self.game.state["played"] == 0
        if self.game.player != self._turn_of or fresh:
            self._turn_of = self.game.player
            self._turns += 1

    # ----- the screen -------------------------------------------------------------------------
    def prompt(self) -> str:
        game = self.game
        view = game.view(None)
        laid, pile = len(view["table"]), view["draw_pile"]
        head = (
            f"Round {view['round']['number']} · {laid} card{'s' * (laid != 1)} on the table · "
            f"{pile} in the draw pile"
        )
        if game.is_terminal():
            return f'{head}<br><span class="gt-turn">The game is over.</span>'
        return f'{head}<br><span class="gt-turn">▶ {self._task(view)}</span>'

    def _task(self, view: Mapping[str, Any]) -> str:
        """Who must act now and what to do, in words."""
        phase, person = view["phase"], self.person_to_act()
        reader = self._reader if self._reader is not None else person
        if self.feedback.is_open and reader is not None:
            who = "You" if is_you(self.table, reader) else seat_badge(self.table, reader)
            return f"{who}: read the verdict, then press Continue."
        if phase == "challenge":
            layer = self._layer()
            if person is not None:
                return (
                    f"{seat_badge(self.table, layer)} laid a card. Challenge it, or let it stand?"
                )
            verb = "looks" if len(self.game.to_act()) == 1 else "look"
            return f"{self._acting_badges()} {verb} at the card just laid…"
        if person is None:
            return f"{self._acting_badges()} {'is' if len(view['to_act']) == 1 else 'are'} playing…"
        trivia = view["trivia"] or {}
        return STEPS[phase].format(
            who=self._turn_words(person), deck=html_text(trivia.get("deck_name", ""))
        )

    def _acting_badges(self) -> str:
        return " and ".join(seat_badge(self.table, s) for s in self.game.to_act())

    def _turn_words(self, seat: int) -> str:
        badge = seat_badge(self.table, seat)
        return "Your turn" if is_you(self.table, seat) else f"{badge}'s turn"

    def standings(self) -> list[Standing]:
        hands = self.game.state["hands"]
        return [
            Standing(seat, (float(score),), number_text(score), str(len(hands[seat])))
            for seat, score in enumerate(self.game.scores())
        ]

    def redraw(self) -> None:
        if not self.feedback.is_open:
            self.explaining = None
        if self.game.is_terminal() and not self.feedback.text:
            self._explain_end()  # also a game over from the start (a table with no room)
        view = self.game.view(self.hand_owner())
        self.controls.children = self._controls(view)
        if view["player"] != self.hand_owner():  # the guard covered the hand
            view = self.game.view(self.hand_owner())
        self._draw_table(view)
        self.board.children = self._board(view)
        self.tokens.value = (
            "<b>Tokens</b> (the banker changes whites into yellows and blues):<br>"
            + (
                "<br>".join(
                    f"{seat_badge(self.table, s)}: {html_text(tokens_text(p))}"
                    for s, p in enumerate(view["scores"])
                )
            )
        )
        self._time_the_turn(view["phase"])
        self._open_challenge_window(view)

    def _board(self, view: Mapping[str, Any]) -> list[widgets.Widget]:
        if view["phase"] == "challenge" or self.explaining == "joint":
            if view["phase"] == "challenge":
                self._show_joint(view)
            return [self.table_view, self.joint]
        owner = self.hand_owner()
        if owner is None or self.game.is_terminal():
            self.hidden_hand.value = (
                "<p><i>The cards in the hands are hidden.</i></p>" if self.guard else ""
            )
            return [self.table_view, self.hidden_hand]
        self._fill_hand_cards(view["hand"])
        return [self.table_view, self.hand_cards]

    def _controls(self, view: Mapping[str, Any]) -> list[widgets.Widget]:
        phase = view["phase"]
        person = self.person_to_act()
        if self.game.is_terminal():
            return []
        if person is None:
            self._cover()
            verb = "is" if len(self.game.to_act()) == 1 else "are"
            self.step.value = f"<p><i>{self._acting_badges()} {verb} playing…</i></p>"
            return [self.step]
        clock = [self.countdown] if self.countdown.limit else []
        if phase in ("match", "return"):
            return [*clock, self._hand_or_guard(view)]
        self._cover()
        if phase == "challenge":
            self.step.value = (
                "<p>Look at the joint up close under the table: do the coasts, the Equator "
                "and the tropics go on from one card to the other?</p>"
            )
            window = [self.challenge_clock] if self.challenge_seconds else []
            return [self.step, widgets.HBox([self.challenge, self.accept]), *window]
        if phase == "roll":
            self.step.value = "<p>This trivia card has a <b>ROLL</b> symbol: roll the die.</p>"
            return [*clock, self.step, self.roll]
        trivia = view["trivia"]
        die = f" The die shows {trivia['die']}." if trivia["die"] else ""
        deck = html_text(trivia["deck_name"])
        symbol = f" ({html_text(trivia['symbol'])})" if trivia["symbol"] else ""
        if phase == "level":
            fixed = self.game.level_of(person)
            if fixed is not None:
                self.step.value = (
                    f"<p><b>{deck}</b> question{symbol}.{die} Your level is {fixed}: every "
                    "right answer is worth 2 points.</p>"
                )
                return [*clock, self.step, self.choose_level]
            self.step.value = (
                f"<p><b>{deck}</b> question{symbol}.{die} Choose a level: 1 point for a "
                "Beginner question, 2 for Intermediate, 3 for Expert.</p>"
            )
            return [*clock, self.step, self.levels, self.choose_level]
        if phase == "answer":
            question = self.game.current_question()
            if question is not None and (
                self.card.verdict is not None or self.card.question != question
            ):
                self._ask(question)
            self.question.value = f"<p><b>{deck}</b> question{symbol}.{die}</p>"
            return [*clock, self.question, self.card]
        if phase == "wild":
            self.step.value = (
                "<p>Right! This card has a <b>WILD CARD</b> symbol: try a flag question for "
                "more points? A wrong answer costs 1 token.</p>"
            )
            levels = [] if self.game.level_of(person) is not None else [self.levels]
            return [*clock, self.step, *levels, widgets.HBox([self.try_wild, self.skip_wild])]
        return []

    def _ask(self, question: Question) -> None:
        """Put ``question`` on the card; a question that names its options shows them however
        it is answered (typed, or read out by the reader)."""
        self.card.ask(question)
        if question.choices and self.card.asked_mode != "choice":
            items = "".join(f"<li>{html_text(c)}</li>" for c in question.choices)
            self.card.media.value += (
                f"<div class='gt-options'><b>The options:</b><ol>{items}</ol></div>"
            )

    def _show_joint(self, view: Mapping[str, Any]) -> None:
        """The card just laid and each card it touches, joint by joint, up close."""
        cards = view["table"]
        key = (len(cards), cards[-1]["card"] if cards else None, self.maps)
        if key == self._joint_key:
            return
        self._joint_key = key
        layout = Layout([dict(c) for c in cards])
        last = len(cards) - 1
        whole, partial = layout.touching_laid(last)
        joints = [(last, c.slot_edge, c.index, c.edge) for c in (*whole, *partial)]
        figure = joint_figure(cards, joints, maps=self.maps, panel_px=JOINT_PX)
        self.joint.value = to_png(figure) if joints else b""
        self.joint.layout.width = f"{round(JOINT_PX * self.scale) * max(1, len(joints))}px"

    def _hand_or_guard(self, view: Mapping[str, Any]) -> widgets.Widget:
        """The hand form, straight away with one person, behind the guard with several."""
        seat, phase = self.seat(), view["phase"]
        if self.guard is None:
            return self._fill_hand(seat)
        key = (seat, self._turns, phase)
        if self._guard_for != key or not self.guard.revealed:
            # A new owner or turn, or someone else had the screen (a challenge): ask again.
            self._guard_for = key
            self._clear_hand()
            self.guard.pass_to(seat)
        else:
            self._fill_hand(seat)  # same player, same turn: the hand may have changed
        return self.guard

    def _reveal_hand(self, seat: int) -> widgets.Widget:
        """Build the hand only now that its owner has the screen."""
        self._shown_to = seat
        box = self._fill_hand(seat)
        view = self.game.view(seat)
        self._draw_table(view)
        self.board.children = self._board(view)
        return box

    def _cover(self) -> None:
        """Someone else has the screen now: the hand shown is covered."""
        if self.guard is not None:
            self.guard.hide()
            self._shown_to = None

    def _clear_hand(self) -> None:
        # Nothing of a hidden hand stays in the widgets, not even out of sight.
        self._shown_to = None
        self._quiet = True
        try:
            self.hand.options = []
            self.edge.options = []
        finally:
            self._quiet = False
        self.hand_cards.children = []
        self.hand_box.children = []
        for card in self._hand_widgets.values():
            self._publish_hand_targets(card, shown=False)

    def _hand_card(self, card: str) -> HandCard:
        widget = self._hand_widgets.get(card)
        if widget is None:
            widget = HandCard(
                card,
                safe(self.pick_card, show=self.messages),
                maps=self.maps,
                clickable=self.interactive,
                show=self.messages,
                scale=self.scale,
            )
            self._hand_widgets[card] = widget
        return widget

    def _fill_hand_cards(self, hand: Sequence[str]) -> None:
        """The hand's pictures on the board (cards that left the hand drop their targets)."""
        if [c.card for c in self.hand_cards.children] != list(hand):
            for card, widget in self._hand_widgets.items():
                if card not in hand:
                    self._publish_hand_targets(widget, shown=False)
            self.hand_cards.children = [self._hand_card(c) for c in hand]
        self._show_hand_choice()
        for widget in self.hand_cards.children:
            self._publish_hand_targets(widget)

    def _publish_hand_targets(self, card: HandCard, shown: bool = True) -> None:
        if card.clickable:
            points = card.targets() if shown else {}
            self.show_click_targets(
                card.figure, card.figure.axes[0], points, canvas=f".{canvas_class(card.card)}"
            )

    def _show_hand_choice(self) -> None:
        for card in self.hand_cards.children:
            chosen = card.card == self.hand.value
            card.show(chosen, self.turn.value if self.game.phase == "match" else None)

    def _fill_hand(self, seat: int) -> widgets.Widget:
        """The keyboard route of the hand (card, place, edge, buttons), filled for ``seat``."""
        view = self.game.view(seat)
        hand = view["hand"]
        self._quiet = True
        try:
            keep = self.hand.value if self.hand.value in hand else None
            self.hand.options = [(card_name(c), c) for c in hand]
            self.hand.value = keep
            if keep is None:
                self.turn.value = 0
            if view["phase"] == "match":
                layout = Layout([dict(c) for c in view["table"]], bounds=view["bounds"])
                places = place_marks(layout.free_places())
                old = self.edge.value
                self.edge.options = [
                    (
                        f"{m.number}: beside {card_name(view['table'][m.index]['card'])}, "
                        f"its edge {m.edge + 1}",
                        (m.index, m.edge),
                    )
                    for m in places
                ]
                values = [(m.index, m.edge) for m in places]
                self.edge.value = old if old in values else None
        finally:
            self._quiet = False
        if self.hand_owner() == seat:
            self._fill_hand_cards(hand)
        if view["phase"] == "match":
            self.step.value = (
                "<p>Click a card of your hand, then a numbered place: a faded copy shows where "
                "it would lie. Click the edge that should touch, then <b>Lay the card</b>.</p>"
            )
            rows = [
                self.step,
                self.hand,
                self.edge,
                self.turn,
                widgets.HBox([self.lay, self.cannot]),
            ]
        else:
            self.step.value = (
                "<p><b>Nobody matched this round.</b> Choose one card to give back (click it "
                "or pick it below); you draw a new one.</p>"
            )
            rows = [self.step, self.hand, self.give_back]
        self.hand_box.children = rows
        return self.hand_box

    def _draw_table(self, view: Mapping[str, Any]) -> None:
        phase = view["phase"]
        self._table = Layout([dict(c) for c in view["table"]], bounds=view["bounds"])
        placing = phase == "match" and self.person_to_act() is not None
        placing = placing and self.hand_owner() is not None
        self._marks = place_marks(self._table.free_places()) if placing else []
        chosen = None
        if self.edge.value is not None:
            chosen = next(
                (m.number for m in self._marks if (m.index, m.edge) == tuple(self.edge.value)),
                None,
            )
        ghost = self._ghost() if placing else None
        self.table_picture.draw(
            view["table"],
            self._marks,
            last=len(view["table"]) - 1 if phase == "challenge" else None,
            ghost=ghost,
            chosen=chosen,
            bounds=view["bounds"],
        )
        if self.interactive:
            self.table_picture.figure.canvas.draw_idle()
            points = {
                f"place {m.number}": b
                for m, b in zip(self._marks, self.table_picture.badges, strict=True)
            }
            if ghost is not None:
                shape = np.array(corners(ghost["x"], ghost["y"], ghost["turn"]))
                points.update({f"ghost edge {k + 1}": near_edge(shape, k) for k in range(5)})
            self.show_click_targets(
                self.table_picture.figure, self.table_picture.ax, points, canvas=".gt-table-canvas"
            )
        else:
            self.picture.value = self.table_picture.png()

    # ----- clocks -----------------------------------------------------------------------------
    def _time_the_turn(self, phase: str) -> None:
        """Start the clock when a person's turn starts; stop it while others act or a verdict
        is read."""
        game = self.game
        if game.is_terminal() or game.player in self.bots:
            if self.countdown.running:
                self.countdown.stop()
            self._timed_turn = None
            return
        if self._timed_turn != self._turns:
            self._timed_turn = self._turns
            self.countdown.start()
        if phase in ("challenge", "return") or self.feedback.is_open:
            self.countdown.pause()
        else:
            self.countdown.resume()

    def _open_challenge_window(self, view: Mapping[str, Any]) -> None:
        """A person may challenge a card for ``challenge_seconds``; the clock waits while a
        verdict is read."""
        if view["phase"] != "challenge" or self.person_to_act() is None:
            if self.challenge_clock.running:
                self.challenge_clock.stop()
            self._challenge_for = None
            return
        laid = sum(1 for a in self.game.log if a["type"] == "place")
        if self._challenge_for != laid:
            self._challenge_for = laid
            self.challenge_clock.start()
        if self.feedback.is_open:
            self.challenge_clock.pause()
        else:
            self.challenge_clock.resume()

    def paused(self, on: bool) -> None:
        for clock in (self.countdown, self.challenge_clock):
            (clock.pause if on else clock.resume)()

    # ----- large text, closing ----------------------------------------------------------------
    def set_large(self, large: bool) -> None:
        """Large text draws the table and the hand larger, their numbers and names too."""
        self.scale = LARGE_SCALE if large else 1.0
        scale_figure(self.table_picture.figure, self.scale)
        for card in self._hand_widgets.values():
            card.set_scale(self.scale)
        self.refresh()

    def closing(self) -> None:
        for clock in (self.countdown, self.challenge_clock):
            clock.stop()
        for card in self._hand_widgets.values():
            card.close_card()
        if self.interactive:
            self.table_picture.figure.canvas.close()


def _place_words(question: Question) -> tuple[str, str]:
    """Where the question's place is, and one fact about it from the data ("", "" if none):
    the place that is the answer when there is one ("Germany", not the "Austria" beside it)."""
    from geoteach import data

    codes = question_places(question)
    names = {c: _place_name(c) for c in codes}
    codes = sorted(codes, key=lambda c: names[c] not in question.accepted)
    for code in codes:
        if place_kind(code) == "country":
            row = data.countries().loc[code]
            return f"{row['name']} is in {row['continent']}.", country_fact(code)
        row = data.us_states().loc[code]
        return f"{row['name']} is a U.S. state in the {row['region']}.", state_fact(code)
    return "", ""


def _first_up(text: str) -> str:
    """ "your turn" -> "Your turn" (``str.capitalize`` would make "McKay" "Mckay")."""
    return text[:1].upper() + text[1:]


def _place_name(code: str) -> str:
    from geoteach import data

    table = data.countries() if place_kind(code) == "country" else data.us_states()
    return str(table.loc[code, "name"])


def _points_html(game: GlobalPursuit) -> str:
    """How points are made, as the rulebook counts them (with this game's choices)."""
    bonus = " (+2 when it joins a card of its own set)" if game.options["maps"] == ONE_MAP else ""
    trivia = (
        "always 2 points"
        if game.options.get("fixed_levels")
        else "1, 2 or 3 points by level; ROLL adds the die, BONUS ROLL multiplies by it"
    )
    return (
        "<details><summary><b>How points are made</b></summary><ul>"
        f"<li>A card that matches: 2 points{bonus}.</li>"
        f"<li>A right trivia answer: {trivia}.</li>"
        "<li>A right challenge takes 2 points from the player; a wrong one pays 2.</li>"
        "<li>A WILD CARD flag question missed: 1 token back to the bank.</li>"
        f"<li>At the end: {LEFT_IN_HAND} points for each card still in a hand.</li>"
        "</ul></details>"
    )


# ----- the student app ------------------------------------------------------------------------
#: Table sizes the set-up screen offers, in card edges (None: as large as needed).


def build_screen(table: Table, values: dict[str, Any]) -> GlobalPursuitScreen:
    """The set-up screen's choices as a game and its screen."""
    n = len(table.seats)
    options: dict[str, Any] = {
        "maps": values["maps"],
        "honor": values["honor"],
        "quick_end": values["quick_end"],
        "matching_only": values["matching_only"],
    }
    if values["time_limit"]:
        options["time_limit"] = values["time_limit"]
    if values["fixed_level"]:
        options["fixed_levels"] = [values["fixed_level"]] * n
    if values["table_size"]:
        options["table_size"] = list(values["table_size"])
    game = GlobalPursuit(table, seed=values.get("seed"), **options)
    return GlobalPursuitScreen(
        game,
        maps=values["real_maps"],
        challenge_seconds=values["challenge_seconds"],
        answer_mode=values["answer_mode"],
        **screen_options(values),
    )


def play(
    players: list[str] | None = None,
    bots: dict[str, str] | None = None,
    seed: int | None = None,
    maps: bool = True,
    clock: Callable[[], float] = time.monotonic,
    clickable: bool = True,
    answer_mode: Mode = "typed",
    challenge_seconds: float | None = 6.0,
    bot_delay: float = 1.2,
    large: bool = False,
    four_maps: bool = False,
    **options: Any,
) -> GlobalPursuitScreen:
    """Quick start: ``play(["Ana", "Computer"], {"Computer": "easy"})``.

    Real map cards by default; ``maps=False`` (plain pentagons) only for very slow computers.
    ``four_maps=True`` makes four smaller maps, one per set, instead of one large map. Other
    ``options`` go to the game (``time_limit=60``, ``quick_end=True``, ``fixed_levels=[2, 2]``,
    ``table_size=[10, 7]``, ``honor=False``, ``matching_only=True``).
    """
    table = Table.of(*(players or ["You", "Computer"]), bots=bots or {"Computer": "easy"})
    options["maps"] = FOUR_MAPS if four_maps else ONE_MAP
    game = GlobalPursuit(table, seed=seed, **options)
    return GlobalPursuitScreen(
        game,
        maps=maps,
        clock=clock,
        interactive=clickable,
        answer_mode=answer_mode,
        challenge_seconds=challenge_seconds,
        bot_delay=bot_delay,
        large=large,
    )
