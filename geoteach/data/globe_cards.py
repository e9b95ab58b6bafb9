"""The shipped drawings of the 48 Global Pursuit map cards: data/globe_cards.npz.

``scripts/build_globe_cards.py`` projects and clips the world onto every card once (the slow
part: seconds per card) and stores the result here in each card's own pentagon coordinates
(edge length 1, edge 0 on top, see ``geoteach.games.global_pursuit.dodecahedron``). Loading the
whole box takes milliseconds; drawing a card then needs no projection, clipping or shapely.

File layout (a NumPy .npz, written with fixed dates so a rebuild gives the same bytes):

- ``xy``: int16 (n, 2), every vertex of every card, in units of ``1 / STEPS`` card edge, each
  stored as the step from the vertex before it (steps compress better than places);
- ``codes``: uint8 (n,), matplotlib path codes (``MOVETO``, ``LINETO``, ``CLOSEPOLY``);
- ``meta``: the UTF-8 bytes of a JSON object ``{"cards": [...]}``, one entry per card in the
  order of the four sets (rulebook order) and faces 0-11, with its ``set``, ``face``, ``ocean``
  colour, ``corners``, whether it shows the ``relief`` image, ``areas`` ``[start, stop,
  facecolour, edgecolour, width]`` and ``lines`` ``[start, stop, colour, width, dash]`` (vertex
  ranges of ``xy``), ``points`` ``[x, y, marker, colour, size, edgecolour]``, ``labels``
  ``[x, y, key, size, colour, style]`` and ``legend`` rows ``[key, marker, colour, dash]``;
  and ``inputs``: the SHA-256 of each file of ``CARD_INPUTS`` it was made from.

A label or legend row holds a key ("country:FRA", "product:oil"), not words: the file is the
same for every language, and ``geoteach.render.globe_card_words`` words a card in the page's
language when it is drawn.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from functools import cache
from typing import Any

import numpy as np

from geoteach.data._paths import data_path

FILE = "globe_cards.npz"
#: The committed files the card drawings are made from (their SHA-256 is kept in the file).
CARD_INPUTS = (
    "world_50m.geojson",
    "countries.csv",
    "globe_cities.csv",
    "globe_continents.csv",
    "globe_features.csv",
    "globe_lakes.geojson",
    "explorer_routes.csv",
    "country_products.csv",
)
#: The Planet Earth relief: 12 tiles of Natural Earth I colours, one per card, in a 4 x 3 mosaic.
RELIEF_FILE = "globe_relief.png"
#: Half-width of the square (card units) that a card's relief tile covers.
RELIEF_HALF = 0.86
#: Vertex units per card edge (a card reaches 0.86 from its centre: 14,000 units).
STEPS = 16384
#: matplotlib.path.Path codes, spelled out so the loader needs no matplotlib.
MOVETO, LINETO, CLOSEPOLY = 1, 2, 79


class UnknownCardError(LookupError):
    """A set name or face number that is not one of the 48 map cards."""


@dataclass(frozen=True)
class CardArt:
    """Everything printed on one map card, in its own coordinates, ready to draw.

    ``areas`` are ``(vertices, codes, facecolour, edgecolour, width)``, one compound path each;
    ``lines`` are ``(vertices, codes, colour, width, dash)``.
    """

    set_name: str
    face: int
    ocean: str
    corners: np.ndarray
    relief: bool
    areas: tuple[tuple[np.ndarray, np.ndarray, str, str, float], ...]
    lines: tuple[tuple[np.ndarray, np.ndarray, str, float, str], ...]
    points: tuple[tuple[float, float, str, str, float, str], ...]
    labels: tuple[tuple[float, float, str, float, str, str], ...]
    legend: tuple[tuple[str, str, str, str], ...]


@cache
def _box() -> tuple[np.ndarray, np.ndarray, dict[tuple[str, int], dict[str, Any]]]:
    with np.load(data_path(FILE), allow_pickle=False) as archive:
        xy = np.cumsum(archive["xy"], axis=0, dtype=np.int32) / STEPS
        codes = archive["codes"]
        meta = json.loads(archive["meta"].tobytes().decode("utf-8"))
    return xy, codes, {(c["set"].lower(), int(c["face"])): c for c in meta["cards"]}


def made_from() -> dict[str, str]:
    """SHA-256 of each committed file the card drawings were made from, when they were made."""
    with np.load(data_path(FILE), allow_pickle=False) as archive:
        return dict(json.loads(archive["meta"].tobytes().decode("utf-8"))["inputs"])


def card_sets() -> tuple[str, ...]:
    """The four set names as printed on the cards, in the rulebook's order."""
    return tuple(dict.fromkeys(card["set"] for card in _box()[2].values()))


@cache
def card_art(set_name: str, face: int) -> CardArt:
    """One card's drawing (cached: the arrays are views into the loaded box, never copied)."""
    xy, codes, cards = _box()
    entry = cards.get((str(set_name).strip().lower(), face if isinstance(face, int) else -1))
    if entry is None:
        raise UnknownCardError(
            f"There is no map card {set_name!r} {face!r}: the sets are "
            f"{', '.join(card_sets())} and the cards of a set are numbered 0 to 11 inside."
        )
    return CardArt(
        set_name=entry["set"],
        face=int(entry["face"]),
        ocean=entry["ocean"],
        corners=np.asarray(entry["corners"], dtype=float),
        relief=bool(entry["relief"]),
        areas=tuple((xy[a:b], codes[a:b], fc, ec, lw) for a, b, fc, ec, lw in entry["areas"]),
        lines=tuple((xy[a:b], codes[a:b], c, lw, d) for a, b, c, lw, d in entry["lines"]),
        points=tuple(tuple(p) for p in entry["points"]),
        labels=tuple(tuple(label) for label in entry["labels"]),
        legend=tuple(tuple(row) for row in entry["legend"]),
    )


@cache
def _relief_mosaic() -> np.ndarray:
    from PIL import Image

    with Image.open(data_path(RELIEF_FILE)) as image:
        return np.asarray(image.convert("RGBA"))


def relief_tile(face: int) -> np.ndarray:
    """One card's relief colours: an RGBA image over ``RELIEF_HALF`` each way, clear outside."""
    if face not in range(12) or isinstance(face, bool):
        raise UnknownCardError(f"A card's face is 0 to 11, not {face!r}.")
    mosaic = _relief_mosaic()
    size = mosaic.shape[0] // 3
    row, col = divmod(int(face), 4)
    return mosaic[row * size : (row + 1) * size, col * size : (col + 1) * size]
