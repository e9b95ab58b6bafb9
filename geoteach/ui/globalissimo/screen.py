"""Globalissimo at the table: one widget with the round, the track, the hurdles and the reveal.

The screen holds no rules and reads nothing of the game but its public verbs. Every button
builds an action, hands it to the screen's ``act`` (``game.apply``) and the screen redraws from
``game.view(None)`` (nothing in this game is secret between players: the numbers lie face up
on the cards, so hot-seat play just passes the screen). What a move led to is read from the
view too: the round just turned over (``last_round``) and the latest hurdle answer
(``last_hurdle``). Sentences come from ``wording``, the cards' HTML from ``cards``, the pictures
from ``geoteach.render.globalissimo``.

Honor mode (hurdle answers said out loud and marked): the one who marks reads every answer
that counts from the game's ``card_back()`` after **Show the answer**, never from a view. At a
table that is the screen itself. In a class game it is the teacher's projector, which marks
for the team at the hurdle (``Seating.marks_for``); the team's own device shows the hurdle
and "say your answer out loud" (its game gives it no card back), the other pages who is
answering, and every page says the verdict when the mark arrives (a typed hurdle answer's
verdict stays on the device that typed it; the others log it).

Computer moves never block the notebook: inside a running kernel they are played one by one
from an asyncio task with ``bot_delay`` seconds between them, so the class sees each move and
the page stays responsive. Without an event loop (tests, scripts) or with ``bot_delay=0`` they
are played at once.

Every control has a text label and a CSS class (``gt-rank``, ``gt-answer``, ``gt-submit``,
``gt-next``...) for browser tests; right and wrong are said with a word and a symbol, never by
colour alone.

How the screen is composed (the model for the other games' screens): ``GlobalissimoScreen`` is
the shared ``shell.Screen`` with ``GlobalissimoParts`` as its game's part. The parts hold two
panels with explicit inputs, ``board.BoardPanel`` (drawn from a view and the verdict being
explained; a map click calls back) and ``step.StepPanel`` (drawn from a view and the seating;
its buttons hand an action to ``on_move``), and the score sheet below. Who plays where (a class
game's remote seats, the projector that marks) is the ``Seating`` the screen is given; where a
browser test clicks is its ``ClickTargets``.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

import ipywidgets as widgets

from geoteach.bots.base import Bot, bots_for
from geoteach.bots.globalissimo import GlobalissimoBot
from geoteach.games.base import Action
from geoteach.games.globalissimo import GAME_OVER, Globalissimo
from geoteach.games.table import Table
from geoteach.i18n import N_, _
from geoteach.quiz.facts import country_fact
from geoteach.ui.apps import screen_options
from geoteach.ui.globalissimo import wording
from geoteach.ui.globalissimo.board import BoardPanel, Explaining
from geoteach.ui.globalissimo.step import StepPanel
from geoteach.ui.shell import (
    ClickTargets,
    Host,
    Screen,
    Seating,
    Standing,
    number_text,
    places_of,
)

Info = Mapping[str, Any]


class GlobalissimoParts:
    """Globalissimo's part of the shared screen: what a move led to, the banner, the
    leaderboard's rows, and the two panels drawn from ``game.view(None)`` (nothing in this game
    is secret between players). ``host`` is the screen it is on (``shell.Host``)."""

    title = "Globalissimo"
    score_title = N_("Points")
    detail_title = N_("Hurdles")

    def __init__(self, host: Host, game: Globalissimo, interactive: bool) -> None:
        self.host = host
        self.game = game
        self.table = game.table
        self.seating = host.seating
        self.interactive = interactive
        #: What the board explains while a verdict is open: ("hurdle", attempt) or ("round", rnd).
        self.explaining: Explaining = None
        #: Honor mode: the answers were shown to the one who marks (Show the answer).
        self.answer_shown = False
        self.board_panel = BoardPanel(
            self.table,
            interactive=interactive,
            large=lambda: host.large,
            on_pick=self.click_country,
            targets=host.targets,
            messages=host.messages,
        )
        self.step_panel = StepPanel(
            self.table,
            interactive=interactive,
            on_move=self.move,
            on_show=self.show_answer,
            messages=host.messages,
        )
        self.sheet = widgets.HTML()
        host.below.children = [self.sheet]

    # ----- the moves a person makes ----------------------------------------------------
    def move(self, action: Action) -> None:
        """A panel's move: the typed answer is taken, the move goes to the screen."""
        self.step_panel.answer_text.value = ""
        self.host.act(action)

    def click_country(self, iso3: str) -> None:
        """A click on the numbered map at hurdle A (the map reports the country's code)."""
        view = self.page_view()
        hurdle = view["hurdle"]
        if hurdle is not None and hurdle["kind"] == "A" and not view["honor"]:
            seat = view["to_act"][0]
            if not self.seating.person_here(seat):
                return
            self.board_panel.mark_click(iso3)  # seen at once
            self.move({"player": seat, "type": "answer", "answer": iso3})

    def show_answer(self) -> None:
        """Honor mode: show every accepted answer so the teacher can mark the spoken one."""
        self.answer_shown = True
        self.host.refresh()

    def page_view(self) -> dict[str, Any]:
        """What everyone sees (``game.view(None)``), its places named in the page's language."""
        return wording.in_page_language(self.game.view(None))

    # ----- what a move led to ------------------------------------------------------------
    def describe(self, action: Action) -> str:
        view = self.page_view()
        if action["type"] == "rank":
            rnd = _round_of(view, action)
            return wording.rank_sentence(self.table, action, rnd["names"]) if rnd else ""
        attempt = view["last_hurdle"]
        return wording.hurdle_sentence(self.table, attempt) if attempt else ""

    def after(self, action: Action, by_human: bool) -> None:
        view = self.page_view()
        if by_human:
            self.explaining = None  # the verdict being explained was put away by the move
        # Shown answers belong to the hurdle they were shown for: a move made anywhere (a
        # computer given the seat, say) hides them, so the next hurdle waits for Show again.
        self.answer_shown = False
        # An answer or a mark that the game took is a hurdle answered: the latest one. In a class
        # game the teacher's mark of a spoken answer is said on every page (naming the team),
        # without holding the game; a typed answer's verdict stays on the team's own device.
        remote = self.seating.remote
        attempt = view["last_hurdle"]
        if action["type"] != "rank" and attempt is not None:
            if by_human:
                self._explain_hurdle(attempt, named=attempt["player"] in remote)
            elif remote and attempt["marked"]:
                self._explain_hurdle(attempt, named=True, wait=False)
        if action["type"] == "rank":
            rnd = _round_of(view, action)
            if rnd is not None and rnd["revealed"]:
                self._explain_round(rnd)
            elif rnd is not None and action["player"] in remote:
                self._moved_on_to(rnd)
        if view["phase"] == GAME_OVER:
            self.explaining = ("round", view["last_round"])
            self.host.show_game_over()

    def _moved_on_to(self, rnd: Info) -> None:
        """A team ranked in a later round on its own device (a class game) while this page
        still shows an earlier round's true order: the class plays on, so the page shows the
        round being played (the earlier one stays in the score sheet and the log). The
        projector, where nobody presses Continue, would otherwise keep the old round."""
        shown = self.explaining
        if shown and shown[0] == "round" and shown[1]["number"] < rnd["number"]:
            self.host.put_away_verdict()
            self.explaining = None

    def _explain_hurdle(self, attempt: Info, named: bool = False, wait: bool = True) -> None:
        """The verdict of a hurdle answer: big, with the answer, the map and a fact. A class
        game's pages say whose answer it was (``named``); one that arrived from elsewhere does
        not hold the game (``wait``)."""
        self.explaining = ("hurdle", attempt)
        name = self.table.name_of(attempt["player"])
        said = wording.hurdle_verdict(attempt, name if named else None)
        headline = said["headline"]
        self.host.show_verdict(
            _("{player}: {verdict}").format(player=name, verdict=headline) if named else headline,
            correct=bool(attempt["correct"]),
            answer=said["answer"],
            lines=said["lines"],
            where=said["where"],
            # In the page's language: the facts are kept per language (geoteach.quiz.facts).
            fact=country_fact(attempt["country"]),
            wait=wait,
        )

    def _explain_round(self, rnd: Info) -> None:
        """The cards turned over: the true order, each guess and its points, the learn map."""
        shown = self.explaining
        if shown and shown[0] == "round" and shown[1]["number"] == rnd["number"]:
            return
        self.explaining = ("round", rnd)
        self.board_panel.show_result(rnd)
        self.host.show_verdict(
            wording.round_headline(rnd), correct=None, lines=wording.round_lines(self.table, rnd)
        )

    # ----- drawing ------------------------------------------------------------------------
    def prompt(self) -> str:
        view = self.page_view()
        computer = view["phase"] != GAME_OVER and not self.seating.person_here(view["to_act"][0])
        return wording.banner_html(self.table, view, computer)

    def standings(self) -> list[Standing]:
        view = self.page_view()
        return [
            Standing(s, (points, hurdles), number_text(points), number_text(hurdles))
            for s, (points, hurdles) in enumerate(
                zip(view["positions"], view["hurdles_taken"], strict=True)
            )
        ]

    def redraw(self) -> None:
        view = self.page_view()
        host = self.host
        back = self.game.card_back() if view["honor"] else None
        host.controls.children = self.step_panel.draw(view, self.seating, back, self.answer_shown)
        places = [(place, row.seat, row.shown) for place, row in places_of(self.standings())]
        self.sheet.value = wording.sheet_html(self.table, view, places)
        if not (host.feedback.is_open or view["phase"] == GAME_OVER):
            self.explaining = None  # the verdict was put away: back to the game
        host.board.children = self.board_panel.draw(view, self.explaining)

    def paused(self, on: bool) -> None:
        """Globalissimo has no clock: nothing to pause."""

    def set_large(self, large: bool) -> None:
        self.board_panel.set_large(large)

    def closing(self) -> None:
        self.board_panel.closing()


