"""What the class service and a page's kernel say to each other, described once and checked on
both sides.

A class game has one authority, the referee (``geoteach.classroom.referee``), that holds the
only full game of each room. A page's kernel (the projector's, a team's device, a spectator's)
holds a room code, a credential and a connection (``geoteach.classroom.remote``): it asks, the
referee decides. Every request is one JSON object with a ``kind`` and the fields of that kind;
every reply is one JSON object, ``{"ok": ...}`` or ``{"error": {"kind": ..., "message": ...}}``.

Credentials, as boardgame.io checks them: a device sends its seat ``key`` (made when it took
the seat); the referee finds the seat from the key, never from the move. The teacher's pages
send the ``teacher`` credential (a secret of the server, or the hub's login); the host's rights
are the referee's own and never leave it.

Why plain dicts and ``TypedDict``s rather than a schema library: the kernels of students carry
no extra package, a message is a few small fields, and ``parse_request`` below checks each one's
type and size with the same plain sentence for anything malformed, oversized or unknown ("That
request is not one the class game knows"), so a hostile page learns nothing from the answer.
"""

from __future__ import annotations

import json
from typing import Any, Literal, NotRequired, TypedDict, cast

from geoteach.games.base import Action, CardBack, View
from geoteach.i18n import N_, Said
from geoteach.store.rooms import ACTION_MAX_BYTES, NICKNAME_MAX, SEATS_MAX, RoomError

#: The largest request the referee reads (a move is a few hundred bytes; a room's set-up, sent
#: once by the teacher, may carry a hand-written question deck).
REQUEST_MAX_BYTES = 2 * 1024 * 1024
#: Credentials are ``secrets.token_urlsafe`` strings; anything much longer is not one.
KEY_MAX = 128
CODE_MAX = 16
#: How long a page may ask the referee to wait for a change before it answers anyway.
WAIT_MAX_SECONDS = 30.0

Kind = Literal[
    "find",
    "take_seat",
    "events",
    "wait",
    "move",
    "open",
    "rooms",
    "teacher",
    "card_back",
    "record",
]
TeacherVerb = Literal[
    "pause", "resume", "end", "give_to_computer", "free_seat", "hand_seat", "rename", "start"
]
RefusalKind = Literal[
    "already_played", "illegal", "refused", "not_the_teacher", "not_your_seat", "too_fast", "room"
]
TEACHER_VERBS = frozenset(
    {"pause", "resume", "end", "give_to_computer", "free_seat", "hand_seat", "rename", "start"}
)


class WireError(RoomError):
    """A request the referee does not take: malformed, oversized, unknown, or with a wrong
    credential. The message is the same plain sentence for all of them."""


REFUSED = N_("That request is not one the class game knows. Reload the page and try again.")


class Request(TypedDict):
    """Every request: its ``kind`` and the fields that kind takes (see ``FIELDS``)."""

    kind: Kind
    code: NotRequired[str]
    key: NotRequired[str]
    teacher: NotRequired[str]
    seat: NotRequired[int]
    nickname: NotRequired[str | None]
    since: NotRequired[int]
    number: NotRequired[int]
    version: NotRequired[int]
    timeout: NotRequired[float]
    action: NotRequired[Action]
    game: NotRequired[str]
    setup: NotRequired[dict[str, Any]]
    verb: NotRequired[TeacherVerb]
    #: A device's hub login token (JupyterHub): the record keys the seat's answers by it.
    login: NotRequired[str]


class SeatInfo(TypedDict):
    seat: int
    name: str
    holder: str
    nickname: str | None
    is_bot: bool


class RoomInfo(TypedDict):
    """What anyone with the code may know of a room: the game, the seats, the status."""

    code: str
    game: str
    title: str
    table: dict[str, Any]
    status: str
    version: int
    seats: list[SeatInfo]
    moves: int
    opened: str


class Position(TypedDict):
    """What one page may know of the game after a move: drawn by its screen
    (``geoteach.classroom.remote.RemoteGame``). ``own`` is the seat's private view (None for a
    spectator and the projector); ``card_back`` only for the teacher, only while a team answers
    out loud; ``legal`` the moves the page's seat may make now. Views, moves and card backs are
    the games' own types (``geoteach.games.base``): the wire carries them as they are."""

    number: int
    phase: str
    to_act: list[int]
    terminal: bool
    scores: list[float]
    winners: list[int]
    public: View
    own: View | None
    legal: list[Action]
    card_back: CardBack | None


class Event(TypedDict):
    """One move as a page receives it: its number, the move, and the position it led to."""

    number: int
    action: Action
    position: Position


class Update(TypedDict):
    """The reply to ``events``, ``wait`` and ``move``: the room now, the moves since the page's
    count (each with the position it led to), and the page's position now."""

    room: RoomInfo
    events: list[Event]
    position: Position
    seat: int | None
    options: dict[str, Any]
    #: The set-up screen's plain choices (how answers are given, the pace), never the seed.
    values: dict[str, Any]
    #: The position before the first move (only when the page asked from move 0: a screen is
    #: drawn from it, then takes in the moves one by one).
    first: Position | None


