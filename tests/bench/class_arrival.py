"""A class arrives at once: N students open an app's link in the same second and press Start.

Issue 24's class-arrival benchmark (a benchmark, not a timed test: nothing here fails for being
slow). Run from the repository root with the environment's Python::

    python -m tests.bench.class_arrival --app globalissimo --pages 8 [--rounds 3]
        [--iopub-timeout 4]

The school server is started as a teacher starts it, ``python3 tasks.py voila`` on a copy of the
kit (``tests/e2e/servers.py``: the checkout's Jupyter settings and page template). Each round, one
headless Chromium opens N pages of ``notebooks/play/<app>.ipynb`` at once (1366×768); each page
presses Start itself as soon as it shows (a script in the page, so no page waits for this one to
get round to it) and notes, on its own clock:

* **page → Start shown**: from the page's navigation until the set-up screen's Start is shown;
* **Start → playable**: from the click until the game screen says whose turn it is;
* with ``--think S``, each page waits S seconds on the set-up screen before pressing Start, as
  a student reading it does: the kernel's warm-up (the game screen's module, its data) then
  runs before the click, and the kernel's CPU is split into its three phases, each read from
  ``/proc`` when the page notes the event (to the set-up screen, reading it, Start → playable;
  the targets of issue 24's item 1 are for the first and the last);
* **blank**: a page that showed neither Start nor the template's "the game did not start"
  message within ``--timeout`` seconds; **failed**: one that showed that message.

From ``/proc``: each student kernel's CPU seconds (user + system) and largest resident memory
(the kernels are the Voilà server's child processes, each found by the tag its page carries in
its address: Voilà hands the query string to the kernel as ``QUERY_STRING``), and the Voilà
server's own CPU seconds in the round. The browser's processes are not counted: a real class's
browsers run on their own laptops. The 1-, 5- and 15-minute load averages (``uptime``) are kept
with every round, since the machine may be shared.

``--iopub-timeout 4`` puts back Voilà's old wait for an app's output (``voila.json`` in the kit
copy's folder, which Voilà reads before the kit's settings), to count blank pages without the fix.

A table is printed and everything is added to ``test-artifacts/class-arrival.json``.
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
import subprocess
import sys
import tempfile
import threading
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from tests.e2e.conftest import ARTIFACTS, CHROMIUM, CHROMIUM_ARGS, free_port, wait_for_port
from tests.e2e.servers import jupyter_env, kit_copy, press_ctrl_c

OUT = ARTIFACTS / "class-arrival.json"
DEVICE = {"width": 1366, "height": 768}
TICKS = os.sysconf("SC_CLK_TCK")
PAGE_SIZE = os.sysconf("SC_PAGE_SIZE")
#: What each page notes about itself, on its own clock, and its own click on Start.
INIT_JS = """
(() => {
  const THINK_MS = window.__gtThinkMs || 0;
  const now = () => performance.timeOrigin + performance.now();
  const gt = window.__gtArrival = {origin: performance.timeOrigin, start: null, click: null,
                                   turn: null, failed: null};
  const look = () => {
    const start = document.querySelector('.gt-setup .gt-start:not([disabled])');
    if (gt.start === null && start && start.getClientRects().length) {
      gt.start = now();
      setTimeout(() => { gt.click = now(); start.click(); }, THINK_MS);
    }
    if (gt.click !== null && gt.turn === null &&
        document.querySelector('.gt-app .gt-banner .gt-turn')) gt.turn = now();
    if (gt.failed === null && document.querySelector('#gt-waiting.gt-not-started')) {
      gt.failed = now();
    }
  };
  new MutationObserver(look).observe(document, {childList: true, subtree: true,
                                                attributes: true});
})();
"""


# ----------------------------------------------------------------------------- /proc
def cpu_seconds(stat: str) -> float:
    """User + system CPU seconds from the text of ``/proc/<pid>/stat``.

    The process name (field 2) is in parentheses and may hold spaces, so the fields are counted
    from the last ``)``: utime and stime are fields 14 and 15.
    """
    fields = stat[stat.rindex(")") + 2 :].split()
    return (int(fields[11]) + int(fields[12])) / TICKS


def rss_mb(statm: str) -> float:
    """Resident memory in MB from the text of ``/proc/<pid>/statm`` (its second field, pages)."""
    return int(statm.split()[1]) * PAGE_SIZE / 2**20


def page_tag(environ: bytes) -> str | None:
    """The ``bench=`` tag of the page a kernel serves, from ``/proc/<pid>/environ``."""
    for entry in environ.split(b"\0"):
        if entry.startswith(b"QUERY_STRING="):
            for part in entry[len(b"QUERY_STRING=") :].decode(errors="replace").split("&"):
                if part.startswith("bench="):
                    return part[len("bench=") :]
    return None


def _read(pid: int, name: str) -> bytes:
    return Path(f"/proc/{pid}/{name}").read_bytes()


def children(pid: int) -> list[int]:
    """Every descendant process of ``pid``, from ``/proc/<pid>/task/*/children``."""
    found, todo = [], [pid]
    while todo:
        here = todo.pop()
        for task in Path(f"/proc/{here}/task").glob("*"):
            with contextlib.suppress(OSError):
                kids = [int(k) for k in (task / "children").read_text().split()]
                found += kids
                todo += kids
    return found


def kernels(server: int) -> dict[int, dict[str, Any]]:
    """The server's live kernels: each one's tag, CPU seconds and RSS (MB)."""
    out = {}
    for pid in children(server):
        try:
            cmdline = _read(pid, "cmdline")
            stat = _read(pid, "stat").decode()
            if b"ipykernel" not in cmdline or stat[stat.rindex(")") + 2] == "Z":
                continue
            out[pid] = {
                "tag": page_tag(_read(pid, "environ")),
                "cpu_s": cpu_seconds(stat),
                "rss_mb": rss_mb(_read(pid, "statm").decode()),
            }
        except (OSError, ValueError):
            continue
    return out


class Sampler(threading.Thread):
    """Every half second: each kernel's CPU seconds (the last seen) and its largest RSS."""

    def __init__(self, server: int) -> None:
        super().__init__(daemon=True, name="kernel sampler")
        self.server = server
        self.seen: dict[int, dict[str, Any]] = {}
        self.done = threading.Event()

    def sample(self) -> None:
        for pid, info in kernels(self.server).items():
            row = self.seen.setdefault(
                pid, {"tag": info["tag"], "peak_rss_mb": 0.0, "first_cpu_s": info["cpu_s"]}
            )
            row["tag"] = row["tag"] or info["tag"]
            row["cpu_s"] = info["cpu_s"]
            row["peak_rss_mb"] = max(row["peak_rss_mb"], info["rss_mb"])

    def run(self) -> None:
        while not self.done.wait(0.5):
            self.sample()


# ----------------------------------------------------------------------------- the server
@dataclass
class School:
    """``python3 tasks.py voila`` on a copy of the kit: its process and its Voilà's."""

    url: str
    proc: subprocess.Popen
    voila: int
    root: Path


def pool_env(app: str, size: int, fill_delay: float) -> dict[str, str]:
    """Kernels ready before the class arrives, as a teacher asks for them (``tasks.py voila
    --ready APP:N``, read by the kit's voila.py): ``size`` kernels run the app's cell before
    anyone asks, a used one replaced ``fill_delay`` seconds later. A preheated kernel learns its
    page's address when the page opens (``geoteach.ui.page_request``), so ``/proc`` shows no
    tag for it: the round's CPU is counted over every kernel then (``all_kernels_cpu_s``)."""
    return {"GEOTEACH_KERNEL_POOL_DELAY": str(fill_delay), "READY": f"{app}:{size}"}


def start_school(
    work: Path, iopub_timeout: int | None, pool: dict[str, str] | None = None
) -> School:
    kit = kit_copy(work / "kit")
    # Read before the kit's settings (Voilà looks in the folder it starts in first). Not a
    # voila.py: `python -m voila` would import that file as Voilà itself.
    settings: dict[str, Any] = {}
    pool = dict(pool or {})
    ready = ["--ready", pool.pop("READY")] if "READY" in pool else []
    if iopub_timeout is not None:
        old = {"iopub_timeout": iopub_timeout, "raise_on_iopub_timeout": False}
        settings["VoilaExecutor"] = old
    if settings:
        (kit / "voila.json").write_text(json.dumps(settings))
    env = jupyter_env(dict(os.environ))
    env.update(
        {
            "GEOTEACH_VENV": sys.prefix,
            "JUPYTER_CONFIG_DIR": str(work / "jupyter-config"),
            "JUPYTER_RUNTIME_DIR": str(work / "jupyter-runtime"),
            **pool,
        }
    )
    port = free_port()
    cmd = [sys.executable, "tasks.py", "voila", "--ip", "127.0.0.1", "--port", str(port), *ready]
    with (work / "voila.log").open("w") as log:
        proc = subprocess.Popen(
            [*cmd, "--no-browser"], cwd=kit, env=env, stdout=log, stderr=subprocess.STDOUT
        )
    wait_for_port(port, proc)
    (voila,) = (int(p) for p in children(proc.pid)[:1])
    return School(f"http://127.0.0.1:{port}", proc, voila, kit)


def process_cpu(pid: int) -> float:
    return cpu_seconds(_read(pid, "stat").decode())


# ----------------------------------------------------------------------------- one round
@dataclass
class Round:
    app: str
    pages: int
    number: int
    timeout: float
    think: float = 0.0
    pooled: bool = False
    students: list[dict[str, Any]] = field(default_factory=list)


#: The page events at which a kernel's CPU is read (``--think``'s phases).
EVENTS = ("start", "click", "turn")


def kernel_cpu(server: int, tag: str) -> float | None:
    """The CPU seconds so far of the kernel serving the page tagged ``tag`` (None: not found)."""
    mine = [k["cpu_s"] for k in kernels(server).values() if k["tag"] == tag]
    return max(mine) if mine else None


def phases(cpu_at: dict[str, float | None]) -> dict[str, float | None]:
    """A kernel's CPU split at the page's events: to the set-up screen, reading it, Start →
    playable (None where an event was not seen)."""

    def between(a: str | None, b: str) -> float | None:
        if cpu_at.get(b) is None or (a is not None and cpu_at.get(a) is None):
            return None
        return cpu_at[b] - (cpu_at[a] if a is not None else 0.0)

    return {
        "kernel_cpu_to_setup_s": between(None, "start"),
        "kernel_cpu_reading_setup_s": between("start", "click"),
        "kernel_cpu_start_to_playable_s": between("click", "turn"),
    }


def play_round(context: Any, school: School, r: Round) -> dict[str, Any]:
    """Open ``r.pages`` pages at once; wait until each is playable, failed or past the timeout."""
    sampler = Sampler(school.voila)
    sampler.start()
    load_before = os.getloadavg()
    voila_cpu0 = process_cpu(school.voila)
    began = time.time()
    opened = []
    for i in range(r.pages):
        page = context.new_page()
        tag = f"r{r.number}-s{i}"
        page.goto(
            f"{school.url}/voila/render/{r.app}.ipynb?bench={tag}",
            wait_until="commit",
            timeout=120_000,
        )
        opened.append((tag, page))
    deadline = time.monotonic() + r.timeout
    notes: dict[str, dict[str, Any]] = {}
    cpu_at: dict[str, dict[str, float | None]] = {tag: {} for tag, _page in opened}
    # Read often when the phases are measured: the CPU read late includes the next phase's.
    poll = 0.1 if r.think else 0.5
    while time.monotonic() < deadline:
        for tag, page in opened:
            if tag in notes and (notes[tag]["turn"] or notes[tag]["failed"]):
                continue
            with contextlib.suppress(Exception):
                notes[tag] = page.evaluate("() => window.__gtArrival || null") or {}
            for event in EVENTS:
                if (notes.get(tag) or {}).get(event) is not None and event not in cpu_at[tag]:
                    cpu_at[tag][event] = kernel_cpu(school.voila, tag)
        finished = [
            n for n in notes.values() if n and (n.get("turn") is not None or n.get("failed"))
        ]
        if len(finished) == r.pages:
            break
        time.sleep(poll)
    sampler.sample()
    sampler.done.set()
    sampler.join()
    voila_cpu = process_cpu(school.voila) - voila_cpu0
    load_after = os.getloadavg()
    # A page's kernel; a short-lived process seen with the same tag (its launcher) is not it.
    by_tag: dict[str, dict[str, Any]] = {}
    for row in sampler.seen.values():
        if row.get("tag") and row.get("cpu_s", 0) >= by_tag.get(row["tag"], {}).get("cpu_s", -1):
            by_tag[row["tag"]] = row
    students = []
    for tag, page in opened:
        n = notes.get(tag) or {}
        origin, start, click, turn = (n.get(k) for k in ("origin", "start", "click", "turn"))
        kernel = by_tag.get(tag, {})
        students.append(
            {
                "tag": tag,
                "page_to_start_s": None if start is None else (start - origin) / 1e3,
                "start_to_playable_s": None if turn is None else (turn - click) / 1e3,
                "blank": start is None and not n.get("failed"),
                "failed": bool(n.get("failed")),
                "kernel_cpu_s": kernel.get("cpu_s"),
                "kernel_peak_rss_mb": kernel.get("peak_rss_mb"),
                **phases(cpu_at[tag]),
            }
        )
        if start is None or turn is None:
            with contextlib.suppress(Exception):
                name = ARTIFACTS / f"class-arrival-{r.app}-{tag}"
                page.screenshot(path=f"{name}.png")
    for _tag, page in opened:
        with contextlib.suppress(Exception):
            page.close(run_before_unload=True)  # the goodbye message shuts its kernel down
    if not r.pooled:  # a pool's used kernels go too; run() waits for it to fill again
        wait_kernels_gone(school.voila, 60)
    return {
        "app": r.app,
        "pages": r.pages,
        "round": r.number,
        "think_s": r.think,
        "pooled": r.pooled,
        "wall_s": time.time() - began,
        "load_average_before": load_before,
        "load_average_after": load_after,
        "voila_server_cpu_s": voila_cpu,
        # Every kernel's CPU in the round, tagged or not (a preheated kernel has no tag; one
        # that was running before the round counts from the round's first look).
        "all_kernels_cpu_s": sum(
            row.get("cpu_s", 0.0) - row.get("first_cpu_s", 0.0) for row in sampler.seen.values()
        ),
        "kernels_seen": len(sampler.seen),
        "students": students,
        "summary": summary(students),
    }


def wait_pool(server: int, size: int, timeout: float) -> None:
    """Until ``size`` preheated kernels run and have been idle for 3 s (their cell is done)."""
    deadline = time.monotonic() + timeout
    last: dict[int, float] = {}
    quiet_since = time.monotonic()
    while time.monotonic() < deadline:
        now = {pid: k["cpu_s"] for pid, k in kernels(server).items()}
        if len(now) < size or now != last:
            quiet_since = time.monotonic()
        elif time.monotonic() - quiet_since > 3.0:
            print(f"  ({size} preheated kernels ready)", flush=True)
            return
        last = now
        time.sleep(0.5)
    print(f"  (the pool of {size} was not ready in {timeout:.0f} s)", flush=True)


def wait_kernels_gone(server: int, timeout: float) -> None:
    """Until the closed pages' kernels have stopped (a round must not pay for the last one's)."""
    deadline = time.monotonic() + timeout
    while kernels(server) and time.monotonic() < deadline:
        time.sleep(0.5)
    for pid in kernels(server):  # one that missed its goodbye: stopped, and said
        print(f"  (kernel {pid} still ran {timeout:.0f} s after its page closed: stopped)")
        with contextlib.suppress(OSError):
            os.kill(pid, signal.SIGTERM)


# ----------------------------------------------------------------------------- the report
def _spread(values: list[float]) -> dict[str, float | None]:
    if not values:
        return {"min": None, "median": None, "max": None}
    return {"min": min(values), "median": statistics.median(values), "max": max(values)}


def summary(students: list[dict[str, Any]]) -> dict[str, Any]:
    """A round's figures: the spread of each time and kernel figure, blank and failed pages."""

    def given(key: str) -> list[float]:
        return [s[key] for s in students if s.get(key) is not None]

    return {
        "page_to_start_s": _spread(given("page_to_start_s")),
        "start_to_playable_s": _spread(given("start_to_playable_s")),
        "kernel_cpu_s": _spread(given("kernel_cpu_s")),
        **{key: _spread(given(key)) for key in phases({})},
        "kernel_peak_rss_mb": _spread(given("kernel_peak_rss_mb")),
        "kernel_rss_total_mb": sum(given("kernel_peak_rss_mb")),
        "blank": sum(1 for s in students if s["blank"]),
        "failed": sum(1 for s in students if s["failed"]),
        "playable": len(given("start_to_playable_s")),
    }


def _range(spread: dict[str, float | None], digits: int = 1) -> str:
    low, high = spread["min"], spread["max"]
    if low is None or high is None:
        return "—"
    return f"{low:.{digits}f}–{high:.{digits}f}"


def _medians(s: dict[str, Any]) -> str:
    """The medians of a round's three CPU phases, "0.9/0.6/0.3" ("—" for one not seen)."""
    keys = phases({})
    values = [(s.get(key) or {}).get("median") for key in keys]
    return "/".join("—" if v is None else f"{v:.2f}" for v in values)


def table(rounds: list[dict[str, Any]]) -> str:
    head = (
        f"{'app':<18}{'N':>3}{'rnd':>4}  {'page→Start s':<13}{'Start→play s':<13}"
        f"{'kernel CPU s':<13}{'CPU set-up/read/play':<22}{'kernel RSS MB':<14}"
        f"{'Voilà CPU s':>11}{'blank':>6}{'failed':>7}  load 1/5/15 min (before → after)"
    )
    lines = [head, "-" * len(head)]
    for r in rounds:
        s = r["summary"]
        load = "/".join(f"{x:.2f}" for x in r["load_average_before"])
        load += " → " + "/".join(f"{x:.2f}" for x in r["load_average_after"])
        lines.append(
            f"{r['app']:<18}{r['pages']:>3}{r['round']:>4}  {_range(s['page_to_start_s']):<13}"
            f"{_range(s['start_to_playable_s']):<13}{_range(s['kernel_cpu_s']):<13}"
            f"{_medians(s):<22}{_range(s['kernel_peak_rss_mb'], 0):<14}"
            f"{r['voila_server_cpu_s']:>11.1f}"
            f"{s['blank']:>6}{s['failed']:>7}  {load}"
        )
    return "\n".join(lines)


def run(
    app: str,
    pages: int,
    rounds: int,
    timeout: float,
    iopub: int | None,
    think: float = 0.0,
    pool: int = 0,
    fill_delay: float = 30.0,
) -> list[dict]:
    from playwright.sync_api import sync_playwright

    work = Path(tempfile.mkdtemp(prefix="geoteach-arrival-"))
    school = start_school(work, iopub, pool_env(app, pool, fill_delay) if pool else None)
    if pool:
        wait_pool(school.voila, pool, 300)
    results = []
    try:
        with sync_playwright() as pw:
            browser = pw.chromium.launch(
                executable_path=str(CHROMIUM), headless=True, args=CHROMIUM_ARGS
            )
            try:
                for number in range(1, rounds + 1):
                    if pool and number > 1:  # the next class finds the pool full again
                        time.sleep(fill_delay + 1)
                        wait_pool(school.voila, pool, 300)
                    # A fresh browser profile each round: nothing cached from the last class.
                    context = browser.new_context(viewport=DEVICE)
                    context.add_init_script(f"window.__gtThinkMs = {round(think * 1000)};")
                    context.add_init_script(INIT_JS)
                    try:
                        result = play_round(
                            context,
                            school,
                            Round(app, pages, number, timeout, think, pooled=bool(pool)),
                        )
                    finally:
                        context.close()
                    result["iopub_timeout"] = iopub if iopub is not None else "kit's"
                    results.append(result)
                    print(table([result]).splitlines()[-1], flush=True)
            finally:
                browser.close()
    finally:
        press_ctrl_c(school.proc)
        with contextlib.suppress(OSError):
            shutil.copy(work / "voila.log", ARTIFACTS / f"class-arrival-{app}-{pages}.log")
        shutil.rmtree(work, ignore_errors=True)
    return results


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--app", nargs="+", default=["globalissimo"], help="notebooks/play/ names")
    parser.add_argument("--pages", type=int, default=8, help="students opening the link at once")
    parser.add_argument("--rounds", type=int, default=1)
    parser.add_argument("--timeout", type=float, default=300, help="seconds before a page counts")
    parser.add_argument(
        "--iopub-timeout", type=int, default=None, help="Voilà's wait for output (old: 4)"
    )
    parser.add_argument(
        "--think",
        type=float,
        default=0.0,
        help="seconds each page waits on the set-up screen before Start (splits the kernel CPU)",
    )
    parser.add_argument(
        "--pool", type=int, default=0, help="kernels ready before the class (tasks.py --ready)"
    )
    parser.add_argument(
        "--fill-delay",
        type=float,
        default=30.0,
        help="seconds before a used pool kernel is replaced (the kit's default: 30)",
    )
    parser.add_argument("--out", type=Path, default=OUT)
    args = parser.parse_args(argv)
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(143))  # stop the server as Ctrl-C would
    if not CHROMIUM.exists():
        parser.error(f"{CHROMIUM} is not installed (Debian: apt-get install chromium)")
    ARTIFACTS.mkdir(exist_ok=True)
    previous = json.loads(args.out.read_text()) if args.out.exists() else {}
    kept = previous.get("rounds", [])
    done = []
    print(table([]).splitlines()[0], flush=True)
    for app in args.app:
        done += run(
            app,
            args.pages,
            args.rounds,
            args.timeout,
            args.iopub_timeout,
            args.think,
            args.pool,
            args.fill_delay,
        )
        args.out.write_text(
            json.dumps(
                {
                    "machine": {
                        "cpus": os.cpu_count(),
                        "python": platform.python_version(),
                    },
                    "rounds": kept + done,
                },
                indent=2,
            )
        )
    print()
    print(table(done))
    openings = sum(r["pages"] for r in done)
    blank = sum(r["summary"]["blank"] for r in done)
    failed = sum(r["summary"]["failed"] for r in done)
    print(f"\n{openings} page openings: {blank} blank, {failed} said the game did not start.")
    print(f"Written: {args.out}")
    return 0 if blank == 0 else 1


if __name__ == "__main__":
    raise SystemExit(main())
