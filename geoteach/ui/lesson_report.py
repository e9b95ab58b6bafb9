"""The lesson report as a widget: what the class knew, by player, topic and place, with filters.

A teacher opens it after class (or during class: **Refresh** reads the file again) on the
class's record. Filters choose one lesson, one game and one player; every section follows them:
accuracy per player or team and per topic, the world and U.S. maps coloured by the share of
right answers (with the number of answers on each place), the ten hardest questions with the
most common wrong answers, progress across lessons, the latest answers, and a CSV export.
The tables and drawings come from ``geoteach.classroom.report``; this module only lays them out.

The report speaks the teacher's page language (``geoteach.i18n``). The record's words stay as
they were stored (one class's record reads the same whatever each page spoke); the questions,
topics, right answers and places are shown in the page's language, worded from each row's ids
and codes (``geoteach.classroom.asked``), and what the students typed is shown as typed.
"""

from __future__ import annotations

from typing import Any

import ipywidgets as widgets
import pandas as pd

from geoteach.classroom import report
from geoteach.escape import html_text
from geoteach.games.registry import game_title
from geoteach.i18n import _, language, list_words, ngettext
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
        self.lesson_pick = widgets.Dropdown(description=_("Lesson"), style=WIDE_LABEL)
        self.game_pick = widgets.Dropdown(description=_("Game"), style=WIDE_LABEL)
        self.player_pick = widgets.Dropdown(description=_("Player or team"), style=WIDE_LABEL)
        self.bots = widgets.Checkbox(value=False, description=_("Include computer players"))
        self.refresh_button = widgets.Button(
            description=_("Refresh"), icon="refresh", tooltip=_("Read the record file again")
        )
        self.export_button = widgets.Button(
            description=_("Save as CSV"),
            icon="download",
            tooltip=_("Save the answers shown here"),
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
        self.world_box = Described(self.world_picture, _("Map of the world"))
        self.us_box = Described(self.us_picture, _("Map of the U.S. states"))
        self.progress_box = Described(self.progress_picture, _("Progress chart"))
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
                heading(_("Players and teams")),
                self.players,
                heading(_("Topics")),
                self.topics,
                heading(_("Where the class is strong and weak: the world")),
                self.world_box,
                heading(_("The U.S. states")),
                self.us_box,
                self.places,
                heading(_("The ten hardest questions")),
                self.hardest,
                heading(_("Progress across lessons")),
                self.progress_box,
                self.progress,
                heading(_("Latest answers")),
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
        self.header.value = f"<p>{html_text(record_words(self.lesson))}</p>"
        frame = self.all_answers
        self._quiet = True
        try:
            self._options(self.lesson_pick, _("All lessons"), report.lesson_order(frame))
            games = list(dict.fromkeys(frame["game"]))
            self._options(self.game_pick, _("All games"), games, label=_title)
            players = list(dict.fromkeys(frame["player"]))
            self._options(self.player_pick, _("All players"), players)
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
            report.accuracy(frame, "player"),
            "player",
            _("Player or team"),
            _("Right answers per player"),
        )
        topics = report.accuracy(frame, "topic")  # said in the page's language
        self.topics.value = _share_table(topics, "topic", _("Topic"), _("Right answers per topic"))
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
            _("Place"),
            _("Weakest places (at least {n} answers)").format(n=report.FEW_ANSWERS),
        )

    def _draw_progress(self, frame: pd.DataFrame) -> None:
        table = report.progress(frame) if len(frame) else pd.DataFrame()
        if len(table.columns) < 2:
            self.progress_box.layout.display = "none"
            self.progress.value = "<p>{}</p>".format(
                html_text(_("Progress shows once the class has played two lessons."))
            )
            return
        self.progress_box.layout.display = None
        ax = None if self.progress_figure is None else self.progress_figure.axes[0]
        # The chart: the whole class, and the player chosen; every player is in the table.
        whole = report.WHOLE_CLASS
        lines = [p for p in table.index if p in (whole, self.chosen()["player"])]
        self.progress_figure = report.progress_figure(table.loc[lines], ax=ax)
        self.progress_picture.value = to_png(self.progress_figure)
        named = [_(whole) if p == whole else p for p in lines]
        self.progress_box.describe(
            _(
                "Chart of the share of right answers per lesson for {who}; the table below "
                "gives every player's figures."
            ).format(who=list_words(named, last="and"))
        )
        shown = table.map(report.percent).reset_index().rename(columns={"index": "player"})
        shown["player"] = [_(whole) if p == whole else p for p in shown["player"]]
        columns = [("player", _("Player or team")), *((c, c) for c in table.columns)]
        self.progress.value = table_html(
            shown, columns, _("Share of right answers per lesson"), "gt-report-progress-table"
        )

    # -- export --------------------------------------------------------------------------------
    def export(self) -> None:
        """Save the answers shown (the filters apply) as a CSV file beside the record."""
        path = self.lesson.export_csv(frame=self.shown)
        self.messages.success(
            ngettext(
                "Saved {n} answer to {path}.", "Saved {n} answers to {path}.", len(self.shown)
            ).format(n=len(self.shown), path=path)
        )


