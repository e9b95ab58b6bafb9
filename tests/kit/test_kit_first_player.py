"""Who starts: each game declares its rulebook's way, the setup screen says and does exactly that.

Globalissimo: "Pick a starting player and give him/her the marker with the checkered flag."
GeoTriple: "The dealer makes his or her guesses first."
Globe Works: "Take turns being the dealer." ... "Player to the left of the dealer plays first."
Trivial Pursuit: "Players roll the die, with the player rolling the highest number moving first.
If two or more players tie, they roll again." Global Pursuit: "Each player rolls the
dodecahedron DIE to determine who goes first. The player with the highest number starts."
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from geoteach.games.base import Game
from geoteach.games.geography_pursuit import GeographyPursuit
from geoteach.games.geotriple import GeoTriple
from geoteach.games.global_pursuit import GlobalPursuit
from geoteach.games.globalissimo import Globalissimo
from geoteach.games.globe_works import GlobeWorks
from geoteach.ui.table_setup import TableSetup


def widget_tree(widget: Any) -> list[Any]:
    """Every widget shown inside ``widget``."""
    found = [widget]
    for child in getattr(widget, "children", ()):
        found += widget_tree(child)
    return found


def starts_checkered_flag(game: Globalissimo, chosen: int) -> None:
    assert game.round["checkered_flag"] == chosen and game.to_act() == [chosen]


def starts_geotriple_dealer(game: GeoTriple, chosen: int) -> None:
    assert game.s["dealer"] == chosen and game.guesser() == chosen


def starts_left_of_dealer(game: GlobeWorks, chosen: int) -> None:
    assert game.dealer == chosen and game.current == game.table.next_seat(chosen)


PICKED: list[tuple[type[Game], str, str, str, Callable[..., None]]] = [
    (Globalissimo, "checkered_flag", "Checkered flag to", "checkered flag", starts_checkered_flag),
    (GeoTriple, "dealer", "First dealer", "guesses first", starts_geotriple_dealer),
    (GlobeWorks, "dealer", "First dealer", "left of the dealer plays first", starts_left_of_dealer),
]


@pytest.mark.parametrize(("game_cls", "rule", "label", "words", "starts"), PICKED)
def test_a_picked_first_dealer_or_flag_holder_really_starts(
    game_cls: type[Game], rule: str, label: str, words: str, starts: Callable[..., None]
) -> None:
    assert game_cls.first_player_rule == rule
    setup = TableSetup.for_game(game_cls, seed=1)
    assert setup.first.description == label and words in setup.rule_note.value
    assert setup.first in widget_tree(setup)
    setup.count.value = game_cls.min_seats if game_cls.min_seats > 2 else 2
    chosen = setup.count.value - 1  # not seat 0, which a game that ignored the pick would use
    setup.first.value = chosen
    table = setup.submit()
    assert table is not None and table.first == chosen
    starts(game_cls(table, seed=5), chosen)
    # "Pick at random" says what the pick means in this game, and the game follows it too.
    picked = setup.pick_random_first()
    assert setup.messages.text.startswith(setup.first.label)
    assert ("checkered flag" if rule == "checkered_flag" else "deals first") in setup.messages.text
    starts(game_cls(setup.submit(), seed=5), picked)


@pytest.mark.parametrize(
    ("game_cls", "words"),
    [(GeographyPursuit, "ties roll again"), (GlobalPursuit, "dodecahedron die")],
)
def test_a_rolling_game_shows_no_picker_and_rolls_when_it_begins(
    game_cls: type[Game], words: str
) -> None:
    assert game_cls.first_player_rule == "highest_roll"
    setup = TableSetup.for_game(game_cls)
    assert words in setup.rule_note.value and "Who starts" in setup.rule_note.value
    assert setup.first not in widget_tree(setup)  # nobody to pick: the dice decide
    setup.count.value = 3
    table = setup.submit()
    assert table is not None and table.first == 0
    with pytest.raises(ValueError, match="dice"):
        setup.pick_random_first()
    game = game_cls(table, seed=3)
    rolls = game.state["first_rolls"][-1]
    best = max(value for _seat, value in rolls)
    assert [seat for seat, value in rolls if value == best] == [game.state["player"]]
