"""The Globalissimo screen needs nothing but the public game API and the view.

The screen is built on ``PublicOnly(game)``, which raises on anything a screen may not read
(``game.state``, the atlas, the scoreboard, a private attribute), and a whole seeded game is
played through the screen's own controls: the rank buttons, the answer box, a click on the map,
the honor-mode buttons and Continue. A static check then reads the package's source: every
attribute it reads off the game is on the public list.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

import geoteach.ui.globalissimo as package
from geoteach.games.globalissimo import HURDLE, Globalissimo
from geoteach.games.table import Table
from geoteach.ui import safe
from geoteach.ui.globalissimo import GlobalissimoScreen
from tests.kit.public_api import PUBLIC, PublicOnly

SOURCE = Path(package.__file__).parent


@pytest.fixture(autouse=True)
def _no_errors():
    safe.clear()
    yield
    assert safe.ERRORS == []


def _play_to_the_end(ui: GlobalissimoScreen, game: Globalissimo) -> dict[str, int]:
    """Play every seat by the screen's controls; count what was done."""
    done = {"rank": 0, "typed": 0, "click": 0, "mark": 0}
    for _ in range(400):
        if game.is_terminal():
            break
        if ui.feedback.is_open:
            ui.feedback.continue_button.click()
        view = game.view(None)
        if view["phase"] == HURDLE:
            hurdle = view["hurdle"]
            if view["honor"]:
                ui.parts.step_panel.show_button.click()
                assert (
                    hurdle["name"] in ui.parts.step_panel.step.value
                    and "Accept:" in ui.parts.step_panel.honor_answer.value
                )
                (
                    ui.parts.step_panel.right_button
                    if done["mark"] % 2 == 0
                    else ui.parts.step_panel.wrong_button
                ).click()
                done["mark"] += 1
            elif hurdle["kind"] == "A" and done["click"] <= done["typed"]:
                ui.parts.click_country(hurdle["country"])  # a click on the country itself: right
                assert ui.feedback.text.startswith("Right!")
                done["click"] += 1
            else:
                ui.parts.step_panel.answer_text.value = "Paris" if hurdle["kind"] == "B" else "1"
                ui.parts.step_panel.answer_button.click()
                done["typed"] += 1
        else:
            picks = [value for _, value in ui.parts.step_panel.country_pick.options]
            assert picks == view["remaining_countries"]
            ui.parts.step_panel.country_pick.value = picks[-1]
            ui.parts.step_panel.rank_buttons[done["rank"] % view["n_ranks"]].click()
            done["rank"] += 1
    return done


@pytest.mark.parametrize("honor", [False, True], ids=["computer-checks", "honor"])
def test_a_whole_seeded_game_through_the_screen_on_the_public_api(honor: bool) -> None:
    real = Globalissimo(Table.of("Ana", "Ben", "Cleo"), seed=11, rounds=6, honor=honor)
    game = PublicOnly(real)
    ui = GlobalissimoScreen(game, bot_delay=0)
    done = _play_to_the_end(ui, real)
    assert real.is_terminal() and len(real.history) == 6
    assert done["rank"] == 6 * 3
    if honor:
        assert done["mark"] >= 2
    else:
        assert done["click"] >= 1 and done["typed"] >= 1
    # What the screen shows at the end agrees with the game.
    assert "The game is over" in ui.banner.value and "The game is over" in ui.feedback.text
    assert ui.controls.children == ()
    winner = real.table.name_of(real.winners()[0])
    assert winner in ui.leaders.value.split("<tbody>")[1].split("</tr>")[0]
    assert "R6" in ui.parts.sheet.value and "Score sheet" in ui.parts.sheet.value
    taken = sum(h["taken_by"] is not None for h in real.hurdles)
    assert sum(real.scoreboard.column("hurdles")) == taken
    if done["click"] or done["mark"]:  # a click on the card's country, a first mark: right
        assert taken > 0


def test_public_only_refuses_what_a_screen_may_not_read() -> None:
    """The stand-in really stops the reads this test is about (so the play-through can fail)."""
    game = PublicOnly(Globalissimo(Table.of("Ana", "Ben"), seed=1))
    for name in ("state", "atlas", "history", "round", "scoreboard", "_phase", "facing"):
        with pytest.raises(AttributeError, match="public game API"):
            getattr(game, name)


def game_reads(source: str) -> set[str]:
    """Every attribute read off the game in ``source``: ``self.game.x``, ``game.x``."""
    found: set[str] = set()
    for node in ast.walk(ast.parse(source)):
        if not isinstance(node, ast.Attribute):
            continue
        owner = node.value
        if (isinstance(owner, ast.Name) and owner.id == "game") or (
            isinstance(owner, ast.Attribute)
            and owner.attr == "game"
            and isinstance(owner.value, ast.Name)
            and owner.value.id == "self"
        ):
            found.add(node.attr)
    return found


def test_the_check_finds_a_read_of_the_state_or_a_private_attribute() -> None:
    reads = game_reads("def f(self, game):\n    self.game.state['x']\n    game._phase\n")
    assert reads == {"state", "_phase"}


def test_the_screen_source_reads_only_the_public_api_of_the_game() -> None:
    files = sorted(SOURCE.glob("*.py"))
    names = {f.name for f in files}
    assert names >= {"__init__.py", "screen.py", "board.py", "step.py", "wording.py", "cards.py"}
    reads: dict[str, set[str]] = {f.name: game_reads(f.read_text()) for f in files}
    everything = set().union(*reads.values())
    assert not any(name == "state" or name.startswith("_") for name in everything), reads
    assert everything <= PUBLIC, f"reads past the public API: {everything - PUBLIC}"
    assert {"view", "card_back"} <= everything  # the check does see the screen's reads
    # The panels draw from the view they are given and hand moves to ``on_move``: they hold no
    # game at all.
    for panel in ("board.py", "step.py"):
        tree = ast.parse((SOURCE / panel).read_text())
        names = {n.id for n in ast.walk(tree) if isinstance(n, ast.Name)}
        names |= {n.attr for n in ast.walk(tree) if isinstance(n, ast.Attribute)}
        names |= {a.arg for n in ast.walk(tree) if isinstance(n, ast.arguments) for a in n.args}
        assert "game" not in names, panel
    for f in files:
        assert ".state" not in f.read_text(), f"{f.name} mentions .state"
