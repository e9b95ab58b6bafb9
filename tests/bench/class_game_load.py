"""The class game under load: rooms of one projector and six team devices, played by clicks.

Issue 23's load benchmark (a benchmark, not a timed test: nothing here fails for being slow).
Run from the repository root with the environment's Python::

    python -m tests.bench.class_game_load [--rooms 1 3] [--backend sqlite postgresql]
        [--moves 24] [--devices 6]

For each backend and each number of rooms, one Voilà server is started as the browser tests
start theirs (``tests/e2e/conftest.py``: its own folder with a copy of ``notebooks/``,
``GEOTEACH_ROOMS`` naming a SQLite file or a fresh PostgreSQL database from
``tests/postgres.py``). Each room is driven from a thread of its own, with its own Playwright and
headless Chromium: a projector page (1920×1080) opens a Globalissimo room with six teams, all
people; six device pages (1366×768) join, one seat each; the projector starts the game; then
``--moves`` moves are made by clicks on the device whose turn it is.

What is measured:

* **move → shown**: from the click on the acting device (the browser's own click time) until
  the log of each other page (the projector and the other devices) shows the move. Each page
  notes the moment itself (a ``MutationObserver``), so the figure does not depend on how fast
  this script looks.
* **join → playable**: page opened → its seat button shown, and seat clicked → the team's
  banner shown (the page's own clock again).
* **kernels**: the resident memory (RSS, and USS at the end) and CPU seconds of every kernel
  of the Voilà server, found in ``/proc`` by the tag each page carries in its address (Voilà
  hands the page's query string to its kernel as ``QUERY_STRING``).
* **lost or doubled moves**: at the end the store's move count equals the moves clicked and the
  stored numbers are exactly 0 … N-1; every page's log shows N moves.
* **recovery**: a third of the way in, the device about to move is closed and its own link
  (the address the page took after joining) opened again: it must show its seat and play on.
  Two thirds of the way in, the projector's kernel is killed and its page closed; the devices
  play one move without it; then ``class_game.ipynb`` is opened again and the room taken up
  with "Take it up again": its log must show every move, and the next moves must reach it.

A table is printed and everything is written to ``test-artifacts/class-game-load.json``.
"""

from __future__ import annotations

import argparse
import contextlib
import json
import os
import platform
import shutil
import signal
import statistics
import sys
import tempfile
import threading
import time
import traceback
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import psutil

from tests.bench.class_arrival import wait_pool
from tests.e2e.conftest import (
    ARTIFACTS,
    CHROMIUM,
    CHROMIUM_ARGS,
    ROOT,
    _env,
    _start,
    free_port,
)
from tests.e2e.servers import teacher_path

PROJECTOR = {"width": 1920, "height": 1080}
DEVICE = {"width": 1366, "height": 768}
OUT = ARTIFACTS / "class-game-load.json"
#: How many logged moves a page shows (as in tests/e2e/test_class_game.py).
LOGGED_JS = """() => {
  const ol = document.querySelector('.gt-log ol');
  if (!ol) return 0;
  return Number(ol.getAttribute('start') || 1) + ol.querySelectorAll('li').length - 1;
}"""
#: Every page notes, on its own clock, when it first shows each of these, and its last click.
INIT_JS = """
(() => {
  window.__gtFirst = {};
  window.__gtClickAt = null;
  const now = () => performance.timeOrigin + performance.now();
  document.addEventListener('click', () => { window.__gtClickAt = now(); }, true);
  const wanted = ['.gt-start', '.gt-room-code', '.gt-banner', '.gt-class-resume',
                  '.gt-join-watch'];
  const look = () => {
    for (const sel of wanted) {
      if (!(sel in window.__gtFirst) && document.querySelector(sel)) window.__gtFirst[sel] = now();
    }
    for (const el of document.querySelectorAll('[class*="gt-join-seat-"]')) {
      const m = el.className.match(/gt-join-seat-\\d+/);
      if (m && !(m[0] in window.__gtFirst)) window.__gtFirst[m[0]] = now();
    }
  };
  new MutationObserver(look).observe(
    document, {childList: true, subtree: true, attributes: true, attributeFilter: ['class']});
})();
"""
#: Before a move: note when this page's log first reaches ``target`` moves.
WATCH_JS = (
    """(target) => {
  const logged = """
    + LOGGED_JS
    + """;
  const now = () => performance.timeOrigin + performance.now();
  window.__gtSeenAt = null;
  if (window.__gtWatch) window.__gtWatch.disconnect();
  const check = () => {
    if (window.__gtSeenAt === null && logged() >= target) {
      window.__gtSeenAt = now();
      window.__gtWatch.disconnect();
    }
  };
  window.__gtWatch = new MutationObserver(check);
  window.__gtWatch.observe(document.body, {childList: true, subtree: true, characterData: true});
  check();
}"""
)
RANK = ".gt-controls .gt-rank:not([disabled])"
ANSWER = ".gt-controls .gt-submit:not([disabled])"
LOAD_TIMEOUT = 240_000
MOVE_TIMEOUT = 60_000


