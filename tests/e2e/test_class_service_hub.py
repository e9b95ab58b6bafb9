"""The class service on a real JupyterHub (issue 35): one referee for the hub, run by the hub
as a Unix user of its own, teachers by the hub's group, students by their own login.

The hub runs deploy/jupyterhub_config.py as a school's would (its proxy from npm, the dummy
login), on 127.0.0.1 only. A teacher (in the hub's "teachers" group) and a student log in (each
with a token the hub made for them, as every student's server gets one); they talk to the class
service as their kernels would. Where the test runs as root (CI), the service runs as a system
user made for it and the student's commands as another Unix user: the student can open neither
the room store nor the service's folder.
"""

from __future__ import annotations

import json
import os
import pwd
import secrets
import shutil
import subprocess
import sys
import tempfile
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from geoteach.classroom.remote import HttpConnection, RemoteRoom, answer
from geoteach.classroom.rooms import setup_of
from geoteach.games.registry import GAMES
from geoteach.games.table import Seat, Table
from geoteach.launch import stop
from tests.e2e.conftest import free_port, wait_for_port
from tests.e2e.test_classroom_hub import _proxy_command, _wait_for_hub

pytestmark = pytest.mark.slow

SERVICE_USER = "geoteach-class"
STUDENT_USER = "geoteach-pupil"
ROOT_HERE = hasattr(os, "geteuid") and os.geteuid() == 0


def _unix_user(name: str) -> bool:
    """A system user ``name`` (made if missing; only root can): True when it exists."""
    try:
        pwd.getpwnam(name)
        return True
    except KeyError:
        pass
    if not ROOT_HERE or shutil.which("useradd") is None:
        return False
    made = subprocess.run(["useradd", "--system", "--no-create-home", name], check=False)
    return made.returncode == 0


def _runs_the_kit(user: str) -> bool:
    """True when ``user`` can run this environment's Python and import the kit (a checkout
    under a folder only root may enter cannot be run by another user)."""
    tried = subprocess.run(
        ["runuser", "-u", user, "--", sys.executable, "-c", "import geoteach.service.hub"],
        capture_output=True,
        check=False,
    )
    return tried.returncode == 0


def _call(url: str, token: str, path: str, method: str = "GET", body: Any = None) -> Any:
    data = None if body is None else json.dumps(body).encode()
    request = urllib.request.Request(
        url + path, data=data, method=method, headers={"Authorization": f"token {token}"}
    )
    with urllib.request.urlopen(request, timeout=20) as reply:
        text = reply.read()
    return json.loads(text) if text else None


@pytest.fixture(scope="module")
def hub(tmp_path_factory: pytest.TempPathFactory) -> Iterator[dict[str, Any]]:
    proxy = _proxy_command()
    if proxy is None:
        pytest.skip("configurable-http-proxy is not installed (tasks.py test installs it)")
    work = tmp_path_factory.mktemp("class-service-hub")
    separate = _unix_user(SERVICE_USER) and _runs_the_kit(SERVICE_USER)
    # The service's folder: only its user may enter it (a parent it can pass through).
    outer = Path(tempfile.mkdtemp(prefix="geoteach-service-"))
    outer.chmod(0o711)
    folder = outer / "service"
    folder.mkdir(mode=0o700)
    if separate:
        shutil.chown(folder, user=SERVICE_USER)
    ports = {k: free_port() for k in ("public", "hub", "proxy_api", "service")}
    admin = secrets.token_hex(16)
    config = work / "jupyterhub_config.py"
    kit = Path(__file__).resolve().parents[2]
    config.write_text(
        f"""
load_subconfig({str(kit / "deploy" / "jupyterhub_config.py")!r})
c.JupyterHub.ip = "127.0.0.1"
c.JupyterHub.port = {ports["public"]}
c.JupyterHub.hub_ip = "127.0.0.1"
c.JupyterHub.hub_port = {ports["hub"]}
c.ConfigurableHTTPProxy.api_url = "http://127.0.0.1:{ports["proxy_api"]}"
c.ConfigurableHTTPProxy.command = [{proxy!r}]
c.JupyterHub.authenticator_class = "dummy"
c.Authenticator.allow_all = True
c.JupyterHub.db_url = "sqlite:///{work / "jupyterhub.sqlite"}"
c.JupyterHub.cookie_secret_file = {str(work / "cookie_secret")!r}
c.JupyterHub.services.append({{"name": "test-admin", "api_token": {admin!r}}})
c.JupyterHub.load_roles.append({{"name": "admin", "services": ["test-admin"]}})
"""
    )
    env = dict(os.environ)
    env.update(
        GEOTEACH_SERVICE_PORT=str(ports["service"]),
        GEOTEACH_SERVICE_DIR=str(folder),
        GEOTEACH_IDLE_SECONDS="3600",
    )
    env.pop("GEOTEACH_ROOMS", None)
    if separate:
        env["GEOTEACH_SERVICE_USER"] = SERVICE_USER
    log = (work / "hub.log").open("w")
    proc = subprocess.Popen(
        [sys.executable, "-m", "jupyterhub", "-f", str(config)],
        cwd=work,
        env=env,
        stdout=log,
        stderr=subprocess.STDOUT,
    )
    url = f"http://127.0.0.1:{ports['public']}"
    try:
        _wait_for_hub(url, proc)
        api = f"{url}/hub/api"
        tokens = {}
        for name in ("ms-lee", "sam"):
            _call(api, admin, f"/users/{name}", "POST", {})
            made = _call(api, admin, f"/users/{name}/tokens", "POST", {"note": "test"})
            tokens[name] = made["token"]
        _call(api, admin, "/groups/teachers", "POST", {})
        _call(api, admin, "/groups/teachers/users", "POST", {"users": ["ms-lee"]})
        service = f"http://127.0.0.1:{ports['service']}/services/geoteach/geoteach/api"
        wait_for_port(ports["service"], proc)  # the hub started its class service
        yield {
            "service": service,
            "tokens": tokens,
            "folder": folder,
            "separate": separate,
            "log": work / "hub.log",
        }
    finally:
        stop(proc)
        shutil.rmtree(outer, ignore_errors=True)


