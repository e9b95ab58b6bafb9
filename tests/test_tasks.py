"""tasks.py as a teacher meets it: the right Python, a self-repairing .venv, servers that stop.

The server tests run `tasks.py` with GEOTEACH_VENV pointing at the test environment, so no
installation happens; everything else is the real command line.
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
import time
import urllib.request
import venv
from dataclasses import dataclass
from pathlib import Path

import pytest

from tests.e2e.conftest import free_port
from tests.e2e.servers import jupyter_env, kit_copy, press_ctrl_c

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
import tasks  # noqa: E402

sys.path.remove(str(ROOT))

from geoteach import launch  # noqa: E402


def _old_pythons() -> list[Path]:
    """Interpreters 3.7 to 3.10 on this machine (pyenv's or Debian's), to run tasks.py with."""
    found = []
    for pattern in ("root/.pyenv/versions/3.*/bin/python3", "usr/bin/python3.*"):
        for path in sorted(Path("/").glob(pattern)):
            minor = re.search(r"3\.(\d+)", str(path))
            if minor and 7 <= int(minor.group(1)) < 11 and os.access(path, os.X_OK):
                found.append(path)
    return found


def test_too_old_python_is_told_what_to_install() -> None:
    message = tasks.python_problem((3, 10, 12))
    assert message is not None
    assert "Python 3.11" in message and "3.10.12" in message
    assert "apt install python3.11" in message and "python.org" in message
    assert tasks.python_problem((3, 11, 2)) is None
    assert tasks.python_problem((3, 13, 0)) is None


@pytest.mark.parametrize("python", _old_pythons() or [None], ids=lambda p: str(p) if p else "none")
def test_an_old_python_gets_the_message_and_no_environment(tmp_path: Path, python) -> None:
    if python is None:
        pytest.skip("no Python older than 3.11 on this machine to try tasks.py with")
    shutil.copy(ROOT / "tasks.py", tmp_path / "tasks.py")
    result = subprocess.run(
        [str(python), "tasks.py", "lab"], cwd=tmp_path, capture_output=True, text=True
    )
    assert result.returncode == 1
    assert "geoteach needs Python 3.11 or newer" in result.stderr
    assert "Traceback" not in result.stderr
    assert not (tmp_path / ".venv").exists()


@dataclass
class FakeEnv:
    path: Path
    installs: list[tuple[Path, ...]]


@pytest.fixture
def fake_env(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> FakeEnv:
    """tasks.py's .venv moved to a scratch folder; installing only writes down what it would."""
    env = tmp_path / ".venv"
    monkeypatch.setattr(tasks, "VENV", env)
    monkeypatch.setattr(tasks, "BIN", env / tasks.BIN.name)
    monkeypatch.setattr(tasks, "PY", env / tasks.BIN.name / tasks.PY.name)
    monkeypatch.setattr(tasks, "OWN_ENV", "")
    installs: list[tuple[Path, ...]] = []

    def install(lists: tuple[Path, ...], lines: set[str]) -> None:
        installs.append(lists)
        (env / tasks.STAMP).write_text("\n".join(sorted(lines)) + "\n")

    monkeypatch.setattr(tasks, "install", install)
    return FakeEnv(env, installs)


def _pyvenv_version(env: Path) -> str:
    return re.search(r"^version\s*=\s*(\S+)", (env / "pyvenv.cfg").read_text(), re.M).group(1)


@pytest.mark.parametrize("damage", ["other python", "half installed", "no python"])
def test_a_broken_venv_is_built_again(fake_env: FakeEnv, damage: str) -> None:
    env = fake_env.path
    venv.EnvBuilder(with_pip=True).create(env)
    (env / tasks.STAMP).write_text("\n".join(sorted(tasks.stamp_lines(tasks.REQUIREMENTS))))
    assert tasks.env_problem(env) is None
    if damage == "other python":
        cfg = env / "pyvenv.cfg"
        cfg.write_text(re.sub(r"(?m)^version\s*=.*$", "version = 3.10.13", cfg.read_text()))
        assert "made by Python 3.10.13" in tasks.env_problem(env)
    elif damage == "half installed":
        (env / tasks.INSTALLING).write_text("")
        assert "did not finish" in tasks.env_problem(env)
    else:
        tasks.PY.unlink()
        assert "does not start" in tasks.env_problem(env)

    tasks.ensure_env(tasks.REQUIREMENTS)

    here = ".".join(map(str, sys.version_info[:3]))
    assert _pyvenv_version(env) == here
    assert tasks.env_problem(env) is None
    assert fake_env.installs == [(tasks.REQUIREMENTS,)]