def record_words(lesson: Lesson) -> str:
    """Where the record is and what is in it, in one line, in the page's language."""
    count, lessons, players = lesson.count(), len(lesson.lessons()), len(lesson.players())
    return _(
        "Lesson record {path}: {answers} from {players} in {lessons}. It stays on this computer."
    ).format(
        path=lesson.path,
        answers=ngettext("{n} answer", "{n} answers", count).format(n=count),
        players=ngettext("{n} player", "{n} players", players).format(n=players),
        lessons=ngettext("{n} lesson", "{n} lessons", lessons).format(n=lessons),
    )


def map_words(which: str, places: pd.DataFrame, most: int = 3) -> str:
    """A map's picture in words (its alt text): what the colours mean and the places at each
    end, e.g. "Map of the world: each place coloured by the share of right answers about it.
    Weakest: Chad 20% (5 answers). Strongest: …"."""
    rows = places[places["map"] == which]
    if rows.empty:
        if which == "world":
            return _("Map of the world: no answers about a place on it yet.")
        return _("Map of the U.S. states: no answers about a place on it yet.")
    if which == "world":
        said = [_("Map of the world: each place coloured by the share of right answers about it.")]
    else:
        said = [
            _("Map of the U.S. states: each place coloured by the share of right answers about it.")
        ]

    def listed(part: pd.DataFrame) -> str:
        return ", ".join(
            ngettext(
                "{place} {share} ({n} answer)", "{place} {share} ({n} answers)", int(r.answers)
            ).format(place=r.name, share=report.percent(r.share), n=r.answers)
            for r in part.itertuples(index=False)
        )

    weakest = rows.sort_values(["share", "answers"], ascending=[True, False], kind="stable")
    said.append(_("Weakest: {places}.").format(places=listed(weakest.head(most))))
    if len(rows) > most:
        said.append(_("Strongest: {places}.").format(places=listed(rows.head(most))))
    return " ".join(said)


def _share_table(rows: pd.DataFrame, key: str, title: str, caption: str) -> str:
    if rows.empty:
        return _no_answers()
    shown = rows.assign(share=rows["share"].map(report.percent))
    columns = [
        (key, title),
        ("answers", _("Answers")),
        ("right", _("Right")),
        ("share", _("Share right")),
    ]
    return table_html(shown, columns, caption, "gt-report-table")


def _no_answers() -> str:
    return "<p>{}</p>".format(html_text(_("No answers yet.")))


def _hardest_table(rows: pd.DataFrame) -> str:
    if rows.empty:
        return _no_answers()
    shown = rows.assign(share=rows["share"].map(report.percent))
    columns = [
        ("question", _("Question")),
        ("topic", _("Topic")),
        ("answers", _("Answers")),
        ("share", _("Share right")),
        ("right_answer", _("Right answer")),
        ("wrong", _("Most common wrong answers")),
    ]
    caption = _("The questions most often missed")
    return table_html(shown, columns, caption, "gt-report-hardest-table")


def _latest_table(rows: pd.DataFrame) -> str:
    if rows.empty:
        return _no_answers()
    from babel.dates import format_datetime

    shown = report.in_words(rows).assign(
        at=rows["at"].map(lambda t: format_datetime(t, "d MMM HH:mm", locale=language())),
        correct=rows["correct"].map({True: "✓ " + _("right"), False: "✗ " + _("wrong")}),
        game=rows["game"].map(_title),
        seconds=rows["seconds"].map(
            lambda s: "" if pd.isna(s) else _("{seconds} s").format(seconds=f"{s:.0f}")
        ),
    )
    columns = [
        ("at", _("When")),
        ("player", _("Player or team")),
        ("game", _("Game")),
        ("question", _("Question")),
        ("answer", _("Answer given")),
        ("correct", _("Verdict")),
        ("seconds", _("Time")),
    ]
    caption = _("The newest answers first")
    return table_html(shown, columns, caption, "gt-report-latest-table")


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
    saved = ngettext(
        "{n} question, saved in {path}.", "{n} questions, saved in {path}.", len(deck)
    ).format(n=len(deck), path=path)
    where = widgets.HTML(f"<p>{html_text(saved)}</p>")
    return themed(widgets.VBox([where, card]))
