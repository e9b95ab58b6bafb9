"""Global Pursuit on the shared screen: what each step shows, what a move led to, who acts.

The screen holds no rules and reads nothing of the engine but its public verbs: it draws from
``game.view(seat)`` (the hand's owner's view, or ``view(None)`` when no hand is shown) and acts
with ``game.apply`` through the shell.

How the screen is composed (as Globalissimo's): ``GlobalPursuitScreen`` is the shared
``shell.Screen`` with ``GlobalPursuitParts`` as its game's part. The parts hold two panels with
explicit inputs, ``board.BoardPanel`` (the table, the hand's cards and the joint, drawn from a
view; a click calls back) and ``step.StepPanel`` (the controls of each step and the clocks; its
buttons hand a move to ``on_move``), and what is between them: choosing a card, a place and an
edge (the ghost), the hand behind the hot-seat guard; what a move led to is its ``verdicts``
(``verdicts.Verdicts``, composed, not a mixin). Every sentence is in ``wording``, the
drawing in ``geoteach.render``. A person's move goes through the shell's
``before_move`` (``stamp``): the seat and the turn's time are filled in, and the scores and
the question the verdict will speak of are noted. Who plays where (a class game's remote seats,
the projector that marks) is the ``Seating`` the screen is given; where a browser test clicks
is its ``ClickTargets``.

The question card is the rulebook's reader ("the player to the right asks a TRIVIA CARD
question"): at a table (one player, or a pass-the-screen game) it reads the question from that
seat's view, which holds the answer, so that it can judge a typed answer, offer the options and
reveal the answer. Nothing else of that view is used (not that seat's hand).

A class game's screen (some seats play on other devices: ``Seating.remote``) never holds
another seat's view, so it never holds the answer: a team's device asks the question as its own
seat's view shows it (prompt, flag, the question's own options) and sends what was typed
(``text``) or clicked (``choice``) for the engine to judge; the verdict, with every answer that
counts, comes from the engine's ``last`` after the move. The projector shows the question being
asked without its answer, and each verdict after it. In honor mode the teacher is the reader
(house rule): the team's device shows the question and "say your answer out loud", with no
answer box (its level, ROLL and WILD CARD choices stay its own, and its turn's clock waits
while the teacher marks); the projector reads the back of the card (the game's ``card_back()``,
which no device gets) and shows the question, **Show the answer**, then the answers and
**Right** / **Wrong**; its mark is the team's move. At a table the reader's card comes from
``card_back()`` too.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterator, Mapping
from contextlib import contextmanager
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
from geoteach.i18n import N_, _
from geoteach.quiz.answers import MODES, Mode, Verdict
from geoteach.quiz.question import LEVELS, Question
from geoteach.render.global_pursuit import ghost_card, ghost_corners, table_layout
from geoteach.render.globe_cards import SlotMark, edge_near, inside_card, place_marks
from geoteach.ui import aloud
from geoteach.ui.global_pursuit import wording
from geoteach.ui.global_pursuit.board import BoardPanel
from geoteach.ui.global_pursuit.hand_card import can_click
from geoteach.ui.global_pursuit.step import StepPanel
from geoteach.ui.global_pursuit.verdicts import Verdicts
from geoteach.ui.hotseat import HotSeatGuard
from geoteach.ui.shell import ClickTargets, Host, Screen, Seating, Standing, number_text
from geoteach.ui.styles import sheet

#: Large-text mode draws the table and the hand this much bigger (labels included).
LARGE_SCALE = 1.3


class GlobalPursuitParts:
    """Global Pursuit's part of the shared screen (``shell.Parts``): the board and step panels,
    what a move led to, the banner and the leaderboard's rows. ``host`` is the screen it is on
    (``shell.Host``); the other arguments are ``GlobalPursuitScreen``'s."""

    title = "Global Pursuit"
    score_title = N_("Points")
    detail_title = N_("In hand")

    def __init__(
        self,
        host: Host,
        game: GlobalPursuit,
        *,
        maps: bool,
        interactive: bool,
        challenge_seconds: float | None,
        answer_mode: Mode,
        clock: Callable[[], float],
    ) -> None:
        self.host = host
        self.game = game
        self.table = game.table
        self.seating = host.seating
        self.bots = host.seating.bots
        self._views: dict[int | None, Mapping[str, Any]] = {}
        self._views_at = -1
        self.maps = maps
        self.interactive = interactive and can_click()
        self.challenge_seconds = challenge_seconds
        self.answer_mode: Mode = answer_mode
        self.scale = LARGE_SCALE if host.large else 1.0
        self._bank: Bank | None = None
        self.board_panel = BoardPanel(
            maps=maps,
            interactive=self.interactive,
            scale=self.scale,
            targets=host.targets,
            messages=host.messages,
            on_pick=self.pick_card,
            on_click=self.on_table_click,
        )
        self.step_panel = StepPanel(
            mode=answer_mode,
            time_limit=game.options.get("time_limit"),
            challenge_seconds=challenge_seconds,
            clock=clock,
            messages=host.messages,
            on_move=host.act,
            on_accept=self.on_accept,
            on_selection=self._selection_changed,
            on_answer=self._answered,
            on_time_up=self._time_up,
            choice_pool=self._choice_pool,
            fixed_level=lambda: self.fixed_level(self.seat()),
        )
        self._challenge_for: int | None = None
        self._timed_turn: int | None = None
        self._marks: list[SlotMark] = []
        self._table = Layout()
        #: The move number at which a class game's page asked the question it shows (a team's
        #: device without its answer, or the projector for the teacher to mark).
        self._unjudged_at: int | None = None
        self.humans = [s for s in range(len(game.table.seats)) if s not in self.bots]
        self.guard: HotSeatGuard | None = None
        if len(self.humans) >= 2:
            self.guard = HotSeatGuard(game.table, self._reveal_hand, show=host.messages)
        self._guard_for: tuple[int, int, str] | None = None
        self._shown_to: int | None = None  # the person the guard last showed the hand to
        #: What a move led to: the log's sentences and the verdicts (``verdicts``).
        self.verdicts = Verdicts(host, game, self.seen)
        host.before_move = self.stamp

        # Below the board: tokens and how points are made.
        self.tokens = widgets.HTML()
        host.below.children = [self.tokens, widgets.HTML(wording.points_html(game.options))]

    # ----- what the screen may see ------------------------------------------------------------
    def seen(self, seat: int | None) -> Mapping[str, Any]:
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
        return self.answer_mode == "honor" and self.seating.class_game

    @property
    def holds_readers_card(self) -> bool:
        """True when this screen plays the reader's part and may hold the question with its
        answer: at a table (one player, or a pass-the-screen game). A class game's screen (any
        seat played on another device) never may: it asks and judges through the engine."""
        return not self.seating.class_game

    def fixed_level(self, seat: int) -> int | None:
        """``seat``'s level when every player keeps one (the 2-points variation), else None."""
        level = self.seen(seat)["fixed_level"]
        return None if level is None else int(level)

    # ----- who acts ---------------------------------------------------------------------------
    def seat(self) -> int:
        """The person who acts now (the first one in a challenge window), else whose turn it is."""
        humans = [s for s in self.game.to_act() if s not in self.bots]
        return humans[0] if humans else int(self.seen(None)["turn_of"])

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
    def stamp(self, action: Action) -> Action:
        """A person's move, before the shell applies it (``Host.before_move``): their seat and,
        when there is a time limit, the time the turn has taken are filled in; the scores and
        the question before it are noted for its verdict."""
        seat = action.get("player", self.seat())
        move = {**action, "player": seat}
        self.host.messages.clear()
        late = False
        countdown = self.step_panel.countdown
        if countdown.running and seat == self.seen(None)["turn_of"] and "seconds" not in move:
            late = countdown.late()
            move["seconds"] = countdown.seconds()
        verdicts = self.verdicts
        verdicts.before = {
            "scores": self.game.scores(),
            "trivia": self.seen(None)["trivia"],
            "question": self.asked_question(),
            "late": late,
        }
        verdicts.explaining = None
        verdicts.reader = seat
        return move

    def on_accept(self) -> None:
        """Every person in the challenge window lets the card stand (or the window closed)."""
        if self.game.phase != "challenge":
            return
        people = [s for s in self.game.to_act() if s not in self.bots]
        if not people:
            return
        for seat in people[:-1]:
            self.game.apply({"player": seat, "type": "accept"})
            self.verdicts.after({"player": seat, "type": "accept"}, by_human=True)
        self.host.act({"player": people[-1], "type": "accept"})

    def _time_up(self, seconds: float) -> None:
        """The clock ran out: the engine ends the turn (``time_up``)."""
        game, player = self.game, self.seen(None)["turn_of"]
        if game.is_terminal() or player in self.bots or game.phase in ("challenge", "return"):
            return
        self.host.act({"player": player, "type": "time_up", "seconds": round(seconds, 1)})

    def _answered(self, verdict: Verdict) -> None:
        """The question card's verdict, handed to the engine (which keeps the score): on a class
        game's projector, the teacher's mark for the team answering. Refused (the room is
        paused, say), the card takes the answer again."""
        card = self.step_panel.card
        action: Action
        if card.asked_mode == "typed" and verdict.given is not None:
            action = {"type": "answer", "text": verdict.given}
        else:
            action = {"type": "answer", "mark": "right" if verdict.correct else "wrong"}
            if card.asked_mode == "choice" and verdict.given is not None:
                action["choice"] = verdict.given  # the option clicked, for the lesson record
        try:
            self.host.act(action)
        except Exception:
            card.reopen()
            raise

    def _given(self, given: str) -> None:
        """A class game's device: what was typed or clicked goes to the engine, which judges
        it (this screen does not hold the answer)."""
        kind = "choice" if self.step_panel.card.asked_mode == "choice" else "text"
        self.host.act({"type": "answer", kind: given})

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
        """The banner: the round, then who must act and what to do."""
        view = self.seen(None)
        head = wording.round_head(view)
        if self.game.is_terminal():
            over = _("The game is over.")
            return f'{head}<br><span class="gt-turn">{over}</span>'
        person = self.person_to_act()
        reader = self.verdicts.reader if self.verdicts.reader is not None else person
        reading = self.host.feedback.is_open and reader is not None
        page = self.seating.aloud_page(self.game, view["turn_of"]) if self.teacher_marks else ""
        if view["phase"] == "answer" and page and not reading:
            question = wording.question_words(view["trivia"])
            return f"{head}<br>{aloud.banner_html(self.table, view['turn_of'], question, page)}"
        task = wording.task_text(view, self.table, person, reader, self.host.feedback.is_open)
        return f'{head}<br><span class="gt-turn">▶ {task}</span>'

    def standings(self) -> list[Standing]:
        """Points, and how many cards each player holds."""
        sizes = self.seen(None)["hand_sizes"]
        return [
            Standing(seat, (float(score),), number_text(score), str(sizes[seat]))
            for seat, score in enumerate(self.game.scores())
        ]

    def redraw(self) -> None:
        """The controls of the step, the table and what lies under it, the tokens, the clocks."""
        if not self.host.feedback.is_open:
            self.verdicts.explaining = None
        if self.game.is_terminal() and not self.host.feedback.text:
            self.verdicts.explain_end()  # also a game over from the start (a table with no room)
        view = self.seen(self.hand_owner())
        self.host.controls.children = self._controls(view)
        if view["player"] != self.hand_owner():  # the guard covered the hand
            view = self.seen(self.hand_owner())
        self._draw_table(view)
        self.host.board.children = self._board(view)
        self.tokens.value = wording.tokens_html(view, self.table)
        self._time_the_turn(view["phase"])
        self._open_challenge_window(view)

    def _board(self, view: Mapping[str, Any]) -> list[widgets.Widget]:
        board = self.board_panel
        if view["phase"] == "challenge" or self.verdicts.explaining == "joint":
            if view["phase"] == "challenge":
                board.show_joint(view)
            return board.with_joint()
        if self.hand_owner() is None or self.game.is_terminal():
            return board.with_hidden_hand(self.guard is not None)
        return board.with_hand(view["hand"], *self._hand_choice())

    def _hand_choice(self) -> tuple[str | None, int | None]:
        """The card chosen in the hand, and its edge that will touch (while laying a card)."""
        step = self.step_panel
        edge = step.turn.value if self.game.phase == "match" else None
        return step.hand.value, edge

    def _controls(self, view: Mapping[str, Any]) -> list[widgets.Widget]:
        phase = view["phase"]
        person = self.person_to_act()
        step = self.step_panel
        if self.game.is_terminal():
            return []
        if person is None:
            self._cover()
            marks = self.teacher_marks and self.seating.marks_for(self.game, view["turn_of"])
            if phase == "answer" and marks:
                return self._marking(view)
            if phase == "answer" and not self.holds_readers_card and view["trivia"]:
                step.step.value = wording.asked_html(
                    view["trivia"],
                    self.table,
                    view["to_act"],
                    aloud=self.teacher_marks and self.seating.team_elsewhere(view["turn_of"]),
                )
            else:
                step.step.value = wording.playing_html(self.table, self.game.to_act())
            return [step.step]
        clock = [step.countdown] if step.countdown.limit else []
        if phase in ("match", "return"):
            return [*clock, self._hand_or_guard(view)]
        self._cover()
        if phase == "challenge":
            step.step.value = _(wording.CHALLENGE_STEP)
            window = [step.challenge_clock] if self.challenge_seconds else []
            return [step.step, widgets.HBox([step.challenge, step.accept]), *window]
        if phase == "roll":
            step.step.value = _(wording.ROLL_STEP)
            return [*clock, step.step, step.roll]
        trivia = view["trivia"]
        if phase == "level":
            fixed = self.fixed_level(person)
            step.step.value = wording.level_step(trivia, fixed)
            levels = [] if fixed is not None else [step.levels]
            return [*clock, step.step, *levels, step.choose_level]
        if phase == "answer":
            question = self.asked_question()
            if question is not None and (
                step.card.verdict is not None or step.card.question != question
            ):
                self._ask(question)
            elif not self.holds_readers_card and self._unjudged_at != len(self.game.log):
                self._ask_unjudged(self.seen(person)["trivia"]["question"])
            if self.teacher_marks:  # said out loud: the teacher marks it and holds the time
                clock = []
            step.question.value = f"<p>{wording.question_head(trivia)}</p>"
            return [*clock, step.question, step.card]
        if phase == "wild":
            step.step.value = _(wording.WILD_STEP)
            levels = [] if self.fixed_level(person) is not None else [step.levels]
            return [*clock, step.step, *levels, widgets.HBox([step.try_wild, step.skip_wild])]
        return []

    def _marking(self, view: Mapping[str, Any]) -> list[widgets.Widget]:
        """The projector in honor mode: the teacher marks the team's answer said out loud,
        from the back of the card (``card_back``), for the team answering."""
        step = self.step_panel
        if self._unjudged_at != len(self.game.log):  # a new question (a refused mark: the same)
            back = self.game.card_back()
            assert back is not None  # a question is asked: its card has a back
            self._ask(Question.from_dict(back["card"]))
            self._unjudged_at = len(self.game.log)
        step.step.value = aloud.marking_html(self.table, view["turn_of"])
        step.question.value = f"<p>{wording.question_head(view['trivia'])}</p>"
        return [step.step, step.question, step.card]

    def _ask(self, question: Question) -> None:
        """Put ``question`` on the card; a question that names its options shows them however
        it is answered (typed, or read out by the reader)."""
        card = self.step_panel.card
        card.ask(question)
        self._card_head(question.level)
        if question.choices and card.asked_mode != "choice":
            card.media.value += wording.options_html(question.choices)

    def _card_head(self, level: Any) -> None:
        """The card's head says its level only: its deck and symbol are said above it, in the
        page's language (``wording.question_head``), where the card would say the deck's
        English name."""
        card = self.step_panel.card
        if level not in LEVELS:
            card.header.value = ""
            return
        said = _("Level {level} {name}").format(level=level, name=_(LEVELS[level]))
        card.header.value = f"<small>{html_text(said)}</small>"

    def _ask_unjudged(self, shown: Mapping[str, Any]) -> None:
        """A class game's device: the question as this seat's own view shows it (no answer);
        the engine judges what is typed or clicked (``_given``). In honor mode the team says
        its answer out loud instead, and the projector marks it."""
        card = self.step_panel.card
        if self.teacher_marks:
            card.ask_aloud(shown, aloud.say_it_aloud_html())
            # Read out with the banner that follows ("say your answer out loud"): there is no
            # answer box for focus to go to, so a screen reader would not come to the card.
            live = self.host.feedback.live
            if live is not None:
                live.say(str(shown.get("prompt", "")))
        else:
            card.ask_unjudged(shown, self._given, self.answer_mode)
        self._card_head(shown.get("level"))
        self._unjudged_at = len(self.game.log)
        if shown.get("choices") and card.asked_mode != "choice":
            card.media.value += wording.options_html(shown["choices"])

    # ----- clocks -----------------------------------------------------------------------------
    def _time_the_turn(self, phase: str) -> None:
        """Start the clock when a person's turn starts; stop it while others act or a verdict
        is read."""
        countdown = self.step_panel.countdown
        if self.game.is_terminal() or self.seen(None)["turn_of"] in self.bots:
            if countdown.running:
                countdown.stop()
            self._timed_turn = None
            return
        if self._timed_turn != self.verdicts.turns:
            self._timed_turn = self.verdicts.turns
            countdown.start()
        # In honor mode a class game's team waits for the teacher's mark: that time is not its.
        aloud = phase == "answer" and self.teacher_marks
        if phase in ("challenge", "return") or self.host.feedback.is_open or aloud:
            countdown.pause()
        else:
            countdown.resume()

    def _open_challenge_window(self, view: Mapping[str, Any]) -> None:
        """A person may challenge a card for ``challenge_seconds``; the clock waits while a
        verdict is read."""
        window = self.step_panel.challenge_clock
        if view["phase"] != "challenge" or self.person_to_act() is None:
            if window.running:
                window.stop()
            self._challenge_for = None
            return
        laid = sum(1 for a in self.game.log if a["type"] == "place")
        if self._challenge_for != laid:
            self._challenge_for = laid
            window.start()
        if self.host.feedback.is_open:
            window.pause()
        else:
            window.resume()

    def paused(self, on: bool) -> None:
        """No time runs out while a verdict is read."""
        for clock in self.step_panel.clocks():
            (clock.pause if on else clock.resume)()

    # ----- large text, closing ----------------------------------------------------------------
    def set_large(self, large: bool) -> None:
        """Large text draws the table and the hand larger, their numbers and names too."""
        self.scale = LARGE_SCALE if large else 1.0
        self.board_panel.set_scale(self.scale)
        self.host.refresh()

    def closing(self) -> None:
        """Stop the clocks and free the figures before the screen is replaced."""
        for clock in self.step_panel.clocks():
            clock.stop()
        self.board_panel.closing()

    # ----- the hand, behind the guard when several people share the screen --------------------
    def _hand_or_guard(self, view: Mapping[str, Any]) -> widgets.Widget:
        """The hand form, straight away with one person, behind the guard with several."""
        seat, phase = self.seat(), view["phase"]
        if self.guard is None:
            return self._fill_hand(seat)
        key = (seat, self.verdicts.turns, phase)
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
        view = self.seen(seat)
        self._draw_table(view)
        self.host.board.children = self._board(view)
        return box

    def _cover(self) -> None:
        """Someone else has the screen now: the hand shown is covered."""
        if self.guard is not None:
            self.guard.hide()
            self._shown_to = None

    def _clear_hand(self) -> None:
        # Nothing of a hidden hand stays in the widgets, not even out of sight.
        self._shown_to = None
        self.step_panel.clear_hand()
        self.board_panel.clear_hand()

    def _fill_hand(self, seat: int) -> widgets.Widget:
        """The keyboard route of the hand (card, place, edge, buttons), filled for ``seat``."""
        view = self.seen(seat)
        box = self.step_panel.hand_form(view)
        if self.hand_owner() == seat:
            self.board_panel.fill_hand_cards(view["hand"], *self._hand_choice())
        return box

    # ----- the table and the ghost ------------------------------------------------------------
    def _draw_table(self, view: Mapping[str, Any]) -> None:
        self._table = table_layout(view)
        placing = view["phase"] == "match" and self.person_to_act() is not None
        placing = placing and self.hand_owner() is not None
        self._marks = place_marks(self._table.free_places()) if placing else []
        chosen = None
        at = self.step_panel.edge.value
        if at is not None:
            chosen = next((m.number for m in self._marks if (m.index, m.edge) == tuple(at)), None)
        ghost = self._ghost() if placing else None
        self.board_panel.draw_table(view, self._marks, ghost, chosen)

    def pick_card(self, card: str, edge: int | None = None) -> None:
        """Choose ``card`` from the hand (a click on it), and the edge that touches, if given."""
        step = self.step_panel
        if card not in step.offered():
            return
        with self._held_redraw():
            step.hand.value = card
            if edge is not None:
                step.turn.value = edge

    def on_table_click(self, x: float, y: float) -> None:
        """A click on the table: on the ghost's edge, turn the card so that edge touches; on
        a numbered place (its badge, its open edge or the empty place), choose that place."""
        ghost = self._ghost()
        if ghost is not None:
            shape = ghost_corners(ghost)
            if inside_card(shape, x, y):
                edge = edge_near(shape, x, y, reach=0.35)
                if edge is not None:
                    self.step_panel.turn.value = edge
                return
        number = self.board_panel.table_picture.at(x, y)
        if number is not None:
            mark = self._marks[number - 1]
            self.step_panel.edge.value = mark.index, mark.edge

    def _ghost(self) -> dict[str, Any] | None:
        """The chosen card where it would lie, turned as chosen (None until both are chosen)."""
        step = self.step_panel
        card, at = step.hand.value, step.edge.value
        if card is None or at is None or self.game.phase != "match":
            return None
        if card not in step.offered():
            return None
        return ghost_card(self._table, self._marks, card, at, step.turn.value)

    def _selection_changed(self) -> None:
        """A card, a place or an edge was chosen: redraw the hand's choice and the ghost only."""
        self.board_panel.show_hand_choice(*self._hand_choice())
        self._draw_table(self.seen(self.hand_owner()))

    @contextmanager
    def _held_redraw(self) -> Iterator[None]:
        """Change several choices, then redraw once."""
        step = self.step_panel
        step.quiet = True
        try:
            yield
        finally:
            step.quiet = False
        self._selection_changed()

    def describe(self, action: Action) -> str:
        """A computer's move in words (``Verdicts.describe``)."""
        return self.verdicts.describe(action)

    def after(self, action: Action, by_human: bool) -> None:
        """The verdict a move led to (``Verdicts.after``)."""
        self.verdicts.after(action, by_human)


