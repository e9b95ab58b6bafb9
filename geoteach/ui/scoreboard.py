"""The scoreboard every game shows: one row per seat, one column per counter, and the score sheet.

Rendering only: the numbers come from ``geoteach.games.scoreboard.Scoreboard``; names and reasons
are escaped, and the leader is marked with a star and the word "leading", not by colour alone.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

import ipywidgets as widgets

from geoteach.escape import html_text
from geoteach.games.scoreboard import Scoreboard
from geoteach.games.table import Table
from geoteach.ui.theme import seat_badge, themed


def _number(value: float) -> str:
    return str(int(value)) if float(value).is_integer() else f"{value:g}"


def _label(counter: str, labels: Mapping[str, str]) -> str:
    return html_text(labels.get(counter, counter.replace("_", " ").capitalize()))


def _counters(board: Scoreboard, counters: Sequence[str] | None) -> list[str]:
    if counters:
        return list(counters)
    names = list(board.counters) or ["points"]
    return sorted(names, key=lambda c: c != "points")


def places(board: Scoreboard, counters: Sequence[str]) -> list[int]:
    """Each seat's place (1 = best); seats level on every counter share a place."""
    order = board.ranking(*counters)
    key = [tuple(board.get(s, c) for c in counters) for s in range(board.seats)]
    place = [0] * board.seats
    for rank, seat in enumerate(order, start=1):
        previous = order[rank - 2] if rank > 1 else None
        same = previous is not None and key[previous] == key[seat]
        place[seat] = place[previous] if same else rank
    return place


def scores_html(
    table: Table,
    board: Scoreboard,
    counters: Sequence[str] | None = None,
    labels: Mapping[str, str] | None = None,
) -> str:
    """The standings as an HTML table, in seat order with each seat's place."""
    labels = labels or {}
    columns = _counters(board, counters)
    place = places(board, columns)
    any_score = any(board.get(s, c) for s in range(board.seats) for c in columns)
    head = "".join(f"<th>{_label(c, labels)}</th>" for c in columns)
    rows = []
    for seat in range(board.seats):
        cells = "".join(f"<td>{_number(board.get(seat, c))}</td>" for c in columns)
        lead = place[seat] == 1 and any_score
        mark = " <b>★ leading</b>" if lead else ""
        members = table.seats[seat].members
        team = f"<br><small>{html_text(', '.join(members))}</small>" if members else ""
        rows.append(
            f"<tr><td>{place[seat]}</td><td>{seat_badge(table, seat)}{mark}{team}</td>{cells}</tr>"
        )
    return (
        '<table class="gt-scores" style="border-collapse:collapse">'
        f"<thead><tr><th>Place</th><th>Player</th>{head}</tr></thead>"
        f"<tbody>{''.join(rows)}</tbody></table>"
    )


def history_html(
    table: Table,
    board: Scoreboard,
    last: int = 10,
    labels: Mapping[str, str] | None = None,
) -> str:
    """The latest ``last`` lines of the score sheet, oldest first, each with its new total."""
    labels = labels or {}
    lines = board.running()
    if not lines:
        return "<p><i>No scores yet.</i></p>"
    shown = lines[-last:] if last else lines
    items = []
    for entry in shown:
        amount = entry["amount"]
        sign = "+" if amount >= 0 else "−"
        counter = _label(entry["counter"], labels).lower()
        why = f" — {html_text(str(entry['why']))}" if entry.get("why") else ""
        round_ = f"Round {int(entry['round'])}: " if entry.get("round") is not None else ""
        items.append(
            f"<li>{round_}{seat_badge(table, entry['seat'])} {sign}{_number(abs(amount))} "
            f"{counter}{why} (now {_number(entry['total'])})</li>"
        )
    skipped = len(lines) - len(shown)
    more = f"<p><small>{skipped} earlier lines not shown.</small></p>" if skipped else ""
    return f'{more}<ol start="{skipped + 1}" class="gt-history">{"".join(items)}</ol>'


class ScoreboardView(widgets.VBox):
    """Standings plus a fold-out score sheet; call ``update(board)`` after every action."""

    def __init__(
        self,
        table: Table,
        board: Scoreboard | None = None,
        counters: Sequence[str] | None = None,
        labels: Mapping[str, str] | None = None,
        history_lines: int = 10,
        title: str = "Scores",
    ) -> None:
        self.table = table
        self.counters = list(counters) if counters else None
        self.labels = dict(labels or {})
        self.history_lines = history_lines
        self.title = widgets.HTML(f"<h3>{html_text(title)}</h3>")
        self.standings = widgets.HTML()
        self.history = widgets.HTML()
        self.sheet = widgets.Accordion(children=[self.history], titles=("Score sheet",))
        self.sheet.selected_index = None
        super().__init__([self.title, self.standings, self.sheet])
        themed(self)
        self.board = board or Scoreboard(len(table.seats))
        self.update(self.board)

    def update(self, board: Scoreboard | None = None) -> None:
        """Redraw from ``board`` (or the last one given)."""
        if board is not None:
            if board.seats != len(self.table.seats):
                raise ValueError(
                    f"This scoreboard has {board.seats} seats but the table has "
                    f"{len(self.table.seats)}."
                )
            self.board = board
        self.standings.value = scores_html(self.table, self.board, self.counters, self.labels)
        self.history.value = history_html(self.table, self.board, self.history_lines, self.labels)
