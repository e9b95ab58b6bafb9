import time
from tests.e2e.apps import harness
from tests.e2e.conftest import ARTIFACTS

def test_large(browser, voila):
    app = harness.open_app(browser, voila, "globe_works", "seed=11&large=1")
    app.page.set_viewport_size({"width": 1920, "height": 1080})
    app.choose(".gt-option-bot-delay", "fast")
    harness.start_game(app)
    app.wait_for(".gt-play")
    time.sleep(3)
    app.page.screenshot(path=str(ARTIFACTS / "tmp-large-1920.png"))
    app.page.set_viewport_size({"width": 1366, "height": 768})
    app.click(".gt-large-toggle")
    time.sleep(3)
    app.page.screenshot(path=str(ARTIFACTS / "tmp-normal-1366.png"))
