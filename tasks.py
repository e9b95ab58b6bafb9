#!/usr/bin/env python3
"""Set up and run geoteach with nothing but Python 3.11 and pip.

    python3 tasks.py lab      # JupyterLab on notebooks/00_start_here.ipynb
    python3 tasks.py test     # the whole suite: lint, data, engines, widgets, notebooks, browser
    python3 tasks.py fast     # the quick suite (no browser, no slow checks)
    python3 tasks.py voila    # the student apps (notebooks/play/) as Voilà apps
    python3 tasks.py bench    # the benchmarks (on demand, not in CI)
    python3 tasks.py pin      # regenerate the pinned lists from their .in files
    python3 tasks.py lint     # ruff and mypy

`lab` and `voila` take --port, --ip, --token and --no-browser. A school server, whose address
students type into their browsers:

    python3 tasks.py voila --ip 0.0.0.0 --port 8866

and for a class of 30 opening Globalissimo together, kernels ready before they arrive:

    python3 tasks.py voila --ip 0.0.0.0 --port 8866 --ready globalissimo:30

`test` and `fast` hand any further arguments to pytest (`python3 tasks.py fast tests/quiz -x`)
and run it in 2 to 4 processes, one per core (GEOTEACH_TEST_WORKERS=1 for one, `-n 1` too).

The kit runs from ./.venv, which the first command creates: binder/requirements.txt (what a
student gets, the very list Binder installs) and geoteach; `test` adds tests/requirements.txt
(the test tools) and JupyterHub's proxy from npm for the classroom load test. A .venv made by
another Python, or whose last installation did not finish, is built again by itself.
GEOTEACH_VENV=/path/to/env runs the kit from an environment you manage yourself (a school
server's): tasks.py then creates and installs nothing.
"""

from __future__ import annotations

import argparse
import contextlib
import hashlib
import importlib.util
import os
import secrets
import shutil
import signal
import socket
import subprocess
import sys
import time
import venv
from pathlib import Path

#: The Python the pinned lists are made for (binder/runtime.txt says the same to Binder).
REQUIRED = (3, 11)
ROOT = Path(__file__).resolve().parent
#: What a student gets: Binder, a JupyterHub and `tasks.py lab` install this pinned list.
REQUIREMENTS = ROOT / "binder" / "requirements.txt"
#: The test tools, added on top of the student list by `tasks.py test`.
TEST_REQUIREMENTS = ROOT / "tests" / "requirements.txt"
RUNTIME = ROOT / "binder" / "runtime.txt"
#: Installed with geoteach into the environment's etc/ and share/ (see pyproject.toml).
JUPYTER_SETTINGS = ROOT / "jupyter"
#: JupyterHub's proxy for the load test, pinned by its npm lock file.
PROXY_PACKAGE = ROOT / "deploy" / "proxy"
OWN_ENV = os.environ.get("GEOTEACH_VENV", "")
VENV = Path(OWN_ENV).resolve() if OWN_ENV else ROOT / ".venv"
STAMP = ".geoteach-installed"
INSTALLING = ".geoteach-installing"
BIN = VENV / ("Scripts" if os.name == "nt" else "bin")
PY = BIN / ("python.exe" if os.name == "nt" else "python")
START_NOTEBOOK = "notebooks/00_start_here.ipynb"
APPS = ROOT / "notebooks" / "play"
LOCAL_IPS = ("127.0.0.1", "localhost", "::1")


def python_problem(version: tuple[int, ...] = tuple(sys.version_info)) -> str | None:
    """What to tell someone whose Python is too old for the kit (None when it will do)."""
    if tuple(version[:2]) >= REQUIRED:
        return None
    found = ".".join(str(part) for part in version[:3])
    again = " ".join(["tasks.py", *sys.argv[1:2]]) if sys.argv[1:2] else "tasks.py lab"
    return (
        f"geoteach needs Python 3.11 or newer, and this is Python {found} ({sys.executable}).\n"
        "Install Python 3.11, then run the same command with it:\n"
        f"  Debian or Ubuntu:  sudo apt install python3.11 python3.11-venv\n"
        f"                     python3.11 {again}\n"
        f"  Windows or macOS:  install 3.11 from https://www.python.org/downloads/\n"
        f"                     py -3.11 {again}   (Windows)   python3.11 {again}   (macOS)"
    )


