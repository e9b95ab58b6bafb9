"""A few real moves per game notebook, by clicking the widgets as a student would."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from tests.e2e import pages
from tests.waiting import until


def _visible(page: Any, text: str) -> Any | None:
    button = page.locator("button.jupyter-button:visible", has_text=text)
    return button.first if button.count() else None


def _try_click(button: Any) -> bool:
    """Click ``button``; False when it went away first (the computers finished their moves)."""
    from playwright.sync_api import TimeoutError as PlaywrightTimeout

    try:
        button.scroll_into_view_if_needed(timeout=3000)
        button.click(timeout=3000)
    except PlaywrightTimeout:
        return False
    return True


def _click_first_of(page: Any, *labels: str, timeout: float = 90) -> str:
    """Click the first of these buttons to show up (a computer may still be moving)."""

    def clicked() -> str | None:
        for label in labels:
            button = _visible(page, label)
            if button is not None and _try_click(button):
                return label
        return None

    return until(clicked, f"none of the buttons {labels} came up on the page", timeout=timeout)


def globalissimo(page: Any) -> None:
    # The student holds the checkered flag: pick the first country and put a number on it.
    before = pages.widget_text(page)
    rank = page.locator(".gt-rank:visible").first
    rank.scroll_into_view_if_needed()
    rank.click()
    pages.wait_text_with(page, before, "Globalissimo")


def geotriple(page: Any) -> None:
    # Stage 1: the student (the dealer) guesses the computer's state.
    box = page.locator("input[placeholder='Type a state']:visible").first
    box.scroll_into_view_if_needed()
    box.fill("Texas")
    box.press("Tab")
    before = pages.widget_text(page)
    _click_first_of(page, "Guess")
    pages.wait_text_with(page, before, "Texas")


def global_pursuit(page: Any) -> None:
    before = pages.widget_text(page)
    _click_first_of(page, "I cannot match", "No challenge", "Roll the die", "Ask me")
    pages.wait_text_change(page, before)


def geography_pursuit(page: Any) -> None:
    # Keyboard only: Tab reaches the die button, Enter rolls it. The computers may move first,
    # at their pace; "Skip ahead" lets them finish at once.

    def die_is_mine() -> Any | None:
        roll = _visible(page, "Roll the die")
        if roll is None:
            skip = _visible(page, "Skip ahead")
            if skip is not None:
                _try_click(skip)
        return roll

    roll = until(die_is_mine, "the die button never came to the student", timeout=90, every=0.5)
    before = pages.widget_text(page)
    roll.scroll_into_view_if_needed()
    roll.focus()
    page.keyboard.press("Enter")
    pages.wait_text_with(page, before, "rolled a")


def globe_works(page: Any) -> None:
    before = pages.widget_text(page)
    _click_first_of(page, "Draw from the draw pile")
    pages.wait_text_with(page, before, "Discard", "discard")


MOVES: dict[str, Callable[[Any], None]] = {
    "01_globalissimo.ipynb": globalissimo,
    "02_geotriple.ipynb": geotriple,
    "03_global_pursuit.ipynb": global_pursuit,
    "04_geography_pursuit.ipynb": geography_pursuit,
    "05_globe_works.ipynb": globe_works,
}
