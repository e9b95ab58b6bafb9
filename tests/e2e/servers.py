"""The student apps (notebooks/play/*.ipynb) in a scratch copy of the kit, for the server tests.

The servers under test (Voilà, JupyterHub) run on a copy, never on the checkout. While
notebooks/play/ is not in the repository yet, the copy gets one real game notebook there instead
(Globalissimo), so the configuration is still tested on a real app; once the apps are in, every
test runs on each of them.
"""

from __future__ import annotations

import contextlib
import shutil
import signal
import subprocess
from pathlib import Path

import psutil

ROOT = Path(__file__).resolve().parents[2]
PLAY = ROOT / "notebooks" / "play"
#: Stand-in while notebooks/play/ does not exist: name in play/ -> notebook it copies.
STAND_IN = {"globalissimo.ipynb": "01_globalissimo.ipynb"}
#: The kit's own Jupyter settings (installed with geoteach into an environment's etc/, share/).
JUPYTER_CONFIG = ROOT / "jupyter" / "etc" / "jupyter"
JUPYTER_DATA = ROOT / "jupyter" / "share" / "jupyter"


def real_apps() -> list[str]:
    """File names of the student apps in the repository (empty while there are none)."""
    return sorted(p.name for p in PLAY.glob("*.ipynb"))


def student_apps() -> list[str]:
    """The apps the server tests open: the real ones, or the stand-in while there are none."""
    return real_apps() or sorted(STAND_IN)


def kit_copy(dest: Path) -> Path:
    """A copy of what a server needs: notebooks (with play/), linked documents, deploy/."""
    shutil.copytree(
        ROOT / "notebooks", dest / "notebooks", ignore=shutil.ignore_patterns(".ipynb_checkpoints")
    )
    if not real_apps():
        (dest / "notebooks" / "play").mkdir(exist_ok=True)
        for name, source in STAND_IN.items():
            shutil.copy(ROOT / "notebooks" / source, dest / "notebooks" / "play" / name)
    (dest / "data").mkdir()
    shutil.copy(ROOT / "data" / "SOURCES.md", dest / "data")
    shutil.copytree(ROOT / "data" / "decks", dest / "data" / "decks")
    shutil.copytree(ROOT / "deploy", dest / "deploy", ignore=shutil.ignore_patterns("__pycache__"))
    shutil.copy(ROOT / "tasks.py", dest / "tasks.py")
    return dest


def jupyter_env(env: dict[str, str]) -> dict[str, str]:
    """`env` with the kit's Jupyter settings first on Jupyter's search paths.

    An environment where geoteach is installed has them already; the test environment may run
    the checkout without installing it, so the servers are pointed at the repository's files.
    """
    out = dict(env)
    out["JUPYTER_CONFIG_PATH"] = str(JUPYTER_CONFIG)
    out["JUPYTER_PATH"] = str(JUPYTER_DATA)
    return out


def live_kernels(server: psutil.Process) -> set[int]:
    """The kernel processes a Jupyter or Voilà server runs now (a finished one may linger as a
    zombie until the server reaps it: that one counts as gone)."""
    found = set()
    for child in server.children(recursive=True):
        try:
            if child.status() != psutil.STATUS_ZOMBIE and "ipykernel" in " ".join(child.cmdline()):
                found.add(child.pid)
        except psutil.Error:
            continue
    return found


def press_ctrl_c(proc: subprocess.Popen, timeout: float = 60) -> str | None:
    """Ctrl-C to `tasks.py lab/voila`, as at the terminal: its output from then on.

    If it does not stop in time, it and its server are killed (no server outlives a test) and
    the test fails.
    """
    family = [psutil.Process(proc.pid), *psutil.Process(proc.pid).children(recursive=True)]
    proc.send_signal(signal.SIGINT)
    try:
        out, _ = proc.communicate(timeout=timeout)
    except subprocess.TimeoutExpired:
        for member in family:
            with contextlib.suppress(psutil.Error):
                member.kill()
        proc.communicate()
        raise
    return out


def teacher_secret(root: Path) -> str:
    """The teacher link's secret of a test server whose class service keeps its folder in
    ``root/service`` (``GEOTEACH_SERVICE_DIR``, set by the servers' environment)."""
    return (root / "service" / "teacher_secret").read_text(encoding="ascii").strip()


def teacher_path(path: str, root: Path) -> str:
    """``path`` with the teacher link's secret, for the class-game page (any other unchanged)."""
    if "class_game.ipynb" not in path:
        return path
    joiner = "&" if "?" in path else "?"
    return f"{path}{joiner}teacher={teacher_secret(root)}"