def run(*cmd: str | Path, check: bool = True) -> int:
    print("+", " ".join(str(c) for c in cmd), flush=True)
    result = subprocess.run([str(c) for c in cmd], cwd=ROOT)
    if check and result.returncode != 0:
        sys.exit(result.returncode)
    return result.returncode


# --------------------------------------------------------------------------- the environment


def _made_by(env: Path) -> str | None:
    """The Python version that created a virtual environment, from its pyvenv.cfg."""
    for line in (env / "pyvenv.cfg").read_text(encoding="utf-8").splitlines():
        key, _, value = line.partition("=")
        if key.strip() in ("version", "version_info"):
            return value.strip()
    return None


def env_problem(env: Path) -> str | None:
    """Why the environment in `env` must be built again (None when it can be used)."""
    if not (env / "pyvenv.cfg").is_file():
        return "it is not a complete virtual environment"
    made_by = _made_by(env)
    here = ".".join(str(part) for part in sys.version_info[:3])
    if made_by is None or made_by.split(".")[:2] != here.split(".")[:2]:
        return f"it was made by Python {made_by or '(unknown)'} and this is Python {here}"
    python = env / PY.relative_to(VENV)
    works = (
        python.exists()
        and subprocess.run([str(python), "-c", "import pip"], capture_output=True).returncode == 0
    )
    if not works:
        return "its Python or pip does not start"
    if (env / INSTALLING).exists():
        return "its last installation did not finish"
    return None


def _digest(path: Path) -> str:
    files = sorted(p for p in path.rglob("*") if p.is_file()) if path.is_dir() else [path]
    sha = hashlib.sha256()
    for file in files:
        if "__pycache__" not in file.parts:
            sha.update(file.relative_to(ROOT).as_posix().encode() + b"\0" + file.read_bytes())
    return sha.hexdigest()


def stamp_lines(*lists: Path) -> set[str]:
    """One line per input of an installation: a changed file means installing again."""
    inputs = [*lists, ROOT / "pyproject.toml", JUPYTER_SETTINGS]
    return {f"{_digest(p)} {p.relative_to(ROOT).as_posix()}" for p in inputs}


def _create(env: Path) -> None:
    no_venv = (
        "This Python cannot create environments with pip (its venv module is missing).\n"
        "  Debian or Ubuntu:  sudo apt install python3.11-venv   (or python3-venv)"
    )
    if importlib.util.find_spec("ensurepip") is None:
        sys.exit(no_venv)
    print(f"Creating the environment in {env} ...", flush=True)
    try:
        venv.EnvBuilder(with_pip=True).create(env)
    except subprocess.CalledProcessError:
        shutil.rmtree(env, ignore_errors=True)
        sys.exit(no_venv)
    if sys.version_info[:2] != REQUIRED:
        print(
            f"Note: the pinned lists are made for Python {REQUIRED[0]}.{REQUIRED[1]} "
            f"(binder/runtime.txt) and this is {sys.version.split()[0]}; if pip finds no "
            "version of a package, use Python 3.11.",
            flush=True,
        )


def ensure_env(*lists: Path) -> None:
    """Make .venv ready for `lists` (pinned requirement files) and geoteach, once per change."""
    if OWN_ENV:
        if not PY.exists():
            sys.exit(f"GEOTEACH_VENV={OWN_ENV} is not an environment: {PY} does not exist.")
        return
    problem = env_problem(VENV) if VENV.exists() else None
    if problem:
        print(f"Building {VENV} again: {problem}.", flush=True)
        shutil.rmtree(VENV)
    if not VENV.exists():
        _create(VENV)
    wanted = stamp_lines(*lists)
    stamp = VENV / STAMP
    if stamp.exists() and wanted <= set(stamp.read_text(encoding="utf-8").splitlines()):
        return
    install(lists, wanted)


