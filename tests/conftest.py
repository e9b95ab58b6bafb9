"""Shared test set-up: a headless matplotlib backend, so tests never open windows."""

import os

os.environ.setdefault("MPLBACKEND", "Agg")


def pytest_collection_modifyitems(items):
    """Browser tests last: Playwright's sync API keeps an asyncio loop running in this process
    while its browser is open, and widgets that schedule work on a running loop would see it."""
    items.sort(key=lambda item: "/tests/e2e/" in str(item.fspath).replace("\\", "/"))
