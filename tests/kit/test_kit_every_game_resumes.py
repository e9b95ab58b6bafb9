"""A saved lesson of every game resumes in a fresh Python, with nothing imported beforehand."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from geoteach.games.registry import GAMES
from geoteach.games.table import Table


@pytest.mark.parametrize("name", sorted(GAMES))
def test_saved_game_loads_in_a_fresh_process(name: str, tmp_path: Path) -> None:
    cls = GAMES[name].engine_class
    cls_name = cls.__name__
    seats = min(3, cls.max_seats)
    game = cls(Table.of(*[f"P{i}" for i in range(seats)]), seed=7)
    path = game.save(tmp_path / "lesson.json")
    code = (
        "import sys; from geoteach.games.base import Game; "
        f"g = Game.load({str(path)!r}); print(type(g).__name__, g.name)"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.split() == [cls_name, name]
