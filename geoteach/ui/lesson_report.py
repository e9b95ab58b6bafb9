"""The lesson report as a widget: what the class knew, by player, topic and place, with filters.

A teacher opens it after class (or during class: **Refresh** reads the file again) on the
class's record. Filters choose one lesson, one game and one player; every section follows them:
accuracy per player or team and per topic, the world and U.S. maps coloured by the share of
right answers (with the number of answers on each place), the ten hardest questions with the
most common wrong answers, progress across lessons, the latest answers, and a CSV export.
The tables and drawings come from ``geoteach.classroom.report``; this module only lays them out.
"""

from __future__ import annotations

from typing import Any

import ipywidgets as widgets
import pandas as pd

from geoteach.classroom import report
from geoteach.escape import html_text
from geoteach.games.registry import game_title
from geoteach.render.mapview import to_png
from geoteach.store.lesson_record import Lesson
from geoteach.ui.canvases import Described
from geoteach.ui.explore import table_html
from geoteach.ui.messages import MessageLine
from geoteach.ui.safe import on_click, safe
from geoteach.ui.theme import themed

ALL = "__all__"
#: Rows of the "latest answers" table.
LATEST = 25
WIDE_LABEL = {"description_width": "initial"}


def _title(game: str) -> str:
    """The record's game key as its name (the key is the registry's, ``Game.name``)."""
    return game_title(game)


