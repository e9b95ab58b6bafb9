"""Where a lesson's save file lives, who may write it, and how it is written.

* **The lesson folder.** A save name somebody types ("class 7b") is a plain file name in the
  lesson folder: the folder the notebook runs in (its working directory), unless a teacher or
  a JupyterHub admin chose another one with ``set_lesson_folder(...)`` or the environment
  variable ``GEOTEACH_LESSON_FOLDER``. Names with folders, ``..``, absolute paths and endings
  other than ``.json`` are refused (a ``geoteach.py`` next to the notebook would hide the real
  ``geoteach`` from ``import``). Code that wants another folder says so with a
  ``pathlib.Path`` or ``folder=``; the file name part is checked the same way.
* **One writer per file.** While a game autosaves to a file it holds an OS lock on a hidden
  sidecar file (``.class 7b.json.lock``), taken with ``filelock`` (``flock`` on Linux and macOS,
  ``msvcrt`` on Windows). The operating system drops the lock when the kernel ends, however it
  ends (shut down, crash, ``kill -9``), so a dead kernel never blocks a file.
  A second kernel that wants the file gets ``SaveInUse`` and writes nothing. Inside one kernel
  the game that claimed the file last is its writer; the one before gets ``SaveInUse`` on its
  next move instead of overwriting (a notebook cell run twice).
* **Atomic writes.** A save is written to a hidden temp file and renamed over the old one, so a
  kill mid-write leaves the old save whole. A killed writer's temp file is removed the next time
  anyone claims that save or lists the folder (``remove_stale_temps``), never while its writer
  is alive: temp files of a save are only written by the holder of its lock.
"""

from __future__ import annotations

import atexit
import functools
import os
import re
import tempfile
import threading
import time
import weakref
from collections.abc import Callable, Iterator
from contextlib import contextmanager, suppress
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from filelock import FileLock, Timeout

from geoteach.i18n import N_, said

SUFFIX = ".json"
#: Environment variable a JupyterHub admin or a teacher may set to the lesson folder.
FOLDER_VARIABLE = "GEOTEACH_LESSON_FOLDER"
#: A save name's length limit in bytes: file systems allow 255, the temp and lock names add 16.
MAX_NAME_BYTES = 200
#: Windows keeps these names for devices, with any ending ("CON.json" cannot be a file there).
DEVICE_NAMES = {"CON", "PRN", "AUX", "NUL"} | {
    f"{p}{i}" for p in ("COM", "LPT") for i in range(1, 10)
}
#: Files that tools read from the folder they start in: a save must never replace one.
TOOL_FILES = {"package.json", "package-lock.json", "tsconfig.json", "voila.json", "kernel.json"}
#: Characters Windows or the shell cannot keep in a file name.
FORBIDDEN = set('<>:"|?*')
#: A leftover temp file from before the lock existed is removed only when this old (seconds).
OLD_TEMP_AGE = 60.0

_EXAMPLE = "class7b.json"
# A file ending like ".py" or ".txt" (with a letter: "v1.2" is a name, not a file type).
_ENDING = re.compile(r"\.(?=[0-9]*[A-Za-z])([A-Za-z0-9]{1,10})$")
# ".class 7b.json.k2j4_x9a.tmp" (written by save_text) and "class 7b.jsonk2j4_x9a.tmp" (by
# geoteach before the lock; no lock protects it, so it is only removed when it is old).
_TEMP = re.compile(r"^\.(?P<name>.+\.json)\.[A-Za-z0-9_]+\.tmp$")
_OLD_TEMP = re.compile(r"^(?P<name>[^.].*\.json)[A-Za-z0-9_]{8}\.tmp$")

_folder: Path | None = None


class SaveError(Exception):
    """A save that may not be written where asked. The message says what to do instead."""


class BadSaveName(SaveError, ValueError):
    """A typed save name that is not a plain ``.json`` file name in the lesson folder."""


class SaveInUse(SaveError):
    """Another kernel, or another game, writes this save file (or the file holds another game)."""


# ----- the lesson folder and save names ---------------------------------------------------
def lesson_folder() -> Path:
    """The folder typed save names live in (see the module docstring for how it is chosen)."""
    if _folder is not None:
        return _folder
    chosen = os.environ.get(FOLDER_VARIABLE, "").strip()
    return Path(chosen).expanduser().absolute() if chosen else Path.cwd()


def set_lesson_folder(folder: str | os.PathLike[str] | None) -> Path:
    """Keep this lesson's saves in ``folder`` (``None``: back to the default). Returns it."""
    global _folder
    if folder is None:
        _folder = None
        return lesson_folder()
    path = Path(folder).expanduser().absolute()
    if not path.is_dir():
        raise SaveError(
            said(
                N_("There is no folder {folder}: make it first, or choose another one."),
                folder=str(path),
            )
        )
    _folder = path
    return path


