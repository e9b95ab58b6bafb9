"""Who sits where in a class game, in words and HTML: the projector's seat list and the join
screen's seat buttons. Pure functions of the table and the store's seat states."""

from __future__ import annotations

from collections.abc import Sequence

from geoteach.escape import html_text
from geoteach.games.table import Table
from geoteach.i18n import _
from geoteach.store.rooms import SeatState
from geoteach.ui.theme import seat_badge


def holder_words(state: SeatState) -> str:
    """How a seat is played now, for the teacher: "on a device (Ana's laptop)", "free"..."""
    if state.holder == "computer":
        return _("played by a computer")
    if state.holder == "device":
        if state.nickname:
            return _("joined on a device ({nickname})").format(nickname=state.nickname)
        return _("joined on a device")
    return _("free: waiting for a team to join")


def seats_html(table: Table, states: Sequence[SeatState]) -> str:
    """The projector's list of seats: each team's badge and how it is played now."""
    rows = []
    for state in states:
        mark = {"device": "✔", "computer": "🖥", "free": "…"}.get(state.holder, "")
        rows.append(
            f"<tr><td>{mark}</td><td>{seat_badge(table, state.seat)}</td>"
            f"<td>{html_text(holder_words(state))}</td></tr>"
        )
    return f'<table class="gt-class-seats">{"".join(rows)}</table>'


def joined_count(states: Sequence[SeatState]) -> tuple[int, int]:
    """(seats taken by devices, seats teams can take): "3 of 4 teams have joined"."""
    teams = [s for s in states if s.holder != "computer"]
    return sum(1 for s in teams if s.holder == "device"), len(teams)


def seat_label(table: Table, state: SeatState) -> str:
    """The join screen's button for a seat: the team's name (plain text: buttons escape)."""
    name = table.seats[state.seat].name
    members = table.seats[state.seat].members
    return f"{name} ({', '.join(members)})" if members else name
