"""The games as pure, seeded, deterministic state machines (see ``base.Game``).

Layer: under ``bots``. Engines are pure: no drawing and no file I/O (saves are
``geoteach.store``'s; ``Game.save``/``Game.load`` only hand over to it). May import ``store``,
``quiz``, ``data`` and the top-level helpers; never ``bots``, ``render``, ``classroom``,
``lessons``, ``ui`` or matplotlib.

``registry`` lists the kit's games, one entry each: where each game's engine, computer
players, screen, handouts and lesson plan live (as dotted paths, imported only when used).
Every list of games reads it.
"""
