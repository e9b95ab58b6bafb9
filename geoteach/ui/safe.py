"""Errors inside widget callbacks, shown at the table instead of lost in the kernel log.

ipywidgets swallow exceptions raised in ``on_click``/``observe`` callbacks: the class sees a
button that does nothing. ``safe`` catches them, shows a friendly message, and records the
unexpected ones in ``ERRORS`` so a test can assert that none happened.
"""

from __future__ import annotations

import functools
import logging
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Protocol, TypeVar, cast

import ipywidgets as widgets

from geoteach.data.place_names import said_here
from geoteach.games.base import IllegalAction, NotASave, SaveError
from geoteach.i18n import Said, _

log = logging.getLogger("geoteach.ui")

F = TypeVar("F", bound=Callable[..., Any])

#: Errors that are the player's, not the program's: their message is shown as it is (a save
#: file another notebook writes is one: the message says what to do).
PLAYER_ERRORS: tuple[type[BaseException], ...] = (IllegalAction, NotASave, SaveError)


@dataclass
class Caught:
    """One exception caught in a callback."""

    where: str
    error: BaseException
    message: str


#: Unexpected errors caught in callbacks (a test asserts this stays empty).
ERRORS: list[Caught] = []
#: Player errors (an illegal move, a wrong file) that were shown: expected during play.
REJECTED: list[Caught] = []


class _Shows(Protocol):
    def error(self, text: str) -> None: ...


Show = _Shows | Callable[[str], Any] | None


def is_for_players(error: BaseException, expected: tuple[type[BaseException], ...] = ()) -> bool:
    """True for an error whose message is written for the players: the engines' refusals, the
    saves', and any error class that says so (``for_players = True``: the class game's room
    errors, whose module is not imported until a class game is played)."""
    return isinstance(error, PLAYER_ERRORS + expected) or bool(
        getattr(type(error), "for_players", False)
    )


def friendly_message(error: BaseException, expected: tuple[type[BaseException], ...] = ()) -> str:
    """What the table reads: a player error in the page's language, anything else as
    "Something went wrong".

    An engine refuses a move in English with the sentence's template and fields kept
    (``geoteach.i18n.said``): the page words it again, its places named in its language
    (``geoteach.data.place_names.said_here``, as a class game's page does with the referee's).
    It does not promise that the game is unchanged: a callback may fail after its move was
    made (while drawing the new state), and a player must not be told the move never happened.
    """
    if is_for_players(error, expected):
        first = error.args[0] if len(error.args) == 1 else None
        return said_here(first if isinstance(first, Said) else str(error))
    # The detail is Python's own words (English): what the teacher passes on to whoever helps.
    detail = str(error) or type(error).__name__
    return _("Something went wrong: {detail}. Tell your teacher.").format(detail=detail)


def report(
    error: BaseException,
    show: Show = None,
    where: str = "",
    expected: tuple[type[BaseException], ...] = (),
) -> str:
    """Show ``error`` through ``show`` (a MessageLine or a function) and record it."""
    message = friendly_message(error, expected)
    caught = Caught(where, error, message)
    if is_for_players(error, expected):
        REJECTED.append(caught)
    else:
        ERRORS.append(caught)
        log.error("error in %s", where or "a widget callback", exc_info=error)
    if show is not None:
        # A MessageLine (its error method) or a plain function: both take the message.
        shower = cast(Callable[[str], Any], getattr(show, "error", show))
        try:
            shower(message)
        except Exception as exc:  # the display itself failed: keep it in the record
            ERRORS.append(Caught(f"showing an error from {where}", exc, str(exc)))
    return message


def safe(
    func: F | None = None,
    *,
    show: Show = None,
    expected: tuple[type[BaseException], ...] = (),
) -> Any:
    """Wrap a callback so its exceptions are shown and recorded, never raised.

    Use as ``@safe``, ``@safe(show=messages)`` or ``button.on_click(safe(f, show=messages))``.
    ``expected`` adds exception types whose message is meant for players (shown as it is).
    """

    def wrap(f: F) -> F:
        # repr only when there is no name: a widget's method's repr is the widget's whole tree
        # (every child's state), which cost a game screen tens of milliseconds at Start.
        where = getattr(f, "__qualname__", None) or repr(f)

        @functools.wraps(f)
        def wrapper(*args: Any, **kwargs: Any) -> Any:
            try:
                return f(*args, **kwargs)
            except Exception as exc:
                report(exc, show, where, expected)
                return None

        return wrapper  # type: ignore[return-value]

    return wrap(func) if func is not None else wrap


def on_click(button: widgets.Button, handler: Callable[[], Any], show: Show = None) -> None:
    """``button.on_click`` for a handler without arguments, made safe."""
    guarded = safe(handler, show=show)
    button.on_click(lambda _button: guarded())


def clear() -> None:
    """Forget recorded errors (tests call this before each test)."""
    ERRORS.clear()
    REJECTED.clear()
