"""geoteach: five geography board games as Jupyter lessons, on real maps and real data.

Importing the package is cheap: data, maps and widgets load on first use.

The packages are layers, and a layer imports only the layers below it (``tests/test_layers.py``
checks): ``launch`` (the servers tasks.py starts) → ``service`` → ``server`` → ``ui`` →
``lessons`` → ``classroom`` → ``render`` → ``bots`` → ``games`` → ``store`` → ``quiz`` →
``data``. The top-level helpers ``escape``, ``sphere``, ``_lazy`` and ``i18n`` (the page's
language) import no layer, and every layer may import them.
"""

from __future__ import annotations

__version__ = "0.1.0"


def set_language(code: str | None) -> str:
    """Make this kernel's games speak ``code`` ("es", "fr", "de"; None: English): one call at
    the top of a lesson notebook. Returns the language chosen (English when ``code`` has no
    catalog). See ``geoteach.i18n``."""
    from geoteach.i18n import set_language as choose

    return choose(code)