class GlobalissimoScreen(Screen):
    """Globalissimo on the shared screen: cards and map on the left, the step and verdict right.

    A ``shell.Screen`` made with ``GlobalissimoParts`` (it overrides nothing). ``bots`` maps
    seats to computer players (default: one per computer seat, at its level); ``seating``
    (default: from ``bots``) and ``targets`` are the strategies a class game and a browser test
    pass in. ``interactive=True`` (a kernel with ipympl) makes the numbered map a canvas: hurdle
    A is answered by clicking the country, and zoomed with buttons or the wheel; typing the
    number stays as the keyboard route.
    """

    parts: GlobalissimoParts

    def __init__(
        self,
        game: Globalissimo,
        bots: Mapping[int, Bot] | None = None,
        *,
        bot_delay: float = 1.2,
        interactive: bool = False,
        large: bool = False,
        on_new_game: Callable[[], Any] | None = None,
        seating: Seating | None = None,
        targets: ClickTargets | None = None,
    ) -> None:
        if bots is None:
            bots = bots_for(
                game.table, lambda level, seed: GlobalissimoBot(level, seed=seed), game.seed
            )
        super().__init__(
            game,
            lambda host: GlobalissimoParts(host, game, interactive),
            seating=Seating(game.table, bots) if seating is None else seating,
            targets=targets,
            bot_delay=bot_delay,
            large=large,
            on_new_game=on_new_game,
        )
        self.game: Globalissimo = game
        self.start()


