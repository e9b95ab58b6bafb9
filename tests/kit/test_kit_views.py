"""A view is the caller's own copy: editing everything in it never edits the game.

Globe Works handed out its own round history, so code that changed a view changed the game.
Each game is played to its end by its computer players; at many moments along the way every
seat's view and the spectator's are edited all the way down, and the saved game must not move.
"""

from __future__ import annotations

from typing import Any

import pytest

from geoteach.bots.geotriple import GeoTripleBot
from geoteach.bots.global_pursuit import GlobalPursuitBot
from geoteach.bots.globalissimo import GlobalissimoBot
from geoteach.bots.globe_works import GlobeWorksBot
from geoteach.bots.pursuit import PursuitBot
from geoteach.games.base import Game
from geoteach.games.geography_pursuit import GeographyPursuit
from geoteach.games.geotriple import GeoTriple
from geoteach.games.global_pursuit import GlobalPursuit
from geoteach.games.globalissimo import Globalissimo
from geoteach.games.globe_works import GlobeWorks
from geoteach.games.table import Table

GAMES = {
    "geotriple": (lambda: GeoTriple(Table.of("Ana", "Ben"), seed=3, target=40), GeoTripleBot),
    "globalissimo": (
        lambda: Globalissimo(Table.of("Ana", "Ben", "Cleo"), seed=3, rounds=4),
        GlobalissimoBot,
    ),
    "global_pursuit": (
        lambda: GlobalPursuit(Table.of("Ana", "Ben", "Cleo"), seed=3),
        GlobalPursuitBot,
    ),
    "geography_pursuit": (
        lambda: GeographyPursuit(Table.of("Ana", "Ben"), seed=3),
        PursuitBot,
    ),
    "globe_works": (
        lambda: GlobeWorks(Table.of("Ana", "Ben", "Cleo"), seed=3, max_turns=6),
        GlobeWorksBot,
    ),
}
#: Moves between two checks, and the most moves played (Geography Pursuit is long).
EVERY = 5
MOST = 1500


def scribble(value: Any) -> None:
    """Change every list and dict inside ``value``, deepest first."""
    if isinstance(value, dict):
        for key in list(value):
            scribble(value[key])
            if not isinstance(value[key], dict | list):
                value[key] = "scribbled"
        value["scribbled"] = True
    elif isinstance(value, list):
        for i, item in enumerate(value):
            scribble(item)
            if not isinstance(item, dict | list):
                value[i] = "scribbled"
        value.append("scribbled")


def check_views(game: Game) -> None:
    before = game.to_json()
    for seat in (*range(len(game.table.seats)), None):
        view = game.view(seat)
        scribble(view)
        assert game.to_json() == before, f"editing view({seat}) in {game.phase} edited the game"


@pytest.mark.parametrize("name", sorted(GAMES))
def test_editing_a_view_never_edits_the_game(name: str) -> None:
    new_game, new_bot = GAMES[name]
    game = new_game()
    bots = [new_bot("hard", seed=s) for s in range(len(game.table.seats))]
    phases = set()
    for move in range(MOST):
        if game.is_terminal():
            break
        if move % EVERY == 0:
            check_views(game)
            phases.add(game.phase)
        seat = game.to_act()[0]
        game.apply(bots[seat].choose(game, seat))
    check_views(game)  # the end, with the whole history
    assert len(phases) > 1