class LessonReport(widgets.VBox):
    """The report on ``lesson`` (a ``geoteach.classroom.Lesson``), with filters and export."""

    def __init__(self, lesson: Lesson) -> None:
        self.lesson = lesson
        self.messages = MessageLine()
        self.header = widgets.HTML()
        self.lesson_pick = widgets.Dropdown(description="Lesson", style=WIDE_LABEL)
        self.game_pick = widgets.Dropdown(description="Game", style=WIDE_LABEL)
        self.player_pick = widgets.Dropdown(description="Player or team", style=WIDE_LABEL)
        self.bots = widgets.Checkbox(value=False, description="Include computer players")
        self.refresh_button = widgets.Button(
            description="Refresh", icon="refresh", tooltip="Read the record file again"
        )
        self.export_button = widgets.Button(
            description="Save as CSV", icon="download", tooltip="Save the answers shown here"
        )
        self.summary = widgets.HTML()
        self.players = widgets.HTML()
        self.topics = widgets.HTML()
        self.world_picture = widgets.Image(format="png", layout=widgets.Layout(width="100%"))
        self.us_picture = widgets.Image(format="png", layout=widgets.Layout(width="80%"))
        self.places = widgets.HTML()
        self.hardest = widgets.HTML()
        self.progress_picture = widgets.Image(format="png", layout=widgets.Layout(width="80%"))
        self.progress = widgets.HTML()
        self.latest = widgets.HTML()
        for widget, name in (
            (self.header, "header"),
            (self.lesson_pick, "lesson"),
            (self.game_pick, "game"),
            (self.player_pick, "player"),
            (self.summary, "summary"),
            (self.players, "players"),
            (self.topics, "topics"),
            (self.world_picture, "world-map"),
            (self.us_picture, "us-map"),
            (self.places, "places"),
            (self.hardest, "hardest"),
            (self.progress_picture, "progress-chart"),
            (self.progress, "progress"),
            (self.latest, "latest"),
        ):
            widget.add_class(f"gt-report-{name}")
        # Each picture with the words that say what it shows (its alt text in the page).
        self.world_box = Described(self.world_picture, "Map of the world")
        self.us_box = Described(self.us_picture, "Map of the U.S. states")
        self.progress_box = Described(self.progress_picture, "Progress chart")
        self.world_map: report.PlaceMap | None = None
        self.us_map: report.PlaceMap | None = None
        self.progress_figure: Any = None
        self.all_answers = pd.DataFrame()
        self.shown = pd.DataFrame()

        def heading(text: str) -> widgets.HTML:
            return widgets.HTML(f"<h3>{html_text(text)}</h3>")

        super().__init__(
            [
                self.header,
                widgets.HBox([self.lesson_pick, self.game_pick, self.player_pick]),
                widgets.HBox([self.bots, self.refresh_button, self.export_button]),
                self.messages,
                self.summary,
                heading("Players and teams"),
                self.players,
                heading("Topics"),
                self.topics,
                heading("Where the class is strong and weak: the world"),
                self.world_box,
                heading("The U.S. states"),
                self.us_box,
                self.places,
                heading("The ten hardest questions"),
                self.hardest,
                heading("Progress across lessons"),
                self.progress_box,
                self.progress,
                heading("Latest answers"),
                self.latest,
            ]
        )
        themed(self)
        self.add_class("gt-report")
        guard = {"show": self.messages}
        for picker in (self.lesson_pick, self.game_pick, self.player_pick):
            picker.observe(safe(self._filters_changed, **guard), names="value")
        self.bots.observe(safe(self._reload, **guard), names="value")
        on_click(self.refresh_button, self.refresh, show=self.messages)
        on_click(self.export_button, self.export, show=self.messages)
        self._quiet = False
        self.refresh()

    # -- reading and filtering ----------------------------------------------------------------
    def refresh(self) -> None:
        """Read the record again (new answers from a class still playing) and redraw."""
        self.all_answers = self.lesson.answers(bots=self.bots.value)
        self.header.value = f"<p>{html_text(self.lesson.summary())}</p>"
        frame = self.all_answers
        self._quiet = True
        try:
            self._options(self.lesson_pick, "All lessons", report.lesson_order(frame))
            games = list(dict.fromkeys(frame["game"]))
            self._options(self.game_pick, "All games", games, label=_title)
            self._options(self.player_pick, "All players", list(dict.fromkeys(frame["player"])))
        finally:
            self._quiet = False
        self.redraw()

    def _reload(self, _change: Any = None) -> None:
        self.refresh()

    @staticmethod
    def _options(picker: widgets.Dropdown, everyone: str, values: list[str], label=str) -> None:
        kept = picker.value if picker.value in values else ALL
        picker.options = [(everyone, ALL), *((label(v), v) for v in values)]
        picker.value = kept

    def _filters_changed(self, _change: Any = None) -> None:
        if not self._quiet:
            self.redraw()

    def chosen(self) -> dict[str, str | None]:
        """The filters as ``report.filtered`` takes them."""
        return {
            "lesson": None if self.lesson_pick.value == ALL else self.lesson_pick.value,
            "game": None if self.game_pick.value == ALL else self.game_pick.value,
            "player": None if self.player_pick.value == ALL else self.player_pick.value,
        }

    # -- drawing -------------------------------------------------------------------------------
    def redraw(self) -> None:
        """Every section for the answers the filters choose."""
        frame = report.filtered(self.all_answers, **self.chosen())
        self.shown = frame
        self.summary.value = f"<p><b>{html_text(report.summary_line(frame))}</b></p>"
        self.players.value = _share_table(
            report.accuracy(frame, "player"), "player", "Player or team", "Right answers per player"
        )
        self.topics.value = _share_table(
            report.accuracy(frame, "topic"), "topic", "Topic", "Right answers per topic"
        )
        self._draw_maps(frame)
        self.hardest.value = _hardest_table(report.hardest(frame))
        self._draw_progress(frame)
        self.latest.value = _latest_table(frame.tail(LATEST).iloc[::-1])

    def _draw_maps(self, frame: pd.DataFrame) -> None:
        places = report.by_place(frame)
        if self.world_map is None:
            self.world_map = report.PlaceMap("world")
        self.world_picture.value = to_png(self.world_map.show(frame, places).figure)
        self.world_box.describe(map_words("world", places))
        has_states = bool((places["map"] == "us").any())
        self.us_box.layout.display = None if has_states else "none"
        if has_states:
            if self.us_map is None:
                self.us_map = report.PlaceMap("us")
            self.us_picture.value = to_png(self.us_map.show(frame, places).figure)
            self.us_box.describe(map_words("us", places))
        weakest = places[places["answers"] >= report.FEW_ANSWERS].sort_values(
            ["share", "answers"], ascending=[True, False], kind="stable"
        )
        self.places.value = _share_table(
            weakest.head(10),
            "name",
            "Place",
            f"Weakest places (at least {report.FEW_ANSWERS} answers)",
        )

    def _draw_progress(self, frame: pd.DataFrame) -> None:
        table = report.progress(frame) if len(frame) else pd.DataFrame()
        if len(table.columns) < 2:
            self.progress_box.layout.display = "none"
            self.progress.value = "<p>Progress shows once the class has played two lessons.</p>"
            return
        self.progress_box.layout.display = None
        ax = None if self.progress_figure is None else self.progress_figure.axes[0]
        # The chart: the whole class, and the player chosen; every player is in the table.
        lines = [p for p in table.index if p in ("Whole class", self.chosen()["player"])]
        self.progress_figure = report.progress_figure(table.loc[lines], ax=ax)
        self.progress_picture.value = to_png(self.progress_figure)
        self.progress_box.describe(
            f"Chart of the share of right answers per lesson for {' and '.join(lines)}; "
            "the table below gives every player's figures."
        )
        shown = table.map(report.percent).reset_index().rename(columns={"index": "player"})
        columns = [("player", "Player or team"), *((c, c) for c in table.columns)]
        self.progress.value = table_html(
            shown, columns, "Share of right answers per lesson", "gt-report-progress-table"
        )

    # -- export --------------------------------------------------------------------------------
    def export(self) -> None:
        """Save the answers shown (the filters apply) as a CSV file beside the record."""
        path = self.lesson.export_csv(frame=self.shown)
        self.messages.success(f"Saved {len(self.shown)} answers to {path}.")


