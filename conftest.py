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

import os
import shutil
import tempfile

import pytest


def pytest_configure(config):
    if not os.environ.get("GEOTEACH_HANDOUTS"):
        folder = tempfile.mkdtemp(prefix="geoteach-handouts-")
        os.environ["GEOTEACH_HANDOUTS"] = folder
        config.add_cleanup(lambda: shutil.rmtree(folder, ignore_errors=True))


#: Seconds each browser test file took in a clean-clone run of the README's test command (its
#: test-artifacts/group-times.json), so the browser files split into groups of about equal length.
#: A file not listed counts as ``BROWSER_UNLISTED``; the figures need only be roughly right.
BROWSER_SECONDS = {
    "tests/e2e/test_accessibility.py": 280,
    "tests/e2e/test_languages_all.py": 200,
    "tests/e2e/test_class_game.py": 230,
    "tests/e2e/test_student_apps.py": 170,
    "tests/e2e/test_classroom_hub.py": 80,
    "tests/e2e/test_lab_notebooks.py": 75,
    "tests/e2e/test_voila_config.py": 58,
    "tests/e2e/test_app_loading.py": 48,
    "tests/e2e/test_class_game_honor.py": 45,
    "tests/e2e/test_global_pursuit_lesson.py": 40,
    "tests/e2e/test_voila_apps.py": 29,
    "tests/e2e/test_ready_kernels.py": 23,
    "tests/e2e/test_canvas_click.py": 18,
    "tests/e2e/test_class_game_languages.py": 15,
}
BROWSER_UNLISTED = 10
BROWSER = "tests/e2e/"


def browser_groups(files: list[str], groups: int) -> dict[str, str]:
    """Each browser test file's group ("tests/e2e#1"...): the longest file first into the group
    with the least time so far, so the groups end at about the same time."""
    totals = [0.0] * groups
    chosen: dict[str, str] = {}
    for path in sorted(set(files), key=lambda f: (-BROWSER_SECONDS.get(f, BROWSER_UNLISTED), f)):
        least = min(range(groups), key=lambda g: (totals[g], g))
        totals[least] += BROWSER_SECONDS.get(path, BROWSER_UNLISTED)
        chosen[path] = f"tests/e2e#{least + 1}"
    return chosen


def browser_group_count(workers: int) -> int:
    """How many groups of browser tests run at once: two when three or more processes run the
    suite (a browser test waits for pages and kernels about half its time, so a third process
    fills the cores), else one, beside the unit tests."""
    return 2 if workers >= 3 else 1


@pytest.hookimpl(optionalhook=True)  # only pytest-xdist knows it (not under -p no:xdist)
def pytest_xdist_make_scheduler(config, log):
    """pytest-xdist's scheduling by file (see the module notes), the browser files counted as
    one file per group, and the groups sent out first: they are the longest units of work."""
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
            for scope in [s for s in self.workqueue if s.startswith("tests/e2e#")][::-1]:
                self.workqueue.move_to_end(scope, last=False)
            super()._assign_work_unit(node)

    return OneFileOneProcess(config, log)