# ----------------------------------------------------------------------------- the server
@dataclass
class Voila:
    url: str
    token: str
    root: Path
    proc: Any
    store_url: str

    def page_url(self, path: str, tag: str) -> str:
        path = teacher_path(path, self.root)  # the projector opens the teacher's link
        joiner = "&" if "?" in path else "?"
        return f"{self.url}/voila/render/play/{path}{joiner}bench={tag}&token={self.token}"


def start_voila(work: Path, store_url: str, ready: int = 0) -> Voila:
    """A Voilà server as the ``voila`` fixture starts it, on the room store ``store_url``;
    with ``ready``, that many join-page kernels started before the devices arrive (as
    ``tasks.py voila --ready join:N``; a used one replaced 30 s later)."""
    shutil.copytree(ROOT / "notebooks", work / "notebooks")
    env = _env(work)  # the browser tests' server settings (records/ made there)
    env["GEOTEACH_ROOMS"] = store_url
    if ready:
        env.update(GEOTEACH_KERNEL_POOL=f"play/join={ready}", VOILA_APP_IP="127.0.0.1")
    port, token = free_port(), os.urandom(16).hex()
    cmd = [
        sys.executable,
        "-m",
        "geoteach.service.voila",  # Voilà with the class service, as tasks.py voila starts it
        "--no-browser",
        "--Voila.ip=127.0.0.1",
        f"--port={port}",
        f"--IdentityProvider.token={token}",
        # No culling (the fixture's): Voilà's default idle timeout is 0, never; a device that
        # waits for its turn is not idle.
        "--VoilaConfiguration.show_tracebacks=True",
        str(work / "notebooks"),
    ]
    proc = _start(cmd, port, work / "voila.log", env)
    return Voila(f"http://127.0.0.1:{port}", token, work, proc, store_url)


def stop_voila(voila: Voila) -> None:
    voila.proc.terminate()
    try:
        voila.proc.wait(timeout=30)
    except Exception:
        voila.proc.kill()
        voila.proc.wait()


@contextlib.contextmanager
def room_store(backend: str, work: Path) -> Iterator[str]:
    """The room store's URL: a SQLite file in ``work``, or a fresh PostgreSQL database."""
    if backend == "sqlite":
        yield str(work / "rooms.sqlite")
        return
    from tests.postgres import fresh_database, server

    with server() as admin, fresh_database(admin) as url:
        yield url


# ----------------------------------------------------------------------------- the kernels
def _tag(proc: psutil.Process) -> str | None:
    try:
        query = proc.environ().get("QUERY_STRING", "")
    except psutil.Error:
        return None
    for part in query.split("&"):
        if part.startswith("bench="):
            return part[len("bench=") :]
    return None


def kernels(server_pid: int, full: bool = False) -> dict[int, dict[str, Any]]:
    """Every live kernel of the server: its page's tag, RSS (MB), CPU seconds (and USS)."""
    found: dict[int, dict[str, Any]] = {}
    try:
        children = psutil.Process(server_pid).children(recursive=True)
    except psutil.Error:
        return found
    for child in children:
        try:
            if child.status() == psutil.STATUS_ZOMBIE:
                continue
            if "ipykernel" not in " ".join(child.cmdline()):
                continue
            cpu = child.cpu_times()
            info = {
                "tag": _tag(child),
                "rss_mb": child.memory_info().rss / 2**20,
                "cpu_s": cpu.user + cpu.system,
                "started": child.create_time(),
            }
            if full:
                info["uss_mb"] = child.memory_full_info().uss / 2**20
            found[child.pid] = info
        except psutil.Error:
            continue
    return found