def test_a_ready_venv_is_used_as_it_is_and_a_changed_list_is_installed(fake_env: FakeEnv) -> None:
    env = fake_env.path
    venv.EnvBuilder(with_pip=True).create(env)
    lines = tasks.stamp_lines(tasks.REQUIREMENTS, tasks.TEST_REQUIREMENTS)
    (env / tasks.STAMP).write_text("\n".join(sorted(lines)))
    tasks.ensure_env(tasks.REQUIREMENTS)  # the test env has the student list: nothing to do
    assert fake_env.installs == []
    (env / tasks.STAMP).write_text("0000 binder/requirements.txt\n")
    tasks.ensure_env(tasks.REQUIREMENTS, tasks.TEST_REQUIREMENTS)
    assert fake_env.installs == [(tasks.REQUIREMENTS, tasks.TEST_REQUIREMENTS)]


@pytest.mark.parametrize(
    "argv",
    [["voila", "--bogus"], ["lab", "extra"], ["lab", "--port", "eighty"], ["serve"], []],
)
def test_unknown_arguments_are_an_error(argv: list[str]) -> None:
    result = subprocess.run(
        [sys.executable, "tasks.py", *argv], cwd=ROOT, capture_output=True, text=True
    )
    assert result.returncode == 2
    assert "usage: tasks.py" in result.stderr
    assert "Traceback" not in result.stderr


def test_school_server_options_reach_voila(monkeypatch: pytest.MonkeyPatch, tmp_path) -> None:
    seen = {}
    monkeypatch.setattr(launch, "apps_folder", lambda: tmp_path)
    monkeypatch.setattr(launch, "teacher_link_secret", lambda: "")
    monkeypatch.setattr(launch, "pick_port", lambda ip, wanted, default: wanted or default)
    monkeypatch.setattr(
        launch,
        "serve",
        lambda name, cmd, ip, port, urls, env=None: seen.update(cmd=cmd, urls=urls, env=env) or 0,
    )
    assert launch.main(["voila", "--ip", "0.0.0.0", "--port", "8866", "--token", "maps"]) == 0
    cmd = [str(part) for part in seen["cmd"]]
    assert {"--Voila.ip=0.0.0.0", "--Voila.port=8866", "--Voila.token=maps"} <= set(cmd)
    assert "--Voila.open_browser=False" in cmd  # a server for others opens no browser here
    assert seen["urls"][0] == "http://127.0.0.1:8866/?token=maps   (on this computer)"
    assert not seen["env"]  # no kernels started ahead unless asked


def test_kernels_ready_before_the_class_arrives_reach_voila(
    monkeypatch: pytest.MonkeyPatch, tmp_path
) -> None:
    seen = {}
    for app in ("globalissimo", "join"):
        (tmp_path / f"{app}.ipynb").write_text("{}")
    monkeypatch.setattr(launch, "apps_folder", lambda: tmp_path)
    monkeypatch.setattr(launch, "teacher_link_secret", lambda: "")
    monkeypatch.setattr(launch, "pick_port", lambda ip, wanted, default: wanted or default)
    monkeypatch.setattr(
        launch, "serve", lambda name, cmd, ip, port, urls, env=None: seen.update(env=env) or 0
    )
    argv = ["voila", "--ip", "0.0.0.0", "--ready", "globalissimo:30", "--ready", "join:8"]
    assert launch.main(argv) == 0
    # voila.py reads the pool; the kernels ask the server on this computer for their page.
    assert seen["env"] == {
        "GEOTEACH_KERNEL_POOL": "globalissimo=30,join=8",
        "VOILA_APP_IP": "127.0.0.1",
    }
    assert launch.ready_kernels(["join:2"], "10.1.2.3")["VOILA_APP_IP"] == "10.1.2.3"


@pytest.mark.parametrize("ready", ["globalissimo", "globalissimo:", "chess:3", "join:0", "join:x"])
def test_a_wrong_ready_option_says_what_to_write(
    monkeypatch: pytest.MonkeyPatch, tmp_path, ready: str
) -> None:
    for app in ("globalissimo", "join"):
        (tmp_path / f"{app}.ipynb").write_text("{}")
    monkeypatch.setattr(launch, "apps_folder", lambda: tmp_path)
    with pytest.raises(SystemExit, match=r"write APP:NUMBER.*globalissimo, join"):
        launch.ready_kernels([ready], "127.0.0.1")


def test_lab_refuses_an_empty_token_on_the_network() -> None:
    with pytest.raises(SystemExit, match="runs any code"):
        launch.main(["lab", "--ip", "0.0.0.0", "--token", ""])


