"""Layers only point down: no module of geoteach imports one of a higher layer.

From top to bottom: ui, lessons, classroom, render, bots, games, store, quiz, data. A layer may
import any layer below it and the top-level helpers (``geoteach.escape``, ``geoteach._lazy``,
``geoteach.i18n``), which anyone may import and which import no layer. Imports inside functions
count too: a lazy import is an arrow all the same. Games, store, quiz and data draw nothing, so
they never import matplotlib. The check reads the source (``ast``): nothing is imported to run it.
"""

from __future__ import annotations

import ast
import sys
from pathlib import Path

import pytest

PACKAGE = Path(__file__).resolve().parents[1] / "geoteach"

#: Top to bottom. Each package's ``__init__`` docstring says the same.
LAYERS: tuple[str, ...] = (
    "ui",
    "lessons",
    "classroom",
    "render",
    "bots",
    "games",
    "store",
    "quiz",
    "data",
)
#: Modules at the top of the package that every layer may import; they import no layer.
HELPERS: frozenset[str] = frozenset({"escape", "_lazy", "i18n"})
#: Layers that draw nothing: matplotlib is not theirs to import.
NO_DRAWING: frozenset[str] = frozenset({"bots", "games", "store", "quiz", "data"})

#: Known arrows that point up, each with why it is still there and whose work removes it.
#: ``(importing module, imported module)``, both relative to ``geoteach/``. Empty now: keep it
#: so, or write down here why not.
ALLOWED: dict[tuple[str, str], str] = {}


def layer_of(module: str) -> str | None:
    """``"games"`` for ``geoteach.games.base``; ``None`` for the package itself."""
    parts = module.split(".")
    return parts[1] if len(parts) > 1 and parts[0] == "geoteach" else None


def module_name(path: Path) -> str:
    parts = path.relative_to(PACKAGE.parent).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def imports_of(path: Path) -> list[tuple[int, str]]:
    """Every module ``path`` imports, anywhere in it, as ``(line, absolute name)``."""
    name = module_name(path)
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    found: list[tuple[int, str]] = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"), str(path))):
        if isinstance(node, ast.Import):
            found += [(node.lineno, alias.name) for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            if node.level:  # from . import x, from ..games import y
                base = package.split(".")[: len(package.split(".")) - (node.level - 1)]
                module = ".".join([*base, node.module] if node.module else base)
            else:
                module = node.module or ""
            found.append((node.lineno, module))
            if module == "geoteach":  # from geoteach import data: the layer is the name
                found += [(node.lineno, f"geoteach.{alias.name}") for alias in node.names]
    return found


def arrows() -> list[tuple[str, str, int, str]]:
    """``(importer, imported, line, what is wrong)`` for every arrow that breaks the order."""
    rank = {layer: i for i, layer in enumerate(LAYERS)}
    wrong = []
    for path in sorted(PACKAGE.rglob("*.py")):
        here = module_name(path)
        mine = layer_of(here)
        for line, module in imports_of(path):
            theirs = layer_of(module)
            if module.split(".")[0] == "matplotlib" and mine in NO_DRAWING:
                wrong.append((here, module, line, f"{mine} draws nothing"))
            if theirs is None or theirs == mine:
                continue
            if mine in HELPERS or mine is None:
                if theirs not in HELPERS:
                    wrong.append((here, module, line, "a top-level helper imports a layer"))
            elif theirs in HELPERS:
                continue
            elif theirs not in rank:
                wrong.append((here, module, line, f"{theirs} is in no layer: add it to LAYERS"))
            elif mine not in rank:
                wrong.append((here, module, line, f"{mine} is in no layer: add it to LAYERS"))
            elif rank[theirs] < rank[mine]:
                wrong.append((here, module, line, f"{mine} is below {theirs}"))
    return wrong


def short(module: str) -> str:
    return module.removeprefix("geoteach.")


def test_every_package_is_a_layer_or_a_helper() -> None:
    found = {p.name for p in PACKAGE.iterdir() if p.is_dir() and (p / "__init__.py").exists()}
    found |= {p.stem for p in PACKAGE.glob("*.py") if p.stem != "__init__"}
    assert found == set(LAYERS) | HELPERS


def test_layers_only_import_the_layers_below_them() -> None:
    wrong = [
        f"geoteach/{short(here).replace('.', '/')} line {line} imports {module}: {why}"
        for here, module, line, why in arrows()
        if (short(here), short(module)) not in ALLOWED
    ]
    assert not wrong, "\n".join(wrong)


def test_the_allowed_arrows_are_still_there() -> None:
    """An allowed arrow that is gone is taken off the list, so the list never grows stale."""
    present = {(short(here), short(module)) for here, module, _, _ in arrows()}
    assert set(ALLOWED) <= present, sorted(set(ALLOWED) - present)


@pytest.mark.parametrize(
    ("source", "broken"),
    [
        ("from geoteach.render.palettes import CATEGORICAL\n", True),
        ("def colour():\n    from geoteach.ui import theme\n", True),
        ("from geoteach import classroom\n", True),
        ("import matplotlib.pyplot as plt\n", True),
        ("from geoteach.store import saves\nfrom geoteach.escape import html_text\n", False),
        ("from . import engine\nfrom ..table import Table\n", False),
    ],
)
def test_the_check_sees_an_upward_arrow_in_a_game(
    source: str, broken: bool, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The check itself, on a made-up game module (so it cannot pass by seeing nothing)."""
    package = tmp_path / "geoteach"
    game = package / "games" / "toy"
    game.mkdir(parents=True)
    for init in (package, package / "games", game):
        (init / "__init__.py").write_text("", encoding="utf-8")
    (game / "rules.py").write_text(source, encoding="utf-8")
    monkeypatch.setattr(sys.modules[__name__], "PACKAGE", package)
    assert bool(arrows()) is broken, arrows()
