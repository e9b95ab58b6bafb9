"""Each game's handouts, written as PDF files into a folder a teacher can open and print.

``write_handouts("globalissimo")`` writes the game's handouts and returns a table of the files
(where it is, what it is for). Each game's handouts are listed by the ``handouts`` function of
its lessons module (``geoteach.lessons.globalissimo.handouts``...), which the game's entry in
``geoteach.lessons.registry`` names; this module only writes them. The folder is ``handouts/``
next to the notebook, or the environment variable ``GEOTEACH_HANDOUTS`` (the test suite points
it at a temporary folder).
"""

from __future__ import annotations

import os
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pandas as pd

from geoteach.i18n import _, list_words

#: Where handouts go when no folder is given (see ``handout_folder``).
FOLDER_VARIABLE = "GEOTEACH_HANDOUTS"


@dataclass(frozen=True)
class Handout:
    """One PDF: its file name, what a teacher does with it (in the page's language: each game's
    ``handouts`` words it when it lists them), and the function that writes it."""

    file: str
    purpose: str
    write: Callable[..., Any]


def handout_folder() -> Path:
    """``$GEOTEACH_HANDOUTS`` if set, else ``handouts/`` in the current folder (the notebook's)."""
    return Path(os.environ.get(FOLDER_VARIABLE) or Path.cwd() / "handouts").expanduser()


def handouts(game: str, **choices: Any) -> list[Handout]:
    """The handouts of ``game`` for these choices (see ``write_handouts``).

    Which function lists a game's handouts is said by its entry in ``geoteach.lessons.registry``.
    """
    from geoteach._lazy import load
    from geoteach.lessons.registry import LESSONS

    if game not in LESSONS:
        raise ValueError(
            _("There are handouts for {games}, not for {game}.").format(
                games=list_words(list(LESSONS), last="and"), game=repr(game)
            )
        )
    return load(LESSONS[game].handouts)(**choices)


def write_handouts(
    game: str, folder: str | Path | None = None, paper: str = "A4", **choices: Any
) -> pd.DataFrame:
    """Write the handouts of ``game`` as PDFs into ``folder`` and list them.

    ``paper`` is ``"A4"`` or ``"Letter"`` (Global Pursuit's cards and nets are A4 only).
    ``choices`` per game: Globalissimo ``players`` (names on the score sheet) and ``rounds``;
    Global Pursuit ``sets`` (which card sets); Geography Pursuit ``deck`` (``"built-in"`` or
    a deck CSV), ``count`` and ``level``.
    """
    from geoteach.lessons.printing import Paper

    Paper.named(paper)  # a wrong paper name is said before anything is written
    where = Path(folder).expanduser() if folder is not None else handout_folder()
    where.mkdir(parents=True, exist_ok=True)
    rows = []
    for item in handouts(game, **choices):
        path = where / item.file
        item.write(path, paper=paper)
        rows.append({_("file"): str(path), _("what it is"): item.purpose})
    return pd.DataFrame(rows)
