"""Globalissimo at the table: one widget with the round, the track, the hurdles and the reveal.

The widget holds no rules. Every button builds an action, hands it to ``game.apply`` and redraws
from ``game.view(None)`` (nothing in this game is secret between players: the numbers lie face
up on the cards, so hot-seat play just passes the screen). Computer players move after each
human move, with a short pause so the class can follow them.

Drawing helpers (``track_figure``, ``reveal_figure``) take a view and draw it; they decide
nothing.

Computer moves never block the notebook: inside a running kernel they are played one by one
from an asyncio task with ``bot_delay`` seconds between them, so the class sees each move and
the page stays responsive. Without an event loop (tests, scripts) or with ``bot_delay=0`` they
are played at once.

Every control has a text label and a CSS class (``gt-rank``, ``gt-answer``, ``gt-submit``,
``gt-next``...) for browser tests; right and wrong are said with a word and a symbol, never by
colour alone.
"""

from __future__ import annotations

import base64
import math
from collections.abc import Callable, Mapping
from typing import Any

import ipywidgets as widgets
import numpy as np
import shapely
from matplotlib.collections import PathCollection
from matplotlib.figure import Figure
from matplotlib.path import Path
from matplotlib.transforms import IdentityTransform, blended_transform_factory

from geoteach.bots.base import Bot, bots_for
from geoteach.bots.globalissimo import GlobalissimoBot
from geoteach.escape import html_text, plot_text
from geoteach.games.base import Action, IllegalAction
from geoteach.games.globalissimo import HURDLE, Globalissimo
from geoteach.games.table import Table
from geoteach.quiz.answers import said_answers
from geoteach.quiz.facts import country_fact
from geoteach.quiz.flags import flag_img_html
from geoteach.render import palettes
from geoteach.render.mapview import MapView, NotOnMapError, new_figure, to_png
from geoteach.render.zoom import STEP, MapZoom
from geoteach.ui.apps import screen_options
from geoteach.ui.safe import safe
from geoteach.ui.shell import (
    GameScreen,
    Standing,
    board_map,
    canvas_box,
    number_text,
    places_of,
)
from geoteach.ui.theme import CHECKERED_FLAG, does, does_text, is_you, seat_badge, seat_symbol

#: Matplotlib markers matching the seat symbols ● ■ ▲ ◆ ★ ✚.
SEAT_MARKERS = ["o", "s", "^", "D", "*", "P"]
#: Hurdle looks: A (the world map) blue square, B (the capital) orange diamond.
HURDLE_LOOK = {"A": ("s", "#0072B2", "map"), "B": ("D", "#E69F00", "capital")}
#: After hurdle A: the card's country in bluish green, a wrong pick in vermillion (Okabe–Ito).
ANSWER_COLOUR = "#009E73"
WRONG_PICK_COLOUR = "#D55E00"
#: Right and wrong in words and symbols, so colour is never the only signal.
VERDICT_WORDS = {True: ("✔", "Right"), False: ("✘", "Wrong")}
#: A card's locator map: drawn at this size in inches and dpi, shown this many pixels wide.
LOCATOR_SIZE = (2.5, 1.28)
LOCATOR_DPI = 84.0
LOCATOR_WIDTH_PX = 210
#: Countries smaller than this (in points, both ways) on the locator get a ring round them.
LOCATOR_TINY_PT = 4.0
LOCATOR_RING_PT = 8.0


def flag_html(iso3: str, name: str, width: int = 64) -> str:
    """The country's flag as an SVG picture (emoji flags show as two letters on Windows)."""
    try:
        return flag_img_html(iso3, width=width, alt=f"Flag of {name}")
    except (KeyError, ValueError):
        return ""  # a country without a flag file: the card still shows its name


def _number(value: float, unit: str = "") -> str:
    """A value as people read it: 1,234,567 or 12.5, with its unit."""
    if abs(value) >= 100 or float(value).is_integer():
        text = f"{value:,.0f}"
    else:
        text = f"{value:,.3g}" if abs(value) < 10 else f"{value:,.1f}"
    return f"{text} {unit}".strip()


def category_html(card: Mapping[str, Any]) -> str:
    """The category card: what is ranked, in which unit, which year, from which source."""
    top = "highest" if card.get("rank1", "highest") == "highest" else "lowest"
    return (
        '<div class="gt-category" style="border:2px solid #333;border-radius:8px;'
        'padding:4px 10px;margin-bottom:4px">'
        f"<b style='font-size:125%'>{html_text(card['label'])}</b> "
        f"({html_text(card['unit'])}, {html_text(card['year'])}) · "
        f"<b>Number 1 = the {top} value.</b><br>"
        f"{html_text(card.get('description') or '')} "
        f"<small>Source: {html_text(card['source'])}</small></div>"
    )


