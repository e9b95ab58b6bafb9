"""The class game's pages in Spanish, French and German (issue 37): the teacher's page and a
team's page each speak their own language in one game, and no English sentence is left on
them; a move made on one device is worded by every page in that page's language.

In one process (a test) each page's work runs inside ``speaking(code)``, as each page's own
kernel would speak its language; the referee speaks English to all of them.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

import geoteach
from geoteach.games.table import Seat, Table
from geoteach.i18n import speaking
from geoteach.ui import safe
from geoteach.ui.class_game.host_app import ClassGameApp, not_the_teacher
from geoteach.ui.class_game.join import JoinApp
from tests.classroom.service import SECRET, play_bots, service, truth
from tests.globalissimo.test_in_spanish import page_text
from tests.languages import english_fragments

LOCALE = Path(geoteach.__file__).parent / "locale"


@pytest.fixture(autouse=True)
def _no_errors(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    monkeypatch.delenv("GEOTEACH_LESSON_RECORD", raising=False)
    safe.clear()
    yield
    geoteach.set_language(None)
    assert not safe.ERRORS, [f"{c.where}: {c.error!r}" for c in safe.ERRORS]


def said_in(code: str, page: Any, *expected: str, stored: str = "") -> str:
    """The page's words: each ``expected`` phrase there, and no English sentence but those of
    ``stored`` (words a record keeps in English, such as the questions asked)."""
    text = " ".join(page_text(page))
    left = sorted(f for f in english_fragments(code) if f in text and f not in stored)
    assert not left, f"English on the {code} page: {left}"
    for phrase in expected:
        assert phrase in text, (phrase, text[:2000])
    return text


def _host(store: Any, code: str) -> ClassGameApp:
    with speaking(code):
        host = ClassGameApp("globalissimo", connection=store, teacher=SECRET, large=False)
        values = host.setup_app.values()
        values.update(large=False, interactive=False, seed=7, bot_delay=0.0)
        host.open_room(Table([Seat("Team Amber"), Seat("Team Blue")]), values)
    return host


def _device(store: Any, code: str, room: str, seat: int) -> JoinApp:
    with speaking(code):
        device = JoinApp(connection=store, large=False)
        device.code_box.value = room
        device.enter_code()
        device.take_seat(seat)
    return device


def test_the_teacher_s_page_in_german_and_a_team_s_in_spanish(tmp_path: Path) -> None:
    store = service(tmp_path)
    with speaking("de"):
        host = ClassGameApp("globalissimo", connection=store, teacher=SECRET, large=False)
        said_in("de", host, "Spiel", "Raum öffnen")
        values = host.setup_app.values()
        values.update(large=False, interactive=False, seed=7, bot_delay=0.0)
        host.open_room(Table([Seat("Team Amber"), Seat("Team Blue")]), values)
        said_in("de", host, "Beigetretene Teams: 0 von 2", "frei: wartet auf ein Team")
        assert "gt-lang-de" in host._dom_classes
    room = host.remote.code
    with speaking("es"):
        device = JoinApp(connection=store, large=False)
        said_in("es", device, "Únete a la partida de clase", "Código de la partida")
        device.code_box.value = room
        device.enter_code()
        said_in("es", device, "¿qué equipo sois?", "Solo mirar")
        device.take_seat(0)
        said_in("es", device, "Juegas para", f"partida {room}")
        assert "gt-lang-es" in device._dom_classes
    with speaking("de"):
        host.follower.poll()
        said_in("de", host, "Beigetretene Teams: 1 von 2", "auf einem Gerät beigetreten")
        host.start_game()
        said_in("de", host, "Raum", "Pause", "Spiel beenden")
        host.toggle_pause()
        said_in("de", host, "Das Spiel ist angehalten.", "Weiter")
    with speaking("es"):
        device.follower.poll()
        said_in("es", device, "Tu profesor ha pausado la partida.")


def test_a_page_without_the_teacher_s_credential_says_so_in_its_language(
    tmp_path: Path,
) -> None:
    store = service(tmp_path)
    with speaking("fr"):
        page = ClassGameApp("globalissimo", connection=store, teacher="not-it", large=False)
        said_in("fr", page, "C'est la page de ton professeur")
        assert "teacher" not in not_the_teacher()


def test_two_pages_word_the_same_move_each_in_its_own_language(tmp_path: Path) -> None:
    store = service(tmp_path)
    host = _host(store, "de")
    room = host.remote.code
    pages = {"es": _device(store, "es", room, 0), "fr": _device(store, "fr", room, 1)}
    with speaking("de"):
        host.start_game()
    game = truth(host)
    seat = game.to_act()[0]
    mover = pages["es" if seat == 0 else "fr"]
    lines_before = {
        code: len(page.screen.computer_log.lines) for code, page in (*pages.items(), ("de", host))
    }
    with speaking(mover.language):
        mover.screen.parts.step_panel.rank_buttons[0].click()
    action = game.log[-1]
    play_bots(host)
    said: dict[str, str] = {}
    for code, page in (*pages.items(), ("de", host)):
        with speaking(code):
            page.follower.poll()
            said[code] = page.screen.computer_log.lines[lines_before[code]]
            said_in(code, page)
    with speaking("en"):
        english = host.screen.parts.describe(action)
    assert len({english, *said.values()}) == 4, (english, said)


def test_a_page_opened_before_its_link_arrived_speaks_the_link_s_language(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A kernel Voilà started ahead of the class makes the join page in English; the team's
    link (``?room=…&lang=fr``) arrives later and the page speaks French from then on."""
    from geoteach.ui.class_game.join import _take_link

    store = service(tmp_path)
    host = _host(store, "de")
    device = JoinApp(connection=store, large=False)
    assert device.code_box.description == "Game code"
    monkeypatch.setenv("QUERY_STRING", f"room={host.remote.code}&lang=fr")
    _take_link(device, {"code": host.remote.code})
    said_in("fr", device, "quelle équipe êtes-vous ?", "Juste regarder")
    assert device.code_box.description == "Code de la partie"
    assert "gt-lang-fr" in device._dom_classes and "gt-lang-en" not in device._dom_classes
