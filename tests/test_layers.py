"""Layers only point down: no module of geoteach imports one of a higher layer.

From top to bottom: service, server, ui, lessons, classroom, render, bots, games, store, quiz,
data. A layer may import any layer below it and the top-level helpers (``geoteach.escape``,
``geoteach.sphere``, ``geoteach._lazy``, ``geoteach.i18n``), which anyone may import and which
import no layer. Imports inside functions count too: a lazy import is an arrow all the same,
and so is a module named in a string (``"geoteach.ui.globalissimo:build_screen"``, for
``_lazy.load``). Games, store, quiz and data draw nothing, so they never import matplotlib. The
check reads the source (``ast``): nothing is imported to run it.

A module's private names (``_name``) are its package's own: no module reaches into another
package's (``dodeca._to_xyz`` from ``render``, ``from geoteach.data._paths import ...`` from
``quiz``). What another package needs is public, or lives in a helper both may import.
"""

from __future__ import annotations

import ast
import re
import sys
from pathlib import Path

import pytest

PACKAGE = Path(__file__).resolve().parents[1] / "geoteach"

#: Top to bottom. Each package's ``__init__`` docstring says the same.
LAYERS: tuple[str, ...] = (
    "launch",
    "service",
    "server",
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
HELPERS: frozenset[str] = frozenset({"escape", "sphere", "_lazy", "i18n"})
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


def from_module(node: ast.ImportFrom, package: str) -> str:
    """The absolute name of the module a ``from ... import`` in ``package`` reads."""
    if node.level:  # from . import x, from ..games import y
        base = package.split(".")[: len(package.split(".")) - (node.level - 1)]
        return ".".join([*base, node.module] if node.module else base)
    return node.module or ""


def imports_of(path: Path) -> list[tuple[int, str]]:
    """Every module ``path`` imports, anywhere in it, as ``(line, absolute name)``."""
    name = module_name(path)
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    found: list[tuple[int, str]] = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"), str(path))):
        if isinstance(node, ast.Import):
            found += [(node.lineno, alias.name) for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            module = from_module(node, package)
            found.append((node.lineno, module))
            if module == "geoteach":  # from geoteach import data: the layer is the name
                found += [(node.lineno, f"geoteach.{alias.name}") for alias in node.names]
    return found


#: A module named as a string, alone or as ``"module:name"``: what ``_lazy.load`` reads.
DOTTED = re.compile(r"geoteach(?:\.\w+)+(?::[\w.]+)?")


def named_in_strings(path: Path) -> list[tuple[int, str]]:
    """Every module of geoteach a string of ``path`` names whole, as ``(line, module)``
    (prose that mentions a module, a docstring, is not a name: it is never loaded)."""
    return [
        (node.lineno, node.value.partition(":")[0])
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"), str(path)))
        if isinstance(node, ast.Constant)
        and isinstance(node.value, str)
        and DOTTED.fullmatch(node.value)
    ]


def arrows() -> list[tuple[str, str, int, str]]:
    """``(importer, imported, line, what is wrong)`` for every arrow that breaks the order."""
    rank = {layer: i for i, layer in enumerate(LAYERS)}
    wrong = []
    for path in sorted(PACKAGE.rglob("*.py")):
        here = module_name(path)
        mine = layer_of(here)
        named = [(line, module, " (named in a string)") for line, module in named_in_strings(path)]
        for line, module, how in [*((line, m, "") for line, m in imports_of(path)), *named]:
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
                wrong.append((here, module, line, f"{mine} is below {theirs}{how}"))
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


#: Known reaches into another package's private names, each with why it is still there.
#: ``(reaching module, private name)``, both relative to ``geoteach/``. Empty: keep it so.
PRIVATE_ALLOWED: dict[tuple[str, str], str] = {}


def _private(name: str) -> bool:
    """``_name`` is private; ``__dunder__`` is not, nor ``_`` alone (gettext's, by convention
    the public name of ``geoteach.i18n``'s translation function)."""
    if name == "_":
        return False
    return name.startswith("_") and not (name.startswith("__") and name.endswith("__"))


def _dotted(node: ast.expr) -> str | None:
    """``a.b.c`` for the expression ``a.b.c``; None for anything else (calls, subscripts)."""
    if isinstance(node, ast.Name):
        return node.id
    if isinstance(node, ast.Attribute):
        base = _dotted(node.value)
        return f"{base}.{node.attr}" if base else None
    return None


def _owner_package(reference: str) -> str | None:
    """The package whose private name ``reference`` reaches (``geoteach.games.global_pursuit``
    for ``geoteach.games.global_pursuit.dodecahedron._dot``); None if it reaches none."""
    parts = reference.split(".")
    private = next((i for i, part in enumerate(parts) if _private(part)), None)
    if private is None or parts[0] != "geoteach":
        return None
    if private == 1 and parts[1] in HELPERS:
        return None  # a top-level helper with a private-looking name, meant for everyone
    owner = parts[:private]
    if not (PACKAGE.parent.joinpath(*owner) / "__init__.py").exists():
        owner = owner[:-1]  # a module: its package owns its private names
    return ".".join(owner)


def private_reaches() -> list[tuple[str, str, int]]:
    """``(module, reference, line)`` for every private name of another package it reaches:
    ``from m import _name``, ``import m._private`` and ``m._name`` where ``m`` names an
    imported module of geoteach (under any alias, imported anywhere in the file)."""
    found = []
    for path in sorted(PACKAGE.rglob("*.py")):
        here = module_name(path)
        mine = here if path.name == "__init__.py" else here.rpartition(".")[0]
        tree = ast.parse(path.read_text(encoding="utf-8"), str(path))
        bound: dict[str, str] = {}
        references: list[tuple[int, str]] = []
        for node in ast.walk(tree):
            if isinstance(node, ast.Import):
                for alias in node.names:
                    references.append((node.lineno, alias.name))
                    head = alias.name if alias.asname else alias.name.split(".")[0]
                    bound[alias.asname or head] = head
            elif isinstance(node, ast.ImportFrom):
                module = from_module(node, mine)
                for alias in node.names:
                    references.append((node.lineno, f"{module}.{alias.name}"))
                    bound[alias.asname or alias.name] = f"{module}.{alias.name}"
        for node in ast.walk(tree):
            if isinstance(node, ast.Attribute) and _private(node.attr):
                base = _dotted(node.value)
                head, _, rest = (base or "").partition(".")
                if head in bound:
                    full = ".".join(p for p in (bound[head], rest, node.attr) if p)
                    references.append((node.lineno, full))
        for line, reference in references:
            owner = _owner_package(reference)
            if owner is not None and owner != mine:
                found.append((here, reference, line))
    return found


def test_no_module_reaches_into_another_packages_private_names() -> None:
    wrong = [
        f"geoteach/{short(here).replace('.', '/')} line {line} reaches {reference}"
        for here, reference, line in private_reaches()
        if (short(here), short(reference)) not in PRIVATE_ALLOWED
    ]
    assert not wrong, "\n".join(wrong)


def test_the_allowed_private_reaches_are_still_there() -> None:
    present = {(short(here), short(reference)) for here, reference, _ in private_reaches()}
    assert set(PRIVATE_ALLOWED) <= present, sorted(set(PRIVATE_ALLOWED) - present)


@pytest.mark.parametrize(
    ("source", "broken"),
    [
        ("from geoteach.render.palettes import CATEGORICAL\n", True),
        ("def colour():\n    from geoteach.ui import theme\n", True),
        ("from geoteach import classroom\n", True),
        ("import matplotlib.pyplot as plt\n", True),
        ("from geoteach.store import saves\nfrom geoteach.escape import html_text\n", False),
        ("from . import engine\nfrom ..table import Table\n", False),
        ('SCREEN = "geoteach.ui.toy:build_screen"\n', True),
        ('BOTS = {"toy": "geoteach.bots.toy"}\n', True),
        ('"""The screen is ``geoteach.ui.toy``."""\n', False),
        ('BANK = "geoteach.data.built:read_bank"\n', False),
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


@pytest.mark.parametrize(
    ("source", "broken"),
    [
        ("from geoteach.games.toy import rules\nrules._secret()\n", True),
        ("import geoteach.games.toy.rules as r\nr._secret\n", True),
        ("from geoteach.games.toy.rules import _secret\n", True),
        ("from geoteach.games.toy._hidden import shown\n", True),
        ("def f():\n    import geoteach.games.toy.rules\n    geoteach.games.toy.rules._x\n", True),
        ("from geoteach.games.toy import rules\nrules.shown()\nrules.__name__\n", False),
        ("from geoteach._lazy import load\nfrom geoteach import sphere\n", False),
        ("class A:\n    def f(self):\n        return self._x\n", False),
    ],
)
def test_the_check_sees_a_reach_into_a_private_name(
    source: str, broken: bool, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The check itself: a made-up render module reaching into a made-up game."""
    package = tmp_path / "geoteach"
    for folder in (package / "games" / "toy", package / "render"):
        folder.mkdir(parents=True)
    for init in (package, package / "games", package / "games" / "toy", package / "render"):
        (init / "__init__.py").write_text("", encoding="utf-8")
    (package / "games" / "toy" / "rules.py").write_text("def _secret(): ...\n", encoding="utf-8")
    (package / "games" / "toy" / "_hidden.py").write_text("shown = 1\n", encoding="utf-8")
    (package / "render" / "toy.py").write_text(source, encoding="utf-8")
    monkeypatch.setattr(sys.modules[__name__], "PACKAGE", package)
    assert bool(private_reaches()) is broken, private_reaches()
    # Inside its own package the same reach is the package's business.
    (package / "render" / "toy.py").unlink()
    (package / "games" / "toy" / "board.py").write_text(source, encoding="utf-8")
    assert not private_reaches(), private_reaches()
