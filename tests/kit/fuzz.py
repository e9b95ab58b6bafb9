"""A seeded fuzzer for the five games: legal moves to keep the games going, broken ones around them.

Each step, before a legal move is made (a computer player's choice or a random listed move), a
few broken moves are sent: not a dict, the wrong player, an unknown move type, a field of the
wrong kind (a float or ``True`` for a whole number, ``None``, a list, text for a number), a
missing or an extra field, a value nested thousands deep, an unknown id, a huge number, and
free values (typed answers, clues, claims, trades) drawn from real and hostile text. The rules
checked, the issue's "Done when":

* only the engine's own ``IllegalAction`` escapes, and never the catch-all one that wraps a raw
  Python error (that would be a check that forgot a type);
* ``is_legal`` agrees with ``apply``, and a refused move leaves ``to_json()`` byte-identical;
* nothing gets stuck: until the game ends someone in ``to_act()`` has a listed move that is
  accepted, and every game reaches its end within ``max_moves`` legal moves.
"""

from __future__ import annotations

import random
import reprlib
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from geoteach.bots.base import Bot
from geoteach.games.base import Action, Game, IllegalAction

#: Start of the catch-all message of ``Game.check`` (a raw error inside ``_check``).
CATCH_ALL = "That move is missing something or has a wrong value"


def deep_list(depth: int) -> list[Any]:
    value: list[Any] = []
    for _ in range(depth):
        value = [value]
    return value


def deep_dict(depth: int) -> dict[str, Any]:
    value: dict[str, Any] = {}
    for _ in range(depth):
        value = {"x": value}
    return value


DEEP = [deep_list(5000), deep_dict(5000), deep_list(7)]
NUMBERS = [
    -1, 0, 1, 2, 3, 4, 5, 6, 7, 54, 99, 2**63, -(2**63), 10**20, 10**5000,
    1.0, 0.0, 2.0, 0.5, -0.0, 1e308, float("nan"), float("inf"), True, False,
]  # fmt: skip
TEXT = [
    "", " ", "N", "n", "Y", "y", "no", "yes", "none", "nobody", "5²", "⑤", "٥", "54", "0054",
    " 54 ", "5.0", "-3", "1e3", "9" * 400, "9" * 5000, "9" * 20_000, "$x^$", "Ana $5 Ben $10",
    "<img src=x onerror=alert(1)>", "\x00", "\u202e", "🇫🇷", "Nowhere", "None", "True", "right",
    "wrong", "Paris", "Ottawa", "size", "draw", "discard", "TX", "A" * 600,
]  # fmt: skip
OTHER = [None, [], {}, [1], ["a", "b"], {"a": 1}, (1, 2), {1: "a"}, {"type": "roll"}, b"x", {1}]
NOT_A_DICT = [None, [], "roll", 5, 1.5, [{"type": "roll", "player": 0}], ("type", "roll"), b"{}"]


def hostile(rng: random.Random, ids: list[str]) -> Any:
    """One value of the wrong kind, or an id that may not fit here."""
    pool = rng.choice([NUMBERS, TEXT, OTHER, DEEP, ids or TEXT])
    return rng.choice(pool)


@dataclass
class Report:
    """What one fuzz run found: the figures for the issue's closing note."""

    game: str
    actions: int = 0  # every move sent: legal and broken
    legal_moves: int = 0  # listed or computer moves made
    broken: int = 0  # broken moves sent
    refused: int = 0
    accepted: int = 0  # broken-looking moves that were legal after all (free values)
    games_finished: int = 0
    crashes: list[str] = field(default_factory=list)
    stuck: list[str] = field(default_factory=list)

    def line(self) -> str:
        return (
            f"{self.game}: {self.actions} actions ({self.legal_moves} legal, {self.broken} "
            f"broken: {self.refused} refused, {self.accepted} accepted), "
            f"{self.games_finished} games finished, {len(self.crashes)} crashes, "
            f"{len(self.stuck)} stuck"
        )


@dataclass
class Target:
    """How to fuzz one game: a new game for a seed, its computer player, its ids, its free
    values (e.g. every capital), and how many legal moves a game may take before it is stuck."""

    name: str
    new_game: Callable[[int], Game]
    new_bot: Callable[[int], Bot]
    ids: Callable[[Game], list[str]]
    free: Callable[[Game, Action, random.Random], Action | None] = lambda g, a, r: None
    max_moves: int = 5000
    #: Share of legal moves chosen by the computer player (the rest: a random listed move).
    bot_share: float = 0.7


def short(value: Any) -> str:
    try:
        return reprlib.repr(value)
    except ValueError:  # a number with thousands of digits
        return "<huge number>"


