"""Dice: the ordinary d6 (Trivial Pursuit) and the dodecahedral d12 (Global Pursuit)."""

from __future__ import annotations

import random

D6 = 6
D12 = 12


def roll(rng: random.Random, sides: int = D6) -> int:
    """One roll of a fair die with ``sides`` faces, drawn from the game's own generator."""
    if sides not in (D6, D12):
        raise ValueError(f"geoteach has a 6-sided and a 12-sided die, not a {sides}-sided one.")
    return rng.randint(1, sides)


def roll_for_first(
    rng: random.Random, seats: list[int], sides: int = D6
) -> tuple[int, list[dict[int, int]]]:
    """Everyone rolls, the highest starts, tied players roll again (Trivial/Global Pursuit).

    Returns the starting seat and the rolls, round by round, so the table can be shown how it went.
    Each round is ``{seat: value}`` with int keys; JSON turns those keys into strings, so a game
    that keeps the rolls in its state should store ``sorted(round.items())`` instead.
    """
    if sides not in (D6, D12):
        raise ValueError(f"geoteach has a 6-sided and a 12-sided die, not a {sides}-sided one.")
    if not seats:
        raise ValueError("Nobody is at the table to roll for who starts.")
    contenders = list(seats)
    history: list[dict[int, int]] = []
    while True:
        rolls = {seat: roll(rng, sides) for seat in contenders}
        history.append(rolls)
        best = max(rolls.values())
        contenders = [seat for seat, value in rolls.items() if value == best]
        if len(contenders) == 1:
            return contenders[0], history
