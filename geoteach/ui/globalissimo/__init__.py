"""Globalissimo's screen, in pieces with one job each (the model of a screen by composition).

* ``screen``: the shared screen (``shell.Screen``) with Globalissimo's parts: what a move led
  to, the banner and the leaderboard, from ``game.view(None)``; ``play`` and ``build_screen``
  start it.
* ``board`` and ``step``: the two panels, drawn from the view they are given; the step panel's
  buttons hand an action to ``on_move``. Neither holds the game.
* ``wording``: every sentence, as pure functions from a view or an action to words.
* ``cards``: the round's country cards as HTML.

The pictures (track, reveal chart, learn map, locators, numbered map) are drawn by
``geoteach.render.globalissimo``. The names below are the ones notebooks, apps and tests import
from ``geoteach.ui.globalissimo``.
"""

from geoteach.render.globalissimo import (
    ANSWER_COLOUR,
    WRONG_PICK_COLOUR,
    Locator,
    learn_colours,
    reveal_figure,
    track_figure,
)
from geoteach.ui.globalissimo.cards import flag_html, locator_img_html
from geoteach.ui.globalissimo.screen import GlobalissimoScreen, build_screen, new_game, play
from geoteach.ui.globalissimo.wording import category_html

__all__ = [
    "ANSWER_COLOUR",
    "WRONG_PICK_COLOUR",
    "GlobalissimoScreen",
    "Locator",
    "build_screen",
    "category_html",
    "flag_html",
    "learn_colours",
    "locator_img_html",
    "new_game",
    "play",
    "reveal_figure",
    "track_figure",
]
