"""Colours every student can tell apart, including those with a colour-vision deficiency.

Categories (players, teams, continents) use the Okabe–Ito palette (Okabe & Ito 2008, "Color
Universal Design"); statistics use perceptually uniform matplotlib maps (viridis, cividis) that stay
readable in grey and for red–green colour blindness.
"""

from __future__ import annotations

from geoteach.games.table import SEAT_COLOURS

#: The eight Okabe–Ito colours, in the order of their paper: black, orange, sky blue, bluish green,
#: yellow, blue, vermillion, reddish purple.
OKABE_ITO: tuple[str, ...] = (
    "#000000",
    "#E69F00",
    "#56B4E9",
    "#009E73",
    "#F0E442",
    "#0072B2",
    "#D55E00",
    "#CC79A7",
)

#: Categorical colours for map groups: the seat colours first (so player 1 is the same blue on
#: the map as at the table), then the rest of Okabe–Ito. Black is left out: it outlines.
CATEGORICAL: tuple[str, ...] = tuple(SEAT_COLOURS) + tuple(
    c for c in OKABE_ITO if c not in SEAT_COLOURS and c != "#000000"
)

#: Sequential map for statistics (low to high).
SEQUENTIAL = "viridis"
#: Sequential map that also reads well for blue–yellow deficiencies and in grey print.
SEQUENTIAL_PRINT = "cividis"
#: Diverging map for values around a middle (above or below the world average).
DIVERGING = "PuOr"

#: Map furniture: pale enough that highlights and numbers stand out.
OCEAN = "#dcecf5"
LAND = "#f3eee2"
NOT_PLAYED = "#c9c9c9"
BORDER = "#6f6f6f"
NO_DATA = "#e3e3e3"
#: The default highlight: Okabe–Ito orange, visible on land, sea and grey.
HIGHLIGHT = "#E69F00"
OUTLINE = "#000000"
TEXT = "#1a1a1a"


def text_on(fill: str) -> str:
    """Black or white text, whichever reads better on ``fill`` (a Globe Works region's colour).

    Weighted by how bright the eye sees red, green and blue (ITU-R BT.601 luma).
    """
    from matplotlib.colors import to_rgb

    r, g, b = to_rgb(fill)
    return "#000000" if 0.299 * r + 0.587 * g + 0.114 * b > 0.5 else "#ffffff"
