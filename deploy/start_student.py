"""Start a student's Jupyter server on JupyterHub, in their own copy of the lessons.

JupyterHub runs this instead of `jupyterhub-singleuser` (deploy/jupyterhub_config.py sets
Spawner.cmd). The first time, it copies the kit's notebooks and the documents they link to into
~/geoteach/; later it only adds files that a new version of the kit brought, and never overwrites
a student's notebook or save. Then it becomes the student's server, rooted in ~/geoteach/, so the
addresses are the same as on Binder and in `tasks.py lab`: /voila/tree/notebooks/play and
/lab/tree/notebooks/00_start_here.ipynb.
"""

from __future__ import annotations

import os
import shutil
import sys
from pathlib import Path

KIT = Path(__file__).resolve().parents[1]
#: What a student's folder holds: the lessons and apps, and the documents they link to.
LESSON_FILES = ("notebooks", "data/SOURCES.md", "data/decks")


def copy_lessons(kit: Path, home: Path) -> Path:
    """Copy what the kit has and the student's folder lacks; return that folder."""
    folder = home / "geoteach"
    for part in LESSON_FILES:
        source = kit / part
        files = sorted(p for p in source.rglob("*") if p.is_file()) if source.is_dir() else [source]
        for file in files:
            relative = file.relative_to(kit)
            if ".ipynb_checkpoints" in relative.parts or "__pycache__" in relative.parts:
                continue
            target = folder / relative
            if not target.exists():
                target.parent.mkdir(parents=True, exist_ok=True)
                shutil.copy2(file, target)
    return folder


def main(args: list[str]) -> None:
    folder = copy_lessons(KIT, Path.home())
    os.chdir(folder)  # the server's root folder is where it starts
    os.execv(sys.executable, [sys.executable, "-m", "jupyterhub.singleuser", *args])


if __name__ == "__main__":
    main(sys.argv[1:])
