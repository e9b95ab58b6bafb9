"""Save and resume: a file name, "save after every move", and "resume from this file".

A kernel restart or a closed laptop loses nothing: with autosave on, the game is written
(atomically) after every action to the named file, and "Resume" brings it back. The name is a
plain file name in the lesson folder; a new game gets a name of its own (game, date, time, a
random tag), so two lessons started at once never share a file. While this panel saves a file,
another notebook that tries to save the same file is told so and writes nothing.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import ipywidgets as widgets

from geoteach.games import autosave
from geoteach.games.base import Game, NotASave, SaveError
from geoteach.ui.messages import MessageLine
from geoteach.ui.safe import safe
from geoteach.ui.theme import themed


class SaveResume(widgets.VBox):
    """File name, autosave switch, "Save now" and "Resume" buttons, and a message line.

    ``attach(game)`` follows a game (the one just set up); ``on_resume(game)`` receives a game
    read back from a file, so the notebook can show it. Without ``file_name`` each attached
    game gets a new default name.
    """

    def __init__(
        self,
        game: Game | None = None,
        file_name: str | None = None,
        autosave_on: bool = True,
        on_resume: Callable[[Game], Any] | None = None,
    ) -> None:
        self.game: Game | None = None
        self.on_resume = on_resume
        self.messages = MessageLine()
        #: The name this panel made up for the game it follows (replaced for the next game).
        self._made_up = ""
        #: Why autosave could not start for the game followed now ("" when it did or is off).
        self._problem = ""
        self.file_name = widgets.Text(
            value=file_name or "",
            description="Save file",
            placeholder="class7b.json",
            continuous_update=False,  # one claim when the name is typed, not one per letter
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
        """The file the typed name means, in the lesson folder (".json" added when missing)."""
        return autosave.save_path(self.file_name.value)

    def attach(self, game: Game) -> str:
        """Follow ``game``: with autosave on, write it now and after every action.

        The game followed before stops saving. Returns why autosave could not start ("" if
        it did or is off).
        """
        if self.game is not None and self.game is not game:
            autosave.stop_autosave(self.game)
        self.game = game
        typed = self.file_name.value.strip()
        if not typed or typed == self._made_up:
            self._made_up = autosave.default_save_name(game.name)
            self.file_name.value = self._made_up  # observed: _follow runs
            return self._problem
        return self._follow()

    def _follow(self, _change: object = None) -> str:
        if self.game is None:
            return ""
        self._problem = ""
        if not self.autosave.value:
            autosave.stop_autosave(self.game)
            self.messages.info("Autosave is off: use Save now to keep the game.")
            return ""
        try:
            target = autosave.start_autosave(self.game, self.path)
        except SaveError as exc:
            autosave.stop_autosave(self.game)
            self._problem = str(exc)
            self.messages.error(self._problem)
            return self._problem
        self.messages.info(f"Saving after every move to {target.name}.")
        return ""

    def save(self) -> Path | None:
        """Write the game now (whether or not autosave is on)."""
        if self.game is None:
            self.messages.error("There is no game to save yet: set one up first.")
            return None
        try:
            target = self.game.save(self.path)
        except SaveError as exc:
            self.messages.error(str(exc))
            return None
        self.messages.success(f"Saved to {target.name}.")
        return target

    def resume(self) -> Game | None:
        """Read the game in the named file; say clearly when it is missing or not a save."""
        try:
            target = self.path
        except SaveError as exc:
            self.messages.error(str(exc))
            return None
        if not target.exists():
            self.messages.error(
                f"There is no file called {target.name} here. Check the name (saves end in .json)."
            )
            return None
        try:
            game = autosave.resume(target, autosave=False)
        except NotASave as exc:
            self.messages.error(f"{exc} Pick a file that geoteach saved, or start a new game.")
            return None
        self._made_up = ""  # keep the name of the file just resumed, even one made up here
        problem = self.attach(game)
        info = autosave.inspect_save(target)
        if problem:
            self.messages.error(f"Resumed {info.describe()}, but it is not being saved: {problem}")
        else:
            self.messages.success(f"Welcome back: {info.describe()}.")
        if self.on_resume is not None:
            self.on_resume(game)
        return game
