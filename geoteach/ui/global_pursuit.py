"""Global Pursuit at the table: the map on the table, your hand, challenges, trivia, tokens.

The widget holds no rules. Every button builds an action, hands it to ``game.apply`` and redraws
from ``game.view(seat)``. The hand shown is the one of the player whose turn it is. Computer
players move after each human move.

Hot seat: when two or more people share the screen, a hand is secret. It sits behind a
``HotSeatGuard`` and is built only after its owner clicks "I am <name>"; it is covered again
whenever the hand to show changes owner, a new turn begins, or someone else acts on the screen
(a challenge, the trivia question), so its owner confirms again. With one person (against
computers) there is no guard.

The trivia question is the shared ``QuestionCard`` (typed, choice or honor answers). The game
keeps its own order: the level is chosen first (the engine's ``level`` action, "Ask me"), then
the card shows the question; its verdict goes to the engine's ``answer`` action, as the typed
``text`` (the engine judges it again with the same checker) or, for a pick or a reader's mark,
as ``mark``.

Drawing helpers (``table_figure``, ``learn_figure``, ``tile_png``) take a view or a layout and
draw it; they decide nothing. Open edges carry a number: the player picks a card, an open edge
and how to turn the card (which of its edges touches), then sees the result.

Time limit (the VARIATION, option ``time_limit``): a ``Countdown`` (a bar plus "12 s left") starts
when a person's turn starts. Every move of that turn carries the measured ``seconds`` and the
engine ends the turn of a late one; when the clock runs out the table says so in words and sends
``time_up``. The clock stops while the opponents decide on a challenge and while cards are given
back (the engine does not time those either). In a Jupyter kernel an asyncio task ticks it about
once a second; without a running event loop ``countdown.tick()`` is called by whoever drives the
widget (tests pass a fake ``clock``).
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable
from functools import cache
from typing import Any

import ipywidgets as widgets
import numpy as np
from matplotlib.figure import Figure
from matplotlib.patches import Polygon
from rapidfuzz import fuzz

from geoteach.bots.base import Bot
from geoteach.bots.global_pursuit import GlobalPursuitBot
from geoteach.escape import html_text, plot_text
from geoteach.games.base import Action
from geoteach.games.global_pursuit.engine import GlobalPursuit, tokens_text
from geoteach.games.global_pursuit.layout import (
    SET_NAMES,
    Layout,
    card_angle,
    corners,
    lay_out_set,
    parse_card,
)
from geoteach.quiz.answers import Mode, Verdict
from geoteach.quiz.question import LEVELS, Question
from geoteach.render.mapview import new_figure, to_png
from geoteach.ui.countdown import Countdown
from geoteach.ui.hotseat import HotSeatGuard
from geoteach.ui.messages import MessageLine
from geoteach.ui.question_card import QuestionCard
from geoteach.ui.safe import safe
from geoteach.ui.scoreboard import ScoreboardView
from geoteach.ui.theme import seat_badge, themed

#: Plain pentagons, one colour per set (when maps are off or being drawn).
SET_COLOURS = {
    "people_places": "#9ecae1",
    "planet_earth": "#a1d99b",
    "historic_happenings": "#fdd0a2",
    "people_products": "#dadaeb",
}
OPEN_EDGE = "#D55E00"
#: What a player reads when the clock runs out on a turn.
TIME_UP = "Time is up: your turn ends."
LAST_CARD = "#0072B2"


def _draw_maps(ax, cards: list[dict[str, Any]], progress: Callable[[int, int], None] | None):
    from geoteach.render.globe_cards import draw_card

    for i, c in enumerate(cards):
        set_name, face = parse_card(c["card"])
        draw_card(
            ax,
            SET_NAMES[set_name],  # cardsets names sets in the rulebook's words
            face,
            offset=(c["x"], c["y"]),
            angle=card_angle(face, c["turn"]),
            legend=False,
            text_scale=0.35,
        )
        if progress is not None:
            progress(i + 1, len(cards))


def table_figure(
    cards: list[dict[str, Any]],
    open_edges: list[list[int]] | None = None,
    maps: bool = True,
    last: int | None = None,
    size: float = 9.0,
    bounds: tuple[float, float, float, float] | None = None,
    progress: Callable[[int, int], None] | None = None,
) -> Figure:
    """The table from above: each card (its map turned as it lies, or a labelled pentagon),
    the open edges in orange with their numbers, the last card laid outlined in blue."""
    fig = new_figure((size, size * 0.75), dpi=100)
    ax = fig.add_axes((0, 0, 1, 1))
    ax.set_aspect("equal")
    ax.axis("off")
    if maps:
        _draw_maps(ax, cards, progress)
    for i, c in enumerate(cards):
        set_name, face = parse_card(c["card"])
        pts = np.array(corners(c["x"], c["y"], c["turn"]))
        ax.add_patch(
            Polygon(
                pts,
                closed=True,
                facecolor="none" if maps else SET_COLOURS[set_name],
                edgecolor=LAST_CARD if i == last else "#1a1a1a",
                linewidth=3 if i == last else 0.8,
                zorder=5,
            )
        )
        if not maps:
            ax.text(
                c["x"],
                c["y"],
                plot_text(f"{face}\n{SET_NAMES[set_name]}"),
                ha="center",
                va="center",
                fontsize=6,
                zorder=6,
            )
            if progress is not None:
                progress(i + 1, len(cards))
    for n, (index, edge) in enumerate(open_edges or []):
        c = cards[index]
        pts = corners(c["x"], c["y"], c["turn"])
        a, b = np.array(pts[edge]), np.array(pts[(edge + 1) % 5])
        ax.plot(*np.array([a, b]).T, color=OPEN_EDGE, linewidth=2.5, zorder=7)
        mid = (a + b) / 2
        out = mid - [c["x"], c["y"]]
        label = mid + 0.18 * out / np.linalg.norm(out)
        ax.text(
            *label,
            str(n + 1),
            color=OPEN_EDGE,
            fontsize=7,
            ha="center",
            va="center",
            zorder=8,
            fontweight="bold",
        )
    xy = np.array([[c["x"], c["y"]] for c in cards]) if cards else np.zeros((1, 2))
    pad = 1.6
    if bounds is not None:
        ax.add_patch(
            Polygon(
                [
                    (bounds[0], bounds[1]),
                    (bounds[2], bounds[1]),
                    (bounds[2], bounds[3]),
                    (bounds[0], bounds[3]),
                ],
                closed=True,
                facecolor="none",
                edgecolor="#777",
                linestyle="--",
            )
        )
        ax.set_xlim(bounds[0] - 0.3, bounds[2] + 0.3)
        ax.set_ylim(bounds[1] - 0.3, bounds[3] + 0.3)
    else:
        ax.set_xlim(xy[:, 0].min() - pad, xy[:, 0].max() + pad)
        ax.set_ylim(xy[:, 1].min() - pad, xy[:, 1].max() + pad)
    return fig


def learn_figure(set_name: str, cards: int = 12, maps: bool = True, size: float = 8.0) -> Figure:
    """One set laid out as the rulebook suggests: first the six Equator cards, then the polar."""
    layout = lay_out_set(set_name)
    return table_figure(layout.cards[:cards], maps=maps, size=size)


@cache
def tile_png(card: str, turn_steps: int = 0, maps: bool = True) -> bytes:
    """A small picture of one card from the hand, turned ``turn_steps`` x 72°."""
    set_name, face = parse_card(card)
    if maps:
        from geoteach.render.globe_cards import card_tile

        fig = card_tile(SET_NAMES[set_name], face, rotation=turn_steps, size=1.6)
    else:
        layout = Layout()
        layout.put(card, 0.0, 0.0, 2 * turn_steps)
        fig = table_figure(layout.cards, maps=False, size=1.6)
    return to_png(fig, dpi=60)


class GlobalPursuitTable(widgets.VBox):
    """The whole game in one widget: table, hand, placement, challenge, trivia, scores.

    ``maps=False`` draws plain labelled pentagons (fast); ``challenge_seconds`` is how long the
    Challenge button stays after a card is laid before the humans are taken to accept it (None:
    until "No challenge" is pressed). ``answer_mode`` is how trivia is answered: "typed",
    "choice" or "honor" (a reader reveals the answer and marks it). ``clock`` measures a
    turn against the ``time_limit`` (a fake one in tests).
    """

    def __init__(
        self,
        game: GlobalPursuit,
        bots: dict[int, Bot] | None = None,
        maps: bool = True,
        challenge_seconds: float | None = 6.0,
        answer_mode: Mode = "typed",
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self.game = game
        self.maps = maps
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
        self.picture = widgets.Image(format="png", layout=widgets.Layout(max_width="900px"))
        self.progress = widgets.IntProgress(min=0, max=1, description="Drawing:")
        self.progress.layout.visibility = "hidden"
        self.status = widgets.HTML()
        self.hand = widgets.ToggleButtons(description="Card:")
        self.hand_pictures = widgets.HBox()
        self.edge = widgets.Dropdown(description="Open edge:")
        self.turn = widgets.ToggleButtons(
            options=[(f"edge {k}", k) for k in range(5)],
            description="Touching:",
            tooltips=[
                f"Turn the card so its edge {k} lies against the open edge" for k in range(5)
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
        self.hand.observe(self._hand_changed, "value")
        for button, handler in (
            (self.lay, self.on_lay),
            (self.cannot, lambda: self.act({"type": "pass"})),
            (self.challenge, self.on_challenge),
            (self.accept, self.on_accept),
            (self.roll, lambda: self.act({"type": "roll"})),
            (self.choose_level, lambda: self.act({"type": "level", "level": self.levels.value})),
            (self.try_wild, self.on_wild),
            (self.skip_wild, lambda: self.act({"type": "no_wild"})),
            (self.give_back, self.on_give_back),
        ):
            button.on_click(safe(lambda _b, h=handler: h(), show=self.messages))
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

    def act(self, action: Action) -> None:
        """Apply a human's move (``player`` filled in, and the time the turn has taken when
        there is a time limit), let the bots move, redraw."""
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
        self.act({"type": "time_up", "seconds": round(seconds, 1)})

    def _answered(self, verdict: Verdict) -> None:
        """The question card's verdict, handed to the engine (which keeps the score)."""
        if self.card.asked_mode == "typed" and verdict.given is not None:
            self.act({"type": "answer", "text": verdict.given})
        else:
            self.act({"type": "answer", "mark": "right" if verdict.correct else "wrong"})

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
            self.messages.error("Pick a card from your hand and an open edge first.")
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

    # ----- drawing -----------------------------------------------------------------------------
    def _hand_changed(self, _change: object = None) -> None:
        card = self.hand.value
        if card is not None:
            self.turn.tooltips = [f"Edge {k} of {card} touches" for k in range(5)]

    def _set_progress(self, done: int, total: int) -> None:
        self.progress.max = total
        self.progress.value = done

    def redraw(self) -> None:
        game = self.game
        seat = self.seat()
        view = game.view(seat)
        phase = view["phase"]
        who = seat_badge(game.table, view["turn_of"])
        line = {
            "match": f"{who}: lay a card against an open edge, or say you cannot match.",
            "challenge": "A card has been laid. Does it match? Challenge now, or let it stand.",
            "roll": f"{who}: a ROLL card! Roll the die, then choose a level.",
            "level": f"{who}: choose a level before you hear the question.",
            "answer": f"{who}: answer the question.",
            "wild": f"{who}: right! Try the WILD CARD flag question?",
            "return": "Nobody matched this round: each player gives back one card.",
            "over": f"Game over. {html_text(view['ended'])}",
        }[phase]
        self.status.value = f"<b>Round {view['round']['number']}</b> · {line}"
        if view["news"]:
            self.messages.info(view["news"][-1])
        self.progress.layout.visibility = "visible"
        fig = table_figure(
            view["table"],
            view["open_edges"] if phase == "match" else None,
            maps=self.maps,
            last=len(view["table"]) - 1 if phase == "challenge" else None,
            bounds=view["bounds"],
            progress=self._set_progress,
        )
        self.picture.value = to_png(fig)
        self.progress.layout.visibility = "hidden"
        self.scores.update(game.scoreboard)
        self.tokens.value = "<br>".join(
            f"{seat_badge(game.table, s)}: {html_text(tokens_text(p))}"
            for s, p in enumerate(view["scores"])
        )
        self.controls.children = self._controls(view)
        self._time_the_turn(phase)
        if phase == "challenge":
            self._start_timer()

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
        if phase in ("challenge", "return"):
            self.countdown.pause()
        else:
            self.countdown.resume()

    def _controls(self, view: dict[str, Any]) -> list[widgets.Widget]:
        phase = view["phase"]
        if phase in ("match", "return"):
            return [self._hand_or_guard(view)]
        if self.guard is not None:
            self.guard.hide()
        if phase == "challenge":
            return [widgets.HBox([self.challenge, self.accept])]
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
                self.card.ask(question)
            die = f" The die shows {trivia['die']}." if trivia["die"] else ""
            self.question.value = f"<b>{html_text(trivia['deck_name'])}</b> question.{die}"
            return [self.question, self.card]
        if phase == "wild":
            return [self.levels, widgets.HBox([self.try_wild, self.skip_wild])]
        return []

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
        return self._fill_hand(seat)

    def _clear_hand(self) -> None:
        # Nothing of a hidden hand stays in the widgets, not even out of sight.
        self.hand.options = []
        self.hand_pictures.children = []
        self.edge.options = []
        self.hand_box.children = []

    def _fill_hand(self, seat: int) -> widgets.Widget:
        view = self.game.view(seat)
        self.hand.options = [
            (f"{SET_NAMES[parse_card(c)[0]]} {parse_card(c)[1]}", c) for c in view["hand"]
        ]
        self.hand_pictures.children = [
            widgets.Image(value=tile_png(c, 0, self.maps), format="png", width=90)
            for c in view["hand"]
        ]
        if view["phase"] == "match":
            self.edge.options = [
                (f"{n + 1} (card {i}, edge {e})", (i, e))
                for n, (i, e) in enumerate(view["open_edges"])
            ]
            rows = [
                self.hand_pictures,
                self.hand,
                self.edge,
                self.turn,
                widgets.HBox([self.lay, self.cannot]),
            ]
        else:
            rows = [self.hand_pictures, self.hand, self.give_back]
        self.hand_box.children = rows
        return self.hand_box


def play(
    players: list[str] | None = None,
    bots: dict[str, str] | None = None,
    seed: int | None = None,
    maps: bool = True,
    clock: Callable[[], float] = time.monotonic,
    **options: Any,
) -> GlobalPursuitTable:
    """Quick start: ``play(["Ana", "Computer"], {"Computer": "easy"})``."""
    from geoteach.games.table import Table

    table = Table.of(*(players or ["You", "Computer"]), bots=bots or {"Computer": "easy"})
    return GlobalPursuitTable(GlobalPursuit(table, seed=seed, **options), maps=maps, clock=clock)
