"""The world map kept projected in data/built (issue 24) is the map projected today.

A student's kernel reads it instead of loading geopandas and PROJ (about 18 MB and 0.15 CPU-s a
kernel), and draws it from plain columns, without pandas. These tests fail when the map's data
or code changed and the file was not rebuilt, and show that a stale file is never drawn.
"""

from __future__ import annotations

import subprocess
import sys

import numpy as np
import pandas as pd
import shapely

from geoteach.data import built
from geoteach.render import world

REBUILD = "Rebuild the kept files: python scripts/build_banks.py"
NAME = world.KEPT[("110m", "equal-earth")]


def test_the_kept_map_is_current_and_equals_a_fresh_projection() -> None:
    text = built.read_bank(NAME, built.MAP_CODE)
    assert text is not None, f"data/built/{NAME}.json is missing or stale. {REBUILD}"
    fresh = world._project_world("110m", "equal-earth")
    assert text == world.world_json(fresh), f"data/built/{NAME}.json differs. {REBUILD}"
    kept = world.world_from_json(text)
    assert kept.codes == fresh.codes and kept.columns == fresh.columns
    assert list(kept.frame.columns) == list(fresh.frame.columns)
    pd.testing.assert_frame_equal(
        kept.frame.drop(columns="geometry"), pd.DataFrame(fresh.frame.drop(columns="geometry"))
    )
    shapes = np.asarray(kept.frame.geometry.values)
    assert shapely.equals_exact(shapes, np.asarray(fresh.frame.geometry.values), 0).all()
    assert np.array_equal(kept.anchors, fresh.anchors, equal_nan=True)
    assert shapely.equals_exact(kept.background, fresh.background, 0) and kept.crs == fresh.crs
    for mine, theirs in zip(kept.paths, fresh.paths, strict=True):
        assert np.array_equal(mine.vertices, theirs.vertices)
        assert np.array_equal(mine.codes, theirs.codes)


def test_a_changed_map_file_makes_the_kept_map_stale(kept_data_copy) -> None:
    assert built.read_bank(NAME, built.MAP_CODE) is not None
    kept_data_copy.edit("world_110m.geojson")
    assert built.read_bank(NAME, built.MAP_CODE) is None


def test_a_quiz_change_leaves_the_kept_map_fresh() -> None:
    """The map's digest covers the map's own code, not the question generators'."""
    assert "quiz" not in built.MAP_CODE and "render/world.py" in built.MAP_CODE
    assert built.inputs_digest(built.MAP_CODE) != built.inputs_digest()


def test_the_game_map_is_drawn_without_pandas_geopandas_or_proj() -> None:
    code = (
        "import sys; from geoteach.render.world import world_map_view;"
        "v = world_map_view(names=True); print('pandas' in sys.modules,"
        " 'geopandas' in sys.modules, 'pyproj' in sys.modules, v.crs, len(v.codes))"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    expected = ["False", "False", "False", "EPSG:8857", str(len(world.world_frame()))]
    assert out.stdout.split() == expected
