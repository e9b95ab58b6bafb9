"""Geography Pursuit at the table: the board, the die, the lit spaces, the card, the wedges.

The game's ``GameScreen``: the board on the left (a live canvas where a click on a lit space
moves the token, or a picture with the same spaces as buttons), and in the side column the
leaderboard with each player's wedges, the step to take now (the die shown big, the question
card, the category vote explained in words), the verdict with the right answer, where the place
is and one fact from the data, and the computer players' moves in sentences.

The screen holds no rules and reads no hidden state: it draws from the game's ``view(None)``
(the projector's view) and the moves it makes or is told about, and every button calls one
engine action. The question card is the one thing a reader holds that the projector does not
(the answer): the screen at the table (one player, or a pass-the-screen game) plays the
reader's part and takes the card from a reader's view, and judges typed answers with the
engine's own judge (``games.answer_moves.answer_checker``).

A class game's screen (some seats play on other devices: ``GameScreen.remote_seats``) never
holds another seat's view, so it never holds the answer: a team's device asks the question as
its own seat's view shows it (prompt, picture, the card's own options), sends what was typed
(``text``) or clicked (``choice``) for the engine to judge, and says the verdict, with the
right answer big, from the engine's ``last`` after the move. The projector shows the question
being asked without its answer, and every team's verdict after it. In honor mode the teacher is
the reader (house rule): the team's device shows the question and "say your answer out loud",
with no answer box; the projector reads the back of the card (the game's ``card_back()``, which
no device gets) and shows the question, **Show the answer**, then the answers and **Right** /
**Wrong**; its mark is the team's move, and the projector's clock times it. At a table, the
reader's card comes from ``card_back()`` too. Its sentences are in ``wording``, the board in
``geoteach.render.board`` and the die in ``geoteach.render.pursuit_pieces``. Computer players
move at the pace the set-up screen chose, and wait while a verdict is on screen.

Time limit (house rule ``time_limit``): a ``Countdown`` (a bar plus "12 s left" in words) starts
when a person's question is shown and is paused while a verdict is read. Every answer carries
the measured ``seconds`` so the engine judges lateness; when the clock runs out the screen sends
a late answer, which the engine counts as wrong. In a Jupyter kernel an asyncio task ticks the
clock about once a second; without a running event loop ``countdown.tick()`` is called by whoever
drives the screen (tests pass a fake ``clock``).
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
from geoteach.games.table import Table
from geoteach.i18n import N_, _
from geoteach.quiz.answers import Mode, Verdict
from geoteach.quiz.question import Question
from geoteach.render.board import BoardView, short_names, space_xy
from geoteach.ui import aloud
from geoteach.ui.apps import screen_options
from geoteach.ui.countdown import Countdown
from geoteach.ui.pursuit import wording
from geoteach.ui.pursuit.wording import TIME_UP, describe_space, history_html, rules_html
from geoteach.ui.question_card import QuestionCard
from geoteach.ui.safe import safe
from geoteach.ui.shell import GameScreen, Standing, plain_canvas


class PursuitApp(GameScreen):
    """A whole game of Geography Pursuit on the app shell's one screen.

    ``mode`` is how people answer: "typed" (the game checks), "choice" (multiple choice) or
    "honor" (another player reads the answer and marks it). ``bots`` maps seats to computer
    players; by default every bot seat of the table gets a ``PursuitBot`` of its level.
    ``interactive`` shows the board as a live canvas (ipympl) where a click moves the token.
    ``clock`` measures the time taken to answer (a fake one in tests).
    """

    title = "Geography Pursuit"
    score_title = N_("Wedges")
    detail_title = N_("Won")

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
    ) -> None:
        if bots is None:
            bots = bots_for(game.table, PursuitBot, game.seed)
        super().__init__(game, bots, bot_delay=bot_delay, large=large, on_new_game=on_new_game)
        self.game: GeographyPursuit = game
        self.mode: Mode = mode
        #: The game's category names (what a move names) and the names the page shows.
        self.categories: list[str] = list(game.view(None)["categories"])
        self.names: list[str] = [_(c) for c in self.categories]
        self.pieces = BoardView(self.names, self.table, interactive=interactive, large=large)
        # Clickable only on a widget canvas (ipympl); otherwise a picture and the buttons.
        self.interactive = interactive and isinstance(self.pieces.figure.canvas, widgets.Widget)
        if self.interactive:
            self.board_widget: widgets.Widget = plain_canvas(self.pieces.figure.canvas)
            self.pieces.on_pick(safe(self.move, show=self.messages))
        else:
            self.board_widget = widgets.Image(format="png")
        self.board_widget.add_class("gt-pursuit-board")
        self._size_board()
        self.board.children = [self.board_widget]

        self.roll_button = widgets.Button(
            description=_("Roll the die"), icon="cube", button_style="primary"
        )
        self.roll_button.add_class("gt-roll")
        self.roll_button.layout = widgets.Layout(width="220px", height="48px")
        self.roll_button.on_click(safe(lambda _b: self.roll(), show=self.messages))
        self.step = widgets.HTML()
        self.step.add_class("gt-step")
        self.card = QuestionCard(
            mode=mode,
            on_answer=safe(self._answered, show=self.messages),
            checker=answer_checker(game.options["precision"]),  # the engine's own judge
            choice_pool=self._choice_pool,
        )
        self.card.add_class("gt-pursuit-card")
        self.card.choice_box.layout.flex_flow = "wrap"
        self.card.answer_box.layout.width = "300px"
        self.card.answer_box.style.description_width = "60px"
        self.card.submit_button.description = _("Check")
        self.card.submit_button.layout.width = "110px"
        self.countdown = Countdown(
            game.options["time_limit"],
            safe(self._time_up, show=self.messages),
            clock=clock,
            time_up_text=_(TIME_UP),
            show=self.messages,
        )
        self._asked_id: str | None = None
        self._asked: Question | None = None
        self._picked: str | None = None
        #: The question being asked as the public view shows it (no answer): what a class
        #: game's verdict repeats when the answer is not read out.
        self._shown: dict[str, Any] | None = None
        #: A verdict to show with the next drawing (``after`` runs before the screen is redrawn;
        #: shown together, the verdict never appears beside the card it answers).
        self._verdict_due: tuple[str, dict[str, Any]] | None = None
        self._wedge_counts = [len(w) for w in game.view(None)["wedges"]]
        self.rules = widgets.HTML(rules_html(game.options, self.table.is_team_game))
        self.history = widgets.HTML()
        self.below.children = [self.rules, self.history]

    # ----- moves: one engine action each -------------------------------------------------
    @property
    def view(self) -> dict[str, Any]:
        """What the projector shows: the game's ``view(None)``."""
        return self.game.view(None)

    @property
    def player(self) -> int:
        """The seat whose turn it is."""
        return int(self.view["player"])

    def roll(self) -> None:
        self.act({"player": self.player, "type": "roll"})

    def move(self, space_id: str) -> None:
        self.act({"player": self.player, "type": "move", "to": space_id})

    def choose(self, category: str) -> None:
        self.act({"player": self.player, "type": "choose", "category": category})

    def vote(self, seat: int, category: str) -> None:
        self.act({"player": seat, "type": "vote", "category": category})

    def _answered(self, verdict: Verdict) -> None:
        """The card was answered: send the typed text (the engine judges) or the mark (on a
        class game's projector, the teacher's, for the team answering). Refused (the room is
        paused, say), the card takes the answer again."""
        action: Action = {"player": self.player, "type": "answer"}
        self._picked = verdict.given  # a multiple-choice pick, for the verdict
        if self.card.asked_mode == "typed" and verdict.given is not None:
            action["text"] = verdict.given
        else:
            action["mark"] = "right" if verdict.correct else "wrong"
            if self.card.asked_mode == "choice" and verdict.given is not None:
                action["choice"] = verdict.given  # the option clicked, for the lesson record
        if self.game.options["time_limit"] is not None:
            action["seconds"] = self.countdown.seconds()
        try:
            self.act(action)
        except Exception:
            self.card.reopen()
            raise

    def _given(self, given: str) -> None:
        """A class game's device: what was typed or clicked goes to the engine, which judges
        it (this screen does not hold the answer)."""
        kind = "choice" if self.card.asked_mode == "choice" else "text"
        action: Action = {"player": self.player, "type": "answer", kind: given}
        self._picked = given
        if self.game.options["time_limit"] is not None:
            action["seconds"] = self.countdown.seconds()
        self.act(action)

    def _time_up(self, seconds: float) -> None:
        """The clock ran out: the engine gets a late answer and counts it wrong."""
        if self.game.phase != "question" or self._asked_id is None:
            return
        self.act(
            {"player": self.player, "type": "answer", "mark": "wrong", "seconds": round(seconds, 1)}
        )

    def _choice_pool(self, question: Question) -> list[str]:
        bank = self.game.options["questions"]
        if isinstance(bank, dict) and question.category in bank:
            return [q["answer"] for q in bank[question.category]]
        return []

    # ----- the shell's hooks ---------------------------------------------------------------
    def redraw(self) -> None:
        """Board, controls of the current step and the history, from the projector's view."""
        view = self.view
        self.pieces.update(view)
        if self.interactive:
            lit = {sid: space_xy(sid) for sid in view["destinations"]}
            self.show_click_targets(self.pieces.figure, self.pieces.ax, lit)
        else:
            self.board_widget.value = self.pieces.png()
        self.controls.children = self._controls(view)
        self.history.value = history_html(view["news"])

    def refresh(self) -> None:
        """The shell's redraw, then the verdict due: it appears last, with the board and the
        step it leads to already on screen (never beside the card it answers)."""
        super().refresh()
        if self._verdict_due is not None:
            headline, details = self._verdict_due
            self._verdict_due = None
            self.show_verdict(headline, **details)

    @property
    def held(self) -> bool:
        """A verdict is on screen (or about to be) that the computers wait for."""
        due = self._verdict_due is not None and self._verdict_due[1].get("wait", True)
        return self.feedback.is_open or due

    def prompt(self) -> str:
        """Who must act and what to do, in a sentence (see ``wording.prompt_html``)."""
        view = self.view
        next_bot = self.bot_seat() if view["phase"] != "over" else None
        return wording.prompt_html(
            view,
            self.table,
            self.names,
            interactive=self.interactive,
            computers=list(self.bots),
            waiting_for=next_bot if self.held else None,
            aloud_page=self.aloud_page(view["player"]) if self.teacher_marks else "",
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
        shown by the redraw that follows)."""
        view = self.view
        try:
            if action["type"] == "answer":
                self._answer_shown(action, by_human, view)
        finally:
            self._wedge_counts = [len(w) for w in view["wedges"]]

    def _answer_shown(self, action: Action, by_human: bool, view: dict[str, Any]) -> None:
        """After an answer: the clock stops; a person gets the verdict, a game's end a card.

        In a class game every screen also says the other teams' verdicts (and the computers'),
        without holding the game: the engine's ``last`` has the card once it is answered."""
        self.countdown.stop()
        asked = self._asked
        self._asked_id, self._asked = None, None
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
            self._verdict_due = (f"{name}: {headline}", {**details, "wait": False})
        elif by_human and asked is not None:
            marked = action["player"] in self.remote_seats  # the teacher's mark of a team's
            headline, details = wording.verdict(
                view,
                self.table,
                self.names,
                action,
                asked,
                picked=self._picked,
                new_wedge=self._new_wedge(view, action["player"]),
                elsewhere=marked,
            )
            name = self.table.name_of(action["player"])
            self._verdict_due = (f"{name}: {headline}" if marked else headline, details)
        elif view["phase"] == "over":
            self._verdict_due = (
                wording.winners_text(view, self.table),
                {"correct": None, "wait": False},
            )
        self._picked = None

    @property
    def holds_readers_card(self) -> bool:
        """True when this screen plays the reader's part and may hold the card with its answer:
        at a table (one player, or a pass-the-screen game). A class game's screen (any seat
        played on another device) never may: it asks and judges through the engine."""
        return not self.remote_seats

    def _answered_card(self, view: dict[str, Any]) -> Question | None:
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

    def _new_wedge(self, view: dict[str, Any], seat: int) -> bool:
        """Whether the move just made won ``seat`` a wedge (more than after the move before)."""
        return len(view["wedges"][seat]) > self._wedge_counts[seat]

    def paused(self, on: bool) -> None:
        """No time runs out while a verdict is read."""
        if on:
            self.countdown.pause()
        else:
            self.countdown.resume()

    def set_large(self, large: bool) -> None:
        """The board grows with the text (its labels too) for a projector."""
        self.pieces.set_large(large)
        self._size_board()
        if not self.interactive:
            self.board_widget.value = self.pieces.png()

    def closing(self) -> None:
        """Stop the clock and free the board's figure before the screen is replaced."""
        self.countdown.stop()
        if self.countdown.task is not None and not self.countdown.task.done():
            self.countdown.task.cancel()
        self.pieces.stop_picking()
        if self.interactive:
            import matplotlib.pyplot as plt

            plt.close(self.pieces.figure)

    # ----- drawing ----------------------------------------------------------------------------
    def _size_board(self) -> None:
        """The picture at the board's own size (its text is sized for that), shrinking only
        where the page is narrower (a notebook beside a side bar)."""
        width, _height = self.pieces.pixels
        if not self.interactive:
            self.board_widget.layout = widgets.Layout(
                width=f"{width}px", max_width="100%", height="auto"
            )

    def _controls(self, view: dict[str, Any]) -> list[widgets.Widget]:
        """Only the current step: the die, the spaces, the categories, the vote or the card."""
        phase, table = view["phase"], self.table
        if phase == "over":
            self.countdown.stop()
            return [self._step(wording.over_html(view, table))]
        humans = [s for s in view["to_act"] if s not in self.bots]
        self._shown = view["question"] if phase == "question" else self._shown
        if phase == "question":
            marking = self.teacher_marks and self.marks_for(view["player"])
            return self._question_controls(view, asked_of_bot=not (humans or marking))
        if not humans:
            return [self._step(wording.computer_step_html(view, table, held=self.held))]
        if phase == "roll":
            last = self.game.log[-1] if self.game.log else None
            return [self._step(wording.roll_html(view, table, last)), self.roll_button]
        if phase == "move":
            move = wording.move_html(view, table, interactive=self.interactive)
            return [self._step(move), self._space_buttons(view)]
        if phase == "choose_category":
            return [self._step(wording.wild_hub_html()), self._category_buttons(self.choose)]
        voter = humans[0]
        text = wording.vote_html(view, table, self.names, voter)
        return [self._step(text), self._category_buttons(lambda c: self.vote(voter, c))]

    def _step(self, html: str) -> widgets.HTML:
        self.step.value = html
        return self.step

    def _space_buttons(self, view: dict[str, Any]) -> widgets.Widget:
        buttons = []
        for sid in view["destinations"]:
            button = widgets.Button(
                description=describe_space(sid, self.names),
                layout=widgets.Layout(width="auto"),
            )
            button.add_class("gt-space")
            button.on_click(safe(lambda _b, s=sid: self.move(s), show=self.messages))
            buttons.append(button)
        return widgets.HBox(buttons, layout=widgets.Layout(flex_flow="wrap"))

    def _category_buttons(self, pick: Callable[[str], Any]) -> widgets.Widget:
        buttons = []
        shown = zip(self.categories, self.names, short_names(self.names), strict=True)
        for name, said, letters in shown:
            button = widgets.Button(
                description=f"{letters} · {said}", layout=widgets.Layout(width="auto")
            )
            button.add_class("gt-category")
            button.on_click(safe(lambda _b, c=name: pick(c), show=self.messages))
            buttons.append(button)
        return widgets.HBox(buttons, layout=widgets.Layout(flex_flow="wrap"))

    @property
    def teacher_marks(self) -> bool:
        """Honor mode in a class game: the teacher marks the answers said out loud, on the
        projector (house rule)."""
        return self.mode == "honor" and bool(self.remote_seats)

    def _question_controls(self, view: dict[str, Any], asked_of_bot: bool) -> list[widgets.Widget]:
        seat = view["player"]
        if asked_of_bot:
            if self.teacher_marks and self.team_elsewhere(seat):
                return [self._step(wording.aloud_wait_html(view, self.table, self.names))]
            return [self._step(wording.thinking_html(view, self.table, self.names))]
        marking = seat in self.remote_seats  # the projector marks for the team answering
        if self.holds_readers_card or marking:
            card = self.game.card_back()["card"]  # the reader's: at a table, or the teacher's
            if card["id"] != self._asked_id:
                self._ask(card)
        elif self._asked_id != (asked := f"asked-{len(self.game.log)}"):
            self._ask_unjudged(asked)
        notes = wording.question_notes_html(
            view,
            self.table,
            self.names,
            honor=self.card.asked_mode == "honor" and not self.teacher_marks,
            consultation=bool(self.game.options["consultation"]),
        )
        if marking:
            notes = aloud.marking_html(self.table, seat) + notes
        clock = [] if self.teacher_marks and not marking else [self.countdown]
        return [self._step(notes), self.card, *clock]

    def _ask(self, card: dict[str, Any]) -> None:
        question = Question.from_dict(card)
        self.card.ask(question, self.mode)
        self.card.header.value = ""  # the step above names the category and level, in colour
        self._asked = question
        self._asked_id = card["id"]  # only once shown: a card that failed to show is tried again
        self.countdown.start()

    def _ask_unjudged(self, asked: str) -> None:
        """A class game's device: the question as this seat's own view shows it (no answer);
        the engine judges what is typed or clicked (``_given``). In honor mode the team says its
        answer out loud instead, and the projector marks it and keeps the time."""
        if not self.feedback.is_open:
            self.feedback.put_away()  # another team's verdict, shown without holding the game
        shown = self.view_of(self.player)["question"]
        if self.teacher_marks:
            self.card.ask_aloud(shown, aloud.say_it_aloud_html())
            # Read out with the banner that follows ("say your answer out loud"): there is no
            # answer box for focus to go to, so a screen reader would not come to the card.
            self.live.say(str(shown.get("prompt", "")))
        else:
            self.card.ask_unjudged(shown, self._given, self.mode)
            self.countdown.start()
        self.card.header.value = ""  # the step above names the category and level, in colour
        self._asked = None
        self._asked_id = asked


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
