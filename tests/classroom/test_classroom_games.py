"""Each of the five games, played to the end by computer players with recording on: the rows in
the record must be every answer the game scored, with the game's own verdicts."""

from __future__ import annotations

import re
import sqlite3
from collections import Counter
from collections.abc import Callable
from pathlib import Path

import pandas as pd
import pytest

from geoteach import classroom
from geoteach.bots.base import play_bots
from geoteach.games.base import Game
from geoteach.games.table import Seat, Table

REQUIRED = ("player", "game", "question", "answer", "correct", "seconds", "place", "topic")


def bot_table(n: int) -> Table:
    return Table([Seat(f"Bot {i}", kind="bot", level="medium") for i in range(n)])


def played(
    game: Game, bots: dict, path: Path, driver: Callable[..., int] = play_bots
) -> tuple[classroom.Recorder, pd.DataFrame]:
    """Record ``game``, let ``bots`` play it to the end, and read back the rows.

    The recorder's clock reads the move number, so a row's ``at`` (``step``) is its move.
    """
    recorder = classroom.record(
        game, path, name="Test lesson", bots=True, clock=lambda: float(len(game.log) - 1)
    )
    assert recorder is not None
    driver(game, bots, max_moves=200_000)
    assert game.is_terminal()
    frame = rows_of(path)
    check_common(frame, game)
    return recorder, frame


def rows_of(path: Path) -> pd.DataFrame:
    """The recorded answers, each with the move (``step``) that gave it."""
    frame = classroom.open_lesson(path).answers(bots=True)
    for column in REQUIRED:
        assert column in frame.columns
    with sqlite3.connect(path) as con:
        steps = [int(at) for (at,) in con.execute("SELECT at FROM answers ORDER BY at, id")]
    return frame.assign(step=steps)


def check_common(frame: pd.DataFrame, game: Game) -> None:
    assert (frame["game"] == game.name).all()
    assert (frame["lesson"] == "Test lesson").all()
    assert set(frame["player"]) <= {s.name for s in game.table.seats}
    assert (frame["question"].str.len() > 0).all()
    # The clock moves one second per move, and each answer took the time of its own move.
    assert (frame["seconds"] == 1.0).all()


def test_geography_pursuit(tmp_path: Path) -> None:
    from geoteach.bots.pursuit import PursuitBot
    from geoteach.games.geography_pursuit import GeographyPursuit

    game = GeographyPursuit(bot_table(3), seed=11)
    bots = {s: PursuitBot("medium", seed=s) for s in range(3)}
    recorder, frame = played(game, bots, tmp_path / "class.sqlite")
    answers = [a for a in game.log if a["type"] == "answer"]
    assert len(frame) == len(answers) == recorder.written
    for seat, record in enumerate(game.state["record"]):
        mine = frame[frame["player"] == game.table.name_of(seat)]
        assert mine["correct"].sum() == sum(right for right, _ in record)
        assert len(mine) == sum(asked for _, asked in record)
        for c, (right, asked) in enumerate(record):
            topic = mine[mine["topic"] == game.categories[c]]
            assert (topic["correct"].sum(), len(topic)) == (right, asked)
    assert set(frame["mode"]) == {"honor"}
    # Generated questions say what place they are about.
    assert (frame["place"] != "").mean() > 0.9


def test_global_pursuit(tmp_path: Path) -> None:
    from geoteach.bots.global_pursuit import GlobalPursuitBot
    from geoteach.games.global_pursuit import GlobalPursuit

    game = GlobalPursuit(bot_table(3), seed=5)
    bots = {s: GlobalPursuitBot("medium", s) for s in range(3)}
    _, frame = played(game, bots, tmp_path / "class.sqlite")
    moves = Counter(a["type"] for a in game.log)
    modes = frame["mode"].value_counts()
    assert modes.get("match", 0) == moves["place"]
    assert modes.get("challenge", 0) == moves["challenge"]
    trivia = frame[frame["mode"].isin(["honor", "typed", "time up"])]
    assert len(trivia) == moves["answer"]
    # The verdicts agree with what the scoreboard paid.
    why = Counter(e["why"] for e in game.scoreboard.history)
    levels = sum(n for w, n in why.items() if re.fullmatch(r"level \d question", w))
    wild = trivia["topic"] == "WILD CARD"
    assert trivia[~wild]["correct"].sum() == levels
    assert trivia[wild]["correct"].sum() == why["WILD CARD question"]
    assert (~trivia[wild]["correct"]).sum() == why["missed WILD CARD question (1 token)"]
    stood = sum(n for w, n in why.items() if w.startswith("match"))
    caught = frame[(frame["mode"] == "challenge") & frame["correct"]]
    assert moves["place"] - len(caught) == stood
    matches = frame[frame["mode"] == "match"]
    for _, challenge in frame[frame["mode"] == "challenge"].iterrows():
        laid = matches[matches["step"] < challenge["step"]].iloc[-1]
        assert laid["correct"] != challenge["correct"]  # a right challenge means a mismatch


