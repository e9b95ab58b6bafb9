"""Moves made on other devices reach this screen: a task on the kernel's event loop.

The page asks the class service (``geoteach.classroom.remote.RemoteRoom.wait``: a long poll that
answers as soon as the room changes). The follower then hands the new moves to the screen one
at a time (``Screen.remote_move``), each with the position it led to, so the screen shows
each move as the other pages did. Seat and status changes (a pause, a team moved to another
device, the end) go to ``on_room``.

Widget updates are made here, on the kernel's asyncio loop, never from a thread: Voilà and
ipykernel 7 do not reliably show widget updates made from threads. Without a running loop
(tests, scripts) nothing runs by itself and ``poll()`` does one round.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable
from typing import Any

from geoteach.classroom.remote import RemoteRoom
from geoteach.classroom.wire import RoomInfo
from geoteach.games.base import Action
from geoteach.i18n import _
from geoteach.store.rooms import NotYourSeat, RoomError
from geoteach.ui.countdown import running_loop

log = logging.getLogger("geoteach.ui.class_game")

#: Longest wait for a change before the follower asks again.
WAIT_SECONDS = 20.0


class Follower:
    """Keep ``room``'s game up to date and tell the screen about every move and change."""

    def __init__(
        self,
        room: RemoteRoom,
        on_move: Callable[[Action], Any],
        on_room: Callable[[RoomInfo], Any] | None = None,
        on_error: Callable[[str], Any] | None = None,
        on_lost: Callable[[], Any] | None = None,
    ) -> None:
        """``on_error`` shows a problem (a sentence in the page's language); ``on_lost`` is
        called instead when the referee no longer knows this page's seat (it went to another
        device or a computer), which the page says its own way."""
        self.room = room
        self.on_move = on_move
        self.on_room = on_room
        self.on_error = on_error
        self.on_lost = on_lost
        self.version = -1
        self.task: asyncio.Task[None] | None = None
        self.stopped = False

    def deliver(self) -> int:
        """Hand the moves received to the screen, report a changed room; returns how many."""
        arrived = 0
        for action in self.room.pending():
            arrived += 1
            self.on_move(action)
        info = self.room.info
        if info["version"] != self.version:
            self.version = info["version"]
            if self.on_room is not None:
                self.on_room(info)
        if info["status"] == "ended":
            self.stopped = True  # the game is over: nothing more will arrive
        return arrived

    def poll(self) -> int:
        """One round: ask for news, show the moves not shown yet. Returns how many arrived. A
        refusal (this device's seat went to another device) is told, not raised."""
        try:
            self.room.refresh()
        except RoomError as exc:
            self._tell(exc)
            return 0
        return self.deliver()

    def start(self) -> None:
        """Follow the room from the kernel's event loop (no loop: call ``poll`` yourself)."""
        self.stopped = False
        loop = running_loop()
        if loop is None or (self.task is not None and not self.task.done()):
            return
        self.task = loop.create_task(self._follow())

    def stop(self) -> None:
        self.stopped = True
        if self.task is not None and not self.task.done():
            self.task.cancel()
        self.task = None

    async def _follow(self) -> None:
        failures = 0
        while not self.stopped:
            try:
                self.deliver()
                failures = 0
                if self.stopped:
                    break
                await self.room.wait(WAIT_SECONDS)
            except asyncio.CancelledError:
                raise
            except RoomError as exc:
                failures += 1
                self._tell(exc)
                await asyncio.sleep(min(10.0, 0.5 * 2**failures))
            except Exception:  # never stop for good: say so, wait, try again
                log.exception("following the class game's room")
                failures += 1
                if failures == 3:
                    self._tell(
                        _(
                            "The class game's moves are not arriving. Check the network; this "
                            "page keeps trying."
                        )
                    )
                await asyncio.sleep(min(10.0, 0.5 * 2**failures))

    def _tell(self, problem: RoomError | str) -> None:
        try:
            if isinstance(problem, NotYourSeat) and self.on_lost is not None:
                self.on_lost()
            elif self.on_error is not None:
                self.on_error(str(problem))
        except Exception:
            log.exception("showing a class-game problem")
