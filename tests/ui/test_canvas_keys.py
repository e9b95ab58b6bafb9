"""The live maps' keyboard fix reaches JupyterLab only (Voilà's page carries it itself)."""

from __future__ import annotations

import pytest

from geoteach.ui import canvas_keys


def test_the_script_is_the_kits_file_and_runs_once_a_page() -> None:
    text = canvas_keys.script()
    assert "window.gtCanvasKeys" in text  # a second copy on the same page does nothing
    assert "</script" not in text  # it is sent inside a <script> element
    # What it does: canvases out of the tab order, named images, Tab and Escape let through.
    for needle in ("'tabindex', '-1'", "'role', 'img'", "'Tab'", "'Escape'", "stopPropagation"):
        assert needle in text


def test_nothing_is_sent_outside_a_jupyterlab_kernel(monkeypatch: pytest.MonkeyPatch) -> None:
    assert canvas_keys.in_lab_kernel() is False  # pytest: no kernel
    assert canvas_keys.send_to_lab() is False

    class Shell:
        kernel = object()

    monkeypatch.setattr("IPython.get_ipython", lambda: Shell())
    assert canvas_keys.in_lab_kernel() is True
    monkeypatch.setenv("VOILA_PREHEAT", "False")  # every kernel Voilà starts has it
    assert canvas_keys.in_lab_kernel() is False


def test_only_live_maps_ask_for_it(monkeypatch: pytest.MonkeyPatch) -> None:
    import matplotlib

    monkeypatch.setattr(matplotlib, "get_backend", lambda auto_select=True: "agg")
    assert canvas_keys.live_maps() is False
    monkeypatch.setattr(
        matplotlib, "get_backend", lambda auto_select=True: "module://ipympl.backend_nbagg"
    )
    assert canvas_keys.live_maps() is True
    sent = []
    monkeypatch.setattr(canvas_keys, "send_to_lab", lambda: sent.append(1) or True)
    assert canvas_keys.send_if_live() is True and sent == [1]
