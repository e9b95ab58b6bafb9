"""Computer opponents: they play through a game's public verbs and a player's view only.

Layer: under ``render``. May import ``games``, ``store``, ``quiz``, ``data`` and the top-level
helpers; never ``render``, ``classroom``, ``lessons``, ``ui`` or matplotlib.
"""
