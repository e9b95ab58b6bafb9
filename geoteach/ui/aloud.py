"""Answers said out loud in a class game (honor mode), in words: the teacher is the reader.

The three games with questions said aloud (Globalissimo's hurdles, the two Pursuits' cards)
say the same three things, so they are written once here:

* on the device of the team answering: say your answer out loud, the teacher marks it (there
  is no answer box, and the device never holds the answer);
* on the other teams' devices and the spectators': who is answering, and who marks;
* on the projector: whose answer the teacher marks, and how (Show the answer, Right, Wrong).

The banners say it too (``banner_html``): the banner is what a screen reader reads out when a
question comes (the page's live region), and "answer the question" would send a student who
cannot see the card looking for an answer box that is not there.

Pure functions of the table and a seat; every name is escaped (``seat_badge``).
"""

from __future__ import annotations

from geoteach.games.table import Table
from geoteach.ui.theme import does, seat_badge

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


#: Which page a banner is for, while a team says its answer out loud (``banner_html``).
ASKED, OTHERS, MARKING = "asked", "others", "marking"


def banner_html(table: Table, seat: int, question: str, page: str) -> str:
    """The banner's turn line while ``seat`` says its answer to ``question`` out loud (HTML,
    its words escaped: "the Physical World question"): on its own device (``ASKED``), on the
    other teams' devices and the spectators' (``OTHERS``), and on the projector, where the
    teacher marks it (``MARKING``)."""
    if page == ASKED:
        return (
            f'<span class="gt-turn">▶ {seat_badge(table, seat)}: say your answer to {question} '
            "out loud.</span>"
        )
    says = does(table, seat, "says", "say")
    if page == MARKING:
        # Short: one line on the projector in large text (the controls say how to mark it).
        return f'<span class="gt-turn">▶ {says} the answer to {question} out loud: mark it.</span>'
    return f'<span class="gt-turn">{says} the answer to {question} out loud.</span>'