def broken_move(rng: random.Random, game: Game, legal: Action, ids: list[str]) -> Any:
    """A move made from ``legal`` by one of the ways a hand-typed or tampered move goes wrong."""
    move = dict(legal)
    fields = [k for k in move if k not in ("player", "type")]
    how = rng.randrange(9)
    if how == 0:
        return rng.choice(NOT_A_DICT)
    if how == 1:
        seats = range(len(game.table.seats))
        waiting = [s for s in seats if s not in game.to_act()]
        move["player"] = rng.choice([*waiting, -1, len(game.table.seats), 0.0, 1.0, True, "0"])
        if rng.random() < 0.2:
            del move["player"]
    elif how == 2:
        move["type"] = rng.choice(["", "ROLL", "cheat", "_apply", "__class__", 5, None, []])
        if rng.random() < 0.2:
            del move["type"]
    elif how == 3 and fields:
        move[rng.choice(fields)] = hostile(rng, ids)
    elif how == 4 and fields:
        del move[rng.choice(fields)]
    elif how == 5:
        move[rng.choice(["extra", "seconds", "text", "mark", "card", "x" * 40])] = hostile(rng, ids)
    elif how == 6 and fields:
        move[rng.choice(fields)] = rng.choice(DEEP)
    elif how == 7 and fields:
        move[rng.choice(fields)] = rng.choice(ids) if ids else "ZZZ"
    elif fields:
        key = rng.choice(fields)
        if isinstance(move[key], list):
            move[key] = [hostile(rng, ids) if rng.random() < 0.5 else v for v in move[key]]
        else:
            move[key] = rng.choice(NUMBERS)
    else:
        move[rng.choice(["card", "level", "answer"])] = hostile(rng, ids)
    return move


def send(game: Game, move: Any, report: Report, label: str) -> bool:
    """Apply ``move``; check the refusal changed nothing. True when the move was accepted."""
    report.actions += 1
    before = game.to_json()
    try:
        legal = game.is_legal(move)
    except Exception as exc:  # any other error is the bug we look for
        report.crashes.append(f"{label}: is_legal({short(move)}) raised {exc!r}")
        return False
    try:
        game.apply(move)
    except IllegalAction as exc:
        if game.to_json() != before:
            report.crashes.append(f"{label}: refusing {short(move)} changed the game")
        if legal:
            report.crashes.append(f"{label}: is_legal said yes, apply refused {short(move)}")
        if str(exc).startswith(CATCH_ALL):
            report.crashes.append(f"{label}: {short(move)} reached a raw {exc.__cause__!r}")
        return False
    except Exception as exc:
        report.crashes.append(f"{label}: {short(move)} raised {exc!r}")
        if game.to_json() != before:
            report.crashes.append(f"{label}: the failed {short(move)} changed the game")
        return False
    if not legal:
        report.crashes.append(f"{label}: is_legal said no, apply took {short(move)}")
    return True


def fuzz(target: Target, actions: int, seed: int = 0) -> Report:
    """Send at least ``actions`` moves to games of ``target``, one game after another."""
    report = Report(target.name)
    rng = random.Random(seed)
    number = 0
    while report.actions < actions and len(report.crashes) < 20:
        game_seed = seed * 10_000 + number
        number += 1
        game = target.new_game(game_seed)
        bots = {s: target.new_bot(game_seed * 7 + s) for s in range(len(game.table.seats))}
        ids = target.ids(game)
        moves = 0
        label = f"{target.name} seed {game_seed}"
        while not game.is_terminal() and report.actions < actions:
            if moves >= target.max_moves:
                report.stuck.append(f"{label}: no end after {moves} moves ({game.phase})")
                break
            acting = game.to_act()
            options = {p: game.legal_actions(p) for p in acting}
            if not any(options.values()):
                report.stuck.append(f"{label}: nobody in {acting} has a move ({game.phase})")
                break
            for odd in (1.0, True, "0", -1, 99, [0]):
                try:
                    listed = game.legal_actions(odd)  # type: ignore[arg-type]
                except Exception as exc:
                    report.crashes.append(f"{label}: legal_actions({odd!r}) raised {exc!r}")
                    continue
                if listed:
                    report.crashes.append(f"{label}: legal_actions({odd!r}) lists moves")
            for viewer in (*acting, None):
                try:
                    game.view(viewer)
                except Exception as exc:
                    report.crashes.append(f"{label}: view({viewer}) raised {exc!r}")
            seat = rng.choice([p for p in acting if options[p]])
            sample = rng.sample(options[seat], min(3, len(options[seat])))
            if not all(game.is_legal(a) for a in sample):
                report.stuck.append(f"{label}: a listed move is refused: {short(sample)}")
                break
            for _ in range(rng.randint(1, 3)):
                free = target.free(game, rng.choice(options[seat]), rng)
                move = free if free is not None else broken_move(rng, game, sample[0], ids)
                report.broken += 1
                if send(game, move, report, label):
                    report.accepted += 1
                    break
                report.refused += 1
            else:
                if rng.random() < target.bot_share:
                    move = bots[seat].choose(game, seat)
                else:
                    move = rng.choice(sample)
                if send(game, move, report, label):
                    report.legal_moves += 1
                else:
                    report.stuck.append(f"{label}: the legal move {short(move)} was refused")
                    break
            moves += 1
        if game.is_terminal():
            report.games_finished += 1
            if game.legal_actions() or any(game.legal_actions(p) for p in range(8)):
                report.stuck.append(f"{label}: moves listed after the end")
            if send(game, sample[0], report, label):
                report.crashes.append(f"{label}: a move was taken after the end")
            if game.replay().to_json() != game.to_json():
                report.crashes.append(f"{label}: replaying the log gives another game")
    return report
