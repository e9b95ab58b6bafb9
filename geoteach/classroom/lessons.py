"""Opening a class's record: the file the teacher named, the server's, or a demo to try."""

from __future__ import annotations

import os

from geoteach.store.lesson_record import RECORD_ENV, Lesson, RecordError, configured_path


def open_lesson(path: str | os.PathLike[str] | None = None, *, demo: bool = False) -> Lesson:
    """The record at ``path`` (created if new); without one, ``$GEOTEACH_LESSON_RECORD``.

    With neither, ``demo=True`` builds a demo record of a short computer-played lesson in a
    temporary folder (so the report can be tried before any class has played), and without
    ``demo`` a ``RecordError`` says how to name the file.

    ``path="service"`` is the class games' record, which only the class service may open: a
    copy comes to the teacher (the teacher's credential of this server, or the hub's login of
    a teacher); anyone else is refused.
    """
    if str(path) == "service":
        from geoteach.classroom.recorder import open_record
        from geoteach.classroom.remote import fetch_record

        return open_record(fetch_record())
    chosen = path if path not in (None, "") else configured_path()
    if chosen is not None:
        from geoteach.classroom.recorder import open_record

        return open_record(chosen)
    if demo:
        from geoteach.classroom.demo import demo_record

        return demo_record()
    raise RecordError(
        f"No record file is named. Give its path, e.g. open_lesson('records/7B.sqlite'), or set "
        f"the environment variable {RECORD_ENV} for the whole server."
    )
