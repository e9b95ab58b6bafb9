"""ipywidgets front ends: thin layers that call the engines and the renderers.

Layer: under ``server``, over every other. A screen draws a game's ``view(seat)`` and calls its
verbs; it holds no rules, no sentences a wording module could hold, and no matplotlib drawing.
May import every layer below: ``lessons``, ``classroom``, ``render``, ``bots``, ``games``,
``store``, ``quiz``, ``data``, and the top-level helpers (``geoteach.escape``, ``sphere``,
``_lazy``).
"""
