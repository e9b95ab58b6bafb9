"""geoteach: five geography board games as Jupyter lessons, on real maps and real data.

Importing the package is cheap: data, maps and widgets load on first use.

The packages are layers, and a layer imports only the layers below it (``tests/test_layers.py``
checks): ``service`` → ``server`` → ``ui`` → ``lessons`` → ``classroom`` → ``render`` → ``bots``
→ ``games`` → ``store`` → ``quiz`` → ``data``. The top-level helpers ``escape``, ``sphere`` and
``_lazy`` import no layer, and every layer may import them.
"""

__version__ = "0.1.0"
