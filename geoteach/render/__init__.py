"""Drawing with matplotlib: the numbered world map, the U.S. map, highlights and choropleths.

Renderers take a state (or a player's view) and draw it; they never decide rules. A map is drawn
once (``world_map_view()``, ``us_map_view()``) and then only recoloured, outlined and labelled,
so a game UI can redraw after every move. Names load lazily so ``import geoteach`` stays fast.

Layer: under ``classroom``. May import ``bots``, ``games`` (to read a view's shapes and a
game's constants), ``store``, ``quiz``, ``data``, the top-level helpers and matplotlib; never
``classroom``, ``lessons`` or ``ui``.
"""

from __future__ import annotations

from geoteach._lazy import lazy_exports

_EXPORTS = {
    "MapView": "geoteach.render.mapview",
    "NotOnMapError": "geoteach.render.mapview",
    "new_figure": "geoteach.render.mapview",
    "to_png": "geoteach.render.mapview",
    "world_map_view": "geoteach.render.world",
    "world_frame": "geoteach.render.world",
    "split_at_antimeridian": "geoteach.render.world",
    "PROJECTIONS": "geoteach.render.world",
    "us_map_view": "geoteach.render.us",
    "us_frame": "geoteach.render.us",
    "choropleth": "geoteach.render.choropleths",
    "palettes": "geoteach.render.palettes",
}

__all__, __getattr__, __dir__ = lazy_exports(__name__, _EXPORTS)
