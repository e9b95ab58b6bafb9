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

from geoteach.escape import html_text
from geoteach.games.table import Table
from geoteach.i18n import _
from geoteach.ui.theme import is_you, seat_badge


def say_it_aloud_html() -> str:
    """On the device of the team answering, where the answer box would be."""
    say = html_text(_("Say your answer out loud."))
    marks = html_text(_("Your teacher marks it on the board."))
    return f"<p class='gt-say-aloud'><b>{say}</b> {marks}</p>"


def waiting_html(table: Table, seat: int) -> str:
    """On the other teams' devices and the spectators': ``seat`` is answering out loud."""
    said = html_text(_("{player} says the answer out loud; your teacher marks it on the board."))
    return f"<p>{said.format(player=seat_badge(table, seat))}</p>"


def marking_html(table: Table, seat: int) -> str:
    """On the projector: the teacher marks ``seat``'s answer."""
    said = html_text(
        _("{player} says the answer out loud. Press {show}, then mark it {right} or {wrong}.")
    )
    words = {
        key: f"<b>{html_text(word)}</b>"
        for key, word in (
            ("show", _("Show the answer")),
            ("right", _("Right")),
            ("wrong", _("Wrong")),
        )
    }
    return "<p class='gt-marking'>" + said.format(player=seat_badge(table, seat), **words) + "</p>"


#: Which page a banner is for, while a team says its answer out loud (``banner_html``).
ASKED, OTHERS, MARKING = "asked", "others", "marking"


def banner_html(table: Table, seat: int, question: str, page: str) -> str:
    """The banner's turn line while ``seat`` says its answer to ``question`` out loud (HTML,
    its words escaped: "the Physical World question"): on its own device (``ASKED``), on the
    other teams' devices and the spectators' (``OTHERS``), and on the projector, where the
    teacher marks it (``MARKING``)."""
    badge = seat_badge(table, seat)
    if page == ASKED:
        said = html_text(_("{player}: say your answer to {question} out loud."))
        return f'<span class="gt-turn">▶ {said.format(player=badge, question=question)}</span>'
    you = is_you(table, seat)
    if page == MARKING:
        # Short: one line on the projector in large text (the controls say how to mark it).
        said = (
            _("{player} say the answer to {question} out loud: mark it.")
            if you
            else _("{player} says the answer to {question} out loud: mark it.")
        )
        said = html_text(said).format(player=badge, question=question)
        return f'<span class="gt-turn">▶ {said}</span>'
    said = (
        _("{player} say the answer to {question} out loud.")
        if you
        else _("{player} says the answer to {question} out loud.")
    )
    return f'<span class="gt-turn">{html_text(said).format(player=badge, question=question)}</span>'
