"""The numbered world wall map, as on the Globalissimo board.

Every playable country carries its stable number from ``geoteach.data.world_map`` (the same number
in every game); tiny countries get a dot and a leader line. The projection is Equal Earth (or
Robinson): whole world, true areas, no giant Greenland. Polygons are split at the antimeridian and
clipped a hair inside ±180° before projecting, so Russia, Fiji and the USA draw no line across the
map. Projected geometry and label layout are cached per scale and projection; callers get copies.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from functools import cached_property, lru_cache
from typing import Any

import numpy as np
import shapely
from matplotlib.axes import Axes
from matplotlib.path import Path
from shapely.geometry.base import BaseGeometry

from geoteach.render import palettes
from geoteach.render.labels import Placement, label_points, place_labels, text_box
from geoteach.render.mapview import MapView, Shapes, add_text_layer, geometry_path

#: Wall-map projections by their everyday name.
PROJECTIONS = {"equal-earth": "EPSG:8857", "robinson": "ESRI:54030"}
SCALES = ("110m", "50m")
# Clip this far inside ±180° so no vertex sits exactly on the seam (PROJ would wrap 180.0000001°
# to the far side of the map).
_SEAM = 1e-6
# Densify long straight edges (Antarctica's coast on the seam) so they bend with the meridians.
_DENSIFY_DEG = 1.0


@dataclass(frozen=True)
class ProjectedWorld:
    """Everything a world map needs, computed once per (scale, projection).

    The table is kept plain (``codes``, ``columns``, ``shapes``), so a game draws its map
    without pandas (issue 24); ``frame`` is the same table as a DataFrame, made on first use
    (notebooks, lessons), or the GeoDataFrame it was projected as.
    """

    codes: tuple[str, ...]
    #: Each column's values in code order (None where missing), the geometry apart.
    columns: Mapping[str, tuple[Any, ...]]
    shapes: tuple[BaseGeometry, ...]
    paths: tuple[Path, ...]
    anchors: np.ndarray  # read-only label points in map units
    background: BaseGeometry  # the whole globe's outline, drawn as the sea
    crs: str
    #: How ``frame`` is laid out: the index's name, the columns' order (with the geometry)
    #: and their dtypes.
    layout: Mapping[str, Any]

    def column(self, name: str, default: Any = None) -> tuple[Any, ...]:
        """A column's values in code order (``default`` for each code without that column)."""
        return self.columns.get(name, (default,) * len(self.codes))

    @cached_property
    def frame(self) -> Any:
        """The table as a DataFrame with a ``geometry`` column (shared: copy it to change it)."""
        import pandas as pd

        index = pd.Index(self.codes, name=self.layout["index_name"])
        frame = pd.DataFrame(
            {
                column: pd.Series(values, index=index).astype(self.layout["dtypes"][column])
                for column, values in self.columns.items()
            },
            index=index,
        )
        frame["geometry"] = list(self.shapes)
        return frame[self.layout["order"]]

    @classmethod
    def of_frame(
        cls, frame: Any, paths: tuple[Path, ...], anchors: np.ndarray, background: Any, crs: str
    ) -> ProjectedWorld:
        """The projected world of a GeoDataFrame (kept as its ``frame``)."""
        geometry = frame.geometry.name
        columns = {
            str(column): tuple(None if _missing(v) else _plain(v) for v in frame[column].tolist())
            for column in frame.columns
            if column != geometry
        }
        layout = {
            "index_name": frame.index.name,
            "order": [str(column) for column in frame.columns],
            "dtypes": {column: str(frame[column].dtype) for column in columns},
        }
        world = cls(
            tuple(str(code) for code in frame.index),
            columns,
            tuple(frame.geometry.values),
            paths,
            anchors,
            background,
            crs,
            layout,
        )
        world.__dict__["frame"] = frame  # what ``frame`` would make, already made
        return world

    def shapes_for_view(self) -> Shapes:
        """What a ``MapView`` of this map draws."""
        return Shapes(self.codes, self.column("name"), self.shapes, self.crs)


