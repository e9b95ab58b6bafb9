"""Global Pursuit at the table: the map on the table, your hand, challenges, trivia, tokens.

The widget holds no rules. Every button and click builds an action, hands it to ``game.apply``
and redraws from ``game.view(seat)``. The hand shown is the one of the player whose turn it is.
Computer players move after each human move.

Laying a card, by mouse or by keyboard:

* **Your hand** shows each card as a map at least 180 px wide, with its set, its number (1-12,
  as printed) and its edges numbered 1-5. Click a card to choose it; click near one of its
  edges to choose the edge that will touch the table.
* **The table** numbers each free place (an orange open edge with a number badge). Click the
  badge, the edge or the empty place to choose it. A ghost of your card then lies there, turned
  as it would be laid; click one of the ghost's edges to turn the card so that edge touches.
* **The buttons** do the same without a mouse (card, place, touching edge), then
  **Lay the card**. Clicking needs the live matplotlib canvas (ipympl, installed with geoteach;
  ``clickable=False`` shows plain pictures and keeps the buttons).

Challenges: while the opponents decide, the joint of the card just laid is shown up close, both
edges side by side, so the class can see whether the coasts and lines go on.

Trivia is the shared ``QuestionCard`` (typed, choice or honor answers). The level is chosen
first (the engine's ``level`` action, "Ask me"), then the card shows the question; a question
that names its options ("Which of these countries ...") lists them in every answer mode. The
verdict goes to the engine's ``answer`` action (typed ``text``, which the engine judges again
with the same checker, or a ``mark``), and the card keeps the verdict, the right answer and the
card's fact on screen until the player presses **Continue**; only then do computers move.

Hot seat: when two or more people share the screen, a hand is secret. It sits behind a
``HotSeatGuard`` and is built only after its owner clicks "I am <name>"; it is covered again
whenever the hand to show changes owner, a new turn begins, or someone else acts on the screen
(a challenge, the trivia question), so its owner confirms again. With one person (against
computers) there is no guard.

Time limit (the VARIATION, option ``time_limit``): a ``Countdown`` starts when a person's turn
starts. Every move of that turn carries the measured ``seconds`` and the engine ends the turn of
a late one; when the clock runs out the table says so in words and sends ``time_up``. The clock
stops while the opponents decide on a challenge, while cards are given back, and while a
verdict waits for Continue.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from functools import cache
from typing import Any

import ipywidgets as widgets
import numpy as np
from matplotlib.backend_bases import MouseEvent
from matplotlib.figure import Figure
from rapidfuzz import fuzz

from geoteach.bots.base import Bot
from geoteach.bots.global_pursuit import GlobalPursuitBot
from geoteach.escape import html_text
from geoteach.games.base import Action
from geoteach.games.global_pursuit.engine import GlobalPursuit, tokens_text
from geoteach.games.global_pursuit.layout import (
    SET_NAMES,
    SETS,
    Layout,
    card_name,
    corners,
    lay_out_set,
)
from geoteach.quiz.answers import Mode, Verdict
from geoteach.quiz.question import LEVELS, Question
from geoteach.render.clicks import is_pick
from geoteach.render.globe_cards import (
    HAND_BAND,
    TablePicture,
    card_corners,
    edge_near,
    hand_card_figure,
    inside_card,
    joint_figure,
    place_marks,
)
from geoteach.render.mapview import new_figure, to_png
from geoteach.ui.countdown import Countdown
from geoteach.ui.hotseat import HotSeatGuard
from geoteach.ui.messages import MessageLine
from geoteach.ui.question_card import QuestionCard
from geoteach.ui.safe import on_click, safe
from geoteach.ui.scoreboard import ScoreboardView
from geoteach.ui.theme import seat_badge, themed

#: What a player reads when the clock runs out on a turn.
TIME_UP = "Time is up: your turn ends."
#: Width of a hand card on screen (pixels); the issue asks for at least 180.
HAND_PX = 200
#: The table on screen, in inches at 100 dpi.
TABLE_SIZE = (8.4, 6.0)


def live_figure(size: tuple[float, float], dpi: float = 100.0) -> Figure:
    """A figure on its own ipympl canvas widget (clickable), without pyplot or a magic.

    ``%matplotlib widget`` is not needed: the canvas is made directly, so the lesson notebook
    and Voilà get clickable cards, and pyplot's list of figures is left alone.
    """
    from ipympl.backend_nbagg import Canvas, FigureManager

    fig = Figure(figsize=size, dpi=dpi)
    canvas = Canvas(fig)
    FigureManager(canvas, 0)
    canvas.header_visible = False
    canvas.footer_visible = False
    canvas.toolbar_visible = False
    canvas.resizable = False
    canvas.capture_scroll = False
    return fig


@cache
def can_click() -> bool:
    """Whether live canvases can be made here (ipympl is installed with geoteach; without it
    the table and the hand are pictures and the buttons play)."""
    try:
        import ipympl.backend_nbagg  # noqa: F401
    except ImportError:
        return False
    return True


def table_figure(
    cards: list[dict[str, Any]],
    places: bool = True,
    maps: bool = True,
    last: int | None = None,
    size: float = 9.0,
    bounds: tuple[float, float, float, float] | None = None,
) -> Figure:
    """The table from above as a figure: the cards as they lie (maps, or labelled pentagons),
    the free places numbered (``places``), the ``last`` card laid outlined in blue."""
    layout = Layout([dict(c) for c in cards], bounds=bounds)
    picture = TablePicture(size=(size, size * 0.75), maps=maps)
    marks = place_marks(layout.free_places()) if places else []
    return picture.draw(layout.cards, marks, last=last, bounds=bounds)


@cache
def _laid_out(set_name: str) -> tuple[dict[str, Any], ...]:
    return tuple(lay_out_set(set_name).cards)


def learn_figure(set_name: str, cards: int = 12, maps: bool = True, size: float = 8.0) -> Figure:
    """One set laid out as the rulebook suggests: first the six Equator cards, then the polar."""
    return table_figure(list(_laid_out(set_name))[:cards], places=False, maps=maps, size=size)


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
    """One card of the hand as a picture ``HAND_PX`` wide: its map, set, number and edges.

    Clicking the card chooses it; clicking near one of its edges also chooses that edge as the
    one that touches the open edge (``on_pick(card, edge or None)``).
    """

    def __init__(
        self,
        card: str,
        on_pick: Callable[[str, int | None], None],
        maps: bool = True,
        clickable: bool = True,
        show: Any = None,
    ) -> None:
        self.card = card
        self.on_pick = on_pick
        self.maps = maps
        size = (HAND_PX / 100.0, HAND_PX * (1 + HAND_BAND) / 100.0)
        self.figure = live_figure(size) if clickable else new_figure(size)
        self.clickable = clickable
        if clickable:
            self.picture = self.figure.canvas
            self.figure.canvas.mpl_connect("button_press_event", safe(self.on_click, show=show))
        else:
            self.picture = widgets.Image(format="png", width=HAND_PX)
        self._shown: tuple[bool, int | None] | None = None
        super().__init__([self.picture])
        self.add_class("gt-hand-card")
        self.show(False, None)

    def show(self, selected: bool, edge: int | None) -> None:
        """Draw the card, chosen or not, with the edge that will touch (if any) marked."""
        if self._shown == (selected, edge):
            return
        self._shown = (selected, edge)
        hand_card_figure(
            self.card,
            HAND_PX,
            chosen_edge=edge if selected else None,
            selected=selected,
            maps=self.maps,
            figure=self.figure,
        )
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


class GlobalPursuitTable(widgets.VBox):
    """The whole game in one widget: table, hand, placement, challenge, trivia, scores.

    ``maps=False`` draws plain labelled pentagons (only for very slow computers);
    ``clickable=False`` shows pictures instead of live canvases (the buttons still play).
    ``challenge_seconds`` is how long the Challenge button stays after a card is laid before
    the humans are taken to accept it (None: until "No challenge" is pressed). ``answer_mode``
    is how trivia is answered: "typed", "choice" or "honor" (a reader reveals the answer and
    marks it). ``clock`` measures a turn against the ``time_limit`` (a fake one in tests).
    """

    def __init__(
        self,
        game: GlobalPursuit,
        bots: dict[int, Bot] | None = None,
        maps: bool = True,
        challenge_seconds: float | None = 6.0,
        answer_mode: Mode = "typed",
        clock: Callable[[], float] = time.monotonic,
        clickable: bool = True,
    ) -> None:
        self.game = game
        self.maps = maps
        self.clickable = clickable and can_click()
        clickable = self.clickable
        self.challenge_seconds = challenge_seconds
        self.answer_mode = answer_mode
        if bots is None:
            bots = {
                s: GlobalPursuitBot(game.table.seats[s].level or "medium", seed=game.seed + s)
                for s in game.table.bots()
            }
        self.bots = bots
        self._timer: threading.Timer | None = None
        self.messages = MessageLine()
        # The table: a live canvas to click on, or a picture.
        figure = live_figure(TABLE_SIZE) if clickable else None
        self.table_picture = TablePicture(figure=figure, size=TABLE_SIZE, maps=maps)
        if clickable:
            self.picture = self.table_picture.figure.canvas
            self.picture.mpl_connect(
                "button_press_event", safe(self.on_table_click, show=self.messages)
            )
        else:
            self.picture = widgets.Image(format="png", layout=widgets.Layout(max_width="840px"))
        self.joint = widgets.Image(format="png", layout=widgets.Layout(max_width="900px"))
        self.progress = widgets.IntProgress(min=0, max=1, description="Drawing:")
        self.progress.layout.visibility = "hidden"
        self.status = widgets.HTML()
        # The keyboard route: the same choices as the clicks.
        self.hand = widgets.ToggleButtons(description="Card:")
        self.hand.style.button_width = "auto"
        self.hand_cards = widgets.HBox(layout=widgets.Layout(flex_flow="row wrap"))
        self._hand_widgets: dict[str, HandCard] = {}
        self.edge = widgets.Dropdown(
            description="Place:", layout=widgets.Layout(width="max-content")
        )
        self.turn = widgets.ToggleButtons(
            options=[(f"edge {k + 1}", k) for k in range(5)],
            value=0,
            description="Touching:",
            tooltips=[
                f"Turn the card so its edge {k + 1} lies against the open edge" for k in range(5)
            ],
        )
        self.lay = widgets.Button(description="Lay the card", button_style="primary")
        self.cannot = widgets.Button(description="I cannot match")
        self.challenge = widgets.Button(description="Challenge!", button_style="danger")
        self.accept = widgets.Button(description="No challenge")
        self.roll = widgets.Button(description="Roll the die", button_style="info")
        self.levels = widgets.ToggleButtons(
            options=[(f"{n} {name}", n) for n, name in LEVELS.items()], description="Level:"
        )
        self.choose_level = widgets.Button(description="Ask me")
        self.question = widgets.HTML()
        self.card = QuestionCard(
            mode=answer_mode,
            on_answer=safe(self._answered, show=self.messages),
            choice_pool=self._choice_pool,
        )
        # The card's own controls, under the names the table used before (tests, notebooks).
        self.answer = self.card.answer_box
        self.submit = self.card.submit_button
        self.right = self.card.right_button
        self.wrong = self.card.wrong_button
        self.continue_button = widgets.Button(
            description="Continue", button_style="primary", icon="arrow-right"
        )
        self.try_wild = widgets.Button(description="Try the WILD CARD flag")
        self.skip_wild = widgets.Button(description="No, thanks")
        self.give_back = widgets.Button(description="Give this card back")
        self.scores = ScoreboardView(game.table, game.scoreboard, title="Points")
        self.tokens = widgets.HTML()
        self.controls = widgets.VBox()
        self.countdown = Countdown(
            game.options.get("time_limit"),
            safe(self._time_up, show=self.messages),
            clock=clock,
            time_up_text=TIME_UP,
            show=self.messages,
        )
        self._timed_turn: int | None = None
        self._held = False  # a verdict on screen, waiting for Continue
        self._quiet = False  # filling the hand: choices change without redrawing each time
        self._marks: list[Any] = []
        self._table = Layout()
        selection = safe(lambda _change: self._selection_changed(), show=self.messages)
        for control in (self.hand, self.edge, self.turn):
            control.observe(selection, "value")
        for button, handler in (
            (self.lay, self.on_lay),
            (self.cannot, lambda: self.act({"type": "pass"})),
            (self.challenge, self.on_challenge),
            (self.accept, self.on_accept),
            (self.roll, lambda: self.act({"type": "roll"})),
            (self.choose_level, lambda: self.act({"type": "level", "level": self.levels.value})),
            (self.continue_button, self.on_continue),
            (self.try_wild, self.on_wild),
            (self.skip_wild, lambda: self.act({"type": "no_wild"})),
            (self.give_back, self.on_give_back),
        ):
            on_click(button, handler, show=self.messages)
        self.hand_box = widgets.VBox()
        humans = [s for s in range(len(game.table.seats)) if s not in self.bots]
        self.guard: HotSeatGuard | None = None
        if len(humans) >= 2:
            self.guard = HotSeatGuard(game.table, self._reveal_hand, show=self.messages)
        self._guard_for: tuple[int, int, str] | None = None
        self._turns = 0
        self._turn_of = game.player
        super().__init__(
            [
                self.status,
                self.progress,
                self.picture,
                self.countdown,
                self.controls,
                self.messages,
                self.tokens,
                self.scores,
            ]
        )
        themed(self)
        self.play_bots()
        self.redraw()

    # ----- acting ---------------------------------------------------------------------------
    def seat(self) -> int:
        """The human seat that acts now (the first one in a challenge window)."""
        humans = [s for s in self.game.to_act() if s not in self.bots]
        return humans[0] if humans else self.game.player

    def act(self, action: Action, hold: bool = False) -> None:
        """Apply a human's move (``player`` filled in, and the time the turn has taken when
        there is a time limit), let the bots move, redraw. ``hold``: keep the screen as it is
        (a verdict) until Continue, and let nobody else move before."""
        seat = self.seat()
        move = {"player": seat, **action}
        late = False
        if self.countdown.running and seat == self.game.player and "seconds" not in move:
            late = self.countdown.late()
            move["seconds"] = self.countdown.seconds()
        self.game.apply(move)
        if late:
            self.countdown.stop(TIME_UP)
            self.messages.error(TIME_UP)
        self._count_turns()
        self._held = hold and not late
        if not self._held:
            self.play_bots()
        self.redraw()

    def on_continue(self) -> None:
        """The class has read the verdict: the game goes on (and the computers move)."""
        self._held = False
        self.play_bots()
        self.redraw()

    def play_bots(self) -> None:
        game = self.game
        while not game.is_terminal():
            seat = next((s for s in game.to_act() if s in self.bots), None)
            if seat is None:
                return
            game.apply(self.bots[seat].choose(game, seat))
            self._count_turns()

    def _count_turns(self) -> None:
        # A new turn (even a computer's in between) covers a hand that was shown. A turn that
        # starts again for the same seat (one player alone) starts in "match" with nothing laid.
        fresh = self.game.phase == "match" and self.game.state["played"] == 0
        if self.game.player != self._turn_of or fresh:
            self._turn_of = self.game.player
            self._turns += 1

    def _time_up(self, seconds: float) -> None:
        """The clock ran out: the engine ends the turn (``time_up``)."""
        game = self.game
        if game.is_terminal() or game.player in self.bots or game.phase in ("challenge", "return"):
            return
        self.messages.error(TIME_UP)
        self._held = False
        self.act({"type": "time_up", "seconds": round(seconds, 1)})

    def _answered(self, verdict: Verdict) -> None:
        """The question card's verdict, handed to the engine (which keeps the score); the
        verdict stays on screen until Continue."""
        if self.card.asked_mode == "typed" and verdict.given is not None:
            action = {"type": "answer", "text": verdict.given}
        else:
            action = {"type": "answer", "mark": "right" if verdict.correct else "wrong"}
        self.act(action, hold=True)

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

    def on_challenge(self) -> None:
        self._cancel_timer()
        self.act({"type": "challenge"})

    def on_accept(self) -> None:
        """Every human opponent lets the card stand (the short moment is over)."""
        self._cancel_timer()
        for seat in [s for s in self.game.to_act() if s not in self.bots]:
            if self.game.phase != "challenge":
                break
            self.game.apply({"player": seat, "type": "accept"})
        self._count_turns()
        self.play_bots()
        self.redraw()

    def on_wild(self) -> None:
        fixed = self.game.level_of(self.game.player)
        self.act({"type": "wild", "level": fixed or self.levels.value})

    def on_give_back(self) -> None:
        if self.hand.value is None:
            self.messages.error("Pick the card to give back first.")
            return
        self.act({"type": "return", "card": self.hand.value})

    def _cancel_timer(self) -> None:
        if self._timer is not None:
            self._timer.cancel()
            self._timer = None

    def _start_timer(self) -> None:
        self._cancel_timer()
        if self.challenge_seconds:
            self._timer = threading.Timer(
                self.challenge_seconds, safe(self.on_accept, show=self.messages)
            )
            self._timer.daemon = True
            self._timer.start()

    # ----- choosing by clicking -------------------------------------------------------------
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
        if self._quiet:
            return
        self._show_hand_choice()
        self._draw_table(self.game.view(self.seat()))

    @contextmanager
    def _held_redraw(self) -> Iterator[None]:
        """Change several choices, then redraw once."""
        self._quiet = True
        try:
            yield
        finally:
            self._quiet = False
        self._selection_changed()

    # ----- drawing -----------------------------------------------------------------------------
    def _set_progress(self, done: int, total: int) -> None:
        self.progress.max = total
        self.progress.value = done

    def _draw_table(self, view: dict[str, Any]) -> None:
        phase = view["phase"]
        self._table = Layout([dict(c) for c in view["table"]], bounds=view["bounds"])
        self._marks = place_marks(self._table.free_places()) if phase == "match" else []
        chosen = None
        if self.edge.value is not None:
            chosen = next(
                (m.number for m in self._marks if (m.index, m.edge) == tuple(self.edge.value)),
                None,
            )
        self.progress.layout.visibility = "visible"
        self.table_picture.draw(
            view["table"],
            self._marks,
            last=len(view["table"]) - 1 if phase == "challenge" else None,
            ghost=None if self._held else self._ghost(),
            chosen=chosen,
            bounds=view["bounds"],
            progress=self._set_progress,
        )
        if self.clickable:
            self.table_picture.figure.canvas.draw_idle()
        else:
            self.picture.value = self.table_picture.png()
        self.progress.layout.visibility = "hidden"

    def redraw(self) -> None:
        game = self.game
        seat = self.seat()
        view = game.view(seat)
        phase = view["phase"]
        who = seat_badge(game.table, view["turn_of"])
        line = {
            "match": f"{who}: choose a card of your hand and a numbered place on the table "
            "(click them, or use the buttons), turn the card, then lay it. Or say you cannot.",
            "challenge": "A card has been laid. Look at its edges up close: do the maps go on? "
            "Challenge now, or let it stand.",
            "roll": f"{who}: a ROLL card! Roll the die, then choose a level.",
            "level": f"{who}: choose a level before you hear the question.",
            "answer": f"{who}: answer the question.",
            "wild": f"{who}: right! Try the WILD CARD flag question?",
            "return": "Nobody matched this round: each player gives back one card.",
            "over": self._game_over_text(view),
        }[phase]
        if self._held:
            line = f"{who}: here is the answer. Press <b>Continue</b> when everyone has read it."
        self.status.value = f"<b>Round {view['round']['number']}</b> · {line}"
        if view["news"]:
            self.messages.info(view["news"][-1])
        self.controls.children = self._controls(view)
        self._draw_table(view)
        self.scores.update(game.scoreboard)
        self.tokens.value = "<br>".join(
            f"{seat_badge(game.table, s)}: {html_text(tokens_text(p))}"
            for s, p in enumerate(view["scores"])
        )
        self._time_the_turn(phase)
        if phase == "challenge":
            self._start_timer()

    @staticmethod
    def _game_over_text(view: dict[str, Any]) -> str:
        """The end in words: why it ended, what each card left in a hand cost, who won."""
        news = view["news"]
        start = max((i for i, n in enumerate(news) if n.startswith("Game over")), default=0)
        lines = "".join(f"<li>{html_text(n)}</li>" for n in news[start + 1 :])
        end = f"Game over. {html_text(view['ended'])}"
        return f"{end}<ul>{lines}</ul>" if lines else end

    def _time_the_turn(self, phase: str) -> None:
        """Start the clock when a person's turn starts; stop it while others act."""
        game = self.game
        if game.is_terminal() or game.player in self.bots:
            if self.countdown.running:
                self.countdown.stop()
            self._timed_turn = None
            return
        if self._timed_turn != self._turns:
            self._timed_turn = self._turns
            self.countdown.start()
        if phase in ("challenge", "return") or self._held:
            self.countdown.pause()
        else:
            self.countdown.resume()

    def _controls(self, view: dict[str, Any]) -> list[widgets.Widget]:
        phase = view["phase"]
        if self._held:
            if self.guard is not None:
                self.guard.hide()
            return [self.question, self.card, self.continue_button]
        if phase in ("match", "return"):
            return [self._hand_or_guard(view)]
        if self.guard is not None:
            self.guard.hide()
        if phase == "challenge":
            self._show_joint(view)
            return [self.joint, widgets.HBox([self.challenge, self.accept])]
        if phase == "roll":
            return [self.roll]
        trivia = view["trivia"]
        if phase == "level":
            die = f" The die shows {trivia['die']}." if trivia["die"] else ""
            self.question.value = (
                f"<b>{html_text(trivia['deck_name'])}</b> question "
                f"{html_text(trivia['symbol'] or '')}.{die}"
            )
            return [self.question, self.levels, self.choose_level]
        if phase == "answer":
            question = self.game.current_question()
            if question is not None and (
                self.card.verdict is not None or self.card.question != question
            ):
                self._ask(question)
            die = f" The die shows {trivia['die']}." if trivia["die"] else ""
            self.question.value = f"<b>{html_text(trivia['deck_name'])}</b> question.{die}"
            return [self.question, self.card]
        if phase == "wild":
            return [self.levels, widgets.HBox([self.try_wild, self.skip_wild])]
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

    def _show_joint(self, view: dict[str, Any]) -> None:
        """The card just laid and each card it touches, joint by joint, up close."""
        cards = view["table"]
        layout = Layout([dict(c) for c in cards])
        last = len(cards) - 1
        whole, partial = layout.touching_laid(last)
        joints = [(last, c.slot_edge, c.index, c.edge) for c in (*whole, *partial)]
        self.joint.value = to_png(joint_figure(cards, joints, maps=self.maps)) if joints else b""

    def _hand_or_guard(self, view: dict[str, Any]) -> widgets.Widget:
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
        box = self._fill_hand(seat)
        self._draw_table(self.game.view(seat))
        return box

    def _clear_hand(self) -> None:
        # Nothing of a hidden hand stays in the widgets, not even out of sight.
        self._quiet = True
        try:
            self.hand.options = []
            self.edge.options = []
        finally:
            self._quiet = False
        self.hand_cards.children = []
        self.hand_box.children = []

    def _hand_card(self, card: str) -> HandCard:
        widget = self._hand_widgets.get(card)
        if widget is None:
            widget = HandCard(
                card,
                safe(self.pick_card, show=self.messages),
                maps=self.maps,
                clickable=self.clickable,
                show=self.messages,
            )
            self._hand_widgets[card] = widget
        return widget

    def _show_hand_choice(self) -> None:
        for card in self.hand_cards.children:
            chosen = card.card == self.hand.value
            card.show(chosen, self.turn.value if self.game.phase == "match" else None)

    def _fill_hand(self, seat: int) -> widgets.Widget:
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
        self.hand_cards.children = [self._hand_card(c) for c in hand]
        self._show_hand_choice()
        if view["phase"] == "match":
            rows = [
                self.hand_cards,
                self.hand,
                self.edge,
                self.turn,
                widgets.HBox([self.lay, self.cannot]),
            ]
        else:
            rows = [self.hand_cards, self.hand, self.give_back]
        self.hand_box.children = rows
        return self.hand_box


def play(
    players: list[str] | None = None,
    bots: dict[str, str] | None = None,
    seed: int | None = None,
    maps: bool = True,
    clock: Callable[[], float] = time.monotonic,
    clickable: bool = True,
    **options: Any,
) -> GlobalPursuitTable:
    """Quick start: ``play(["Ana", "Computer"], {"Computer": "easy"})``.

    Real map cards by default; ``maps=False`` (plain pentagons) only for very slow computers.
    """
    from geoteach.games.table import Table

    table = Table.of(*(players or ["You", "Computer"]), bots=bots or {"Computer": "easy"})
    return GlobalPursuitTable(
        GlobalPursuit(table, seed=seed, **options), maps=maps, clock=clock, clickable=clickable
    )
