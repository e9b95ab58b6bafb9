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

import asyncio
import base64
import math
import time
from collections.abc import Mapping
from typing import Any

import ipywidgets as widgets
import numpy as np
import shapely
from matplotlib.collections import PathCollection
from matplotlib.figure import Figure
from matplotlib.path import Path
from matplotlib.transforms import IdentityTransform

from geoteach.bots.base import Bot
from geoteach.bots.globalissimo import GlobalissimoBot
from geoteach.escape import html_text, plot_text
from geoteach.games.base import Action
from geoteach.games.globalissimo import HURDLE, Globalissimo
from geoteach.games.table import Table
from geoteach.quiz.answers import said_answers
from geoteach.quiz.flags import flag_img_html
from geoteach.render import palettes
from geoteach.render.mapview import MapView, NotOnMapError, new_figure, to_png
from geoteach.ui.countdown import running_loop
from geoteach.ui.messages import MessageLine
from geoteach.ui.safe import safe
from geoteach.ui.scoreboard import ScoreboardView
from geoteach.ui.theme import seat_badge, seat_symbol, themed

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
LOCATOR_SIZE = (2.4, 1.22)
LOCATOR_DPI = 80.0
LOCATOR_WIDTH_PX = 112
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
        '<div style="border:2px solid #333;border-radius:8px;padding:6px 10px;max-width:640px">'
        f"<b style='font-size:120%'>{html_text(str(card['label']))}</b> "
        f"<small>({html_text(str(card['unit']))}, {html_text(str(card['year']))})</small><br>"
        f"{html_text(str(card.get('description') or ''))}<br>"
        f"<small>Number 1 = the {top} value. Source: {html_text(str(card['source']))}</small>"
        "</div>"
    )


def track_figure(view: Mapping[str, Any], table: Table) -> Figure:
    """The track: spaces 0..end, the hurdles (A squares, B diamonds; taken ones faded), runners."""
    length = int(view["track_length"])
    fig = new_figure((min(14.0, 0.38 * (length + 2)), 1.9), dpi=90)
    ax = fig.add_axes((0.01, 0.02, 0.98, 0.96))
    ax.set_axis_off()
    ax.set_xlim(-0.8, length + 0.8)
    ax.set_ylim(-1.0, 2.2)
    ax.scatter(range(length + 1), [0] * (length + 1), s=170, c="#dceefa", edgecolors="#56B4E9")
    for space in range(length + 1):
        ax.text(
            space,
            0,
            "Start" if space == 0 else str(space),
            ha="center",
            va="center",
            fontsize=6 if space else 5,
        )
    for hurdle in view["track"]:
        marker, colour, _ = HURDLE_LOOK[hurdle["kind"]]
        x = hurdle["space"] + 0.5
        taken = hurdle["taken_by"]
        edge = table.seats[taken].colour if taken is not None else "black"
        ax.scatter(
            [x],
            [-0.62],
            marker=marker,
            s=120,
            c=colour,
            edgecolors=edge,
            linewidths=2.0 if taken is not None else 0.8,
            alpha=0.25 if taken is not None else 1.0,
        )
        ax.text(
            x,
            -0.62,
            hurdle["kind"],
            ha="center",
            va="center",
            fontsize=6,
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
            [0.55 + 0.33 * level],
            marker=SEAT_MARKERS[seat % 6],
            s=90,
            c=table.seats[seat].colour,
            edgecolors="black",
            linewidths=0.6,
            zorder=5,
        )
    return fig


