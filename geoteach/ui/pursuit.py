"""Geography Pursuit at the table: the board, the die, the lit spaces, the card, the wedges.

The game's ``GameScreen``: the board on the left (a live canvas where a click on a lit space
moves the token, or a picture with the same spaces as buttons), and in the side column the
leaderboard with each player's wedges, the step to take now (the die shown big, the question
card, the category vote explained in words), the verdict with the right answer, where the place
is and one fact from the data, and the computer players' moves in sentences.

The screen holds no rules: every button calls one engine action and everything is redrawn from
the new state. Computer players move at the pace the set-up screen chose, and wait while a
verdict is on screen.

Time limit (house rule ``time_limit``): a ``Countdown`` (a bar plus "12 s left" in words) starts
when a person's question is shown and is paused while a verdict is read. Every answer carries
the measured ``seconds`` so the engine judges lateness; when the clock runs out the screen sends
a late answer, which the engine counts as wrong. In a Jupyter kernel an asyncio task ticks the
clock about once a second; without a running event loop ``countdown.tick()`` is called by whoever
drives the screen (tests pass a fake ``clock``).
"""

from __future__ import annotations

import contextlib
import time
from collections.abc import Callable, Mapping, Sequence
from random import Random
from typing import Any

import ipywidgets as widgets

from geoteach.bots.base import Bot, bots_for
from geoteach.bots.pursuit import PursuitBot
from geoteach.escape import html_text
from geoteach.games.base import Action
from geoteach.games.geography_pursuit.board import CATEGORIES, SPACES
from geoteach.games.geography_pursuit.game import GeographyPursuit
from geoteach.games.table import Table
from geoteach.quiz.answers import AnswerChecker, Mode, Verdict, said_answers
from geoteach.quiz.places import place_kind, question_places
from geoteach.quiz.question import LEVELS, Question
from geoteach.render.board import CATEGORY_COLOURS, BoardView, short_names, space_xy
from geoteach.ui.apps import screen_options
from geoteach.ui.countdown import Countdown
from geoteach.ui.question_card import QuestionCard
from geoteach.ui.safe import safe
from geoteach.ui.shell import GameScreen, Standing, plain_canvas
from geoteach.ui.theme import does, does_text, is_you, seat_badge


class StrictChecker(AnswerChecker):
    """The "strict" house rule on the card: the answer or an alias, no typos."""

    def typed(self, question: Question, given: str) -> Verdict:
        return self.exact(question, given)


def describe_space(space_id: str, categories: Sequence[str]) -> str:
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

#: Where the pips of each face of the die sit on a 3×3 grid (column, row).
PIPS: dict[int, tuple[tuple[int, int], ...]] = {
    1: ((1, 1),),
    2: ((0, 0), (2, 2)),
    3: ((0, 0), (1, 1), (2, 2)),
    4: ((0, 0), (2, 0), (0, 2), (2, 2)),
    5: ((0, 0), (2, 0), (1, 1), (0, 2), (2, 2)),
    6: ((0, 0), (2, 0), (0, 1), (2, 1), (0, 2), (2, 2)),
}


def die_html(value: int, size: int = 64) -> str:
    """The die showing ``value``, drawn (an SVG with pips), with the number in words beside."""
    pips = "".join(
        f'<circle cx="{14 + 18 * c}" cy="{14 + 18 * r}" r="5.5" fill="#111"/>'
        for c, r in PIPS[value]
    )
    return (
        f'<svg class="gt-die" width="{size}" height="{size}" viewBox="0 0 64 64" role="img" '
        f'aria-label="the die shows {value}" style="vertical-align:middle">'
        '<rect x="2" y="2" width="60" height="60" rx="10" fill="#fff" stroke="#111" '
        f'stroke-width="3"/>{pips}</svg>'
    )