#: The fields each kind takes, and their types (``int`` excludes ``bool``).
FIELDS: dict[str, dict[str, type | tuple[type, ...]]] = {
    "find": {"code": str},
    "take_seat": {"code": str, "seat": int, "nickname": (str, type(None)), "login": str},
    "events": {"code": str, "key": str, "teacher": str, "since": int},
    "wait": {
        "code": str,
        "key": str,
        "teacher": str,
        "since": int,
        "version": int,
        "timeout": (int, float),
    },
    "move": {"code": str, "key": str, "teacher": str, "number": int, "action": dict},
    "open": {"teacher": str, "game": str, "setup": dict},
    "rooms": {"teacher": str},
    "teacher": {
        "teacher": str,
        "code": str,
        "verb": str,
        "seat": int,
        "nickname": (str, type(None)),
    },
    "card_back": {"teacher": str, "code": str},
    "record": {"teacher": str},
}
#: Fields a kind cannot do without.
REQUIRED: dict[str, frozenset[str]] = {
    "find": frozenset({"code"}),
    "take_seat": frozenset({"code", "seat"}),
    "events": frozenset({"code", "since"}),
    "wait": frozenset({"code", "since", "version"}),
    "move": frozenset({"code", "number", "action"}),
    "open": frozenset({"teacher", "game", "setup"}),
    "rooms": frozenset({"teacher"}),
    "teacher": frozenset({"teacher", "code", "verb"}),
    "card_back": frozenset({"teacher", "code"}),
    "record": frozenset({"teacher"}),
}
_LIMITS = {
    "code": CODE_MAX,
    "key": KEY_MAX,
    "teacher": KEY_MAX,
    "login": KEY_MAX,
    "nickname": 4 * NICKNAME_MAX,
}


def parse_request(data: Any) -> Request:
    """``data`` (bytes, text or an already parsed object) as a ``Request``, or ``WireError``.

    Everything a browser or a hostile kernel can send gets either a request the referee knows or
    the one plain refusal: unknown kinds and fields, wrong types (``True`` is not a seat), too
    long text, a move that is not a small JSON object, a request over ``REQUEST_MAX_BYTES``.
    """
    if isinstance(data, bytes | bytearray | str):
        if len(data) > REQUEST_MAX_BYTES:
            raise WireError(REFUSED)
        try:
            data = json.loads(data)
        except (ValueError, RecursionError) as exc:
            raise WireError(REFUSED) from exc
    if not isinstance(data, dict):
        raise WireError(REFUSED)
    kind = data.get("kind")
    if not isinstance(kind, str) or kind not in FIELDS:
        raise WireError(REFUSED)
    fields = FIELDS[kind]
    if set(data) - {"kind", *fields} or not REQUIRED[kind] <= set(data):
        raise WireError(REFUSED)
    for name, value in data.items():
        if name == "kind":
            continue
        wanted = fields[name]
        if isinstance(value, bool) or not isinstance(value, wanted):
            raise WireError(REFUSED)
        if isinstance(value, str) and len(value) > _LIMITS.get(name, 64):
            raise WireError(REFUSED)
        if isinstance(value, int) and not 0 <= value < 2**31:
            raise WireError(REFUSED)
    if kind in ("events", "wait", "move") and ("key" in data) == ("teacher" in data):
        raise WireError(REFUSED)  # a page is either a seat's (its key) or the teacher's
    if "seat" in data and not data["seat"] < SEATS_MAX:
        raise WireError(REFUSED)
    if kind == "teacher" and data["verb"] not in TEACHER_VERBS:
        raise WireError(REFUSED)
    if kind == "move" and len(_json(data["action"])) > ACTION_MAX_BYTES:
        raise WireError(REFUSED)
    if kind == "wait" and not 0 <= float(data["timeout"]) <= WAIT_MAX_SECONDS:
        raise WireError(REFUSED)
    return data  # type: ignore[return-value]  # each field checked above, in FIELDS' types


def _json(value: Any) -> str:
    try:
        return json.dumps(value)
    except (TypeError, ValueError, RecursionError) as exc:
        raise WireError(REFUSED) from exc


class SaidAgain(TypedDict):
    """A refusal's English sentence as its catalog template and fields, for each page to word
    in its own language (``geoteach.data.place_names.said_here``): for a sentence about a
    number of things its ``plural`` template and ``count``, and the fields the page names
    itself (``named``: field -> [kind, code], a place or a catalog's word; ``geoteach.i18n``'s
    ``place`` and ``word``)."""

    template: str
    fields: dict[str, str | int]
    plural: NotRequired[str]
    count: NotRequired[int]
    named: NotRequired[dict[str, list[str]]]


class Refusal(TypedDict):
    """Why a request was refused: its kind (``RefusalKind``), the sentence to show (English),
    ``say`` to word it in a page's language, and for a move already played (``already_played``)
    the moves the room has (``count``)."""

    kind: RefusalKind
    message: str
    count: NotRequired[int]
    say: NotRequired[SaidAgain]


class Reply(TypedDict, total=False):
    """Every reply: ``ok`` with the answer of the request's kind (a ``RoomInfo``, an
    ``Update``, a seat's key...), or ``error`` with a ``Refusal``; never both."""

    ok: Any
    error: Refusal


def error_reply(kind: RefusalKind, message: str, count: int | None = None) -> Reply:
    """The reply to a refused request: what kind of refusal and the sentence to show, in
    English. A sentence made with ``geoteach.i18n.said`` also sends its template and fields
    (``say``), so that each page words it in its own language, places named in it
    (``geoteach.data.place_names.said_here``); the referee itself never speaks a page's
    language."""
    refusal: Refusal = {"kind": kind, "message": str(message)}
    if count is not None:
        refusal["count"] = count
    if isinstance(message, Said):
        refusal["say"] = cast(SaidAgain, message.say())
    return {"error": refusal}


__all__ = [
    "FIELDS",
    "REFUSED",
    "Event",
    "Position",
    "Refusal",
    "Reply",
    "Request",
    "RoomInfo",
    "SeatInfo",
    "Update",
    "WireError",
    "error_reply",
    "parse_request",
]
