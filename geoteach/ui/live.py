"""The game screen's live region: what a screen reader reads out as the game goes on.

One element, made once and then only changed, says the verdict, whose turn it is and each
computer move in the sentences the screen shows (issue 25).
"""

from __future__ import annotations

from html.parser import HTMLParser

import ipywidgets as widgets

from geoteach.escape import html_text


class _Spoken(HTMLParser):
    """The words of an HTML fragment, without what is hidden from screen readers."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.words: list[str] = []
        self.hidden = 0

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if self.hidden or ("aria-hidden", "true") in attrs:
            self.hidden += 1

    def handle_endtag(self, tag: str) -> None:
        if self.hidden:
            self.hidden -= 1

    def handle_data(self, data: str) -> None:
        if not self.hidden:
            self.words.append(data)


def spoken_text(fragment: str) -> str:
    """What a screen reader says for ``fragment`` (HTML): its text, with ``aria-hidden`` parts
    (the seat symbols) left out and the spaces tidied. Plain text again: escape it to show it."""
    parser = _Spoken()
    parser.feed(fragment)
    parser.close()
    return " ".join("".join(parser.words).replace("▶", "").split())


class LiveRegion(widgets.HTML):
    """The screen's one live region: made once, empty, and then only its words change.

    Screen readers read out a change inside an element that was already on the page with
    ``aria-live``; one created already filled (a new verdict card) is often skipped. The page
    template (``jupyter/share/jupyter/voila/templates/geoteach/index.html.j2``) gives the
    widget's content element ``role="status"`` and ``aria-live="polite"`` (ipywidgets has no
    attribute for it). It says the sentences the screen shows: the verdict, whose turn it is,
    each computer move. ``begin()`` starts a new message (one person's move, one computer's);
    what is said until the next ``begin()`` is read together, so a verdict is not lost under the
    banner that follows it.
    """

    #: Sentences kept in one message (instant computer moves would otherwise pile up).
    keep = 6

    def __init__(self) -> None:
        super().__init__("")
        self.add_class("gt-live")
        self.sentences: list[str] = []

    def begin(self) -> None:
        """The next sentence starts a new message."""
        self.sentences = []

    def say(self, sentence: str) -> None:
        """Add ``sentence`` (plain text, escaped here) to the message being read out."""
        sentence = " ".join(sentence.split())
        if not sentence:
            return
        self.sentences = [*self.sentences, sentence][-self.keep :]
        self.value = "".join(f"<p>{html_text(s)}</p>" for s in self.sentences)

    @property
    def text(self) -> str:
        """The message read out last, as plain text."""
        return " ".join(self.sentences)


__all__ = ["LiveRegion", "spoken_text"]