def chip(category: int, categories: Sequence[str]) -> str:
    """A category in HTML: a square of its board colour, its letters and its name."""
    letters = short_names(categories)[category]
    return (
        f'<span style="display:inline-block;width:0.9em;height:0.9em;'
        f"background:{CATEGORY_COLOURS[category]};border:1px solid #222;"
        f'vertical-align:-0.1em" aria-hidden="true"></span> '
        f"<b>{html_text(letters)}</b> {html_text(categories[category])}"
    )


# ----- where it is and one fact: from the card's places, through the kit's data ----------------
def card_places(question: Question) -> tuple[list[str], list[str]]:
    """The countries (ISO3) and U.S. states (USPS) a card is about, for "where" and the fact."""
    codes = question_places(question)
    countries = [c for c in codes if place_kind(c) == "country"]
    return countries, [c for c in codes if place_kind(c) == "state"]


def where_text(countries: Sequence[str], states: Sequence[str]) -> str:
    """ "Kenya is in Eastern Africa. Cuba is in the Caribbean, in North America." from the data."""
    from geoteach import data

    sentences = []
    table = data.countries()
    for iso3 in countries:
        row = table.loc[iso3]
        region, continent = str(row["region"]), str(row["continent"])
        the = "the " if region == "Caribbean" else ""
        also = "" if continent in region else f", in {continent}"
        sentences.append(f"{row['name']} is in {the}{region}{also}.")
    usa = data.us_states()
    for usps in states:
        row = usa.loc[usps]
        sentences.append(
            f"{row['name']} is in the {row['division']} division of the {row['region']}."
        )
    return " ".join(sentences)


def fact_text(question: Question, countries: Sequence[str], states: Sequence[str]) -> str:
    """One true sentence from the data about the card's answer (or its first place)."""
    from geoteach import data
    from geoteach.quiz.facts import country_fact, state_fact

    about = None
    with contextlib.suppress(LookupError):
        about = data.find_country(question.answer)
    if about in countries:
        return country_fact(about, Random(question.id))
    if countries:
        return country_fact(countries[0], Random(question.id))
    if states:
        return state_fact(states[0])
    return ""


