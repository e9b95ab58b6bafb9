"""Screenshots of every student app's game screen in greyscale and at 200% zoom (issue 25).

Not a test: pictures for a person to look at (is anything said by colour alone? does anything
get cut off?). For each app in notebooks/play/ (the class game's two apps aside) it opens the
app in Voilà (this checkout's page template and settings), presses Start and saves:

* ``<app>-greyscale.png``: 1366×768 with ``filter: grayscale(1)`` on the page;
* ``<app>-zoom-200.png``: 200% zoom of 1366×768 (683×384 CSS pixels at twice the pixel
  density, so the picture is 1366×768 as the student sees it), the top of the page, and
  ``<app>-zoom-200-controls.png``, scrolled to the step's controls.

GeoTriple first makes one wrong guess, so its map shows the states still possible.

Run: ``python -m tests.e2e.a11y_screenshots [folder]`` (default /tmp/a11y-shots) with the kit's
environment (Voilà, Playwright, Debian's chromium).
"""

from __future__ import annotations

import contextlib
import importlib
import secrets
import sys
import tempfile
import time
from pathlib import Path

from playwright.sync_api import sync_playwright

from tests.e2e.apps import harness
from tests.e2e.conftest import (
    CHROMIUM,
    CHROMIUM_ARGS,
    ROOT,
    Server,
    _env,
    _start,
    free_port,
    voila_command,
)
from tests.e2e.servers import jupyter_env
from tests.e2e.test_student_apps import DRIVERS

GREY_CSS = "html { filter: grayscale(1) !important; }"


def voila(work: Path) -> tuple[Server, object]:
    import shutil

    shutil.copytree(ROOT / "notebooks", work / "notebooks")
    port, token = free_port(), secrets.token_hex(16)
    cmd = voila_command(port, token, work / "notebooks")
    proc = _start(cmd, port, work / "voila.log", jupyter_env(_env(work)))
    return Server(f"http://127.0.0.1:{port}", token, work, proc), proc


def game_screen(context: object, server: Server, key: str) -> harness.AppPage:
    driver = importlib.import_module(f"tests.e2e.apps.{key}")
    app = harness.open_app(context, server, key, getattr(driver, "QUERY", ""))
    harness.start_game(app)
    if key == "geotriple":  # one wrong guess: the map shows what is still possible
        with contextlib.suppress(AssertionError):
            app.click_canvas("TX", timeout=60)
            app.wait_for(".gt-continue", timeout=30)
            app.click(".gt-continue")
    app.page.wait_for_timeout(2500)
    return app


def main(out: Path) -> list[Path]:
    out.mkdir(parents=True, exist_ok=True)
    saved = []
    with tempfile.TemporaryDirectory() as tmp, sync_playwright() as pw:
        server, proc = voila(Path(tmp))
        browser = pw.chromium.launch(executable_path=str(CHROMIUM), args=CHROMIUM_ARGS)
        try:
            for key in DRIVERS:
                plain = browser.new_context(viewport=harness.VIEWPORT)
                app = game_screen(plain, server, key)
                app.page.add_style_tag(content=GREY_CSS)
                app.page.wait_for_timeout(500)
                saved.append(out / f"{key}-greyscale.png")
                app.page.screenshot(path=str(saved[-1]))
                app.page.close()
                plain.close()
                zoomed = browser.new_context(
                    viewport={"width": 683, "height": 384}, device_scale_factor=2
                )
                app = game_screen(zoomed, server, key)
                app.page.set_viewport_size({"width": 683, "height": 384})
                app.page.wait_for_timeout(1500)
                saved.append(out / f"{key}-zoom-200.png")
                app.page.screenshot(path=str(saved[-1]), full_page=True)
                # Voilà's page scrolls inside its own box: the step's controls, scrolled to.
                controls = app.page.locator(".gt-controls:visible").first
                if controls.count():
                    controls.scroll_into_view_if_needed()
                    app.page.wait_for_timeout(500)
                    saved.append(out / f"{key}-zoom-200-controls.png")
                    app.page.screenshot(path=str(saved[-1]))
                app.page.close()
                zoomed.close()
                print(f"{key}: saved", flush=True)
                time.sleep(1)
        finally:
            browser.close()
            proc.terminate()
            proc.wait(timeout=30)
    return saved


if __name__ == "__main__":
    for path in main(Path(sys.argv[1] if len(sys.argv) > 1 else "/tmp/a11y-shots")):
        print(path)