def install(lists: tuple[Path, ...], lines: set[str]) -> None:
    """pip-install the lists and geoteach; an interrupted run is noticed by the next one."""
    (VENV / STAMP).unlink(missing_ok=True)
    (VENV / INSTALLING).write_text("tasks.py started installing and has not finished\n")
    pip = (PY, "-m", "pip", "install", "--disable-pip-version-check")
    requirement_files = [arg for path in lists for arg in ("-r", path)]
    for step in (("-q", "--upgrade", "pip"), tuple(requirement_files), ("--no-deps", "-e", ".")):
        if run(*pip, *step, check=False) != 0:
            sys.exit(
                "pip could not install the kit (its message is above). If it found no version "
                "of a package for this Python, use Python 3.11. The next run of tasks.py builds "
                f"{VENV.name}/ again from the start."
            )
    (VENV / INSTALLING).unlink()
    (VENV / STAMP).write_text("\n".join(sorted(lines)) + "\n", encoding="utf-8")


def proxy_dir() -> Path:
    """Where `tasks.py test` installs JupyterHub's proxy (the load test looks there)."""
    return VENV / "hub-proxy"


def ensure_proxy() -> None:
    """npm-install configurable-http-proxy for the JupyterHub load test, when npm is here."""
    target = proxy_dir()
    lock = (PROXY_PACKAGE / "package-lock.json").read_bytes()
    if (
        (target / "package-lock.json").is_file()
        and (target / "package-lock.json").read_bytes() == lock
        and (target / "node_modules" / ".bin").is_dir()
    ):
        return
    npm = shutil.which("npm")
    if npm is None:
        print(
            "Note: npm is not installed, so the JupyterHub load test will be skipped "
            "(Debian: sudo apt install npm).",
            flush=True,
        )
        return
    target.mkdir(exist_ok=True)
    for name in ("package.json", "package-lock.json"):
        shutil.copyfile(PROXY_PACKAGE / name, target / name)
    code = subprocess.run(
        [npm, "ci", "--no-audit", "--no-fund", "--loglevel=error"], cwd=target
    ).returncode
    if code != 0:
        (target / "package-lock.json").unlink()
        sys.exit("npm could not install configurable-http-proxy (its message is above).")


# --------------------------------------------------------------------------- the servers


def pick_port(ip: str, wanted: int | None, default: int) -> int:
    """The port to serve on: the one asked for, or the first free one from the default."""
    candidates = [wanted] if wanted is not None else range(default, default + 20)
    for port in candidates:
        try:
            family, kind, proto, _, address = socket.getaddrinfo(ip, port, 0, socket.SOCK_STREAM)[0]
        except socket.gaierror:
            sys.exit(f"--ip {ip} is not an address of this computer.")
        with socket.socket(family, kind, proto) as probe:
            try:
                probe.bind(address)
            except OSError:
                continue
        return port
    if wanted is not None:
        sys.exit(f"Port {wanted} is busy (another server?). Choose another one with --port.")
    sys.exit(f"Ports {default} to {default + 19} are all busy: choose one with --port.")


def _wait_for_port(host: str, port: int, proc: subprocess.Popen) -> bool:
    while proc.poll() is None:
        try:
            with socket.create_connection((host, port), timeout=1):
                return True
        except OSError:
            time.sleep(0.3)
    return False


def _interrupt(signum: int, frame: object) -> None:
    raise KeyboardInterrupt


