"""deploy/: the JupyterHub configuration a school adds, and each student's copy of the lessons.

The whole hub runs in tests/e2e/test_classroom_hub.py; here the configuration is read the way
JupyterHub reads it, quickly, with and without a culler already there (The Littlest JupyterHub
brings its own).
"""

from __future__ import annotations

import importlib.machinery
import os
import subprocess
import sys
import tempfile
import types
from pathlib import Path

import pytest
from traitlets.config import Config, PyFileConfigLoader

ROOT = Path(__file__).resolve().parents[1]
DEPLOY = ROOT / "deploy"
sys.path.insert(0, str(DEPLOY))
import start_student  # noqa: E402

sys.path.remove(str(DEPLOY))


def _load(before: str = "", idle: str | None = None) -> Config:
    """The hub's configuration as JupyterHub builds it: a main file (`before`, then ours)."""
    with tempfile.TemporaryDirectory() as folder:
        main = Path(folder) / "jupyterhub_config.py"
        main.write_text(f"{before}\nload_subconfig({str(DEPLOY / 'jupyterhub_config.py')!r})\n")
        if idle is not None:
            os.environ["GEOTEACH_IDLE_SECONDS"] = idle
        try:
            return PyFileConfigLoader(main.name, path=folder).load_config()
        finally:
            os.environ.pop("GEOTEACH_IDLE_SECONDS", None)


def test_students_land_on_the_apps_through_their_own_copy() -> None:
    c = _load()
    assert c.Spawner.default_url == "/voila/tree/notebooks/play"
    assert c.Spawner.cmd == ["python3", str(DEPLOY / "start_student.py")]


def test_idle_servers_are_culled_by_the_idle_culler() -> None:
    c = _load(idle="900")
    services = {s["name"]: s for s in c.JupyterHub.services.get_value([])}
    culler = services["idle-culler"]
    assert culler["command"][1:3] == ["-m", "jupyterhub_idle_culler"]
    assert "--timeout=900" in culler["command"]
    roles = {r["name"]: r for r in c.JupyterHub.load_roles.get_value([])}
    role = roles["idle-culler"]
    assert role["services"] == ["idle-culler"]
    assert {"read:users:activity", "delete:servers"} <= set(role["scopes"])
    # The culler must be runnable where the hub runs.
    run = subprocess.run(
        [sys.executable, "-m", "jupyterhub_idle_culler", "--help"], check=False, capture_output=True
    )
    assert run.returncode == 0


def test_the_littlest_jupyterhub_keeps_its_own_culler(monkeypatch: pytest.MonkeyPatch) -> None:
    # TLJH sets its culler, then loads jupyterhub_config.d/*.py as sub-configs, which cannot see
    # it; its hub environment has the tljh package, and then no second culler is added.
    tljh = types.ModuleType("tljh")
    tljh.__spec__ = importlib.machinery.ModuleSpec("tljh", None)
    monkeypatch.setitem(sys.modules, "tljh", tljh)
    tljh_main = (
        'c.JupyterHub.services = [{"name": "cull-idle", "admin": True, "command": '
        f'[{sys.executable!r}, "-m", "jupyterhub_idle_culler", "--timeout=600"]}}]'
    )
    c = _load(tljh_main)
    # TLJH's own culler, and the class service (no second culler, no culler's role).
    assert [s["name"] for s in c.JupyterHub.services] == ["cull-idle", "geoteach"]
    roles = c.JupyterHub.load_roles
    roles = roles.get_value([]) if hasattr(roles, "get_value") else roles
    assert [r["name"] for r in roles] == ["geoteach-class-service"]


def test_the_hub_runs_one_class_service_and_tells_every_students_server() -> None:
    """Issue 35: one referee for the hub (each student's server would start its own and the
    class's devices would never meet), as a Unix user of its own when one is named."""
    c = _load()
    services = {s["name"]: s for s in c.JupyterHub.services.get_value([])}
    service = services["geoteach"]
    assert service["command"][1:] == ["-m", "geoteach.service.hub"]
    assert "user" not in service  # none named: the hub's own user (a test hub)
    port = service["url"].rsplit(":", 1)[1]
    address = c.Spawner.environment.get_value({})["GEOTEACH_SERVICE"]
    assert address == f"http://127.0.0.1:{port}/services/geoteach/geoteach/api"
    roles = {r["name"]: r for r in c.JupyterHub.load_roles.get_value([])}
    assert roles["geoteach-class-service"]["services"] == ["geoteach"]


def test_a_student_gets_the_lessons_once_and_keeps_their_changes(tmp_path: Path) -> None:
    folder = start_student.copy_lessons(ROOT, tmp_path)
    assert folder == tmp_path / "geoteach"
    assert (folder / "notebooks" / "00_start_here.ipynb").is_file()
    assert (folder / "data" / "SOURCES.md").is_file()  # the notebooks link to it
    assert (folder / "data" / "decks" / "README.md").is_file()
    mine = folder / "notebooks" / "01_globalissimo.ipynb"
    mine.write_text("my own changes")
    (folder / "notebooks" / "02_geotriple.ipynb").unlink()
    start_student.copy_lessons(ROOT, tmp_path)  # the next start, after a kit update
    assert mine.read_text() == "my own changes"
    assert (folder / "notebooks" / "02_geotriple.ipynb").is_file()


@pytest.mark.parametrize("name", ["config.yaml"])
def test_kubernetes_values_match_the_hub_configuration(name: str) -> None:
    yaml = pytest.importorskip("yaml")
    values = yaml.safe_load((DEPLOY / "kubernetes" / name).read_text())
    single = values["singleuser"]
    assert single["defaultUrl"] == _load().Spawner.default_url
    assert single["cmd"] == ["python3", "/srv/geoteach/deploy/start_student.py"]
    assert values["cull"]["enabled"] is True
    # The class service: the students' pods get its address, the hub a role for it, and its
    # own pod (class-service.yaml) listens where the hub's service entry says.
    address = single["extraEnv"]["GEOTEACH_SERVICE"]
    assert address.endswith("/services/geoteach/geoteach/api")
    assert values["hub"]["loadRoles"]["geoteach-class-service"]["services"] == ["geoteach"]
    assert (
        '"url": "http://geoteach-class-service:10202"'
        in values["hub"]["extraConfig"]["geoteach-class-service"]
    )
    deployment, _claim, service = yaml.safe_load_all(
        (DEPLOY / "kubernetes" / "class-service.yaml").read_text()
    )
    container = deployment["spec"]["template"]["spec"]["containers"][0]
    assert container["command"] == ["python3", "-m", "geoteach.service.hub"]
    assert service["spec"]["ports"][0]["port"] == 10202
