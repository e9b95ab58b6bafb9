"""A classroom on a real JupyterHub: N students log in at once, open a game app and play.

The hub runs deploy/jupyterhub_config.py (what a school's hub adds) on this machine, on
127.0.0.1 only: JupyterHub from PyPI, configurable-http-proxy from npm (`tasks.py test`
installs it), the dummy login and the local process spawner. Headless Chromium plays N students
(GEOTEACH_HUB_STUDENTS, default 5) in parallel: log in, land on the app list, open an app, click
a few moves. Reported (test-artifacts/classroom_hub.json, and the test's summary line): memory
and CPU per student, time to playable, click -> update p95 under load, and the time until the
idle culler has stopped every student's server after they left. deploy/README.md sizes a class
of 30 from these figures.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import os
import secrets
import shutil
import statistics
import subprocess
import sys
import time
import urllib.request
from collections.abc import Callable, Iterable
from pathlib import Path

import psutil
import pytest

from geoteach.launch import stop
from tests.e2e.conftest import ARTIFACTS, CHROMIUM, CHROMIUM_ARGS, _no_browser, free_port
from tests.e2e.servers import jupyter_env, kit_copy, live_kernels, student_apps
from tests.waiting import Waited, elapsed_until, until

pytestmark = pytest.mark.slow

STUDENTS = int(os.environ.get("GEOTEACH_HUB_STUDENTS", "5"))
MOVES = 4
#: Time a student has for those moves (computer players take their turns in between).
MOVES_SECONDS = 60
#: Idle time after which the culler stops a server, short for the test (an hour in class).
IDLE_SECONDS = 30
#: Clickable things of the game apps: widget buttons, and Globalissimo's country rank cells.
CLICKABLE = "button.jupyter-button:not([disabled]):visible, .gt-rank:visible"
#: Buttons a generic player leaves alone: they open files or end the game.
LEAVE_ALONE = ("save", "resume", "quit", "new game", "restart")

#: Wait until the page has been still for 1.5 s (computer players have finished their turns), so
#: that the next change on the page answers the student's click, not a computer's move.
SETTLE = """() => new Promise(resolve => {
  let timer;
  const done = () => { watch.disconnect(); resolve(); };
  const watch = new MutationObserver(() => {
    clearTimeout(timer);
    timer = setTimeout(done, 1500);
  });
  watch.observe(document.body, {subtree: true, childList: true, characterData: true});
  timer = setTimeout(done, 1500);
  setTimeout(done, 20000);
})"""

#: Note when the page last heard from its kernel (its websocket), before the page's scripts run.
HEAR_KERNEL = """(() => {
  window.__gtKernelAt = 0;
  const Native = window.WebSocket;
  window.WebSocket = class extends Native {
    constructor(...args) {
      super(...args);
      this.addEventListener('message', () => { window.__gtKernelAt = performance.now(); });
    }
  };
})();"""

#: Arm the page: the next click's time, and the time the widgets' text first changes after the
#: kernel has answered it (changes the browser makes alone, before any answer, do not count).
ARM = """() => {
  const text = () => [...document.querySelectorAll('.jupyter-widgets')]
    .map(el => el.innerText).join('\\n');
  const before = text();
  window.__gtClickAt = null;
  window.__gtLatency = null;
  document.addEventListener('click', () => { window.__gtClickAt = performance.now(); },
                            {capture: true, once: true});
  const watch = new MutationObserver(() => {
    const answered = window.__gtClickAt !== null && window.__gtKernelAt > window.__gtClickAt;
    if (answered && text() !== before) {
      window.__gtLatency = performance.now() - window.__gtClickAt;
      watch.disconnect();
    }
  });
  watch.observe(document.body, {subtree: true, childList: true, characterData: true});
}"""


def _proxy_command() -> str | None:
    installed = Path(sys.prefix) / "hub-proxy" / "node_modules" / ".bin" / "configurable-http-proxy"
    return str(installed) if installed.exists() else shutil.which("configurable-http-proxy")


def _hub_config(kit: Path, ports: dict[str, int], token: str, work: Path, proxy: str) -> Path:
    """The test hub: the school's part (deploy/) plus a test login, spawner and addresses."""
    spawner_env = {
        "JUPYTERHUB_ACTIVITY_INTERVAL": "5",
        "MPLBACKEND": "module://ipympl.backend_nbagg",
        **{k: v for k, v in jupyter_env({}).items()},
    }
    text = f"""
load_subconfig({str(kit / "deploy" / "jupyterhub_config.py")!r})
c.JupyterHub.ip = "127.0.0.1"
c.JupyterHub.port = {ports["public"]}
c.JupyterHub.hub_ip = "127.0.0.1"
c.JupyterHub.hub_port = {ports["hub"]}
c.ConfigurableHTTPProxy.api_url = "http://127.0.0.1:{ports["proxy_api"]}"
c.ConfigurableHTTPProxy.command = [{proxy!r}]
c.JupyterHub.authenticator_class = "dummy"
c.DummyAuthenticator.password = "classroom"
c.Authenticator.allow_all = True
c.JupyterHub.spawner_class = "simple"
c.SimpleLocalProcessSpawner.home_dir_template = {str(work / "homes" / "{username}")!r}
c.Spawner.environment.update({spawner_env!r})
# CI runs as root; a student's server refuses root unless told (a school's hub never runs one so).
c.Spawner.args = {["--allow-root"] if os.geteuid() == 0 else []!r}
c.Spawner.start_timeout = 240
c.Spawner.http_timeout = 240
c.JupyterHub.db_url = "sqlite:///{work / "jupyterhub.sqlite"}"
c.JupyterHub.cookie_secret_file = {str(work / "cookie_secret")!r}
c.JupyterHub.last_activity_interval = 5
c.JupyterHub.services.append({{"name": "load-test", "api_token": {token!r}}})
c.JupyterHub.load_roles.append(
    {{"name": "load-test", "scopes": ["list:users", "read:servers"], "services": ["load-test"]}}
)
"""
    path = work / "jupyterhub_config.py"
    path.write_text(text)
    return path