class PursuitApp(GameScreen):
    """A whole game of Geography Pursuit on the app shell's one screen.

    ``mode`` is how people answer: "typed" (the game checks), "choice" (multiple choice) or
    "honor" (another player reads the answer and marks it). ``bots`` maps seats to computer
    players; by default every bot seat of the table gets a ``PursuitBot`` of its level.
    ``interactive`` shows the board as a live canvas (ipympl) where a click moves the token.
    ``clock`` measures the time taken to answer (a fake one in tests).
    """

    title = "Geography Pursuit"
    score_title = "Wedges"
    detail_title = "Won"

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
        self.categories = list(game.categories)
        self.pieces = BoardView(self.categories, self.table, interactive=interactive, large=large)
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
            description="Roll the die", icon="cube", button_style="primary"
        )
        self.roll_button.add_class("gt-roll")
        self.roll_button.layout = widgets.Layout(width="220px", height="48px")
        self.roll_button.on_click(safe(lambda _b: self.roll(), show=self.messages))
        self.step = widgets.HTML()
        self.step.add_class("gt-step")
        checker = StrictChecker() if game.options["precision"] == "strict" else AnswerChecker()
        self.card = QuestionCard(
            mode=mode,
            on_answer=safe(self._answered, show=self.messages),
            checker=checker,
            choice_pool=self._choice_pool,
        )
        self.card.add_class("gt-pursuit-card")
        self.card.choice_box.layout.flex_flow = "row wrap"
        self.card.answer_box.layout.width = "300px"
        self.card.answer_box.style.description_width = "60px"
        self.card.submit_button.description = "Check"
        self.card.submit_button.layout.width = "110px"
        self.countdown = Countdown(
            game.options["time_limit"],
            safe(self._time_up, show=self.messages),
            clock=clock,
            time_up_text=TIME_UP,
            show=self.messages,
        )
        self._asked_id: str | None = None
        self._asked: Question | None = None
        self._picked: str | None = None
        #: A verdict to show with the next drawing (``after`` runs before the screen is redrawn;
        #: shown together, the verdict never appears beside the card it answers).
        self._verdict_due: tuple[str, dict[str, Any]] | None = None
        self._wedge_counts = [len(w) for w in game.state["wedges"]]
        self.rules = widgets.HTML(rules_html(game.options, self.table.is_team_game))
        self.history = widgets.HTML()
        self.below.children = [self.rules, self.history]

    # ----- moves: one engine action each -------------------------------------------------
    @property
    def player(self) -> int:
        return int(self.game.state["player"])

    def roll(self) -> None:
        self.act({"player": self.player, "type": "roll"})

    def move(self, space_id: str) -> None:
        self.act({"player": self.player, "type": "move", "to": space_id})

    def choose(self, category: str) -> None:
        self.act({"player": self.player, "type": "choose", "category": category})

    def vote(self, seat: int, category: str) -> None:
        self.act({"player": seat, "type": "vote", "category": category})

    def _answered(self, verdict: Verdict) -> None:
        """The card was answered: send the typed text (the engine judges) or the mark."""
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
        """Board, controls of the current step and the history, from the game's state."""
        view = self.game.view(None)
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
        """Who must act and what to do, in a sentence."""
        game, table = self.game, self.table
        if game.is_terminal():
            return (
                f'<span class="gt-turn">{self._winners_html()} the game!</span> '
                "Press New game to play again."
            )
        view = game.view(None)
        seat, phase = self.player, game.phase
        waiting = self.held and self.bot_seat() is not None
        if waiting:
            nxt = seat_badge(table, self.bot_seat())
            return (
                '<span class="gt-turn">Read the result, then press Continue.</span> '
                f"{nxt} plays next."
            )
        acting = view["to_act"]
        bot = acting and acting[0] in self.bots
        if phase == "vote":
            voters = " and ".join(seat_badge(table, s) for s in acting)
            return (
                f'<span class="gt-turn">{voters}: choose the category of '
                f"{html_text(table.name_of(seat))}'s final question.</span>"
            )
        who = seat_badge(table, seat)
        if bot:
            return f'<span class="gt-turn">{who} is playing.</span> Watch the board.'
        if phase == "roll":
            turn = "Your turn" if is_you(table, seat) else f"{who}, your turn"
            return f'<span class="gt-turn">▶ {turn}: roll the die.</span>'
        if phase == "move":
            roll = view["roll"]
            where = "click a lit space on the board" if self.interactive else "pick a space"
            steps = "1 space" if roll == 1 else f"{roll} spaces"
            return (
                f'<span class="gt-turn">▶ {does(table, seat, "rolled", "rolled")} a {roll}: '
                f"{where} to move {steps}.</span>"
            )
        if phase == "choose_category":
            return (
                f'<span class="gt-turn">▶ {does(table, seat, "is", "are")} in the hub: '
                "choose the category of the question.</span>"
            )
        category = self.categories[game.state["question"]["category"]]
        final = " the game-winning" if game.state["question"]["final"] else " the"
        return (
            f'<span class="gt-turn">▶ {who}: answer{final} {html_text(category)} question.</span>'
        )

    def standings(self) -> list[Standing]:
        """The winner first, then by wedges; each player's wedges by their letters."""
        letters = short_names(self.categories)
        winners = set(self.game.state["winners"])
        rows = []
        for seat, wedges in enumerate(self.game.state["wedges"]):
            won = " ".join(letters[c] for c in wedges) or "none"
            key = (float(seat in winners), float(len(wedges)))
            rows.append(Standing(seat, key, f"{len(wedges)} of {CATEGORIES}", won))
        return rows

    def describe(self, action: Action) -> str:
        """A computer's move in one sentence, read after the move was made."""
        game, table = self.game, self.table
        seat = action["player"]
        kind = action["type"]
        if kind == "roll":
            return f"{does_text(table, seat, 'rolls', 'roll')} a {game.state['roll']}."
        if kind == "move":
            space = SPACES[action["to"]]
            where = describe_space(action["to"], self.categories)
            if space.kind == "roll_again":
                return f"{does_text(table, seat, 'lands', 'land')} on Roll again: one more roll."
            if game.phase == "choose_category":
                return f"{does_text(table, seat, 'lands', 'land')} in the hub and picks a category."
            if game.phase == "vote":
                return (
                    f"{does_text(table, seat, 'reaches', 'reach')} the hub with all six wedges! "
                    "The others choose the final category."
                )
            moves = does_text(table, seat, "moves", "move")
            return f"{moves} to {where}: {self._question_words()}"
        if kind == "choose":
            picks = does_text(table, seat, "picks", "pick")
            return f"{picks} {action['category']}: {self._question_words()}"
        if kind == "vote":
            said = f"{does_text(table, seat, 'votes', 'vote')} for {action['category']}."
            if game.phase == "question":
                final = self.categories[game.state["question"]["category"]]
                said += f" The final question is on {final}."
            return said
        if kind == "answer":
            return self._answer_words(seat)
        return ""

    def after(self, action: Action, by_human: bool) -> None:
        """A person's answer gets the verdict card; the end of the game a neutral card (both
        shown by the redraw that follows)."""
        try:
            if action["type"] == "answer":
                self._answer_shown(action, by_human)
        finally:
            self._wedge_counts = [len(w) for w in self.game.state["wedges"]]

    def _answer_shown(self, action: Action, by_human: bool) -> None:
        """After an answer: the clock stops; a person gets the verdict, a game's end a card."""
        self.countdown.stop()
        asked = self._asked
        self._asked_id, self._asked = None, None
        if by_human and asked is not None:
            self._verdict(action, asked)
        elif self.game.is_terminal():
            self._verdict_due = (
                f"{self._winners_text()} the game!",
                {"correct": None, "wait": False},
            )
        self._picked = None

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
        phase, seat = view["phase"], view["player"]
        table = self.table
        if phase == "over":
            self.countdown.stop()
            return [self._step(self._over_html())]
        humans = [s for s in view["to_act"] if s not in self.bots]
        if phase == "question":
            return self._question_controls(view, asked_of_bot=not humans)
        if not humans:
            die = die_html(view["roll"], 56) + " " if view["roll"] else ""
            tie = f"<p>{html_text(self._tie_words())}</p>" if view["winners"] else ""
            doing = (
                "plays next, once the result has been read (Continue)"
                if self.held
                else "is playing…"
            )
            return [self._step(f"<p>{die}{seat_badge(table, seat)} {doing}</p>{tie}")]
        if phase == "roll":
            return [self._step(self._roll_words(view)), self.roll_button]
        if phase == "move":
            return [self._step(self._move_html(view)), self._space_buttons(view)]
        if phase == "choose_category":
            return [
                self._step(
                    "<p>The hub is a <b>wild space</b>: before you have all six wedges, "
                    "you choose the category of your question.</p>"
                ),
                self._category_buttons(self.choose),
            ]
        return self._vote_controls(view, humans)

    def _step(self, html: str) -> widgets.HTML:
        self.step.value = html
        return self.step

    def _tie_words(self) -> str:
        """The rulebook's first-turn win: who has not played yet may try to tie."""
        state = self.game.state
        winner = self.table.name_of(state["winners"][0])
        waiting = [state["player"], *state["tie_chance"]]
        names = " and ".join(self.table.name_of(s) for s in waiting)
        if len(waiting) == 1:
            who = f"{names}, who has not had a turn yet, gets one turn"
        else:
            who = f"{names}, who have not had a turn yet, get one turn each"
        return f"{winner} won on the first turn, so {who} to tie the game."

    def _roll_words(self, view: dict[str, Any]) -> str:
        seat = view["player"]
        if view["winners"]:
            return f"<p>{html_text(self._tie_words())}</p>"
        if view["must_leave"][seat]:
            where = "hub" if view["positions"][seat] == "hub" else "headquarters"
            return f"<p>Your token must leave this {where} now and may come back later.</p>"
        if len(view["wedges"][seat]) == CATEGORIES:
            return "<p>You have all six wedges: reach the hub with an exact roll.</p>"
        last = self.game.log[-1] if self.game.log else {}
        if last.get("type") == "move" and SPACES[last["to"]].kind == "roll_again":
            return f"<p>{does(self.table, seat, 'lands', 'land')} on Roll again: one more roll.</p>"
        return ""

    def _move_html(self, view: dict[str, Any]) -> str:
        roll, seat = view["roll"], view["player"]
        steps = "1 space" if roll == 1 else f"{roll} spaces"
        how = (
            "click a lit space (dashed ring) on the board, or pick it here"
            if self.interactive
            else "pick one of the lit spaces (dashed rings on the board)"
        )
        lines = [
            f'<div style="display:flex;align-items:center;gap:12px">{die_html(roll)}'
            f'<span style="font-size:1.3em"><b>{does(self.table, seat, "rolled", "rolled")} '
            f"a {roll}.</b></span></div>",
            f"<p>Move exactly {steps} in one direction: {how}.</p>",
        ]
        if len(view["wedges"][seat]) == CATEGORIES and "hub" not in view["destinations"]:
            lines.append(
                "<p>The hub is out of reach with this roll: land on a space, answer its question "
                "right and roll again.</p>"
            )
        return "".join(lines)

    def _space_buttons(self, view: dict[str, Any]) -> widgets.Widget:
        buttons = []
        for sid in view["destinations"]:
            button = widgets.Button(
                description=describe_space(sid, self.categories),
                layout=widgets.Layout(width="auto"),
            )
            button.add_class("gt-space")
            button.on_click(safe(lambda _b, s=sid: self.move(s), show=self.messages))
            buttons.append(button)
        return widgets.HBox(buttons, layout=widgets.Layout(flex_flow="row wrap"))

    def _category_buttons(self, pick: Callable[[str], Any]) -> widgets.Widget:
        buttons = []
        for name, letters in zip(self.categories, short_names(self.categories), strict=True):
            button = widgets.Button(
                description=f"{letters} · {name}", layout=widgets.Layout(width="auto")
            )
            button.add_class("gt-category")
            button.on_click(safe(lambda _b, c=name: pick(c), show=self.messages))
            buttons.append(button)
        return widgets.HBox(buttons, layout=widgets.Layout(flex_flow="row wrap"))

    def _vote_controls(self, view: dict[str, Any], humans: list[int]) -> list[widgets.Widget]:
        table, seat = self.table, view["player"]
        name = html_text(table.name_of(seat))
        cast = [
            f"{html_text(table.name_of(s))}: {html_text(self.categories[v])}"
            for s, v in enumerate(view["votes"])
            if v is not None
        ]
        text = (
            f"<p><b>{name} has all six wedges and is in the hub.</b> For the game-winning "
            f"question the <b>other players choose the category</b> (the rulebook: by agreement "
            f"or a vote; here the most votes win and a tie is drawn by lot). Pick the category "
            f"you think {name} knows least. Right, and {name} wins; wrong, and {name} must leave "
            "the hub and come back.</p>"
        )
        if cast:
            text += f"<p>Votes so far: {'; '.join(cast)}.</p>"
        voter = humans[0]
        text += f"<p>▶ {seat_badge(table, voter)}, your vote:</p>"
        return [self._step(text), self._category_buttons(lambda c: self.vote(voter, c))]

    def _question_controls(self, view: dict[str, Any], asked_of_bot: bool) -> list[widgets.Widget]:
        asked = self.game.state["question"]
        seat = view["player"]
        category = asked["category"]
        level = int(view["question"]["level"])
        head = f"{chip(category, self.categories)} · level {level} ({LEVELS[level]})"
        if asked["final"]:
            head = f"<b>The game-winning question</b>, chosen by the others: {head}"
        if asked_of_bot:
            prompt = html_text(view["question"]["prompt"])
            return [
                self._step(
                    f"<p>{head}</p><p style='font-size:1.15em'>{prompt}</p>"
                    f"<p>{seat_badge(self.table, seat)} is thinking…</p>"
                )
            ]
        if asked["id"] != self._asked_id:
            self._ask(asked["id"])
        notes = [f"<p>{head}</p>"]
        if self.table.seats[seat].members:
            notes.append(
                "<p>Your team may talk it over.</p>"
                if self.game.options["consultation"]
                else "<p>Answer without talking it over.</p>"
            )
        if self.card.asked_mode == "honor":
            notes.append("<p>Answer out loud. Another player reveals the answer and marks it.</p>")
        return [self._step("".join(notes)), self.card, self.countdown]

    def _ask(self, qid: str) -> None:
        question = Question.from_dict(self.game.question_card(qid))
        self.card.ask(question, self.mode)
        self.card.header.value = ""  # the step above names the category and level, in colour
        self._asked = question
        self._asked_id = qid  # only once shown: a card that failed to show is tried again
        self.countdown.start()

    def _question_words(self) -> str:
        asked = self.game.state["question"]
        if asked is None:
            return ""
        return f"“{self.game.question_card(asked['id'])['prompt']}”"

    def _answer_words(self, seat: int) -> str:
        """A computer's answer in the log: right or wrong, the answer, what follows."""
        last, table = self.game.state["last"], self.table
        name = table.name_of(seat)
        if last["correct"]:
            if self.game.is_terminal() or seat in self.game.state["winners"]:
                return f"{name} answers the final question right ({last['answer']}) and wins!"
            said = f"{does_text(table, seat, 'answers', 'answer')} right: {last['answer']}."
            if self._new_wedge(seat):
                wedge = self.categories[last["category"]]
                said += f" {does_text(table, seat, 'wins', 'win')} the {wedge} wedge!"
            return said
        said = f"{does_text(table, seat, 'answers', 'answer')} wrong."
        if last["answer"]:
            said += f" The answer: {last['answer']}."
        return said

    def _verdict(self, action: Action, asked: Question) -> None:
        """The verdict on a person's answer: what follows, the right answer in every accepted
        form, the question and the answer given, where the place is and one fact."""
        last, table = self.game.state["last"], self.table
        seat = action["player"]
        picked = action.get("text", self._picked)
        given = f" Your answer: {picked}." if picked is not None else ""
        lines = [f"{asked.prompt}{given}"]
        answer = where = fact = ""
        if last["answer"] is not None:
            answer = f"The answer: {said_answers(asked)}"
            if asked.explanation:
                lines.append(asked.explanation)
            countries, states = card_places(asked)
            where, fact = where_text(countries, states), fact_text(asked, countries, states)
        else:
            lines.append("The right answer is not read out after a wrong one (house rule).")
        if last["correct"]:
            if seat in self.game.state["winners"]:
                headline = f"Right! {does_text(table, seat, 'wins', 'win')} the game!"
                if not self.game.is_terminal():
                    lines.insert(0, self._tie_words())
            elif self._new_wedge(seat):
                wedges = len(self.game.state["wedges"][seat])
                category = self.categories[last["category"]]
                won = does_text(table, seat, "wins", "win")
                headline = f"Right! {won} the {category} wedge ({wedges} of 6). Roll again."
            else:
                headline = "Right! Roll again."
        else:
            headline = "Time is up." if last["message"].startswith("Time") else "Not quite."
            where_now = SPACES[self.game.state["positions"][seat]].kind
            if where_now in ("headquarters", "hub"):
                place = "hub" if where_now == "hub" else "headquarters"
                lines.insert(0, f"The token must leave this {place} on the next turn.")
            if not self.game.is_terminal():
                headline += f" Now it is {table.name_of(self.player)}'s turn."
        self._verdict_due = (
            headline,
            {
                "correct": last["correct"],
                "answer": answer,
                "where": where,
                "fact": fact,
                "lines": lines,
            },
        )

    def _new_wedge(self, seat: int) -> bool:
        """Whether the move just made won ``seat`` a wedge (more than after the move before)."""
        return len(self.game.state["wedges"][seat]) > self._wedge_counts[seat]

    def _winners_text(self) -> str:
        """ "Ana wins" / "You win" / "Ana and Ben win", in plain text."""
        winners = self.game.winners() or self.game.state["winners"]
        if len(winners) == 1:
            return does_text(self.table, winners[0], "wins", "win")
        return " and ".join(self.table.name_of(s) for s in winners) + " win"

    def _winners_html(self) -> str:
        """ "Ana wins" / "You win" / "Ana and Ben win", with the seats' badges."""
        winners = self.game.winners()
        names = " and ".join(seat_badge(self.table, s) for s in winners)
        verb = "win" if len(winners) > 1 or is_you(self.table, winners[0]) else "wins"
        return f"{names} {verb}"

    def _over_html(self) -> str:
        return (
            f"<p style='font-size:1.3em'><b>{self._winners_html()} the game</b> with all six "
            "wedges and the final question.</p><p>Press <b>New game</b> to play again.</p>"
        )