def check_save_name(name: str) -> str:
    """``name`` as a save file name ("class 7b" -> "class 7b.json"), or ``BadSaveName``.

    The messages say what to type instead, with the name cut down to what is allowed.
    """
    typed = str(name).strip()
    if not typed:
        raise BadSaveName(
            said(N_("Type a file name for the save, for example {example}."), example=_EXAMPLE)
        )
    if "/" in typed or "\\" in typed or typed in (".", ".."):
        last = re.split(r"[\\/]", typed.rstrip("/\\"))[-1].strip(" .") or "class7b"
        raise BadSaveName(
            said(
                N_(
                    "A save name is just a file name, without folders: type {name}, not "
                    "{typed}. Saves go in the lesson folder ({folder})."
                ),
                name=_suggest(last),
                typed=typed,
                folder=str(lesson_folder()),
            )
        )
    bad = sorted({c for c in typed if c in FORBIDDEN or ord(c) < 32 or ord(c) == 127})
    if bad:
        shown = " ".join(repr(c) if ord(c) < 32 or ord(c) == 127 else c for c in bad)
        kept = "".join(c for c in typed if c not in bad)
        raise BadSaveName(
            said(
                N_(
                    "A save name cannot contain {shown}: use letters, numbers, spaces, - and _, "
                    "for example {name}."
                ),
                shown=shown,
                name=_suggest(kept),
            )
        )
    if typed.lower().endswith(SUFFIX):
        stem = typed[: -len(SUFFIX)].rstrip()
    else:
        ending = _ENDING.search(typed)
        if ending:
            raise BadSaveName(
                said(
                    N_("{typed} ends in .{ending}, but save files end in .json: type {name}."),
                    typed=typed,
                    ending=ending.group(1),
                    name=_suggest(typed[: ending.start()]),
                )
            )
        stem = typed
    if not stem.strip(" ."):
        raise BadSaveName(
            said(N_("Type a name before .json, for example {example}."), example=_EXAMPLE)
        )
    if stem.startswith("."):
        raise BadSaveName(
            said(
                N_("A save name cannot start with a dot (it would be a hidden file): type {name}."),
                name=_suggest(stem.lstrip(".")),
            )
        )
    if stem.endswith("."):
        raise BadSaveName(
            said(N_("A save name cannot end in a dot: type {name}."), name=_suggest(stem))
        )
    full = stem + SUFFIX
    if (
        stem.split(".")[0].upper() in DEVICE_NAMES
        or full.lower() in TOOL_FILES
        or (full.lower().startswith("jupyter") and "config" in full.lower())
    ):
        raise BadSaveName(
            said(
                N_(
                    "{name} is a name the computer or Jupyter keeps for itself: pick another "
                    "one, for example my_{name}."
                ),
                name=full,
            )
        )
    if len(full.encode("utf-8")) > MAX_NAME_BYTES:
        raise BadSaveName(
            said(
                N_("That save name is too long: use a shorter one, like {example}."),
                example=_EXAMPLE,
            )
        )
    return full


def _suggest(stem: str) -> str:
    """A save name made from what somebody typed, for "type ... instead" messages."""
    stem = stem.strip(" .")
    if stem.lower().endswith(SUFFIX):
        stem = stem[: -len(SUFFIX)]
    stem = stem.strip(" .")
    return f"{stem}.json" if stem else _EXAMPLE


def save_path(name: str | os.PathLike[str], folder: str | os.PathLike[str] | None = None) -> Path:
    """The file a save name means: ``"class 7b"`` is ``<lesson folder>/class 7b.json``.

    A ``str`` is a typed name: a plain file name, in ``folder`` or the lesson folder. A
    ``pathlib.Path`` (or other path object) chooses its own folder; its file name is checked
    the same way. Raises ``BadSaveName``.
    """
    if isinstance(name, os.PathLike):
        path = Path(name)
        if folder is not None and path.parent != Path("."):
            raise BadSaveName(
                said(N_("Give the folder once: {path} already names one."), path=str(path))
            )
        where = Path(folder) if folder is not None else path.parent
        return where.absolute() / check_save_name(path.name)
    where = Path(folder) if folder is not None else lesson_folder()
    return where.absolute() / check_save_name(name)


def find_save(name: str | os.PathLike[str]) -> Path:
    """The file to read for ``name``: a plain typed name is looked up in the lesson folder
    (".json" added when it has no ending); anything else is read where it points."""
    if isinstance(name, os.PathLike):
        return Path(name)
    typed = str(name).strip()
    if typed and "/" not in typed and "\\" not in typed and typed not in (".", ".."):
        return lesson_folder() / (typed if Path(typed).suffix else typed + SUFFIX)
    return Path(typed)


