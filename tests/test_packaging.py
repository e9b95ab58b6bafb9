"""The kit as it is picked up: one pinned list, clean notebooks, a wheel that carries the data."""

from __future__ import annotations

import json
import re
import subprocess
import sys
import tomllib
import venv
import zipfile
from pathlib import Path

import pytest

from tests.registries import require_pypi

ROOT = Path(__file__).resolve().parents[1]


def _names(lines: list[str]) -> set[str]:
    out = set()
    for line in lines:
        line = line.split("#", 1)[0].strip()
        if line and not line.startswith("-"):
            out.add(re.split(r"[<>=!~\[; ]", line, maxsplit=1)[0].lower().replace("_", "-"))
    return out


def test_pinned_list_covers_short_list_and_package_dependencies() -> None:
    pinned_text = (ROOT / "binder" / "requirements.txt").read_text().splitlines()
    pinned = _names(pinned_text)
    assert all("==" in ln for ln in pinned_text if ln.strip() and not ln.startswith("#"))
    wanted = _names((ROOT / "binder" / "requirements.in").read_text().splitlines())
    project = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]["dependencies"]
    missing = (wanted | _names(project)) - pinned
    assert not missing, f"binder/requirements.txt lacks {sorted(missing)}: run python3 tasks.py pin"


def _pins(path: Path) -> dict[str, str]:
    lines = [ln.strip() for ln in path.read_text().splitlines()]
    return {_names([ln]).pop(): ln for ln in lines if ln and not ln.startswith("#")}


def test_tasks_installs_the_binder_list() -> None:
    # Binder, `tasks.py lab` and `tasks.py test` install the very same student list; the tests
    # add their tools on top, so they check exactly what a student gets.
    tasks = (ROOT / "tasks.py").read_text()
    assert 'REQUIREMENTS = ROOT / "binder" / "requirements.txt"' in tasks
    assert "ensure_env(REQUIREMENTS)\n" in tasks  # lab and voila: the student list only
    assert "ensure_env(REQUIREMENTS, TEST_REQUIREMENTS)" in tasks  # test: both
    # repo2docker installs binder/requirements.txt itself; postBuild only adds geoteach.
    post = (ROOT / "binder" / "postBuild").read_text()
    assert "pip install" in post and "--no-deps" in post


def test_student_list_carries_no_test_tools() -> None:
    student = _pins(ROOT / "binder" / "requirements.txt")
    tests = _pins(ROOT / "tests" / "requirements.txt")
    wanted = _names((ROOT / "tests" / "requirements.in").read_text().splitlines())
    assert wanted <= set(tests), f"run python3 tasks.py pin: missing {wanted - set(tests)}"
    assert not set(student) & set(tests), "a package is pinned in both lists"
    for tool in ("pytest", "nbval", "hypothesis", "playwright", "ruff", "jupyterhub"):
        assert tool not in student, f"{tool} is a test tool, not for students"
    # The data sources the tests rebuild from are the pinned ones the scripts name.
    for name, line in _pins(ROOT / "scripts" / "requirements-build.txt").items():
        assert tests.get(name) == line, f"{name}: {tests.get(name)} vs {line}"


def test_readme_opens_with_the_two_commands() -> None:
    readme = (ROOT / "README.md").read_text()
    blocks = re.findall(r"```(?:bash|sh)?\n(.*?)```", readme, flags=re.S)
    assert blocks, "README has no command block"
    first = [ln for ln in blocks[0].splitlines() if ln.strip() and not ln.startswith("#")]
    assert first == ["python3 tasks.py lab", "python3 tasks.py test"]
    ci = (ROOT / ".ci" / "run").read_text()
    assert "python3 tasks.py test" in ci


def test_notebooks_are_stored_without_outputs() -> None:
    notebooks = sorted((ROOT / "notebooks").glob("*.ipynb"))
    assert notebooks, "no notebooks found"
    for path in notebooks:
        nb = json.loads(path.read_text(encoding="utf-8"))
        for cell in nb["cells"]:
            if cell["cell_type"] == "code":
                assert not cell.get("outputs"), f"{path.name} has stored outputs"
                assert cell.get("execution_count") is None, f"{path.name} has execution counts"


def test_every_data_file_is_listed_in_sources() -> None:
    sources = (ROOT / "data" / "SOURCES.md").read_text(encoding="utf-8")
    for path in (ROOT / "data").rglob("*"):
        if path.is_file() and path.suffix != ".md" and path.parent.name != "flags":
            stem = path.name.split(".")[0]
            assert stem in sources, f"data/{path.relative_to(ROOT / 'data')} is not in SOURCES.md"


@pytest.mark.slow
def test_wheel_carries_the_data_and_works_in_a_fresh_venv(tmp_path: Path) -> None:
    require_pypi()  # the build backend and the dependencies come from the index
    dist = tmp_path / "dist"
    subprocess.run(
        [sys.executable, "-m", "pip", "wheel", "--no-deps", "-q", "-w", str(dist), str(ROOT)],
        check=True,
    )
    (wheel,) = dist.glob("geoteach-*.whl")
    with zipfile.ZipFile(wheel) as zf:
        names = zf.namelist()
    assert "geoteach/_data/SOURCES.md" in names
    assert "geoteach/_data/countries.csv" in names
    assert "geoteach/_data/us_states.csv" in names
    # The kit's settings name the kernel websocket guard: a server without it would not start.
    assert "geoteach/server/websocket_guard.py" in names
    # The kit's style sheets are package data (geoteach.ui.styles reads them at run time).
    sheets = sorted((ROOT / "geoteach" / "ui" / "css").glob("*.css"))
    assert sheets and all(f"geoteach/ui/css/{p.name}" in names for p in sheets)

    env_dir = tmp_path / "venv"
    venv.EnvBuilder(with_pip=True).create(env_dir)
    py = env_dir / "bin" / "python"
    subprocess.run(
        [str(py), "-m", "pip", "install", "-q", "--disable-pip-version-check", str(wheel)],
        check=True,
    )
    smoke = (
        "import geoteach, geoteach.data as d; "
        "assert '_data' in str(d.data_dir()), d.data_dir(); "
        "c = d.countries(); s = d.us_states(); w = d.world_map('50m'); u = d.us_map(); "
        "print(len(c), len(s), len(w), len(u), geoteach.__file__)"
    )
    out = subprocess.run(
        [str(py), "-c", smoke], cwd=tmp_path, capture_output=True, text=True, check=True
    ).stdout
    n_countries, n_states, *_ = out.split()
    assert int(n_countries) >= 193 and int(n_states) == 50
    assert str(env_dir) in out
    # The kit's Voilà and Jupyter settings land where Jupyter looks in that environment.
    for part in (
        "etc/jupyter/voila.py",
        "etc/jupyter/jupyter_server_config.json",
        "share/jupyter/voila/templates/geoteach/index.html.j2",
        "share/jupyter/voila/templates/geoteach/canvas_keys.js",
    ):
        installed = env_dir / part
        assert installed.read_bytes() == (ROOT / "jupyter" / part).read_bytes(), part