def _round_of(view: Info, action: Action) -> Info | None:
    """The round in which a rank move put its number: the one on the table, or the one that
    it just finished."""
    for rnd in (view["round"], view["last_round"]):
        for g in (rnd or {}).get("guesses", []):
            if (g["player"], g["country"]) == (action["player"], action["country"]):
                return rnd
    return None


def new_game(table: Table, values: dict[str, Any]) -> Globalissimo:
    """The game the set-up screen's ``table`` and chosen options describe."""
    where = values.get("countries") or ""
    options: dict[str, Any] = {"rounds": values["rounds"], "honor": values["honor"]}
    if where:
        options["continent"] = where
    return Globalissimo(table, seed=values.get("seed"), **options)


def build_screen(
    table: Table,
    values: dict[str, Any],
    game: Any = None,
    bots: Mapping[int, Bot] | None = None,
) -> GlobalissimoScreen:
    """The app's screen for the set-up screen's ``table`` and chosen options (``game`` and
    ``bots``: a class game's room and who plays elsewhere)."""
    game = new_game(table, values) if game is None else game
    return GlobalissimoScreen(game, bots=bots, **screen_options(values))


def play(
    players: list[str] | Table,
    bots: dict[str, str] | None = None,
    seed: int | None = None,
    bot_delay: float = 1.2,
    interactive: bool = False,
    large: bool = False,
    **options: Any,
) -> GlobalissimoScreen:
    """Start a game and return its screen: ``play(["Ana", "Ben", "Robot"], {"Robot": "hard"})``."""
    game = Globalissimo.setup_game(players, bots, seed=seed, **options)
    return GlobalissimoScreen(game, bot_delay=bot_delay, interactive=interactive, large=large)