def test_the_hubs_class_service_knows_its_teachers_by_their_login(hub) -> None:
    conn = HttpConnection(hub["service"])
    teacher, student = hub["tokens"]["ms-lee"], hub["tokens"]["sam"]
    assert "ok" in conn.call({"kind": "rooms", "teacher": teacher})
    # The class games' record is the service's: the teacher's report reads it through it.
    reply = conn.call({"kind": "record", "teacher": student})
    assert reply["error"]["kind"] == "not_the_teacher"
    reply = conn.call({"kind": "record", "teacher": teacher})
    assert "ok" in reply or "keeps no lesson record yet" in reply["error"]["message"]
    assert conn.call({"kind": "rooms", "teacher": student})["error"]["kind"] == "not_the_teacher"
    table = Table([Seat("Team Amber"), Seat("Team Blue")])
    game = GAMES["globe_works"].engine_class(Table([*table.seats, Seat("Cy")]), seed=4)
    opened = {"kind": "open", "game": "globe_works", "setup": setup_of(game)}
    refused = conn.call({**opened, "teacher": student})
    assert refused["error"]["kind"] == "not_the_teacher"
    code = answer(conn.call({**opened, "teacher": teacher}))["code"]
    for verb in ("start", "end", "pause"):
        reply = conn.call({"kind": "teacher", "teacher": student, "code": code, "verb": verb})
        assert reply["error"]["kind"] == "not_the_teacher"
    answer(conn.call({"kind": "teacher", "teacher": teacher, "code": code, "verb": "start"}))
    # The student takes a seat and plays only it; the teacher's page sees the public board.
    key = answer(conn.call({"kind": "take_seat", "code": code, "seat": 1}))["key"]
    device = RemoteRoom(conn, code, key=key)
    projector = RemoteRoom(conn, code, teacher=teacher)
    assert device.seat == 1 and projector.seat is None
    assert "hand" in device.game.view(1)
    acting = device.game.to_act()
    if acting and acting[0] != 1:
        reply = conn.call(
            {
                "kind": "move",
                "code": code,
                "key": key,
                "number": len(device.game.log),
                "action": {"player": acting[0], "type": "pass"},
            }
        )
        assert reply["error"]["kind"] == "illegal"


def test_no_student_can_open_the_services_files(hub) -> None:
    folder: Path = hub["folder"]
    store = folder / "rooms.sqlite"
    assert store.exists(), "the service keeps its rooms in its own folder"
    assert folder.stat().st_mode & 0o777 == 0o700
    assert store.stat().st_mode & 0o777 == 0o600
    if not hub["separate"] or not _unix_user(STUDENT_USER) or not _runs_the_kit(STUDENT_USER):
        pytest.skip(
            "the service's own Unix user needs root, and a checkout other users can read "
            "(CI runs as root)"
        )
    assert pwd.getpwuid(store.stat().st_uid).pw_name == SERVICE_USER
    for path in (store, folder / "teacher_secret"):
        tried = subprocess.run(
            ["runuser", "-u", STUDENT_USER, "--", sys.executable, "-c", f"open({str(path)!r})"],
            capture_output=True,
            text=True,
            check=False,
        )
        assert tried.returncode != 0 and "PermissionError" in tried.stderr, tried.stderr