def track_figure(view: Mapping[str, Any], table: Table, width: float = 8.7) -> Figure:
    """The track: spaces 0..end, the hurdles (A squares, B diamonds; taken ones faded), runners.

    Drawn at the size it is shown (``width`` inches at 100 dpi), so its numbers are 11 px.
    """
    length = int(view["track_length"])
    fig = new_figure((width, 1.35), dpi=100)
    ax = fig.add_axes((0.005, 0.02, 0.99, 0.96))
    ax.set_axis_off()
    ax.set_xlim(-0.9, length + 0.7)
    ax.set_ylim(-1.1, 2.3)
    ax.scatter(range(length + 1), [0] * (length + 1), s=230, c="#dceefa", edgecolors="#0072B2")
    for space in range(length + 1):
        ax.text(
            space,
            0,
            "Go" if space == 0 else str(space),
            ha="center",
            va="center",
            fontsize=8,
            fontweight="bold" if space == 0 else "normal",
        )
    for hurdle in view["track"]:
        marker, colour, _ = HURDLE_LOOK[hurdle["kind"]]
        x = hurdle["space"] + 0.5
        taken = hurdle["taken_by"]
        edge = table.seats[taken].colour if taken is not None else "black"
        ax.scatter(
            [x],
            [-0.72],
            marker=marker,
            s=170,
            c=colour,
            edgecolors=edge,
            linewidths=2.0 if taken is not None else 0.8,
            alpha=0.25 if taken is not None else 1.0,
        )
        ax.text(
            x,
            -0.72,
            hurdle["kind"],
            ha="center",
            va="center",
            fontsize=8,
            color="white",
            fontweight="bold",
            alpha=0.4 if taken is not None else 1.0,
        )
    stacked: dict[int, int] = {}
    for seat, space in enumerate(view["positions"]):
        level = stacked.get(int(space), 0)
        stacked[int(space)] = level + 1
        ax.scatter(
            [space],
            [0.62 + 0.36 * level],
            marker=SEAT_MARKERS[seat % 6],
            s=110,
            c=table.seats[seat].colour,
            edgecolors="black",
            linewidths=0.6,
            zorder=5,
        )
    return fig


def reveal_figure(
    rnd: Mapping[str, Any],
    names: Mapping[str, str],
    card: Mapping[str, Any],
    table: Table,
    width: float = 4.35,
) -> Figure:
    """The true order as bars with their values written out (no axis to decode), and each
    player's number beside the country it was put on. Drawn at the size it is shown."""
    countries = sorted(rnd["countries"], key=lambda c: (rnd["places"][c], names[c]))
    values = [rnd["values"][c] for c in countries]
    n = len(countries)
    fig = new_figure((width, 0.42 * n + 0.55), dpi=100)
    ax = fig.add_axes((0.58, 0.02, 0.22, 0.84))
    positive = [v for v in values if v > 0]
    log = len(positive) == n and max(positive) / min(positive) > 1000
    ys = list(range(n))[::-1]
    ax.barh(ys, values, color="#9ecae1", edgecolor="#3182bd", log=log, height=0.7)
    ax.set_xticks([])
    ax.minorticks_off()
    ax.tick_params(axis="y", length=0, labelsize=9)
    ax.set_yticks(ys, [plot_text(f"{rnd['places'][c]}. {names[c]}") for c in countries])
    for side in ("top", "right", "bottom"):
        ax.spines[side].set_visible(False)
    unit = str(card["unit"])
    ax.set_title(
        plot_text(f"{card['label']} ({card['year']}){' · log scale' if log else ''}"),
        fontsize=9,
        loc="right",
    )
    for y, v in zip(ys, values, strict=True):
        ax.text(
            1.03,
            y,
            plot_text(_number(v, unit)),
            transform=ax.get_yaxis_transform(),
            va="center",
            fontsize=8,
        )
    chips = {g["country"]: g for g in rnd["guesses"]}
    left = blended_transform_factory(fig.transFigure, ax.transData)
    for y, c in zip(ys, countries, strict=True):
        guess = chips.get(c)
        if guess is None:
            continue
        seat = guess["player"]
        ax.scatter(
            [0.03],
            [y],
            marker=SEAT_MARKERS[seat % 6],
            s=70,
            c=table.seats[seat].colour,
            edgecolors="black",
            transform=left,
            clip_on=False,
        )
        ax.text(
            0.065,
            y,
            plot_text(f"{guess['rank']} → +{guess['points']}"),
            transform=left,
            va="center",
            fontsize=9,
            fontweight="bold",
        )
    return fig


