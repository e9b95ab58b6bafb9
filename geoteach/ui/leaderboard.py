"""The leaderboard every game screen keeps in view: standings sorted by place, the leader first.

Order, place numbers and a ★ carry who leads, never colour alone; the seat whose turn it is gets
a ▶. ``Screen`` draws it from its game's ``standings``; it lives here so the shell module is
the screen and nothing else.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from geoteach.escape import html_text
from geoteach.i18n import _, format_number
from geoteach.ui.theme import seat_badge


@dataclass(frozen=True)
class Standing:
    """One seat on the leaderboard: ``key`` sorts (higher is better), ``shown`` is the score text,
    ``detail`` a second column (hurdles, wedges, tricks...)."""

    seat: int
    key: tuple[float, ...]
    shown: str
    detail: str = ""


def number_text(value: float) -> str:
    """12 rather than 12.0; 1,250 with a separator (the page's: 1.250 in German)."""
    value = float(value)
    return format_number(value, 0 if value.is_integer() else 1)


def places_of(standings: Sequence[Standing]) -> list[tuple[int, Standing]]:
    """The standings best first, each with its place; equal keys share a place (1, 1, 3)."""
    ordered = sorted(standings, key=lambda s: (tuple(-k for k in s.key), s.seat))
    placed: list[tuple[int, Standing]] = []
    for i, row in enumerate(ordered):
        same = i and row.key == ordered[i - 1].key
        placed.append((placed[-1][0] if same else i + 1, row))
    return placed


def leaderboard_html(
    table: Any,
    standings: Sequence[Standing],
    score_title: str | None = None,
    detail_title: str = "",
    acting: Sequence[int] = (),
) -> str:
    """The standings as a small table sorted by place, the leader first and in bold.

    Place numbers and a ★ mark the leader, so order and words carry the meaning, not colour.
    The seat whose turn it is gets a ▶.
    """
    rows = []
    anything = any(any(k for k in s.key) for s in standings)
    for place, row in places_of(standings):
        lead = place == 1 and anything
        mark = " ★" if lead else ""
        turn = "▶ " if row.seat in acting else ""
        members = table.seats[row.seat].members
        team = f"<br><small>{html_text(', '.join(members))}</small>" if members else ""
        detail = f'<td class="gt-num">{html_text(row.detail)}</td>' if detail_title else ""
        rows.append(
            f'<tr class="{"gt-first" if lead else ""}"><td>{place}{mark}</td>'
            f"<td>{turn}{seat_badge(table, row.seat)}{team}</td>"
            f'<td class="gt-num">{html_text(row.shown)}</td>{detail}</tr>'
        )
    # A screen's titles ("Hurdles", "Wedges") are marked in its module and translated here.
    head_detail = f"<th>{html_text(_(detail_title))}</th>" if detail_title else ""
    score_title = _("Points") if score_title is None else _(score_title)
    name, place_head, player = _("Leaderboard"), _("Place"), _("Player")
    return (
        f'<table role="table" aria-label="{html_text(name)}"><thead><tr>'
        f"<th>{html_text(place_head)}</th><th>{html_text(player)}</th>"
        f"<th>{html_text(score_title)}</th>{head_detail}</tr></thead>"
        f"<tbody>{''.join(rows)}</tbody></table>"
    )
