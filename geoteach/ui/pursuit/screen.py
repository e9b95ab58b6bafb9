"""Geography Pursuit at the table: the board, the die, the lit spaces, the card, the wedges.

The board on the left (a live canvas where a click on a lit space moves the token, or a picture
with the same spaces as buttons), and in the side column the leaderboard with each player's
wedges, the step to take now (the die shown big, the question card, the category vote explained
in words), the verdict with the right answer, where the place is and one fact from the data,
and the computer players' moves in sentences.

The screen holds no rules and reads no hidden state: it draws from the game's ``view(None)``
(the projector's view) and the moves it makes or is told about, and every button calls one
engine action. The question card is the one thing a reader holds that the projector does not
(the answer): the screen at the table (one player, or a pass-the-screen game) plays the
reader's part and takes the card from the back of the card (``card_back()``), and judges typed
answers with the engine's own judge (``games.answer_moves.answer_checker``).

A class game's screen (some seats play on other devices: its ``Seating``'s ``remote`` seats)
never holds another seat's view, so it never holds the answer: a team's device asks the question
as its own seat's view shows it (prompt, picture, the card's own options), sends what was typed
(``text``) or clicked (``choice``) for the engine to judge, and says the verdict, with the
right answer big, from the engine's ``last`` after the move. The projector shows the question
being asked without its answer, and every team's verdict after it. In honor mode the teacher is
the reader (house rule): the team's device shows the question and "say your answer out loud",
with no answer box; the projector reads the back of the card (the game's ``card_back()``, which
no device gets) and shows the question, **Show the answer**, then the answers and **Right** /
**Wrong**; its mark is the team's move, and the projector's clock times it. Computer players
move at the pace the set-up screen chose, and wait while a verdict is on screen.

Time limit (house rule ``time_limit``): a ``Countdown`` (a bar plus "12 s left" in words) starts
when a person's question is shown and is paused while a verdict is read. Every answer carries
the measured ``seconds`` so the engine judges lateness; when the clock runs out the screen sends
a late answer, which the engine counts as wrong. In a Jupyter kernel an asyncio task ticks the
clock about once a second; without a running event loop ``countdown.tick()`` is called by whoever
drives the screen (tests pass a fake ``clock``).

How the screen is composed (as Globalissimo's): ``PursuitApp`` is the shared ``shell.Screen``
with ``PursuitParts`` as its game's part. The parts hold two panels with explicit inputs,
``board.BoardPanel`` (drawn from a view; a click on a lit space calls back) and
``step.StepPanel`` (drawn from a view and the people to act here; its buttons and its card hand
an action to ``on_move``), and the rules and history below. Who plays where (a class game's
remote seats, the projector that marks) is the ``Seating`` the screen is given; where a browser
test clicks is its ``ClickTargets``.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Mapping
from typing import Any

import ipywidgets as widgets

from geoteach.bots.base import Bot, bots_for
from geoteach.bots.pursuit import PursuitBot
from geoteach.games.answer_moves import answer_checker
from geoteach.games.base import Action
from geoteach.games.geography_pursuit.board import CATEGORIES
from geoteach.games.geography_pursuit.game import GeographyPursuit
from geoteach.games.geography_pursuit.views import GeographyPursuitView
from geoteach.games.table import Table
from geoteach.i18n import N_, _
from geoteach.quiz.answers import Mode
from geoteach.quiz.question import Question
from geoteach.render.board import short_names
from geoteach.ui import aloud
from geoteach.ui.apps import screen_options
from geoteach.ui.pursuit import wording
from geoteach.ui.pursuit.board import BoardPanel
from geoteach.ui.pursuit.step import StepPanel
from geoteach.ui.pursuit.wording import history_html, rules_html
from geoteach.ui.shell import ClickTargets, Host, Screen, Seating, Standing


class PursuitParts:
    """Geography Pursuit's part of the shared screen: what a move led to, the banner, the
    leaderboard's rows, and the two panels drawn from ``game.view(None)`` (the projector's
    view). ``host`` is the screen it is on (``shell.Host``); ``mode`` is how people answer,
    ``clock`` measures the time taken to answer."""

    title = "Geography Pursuit"
    score_title = N_("Wedges")
    detail_title = N_("Won")

    def __init__(
        self,
        host: Host,
        game: GeographyPursuit,
        *,
        mode: Mode,
        interactive: bool,
        clock: Callable[[], float],
    ) -> None:
        self.host = host
        self.game = game
        self.table = game.table
        self.seating = host.seating
        self.mode: Mode = mode
        #: The game's category names (what a move names) and the names the page shows.
        self.categories: list[str] = list(game.view(None)["categories"])
        self.names: list[str] = [_(c) for c in self.categories]
        self.board_panel = BoardPanel(
            self.names,
            self.table,
            interactive=interactive,
            large=host.large,
            on_move=self.move,
            targets=host.targets,
            messages=host.messages,
        )
        self.interactive = self.board_panel.interactive
        host.board.children = [self.board_panel.board_widget]
        self.step_panel = StepPanel(
            self.table,
            self.names,
            self.categories,
            mode=mode,
            interactive=self.interactive,
            time_limit=game.options["time_limit"],
            checker=answer_checker(game.options["precision"]),  # the engine's own judge
            choice_pool=self._choice_pool,
            clock=clock,
            on_move=host.act,
            on_time_up=self._time_up,
            messages=host.messages,
        )
        #: The question being asked as the public view shows it (no answer): what a class
        #: game's verdict repeats when the answer is not read out.
        self._shown: dict[str, Any] | None = None
        self._wedge_counts = [len(w) for w in game.view(None)["wedges"]]
        self.rules = widgets.HTML(rules_html(game.options, self.table.is_team_game))
        self.history = widgets.HTML()
        host.below.children = [self.rules, self.history]

    # ----- moves: one engine action each -------------------------------------------------
    @property
    def view(self) -> GeographyPursuitView:
        """What the projector shows: the game's ``view(None)``."""
        return self.game.view(None)

    def move(self, space_id: str) -> None:
        """A click on a lit space of the board: the token goes there."""
        self.host.act({"player": int(self.view["player"]), "type": "move", "to": space_id})

    def _time_up(self, seconds: float) -> None:
        """The clock ran out: the engine gets a late answer and counts it wrong."""
        if self.game.phase != "question" or self.step_panel.asked_id is None:
            return
        player = int(self.view["player"])
        self.host.act(
            {"player": player, "type": "answer", "mark": "wrong", "seconds": round(seconds, 1)}
        )

    def _choice_pool(self, question: Question) -> list[str]:
        bank = self.game.options["questions"]
        if isinstance(bank, dict) and question.category in bank:
            return [q["answer"] for q in bank[question.category]]
        return []

    # ----- the screen's parts --------------------------------------------------------------
    def redraw(self) -> None:
        """Board, controls of the current step and the history, from the projector's view."""
        view = self.view
        self.host.board.children = self.board_panel.draw(view)
        self.host.controls.children = self._controls(view)
        self.history.value = history_html(view["news"])

    @property
    def held(self) -> bool:
        """A verdict is on screen (or about to be) that the computers wait for."""
        due = self.host.verdict_due
        waits = due is not None and bool(due[1].get("wait", True))
        return self.host.feedback.is_open or waits

    def prompt(self) -> str:
        """Who must act and what to do, in a sentence (see ``wording.prompt_html``)."""
        view = self.view
        seating = self.seating
        next_bot = None
        if view["phase"] != "over":
            next_bot = next((s for s in view["to_act"] if seating.plays_here(s)), None)
        return wording.prompt_html(
            view,
            self.table,
            self.names,
            interactive=self.interactive,
            computers=list(seating.bots),
            waiting_for=next_bot if self.held else None,
            aloud_page=seating.aloud_page(self.game, view["player"]) if self.teacher_marks else "",
        )

    def standings(self) -> list[Standing]:
        """The winner first, then by wedges; each player's wedges by their letters."""
        view = self.view
        letters = short_names(self.names)
        winners = set(view["winners"])
        rows = []
        for seat, wedges in enumerate(view["wedges"]):
            won = " ".join(letters[c] for c in wedges) or _("none")
            key = (float(seat in winners), float(len(wedges)))
            count = _("{count} of {total}").format(count=len(wedges), total=CATEGORIES)
            rows.append(Standing(seat, key, count, won))
        return rows

    def describe(self, action: Action) -> str:
        """A computer's move in one sentence, read after the move was made."""
        view = self.view
        return wording.move_words(
            action, view, self.table, self.names, self._new_wedge(view, action["player"])
        )

    def after(self, action: Action, by_human: bool) -> None:
        """A person's answer gets the verdict card; the end of the game a neutral card (both
        due with the drawing that follows, ``Host.verdict_due``: the verdict appears after the
        step and the banner it leads to, never beside the card it answers)."""
        view = self.view
        try:
            if action["type"] == "answer":
                self._answer_shown(action, by_human, view)
        finally:
            self._wedge_counts = [len(w) for w in view["wedges"]]

    def _answer_shown(self, action: Action, by_human: bool, view: Mapping[str, Any]) -> None:
        """After an answer: the clock stops; a person gets the verdict, a game's end a card.

        In a class game every screen also says the other teams' verdicts (and the computers'),
        without holding the game: the engine's ``last`` has the card once it is answered."""
        step = self.step_panel
        step.countdown.stop()
        asked = step.asked
        step.asked_id, step.asked = None, None
        if asked is None and not self.holds_readers_card:
            asked = self._answered_card(view)
        if not by_human and not self.holds_readers_card and asked is not None:
            headline, details = wording.verdict(
                view,
                self.table,
                self.names,
                action,
                asked,
                picked=action.get("choice"),
                new_wedge=self._new_wedge(view, action["player"]),
                elsewhere=True,
            )
            name = self.table.name_of(action["player"])
            self.host.verdict_due = (f"{name}: {headline}", {**details, "wait": False})
        elif by_human and asked is not None:
            marked = action["player"] in self.seating.remote  # the teacher's mark of a team's
            headline, details = wording.verdict(
                view,
                self.table,
                self.names,
                action,
                asked,
                picked=step.picked,
                new_wedge=self._new_wedge(view, action["player"]),
                elsewhere=marked,
            )
            name = self.table.name_of(action["player"])
            self.host.verdict_due = (f"{name}: {headline}" if marked else headline, details)
        elif view["phase"] == "over":
            self.host.verdict_due = (
                wording.winners_text(view, self.table),
                {"correct": None, "wait": False},
            )
        step.picked = None

    @property
    def holds_readers_card(self) -> bool:
        """True when this screen plays the reader's part and may hold the card with its answer:
        at a table (one player, or a pass-the-screen game). A class game's screen (any seat
        played on another device) never may: it asks and judges through the engine."""
        return not self.seating.class_game

    @property
    def teacher_marks(self) -> bool:
        """Honor mode in a class game: the teacher marks the answers said out loud, on the
        projector (house rule)."""
        return self.mode == "honor" and self.seating.class_game

    def _answered_card(self, view: Mapping[str, Any]) -> Question | None:
        """The card just answered, from the engine's ``last``: whole when the answer is read
        out; otherwise only its question (the answer stays unsaid, house rule)."""
        last = view.get("last") or {}
        if last.get("card"):
            return Question.from_dict(last["card"])
        shown = self._shown
        if shown is None:
            return None
        # Only the prompt is said when the answer is not read out: the stand-in answer is never
        # shown (``wording.verdict`` reads the answer only when ``last`` has it).
        return Question(category="", level=1, prompt=shown["prompt"], answer="?")

    def _new_wedge(self, view: Mapping[str, Any], seat: int) -> bool:
        """Whether the move just made won ``seat`` a wedge (more than after the move before)."""
        return len(view["wedges"][seat]) > self._wedge_counts[seat]

    def paused(self, on: bool) -> None:
        """No time runs out while a verdict is read."""
        if on:
            self.step_panel.countdown.pause()
        else:
            self.step_panel.countdown.resume()

    def set_large(self, large: bool) -> None:
        """The board grows with the text (its labels too) for a projector."""
        self.board_panel.set_large(large)

    def closing(self) -> None:
        """Stop the clock and free the board's figure before the screen is replaced."""
        countdown = self.step_panel.countdown
        countdown.stop()
        if countdown.task is not None and not countdown.task.done():
            countdown.task.cancel()
        self.board_panel.closing()

    # ----- the step ---------------------------------------------------------------------------
    def _controls(self, view: Mapping[str, Any]) -> list[widgets.Widget]:
        """Only the current step: the die, the spaces, the categories, the vote or the card."""
        phase, step = view["phase"], self.step_panel
        if phase == "over":
            step.countdown.stop()
            return step.say(view, wording.over_html(view, self.table))
        people = [s for s in view["to_act"] if self.seating.person_here(s)]
        self._shown = view["question"] if phase == "question" else self._shown
        if phase == "question":
            marking = self.teacher_marks and self.seating.marks_for(self.game, view["player"])
            return self._question_controls(view, asked_of_bot=not (people or marking))
        last = self.game.log[-1] if self.game.log else None
        return step.draw(view, people, held=self.held, last=last)

    def _question_controls(
        self, view: Mapping[str, Any], asked_of_bot: bool
    ) -> list[widgets.Widget]:
        seat, step = view["player"], self.step_panel
        if asked_of_bot:
            if self.teacher_marks and self.seating.team_elsewhere(seat):
                return step.say(view, wording.aloud_wait_html(view, self.table, self.names))
            return step.say(view, wording.thinking_html(view, self.table, self.names))
        marking = seat in self.seating.remote  # the projector marks for the team answering
        if self.holds_readers_card or marking:
            back = self.game.card_back()  # the reader's: at a table, or the teacher's
            assert back is not None  # a question is asked: its card has a back
            if back["card"]["id"] != step.asked_id:
                step.ask(back["card"])
        elif step.asked_id != (asked := f"asked-{len(self.game.log)}"):
            self._ask_unjudged(seat, asked)
        notes = wording.question_notes_html(
            view,
            self.table,
            self.names,
            honor=step.card.asked_mode == "honor" and not self.teacher_marks,
            consultation=bool(self.game.options["consultation"]),
        )
        if marking:
            notes = aloud.marking_html(self.table, seat) + notes
        return step.question(view, notes, clock=not self.teacher_marks or marking)

    def _ask_unjudged(self, seat: int, asked: str) -> None:
        """A class game's device: the question as this seat's own view shows it (no answer);
        the engine judges what is typed or clicked. In honor mode the team says its answer out
        loud instead, and the projector marks it and keeps the time."""
        feedback = self.host.feedback
        if not feedback.is_open:
            feedback.put_away()  # another team's verdict, shown without holding the game
        shown = self.seating.view_of(self.game, seat)["question"]
        if self.teacher_marks:
            self.step_panel.ask_unjudged(shown, asked, aloud.say_it_aloud_html())
            # Read out with the banner that follows ("say your answer out loud"): there is no
            # answer box for focus to go to, so a screen reader would not come to the card.
            if feedback.live is not None:
                feedback.live.say(str(shown.get("prompt", "")))
        else:
            self.step_panel.ask_unjudged(shown, asked, "")


