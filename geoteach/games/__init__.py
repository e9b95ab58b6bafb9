"""The games as pure, seeded, deterministic state machines (see ``base.Game``).

``registry`` lists the kit's games, one entry each: where each game's engine, computer
players, screen, handouts and lesson plan live. Every list of games reads it.
"""
