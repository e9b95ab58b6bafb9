"""Computer opponents on the real data: legal moves, Linda's strategy, levels in order."""

from __future__ import annotations

import pytest

from geoteach.bots.base import RandomBot, play_bots
from geoteach.bots.globalissimo import (
    GlobalissimoBot,
    make_bot,
    mean_points_per_round,
    simulate,
)
from geoteach.games.globalissimo import HURDLE, Atlas, Globalissimo
from geoteach.games.table import Table


@pytest.fixture(scope="module")
def world() -> Atlas:
    return Atlas.default()


def bot_table(n: int) -> Table:
    names = [f"Bot {i}" for i in range(n)]
    return Table.of(*names, bots=dict.fromkeys(names, "hard"))


def test_a_full_game_of_bots_on_the_real_data(world):
    game = Globalissimo(bot_table(4), seed=2, atlas=world)
    bots = {
        s: GlobalissimoBot(level, seed=s)
        for s, level in enumerate(["hard", "medium", "easy", "easy"])
    }
    moves = play_bots(game, bots)
    assert game.is_terminal() and len(game.history) == 10
    assert moves == len(game.log) >= 40
    assert [len(r["countries"]) for r in game.history] == [4] * 10
    assert len({r["category"] for r in game.history}) == 10  # 19 categories: no repeats
    moved = [
        sum(g["moved"] for r in game.history for g in r["guesses"] if g["player"] == s)
        for s in range(4)
    ]
    assert moved == game.scores()
    assert sum(game.scoreboard.column("hurdles")) == sum(
        h["taken_by"] is not None for h in game.hurdles
    )


def test_hard_bot_prefers_the_country_it_is_surest_of(world):
    extremes, exact = 0, 0
    for seed in range(40):
        game = Globalissimo(bot_table(6), seed=seed, atlas=world)
        action = GlobalissimoBot("hard", seed=seed).choose(game, 0)
        assert game.is_legal(action)
        extremes += action["rank"] in (1, 6)
        game.apply(action)
        play_bots(game, {s: RandomBot("easy", s) for s in range(1, 6)})
        exact += game.history[0]["guesses"][0]["points"] == 3
    # Like Linda, the highest or the lowest far more often than a random pick (2 in 6) ...
    assert extremes >= 24
    # ... and it is nearly always right about it.
    assert exact >= 34


def test_bots_answer_hurdles_by_level_and_fame(world):
    game = Globalissimo(bot_table(2), seed=1, atlas=world)
    famous = max(world.fame, key=world.fame.get)
    obscure = min(world.fame, key=world.fame.get)

    def right_share(level: str, card: str, kind: str) -> float:
        bot = GlobalissimoBot(level, seed=7)
        view = {"honor": False, "hurdle": {"country": card, "kind": kind}}
        answers = [bot.answer(world, view, 0)["answer"] for _ in range(400)]
        truth = world.map_numbers[card] if kind == "A" else world.capitals[card]
        return sum(a == truth for a in answers) / len(answers)

    assert right_share("hard", famous, "B") > 0.9
    assert right_share("hard", obscure, "A") > right_share("easy", obscure, "A") + 0.3
    assert right_share("easy", famous, "A") > right_share("easy", obscure, "A") + 0.25
    assert game.phase == "ranking"


def test_bot_marks_in_honor_mode(world):
    game = Globalissimo(bot_table(2), seed=4, atlas=world, honor=True)
    bots = {0: GlobalissimoBot("hard", 1), 1: GlobalissimoBot("easy", 2)}
    seen_marks = 0
    while not game.is_terminal():
        if game.phase == HURDLE:
            action = bots[game.to_act()[0]].choose(game, game.to_act()[0])
            assert action["type"] == "mark"
            seen_marks += 1
        play_bots(game, bots, max_moves=1)
    assert seen_marks > 0


def test_levels_beat_each_other_and_random(world):
    """Mean points per round from ranking: hard > medium > easy > random (seeded, 4 seats)."""
    result = simulate(["hard", "medium", "easy", None], games=60, seed=3, atlas=world)
    points = mean_points_per_round(result)
    assert points["hard"] > points["medium"] > points["easy"] > points["random"]
    # With 4 countries a random guess earns 1.75 points on average (28 / 16).
    assert abs(points["random"] - 1.75) < 0.15
    assert points["hard"] - points["random"] > 0.6


def test_make_bot():
    assert isinstance(make_bot(None), RandomBot) and isinstance(make_bot("random"), RandomBot)
    assert make_bot("hard").level == "hard"


def play_one_round(world: Atlas, levels: list[str | None], seed: int) -> None:
    game = Globalissimo(bot_table(len(levels)), seed=seed, atlas=world, rounds=1)
    play_bots(game, {s: make_bot(lv, seed + s) for s, lv in enumerate(levels)})


def test_benchmark_rounds_random(benchmark, world):
    counter = iter(range(10**9))
    benchmark(lambda: play_one_round(world, [None] * 4, next(counter)))


def test_benchmark_rounds_bots(benchmark, world):
    counter = iter(range(10**9))
    benchmark(lambda: play_one_round(world, ["hard", "medium", "easy", "easy"], next(counter)))