def test_a_wrong_port_is_refused_before_anything_is_installed(tmp_path: Path) -> None:
    shutil.copy(ROOT / "tasks.py", tmp_path / "tasks.py")
    (tmp_path / "geoteach").mkdir()
    shutil.copy(ROOT / "geoteach" / "launch.py", tmp_path / "geoteach" / "launch.py")
    result = subprocess.run(
        [sys.executable, "tasks.py", "voila", "--port", "70000"],
        cwd=tmp_path,
        capture_output=True,
        text=True,
    )
    assert result.returncode == 1
    assert "is not a port number" in result.stderr
    assert not (tmp_path / ".venv").exists()


def _read_until(proc: subprocess.Popen, pattern: str, timeout: float = 120) -> re.Match:
    """Read the command's output until a line matches `pattern`."""
    deadline = time.monotonic() + timeout
    seen = []
    while time.monotonic() < deadline:
        line = proc.stdout.readline()
        if not line:
            if proc.poll() is not None:
                break
            continue
        seen.append(line)
        match = re.search(pattern, line)
        if match:
            return match
    raise AssertionError(f"no line matched {pattern!r}:\n{''.join(seen[-40:])}")


def _run_server(args: list[str], cwd: Path, tmp_path: Path) -> subprocess.Popen:
    env = jupyter_env(dict(os.environ))
    env.update(
        GEOTEACH_VENV=sys.prefix,
        JUPYTER_CONFIG_DIR=str(tmp_path / "config"),
        JUPYTER_RUNTIME_DIR=str(tmp_path / "runtime"),
        PYTHONUNBUFFERED="1",
    )
    return subprocess.Popen(
        [sys.executable, "tasks.py", *args, "--no-browser"],
        cwd=cwd,
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
    )


@pytest.mark.slow
def test_lab_opens_the_start_notebook_with_the_repository_as_root(tmp_path: Path) -> None:
    port = free_port()
    proc = _run_server(["lab", "--port", str(port)], ROOT, tmp_path)
    try:
        url = _read_until(proc, r"^    (http://127\.0\.0\.1:\d+/\S+)").group(1)
        assert url.startswith(f"http://127.0.0.1:{port}/lab/tree/notebooks/00_start_here.ipynb?")
        token = url.split("token=", 1)[1]
        # The notebooks' links to data/ work: the repository is the root.
        for path in ("api/contents/notebooks/00_start_here.ipynb", "files/data/SOURCES.md"):
            with urllib.request.urlopen(f"http://127.0.0.1:{port}/{path}?token={token}") as r:
                assert r.status == 200
        with urllib.request.urlopen(url) as page:
            assert page.status == 200
    finally:
        out = press_ctrl_c(proc)
    assert proc.returncode == 0
    assert "JupyterLab stopped." in out
    assert "Traceback" not in out
    assert not list((tmp_path / "runtime").glob("jpserver-*")), "a stale server file was left"


@pytest.mark.slow
def test_voila_serves_the_apps_and_stops_cleanly(tmp_path: Path) -> None:
    kit = kit_copy(tmp_path / "kit")
    port = free_port()
    proc = _run_server(["voila", "--ip", "127.0.0.1", "--port", str(port)], kit, tmp_path)
    try:
        url = _read_until(proc, r"^    (http://127\.0\.0\.1:\d+/\S*)").group(1)
        assert url == f"http://127.0.0.1:{port}/"
        with urllib.request.urlopen(url) as page:
            assert "notebooks/play" not in page.url or page.status == 200
            assert ".ipynb" in page.read().decode()
    finally:
        out = press_ctrl_c(proc)
    assert proc.returncode == 0
    assert "Voilà stopped." in out
    assert "Traceback" not in out


@pytest.mark.parametrize(
    ("args", "env", "expected"),
    [
        ([], {}, ["-n", "3", "--dist", "loadfile"]),  # this machine and CI: 2 cores
        (["tests/quiz", "-x"], {"GEOTEACH_TEST_WORKERS": "3"}, ["-n", "3", "--dist", "loadfile"]),
        ([], {"GEOTEACH_TEST_WORKERS": "1"}, []),
        (["-n", "4"], {}, []),
        (["-p", "no:xdist"], {}, []),
        (["--nbval-lax", "--no-header"], {}, ["-n", "3", "--dist", "loadfile"]),
    ],
)
def test_the_suite_runs_in_several_processes_unless_told(
    monkeypatch: pytest.MonkeyPatch, args: list[str], env: dict[str, str], expected: list[str]
) -> None:
    monkeypatch.delenv("GEOTEACH_TEST_WORKERS", raising=False)
    for name, value in env.items():
        monkeypatch.setenv(name, value)
    monkeypatch.setattr(os, "cpu_count", lambda: 2)
    assert tasks.test_workers(args) == expected
