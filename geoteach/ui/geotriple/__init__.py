"""GeoTriple's screen: ``screen`` (the screen: layout and events), ``board`` (the map panel and
Stage 3's cards), ``controls`` (the step controls), ``race_clock`` (Stage 2's clock) and
``wording`` (every sentence). The drawing of the map is ``geoteach.render.geotriple``; the
rules, race claims included, are the engine's (``geoteach.games.geotriple``).
"""

from geoteach.ui.geotriple.race_clock import RaceClock
from geoteach.ui.geotriple.screen import GeoTripleScreen, build_screen, new_game, play
from geoteach.ui.geotriple.wording import (
    GEOPLUNGING,
    RANKS_SAID,
    RULES_HTML,
    STAGE_NAMES,
    Verdict,
    census_words,
    plural,
    rank_labels,
)

__all__ = [
    "GEOPLUNGING",
    "RANKS_SAID",
    "RULES_HTML",
    "STAGE_NAMES",
    "GeoTripleScreen",
    "RaceClock",
    "Verdict",
    "build_screen",
    "census_words",
    "new_game",
    "play",
    "plural",
    "rank_labels",
]
