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
from geoteach.data.place_names import place_name, said_here
from geoteach.games.base import Game, IllegalAction
from geoteach.games.registry import GAMES
from geoteach.games.table import Seat, Table
from geoteach.i18n import N_, Said, reword, said, said_again, speaking
from geoteach.store.rooms import RoomError, RoomStore
from tests.classroom.service import SECRET
from tests.languages import english_fragments


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
        worded = reword(text)
        assert worded == "Das Spiel AB12CD ist zu Ende. Frag deine Lehrkraft nach dem neuen Code."
        # As it came over the wire: the English and its ``say``.
        assert reword(said_again(str(text), text.say())) == worded
        # A whole sentence the catalog has, without a template; fields that do not fit: English.
        assert reword("Pick a team first.") == "Wähle zuerst ein Team."
        assert (
            reword(said_again(str(text), {"template": text.template, "fields": {"n": 1}})) == text
        )
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


# ----- the engines' refusals, each page in its own language ---------------------------------
#: The language of each seat's page.
SPEAKS = {0: "es", 1: "de", 2: "fr"}


def _pages(
    conn: LocalConnection, name: str, names: tuple[str, ...]
) -> tuple[Game, dict[int, RemoteRoom]]:
    """A started room of ``name`` with a page on every seat, and the same game kept here (the
    same seed and moves: the room's game), to find the moves the engine refuses."""
    entry = GAMES[name]
    game = entry.engine_class(Table([Seat(n) for n in names]), seed=3, **dict(entry.short_game))
    info = answer(
        conn.call({"kind": "open", "teacher": SECRET, "game": name, "setup": setup_of(game)})
    )
    code = info["code"]
    answer(conn.call({"kind": "teacher", "teacher": SECRET, "code": code, "verb": "start"}))
    keys = [
        answer(conn.call({"kind": "take_seat", "code": code, "seat": s}))["key"]
        for s in range(len(names))
    ]
    return game, {s: RemoteRoom(conn, code, key=k) for s, k in enumerate(keys)}


def _play(game: Game, pages: dict[int, RemoteRoom], move: dict[str, Any]) -> None:
    page = pages[move["player"]]
    page.catch_up()
    page.propose(move)
    game.apply(move)


def _refused(game: Game, pages: dict[int, RemoteRoom], move: dict[str, Any], code: str) -> str:
    """What the page of ``move``'s seat, speaking ``code``, shows when the referee refuses the
    move: the engine's refusal worded by that page (checked against the same refusal of the
    game kept here), with no English left in it."""
    with pytest.raises(IllegalAction) as here:
        game.check(move)
    kept = here.value.args[0]
    assert isinstance(kept, Said), f"a refusal that lost its template: {kept!r}"
    page = pages[move["player"]]
    page.catch_up()
    with speaking(code):
        with pytest.raises(IllegalAction) as there:
            page.propose(move)
        expected = said_here(kept)
    shown = str(there.value)
    assert shown == expected and shown != str(kept)
    assert not [bit for bit in english_fragments(code) if bit in shown], shown
    return shown


def _named(kind: str, code: str, english: str, language: str) -> str:
    name = place_name(kind, code, english, language)
    assert name != english, f"pick a place whose {language} name is not its English one"
    return name


def test_the_engines_refusals_reach_a_spanish_and_a_german_page_in_their_language(
    tmp_path: Path,
) -> None:
    """Refusals with values from four engines and the shared turn check, provoked by a page in
    Spanish (seat 0) and one in German (seat 1): each reads them in its language, places
    named in it (Natural Earth, CLDR), team names as typed."""
    conn = _conn(tmp_path)
    said_to: list[str] = []

    # Globalissimo: a country ranked twice; a number off the scale; a move out of turn.
    game, pages = _pages(conn, "globalissimo", ("Ana", "Ben"))
    first = game.legal_actions(0)[0]
    _play(game, pages, first)
    country = first["country"]
    english = game.atlas.names[country]
    again = dict(first, player=1, rank=2)
    shown = _refused(game, pages, again, "de")
    assert _named("country", country, english, "de") in shown and english not in shown
    said_to.append(shown)
    said_to.append(_refused(game, pages, dict(first, player=0), "es"))
    assert said_to[-1] == "No es el turno de Ana. Esperamos a: Ben."
    other = next(m for m in game.legal_actions(1) if m["country"] != country)
    shown = _refused(game, pages, dict(other, rank=99), "de")
    assert "1" in shown and str(len(game.round["countries"])) in shown
    said_to.append(shown)

    # GeoTriple: a state guessed twice, by each page.
    game, pages = _pages(conn, "geotriple", ("Ana", "Ben"))
    for seat, state, code in ((0, "NY", "es"), (1, "CA", "de")):
        while game.to_act() != [seat]:
            _play(game, pages, game.legal_actions(game.to_act()[0])[-1])
        guess = {"player": seat, "type": "guess", "state": state}
        _play(game, pages, guess)
        shown = _refused(game, pages, guess, code)
        english = game.names[state]
        assert _named("state", state, english, code) in shown and english not in shown
        said_to.append(shown)

    # Geography Pursuit: a move the die does not allow (a plural); a roll out of turn.
    game, pages = _pages(conn, "geography_pursuit", ("Ana", "Ben"))
    seat = game.to_act()[0]
    _play(game, pages, {"player": seat, "type": "roll"})
    roll = game.state["roll"]
    move = {"player": seat, "type": "move", "to": "nowhere"}
    shown = _refused(game, pages, move, SPEAKS[seat])
    assert str(roll) in shown
    said_to.append(shown)
    said_to.append(_refused(game, pages, {"player": 1 - seat, "type": "roll"}, SPEAKS[1 - seat]))

    # Globe Works: a capital's card whose region is not open (its city and its region).
    game, pages = _pages(conn, "globe_works", ("Ana", "Ben", "Cleo"))
    seat = game.to_act()[0]
    code = SPEAKS[seat]
    why = game.view(seat)["why_not_playable"]
    card = next(c for c, w in why.items() if isinstance(w, Said) and w.named.get("city"))
    shown = _refused(game, pages, {"player": seat, "type": "play", "card": card}, code)
    info = game.cards[card]
    assert _named("capital", info.iso3, info.city, code) in shown and info.city not in shown
    said_to.append(shown)

    assert len(said_to) == 8
