"""Fixtures of the store tests: every room test runs on a SQLite file and on a real PostgreSQL
(``rooms_url``, from tests/conftest.py)."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from geoteach.store.rooms import RoomStore


@pytest.fixture
def store(rooms_url: str) -> Iterator[RoomStore]:
    opened = RoomStore(rooms_url)
    yield opened
    opened.close()
