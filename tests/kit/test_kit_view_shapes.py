"""Every game's view and moves are what their ``TypedDict``s say, checked on games its bots play.

The type checker (mypy, in the lint step) reads how a view is built, but much of a game's state
is plain JSON to it; this test reads the views themselves: every key and every value, nested
parts included, against the ``view`` method's declared return type.
"""

from __future__ import annotations

import functools
import importlib
import operator
import types
import typing
from typing import Any, Literal, NotRequired, Required, Union, get_args, get_origin

import pytest

from geoteach.games.registry import GAMES as ENTRIES
from tests.kit.five_games import GAMES, played


def problems(value: Any, shape: Any, where: str = "view") -> list[str]:
    """Where ``value`` is not of type ``shape`` (a TypedDict, a list, a union, a literal...)."""
    origin, args = get_origin(shape), get_args(shape)
    if shape is Any:
        return []
    if origin in (NotRequired, Required):
        return problems(value, args[0], where)
    if origin in (Union, types.UnionType):
        found = [problems(value, arg, where) for arg in args]
        return [] if any(not p for p in found) else min(found, key=len)
    if origin is Literal:
        return [] if value in args else [f"{where}: {value!r} is not one of {args}"]
    if typing.is_typeddict(shape):
        if not isinstance(value, dict):
            return [f"{where}: {type(value).__name__}, not a {shape.__name__}"]
        # Read here, not from __required_keys__: Python 3.11 cannot see NotRequired[...] in an
        # annotation left as text (``from __future__ import annotations``).
        hints = typing.get_type_hints(shape, include_extras=True)
        required = [
            k
            for k, hint in hints.items()
            if get_origin(hint) is Required
            or (shape.__total__ and get_origin(hint) is not NotRequired)
        ]
        out = [f"{where}: no {k!r}" for k in required if k not in value]
        out += [f"{where}: {k!r} is not in {shape.__name__}" for k in value if k not in hints]
        for key, item in value.items():
            if key in hints:
                out += problems(item, hints[key], f"{where}[{key!r}]")
        return out
    if origin in (list, tuple):
        if not isinstance(value, list | tuple):
            return [f"{where}: {type(value).__name__}, not a list"]
        items = args[:1] if origin is list or args[-1:] == (...,) else args
        if origin is tuple and len(items) > 1 and len(items) != len(value):
            return [f"{where}: {len(value)} items, not {len(items)}"]
        return [
            p
            for i, item in enumerate(value)
            for p in problems(item, items[min(i, len(items) - 1)], f"{where}[{i}]")
        ]
    if origin is dict:
        if not isinstance(value, dict):
            return [f"{where}: {type(value).__name__}, not a dict"]
        return [
            p
            for k, v in value.items()
            for p in problems(k, args[0], f"{where} key") + problems(v, args[1], f"{where}[{k!r}]")
        ]
    if shape is float:
        ok = isinstance(value, int | float) and not isinstance(value, bool)
    elif shape is int:
        ok = isinstance(value, int) and not isinstance(value, bool)
    elif shape is type(None):
        ok = value is None
    else:
        ok = isinstance(value, shape)
    return [] if ok else [f"{where}: {value!r} is not a {getattr(shape, '__name__', shape)}"]


@pytest.mark.parametrize("name", GAMES)
def test_views_have_their_declared_shape(name: str) -> None:
    shape = typing.get_type_hints(ENTRIES[name].engine_class.view)["return"]
    assert typing.is_typeddict(shape), f"{name}'s view() does not say its shape"
    seen: list[str] = []

    def look(game: Any, _action: Any) -> None:
        for seat in [None, *range(len(game.table.seats))]:
            seen.extend(problems(game.view(seat), shape, f"view({seat})"))

    game = played(name, moves=150, seed=5, on_move=look)
    look(game, None)
    assert not seen, "\n".join(sorted(set(seen))[:20])


def moves_of(name: str) -> tuple[Any, ...]:
    """The game's move types (``MOVES`` of ``geoteach.games.<name>.views``)."""
    moves: tuple[Any, ...] = importlib.import_module(f"geoteach.games.{name}.views").MOVES
    return moves


@pytest.mark.parametrize("name", GAMES)
def test_move_types_are_the_moves_the_game_takes(name: str) -> None:
    """Each move kind of ``move_fields`` has one ``TypedDict`` with exactly its fields."""
    described: dict[str, tuple[str, ...]] = {}
    for move in moves_of(name):
        hints = typing.get_type_hints(move)
        for kind in get_args(hints["type"]):
            assert kind not in described, f"{kind!r} has two move types"
            described[kind] = tuple(k for k in hints if k not in ("player", "type"))
    fields = ENTRIES[name].engine_class.move_fields
    assert {k: sorted(v) for k, v in described.items()} == {k: sorted(v) for k, v in fields.items()}


@pytest.mark.parametrize("name", GAMES)
def test_legal_moves_have_their_declared_shape(name: str) -> None:
    """Every move a game lists as legal (and its bots play) fits one of its move types."""
    any_move = functools.reduce(operator.or_, moves_of(name))
    seen: list[str] = []

    def look(game: Any, action: Any) -> None:
        seen.extend(problems(action, any_move, "played"))
        for seat in game.to_act():
            for move in game.legal_actions(seat):
                seen.extend(problems(move, any_move, f"legal {move.get('type')}"))

    played(name, moves=150, seed=6, on_move=look)
    assert not seen, "\n".join(sorted(set(seen))[:20])


def test_the_shape_check_finds_a_wrong_view() -> None:
    """The check above can fail: a missing key, an extra key, a wrong value are all found."""

    class Part(typing.TypedDict):
        seat: int
        note: NotRequired[str | None]

    assert problems({"seat": 1}, Part) == []
    assert problems({"seat": 1, "note": None}, Part) == []
    assert problems({}, Part) == ["view: no 'seat'"]
    assert problems({"seat": True}, Part) == ["view['seat']: True is not a int"]
    assert problems({"seat": 1, "hand": []}, Part) == ["view: 'hand' is not in Part"]
    assert problems([{"seat": 1}, {"seat": "2"}], list[Part]) == [
        "view[1]['seat']: '2' is not a int"
    ]
