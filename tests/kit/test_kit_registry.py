"""One registry of games: every entry resolves, and nothing else lists the games by hand.

A sixth game is one entry in ``geoteach.games.registry`` and one in each layer's registry above
it (``geoteach.bots.registry``, ``geoteach.lessons.registry``, ``geoteach.ui.registry``); the
apps, handouts, demo, report and kit tests read them. These tests fail when an entry names a
piece that is not there, when a notebook has no entry (or an entry no notebook), and when a
module under ``geoteach/`` starts its own list of games again.
"""

from __future__ import annotations

import ast
import json
import subprocess
import sys
from pathlib import Path

import pytest

from geoteach.bots.base import Bot
from geoteach.bots.registry import BOTS
from geoteach.games.base import Game, game_class
from geoteach.games.registry import GAMES, game_entry, game_title, load
from geoteach.games.table import Table
from geoteach.lessons.handouts import Handout
from geoteach.lessons.registry import LESSONS
from geoteach.ui.registry import SCREENS

ROOT = Path(__file__).resolve().parents[2]
NOTEBOOKS = ROOT / "notebooks"

#: Modules that may name more than one game, and why. Everything else gets the games from
#: the registry (an engine naming itself names one game only, and is not listed here).
ALLOWED = {
    "geoteach/games/registry.py": "the registry itself",
    "geoteach/bots/registry.py": "the registry's computer players",
    "geoteach/lessons/registry.py": "the registry's handouts and discussion questions",
    "geoteach/ui/registry.py": "the registry's screens",
    "geoteach/classroom/demo.py": "the demo's lesson plan: which games its class played when",
    "geoteach/lessons/deck_review.py": "reads the two trivia games' own question banks by name",
    "geoteach/classroom/asked.py": "words a record's rows again from each game's own ids",
}
#: Screen and bot modules named after the board game they are for, not the game's key.
MODULE_GAMES = {"pursuit": "geography_pursuit"}


@pytest.mark.parametrize("key", list(GAMES))
def test_every_piece_of_an_entry_resolves(key: str) -> None:
    entry = game_entry(key)
    parts = (entry, BOTS[key], SCREENS[key], LESSONS[key])
    for name, path in [item for part in parts for item in part.paths().items()]:
        assert load(path) is not None, f"{key}: {name} {path!r} names nothing"
    cls = entry.engine_class
    assert issubclass(cls, Game) and cls.name == key and game_class(key) is cls
    assert game_title(key) == cls.title()
    bot = BOTS[key].make_bot("easy", 3)
    assert isinstance(bot, Bot) and bot.level == "easy"
    assert callable(SCREENS[key].build_screen) and callable(load(BOTS[key].play))
    assert callable(SCREENS[key].new_game)
    handouts = load(LESSONS[key].handouts)()
    assert handouts and all(isinstance(h, Handout) for h in handouts)
    assert len({o.key for o in entry.options}) == len(entry.options)
    for option in entry.options:
        if option.kind == "choice":
            assert option.default in [value for _label, value in option.choices], option.key
        elif option.kind == "number":
            assert option.minimum <= option.default <= option.maximum, option.key
    table = Table.of(*[f"P{i}" for i in range(cls.min_seats if cls.min_seats > 1 else 2)])
    assert cls(table, seed=1, **entry.short_game).name == key


def test_every_layer_lists_the_same_games_in_the_same_order() -> None:
    """Each layer lists its own part of every game (no layer names one above it): a game
    missing from one of them would have no bot, screen or handouts."""
    for part in (BOTS, SCREENS, LESSONS):
        assert list(part) == list(GAMES)
        assert all(entry.key == key for key, entry in part.items())


@pytest.mark.parametrize("key", list(GAMES))
def test_every_entry_has_its_app_and_its_lesson_plan(key: str) -> None:
    entry = GAMES[key]
    app = json.loads((NOTEBOOKS / entry.app_notebook).read_text(encoding="utf-8"))
    code = "".join("".join(c["source"]) for c in app["cells"] if c["cell_type"] == "code")
    assert f'app("{key}")' in code
    assert (NOTEBOOKS / entry.lesson_plan).is_file()


def test_every_game_notebook_has_an_entry() -> None:
    # The class game's apps (the projector's and a team's) play any of several games.
    class_apps = {"play/class_game.ipynb", "play/join.ipynb"}
    apps = {f"play/{p.name}" for p in (NOTEBOOKS / "play").glob("*.ipynb")} - class_apps
    assert apps == {e.app_notebook for e in GAMES.values()}
    # Lesson plans are numbered 01-09; 00, 10 and 20 are the tour, the deck and the report.
    plans = {p.name for p in NOTEBOOKS.glob("0[1-9]_*.ipynb")}
    assert plans == {e.lesson_plan for e in GAMES.values()}


def test_an_unknown_game_is_named_with_the_games_there_are() -> None:
    with pytest.raises(ValueError, match="The games are: globalissimo, geotriple"):
        game_entry("monopoly")
    assert game_title("monopoly") == "monopoly"  # a record from another version of the kit


def test_importing_the_registry_loads_no_game_and_nothing_above_it() -> None:
    code = (
        "import sys, geoteach.games.registry as r\n"
        "names = [r.game_title(key) for key in r.GAMES]  # the report's list: no engine\n"
        "print(sorted(m for m in sys.modules if m.startswith('geoteach.') and m not in "
        "('geoteach._lazy', 'geoteach.i18n', 'geoteach.games', 'geoteach.games.registry')))"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "[]"


def _games_named(path: Path) -> set[str]:
    """The games a module names by hand: as a string ("globe_works") or by importing one
    game's own module (``geoteach.lessons.geotriple``, ``geoteach.ui.pursuit``)."""
    named = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        modules: list[str] = []
        if isinstance(node, ast.Constant) and node.value in GAMES:
            named.add(node.value)
        elif isinstance(node, ast.ImportFrom) and node.module:
            modules = [node.module, *(f"{node.module}.{a.name}" for a in node.names)]
        elif isinstance(node, ast.Import):
            modules = [a.name for a in node.names]
        for module in modules:
            parts = module.split(".")
            if len(parts) >= 3 and parts[0] == "geoteach":
                game = MODULE_GAMES.get(parts[2], parts[2])
                if game in GAMES:
                    named.add(game)
    return named


def test_no_module_lists_the_games_by_hand() -> None:
    lists = {}
    for path in sorted((ROOT / "geoteach").rglob("*.py")):
        where = path.relative_to(ROOT).as_posix()
        named = _games_named(path)
        if len(named) >= 2 and where not in ALLOWED:
            lists[where] = sorted(named)
    assert not lists, f"these modules list games by hand (read geoteach.games.registry): {lists}"


def test_the_list_check_finds_a_list(tmp_path: Path) -> None:
    source = tmp_path / "menu.py"
    source.write_text(
        'GAMES = ("geotriple", "globe_works")\nfrom geoteach.ui.pursuit import build_screen\n'
    )
    assert _games_named(source) == {"geotriple", "globe_works", "geography_pursuit"}
