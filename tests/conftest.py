"""Shared test set-up: a headless matplotlib backend, so tests never open windows."""

import os
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests import group_times, postgres

os.environ.setdefault("MPLBACKEND", "Agg")

#: When this run began (the conftest is read before the first test is collected).
STARTED = time.monotonic()
ARTIFACTS = Path(__file__).resolve().parents[1] / "test-artifacts"


@pytest.fixture(autouse=True)
def _pictures_backend_after_each_test():
    """A test that switches pyplot to the ipympl canvas must not leave it for the next one."""
    yield
    import matplotlib

    if matplotlib.get_backend().lower() != "agg":
        import matplotlib.pyplot as plt

        plt.close("all")
        plt.switch_backend("Agg")


class DataCopy:
    """A writable copy of data/ whose digests ``geoteach.data.built`` reads (see the fixture)."""

    def __init__(self, path: Path) -> None:
        self.path = path

    def edit(self, name: str) -> None:
        """A curriculum author's edit of ``data/<name>``, however small (one more line end),
        with the digests read again."""
        from geoteach.data import built

        with (self.path / name).open("a", encoding="utf-8") as handle:
            handle.write("\n")
        built.inputs_digest.cache_clear()


@pytest.fixture
def kept_data_copy(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[DataCopy]:
    """A copy of data/ for tests that edit a dataset to show a kept file goes stale."""
    import shutil

    from geoteach.data import built

    copy = tmp_path / "data"
    shutil.copytree(built.data_dir(), copy)
    monkeypatch.setattr(built, "data_dir", lambda: copy)
    built.inputs_digest.cache_clear()
    try:
        yield DataCopy(copy)
    finally:
        built.inputs_digest.cache_clear()


def pytest_collection_modifyitems(items):
    """Browser tests last: Playwright's sync API keeps an asyncio loop running in this process
    while its browser is open, and widgets that schedule work on a running loop would see it."""
    items.sort(key=lambda item: "/tests/e2e/" in str(item.fspath).replace("\\", "/"))


@pytest.fixture(scope="session")
def postgres_admin() -> Iterator[str]:
    """One PostgreSQL server for the whole session (named by the environment, or started here)."""
    with postgres.server() as url:
        yield url


@pytest.fixture(params=["sqlite", "postgresql"])
def rooms_url(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[str]:
    """The URL of an empty room store: a SQLite file, or a fresh PostgreSQL database."""
    if request.param == "sqlite":
        yield f"sqlite:///{tmp_path / 'rooms.sqlite'}"
        return
    admin = request.getfixturevalue("postgres_admin")
    with postgres.fresh_database(admin) as url:
        yield url


def pytest_terminal_summary(terminalreporter, exitstatus, config) -> None:
    """Seconds per test folder and for the slowest files, after every run (the README's test
    command included), and the same in test-artifacts/group-times.json: which group to make
    faster, and the per-group timings a closing note gives."""
    if hasattr(config, "workerinput"):  # a pytest-xdist worker: its controller reports
        return
    reports = [r for outcome in terminalreporter.stats.values() for r in outcome]
    folders, files = group_times.totals(reports)
    if not folders:
        return
    wall = time.monotonic() - STARTED
    terminalreporter.section("time per test group")
    terminalreporter.write_line(
        f"seconds of set-up, call and tear-down, added over all processes; wall clock {wall:.0f} s"
    )
    for line in group_times.table("folder", folders):
        terminalreporter.write_line(line)
    terminalreporter.write_line("")
    for line in group_times.table("slowest files", files, limit=group_times.SLOWEST_FILES):
        terminalreporter.write_line(line)
    ARTIFACTS.mkdir(exist_ok=True)
    (ARTIFACTS / "group-times.json").write_text(
        group_times.as_json(folders, files, wall), encoding="utf-8"
    )
