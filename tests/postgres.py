"""A real PostgreSQL for the tests: the one named in $GEOTEACH_TEST_POSTGRES, or a private one.

Without ``GEOTEACH_TEST_POSTGRES`` (a URL of a server where the tests may create databases),
the tests start a throw-away server of their own from Debian's ``postgresql`` package
(``/usr/lib/postgresql/<version>/bin``, or ``$GEOTEACH_POSTGRES_BIN``): a fresh cluster in a
temporary folder, listening only on a unix socket in that folder, with durability switched off
(it is deleted at the end). PostgreSQL refuses to run as root, so as root the cluster belongs to
the ``postgres`` user (Debian's package creates it), or ``nobody``, and the server is started
as that user directly (``subprocess``'s ``user=``), so the tests can stop it by its own pid.

Without a server or the binaries the tests skip with the reason, except when
``GEOTEACH_REQUIRE_POSTGRES=1`` (set by .ci/run): there a missing server is a failure, so the
PostgreSQL half of the suite never goes quietly unrun.
"""

from __future__ import annotations

import glob
import os
import pwd
import shutil
import signal
import subprocess
import tempfile
import uuid
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest

from tests.waiting import Waited, until

TEST_URL_ENV = "GEOTEACH_TEST_POSTGRES"
REQUIRE = os.environ.get("GEOTEACH_REQUIRE_POSTGRES") == "1"
START_SECONDS = 60


def _no_server(reason: str) -> None:
    if REQUIRE:
        pytest.fail(f"PostgreSQL is required here (GEOTEACH_REQUIRE_POSTGRES=1): {reason}")
    pytest.skip(f"PostgreSQL tests skipped: {reason}")


def binaries() -> Path | None:
    """The folder with ``initdb`` and ``postgres``: $GEOTEACH_POSTGRES_BIN, else Debian's newest."""
    named = os.environ.get("GEOTEACH_POSTGRES_BIN", "").strip()
    candidates = [named] if named else []
    found = glob.glob("/usr/lib/postgresql/*/bin")
    candidates += sorted(found, key=_version, reverse=True)
    for folder in candidates:
        if (Path(folder) / "initdb").is_file() and (Path(folder) / "postgres").is_file():
            return Path(folder)
    on_path = shutil.which("initdb")
    return Path(on_path).parent if on_path else None


def _version(bindir: str) -> tuple[int, ...]:
    """(15,) for /usr/lib/postgresql/15/bin, (9, 6) for 9.6: the newest server first."""
    parts = Path(bindir).parent.name.split(".")
    return tuple(int(part) if part.isdigit() else 0 for part in parts)


def _server_user() -> str | None:
    """Who runs the server: ourselves, or (as root) an unprivileged user."""
    if os.geteuid() != 0:
        return None
    for name in ("postgres", "nobody"):
        try:
            pwd.getpwnam(name)
        except KeyError:
            continue
        return name
    raise RuntimeError("running as root, and there is no 'postgres' or 'nobody' user to run it")


def _as(user: str | None) -> dict:
    """Popen arguments that run the command as ``user`` (the server's pid is then its own)."""
    if user is None:
        return {}
    entry = pwd.getpwnam(user)
    return {"user": entry.pw_uid, "group": entry.pw_gid, "extra_groups": []}


@contextmanager
def private_server() -> Iterator[str]:
    """Start a throw-away cluster; yields the admin URL (unix socket, trust authentication)."""
    bindir = binaries()
    if bindir is None:
        _no_server(
            f"no PostgreSQL server binaries (apt-get install postgresql), and ${TEST_URL_ENV} "
            "is not set"
        )
    user = _server_user()
    # Not under pytest's tmp_path: that folder is private to root, and the server runs as another
    # user who must reach its data and socket folders.
    root = Path(tempfile.mkdtemp(prefix="geoteach-pg-"))
    data, socket_dir = root / "data", root / "socket"
    socket_dir.mkdir()
    if user:
        entry = pwd.getpwnam(user)
        for path in (root, socket_dir):
            os.chown(path, entry.pw_uid, entry.pw_gid)
    log = root / "server.log"
    proc = None
    try:
        subprocess.run(
            [
                str(bindir / "initdb"),
                "-D",
                str(data),
                "-U",
                "postgres",
                "--auth=trust",
                "-E",
                "UTF8",
                "--locale=C",
                "--no-sync",
            ],
            **_as(user),
            cwd=root,
            check=True,
            capture_output=True,
            text=True,
        )
        port = "5432"  # only names the socket file, in our own folder
        with open(log, "wb") as out:
            proc = subprocess.Popen(
                [
                    str(bindir / "postgres"),
                    "-D",
                    str(data),
                    "-p",
                    port,
                    "-k",
                    str(socket_dir),
                    "-c",
                    "listen_addresses=",
                    "-c",
                    "fsync=off",
                    "-c",
                    "synchronous_commit=off",
                    "-c",
                    "full_page_writes=off",
                    "-c",
                    "max_connections=200",
                    "-c",
                    "shared_buffers=32MB",
                ],
                **_as(user),
                cwd=root,
                stdout=out,
                stderr=subprocess.STDOUT,
            )
        url = f"postgresql+psycopg://postgres@/postgres?host={socket_dir}&port={port}"
        _wait_until_up(url, proc, log)
        yield url
    except subprocess.CalledProcessError as exc:
        raise RuntimeError(f"initdb failed: {exc.stderr or exc.stdout}") from exc
    finally:
        if proc is not None and proc.poll() is None:
            proc.send_signal(signal.SIGINT)  # "fast" shutdown: ends any connection left open
            try:
                proc.wait(timeout=20)
            except subprocess.TimeoutExpired:
                proc.kill()
                proc.wait()
        shutil.rmtree(root, ignore_errors=True)


def _wait_until_up(url: str, proc: subprocess.Popen, log: Path) -> None:
    import psycopg
    import sqlalchemy as sa

    args, params = sa.create_engine(url).dialect.create_connect_args(sa.make_url(url))

    def answers() -> bool:
        if proc.poll() is not None:
            raise RuntimeError(f"PostgreSQL stopped at start:\n{log.read_text()[-2000:]}")
        try:
            psycopg.connect(*args, **params, connect_timeout=2).close()
        except psycopg.OperationalError:
            return False
        return True

    try:
        until(answers, "PostgreSQL did not start", START_SECONDS, 0.1)
    except Waited:
        raise RuntimeError(
            f"PostgreSQL did not start in {START_SECONDS} s:\n{log.read_text()[-2000:]}"
        ) from None


@contextmanager
def server() -> Iterator[str]:
    """The admin URL of the server the tests use (named, or private and started here)."""
    named = os.environ.get(TEST_URL_ENV, "").strip()
    if named:
        from geoteach.store.rooms import database_url

        yield database_url(named)
        return
    with private_server() as url:
        yield url


@contextmanager
def fresh_database(admin_url: str) -> Iterator[str]:
    """A new empty database on the server, dropped afterwards; yields its URL."""
    import sqlalchemy as sa

    name = f"geoteach_test_{uuid.uuid4().hex[:12]}"
    admin = sa.create_engine(admin_url, isolation_level="AUTOCOMMIT")
    try:
        with admin.connect() as conn:
            conn.exec_driver_sql(f'CREATE DATABASE "{name}"')
        yield sa.make_url(admin_url).set(database=name).render_as_string(hide_password=False)
    finally:
        with admin.connect() as conn:
            conn.exec_driver_sql(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
        admin.dispose()
