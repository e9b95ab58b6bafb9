"""Run a data build into a copy of the repository, never into the checkout's own data/.

A rebuild test that wrote into data/ left a failed run's checkout modified (``git status``
showed ``M data/...``); every rebuild test now builds into a temporary copy and compares.
"""

from __future__ import annotations

import filecmp
import shutil
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def repository_copy(folder: Path, *, data: bool = True) -> Path:
    """A copy of scripts/ (and data/, unless ``data`` is False) in ``folder``/repo."""
    copy = folder / "repo"
    shutil.copytree(ROOT / "scripts", copy / "scripts")
    if data:
        shutil.copytree(ROOT / "data", copy / "data")
    else:
        (copy / "data").mkdir()
    return copy


def rebuild(copy: Path, script: str, *args: str, env: dict[str, str] | None = None) -> None:
    """Run ``scripts/<script>`` in the copy (as the README's data section says to run it)."""
    subprocess.run(
        [sys.executable, f"scripts/{script}", *args],
        cwd=copy,
        check=True,
        capture_output=True,
        env=env,
    )


def differing(copy: Path, names: list[str] | tuple[str, ...]) -> list[str]:
    """The data files (paths under data/) that the copy's build made differently."""
    return [
        name
        for name in names
        if not filecmp.cmp(copy / "data" / name, ROOT / "data" / name, shallow=False)
    ]
