"""A page that is starting says so, and one whose game cannot start says that, with a Reload button.

Issue 24: under load a student's page stayed white for minutes, with nothing telling them to
reload. The kit's page template (jupyter/share/jupyter/voila/templates/geoteach/index.html.j2)
shows "Getting the game ready…" until the app shows, and a plain message with a Reload button
when the notebook finished without anything to show or the app never came. The server here runs
this checkout's template and settings (JUPYTER_PATH and JUPYTER_CONFIG_PATH), on notebooks made
for each case in its own folder: one slow to show its widget, one whose kernel dies while it
makes the app, one whose kernel dies when the page asks for the widgets of the finished notebook,
one that never finishes.
"""

from __future__ import annotations

import secrets
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import nbformat
import pytest

from tests.e2e import pages
from tests.e2e.conftest import Server, _env, _start, free_port, voila_command
from tests.e2e.servers import jupyter_env

WAITING = "Getting the game ready…"
#: Shut the page's kernel down as Voilà's page does when it closes (its _xsrf cookie).
SHUT_DOWN_JS = """async () => {
  const config = JSON.parse(document.getElementById('jupyter-config-data').textContent);
  const xsrf = decodeURIComponent(document.cookie.match(/(^|;\\s*)_xsrf=([^;]*)/)[2]);
  const answer = await fetch(config.baseUrl + 'voila/api/shutdown/' + config.kernelId,
    {method: 'POST', headers: {'X-XSRFToken': xsrf}, credentials: 'same-origin'});
  return answer.status;
}"""
NOT_STARTED = "the game did not start"

#: Each notebook's one cell.
NOTEBOOKS = {
    # The app arrives after a few seconds, as under load.
    "slow.ipynb": (
        "import time\ntime.sleep(6)\nimport ipywidgets\nipywidgets.Button(description='Play')"
    ),
    # The kernel dies while the app is being made (out of memory, killed by the system).
    "dies.ipynb": "import os, signal\nos.kill(os.getpid(), signal.SIGKILL)",
    # The notebook finishes with a widget, then the kernel dies before the page can fetch it:
    # it dies when the page asks for the widgets (the page opens the "jupyter.widget.control"
    # comm, ipywidgets 8), so the page surely has the finished notebook, and no timer decides.
    "dies_after.ipynb": (
        "import os, signal\n"
        "import ipywidgets\n"
        "from ipywidgets.comm import get_comm_manager\n"
        "def _die(comm, msg):\n"
        "    os.kill(os.getpid(), signal.SIGKILL)\n"
        "get_comm_manager().register_target('jupyter.widget.control', _die)\n"
        "ipywidgets.Button(description='Play')"
    ),
    # The notebook never finishes: as a page given a ready kernel that died before it ran
    # anything (the server waits on it for good).
    "stuck.ipynb": "import time\ntime.sleep(600)",
    # A notebook with an ordinary output and no widget is a page like any other.
    "words.ipynb": "print('Hello, class')",
}


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    work = tmp_path_factory.mktemp("loading")
    folder = work / "notebooks"
    folder.mkdir()
    for name, source in NOTEBOOKS.items():
        nb = nbformat.v4.new_notebook()
        nb.metadata["kernelspec"] = {"name": "python3", "display_name": "Python 3"}
        nb.cells.append(nbformat.v4.new_code_cell(source))
        nbformat.write(nb, folder / name)
    port, token = free_port(), secrets.token_hex(16)
    cmd = voila_command(port, token, folder)
    proc = _start(cmd, port, work / "voila.log", jupyter_env(_env(work)))
    yield Server(f"http://127.0.0.1:{port}", token, work, proc)
    proc.terminate()
    proc.wait(timeout=30)


@contextmanager
def _opened(
    browser,
    server: Server,
    name: str,
    shot: str,
    wait_seconds: float | None = None,
    slow_seconds: float | None = None,
) -> Iterator[Any]:
    """The page of notebook ``name``, as soon as the server answers; afterwards its screenshot
    ``app-loading-<shot>.png`` (what a failure showed, too) and the page closed."""
    page = browser.new_page()
    try:
        if wait_seconds is not None:
            page.add_init_script(f"window.gtAppWaitSeconds = {wait_seconds}")
        if slow_seconds is not None:
            page.add_init_script(f"window.gtSlowSeconds = {slow_seconds}")
        page.goto(
            f"{server.url}/voila/render/{name}?token={server.token}",
            wait_until="commit",
            timeout=120_000,
        )
        yield page
    finally:
        pages.screenshot(page, f"app-loading-{shot}")
        page.close()


