"""The class service on JupyterHub: one referee for the whole hub, a service the hub starts.

Each student's server on a hub is their own, so a class game needs one service they all reach
(``deploy/jupyterhub_config.py`` adds it to ``c.JupyterHub.services`` and tells every student's
server its address, ``$GEOTEACH_SERVICE``). It runs as a Unix user of its own where the hub can
start it so (``GEOTEACH_SERVICE_USER``, The Littlest JupyterHub), in its own folder (mode 700):
the room store (SQLite, mode 600, or the PostgreSQL URL only its environment holds) and the
lesson record of class games (``class_games.sqlite`` there, unless ``GEOTEACH_LESSON_RECORD``
names another) are its alone; no student's server can open them. The teacher's report reads a
copy through the service (``classroom.open_lesson("service")``).

Who is at a page is the hub's login: a page's kernel sends its server's API token (the hub puts
``$JUPYTERHUB_API_TOKEN`` in every server's environment) as the teacher's credential, the
service asks the hub whose token it is (``jupyterhub.services.auth.HubAuth``) and takes it as
the teacher's when that login is in the hub's ``teachers`` group (``GEOTEACH_TEACHERS_GROUP``).
A student's token is refused like any wrong credential. The teacher link's secret also works,
for a hub whose admin prefers it.

Run by the hub as ``python -m geoteach.service.hub``.
"""

from __future__ import annotations

import asyncio
import json
import logging
import os
import time
import urllib.request
from urllib.parse import urlsplit

from geoteach.classroom.referee import Referee

log = logging.getLogger("geoteach.service.hub")

#: The hub group whose members are teachers.
GROUP_ENV = "GEOTEACH_TEACHERS_GROUP"
#: How long the service trusts what the hub said of a token.
TRUST_SECONDS = 60.0


class HubTeachers:
    """``teachers(token)`` for the referee: True for the token of a member of the teachers'
    group, as the hub says (asked once a minute per token at most)."""

    def __init__(self, group: str | None = None) -> None:
        from jupyterhub.services.auth import HubAuth

        self.auth = HubAuth()
        self.group = group or os.environ.get(GROUP_ENV) or "teachers"
        self._known: dict[str, tuple[float, bool]] = {}

    def __call__(self, token: str) -> bool:
        now = time.monotonic()
        known = self._known.get(token)
        if known is not None and now - known[0] < TRUST_SECONDS:
            return known[1]
        answer = self._ask(token)
        if len(self._known) > 10_000:
            self._known.clear()
        self._known[token] = (now, answer)
        return answer

    def login(self, token: str) -> str | None:
        """The hub login whose token this is (a device taking a seat), or None."""
        user = self._user(token)
        return str(user["name"]) if user else None

    def _user(self, token: str) -> dict | None:
        try:
            user = self.auth.user_for_token(token, use_cache=False)
        except Exception:
            log.exception("asking the hub whose token a page sent")
            return None
        if not user or user.get("kind", "user") != "user" or not user.get("name"):
            return None
        return dict(user)

    def _ask(self, token: str) -> bool:
        user = self._user(token)
        if user is None:
            return False
        groups = user.get("groups")
        if groups is None:  # the token may not see its own groups: the service asks
            groups = self._groups(str(user["name"]))
        return self.group in groups

    def _groups(self, name: str) -> list[str]:
        url = f"{self.auth.api_url.rstrip('/')}/users/{name}"
        request = urllib.request.Request(
            url, headers={"Authorization": f"token {self.auth.api_token}"}
        )
        try:
            with urllib.request.urlopen(request, timeout=10) as reply:
                return list(json.loads(reply.read()).get("groups") or [])
        except OSError:
            log.exception("asking the hub for the groups of %s", name)
            return []


def main() -> None:
    """Listen where the hub says (``$JUPYTERHUB_SERVICE_URL``), under the service's prefix."""
    import tornado.web

    from geoteach.service import handlers, make_referee, service_folder

    logging.basicConfig(level=logging.INFO)
    where = urlsplit(os.environ.get("JUPYTERHUB_SERVICE_URL") or "http://127.0.0.1:10202")
    prefix = os.environ.get("JUPYTERHUB_SERVICE_PREFIX") or "/services/geoteach/"
    referee: Referee = make_referee()
    hub = HubTeachers()
    referee.teachers = hub
    referee.logins = hub.login
    if referee.lesson is None:  # the class games' answers: the service's own file
        referee.lesson = service_folder() / "class_games.sqlite"

    async def serve() -> None:
        referee.loop = asyncio.get_running_loop()
        app = tornado.web.Application(handlers(prefix, referee))
        app.listen(where.port or 80, where.hostname or "127.0.0.1")
        log.info("the class service listens on %s under %s", where.netloc, prefix)
        await asyncio.Event().wait()

    asyncio.run(serve())


if __name__ == "__main__":
    main()
