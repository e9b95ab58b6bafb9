"""Shared test set-up: a headless matplotlib backend, so tests never open windows."""

import os
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests import postgres

os.environ.setdefault("MPLBACKEND", "Agg")


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
