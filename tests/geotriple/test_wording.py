"""GeoTriple's sentences from views alone: no widgets, no screen."""

from __future__ import annotations

from geoteach.bots.geotriple import GeoTripleBot, play_game
from geoteach.games.geotriple import GeoTriple
from geoteach.games.table import Table
from geoteach.render.geotriple import map_paint
from geoteach.ui.geotriple import wording


def game_of(states, seed=3):
    table = Table.of("Ana", "Computer", bots={"Computer": "hard"})
    return GeoTriple(table, seed=seed, states=states), table


def test_small_words():
    assert wording.plural(1, "guess") == "1 guess" and wording.plural(2, "guess") == "2 guesses"
    assert wording.plural(3, "trick") == "3 tricks"
    assert wording.census_words(2020) == "2020 Census" and wording.census_words(2023) == "2023"
    assert wording.census_words(None) == ""
    card = {"size": 29, "statehood": 25, "population": 33}
    assert wording.rank_labels(card, "2020 Census") == (
        "size #29 · statehood #25 · population #33 (2020 Census)"
    )


def test_the_banner_and_the_first_step_from_a_view(states):
    game, table = game_of(states)
    view = game.view(0)
    said = wording.prompt(view, table, game.to_act(), {1})
    assert "Round 1 · Stage 1 · Guess the State" in said and "guess 1 of 3" in said
    html, row = wording.stage1_step(view, table, 0, interactive=False)
    assert row == "guess" and "Your secret card" in html and "type a state" in html
    caption = wording.map_caption(
        view, table, 0, explaining=None, show_possible=True, interactive=False
    )
    assert caption.startswith("Yellow, with a thick border: the ") and "fit every clue" in caption
    # The border as well as the yellow: the states still possible stay marked in greyscale.
    spec = map_paint(
        view, 0, explaining=None, selected=[], show_possible=True, on_map=view["cards"]
    )
    assert set(spec.outlines) == set(view["possible"]) and spec.fills[0][1] == spec.outlines


def test_a_guess_and_the_race_said(states):
    game, table = game_of(states)
    secret = game.s["secret"][1]
    wrong = next(c for c in game.cards if c not in game.s["secret"])
    action = {"player": 0, "type": "guess", "state": wrong}
    game.apply(action)
    verdict = wording.guess_verdict(
        game.view(None), game.view(0), table, action, by_human=True, how="type"
    )
    assert verdict.headline == f"Not {game.names[wrong]}." and verdict.correct is False
    assert any(line == "Guess 2 of 3: type another state." for line in verdict.lines)
    assert wording.describe(game.view(None), table, action).endswith(": not it.")
    assert game.names[secret] not in " ".join(verdict.lines)


def test_a_whole_game_is_said_to_the_end(states):
    game, table = game_of(states, seed=5)
    said = []
    game.on_change(
        lambda g, a: (
            a["type"] == "next_round" or said.append(wording.describe(g.view(None), table, a))
        )
    )
    play_game(game, {0: GeoTripleBot("hard", 1), 1: GeoTripleBot("medium", 2)})
    view = game.view(None)
    assert game.is_terminal() and all(said)
    assert wording.score_said(view, table).startswith("Score: Ana ")
    assert "first to 100" in wording.score_said(view, table)
