"""A kernel started before the class arrived learns its page's address when the page opens.

Voilà's preheated kernels (``tasks.py voila --ready``) run an app's cell with nobody there; the
page's address (``?seed=``, ``?large=1``, a class game's ``?room=``) arrives later over Voilà's
``/voila/query/<kernel id>`` websocket. Here a small websocket server stands in for Voilà and
sends what Voilà sends: the app must deal the seed's cards, take large text, open the room,
and the explicit arguments of the notebook's cell still win.
"""

from __future__ import annotations

import json
import os
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import pytest
from websockets.sync.server import serve

from geoteach.ui import page_request
from geoteach.ui.apps import app
from geoteach.ui.class_game.join import join_app

KERNEL = "5f0c3a52-6b8e-4a3e-9d55-0123456789ab"


@contextmanager
def voila_query(info: dict[str, str]) -> Iterator[dict[str, Any]]:
    """A stand-in for Voilà's query socket: sends ``info`` to the kernel that connects."""
    seen: dict[str, Any] = {"paths": []}

    def handler(socket: Any) -> None:
        seen["paths"].append(socket.request.path)
        socket.send(json.dumps(info))

    with serve(handler, "127.0.0.1", 0) as server:
        thread = threading.Thread(target=server.serve_forever, daemon=True)
        thread.start()
        seen["port"] = server.socket.getsockname()[1]
        try:
            yield seen
        finally:
            server.shutdown()
            thread.join(5)


def _preheated(monkeypatch: pytest.MonkeyPatch, port: int) -> None:
    monkeypatch.setenv("VOILA_PREHEAT", "True")
    monkeypatch.setenv("VOILA_KERNEL_ID", KERNEL)
    monkeypatch.setenv("VOILA_APP_PORT", str(port))
    monkeypatch.setenv("VOILA_SERVER_URL", "/")
    monkeypatch.delenv("VOILA_APP_IP", raising=False)
    monkeypatch.delenv("QUERY_STRING", raising=False)


def test_the_address_comes_from_voilas_query_socket(monkeypatch: pytest.MonkeyPatch) -> None:
    with voila_query({"QUERY_STRING": "seed=42&large=1", "SCRIPT_NAME": "/x"}) as voila:
        _preheated(monkeypatch, voila["port"])
        found = page_request.wait_for_page(timeout=10)
    assert found["QUERY_STRING"] == "seed=42&large=1"
    assert voila["paths"] == [f"/voila/query/{KERNEL}"]
    assert os.environ["QUERY_STRING"] == "seed=42&large=1"


def test_the_query_address_follows_voilas_settings() -> None:
    env = {
        "VOILA_KERNEL_ID": KERNEL,
        "VOILA_APP_IP": "::1",
        "VOILA_APP_PORT": "9000",
        "VOILA_SERVER_URL": "/school/",
    }
    assert page_request.query_url(env) == f"ws://[::1]:9000/school/voila/query/{KERNEL}"
    with pytest.raises(page_request.PageRequestError, match="which kernel"):
        page_request.query_url({})


def test_a_preheated_student_app_takes_the_links_seed_and_large_text(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    with voila_query({"QUERY_STRING": "seed=42&large=1"}) as voila:
        _preheated(monkeypatch, voila["port"])
        student = app("globalissimo")
    assert (student.seed, student.large) == (42, True)
    student.setup.start.click()
    screen = student.screen
    assert screen is not None and screen.large_toggle.value is True
    assert screen.game.seed == 42


def test_the_cells_own_settings_win_over_the_link(monkeypatch: pytest.MonkeyPatch) -> None:
    with voila_query({"QUERY_STRING": "seed=42"}) as voila:
        _preheated(monkeypatch, voila["port"])
        student = app("globalissimo", seed=7, large=True)
    assert (student.seed, student.large) == (7, True)


def test_a_kernel_started_for_its_page_reads_the_address_at_once(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.delenv("VOILA_PREHEAT", raising=False)
    monkeypatch.setenv("QUERY_STRING", "seed=5")
    assert page_request.after_page_opens(lambda: pytest.fail("nothing to wait for")) is False
    assert app("globalissimo").seed == 5


def test_voila_gone_leaves_the_app_working_without_the_link(
    monkeypatch: pytest.MonkeyPatch, capfd: pytest.CaptureFixture[str]
) -> None:
    with voila_query({}) as voila:
        port = voila["port"]
    _preheated(monkeypatch, port)  # nobody listens there any more
    student = app("globalissimo")
    assert (student.seed, student.large) == (None, False)
    assert "starts without the link's settings" in capfd.readouterr().err


def test_the_wait_runs_after_the_cell_has_shown_its_output(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """In a kernel the wait is IPython's post_run_cell: the cell's display has gone out first,
    and the wait happens once, not after every later cell."""
    from IPython.core.interactiveshell import InteractiveShell

    shell = InteractiveShell.instance()
    order: list[str] = []
    monkeypatch.setattr(page_request, "_shell", lambda: shell)
    monkeypatch.setattr(page_request, "wait_for_page", lambda: order.append("waited") or {})
    monkeypatch.setenv("VOILA_PREHEAT", "True")
    shell.user_ns["ORDER"] = order
    try:
        shell.run_cell(
            "from geoteach.ui import page_request as pr\n"
            "pr.after_page_opens(lambda: ORDER.append('took the link'))\n"
            "ORDER.append('cell ran')",
            store_history=False,
        )
        shell.run_cell("1 + 1", store_history=False)
    finally:
        InteractiveShell.clear_instance()
    assert order == ["cell ran", "waited", "took the link"]


def test_a_preheated_join_page_opens_the_room_of_its_link(
    monkeypatch: pytest.MonkeyPatch, tmp_path
) -> None:
    from geoteach.classroom.rooms import setup_of
    from geoteach.games.table import Seat, Table
    from geoteach.ui.registry import SCREENS
    from tests.classroom.service import SECRET, service

    store = service(tmp_path)
    entry = SCREENS["globalissimo"]
    table = Table([Seat("Team Amber"), Seat("Team Blue")])
    game = entry.new_game(table, {"rounds": 2, "honor": False})
    opened = store.call(
        {"kind": "open", "teacher": SECRET, "game": "globalissimo", "setup": setup_of(game)}
    )
    code = opened["ok"]["code"]
    with voila_query({"QUERY_STRING": f"room={code}&large=1"}) as voila:
        _preheated(monkeypatch, voila["port"])
        device = join_app(connection=store)
    assert device.code_box.value == code
    assert device.large is True
    labels = [b.description for b in device.seat_buttons.children]
    assert any("Team Amber" in label for label in labels), labels