class PursuitApp(Screen):
    """A whole game of Geography Pursuit on the app shell's one screen.

    A ``shell.Screen`` made with ``PursuitParts`` (it overrides nothing). ``mode`` is how
    people answer: "typed" (the game checks), "choice" (multiple choice) or "honor" (another
    player reads the answer and marks it). ``bots`` maps seats to computer players; by default
    every bot seat of the table gets a ``PursuitBot`` of its level; ``seating`` (default: from
    ``bots``) and ``targets`` are the strategies a class game and a browser test pass in.
    ``interactive`` shows the board as a live canvas (ipympl) where a click moves the token.
    ``clock`` measures the time taken to answer (a fake one in tests). ``start()`` draws it.
    """

    parts: PursuitParts

    def __init__(
        self,
        game: GeographyPursuit,
        bots: Mapping[int, Bot] | None = None,
        mode: Mode = "typed",
        interactive: bool = False,
        clock: Callable[[], float] = time.monotonic,
        *,
        bot_delay: float = 0.8,
        large: bool = False,
        on_new_game: Callable[[], Any] | None = None,
        seating: Seating | None = None,
        targets: ClickTargets | None = None,
    ) -> None:
        if bots is None:
            bots = bots_for(game.table, PursuitBot, game.seed)
        super().__init__(
            game,
            lambda host: PursuitParts(host, game, mode=mode, interactive=interactive, clock=clock),
            seating=Seating(game.table, bots) if seating is None else seating,
            targets=targets,
            bot_delay=bot_delay,
            large=large,
            on_new_game=on_new_game,
        )
        self.game: GeographyPursuit = game


