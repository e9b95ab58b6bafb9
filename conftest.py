"""Test-suite set-up for the whole repository (tests/ and the notebooks nbval runs).

Notebooks write their handouts where ``GEOTEACH_HANDOUTS`` points; under pytest that is a
temporary folder, removed at the end, so a test run never leaves PDFs beside the notebooks.

``tasks.py test`` runs the suite in one process per core (pytest-xdist): each file is kept in
one process and in order (a notebook's cells; a browser file's lesson report reads the answers
its apps gave). The browser tests (tests/e2e) count as one file, run one after the other,
when two processes run the suite; with three or more they are split into two groups of about
equal length (``BROWSER_SECONDS``), each run one after the other in its own process, so at most
two browser tests run at once. The groups are sent out first: they are the longest units.
"""

import json
import os
import shutil
import tempfile
from pathlib import Path

import pytest


def pytest_configure(config):
    if not os.environ.get("GEOTEACH_HANDOUTS"):
        folder = tempfile.mkdtemp(prefix="geoteach-handouts-")
        os.environ["GEOTEACH_HANDOUTS"] = folder
        config.add_cleanup(lambda: shutil.rmtree(folder, ignore_errors=True))


#: Seconds each test file took in a clean-clone run of the README's test command (that run's
#: test-artifacts/group-times.json, its "files" in brief): the browser files are split into two
#: groups of about equal length by them, and the longest files are sent out first, so no long
#: file starts last and runs alone at the end. Refresh it when the suite changes much (copy a
#: run's figures: ``python -m tests.group_times --keep``); the figures need only be roughly right.
FILE_SECONDS: dict[str, float] = json.loads(
    (Path(__file__).parent / "tests" / "file_seconds.json").read_text(encoding="utf-8")
)
#: A file not listed: a short one.
UNLISTED = 1.0
BROWSER = "tests/e2e/"


def browser_groups(files: list[str], groups: int) -> dict[str, str]:
    """Each browser test file's group ("tests/e2e#1"...): the longest file first into the group
    with the least time so far, so the groups end at about the same time."""
    totals = [0.0] * groups
    chosen: dict[str, str] = {}
    for path in sorted(set(files), key=lambda f: (-FILE_SECONDS.get(f, UNLISTED), f)):
        least = min(range(groups), key=lambda g: (totals[g], g))
        totals[least] += FILE_SECONDS.get(path, UNLISTED)
        chosen[path] = f"tests/e2e#{least + 1}"
    return chosen


def browser_group_count(workers: int) -> int:
    """How many groups of browser tests run at once: two when three or more processes run the
    suite (a browser test waits for pages and kernels about half its time, so a third process
    fills the cores), else one, beside the unit tests."""
    return 2 if workers >= 3 else 1


def scope_seconds(scope: str) -> float:
    """How long a unit of work is expected to take: a browser group first of all."""
    if scope.startswith("tests/e2e#"):
        return float("inf")
    return FILE_SECONDS.get(scope, UNLISTED)


@pytest.hookimpl(optionalhook=True)  # only pytest-xdist knows it (not under -p no:xdist)
def pytest_xdist_make_scheduler(config, log):
    """pytest-xdist's scheduling by file (see the module notes), the browser files counted as
    one file per group, and the longest units of work sent out first (``FILE_SECONDS``)."""
    from xdist.scheduler import LoadScopeScheduling

    workers = config.getoption("numprocesses") or 1
    groups = browser_group_count(workers if isinstance(workers, int) else 1)

    class OneFileOneProcess(LoadScopeScheduling):
        _groups: dict[str, str] | None = None

        def _split_scope(self, nodeid: str) -> str:
            path = nodeid.split("::", 1)[0]
            if not path.startswith(BROWSER):
                return path
            if self._groups is None:
                browser_files = [n.split("::", 1)[0] for n in self.collection or []]
                self._groups = browser_groups(
                    [f for f in browser_files if f.startswith(BROWSER)], groups
                )
            return self._groups.get(path, "tests/e2e#1")

        def _assign_work_unit(self, node):
            if not getattr(self, "_ordered", False):
                # Longest first (the browser groups, then the files by their known seconds).
                for scope in sorted(self.workqueue, key=scope_seconds):
                    self.workqueue.move_to_end(scope, last=False)
                self._ordered = True
            super()._assign_work_unit(node)

    return OneFileOneProcess(config, log)
