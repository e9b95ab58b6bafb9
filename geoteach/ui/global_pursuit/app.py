"""Starting a game of Global Pursuit: from the set-up screen's choices, or from a notebook."""

from __future__ import annotations

import time
from collections.abc import Callable, Mapping
from typing import Any

from geoteach.bots.base import Bot
from geoteach.games.global_pursuit.engine import FOUR_MAPS, ONE_MAP, GlobalPursuit
from geoteach.games.table import Table
from geoteach.quiz.answers import Mode
from geoteach.ui.apps import screen_options
from geoteach.ui.global_pursuit.screen import GlobalPursuitScreen


def prepare() -> None:
    """The first screen's slow preparations, made while the set-up screen is filled in (the
    app's warm-up, ``ScreenEntry.prepare`` in ``geoteach.ui.registry``): the trivia decks and
    the places typed answers are checked against (``trivia.prepare``), and the map cards'
    drawings (data/globe_cards.npz)."""
    from geoteach.data.globe_cards import card_sets
    from geoteach.games.global_pursuit import trivia

    trivia.prepare()
    card_sets()


def new_game(table: Table, values: dict[str, Any]) -> GlobalPursuit:
    """The set-up screen's choices as a game."""
    n = len(table.seats)
    options: dict[str, Any] = {
        "maps": values["maps"],
        "honor": values["honor"],
        "quick_end": values["quick_end"],
        "matching_only": values["matching_only"],
    }
    if values["time_limit"]:
        options["time_limit"] = values["time_limit"]
    if values["fixed_level"]:
        options["fixed_levels"] = [values["fixed_level"]] * n
    if values["table_size"]:
        options["table_size"] = list(values["table_size"])
    return GlobalPursuit(table, seed=values.get("seed"), **options)


def build_screen(
    table: Table,
    values: dict[str, Any],
    game: Any = None,
    bots: Mapping[int, Bot] | None = None,
) -> GlobalPursuitScreen:
    """The set-up screen's choices as a game and its screen (``game`` and ``bots``: a class
    game's room and who plays elsewhere)."""
    game = new_game(table, values) if game is None else game
    return GlobalPursuitScreen(
        game,
        bots=bots,
        maps=values["real_maps"],
        challenge_seconds=values["challenge_seconds"],
        answer_mode=values["answer_mode"],
        **screen_options(values),
    )


def play(
    players: list[str] | None = None,
    bots: dict[str, str] | None = None,
    seed: int | None = None,
    maps: bool = True,
    clock: Callable[[], float] = time.monotonic,
    clickable: bool = True,
    answer_mode: Mode = "typed",
    challenge_seconds: float | None = 6.0,
    bot_delay: float = 1.2,
    large: bool = False,
    four_maps: bool = False,
    **options: Any,
) -> GlobalPursuitScreen:
    """Quick start: ``play(["Ana", "Computer"], {"Computer": "easy"})``.

    Real map cards by default; ``maps=False`` (plain pentagons) only for very slow computers.
    ``four_maps=True`` makes four smaller maps, one per set, instead of one large map. Other
    ``options`` go to the game (``time_limit=60``, ``quick_end=True``, ``fixed_levels=[2, 2]``,
    ``table_size=[10, 7]``, ``honor=False``, ``matching_only=True``).
    """
    table = Table.of(*(players or ["You", "Computer"]), bots=bots or {"Computer": "easy"})
    options["maps"] = FOUR_MAPS if four_maps else ONE_MAP
    game = GlobalPursuit(table, seed=seed, **options)
    return GlobalPursuitScreen(
        game,
        maps=maps,
        clock=clock,
        interactive=clickable,
        answer_mode=answer_mode,
        challenge_seconds=challenge_seconds,
        bot_delay=bot_delay,
        large=large,
    )