def learn_colours(values: Mapping[str, float]) -> dict[str, tuple[float, ...]]:
    """Colours of the learn map: the statistic's sequential palette, low to high (log when the
    values span more than a factor of 1000, so small countries do not all look the same)."""
    import matplotlib

    from geoteach.render import palettes

    if not values:
        return {}
    cmap = matplotlib.colormaps[palettes.SEQUENTIAL]
    numbers = dict(values)
    positive = [v for v in numbers.values() if v > 0]
    if len(positive) == len(numbers) and max(positive) / min(positive) > 1000:
        numbers = {k: math.log10(v) for k, v in numbers.items()}
    low, high = min(numbers.values()), max(numbers.values())
    span = (high - low) or 1.0
    return {k: tuple(cmap(0.15 + 0.8 * (v - low) / span)) for k, v in numbers.items()}


class Locator:
    """One small world map for the country cards, recoloured for each card's country.

    The map is drawn once (``world_map_view`` keeps the sea and the borders as cached
    pictures); a card's picture only fills its country, outlines it and, for a country too
    small to see at this size (Vatican, Singapore, even Belgium), moves a ring onto it. Each
    country's PNG is kept, so the cards of later rounds cost nothing to draw.
    """

    def __init__(self) -> None:
        from geoteach.render import world_map_view

        self.view: MapView = world_map_view(numbers=False, figsize=LOCATOR_SIZE, dpi=LOCATOR_DPI)
        self.pictures: dict[str, bytes | None] = {}
        upp = self.view.units_per_point()
        x0, y0, x1, y1 = shapely.bounds(self.view.geometries).T
        small = np.maximum(x1 - x0, y1 - y0) / upp < LOCATOR_TINY_PT
        self.tiny = frozenset(np.asarray(self.view.codes)[small].tolist()) | _tiny_in_data()
        self.ring = PathCollection(
            [Path.unit_circle()],
            sizes=[(LOCATOR_RING_PT / 2.0) ** 2],
            offsets=np.zeros((1, 2)),
            offset_transform=self.view.ax.transData,
            transform=IdentityTransform(),
            facecolors="none",
            edgecolors=palettes.OUTLINE,
            linewidths=1.2,
            zorder=4,
        )
        self.ring.set_visible(False)
        self.view.ax.add_collection(self.ring, autolim=False)

    def png(self, iso3: str) -> bytes | None:
        """The map with ``iso3`` highlighted (None if the country is not on the world map)."""
        if iso3 not in self.pictures:
            self.pictures[iso3] = self._draw(iso3)
        return self.pictures[iso3]

    def _draw(self, iso3: str) -> bytes | None:
        view = self.view
        try:
            code = view.code_of(iso3)
        except NotOnMapError:
            return None
        view.clear()
        view.highlight(code)
        view.outline(code, width=0.6)
        if code in self.tiny:
            self.ring.set_offsets(view.anchors[[view.codes.index(code)]])
        self.ring.set_visible(code in self.tiny)
        picture = to_png(view.figure)
        view.clear()
        self.ring.set_visible(False)
        return picture


def _tiny_in_data() -> frozenset[str]:
    """The countries the world data marks as needing a marker to be seen."""
    from geoteach.render.world import projected_world

    frame = projected_world().frame
    if "tiny" not in frame.columns:
        return frozenset()
    return frozenset(str(c) for c in frame.index[frame["tiny"].fillna(False).astype(bool)])


def locator_img_html(png: bytes | None, name: str) -> str:
    """A card's locator map as an <img> inside the card's HTML (nothing if there is no map)."""
    if png is None:
        return ""
    data = base64.b64encode(png).decode("ascii")
    alt = html_text(f"Where {name} is")
    return (
        f'<img src="data:image/png;base64,{data}" alt="{alt}" title="{alt}" '
        f'width="{LOCATOR_WIDTH_PX}" style="display:block;margin:4px auto 0">'
    )


