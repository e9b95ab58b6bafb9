"""Browser tests: real JupyterLab and Voilà servers on 127.0.0.1, driven by headless Chromium.

Chromium comes from Debian (`apt-get install chromium`); Playwright only drives it (it may not
download a browser of its own here). Without a browser the tests skip with the reason, except
when GEOTEACH_REQUIRE_BROWSER=1 (set by .ci/run), where a missing browser is a failure.
"""

from __future__ import annotations

import json
import os
import secrets
import shutil
import socket
import subprocess
import sys
import urllib.request
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest

from tests.waiting import until

ROOT = Path(__file__).resolve().parents[2]
CHROMIUM = Path(os.environ.get("GEOTEACH_CHROMIUM", "/usr/bin/chromium"))
ARTIFACTS = ROOT / "test-artifacts"
REQUIRE = os.environ.get("GEOTEACH_REQUIRE_BROWSER") == "1"
CHROMIUM_ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--no-first-run",
    "--disable-sync",
    "--disable-quic",
]


#: A browser test that fails runs once more (pytest-rerunfailures). A real browser on a busy
#: 2-core machine sometimes loses a race the test did not foresee; a screen that is really
#: broken fails twice. Each first failure is kept in ``RERUNS`` so a race is seen and fixed,
#: not hidden, and pytest's summary counts the reruns.
RERUNS = ARTIFACTS / "reruns.log"


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    here = Path(__file__).parent
    for item in items:
        if here in Path(str(item.fspath)).parents:
            item.add_marker(pytest.mark.browser)
            if item.get_closest_marker("flaky") is None:
                item.add_marker(pytest.mark.flaky(reruns=1, reruns_delay=2))


def pytest_runtest_logreport(report: pytest.TestReport) -> None:
    """Keep a browser test's first failure, written by the process that ran it (pytest-xdist's
    controller gets the same report from its worker, marked with ``node``, and skips it)."""
    if report.outcome != "rerun" or getattr(report, "node", None) is not None:
        return
    ARTIFACTS.mkdir(exist_ok=True)
    with RERUNS.open("a", encoding="utf-8") as log:
        log.write(f"===== {report.nodeid} ({report.when}), run again\n{report.longreprtext}\n")


def _no_browser(reason: str) -> None:
    if REQUIRE:
        pytest.fail(f"browser tests are required here (GEOTEACH_REQUIRE_BROWSER=1): {reason}")
    pytest.skip(f"browser tests skipped: {reason}")


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def wait_for_port(port: int, proc: subprocess.Popen, timeout: float = 120) -> None:
    # A TCP connect, not a page request: a Voilà page request would start a kernel.
    def listening() -> bool:
        if proc.poll() is not None:
            raise RuntimeError(f"server exited early with code {proc.returncode}")
        try:
            with socket.create_connection(("127.0.0.1", port), timeout=1):
                return True
        except OSError:
            return False

    until(listening, f"server on port {port} did not start", timeout=timeout)


@dataclass
class Server:
    url: str
    token: str
    root: Path
    proc: subprocess.Popen

    def api(self, path: str) -> object:
        req = urllib.request.Request(
            f"{self.url}{path}", headers={"Authorization": f"token {self.token}"}
        )
        with urllib.request.urlopen(req, timeout=10) as resp:
            return json.loads(resp.read())


#: The browser tests' Voilà: one kernel per page view, so idle ones are culled (a long test run
#: does not pile them up), and a traceback shows on the page.
TEST_SERVER_OPTIONS = (
    "--MappingKernelManager.cull_interval=60",
    "--MappingKernelManager.cull_idle_timeout=300",
    "--VoilaConfiguration.show_tracebacks=True",
)


def voila_command(port: int, token: str, folder: Path, *options: str) -> list[str]:
    """The command of a Voilà server on 127.0.0.1:``port`` for the notebooks in ``folder``."""
    return [
        sys.executable,
        "-m",
        "geoteach.service.voila",
        "--no-browser",
        "--Voila.ip=127.0.0.1",
        f"--port={port}",
        f"--IdentityProvider.token={token}",
        *options,
        str(folder),
    ]


