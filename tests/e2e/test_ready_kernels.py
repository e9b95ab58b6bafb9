"""Kernels ready before the class arrives: `python3 tasks.py voila --ready globalissimo:2`.

The school server starts the named apps' kernels ahead (Voilà's preheated kernels), each one
already showing its set-up screen. A student's page then takes one of them, and must still:

* follow its address: ``?seed=42`` deals the seed's cards (the same as an ordinary kernel
  deals them) and ``?large=1`` gives large text; a class game's ``?room=CODE`` opens the room;
* shut its kernel down when it is closed (the page makes its own ``_xsrf`` cookie: Voilà
  refuses the kit's cookie hook beside a pool);
* be replaced in the pool after the delay, so the next class finds it full.
"""

from __future__ import annotations

import os
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import psutil
import pytest

from geoteach.classroom.remote import HttpConnection
from geoteach.classroom.rooms import setup_of
from geoteach.games.table import Seat, Table
from geoteach.ui.apps import app
from geoteach.ui.registry import SCREENS
from tests.e2e import pages
from tests.e2e.conftest import free_port, wait_for_port
from tests.e2e.servers import kit_copy, press_ctrl_c, teacher_secret
from tests.e2e.test_voila_config import VoilaServer, _env
from tests.waiting import until

#: A used kernel is replaced this many seconds later (the kit's default is 30).
REFILL = 3
POOL = {"globalissimo": 2, "join": 1}


@pytest.fixture(scope="module")
def ready_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[VoilaServer]:
    """`tasks.py voila --ready globalissimo:2 --ready join:1` on a copy of the kit."""
    kit = kit_copy(tmp_path_factory.mktemp("ready-kit"))
    records = kit / "records"
    records.mkdir()
    env = _env(kit)  # the school server's settings, as test_voila_config starts it
    env.update(
        {
            "GEOTEACH_KERNEL_POOL_DELAY": str(REFILL),
            "GEOTEACH_ROOMS": str(records / "rooms.sqlite"),
        }
    )
    env.pop("GEOTEACH_LESSON_RECORD", None)
    port = free_port()
    ready = [arg for name, n in POOL.items() for arg in ("--ready", f"{name}:{n}")]
    cmd = [sys.executable, "tasks.py", "voila", "--ip", "127.0.0.1", "--port", str(port), *ready]
    log = kit / "voila.log"
    with log.open("w") as out:
        proc = subprocess.Popen(
            [*cmd, "--no-browser"], cwd=kit, env=env, stdout=out, stderr=subprocess.STDOUT
        )
    wait_for_port(port, proc)
    (voila,) = psutil.Process(proc.pid).children()
    server = VoilaServer(f"http://127.0.0.1:{port}", proc, voila.pid)
    server.log = log  # type: ignore[attr-defined]
    server.rooms = records / "rooms.sqlite"  # type: ignore[attr-defined]
    _wait_full(server, sum(POOL.values()))
    yield server
    press_ctrl_c(proc)


def _wait_full(server: VoilaServer, size: int, timeout: float = 300) -> None:
    """Until the pool's kernels run and have been quiet for 2 s (their app's cell is done)."""
    seen: dict[str, Any] = {"since": time.monotonic(), "last": None}

    def full_and_quiet() -> bool:
        now = {}
        for pid in server.kernels():
            try:
                times = psutil.Process(pid).cpu_times()
                now[pid] = round(times.user + times.system, 2)
            except psutil.Error:
                continue
        if len(now) < size or now != seen["last"]:
            seen["since"] = time.monotonic()
        seen["last"] = now
        return time.monotonic() - seen["since"] > 2

    until(full_and_quiet, f"the pool of {size} kernels was not ready", timeout, 0.5)


def _used_preheated(server: VoilaServer, count: int) -> bool:
    return server.log.read_text().count("Using pre-heated kernel") >= count  # type: ignore


def _countries(page) -> list[str]:
    """The round's country cards on the page, by name, in the order they lie."""
    return page.eval_on_selector_all(".gt-card b", "all => all.map(b => b.textContent.trim())")


def test_a_ready_kernel_follows_its_pages_seed_and_large_text(browser, ready_server) -> None:
    server = ready_server
    expected = app("globalissimo", seed=42)  # the same deal from a kernel started for its page
    expected.setup.start.click()
    screen = expected.screen
    assert screen is not None
    first = screen.game.view(None)["round"]
    wanted = [first["names"][c] for c in first["countries"]]

    page = browser.new_page()
    page.set_viewport_size({"width": 1366, "height": 768})
    begin = time.monotonic()
    try:
        page.goto(f"{server.url}/voila/render/globalissimo.ipynb?seed=42&large=1")
        page.wait_for_selector(".gt-setup button.jupyter-button", timeout=120_000)
        pages.record_timing("ready kernel: page to set-up screen", time.monotonic() - begin)
        assert _used_preheated(server, 1), "the page did not get a ready kernel"
        page.locator(".gt-start").first.click()
        page.wait_for_selector(".gt-app.gt-large .gt-banner", timeout=120_000)
        page.wait_for_selector(".gt-card b", timeout=120_000)
        assert _countries(page) == wanted
        pages.screenshot(page, "ready-kernel-globalissimo")
        kernel = server.kernel_of(page)
    finally:
        page.close(run_before_unload=True)  # the goodbye, with the page's own cookie
    server.wait_gone({kernel}, timeout=60)
    # The used kernel is replaced (after REFILL seconds): the next class finds the pool full
    # again. The pool is one kernel short until then, so the wait is for the full count.
    _wait_full(server, sum(POOL.values()))


def test_a_ready_join_kernel_opens_the_room_of_its_link(browser, ready_server) -> None:
    server = ready_server
    service = HttpConnection(f"{server.url}/geoteach/api")
    secret = teacher_secret(server.rooms.parents[1])  # type: ignore[attr-defined]
    table = Table([Seat("Team Amber"), Seat("Team Blue")])
    game = SCREENS["globalissimo"].new_game(table, {"rounds": 2, "honor": False})
    opened = service.call(
        {"kind": "open", "teacher": secret, "game": "globalissimo", "setup": setup_of(game)}
    )
    code = opened["ok"]["code"]
    used = server.log.read_text().count("Using pre-heated kernel")  # type: ignore
    page = browser.new_page()
    page.set_viewport_size({"width": 1366, "height": 768})
    try:
        page.goto(f"{server.url}/voila/render/join.ipynb?room={code}")
        page.wait_for_selector(".gt-join-seat-0", timeout=120_000)
        assert _used_preheated(server, used + 1), "the join page did not get a ready kernel"
        assert "Team Amber" in page.inner_text(".gt-join-seats")
        page.locator(".gt-join-seat-1").first.click()
        page.wait_for_selector(".gt-device-who", timeout=120_000)
        assert "Team Blue" in page.inner_text(".gt-device-who")
        pages.screenshot(page, "ready-kernel-join")
    finally:
        page.close(run_before_unload=True)
    service.call({"kind": "teacher", "teacher": secret, "code": code, "verb": "end"})


def test_the_server_names_a_wrong_ready_option(tmp_path: Path) -> None:
    run = subprocess.run(
        [sys.executable, "tasks.py", "voila", "--ready", "chess:3", "--no-browser"],
        cwd=Path(__file__).resolve().parents[2],
        env={**os.environ, "GEOTEACH_VENV": sys.prefix},
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert run.returncode != 0
    assert "write APP:NUMBER" in run.stderr
