"""A stand-in for a notebook kernel, run as its own process by the save-file tests.

It reads one command per line on stdin and answers each with one JSON line on stdout, so a test
can drive two "kernels" at once and kill one with SIGKILL while it holds a lesson file:

    new SEED [NAME]    a Race to Ten game autosaving to NAME (default: a SaveResume panel's name)
    resume NAME        autosave.resume(NAME, Game.from_json)
    panel_resume NAME  a SaveResume panel resumes NAME (the answer holds its message)
    move               one random legal move (the answer holds the whole log if it was saved)
    hang               from now on, a save stops for good just before the file is renamed
    quit               exit normally

The lesson folder is the working directory, as in a notebook.
"""

from __future__ import annotations

import json
import os
import random
import sys
import time
from typing import Any

from geoteach.games.base import Game
from geoteach.games.table import Table
from geoteach.store import autosave
from tests.kit.kit_toy_game import RaceToTen


def main() -> None:
    game: Game | None = None
    choices = random.Random(os.getpid())
    for line in sys.stdin:
        command, *args = line.split(maxsplit=1)
        arg = args[0].strip() if args else ""
        answer: dict[str, Any] = {"ok": True}
        try:
            if command == "new":
                seed, _, name = arg.partition(" ")
                game = RaceToTen(Table.of("Ana", "Ben", "Chloé"), seed=int(seed))
                answer["file"] = autosave.start(game, name or None).name
            elif command == "resume":
                game = autosave.resume(arg, Game.from_json)
            elif command == "move":
                if game is None:
                    raise RuntimeError("no game")
                seat = choices.choice(game.to_act())
                game.apply(choices.choice(game.legal_actions(seat)))
                answer["log"] = game.log
            elif command == "hang":

                def hang(*_args: object, _replace: Any = os.replace) -> None:
                    print(json.dumps({"writing": True}), flush=True)
                    time.sleep(600)
                    _replace(*_args)

                os.replace = hang  # type: ignore[assignment]
            elif command == "quit":
                break
            else:
                raise RuntimeError(f"unknown command {command}")
        except Exception as exc:
            answer = {"ok": False, "error": type(exc).__name__, "message": str(exc)}
        print(json.dumps(answer, ensure_ascii=False), flush=True)


if __name__ == "__main__":
    main()