def serve(
    name: str,
    cmd: list[str | Path],
    ip: str,
    port: int,
    urls: list[str],
    env: dict[str, str] | None = None,
) -> int:
    """Run a server until it stops or Ctrl-C; print its address once it answers.

    The server runs in a session of its own, so Ctrl-C reaches tasks.py only, which then stops
    the server the clean way (SIGTERM): it shuts its kernels down and removes its runtime files.
    Whatever ends tasks.py, the server does not outlive it.
    """
    proc = subprocess.Popen(
        [str(c) for c in cmd],
        cwd=ROOT,
        start_new_session=os.name != "nt",
        env={**os.environ, **(env or {})},
    )
    signal.signal(signal.SIGTERM, _interrupt)
    # Ctrl-C stops the server even when tasks.py was started with it ignored (by a script).
    signal.signal(signal.SIGINT, signal.default_int_handler)
    try:
        host = "127.0.0.1" if ip in ("0.0.0.0", "") else "::1" if ip == "::" else ip
        if _wait_for_port(host, port, proc):
            lines = "\n".join(f"    {url}" for url in urls)
            _say(
                f"\n{name} is running. Open this address in a browser:\n{lines}\n"
                "Press Ctrl-C here to stop it.\n"
            )
        return proc.wait()
    except KeyboardInterrupt:
        signal.signal(signal.SIGINT, signal.SIG_IGN)
        _say(f"\nStopping {name} ...")
        stop(proc)
        _say(f"{name} stopped.")
        return 0
    finally:
        if proc.poll() is None:
            stop(proc)


def _say(text: str) -> None:
    """Print, even when nobody reads any more (the terminal was closed): then say nothing."""
    with contextlib.suppress(OSError):
        print(text, flush=True)


def stop(proc: subprocess.Popen, timeout: float = 30) -> None:
    """Ask a server to stop (SIGTERM: it shuts its kernels down); kill it if it will not."""
    proc.terminate()
    try:
        proc.wait(timeout=timeout)
    except subprocess.TimeoutExpired:
        proc.kill()
        proc.wait()


def _addresses(ip: str, port: int, path: str, token: str) -> list[str]:
    query = f"?token={token}" if token else ""
    if ip in ("0.0.0.0", "::", ""):
        return [
            f"http://127.0.0.1:{port}{path}{query}   (on this computer)",
            f"http://{socket.gethostname()}:{port}{path}{query}   (from other computers, "
            "or with this computer's address)",
        ]
    host = f"[{ip}]" if ":" in ip else ip
    return [f"http://{host}:{port}{path}{query}"]


def lab(options: argparse.Namespace) -> int:
    ensure_env(REQUIREMENTS)
    token = secrets.token_hex(16) if options.token is None else options.token
    if not token and options.ip not in LOCAL_IPS:
        sys.exit(
            "JupyterLab runs any code it is sent: give it a --token when it listens on the "
            "network (--ip), or leave --token out and one is made for you."
        )
    port = pick_port(options.ip, options.port, 8888)
    start = f"/lab/tree/{START_NOTEBOOK}"
    # JupyterLab refuses to start as root (a container, a Binder-like box) unless told it may.
    as_root = ["--allow-root"] if hasattr(os, "geteuid") and os.geteuid() == 0 else []
    browser = options.browser and options.ip in LOCAL_IPS
    cmd = [
        PY,
        "-m",
        "jupyterlab",
        f"--ServerApp.root_dir={ROOT}",
        f"--ServerApp.ip={options.ip}",
        f"--ServerApp.port={port}",
        "--ServerApp.port_retries=0",
        f"--IdentityProvider.token={token}",
        f"--LabApp.default_url={start}",
        f"--ServerApp.open_browser={browser}",
        *as_root,
    ]
    return serve("JupyterLab", cmd, options.ip, port, _addresses(options.ip, port, start, token))


