#!/usr/bin/env python3
"""Set up and run geoteach with nothing but Python 3.11 and pip.

    python3 tasks.py lab      # JupyterLab on notebooks/00_start_here.ipynb
    python3 tasks.py test     # the whole suite: lint, data, engines, widgets, notebooks, browser
    python3 tasks.py fast     # the quick suite (no browser, no slow checks)
    python3 tasks.py voila    # the student apps (notebooks/play/) as Voilà apps
    python3 tasks.py bench    # the benchmarks (on demand, not in CI)
    python3 tasks.py pin      # regenerate the pinned lists from their .in files (uv)
    python3 tasks.py lint     # ruff and mypy

`lab` and `voila` take --port, --ip, --token and --no-browser. A school server, whose address
students type into their browsers:

    python3 tasks.py voila --ip 0.0.0.0 --port 8866

and for a class of 30 opening Globalissimo together, kernels ready before they arrive:

    python3 tasks.py voila --ip 0.0.0.0 --port 8866 --ready globalissimo:30

`test` and `fast` hand any further arguments to pytest (`python3 tasks.py fast tests/quiz -x`)
and run it in 3 or 4 processes, one more than the cores (GEOTEACH_TEST_WORKERS=1 for one,
`-n 1` too).

The kit runs from ./.venv, which the first command creates: binder/requirements.txt (what a
student gets, the very list Binder installs) and geoteach; `test` adds tests/requirements.txt
(the test tools) and JupyterHub's proxy from npm for the classroom load test. uv installs the
lists (pip installs uv first, pinned; where uv cannot, pip installs them itself, so a school's
pip settings still work). A .venv made by another Python, or whose last installation did not
finish, is built again by itself. GEOTEACH_VENV=/path/to/env runs the kit from an environment
you manage yourself (a school server's): tasks.py then creates and installs nothing.

This file only makes the environment and runs the tools in it: the servers are
geoteach/launch.py's, which `lab` and `voila` hand over to.
"""

from __future__ import annotations

import argparse
import hashlib
import importlib.util
import os
import shutil
import subprocess
import sys
import venv
from pathlib import Path
from types import ModuleType

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
#: The installer of the pinned lists (https://docs.astral.sh/uv/), itself installed by pip.
UV = "uv==0.13.8"
INSTALLING = ".geoteach-installing"
BIN = VENV / ("Scripts" if os.name == "nt" else "bin")
PY = BIN / ("python.exe" if os.name == "nt" else "python")
#: The servers' code (`lab`, `voila`), run in the environment once it is ready.
LAUNCH = ROOT / "geoteach" / "launch.py"


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
    """Install the lists and geoteach with uv; an interrupted run is noticed by the next one."""
    (VENV / STAMP).unlink(missing_ok=True)
    (VENV / INSTALLING).write_text("tasks.py started installing and has not finished\n")
    requirement_files = [arg for path in lists for arg in ("-r", path)]
    pip = (PY, "-m", "pip", "install", "-q", "--disable-pip-version-check")
    uv = BIN / ("uv.exe" if os.name == "nt" else "uv")
    # Compiled as pip does: without it, every later start of JupyterLab was 1.5 s slower.
    uv_install = (uv, "pip", "install", "--compile-bytecode", "--python", PY)
    # pip itself is brought up to date too, as before uv: the tests ask it about other platforms.
    done = (uv.exists() or run(*pip, "--upgrade", "pip", UV, check=False) == 0) and (
        run(*uv_install, *requirement_files, "-e", ".", check=False) == 0
    )
    if not done:
        print("uv could not install the kit; pip tries instead (slower).", flush=True)
        done = run(*pip, *requirement_files, check=False) == 0
        done = done and run(*pip, "--no-deps", "-e", ".", check=False) == 0
    if not done:
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
    """pytest-xdist's options: the suite in ``GEOTEACH_TEST_WORKERS`` processes (default: one
    more than the cores, at least 3 and at most 4), unless the arguments choose (``-n 1``,
    ``-p no:xdist``).

    A browser test waits for a kernel or a page about half its time, so a 2-core machine runs
    three processes: two groups of browser tests (conftest.py's scheduler keeps each group one
    after the other in its own process, and each file in one process and in order) beside the
    unit tests, which take the cores the browsers leave.
    """
    chosen = ("-n", "--numprocesses", "no:xdist", "-pno:xdist")
    if any(arg.startswith(chosen) for arg in pytest_args):
        return []
    wanted = os.environ.get("GEOTEACH_TEST_WORKERS", "").strip()
    workers = int(wanted) if wanted.isdigit() else min(4, max(3, (os.cpu_count() or 1) + 1))
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


