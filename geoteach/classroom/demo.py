"""A demo record: two short lessons played by computer players under pupils' pseudonyms.

The report notebook opens it when no record is named, so a teacher can see every part of the
report before a class has played (and the test suite can run the notebook). The games are real
games, recorded the way a class is recorded; only the players are computers, and the clock is
set back so that the two lessons lie a week apart. Each game is played as its entry in
``geoteach.games.registry`` says (engine, computer players, how they play, short options).
"""

from __future__ import annotations

import os
import random
import tempfile
from collections.abc import Callable
from datetime import datetime, timedelta
from pathlib import Path
from typing import TYPE_CHECKING, cast

from geoteach._lazy import load
from geoteach.bots.base import Bot
from geoteach.bots.pursuit import PursuitBot
from geoteach.bots.registry import BOTS
from geoteach.classroom.recorder import open_record, record
from geoteach.games.base import Action, Game
from geoteach.games.registry import GAMES, GameEntry
from geoteach.games.table import Seat, Table
from geoteach.store.lesson_record import Lesson

if TYPE_CHECKING:
    from geoteach.games.geography_pursuit.game import GeographyPursuit

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


#: The demo's two lessons: name, days before today, and the games played, each a registry key
#: with the most moves the computers make in it (Geography Pursuit is cut short: a lesson).
LESSONS: tuple[tuple[str, int, tuple[tuple[str, int], ...]], ...] = (
    ("Week 1: capitals and rankings", 8, (("geography_pursuit", 700), ("globalissimo", 10_000))),
    ("Week 2: the U.S. and the world", 1, (("geotriple", 10_000), ("geography_pursuit", 700))),
)
#: The pupils at a table of a game for two: two pairs, each playing its own game.
PAIRS = (["Ana", "Chloé"], ["Ben", "Femi"])
#: The pupils (and the team) at a table of a larger game.
GROUP = ["Ana", "Ben", "Chloé", "Femi"]


def demo_record(path: str | os.PathLike[str] | None = None, seed: int = 7) -> Lesson:
    """Play the demo lessons into ``path`` (default: a new temporary file) and open it."""
    if path is None:
        path = Path(tempfile.mkdtemp(prefix="geoteach-demo-")) / "demo-class.sqlite"
    lesson = open_record(path)
    if lesson.count():
        return lesson
    rng = random.Random(seed)
    today = datetime.now().replace(hour=10, minute=0, second=0, microsecond=0)
    for name, days_ago, games in LESSONS:
        clock = _Clock((today - timedelta(days=days_ago)).timestamp(), rng)
        for key, most in games:
            _play_game(GAMES[key], lesson, name, clock, rng, most)
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


def _tables(game_cls: type[Game]) -> list[Table]:
    """Where the pupils sit: two pairs for a game of two, else four pupils and the team."""
    if game_cls.max_seats < len(GROUP) + 1:
        return [_seats(pair) for pair in PAIRS]
    return [_seats(GROUP, team=True)]


def _level(table: Table, seat: int) -> str:
    seat_ = table.seats[seat]
    return PUPILS.get(seat_.members[0] if seat_.members else seat_.name, "medium")


def _play_game(
    entry: GameEntry, lesson: Lesson, name: str, clock: _Clock, rng: random.Random, most: int
) -> None:
    """Record a short game of ``entry`` at each of its tables, computers in the pupils' seats."""
    make_bot: Callable[..., Bot] = PUPIL_BOTS.get(entry.key, BOTS[entry.key].make_bot)
    for table in _tables(entry.engine_class):
        game = entry.engine_class(table, seed=rng.randrange(2**31), **entry.short_game)
        bots = {s: make_bot(_level(table, s), rng.randrange(2**31)) for s in range(len(table))}
        _play(game, lesson, name, clock, bots, max_moves=most, driver=load(BOTS[entry.key].play))


def _play(
    game: Game,
    lesson: Lesson,
    name: str,
    clock: _Clock,
    bots: dict[int, Bot],
    max_moves: int,
    driver: Callable[..., int],
) -> None:
    """Record ``game`` and let the computer players play it (they sit in pupils' seats)."""
    recorder = record(game, lesson, name=name, clock=clock)
    driver(game, bots, max_moves=max_moves)
    if recorder is not None:
        recorder.stop()


class TypingPursuitBot(PursuitBot):
    """A demo pupil who types answers: the answer when it knows it, else a likely wrong one."""

    def choose(self, game: Game, player: int) -> Action:
        action = super().choose(game, player)
        if action["type"] != "answer":
            return action
        pursuit = cast("GeographyPursuit", game)  # only Geography Pursuit's pupils type
        card = pursuit.question_card(pursuit.state["question"]["id"])
        wrong = [c for c in card.get("choices") or [] if c != card["answer"]]
        if action["mark"] == "right":
            text = card["answer"]
        else:
            text = self.rng.choice(wrong) if wrong else "I don't know"
        return {"player": player, "type": "answer", "text": text}


#: Demo pupils of their own where a game's computer player would not show what the report can:
#: in Geography Pursuit they type their answers, so the report has wrong answers to list.
PUPIL_BOTS: dict[str, Callable[..., Bot]] = {"geography_pursuit": TypingPursuitBot}
