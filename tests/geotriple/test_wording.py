"""GeoTriple's sentences from views alone: no widgets, no screen."""

from __future__ import annotations

from geoteach.bots.geotriple import GeoTripleBot, play_game
from geoteach.games.geotriple import GeoTriple
from geoteach.games.table import Table
from geoteach.i18n import speaking
from geoteach.render.geotriple import map_paint
from geoteach.ui.geotriple import wording, wording_steps


def game_of(states, seed=3):
    table = Table.of("Ana", "Computer", bots={"Computer": "hard"})
    return GeoTriple(table, seed=seed, states=states), table


def test_small_words():
    card = {"size": 29, "statehood": 25, "population": 33}
    assert wording.rank_word("size", 29) == "size #29"
    with speaking("de"):
        assert wording.census_words(2020) == "Volkszählung 2020"
        assert wording.rank_labels(card).startswith("Fläche Nr. 29 · ")
    assert wording.census_words(2020) == "2020 Census" and wording.census_words(2023) == "2023"
    assert wording.census_words(None) == ""
    assert wording.rank_labels(card, "2020 Census") == (
        "size #29 · statehood #25 · population #33 (2020 Census)"
    )


def test_the_banner_and_the_first_step_from_a_view(states):
    game, table = game_of(states)
    view = game.view(0)
    said = wording.prompt(view, table, game.to_act(), {1})
    assert "Round 1 · Stage 1 · Guess the State" in said and "guess 1 of 3" in said
    html, row = wording_steps.stage1_step(view, table, 0, interactive=False)
    assert row == "guess" and "Your secret card" in html and "type a state" in html
    caption = wording_steps.map_caption(
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


def test_no_module_of_the_screen_package_imports_another_in_a_circle():
    """Issue 38: ``wording`` and ``wording_steps`` used to import each other; both now take
    the words they share from ``terms``. An import graph of the package with no cycle."""
    import ast
    from graphlib import CycleError, TopologicalSorter
    from pathlib import Path

    package = Path(wording.__file__).parent
    graph: dict[str, set[str]] = {}
    for path in package.glob("*.py"):
        found = set()
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ImportFrom) and node.module:
                if node.module.startswith("geoteach.ui.geotriple."):
                    found.add(node.module.rsplit(".", 1)[1])
                elif node.module == "geoteach.ui.geotriple":
                    found.update(a.name for a in node.names)
        graph[path.stem] = found & {p.stem for p in package.glob("*.py")} - {"__init__"}
    assert "terms" in graph["wording"] and "terms" in graph["wording_steps"]
    try:
        order = list(TopologicalSorter(graph).static_order())
    except CycleError as cycle:  # pragma: no cover - the failure is the message
        raise AssertionError(f"an import cycle: {cycle.args[1]}") from None
    assert len(order) == len(graph)