def _reload(page, reload) -> None:
    """Press the page's Reload: it reloads the page (which asks the server again)."""
    with page.expect_navigation(wait_until="commit", timeout=30_000):
        reload.click()
    page.locator("#gt-waiting").wait_for(state="visible", timeout=30_000)


def _box_text(page) -> str:
    return page.locator("#gt-waiting").inner_text()


def test_a_page_says_it_is_getting_ready_until_the_app_shows(browser, server: Server) -> None:
    with _opened(browser, server, "slow.ipynb", "slow") as page:
        box = page.locator("#gt-waiting")
        box.wait_for(state="visible", timeout=30_000)
        assert WAITING in _box_text(page)
        assert not page.locator(".jupyter-widgets").count(), "the app was there already"
        page.get_by_role("button", name="Play").wait_for(state="visible", timeout=120_000)
        box.wait_for(state="hidden", timeout=10_000)
        assert page.locator(".gt-reload").is_hidden()


def test_a_kernel_that_dies_before_the_app_shows_gets_a_reload_button(
    browser, server: Server
) -> None:
    with _opened(browser, server, "dies.ipynb", "kernel-died") as page:
        reload = page.locator("#gt-waiting .gt-reload")
        # No waiting time: the notebook finished with nothing to show, so the page says so.
        reload.wait_for(state="visible", timeout=60_000)
        assert NOT_STARTED in _box_text(page)
        assert WAITING not in _box_text(page)
        assert page.evaluate("() => document.activeElement.className") == "gt-reload"
        _reload(page, reload)


def test_an_app_that_never_comes_after_the_notebook_finished_gets_a_reload_button(
    browser, server: Server
) -> None:
    with _opened(browser, server, "dies_after.ipynb", "never-came", wait_seconds=8) as page:
        reload = page.locator("#gt-waiting .gt-reload")
        reload.wait_for(state="visible", timeout=90_000)
        assert NOT_STARTED in _box_text(page)
        assert not page.get_by_role("button", name="Play").is_visible()


def test_a_page_whose_notebook_never_finishes_offers_reload_and_keeps_waiting(
    browser, server: Server
) -> None:
    with _opened(browser, server, "stuck.ipynb", "stuck", slow_seconds=8) as page:
        box = page.locator("#gt-waiting")
        box.wait_for(state="visible", timeout=30_000)
        assert WAITING in _box_text(page)
        reload = page.locator("#gt-waiting .gt-reload")
        # Read at one instant in the page: a busy machine may take seconds to get here.
        since_load, hidden = page.evaluate(
            "() => [performance.now(), document.querySelector('#gt-waiting .gt-reload').hidden]"
        )
        assert hidden or since_load >= 8000, f"Reload after {since_load / 1000:.1f} s, not 8"
        reload.wait_for(state="visible", timeout=30_000)
        assert "taking longer than usual" in _box_text(page)
        assert NOT_STARTED not in _box_text(page)  # the game may still come
        assert page.locator("#gt-waiting .gt-waiting-dot").is_visible()
        _reload(page, reload)


def test_a_page_without_widgets_is_shown_as_it_is(browser, server: Server) -> None:
    with _opened(browser, server, "words.ipynb", "words", wait_seconds=2) as page:
        page.get_by_text("Hello, class").wait_for(state="visible", timeout=60_000)
        page.locator("#gt-waiting").wait_for(state="hidden", timeout=10_000)
        page.wait_for_timeout(3_000)  # past its waiting time: still no message
        assert page.locator("#gt-waiting").is_hidden()


def test_a_page_whose_kernel_dies_after_the_app_showed_says_so_and_offers_reload(
    browser, server: Server
) -> None:
    """Issue 35: a projector whose kernel died kept showing a board nothing moved on. The page
    asks the server for its kernel; once it is gone the page says so and offers Reload."""
    page = browser.new_page()
    page.add_init_script("window.gtKernelCheckSeconds = 1")
    try:
        page.goto(
            f"{server.url}/voila/render/slow.ipynb?token={server.token}",
            wait_until="commit",
            timeout=120_000,
        )
        page.get_by_role("button", name="Play").wait_for(state="visible", timeout=120_000)
        # The kernel goes (as a culled or crashed one does): shut down through Voilà's own
        # route, with the page's own cookie, as the page's goodbye is sent.
        status = page.evaluate(SHUT_DOWN_JS)
        assert status in (200, 204), status
        reload = page.locator("#gt-waiting .gt-reload")
        reload.wait_for(state="visible", timeout=30_000)
        assert "This page has stopped" in _box_text(page)
        assert page.evaluate("() => document.activeElement.className") == "gt-reload"
        _reload(page, reload)
    finally:
        pages.screenshot(page, "app-loading-kernel-gone")
        page.close()
