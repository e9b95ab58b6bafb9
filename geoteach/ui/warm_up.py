"""The game screen's module and slow preparations, loaded once the set-up screen is on the page.

A student app opens on its set-up screen, which needs little; the game screen needs much more
(matplotlib, the maps, a game's kept decks: about 0.4 CPU-s). Loading that while the student
reads the set-up screen makes Start quick. Loading it *before* the set-up screen is on the page
makes that screen come later on a busy school server, where 30 kernels start together and each
one's CPU-seconds before its first screen is what the class waits for (issue 24: ≤ 0.8 CPU-s).

So in a Voilà page the warm-up begins when the page says the set-up screen is shown: the kit's
page script clicks the app's hidden ``gt-page-ready`` button then (index.html.j2). Anywhere else
(JupyterLab, a script, a test) it begins at once, and so it does in a kernel Voilà started
before the class arrived (``page_request.preheated``): that work is done before anyone waits.
Start never depends on the signal: ``finish`` begins the warm-up if nothing did, and waits.
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from typing import Any

import ipywidgets as widgets

from geoteach.ui.page_request import preheated, voila_kernel


def in_voila_page() -> bool:
    """True in a kernel Voilà started for a page (it sets VOILA_PREHEAT for each of them)."""
    return voila_kernel() and not preheated()


class WarmUp:
    """``work`` in a daemon thread, begun once (``begin``), waited for by ``finish``."""

    def __init__(self, work: Callable[[], Any], name: str) -> None:
        self.work = work
        self.name = name
        self.thread: threading.Thread | None = None
        self._lock = threading.Lock()
        #: The hidden button the page script clicks once the set-up screen is on the page.
        self.signal = widgets.Button(layout=widgets.Layout(display="none"))
        self.signal.add_class("gt-page-ready")
        self.signal.on_click(lambda _button: self.begin())
        if not in_voila_page():
            self.begin()

    @property
    def begun(self) -> bool:
        return self.thread is not None

    def begin(self) -> None:
        with self._lock:
            if self.thread is None:
                self.thread = threading.Thread(target=self.work, name=self.name, daemon=True)
                self.thread.start()

    def finish(self) -> None:
        """Wait for the warm-up (begun now if the page never said it was shown)."""
        self.begin()
        assert self.thread is not None
        self.thread.join()
