"""The kit's two servers, as `tasks.py lab` and `tasks.py voila` start them.

tasks.py makes the environment, then hands over to this module in it (``python -m
geoteach.launch lab --port 8888``), so the servers' code is the kit's own, tested and typed,
and tasks.py stays a short bootstrap. This module imports only the standard library at its
top: tasks.py reads ``add_servers`` from it, with the system's Python, to check a command line
before it installs anything.
"""

from __future__ import annotations

import argparse
import contextlib
import os
import secrets
import signal
import socket
import subprocess
import sys
import time
from collections.abc import Sequence
from pathlib import Path

ROOT = Path.cwd()
START_NOTEBOOK = "notebooks/00_start_here.ipynb"
LOCAL_IPS = ("127.0.0.1", "localhost", "::1")


def apps_folder() -> Path:
    """The student apps: notebooks/play/ of the kit being served (the working folder)."""
    return ROOT / "notebooks" / "play"


def pick_port(ip: str, wanted: int | None, default: int) -> int:
    """The port to serve on: the one asked for, or the first free one from the default."""
    candidates = [wanted] if wanted is not None else range(default, default + 20)
    for port in candidates:
        try:
            family, kind, proto, _, address = socket.getaddrinfo(ip, port, 0, socket.SOCK_STREAM)[0]
        except socket.gaierror:
            sys.exit(f"--ip {ip} is not an address of this computer.")
        with socket.socket(family, kind, proto) as probe:
            try:
                probe.bind(address)
            except OSError:
                continue
        return port
    if wanted is not None:
        sys.exit(f"Port {wanted} is busy (another server?). Choose another one with --port.")
    sys.exit(f"Ports {default} to {default + 19} are all busy: choose one with --port.")


def _wait_for_port(host: str, port: int, proc: subprocess.Popen) -> bool:
    while proc.poll() is None:
        try:
            with socket.create_connection((host, port), timeout=1):
                return True
        except OSError:
            time.sleep(0.3)
    return False


def _interrupt(signum: int, frame: object) -> None:
    raise KeyboardInterrupt


def serve(
    name: str,
    cmd: Sequence[str | Path],
    ip: str,
    port: int,
    urls: list[str],
    env: dict[str, str] | None = None,
) -> int:
    """Run a server until it stops or Ctrl-C; print its address once it answers.

    The server runs in a session of its own, so Ctrl-C reaches tasks.py only, which then stops
    the server the clean way (SIGTERM): it shuts its kernels down and removes its runtime files.
    Whatever ends tasks.py, the server does not outlive it.
    """
    proc = subprocess.Popen(
        [str(c) for c in cmd],
        cwd=ROOT,
        start_new_session=os.name != "nt",
        env={**os.environ, **(env or {})},
    )
    signal.signal(signal.SIGTERM, _interrupt)
    # Ctrl-C stops the server even when tasks.py was started with it ignored (by a script).
    signal.signal(signal.SIGINT, signal.default_int_handler)
    try:
        host = "127.0.0.1" if ip in ("0.0.0.0", "") else "::1" if ip == "::" else ip
        if _wait_for_port(host, port, proc):
            lines = "\n".join(f"    {url}" for url in urls)
            _say(
                f"\n{name} is running. Open this address in a browser:\n{lines}\n"
                "Press Ctrl-C here to stop it.\n"
            )
        return proc.wait()
    except KeyboardInterrupt:
        signal.signal(signal.SIGINT, signal.SIG_IGN)
        _say(f"\nStopping {name} ...")
        stop(proc)
        _say(f"{name} stopped.")
        return 0
    finally:
        if proc.poll() is None:
            stop(proc)


def _say(text: str) -> None:
    """Print, even when nobody reads any more (the terminal was closed): then say nothing."""
    with contextlib.suppress(OSError):
        print(text, flush=True)


def stop(proc: subprocess.Popen, timeout: float = 30) -> None:
    """Ask a server to stop (SIGTERM: it shuts its kernels down); kill it if it will not."""
    proc.terminate()
    try:
        proc.wait(timeout=timeout)
    except subprocess.TimeoutExpired:
        proc.kill()
        proc.wait()


def _addresses(ip: str, port: int, path: str, token: str) -> list[str]:
    query = f"?token={token}" if token else ""
    if ip in ("0.0.0.0", "::", ""):
        return [
            f"http://127.0.0.1:{port}{path}{query}   (on this computer)",
            f"http://{socket.gethostname()}:{port}{path}{query}   (from other computers, "
            "or with this computer's address)",
        ]
    host = f"[{ip}]" if ":" in ip else ip
    return [f"http://{host}:{port}{path}{query}"]


def lab(options: argparse.Namespace) -> int:
    token = secrets.token_hex(16) if options.token is None else options.token
    if not token and options.ip not in LOCAL_IPS:
        sys.exit(
            "JupyterLab runs any code it is sent: give it a --token when it listens on the "
            "network (--ip), or leave --token out and one is made for you."
        )
    port = pick_port(options.ip, options.port, 8888)
    start = f"/lab/tree/{START_NOTEBOOK}"
    # JupyterLab refuses to start as root (a container, a Binder-like box) unless told it may.
    as_root = ["--allow-root"] if hasattr(os, "geteuid") and os.geteuid() == 0 else []
    browser = options.browser and options.ip in LOCAL_IPS
    cmd = [
        sys.executable,
        "-m",
        "jupyterlab",
        f"--ServerApp.root_dir={ROOT}",
        f"--ServerApp.ip={options.ip}",
        f"--ServerApp.port={port}",
        "--ServerApp.port_retries=0",
        f"--IdentityProvider.token={token}",
        f"--LabApp.default_url={start}",
        f"--ServerApp.open_browser={browser}",
        *as_root,
    ]
    return serve("JupyterLab", cmd, options.ip, port, _addresses(options.ip, port, start, token))