def _api(url: str, token: str) -> object:
    req = urllib.request.Request(url, headers={"Authorization": f"token {token}"})
    with urllib.request.urlopen(req, timeout=10) as resp:
        return json.loads(resp.read())


def _wait_for_hub(url: str, proc: subprocess.Popen, timeout: float = 120) -> None:

    def answers() -> bool:
        if proc.poll() is not None:
            raise RuntimeError(f"JupyterHub exited with code {proc.returncode}")
        try:
            with urllib.request.urlopen(f"{url}/hub/api/", timeout=2):
                return True
        except OSError:
            return False

    until(answers, "JupyterHub did not answer", timeout, 0.5)


def _student_servers(hub: psutil.Process) -> dict[str, psutil.Process]:
    """Each student's single-user server (a child of the hub's local process spawner)."""
    servers = {}
    for child in hub.children():
        try:
            if "jupyterhub.singleuser" in " ".join(child.cmdline()):
                servers[child.environ()["JUPYTERHUB_USER"]] = child
        except (psutil.Error, KeyError):
            continue
    return servers


def _usage(server: psutil.Process) -> dict[str, float]:
    """Memory (MB) and CPU seconds of a student's server with its kernels."""
    rss = pss = uss = cpu = 0.0
    for proc in [server, *server.children(recursive=True)]:
        try:
            mem = proc.memory_full_info()
            times = proc.cpu_times()
        except psutil.NoSuchProcess:
            continue
        rss, pss, uss = rss + mem.rss, pss + mem.pss, uss + mem.uss
        cpu += times.user + times.system
    mb = 2**20
    return {"rss_mb": rss / mb, "pss_mb": pss / mb, "uss_mb": uss / mb, "cpu_s": cpu}


async def _move(page, stop_at: float) -> float | None:
    """Click what the page offers until one click changes it: ms until it did, or None.

    A generic player: it knows no game, so it tries the widgets in page order (a country card
    may need a number button after it) and leaves alone what saves, loads or ends the game.
    """
    await page.evaluate(SETTLE)
    clickable = page.locator(CLICKABLE)
    for i in range(await clickable.count()):
        if time.monotonic() > stop_at:
            return None
        target = clickable.nth(i)
        try:
            label = " ".join((await target.inner_text(timeout=2_000)).split())
            if any(word in label.lower() for word in LEAVE_ALONE):
                continue
            await page.evaluate(ARM)
            await target.click(timeout=5_000)
            await page.wait_for_function(
                "() => window.__gtLatency !== null", polling=100, timeout=5_000
            )
        except Exception:  # gone, disabled, or nothing changed: try the next one
            continue
        return await page.evaluate("() => window.__gtLatency")
    return None


