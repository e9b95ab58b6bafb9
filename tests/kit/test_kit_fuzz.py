"""Fuzz every game with legal and broken moves (see ``tests/kit/fuzz.py`` for what is checked).

The quick suite sends a few hundred moves per game; the ``slow`` run sends at least 10,000 per
game and prints the figures for the issue's closing note (``pytest -m slow -s``).
"""

from __future__ import annotations

import os
import random

import pytest

from geoteach.bots.geotriple import GeoTripleBot
from geoteach.bots.global_pursuit import GlobalPursuitBot
from geoteach.bots.globalissimo import GlobalissimoBot
from geoteach.bots.globe_works import GlobeWorksBot
from geoteach.bots.pursuit import PursuitBot
from geoteach.games.base import Action, Game
from geoteach.games.geography_pursuit import GeographyPursuit
from geoteach.games.geography_pursuit.board import SPACES
from geoteach.games.geotriple import GeoTriple
from geoteach.games.geotriple.cards import CATEGORIES
from geoteach.games.global_pursuit import GlobalPursuit
from geoteach.games.global_pursuit.layout import all_cards
from geoteach.games.globalissimo import Globalissimo
from geoteach.games.globe_works import GlobeWorks
from geoteach.games.table import Table

from .fuzz import TEXT, Target, fuzz

NAMES = ["Ana", "Ben", "Cleo", "Dev", "Eli", "Fay"]


def _players(seed: int, low: int, high: int) -> Table:
    return Table.of(*NAMES[: low + seed % (high - low + 1)])


# ----- GeoTriple -----------------------------------------------------------------------------
def _geotriple(seed: int) -> Game:
    # Even seeds: two people (the holder gives the clue); odd: a computer seat (engine clues).
    two = seed % 2 == 0
    table = Table.of("Ana", "Ben") if two else Table.of("Ana", "Cpu", bots={"Cpu": "easy"})
    return GeoTriple(table, seed=seed, target=30)


def _geotriple_free(game: Game, legal: Action, rng: random.Random) -> Action | None:
    seat = legal["player"]
    if legal["type"] == "clue":
        menu = game.view(seat)["stage1"]["clue_choices"]
        return {**legal, "answer": rng.choice([*menu, *menu, rng.choice(TEXT)])}
    if legal["type"] == "geoplunge" and rng.random() < 0.3:
        hand = game.view(seat)["race"]["hand"]
        six = rng.sample(hand, 6)
        return {**legal, "groups": [six[:3], six[3:]]}
    if legal["type"] == "guess":
        return {**legal, "state": rng.choice([*game.cards, "tx", "Texas", "ZZ"])}
    return None


# ----- Globalissimo --------------------------------------------------------------------------
def _globalissimo(seed: int) -> Game:
    return Globalissimo(_players(seed, 2, 6), seed=seed, rounds=3, honor=seed % 4 == 3)


def _globalissimo_free(game: Game, legal: Action, rng: random.Random) -> Action | None:
    if legal["type"] != "answer":
        return None
    atlas = game.atlas
    number = rng.choice(sorted(atlas.by_number))
    answer = rng.choice(
        [
            number,
            str(number),
            f" {number} ",
            f"{number}²",
            "⑤",
            "9" * 5000,
            str(10**20),
            rng.choice(sorted(atlas.names)),
            rng.choice(atlas.all_capitals()),
            rng.choice(TEXT),
            float(number),
        ]
    )
    return {**legal, "answer": answer}


# ----- Global Pursuit ------------------------------------------------------------------------
def _global_pursuit(seed: int) -> Game:
    table = _players(seed, 2, 4)
    options = [
        {},
        {"time_limit": 30},
        {"fixed_levels": [1 + (s % 3) for s in range(len(table.seats))]},
        {"honor": False, "maps": "four_maps"},
        {"matching_only": True, "quick_end": True},
    ][seed % 5]
    return GlobalPursuit(table, seed=seed, **options)


def _global_pursuit_free(game: Game, legal: Action, rng: random.Random) -> Action | None:
    if legal["type"] == "answer" and rng.random() < 0.5:
        return {"player": legal["player"], "type": "answer", "text": rng.choice(TEXT)}
    if legal["type"] == "place" and rng.random() < 0.3:
        return {**legal, "at": [rng.randrange(-1, 60), rng.randrange(-1, 6)]}
    if game.options.get("time_limit") and rng.random() < 0.2:
        return {**legal, "seconds": rng.choice([0, 12.5, 29.9, 31, 10**9, -1, True, "10"])}
    return None


