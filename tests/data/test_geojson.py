"""The committed maps read without GDAL give what ``geopandas.read_file`` gives (issue 24)."""

from __future__ import annotations

import subprocess
import sys

import geopandas as gpd
import pandas as pd
import pytest
import shapely

from geoteach.data import geojson
from geoteach.data._paths import data_dir, data_path

MAPS = sorted(p.name for p in data_dir().glob("*.geojson"))


def test_every_committed_map_is_compared() -> None:
    assert {"world_110m.geojson", "world_50m.geojson", "us_states_albers.geojson"} <= set(MAPS)


@pytest.mark.parametrize("name", MAPS)
def test_same_frame_as_read_file(name: str) -> None:
    ours = geojson.read_geojson(name)
    theirs = gpd.read_file(data_path(name))
    assert list(ours.columns) == list(theirs.columns)
    assert ours.crs == theirs.crs
    pd.testing.assert_frame_equal(ours.drop(columns="geometry"), theirs.drop(columns="geometry"))
    assert list(ours.geom_type) == list(theirs.geom_type)
    assert shapely.equals_exact(ours.geometry.values, theirs.geometry.values, tolerance=0).all()


def test_planar_layout_has_no_crs() -> None:
    assert geojson.read_geojson("us_states_albers.geojson", crs=None).crs is None


def test_a_broken_file_names_itself(tmp_path, monkeypatch) -> None:
    broken = tmp_path / "broken.geojson"
    broken.write_text('{"type": "FeatureCollection", "feat', encoding="utf-8")
    monkeypatch.setattr(geojson, "data_path", lambda name: broken)
    with pytest.raises(ValueError, match=r"data/broken\.geojson is not a GeoJSON"):
        geojson.read_geojson("broken.geojson")


def test_the_games_maps_load_no_gdal() -> None:
    """A student's kernel draws both maps without pyogrio (GDAL: about 50 MB each kernel)."""
    code = (
        "import sys, geoteach.data as d; d.world_map('110m'); d.us_map(insets=True);"
        "d.us_map(insets=False); print('pyogrio' in sys.modules, 'fiona' in sys.modules)"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.split() == ["False", "False"]
