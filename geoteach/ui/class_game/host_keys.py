"""The teacher's host keys, kept on the teacher's side so a room can be taken up again.

The room store keeps only a hash of each host key (like a password), so the key itself must be
kept by whoever opened the room: this file in the teacher's own folder (readable by the
teacher's account only, mode 0600), one key per room code and store. A room whose key is lost
still ends by itself when it expires.
"""

from __future__ import annotations

import contextlib
import hashlib
import json
import os
from pathlib import Path

from geoteach.store.rooms import RoomStore

#: Overrides where the keys are kept (tests; a server that keeps them elsewhere).
KEYS_ENV = "GEOTEACH_HOST_KEYS"


def keys_file() -> Path:
    where = os.environ.get(KEYS_ENV)
    if where:
        return Path(where)
    base = Path(os.environ.get("XDG_DATA_HOME") or Path.home() / ".local" / "share")
    return base / "geoteach" / "host_keys.json"


def _read(path: Path) -> dict[str, str]:
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return {}
    return {str(k): str(v) for k, v in data.items()} if isinstance(data, dict) else {}


def _name(store: RoomStore, code: str) -> str:
    # The store's address may hold a database password: only its hash is written here.
    where = hashlib.sha256(str(getattr(store, "url", "")).encode()).hexdigest()[:16]
    return f"{where}|{code}"


def remember(store: RoomStore, code: str, host_key: str) -> None:
    """Keep ``host_key`` for the room ``code`` of ``store`` (best effort: a teacher whose folder
    cannot be written still plays; only taking the room up later needs the key)."""
    path = keys_file()
    keys = _read(path)
    keys[_name(store, code)] = host_key
    with contextlib.suppress(OSError):
        path.parent.mkdir(parents=True, exist_ok=True)
        temporary = path.with_suffix(".tmp")
        fd = os.open(temporary, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
        with os.fdopen(fd, "w", encoding="utf-8") as out:
            json.dump(keys, out)
        os.replace(temporary, path)


def remembered(store: RoomStore, code: str) -> str | None:
    """The host key kept for ``code``, or None when this computer did not open that room."""
    return _read(keys_file()).get(_name(store, code))
