"""Colour a drawn map by a statistic or a grouping, with a key a student can read.

Recolours the existing artists of a :class:`MapView` (no re-plot). Numbers get a colour bar in a
colour-blind-safe sequential map; groups (continents, teams) get Okabe–Ito colours and a legend.
Features the data has no value for are grey and hatched, and the key says "no data".
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import pandas as pd
from matplotlib import colormaps
from matplotlib.cm import ScalarMappable
from matplotlib.colors import Colormap, Normalize
from matplotlib.patches import Patch

from geoteach.escape import plot_text
from geoteach.i18n import _
from geoteach.render import palettes
from geoteach.render.mapview import MapView

#: Where the key sits, in axes fractions (x, y, width, height): low and right, over the sea on
#: both the world map (South Pacific) and the U.S. map (Gulf / Atlantic).
KEY_BOX = (0.66, 0.06, 0.3, 0.025)
#: Each kind of map has its own (``geoteach.data.maps``: ``MapKind.key_box``, ``key_strip``).


def choropleth(
    view: MapView,
    values: Mapping[str, Any] | pd.Series,
    cmap: str | Colormap = palettes.SEQUENTIAL,
    *,
    title: str = "",
    vmin: float | None = None,
    vmax: float | None = None,
    key_box: tuple[float, float, float, float] = KEY_BOX,
) -> dict[str, Any]:
    """Colour ``view``'s features by ``values`` (code -> number, or code -> group name).

    Only the features a player can pick are coloured; the rest keep their resting colour.
    Returns the colour each coloured feature got (code -> RGBA), for the UI's own key.
    """
    series = pd.Series(values, dtype=object) if not isinstance(values, pd.Series) else values
    series = series.rename(index=lambda c: view.code_of(str(c)))
    series = series[~series.index.duplicated(keep="last")]
    targets = [c for c in view.codes if c in view.pickable]
    present = series.reindex(targets)
    missing = [c for c in targets if _is_missing(present.get(c))]
    known = present.drop(index=missing)

    view.remove_key()
    numeric = pd.to_numeric(known, errors="coerce")
    if len(known) and numeric.notna().all():
        colours = _numeric(view, numeric.astype(float), cmap, title, vmin, vmax, key_box)
    else:
        colours = _groups(view, known.astype(str), title, missing=bool(missing))
    nodata = dict.fromkeys(missing, palettes.NO_DATA)
    view.set_colours({**colours, **nodata})
    view.hatch(missing)
    if missing and view.colorbar is not None:
        # The colour bar cannot hold a "no data" swatch, so a one-line legend sits under it.
        view.legend = view.ax.legend(
            handles=[_no_data_patch()],
            loc="lower right",
            bbox_to_anchor=(key_box[0] + key_box[2], 0.0),
            frameon=False,
            fontsize=7,
        )
    return colours


def _numeric(view, numeric, cmap, title, vmin, vmax, key_box) -> dict[str, Any]:
    cmap = colormaps[cmap] if isinstance(cmap, str) else cmap
    lo = float(numeric.min()) if vmin is None else vmin
    hi = float(numeric.max()) if vmax is None else vmax
    norm = Normalize(vmin=lo, vmax=hi if hi > lo else lo + 1.0)
    colours = {code: cmap(norm(v)) for code, v in numeric.items()}
    cax = view.ax.inset_axes(key_box)
    view.colorbar = view.figure.colorbar(
        ScalarMappable(norm=norm, cmap=cmap), cax=cax, orientation="horizontal"
    )
    view.colorbar.ax.tick_params(labelsize=7)
    if title:
        view.colorbar.ax.set_title(plot_text(title), fontsize=8)
    return colours


def _groups(view, groups, title, missing: bool) -> dict[str, Any]:
    names = sorted(groups.unique())
    if len(names) > len(palettes.CATEGORICAL):
        raise ValueError(
            f"A map can show at most {len(palettes.CATEGORICAL)} groups in colours that everyone "
            f"can tell apart, not {len(names)}: group them further or use a number."
        )
    colour_of = dict(zip(names, palettes.CATEGORICAL, strict=False))
    handles: list[Patch] = [
        Patch(facecolor=colour_of[n], edgecolor=palettes.BORDER, label=plot_text(n)) for n in names
    ]
    if missing:
        handles.append(_no_data_patch())
    view.legend = view.ax.legend(
        handles=handles,
        loc="lower left",
        title=plot_text(title) if title else None,
        fontsize=7,
        title_fontsize=8,
    )
    return {code: colour_of[g] for code, g in groups.items()}


def _no_data_patch() -> Patch:
    return Patch(facecolor=palettes.NO_DATA, edgecolor=palettes.BORDER, hatch="/////",
                 label=_("no data"))  # fmt: skip


def _is_missing(value: Any) -> bool:
    if value is None:
        return True
    try:
        return bool(pd.isna(value))
    except (TypeError, ValueError):
        return False
