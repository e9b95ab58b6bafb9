"""Waiting for something that cannot tell us it happened: poll it, never sleep a fixed time.

A page tells Playwright what it shows (``expect``, ``wait_for_function``, ``wait_for_selector``:
use those). A server's process table, a REST API without a push channel, a file another process
writes or two browser pages at once cannot: ``until`` asks again, a moment later, until the
answer comes or the time is up, and then fails with what it waited for and what it last saw.
On an idle machine the wait ends at the event; on a busy one it lasts as long as the event
takes, up to a generous ``timeout``. This is the one place in the tests that pauses.
"""

from __future__ import annotations

import asyncio
import time
from collections.abc import Callable
from typing import TypeVar

T = TypeVar("T")


class Waited(AssertionError):
    """What a test waited for did not happen in time (an AssertionError: the test fails)."""


def until(
    check: Callable[[], T],
    what: str,
    timeout: float = 90.0,
    every: float = 0.2,
    seen: Callable[[], object] | None = None,
) -> T:
    """The first truthy answer of ``check()``, asked every ``every`` seconds; fails after
    ``timeout`` seconds with ``what`` (and ``seen()``'s answer, if given, to show the state)."""
    deadline = time.monotonic() + timeout
    while True:
        answer = check()
        if answer:
            return answer
        if time.monotonic() >= deadline:
            shown = f"; it shows: {seen()!r}" if seen is not None else ""
            raise Waited(f"{what} (waited {timeout:.0f} s){shown}")
        time.sleep(every)


def elapsed_until(
    check: Callable[[], object],
    what: str,
    timeout: float,
    every: float = 0.5,
    seen: Callable[[], object] | None = None,
) -> float:
    """Seconds until ``check()`` is truthy (a figure to report, never to assert on)."""
    start = time.monotonic()
    until(check, what, timeout=timeout, every=every, seen=seen)
    return time.monotonic() - start


async def until_async(
    check: Callable[[], object], what: str, timeout: float = 30.0, every: float = 0.02
) -> None:
    """``until`` inside a running event loop (a widget screen's computers play from asyncio
    tasks): asks ``check()`` again after letting the loop run for ``every`` seconds."""
    loop = asyncio.get_running_loop()
    deadline = loop.time() + timeout
    while not check():
        if loop.time() >= deadline:
            raise Waited(f"{what} (waited {timeout:.0f} s)")
        await asyncio.sleep(every)
