"""Lazy package exports, so `import geoteach` stays fast and loads pandas or matplotlib on use.

A top-level helper: every layer may import it, and it imports no layer.
"""

from __future__ import annotations

from collections.abc import Callable
from importlib import import_module
from typing import Any


def lazy_exports(
    package: str, exports: dict[str, str]
) -> tuple[list[str], Callable[[str], Any], Callable[[], list[str]]]:
    """``__all__``, ``__getattr__`` and ``__dir__`` for a package whose names live in submodules.

    ``exports`` maps a public name to the module that defines it; a name that is the module's
    own last part (``"palettes": "geoteach.render.palettes"``) exports the module itself.
    """
    names = sorted(exports)

    def __getattr__(name: str) -> Any:
        if name not in exports:
            raise AttributeError(f"module {package!r} has no attribute {name!r}")
        module = import_module(exports[name])
        return module if exports[name].rsplit(".", 1)[-1] == name else getattr(module, name)

    def __dir__() -> list[str]:
        return names

    return names, __getattr__, __dir__


def load(path: str) -> Any:
    """The object a dotted path names, imported now: ``"geoteach.ui.geotriple:build_screen"``
    (or a module, without ``:name``). Lower layers name higher ones this way, resolved on use."""
    module, _, name = path.partition(":")
    loaded = import_module(module)
    return getattr(loaded, name) if name else loaded
