"""Typed checks for the fields of a move, shared by every game's ``check``.

Python and JSON are lax about numbers: ``1.0 == 1``, ``True == 1`` and ``1.0 in range(5)`` are
all true, so a level of ``1.0`` or ``True`` passed a plain ``in (1, 2, 3)`` test and then broke
the game later. Every check here is exact: a whole number is an ``int`` (never a ``bool`` or a
``float``), a word is a ``str``, a list is a list. A missing field reads as ``None`` and fails
like a wrong one.

Before any of these run, ``Game.check`` has passed the move through ``base.plain_data``: it is
small plain JSON data, never nested thousands deep, never a number with thousands of digits.

Each check is a ``TypeGuard``: after ``if not whole(seat): raise ...`` the type checker knows
``seat`` is an ``int``.
"""

from __future__ import annotations

import math
from collections.abc import Collection
from typing import Any, TypeGuard


def whole(value: Any, allowed: Collection[int] | None = None) -> TypeGuard[int]:
    """A whole number (an ``int``: not ``True``, not ``1.0``), in ``allowed`` if given."""
    return type(value) is int and (allowed is None or value in allowed)


def word(value: Any, allowed: Collection[str] | None = None) -> TypeGuard[str]:
    """A text value (an id, a name, a choice), in ``allowed`` if given."""
    return type(value) is str and (allowed is None or value in allowed)


def typed(value: Any) -> TypeGuard[str]:
    """Text a person typed: a ``str`` with something in it besides spaces."""
    return type(value) is str and bool(value.strip())


def seconds(value: Any) -> TypeGuard[int | float]:
    """A time taken: a whole or decimal number of seconds, 0 or more (not ``True``)."""
    return type(value) in (int, float) and math.isfinite(value) and value >= 0


def words(
    value: Any, allowed: Collection[str], count: int
) -> TypeGuard[list[str] | tuple[str, ...]]:
    """A list of ``count`` different words, each in ``allowed`` (e.g. cards from a hand)."""
    return (
        isinstance(value, list | tuple)
        and len(value) == count
        and all(word(v, allowed) for v in value)
        and len(set(value)) == count
    )
