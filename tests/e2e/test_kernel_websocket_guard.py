"""Nothing a page sends stops the server (issue 35): the freezing kernel websocket messages.

A page's script can open its kernel's websocket itself. Before the kit's guard
(geoteach/server/websocket_guard.py), two messages froze the whole server, every page with it:

- on Voilà 0.5.13, the websocket opened without the v1 subprotocol and one binary widget update
  carrying a buffer (the kernel echoes it back, and Voilà reads the old protocol's echo as a v1
  frame whose count says ~10^17): memory grew by ~50 MB a second and SIGTERM did not stop it;
- on any Jupyter server, a v1 frame whose offset count says ~10^17 (jupyter_server's own reader).

Each test sends them to one kernel of a real server started with the kit's settings, then checks,
with bounded waits, that the server still answers and that another page's kernel still answers
through it. A frozen server is killed with its kernels (it ignores SIGTERM).
"""

from __future__ import annotations

import contextlib
import json
import os
import re
import secrets
import subprocess
import sys
import urllib.request
import uuid
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import psutil
import pytest
from jupyter_client.session import Session
from jupyter_server.services.kernels.connection.base import (
    deserialize_msg_from_ws_v1,
    serialize_binary_message,
    serialize_msg_to_ws_v1,
)
from websockets.exceptions import ConnectionClosed, InvalidStatus
from websockets.sync.client import ClientConnection, connect

from geoteach.server.websocket_guard import V1_PROTOCOL
from tests.e2e.conftest import free_port, wait_for_port
from tests.e2e.servers import jupyter_env, kit_copy, student_apps

#: Seconds a healthy server takes at most to answer here (a busy 2-core machine); a frozen one
#: never answers.
ANSWER = 60
#: An offset count of ~10^17: what an old-protocol frame's first 8 bytes say when read as v1.
HUGE_FRAME = ((1 << 57) + 12).to_bytes(8, "little") + bytes(64)