class GlobalissimoScreen(GameScreen):
    """Globalissimo on the shared screen: cards and map on the left, the step and verdict right.

    ``bots`` maps seats to computer players (default: one per computer seat, at its level).
    ``interactive=True`` (a kernel with ipympl) makes the numbered map a canvas: hurdle A is
    answered by clicking the country, and zoomed with buttons or the wheel; typing the number
    stays as the keyboard route. Nothing in this game is secret, so the screen shows
    ``game.view(None)`` to everyone.
    """

    title = "Globalissimo"
    detail_title = "Hurdles"

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
        self.atlas = game.atlas
        self.interactive = interactive
        self._locator: Locator | None = None
        self._numbered: MapView | None = None
        self._zoom: MapZoom | None = None
        self._world: MapView | None = None
        self._answer_shown = False
        self._track_key: tuple[Any, ...] | None = None
        self._cards_key: tuple[Any, ...] | None = None
        #: What the board explains while a verdict is open: ("hurdle", attempt) or ("round", rnd).
        self.explaining: tuple[str, Mapping[str, Any]] | None = None
        self._seen_hurdles = sum(len(r["hurdles"]) for r in game.history) + len(
            game.round.get("hurdles", [])
        )
        self._seen_rounds = len(game.history)

        # The board: category card, the country cards, the track; or the map at hurdle A.
        self.category = widgets.HTML()
        self.cards = widgets.HTML()
        self.track = widgets.Image(format="png", layout=widgets.Layout(width="870px"))
        self.map_picture = widgets.Image(format="png", layout=widgets.Layout(width="100%"))
        self.map_caption = widgets.HTML()
        self.zoom_in = widgets.Button(description="Zoom in", icon="search-plus")
        self.zoom_out = widgets.Button(description="Zoom out", icon="search-minus")
        self.zoom_home = widgets.Button(description="Whole map", icon="globe")
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
        self.result = widgets.VBox(
            [widgets.HBox([self.reveal_chart, self.learn_map]), self.learn_text]
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
                tooltip=f"Put the number {r} on the country",
            )
            for r in range(1, len(self.table.seats) + 1)
        ]
        for r, button in enumerate(self.rank_buttons, start=1):
            button.add_class("gt-rank")
            button.on_click(safe(lambda _b, r=r: self.rank(r), show=self.messages))
        self.rank_box = widgets.VBox(
            [
                self.country_pick,
                widgets.HBox([widgets.HTML("<b>Its number:</b>&nbsp;"), *self.rank_buttons]),
            ]
        )
        self.answer_text = widgets.Text(
            placeholder="Type your answer",
            continuous_update=False,
            layout=widgets.Layout(width="220px"),
        )
        self.answer_text.add_class("gt-answer")
        self.answer_button = widgets.Button(
            description="Answer", button_style="primary", icon="check"
        )
        self.answer_button.add_class("gt-submit")
        self.answer_button.on_click(
            safe(lambda _b: self.answer(self.answer_text.value), show=self.messages)
        )
        self.show_button = widgets.Button(description="Show the answer", icon="eye")
        self.show_button.add_class("gt-show")
        self.show_button.on_click(safe(lambda _b: self.show_answer(), show=self.messages))
        self.right_button = widgets.Button(
            description="✔ Right", button_style="success", tooltip="The answer was right"
        )
        self.wrong_button = widgets.Button(
            description="✘ Wrong", button_style="danger", tooltip="The answer was wrong"
        )
        self.right_button.add_class("gt-right")
        self.wrong_button.add_class("gt-wrong")
        self.right_button.on_click(safe(lambda _b: self.mark(True), show=self.messages))
        self.wrong_button.on_click(safe(lambda _b: self.mark(False), show=self.messages))
        self.honor_answer = widgets.HTML()
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
        if self.game.phase == HURDLE and self.game.facing()["kind"] == "A":
            seat = self.game.to_act()[0]
            if seat in self.bots:
                return
            numbered = self._numbered_map()
            numbered.clear()
            numbered.highlight(numbered.code_of(iso3), palettes.HIGHLIGHT)  # seen at once
            self.act({"player": seat, "type": "answer", "answer": iso3})

    def show_answer(self) -> None:
        """Honor mode: show every accepted answer so the teacher can mark the spoken one."""
        self._answer_shown = True
        self.refresh()

    def mark(self, right: bool) -> None:
        """Honor mode: the teacher marks the spoken answer."""
        verdict = "right" if right else "wrong"
        self.act({"player": self.game.to_act()[0], "type": "mark", "verdict": verdict})

    def act(self, action: Action) -> None:
        self.answer_text.value = ""
        self._answer_shown = False
        self.explaining = None
        super().act(action)

    # ----- what a move led to ------------------------------------------------------------
    def describe(self, action: Action) -> str:
        seat = action["player"]
        if action["type"] == "rank":
            name = self.atlas.names[action["country"]]
            return f"{does_text(self.table, seat, 'puts', 'put')} {action['rank']} on {name}."
        attempt = self._last_attempt()
        if attempt is None:
            return ""
        return self._attempt_sentence(attempt)

    def after(self, action: Action, by_human: bool) -> None:
        attempts = self._attempts()
        if len(attempts) > self._seen_hurdles:
            self._seen_hurdles = len(attempts)
            if by_human:
                self._explain_hurdle(attempts[-1])
        if action["type"] == "rank":
            rnd = self._round_of(action)
            if rnd is not None and len(rnd["guesses"]) == len(rnd["countries"]):
                self._explain_round(rnd)
        if self.game.is_terminal():
            self._explain_end()

    def _round_of(self, action: Action) -> Mapping[str, Any] | None:
        """The round in which ``action`` put its number (the current one or the one just ended)."""
        for rnd in (self.game.round, *self.game.history[-1:]):
            for g in rnd.get("guesses", []):
                if (g["player"], g["country"]) == (action["player"], action["country"]):
                    return rnd
        return None

    def _attempts(self) -> list[Mapping[str, Any]]:
        done = [a for r in self.game.history for a in r["hurdles"]]
        if self.game.round not in self.game.history:
            done += list(self.game.round.get("hurdles", []))
        return done

    def _last_attempt(self) -> Mapping[str, Any] | None:
        attempts = self._attempts()
        return attempts[-1] if attempts else None

    def _attempt_sentence(self, attempt: Mapping[str, Any]) -> str:
        seat, card = attempt["player"], attempt["country"]
        name = self.atlas.names[card]
        mark = "right" if attempt["correct"] else "wrong"
        if attempt["kind"] == "A":
            given = self._picked(attempt)
            said = f"{self.atlas.names[given]}" if given else str(attempt["answer"])
            return (
                f"Hurdle A: {does_text(self.table, seat, 'points', 'point')} to {said} for "
                f"{name}: {mark} (number {self.atlas.map_numbers[card]})."
            )
        answer = said_answers(self.game.question_at_hurdle("B", card))
        return (
            f"Hurdle B: {does_text(self.table, seat, 'says', 'say')} “{attempt['answer']}” for "
            f"the capital of {name}: {mark} ({answer})."
        )

    def _explain_hurdle(self, attempt: Mapping[str, Any]) -> None:
        """The verdict of a person's hurdle answer: big, with the answer, the map and a fact."""
        card = attempt["country"]
        name = self.atlas.names[card]
        right = bool(attempt["correct"])
        region = self.atlas.regions.get(card) or self.atlas.continents.get(card)
        lines: list[str] = []
        if attempt["kind"] == "A":
            number = self.atlas.map_numbers[card]
            headline = f"Right! {name} is number {number}." if right else "Not quite."
            answer = "" if right else f"{name} is number {number} on the map."
            picked = self._picked(attempt)
            if not right and picked is not None:
                lines.append(
                    f"Your answer, number {self.atlas.map_numbers[picked]}, is "
                    f"{self.atlas.names[picked]} (orange on the map)."
                )
            where = f"{name} is in {region}: green on the map."
        else:
            accepted = said_answers(self.game.question_at_hurdle("B", card))
            headline = f"Right! {accepted}." if right else "Not quite."
            answer = "" if right else f"The capital of {name}: {accepted}"
            if not right and attempt["answer"] not in ("right", "wrong"):
                lines.append(f"Your answer was “{attempt['answer']}”.")
            where = f"{name} is in {region}: green on the map."
        self.explaining = ("hurdle", dict(attempt))
        self.show_verdict(
            headline,
            correct=right,
            answer=answer,
            lines=lines,
            where=where,
            fact=country_fact(card),
        )

    def _explain_round(self, rnd: Mapping[str, Any]) -> None:
        """The cards turned over: the true order, each guess and its points, the learn map."""
        if self.explaining and self.explaining[0] == "round" and self.explaining[1] is rnd:
            return
        card = self.game.category_card(rnd["category"])
        lines = []
        for g in rnd["guesses"]:
            seat = g["player"]
            country = self.atlas.names[g["country"]]
            lines.append(
                f"{does_text(self.table, seat, 'put', 'put')} {g['rank']} on {country}: it is "
                f"number {g['place']}, +{g['points']}."
            )
        self.explaining = ("round", rnd)
        self._draw_result(rnd, card)
        self.show_verdict(
            f"Round {rnd['number']}: the true order — {card['label']}",
            correct=None,
            lines=lines,
        )

    def _explain_end(self) -> None:
        self.explaining = ("round", self.game.history[-1])
        self.show_game_over()

    def _picked(self, attempt: Mapping[str, Any]) -> str | None:
        """The country a hurdle A answer pointed at (by number or by a click), if any."""
        try:
            return self.game.map_pick(attempt.get("answer"))
        except IllegalAction:
            return None  # a teacher's mark in honor mode, not a typed answer

    # ----- drawing ------------------------------------------------------------------------
    def prompt(self) -> str:
        game, view = self.game, self.game.view(None)
        rnd = view["round"]
        flag = does(self.table, rnd["checkered_flag"], "starts", "start")
        head = f"Round {rnd['number']} of {view['rounds']} · {CHECKERED_FLAG} {flag}"
        if game.is_terminal():
            return f'{head}<br><span class="gt-turn">The game is over.</span>'
        seat = view["to_act"][0]
        if seat in self.bots:
            doing = "is at a hurdle" if view["phase"] == HURDLE else "is choosing a country"
            now = f"{seat_badge(self.table, seat)} {doing}…"
        elif view["phase"] == HURDLE:
            kind = view["hurdle"]["kind"]
            task = (
                f"click {html_text(view['hurdle']['name'])} on the map"
                if kind == "A"
                else f"name the capital of {html_text(view['hurdle']['name'])}"
            )
            now = f"▶ {self._your_turn(seat)}: hurdle {kind}, {task}."
        else:
            now = f"▶ {self._your_turn(seat)}: pick a country, then the number you put on it."
        return f'{head}<br><span class="gt-turn">{now}</span>'

    def _your_turn(self, seat: int) -> str:
        badge = seat_badge(self.table, seat)
        return "Your turn" if is_you(self.table, seat) else f"{badge}'s turn"

    def standings(self) -> list[Standing]:
        board = self.game.scoreboard
        return [
            Standing(
                s,
                (board.get(s), board.get(s, "hurdles")),
                number_text(board.get(s)),
                number_text(board.get(s, "hurdles")),
            )
            for s in range(len(self.table.seats))
        ]

    def redraw(self) -> None:
        view = self.game.view(None)
        self.category.value = category_html(view["round"]["category_card"])
        self._draw_track(view)
        self._draw_controls(view)
        self.sheet.value = self._sheet_html()
        if not (self.feedback.is_open or self.game.is_terminal()):
            self.explaining = None  # the verdict was put away: back to the game
        explaining = self.explaining
        if explaining and explaining[0] == "round":
            self.board.children = [self.result, self.track]
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
            self.board.children = [self.category, self.cards, self.track]

    def _map_children(self) -> list[widgets.Widget]:
        shown = self._map_canvas if self.interactive else self.map_picture
        return [self.map_caption, self.zoom_bar, shown, self.track]

    def _draw_track(self, view: Mapping[str, Any]) -> None:
        """The track picture, made again only when a runner moved or a hurdle was taken."""
        key = (
            int(view["track_length"]),
            tuple(view["positions"]),
            tuple((h["space"], h["kind"], h["taken_by"]) for h in view["track"]),
        )
        if key != self._track_key:
            self._track_key = key
            self.track.value = to_png(track_figure(view, self.table))

    def _cards_html(self, view: Mapping[str, Any]) -> str:
        rnd = view["round"]
        key = (
            rnd["number"],
            tuple(rnd["countries"]),
            tuple((g["country"], g["rank"]) for g in rnd["guesses"]),
        )
        if key == self._cards_key:
            return self.cards.value
        self._cards_key = key
        chips: dict[str, str] = {}
        for g in rnd["guesses"]:
            seat = g["player"]
            colour = self.table.seats[seat].colour
            chips[g["country"]] = (
                f'<span style="background:{colour};color:white;border-radius:10px;'
                f'padding:1px 8px;font-weight:bold" title="{html_text(self.table.name_of(seat))}">'
                f"{seat_symbol(seat)} {g['rank']}</span>"
            )
        cells = []
        for iso in rnd["countries"]:
            name = html_text(self.atlas.names[iso])
            cells.append(
                f'<div class="gt-card" style="display:inline-block;width:{LOCATOR_WIDTH_PX + 16}px;'
                "margin:3px;padding:4px;border:1px solid #666;border-radius:8px;"
                'text-align:center;vertical-align:top">'
                f"{flag_html(iso, self.atlas.names[iso], width=44)} <b>{name}</b><br>"
                f"{chips.get(iso, '<span>&nbsp;</span>')}"
                f"{locator_img_html(self.locator_png(iso), self.atlas.names[iso])}</div>"
            )
        return "<div>" + "".join(cells) + "</div>"

    def _draw_controls(self, view: Mapping[str, Any]) -> None:
        if self.game.is_terminal():
            self.controls.children = []
            return
        seat = view["to_act"][0]
        if seat in self.bots:
            self.step.value = f"<p><i>{seat_badge(self.table, seat)} is thinking…</i></p>"
            self.controls.children = [self.step]
            return
        if view["phase"] == HURDLE:
            self.controls.children = self._hurdle_controls(view)
            return
        options = [(self.atlas.names[c], c) for c in view["remaining_countries"]]
        if [o[1] for o in self.country_pick.options] != [o[1] for o in options]:
            self.country_pick.options = options
            self.country_pick.value = options[0][1]
        for r, button in enumerate(self.rank_buttons, start=1):
            button.disabled = r > view["n_ranks"]
        self.step.value = (
            f"<p><b>{does(self.table, seat, 'picks', 'pick')} a country</b> "
            f"(1 = the {self._top_word(view)}):</p>"
        )
        self.controls.children = [self.step, self.rank_box]

    @staticmethod
    def _top_word(view: Mapping[str, Any]) -> str:
        card = view["round"]["category_card"]
        return "highest" if card.get("rank1", "highest") == "highest" else "lowest"

    def _hurdle_controls(self, view: Mapping[str, Any]) -> list[widgets.Widget]:
        hurdle = view["hurdle"]
        kind, name = hurdle["kind"], hurdle["name"]
        flag = flag_html(hurdle["country"], name, width=48)
        steps = hurdle["remaining"]
        more = f"{steps} more step{'s' if steps != 1 else ''}"
        if kind == "A":
            task = (
                f"Click <b>{html_text(name)}</b> on the map, or type its number"
                if self.interactive
                else f"Type the number of <b>{html_text(name)}</b> on the map"
            )
        else:
            task = f"Name the capital of <b>{html_text(name)}</b>"
        self.step.value = (
            f"<p><b>Hurdle {kind}</b> ({HURDLE_LOOK[kind][2]}) for {more}:<br>{task}. {flag}</p>"
        )
        if view["honor"]:
            if self._answer_shown:
                question = self.game.hurdle_question()
                self.honor_answer.value = (
                    f"<p>Accept: <b>{html_text(said_answers(question))}</b></p>"
                )
                return [
                    self.step,
                    self.honor_answer,
                    widgets.HBox([self.right_button, self.wrong_button]),
                ]
            return [self.step, self.show_button]
        self.answer_text.placeholder = "its number, e.g. 54" if kind == "A" else "the city"
        return [self.step, widgets.HBox([self.answer_text, self.answer_button])]

    def _numbered_map(self) -> MapView:
        """The numbered wall map, sized for the board (numbers ≥ 11 px); built when first needed."""
        if self._numbered is None:
            from geoteach.render import world_map_view

            large = self.large_toggle.value
            size = MAP_SIZE_LARGE if large else MAP_SIZE
            self._numbered = world_map_view(
                figsize=size, dpi=MAP_DPI, fontsize=NUMBER_PT, interactive=self.interactive
            )
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
        hurdle = self.game.view(None)["hurdle"]
        if self.explaining is None and hurdle is not None:
            self.map_caption.value = (
                f"<p><b>Find {html_text(hurdle['name'])}</b> · zoom in to see every number</p>"
            )
            if self._numbered is not None:
                view = self._numbered
                self.show_click_targets(
                    view.figure,
                    view.ax,
                    {c: view.anchors[view.codes.index(c)] for c in view.pickable},
                )

    def _draw_answer_map(self, attempt: Mapping[str, Any]) -> None:
        """After a hurdle: the country in green with its number, a wrong pick in orange."""
        numbered = self._numbered_map()
        card = attempt["country"]
        name, number = self.atlas.names[card], self.atlas.map_numbers[card]
        numbered.clear()
        shown = [numbered.code_of(card)]
        numbered.highlight(shown[0], ANSWER_COLOUR)
        picked = self._picked(attempt) if attempt["kind"] == "A" else None
        if picked is not None and picked != card:
            try:
                shown.append(numbered.code_of(picked))
            except NotOnMapError:
                picked = None
        if picked is not None and picked != card:
            numbered.highlight(shown[1], WRONG_PICK_COLOUR)
            numbered.label(
                shown[1], f"{self.atlas.map_numbers[picked]}: {self.atlas.names[picked]}", size=10
            )
        numbered.outline(shown)
        numbered.label(shown[0], f"{number}: {name}", size=11)
        assert self._zoom is not None
        self._zoom.show(shown, margin=0.25, min_share=0.22)
        self.map_caption.value = f"<p><b>{html_text(name)}</b> is number {number}.</p>"

    def locator_png(self, iso3: str) -> bytes | None:
        """The small map on a country card (kept per country for this screen)."""
        if self._locator is None:
            self._locator = Locator()
        return self._locator.png(iso3)

    def _world_map(self) -> MapView:
        if self._world is None:
            from geoteach.render import world_map_view

            self._world = world_map_view(numbers=False, figsize=(4.35, 2.6), dpi=100)
        return self._world

    def _draw_result(self, rnd: Mapping[str, Any], card: Mapping[str, Any]) -> None:
        """The reveal (bars, chips, points) and the learn map coloured by the value."""
        self.reveal_chart.value = to_png(reveal_figure(rnd, self.atlas.names, card, self.table))
        world = self._world_map()
        world.clear()
        shown = []
        for iso in rnd["countries"]:
            try:
                shown.append(world.code_of(iso))
            except (NotOnMapError, KeyError):
                continue
        world.set_colours(learn_colours({iso: rnd["values"][iso] for iso in shown}))
        world.label(
            shown,
            {iso: f"{self.atlas.names[iso]}\n{_number(rnd['values'][iso])}" for iso in shown},
            size=8,
        )
        if shown:
            world.focus(shown, margin=0.4)
        self.learn_map.value = to_png(world.figure)
        world.reset_view()
        self.learn_text.value = (
            f"<p><b>Learn:</b> {html_text(str(card.get('description') or ''))} "
            f"<small>Source: {html_text(card['source'])}, {html_text(card['year'])}.</small></p>"
        )

    def _sheet_html(self) -> str:
        """The score sheet: points per round, players sorted by place."""
        history = self.game.history
        if not history:
            return ""
        per_round = {s: [0] * len(history) for s in range(len(self.table.seats))}
        for i, rnd in enumerate(history):
            for g in rnd["guesses"]:
                per_round[g["player"]][i] += g.get("moved", 0)
        heads = "".join(f"<th>R{r['number']}</th>" for r in history)
        rows = []
        for place, row in places_of(self.standings()):
            cells = "".join(f"<td>{v}</td>" for v in per_round[row.seat])
            rows.append(
                f"<tr><td>{place}</td><td>{seat_badge(self.table, row.seat)}</td>{cells}"
                f"<td><b>{row.shown}</b></td></tr>"
            )
        return (
            "<details><summary><b>Score sheet</b> (steps moved each round)</summary>"
            f"<table class='gt-sheet'><tr><th>Place</th><th>Player</th>{heads}<th>Total</th></tr>"
            + "".join(rows)
            + "</table></details>"
        )

    def set_large(self, large: bool) -> None:
        if self._numbered is not None:
            self._numbered.figure.set_size_inches(*(MAP_SIZE_LARGE if large else MAP_SIZE))
            if self._zoom is not None:
                self._zoom.relabel()
            self._show_map()
            self._numbered.figure.canvas.draw_idle()

    def closing(self) -> None:
        if self.interactive and self._numbered is not None:
            import matplotlib.pyplot as plt

            plt.close(self._numbered.figure)


#: The numbered map on the board: 860 × 440 px, numbers 8 pt = 11 px; large: 1.35 times that.
MAP_SIZE = (8.6, 4.4)
MAP_SIZE_LARGE = (11.6, 5.9)
MAP_DPI = 100.0
NUMBER_PT = 8.0


def build_screen(table: Table, values: dict[str, Any]) -> GlobalissimoScreen:
    where = values.get("countries") or ""
    options: dict[str, Any] = {"rounds": values["rounds"], "honor": values["honor"]}
    if where:
        options["continent"] = where
    game = Globalissimo(table, seed=values.get("seed"), **options)
    return GlobalissimoScreen(
        game,
        **screen_options(values),
    )


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
