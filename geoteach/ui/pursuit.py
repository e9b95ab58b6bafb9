"""Geography Pursuit at the table: the board, the die, the lit spaces, the card, the scores.

The widget holds no rules: every button calls one engine action and everything is redrawn from
the new state. Computer players move by themselves until a person must act.

The board is a PNG by default (works everywhere, also in Voilà without ipympl); with
``interactive=True`` (and ``%matplotlib widget``) it is the live matplotlib canvas and a click on a
lit space moves the token. The destination buttons are always there too, for keyboards and
screen readers.

Time limit (house rule ``time_limit``): a ``Countdown`` (a bar plus "12 s left" in words) starts
when a question is shown. Every answer carries the measured ``seconds`` so the engine judges
lateness; when the clock runs out the widget says so in words and sends a late answer, which the
engine counts as wrong. In a Jupyter kernel an asyncio task ticks the clock about once a second;
without a running event loop nothing runs in the background and ``countdown.tick()`` is called by
whoever drives the widget (tests pass a fake ``clock``).
"""

from __future__ import annotations

import time
from collections.abc import Callable, Mapping
from typing import Any

import ipywidgets as widgets

from geoteach.bots.base import Bot, bots_for, play_bots
from geoteach.bots.pursuit import PursuitBot
from geoteach.escape import html_text
from geoteach.games.geography_pursuit.board import SPACES
from geoteach.games.geography_pursuit.game import GeographyPursuit
from geoteach.games.scoreboard import Scoreboard
from geoteach.quiz.answers import AnswerChecker, Mode, Verdict, said_answers
from geoteach.quiz.question import Question
from geoteach.render.board import BoardView
from geoteach.ui.countdown import Countdown
from geoteach.ui.messages import MessageLine
from geoteach.ui.question_card import QuestionCard
from geoteach.ui.safe import safe
from geoteach.ui.scoreboard import ScoreboardView
from geoteach.ui.theme import seat_badge, themed


class StrictChecker(AnswerChecker):
    """The "strict" house rule on the card: the answer or an alias, no typos."""

    def typed(self, question: Question, given: str) -> Verdict:
        return self.exact(question, given)


def describe_space(space_id: str, categories: list[str]) -> str:
    """A space in words for a button: "Physical World headquarters", "Roll again", ..."""
    space = SPACES[space_id]
    kind, a, b = space.place
    if space.kind == "hub":
        return "The hub"
    where = f"spoke {a + 1}, {b} out" if kind == "spoke" else f"ring space {a + 1}"
    if space.kind == "roll_again":
        return f"Roll again ({where})"
    name = categories[space.category]
    if space.kind == "headquarters":
        return f"{name} headquarters"
    return f"{name} ({where})"


#: What a player reads when the clock runs out on a question.
TIME_UP = "Time is up: the answer counts as wrong."


