"""Moves made on other devices reach this screen: a task on the kernel's event loop.

The room store tells when a room changed (``RoomStore.wait_for_change``: PostgreSQL's
LISTEN/NOTIFY, or SQLite's cheap ``PRAGMA data_version`` check). The follower then applies the
new moves to this kernel's replica one at a time and hands each to the screen
(``GameScreen.remote_move``), so the screen shows each move with the position it led to. Seat
and status changes (a pause, a team moved to another device, the end) go to ``on_room``.

Widget updates are made here, on the kernel's asyncio loop, never from a thread: Voilà and
ipykernel 7 do not reliably show widget updates made from threads. Without a running loop
(tests, scripts) nothing runs by itself and ``poll()`` does one round.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable
from typing import Any

from geoteach.classroom.rooms import ClassRoom
from geoteach.games.base import Action
from geoteach.store.rooms import Room, RoomError
from geoteach.ui.countdown import running_loop

log = logging.getLogger("geoteach.ui.class_game")

#: Longest wait for a change before the follower looks anyway (a lost notification costs this).
WAIT_SECONDS = 5.0


class Follower:
    """Keep ``room``'s replica up to date and tell the screen about every move and change."""

    def __init__(
        self,
        room: ClassRoom,
        on_move: Callable[[Action], Any],
        on_room: Callable[[Room], Any] | None = None,
        on_error: Callable[[str], Any] | None = None,
    ) -> None:
        self.room = room
        self.on_move = on_move
        self.on_room = on_room
        self.on_error = on_error
        self.version = -1
        self.task: asyncio.Task[None] | None = None
        self.stopped = False

    def poll(self) -> int:
        """One round: apply and show the moves not shown yet, report a changed room. Returns
        how many moves arrived."""
        room = self.room.refresh_room()
        changed = room.version != self.version
        self.version = room.version
        arrived = 0
        for action in self.room.pending():
            arrived += 1
            self.on_move(action)
        if changed and self.on_room is not None:
            self.on_room(room)
        if room.status == "ended":
            self.stopped = True  # the game is over: nothing more will arrive
        return arrived

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
                self.poll()
                failures = 0
                await self.room.store.wait_for_change(self.room.id, self.version, WAIT_SECONDS)
            except asyncio.CancelledError:
                raise
            except RoomError as exc:
                self._tell(str(exc))
                await asyncio.sleep(2.0)
            except Exception:  # a lost connection: say so, wait, try again; never stop for good
                log.exception("following the class game's room")
                failures += 1
                if failures == 3:
                    self._tell(
                        "The class game's moves are not arriving. Check the network; this page "
                        "keeps trying."
                    )
                await asyncio.sleep(min(10.0, 0.5 * 2**failures))

    def _tell(self, text: str) -> None:
        if self.on_error is not None:
            try:
                self.on_error(text)
            except Exception:
                log.exception("showing a class-game problem")