def kernel_of(server_pid: int, tag: str) -> int | None:
    """The newest kernel of the page tagged ``tag`` (a reloaded page has a new one)."""
    found = kernels(server_pid)
    for pid, info in sorted(found.items(), key=lambda item: -item[1]["started"]):
        if info["tag"] == tag:
            return pid
    return None


def process_cpu(pid: int) -> float:
    cpu = psutil.Process(pid).cpu_times()
    return cpu.user + cpu.system


class Sampler(threading.Thread):
    """Every two seconds: each kernel's RSS (the largest is kept) and CPU seconds."""

    def __init__(self, server_pid: int) -> None:
        super().__init__(daemon=True, name="kernel sampler")
        self.server_pid = server_pid
        self.peak: dict[int, dict[str, Any]] = {}
        self.done = threading.Event()

    def run(self) -> None:
        while not self.done.wait(2.0):
            for pid, info in kernels(self.server_pid).items():
                seen = self.peak.setdefault(pid, {"tag": info["tag"], "peak_rss_mb": 0.0})
                seen["tag"] = seen["tag"] or info["tag"]
                seen["peak_rss_mb"] = max(seen["peak_rss_mb"], info["rss_mb"])
                seen["cpu_s"] = info["cpu_s"]


# ----------------------------------------------------------------------------- one room
def _logged(page: Any) -> int:
    return int(page.evaluate(LOGGED_JS))


def _first(page: Any, selector: str) -> float | None:
    return page.evaluate(f"() => window.__gtFirst[{json.dumps(selector)}] ?? null")


def _origin(page: Any) -> float:
    return float(page.evaluate("() => performance.timeOrigin"))


