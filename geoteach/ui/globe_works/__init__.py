"""Globe Works on the shared screen, in pieces with one job each (composed as Globalissimo's).

* ``screen``: the shared screen (``shell.Screen``) with Globe Works' parts (whose hand is
  shown, the pick, what a move led to, the banner and the leaderboard) and its pace (a
  computer's draw and discard as one step, the deals a person skips); ``build_screen`` for
  the apps, ``play`` for a notebook.
* ``board`` and ``step``: the two panels, drawn from the view they are given: the map and the
  hand strip (a click picks through ``on_pick``), and the step beside the map (play or draw,
  discard, deals, offers and answers; its buttons hand an action to ``on_move``). Neither
  holds the game.
* ``wording``: every sentence, as pure functions from a card, a view, a move or a scored round.
* The map itself is drawn by ``geoteach.render.globe_works``.

The screen draws only from ``game.view(seat)`` / ``view(None)`` and the moves it is told about
(``on_change``); the rules are the engine's (``geoteach.games.globe_works``).
"""

from __future__ import annotations

from geoteach.ui.globe_works.screen import GlobeWorksScreen, build_screen, new_game, play
from geoteach.ui.globe_works.wording import (
    card_label,
    card_words,
    network_sentence,
    openers,
    pair_sentence,
    pair_words,
    points_words,
    region_names,
    regions_key_html,
    scoring_table_html,
)

__all__ = [
    "GlobeWorksScreen",
    "build_screen",
    "card_label",
    "card_words",
    "network_sentence",
    "new_game",
    "openers",
    "pair_sentence",
    "pair_words",
    "play",
    "points_words",
    "region_names",
    "regions_key_html",
    "scoring_table_html",
]
