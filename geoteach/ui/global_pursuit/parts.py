"""What the parts of the Global Pursuit screen (``placing``, ``verdicts``) use of the screen
they belong to, for a type checker: the widgets, clocks and helpers ``GlobalPursuitScreen``
makes. A part names this stand-in, never the screen module, so the modules of the package do
not import each other in a circle (issue 38): ``screen`` imports the parts, the parts import
``parts``, and ``parts`` imports nothing of the package.
"""

from __future__ import annotations

from typing import Any

import ipywidgets as widgets

from geoteach.games.global_pursuit.engine import GlobalPursuit
from geoteach.games.global_pursuit.layout import Layout
from geoteach.render.globe_cards import TablePicture
from geoteach.ui.hotseat import HotSeatGuard
from geoteach.ui.shell import GameScreen


class ScreenParts(GameScreen):
    """The screen as its parts see it (annotations only: never made, never in a class's
    bases at run time)."""

    game: GlobalPursuit
    maps: bool
    interactive: bool
    scale: float
    picture: widgets.Widget
    table_picture: TablePicture
    hand_cards: widgets.HBox
    hand_box: widgets.VBox
    step: widgets.HTML
    hand: widgets.Dropdown
    edge: widgets.Dropdown
    turn: widgets.ToggleButtons
    lay: widgets.Button
    cannot: widgets.Button
    give_back: widgets.Button
    guard: HotSeatGuard | None
    explaining: str | None
    _hand_widgets: dict[str, Any]
    _quiet: bool
    _marks: list[Any]
    _table: Layout
    _shown_to: int | None
    _guard_for: tuple[int, int, str] | None
    _turns: int
    _turn_of: int
    _reader: int | None
    _before: dict[str, Any]
    _news_seen: list[Any]
    _scores_seen: list[float]
    _trivia_seen: Any

    def seen(self, seat: int | None) -> dict[str, Any]: ...

    def seat(self) -> int: ...

    def person_to_act(self) -> int | None: ...

    def hand_owner(self) -> int | None: ...

    @property
    def holds_readers_card(self) -> bool: ...

    def _board(self, view: Any) -> list[widgets.Widget]: ...
