"""Answers said out loud in a class game (honor mode), in words: the teacher is the reader.

The three games with questions said aloud (Globalissimo's hurdles, the two Pursuits' cards)
say the same three things, so they are written once here:

* on the device of the team answering: say your answer out loud, the teacher marks it (there
  is no answer box, and the device never holds the answer);
* on the other teams' devices and the spectators': who is answering, and who marks;
* on the projector: whose answer the teacher marks, and how (Show the answer, Right, Wrong).

Pure functions of the table and a seat; every name is escaped (``seat_badge``).
"""

from __future__ import annotations

from geoteach.games.table import Table
from geoteach.ui.theme import seat_badge

#: On the device of the team answering, where the answer box would be.
SAY_IT_ALOUD = (
    "<p class='gt-say-aloud'><b>Say your answer out loud.</b> Your teacher marks it on the "
    "board.</p>"
)


def waiting_html(table: Table, seat: int) -> str:
    """On the other teams' devices and the spectators': ``seat`` is answering out loud."""
    return (
        f"<p>{seat_badge(table, seat)} says the answer out loud; your teacher marks it on the "
        "board.</p>"
    )


def marking_html(table: Table, seat: int) -> str:
    """On the projector: the teacher marks ``seat``'s answer."""
    return (
        f"<p class='gt-marking'>{seat_badge(table, seat)} says the answer out loud. Press "
        "<b>Show the answer</b>, then mark it <b>Right</b> or <b>Wrong</b>.</p>"
    )
