"""The student apps as `python3 tasks.py voila` serves them, with the kit's shipped Voilà settings.

- The app list shows the student apps only.
- Every app loads with every non-local request blocked (an offline school network): no page asks
  for one, and every icon font loads.
- A closed page's kernel is shut down within seconds, and kernels of pages left idle or gone
  without a goodbye are culled (issue 12, item 11: before, every closed tab kept ~200 MB).
"""

from __future__ import annotations

import json
import os
import re
import secrets
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import psutil
import pytest

from geoteach.launch import stop
from tests.e2e import pages
from tests.e2e.conftest import free_port, wait_for_port
from tests.e2e.servers import (
    jupyter_env,
    kit_copy,
    live_kernels,
    press_ctrl_c,
    student_apps,
    teacher_path,
)
from tests.waiting import elapsed_until

#: Every icon on the page, and whether the font its ::before glyph is drawn with has loaded.
ICONS = """async () => {
  await document.fonts.ready;
  return [...document.querySelectorAll('i.fa, .fa, [class*="fa-"]')].map(el => {
    const style = getComputedStyle(el, '::before');
    const spec = `${style.fontWeight} 16px ${style.fontFamily}`;
    return {cls: el.className, glyph: style.content, font: style.fontFamily,
            loaded: style.content !== 'none' && document.fonts.check(spec)};
  }).filter(icon => icon.glyph !== 'none' && icon.glyph !== 'normal');
}"""


class VoilaServer:
    """A Voilà server process and the kernels it started."""

    def __init__(
        self,
        url: str,
        proc: subprocess.Popen,
        voila_pid: int,
        token: str = "",
        root: Path | None = None,
    ) -> None:
        self.url, self.proc, self.voila, self.token = url, proc, psutil.Process(voila_pid), token
        #: The kit copy the server runs in (its class service's folder is ``root/service``).
        self.root = root

    def kernels(self) -> set[int]:
        return live_kernels(self.voila)

    def kernel_of(self, page) -> int:
        """The process of the kernel that a Voilà page talks to."""
        config = json.loads(page.locator("#jupyter-config-data").first.inner_text())
        wanted = f"kernel-{config['kernelId']}.json"
        for pid in self.kernels():
            if any(arg.endswith(wanted) for arg in psutil.Process(pid).cmdline()):
                return pid
        raise AssertionError(f"no kernel process for {wanted}")

    def wait_gone(self, kernels: set[int], timeout: float) -> float:
        """Seconds until none of these kernel processes is left; fails after `timeout`."""
        return elapsed_until(
            lambda: not kernels & self.kernels(),
            f"kernels {kernels} still run",
            timeout,
            seen=lambda: kernels & self.kernels(),
        )


def _env(work: Path) -> dict[str, str]:
    env = jupyter_env(dict(os.environ))
    env.update(
        {
            "GEOTEACH_VENV": sys.prefix,
            "JUPYTER_CONFIG_DIR": str(work / "jupyter-config"),
            "JUPYTER_RUNTIME_DIR": str(work / "jupyter-runtime"),
            "MPLBACKEND": "module://ipympl.backend_nbagg",
            # The class service's rooms and teacher secret, in this server's own folder.
            "GEOTEACH_SERVICE_DIR": str(work / "service"),
        }
    )
    return env


@pytest.fixture(scope="module")
def kit(tmp_path_factory: pytest.TempPathFactory) -> Path:
    kit = kit_copy(tmp_path_factory.mktemp("kit"))
    # A game's save lies next to the app; the list of apps must not offer it.
    (kit / "notebooks" / "play" / "class.autosave.json").write_text("{}")
    return kit


@pytest.fixture(scope="module")
def apps_server(kit: Path) -> Iterator[VoilaServer]:
    """`python3 tasks.py voila --port P --no-browser` on a copy of the kit."""
    port = free_port()
    log = kit / "voila.log"  # the server's output, for a failing run
    cmd = [sys.executable, "tasks.py", "voila", "--ip", "127.0.0.1", "--port", str(port)]
    with log.open("w") as out:
        proc = subprocess.Popen(
            [*cmd, "--no-browser"], cwd=kit, env=_env(kit), stdout=out, stderr=subprocess.STDOUT
        )
    wait_for_port(port, proc)
    (voila,) = psutil.Process(proc.pid).children()
    yield VoilaServer(f"http://127.0.0.1:{port}", proc, voila.pid, root=kit)
    press_ctrl_c(proc)  # as a teacher stops it