def default_save_name(game_name: str, when: float | None = None) -> str:
    """A fresh save name: the game, the date and time, and a random tag.

    Two games started in the same second (two kernels, one default) get different names.
    """
    stamp = time.strftime("%Y-%m-%d_%H%M%S", time.localtime(when))
    return check_save_name(f"{game_name}_{stamp}_{os.urandom(3).hex()}")


# ----- one writer per file ------------------------------------------------------------------
def lock_path(save: Path) -> Path:
    """The hidden sidecar file whose OS lock says who writes ``save``."""
    return save.with_name(f".{save.name}.lock")


class _Lock:
    """The OS lock on a save's sidecar file (``filelock``). The OS releases it when the process
    ends, so a killed kernel never keeps a file."""

    def __init__(self, save: Path) -> None:
        self.path = lock_path(save)
        # Not thread-local: a game may let go from another thread than the one that claimed
        # (a widget callback, the garbage collector, the exit handler).
        self.file = FileLock(self.path, thread_local=False, blocking=False)

    def acquire(self) -> bool:
        """Take the lock now or return False (never waits).

        A holder deletes the sidecar before it lets go (below); a contender that opened the
        old file just then gets a lock on a deleted file, which filelock drops and reports as
        busy. One more try opens the new sidecar: busy again only if someone holds it.
        """
        for _ in range(2):
            try:
                self.file.acquire()
            except Timeout:
                continue
            return True
        return False

    def release(self) -> None:
        if not self.file.is_locked:
            return
        # filelock leaves the sidecar in place; deleting it first keeps the folder tidy (on
        # Windows an open file cannot be deleted, and filelock removes it after unlocking).
        if os.name != "nt":
            with suppress(OSError):
                os.unlink(self.path)
        self.file.release(force=True)


@dataclass
class _Hold:
    lock: _Lock
    owner: weakref.ReferenceType[Any]
    #: Owners that held the file before ``owner`` took it over in this process.
    former: weakref.WeakSet[Any] = field(default_factory=weakref.WeakSet)


_HOLDS: dict[str, _Hold] = {}
_GUARD = threading.RLock()


def _key(save: Path) -> str:
    return os.path.realpath(save)


def _other_kernel(save: Path) -> SaveInUse:
    return SaveInUse(
        said(
            N_(
                "Another open notebook is saving {name} right now, and only one may save a "
                "lesson at a time. Close the other notebook (shut down its kernel), or save this "
                "game under a new file name."
            ),
            name=save.name,
        )
    )


def _other_game(save: Path, was_mine: bool) -> SaveInUse:
    if was_mine:
        return SaveInUse(
            said(
                N_(
                    "This game no longer saves to {name}: another game in this notebook saves "
                    "there now. Type a new file name to keep this one, or go on with the other "
                    "game."
                ),
                name=save.name,
            )
        )
    return SaveInUse(
        said(
            N_(
                "Another game in this notebook is saving {name}: type a new file name for this one."
            ),
            name=save.name,
        )
    )


def _forget_owner(key: str, ref: weakref.ReferenceType[Any]) -> None:
    """A game was garbage-collected: let go of the file it was writing."""
    with _GUARD:
        hold = _HOLDS.get(key)
        if hold is not None and hold.owner is ref:
            hold.lock.release()
            del _HOLDS[key]


def _take(save: Path) -> _Lock:
    """The lock of ``save``, taken now, with its killed writers' temp files removed."""
    lock = _Lock(save)
    try:
        taken = lock.acquire()
    except OSError as exc:
        reason = exc.strerror or type(exc).__name__
        raise SaveError(
            said(
                N_(
                    "geoteach cannot save in {folder} ({reason}). Choose a folder you may write "
                    "in with set_lesson_folder(...)."
                ),
                folder=str(save.parent),
                reason=reason,
            )
        ) from exc
    if not taken:
        raise _other_kernel(save)
    remove_stale_temps(save.parent, held=save.name)
    return lock