def ready_kernels(asked: list[str], ip: str) -> dict[str, str]:
    """``--ready globalissimo:30 --ready join:8``: the Voilà server's environment for kernels
    started before the class arrives (jupyter/etc/jupyter/voila.py reads it).

    Each named app gets that many kernels, each already showing its set-up screen, so a class
    that opens the link together gets its pages at once; a used kernel is replaced 30 s later.
    Every ready kernel holds about 120 to 140 MB. The kernels reach the server at ``ip`` for the
    page's address (127.0.0.1 when the server listens on every address).
    """
    if not asked:
        return {}
    apps = sorted(p.stem for p in APPS.glob("*.ipynb"))
    pool: dict[str, int] = {}
    for item in asked:
        name, _, count = item.partition(":")
        if name not in apps or not count.isdigit() or not 0 < int(count) <= 200:
            sys.exit(
                f"--ready {item}: write APP:NUMBER, with NUMBER from 1 to 200 and APP one of "
                f"{', '.join(apps)} (for example --ready globalissimo:30)."
            )
        pool[name] = int(count)
    here = "127.0.0.1" if ip in ("0.0.0.0", "") else "::1" if ip == "::" else ip
    return {
        "GEOTEACH_KERNEL_POOL": ",".join(f"{name}={n}" for name, n in pool.items()),
        "VOILA_APP_IP": here,
    }


def teacher_link_secret() -> str:
    """The class service's teacher secret (made on first use, in the service's own folder, mode
    600): the teacher's link carries it, the students' address does not."""
    code = (
        "from geoteach.classroom.referee import teacher_secret; "
        "from geoteach.service import service_folder; print(teacher_secret(service_folder()))"
    )
    found = subprocess.run([str(PY), "-c", code], capture_output=True, text=True, check=False)
    return found.stdout.strip() if found.returncode == 0 else ""


def voila(options: argparse.Namespace) -> int:
    ensure_env(REQUIREMENTS)
    if not APPS.is_dir():
        sys.exit(f"The student apps are not in {APPS.relative_to(ROOT)}/ of this copy of the kit.")
    pool = ready_kernels(getattr(options, "ready", None) or [], options.ip)
    token = options.token or ""
    port = pick_port(options.ip, options.port, 8866)
    browser = options.browser and options.ip in LOCAL_IPS
    cmd = [
        PY,
        "-m",
        "geoteach.service.voila",
        APPS,
        f"--Voila.ip={options.ip}",
        f"--Voila.port={port}",
        "--Voila.port_retries=0",
        f"--Voila.token={token}",
        f"--Voila.open_browser={browser}",
    ]
    urls = _addresses(options.ip, port, "/", token)
    secret = teacher_link_secret()
    if secret:
        teacher = _addresses(options.ip, port, "/voila/render/class_game.ipynb", "")[0]
        urls.append(
            "The teacher's class-game page (keep this link to yourself: it opens class games "
            f"and their answers):\n    {teacher.split()[0]}?teacher={secret}"
        )
    if pool:
        ready = pool["GEOTEACH_KERNEL_POOL"].replace("=", ": ").replace(",", ", ")
        urls.append(f"(kernels ready before the class arrives: {ready}; give them a minute)")
    return serve("Voilà", cmd, options.ip, port, urls, env=pool)


# --------------------------------------------------------------------------- checks


def lint(options: argparse.Namespace | None = None) -> int:
    ensure_env(REQUIREMENTS, TEST_REQUIREMENTS)
    paths = ("geoteach", "tests", "scripts", "deploy", "jupyter", "tasks.py")
    run(PY, "-m", "ruff", "check", *paths)
    run(PY, "-m", "ruff", "format", "--check", *paths)
    # The packages and their strictness are in pyproject.toml ([tool.mypy]).
    run(PY, "-m", "mypy")
    return 0