def check_scale(scale: str) -> str:
    """The scale, or an error that lists the ones there are."""
    if scale not in SCALES:
        raise ValueError(f"The world map comes at scale '110m' or '50m', not {scale!r}.")
    return scale


def check_projection(projection: str) -> str:
    """The CRS for a projection name (or a CRS string passed through)."""
    if projection in PROJECTIONS:
        return PROJECTIONS[projection]
    from pyproj import CRS
    from pyproj.exceptions import CRSError

    try:
        CRS.from_user_input(projection)
    except CRSError:
        names = ", ".join(repr(p) for p in PROJECTIONS)
        raise ValueError(
            f"Unknown map projection {projection!r}: use {names} or a CRS such as 'EPSG:8857'."
        ) from None
    return projection


def split_at_antimeridian(geom: BaseGeometry) -> BaseGeometry:
    """Cut polygons whose rings jump across ±180° into an eastern and a western piece.

    Natural Earth already splits Russia and Fiji, but other sources (TopoJSON atlases) do not;
    a ring round a pole (Antarctica) jumps too but is left alone, as it is whole on the map.
    """
    if geom is None or geom.is_empty or geom.geom_type not in ("Polygon", "MultiPolygon"):
        return geom
    pieces: list[BaseGeometry] = []
    changed = False
    for poly in shapely.get_parts(geom):
        xy = np.asarray(poly.exterior.coords)
        jumps = np.nonzero(np.abs(np.diff(xy[:, 0])) > 180.0)[0]
        polar = len(jumps) and np.all(np.abs(xy[jumps, 1]) > 89.0)
        if not len(jumps) or polar:
            pieces.append(poly)
            continue
        changed = True
        shifted = shapely.transform(
            poly, lambda c: np.where(c[:, :1] < 0, c + np.array([360.0, 0.0]), c)
        )
        east = shapely.clip_by_rect(shifted, -180.0, -90.0, 180.0, 90.0)
        west = shapely.affinity.translate(
            shapely.clip_by_rect(shifted, 180.0, -90.0, 540.0, 90.0), xoff=-360.0
        )
        pieces += [p for p in shapely.get_parts([east, west]) if p.geom_type == "Polygon"]
    return shapely.MultiPolygon(pieces) if changed else geom


def _globe(crs: str) -> BaseGeometry:
    from pyproj import Transformer

    lo, hi = -180.0 + _SEAM, 180.0 - _SEAM
    lats = np.linspace(-90.0, 90.0, 181)
    lons = np.linspace(lo, hi, 361)
    ring = np.concatenate(
        [
            np.column_stack([np.full_like(lats, lo), lats]),
            np.column_stack([lons, np.full_like(lons, 90.0)]),
            np.column_stack([np.full_like(lats, hi), lats[::-1]]),
            np.column_stack([lons[::-1], np.full_like(lons, -90.0)]),
        ]
    )
    x, y = Transformer.from_crs("EPSG:4326", crs, always_xy=True).transform(ring[:, 0], ring[:, 1])
    return shapely.Polygon(np.column_stack([x, y]))


#: The world map every game draws, kept projected in data/built (``scripts/build_banks.py``):
#: a student's kernel reads it instead of loading geopandas and PROJ to project the shapes.
KEPT = {("110m", "equal-earth"): "world_110m_equal_earth"}


@lru_cache(maxsize=8)
def projected_world(scale: str = "110m", projection: str = "equal-earth") -> ProjectedWorld:
    """The world map in a wall-map projection, with paths and label points, cached.

    The game's map (110m, Equal Earth) is read from data/built while it is not stale (the
    same shapes to the last bit, see ``tests/render/test_kept_world.py``); the others are
    projected here. ``frame`` is then a plain DataFrame with a ``geometry`` column. Use
    :func:`world_frame` for a GeoDataFrame you may change.
    """
    from geoteach.data import built

    name = KEPT.get((scale, projection))
    text = built.read_bank(name, built.MAP_CODE) if name is not None else None
    if text is not None:
        return world_from_json(text)
    return _project_world(scale, projection)


