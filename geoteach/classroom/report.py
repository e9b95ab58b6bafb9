"""What the class knew: the report's tables and maps, computed from a record's answers.

Every function takes the table of ``Lesson.answers()`` (or part of it) and returns a table or a
drawing; the report widget (``geoteach.ui.lesson_report``) only lays them out.

Decisions where the issue was open:

* **A share is always shown with its count**, so one answer is not a verdict: the tables give
  answers and right answers, and the maps write the number of answers on each place.
* **The hardest questions** are ranked by their share of wrong answers counted as if each
  question had one more right and one more wrong answer (a Laplace estimate): three misses
  out of three rank above a single miss out of one.
* **Places**: an answer about several places (a comparison of two neighbours) counts for each
  of them. Countries go on the world map, U.S. states on the U.S. map.
* **Lessons** are ordered by their first answer, so "progress" reads left to right in time.
* Answers given in honor mode have no text; the wrong ones show as "(marked wrong)".
* **The report's language**: questions, topics, right answers and places are worded in the
  page's language from the rows' ids and codes (``geoteach.classroom.asked``); the answers are
  counted by id and code, so the numbers are the same in every language.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache
from typing import Any

import pandas as pd

from geoteach.classroom import asked
from geoteach.data.maps import kind_of, map_kind, place_names
from geoteach.data.place_names import place_name
from geoteach.i18n import N_, _, language, ngettext
from geoteach.render import palettes

#: Fewer answers than this about a place: its colour on the map is a hint, not a verdict.
FEW_ANSWERS = 3
#: Rows of the hardest-questions table.
HARDEST = 10
#: Wrong answers listed per hard question.
WRONG_SHOWN = 3
#: What a wrong answer without text stands for, by the mode it was given in.
NO_TEXT = {"honor": N_("(marked wrong)"), "time up": N_("(time ran out)")}
#: The progress table's last row (its key; shown in the page's language, ``WHOLE_CLASS``).
WHOLE_CLASS = N_("Whole class")


def filtered(
    frame: pd.DataFrame,
    lesson: str | None = None,
    game: str | None = None,
    player: str | None = None,
) -> pd.DataFrame:
    """The answers of one lesson, game and player (None: all)."""
    keep = pd.Series(True, index=frame.index)
    for column, value in (("lesson", lesson), ("game", game), ("player", player)):
        if value is not None:
            keep &= frame[column] == value
    return frame[keep]


def accuracy(frame: pd.DataFrame, by: str = "player") -> pd.DataFrame:
    """Answers, right answers and their share per ``by`` ("player", "topic", "game", ...).

    Best first; equal shares by more answers first. ``share`` is 0-1. Topics are said in the
    page's language (``asked.topic_text``).
    """
    grouped = frame.groupby(by, sort=False)["correct"]
    out = pd.DataFrame({"answers": grouped.size(), "right": grouped.sum().astype(int)})
    out["share"] = out["right"] / out["answers"]
    out = out.reset_index()
    if by == "topic":
        out["topic"] = out["topic"].map(asked.topic_text)
    out = out.sort_values(["share", "answers", by], ascending=[False, False, True], kind="stable")
    return out.reset_index(drop=True)


def by_place(frame: pd.DataFrame) -> pd.DataFrame:
    """Per place: answers, right answers, share, its name (in the page's language) and the map
    it is on ("world"/"us", the key of its ``geoteach.data.maps.MapKind``; "" for a code on no
    map)."""
    rows = frame.loc[frame["place"] != "", ["place", "correct"]]
    if rows.empty:
        return pd.DataFrame(columns=["place", "name", "map", "answers", "right", "share"])
    # Count per place text first (a few hundred), then split "FRA; ESP" into its places.
    grouped = rows.groupby("place", sort=False)["correct"]
    counts = pd.DataFrame({"answers": grouped.size(), "right": grouped.sum()}).reset_index()
    counts = counts.assign(place=counts["place"].str.split("; ")).explode("place")
    out = counts.groupby("place", sort=False)[["answers", "right"]].sum().astype(int)
    out["share"] = out["right"] / out["answers"]
    out = out.reset_index().sort_values(
        ["share", "answers", "place"], ascending=[False, False, True], kind="stable"
    )
    out = out.reset_index(drop=True)
    out.insert(1, "name", [_place_name(code) for code in out["place"]])
    out.insert(2, "map", [_map_of(code) for code in out["place"]])
    return out


@cache
def _place_names() -> dict[str, str]:
    return place_names()


def _place_name(code: str) -> str:
    """A place's name in the page's language (from data; English when the data has none, the
    code itself for a place on no map)."""
    kind = kind_of(code)
    english = _place_names().get(code, code)
    return english if kind is None else place_name(kind.place, code, english)


def _map_of(code: str) -> str:
    """The key of the map ``code`` is on ("world", "us"), or "" for a place on none."""
    kind = kind_of(code)
    return "" if kind is None else kind.key


def hardest(frame: pd.DataFrame, n: int = HARDEST) -> pd.DataFrame:
    """The ``n`` hardest questions: answers, share right, the right answer, common wrong ones;
    the question, its topic and right answer in the page's language (``asked``)."""
    if frame.empty:
        return pd.DataFrame(
            columns=["question", "topic", "answers", "right", "share", "right_answer", "wrong"]
        )
    grouped = frame.groupby("question_id", sort=False)
    out = pd.DataFrame(
        {
            "game": grouped["game"].last(),
            "question": grouped["question"].last(),
            "topic": grouped["topic"].last(),
            "answers": grouped.size(),
            "right": grouped["correct"].sum().astype(int),
            "accepted": grouped["accepted"].last(),
        }
    )
    out["share"] = out["right"] / out["answers"]
    out["hardness"] = (out["answers"] - out["right"] + 1) / (out["answers"] + 2)
    top = out.sort_values(["hardness", "answers"], ascending=False, kind="stable").head(n)
    wrong = frame[~frame["correct"] & frame["question_id"].isin(top.index)]
    no_text = {mode: _(words) for mode, words in NO_TEXT.items()}
    given = _answers_in_words(wrong)
    said = given.where(given != "", wrong["mode"].map(no_text).fillna("?"))
    counts = said.groupby(wrong["question_id"]).value_counts()
    top["wrong"] = [_common(counts, qid) for qid in top.index]
    top = in_words(top.rename_axis("question_id").reset_index())
    columns = ["question", "topic", "answers", "right", "share", "right_answer", "wrong"]
    return top[columns].reset_index(drop=True)


def in_words(frame: pd.DataFrame) -> pd.DataFrame:
    """``frame`` (rows of answers) with its ``question``, ``topic`` and ``answer`` and a
    ``right_answer`` said in the page's language (``geoteach.classroom.asked``); for the rows
    a table shows, not for a whole record (each row is worded on its own)."""
    said = asked.worded(frame.to_dict("records"))
    return frame.assign(**{key: [s[key] for s in said] for key in asked.WORDED})


def _answers_in_words(frame: pd.DataFrame) -> pd.Series:
    """The ``answer`` column in the page's language where a game worded it (``asked``), each
    different answer worded once (a class gives thousands of answers)."""
    keys = ["game", "mode", "answer"]
    if frame.empty:
        return frame["answer"]
    unique = frame[keys].drop_duplicates()
    said = dict(
        zip(
            map(tuple, unique.to_numpy()),
            map(asked.answer_text, unique.to_dict("records")),
            strict=True,
        )
    )
    return pd.Series(
        [said[tuple(k)] for k in frame[keys].to_numpy()], index=frame.index, dtype=object
    )


def _common(counts: pd.Series, question_id: str) -> str:
    if question_id not in counts.index.get_level_values(0):
        return ""
    most = counts.loc[question_id].head(WRONG_SHOWN)
    return ", ".join(f"{answer} ({k})" for answer, k in most.items())


def lesson_order(frame: pd.DataFrame) -> list[str]:
    """Lessons in the order of their first answer."""
    return list(frame.groupby("lesson")["at"].min().sort_values().index)


def progress(frame: pd.DataFrame) -> pd.DataFrame:
    """Share of right answers per player (rows) and lesson (columns, in time order), 0-1.

    The last row, "Whole class", is the share of all answers of each lesson. Empty cells: the
    player gave no answer in that lesson.
    """
    lessons = lesson_order(frame)
    table = frame.pivot_table(
        index="player", columns="lesson", values="correct", aggfunc="mean", sort=False
    )
    table = table.reindex(columns=lessons)
    table.loc[WHOLE_CLASS] = frame.groupby("lesson")["correct"].mean().reindex(lessons)
    table.columns.name = None
    return table.astype(float)


class PlaceMap:
    """A world (``"world"``) or U.S. (``"us"``) map coloured by the share of right answers
    (``which`` is a ``geoteach.data.maps`` kind of map).

    Each answered place shows its number of answers; places nobody answered about are grey and
    hatched ("no data"). The map is drawn once; ``show(frame)`` recolours it for other answers.
    """

    def __init__(self, which: str = "world") -> None:
        from geoteach.render.place_maps import place_map

        self.kind = map_kind(which)
        self.view = place_map(self.kind, dpi=80)
        self.which = self.kind.key
        self._counts: tuple[Any, ...] = ()
        self.places = pd.DataFrame()

    @property
    def figure(self) -> Any:
        return self.view.figure

    def show(self, frame: pd.DataFrame, places: pd.DataFrame | None = None) -> PlaceMap:
        """Colour the map by ``frame``'s answers (a new call replaces the colours and counts).

        ``places`` is ``by_place(frame)`` when the caller has it already.
        """
        from geoteach.render.place_maps import colour_places

        view = self.view
        view.clear()
        for artist in self._counts:
            artist.remove()
        places = by_place(frame) if places is None else places
        places = places[places["map"] == self.which].set_index("place")
        self.places = places[places.index.isin(view.pickable)]
        colour_places(
            view,
            self.kind,
            (self.places["share"] * 100).round(1),
            title=_("% of answers right (number: how many answers)"),
            vmin=0,
            vmax=100,
        )
        self._counts = self._write_counts(self.places["answers"])
        return self

    def _write_counts(self, counts: pd.Series) -> tuple[Any, ...]:
        """The numbers of answers, as one layer of glyphs (hundreds of Text artists are slow)."""
        from geoteach.render.labels import Placement
        from geoteach.render.mapview import add_text_layer

        view = self.view
        if counts.empty:
            return ()
        # A map with abbreviations (the U.S.) has them on the state or out at sea on a leader
        # line: the count goes just under the abbreviation.
        below = 7.0 * view.units_per_point()
        down = below if view.ax.yaxis_inverted() else -below
        marks = []
        for code, n in counts.items():
            if code in view.numbers:
                x, y = view.numbers[code].at
                y += down
            else:
                x, y = view.anchors[view.codes.index(code)]
            marks.append(Placement(code, str(int(n)), (x, y), (x, y), True))
        return add_text_layer(view.ax, marks, fontsize=6.5, colour=palettes.TEXT, zorder=6.0)


def progress_figure(table: pd.DataFrame, ax: Any = None) -> Any:
    """The share of right answers per lesson as lines: each row of ``table`` (``progress``),
    the whole class in black. Give it the rows to show (a class of 30 is a table, not a chart).
    """
    from geoteach.escape import plot_text
    from geoteach.render.mapview import new_figure

    if ax is None:
        ax = new_figure((8.0, 3.2), dpi=80).add_subplot()
    ax.clear()
    x = range(len(table.columns))
    colours = palettes.CATEGORICAL
    for k, (player, row) in enumerate(table.iterrows()):
        whole = player == WHOLE_CLASS
        ax.plot(
            x,
            row.to_numpy() * 100,
            marker="o",
            color="black" if whole else colours[k % len(colours)],
            linewidth=2.5 if whole else 1.2,
            label=plot_text(_(WHOLE_CLASS) if whole else player),
        )
    ax.set_xticks(list(x), [plot_text(_short(c)) for c in table.columns], fontsize=8)
    ax.set_ylim(0, 100)
    ax.set_ylabel(_("% right"))
    ax.grid(axis="y", alpha=0.3)
    ax.legend(fontsize=7, loc="center left", bbox_to_anchor=(1.0, 0.5), frameon=False)
    ax.figure.subplots_adjust(left=0.08, right=0.8, bottom=0.15, top=0.95)
    return ax.figure


def _short(text: str, width: int = 28) -> str:
    return text if len(text) <= width else text[: width - 1] + "…"


def percent(share: float) -> str:
    """A share as a teacher reads it, the page's way: "67%", "67 %" (and "–" when there is
    none)."""
    from babel.numbers import format_percent

    if pd.isna(share):
        return "–"
    return str(format_percent(round(float(share), 2), locale=language()))


def summary_line(frame: pd.DataFrame, players: Sequence[str] | None = None) -> str:
    """ "446 answers, 56% right, from 5 players in 2 lessons"."""
    if frame.empty:
        return _("No answers yet.")
    n = len(frame)
    who = len(players if players is not None else frame["player"].unique())
    lessons = int(frame["lesson"].nunique())
    return _("{answers}, {share} right, from {players} in {lessons}.").format(
        answers=ngettext("{n} answer", "{n} answers", n).format(n=n),
        share=percent(frame["correct"].mean()),
        players=ngettext("{n} player or team", "{n} players or teams", who).format(n=who),
        lessons=ngettext("{n} lesson", "{n} lessons", lessons).format(n=lessons),
    )
