"""The committed GeoJSON maps, read without GDAL.

``geopandas.read_file`` goes through pyogrio, which loads GDAL: about 50 MB more in every
student's kernel (issue 24), for files that are plain GeoJSON written by our own build scripts.
Here the file is parsed with the standard library and its features turned into a GeoDataFrame by
geopandas itself (``GeoDataFrame.from_features``, through shapely), which gives the same columns,
the same dtypes and the same coordinates to the last bit as ``read_file`` on these files
(``tests/data/test_geojson.py`` compares the two). The build scripts, which read shapefiles,
still use ``read_file``.
"""

from __future__ import annotations

import json
from typing import Any

from geoteach.data._paths import data_path

#: What RFC 7946 says every GeoJSON file is in (and what ``read_file`` reports for ours).
LONLAT = "EPSG:4326"


def _features(name: str) -> list[dict[str, Any]]:
    """The features of ``data/<name>``, or an error that names the file."""
    try:
        features = json.loads(data_path(name).read_text(encoding="utf-8"))["features"]
        if not isinstance(features, list):
            raise TypeError("its features are not a list")
    except (ValueError, KeyError, TypeError) as exc:
        raise ValueError(f"data/{name} is not a GeoJSON feature collection: {exc}") from None
    return features


def read_geojson(name: str, *, crs: str | None = LONLAT) -> Any:
    """The features of ``data/<name>`` as a GeoDataFrame, its columns in the file's order.

    ``crs=None`` leaves the frame without a CRS (planar layouts such as the U.S. insets,
    which are picture units): then pyproj is not loaded either.
    """
    import geopandas as gpd

    features = _features(name)
    columns: dict[str, None] = {}
    for feature in features:
        columns.update(dict.fromkeys(feature.get("properties") or {}))
    return gpd.GeoDataFrame.from_features(features, crs=crs, columns=[*columns, "geometry"])


def read_features(name: str) -> tuple[list[dict[str, Any]], list[Any]]:
    """``data/<name>``'s features in the file's order, with no geopandas: their properties, and
    their shapes as ``read_geojson`` makes them (shapely's ``shape``). For drawings that need
    a few columns and the shapes: a student's kernel then loads neither geopandas nor PROJ."""
    from shapely.geometry import shape

    features = _features(name)
    try:
        return (
            [dict(f.get("properties") or {}) for f in features],
            [shape(f["geometry"]) for f in features],
        )
    except (KeyError, TypeError, AttributeError, ValueError) as exc:
        raise ValueError(f"data/{name} is not a GeoJSON feature collection: {exc}") from None


def read_shapes(name: str, key: str) -> dict[str, Any]:
    """``data/<name>``'s shapes by their property ``key``, sorted by it (``read_features``)."""
    properties, shapes = read_features(name)
    try:
        return dict(sorted((str(p[key]), g) for p, g in zip(properties, shapes, strict=True)))
    except KeyError:
        raise ValueError(f"data/{name} has a feature with no {key!r}.") from None
