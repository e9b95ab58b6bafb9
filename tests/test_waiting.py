"""The tests' one polling helper: it returns the first answer that came, and a wait that never
ends in time fails as an assertion that says what was awaited and what was seen."""

from __future__ import annotations

import asyncio
import itertools

import pytest

from tests.waiting import Waited, elapsed_until, until, until_async


def test_until_returns_the_first_truthy_answer() -> None:
    answers = iter([None, 0, "", "here", "later"])
    assert until(lambda: next(answers), "an answer", timeout=30, every=0) == "here"


def test_until_fails_with_what_it_waited_for_and_what_it_saw() -> None:
    asked = itertools.count()
    with pytest.raises(Waited, match=r"the door opened \(waited 0 s\); it shows: 'shut'"):
        until(lambda: next(asked) < 0, "the door opened", timeout=0, seen=lambda: "shut")
    assert isinstance(Waited("x"), AssertionError)  # a test that waits in vain fails


def test_until_async_lets_the_loop_run_between_questions() -> None:
    async def main() -> list[str]:
        done: list[str] = []

        async def worker() -> None:
            await asyncio.sleep(0)
            done.append("worked")

        task = asyncio.create_task(worker())
        await until_async(lambda: done, "the worker ran", timeout=30, every=0)
        await task
        return done

    assert asyncio.run(main()) == ["worked"]


def test_until_async_fails_in_time() -> None:
    with pytest.raises(Waited, match="never"):
        asyncio.run(until_async(lambda: False, "never", timeout=0))


def test_elapsed_until_gives_seconds_and_fails_like_until() -> None:
    assert elapsed_until(lambda: True, "at once", timeout=30) >= 0
    with pytest.raises(Waited, match=r"gone \(waited 0 s\); it shows: \{1\}"):
        elapsed_until(lambda: False, "gone", timeout=0, seen=lambda: {1})