async def _student(browser, hub_url: str, name: str, app: str) -> dict[str, object]:
    context = await browser.new_context(viewport={"width": 1400, "height": 1000})
    await context.add_init_script(HEAR_KERNEL)
    page = await context.new_page()
    page.set_default_timeout(240_000)
    try:
        await page.goto(f"{hub_url}/hub/login")
        await page.fill("#username_input", name)
        await page.fill("#password_input", "classroom")
        start = time.monotonic()
        await page.click("#login_submit")
        # The server starts; the student lands on the app list (deploy/jupyterhub_config.py).
        listing = page.locator(".voila-notebooks a")
        await page.wait_for_function(
            "() => [...document.querySelectorAll('.voila-notebooks a')]"
            ".some(item => item.innerText.trim().endsWith('.ipynb'))",
            polling=250,
        )
        listed = sorted(t.strip() for t in await listing.all_inner_texts())
        at_list = time.monotonic() - start
        await page.goto(
            f"{hub_url}/user/{name}/voila/render/notebooks/play/{app}", wait_until="commit"
        )
        await page.wait_for_selector(".jupyter-widgets button.jupyter-button")
        playable = time.monotonic() - start
        await page.wait_for_load_state("load")
        latencies = []
        stop_at = time.monotonic() + MOVES_SECONDS
        while len(latencies) < MOVES and time.monotonic() < stop_at:
            ms = await _move(page, stop_at)
            if ms is not None:
                latencies.append(ms)
        await page.screenshot(path=str(ARTIFACTS / f"hub-{name}.png"), full_page=True)
        return {
            "name": name,
            "app": app,
            "listed": listed,
            "to_list_s": at_list,
            "to_playable_s": playable,
            "click_ms": latencies,
            "page": page,
            "ctx": context,
        }
    except Exception:
        await page.screenshot(path=str(ARTIFACTS / f"hub-{name}-failed.png"), full_page=True)
        raise


async def _classroom(
    hub_url: str, apps: list[str], measure: Callable[[], None], left: Callable[[], object]
) -> tuple[list[dict[str, object]], object]:
    """Every student plays at once; `measure` runs while their apps are open, `left` once
    they have closed them (with the browser still running, so their goodbyes get out)."""
    from playwright.async_api import async_playwright

    async with async_playwright() as pw:
        browser = await pw.chromium.launch(
            executable_path=str(CHROMIUM), headless=True, args=CHROMIUM_ARGS
        )
        try:
            names = [f"student{i + 1}" for i in range(STUDENTS)]
            runs = await asyncio.gather(
                *(_student(browser, hub_url, n, apps[i % len(apps)]) for i, n in enumerate(names))
            )
            measure()
            # Leave as students do: close the tab (the page says goodbye to its kernel).
            for run in runs:
                await run.pop("page").close(run_before_unload=True)
            after = await asyncio.to_thread(left)
            for run in runs:
                await run.pop("ctx").close()
            return runs, after
        finally:
            await browser.close()


def _wait_kernels_gone(servers: Iterable[psutil.Process], timeout: float) -> float | None:
    """Seconds until no student server has a kernel left (None if some remain)."""
    try:
        seconds = elapsed_until(
            lambda: not any(live_kernels(s) for s in servers if s.is_running()),
            "kernels left",
            timeout,
        )
    except Waited:
        return None
    return round(seconds, 1)


def _p95(values: list[float]) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(0.95 * (len(ordered) - 1)))]