def test_workers(pytest_args: list[str]) -> list[str]:
    """pytest-xdist's options: the suite in ``GEOTEACH_TEST_WORKERS`` processes (default: the
    cores, at least 2 and at most 4), unless the arguments choose (``-n 1``, ``-p no:xdist``).

    Much of a browser test is waiting for a kernel or a page, so the unit tests run beside the
    browser tests even on a 2-core machine (CI's suite: 49 min in one process). conftest.py's
    scheduler keeps each file in one process, in order (a notebook's cells, nbval), and the
    browser tests one after the other in one process.
    """
    chosen = ("-n", "--numprocesses", "no:xdist", "-pno:xdist")
    if any(arg.startswith(chosen) for arg in pytest_args):
        return []
    wanted = os.environ.get("GEOTEACH_TEST_WORKERS", "").strip()
    workers = int(wanted) if wanted.isdigit() else min(4, max(2, os.cpu_count() or 1))
    return [] if workers <= 1 else ["-n", str(workers), "--dist", "loadfile"]


def test(options: argparse.Namespace) -> int:
    ensure_env(REQUIREMENTS, TEST_REQUIREMENTS)
    ensure_proxy()
    lint()
    # Notebooks are executed by nbval; --nbval-lax checks they run, not their exact output.
    args = [*test_workers(options.pytest_args), *options.pytest_args]
    return run(PY, "-m", "pytest", "--nbval-lax", *args, check=False)


def fast(options: argparse.Namespace) -> int:
    options.pytest_args = ["-m", "not browser and not slow", *options.pytest_args]
    return test(options)


#: The class-arrival benchmark's runs: one student at a time in every app, then a class of 8
#: in two of them (issue 24's "Measure"), then a class of 8 finding its kernels ready; each page
#: reads its set-up screen a few seconds, so the kernel's CPU is split into its phases.
ARRIVALS = (
    (
        "--app",
        *sorted(p.stem for p in APPS.glob("*.ipynb") if p.stem not in {"class_game", "join"}),
        "--pages",
        "1",
        "--rounds",
        "2",
        "--think",
        "4",
    ),
    ("--app", "globalissimo", "globe_works", "--pages", "8", "--rounds", "3", "--think", "3"),
    # The same class with kernels ready before it arrives (--ready globalissimo:8).
    ("--app", "globalissimo", "--pages", "8", "--rounds", "2", "--think", "3", "--pool", "8"),
)


def bench(options: argparse.Namespace) -> int:
    """The benchmarks, on demand (never in CI): pytest-benchmark's in tests/bench/, the class
    game's load benchmark (a Voilà server, headless Chromium, rooms of 7 pages), then a class
    arriving at once (tests/bench/class_arrival.py)."""
    ensure_env(REQUIREMENTS, TEST_REQUIREMENTS)
    first = run(PY, "-m", "pytest", "--benchmark-enable", "-m", "slow", "tests/bench", check=False)
    load = run(PY, "-m", "tests.bench.class_game_load", *options.bench_args, check=False)
    arrivals = [run(PY, "-m", "tests.bench.class_arrival", *a, check=False) for a in ARRIVALS]
    return first or load or max(arrivals)


def _frozen(python: Path) -> list[str]:
    out = subprocess.run(
        [str(python), "-m", "pip", "freeze", "--exclude-editable"],
        capture_output=True,
        text=True,
        check=True,
    ).stdout
    return [line for line in out.splitlines() if line and not line.startswith("#")]


def _name(pin: str) -> str:
    return pin.split("==", 1)[0].strip().lower().replace("_", "-")


