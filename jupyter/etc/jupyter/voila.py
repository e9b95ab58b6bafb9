"""geoteach's Voilà settings: the student apps, offline assets, and no kernel left behind.

Jupyter loads this file from <environment>/etc/jupyter/ (installing geoteach puts it there), for
the stand-alone server of `python3 tasks.py voila` and for Voilà inside Binder's or a JupyterHub's
Jupyter server. jupyter_server_config.json holds the same culling numbers for the
kernels of that shared server (JupyterLab's too, which are never culled while a tab is open) and
the same wait for a cell's output: inside a Jupyter server, Voilà reads this file only for its
VoilaConfiguration and runs the notebooks with the server's own settings.
"""

import os

from nbformat import NotebookNode
from tornado.web import RequestHandler

# Light theme and the kit's own page template, which loads no asset from the internet.
c.VoilaConfiguration.template = "geoteach"
c.VoilaConfiguration.theme = "light"
c.VoilaConfiguration.show_tracebacks = False
# The list of apps is drawn by the server (templates/geoteach/tree.html): the JupyterLab-style
# list ignores the folder in the address and shows the server's root instead.
c.VoilaConfiguration.classic_tree = True
# The browser's languages reach the page's kernel as HTTP_ACCEPT_LANGUAGE: a student app speaks
# the first one the kit has a catalog for when its link has no ?lang= (geoteach.i18n).
c.VoilaConfiguration.http_header_envs = ["Accept-Language"]

# A page's app is the output of its one cell. Voilà runs the cell with nbclient, which, once the
# kernel has answered, waits `iopub_timeout` seconds (4 by default) for the cell's output to be
# read and then goes on without it: under load (a class opening the link together) the server
# reads the hundreds of widget messages of an app's first screen more slowly than that, the
# app's display was dropped and the page stayed blank (issue 24). The wait ends as soon as the
# output has all arrived, so a long one costs nothing; a kernel that dies is noticed at once
# anyway (nbclient checks every second). Should the five minutes ever pass, the cell fails
# instead of dropping its output, and the page says the game did not start (index.html.j2).
# jupyter_server_config.json says the same to Voilà inside a Jupyter server, which
# reads this file for VoilaConfiguration only.
c.VoilaExecutor.iopub_timeout = 300
c.VoilaExecutor.raise_on_iopub_timeout = True

# Every page view starts a kernel (about 200 MB). A closed page's kernel is shut down at once
# (the page's own goodbye message, see below); one that missed it, and a page left open with no
# click, is culled after 30 idle minutes: longer than a student thinks, shorter than a lesson.
c.MappingKernelManager.cull_idle_timeout = 30 * 60
c.MappingKernelManager.cull_interval = 60
c.MappingKernelManager.cull_connected = True
c.MappingKernelManager.cull_busy = False

# Kernels talk to the server over Unix sockets beside their connection files, not TCP ports.
# jupyter_client picks five free ports per kernel and the kernel binds them a moment later; with
# 22 kernels started together (a pool filling up, a class arriving) another process took one of
# them in between, the kernel died ("Address already in use") and the page given it waited on
# "Getting the game ready…" for good (the class game's load benchmark, three rooms). Sockets
# have no such race, and they lie in the server's own folder (mode 700), which no other user
# of the machine can open.
c.KernelManager.transport = "ipc"

# A page's kernel websocket speaks the current protocol (v1) only, and every frame it sends is
# checked before the server reads it (issue 35): a page's script that opened it with the old
# protocol and sent one binary widget message froze this whole server (every class's game),
# its memory growing by 50 MB a second. geoteach/server/websocket_guard.py says how.
# jupyter_server_config.json names the same class for a Jupyter server.
c.Voila.kernel_websocket_connection_class = (
    "geoteach.server.websocket_guard.GuardedWebsocketConnection"
)
# An app's page sends clicks, typed names and canvas events, each well under a kilobyte; a
# message above 1 MiB closes its websocket instead of reaching the kernel (tornado: 10 MiB).
c.Voila.tornado_settings = {"websocket_max_message_size": 1024 * 1024}


def send_xsrf_cookie(req: RequestHandler, notebook: NotebookNode, cwd: str) -> NotebookNode:
    """Give the page Jupyter's _xsrf cookie, so its goodbye message is not refused.

    When a Voilà page is closed or reloaded it posts /voila/api/shutdown/<kernel> with the _xsrf
    cookie's value; Voilà's page never asks the server for that cookie, so the post was refused
    (403) and every closed page kept its kernel until the idle cull. Reading the token sets it.
    """
    req.xsrf_token  # noqa: B018 (tornado sets the cookie when the token is first read)
    return notebook


def kernel_pool(text: str) -> dict[str, int]:
    """``"globalissimo=30, join=8"`` → ``{"globalissimo.ipynb": 30, "join.ipynb": 8}``.

    The names are the apps' notebooks, relative to the folder Voilà serves (``.ipynb`` may be
    left out). A malformed entry stops the server with a sentence that says what to write
    (SystemExit: Jupyter would log any other error of this file and start without the kit's
    settings at all).
    """
    pool: dict[str, int] = {}
    for entry in filter(None, (part.strip() for part in text.split(","))):
        name, _, size = entry.partition("=")
        name, size = name.strip(), size.strip()
        if not name or not size.isdigit():
            raise SystemExit(
                f"GEOTEACH_KERNEL_POOL: {entry!r} is not APP=NUMBER (for example globalissimo=30)."
            )
        pool[name if name.endswith(".ipynb") else f"{name}.ipynb"] = int(size)
    return pool


# Kernels ready before the class arrives (issue 24): `tasks.py voila --ready globalissimo:30`
# sets GEOTEACH_KERNEL_POOL, and Voilà starts that many kernels for each app named, each running
# its app's cell up to the set-up screen, so a student's page comes at once and the server's work
# is done before the lesson. Only the stand-alone Voilà server pools kernels (not Voilà inside a
# Jupyter server: Binder, JupyterHub). A preheated kernel learns its page's address (?seed=,
# ?large=1, a class game's ?room=) when the page is opened (geoteach.ui.page_request).
# Voilà refuses a prelaunch hook beside preheated kernels; the page sets its own _xsrf cookie
# then (index.html.j2), so the goodbye of a closed page still shuts its kernel down.
# A used kernel is replaced after GEOTEACH_KERNEL_POOL_DELAY seconds (default 30), so the new
# ones do not start while the class is still arriving.
POOL = kernel_pool(os.environ.get("GEOTEACH_KERNEL_POOL", ""))
if POOL:
    c.VoilaConfiguration.preheat_kernel = True
    c.VoilaConfiguration.prelaunch_hook = None  # over an older copy of this file, if any
    c.VoilaKernelManager.kernel_pools_config = {
        "default": {"pool_size": 0},
        **{name: {"pool_size": size} for name, size in POOL.items()},
    }
    c.VoilaKernelManager.fill_delay = float(os.environ.get("GEOTEACH_KERNEL_POOL_DELAY") or 30)
else:
    c.VoilaConfiguration.prelaunch_hook = send_xsrf_cookie