@dataclass
class RoomRun:
    """One room: a projector and its devices, driven from one thread."""

    index: int
    voila: Voila
    moves: int
    devices: int
    code: str = ""
    result: dict[str, Any] = field(default_factory=dict)
    error: str | None = None

    def tag(self, who: str) -> str:
        return f"r{self.index}-{who}"

    # -- pages
    def open(self, path: str, who: str, size: dict[str, int]) -> Any:
        page = self.context.new_page()
        page.set_viewport_size(size)
        page.goto(self.voila.page_url(path, self.tag(who)), wait_until="commit", timeout=60_000)
        return page

    def run(self) -> None:
        from playwright.sync_api import sync_playwright

        profile = tempfile.mkdtemp(prefix=f"geoteach-bench-chromium-{self.index}-")
        pw = sync_playwright().start()
        try:
            self.context = pw.chromium.launch_persistent_context(
                profile,
                executable_path=str(CHROMIUM),
                headless=True,
                args=CHROMIUM_ARGS,
                viewport=DEVICE,
            )
            self.context.set_default_timeout(MOVE_TIMEOUT)
            self.context.add_init_script(INIT_JS)
            self.play()
        except Exception:
            self.error = traceback.format_exc()
            self.keep_evidence()
        finally:
            with contextlib.suppress(Exception):
                self.store.close()
            with contextlib.suppress(Exception):
                self.context.close()
            pw.stop()
            shutil.rmtree(profile, ignore_errors=True)

    def keep_evidence(self) -> None:
        """After a failure: a screenshot and the text of every open page of this room."""
        for number, page in enumerate(self.context.pages):
            with contextlib.suppress(Exception):
                name = ARTIFACTS / f"class-game-load-room{self.index}-page{number}"
                page.screenshot(path=f"{name}.png")
                Path(f"{name}.txt").write_text(f"{page.url}\n\n{page.inner_text('body')}")

    def wait_or_reload(self, page: Any, selector: str) -> None:
        """Wait for the app; a page Voilà never answered is reloaded once (and said).

        Seen on the overloaded machine, with Voilà's "Timeout waiting for IOPub output" in its
        log: the page stays blank. The teacher would press reload too.
        """
        try:
            page.wait_for_selector(selector, timeout=LOAD_TIMEOUT // 2)
        except Exception:
            self.result.setdefault("pages_reloaded", []).append(page.url.split("&token=")[0])
            page.reload(wait_until="commit")
            page.wait_for_selector(selector, timeout=LOAD_TIMEOUT)

    def open_room(self) -> None:
        page = self.open("class_game.ipynb", "projector", PROJECTOR)
        self.wait_or_reload(page, ".gt-start")
        self.result["projector_open_to_setup_s"] = (_first(page, ".gt-start") - _origin(page)) / 1e3
        # The table set-up's number of teams: six rows, every one a person.
        count = page.locator(".gt-setup input[type=number]").first
        count.fill(str(self.devices))
        count.press("Enter")
        page.wait_for_selector(f'input[title="Seat {self.devices}: name"]', timeout=30_000)
        kinds = page.locator('select[title$=": person or computer"]')
        assert kinds.count() == self.devices, f"{kinds.count()} rows, not {self.devices}"
        for i in range(self.devices):
            shown = kinds.nth(i).evaluate("el => el.options[el.selectedIndex].text")
            assert shown == "person", f"seat {i + 1} is {shown!r}, not a person"
        page.click(".gt-start")  # "Open the room"
        page.wait_for_selector(".gt-room-code", timeout=60_000)
        self.code = page.inner_text(".gt-room-code").strip()
        self.projector = page

    def join_devices(self) -> None:
        self.pages: list[Any] = []
        joins = []
        for seat in range(self.devices):
            page = self.open(f"join.ipynb?room={self.code}", f"d{seat}", DEVICE)
            button = f".gt-join-seat-{seat}"
            page.wait_for_selector(button, timeout=LOAD_TIMEOUT)
            page.click(button)
            page.wait_for_selector(".gt-banner", timeout=60_000)
            page.wait_for_function("() => location.search.includes('key=')", timeout=30_000)
            origin = _origin(page)
            shown = _first(page, f"gt-join-seat-{seat}")
            clicked = page.evaluate("() => window.__gtClickAt")
            banner = _first(page, ".gt-banner")
            joins.append(
                {
                    "seat": seat,
                    "open_to_seat_button_s": (shown - origin) / 1e3,
                    "seat_click_to_banner_s": (banner - clicked) / 1e3,
                    "join_to_playable_s": (shown - origin + banner - clicked) / 1e3,
                }
            )
            self.pages.append(page)
        self.result["joins"] = joins

    def start(self) -> None:
        p = self.projector
        p.wait_for_function(
            f"() => document.body.innerText.includes("
            f"'{self.devices} of {self.devices} teams have joined')",
            timeout=60_000,
        )
        p.click(".gt-class-start")
        p.wait_for_selector(".gt-banner", timeout=60_000)

    # -- moves
    def acting(self) -> int | None:
        for seat, page in enumerate(self.pages):
            for selector in (RANK, ANSWER):
                found = page.locator(selector)
                if found.count() and found.first.is_visible():
                    return seat
        return None

    def wait_acting(self, timeout: float = 60.0) -> int:
        deadline = time.monotonic() + timeout
        seat = self.acting()
        while seat is None:
            if time.monotonic() > deadline:
                raise TimeoutError("no team was asked to move")
            for page in self.pages:
                cont = page.locator(".gt-continue")
                if cont.count() and cont.first.is_visible():
                    cont.first.click()
            time.sleep(0.2)
            seat = self.acting()
        return seat

    def act(self, page: Any, synthetic: bool = False) -> None:
        """A rank for the country picked, or at a hurdle the answer 1 (a move either way).

        ``synthetic``: the button gets a click event without the pointer (for a last try when
        the page kept moving the button under the pointer)."""
        rank = page.locator(RANK)
        if rank.count() and rank.first.is_visible():
            button = rank.first
        else:
            page.fill(".gt-controls .gt-answer input", "1", timeout=10_000)
            button = page.locator(ANSWER).first
        if synthetic:
            button.dispatch_event("click", timeout=10_000)
        else:
            button.click(timeout=10_000)

    def stored(self) -> int:
        return self.store.count(self.room_id)

    def move(self, watchers: list[Any], attempts: int = 4) -> dict[str, Any]:
        """One move by clicks on the acting device; when each other page's log shows it.

        (A screen logs the moves made elsewhere, not its own: the acting page is not watched.)
        A click that did not land (the page drew the controls again as it was aimed: the store
        has no new move) is tried again, the last time as a click event on the button.
        """
        for attempt in range(attempts):
            seat = self.wait_acting()
            actor = self.pages[seat]
            others = [p for i, p in enumerate(self.pages) if i != seat] + watchers
            for page in others:
                page.evaluate(WATCH_JS, _logged(page) + 1)
            before = self.stored()
            try:
                self.act(actor, synthetic=attempt == attempts - 1)
                break
            except Exception:
                time.sleep(1.0)
                if self.stored() > before:
                    break  # it landed all the same
                if attempt == attempts - 1:
                    raise
        clicked = actor.evaluate("() => window.__gtClickAt")
        seen, missing = [], 0
        for page in others:
            try:
                page.wait_for_function("() => window.__gtSeenAt !== null", timeout=MOVE_TIMEOUT)
                seen.append((page.evaluate("() => window.__gtSeenAt") - clicked) / 1e3)
            except Exception:
                missing += 1
        self.clicked += 1
        self.result["clicked"] = self.clicked  # kept for the store's check if a later step fails
        return {"seat": seat, "shown_s": seen, "missing": missing, "missed_clicks": attempt}

    def same_game(self, page: Any, reference: Any, timeout: float = 30.0) -> bool:
        """``page`` shows the game where ``reference`` does: the same leaderboard (each team's
        points and hurdles, and the ▶ of the team to act).

        Not the board: a page that watched a round end keeps its result on the board (with the
        verdict card) until Continue, while a page opened since shows the next round.
        """
        deadline = time.monotonic() + timeout
        while True:
            mine, theirs = page.inner_text(".gt-leaders"), reference.inner_text(".gt-leaders")
            if mine == theirs:
                return True
            if time.monotonic() > deadline:
                self.result.setdefault("differences", []).append({"page": mine, "other": theirs})
                return False
            time.sleep(0.5)

    # -- recovery
    def kill_device(self) -> dict[str, Any]:
        """Close the page of the team about to move; open its own link again; it plays on."""
        seat = self.wait_acting()
        page = self.pages[seat]
        link = page.url.split("/play/", 1)[1].split("&token=")[0].split("?token=")[0]
        page.close()
        begin = time.time()
        again = self.open(link, f"d{seat}-again", DEVICE)
        again.wait_for_selector(".gt-banner", timeout=LOAD_TIMEOUT)
        shown = (_first(again, ".gt-banner") - begin * 1e3) / 1e3
        who = again.inner_text(".gt-device-who")
        self.pages[seat] = again
        return {
            "seat": seat,
            "reopen_to_banner_s": shown,
            "same_seat": "You play for" in who,
            "same_game": self.same_game(again, self.projector),
            "its_turn_again": self.wait_acting() == seat,
        }

    def kill_projector(self) -> dict[str, Any]:
        """Kill the projector's kernel, play a move without it, take the room up again."""
        pid = kernel_of(self.voila.proc.pid, self.tag("projector"))
        killed = False
        if pid is not None:
            os.kill(pid, signal.SIGKILL)
            killed = True
        self.projector.close()
        without = self.move([])  # the teams play on while the projector is away
        begin = time.time()
        page = self.open("class_game.ipynb", "projector-again", PROJECTOR)
        self.wait_or_reload(page, ".gt-class-resume")
        picker = page.locator(f"select:has(option:text-matches('^{self.code}'))")
        label = picker.locator("option", has_text=self.code).first.inner_text()
        picker.select_option(label=label)
        page.click(".gt-class-resume")
        page.wait_for_selector(".gt-banner", timeout=60_000)
        reopened = time.time() - begin
        self.projector = page
        reference = self.pages[(without["seat"] + 1) % len(self.pages)]
        return {
            "kernel_killed": killed,
            "move_without_projector": without,
            "reopen_to_game_s": reopened,
            "same_game": self.same_game(page, reference),
        }

    def play(self) -> None:
        began = time.time()
        self.clicked = 0
        self.open_room()
        from geoteach.store.rooms import RoomStore

        self.store = RoomStore(self.voila.store_url)
        self.room_id = self.store.room(self.code).id
        self.join_devices()
        self.start()
        self.result["code"] = self.code
        self.result["set_up_s"] = time.time() - began
        self.result["play_began"] = time.time()
        self.result["moves"] = moves = []
        kill_device_at, kill_projector_at = self.moves // 3, (2 * self.moves) // 3
        recovery: dict[str, Any] = {}
        while self.clicked < self.moves:
            if self.clicked == kill_device_at and "device" not in recovery:
                recovery["device"] = self.kill_device()
            if self.clicked == kill_projector_at and "projector" not in recovery:
                recovery["projector"] = self.kill_projector()
                moves.append(recovery["projector"]["move_without_projector"])
                continue
            moves.append(self.move([self.projector]))
        self.result["play_ended"] = time.time()
        self.result["moves"] = moves
        self.result["clicked"] = self.clicked
        # Recovered: each came back and the moves after it reached every page.
        after = [m for m in moves[kill_projector_at + 1 :]]
        if "projector" in recovery:
            recovery["projector"]["recovered"] = bool(
                recovery["projector"]["same_game"]
                and after
                and all(m["missing"] == 0 for m in after)
            )
        if "device" in recovery:
            recovery["device"]["recovered"] = bool(
                recovery["device"]["same_seat"]
                and recovery["device"]["same_game"]
                and recovery["device"]["its_turn_again"]
                and all(m["missing"] == 0 for m in moves[kill_device_at:])
            )
        self.result["recovery"] = recovery
        # At the end every device shows the game as the projector does.
        self.result["all_pages_agree"] = all(self.same_game(p, self.projector) for p in self.pages)


# ----------------------------------------------------------------------------- one configuration
def quantiles(values: list[float]) -> dict[str, float | None]:
    if not values:
        return {"n": 0, "p50": None, "p95": None, "max": None}
    ordered = sorted(values)
    p95 = ordered[min(len(ordered) - 1, max(0, round(0.95 * len(ordered)) - 1))]
    return {
        "n": len(ordered),
        "p50": statistics.median(ordered),
        "p95": p95,
        "max": ordered[-1],
    }


def check_store(url: str, code: str, clicked: int) -> dict[str, Any]:
    from geoteach.store.rooms import RoomStore

    store = RoomStore(url)
    try:
        room = store.room(code)
        numbers = [m.number for m in store.moves(room.id)]
        count = store.count(room.id)
        by = {}
        for m in store.moves(room.id):
            by[m.by] = by.get(m.by, 0) + 1
    finally:
        store.close()
    return {
        "stored": count,
        "clicked": clicked,
        "numbers_ok": numbers == list(range(len(numbers))),
        "lost": max(0, clicked - count),
        "doubled": max(0, count - clicked) + len(numbers) - len(set(numbers)),
        "by": by,
    }


def run_configuration(
    backend: str, rooms: int, moves: int, devices: int, ready: bool = False
) -> dict[str, Any]:
    work = Path(tempfile.mkdtemp(prefix=f"geoteach-bench-{backend}-{rooms}-"))
    try:
        with room_store(backend, work) as url:
            # Ready kernels: one per device, and one for each reopened device's page.
            pool = rooms * (devices + 1) + 1 if ready else 0
            voila = start_voila(work, url, pool)
            try:
                if pool:
                    wait_pool(voila.proc.pid, pool, 600)
                result = _measure(voila, backend, rooms, moves, devices)
                result["ready_join_kernels"] = pool
                return result
            finally:
                stop_voila(voila)
                with contextlib.suppress(OSError):
                    log = ARTIFACTS / f"class-game-load-{backend}-{rooms}.log"
                    shutil.copy(work / "voila.log", log)
    finally:
        shutil.rmtree(work, ignore_errors=True)


def _measure(voila: Voila, backend: str, rooms: int, moves: int, devices: int) -> dict[str, Any]:
    sampler = Sampler(voila.proc.pid)
    sampler.start()
    server_cpu0 = process_cpu(voila.proc.pid)
    load0 = os.getloadavg()
    began = time.time()
    runs = [RoomRun(i, voila, moves, devices) for i in range(rooms)]
    threads = [threading.Thread(target=r.run, name=f"room {r.index}") for r in runs]
    for t in threads:
        t.start()
        time.sleep(3.0)  # the teachers of the rooms do not all click in the same second
    # The kernels' figures while the game is played (the pages are still open here).
    final: dict[int, dict[str, Any]] = {}
    while any(t.is_alive() for t in threads):
        if all(r.result.get("play_ended") or r.error for r in runs):
            break
        with contextlib.suppress(Exception):
            if any(r.result.get("play_began") for r in runs):
                final = kernels(voila.proc.pid, full=True) or final
        time.sleep(3.0)
    final = kernels(voila.proc.pid, full=True) or final
    for t in threads:
        t.join()
    sampler.done.set()
    sampler.join()
    server_cpu = process_cpu(voila.proc.pid) - server_cpu0
    load1 = os.getloadavg()

    config: dict[str, Any] = {
        "backend": backend,
        "rooms": rooms,
        "devices_per_room": devices,
        "moves_per_room": moves,
        "wall_s": time.time() - began,
        "load_average_before": load0,
        "load_average_after": load1,
        "voila_server_cpu_s": server_cpu,
        "rooms_detail": [],
    }
    shown, joins = [], []
    for run in runs:
        detail = dict(run.result, index=run.index, error=run.error)
        if run.code and "clicked" in run.result:
            detail["store"] = check_store(voila.store_url, run.code, run.result["clicked"])
        for m in run.result.get("moves", []):
            shown += m["shown_s"]
        joins += [j["join_to_playable_s"] for j in run.result.get("joins", [])]
        config["rooms_detail"].append(detail)
    config["move_to_shown_s"] = quantiles(shown)
    config["join_to_playable_s"] = quantiles(joins)
    config["kernels"] = _kernel_table(final, sampler.peak)
    return config


def _kernel_table(final: dict[int, dict[str, Any]], peak: dict[int, dict[str, Any]]) -> dict:
    rows = []
    for pid in sorted(set(final) | set(peak)):
        now, top = final.get(pid, {}), peak.get(pid, {})
        rows.append(
            {
                "pid": pid,
                "tag": now.get("tag") or top.get("tag"),
                "rss_mb": now.get("rss_mb"),
                "uss_mb": now.get("uss_mb"),
                "peak_rss_mb": top.get("peak_rss_mb"),
                "cpu_s": now.get("cpu_s", top.get("cpu_s")),
            }
        )

    def summary(kind: str) -> dict[str, Any]:
        chosen = [
            r for r in rows if r["tag"] and ("projector" in r["tag"]) == (kind == "projector")
        ]
        rss = [r["peak_rss_mb"] or r["rss_mb"] or 0.0 for r in chosen]
        uss = [r["uss_mb"] for r in chosen if r["uss_mb"] is not None]
        cpu = [r["cpu_s"] or 0.0 for r in chosen]
        return {
            "kernels": len(chosen),
            "peak_rss_mb_mean": statistics.mean(rss) if rss else None,
            "peak_rss_mb_max": max(rss) if rss else None,
            "uss_mb_mean": statistics.mean(uss) if uss else None,
            "cpu_s_mean": statistics.mean(cpu) if cpu else None,
            "cpu_s_total": sum(cpu),
        }

    return {"each": rows, "device": summary("device"), "projector": summary("projector")}


# ----------------------------------------------------------------------------- the report
def _ms(value: float | None) -> str:
    return "—" if value is None else f"{value * 1000:.0f}"


def table(configs: list[dict[str, Any]]) -> str:
    head = (
        f"{'backend':<11}{'rooms':>5}{'dev':>4}{'moves':>6}  {'shown p50/p95/max ms':<22}"
        f"{'join p50/max s':<16}{'dev RSS MB':>11}{'proj RSS MB':>12}{'dev CPU s':>10}"
        f"{'lost':>5}{'dbl':>4}  recovered (device, projector)"
    )
    lines = [head, "-" * len(head)]
    for c in configs:
        s, j = c["move_to_shown_s"], c["join_to_playable_s"]
        d, p = c["kernels"]["device"], c["kernels"]["projector"]
        lost = sum(r.get("store", {}).get("lost", 0) for r in c["rooms_detail"])
        doubled = sum(r.get("store", {}).get("doubled", 0) for r in c["rooms_detail"])
        rec = []
        for r in c["rooms_detail"]:
            got = r.get("recovery", {})
            rec.append(
                f"{got.get('device', {}).get('recovered', '?')}/"
                f"{got.get('projector', {}).get('recovered', '?')}"
                + (" ERROR" if r.get("error") else "")
            )
        join = "—" if j["p50"] is None else f"{j['p50']:.1f}/{j['max']:.1f}"
        dev_rss = d["peak_rss_mb_mean"]
        proj_rss = p["peak_rss_mb_mean"]
        dev_cpu = d["cpu_s_mean"]
        lines.append(
            f"{c['backend']:<11}{c['rooms']:>5}{c['devices_per_room']:>4}"
            f"{c['moves_per_room']:>6}  "
            f"{_ms(s['p50']) + '/' + _ms(s['p95']) + '/' + _ms(s['max']):<22}{join:<16}"
            f"{'—' if dev_rss is None else f'{dev_rss:.0f}':>11}"
            f"{'—' if proj_rss is None else f'{proj_rss:.0f}':>12}"
            f"{'—' if dev_cpu is None else f'{dev_cpu:.1f}':>10}"
            f"{lost:>5}{doubled:>4}  {', '.join(rec)}"
        )
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--rooms", type=int, nargs="+", default=[1, 3])
    parser.add_argument(
        "--backend", nargs="+", choices=["sqlite", "postgresql"], default=["sqlite", "postgresql"]
    )
    parser.add_argument("--moves", type=int, default=24)
    parser.add_argument("--devices", type=int, default=6, help="team devices per room (2–6)")
    parser.add_argument(
        "--ready",
        action="store_true",
        help="join-page kernels started before the devices arrive (tasks.py voila --ready)",
    )
    parser.add_argument("--out", type=Path, default=OUT)
    args = parser.parse_args(argv)
    # A SIGTERM ends the run as Ctrl-C would: the Voilà server and its kernels are stopped.
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(143))
    if not CHROMIUM.exists():
        parser.error(f"{CHROMIUM} is not installed (Debian: apt-get install chromium)")
    if not 2 <= args.devices <= 6:
        parser.error("a Globalissimo room has 2 to 6 teams")
    ARTIFACTS.mkdir(exist_ok=True)
    previous = json.loads(args.out.read_text()) if args.out.exists() else {}
    kept = {
        (c["backend"], c["rooms"], bool(c.get("ready_join_kernels"))): c
        for c in previous.get("configurations", [])
    }
    configs = []
    for backend in args.backend:
        for rooms in args.rooms:
            print(f"… {backend}, {rooms} room(s) of {args.devices} devices", flush=True)
            config = run_configuration(backend, rooms, args.moves, args.devices, args.ready)
            configs.append(config)
            kept[(backend, rooms, args.ready)] = config
            for detail in config["rooms_detail"]:
                if detail.get("error"):
                    print(f"room {detail['index']} failed:\n{detail['error']}", file=sys.stderr)
            print(table([config]), flush=True)
            args.out.write_text(
                json.dumps(
                    {
                        "machine": {
                            "cpus": psutil.cpu_count(),
                            "memory_gb": psutil.virtual_memory().total / 2**30,
                            "python": platform.python_version(),
                        },
                        "configurations": list(kept.values()),
                    },
                    indent=2,
                    default=str,
                )
            )
    print()
    print(table(configs))
    print(f"\nWritten: {args.out}")
    return 0 if all(not r.get("error") for c in configs for r in c["rooms_detail"]) else 1


if __name__ == "__main__":
    raise SystemExit(main())
