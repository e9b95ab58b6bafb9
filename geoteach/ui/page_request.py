"""The page's web address, for an app whose kernel started before anyone opened the page.

Voilà hands a page's address to the page's kernel as environment variables (``QUERY_STRING``:
``?seed=42&large=1``, a class game's ``?room=…``) when it starts that kernel. A school server
can instead start kernels before the class arrives (Voilà's preheated kernels, ``python3
tasks.py voila --ready globalissimo:30``): such a kernel runs the app's cell with nobody there
yet, so the set-up screen is ready the moment a student opens the link, and learns the address
only then. Voilà sends it over a websocket, ``/voila/query/<kernel id>``, as soon as the page is
asked for (before the page's HTML leaves the server).

``voila.utils.wait_for_request`` reads it, but importing ``voila.utils`` costs a kernel 1.6
CPU-s and 46 MB (it loads the Jupyter and JupyterLab servers); the same few steps are done here
with the websocket client Voilà itself uses (``websockets``, already installed with Voilà).

The app's cell builds and displays its screen first and waits afterwards: the wait runs in
IPython's ``post_run_cell`` event, after the cell's output has gone out and before the kernel
says the cell is done. Voilà keeps the page's HTML until then, so the page always arrives with
the address taken in (a student cannot press Start before the seed is known).
"""

from __future__ import annotations

import json
import os
import sys
from collections.abc import Callable
from typing import Any

#: The environment variables Voilà sets for a preheated kernel (voila.utils.ENV_VARIABLE).
PREHEAT = "VOILA_PREHEAT"
KERNEL_ID = "VOILA_KERNEL_ID"

#: Seconds to wait for the websocket to open (Voilà is on this machine).
OPEN_TIMEOUT = 10.0


class PageRequestError(RuntimeError):
    """The page's address could not be read (Voilà went away, or this is not a Voilà kernel)."""


def voila_kernel(env: dict[str, str] | None = None) -> bool:
    """True in any kernel Voilà started (it sets VOILA_PREHEAT, "True" or "False", for each)."""
    return PREHEAT in (os.environ if env is None else env)


def preheated(env: dict[str, str] | None = None) -> bool:
    """True in a kernel Voilà started ahead of a page (its page's address comes later)."""
    return (os.environ if env is None else env).get(PREHEAT, "False") == "True"


def query_url(env: dict[str, str] | None = None) -> str:
    """Where Voilà gives this kernel its page's address (as ``voila.utils.wait_for_request``)."""
    env = dict(os.environ if env is None else env)
    kernel_id = env.get(KERNEL_ID, "")
    if not kernel_id:
        raise PageRequestError("Voilà did not say which kernel this is (VOILA_KERNEL_ID).")
    protocol = env.get("VOILA_WS_PROTOCOL", "ws")
    ip = env.get("VOILA_APP_IP", "127.0.0.1")
    port = env.get("VOILA_APP_PORT", "8866")
    base = env.get("VOILA_WS_BASE_URL") or env.get("VOILA_SERVER_URL") or "/"
    host = f"[{ip}]" if ":" in ip else ip
    return f"{protocol}://{host}:{port}{base}voila/query/{kernel_id}"


def wait_for_page(url: str | None = None, timeout: float | None = None) -> dict[str, str]:
    """Wait until a student opens this kernel's page; put its address into ``os.environ``.

    Returns the variables Voilà sent (``QUERY_STRING``, ``SCRIPT_NAME``, …). ``timeout`` (None:
    as long as it takes) bounds the wait for the page, not for the connection.
    """
    from websockets.exceptions import WebSocketException
    from websockets.sync.client import connect

    url = url or query_url()
    try:
        with connect(url, open_timeout=OPEN_TIMEOUT) as socket:
            message = socket.recv(timeout=timeout)
    except (OSError, TimeoutError, WebSocketException) as exc:
        raise PageRequestError(f"The page's address did not come from Voilà ({exc}).") from exc
    info: Any = json.loads(message)
    if not isinstance(info, dict):
        raise PageRequestError("Voilà sent the page's address in a form this app cannot read.")
    found = {str(k): str(v) for k, v in info.items()}
    os.environ.update(found)
    return found


def after_page_opens(take_link: Callable[[], Any]) -> bool:
    """In a preheated kernel, call ``take_link`` once the page's address is known; returns True.

    Anywhere else (a kernel started for its page, JupyterLab, a script) the address is already
    in the environment: nothing is scheduled and False is returned. In a kernel the wait runs
    after the running cell has shown its output (IPython's ``post_run_cell``); outside IPython
    (a test) it runs at once.
    """
    if not preheated():
        return False

    def wait_then_take(*_args: Any) -> None:
        if shell is not None:
            shell.events.unregister("post_run_cell", wait_then_take)
        try:
            wait_for_page()
        except PageRequestError as exc:
            # The app works without its address (no ?seed=, no large text): say so in the
            # server's log, not on the student's page.
            print(
                f"geoteach: {exc} The app starts without the link's settings.",
                file=sys.__stderr__,
                flush=True,
            )
            return
        take_link()

    shell = _shell()
    if shell is None:
        wait_then_take()
    else:
        shell.events.register("post_run_cell", wait_then_take)
    return True


def _shell() -> Any:
    try:
        from IPython import get_ipython
    except ImportError:
        return None
    return get_ipython()
