"""Binder builds the student environment: repo2docker's own choice of Python, and pins that resolve.

repo2docker (from PyPI) detects the build pack of this repository exactly as mybinder.org does,
without Docker; the pinned lists must then resolve for the Python it picked, wheels only, as
Binder installs them. The README's links must open the start notebook and the student apps.
"""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import pytest

from tests.registries import require_pypi

ROOT = Path(__file__).resolve().parents[1]
RUNTIME = ROOT / "binder" / "runtime.txt"
PLAY = ROOT / "notebooks" / "play"
BINDER_LINK = re.compile(r"https://mybinder\.org/v2/gh/[^)\s]+\?urlpath=([^)\s]+)")


def runtime_python() -> str:
    """The Python version binder/runtime.txt asks for ("3.11")."""
    match = re.fullmatch(r"python-(\d+\.\d+)", RUNTIME.read_text().strip())
    assert match, f"{RUNTIME} must read python-X.Y"
    return match.group(1)


def binder_python() -> tuple[str, str]:
    """repo2docker's choice for this repository: (build pack name, exact Python version).

    The build pack is detected by repo2docker's own code, as mybinder.org runs it; the exact
    Python is the one in the conda lock file repo2docker installs for that version.
    """
    app = pytest.importorskip("repo2docker.app", reason="tests/requirements.txt has it")
    from repo2docker.utils import chdir

    r2d = app.Repo2Docker()
    with chdir(str(ROOT)):
        picked = next(
            bp for bp in (BP(base_image=r2d.base_image) for BP in r2d.buildpacks) if bp.detect()
        )
        picked.platform = r2d.platform
        dockerfile = picked.render({"NB_USER": "jovyan", "NB_UID": "1000"})
    assert 'pip install --no-cache-dir -r "binder/requirements.txt"' in dockerfile
    assert "binder/postBuild" in dockerfile
    # Only the student list goes into the image: the test tools stay out of every Binder start.
    assert "tests/requirements.txt" not in dockerfile
    lock = Path(app.__file__).parent / "buildpacks" / "conda"
    lock_file = lock / f"environment.py-{picked.python_version}-linux-64.lock"
    exact = re.search(r"/python-(\d+\.\d+\.\d+)-", lock_file.read_text())
    assert exact, f"no python in {lock_file}"
    return type(picked).__name__, exact.group(1)


def test_repo2docker_builds_with_the_pinned_python() -> None:
    build_pack, python = binder_python()
    assert build_pack == "PythonBuildPack"
    assert python.rsplit(".", 1)[0] == runtime_python()


def test_runtime_python_is_the_one_tasks_py_requires() -> None:
    sys.path.insert(0, str(ROOT))
    try:
        import tasks
    finally:
        sys.path.remove(str(ROOT))
    assert ".".join(map(str, tasks.REQUIRED)) == runtime_python()


@pytest.mark.slow
@pytest.mark.parametrize("python", ["binder", "oldest"])
@pytest.mark.parametrize(
    "lists",
    [["binder/requirements.txt"], ["binder/requirements.txt", "tests/requirements.txt"]],
    ids=["student", "student+tests"],
)
def test_pinned_lists_resolve_for_the_binder_python(lists: list[str], python: str) -> None:
    # Binder's exact Python, and the oldest 3.11 that tasks.py accepts (Debian 12 has 3.11.2).
    version = binder_python()[1] if python == "binder" else f"{runtime_python()}.0"
    require_pypi()
    files = [arg for name in lists for arg in ("-r", str(ROOT / name))]
    result = subprocess.run(
        [
            *(sys.executable, "-m", "pip", "install", "--dry-run", "--ignore-installed", "-q"),
            *("--python-version", version, "--only-binary=:all:"),
            *files,
        ],
        capture_output=True,
        text=True,
    )
    errors = [ln for ln in result.stderr.splitlines() if not ln.startswith("WARNING")]
    assert result.returncode == 0, "\n".join(errors[-20:])


def test_readme_links_open_the_start_notebook_in_lab() -> None:
    paths = BINDER_LINK.findall((ROOT / "README.md").read_text(encoding="utf-8"))
    assert "lab/tree/notebooks/00_start_here.ipynb" in paths
    assert (ROOT / "notebooks" / "00_start_here.ipynb").is_file()
    # The list of apps: the same place a school's JupyterHub opens (deploy/jupyterhub_config.py).
    assert "voila/tree/notebooks/play" in paths
    hub_config = (ROOT / "deploy" / "jupyterhub_config.py").read_text()
    assert 'c.Spawner.default_url = "/voila/tree/notebooks/play"' in hub_config


def test_readme_links_open_every_student_app() -> None:
    if not PLAY.is_dir():
        pytest.skip("the student apps are not in notebooks/play/ yet")
    paths = BINDER_LINK.findall((ROOT / "README.md").read_text(encoding="utf-8"))
    linked = {p.removeprefix("voila/render/notebooks/play/") for p in paths if "/play/" in p}
    assert linked == {p.name for p in PLAY.glob("*.ipynb")}


def test_student_apps_need_nothing_from_the_internet() -> None:
    # The kit's Voilà template loads no mermaid (it would come from a CDN): apps draw none.
    if not PLAY.is_dir():
        pytest.skip("the student apps are not in notebooks/play/ yet")
    for app in sorted(PLAY.glob("*.ipynb")):
        text = app.read_text(encoding="utf-8")
        assert "```mermaid" not in text, f"{app.name} has a mermaid diagram"
