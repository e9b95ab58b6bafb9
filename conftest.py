"""Test-suite set-up for the whole repository (tests/ and the notebooks nbval runs).

Notebooks write their handouts where ``GEOTEACH_HANDOUTS`` points; under pytest that is a
temporary folder, removed at the end, so a test run never leaves PDFs beside the notebooks.

``tasks.py test`` runs the suite in one process per core (pytest-xdist): each file is kept in
one process and in order (a notebook's cells; a browser file's lesson report reads the answers
its apps gave), and the browser tests (tests/e2e) count as one file, run one after the other:
two browser tests at once on a 2-core machine made the pages' timing flaky, while a browser
test beside the unit tests is as steady as alone.
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


@pytest.hookimpl(optionalhook=True)  # only pytest-xdist knows it (not under -p no:xdist)
def pytest_xdist_make_scheduler(config, log):
    """pytest-xdist's scheduling by file (see the module notes), tests/e2e counted as one file."""
    from xdist.scheduler import LoadScopeScheduling

    class OneFileOneProcess(LoadScopeScheduling):
        def _split_scope(self, nodeid: str) -> str:
            path = nodeid.split("::", 1)[0]
            return "tests/e2e" if path.startswith("tests/e2e/") else path

    return OneFileOneProcess(config, log)
