"""Stage 2's clock on the screen: the race's seconds, paused while a verdict is read."""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import Any

from geoteach.ui.countdown import Countdown, running_loop
from geoteach.ui.geotriple.wording_steps import clock_words


class RaceClock(Countdown):
    """Stage 2's clock: the race's seconds, paused while a verdict is read.

    ``limit`` is the time that ends the race for the person at the screen (the computer's
    solving time, or the first player's time to beat when two people race); the words
    (``against``, with ``{left}`` for the seconds left) say which.
    Without a limit it only counts. ``on_beat(elapsed)`` runs on every tick (the screen unlocks
    its GeoPlunge! button there), ``on_time_up`` once when the limit is reached.
    """

    def __init__(
        self,
        on_time_up: Callable[[float], None],
        on_beat: Callable[[float], None],
        clock: Callable[[], float],
        show: Any,
    ) -> None:
        super().__init__(None, on_time_up, clock=clock, show=show)
        self.on_beat = on_beat
        self.against = ""
        self.fired = False
        self.bar.description = ""
        self.bar.layout.width = "110px"
        self.label.layout.height = "auto"
        self.add_class("gt-race-clock")

    def begin(self, limit: float | None, against: str, paused: bool = False) -> None:
        """Start counting from 0 (``paused``: wait for ``resume``)."""
        self.limit = limit
        self.against = against
        self.fired = False
        self.bar.max = float(limit or 1)
        self._started = self.clock()
        self._paused_at = self._started if paused else None
        self.layout.display = None
        self.tick()
        loop = running_loop()
        if loop is not None and (self.task is None or self.task.done()):
            self.task = loop.create_task(self._tick_every_second())

    def unlimited(self, against: str) -> None:
        """Go on counting without a limit (the computer gave up)."""
        self.limit = None
        self.against = against
        self.tick()

    def tick(self) -> None:
        if not self.running:
            return
        used = self.elapsed()
        if self.limit is None:
            self.bar.layout.display = "none"
            self.label.value = clock_words(used, None, self.against)
        else:
            left = max(0.0, self.limit - used)
            self.bar.layout.display = None
            self.bar.value = left
            said = self.against.format(left=math.ceil(left))
            self.label.value = clock_words(used, left, said)
        self.on_beat(used)
        if self.limit is not None and used >= self.limit and not self.fired:
            self.fired = True
            self.on_time_up(used)