def map_words(which: str, places: pd.DataFrame, most: int = 3) -> str:
    """A map's picture in words (its alt text): what the colours mean and the places at each
    end, e.g. "Map of the world: each place coloured by the share of right answers about it.
    Weakest: Chad 20% (5 answers). Strongest: …"."""
    name = "the world" if which == "world" else "the U.S. states"
    rows = places[places["map"] == which]
    if rows.empty:
        return f"Map of {name}: no answers about a place on it yet."
    said = [f"Map of {name}: each place coloured by the share of right answers about it."]

    def listed(part: pd.DataFrame) -> str:
        return ", ".join(
            f"{r.name} {report.percent(r.share)} ({r.answers} answers)"
            for r in part.itertuples(index=False)
        )

    weakest = rows.sort_values(["share", "answers"], ascending=[True, False], kind="stable")
    said.append(f"Weakest: {listed(weakest.head(most))}.")
    if len(rows) > most:
        said.append(f"Strongest: {listed(rows.head(most))}.")
    return " ".join(said)


def _share_table(rows: pd.DataFrame, key: str, title: str, caption: str) -> str:
    if rows.empty:
        return "<p>No answers yet.</p>"
    shown = rows.assign(share=rows["share"].map(report.percent))
    columns = [(key, title), ("answers", "Answers"), ("right", "Right"), ("share", "Share right")]
    return table_html(shown, columns, caption, "gt-report-table")


def _hardest_table(rows: pd.DataFrame) -> str:
    if rows.empty:
        return "<p>No answers yet.</p>"
    shown = rows.assign(share=rows["share"].map(report.percent))
    columns = [
        ("question", "Question"),
        ("topic", "Topic"),
        ("answers", "Answers"),
        ("share", "Share right"),
        ("right_answer", "Right answer"),
        ("wrong", "Most common wrong answers"),
    ]
    return table_html(shown, columns, "The questions most often missed", "gt-report-hardest-table")


def _latest_table(rows: pd.DataFrame) -> str:
    if rows.empty:
        return "<p>No answers yet.</p>"
    shown = rows.assign(
        at=rows["at"].dt.strftime("%d %b %H:%M"),
        correct=rows["correct"].map({True: "✓ right", False: "✗ wrong"}),
        game=rows["game"].map(_title),
        seconds=rows["seconds"].map(lambda s: "" if pd.isna(s) else f"{s:.0f} s"),
    )
    columns = [
        ("at", "When"),
        ("player", "Player or team"),
        ("game", "Game"),
        ("question", "Question"),
        ("answer", "Answer"),
        ("correct", "Verdict"),
        ("seconds", "Time"),
    ]
    return table_html(shown, columns, "The newest answers first", "gt-report-latest-table")


def lesson_report(lesson: Lesson) -> LessonReport:
    """The report widget on ``lesson``, ready to display in a notebook cell."""
    return LessonReport(lesson)


def review_card(lesson: Lesson, player: str | None = None) -> widgets.Widget:
    """The review deck of ``lesson`` on a question card, ready to play; or, when there is
    nothing to review (every answer right, no answers yet), that sentence instead."""
    from geoteach.classroom.review import review_deck
    from geoteach.quiz import load_deck
    from geoteach.store.lesson_record import RecordError
    from geoteach.ui.question_card import QuestionCard

    try:
        path = review_deck(lesson, player=player)
    except RecordError as why:
        return widgets.HTML(f"<p><b>{html_text(why)}</b></p>")
    deck = load_deck(path)
    card = QuestionCard(mode="typed", draw=lambda _level: deck.draw())
    card.ask_next()
    where = widgets.HTML(f"<p>{len(deck)} questions, saved in {html_text(path)}.</p>")
    return themed(widgets.VBox([where, card]))