def test_globalissimo(tmp_path: Path) -> None:
    from geoteach.bots.globalissimo import make_bot
    from geoteach.games.globalissimo import Globalissimo

    game = Globalissimo(bot_table(4), seed=3)
    bots = {s: make_bot("medium", s) for s in range(4)}
    _, frame = played(game, bots, tmp_path / "class.sqlite")
    ranks = frame[frame["mode"] == "rank"]
    assert len(ranks) == game.rounds * 4
    for seat in range(4):
        mine = ranks[ranks["player"] == game.table.name_of(seat)]
        assert mine["points"].sum() == game.scoreboard.get(seat, "rank_points")
    assert ((ranks["points"] == 3) == ranks["correct"]).all()
    # Each rank row is the move that placed the number, not the move that turned the cards.
    rank_moves = [i for i, a in enumerate(game.log) if a["type"] == "rank"]
    assert sorted(ranks["step"]) == rank_moves
    hurdles = frame[frame["mode"] != "rank"]
    assert len(hurdles) == sum(len(r["hurdles"]) for r in game.history)
    for seat in range(4):
        mine = hurdles[hurdles["player"] == game.table.name_of(seat)]
        assert mine["correct"].sum() == game.scoreboard.get(seat, "hurdles")
    assert set(hurdles["topic"]) <= {"World map", "Capitals"}
    assert (frame["place"].str.fullmatch(r"[A-Z]{3}")).all()


def test_geotriple(tmp_path: Path) -> None:
    from geoteach.bots.geotriple import make_bot, play_game
    from geoteach.games.geotriple.challenges import guess_points
    from geoteach.games.geotriple.game import GeoTriple

    game = GeoTriple(bot_table(2), seed=8)
    rounds: dict[int, int] = {}
    # The round each move belongs to (a move that ends a round is still in it).
    game.on_change(lambda g, a: rounds.__setitem__(len(g.log) - 1, g.s["round"]))
    bots = {0: make_bot("medium", 1), 1: make_bot("medium", 2)}
    _, frame = played(game, bots, tmp_path / "class.sqlite", driver=play_game)
    frame["round"] = [rounds[s] for s in frame["step"]]
    paid = {
        (e["why"].split(": ")[0], e["why"].split(": ")[1], e["seat"]): e["amount"]
        for e in game.scoreboard.history
    }
    names = [game.table.name_of(s) for s in (0, 1)]
    for number, rows in frame.groupby("round"):
        guesses = rows[rows["topic"] == "Guess the State"]
        taken: list[int | None] = []
        for name in names:
            mine = list(guesses[guesses["player"] == name]["correct"])
            taken.append(mine.index(True) + 1 if True in mine else None)
        for seat, points in enumerate(guess_points(taken)):
            assert paid.get((f"round {number}", "stage 1", seat), 0) == points
        claims = rows[rows["topic"] == "Race for Borders"].groupby("step")
        won = [g["player"].iloc[0] for _, g in claims if g["correct"].all()]
        for seat, name in enumerate(names):
            assert (paid.get((f"round {number}", "stage 2", seat), 0) == 10) == (name in won)
        assert (claims.size() == 2).all()  # two groups of three in every claim


def test_globe_works_has_no_questions(tmp_path: Path) -> None:
    """Globe Works asks no questions (its rulebook has none): a recorded game writes no rows
    and reports no problem."""
    from geoteach.bots.globe_works import GlobeWorksBot
    from geoteach.games.globe_works import GlobeWorks

    game = GlobeWorks(bot_table(3), seed=2)
    bots = {s: GlobeWorksBot("medium", s) for s in range(3)}
    recorder, frame = played(game, bots, tmp_path / "class.sqlite")
    assert frame.empty
    assert recorder.problem is None
    assert classroom.open_lesson(tmp_path / "class.sqlite").count() == 0


