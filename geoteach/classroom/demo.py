"""A demo record: two short lessons played by computer players under pupils' pseudonyms.

The report notebook opens it when no record is named, so a teacher can see every part of the
report before a class has played (and the test suite can run the notebook). The games are real
games, recorded the way a class is recorded; only the players are computers, and the clock is
set back so that the two lessons lie a week apart.
"""

from __future__ import annotations

import os
import random
import tempfile
from collections.abc import Callable
from datetime import datetime, timedelta
from pathlib import Path

from geoteach.bots.pursuit import PursuitBot
from geoteach.classroom.recorder import open_record, record
from geoteach.games.base import Action, Game
from geoteach.games.table import Seat, Table
from geoteach.store.lesson_record import Lesson

#: Pseudonyms and how much each "knows" (the computer player's level).
PUPILS: dict[str, str] = {
    "Ana": "hard",
    "Ben": "medium",
    "Chloé": "easy",
    "Dev": "medium",
    "Eun": "hard",
    "Femi": "easy",
}
#: One team, to show how a team's answers are kept (with its members).
TEAM = ("Rivers", ("Dev", "Eun"))


def demo_record(path: str | os.PathLike[str] | None = None, seed: int = 7) -> Lesson:
    """Play the demo lessons into ``path`` (default: a new temporary file) and open it."""
    if path is None:
        path = Path(tempfile.mkdtemp(prefix="geoteach-demo-")) / "demo-class.sqlite"
    lesson = open_record(path)
    if lesson.count():
        return lesson
    rng = random.Random(seed)
    today = datetime.now().replace(hour=10, minute=0, second=0, microsecond=0)
    plans = (
        ("Week 1: capitals and rankings", today - timedelta(days=8), (_pursuit, _globalissimo)),
        ("Week 2: the U.S. and the world", today - timedelta(days=1), (_geotriple, _pursuit)),
    )
    for name, start, games in plans:
        clock = _Clock(start.timestamp(), rng)
        for play in games:
            play(lesson, name, clock, rng)
    return lesson


class _Clock:
    """Time as it passes in class: a few seconds to half a minute between moves."""

    def __init__(self, start: float, rng: random.Random) -> None:
        self.now = start
        self.rng = rng

    def __call__(self) -> float:
        self.now += self.rng.uniform(3.0, 30.0)
        return self.now


def _seats(names: list[str], team: bool = False) -> Table:
    seats = [Seat(n) for n in names]
    if team:
        seats.append(Seat(TEAM[0], members=list(TEAM[1])))
    return Table(seats)


def _level(table: Table, seat: int) -> str:
    seat_ = table.seats[seat]
    return PUPILS.get(seat_.members[0] if seat_.members else seat_.name, "medium")


def _play(
    game: Game,
    lesson: Lesson,
    name: str,
    clock: _Clock,
    bots: dict,
    max_moves: int,
    driver: Callable[..., int] | None = None,
) -> None:
    """Record ``game`` and let the computer players play it (they sit in pupils' seats)."""
    from geoteach.bots.base import play_bots

    recorder = record(game, lesson, name=name, clock=clock)
    (driver or play_bots)(game, bots, max_moves=max_moves)
    if recorder is not None:
        recorder.stop()


class TypingPursuitBot(PursuitBot):
    """A demo pupil who types answers: the answer when it knows it, else a likely wrong one."""

    def choose(self, game: Game, player: int) -> Action:
        action = super().choose(game, player)
        if action["type"] != "answer":
            return action
        card = game.question_card(game.state["question"]["id"])  # type: ignore[attr-defined]
        wrong = [c for c in card.get("choices") or [] if c != card["answer"]]
        if action["mark"] == "right":
            text = card["answer"]
        else:
            text = self.rng.choice(wrong) if wrong else "I don't know"
        return {"player": player, "type": "answer", "text": text}


def _pursuit(lesson: Lesson, name: str, clock: _Clock, rng: random.Random) -> None:
    from geoteach.games.geography_pursuit import GeographyPursuit

    table = _seats(["Ana", "Ben", "Chloé", "Femi"], team=True)
    game = GeographyPursuit(table, seed=rng.randrange(2**31))
    bots = {
        s: TypingPursuitBot(_level(table, s), seed=rng.randrange(2**31)) for s in range(len(table))
    }
    _play(game, lesson, name, clock, bots, max_moves=700)


def _globalissimo(lesson: Lesson, name: str, clock: _Clock, rng: random.Random) -> None:
    from geoteach.bots.globalissimo import make_bot
    from geoteach.games.globalissimo import Globalissimo

    table = _seats(["Ana", "Ben", "Chloé", "Femi"], team=True)
    game = Globalissimo(table, seed=rng.randrange(2**31), rounds=5)
    bots = {s: make_bot(_level(table, s), rng.randrange(2**31)) for s in range(len(table))}
    _play(game, lesson, name, clock, bots, max_moves=10_000)


def _geotriple(lesson: Lesson, name: str, clock: _Clock, rng: random.Random) -> None:
    from geoteach.bots.geotriple import make_bot, play_game
    from geoteach.games.geotriple.game import GeoTriple

    for pair in (["Ana", "Chloé"], ["Ben", "Femi"]):
        table = _seats(pair)
        # The pupils' seats are not marked as computers, so the engine is told to give the
        # Stage 1 clues itself, as it does for computer players.
        game = GeoTriple(table, seed=rng.randrange(2**31), target=40, typed_clues=False)
        bots = {s: make_bot(_level(table, s), rng.randrange(2**31)) for s in range(2)}
        _play(game, lesson, name, clock, bots, max_moves=10_000, driver=play_game)
