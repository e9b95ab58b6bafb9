"""A saved lesson of every game resumes in a fresh Python, with nothing imported beforehand."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from geoteach.games.table import Table

GAMES = {
    "globalissimo": ("geoteach.games.globalissimo", "Globalissimo", 3),
    "geotriple": ("geoteach.games.geotriple", "GeoTriple", 2),
    "global_pursuit": ("geoteach.games.global_pursuit", "GlobalPursuit", 3),
    "geography_pursuit": ("geoteach.games.geography_pursuit", "GeographyPursuit", 3),
    "globe_works": ("geoteach.games.globe_works", "GlobeWorks", 3),
}


@pytest.mark.parametrize("name", sorted(GAMES))
def test_saved_game_loads_in_a_fresh_process(name: str, tmp_path: Path) -> None:
    module, cls_name, seats = GAMES[name]
    cls = getattr(__import__(module, fromlist=[cls_name]), cls_name)
    game = cls(Table.of(*[f"P{i}" for i in range(seats)]), seed=7)
    path = game.save(tmp_path / "lesson.json")
    code = (
        "import sys; from geoteach.games.base import Game; "
        f"g = Game.load({str(path)!r}); print(type(g).__name__, g.name)"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.split() == [cls_name, name]
