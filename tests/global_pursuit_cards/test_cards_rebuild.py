"""The card drawings rebuild to the shipped bytes on any machine (issue 27).

What once depended on the machine: the solid's face centres and corners were matrix products
(``@``), which go to the BLAS library, whose kernels are chosen for the processor at run time
and may add in another order; trigonometry and projections may differ in the last bit too.
Those last bits changed which vertex GEOS started a ring at, the order of rings, and what the
simplification kept. Now the solid uses plain multiplies and adds, projected coordinates are
snapped to a 2**-32 grid before clipping, and the build writes every path's rings in a
canonical order (scripts/build_globe_cards.py). These tests rebuild into a copy (never into
data/) and check the result does not move when the machine or the input's last bits do.
"""

from __future__ import annotations

import hashlib
import importlib.util
import os
from pathlib import Path

import numpy as np
import pytest
import shapely

from geoteach.data import globe_cards as shipped
from geoteach.render import globe_card_layers as cardsets
from tests.rebuilds import ROOT, differing, rebuild, repository_copy

#: A card of each ring of the solid (north polar, north of the Equator, south polar).
SAMPLE_FACES = (1, 4, 10)


def _build_module():
    spec = importlib.util.spec_from_file_location(
        "build_globe_cards", ROOT / "scripts" / "build_globe_cards.py"
    )
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def _digest(build, faces=SAMPLE_FACES) -> str:
    """A digest of what the build would store for one card of each ring in every set."""
    h = hashlib.sha256()
    for set_name in cardsets.SETS:
        for face in faces:
            layers, areas, lines = build.card_paths(set_name, face)
            for runs, *style in areas + lines:
                h.update(repr(style).encode())
                for run in runs:
                    h.update(run.tobytes())
            places = [(build._r(x), build._r(y)) for x, y, *_ in layers.points + layers.labels]
            h.update(repr(places).encode())
    return h.hexdigest()


def _nudged(geom):
    """Every coordinate moved by one ulp, and a multipolygon's parts in reverse order."""
    geom = shapely.transform(geom, lambda xy: np.nextafter(xy, np.inf))
    if geom.geom_type == "MultiPolygon":
        return shapely.multipolygons(list(shapely.get_parts(geom))[::-1])
    return geom


def _clear_caches() -> None:
    for cached in (cardsets._world_50m, cardsets._land_lonlat, cardsets.card_layers):
        cached.cache_clear()


@pytest.mark.slow
def test_card_data_rebuild_is_byte_identical_on_this_and_another_blas(tmp_path: Path) -> None:
    copy = repository_copy(tmp_path)
    rebuild(copy, "build_globe_cards.py", "cards")
    assert differing(copy, [shipped.FILE]) == [], (
        f"data/{shipped.FILE} does not rebuild to the same bytes"
    )
    # Another processor's BLAS kernel (what the AMD EPYC machine of issue 27 had differently).
    other = {**os.environ, "OPENBLAS_CORETYPE": "Sandybridge"}
    rebuild(copy, "build_globe_cards.py", "cards", env=other)
    assert differing(copy, [shipped.FILE]) == [], "another BLAS kernel drew other cards"


@pytest.mark.slow
def test_inputs_moved_by_one_ulp_and_reordered_draw_the_same_cards(monkeypatch) -> None:
    build = _build_module()
    _clear_caches()
    before = _digest(build)
    world = cardsets._world_50m()
    moved = world.copy()
    moved["geometry"] = [_nudged(g) for g in world.geometry.values]
    assert not moved.geometry.geom_equals_exact(world.geometry, tolerance=0).all()
    monkeypatch.setattr(cardsets, "_world_50m", lambda: moved)
    cardsets._land_lonlat.cache_clear()
    cardsets.card_layers.cache_clear()
    try:
        assert _digest(build) == before
    finally:
        monkeypatch.undo()
        _clear_caches()
