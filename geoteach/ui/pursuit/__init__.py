"""Geography Pursuit's screen, in pieces with one job each (composed as Globalissimo's).

``screen``   the shared screen (``shell.Screen``) with Geography Pursuit's parts: what a move
             led to, the banner and the leaderboard, from ``game.view(None)``; ``play`` and
             ``build_screen`` start it;
``board``    the board panel, drawn from the view it is given; a click on a lit space calls
             back with the space;
``step``     the step panel (the die, the lit spaces, the categories, the vote, the question
             card and its clock), drawn from the view it is given; its buttons hand an action
             to ``on_move``. Neither panel holds the game;
``wording``  every sentence it shows, pure functions from a view or a move;
drawing      in ``geoteach.render``: the board (``render.board``), the die and the category
             chips (``render.pursuit_pieces``).

The names other code imports from ``geoteach.ui.pursuit`` are kept here.
"""

from __future__ import annotations

from geoteach.render.pursuit_pieces import PIPS, chip, die_html
from geoteach.ui.pursuit.screen import PursuitApp, build_screen, new_game, play
from geoteach.ui.pursuit.wording import (
    TIME_UP,
    card_places,
    describe_space,
    fact_text,
    history_html,
    rules_html,
    where_text,
)

__all__ = [
    "PIPS",
    "TIME_UP",
    "PursuitApp",
    "build_screen",
    "card_places",
    "chip",
    "describe_space",
    "die_html",
    "fact_text",
    "history_html",
    "new_game",
    "play",
    "rules_html",
    "where_text",
]
