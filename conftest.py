"""Test-suite set-up for the whole repository (tests/ and the notebooks nbval runs).

Notebooks write their handouts where ``GEOTEACH_HANDOUTS`` points; under pytest that is a
temporary folder, removed at the end, so a test run never leaves PDFs beside the notebooks.
"""

import os
import shutil
import tempfile


def pytest_configure(config):
    if not os.environ.get("GEOTEACH_HANDOUTS"):
        folder = tempfile.mkdtemp(prefix="geoteach-handouts-")
        os.environ["GEOTEACH_HANDOUTS"] = folder
        config.add_cleanup(lambda: shutil.rmtree(folder, ignore_errors=True))