def _workdir(tmp_path_factory: pytest.TempPathFactory, name: str) -> Path:
    # The servers work on a copy, so saving a notebook in the browser never touches the repo.
    work = tmp_path_factory.mktemp(name)
    shutil.copytree(ROOT / "notebooks", work / "notebooks")
    return work


def _start(cmd: list[str], port: int, log: Path, env: dict[str, str]) -> subprocess.Popen:
    fh = log.open("w")
    proc = subprocess.Popen(cmd, stdout=fh, stderr=subprocess.STDOUT, env=env, cwd=log.parent)
    wait_for_port(port, proc)
    return proc


def _env(tmp: Path) -> dict[str, str]:
    (tmp / "records").mkdir(exist_ok=True)
    env = dict(os.environ)
    env.update(
        {
            "JUPYTER_CONFIG_DIR": str(tmp / "jupyter-config"),
            "JUPYTER_RUNTIME_DIR": str(tmp / "jupyter-runtime"),
            "MPLBACKEND": "module://ipympl.backend_nbagg",
            # The apps publish where their canvas targets are, so tests click like a person.
            "GEOTEACH_TEST_HOOKS": "1",
            # Every app played in the browser keeps its answers: the report test reads them.
            "GEOTEACH_LESSON_RECORD": str(tmp / "records" / "class.sqlite"),
            # The class service's rooms and teacher secret, in this server's folder.
            "GEOTEACH_ROOMS": str(tmp / "records" / "rooms.sqlite"),
            "GEOTEACH_SERVICE_DIR": str(tmp / "service"),
        }
    )
    return env


@pytest.fixture(scope="session")
def lab(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    work = _workdir(tmp_path_factory, "lab")
    port, token = free_port(), secrets.token_hex(16)
    cmd = [
        sys.executable,
        "-m",
        "jupyter",
        "lab",
        "--no-browser",
        "--allow-root",
        "--expose-app-in-browser",
        "--ServerApp.ip=127.0.0.1",
        f"--ServerApp.port={port}",
        f"--IdentityProvider.token={token}",
        f"--ServerApp.root_dir={work}",
        "--LabApp.news_url=",
        "--LabServerApp.check_for_updates_class=jupyterlab.NeverCheckForUpdate",
    ]
    proc = _start(cmd, port, work / "lab.log", _env(work))
    yield Server(f"http://127.0.0.1:{port}", token, work, proc)
    proc.terminate()
    proc.wait(timeout=30)


@pytest.fixture(scope="session")
def voila(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    work = _workdir(tmp_path_factory, "voila")
    port, token = free_port(), secrets.token_hex(16)
    cmd = voila_command(port, token, work / "notebooks", *TEST_SERVER_OPTIONS)
    proc = _start(cmd, port, work / "voila.log", _env(work))
    yield Server(f"http://127.0.0.1:{port}", token, work, proc)
    proc.terminate()
    proc.wait(timeout=30)


@pytest.fixture(scope="module")
def browser(tmp_path_factory: pytest.TempPathFactory) -> Iterator[object]:
    if not CHROMIUM.exists():
        _no_browser(f"{CHROMIUM} is not installed (Debian: apt-get install chromium)")
    try:
        from playwright.sync_api import sync_playwright
    except ImportError:
        _no_browser("the Python package playwright is not installed")
    ARTIFACTS.mkdir(exist_ok=True)
    pw = sync_playwright().start()
    # Playwright refuses --user-data-dir in launch(): a persistent context takes the folder.
    context = pw.chromium.launch_persistent_context(
        str(tmp_path_factory.mktemp("chromium-profile")),
        executable_path=str(CHROMIUM),
        headless=True,
        args=CHROMIUM_ARGS,
        viewport={"width": 1400, "height": 1000},
    )
    context.set_default_timeout(60_000)
    yield context
    context.close()
    pw.stop()
