"""A class game whose pages speak different languages, in a real browser (issue 37): the
teacher's projector page at ``?lang=de``, a team's page at ``?lang=es`` (the join link the
projector shows carries no language: the team adds its own), one game. Each page says the room,
the seats and the same move in its own language; screenshots at 1366x768 are kept in the
artifacts folder (class-game-de-projector.png, class-game-es-device.png).
"""

from __future__ import annotations

from typing import Any

from tests.e2e.conftest import ARTIFACTS
from tests.e2e.test_class_game import DEVICE, RANK, _close, _no_errors, _open, _wait_logged


def _says(page: Any, words: str, timeout: float = 60.0) -> None:
    page.wait_for_function(
        "(w) => document.body.innerText.includes(w)", arg=words, timeout=timeout * 1000
    )


def test_the_teacher_in_german_and_a_team_in_spanish_play_one_game(browser, voila) -> None:
    projector = _open(browser, voila, "class_game.ipynb?lang=de", DEVICE)
    opened: list[Any] = [projector]
    try:
        projector.wait_for_selector(".gt-start", timeout=180_000)
        _says(projector, "Raum öffnen")
        assert projector.evaluate("document.documentElement.lang") == "de"
        projector.click(".gt-start")
        projector.wait_for_selector(".gt-room-code", timeout=60_000)
        code = projector.inner_text(".gt-room-code").strip()
        _says(projector, "Beigetretene Teams: 0 von 2")
        # The address the projector shows, as a team types it, with the team's own language.
        team = _open(browser, voila, f"join.ipynb?room={code}&lang=es", DEVICE)
        opened.append(team)
        team.wait_for_selector(".gt-join-seat-0", timeout=180_000)
        _says(team, "¿qué equipo sois?")
        assert team.evaluate("document.documentElement.lang") == "es"
        team.click(".gt-join-seat-0")
        team.wait_for_selector(".gt-banner", timeout=60_000)
        _says(team, "Juegas para")
        _says(projector, "Beigetretene Teams: 1 von 2")
        projector.screenshot(path=str(ARTIFACTS / "class-game-de-lobby.png"))
        projector.click(".gt-class-start")
        projector.wait_for_selector(".gt-banner", timeout=60_000)
        # The team's first move, by a click on its page; both pages log it in their language.
        team.wait_for_selector(RANK, timeout=60_000)
        team.locator(RANK).first.click()
        _wait_logged(team, 1, timeout=60)
        _wait_logged(projector, 1, timeout=60)
        said = {
            "es": team.inner_text(".gt-log ol li"),
            "de": projector.inner_text(".gt-log ol li"),
        }
        assert said["es"] != said["de"], said
        for page, language in ((team, "es"), (projector, "de")):
            _no_errors(page)
            body = page.inner_text("body")
            for english in (
                "Join the class game",
                "which team are you",
                "teams have joined",
                "You play for",
                "End the game",
                "Teams and devices",
            ):
                assert english not in body, (language, english)
        team.screenshot(path=str(ARTIFACTS / "class-game-es-device.png"))
        projector.screenshot(path=str(ARTIFACTS / "class-game-de-projector.png"))
    except BaseException:
        _close(opened, "languages", failed=True)
        raise
    _close(opened, "languages", failed=False)
