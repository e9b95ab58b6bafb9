"""The five games as pure, seeded, deterministic state machines (see ``base.Game``).

Layer: under ``bots``. Engines are pure: no drawing and no file I/O (saves are
``geoteach.store``'s; ``Game.save``/``Game.load`` only hand over to it). May import ``store``,
``quiz``, ``data`` and the top-level helpers; never ``bots``, ``render``, ``classroom``,
``lessons``, ``ui`` or matplotlib.
"""
