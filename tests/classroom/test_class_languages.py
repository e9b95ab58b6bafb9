"""The class game in several languages at once (issue 37): the referee speaks English to every
page, whatever each page speaks; each page words the referee's refusals in its own language.

The referee sends its sentence in English with its template and fields
(``geoteach.classroom.wire.error_reply``); a page words it again (``geoteach.i18n.reword``). A
page's language never reaches the referee: its decisions and the English it sends are the same
whichever language the process speaks.
"""

from __future__ import annotations

import itertools
from pathlib import Path
from typing import Any

import pytest

from geoteach.classroom.referee import Referee
from geoteach.classroom.remote import LocalConnection, RemoteRoom, answer
from geoteach.classroom.rooms import setup_of
from geoteach.games.base import IllegalAction
from geoteach.games.registry import GAMES
from geoteach.games.table import Seat, Table
from geoteach.i18n import N_, reword, said, speaking
from geoteach.store.rooms import RoomError, RoomStore
from tests.classroom.service import SECRET


def _conn(folder: Path) -> LocalConnection:
    """A referee on a SQLite store (the words do not depend on the store: one is enough)."""
    tick = itertools.count()
    store = RoomStore(f"sqlite:///{folder / 'rooms.sqlite'}")
    return LocalConnection(Referee(store, SECRET, clock=lambda: float(next(tick))))


def _open(conn: LocalConnection) -> str:
    entry = GAMES["globalissimo"]
    table = Table([Seat("Team Amber"), Seat("Team Blue")])
    game = entry.engine_class(table, seed=3, **dict(entry.short_game))
    info = answer(
        conn.call(
            {"kind": "open", "teacher": SECRET, "game": "globalissimo", "setup": setup_of(game)}
        )
    )
    answer(conn.call({"kind": "teacher", "teacher": SECRET, "code": info["code"], "verb": "start"}))
    return str(info["code"])


def test_a_said_sentence_is_english_and_keeps_its_template() -> None:
    text = said(N_("The game {code} has ended. Ask your teacher for the new code."), code="AB12CD")
    assert text == "The game AB12CD has ended. Ask your teacher for the new code."
    with speaking("de"):
        assert str(said(N_("Pick a team first."))) == "Pick a team first."  # never translated
        worded = reword(text, text.template, text.fields)
        assert worded == "Das Spiel AB12CD ist zu Ende. Frag deine Lehrkraft nach dem neuen Code."
        # A whole sentence the catalog has, without a template; fields that do not fit: English.
        assert reword("Pick a team first.") == "Wähle zuerst ein Team."
        assert reword(text, text.template, {"n": 1}) == text
        assert reword("Something no catalog has.") == "Something no catalog has."


@pytest.mark.parametrize(
    ("code", "expected"),
    [
        ("es", "No hay ninguna partida con el código CX4N7Q. Mira el código en el proyector."),
        ("fr", "Il n'y a pas de partie avec le code CX4N7Q. Vérifie le code au projecteur."),
        ("de", "Es gibt kein Spiel mit dem Code CX4N7Q. Schau dir den Code am Beamer an."),
    ],
)
def test_a_wrong_code_is_refused_in_the_page_language(
    tmp_path: Path, code: str, expected: str
) -> None:
    conn = _conn(tmp_path)
    with speaking(code):
        reply = conn.call({"kind": "find", "code": "CX4N7Q"})
        # The referee's own words stay English, whatever the page (or the process) speaks.
        assert reply["error"]["message"] == (
            "There is no game with the code CX4N7Q. Check the code on the projector."
        )
        with pytest.raises(RoomError) as refused:
            answer(reply)
    assert str(refused.value) == expected


def test_two_pages_in_two_languages_are_refused_the_same_move_each_in_its_own(
    tmp_path: Path,
) -> None:
    conn = _conn(tmp_path)
    code = _open(conn)
    keys = {
        s: answer(conn.call({"kind": "take_seat", "code": code, "seat": s}))["key"] for s in (0, 1)
    }
    pages = {s: RemoteRoom(conn, code, key=k) for s, k in keys.items()}
    said_to: dict[str, Any] = {}
    for seat, language in ((0, "es"), (1, "de")):
        with speaking(language):
            with pytest.raises(RoomError) as taken:
                answer(conn.call({"kind": "take_seat", "code": code, "seat": 1 - seat}))
            said_to[language] = str(taken.value)
            with pytest.raises(IllegalAction) as other:
                # A move for the other team's seat: refused by the referee, whoever asks.
                pages[seat].propose({"player": 1 - seat, "type": "rank", "card": 0, "place": 1})
            said_to[language + " move"] = str(other.value)
    assert said_to["es"].startswith("Otro dispositivo ya juega en el puesto 2.")
    assert said_to["de"].startswith("Ein anderes Gerät spielt schon auf Platz 1.")
    assert said_to["es move"] == "Este dispositivo solo juega para Team Amber."
    assert said_to["de move"] == "Dieses Gerät spielt nur für Team Blue."
