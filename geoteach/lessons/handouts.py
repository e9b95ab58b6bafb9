"""Each game's handouts, written as PDF files into a folder a teacher can open and print.

``write_handouts("globalissimo")`` writes the game's handouts and returns a table of the files
(where it is, what it is for). The folder is ``handouts/`` next to the notebook, or the
environment variable ``GEOTEACH_HANDOUTS`` (the test suite points it at a temporary folder).
"""

from __future__ import annotations

import os
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pandas as pd

#: Where handouts go when no folder is given (see ``handout_folder``).
FOLDER_VARIABLE = "GEOTEACH_HANDOUTS"


@dataclass(frozen=True)
class Handout:
    """One PDF: its file name, what a teacher does with it, and the function that writes it."""

    file: str
    purpose: str
    write: Callable[..., Any]


def handout_folder() -> Path:
    """``$GEOTEACH_HANDOUTS`` if set, else ``handouts/`` in the current folder (the notebook's)."""
    return Path(os.environ.get(FOLDER_VARIABLE) or Path.cwd() / "handouts").expanduser()


def _globalissimo(players: Sequence[str] = (), rounds: int = 10, **_: Any) -> list[Handout]:
    from geoteach.lessons import globalissimo as g

    return [
        Handout(
            "globalissimo_world_map.pdf",
            "the numbered world map for hurdle A (whole world, then Europe, Central America and "
            "the Middle East larger), and the numbers' key for the teacher (last page)",
            g.world_map_pdf,
        ),
        Handout(
            "globalissimo_score_sheet.pdf",
            "a score sheet: places put, points and hurdles, round by round",
            lambda path, paper: g.score_sheet_pdf(path, players, rounds, paper),
        ),
    ]


def _geotriple(**_: Any) -> list[Handout]:
    from geoteach.lessons import geotriple as g

    return [
        Handout(
            "geotriple_state_cards.pdf",
            "the 50 state cards with their size, statehood and population ranks",
            g.state_cards_pdf,
        )
    ]


def _global_pursuit(sets: Sequence[str] = ("planet_earth",), **_: Any) -> list[Handout]:
    from geoteach.games.global_pursuit.layout import SET_NAMES
    from geoteach.render.globe_cards import cards_pdf, net_pdf

    unknown = [s for s in sets if s not in SET_NAMES]
    if unknown:
        raise ValueError(
            f"There is no card set {unknown[0]!r}. The sets are: {', '.join(SET_NAMES)}."
        )
    out = [
        Handout(
            "global_pursuit_cards.pdf",
            f"the map cards of {', '.join(SET_NAMES[s] for s in sets)}, six to a page, with "
            "their edge numbers (A4)",
            lambda path, paper: cards_pdf(str(path), list(sets)),
        )
    ]
    for name in sets:
        out.append(
            Handout(
                f"global_pursuit_net_{name}.pdf",
                f"the globe net of {SET_NAMES[name]}: cut out, fold and glue a dodecahedron (A4)",
                lambda path, paper, name=name: net_pdf(name, str(path)),
            )
        )
    return out


def _geography_pursuit(
    deck: Any = "built-in", count: int = 36, level: int | None = None, **_: Any
) -> list[Handout]:
    from geoteach.lessons import geography_pursuit as g

    return [
        Handout(
            "geography_pursuit_question_cards.pdf",
            "question cards, each page followed by its answers for the back of the sheet",
            lambda path, paper: g.question_cards_pdf(
                path, deck, count=count, level=level, paper=paper
            ),
        )
    ]


def _globe_works(**_: Any) -> list[Handout]:
    from geoteach.lessons import globe_works as g

    return [
        Handout(
            "globe_works_map_and_scores.pdf",
            "the region map with all 18 linking cities, then the scoring table and the "
            "linking cities' regions",
            g.globe_works_pdf,
        )
    ]


GAMES: dict[str, Callable[..., list[Handout]]] = {
    "globalissimo": _globalissimo,
    "geotriple": _geotriple,
    "global_pursuit": _global_pursuit,
    "geography_pursuit": _geography_pursuit,
    "globe_works": _globe_works,
}


def handouts(game: str, **choices: Any) -> list[Handout]:
    """The handouts of ``game`` for these choices (see ``write_handouts``)."""
    if game not in GAMES:
        raise ValueError(f"There are handouts for {', '.join(GAMES)}, not for {game!r}.")
    return GAMES[game](**choices)


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
        rows.append({"file": str(path), "what it is": item.purpose})
    return pd.DataFrame(rows)