@pytest.mark.parametrize("kind", ["typed", "honor"])
def test_geography_pursuit_typed_and_marked_answers(tmp_path: Path, kind: str) -> None:
    """A typed answer keeps its text and the card's accepted answers; a mark keeps none."""
    from geoteach.games.geography_pursuit import GeographyPursuit
    from tests.pursuit.conftest import fixture_questions

    game = GeographyPursuit(Table.of("Ana", "Ben"), seed=1, questions=fixture_questions())
    classroom.record(game, tmp_path / "class.sqlite")
    while game.phase != "question":
        seat = game.to_act()[0]
        game.apply(game.legal_actions(seat)[0])
    seat = game.to_act()[0]
    asked = game.question_card(game.state["question"]["id"])
    action = {"player": seat, "type": "answer"}
    action.update({"text": "lima 0"} if kind == "typed" else {"mark": "wrong"})
    game.apply(action)
    row = classroom.open_lesson(tmp_path / "class.sqlite").answers().iloc[-1]
    assert row["question"] == asked["prompt"]
    assert row["question_id"] == asked["id"]
    assert row["accepted"] == "; ".join([asked["answer"], *asked["aliases"]])
    assert row["correct"] == game.state["last"]["correct"]
    assert row["answer"] == ("lima 0" if kind == "typed" else "")
    assert row["mode"] == kind


def _play_until(game: Game, bots: dict, done: Callable[[Game], bool]) -> None:
    while not done(game):
        seat = game.to_act()[0]
        game.apply(bots[seat].choose(game, seat))


def test_global_pursuit_time_running_out_is_a_wrong_answer(tmp_path: Path) -> None:
    from geoteach.bots.global_pursuit import GlobalPursuitBot
    from geoteach.games.global_pursuit import GlobalPursuit

    game = GlobalPursuit(Table.of("Ana", "Ben"), seed=5, time_limit=30)
    classroom.record(game, tmp_path / "class.sqlite")
    bots = {s: GlobalPursuitBot("medium", s) for s in range(2)}
    _play_until(game, bots, lambda g: g.phase == "answer")
    asked = game.current_question()
    game.apply({"player": game.to_act()[0], "type": "time_up"})
    row = classroom.open_lesson(tmp_path / "class.sqlite").answers().iloc[-1]
    assert (row["mode"], row["correct"], row["answer"]) == ("time up", False, "")
    assert row["question"] == asked.prompt


def test_globalissimo_a_click_on_the_map_is_kept_as_the_country_clicked(tmp_path: Path) -> None:
    from geoteach.bots.globalissimo import make_bot
    from geoteach.games.globalissimo import HURDLE, Globalissimo

    for seed in range(20):
        game = Globalissimo(Table.of("Ana", "Ben", "Cai"), seed=seed)
        classroom.record(game, tmp_path / f"class{seed}.sqlite")
        bots = {s: make_bot("medium", s) for s in range(3)}
        _play_until(
            game,
            bots,
            lambda g: g.is_terminal() or (g.phase == HURDLE and g.facing()["kind"] == "A"),
        )
        if not game.is_terminal():
            break
    country = game.hurdle_card
    wrong = next(c for c in game.atlas.map_numbers if c != country and game.atlas.map_numbers[c])
    game.apply({"player": game.to_act()[0], "type": "answer", "answer": wrong})
    row = classroom.open_lesson(tmp_path / f"class{seed}.sqlite").answers().iloc[-1]
    assert (row["mode"], row["correct"]) == ("click", False)
    assert row["answer"] == game.atlas.names[wrong]
    assert row["place"] == country
    assert row["accepted"] == f"{game.atlas.map_numbers[country]}; {game.atlas.names[country]}"


def test_a_multiple_choice_answer_keeps_the_option_clicked(tmp_path) -> None:
    """A chosen option is recorded as the answer given, in "chosen" mode (issue 18: every
    answer, typed, chosen, clicked or marked)."""
    from geoteach.games.answer_facts import typed_or_marked

    assert typed_or_marked({"mark": "wrong", "choice": "Austria"}) == ("Austria", "chosen")
    assert typed_or_marked({"mark": "right"}) == (None, "honor")
    assert typed_or_marked({"text": "Vienna"}) == ("Vienna", "typed")