class PursuitApp(widgets.VBox):
    """A whole game of Geography Pursuit in one widget.

    ``mode`` is how people answer: "typed" (the game checks), "choice" (multiple choice) or
    "honor" (another player reads the answer and marks it). ``bots`` maps seats to computer
    players; by default every bot seat of the table gets a ``PursuitBot`` of its level.
    ``clock`` measures the time taken to answer (a fake one in tests).
    """

    def __init__(
        self,
        game: GeographyPursuit,
        bots: Mapping[int, Bot] | None = None,
        mode: Mode = "typed",
        interactive: bool = False,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self.game = game
        self.table = game.table
        self.bots: dict[int, Bot] = (
            dict(bots) if bots is not None else bots_for(self.table, PursuitBot, game.seed)
        )
        self.mode = mode
        self.messages = MessageLine()
        self.header = widgets.HTML()
        self.board = BoardView(game.categories, self.table, interactive=interactive)
        # Clickable only on a widget canvas (ipympl, after ``%matplotlib widget``); else a PNG.
        self.interactive = interactive and isinstance(self.board.figure.canvas, widgets.Widget)
        if self.interactive:
            self.board_widget: widgets.Widget = self.board.figure.canvas
            self.board.on_pick(safe(self.move, show=self.messages))
        else:
            self.board_widget = widgets.Image(format="png", layout=widgets.Layout(width="560px"))
        self.roll_button = widgets.Button(
            description="Roll the die", icon="cube", button_style="primary"
        )
        self.roll_button.on_click(safe(lambda _b: self.roll(), show=self.messages))
        self.bots_button = widgets.Button(description="Let the computer play", icon="play")
        self.bots_button.on_click(safe(lambda _b: self._bots_then_refresh(), show=self.messages))
        self.controls = widgets.VBox()
        checker = StrictChecker() if game.options["precision"] == "strict" else AnswerChecker()
        self.card = QuestionCard(
            mode=mode,
            on_answer=safe(self._answered, show=self.messages),
            checker=checker,
            choice_pool=self._choice_pool,
        )
        self.card.layout.display = "none"
        self.countdown = Countdown(
            game.options["time_limit"],
            safe(self._time_up, show=self.messages),
            clock=clock,
            time_up_text=TIME_UP,
            show=self.messages,
        )
        self._asked_id: str | None = None
        self.scoreboard = Scoreboard(len(self.table.seats))
        self._wedges_seen = [list(w) for w in game.state["wedges"]]
        self._news_seen: list[str] = []
        self.scores = ScoreboardView(
            self.table,
            self.scoreboard,
            counters=["wedges", "right"],
            labels={"wedges": "Wedges", "right": "Right answers"},
        )
        self.rules = widgets.HTML(rules_html(game.options))
        left = widgets.VBox([self.board_widget])
        right = widgets.VBox(
            [self.header, self.controls, self.countdown, self.card, self.scores, self.rules],
            layout=widgets.Layout(min_width="360px", max_width="520px"),
        )
        super().__init__([widgets.HBox([left, right]), self.messages])
        themed(self)
        self.run_bots()
        self.refresh()

    # ----- moves: one engine action each -------------------------------------------------
    def act(self, action: dict[str, Any]) -> None:
        """Apply ``action``, let the computer players answer, redraw."""
        self.game.apply(action)
        self.run_bots()
        self.refresh()

    def roll(self) -> None:
        self.act({"player": self.game.state["player"], "type": "roll"})

    def move(self, space_id: str) -> None:
        self.act({"player": self.game.state["player"], "type": "move", "to": space_id})

    def choose(self, category: str) -> None:
        self.act({"player": self.game.state["player"], "type": "choose", "category": category})

    def vote(self, seat: int, category: str) -> None:
        self.act({"player": seat, "type": "vote", "category": category})

    def run_bots(self) -> int:
        """Let computer players act until a person must; returns how many moves they made."""
        return play_bots(self.game, self.bots, max_moves=100_000)

    def _bots_then_refresh(self) -> None:
        self.run_bots()
        self.refresh()

    def _answered(self, verdict: Verdict) -> None:
        seat = self.game.state["player"]
        action: dict[str, Any] = {"player": seat, "type": "answer"}
        if self.card.asked_mode == "typed" and verdict.given is not None:
            action["text"] = verdict.given
        else:
            action["mark"] = "right" if verdict.correct else "wrong"
        late = self.countdown.late()
        if self.game.options["time_limit"] is not None:
            action["seconds"] = self.countdown.seconds()
        self.game.apply(action)
        self.countdown.stop(TIME_UP if late else None)
        if late:
            self.messages.error(TIME_UP)
        last = self.game.state["last"]
        if not last["correct"] and not self.game.options["reveal_answer"]:
            self.card.feedback.value = f"<p role='status'><b>✗ {html_text(last['message'])}</b></p>"
        elif last["message"] and last["message"] != verdict.message:
            self.card.feedback.value = f"<p role='status'><b>{html_text(last['message'])}</b></p>"
        self._asked_id = None
        self.run_bots()
        self.refresh()

    def _time_up(self, seconds: float) -> None:
        """The clock ran out: the engine gets a late answer and counts it wrong."""
        if self.game.phase != "question" or self._asked_id is None:
            return
        seat = self.game.state["player"]
        self.game.apply(
            {"player": seat, "type": "answer", "mark": "wrong", "seconds": round(seconds, 1)}
        )
        last = self.game.state["last"]
        said = TIME_UP
        if last.get("answer") and self.card.question is not None:
            said += f" The answer is {said_answers(self.card.question)}."
        self.messages.error(said)
        self.card.verdict = None  # the card was never answered: put it away
        self._asked_id = None
        self.run_bots()
        self.refresh()

    def _choice_pool(self, question: Question) -> list[str]:
        bank = self.game.options["questions"]
        if isinstance(bank, dict) and question.category in bank:
            return [q["answer"] for q in bank[question.category]]
        return []

    # ----- drawing -----------------------------------------------------------------------
    def refresh(self) -> None:
        """Redraw everything from the game's state."""
        game, view = self.game, self.game.view(None)
        self.board.update(view)
        if not self.interactive:
            self.board_widget.value = self.board.png()
        self._update_scores(view)
        for line in _fresh(self._news_seen, view["news"]):
            if "turn" in line:
                self.messages.turn(line)
            else:
                self.messages.info(line)
        self._news_seen = list(view["news"])
        who = seat_badge(self.table, view["player"])
        if game.is_terminal():
            names = " and ".join(self.table.name_of(s) for s in game.winners())
            self.header.value = f"<h3>🏆 {html_text(names)} won the game!</h3>"
            self.controls.children = []
            self.countdown.stop()
            return
        roll = f" · rolled <b>{view['roll']}</b>" if view["roll"] else ""
        self.header.value = f"<h3>{who}{roll}</h3><p>{self._hint(view)}</p>"
        self.controls.children = self._controls(view)
        self._show_card(view)

    def _hint(self, view: dict[str, Any]) -> str:
        return {
            "roll": "Roll the die.",
            "move": "Pick where to go: a lit space on the board or a button.",
            "choose_category": "You are in the hub: pick any category.",
            "vote": "The other players vote for the category of the final question.",
            "question": "Answer the question.",
        }.get(view["phase"], "")

    def _controls(self, view: dict[str, Any]) -> list[widgets.Widget]:
        phase, cats = view["phase"], view["categories"]
        humans_to_act = [s for s in view["to_act"] if s not in self.bots]
        if not humans_to_act:
            return [self.bots_button]
        if phase == "roll":
            return [self.roll_button]
        if phase == "move":
            buttons = []
            for sid in view["destinations"]:
                b = widgets.Button(
                    description=describe_space(sid, cats), layout=widgets.Layout(width="auto")
                )
                b.on_click(safe(lambda _b, s=sid: self.move(s), show=self.messages))
                buttons.append(b)
            return [widgets.HTML("<b>Go to:</b>"), widgets.VBox(buttons)]
        if phase == "choose_category":
            return [self._category_buttons(lambda c: self.choose(c), cats)]
        if phase == "vote":
            rows: list[widgets.Widget] = []
            for seat in humans_to_act:
                rows.append(widgets.HTML(f"{seat_badge(self.table, seat)} votes:"))
                rows.append(self._category_buttons(lambda c, s=seat: self.vote(s, c), cats))
            return rows
        return []

    def _category_buttons(self, pick: Any, categories: list[str]) -> widgets.Widget:
        buttons = []
        for name in categories:
            b = widgets.Button(description=name, layout=widgets.Layout(width="auto"))
            b.on_click(safe(lambda _b, c=name: pick(c), show=self.messages))
            buttons.append(b)
        return widgets.HBox(buttons, layout=widgets.Layout(flex_flow="row wrap"))

    def _show_card(self, view: dict[str, Any]) -> None:
        if view["phase"] != "question":
            if self.card.verdict is None:
                self.card.layout.display = "none"
            return
        qid = self.game.state["question"]["id"]
        if qid == self._asked_id:
            return
        question = Question.from_dict(self.game.question_card(qid))
        self.card.layout.display = None
        self.card.ask(question, self.mode)
        self._asked_id = qid  # only once shown: a card that failed to show is tried again
        limit = self.game.options["time_limit"]
        if limit:
            self.card.header.value += f" <small>· {limit} seconds to answer</small>"
        if view["question"]["final"]:
            self.card.header.value = (
                "<b>🏁 The game-winning question!</b> " + self.card.header.value
            )
        self.countdown.start()

    def _update_scores(self, view: dict[str, Any]) -> None:
        for seat, wedges in enumerate(view["wedges"]):
            for category in wedges:
                if category not in self._wedges_seen[seat]:
                    self.scoreboard.add(
                        seat, 1, "wedges", why=f"{view['categories'][category]} headquarters"
                    )
            self._wedges_seen[seat] = list(wedges)
        right = [sum(r for r, _ in record) for record in view["record"]]
        self.scoreboard.counters["right"] = [float(r) for r in right]
        self.scoreboard.counters.setdefault("wedges", [0.0] * self.scoreboard.seats)
        self.scores.update(self.scoreboard)


def rules_html(options: Mapping[str, Any]) -> str:
    """The house rules of this game in words, shown under the scores."""
    limit = options.get("time_limit")
    rules = [
        "Answers must be exact."
        if options.get("precision") == "strict"
        else "Small typos are forgiven.",
        f"{limit} seconds per question." if limit else "No time limit.",
        "The right answer is read out after a wrong one."
        if options.get("reveal_answer", True)
        else "The right answer is not read out after a wrong one.",
        "Team members may talk it over."
        if options.get("consultation", True)
        else "Team members answer without talking it over.",
    ]
    items = "".join(f"<li>{html_text(r)}</li>" for r in rules)
    return f"<details><summary>House rules</summary><ul>{items}</ul></details>"


def _fresh(seen: list[str], news: list[str]) -> list[str]:
    """The lines of ``news`` after the part already in ``seen`` (news is a sliding window)."""
    for k in range(min(len(seen), len(news)), 0, -1):
        if seen[-k:] == news[:k]:
            return news[k:]
    return news


def play(
    *names: str,
    bots: Mapping[str, str] | None = None,
    mode: Mode = "typed",
    seed: int | None = None,
    interactive: bool = False,
    clock: Callable[[], float] = time.monotonic,
    **house_rules: Any,
) -> PursuitApp:
    """Start a game in a notebook: ``play("Ana", "Ben", "Bot", bots={"Bot": "easy"})``."""
    from geoteach.games.table import Table

    game = GeographyPursuit(Table.of(*names, bots=dict(bots or {})), seed=seed, **house_rules)
    return PursuitApp(game, mode=mode, interactive=interactive, clock=clock)