class GlobalPursuitScreen(Screen):
    """Global Pursuit on the shared screen: table and hand on the left, the step on the right.

    A ``shell.Screen`` made with ``GlobalPursuitParts`` (it overrides nothing); it draws itself
    at once (``start``). ``maps=False`` draws plain labelled pentagons (only for very slow
    computers); ``interactive=False`` shows pictures instead of live canvases (the controls
    still play). ``challenge_seconds`` is how long a person may challenge a computer's card
    before it stands (None: until "No challenge" is pressed). ``answer_mode`` is how trivia is
    answered: "typed", "choice" or "honor" (a reader reveals the answer and marks it).
    ``clock`` measures a turn against the ``time_limit`` (a fake one in tests). ``seating``
    (default: from ``bots``) and ``targets`` are the strategies a class game and a browser test
    pass in.
    """

    parts: GlobalPursuitParts
    children: tuple[widgets.Widget, ...]

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
        seating: Seating | None = None,
        targets: ClickTargets | None = None,
    ) -> None:
        if answer_mode not in MODES:
            raise ValueError(f"Answer mode must be one of {', '.join(MODES)}, not {answer_mode!r}.")
        if bots is None:
            bots = bots_for(
                game.table, lambda level, seed: GlobalPursuitBot(level, seed=seed), game.seed
            )
        super().__init__(
            game,
            lambda host: GlobalPursuitParts(
                host,
                game,
                maps=maps,
                interactive=interactive,
                challenge_seconds=challenge_seconds,
                answer_mode=answer_mode,
                clock=clock,
            ),
            seating=Seating(game.table, bots) if seating is None else seating,
            targets=targets,
            bot_delay=bot_delay,
            large=large,
            on_new_game=on_new_game,
        )
        self.game: GlobalPursuit = game
        self.add_class("gt-gp")
        self.side_css = sheet("global_pursuit")  # the side column, the hand: css/global_pursuit.css
        self.children = (self.side_css, *self.children)
        self.messages.info(wording.who_starts(self.parts.seen(None), self.table))
        self.start()
