"""Persistence: everything geoteach keeps on disk, and the locks that let kernels share it.

This layer sits under the engines (``geoteach.games``) and deals in plain data: JSON text, dicts
and files. It never imports a game; what it saves is "something with ``to_json`` and
``on_change``" (``saves.Saveable``), and turning a loaded save back into a game is the game's
own job (``Game.from_json``, which ``Game.load`` hands to ``saves.load``).

Modules, one job each:

* ``savefile``: the lesson folder, save names, one writer per file (OS locks), atomic writes.
* ``savedata``: what a save file holds, read strictly (``NotASave`` for anything else).
* ``saves``: save a game to a file, read one back, look inside saves, list a folder's saves.
* ``autosave``: a game's file follows every move (built on ``Game.on_change``).
* ``lesson_record``: the lesson record, one SQLite file per class, every answer a row.
* ``rooms``: the class game's rooms, each a numbered log of moves with its seats and keys, in a
  SQLite file (one machine) or PostgreSQL (many), through SQLAlchemy Core.

A new kind of storage is a module of its own here.

Layer: under ``games``. May import ``geoteach.quiz``, ``geoteach.data``, the top-level helpers
(``geoteach.escape``), the standard library, pandas, SQLAlchemy and psycopg. Never ``games``,
``bots``, ``render``, ``classroom``, ``lessons``, ``ui`` or matplotlib.
"""
