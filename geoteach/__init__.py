"""geoteach: five geography board games as Jupyter lessons, on real maps and real data.

Importing the package is cheap: data, maps and widgets load on first use.
"""

__version__ = "0.1.0"
