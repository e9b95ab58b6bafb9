"""Drawing for the Global Pursuit screen, from a player's view: the joint, the ghost, the scale.

The cards themselves, the table from above and the joints up close are drawn by
``geoteach.render.globe_cards``; this module turns what the screen knows (a view's ``table``
and ``bounds``, the place and card chosen) into what those pictures need, and keeps the
matplotlib details (dpi, click points) out of the screen. Nothing here decides a rule: where a
card would lie and which cards it touches come from ``Layout``, the engine's geometry.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, cast

import numpy as np
from matplotlib.figure import Figure

from geoteach.games.global_pursuit.layout import LaidCard, Layout, corners
from geoteach.render.globe_cards import SlotMark, joint_figure
from geoteach.render.mapview import to_png


def table_layout(view: Mapping[str, Any]) -> Layout:
    """The cards on the table of ``view`` as a ``Layout`` (the view's own copy stays as it is)."""
    return Layout([cast(LaidCard, dict(c)) for c in view["table"]], bounds=view["bounds"])


def joint_picture(
    view: Mapping[str, Any], maps: bool = True, panel_px: int = 270
) -> tuple[bytes, int]:
    """The card just laid and each card it touches, joint by joint, up close: the PNG (empty
    when it touches nothing) and how many joints it shows (the picture is that many panels)."""
    cards = view["table"]
    layout = table_layout(view)
    last = len(cards) - 1
    whole, partial = layout.touching_laid(last)
    joints = [(last, c.slot_edge, c.index, c.edge) for c in (*whole, *partial)]
    figure = joint_figure(cards, joints, maps=maps, panel_px=panel_px)
    return (to_png(figure) if joints else b""), len(joints)


def ghost_card(
    layout: Layout, marks: Sequence[SlotMark], card: str, at: Sequence[int], touching: int
) -> dict[str, Any] | None:
    """Where ``card`` would lie on the place ``at`` (one of ``marks``), turned so its edge
    ``touching`` (0-4) lies against the open edge: ``{"card", "x", "y", "turn"}``, or None when
    ``at`` is not a numbered place."""
    mark = next((m for m in marks if (m.index, m.edge) == tuple(at)), None)
    if mark is None:
        return None
    slot = layout.slot(mark.index, mark.edge)
    turn = (slot.turn0 - 2 * int(touching)) % 10
    return {"card": card, "x": slot.x, "y": slot.y, "turn": turn}


def ghost_corners(ghost: Mapping[str, Any]) -> np.ndarray:
    """The five corners of a ghost card on the table."""
    return np.array(corners(ghost["x"], ghost["y"], ghost["turn"]))


def near_edge(shape: np.ndarray, edge: int, inset: float = 0.12) -> tuple[float, float]:
    """A point just inside the middle of ``edge`` of a card with corners ``shape``: where a
    click chooses that edge."""
    mid = (shape[edge] + shape[(edge + 1) % 5]) / 2
    point = mid + inset * (shape.mean(axis=0) - mid)
    return float(point[0]), float(point[1])


def edge_points(shape: np.ndarray, name: str) -> dict[str, tuple[float, float]]:
    """Where to click beside each edge of a card: ``{"<name> edge 1": (x, y), ...}``."""
    return {f"{name} edge {k + 1}": near_edge(shape, k) for k in range(5)}


def scale_figure(figure: Figure, scale: float) -> None:
    """Draw ``figure`` at ``scale`` times 100 dpi: larger, its text and lines as well.

    On a live canvas the new size goes to the browser; the canvas's device pixel ratio (a
    high-density screen doubles the dpi) is kept, and so is the new dpi if the ratio changes.
    """
    ratio = float(getattr(figure.canvas, "device_pixel_ratio", 1.0) or 1.0)
    # What matplotlib multiplies by a new pixel ratio: private, so not in its stubs.
    figure._original_dpi = 100.0 * scale  # type: ignore[attr-defined]  # private, see above
    figure.set_dpi(100.0 * scale * ratio)
