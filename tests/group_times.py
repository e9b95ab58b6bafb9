"""Time per test group, printed at the end of every run (tests/conftest.py calls it).

pytest's ``--durations`` lists single tests; the suite's question is which group is slow (the
browser tests, the notebooks, a game's engine), so the seconds of every test phase (set-up,
call, tear-down, reruns included) are added up per folder and per file. Under pytest-xdist the
sum is the work of all processes together, so it is larger than the wall-clock time; the closing
note of a run gives both. The same figures go to ``test-artifacts/group-times.json``.
"""

from __future__ import annotations

import json
from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import PurePosixPath
from typing import Any, Protocol

#: How many of the slowest files the summary lists.
SLOWEST_FILES = 15


class Timed(Protocol):
    """What a pytest report gives us: its test's id, its phase and how long the phase took."""

    nodeid: str
    when: str | None
    duration: float


@dataclass
class Group:
    """One folder's or file's total: seconds of all phases, and how many tests ran there."""

    seconds: float = 0.0
    tests: set[str] = field(default_factory=set)

    def add(self, report: Timed) -> None:
        self.seconds += report.duration
        self.tests.add(report.nodeid)


def file_of(nodeid: str) -> str:
    """``tests/e2e/test_x.py::test_y[a::b]`` → ``tests/e2e/test_x.py``."""
    return nodeid.split("::", 1)[0]


def folder_of(nodeid: str) -> str:
    """The folder of a test's file (``tests/e2e``); ``.`` for a file at the top."""
    return str(PurePosixPath(file_of(nodeid)).parent)


def totals(reports: Iterable[Any]) -> tuple[dict[str, Group], dict[str, Group]]:
    """Seconds per folder and per file of the test-phase reports among ``reports``.

    Collection reports (no phase, no duration) are left out; a phase's report is counted once
    even if pytest filed it under two outcomes.
    """
    folders: dict[str, Group] = {}
    files: dict[str, Group] = {}
    seen: set[int] = set()
    for report in reports:
        if getattr(report, "when", None) is None or not hasattr(report, "duration"):
            continue
        if id(report) in seen:
            continue
        seen.add(id(report))
        folders.setdefault(folder_of(report.nodeid), Group()).add(report)
        files.setdefault(file_of(report.nodeid), Group()).add(report)
    return folders, files


def table(title: str, groups: dict[str, Group], limit: int | None = None) -> list[str]:
    """Lines of a table of ``groups``, slowest first, with a total line for the whole table."""
    ranked = sorted(groups.items(), key=lambda kv: (-kv[1].seconds, kv[0]))
    shown = ranked if limit is None else ranked[:limit]
    width = max([len(name) for name, _ in shown] + [len(title)])
    lines = [f"{title:<{width}}  {'tests':>6}  {'seconds':>9}"]
    for name, group in shown:
        lines.append(f"{name:<{width}}  {len(group.tests):>6}  {group.seconds:>9.1f}")
    if limit is None:
        total = sum(g.seconds for g in groups.values())
        count = sum(len(g.tests) for g in groups.values())
        lines.append(f"{'all':<{width}}  {count:>6}  {total:>9.1f}")
    return lines


def as_json(folders: dict[str, Group], files: dict[str, Group], wall: float) -> str:
    """The figures for test-artifacts/group-times.json (seconds rounded to 0.1)."""

    def plain(groups: dict[str, Group]) -> dict[str, dict[str, float | int]]:
        return {
            name: {"tests": len(g.tests), "seconds": round(g.seconds, 1)}
            for name, g in sorted(groups.items())
        }

    data = {"wall_seconds": round(wall, 1), "folders": plain(folders), "files": plain(files)}
    return json.dumps(data, indent=2, sort_keys=True)


def keep(figures: str, kept: str) -> int:
    """Copy a run's seconds per file (``figures``: its group-times.json) to ``kept``
    (tests/file_seconds.json), which the scheduler in conftest.py orders the files by."""
    with open(figures, encoding="utf-8") as found:
        files = json.load(found)["files"]
    seconds = {name: round(g["seconds"]) for name, g in sorted(files.items()) if g["seconds"] >= 1}
    with open(kept, "w", encoding="utf-8") as out:
        json.dump(seconds, out, indent=1, sort_keys=True)
        out.write("\n")
    return len(seconds)


if __name__ == "__main__":  # python -m tests.group_times --keep
    import sys

    if sys.argv[1:] != ["--keep"]:
        sys.exit("usage: python -m tests.group_times --keep")
    count = keep("test-artifacts/group-times.json", "tests/file_seconds.json")
    print(f"tests/file_seconds.json: {count} files")