def ready_kernels(asked: list[str], ip: str) -> dict[str, str]:
    """``--ready globalissimo:30 --ready join:8``: the Voilà server's environment for kernels
    started before the class arrives (jupyter/etc/jupyter/voila.py reads it).

    Each named app gets that many kernels, each already showing its set-up screen, so a class
    that opens the link together gets its pages at once; a used kernel is replaced 30 s later.
    Every ready kernel holds about 120 to 140 MB. The kernels reach the server at ``ip`` for the
    page's address (127.0.0.1 when the server listens on every address).
    """
    if not asked:
        return {}
    apps = sorted(p.stem for p in apps_folder().glob("*.ipynb"))
    pool: dict[str, int] = {}
    for item in asked:
        name, _, count = item.partition(":")
        if name not in apps or not count.isdigit() or not 0 < int(count) <= 200:
            sys.exit(
                f"--ready {item}: write APP:NUMBER, with NUMBER from 1 to 200 and APP one of "
                f"{', '.join(apps)} (for example --ready globalissimo:30)."
            )
        pool[name] = int(count)
    here = "127.0.0.1" if ip in ("0.0.0.0", "") else "::1" if ip == "::" else ip
    return {
        "GEOTEACH_KERNEL_POOL": ",".join(f"{name}={n}" for name, n in pool.items()),
        "VOILA_APP_IP": here,
    }


def teacher_link_secret() -> str:
    """The class service's teacher secret (made on first use, in the service's own folder, mode
    600): the teacher's link carries it, the students' address does not."""
    from geoteach.classroom.referee import teacher_secret
    from geoteach.service import service_folder

    try:
        return teacher_secret(service_folder())
    except OSError as error:  # a folder it may not write: the server runs, with no teacher link
        print(f"geoteach could not make the teacher's link: {error}", file=sys.stderr)
        return ""


def voila(options: argparse.Namespace) -> int:
    if not apps_folder().is_dir():
        where = apps_folder().relative_to(ROOT)
        sys.exit(f"The student apps are not in {where}/ of this copy of the kit.")
    pool = ready_kernels(getattr(options, "ready", None) or [], options.ip)
    token = options.token or ""
    port = pick_port(options.ip, options.port, 8866)
    browser = options.browser and options.ip in LOCAL_IPS
    cmd: list[str | Path] = [
        sys.executable,
        "-m",
        "geoteach.service.voila",
        apps_folder(),
        f"--Voila.ip={options.ip}",
        f"--Voila.port={port}",
        "--Voila.port_retries=0",
        f"--Voila.token={token}",
        f"--Voila.open_browser={browser}",
    ]
    urls = _addresses(options.ip, port, "/", token)
    secret = teacher_link_secret()
    if secret:
        teacher = _addresses(options.ip, port, "/voila/render/class_game.ipynb", "")[0]
        urls.append(
            "The teacher's class-game page (keep this link to yourself: it opens class games "
            f"and their answers):\n    {teacher.split()[0]}?teacher={secret}"
        )
    if pool:
        ready = pool["GEOTEACH_KERNEL_POOL"].replace("=", ": ").replace(",", ", ")
        urls.append(f"(kernels ready before the class arrives: {ready}; give them a minute)")
    return serve("Voilà", cmd, options.ip, port, urls, env=pool)


def add_servers(commands: argparse._SubParsersAction) -> None:
    """The `lab` and `voila` commands and their options (tasks.py's parser and this module's)."""

    def server(name: str, help: str, what: str) -> argparse.ArgumentParser:
        sub = commands.add_parser(name, help=help, description=help)
        sub.add_argument("--port", type=int, help="port to listen on (default: first free one)")
        sub.add_argument(
            "--ip",
            default="127.0.0.1",
            help="address to listen on; 0.0.0.0 lets other computers in (default: 127.0.0.1)",
        )
        sub.add_argument("--token", help=f"the password-like token in the address ({what})")
        sub.add_argument(
            "--no-browser", dest="browser", action="store_false", help="do not open a browser"
        )
        return sub

    server("lab", "JupyterLab on notebooks/00_start_here.ipynb", "default: a new random one")
    voila = server("voila", "the student apps of notebooks/play/ as Voilà apps", "default: none")
    voila.add_argument(
        "--ready",
        action="append",
        metavar="APP:NUMBER",
        help="keep NUMBER kernels of APP started before the class arrives, e.g. "
        "globalissimo:30 (about 140 MB each; repeat for several apps)",
    )


def options_of(argv: list[str]) -> argparse.Namespace:
    """The command line of `tasks.py lab/voila`, checked (argparse's usage and exit 2 when
    wrong; tasks.py calls this before it installs anything)."""
    top = argparse.ArgumentParser(prog="tasks.py")
    add_servers(top.add_subparsers(dest="command", metavar="COMMAND", required=True))
    options = top.parse_args(argv)
    if options.port is not None and not 0 < options.port < 65536:
        sys.exit(f"--port {options.port} is not a port number (1 to 65535).")
    return options


def main(argv: list[str]) -> int:
    options = options_of(argv)
    return {"lab": lab, "voila": voila}[options.command](options)


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
