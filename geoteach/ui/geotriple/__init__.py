"""GeoTriple's screen, in pieces with one job each (composed as Globalissimo's):

* ``screen``: the shared screen (``shell.Screen``) with GeoTriple's parts: who is looking (the
  hot seat), the cards picked, the race clock, what a move led to, the banner and the
  leaderboard; ``play`` and ``build_screen`` start it.
* ``board`` and ``controls``: the two panels (the map with Stage 3's table; the step's
  controls), drawn from the views they are given; their clicks are handed to callbacks
  (``on_pick``, ``on_move``...). Neither holds the game.
* ``race_clock``: Stage 2's clock; ``wording``, ``wording_steps``, ``terms`` and ``map_words``:
  every sentence, in the page's language.

The drawing of the map is ``geoteach.render.geotriple``; the rules, race claims included, are
the engine's (``geoteach.games.geotriple``).
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