@pytest.fixture(scope="module")
def quick_cull_server(kit: Path) -> Iterator[VoilaServer]:
    """The shipped settings with a 20-second idle time, to see culling happen in a test."""
    port, token = free_port(), secrets.token_hex(8)
    log = kit / "voila-quick-cull.log"
    cmd = [
        sys.executable,
        "-m",
        "voila",
        str(kit / "notebooks" / "play"),
        "--no-browser",
        "--Voila.ip=127.0.0.1",
        f"--port={port}",
        f"--Voila.token={token}",
        "--MappingKernelManager.cull_idle_timeout=20",
        "--MappingKernelManager.cull_interval=2",
    ]
    with log.open("w") as out:
        proc = subprocess.Popen(cmd, cwd=kit, env=_env(kit), stdout=out, stderr=subprocess.STDOUT)
    wait_for_port(port, proc)
    yield VoilaServer(f"http://127.0.0.1:{port}", proc, proc.pid, token)
    stop(proc)


@pytest.fixture(scope="module")
def offline(browser) -> list[str]:
    """Block every request that does not go to this computer; return the blocked addresses."""
    blocked: list[str] = []
    local = re.compile(r"^(https?|wss?)://(127\.0\.0\.1|localhost)(:\d+)?/")

    def only_local(route) -> None:
        if local.match(route.request.url) or route.request.url.startswith(("data:", "blob:")):
            route.continue_()
        else:
            blocked.append(route.request.url)
            route.abort()

    browser.route("**/*", only_local)
    return blocked


def _open_app(browser, server: VoilaServer, app: str) -> object:
    page = browser.new_page()
    start = time.monotonic()
    if server.root is not None:  # the class game's page opens with the teacher's link
        app = teacher_path(app, server.root)
    joiner = "&" if "?" in app else "?"
    query = f"{joiner}token={server.token}" if server.token else ""
    page.goto(f"{server.url}/voila/render/{app}{query}", wait_until="commit", timeout=180_000)
    page.wait_for_selector(".jupyter-widgets button.jupyter-button", timeout=180_000)
    pages.record_timing(f"student app page-to-playable {app}", time.monotonic() - start)
    page.wait_for_load_state("load", timeout=180_000)  # every cell has run
    return page


def test_app_list_shows_only_the_student_apps(browser, offline, apps_server) -> None:
    page = browser.new_page()
    try:
        page.goto(apps_server.url + "/")
        items = page.locator(".voila-notebooks a")
        items.first.wait_for(timeout=60_000)
        names = sorted(t.strip() for t in items.all_inner_texts())
        assert names == student_apps()  # not the save file, no way up to other notebooks
        icons = page.evaluate(ICONS)
        assert icons and all(icon["loaded"] for icon in icons), icons
        assert offline == [], f"the app list asked the internet for {offline}"
    finally:
        pages.screenshot(page, "student-apps-list")
        page.close()


@pytest.mark.parametrize("app", student_apps())
def test_app_works_offline_with_every_icon(browser, offline, apps_server, app: str) -> None:
    page = _open_app(browser, apps_server, app)
    try:
        icons = page.evaluate(ICONS)
        assert icons, "no icon on the page: the check would prove nothing"
        assert all(icon["loaded"] for icon in icons), [i for i in icons if not i["loaded"]]
        assert "Traceback" not in page.inner_text("body")
        assert offline == [], f"{app} asked the internet for {offline}"
    finally:
        pages.screenshot(page, f"student-app-offline-{Path(app).stem}")
        page.close()


def test_closing_the_page_shuts_its_kernel_down(browser, offline, apps_server) -> None:
    page = _open_app(browser, apps_server, student_apps()[0])
    kernel = apps_server.kernel_of(page)
    page.close(run_before_unload=True)  # the student closes the tab
    seconds = apps_server.wait_gone({kernel}, timeout=60)
    pages.record_timing("student app kernel gone after closing the page", seconds)


def test_idle_and_vanished_pages_have_their_kernels_culled(
    browser, offline, quick_cull_server
) -> None:
    server, app = quick_cull_server, student_apps()[0]
    left_open, vanished = browser.new_page(), browser.new_page()
    for page in (left_open, vanished):
        page.goto(f"{server.url}/voila/render/{app}?token={server.token}", wait_until="commit")
    for page in (left_open, vanished):
        page.wait_for_load_state("load", timeout=180_000)
    kernels = {server.kernel_of(left_open), server.kernel_of(vanished)}
    assert kernels <= server.kernels(), "a page's kernel was gone before the idle time"
    # A crashed browser or a dropped network sends no goodbye: lose this page's on purpose.
    vanished.route("**/voila/api/shutdown/**", lambda route: route.abort())
    vanished.close(run_before_unload=True)
    try:
        # The other page stays open and idle: its kernel goes too, after the idle time.
        seconds = server.wait_gone(kernels, timeout=90)
        assert not left_open.is_closed()
    finally:
        left_open.close()
    pages.record_timing("student app idle kernels culled (20 s idle setting)", seconds)
