"""Two states tables: the real one (geoteach.data) and a small made-up grid with known borders."""

from __future__ import annotations

import random

import pandas as pd
import pytest

from geoteach.games.geotriple.game import default_states


def real_states() -> pd.DataFrame:
    """The 50 states from geoteach.data, as the engine loads them by default."""
    return default_states()


def grid_states() -> pd.DataFrame:
    """50 made-up "states" (not facts): a 6 x 8 grid of squares plus two islands.

    Square (row r, column c) is G<r><c> and borders the squares left, right, above and below;
    I1 and I2 border nothing. Ranks are a seeded shuffle, so every category has ranks 1..50.
    """
    rng = random.Random(7)
    codes = [f"G{r}{c}" for r in range(6) for c in range(8)] + ["I1", "I2"]
    ranks = {cat: rng.sample(range(1, 51), 50) for cat in ("area", "statehood", "population")}
    rows = []
    for i, code in enumerate(codes):
        if code.startswith("G"):
            r, c = int(code[1]), int(code[2])
            steps = ((0, 1), (0, -1), (1, 0), (-1, 0))
            spots = [(r + dr, c + dc) for dr, dc in steps]
            near = [f"G{y}{x}" for y, x in spots if 0 <= y < 6 and 0 <= x < 8]
        else:
            r, c, near = -1, -1, []
        rows.append(
            {
                "usps": code,
                "name": f"Gridland {code}",
                "capital": f"Town {code}",
                "admitted": f"{1787 + 3 * ranks['statehood'][i]}-07-04",
                "statehood_rank": ranks["statehood"][i],
                "area_km2": 1000 * (51 - ranks["area"][i]),
                "area_rank": ranks["area"][i],
                "population": 1000 * (51 - ranks["population"][i]),
                "population_rank": ranks["population"][i],
                "region": ["North", "South"][r >= 3] if r >= 0 else "Islands",
                "division": f"Band {c // 2}" if c >= 0 else "Sea",
                "neighbours": "|".join(sorted(near)),
                "borders_canada": r == 0,
                "borders_mexico": r == 5,
                "coastline": c in (0, 7) or r < 0,
                "great_lakes": "Lake Grid" if (r, c) == (0, 3) else "",
                "time_zones": "EST" if c < 4 else "CST",
            }
        )
    return pd.DataFrame(rows).set_index("usps")


@pytest.fixture(scope="session")
def grid() -> pd.DataFrame:
    return grid_states()


@pytest.fixture(scope="session")
def states() -> pd.DataFrame:
    return real_states()
