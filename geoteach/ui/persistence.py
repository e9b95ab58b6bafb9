"""Save and resume: a file name, "save after every move", and "resume from this file".

A kernel restart or a closed laptop loses nothing: with autosave on, the game is written
(atomically) after every action to the named file, and "Resume" brings it back.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import ipywidgets as widgets

from geoteach.games import autosave
from geoteach.games.base import Game, NotASave
from geoteach.ui.messages import MessageLine
from geoteach.ui.safe import safe
from geoteach.ui.theme import themed

DEFAULT_NAME = "geoteach_save.json"


class SaveResume(widgets.VBox):
    """File name, autosave switch, "Save now" and "Resume" buttons, and a message line.

    ``attach(game)`` follows a game (the one just set up); ``on_resume(game)`` receives a game
    read back from a file, so the notebook can show it.
    """

    def __init__(
        self,
        game: Game | None = None,
        file_name: str = DEFAULT_NAME,
        autosave_on: bool = True,
        on_resume: Callable[[Game], Any] | None = None,
    ) -> None:
        self.game: Game | None = None
        self.on_resume = on_resume
        self.messages = MessageLine()
        self.file_name = widgets.Text(
            value=file_name, description="Save file", placeholder="class7b.json"
        )
        self.autosave = widgets.Checkbox(
            value=autosave_on, description="Save after every move", indent=False
        )
        self.save_button = widgets.Button(description="Save now", icon="save")
        self.resume_button = widgets.Button(description="Resume from file", icon="folder-open")
        self.file_name.observe(safe(self._follow, show=self.messages), names="value")
        self.autosave.observe(safe(self._follow, show=self.messages), names="value")
        self.save_button.on_click(safe(lambda _b: self.save(), show=self.messages))
        self.resume_button.on_click(safe(lambda _b: self.resume(), show=self.messages))
        row = widgets.HBox([self.file_name, self.autosave])
        buttons = widgets.HBox([self.save_button, self.resume_button])
        super().__init__([row, buttons, self.messages])
        themed(self)
        if game is not None:
            self.attach(game)

    @property
    def path(self) -> Path:
        """The file the typed name means (".json" added when there is no ending)."""
        return autosave.save_path(self.file_name.value)

    def attach(self, game: Game) -> None:
        """Follow ``game``: with autosave on, write it now and after every action."""
        self.game = game
        self._follow()

    def _follow(self, _change: object = None) -> None:
        if self.game is None:
            return
        if self.autosave.value:
            try:
                target = self.path
            except ValueError as exc:
                autosave.stop_autosave(self.game)
                self.messages.error(str(exc))
                return
            problem = self._clash(target)
            if problem:
                autosave.stop_autosave(self.game)
                self.messages.error(problem)
                return
            autosave.start_autosave(self.game, target)
            self.messages.info(f"Saving after every move to {target.name}.")
        else:
            autosave.stop_autosave(self.game)
            self.messages.info("Autosave is off: use Save now to keep the game.")

    def _clash(self, target: Path) -> str:
        """Why writing ``target`` would destroy something else ("" when it is safe)."""
        if not target.exists() or self.game is None:
            return ""
        try:
            info = autosave.inspect_save(target)
        except NotASave:
            return f"{target.name} is already used by another file: type a new file name."
        same = (info.game, info.seed, info.players) == (
            self.game.name,
            self.game.seed,
            [s.name for s in self.game.table.seats],
        )
        if same:
            return ""
        return (
            f"{target.name} already holds another game ({info.describe()}). "
            "Resume it, or type a new file name for this game."
        )

    def save(self) -> Path | None:
        """Write the game now (whether or not autosave is on)."""
        if self.game is None:
            self.messages.error("There is no game to save yet: set one up first.")
            return None
        problem = self._clash(self.path)
        if problem:
            self.messages.error(problem)
            return None
        target = self.game.save(self.path)
        self.messages.success(f"Saved to {target.name}.")
        return target

    def resume(self) -> Game | None:
        """Read the game in the named file; say clearly when it is missing or not a save."""
        try:
            target = self.path
        except ValueError as exc:
            self.messages.error(str(exc))
            return None
        if not target.is_file():
            self.messages.error(
                f"There is no file called {target.name} here. Check the name (saves end in .json)."
            )
            return None
        try:
            game = autosave.resume(target, autosave=False)
        except NotASave as exc:
            self.messages.error(f"{exc} Pick a file that geoteach saved, or start a new game.")
            return None
        self.attach(game)
        info = autosave.inspect_save(target)
        self.messages.success(f"Welcome back: {info.describe()}.")
        if self.on_resume is not None:
            self.on_resume(game)
        return game
