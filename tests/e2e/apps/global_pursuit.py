"""Global Pursuit by clicks: the first round, with three cards laid on the table canvas.

With ``seed=10`` the student ("You", against Robot Ada and Robot Ben, both medium) starts and
can match three cards in the first turn. Each card is laid as a student lays it: a click on the
card in the hand, a click on a numbered place on the table, a click on the edge of the faded
copy that must touch (when another edge touches now), then **Lay the card**. The questions are
answered by clicking the right option (multiple choice, the app's default), so the turn goes
on; the round ends when the computers have played their turns.

The driver knows where the cards fit because it plays the same game beside the browser: the
engine is deterministic for a seed and the same moves, and the computer players are seeded from
the game's seed. At every step it checks that the page shows the hand it expects.
"""

from __future__ import annotations

import json
from typing import Any

import numpy as np

from geoteach.bots.base import bots_for
from geoteach.bots.global_pursuit import GlobalPursuitBot
from geoteach.games.global_pursuit.engine import GlobalPursuit
from geoteach.games.global_pursuit.layout import Layout
from geoteach.games.table import Seat, Table
from geoteach.render.globe_cards import place_marks
from tests.e2e import pages
from tests.e2e.apps.harness import AppPage
from tests.waiting import until

SEED = 10
QUERY = f"seed={SEED}"
YOU = 0


def set_up(app: AppPage) -> None:
    app.choose(".gt-option-bot-delay", "fast")
    app.choose(".gt-option-challenge-seconds", "until I press No challenge")


class Replica:
    """The game the app plays, played beside it: the same table, seed, computers and moves."""

    def __init__(self) -> None:
        robots = [Seat(name, kind="bot", level="medium") for name in ("Robot Ada", "Robot Ben")]
        self.game = GlobalPursuit(Table([Seat("You"), *robots]), seed=SEED)
        self.bots = bots_for(
            self.game.table, lambda level, seed: GlobalPursuitBot(level, seed=seed), SEED
        )
        self.helper = GlobalPursuitBot("hard", seed=0)

    def apply(self, **move: Any) -> None:
        self.game.apply({"player": YOU, **move})
        self.run_bots()

    def run_bots(self) -> None:
        game = self.game
        while not game.is_terminal():
            seat = next((s for s in game.to_act() if s in self.bots), None)
            if seat is None:
                return
            game.apply(self.bots[seat].choose(game, seat))

    def lay(self) -> dict[str, Any] | None:
        """Where a card of the hand fits: the card, the numbered place, the edge that touches."""
        return card_that_fits(self.game, YOU, self.helper)


def card_that_fits(
    game: GlobalPursuit, seat: int, helper: GlobalPursuitBot
) -> dict[str, Any] | None:
    """A card of ``seat``'s hand that fits, as a student lays it: the card, the numbered place
    on the table, the edge that touches (None when the helper finds none)."""
    move = helper.choose(game, seat)
    if move["type"] != "place":
        return None
    view = game.view(seat)
    table = Layout([dict(c) for c in view["table"]], bounds=view["bounds"])
    target = table.slot(*move["at"])
    want = (target.turn0 - 2 * move["card_edge"]) % 10
    mark = next(
        m for m in place_marks(table.free_places()) if np.allclose(m.centre, (target.x, target.y))
    )
    slot = table.slot(mark.index, mark.edge)
    touching = next(k for k in range(5) if (slot.turn0 - 2 * k) % 10 == want)
    return {"card": move["card"], "mark": mark, "touching": touching}


def _selected(app: AppPage, selector: str) -> str:
    """The text of the option chosen in a drop-down of the controls ("" if none)."""
    box = app.page.locator(f"{selector} select")
    if not box.count():
        return ""
    return str(
        box.first.evaluate("s => s.selectedIndex < 0 ? '' : s.options[s.selectedIndex].text")
    )


def _touching_now(app: AppPage) -> str:
    active = app.page.locator(".gt-touching button.mod-active")
    return active.first.inner_text().strip() if active.count() else ""


