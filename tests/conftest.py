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