def _project_world(scale: str, projection: str) -> ProjectedWorld:
    """The world map projected now, with geopandas and PROJ (see ``projected_world``)."""
    import geoteach.data

    crs = check_projection(projection)
    world = geoteach.data.world_map(check_scale(scale)).copy()
    lonlat = shapely.clip_by_rect(
        np.array([split_at_antimeridian(g) for g in world.geometry.values], dtype=object),
        -180.0 + _SEAM,
        -90.0,
        180.0 - _SEAM,
        90.0,
    )
    world = world.set_geometry(shapely.segmentize(lonlat, _DENSIFY_DEG), crs="EPSG:4326")
    frame = world.to_crs(crs)
    if {"label_lon", "label_lat"} <= set(world.columns):
        # The data's own label points (Natural Earth's hand-placed ones), projected.
        from pyproj import Transformer

        t = Transformer.from_crs("EPSG:4326", crs, always_xy=True)
        lon = world["label_lon"].to_numpy(dtype=float)
        lat = world["label_lat"].to_numpy(dtype=float)
        anchors = np.column_stack(t.transform(lon, lat))
        missing = ~np.all(np.isfinite(anchors), axis=1)
        if missing.any():
            anchors[missing] = label_points(frame.geometry.values[missing])
    else:
        anchors = label_points(frame.geometry.values)
    anchors.setflags(write=False)
    paths = tuple(geometry_path(g) for g in frame.geometry.values)
    return ProjectedWorld.of_frame(frame, paths, anchors, _globe(crs), crs)


def world_json(world: ProjectedWorld) -> str:
    """``world`` as the JSON text data/built keeps: its columns, its shapes as WKB, its label
    points and the globe's outline (``world_from_json`` reads it back, exactly)."""
    import json

    shapes = np.empty(len(world.shapes), dtype=object)
    shapes[:] = list(world.shapes)
    return json.dumps(
        {
            "crs": world.crs,
            "codes": list(world.codes),
            "index_name": world.layout["index_name"],
            "order": list(world.layout["order"]),
            "columns": {column: list(values) for column, values in world.columns.items()},
            "dtypes": dict(world.layout["dtypes"]),
            "shapes": [g.hex() for g in shapely.to_wkb(shapes)],
            "anchors": world.anchors.tolist(),
            "background": shapely.to_wkb(world.background, hex=True),
        },
        separators=(",", ":"),
    )


def _missing(value: Any) -> bool:
    import pandas as pd

    return value is None or value is pd.NA or (isinstance(value, float) and value != value)


def _plain(value: Any) -> Any:
    return value.item() if isinstance(value, np.generic) else value


def world_from_json(text: str) -> ProjectedWorld:
    """The world map kept by ``world_json``, plain (no pandas, no geopandas), its paths made
    again from the shapes."""
    import json

    kept = json.loads(text)
    shapes = tuple(shapely.from_wkb([bytes.fromhex(h) for h in kept["shapes"]]))
    anchors = np.asarray(kept["anchors"], dtype=float)
    anchors.setflags(write=False)
    paths = tuple(geometry_path(g) for g in shapes)
    background = shapely.from_wkb(kept["background"])
    layout = {key: kept[key] for key in ("index_name", "order", "dtypes")}
    columns = {column: tuple(values) for column, values in kept["columns"].items()}
    return ProjectedWorld(
        tuple(kept["codes"]), columns, shapes, paths, anchors, background, kept["crs"], layout
    )


