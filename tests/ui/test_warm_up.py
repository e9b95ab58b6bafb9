"""The game screen loads once the set-up screen is on the page (issue 24: the set-up screen
first, ≤ 0.8 CPU-s of a kernel before it), and Start never depends on the page saying so."""

from __future__ import annotations

import threading
from collections.abc import Callable

import pytest

from geoteach.ui.apps import StudentApp, spec_for
from geoteach.ui.warm_up import WarmUp, in_voila_page
from tests.ui.test_accessibility_keyboard import page_script


def _work() -> tuple[list[str], threading.Event, Callable[[], None]]:
    done, gate = [], threading.Event()

    def work() -> None:
        gate.wait(5)
        done.append(threading.current_thread().name)

    return done, gate, work


def test_outside_a_voila_page_the_warm_up_begins_at_once(monkeypatch) -> None:
    monkeypatch.delenv("VOILA_PREHEAT", raising=False)
    assert not in_voila_page()
    done, gate, work = _work()
    warm = WarmUp(work, "warm up test")
    assert warm.begun
    gate.set()
    warm.finish()
    assert done == ["warm up test"]


def test_a_kernel_ready_before_the_class_warms_up_before_anyone_comes(monkeypatch) -> None:
    monkeypatch.setenv("VOILA_PREHEAT", "True")
    assert WarmUp(lambda: None, "x").begun


def test_in_a_voila_page_it_waits_for_the_page_then_runs_once(monkeypatch) -> None:
    monkeypatch.setenv("VOILA_PREHEAT", "False")  # Voilà sets it for every page's kernel
    assert in_voila_page()
    done, gate, work = _work()
    warm = WarmUp(work, "warm up test")
    assert not warm.begun and "gt-page-ready" in warm.signal._dom_classes
    assert warm.signal.layout.display == "none"  # no student sees or tabs to it
    warm.signal.click()  # the page script, once Start is shown
    warm.signal.click()  # a second view of the set-up screen: nothing more
    gate.set()
    warm.finish()
    assert done == ["warm up test"]


@pytest.mark.parametrize("signal", [True, False], ids=["page said it", "page never said"])
def test_start_works_whether_or_not_the_page_said_it_was_shown(monkeypatch, signal) -> None:
    monkeypatch.setenv("VOILA_PREHEAT", "False")
    app = StudentApp(spec_for("globalissimo"), seed=3)
    assert not app.warming.begun
    assert app.warming.signal in app.setup_screen.children
    if signal:
        app.warming.signal.click()
    app.option_boxes["bot_delay"][1].value = 3
    app.setup.start.click()
    assert app.screen is not None, app.messages.text


def test_the_page_script_says_once_when_the_set_up_screen_is_shown() -> None:
    script = page_script()
    said = script[script.index("button.gt-page-ready") :]
    said = said[: said.index("ready.click();") + len("ready.click();")]
    assert ":not([data-gt-sent])" in said and "setAttribute('data-gt-sent', '1')" in said
    assert "shown(start)" in said  # only once Start can be seen
