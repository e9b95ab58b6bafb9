"""The kit's Voilà settings reach the code that runs a page's notebook, wherever Voilà runs.

A class that opens the link together used to get a blank page now and then: nbclient waited its
default 4 s for an app's output after the kernel had answered, then dropped it (issue 24). The
longer wait is set in jupyter/etc/jupyter/voila.py for `tasks.py voila`, and in
jupyter_server_config.json for Voilà inside a Jupyter server (Binder, JupyterHub),
which reads voila.py for its VoilaConfiguration only. Both are read here the way each server
reads them, in a fresh Python with only the kit's settings on Jupyter's path.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
KIT_CONFIG = ROOT / "jupyter" / "etc" / "jupyter"

#: Only JUPYTER_CONFIG_PATH and the (empty) user folder: not the settings that installing
#: geoteach put in this environment's etc/jupyter, so the files of this checkout are tested.
ONLY_GIVEN_PATHS = """
import jupyter_core.paths
jupyter_core.paths.ENV_CONFIG_PATH[:] = []
jupyter_core.paths.SYSTEM_CONFIG_PATH[:] = []
"""
#: The executor a page's notebook gets, built from the configuration its server holds.
EXECUTOR = """
import json, nbformat
from voila.execute import VoilaExecutor
ex = VoilaExecutor(nbformat.v4.new_notebook(), config=config)
from jupyter_server.services.kernels.kernelmanager import MappingKernelManager
km = MappingKernelManager(config=config)
print(json.dumps({"iopub_timeout": ex.iopub_timeout,
                  "raise_on_iopub_timeout": ex.raise_on_iopub_timeout,
                  "cull_idle_timeout": km.cull_idle_timeout}))
"""
#: `voila` (tasks.py voila): the Voilà application reads voila.py; handlers get its config.
STANDALONE = """
from voila.app import Voila
app = Voila()
app.load_config_file("voila", path=app.config_file_paths)
config = app.config
"""
#: Voilà as a Jupyter server extension: the handlers get the server's own configuration.
SERVER_EXTENSION = """
from jupyter_server.serverapp import ServerApp
app = ServerApp()
app.load_config_file()
config = app.config
"""


def _executor_settings(how: str, config: Path, tmp_path: Path) -> dict[str, object]:
    env = dict(os.environ)
    env.pop("JUPYTER_NO_CONFIG", None)
    env["JUPYTER_CONFIG_PATH"] = str(config)
    env["JUPYTER_CONFIG_DIR"] = str(tmp_path / "user-config")  # no personal settings
    run = subprocess.run(
        [sys.executable, "-s", "-c", ONLY_GIVEN_PATHS + how + EXECUTOR],
        cwd=tmp_path,  # Voilà also reads a voila.py in the folder it starts in: none here
        env=env,
        capture_output=True,
        text=True,
        check=True,
        timeout=120,
    )
    return json.loads(run.stdout.strip().splitlines()[-1])


@pytest.mark.parametrize("how", [STANDALONE, SERVER_EXTENSION], ids=["voila", "jupyter-server"])
def test_a_slow_server_waits_for_the_apps_output_instead_of_dropping_it(
    how: str, tmp_path: Path
) -> None:
    got = _executor_settings(how, KIT_CONFIG, tmp_path)
    # Long enough for a class's worth of first screens on a busy server; a dead kernel is
    # noticed within a second whatever this says.
    assert got["iopub_timeout"] >= 120, got
    # If even that passes, the cell fails (the page says so) rather than staying blank.
    assert got["raise_on_iopub_timeout"] is True, got
    # The same files' kernel culling reaches the server too (half an hour idle).
    assert got["cull_idle_timeout"] == 30 * 60, got


@pytest.mark.parametrize("how", [STANDALONE, SERVER_EXTENSION], ids=["voila", "jupyter-server"])
def test_without_the_kits_settings_the_output_is_dropped_after_4_seconds(
    how: str, tmp_path: Path
) -> None:
    """The same reading with no settings gives nbclient's 4 s: the test above tests the files."""
    (tmp_path / "no-settings").mkdir()
    got = _executor_settings(how, tmp_path / "no-settings", tmp_path)
    assert got == {"iopub_timeout": 4, "raise_on_iopub_timeout": False, "cull_idle_timeout": 0}