@pytest.fixture(scope="module")
def kit(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return kit_copy(tmp_path_factory.mktemp("kit"))


def _env(work: Path) -> dict[str, str]:
    env = jupyter_env(dict(os.environ))  # the kit's settings, from this checkout
    env.update(
        {
            "JUPYTER_CONFIG_DIR": str(work / "jupyter-config"),
            "JUPYTER_RUNTIME_DIR": str(work / "jupyter-runtime"),
            "MPLBACKEND": "module://ipympl.backend_nbagg",
        }
    )
    return env


def _stop(proc: subprocess.Popen) -> None:
    """SIGTERM, and SIGKILL for it and its kernels if it does not stop (a frozen server)."""
    family = [psutil.Process(proc.pid), *psutil.Process(proc.pid).children(recursive=True)]
    proc.terminate()
    try:
        proc.wait(timeout=30)
    except subprocess.TimeoutExpired:
        for member in family:
            with contextlib.suppress(psutil.Error):
                member.kill()
        proc.wait()


@contextlib.contextmanager
def _server(cmd: list[str], port: int, work: Path, log_name: str) -> Iterator[None]:
    with (work / log_name).open("w") as log:
        proc = subprocess.Popen(cmd, cwd=work, env=_env(work), stdout=log, stderr=log)
    try:
        wait_for_port(port, proc)
        yield
    finally:
        _stop(proc)


class Server:
    def __init__(self, url: str, token: str) -> None:
        self.url, self.token = url, token

    def get(self, path: str) -> bytes:
        sep = "&" if "?" in path else "?"
        url = f"{self.url}{path}{sep}token={self.token}"
        with urllib.request.urlopen(url, timeout=ANSWER) as resp:
            return resp.read()

    def channels(self, kernel: str, *, v1: bool = True) -> ClientConnection:
        ws_url = self.url.replace("http", "ws", 1)
        return connect(
            f"{ws_url}/api/kernels/{kernel}/channels?session_id={uuid.uuid4().hex}"
            f"&token={self.token}",
            subprotocols=[V1_PROTOCOL] if v1 else None,
            open_timeout=ANSWER,
            max_size=None,
            ping_interval=None,  # no keepalive: only the server may close the socket here
        )


@pytest.fixture(scope="module")
def voila(kit: Path) -> Iterator[Server]:
    """The stand-alone Voilà of `tasks.py voila`, with the kit's settings."""
    port, token = free_port(), secrets.token_hex(8)
    cmd = [
        sys.executable,
        "-m",
        "voila",
        str(kit / "notebooks" / "play"),
        "--no-browser",
        "--Voila.ip=127.0.0.1",
        f"--port={port}",
        f"--Voila.token={token}",
    ]
    with _server(cmd, port, kit, "voila.log"):
        yield Server(f"http://127.0.0.1:{port}", token)


@pytest.fixture(scope="module")
def jupyter(kit: Path) -> Iterator[Server]:
    """A Jupyter server (what JupyterLab, Binder and a JupyterHub user's server run)."""
    port, token = free_port(), secrets.token_hex(8)
    cmd = [
        sys.executable,
        "-m",
        "jupyter_server",
        "--no-browser",
        "--allow-root",
        "--ServerApp.ip=127.0.0.1",
        f"--ServerApp.port={port}",
        f"--IdentityProvider.token={token}",
        f"--ServerApp.root_dir={kit}",
    ]
    with _server(cmd, port, kit, "jupyter-server.log"):
        yield Server(f"http://127.0.0.1:{port}", token)


# ----------------------------------------------------------------------------- messages
session = Session(key=b"", username="student")


def v1_frame(msg_type: str, content: dict[str, Any], *, channel: str = "shell") -> bytes:
    """A well-formed v1 frame, as a page's kernel connection writes one."""
    msg = session.msg(msg_type, content)
    parts = [session.pack(msg[part]) for part in ("header", "parent_header", "metadata")]
    return serialize_msg_to_ws_v1([*parts, session.pack(content)], channel)


def legacy_widget_echo(comm_id: str) -> bytes:
    """The old protocol's binary frame of a widget update carrying one buffer: ipywidgets
    echoes the update, buffer and all, to every connection of the kernel."""
    header = session.msg_header("comm_msg")
    header["date"] = header["date"].isoformat()
    data = {"method": "update", "state": {}, "buffer_paths": [["_model_module"]]}
    msg = {
        "channel": "shell",
        "header": header,
        "parent_header": {},
        "metadata": {},
        "content": {"comm_id": comm_id, "data": data},
        "buffers": [b"boom"],
    }
    return serialize_binary_message(msg)


def ask(ws: ClientConnection, msg_type: str, content: dict[str, Any]) -> dict[str, Any]:
    """Send a request over a v1 websocket; the content of its reply (bounded wait)."""
    ws.send(v1_frame(msg_type, content))
    reply_type = msg_type.replace("_request", "_reply")
    while True:
        frame = ws.recv(timeout=ANSWER)
        _channel, parts = deserialize_msg_from_ws_v1(frame)
        if json.loads(parts[0])["msg_type"] == reply_type:
            return json.loads(parts[3])


def run_code(ws: ClientConnection, code: str) -> str:
    """What ``code`` prints, run through a Jupyter server's kernel websocket."""
    msg = session.msg("execute_request", {"code": code, "silent": False})
    parts = [session.pack(msg[part]) for part in ("header", "parent_header", "metadata")]
    ws.send(serialize_msg_to_ws_v1([*parts, session.pack(msg["content"])], "shell"))
    printed = ""
    while True:
        _channel, parts = deserialize_msg_from_ws_v1(ws.recv(timeout=ANSWER))
        header, parent = json.loads(parts[0]), json.loads(parts[1])
        if parent.get("msg_id") != msg["header"]["msg_id"]:
            continue
        content = json.loads(parts[3])
        if header["msg_type"] == "stream":
            printed += content["text"]
        if header["msg_type"] == "status" and content["execution_state"] == "idle":
            return printed


def open_page(server: Server, app: str) -> str:
    """Open an app's page as a browser would (its kernel runs the app); the kernel's id."""
    html = server.get(f"/voila/render/{app}").decode()
    return re.search(r'"kernelId": "([0-9a-f-]+)"', html)[1]


def refused_or_closed(server: Server, kernel: str, frame: bytes, *, v1: bool = True) -> bool:
    """Send ``frame`` on a new websocket to ``kernel``: True when the server refused the socket
    or closed it, False when it went silent (frozen)."""
    try:
        with server.channels(kernel, v1=v1) as ws:
            ws.send(frame)
            while True:  # the guard closes the socket; a frozen server never says anything
                ws.recv(timeout=ANSWER)
    except InvalidStatus:
        return True
    except ConnectionClosed as closed:
        return closed.rcvd is not None  # the server's own close frame
    except TimeoutError:
        return False


# ----------------------------------------------------------------------------- tests
def test_voila_keeps_every_other_page_playing_after_the_freezing_messages(
    voila: Server,
) -> None:
    app = student_apps()[0]
    attacked, other = open_page(voila, app), open_page(voila, app)
    with voila.channels(attacked) as ws:
        comms = ask(ws, "comm_info_request", {"target_name": "jupyter.widget"})["comms"]
    assert comms, "the app's page has no widgets: the echo would carry nothing"
    comm_id = next(iter(comms))
    with voila.channels(other) as watching:  # a page that is open while it happens
        # The old protocol: refused before it opens (Voilà froze on the kernel's echo).
        assert refused_or_closed(voila, attacked, legacy_widget_echo(comm_id), v1=False)
        # v1 with an offset count of 10^17: the frame is refused and its socket closed.
        assert refused_or_closed(voila, attacked, HUGE_FRAME)
        # The server answers, the open page's kernel answers through it, a new page plays.
        assert voila.get("/voila/static/voila.js")
        assert ask(watching, "comm_info_request", {"target_name": "jupyter.widget"})["comms"]
    with voila.channels(open_page(voila, app)) as fresh:
        assert ask(fresh, "kernel_info_request", {})["status"] == "ok"
    with voila.channels(attacked) as ws:  # the attacked page's own kernel was never touched
        assert ask(ws, "comm_info_request", {"target_name": "jupyter.widget"})["comms"] == comms


def test_a_jupyter_server_keeps_running_code_after_the_freezing_messages(
    jupyter: Server,
) -> None:
    def start_kernel() -> str:
        req = urllib.request.Request(
            f"{jupyter.url}/api/kernels?token={jupyter.token}", data=b"{}", method="POST"
        )
        with urllib.request.urlopen(req, timeout=ANSWER) as resp:
            return json.loads(resp.read())["id"]

    attacked, other = start_kernel(), start_kernel()

    assert refused_or_closed(jupyter, attacked, HUGE_FRAME)
    assert refused_or_closed(jupyter, attacked, legacy_widget_echo("no-such-comm"), v1=False)
    assert json.loads(jupyter.get("/api/status"))["kernels"] >= 2
    with jupyter.channels(other) as ws:
        assert run_code(ws, "print(6 * 7)") == "42\n"
    with jupyter.channels(attacked) as ws:
        assert run_code(ws, "print('still here')") == "still here\n"