def world_frame(scale: str = "110m", projection: str = "equal-earth") -> Any:
    """A copy of the projected world GeoDataFrame (safe to change; the cache is untouched)."""
    import geopandas as gpd

    world = projected_world(scale, projection)
    return gpd.GeoDataFrame(world.frame.copy(), geometry="geometry", crs=world.crs)


@lru_cache(maxsize=32)
def _number_layout(
    scale: str, projection: str, fontsize: float, upp: float, names: bool
) -> tuple[tuple[Placement, ...], tuple[Placement, ...]]:
    world = projected_world(scale, projection)
    playable = _playable(world)
    tiny = world.column("tiny", False)
    idx = np.nonzero(playable)[0]
    geoms = world.shapes
    codes = [world.codes[i] for i in idx]
    numbers_of = world.column("map_number")
    texts = [str(int(numbers_of[i])) for i in idx]
    # A country the data calls tiny is dotted even if its number would squeeze in.
    shapes = [shapely.Point() if tiny[i] else geoms[i] for i in idx]
    numbers = place_labels(
        codes,
        texts,
        shapes,
        world.anchors[idx],
        fontsize=fontsize,
        units_per_point=upp,
        land=list(geoms),
        frame=world.background,
    )
    if not names:
        return tuple(numbers), ()
    taken = [text_box(p.at, p.text, fontsize, upp) for p in numbers]
    inside = [p for p in numbers if p.inside]
    where = {c: k for k, c in enumerate(codes)}
    name_of = dict(zip(world.codes, world.column("name"), strict=True))
    below = np.array([(p.anchor[0], p.anchor[1] - 1.15 * fontsize * upp) for p in inside])
    name_placements = place_labels(
        [p.code for p in inside],
        [str(name_of[p.code]) for p in inside],
        [shapes[where[p.code]] for p in inside],
        below.reshape(-1, 2),
        fontsize=fontsize * 0.85,
        units_per_point=upp,
        leaders=False,
        taken=taken,
    )
    return tuple(numbers), tuple(name_placements)


def _playable(world: ProjectedWorld) -> np.ndarray:
    """Which shapes are played (all, for a map without a ``playable`` column)."""
    return np.array([bool(v) for v in world.column("playable", True)], dtype=bool)


def world_map_view(
    scale: str = "110m",
    *,
    projection: str = "equal-earth",
    numbers: bool = True,
    names: bool = False,
    ax: Axes | None = None,
    figsize: tuple[float, float] = (12.0, 6.1),
    dpi: float = 100.0,
    fontsize: float = 5.5,
    interactive: bool = False,
) -> MapView:
    """The numbered world map, ready for ``highlight``, ``feature_at`` and ``on_pick``.

    Playable countries are land-coloured and numbered; territories that are not played
    (Greenland, Antarctica, Western Sahara...) are grey, unnumbered and not clickable.
    ``names=True`` also writes names where they fit inside the country.
    """
    world = projected_world(scale, projection)
    playable = _playable(world)
    colours = {
        code: (palettes.LAND if ok else palettes.NOT_PLAYED)
        for code, ok in zip(world.codes, playable, strict=True)
    }
    view = MapView(
        world.shapes_for_view(),
        ax=ax,
        figsize=figsize,
        dpi=dpi,
        interactive=interactive,
        colours=colours,
        pickable=[c for c, ok in zip(world.codes, playable, strict=True) if ok],
        paths=world.paths,
        anchors=world.anchors,
        background=world.background,
    )
    if numbers or names:
        upp = round(view.units_per_point(), 3)
        number_marks, name_marks = _number_layout(
            scale, projection, float(fontsize), upp, bool(names)
        )
        if numbers:
            view.add_numbers(number_marks, fontsize=fontsize)
        view.written_names.update({p.code: p for p in name_marks})
        if name_marks:
            add_text_layer(
                view.ax,
                name_marks,
                fontsize=fontsize * 0.85,
                weight="normal",
                layer=view.fixed_labels,
            )
    return view