# ----- Geography Pursuit (Trivial Pursuit) -----------------------------------------------------
def _geography_pursuit(seed: int) -> Game:
    options = {"time_limit": 20} if seed % 3 == 1 else {}
    if seed % 3 == 2:
        options["precision"] = "strict"
    return GeographyPursuit(_players(seed, 2, 4), seed=seed, **options)


def _pursuit_free(game: Game, legal: Action, rng: random.Random) -> Action | None:
    if legal["type"] != "answer" or rng.random() < 0.5:
        return None
    card = game.question_card(game.state["question"]["id"])
    right = [card["answer"]] * 6 + [card["answer"].upper(), f" {card['answer']}. "]
    text = rng.choice([*right, *TEXT[:8]])
    move = {"player": legal["player"], "type": "answer", "text": text}
    if rng.random() < 0.3:
        move["seconds"] = rng.choice([1, 19.5, 21, 0.0, -2, None, True])
    return move


# ----- Globe Works ---------------------------------------------------------------------------
def _globe_works(seed: int) -> Game:
    return GlobeWorks(_players(seed, 3, 5), seed=seed, max_turns=6)


def _globe_works_free(game: Game, legal: Action, rng: random.Random) -> Action | None:
    cards = sorted(game.cards)
    if legal["type"] == "propose_trade" and rng.random() < 0.5:
        return {**legal, "give": rng.choice(cards), "take": rng.choice([None, *cards[:20]])}
    if legal["type"] == "accept" and rng.random() < 0.5:
        return {**legal, "card": rng.choice(cards)}
    if legal["type"] in ("play", "discard", "take_back") and rng.random() < 0.3:
        return {**legal, "card": rng.choice(cards)}
    return None


TARGETS = {
    "geotriple": Target(
        "geotriple",
        _geotriple,
        lambda s: GeoTripleBot("medium", seed=s),
        lambda g: [*g.cards, *CATEGORIES],
        _geotriple_free,
    ),
    "globalissimo": Target(
        "globalissimo",
        _globalissimo,
        lambda s: GlobalissimoBot("medium", seed=s),
        lambda g: sorted(g.atlas.names)[:40],
        _globalissimo_free,
    ),
    "global_pursuit": Target(
        "global_pursuit",
        _global_pursuit,
        lambda s: GlobalPursuitBot("medium", seed=s),
        lambda g: all_cards(),
        _global_pursuit_free,
    ),
    "geography_pursuit": Target(
        "geography_pursuit",
        _geography_pursuit,
        lambda s: PursuitBot("hard", seed=s),
        lambda g: [*SPACES, *g.categories],
        _pursuit_free,
        bot_share=0.95,  # a random move goes anywhere: the bot heads for the wedges
    ),
    "globe_works": Target(
        "globe_works",
        _globe_works,
        lambda s: GlobeWorksBot("medium", seed=s),
        lambda g: sorted(g.cards),
        _globe_works_free,
    ),
}


def check(name: str, actions: int, seed: int) -> None:
    report = fuzz(TARGETS[name], actions, seed=seed)
    print(report.line())
    assert report.crashes == [], report.crashes
    assert report.stuck == [], report.stuck
    assert report.actions >= actions and report.refused > 0


@pytest.mark.parametrize("name", sorted(TARGETS))
def test_fuzz_quick(name: str) -> None:
    check(name, 300, seed=1)


#: Actions of the long run per game: several whole games of random and legal moves each (a game
#: is 50 to 400 moves). The suite runs 3,000 (about 40 s for the five games on a busy 2-core
#: machine); ``tasks.py bench`` runs the deeper search, 10,000 a game, on demand.
LONG_RUN = int(os.environ.get("GEOTEACH_FUZZ_ACTIONS", "3000"))


@pytest.mark.slow
@pytest.mark.parametrize("name", sorted(TARGETS))
def test_fuzz_long_run(name: str) -> None:
    check(name, LONG_RUN, seed=2)