def pin(options: argparse.Namespace | None = None) -> int:
    """Resolve the .in lists in a scratch venv and write the pinned lists.

    The student list first; the test list is resolved with the student pins as constraints and
    keeps only what it adds, so `binder/ + tests/` is one consistent environment.
    """
    if sys.version_info[:2] != REQUIRED:
        sys.exit(f"Pin with Python {REQUIRED[0]}.{REQUIRED[1]}, the one binder/runtime.txt names.")
    scratch = ROOT / "build" / "pin-venv"
    venv.EnvBuilder(with_pip=True, clear=True).create(scratch)
    spy = scratch / BIN.name / PY.name
    header = "# Generated by `python3 tasks.py pin` from {}. Do not edit.\n"
    run(spy, "-m", "pip", "install", "-q", "--upgrade", "pip")
    run(spy, "-m", "pip", "install", "-q", "-r", ROOT / "binder" / "requirements.in")
    student = _frozen(spy)
    REQUIREMENTS.write_text(header.format("binder/requirements.in") + "\n".join(student) + "\n")
    print(f"wrote {REQUIREMENTS}")
    tests_in = ROOT / "tests" / "requirements.in"
    run(spy, "-m", "pip", "install", "-q", "-r", tests_in, "-c", REQUIREMENTS)
    taken = {_name(line) for line in student}
    added = [line for line in _frozen(spy) if _name(line) not in taken]
    TEST_REQUIREMENTS.write_text(
        header.format("tests/requirements.in")
        + "# Installed on top of binder/requirements.txt (the student list), never alone.\n"
        + "\n".join(added)
        + "\n"
    )
    print(f"wrote {TEST_REQUIREMENTS}")
    return 0


# --------------------------------------------------------------------------- command line


def parser() -> argparse.ArgumentParser:
    top = argparse.ArgumentParser(
        prog="tasks.py",
        description="Set up and run geoteach (see the top of tasks.py).",
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    commands = top.add_subparsers(dest="command", metavar="COMMAND", required=True)

    def server(name: str, help: str, what: str) -> None:
        sub = commands.add_parser(name, help=help, description=help)
        sub.add_argument("--port", type=int, help="port to listen on (default: first free one)")
        sub.add_argument(
            "--ip",
            default="127.0.0.1",
            help="address to listen on; 0.0.0.0 lets other computers in (default: 127.0.0.1)",
        )
        sub.add_argument("--token", help=f"the password-like token in the address ({what})")
        sub.add_argument(
            "--no-browser", dest="browser", action="store_false", help="do not open a browser"
        )

    server("lab", "JupyterLab on notebooks/00_start_here.ipynb", "default: a new random one")
    server("voila", "the student apps of notebooks/play/ as Voilà apps", "default: none")
    commands.choices["voila"].add_argument(
        "--ready",
        action="append",
        metavar="APP:NUMBER",
        help="keep NUMBER kernels of APP started before the class arrives, e.g. "
        "globalissimo:30 (about 140 MB each; repeat for several apps)",
    )
    for name, help in (("test", "the whole test suite"), ("fast", "the quick test suite")):
        commands.add_parser(name, help=f"{help} (further arguments go to pytest)")
    commands.add_parser(
        "bench", help="the benchmarks (further arguments go to tests/bench/class_game_load.py)"
    )
    commands.add_parser("pin", help="regenerate the pinned lists from their .in files")
    commands.add_parser("lint", help="ruff check and format check, mypy")
    return top


COMMANDS = {
    "lab": lab,
    "voila": voila,
    "test": test,
    "fast": fast,
    "bench": bench,
    "pin": pin,
    "lint": lint,
}


def main(argv: list[str]) -> int:
    if argv[:1] in (["test"], ["fast"]):
        # Everything after the command is pytest's, options included (`fast -x -k deck`).
        options = argparse.Namespace(command=argv[0], pytest_args=argv[1:])
        return COMMANDS[options.command](options)
    if argv[:1] == ["bench"]:
        return bench(argparse.Namespace(command="bench", bench_args=argv[1:]))
    options = parser().parse_args(argv)
    if getattr(options, "port", None) is not None and not 0 < options.port < 65536:
        sys.exit(f"--port {options.port} is not a port number (1 to 65535).")
    return COMMANDS[options.command](options)


if __name__ == "__main__":
    # First of all, before anything that needs a newer Python: say which Python to install.
    problem = python_problem()
    if problem:
        sys.exit(problem)
    sys.exit(main(sys.argv[1:]))
