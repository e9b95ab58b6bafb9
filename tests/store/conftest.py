"""Fixtures of the store tests: every room test runs on a SQLite file and on a real PostgreSQL."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from geoteach.store.rooms import RoomStore
from tests import postgres


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


@pytest.fixture
def store(rooms_url: str) -> Iterator[RoomStore]:
    opened = RoomStore(rooms_url)
    yield opened
    opened.close()
