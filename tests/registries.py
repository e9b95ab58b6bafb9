"""Tests that fetch from PyPI or npm: run where the registry answers, skip clearly where not.

An offline laptop skips them with the reason. CI reaches both registries, and .ci/run sets
GEOTEACH_REQUIRE_REGISTRY=1, which turns an unreachable registry into a failure there, so these
tests never go quietly unrun in CI.
"""

from __future__ import annotations

import functools
import os
import shutil
import subprocess
import sys
import urllib.request

import pytest

REQUIRE = os.environ.get("GEOTEACH_REQUIRE_REGISTRY") == "1"
TIMEOUT = 20


def _unreachable(reason: str) -> None:
    if REQUIRE:
        pytest.fail(f"the registry is required here (GEOTEACH_REQUIRE_REGISTRY=1): {reason}")
    pytest.skip(f"needs the package registry, which is unreachable: {reason}")


def _pip_index() -> str:
    """The index pip installs from here (a school or company may set its own mirror)."""
    configured = subprocess.run(
        [sys.executable, "-m", "pip", "config", "get", "global.index-url"],
        capture_output=True,
        text=True,
    )
    from_config = configured.stdout.strip() if configured.returncode == 0 else ""
    return os.environ.get("PIP_INDEX_URL") or from_config or "https://pypi.org/simple"


@functools.cache
def _pypi_problem() -> str | None:
    url = _pip_index().rstrip("/") + "/pip/"
    try:
        with urllib.request.urlopen(url, timeout=TIMEOUT):
            return None
    except OSError as error:
        return f"{url} did not answer ({error})"


@functools.cache
def _npm_problem() -> str | None:
    npm = shutil.which("npm")
    if npm is None:
        return "npm is not installed (Debian: apt-get install npm)"
    ping = subprocess.run(
        [npm, "ping", "--fetch-retries=0", f"--fetch-timeout={TIMEOUT * 1000}"],
        capture_output=True,
        text=True,
        timeout=TIMEOUT * 3,
    )
    if ping.returncode != 0:
        return f"`npm ping` failed: {(ping.stderr or ping.stdout).strip()[-300:]}"
    return None


def require_pypi() -> None:
    """Skip (or, in CI, fail) the calling test unless pip's index answers."""
    problem = _pypi_problem()
    if problem:
        _unreachable(problem)


def require_npm() -> None:
    """Skip (or, in CI, fail) the calling test unless npm and its registry answer."""
    problem = _npm_problem()
    if problem:
        _unreachable(problem)