#: The pool settings the stand-alone Voilà application holds after reading voila.py.
POOL_SETTINGS = """
import json
vc = config.VoilaConfiguration
km = config.VoilaKernelManager
print(json.dumps({"preheat": vc.get("preheat_kernel", False),
                  "hook": vc.get("prelaunch_hook") is not None,
                  "pools": km.get("kernel_pools_config"),
                  "fill_delay": km.get("fill_delay")}))
"""


def _pool_settings(tmp_path: Path, pool: str | None) -> subprocess.CompletedProcess:
    env = dict(os.environ)
    env.pop("JUPYTER_NO_CONFIG", None)
    env.pop("GEOTEACH_KERNEL_POOL", None)
    if pool is not None:
        env["GEOTEACH_KERNEL_POOL"] = pool
    env["JUPYTER_CONFIG_PATH"] = str(KIT_CONFIG)
    env["JUPYTER_CONFIG_DIR"] = str(tmp_path / "user-config")
    return subprocess.run(
        [sys.executable, "-s", "-c", ONLY_GIVEN_PATHS + STANDALONE + POOL_SETTINGS],
        cwd=tmp_path,
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
    )


def test_kernels_ready_before_the_class_are_pooled_for_the_apps_named(tmp_path: Path) -> None:
    run = _pool_settings(tmp_path, "globalissimo=30, join.ipynb=8")
    assert run.returncode == 0, run.stderr
    got = json.loads(run.stdout.strip().splitlines()[-1])
    assert got["preheat"] is True
    # Voilà refuses a prelaunch hook beside a pool; the page sets its own cookie then.
    assert got["hook"] is False
    assert got["pools"] == {
        "default": {"pool_size": 0},  # no other app starts kernels ahead
        "globalissimo.ipynb": {"pool_size": 30},
        "join.ipynb": {"pool_size": 8},
    }
    assert got["fill_delay"] == 30.0  # a used kernel is replaced after the class has arrived


def test_without_a_pool_every_page_gets_its_own_kernel_and_the_cookie_hook(
    tmp_path: Path,
) -> None:
    run = _pool_settings(tmp_path, None)
    assert run.returncode == 0, run.stderr
    got = json.loads(run.stdout.strip().splitlines()[-1])
    assert got == {"preheat": False, "hook": True, "pools": None, "fill_delay": None}


def test_a_malformed_pool_stops_the_server_with_what_to_write(tmp_path: Path) -> None:
    run = _pool_settings(tmp_path, "globalissimo:30")
    assert run.returncode != 0
    assert "is not APP=NUMBER (for example globalissimo=30)" in run.stderr


#: The kernel websocket connection class each server builds its pages' connections with.
CONNECTION_CLASS = """
import json
print(json.dumps({"class": app.kernel_websocket_connection_class.__name__,
                  "max_message": getattr(app, "tornado_settings", {}).get(
                      "websocket_max_message_size")}))
"""


@pytest.mark.parametrize(
    ("how", "max_message"),
    [(STANDALONE, 1024 * 1024), (SERVER_EXTENSION, None)],
    ids=["voila", "jupyter-server"],
)
def test_both_servers_guard_the_pages_kernel_websockets(
    how: str, max_message: int | None, tmp_path: Path
) -> None:
    """Voilà's own and a Jupyter server's kernel websocket use the kit's guard (issue 35: one
    malformed frame froze the whole server); Voilà also takes no message above 1 MiB."""
    env = dict(os.environ)
    env.pop("JUPYTER_NO_CONFIG", None)
    env["JUPYTER_CONFIG_PATH"] = str(KIT_CONFIG)
    env["JUPYTER_CONFIG_DIR"] = str(tmp_path / "user-config")
    run = subprocess.run(
        [sys.executable, "-s", "-c", ONLY_GIVEN_PATHS + how + CONNECTION_CLASS],
        cwd=tmp_path,
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert run.returncode == 0, run.stderr
    got = json.loads(run.stdout.strip().splitlines()[-1])
    assert got == {"class": "GuardedWebsocketConnection", "max_message": max_message}