def play(
    *names: str,
    bots: Mapping[str, str] | None = None,
    mode: Mode = "typed",
    seed: int | None = None,
    interactive: bool = False,
    clock: Callable[[], float] = time.monotonic,
    bot_delay: float = 0.8,
    large: bool = False,
    **house_rules: Any,
) -> PursuitApp:
    """Start a game in a notebook: ``play("Ana", "Ben", "Bot", bots={"Bot": "easy"})``."""
    game = GeographyPursuit(Table.of(*names, bots=dict(bots or {})), seed=seed, **house_rules)
    screen = PursuitApp(
        game, mode=mode, interactive=interactive, clock=clock, bot_delay=bot_delay, large=large
    )
    screen.start()
    return screen


def new_game(table: Table, values: dict[str, Any]) -> GeographyPursuit:
    """The game the set-up screen's choices describe."""
    return GeographyPursuit(
        table,
        seed=values.get("seed"),
        precision=values["precision"],
        time_limit=values["time_limit"],
        reveal_answer=values["reveal_answer"],
        consultation=values["consultation"],
    )


def build_screen(
    table: Table,
    values: dict[str, Any],
    game: Any = None,
    bots: Mapping[int, Bot] | None = None,
) -> PursuitApp:
    """The app's game screen from the set-up screen's choices (``game`` and ``bots``: a class
    game's room and who plays elsewhere)."""
    game = new_game(table, values) if game is None else game
    return PursuitApp(game, bots=bots, mode=values["mode"], **screen_options(values))