def history_html(news: Sequence[str]) -> str:
    """The table's recent events, newest last (secondary: under the board)."""
    if not news:
        return ""
    items = "".join(f"<li>{html_text(line)}</li>" for line in news)
    return f"<details><summary>What happened</summary><ol>{items}</ol></details>"


def rules_html(options: Mapping[str, Any], teams: bool = False) -> str:
    """How to win and the house rules of this game in words, under the board."""
    limit = options.get("time_limit")
    rules = [
        "Answers must be exact."
        if options.get("precision") == "strict"
        else "Small typos are forgiven.",
        f"{limit} seconds per question." if limit else "No time limit.",
        "The right answer is read out after a wrong one."
        if options.get("reveal_answer", True)
        else "The right answer is not read out after a wrong one.",
    ]
    if teams:
        rules.append(
            "Team members may talk it over."
            if options.get("consultation", True)
            else "Team members answer without talking it over."
        )
    how = [
        "Roll the die and move exactly that many spaces in one direction, along the ring or a "
        "spoke (never forward and back in one move).",
        "Answer the question of the colour you land on. Right: roll again. Wrong: the next "
        "player's turn. Roll again spaces give one more roll.",
        "Answer right in a headquarters (the big hexagons) to win its wedge.",
        "Before you have all six wedges the hub is a wild space: you pick the category.",
        "With all six wedges, reach the hub with an exact roll. The other players then choose "
        "the category of the final question. Answer it right to win.",
    ]
    items = "".join(f"<li>{html_text(r)}</li>" for r in how)
    house = "".join(f"<li>{html_text(r)}</li>" for r in rules)
    return (
        f"<details><summary>How to play</summary><ul>{items}</ul></details>"
        f"<details><summary>House rules</summary><ul>{house}</ul></details>"
    )


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


def build_screen(table: Table, values: dict[str, Any]) -> PursuitApp:
    """The app's game screen from the set-up screen's choices."""
    game = GeographyPursuit(
        table,
        seed=values.get("seed"),
        precision=values["precision"],
        time_limit=values["time_limit"],
        reveal_answer=values["reveal_answer"],
        consultation=values["consultation"],
    )
    return PursuitApp(
        game,
        mode=values["mode"],
        **screen_options(values),
    )
