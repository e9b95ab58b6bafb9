"""Fixtures of the kit tests: widget callbacks must not have failed silently."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from geoteach.ui import safe


@pytest.fixture(autouse=True)
def no_callback_errors() -> Iterator[None]:
    """Every kit test ends with no unexpected error caught in a widget callback."""
    safe.clear()
    yield
    assert not safe.ERRORS, [f"{c.where}: {c.error!r}" for c in safe.ERRORS]