def reveal_figure(
    rnd: Mapping[str, Any], names: Mapping[str, str], card: Mapping[str, Any], table: Table
) -> Figure:
    """The true order as bars with the values and units, and each player's chip on its card."""
    countries = sorted(rnd["countries"], key=lambda c: (rnd["places"][c], names[c]))
    values = [rnd["values"][c] for c in countries]
    n = len(countries)
    fig = new_figure((7.6, 0.55 * n + 1.1), dpi=90)
    ax = fig.add_axes((0.40, 0.16, 0.36, 0.72))
    positive = [v for v in values if v > 0]
    log = len(positive) == n and max(positive) / min(positive) > 1000
    ys = list(range(n))[::-1]
    ax.barh(ys, values, color="#9ecae1", edgecolor="#3182bd", log=log)
    ax.set_yticks(ys, [plot_text(f"{rnd['places'][c]}. {names[c]}") for c in countries])
    unit = str(card["unit"])
    ax.set_xlabel(plot_text(f"{unit}{' (log scale)' if log else ''}"), fontsize=8)
    ax.tick_params(labelsize=8)
    ax.set_title(plot_text(f"{card['label']} ({card['year']})"), fontsize=10)
    for y, v in zip(ys, values, strict=True):
        ax.text(
            1.02,
            y,
            plot_text(_number(v, unit)),
            transform=ax.get_yaxis_transform(),
            va="center",
            fontsize=7,
        )
    chips = {g["country"]: g for g in rnd["guesses"]}
    for y, c in zip(ys, countries, strict=True):
        guess = chips.get(c)
        if guess is None:
            continue
        seat = guess["player"]
        ax.scatter(
            [-0.98],
            [y],
            marker=SEAT_MARKERS[seat % 6],
            s=150,
            c=table.seats[seat].colour,
            edgecolors="black",
            transform=ax.get_yaxis_transform(),
            clip_on=False,
        )
        ax.text(
            -0.92,
            y,
            plot_text(f"{table.seats[seat].name}: {guess['rank']} (+{guess['points']})"),
            transform=ax.get_yaxis_transform(),
            va="center",
            fontsize=7,
            clip_on=False,
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


class GlobalissimoUI(widgets.VBox):
    """The whole game in one widget: play it with ``display(GlobalissimoUI(game))``.

    ``bots`` maps seats to computer players (default: one per bot seat of the table, at its
    level). ``bot_delay`` is the pause in seconds after each computer move. ``interactive=True``
    shows the numbered map as a clickable canvas (needs ``%matplotlib widget``); otherwise it is a
    picture and hurdle A is answered by typing the number.
    """

    def __init__(
        self,
        game: Globalissimo,
        bots: Mapping[int, Bot] | None = None,
        bot_delay: float = 0.6,
        interactive: bool = False,
    ) -> None:
        self.game = game
        self.table = game.table
        self.atlas = game.atlas
        if bots is None:
            bots = {
                s: GlobalissimoBot(seat.level or "medium", seed=game.seed + s)
                for s, seat in enumerate(self.table.seats)
                if seat.is_bot
            }
        self.bots = dict(bots)
        self.bot_delay = bot_delay
        self.interactive = interactive
        self.redraw_seconds = 0.0
        self._world: Any = None
        self._numbered: Any = None
        self._learned_round = -1
        self._told: dict[int, int] = {r["number"]: len(r["hurdles"]) for r in game.history}
        self._finished = {r["number"] for r in game.history}
        self._game_over_told = game.is_terminal()
        self._locator: Locator | None = None
        self._answer_shown = False
        self._track_key: tuple[Any, ...] | None = None
        #: The task playing the computers' moves in a kernel (None when none is pending).
        self.bot_task: asyncio.Task[None] | None = None

        self.messages = MessageLine()
        self.title = widgets.HTML("<h2>Globalissimo</h2>")
        self.status = widgets.HTML()
        self.category = widgets.HTML()
        self.cards = widgets.HTML()
        self.country_pick = widgets.ToggleButtons(
            description="Country:", style={"button_width": "120px"}
        )
        self.country_pick.add_class("gt-country")
        self.rank_buttons = [
            widgets.Button(
                description=f"Number {r}",
                layout=widgets.Layout(width="96px"),
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
                widgets.HBox([widgets.Label("Put on it:"), *self.rank_buttons]),
            ]
        )

        self.hurdle_prompt = widgets.HTML()
        self.hurdle_map = widgets.Image(format="png", layout=widgets.Layout(width="820px"))
        self.answer_text = widgets.Text(
            description="Your answer:",
            placeholder="Type your answer",
            continuous_update=False,
            style={"description_width": "initial"},
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
        self.answer_row = widgets.HBox()
        self.hurdle_box = widgets.VBox([self.hurdle_prompt, self.answer_row])
        self.controls = widgets.VBox()

        # After hurdle A: the card's country on the numbered map, with its number.
        self.map_answer_text = widgets.HTML()
        self.map_answer = widgets.Image(format="png", layout=widgets.Layout(width="720px"))
        self.next_button = widgets.Button(
            description="Next", icon="arrow-right", tooltip="Hide this map and go on"
        )
        self.next_button.add_class("gt-next")
        self.next_button.on_click(safe(lambda _b: self.hide_map_answer(), show=self.messages))
        self.map_answer_box = widgets.VBox()

        self.track = widgets.Image(format="png", layout=widgets.Layout(width="100%"))
        self.reveal_text = widgets.HTML()
        self.reveal_chart = widgets.Image(format="png", layout=widgets.Layout(width="460px"))
        self.learn_text = widgets.HTML()
        self.learn_map = widgets.Image(format="png", layout=widgets.Layout(width="460px"))
        self.result = widgets.HBox(
            [
                widgets.VBox([self.reveal_text, self.reveal_chart]),
                widgets.VBox([self.learn_text, self.learn_map]),
            ],
            # Hidden until the first reveal: empty pictures would show as broken images.
            layout=widgets.Layout(display="none"),
        )
        self.scores = ScoreboardView(
            self.table,
            game.scoreboard,
            counters=["points", "hurdles"],
            labels={"points": "Points", "hurdles": "Hurdles"},
        )
        super().__init__(
            [
                self.title,
                self.status,
                self.messages,
                self.category,
                self.cards,
                self.controls,
                self.map_answer_box,
                self.track,
                self.result,
                self.scores,
            ]
        )
        themed(self)
        self.redraw()
        self.run_bots()

    # ----- the moves a human makes ----------------------------------------------------
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
            self.act({"player": self.game.to_act()[0], "type": "answer", "answer": iso3})

    def show_answer(self) -> None:
        """Honor mode: show the answer on the screen so the teacher can mark it."""
        self._answer_shown = True
        self.redraw()

    def mark(self, right: bool) -> None:
        """Honor mode: the teacher marks the spoken answer."""
        verdict = "right" if right else "wrong"
        self.act({"player": self.game.to_act()[0], "type": "mark", "verdict": verdict})

    def act(self, action: Action) -> None:
        """Apply a human's action, tell what happened, let the computers move, redraw."""
        self.game.apply(action)
        self.answer_text.value = ""
        self._answer_shown = False
        self.hide_map_answer()
        self._announce()
        self.redraw()
        self.run_bots()

    def hide_map_answer(self) -> None:
        """Put away the map that showed the last hurdle A answer."""
        self.map_answer_box.children = ()

    def run_bots(self) -> None:
        """Computer players move one by one until a human is to act.

        In a Jupyter kernel (a running event loop) and with a ``bot_delay``, the moves are
        played by an asyncio task, ``bot_delay`` seconds apart, so the notebook never blocks;
        otherwise they are played at once.
        """
        if self._bot_to_move() is None:
            return
        loop = running_loop()
        if self.bot_delay and loop is not None:
            if self.bot_task is None or self.bot_task.done():
                self.bot_task = loop.create_task(self._play_bots_slowly())
            return
        while self._bot_to_move() is not None:
            self._bot_move()

    async def _play_bots_slowly(self) -> None:
        try:
            while self._bot_to_move() is not None:
                await asyncio.sleep(self.bot_delay)
                if self._bot_to_move() is None:  # the game was changed meanwhile
                    break
                safe(self._bot_move, show=self.messages)()
        finally:
            self.bot_task = None

    def _bot_to_move(self) -> int | None:
        """The seat of the computer player to move now, or None."""
        if self.game.is_terminal():
            return None
        seat = self.game.to_act()[0]
        return seat if seat in self.bots else None

    def _bot_move(self) -> None:
        seat = self._bot_to_move()
        if seat is None:
            return
        self.game.apply(self.bots[seat].choose(self.game, seat))
        self._announce()
        self.redraw()

    # ----- telling the table ------------------------------------------------------------
    def _announce(self) -> None:
        """Say what the last move led to: hurdle verdicts, the round's points, the winner."""
        game = self.game
        records = game.history[-2:] + ([game.round] if game.phase == HURDLE else [])
        for rnd in records:
            told = self._told.get(rnd["number"], 0)
            for attempt in rnd["hurdles"][told:]:
                self._say_hurdle(attempt)
            self._told[rnd["number"]] = len(rnd["hurdles"])
            if rnd in game.history and rnd["number"] not in self._finished:
                self._finished.add(rnd["number"])
                points = ", ".join(
                    f"{self.table.name_of(g['player'])} +{g['points']}" for g in rnd["guesses"]
                )
                self.messages.info(f"Round {rnd['number']} is over. {points}.")
        if game.is_terminal() and not self._game_over_told:
            self._game_over_told = True
            winners = " and ".join(self.table.name_of(s) for s in game.winners())
            self.messages.success(f"The game is over. {winners} won!")

    def _say_hurdle(self, attempt: Mapping[str, Any]) -> None:
        who = self.table.name_of(attempt["player"])
        say = self.messages.success if attempt["correct"] else self.messages.error
        say(f"{who}: {attempt['message']}")
        if attempt["kind"] == "A":
            self.show_map_answer(attempt)

    def _picked(self, attempt: Mapping[str, Any]) -> str | None:
        """The country a hurdle A answer pointed at (by number or by a click), if any."""
        given = str(attempt.get("answer") or "").strip()
        if given.isdigit():
            return self.atlas.by_number.get(int(given))
        return given.upper() if given.upper() in self.atlas.names else None

    def show_map_answer(self, attempt: Mapping[str, Any]) -> None:
        """After hurdle A: the card's country highlighted on the numbered map, with its number.

        A wrong pick is shown too, in another colour and with its own label. The map is zoomed
        to the countries (keeping their neighbours in view) and shown as a picture under the
        controls until the next move or the Next button.
        """
        card = attempt["country"]
        name, number = self.atlas.names[card], self.atlas.map_numbers[card]
        symbol, word = VERDICT_WORDS[bool(attempt["correct"])]
        who = html_text(self.table.name_of(attempt["player"]))
        lines = [
            f"<h3>{symbol} {word}: hurdle A</h3>",
            f"<p><b>{who}</b>: {html_text(str(attempt['message']))}<br>",
            f"Green, outlined: <b>{html_text(name)}</b> is number <b>{number}</b>.",
        ]
        numbered = self._numbered_map()
        numbered.clear()
        shown = [numbered.code_of(card)]
        numbered.highlight(shown[0], ANSWER_COLOUR)
        picked = self._picked(attempt)
        if picked is not None and picked != card:
            try:
                shown.append(numbered.code_of(picked))
            except NotOnMapError:
                picked = None
        if picked is not None and picked != card:
            numbered.highlight(shown[1], WRONG_PICK_COLOUR)
            numbered.label(
                shown[1], f"{self.atlas.map_numbers[picked]}: {self.atlas.names[picked]}"
            )
            lines.append(
                f"<br>Orange: the answer given, number {self.atlas.map_numbers[picked]} "
                f"({html_text(self.atlas.names[picked])})."
            )
        numbered.outline(shown)
        numbered.label(shown[0], f"{number}: {name}", size=10)
        numbered.focus(shown, margin=0.25, min_share=0.22)
        self.map_answer.value = to_png(numbered.figure)
        numbered.clear()
        numbered.reset_view()
        self.map_answer_text.value = "".join(lines) + "</p>"
        self.map_answer_box.children = [self.map_answer_text, self.map_answer, self.next_button]

    # ----- drawing ------------------------------------------------------------------------
    def redraw(self) -> None:
        """Draw everything from the game's public view (timed in ``redraw_seconds``)."""
        start = time.perf_counter()
        view = self.game.view(None)
        rnd = view["round"]
        self.status.value = self._status_html(view)
        self.category.value = category_html(rnd["category_card"])
        self.cards.value = self._cards_html(view)
        self._draw_controls(view)
        self._draw_track(view)
        shown = rnd if view["phase"] == HURDLE or view["phase"] == "game over" else None
        shown = shown if shown and "values" in shown else view["last_round"]
        if shown is not None and shown["number"] != self._learned_round:
            self._draw_result(shown)
        self.scores.update(self.game.scoreboard)
        self.redraw_seconds = time.perf_counter() - start

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

    def _status_html(self, view: Mapping[str, Any]) -> str:
        rnd = view["round"]
        flag = seat_badge(self.table, rnd["checkered_flag"])
        head = f"<b>Round {rnd['number']} of {view['rounds']}</b> · 🏁 {flag} starts"
        if self.game.is_terminal():
            return f"{head}<br><b>Game over.</b>"
        seat = view["to_act"][0]
        doing = "is at a hurdle" if view["phase"] == HURDLE else "ranks a country"
        return f"{head}<br>▶ <b>{seat_badge(self.table, seat)}</b> {doing}."

    def _cards_html(self, view: Mapping[str, Any]) -> str:
        rnd = view["round"]
        chips: dict[str, str] = {}
        for g in rnd["guesses"]:
            seat = g["player"]
            colour = self.table.seats[seat].colour
            chips[g["country"]] = (
                f'<span style="background:{colour};color:white;border-radius:10px;'
                f'padding:1px 7px" title="{html_text(self.table.name_of(seat))}">'
                f"{seat_symbol(seat)} {g['rank']}</span>"
            )
        cells = []
        for position, iso in enumerate(rnd["countries"], start=1):
            name = html_text(self.atlas.names[iso])
            cells.append(
                '<div style="display:inline-block;width:118px;margin:3px;padding:6px;'
                'border:1px solid #999;border-radius:8px;text-align:center;vertical-align:top">'
                f"<small>{position}</small><br>"
                f"{flag_html(iso, self.atlas.names[iso], width=64)}<br><b>{name}</b><br>"
                f"{chips.get(iso, '&nbsp;')}"
                f"{locator_img_html(self.locator_png(iso), self.atlas.names[iso])}</div>"
            )
        return "<div>" + "".join(cells) + "</div>"

    def _draw_controls(self, view: Mapping[str, Any]) -> None:
        if self.game.is_terminal():
            self.controls.children = []
            return
        seat = view["to_act"][0]
        if seat in self.bots:
            self.controls.children = [
                widgets.HTML(f"<i>{seat_badge(self.table, seat)} is thinking…</i>")
            ]
            return
        if view["phase"] == HURDLE:
            self._draw_hurdle(view)
            self.controls.children = [self.hurdle_box]
            return
        options = [(self.atlas.names[c], c) for c in view["remaining_countries"]]
        if [o[1] for o in self.country_pick.options] != [o[1] for o in options]:
            self.country_pick.options = options
            self.country_pick.value = options[0][1]
        for r, button in enumerate(self.rank_buttons, start=1):
            button.disabled = r > view["n_ranks"]
        self.controls.children = [self.rank_box]

    def _draw_hurdle(self, view: Mapping[str, Any]) -> None:
        hurdle = view["hurdle"]
        kind = hurdle["kind"]
        who = seat_badge(self.table, hurdle["player"])
        flag = flag_html(hurdle["country"], self.atlas.names[hurdle["country"]], width=48)
        self.hurdle_prompt.value = (
            f"<h3>Hurdle {kind} ({HURDLE_LOOK[kind][2]})</h3>"
            f"<p>{who}, to move on {hurdle['remaining']} more step(s): "
            f"<b>{html_text(hurdle['task'])}</b> {flag}</p>"
        )
        rows: list[widgets.Widget] = []
        if view["honor"]:
            question = self.game.hurdle_question()
            if self._answer_shown:
                rows = [
                    widgets.HTML(f"Answer: <b>{html_text(said_answers(question))}</b>"),
                    self.right_button,
                    self.wrong_button,
                ]
            else:
                rows = [self.show_button]
        else:
            self.answer_text.description = "Its number:" if kind == "A" else "The capital:"
            self.answer_text.placeholder = "e.g. 42" if kind == "A" else "Type the city"
            rows = [self.answer_text, self.answer_button]
        self.answer_row.children = rows
        children: list[widgets.Widget] = [self.hurdle_prompt, self.answer_row]
        if kind == "A":
            numbered = self._numbered_map()
            if self.interactive:
                children.append(numbered.figure.canvas)
            else:
                self.hurdle_map.value = to_png(numbered.figure)
                children.append(self.hurdle_map)
        self.hurdle_box.children = children

    def _numbered_map(self) -> Any:
        if self._numbered is None:
            from geoteach.render import world_map_view

            self._numbered = world_map_view(figsize=(12.0, 6.1), interactive=self.interactive)
            if self.interactive:
                self._numbered.on_pick(safe(self.click_country, show=self.messages))
        return self._numbered

    def _world_map(self) -> Any:
        if self._world is None:
            from geoteach.render import world_map_view

            self._world = world_map_view(numbers=False, figsize=(8.0, 4.1), dpi=80)
        return self._world

    def _on_map(self, countries: list[str]) -> list[str]:
        world = self._world_map()
        shown = []
        for iso in countries:
            try:
                shown.append(world.code_of(iso))
            except (NotOnMapError, KeyError):
                continue
        return shown

    def locator_png(self, iso3: str) -> bytes | None:
        """The small map under a country card (kept per country for this widget)."""
        if self._locator is None:
            self._locator = Locator()
        return self._locator.png(iso3)

    def _draw_result(self, rnd: Mapping[str, Any]) -> None:
        """The reveal (bars, chips, points) and the learn panel (a map coloured by the value)."""
        self._learned_round = rnd["number"]
        self.result.layout.display = ""
        card = self.game.category_card(rnd["category"])
        self.reveal_text.value = f"<h3>Round {rnd['number']}: the true order</h3>" + "".join(
            f"{seat_badge(self.table, g['player'])}: "
            f"{html_text(self.atlas.names[g['country']])} {g['rank']} → place "
            f"{g['place']}, <b>+{g['points']}</b><br>"
            for g in rnd["guesses"]
        )
        self.reveal_chart.value = to_png(reveal_figure(rnd, self.atlas.names, card, self.table))
        world = self._world_map()
        world.clear()
        shown = self._on_map(rnd["countries"])
        world.set_colours(learn_colours({iso: rnd["values"][iso] for iso in shown}))
        world.label(
            shown,
            {iso: f"{self.atlas.names[iso]}\n{_number(rnd['values'][iso])}" for iso in shown},
            size=7,
        )
        if shown:
            world.focus(shown, margin=0.4)
        self.learn_map.value = to_png(world.figure)
        world.reset_view()
        unit = str(card["unit"])
        lines = [
            f"{html_text(self.atlas.names[iso])}: {_number(rnd['values'][iso], unit)}"
            for iso in sorted(rnd["countries"], key=lambda c: rnd["places"][c])
        ]
        self.learn_text.value = (
            f"<h3>Learn: {html_text(str(card['label']))}</h3>"
            f"<p>{html_text(str(card.get('description') or ''))}<br>"
            + "<br>".join(lines)
            + f"<br><small>Source: {html_text(str(card['source']))}, {card['year']}.</small></p>"
        )


def play(
    players: list[str] | Table,
    bots: dict[str, str] | None = None,
    seed: int | None = None,
    bot_delay: float = 0.6,
    **options: Any,
) -> GlobalissimoUI:
    """Start a game and return its widget: ``play(["Ana", "Ben", "Robot"], {"Robot": "hard"})``."""
    game = Globalissimo.setup_game(players, bots, seed=seed, **options)
    return GlobalissimoUI(game, bot_delay=bot_delay)