def test_a_class_plays_on_jupyterhub(tmp_path: Path, request: pytest.FixtureRequest) -> None:
    if not CHROMIUM.exists():
        _no_browser(f"{CHROMIUM} is not installed (Debian: apt-get install chromium)")
    proxy = _proxy_command()
    if proxy is None:
        _no_browser("configurable-http-proxy is not installed (python3 tasks.py test installs it)")
    ARTIFACTS.mkdir(exist_ok=True)
    kit = kit_copy(tmp_path / "kit")
    work = tmp_path / "hub"
    work.mkdir()
    ports = {"public": free_port(), "hub": free_port(), "proxy_api": free_port()}
    token = secrets.token_hex(16)
    config = _hub_config(kit, ports, token, work, proxy)
    env = dict(os.environ)
    env["PATH"] = f"{Path(sys.executable).parent}{os.pathsep}{env['PATH']}"
    env["GEOTEACH_IDLE_SECONDS"] = str(IDLE_SECONDS)
    # The hub's class service (deploy/jupyterhub_config.py), on a port and in a folder of its own.
    env["GEOTEACH_SERVICE_PORT"] = str(free_port())
    env["GEOTEACH_SERVICE_DIR"] = str(tmp_path / "service")
    hub_url = f"http://127.0.0.1:{ports['public']}"
    log = (work / "jupyterhub.log").open("w")
    proc = subprocess.Popen(
        [sys.executable, "-m", "jupyterhub", "-f", str(config)],
        cwd=work,
        env=env,
        stdout=log,
        stderr=subprocess.STDOUT,
        start_new_session=True,
    )
    servers: dict[str, psutil.Process] = {}
    usage: dict[str, dict[str, float]] = {}
    try:
        _wait_for_hub(hub_url, proc)
        hub = psutil.Process(proc.pid)
        # The class game's projector page is the teacher's (a student there sees a sentence
        # saying so, and nothing to click): the students open the apps a student opens.
        apps = [app for app in student_apps() if app != "class_game.ipynb"]

        def measure() -> None:
            servers.update(_student_servers(hub))
            usage.update({name: _usage(server) for name, server in servers.items()})

        left_at: list[float] = []

        def after_leaving() -> float | None:
            left_at.append(time.monotonic())
            return _wait_kernels_gone(servers.values(), timeout=IDLE_SECONDS / 2)

        started = time.monotonic()
        # Kernels end with their pages (Voilà's goodbye message, jupyter/etc/jupyter/voila.py),
        # long before the idle culler would stop the servers.
        runs, kernels_gone_after = asyncio.run(
            _classroom(
                hub_url,
                apps,
                measure,
                after_leaving,
            )
        )
        class_done = time.monotonic() - started

        running: list[str] = []

        def all_culled() -> bool:
            users = _api(f"{hub_url}/hub/api/users", token)
            running[:] = [u["name"] for u in users if u.get("servers")]
            return not running

        left = left_at[0] + IDLE_SECONDS + 120 - time.monotonic()
        with contextlib.suppress(Waited):  # the figure below says how long it took
            until(all_culled, "student servers still run", max(1.0, left), 2.0)
        culled_after = time.monotonic() - left_at[0]

        clicks = [ms for run in runs for ms in run["click_ms"]]
        student_pids = {server.pid for server in servers.values()}
        others = [p for p in [hub, *hub.children()] if p.pid not in student_pids]
        figures = {
            "students": STUDENTS,
            "apps": apps,
            "cpu_count": psutil.cpu_count(),
            "time_to_app_list_s": [round(r["to_list_s"], 1) for r in runs],
            "time_to_playable_s": [round(r["to_playable_s"], 1) for r in runs],
            "whole_class_session_s": round(class_done, 1),
            "moves_per_student": [len(r["click_ms"]) for r in runs],
            "app_list_seen": runs[0]["listed"],
            "click_to_update_ms_p50": round(statistics.median(clicks)) if clicks else None,
            "click_to_update_ms_p95": round(_p95(clicks)) if clicks else None,
            "per_student": {n: {k: round(v, 1) for k, v in u.items()} for n, u in usage.items()},
            "hub_proxy_culler_rss_mb": round(sum(p.memory_info().rss for p in others) / 2**20),
            "kernels_gone_after_pages_closed_s": kernels_gone_after,
            "idle_culler_timeout_s": IDLE_SECONDS,
            "all_servers_culled_after_s": round(culled_after, 1),
        }
        (ARTIFACTS / "classroom_hub.json").write_text(json.dumps(figures, indent=2))
        reporter = request.config.pluginmanager.get_plugin("terminalreporter")
        if reporter is not None:
            reporter.write_line(f"\nclassroom on JupyterHub: {json.dumps(figures)}")

        for run in runs:
            assert run["listed"] == student_apps(), (
                f"{run['name']} saw {run['listed']}, not the apps"
            )
            assert run["click_ms"], f"{run['name']} could not play a single move in {run['app']}"
        assert len(usage) == STUDENTS, f"servers found: {sorted(usage)}"
        assert kernels_gone_after is not None, "closed pages kept their kernels"
        assert not running, f"the idle culler left {running} running"
    finally:
        stop(proc, timeout=60)  # the hub stops the students' servers and its proxy
        for leftover in [*servers.values()]:
            if leftover.is_running():
                leftover.kill()
        log.close()
