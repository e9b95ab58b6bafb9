"""The class service: the class game's referee behind HTTP, in the server the pages come from.

Layer: service, the top of the package (it imports the classroom's referee; nothing imports
it). Where it runs:

* **one school server**: inside the stand-alone Voilà server of ``python3 tasks.py voila``
  (``geoteach.service.voila``: Voilà with the service's handlers), nothing more to type. Its
  room store and its teacher secret sit in the server's own folder (``service_folder``, mode
  700, the server's user only); the teacher opens the class-game page with the teacher link
  that ``tasks.py voila`` prints (``?teacher=…``), the students the plain address;
* **a Jupyter server of the teacher's own** (a laptop's ``tasks.py lab``, Binder): the server
  extension (``_load_jupyter_server_extension``), whose kernels are all the teacher's
  (``$GEOTEACH_TEACHER`` is set for them);
* a server whose environment names a class service already (``$GEOTEACH_SERVICE``) starts none
  and lets its kernels use that one.

The pages' kernels reach it at ``$GEOTEACH_SERVICE`` (``geoteach.classroom.remote``), which the
server gives them: two POST routes, ``call`` (one request, one reply) and ``wait`` (the same,
answered when the room changes). Credentials travel in the body; no cookie is trusted, so the
routes need no XSRF token.
"""

from __future__ import annotations

import asyncio
import json
import logging
import os
from pathlib import Path
from typing import Any

from tornado.web import RequestHandler

from geoteach.classroom.referee import Referee, teacher_secret
from geoteach.classroom.remote import SERVICE_ENV, TEACHER_ENV
from geoteach.classroom.wire import REFUSED, REQUEST_MAX_BYTES, Reply, error_reply
from geoteach.store.rooms import ROOMS_ENV, RoomStore

log = logging.getLogger("geoteach.service")

#: Where the service keeps its room store and secret (default: the user's data folder).
FOLDER_ENV = "GEOTEACH_SERVICE_DIR"
#: The routes, under the server's base URL.
ROUTE = "geoteach/api"


def service_folder() -> Path:
    """The service's own folder (made with mode 700)."""
    where = os.environ.get(FOLDER_ENV)
    if where:
        folder = Path(where)
    else:
        base = Path(os.environ.get("XDG_DATA_HOME") or Path.home() / ".local" / "share")
        folder = base / "geoteach" / "service"
    folder.mkdir(parents=True, exist_ok=True, mode=0o700)
    os.chmod(folder, 0o700)
    return folder


def make_referee(folder: Path | None = None) -> Referee:
    """The referee of this server: its room store (``$GEOTEACH_ROOMS``, a PostgreSQL URL only
    this process keeps: it is taken out of the environment the kernels inherit; else a SQLite
    file in the service's folder, mode 600) and its secret."""
    folder = folder or service_folder()
    url = os.environ.pop(ROOMS_ENV, None)
    if not url:
        path = folder / "rooms.sqlite"
        url = f"sqlite:///{path}"
        store = RoomStore(url)
        for made in folder.glob("rooms.sqlite*"):
            os.chmod(made, 0o600)
    else:
        store = RoomStore(url)
    return Referee(store, teacher_secret(folder), lesson=os.environ.get("GEOTEACH_LESSON_RECORD"))


class _Handler(RequestHandler):
    """A POST of one JSON request; the reply is JSON, a refusal included (status 200)."""

    referee: Referee

    def initialize(self, referee: Referee) -> None:
        self.referee = referee

    def check_xsrf_cookie(self) -> None:
        """Credentials come in the body, not in a cookie: there is nothing to forge."""

    def _body(self) -> bytes | None:
        body = self.request.body or b""
        if len(body) > REQUEST_MAX_BYTES:
            self._reply(error_reply("refused", REFUSED))
            return None
        return body

    def _reply(self, reply: Reply) -> None:
        self.set_header("Content-Type", "application/json")
        self.set_header("Cache-Control", "no-store")
        self.finish(json.dumps(reply))

    def _client(self) -> str:
        return str(self.request.remote_ip or "")


class CallHandler(_Handler):
    async def post(self) -> None:
        self.referee.loop = asyncio.get_running_loop()  # the computers play on this loop
        body = self._body()
        if body is not None:
            self._reply(self.referee.handle(body, self._client()))


class WaitHandler(_Handler):
    async def post(self) -> None:
        body = self._body()
        if body is not None:
            self._reply(await self.referee.wait(body, self._client()))


def handlers(base_url: str, referee: Referee) -> list[tuple[str, type, dict[str, Any]]]:
    prefix = "/" + f"{base_url.strip('/')}/{ROUTE}".strip("/")
    return [
        (f"{prefix}/call", CallHandler, {"referee": referee}),
        (f"{prefix}/wait", WaitHandler, {"referee": referee}),
    ]


def service_url(port: int, base_url: str) -> str:
    base = "/" + base_url.strip("/") + "/" if base_url.strip("/") else "/"
    return f"http://127.0.0.1:{port}{base}{ROUTE}"


def claim_address(port: int, base_url: str) -> bool:
    """Tell this server's future kernels where its class service is; False (and nothing set)
    when the environment names another class service already (a hub's)."""
    if os.environ.get(SERVICE_ENV):
        log.info("class games use the class service at %s", os.environ[SERVICE_ENV])
        return False
    os.environ[SERVICE_ENV] = service_url(port, base_url)
    return True


def start(web_app: Any, port: int, base_url: str, *, teacher_kernels: bool) -> Referee | None:
    """Put the service in a server's web application (its address claimed already, or claimed
    now) and, on a server of the teacher's own, make its kernels the teacher's. None when the
    environment names another class service."""
    own = service_url(port, base_url)
    current = os.environ.get(SERVICE_ENV)
    if current and current != own:
        log.info("class games use the class service at %s", current)
        return None
    os.environ[SERVICE_ENV] = own
    referee = make_referee()
    web_app.add_handlers(".*$", handlers(base_url, referee))
    if teacher_kernels:
        os.environ[TEACHER_ENV] = referee.secret
    log.info("the class service is at %s", os.environ[SERVICE_ENV])
    return referee


def _jupyter_server_extension_points() -> list[dict[str, str]]:
    return [{"module": "geoteach.service"}]


def _load_jupyter_server_extension(serverapp: Any) -> None:
    """A Jupyter server of the teacher's own (JupyterLab on a laptop, Binder): its kernels are
    the teacher's. A JupyterHub user's server sets ``$GEOTEACH_SERVICE`` to the hub's service."""
    start(serverapp.web_app, serverapp.port, serverapp.base_url, teacher_kernels=True)
