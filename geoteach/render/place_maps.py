"""A kind of map drawn once, with room for its key, and coloured by a value per place.

Every map of a ``geoteach.data.maps.MapKind`` that is coloured by numbers (the lesson report's,
the discussion questions', the data explorer's) is built here, so the U.S. map keeps the same
strip for its key under the states wherever it is shown.
"""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType
from typing import Any

import pandas as pd
from matplotlib.colors import Colormap

from geoteach._lazy import load
from geoteach.data.maps import MapKind, map_kind
from geoteach.render import palettes
from geoteach.render.choropleths import choropleth
from geoteach.render.mapview import MapView, new_figure

#: The drawing of each kind of map (``MapKind.key``): ``drawing(ax=..., **options) -> MapView``,
#: imported only when that map is drawn. The world without its numbers; the U.S. states with
#: their abbreviations.
DRAWINGS: Mapping[str, tuple[str, Mapping[str, Any]]] = MappingProxyType(
    {
        "world": ("geoteach.render.world:world_map_view", MappingProxyType({"numbers": False})),
        "us": ("geoteach.render.us:us_map_view", MappingProxyType({})),
    }
)


def place_map(
    kind: MapKind | str,
    *,
    figsize: tuple[float, float] | None = None,
    dpi: float = 100.0,
    interactive: bool = False,
) -> MapView:
    """The map of ``kind`` ("world", "us"), drawn once, leaving its key strip free under it.

    ``figsize`` is the kind's own unless given; ``interactive=True`` draws it on an ipympl
    canvas (see ``new_figure``).
    """
    kind = map_kind(kind)
    figure = new_figure(figsize or kind.figsize, dpi=dpi, interactive=interactive)
    ax = figure.add_axes((0.0, kind.key_strip, 1.0, 1.0 - kind.key_strip))
    drawing, options = DRAWINGS[kind.key]
    return load(drawing)(ax=ax, **options)


def colour_places(
    view: MapView,
    kind: MapKind | str,
    values: Mapping[str, Any] | pd.Series,
    cmap: str | Colormap = palettes.SEQUENTIAL,
    *,
    title: str = "",
    vmin: float | None = None,
    vmax: float | None = None,
) -> dict[str, Any]:
    """Colour ``view``, a map of ``kind``, by ``values`` (code -> number), its key in the
    kind's place (see ``choropleth``)."""
    return choropleth(
        view, values, cmap, title=title, vmin=vmin, vmax=vmax, key_box=map_kind(kind).key_box
    )
