"""Test-suite set-up for the whole repository (tests/ and the notebooks nbval runs).

Notebooks write their handouts where ``GEOTEACH_HANDOUTS`` points; under pytest that is a
temporary folder, removed at the end, so a test run never leaves PDFs beside the notebooks.

``tasks.py test`` runs the suite in one process per core (pytest-xdist, ``--dist loadgroup``):
each file is a group, kept in one process and in order (a notebook's cells; a browser file's
lesson report reads the answers its apps gave), and the browser tests (tests/e2e) are one
group, run one after the other as before: two browser tests at once on a 2-core machine made
the pages' timing flaky, while a browser test beside the unit tests is as steady as alone.
"""

import os
import shutil
import tempfile
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent


def pytest_configure(config):
    if not os.environ.get("GEOTEACH_HANDOUTS"):
        folder = tempfile.mkdtemp(prefix="geoteach-handouts-")
        os.environ["GEOTEACH_HANDOUTS"] = folder
        config.add_cleanup(lambda: shutil.rmtree(folder, ignore_errors=True))


def pytest_collection_modifyitems(config, items):
    """The process groups for pytest-xdist (see the module notes): a file each, tests/e2e one."""
    for item in items:
        path = Path(str(item.fspath)).resolve()
        relative = path.relative_to(ROOT).as_posix() if path.is_relative_to(ROOT) else str(path)
        group = "browser" if relative.startswith("tests/e2e/") else relative
        item.add_marker(pytest.mark.xdist_group(group))
