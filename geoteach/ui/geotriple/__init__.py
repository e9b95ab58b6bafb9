"""GeoTriple's screen: ``screen`` (the screen: layout and events), ``board`` (the map panel and
Stage 3's cards), ``controls`` (the step controls), ``race_clock`` (Stage 2's clock) and
``wording``, ``wording_steps`` and ``terms`` (every sentence, in the page's language). The
drawing of the map is ``geoteach.render.geotriple``; the rules, race claims included, are the
engine's (``geoteach.games.geotriple``).
"""

from geoteach.ui.geotriple.race_clock import RaceClock
from geoteach.ui.geotriple.screen import GeoTripleScreen, build_screen, new_game, play
from geoteach.ui.geotriple.terms import (
    GEOPLUNGING,
    RANKS_SAID,
    STAGE_NAMES,
    census_words,
    rank_labels,
)
from geoteach.ui.geotriple.wording import Verdict, rules_html

__all__ = [
    "GEOPLUNGING",
    "RANKS_SAID",
    "STAGE_NAMES",
    "GeoTripleScreen",
    "RaceClock",
    "Verdict",
    "build_screen",
    "census_words",
    "new_game",
    "play",
    "rank_labels",
    "rules_html",
]