def _wait_for_step(app: AppPage, selector: str, timeout: float = 120.0) -> None:
    """Wait for the control of the next step, pressing Continue on any verdict in the way."""

    def step_is_up() -> bool:
        if app.page.locator(f"{selector}:visible").count():
            return True
        if app.page.locator(".gt-continue:visible").count():
            app.check("verdict")
            app.click(".gt-continue")
        return False

    until(step_is_up, f"{selector!r} did not come up", timeout, 0.25, app.banner)


def lay_a_card(app: AppPage, replica: Replica, number: int) -> bool:
    """Lay the card the replica finds, by clicks only; False when no card fits."""
    move = replica.lay()
    _wait_for_step(app, ".gt-lay")
    hand = replica.game.hand(YOU)
    targets = app.targets()
    assert all(f"hand {card}" in targets for card in hand), (hand, sorted(targets))
    if move is None:
        app.click(".gt-cannot")
        replica.apply(type="pass")
        return False
    card, mark, touching = move["card"], move["mark"], move["touching"]
    if not _selected(app, ".gt-card-pick").endswith(f"card {int(card.split(':')[1]) + 1}"):
        app.click_canvas(f"hand {card}")
    if not _selected(app, ".gt-place").startswith(f"{mark.number}:"):
        app.click_canvas(f"place {mark.number}")
    if _touching_now(app) != str(touching + 1):
        app.click_canvas(f"ghost edge {touching + 1}")
    if number == 1:
        pages.settle(app.page, quiet=0.3, root=".gt-app")  # the canvas follows the change
        app.check("ghost")
    app.click(".gt-lay")
    replica.apply(type="place", card=card, at=[mark.index, mark.edge], card_edge=touching)
    return True


def answer(app: AppPage, replica: Replica, number: int) -> None:
    """Ask for a level 1 question and click the right option; read the verdict; Continue."""
    game = replica.game
    if game.phase == "roll":
        _wait_for_step(app, ".gt-roll")
        app.click(".gt-roll")
        replica.apply(type="roll")
    _wait_for_step(app, ".gt-ask")
    app.click(".gt-ask")
    replica.apply(type="level", level=1)
    question = game.current_question()
    assert question is not None
    right = f"button[title={json.dumps(question.answer)}]"
    _wait_for_step(app, right)
    if number == 1:
        app.check("question")
    app.click(right)
    replica.apply(type="answer", mark="right")
    app.wait_for(".gt-continue")
    assert "Right" in app.feedback(), app.feedback()
    assert question.answer in app.feedback()
    if number == 1:
        app.check("trivia-verdict")
    app.click(".gt-continue")
    if game.phase == "wild" and game.player == YOU:
        _wait_for_step(app, ".gt-no-wild")
        app.click(".gt-no-wild")
        replica.apply(type="no_wild")


def play_round(app: AppPage) -> None:
    replica = Replica()
    game = replica.game
    replica.run_bots()
    laid = answered = 0
    for _ in range(200):
        if game.is_terminal() or game.state["round"]["number"] > 1:
            break
        phase, acting = game.phase, game.to_act()
        if phase == "match" and game.player == YOU:
            if lay_a_card(app, replica, laid + 1):
                laid += 1
                if laid == 1:
                    app.wait_for(".gt-ask")
                    app.check("laid")
        elif phase in ("roll", "level") and game.player == YOU:
            answered += 1
            answer(app, replica, answered)
        elif phase == "challenge" and YOU in acting:
            _wait_for_step(app, ".gt-accept")
            app.wait_for("Challenge it, or let it stand?")
            pages.settle(app.page, quiet=0.3, root=".gt-app")  # between the clock's ticks
            app.check("challenge")
            app.click(".gt-accept")
            replica.apply(type="accept")
        elif phase == "return" and YOU in acting:
            card = game.hand(YOU)[0]
            _wait_for_step(app, ".gt-give-back")
            app.click_canvas(f"hand {card}")
            app.click(".gt-give-back")
            replica.apply(type="return", card=card)
        else:
            raise AssertionError(f"the replica waits for nobody: {phase}, {acting}")
    assert laid >= 3 and answered >= 1, (laid, answered)
    _wait_for_step(app, ".gt-lay" if game.player == YOU else ".gt-banner")
    app.wait_for(f"Round {game.state['round']['number']}")
    app.check("next-round")
