"""The Globe Works screen reads the game only through its public API: never ``game.state`` nor
a private attribute of the game (``game._...``), in any module of ``geoteach/ui/globe_works/``."""

from __future__ import annotations

import re
from pathlib import Path

import geoteach.ui.globe_works as package

SOURCES = sorted(Path(package.__file__).parent.glob("*.py"))
BACK_DOOR = re.compile(r"\bgame\.(state\b|_\w+)|\bgame\)?\[")


def test_the_screen_sources_never_read_the_games_state_or_private_attributes() -> None:
    assert len(SOURCES) >= 3
    found = [
        f"{path.name}:{n}: {line.strip()}"
        for path in SOURCES
        for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1)
        if BACK_DOOR.search(line)
    ]
    assert found == []


def test_the_check_finds_a_back_door() -> None:
    assert BACK_DOOR.search("hands = self.game.state['hands']")
    assert BACK_DOOR.search("self.game._phase")
    assert not BACK_DOOR.search("self.game.view(None)['hand']")
