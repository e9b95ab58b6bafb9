"""Checks every game screen (``geoteach.ui.shell.Screen``) must pass, for the games' tests."""

from __future__ import annotations

import asyncio
from typing import Any


async def verdict_holds_the_computers_and_skip_plays_them(ui: Any) -> None:
    """With a verdict open (``ui.feedback.is_open``) in a running event loop: no computer
    moves until Continue; after it, with a slow pace, they wait until Skip plays them at once.
    """
    game = ui.game
    assert ui.feedback.is_open
    moves = len(game.log)
    ui.run_bots()
    await asyncio.sleep(0.3)
    assert len(game.log) == moves, "a computer moved while the verdict was open"
    ui.bot_delay = 30.0  # slow: only Skip makes them play now
    ui.feedback.continue_button.click()
    await asyncio.sleep(0.2)
    assert len(game.log) == moves, "a computer moved before its pause was over"
    ui.computer_log.skip_button.click()
    await ui.bot_task
    assert len(game.log) > moves, "Skip did not let the computers play"