def claim(save: Path, owner: object, refuse: Callable[[Path], str] | None = None) -> None:
    """Make ``owner`` the one writer of ``save`` until ``release`` (or until it is collected).

    Raises ``SaveInUse`` if another process holds the file, or if ``refuse(save)`` (run while
    the lock is held, so nobody writes in between) gives a reason not to write it.
    """
    save = Path(save)
    key = _key(save)
    with _GUARD:
        hold = _HOLDS.get(key)
        lock = _take(save) if hold is None else hold.lock
        try:
            problem = refuse(save) if refuse is not None else ""
        except BaseException:
            if hold is None:
                lock.release()
            raise
        if problem:
            if hold is None:
                lock.release()
            raise SaveInUse(problem)
        ref = weakref.ref(owner, functools.partial(_forget_owner, key))
        former: weakref.WeakSet[Any] = weakref.WeakSet(hold.former if hold else ())
        previous = hold.owner() if hold is not None else None
        if previous is not None and previous is not owner:
            former.add(previous)
        former.discard(owner)
        _HOLDS[key] = _Hold(lock, ref, former)


def release(save: Path, owner: object) -> None:
    """``owner`` stops writing ``save``; the lock goes if it was the writer."""
    key = _key(save)
    with _GUARD:
        hold = _HOLDS.get(key)
        if hold is not None and hold.owner() is owner:
            hold.lock.release()
            del _HOLDS[key]


def writes(save: Path, owner: object) -> bool:
    """True when ``owner`` holds ``save`` (claimed it and nobody took it over since)."""
    hold = _HOLDS.get(_key(save))
    return hold is not None and hold.owner() is owner


@contextmanager
def writing(
    save: Path,
    owner: object,
    refuse: Callable[[Path], str] | None = None,
) -> Iterator[None]:
    """Hold ``save`` for one write: ``owner``'s own claim, or the lock for a moment.

    Raises ``SaveInUse`` when another process or another game in this one writes the file
    (saying so when ``owner`` had claimed it and another game took it over since).
    ``refuse`` is checked only when the file was not already ``owner``'s.
    """
    key = _key(save)
    with _GUARD:
        hold = _HOLDS.get(key)
        if hold is not None and hold.owner() is None:  # its game is gone: the file is free
            _forget_owner(key, hold.owner)
            hold = None
        if hold is not None:
            if hold.owner() is not owner:
                raise _other_game(save, owner in hold.former)
            yield
            return
        lock = _take(save)
        try:
            problem = refuse(save) if refuse is not None else ""
            if problem:
                raise SaveInUse(problem)
            yield
        finally:
            lock.release()


@atexit.register
def _release_all() -> None:
    """Tidy the sidecar files at a normal exit (a crash leaves them, unlocked and harmless)."""
    with _GUARD:
        for hold in _HOLDS.values():
            hold.lock.release()
        _HOLDS.clear()


# ----- atomic writes and leftover temp files ------------------------------------------------
def save_text(save: Path, text: str) -> None:
    """Write ``text`` to ``save`` atomically: a hidden temp file, flushed, then renamed.

    The caller holds the file (``claim``/``writing``): only its writer makes temp files.
    """
    fd, tmp = tempfile.mkstemp(prefix=f".{save.name}.", suffix=".tmp", dir=save.parent)
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as fh:
            fh.write(text)
            fh.flush()
            os.fsync(fh.fileno())
        os.replace(tmp, save)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise


def remove_stale_temps(folder: str | os.PathLike[str], held: str | None = None) -> int:
    """Remove temp files that killed writers left in ``folder``; returns how many.

    A save's temp files are stale when nobody holds its lock (its writer holds it while it
    writes); ``held`` names a save whose lock the caller holds. Temp files from geoteach
    versions without the lock go once they are ``OLD_TEMP_AGE`` seconds old.
    """
    folder = Path(folder)
    stale: dict[str, list[Path]] = {}
    old: list[Path] = []
    try:
        entries = list(os.scandir(folder))
    except OSError:
        return 0
    for entry in entries:
        if not entry.name.endswith(".tmp"):
            continue
        match = _TEMP.match(entry.name)
        if match:
            stale.setdefault(match["name"], []).append(Path(entry.path))
        elif _OLD_TEMP.match(entry.name):
            old.append(Path(entry.path))
    removed = 0
    for name, temps in stale.items():
        if name == held:
            removed += _unlink_all(temps)
            continue
        save = folder / name
        if _key(save) in _HOLDS:  # this process writes it
            continue
        lock = _Lock(save)
        try:
            if not lock.acquire():  # a live writer in another process
                continue
        except OSError:  # a read-only folder: nothing can be removed anyway
            continue
        try:
            removed += _unlink_all(temps)
        finally:
            lock.release()
    now = time.time()
    for temp in old:
        try:
            if now - temp.stat().st_mtime > OLD_TEMP_AGE:
                temp.unlink()
                removed += 1
        except OSError:
            continue
    return removed


def _unlink_all(paths: list[Path]) -> int:
    gone = 0
    for path in paths:
        try:
            path.unlink()
            gone += 1
        except OSError:
            continue
    return gone