def bench(options: argparse.Namespace) -> int:
    """The benchmarks, on demand (never in CI): tests/bench/__main__.py says which."""
    ensure_env(REQUIREMENTS, TEST_REQUIREMENTS)
    return run(PY, "-m", "tests.bench", *options.bench_args, check=False)


def _name(line: str) -> str:
    return line.split("==", 1)[0].strip().lower().replace("_", "-")


def pin(options: argparse.Namespace | None = None) -> int:
    """Resolve the .in lists with `uv pip compile` and write the pinned lists.

    The student list first; the test list is resolved with the student pins as constraints and
    keeps only what it adds, so `binder/ + tests/` is one consistent environment.
    """
    ensure_env(REQUIREMENTS)
    uv = BIN / ("uv.exe" if os.name == "nt" else "uv")
    python = ("--python-version", ".".join(map(str, REQUIRED)))
    compile_ = (uv, "pip", "compile", "-q", "--no-annotate", *python, "--no-header")
    run(*compile_, "binder/requirements.in", "-o", REQUIREMENTS)
    tests = ROOT / "build" / "tests-requirements.txt"
    run(*compile_, "tests/requirements.in", "-c", REQUIREMENTS, "-o", tests)
    student = {_name(line) for line in REQUIREMENTS.read_text().splitlines()}
    added = [line for line in tests.read_text().splitlines() if _name(line) not in student]
    header = "# Generated by `python3 tasks.py pin` (uv pip compile) from {}. Do not edit.\n"
    REQUIREMENTS.write_text(header.format("binder/requirements.in") + REQUIREMENTS.read_text())
    TEST_REQUIREMENTS.write_text(
        header.format("tests/requirements.in")
        + "# Installed on top of binder/requirements.txt (the student list), never alone.\n"
        + "\n".join(added)
        + "\n"
    )
    return 0


# --------------------------------------------------------------------------- command line


def parser() -> argparse.ArgumentParser:
    top = argparse.ArgumentParser(
        prog="tasks.py",
        description="Set up and run geoteach (see the top of tasks.py).",
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    commands = top.add_subparsers(dest="command", metavar="COMMAND", required=True)

    if LAUNCH.is_file():
        launch().add_servers(commands)
    for name, help in (("test", "the whole test suite"), ("fast", "the quick test suite")):
        commands.add_parser(name, help=f"{help} (further arguments go to pytest)")
    commands.add_parser(
        "bench", help="the benchmarks (further arguments go to tests/bench/class_game_load.py)"
    )
    commands.add_parser("pin", help="regenerate the pinned lists from their .in files")
    commands.add_parser("lint", help="ruff check and format check, mypy")
    return top


def launch() -> ModuleType:
    """geoteach/launch.py, read with this Python before anything is installed: its command
    line is checked before an installation starts."""
    spec = importlib.util.spec_from_file_location("launch", LAUNCH)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def serve(argv: list[str]) -> int:
    """`lab` and `voila`: the environment, then geoteach.launch in it, in this very process
    (so Ctrl-C and SIGTERM reach the server's own handling)."""
    ensure_env(REQUIREMENTS)
    cmd = [str(PY), "-m", "geoteach.launch", *argv]
    if os.name == "nt":
        return subprocess.run(cmd, cwd=ROOT).returncode
    os.chdir(ROOT)
    os.execv(cmd[0], cmd)


COMMANDS = {
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
    if argv[:1] in (["lab"], ["voila"]):
        if LAUNCH.is_file():  # a checkout of the kit: its command line is checked first
            launch().options_of(argv)
        return serve(argv)
    options = parser().parse_args(argv)
    return COMMANDS[options.command](options)


if __name__ == "__main__":
    # First of all, before anything that needs a newer Python: say which Python to install.
    problem = python_problem()
    if problem:
        sys.exit(problem)
    sys.exit(main(sys.argv[1:]))
