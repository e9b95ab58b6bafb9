"""Globalissimo at the table: one widget with the round, the track, the hurdles and the reveal.

The widget holds no rules and reads nothing of the game but its public verbs. Every button
builds an action, hands it to ``game.apply`` and redraws from ``game.view(None)`` (nothing in
this game is secret between players: the numbers lie face up on the cards, so hot-seat play
just passes the screen). What a move led to is read from the view too: the round just turned
over (``last_round``) and the latest hurdle answer (``last_hurdle``). Sentences come from
``wording``, the cards' HTML from ``cards``, the pictures from ``geoteach.render.globalissimo``.

Honor mode (hurdle answers said out loud and marked): the one who marks reads every answer
that counts from the game's ``card_back()`` after **Show the answer**, never from a view. At a
table that is the screen itself. In a class game it is the teacher's projector, which marks
for the team at the hurdle (``GameScreen.marks_for``); the team's own device shows the hurdle
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
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

import ipywidgets as widgets

from geoteach.bots.base import Bot, bots_for
from geoteach.bots.globalissimo import GlobalissimoBot
from geoteach.escape import html_text
from geoteach.games.base import Action
from geoteach.games.globalissimo import GAME_OVER, HURDLE, Globalissimo
from geoteach.games.table import Table
from geoteach.i18n import N_, _, language
from geoteach.quiz.facts import country_fact
from geoteach.render.globalissimo import (
    LearnMap,
    Locator,
    mark_answer,
    mark_click,
    numbered_map,
    resize_numbered_map,
    reveal_figure,
    track_figure,
)
from geoteach.render.mapview import MapView, to_png
from geoteach.render.zoom import STEP, MapZoom
from geoteach.ui import aloud
from geoteach.ui.apps import screen_options
from geoteach.ui.canvases import Described
from geoteach.ui.enter_key import enter_presses
from geoteach.ui.globalissimo import wording
from geoteach.ui.globalissimo.cards import cards_html, flag_html
from geoteach.ui.safe import safe
from geoteach.ui.shell import GameScreen, Standing, board_map, canvas_box, number_text, places_of

Info = Mapping[str, Any]


class GlobalissimoScreen(GameScreen):
    """Globalissimo on the shared screen: cards and map on the left, the step and verdict right.

    ``bots`` maps seats to computer players (default: one per computer seat, at its level).
    ``interactive=True`` (a kernel with ipympl) makes the numbered map a canvas: hurdle A is
    answered by clicking the country, and zoomed with buttons or the wheel; typing the number
    stays as the keyboard route. Nothing in this game is secret, so the screen shows
    ``game.view(None)`` to everyone.
    """

    title = "Globalissimo"
    detail_title = N_("Hurdles")

    def __init__(
        self,
        game: Globalissimo,
        bots: Mapping[int, Bot] | None = None,
        *,
        bot_delay: float = 1.2,
        interactive: bool = False,
        large: bool = False,
        on_new_game: Callable[[], Any] | None = None,
    ) -> None:
        if bots is None:
            bots = bots_for(
                game.table, lambda level, seed: GlobalissimoBot(level, seed=seed), game.seed
            )
        super().__init__(game, bots, bot_delay=bot_delay, large=large, on_new_game=on_new_game)
        self.game: Globalissimo = game
        self.interactive = interactive
        self._locator: Locator | None = None
        self._numbered: MapView | None = None
        self._zoom: MapZoom | None = None
        self._learn: LearnMap | None = None
        self._answer_shown = False
        self._track_key: tuple[Any, ...] | None = None
        self._cards_key: tuple[Any, ...] | None = None
        #: What the board explains while a verdict is open: ("hurdle", attempt) or ("round", rnd).
        self.explaining: tuple[str, Info] | None = None

        # The board: category card, the country cards, the track; or the map at hurdle A.
        self.category = widgets.HTML()
        self.cards = widgets.HTML()
        self.track = widgets.Image(format="png", layout=widgets.Layout(width="870px"))
        self.track_box = Described(self.track)
        self.map_picture = widgets.Image(format="png", layout=widgets.Layout(width="100%"))
        self.map_picture_box = Described(self.map_picture)
        self.map_caption = widgets.HTML()
        self.zoom_in = widgets.Button(description=_("Zoom in"), icon="search-plus")
        self.zoom_out = widgets.Button(description=_("Zoom out"), icon="search-minus")
        self.zoom_home = widgets.Button(description=_("Whole map"), icon="globe")
        for button, go in (
            (self.zoom_in, lambda: self._zoomed(STEP)),
            (self.zoom_out, lambda: self._zoomed(1 / STEP)),
            (self.zoom_home, lambda: self._zoomed(None)),
        ):
            button.add_class("gt-zoom")
            button.on_click(safe(lambda _b, go=go: go(), show=self.messages))
        self.zoom_bar = widgets.HBox([self.zoom_in, self.zoom_out, self.zoom_home])
        self.reveal_chart = widgets.Image(format="png", layout=widgets.Layout(width="435px"))
        self.learn_map = widgets.Image(format="png", layout=widgets.Layout(width="435px"))
        self.learn_text = widgets.HTML()
        self.reveal_box = Described(self.reveal_chart)
        self.learn_box = Described(self.learn_map)
        self.result = widgets.VBox(
            [widgets.HBox([self.reveal_box, self.learn_box]), self.learn_text]
        )

        # The controls: pick a country and its number; answer a hurdle; mark it (honor mode).
        self.step = widgets.HTML()
        self.country_pick = widgets.ToggleButtons(
            style={"button_width": "190px"}, layout=widgets.Layout(width="100%")
        )
        self.country_pick.add_class("gt-country")
        self.rank_buttons = [
            widgets.Button(
                description=str(r),
                layout=widgets.Layout(width="52px"),
                button_style="info",
                tooltip=_("Put the number {rank} on the country").format(rank=r),
            )
            for r in range(1, len(self.table.seats) + 1)
        ]
        for r, button in enumerate(self.rank_buttons, start=1):
            button.add_class("gt-rank")
            button.on_click(safe(lambda _b, r=r: self.rank(r), show=self.messages))
        its_number = "<b>" + html_text(_("Its number:")) + "</b>&nbsp;"
        self.rank_box = widgets.VBox(
            [
                self.country_pick,
                widgets.HBox([widgets.HTML(its_number), *self.rank_buttons]),
            ]
        )
        self.answer_text = widgets.Text(
            placeholder=_("Type your answer"),
            continuous_update=False,
            layout=widgets.Layout(width="220px"),
        )
        self.answer_text.add_class("gt-answer")
        self.answer_button = widgets.Button(
            description=_("Answer"), button_style="primary", icon="check"
        )
        self.answer_button.add_class("gt-submit")
        enter_presses(self.answer_text, self.answer_button)
        self.answer_button.on_click(
            safe(lambda _b: self.answer(self.answer_text.value), show=self.messages)
        )
        self.show_button = widgets.Button(description=_("Show the answer"), icon="eye")
        self.show_button.add_class("gt-show")
        self.show_button.on_click(safe(lambda _b: self.show_answer(), show=self.messages))
        self.right_button = widgets.Button(
            description="✔ " + _("Right"),
            button_style="success",
            tooltip=_("The answer was right"),
        )
        self.wrong_button = widgets.Button(
            description="✘ " + _("Wrong"),
            button_style="danger",
            tooltip=_("The answer was wrong"),
        )
        self.right_button.add_class("gt-right")
        self.wrong_button.add_class("gt-wrong")
        self.right_button.on_click(safe(lambda _b: self.mark(True), show=self.messages))
        self.wrong_button.on_click(safe(lambda _b: self.mark(False), show=self.messages))
        self.honor_answer = widgets.HTML()
        self.marking = widgets.HTML()
        self.sheet = widgets.HTML()
        self.below.children = [self.sheet]
        self.start()

    # ----- the moves a person makes ----------------------------------------------------
    def rank(self, rank: int) -> None:
        """Put number ``rank`` on the country selected in ``country_pick``."""
        seat = self.game.to_act()[0]
        self.act({"player": seat, "type": "rank", "country": self.country_pick.value, "rank": rank})

    def answer(self, text: str) -> None:
        """Answer the hurdle: the map number (A) or the capital (B)."""
        self.act({"player": self.game.to_act()[0], "type": "answer", "answer": text})

    def click_country(self, iso3: str) -> None:
        """A click on the numbered map at hurdle A (the map reports the country's code)."""
        view = self.page_view()
        hurdle = view["hurdle"]
        if hurdle is not None and hurdle["kind"] == "A" and not view["honor"]:
            seat = self.game.to_act()[0]
            if seat in self.bots:
                return
            mark_click(self._numbered_map(), iso3)  # seen at once
            self.act({"player": seat, "type": "answer", "answer": iso3})

    def show_answer(self) -> None:
        """Honor mode: show every accepted answer so the teacher can mark the spoken one."""
        self._answer_shown = True
        self.refresh()

    def mark(self, right: bool) -> None:
        """Honor mode: the teacher marks the spoken answer (on a class game's projector, for
        the team at the hurdle)."""
        verdict = "right" if right else "wrong"
        self.act({"player": self.game.to_act()[0], "type": "mark", "verdict": verdict})

    def act(self, action: Action) -> None:
        self.answer_text.value = ""
        self._answer_shown = False
        self.explaining = None
        super().act(action)

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
        # Shown answers belong to the hurdle they were shown for: a move made anywhere (a
        # computer given the seat, say) hides them, so the next hurdle waits for Show again.
        self._answer_shown = False
        # An answer or a mark that the game took is a hurdle answered: the latest one. In a class
        # game the teacher's mark of a spoken answer is said on every page (naming the team),
        # without holding the game; a typed answer's verdict stays on the team's own device.
        attempt = view["last_hurdle"]
        if action["type"] != "rank" and attempt is not None:
            if by_human:
                self._explain_hurdle(attempt, named=attempt["player"] in self.remote_seats)
            elif self.remote_seats and attempt["marked"]:
                self._explain_hurdle(attempt, named=True, wait=False)
        if action["type"] == "rank":
            rnd = _round_of(view, action)
            if rnd is not None and rnd["revealed"]:
                self._explain_round(rnd)
            elif rnd is not None and action["player"] in self.remote_seats:
                self._moved_on_to(rnd)
        if view["phase"] == GAME_OVER:
            self.explaining = ("round", view["last_round"])
            self.show_game_over()

    def _moved_on_to(self, rnd: Info) -> None:
        """A team ranked in a later round on its own device (a class game) while this page
        still shows an earlier round's true order: the class plays on, so the page shows the
        round being played (the earlier one stays in the score sheet and the log). The
        projector, where nobody presses Continue, would otherwise keep the old round."""
        shown = self.explaining
        if shown and shown[0] == "round" and shown[1]["number"] < rnd["number"]:
            self.feedback.put_away()
            self.paused(False)
            self.explaining = None

    def _explain_hurdle(self, attempt: Info, named: bool = False, wait: bool = True) -> None:
        """The verdict of a hurdle answer: big, with the answer, the map and a fact. A class
        game's pages say whose answer it was (``named``); one that arrived from elsewhere does
        not hold the game (``wait``)."""
        self.explaining = ("hurdle", attempt)
        name = self.table.name_of(attempt["player"])
        said = wording.hurdle_verdict(attempt, name if named else None)
        headline = said["headline"]
        self.show_verdict(
            _("{player}: {verdict}").format(player=name, verdict=headline) if named else headline,
            correct=bool(attempt["correct"]),
            answer=said["answer"],
            lines=said["lines"],
            where=said["where"],
            # The facts' sentences (geoteach.quiz.facts) are not in the catalogs yet: a page
            # in another language shows none rather than an English one.
            fact=country_fact(attempt["country"]) if language() == "en" else "",
            wait=wait,
        )

    def _explain_round(self, rnd: Info) -> None:
        """The cards turned over: the true order, each guess and its points, the learn map."""
        shown = self.explaining
        if shown and shown[0] == "round" and shown[1]["number"] == rnd["number"]:
            return
        self.explaining = ("round", rnd)
        self._draw_result(rnd)
        self.show_verdict(
            wording.round_headline(rnd), correct=None, lines=wording.round_lines(self.table, rnd)
        )

    # ----- drawing ------------------------------------------------------------------------
    def prompt(self) -> str:
        view = self.page_view()
        computer = view["phase"] != GAME_OVER and view["to_act"][0] in self.bots
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
        self.category.value = wording.category_html(view["round"]["category_card"])
        self._draw_track(view)
        self._draw_controls(view)
        places = [(place, row.seat, row.shown) for place, row in places_of(self.standings())]
        self.sheet.value = wording.sheet_html(self.table, view, places)
        if not (self.feedback.is_open or view["phase"] == GAME_OVER):
            self.explaining = None  # the verdict was put away: back to the game
        explaining = self.explaining
        if explaining and explaining[0] == "round":
            self.board.children = [self.result, self.track_box]
        elif explaining and explaining[0] == "hurdle":
            self._draw_answer_map(explaining[1])
            self.board.children = self._map_children()
        elif view["phase"] == HURDLE and view["hurdle"]["kind"] == "A":
            numbered = self._numbered_map()
            numbered.clear()
            self._show_map()
            self.board.children = self._map_children()
        else:
            self.cards.value = self._cards_html(view)
            self.board.children = [self.category, self.cards, self.track_box]

    def _map_children(self) -> list[widgets.Widget]:
        shown = self._map_canvas if self.interactive else self.map_picture_box
        return [self.map_caption, self.zoom_bar, shown, self.track_box]

    def _draw_track(self, view: Info) -> None:
        """The track picture, made again only when a runner moved or a hurdle was taken."""
        key = (
            int(view["track_length"]),
            tuple(view["positions"]),
            tuple((h["space"], h["kind"], h["taken_by"]) for h in view["track"]),
        )
        if key != self._track_key:
            self._track_key = key
            self.track.value = to_png(track_figure(view, self.table))
            self.track_box.describe(wording.track_alt(self.table, view))

    def _cards_html(self, view: Info) -> str:
        """The country cards, made again only when a card or a number on one changed."""
        rnd = view["round"]
        key = (
            rnd["number"],
            tuple(rnd["countries"]),
            tuple((g["country"], g["rank"]) for g in rnd["guesses"]),
        )
        if key == self._cards_key:
            return self.cards.value
        self._cards_key = key
        return cards_html(rnd, self.table, self.locator_png)

    def _draw_controls(self, view: Info) -> None:
        if view["phase"] == GAME_OVER:
            self.controls.children = []
            return
        seat = view["to_act"][0]
        hurdle, honor = view["phase"] == HURDLE, view["honor"]
        if seat in self.bots and not (hurdle and honor and self.marks_for(seat)):
            asked_aloud = hurdle and honor and self.team_elsewhere(seat)
            said = aloud.waiting_html if asked_aloud else wording.thinking_html
            self.step.value = said(self.table, seat)
            self.controls.children = [self.step]
            return
        if hurdle:
            self.controls.children = self._hurdle_controls(view)
            return
        names = view["round"]["names"]
        options = [(names[c], c) for c in view["remaining_countries"]]
        if [o[1] for o in self.country_pick.options] != [o[1] for o in options]:
            self.country_pick.options = options
            self.country_pick.value = options[0][1]
        for r, button in enumerate(self.rank_buttons, start=1):
            button.disabled = r > view["n_ranks"]
        self.step.value = wording.pick_step_html(self.table, view, seat)
        self.controls.children = [self.step, self.rank_box]

    def _hurdle_controls(self, view: Info) -> list[widgets.Widget]:
        hurdle = view["hurdle"]
        flag = flag_html(hurdle["country"], hurdle["name"], width=48)
        honor = bool(view["honor"])
        self.step.value = wording.hurdle_step_html(hurdle, self.interactive, flag, honor=honor)
        if honor:
            back = self.game.card_back()
            if back is None:  # a class game's team device: the teacher holds the card
                self.honor_answer.value = aloud.say_it_aloud_html()
                return [self.step, self.honor_answer]
            who = []
            if hurdle["player"] in self.remote_seats:  # the projector marks for a team
                self.marking.value = aloud.marking_html(self.table, hurdle["player"])
                who = [self.marking]
            if self._answer_shown:
                self.honor_answer.value = wording.honor_answer_html(back["answers"])
                return [
                    *who,
                    self.step,
                    self.honor_answer,
                    widgets.HBox([self.right_button, self.wrong_button]),
                ]
            self.honor_answer.value = ""
            return [*who, self.step, self.show_button]
        self.answer_text.placeholder = wording.answer_placeholder(hurdle["kind"])
        return [self.step, widgets.HBox([self.answer_text, self.answer_button])]

    def _numbered_map(self) -> MapView:
        """The numbered wall map, sized for the board; built when first needed."""
        if self._numbered is None:
            self._numbered = numbered_map(self.large_toggle.value, self.interactive)
            self._zoom = board_map(
                self._numbered,
                interactive=self.interactive,
                on_pick=safe(self.click_country, show=self.messages),
                on_change=self._show_map,
            )
            if self.interactive:
                self._map_canvas = canvas_box(self._numbered.figure.canvas)
        return self._numbered

    def _zoomed(self, factor: float | None) -> None:
        self._numbered_map()
        assert self._zoom is not None
        if factor is None:
            self._zoom.home()
        else:
            self._zoom.zoom(factor)

    def _show_map(self) -> None:
        """Push the numbered map to the screen (a PNG when it is not a live canvas)."""
        if not self.interactive and self._numbered is not None:
            self.map_picture.value = to_png(self._numbered.figure)
        hurdle = self.page_view()["hurdle"]
        if self.explaining is None and hurdle is not None:
            self.map_caption.value = wording.find_caption_html(hurdle)
            self._describe_map(wording.map_alt(hurdle["name"]))
            if self._numbered is not None:
                view = self._numbered
                self.show_click_targets(
                    view.figure,
                    view.ax,
                    {c: view.anchors[view.codes.index(c)] for c in view.pickable},
                )

    def _draw_answer_map(self, attempt: Info) -> None:
        """After a hurdle: the country in green with its number, a wrong pick in orange."""
        shown = mark_answer(self._numbered_map(), attempt)
        assert self._zoom is not None
        self._zoom.show(shown, margin=0.25, min_share=0.22)
        self.map_caption.value = wording.answer_caption_html(attempt)
        self._describe_map(wording.answer_map_alt(attempt))

    def _describe_map(self, text: str) -> None:
        """The numbered map in words, on the canvas or the picture shown."""
        self.map_picture_box.describe(text)
        canvas = getattr(self, "_map_canvas", None)
        if canvas is not None:
            canvas.describe(text)

    def locator_png(self, iso3: str) -> bytes | None:
        """The small map on a country card (kept per country for this screen)."""
        if self._locator is None:
            self._locator = Locator()
        return self._locator.png(iso3)

    def _draw_result(self, rnd: Info) -> None:
        """The reveal (bars, chips, points) and the learn map coloured by the value."""
        self.reveal_chart.value = to_png(reveal_figure(rnd, self.table))
        self.reveal_box.describe(wording.reveal_alt(rnd))
        self.learn_box.describe(wording.learn_map_alt(rnd))
        if self._learn is None:
            self._learn = LearnMap()
        self.learn_map.value = self._learn.png(rnd)
        self.learn_text.value = wording.learn_html(rnd["category_card"], rnd.get("years"))

    def set_large(self, large: bool) -> None:
        if self._numbered is not None:
            resize_numbered_map(self._numbered, large)
            if self._zoom is not None:
                self._zoom.relabel()
            self._show_map()
            self._numbered.figure.canvas.draw_idle()

    def closing(self) -> None:
        if self.interactive and self._numbered is not None:
            import matplotlib.pyplot as plt

            plt.close(self._numbered.figure)


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
