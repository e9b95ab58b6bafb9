"""A message line under a game: what just happened, whose turn it is, what went wrong.

Text is always escaped (a player called "<b>Bob</b>" is shown as typed) and every kind of
message starts with an icon and a word, so colour is never the only signal.
"""

from __future__ import annotations

from typing import Literal

import ipywidgets as widgets

from geoteach.escape import html_text
from geoteach.i18n import N_, _
from geoteach.ui.theme import themed

Kind = Literal["info", "success", "error", "turn"]

#: icon, leading word (translated where shown), border colour (Okabe–Ito), ARIA role.
KINDS: dict[str, tuple[str, str, str, str]] = {
    "info": ("ℹ", N_("Note"), "#56B4E9", "status"),
    "success": ("✔", N_("Yes"), "#009E73", "status"),
    "error": ("⚠", N_("Oops"), "#D55E00", "alert"),
    "turn": ("▶", N_("Next"), "#0072B2", "status"),
}


def message_html(text: str, kind: str = "info") -> str:
    """One message as HTML; ``text`` is plain text and is escaped."""
    icon, word, colour, role = KINDS.get(kind, KINDS["info"])
    label = _("{word}:").format(word=_(word))  # "Note :" in French
    return (
        f'<div class="gt-message gt-{kind}" role="{role}" '
        f'style="border-left:6px solid {colour};padding:4px 8px;margin:2px 0">'
        f"<b>{icon} {html_text(label)}</b> {html_text(str(text))}</div>"
    )


class MessageLine(widgets.VBox):
    """The latest message in full, and the few before it smaller, newest first."""

    def __init__(self, keep: int = 4) -> None:
        self.keep = keep
        self.messages: list[tuple[str, str]] = []
        self.line = widgets.HTML("")
        self.earlier = widgets.HTML("")
        super().__init__([self.line, self.earlier])
        themed(self)

    @property
    def text(self) -> str:
        """The latest message as plain text ("" when there is none)."""
        return self.messages[-1][1] if self.messages else ""

    @property
    def kind(self) -> str:
        return self.messages[-1][0] if self.messages else ""

    def say(self, text: str, kind: Kind = "info") -> None:
        if kind not in KINDS:
            raise ValueError(f"A message is one of {', '.join(KINDS)}, not {kind!r}.")
        self.messages.append((kind, str(text)))
        self._draw()

    def info(self, text: str) -> None:
        self.say(text, "info")

    def success(self, text: str) -> None:
        self.say(text, "success")

    def error(self, text: str) -> None:
        self.say(text, "error")

    def turn(self, text: str) -> None:
        self.say(text, "turn")

    def clear(self) -> None:
        self.messages.clear()
        self._draw()

    def _draw(self) -> None:
        if not self.messages:
            self.line.value = self.earlier.value = ""
            return
        kind, text = self.messages[-1]
        self.line.value = message_html(text, kind)
        older = self.messages[-1 - self.keep : -1][::-1]
        self.earlier.value = (
            '<div style="opacity:0.7;font-size:90%">'
            + "".join(message_html(t, k) for k, t in older)
            + "</div>"
            if older
            else ""
        )
