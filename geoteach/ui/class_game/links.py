"""The join address and its QR code, as the projector shows them.

Teams open ``notebooks/play/join.ipynb`` on the same server as the projector's page. The address
is worked out from the page's own (Voilà passes it to the kernel as ``SERVER_NAME``,
``SERVER_PORT`` and ``SCRIPT_NAME``); on JupyterHub every student has a server of their own, so
the address goes through ``/hub/user-redirect/``, which opens it on the student's server. A
hub that sets ``public_url`` passes it on (``JUPYTERHUB_PUBLIC_URL``); any other server behind a
proxy whose address the kernel cannot see sets ``GEOTEACH_JOIN_URL`` (the join app's address,
without the code).
"""

from __future__ import annotations

import os
from urllib.parse import urlencode

#: The join app's address for a whole server (overrides what the page works out).
JOIN_URL_ENV = "GEOTEACH_JOIN_URL"
#: The join app, beside the class-game app in ``notebooks/play/``.
JOIN_NOTEBOOK = "join.ipynb"


def join_address(env: dict[str, str] | None = None) -> str:
    """The join app's address, without the room code."""
    env = dict(os.environ if env is None else env)
    if env.get(JOIN_URL_ENV):
        return env[JOIN_URL_ENV]
    host = env.get("SERVER_NAME") or "localhost"
    port = env.get("SERVER_PORT") or ""
    page = env.get("SCRIPT_NAME") or f"/voila/render/notebooks/play/{JOIN_NOTEBOOK}"
    folder = page.rpartition("/")[0]
    path = f"{folder}/{JOIN_NOTEBOOK}"
    prefix = env.get("JUPYTERHUB_SERVICE_PREFIX", "")
    if prefix and path.startswith(prefix):
        path = "/hub/user-redirect/" + path[len(prefix) :].lstrip("/")
    public = env.get("JUPYTERHUB_PUBLIC_URL", "")
    if public.startswith(("http://", "https://")):
        # The hub says where people reach it (behind a proxy the page's port says nothing).
        return public.rstrip("/") + "/" + path.lstrip("/")
    scheme = "https" if port == "443" else "http"
    netloc = host if port in ("", "80", "443") else f"{host}:{port}"
    return f"{scheme}://{netloc}{path}"


def join_link(code: str, seat: int | None = None, key: str | None = None, base: str = "") -> str:
    """The address a team opens: the room's code, and for a seat given by the teacher (or a
    device coming back) the seat and its key."""
    query: dict[str, str] = {"room": code}
    if seat is not None:
        query["seat"] = str(seat)
    if key is not None:
        query["key"] = key
    return f"{base or join_address()}?{urlencode(query)}"


def qr_svg(text: str, scale: int = 6) -> str:
    """``text`` as a QR code, an SVG element to put in the page (drawn by ``segno``)."""
    import segno

    code = segno.make(text, error="m", micro=False)
    return code.svg_inline(scale=scale, border=2, dark="#000", light="#fff", title=None)
