"""Global Pursuit on the shared screen: the layout of the widgets and what each one does.

The screen holds no rules and reads nothing of the engine but its public verbs: it draws from
``game.view(seat)`` (the hand's owner's view, or ``view(None)`` when no hand is shown) and acts
with ``game.apply`` through the shell. Laying a card is in ``placing``, what a move led to in
``verdicts``, every sentence in ``wording``, the drawing in ``geoteach.render``.

The question card is the rulebook's reader ("the player to the right asks a TRIVIA CARD
question"): at a table (one player, or a pass-the-screen game) it reads the question from that
seat's view, which holds the answer, so that it can judge a typed answer, offer the options and
reveal the answer. Nothing else of that view is used (not that seat's hand).

A class game's screen (some seats play on other devices: ``GameScreen.remote_seats``) never
holds another seat's view, so it never holds the answer: a team's device asks the question as
its own seat's view shows it (prompt, flag, the question's own options) and sends what was
typed (``text``) or clicked (``choice``) for the engine to judge; the verdict, with every
answer that counts, comes from the engine's ``last`` after the move. The projector shows the
question being asked without its answer, and each verdict after it. In honor mode the teacher
is the reader (house rule): the team's device shows the question and "say your answer out
loud", with no answer box (its level, ROLL and WILD CARD choices stay its own, and its turn's
clock waits while the teacher marks); the projector reads the back of the card (the game's
``card_back()``, which no device gets) and shows the question, **Show the answer**, then the
answers and **Right** / **Wrong**; its mark is the team's move. At a table the reader's card
comes from ``card_back()`` too.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Mapping
from typing import Any

import ipywidgets as widgets
from rapidfuzz import fuzz

from geoteach.bots.base import Bot, bots_for
from geoteach.bots.global_pursuit import GlobalPursuitBot
from geoteach.escape import html_text
from geoteach.games.base import Action
from geoteach.games.global_pursuit.engine import GlobalPursuit
from geoteach.games.global_pursuit.layout import Layout
from geoteach.games.global_pursuit.trivia import Bank, bank_of, deck_questions
from geoteach.i18n import N_, _, ngettext
from geoteach.quiz.answers import MODES, Mode, Verdict
from geoteach.quiz.question import LEVELS, Question
from geoteach.render.global_pursuit import joint_picture, scale_figure
from geoteach.render.globe_cards import TablePicture
from geoteach.ui import aloud
from geoteach.ui.canvases import Described
from geoteach.ui.countdown import Countdown
from geoteach.ui.global_pursuit import wording
from geoteach.ui.global_pursuit.hand_card import HandCard, can_click, live_figure
from geoteach.ui.global_pursuit.placing import Placing
from geoteach.ui.global_pursuit.verdicts import Verdicts
from geoteach.ui.global_pursuit.wording import TIME_UP
from geoteach.ui.hotseat import HotSeatGuard
from geoteach.ui.question_card import QuestionCard
from geoteach.ui.safe import on_click, safe
from geoteach.ui.shell import GameScreen, Standing, canvas_box, number_text
from geoteach.ui.styles import sheet

#: The table on screen, in inches at 100 dpi: 920 × 420 pixels at 1366×768.
TABLE_SIZE = (9.2, 4.2)
#: Each joint up close in a challenge: a panel this wide (and 0.8 of it high), under the table.
JOINT_PX = 270
#: Large-text mode draws the table and the hand this much bigger (labels included).
LARGE_SCALE = 1.3


class GlobalPursuitScreen(Placing, Verdicts, GameScreen):
    """Global Pursuit on the shared screen: table and hand on the left, the step on the right.

    ``maps=False`` draws plain labelled pentagons (only for very slow computers);
    ``interactive=False`` shows pictures instead of live canvases (the controls still play).
    ``challenge_seconds`` is how long a person may challenge a computer's card before it stands
    (None: until "No challenge" is pressed). ``answer_mode`` is how trivia is answered: "typed",
    "choice" or "honor" (a reader reveals the answer and marks it). ``clock`` measures a turn
    against the ``time_limit`` (a fake one in tests).
    """

    title = "Global Pursuit"
    detail_title = N_("In hand")

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
        self._views: dict[int | None, dict[str, Any]] = {}
        self._views_at = -1
        super().__init__(game, bots, bot_delay=bot_delay, large=large, on_new_game=on_new_game)
        self.game: GlobalPursuit = game
        self.add_class("gt-gp")
        self.maps = maps
        self.interactive = interactive and can_click()
        self.challenge_seconds = challenge_seconds
        self.answer_mode = answer_mode
        self.scale = LARGE_SCALE if large else 1.0
        self._bank: Bank | None = None

        # The board: the table (a live canvas or a picture), the hand or the joint under it.
        self.picture: widgets.Widget = widgets.Image(format="png")
        self.table_picture = self._table_picture()
        #: What the board shows of the table: the canvas in a box of its own, or the picture.
        self.table_view = (
            canvas_box(self.picture, _("The table: the cards laid so far and their open edges."))
            if self.interactive
            else self.picture
        )
        self.hand_cards = widgets.HBox()
        self.hand_cards.add_class("gt-hand")
        self._hand_widgets: dict[str, HandCard] = {}
        self.joint = widgets.Image(format="png")
        self.joint.add_class("gt-joint")
        self.joint_box = Described(self.joint)
        self._joint_key: tuple[Any, ...] | None = None
        self.hidden_hand = widgets.HTML()

        # The controls of each step; the selection controls are the keyboard route.
        self.step = widgets.HTML()
        self.hand = widgets.Dropdown(description=_("Card:"), style={"description_width": "initial"})
        self.edge = widgets.Dropdown(
            description=_("Place:"), style={"description_width": "initial"}
        )
        self.turn = widgets.ToggleButtons(
            options=[(str(k + 1), k) for k in range(5)],
            value=0,
            description=_("Edge that touches:"),
            style={"description_width": "initial", "button_width": "40px"},
            tooltips=[
                _("Turn the card so its edge {edge} lies against the open edge").format(edge=k + 1)
                for k in range(5)
            ],
        )
        for control, css in (
            (self.hand, "gt-card-pick"),
            (self.edge, "gt-place"),
            (self.turn, "gt-touching"),
        ):
            control.add_class(css)
        self.lay = self._button(_("Lay the card"), "gt-lay", style="primary", icon="check")
        self.cannot = self._button(_("I cannot match"), "gt-cannot")
        self.challenge = self._button(_("Challenge!"), "gt-challenge", style="danger")
        self.accept = self._button(_("No challenge"), "gt-accept")
        self.roll = self._button(_("Roll the die"), "gt-roll", style="info")
        self.levels = widgets.ToggleButtons(
            options=[(f"{n} {_(name)}", n) for n, name in LEVELS.items()],
            style={"button_width": "auto"},
            tooltips=[
                ngettext("Level {n}: {name}, {n} point", "Level {n}: {name}, {n} points", n).format(
                    n=n, name=_(name)
                )
                for n, name in LEVELS.items()
            ],
        )
        self.choose_level = self._button(_("Ask me"), "gt-ask", style="primary")
        self.question = widgets.HTML()
        self.card = QuestionCard(
            mode=answer_mode,
            on_answer=safe(self._answered, show=self.messages),
            choice_pool=self._choice_pool,
        )
        self.card.answer_box.layout.width = "260px"
        self.card.choice_box.layout.flex_flow = "wrap"
        # The card's own controls, under the names the table used before (tests, notebooks).
        self.answer = self.card.answer_box
        self.submit = self.card.submit_button
        self.right = self.card.right_button
        self.wrong = self.card.wrong_button
        self.try_wild = self._button(_("Try the WILD CARD flag"), "gt-wild")
        self.skip_wild = self._button(_("No, thanks"), "gt-no-wild")
        self.give_back = self._button(_("Give this card back"), "gt-give-back")
        self.countdown = Countdown(
            game.options.get("time_limit"),
            safe(self._time_up, show=self.messages),
            clock=clock,
            time_up_text=_(TIME_UP),
            show=self.messages,
        )
        self.challenge_clock = Countdown(
            challenge_seconds,
            safe(lambda _seconds: self.on_accept(), show=self.messages),
            clock=clock,
            time_up_text=_("The card stands."),
            show=self.messages,
        )
        self.challenge_clock.bar.description = _("To challenge:")
        self._challenge_for: int | None = None
        self._timed_turn: int | None = None
        self._quiet = False  # filling the hand: choices change without redrawing each time
        self._marks: list[Any] = []
        self._table = Layout()
        start = self.seen(None)
        self._news_seen = list(start["news"])
        self._scores_seen = list(game.scores())
        self._before: dict[str, Any] = {}
        #: The trivia card as the public view showed it before the last move (a class game's
        #: verdict of a move made elsewhere says its symbol and die).
        self._trivia_seen = start["trivia"]
        #: The move number at which a class game's page asked the question it shows (a team's
        #: device without its answer, or the projector for the teacher to mark).
        self._unjudged_at: int | None = None
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
        self._turn_of = start["turn_of"]

        # Below the board: tokens and how points are made.
        self.tokens = widgets.HTML()
        self.below.children = [self.tokens, widgets.HTML(wording.points_html(game.options))]
        self.side_css = sheet("global_pursuit")  # the side column, the hand: css/global_pursuit.css
        self.children = [self.side_css, *self.children]
        self.messages.info(wording.who_starts(start, self.table))
        self.start()

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

    # ----- what the screen may see ------------------------------------------------------------
    def seen(self, seat: int | None) -> dict[str, Any]:
        """``game.view(seat)``, made once per move (the screen reads it many times a redraw).

        The game changes only by a move, and every move goes into the log."""
        if self._views_at != len(self.game.log):
            self._views, self._views_at = {}, len(self.game.log)
        if seat not in self._views:
            self._views[seat] = self.game.view(seat)
        return self._views[seat]

    def asked_question(self) -> Question | None:
        """The question being asked, with its answer, as the reader holds it (the back of the
        card, ``card_back()``); None when none is being asked, or when this screen may not
        hold the answer (a class game's: ``holds_readers_card``)."""
        if self.game.phase != "answer" or not self.holds_readers_card:
            return None
        back = self.game.card_back()
        return Question.from_dict(back["card"]) if back else None

    @property
    def teacher_marks(self) -> bool:
        """Honor mode in a class game: the teacher marks the answers said out loud, on the
        projector (house rule)."""
        return self.answer_mode == "honor" and bool(self.remote_seats)

    @property
    def holds_readers_card(self) -> bool:
        """True when this screen plays the reader's part and may hold the question with its
        answer: at a table (one player, or a pass-the-screen game). A class game's screen (any
        seat played on another device) never may: it asks and judges through the engine."""
        return not self.remote_seats

    def fixed_level(self, seat: int) -> int | None:
        """``seat``'s level when every player keeps one (the 2-points variation), else None."""
        return self.seen(seat)["fixed_level"]

    # ----- who acts ---------------------------------------------------------------------------
    def seat(self) -> int:
        """The person who acts now (the first one in a challenge window), else whose turn it is."""
        humans = [s for s in self.game.to_act() if s not in self.bots]
        return humans[0] if humans else self.seen(None)["turn_of"]

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
        if self.countdown.running and seat == self.seen(None)["turn_of"] and "seconds" not in move:
            late = self.countdown.late()
            move["seconds"] = self.countdown.seconds()
        self._before = {
            "scores": self.game.scores(),
            "trivia": self.seen(None)["trivia"],
            "question": self.asked_question(),
            "late": late,
        }
        self.explaining = None
        self._reader = seat
        super().act(move)

    def on_lay(self) -> None:
        if self.hand.value is None or self.edge.value is None:
            self.messages.error(_("Pick a card from your hand and a numbered place first."))
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
        fixed = self.fixed_level(self.seat())
        self.act({"type": "level", "level": fixed or self.levels.value})

    def on_wild(self) -> None:
        fixed = self.fixed_level(self.seat())
        self.act({"type": "wild", "level": fixed or self.levels.value})

    def on_give_back(self) -> None:
        if self.hand.value is None:
            self.messages.error(_("Pick the card to give back first (click it in your hand)."))
            return
        self.act({"type": "return", "card": self.hand.value})

    def _time_up(self, seconds: float) -> None:
        """The clock ran out: the engine ends the turn (``time_up``)."""
        game, player = self.game, self.seen(None)["turn_of"]
        if game.is_terminal() or player in self.bots or game.phase in ("challenge", "return"):
            return
        self.act({"player": player, "type": "time_up", "seconds": round(seconds, 1)})

    def _answered(self, verdict: Verdict) -> None:
        """The question card's verdict, handed to the engine (which keeps the score): on a class
        game's projector, the teacher's mark for the team answering. Refused (the room is
        paused, say), the card takes the answer again."""
        if self.card.asked_mode == "typed" and verdict.given is not None:
            action = {"type": "answer", "text": verdict.given}
        else:
            action = {"type": "answer", "mark": "right" if verdict.correct else "wrong"}
            if self.card.asked_mode == "choice" and verdict.given is not None:
                action["choice"] = verdict.given  # the option clicked, for the lesson record
        try:
            self.act(action)
        except Exception:
            self.card.reopen()
            raise

    def _given(self, given: str) -> None:
        """A class game's device: what was typed or clicked goes to the engine, which judges
        it (this screen does not hold the answer)."""
        kind = "choice" if self.card.asked_mode == "choice" else "text"
        self.act({"type": "answer", kind: given})

    def _choice_pool(self, question: Question) -> list[str]:
        """Other answers of the same deck and level, the most alike questions first."""
        trivia = self.seen(None)["trivia"]
        if trivia is None:
            return []
        if self._bank is None:
            self._bank = bank_of(self.game.options.get("trivia", {}))
        others = []
        for other in deck_questions(self._bank, trivia["deck"], question.level):
            if other.answer != question.answer:
                others.append((-fuzz.ratio(other.prompt, question.prompt), other.answer))
        return list(dict.fromkeys(answer for _, answer in sorted(others)))

    # ----- the screen -------------------------------------------------------------------------
    def prompt(self) -> str:
        view = self.seen(None)
        head = wording.round_head(view)
        if self.game.is_terminal():
            over = _("The game is over.")
            return f'{head}<br><span class="gt-turn">{over}</span>'
        person = self.person_to_act()
        reader = self._reader if self._reader is not None else person
        reading = self.feedback.is_open and reader is not None
        page = self.aloud_page(view["turn_of"]) if self.teacher_marks else ""
        if view["phase"] == "answer" and page and not reading:
            question = wording.question_words(view["trivia"])
            return f"{head}<br>{aloud.banner_html(self.table, view['turn_of'], question, page)}"
        task = wording.task_text(view, self.table, person, reader, self.feedback.is_open)
        return f'{head}<br><span class="gt-turn">▶ {task}</span>'

    def standings(self) -> list[Standing]:
        sizes = self.seen(None)["hand_sizes"]
        return [
            Standing(seat, (float(score),), number_text(score), str(sizes[seat]))
            for seat, score in enumerate(self.game.scores())
        ]

    def redraw(self) -> None:
        if not self.feedback.is_open:
            self.explaining = None
        if self.game.is_terminal() and not self.feedback.text:
            self._explain_end()  # also a game over from the start (a table with no room)
        view = self.seen(self.hand_owner())
        self.controls.children = self._controls(view)
        if view["player"] != self.hand_owner():  # the guard covered the hand
            view = self.seen(self.hand_owner())
        self._draw_table(view)
        self.board.children = self._board(view)
        self.tokens.value = wording.tokens_html(view, self.table)
        self._time_the_turn(view["phase"])
        self._open_challenge_window(view)

    def _board(self, view: Mapping[str, Any]) -> list[widgets.Widget]:
        if view["phase"] == "challenge" or self.explaining == "joint":
            if view["phase"] == "challenge":
                self._show_joint(view)
            return [self.table_view, self.joint_box]
        owner = self.hand_owner()
        if owner is None or self.game.is_terminal():
            self.hidden_hand.value = _(wording.HIDDEN_HANDS) if self.guard else ""
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
            if phase == "answer" and self.teacher_marks and self.marks_for(view["turn_of"]):
                return self._marking(view)
            if phase == "answer" and not self.holds_readers_card and view["trivia"]:
                self.step.value = wording.asked_html(
                    view["trivia"],
                    self.table,
                    view["to_act"],
                    aloud=self.teacher_marks and self.team_elsewhere(view["turn_of"]),
                )
            else:
                self.step.value = wording.playing_html(self.table, self.game.to_act())
            return [self.step]
        clock = [self.countdown] if self.countdown.limit else []
        if phase in ("match", "return"):
            return [*clock, self._hand_or_guard(view)]
        self._cover()
        if phase == "challenge":
            self.step.value = _(wording.CHALLENGE_STEP)
            window = [self.challenge_clock] if self.challenge_seconds else []
            return [self.step, widgets.HBox([self.challenge, self.accept]), *window]
        if phase == "roll":
            self.step.value = _(wording.ROLL_STEP)
            return [*clock, self.step, self.roll]
        trivia = view["trivia"]
        if phase == "level":
            fixed = self.fixed_level(person)
            self.step.value = wording.level_step(trivia, fixed)
            levels = [] if fixed is not None else [self.levels]
            return [*clock, self.step, *levels, self.choose_level]
        if phase == "answer":
            question = self.asked_question()
            if question is not None and (
                self.card.verdict is not None or self.card.question != question
            ):
                self._ask(question)
            elif not self.holds_readers_card and self._unjudged_at != len(self.game.log):
                self._ask_unjudged(self.seen(person)["trivia"]["question"])
            if self.teacher_marks:  # said out loud: the teacher marks it and holds the time
                clock = []
            self.question.value = f"<p>{wording.question_head(trivia)}</p>"
            return [*clock, self.question, self.card]
        if phase == "wild":
            self.step.value = _(wording.WILD_STEP)
            levels = [] if self.fixed_level(person) is not None else [self.levels]
            return [*clock, self.step, *levels, widgets.HBox([self.try_wild, self.skip_wild])]
        return []

    def _marking(self, view: Mapping[str, Any]) -> list[widgets.Widget]:
        """The projector in honor mode: the teacher marks the team's answer said out loud,
        from the back of the card (``card_back``), for the team answering."""
        if self._unjudged_at != len(self.game.log):  # a new question (a refused mark: the same)
            self._ask(Question.from_dict(self.game.card_back()["card"]))
            self._unjudged_at = len(self.game.log)
        self.step.value = aloud.marking_html(self.table, view["turn_of"])
        self.question.value = f"<p>{wording.question_head(view['trivia'])}</p>"
        return [self.step, self.question, self.card]

    def _ask(self, question: Question) -> None:
        """Put ``question`` on the card; a question that names its options shows them however
        it is answered (typed, or read out by the reader)."""
        self.card.ask(question)
        self._card_head(question.level)
        if question.choices and self.card.asked_mode != "choice":
            self.card.media.value += wording.options_html(question.choices)

    def _card_head(self, level: Any) -> None:
        """The card's head says its level only: its deck and symbol are said above it, in the
        page's language (``wording.question_head``), where the card would say the deck's
        English name."""
        if level not in LEVELS:
            self.card.header.value = ""
            return
        said = _("Level {level} {name}").format(level=level, name=_(LEVELS[level]))
        self.card.header.value = f"<small>{html_text(said)}</small>"

    def _ask_unjudged(self, shown: Mapping[str, Any]) -> None:
        """A class game's device: the question as this seat's own view shows it (no answer);
        the engine judges what is typed or clicked (``_given``). In honor mode the team says
        its answer out loud instead, and the projector marks it."""
        if self.teacher_marks:
            self.card.ask_aloud(shown, aloud.say_it_aloud_html())
            # Read out with the banner that follows ("say your answer out loud"): there is no
            # answer box for focus to go to, so a screen reader would not come to the card.
            self.live.say(str(shown.get("prompt", "")))
        else:
            self.card.ask_unjudged(shown, self._given, self.answer_mode)
        self._card_head(shown.get("level"))
        self._unjudged_at = len(self.game.log)
        if shown.get("choices") and self.card.asked_mode != "choice":
            self.card.media.value += wording.options_html(shown["choices"])

    def _show_joint(self, view: Mapping[str, Any]) -> None:
        """The card just laid and each card it touches, joint by joint, up close."""
        cards = view["table"]
        key = (len(cards), cards[-1]["card"] if cards else None, self.maps)
        if key == self._joint_key:
            return
        self._joint_key = key
        png, joints = joint_picture(view, maps=self.maps, panel_px=JOINT_PX)
        self.joint.value = png
        laid = wording.card_name(cards[-1]["card"]) if cards else _("none")
        self.joint_box.describe(
            _(
                "Close-up of the card just laid ({card}) and each card it touches, joint by joint."
            ).format(card=laid)
        )
        self.joint.layout.width = f"{round(JOINT_PX * self.scale) * max(1, joints)}px"

    # ----- clocks -----------------------------------------------------------------------------
    def _time_the_turn(self, phase: str) -> None:
        """Start the clock when a person's turn starts; stop it while others act or a verdict
        is read."""
        if self.game.is_terminal() or self.seen(None)["turn_of"] in self.bots:
            if self.countdown.running:
                self.countdown.stop()
            self._timed_turn = None
            return
        if self._timed_turn != self._turns:
            self._timed_turn = self._turns
            self.countdown.start()
        # In honor mode a class game's team waits for the teacher's mark: that time is not its.
        aloud = phase == "answer" and self.teacher_marks
        if phase in ("challenge", "return") or self.feedback.is_open or aloud:
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
