"""A visible countdown for the time-limit house rules (words and a bar, never colour alone).

It ticks from an asyncio task when a kernel's event loop runs; tests drive ``tick()`` with a fake
clock instead.
"""

from __future__ import annotations

import asyncio
import math
import time
from collections.abc import Callable

import ipywidgets as widgets

from geoteach.i18n import _
from geoteach.ui.messages import MessageLine
from geoteach.ui.safe import safe


def running_loop() -> asyncio.AbstractEventLoop | None:
    """The event loop this code runs in (a Jupyter kernel's), or None in a plain script."""
    try:
        return asyncio.get_running_loop()
    except RuntimeError:
        return None


class Countdown(widgets.HBox):
    """A time limit you can see: a bar of the seconds left and the same in words.

    Words as well as the bar, because a bar's length or colour alone tells nothing to a screen
    reader. ``clock`` is injectable so tests are exact. ``on_time_up`` gets the seconds used and
    is called once, by ``tick``, when the time runs out. ``pause``/``resume`` stop the clock
    while the player is not the one to act (an opponent deciding on a challenge).
    """

    def __init__(
        self,
        limit: float | None,
        on_time_up: Callable[[float], None],
        clock: Callable[[], float] = time.monotonic,
        time_up_text: str | None = None,
        every: float = 1.0,
        show: MessageLine | None = None,
    ) -> None:
        self.limit = limit
        self.on_time_up = on_time_up
        self.clock = clock
        self.time_up_text = _("Time is up!") if time_up_text is None else time_up_text
        self.every = every
        self.show = show
        self.bar = widgets.FloatProgress(
            min=0.0, max=float(limit or 1), value=float(limit or 0), description=_("Time left:")
        )
        self.label = widgets.Label(layout=widgets.Layout(margin="0 0 0 8px"))
        self.task: asyncio.Task[None] | None = None
        self._started: float | None = None
        self._paused_at: float | None = None
        super().__init__([self.bar, self.label])
        self.layout.display = "none"

    @property
    def running(self) -> bool:
        return self._started is not None

    def start(self) -> None:
        """Start from the full time (nothing happens without a limit)."""
        if self.limit is None:
            return
        self._started, self._paused_at = self.clock(), None
        self.layout.display = None
        self.tick()
        loop = running_loop()
        if loop is not None and (self.task is None or self.task.done()):
            self.task = loop.create_task(self._tick_every_second())

    def elapsed(self) -> float:
        """Seconds used so far (paused time not counted)."""
        if self._started is None:
            return 0.0
        now = self._paused_at if self._paused_at is not None else self.clock()
        return max(0.0, now - self._started)

    def seconds(self) -> float:
        """The time taken, as an action carries it."""
        return round(self.elapsed(), 1)

    def left(self) -> float:
        return max(0.0, (self.limit or 0) - self.elapsed())

    def late(self) -> bool:
        return self.limit is not None and self.running and self.seconds() > self.limit

    def pause(self) -> None:
        if self.running and self._paused_at is None:
            self._paused_at = self.clock()

    def resume(self) -> None:
        if self._started is not None and self._paused_at is not None:
            self._started += self.clock() - self._paused_at
            self._paused_at = None

    def stop(self, text: str | None = None) -> None:
        """Stop the clock; show ``text`` in words (the bar stays), or hide everything."""
        self._started = self._paused_at = None
        if text is None:
            self.layout.display = "none"
        else:
            self.label.value = text

    def tick(self) -> None:
        """Redraw the bar and the words; when the time has run out, say so and call back."""
        if not self.running:
            return
        left = self.left()
        self.bar.value = left
        if left > 0:
            self.label.value = _("{seconds} s left").format(seconds=math.ceil(left))
            return
        used = self.elapsed()
        self.stop(self.time_up_text)
        self.on_time_up(used)

    async def _tick_every_second(self) -> None:
        try:
            while self.running:
                await asyncio.sleep(self.every)
                safe(self.tick, show=self.show)()
        finally:
            self.task = None
