"""Global Pursuit: map cards that are the twelve faces of a dodecahedral globe, and trivia."""

from .dodecahedron import (
    FACES,
    LONGITUDE_OFFSET,
    card_crs,
    face_centre,
    face_of,
    face_polygon_xy,
    is_polar,
    neighbour,
    vertices,
)

__all__ = [
    "FACES",
    "LONGITUDE_OFFSET",
    "card_crs",
    "face_centre",
    "face_of",
    "face_polygon_xy",
    "is_polar",
    "neighbour",
    "vertices",
]

# The game itself (importing it registers "global_pursuit" for Game.load).
from .engine import GlobalPursuit, bank_tokens, tokens_text, trivia_points
from .layout import SETS, Layout, all_cards, card_id, lay_out_set, parse_card

__all__ += [
    "SETS",
    "GlobalPursuit",
    "Layout",
    "all_cards",
    "bank_tokens",
    "card_id",
    "lay_out_set",
    "parse_card",
    "tokens_text",
    "trivia_points",
]
