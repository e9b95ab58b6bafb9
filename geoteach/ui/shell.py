"""One screen for every game: the board, whose turn it is, the controls, the verdict, the leaders.

Students compare the kit with Seterra and Kahoot: they click and play, they see the right answer
big, they always see who leads. ``Screen`` is that screen, designed once for all five games:

* a top bar: the game's name, a banner that says who must act and what to do, "New game" and
  "Large text";
* the board or map on the left, as large as the window allows;
* on the right, always in view at 1366×768: the leaderboard sorted by place, the controls of the
  current step, the verdict card and the computer players' log.

How a screen is composed: from parts with explicit inputs, not from a class tree. Solara's
rule is taken for ipywidgets 8: data flows down to a part, events flow up through ``on_…``
callbacks; and bqplot's: a ``Figure`` is given its ``interaction`` (a selector, pan-zoom)
as an object, not a subclass.

* ``Screen`` is the layout above and the turn loop: it applies a person's move (``act``), paces
  the computer players, keeps a verdict on screen until the player presses Continue (or acts
  again) and takes in a class game's moves (``remote_move``, ``catch_up``). It holds no rules.
* A game brings its ``Parts`` (a small protocol: ``title``, the leaderboard's column titles,
  ``redraw``, ``prompt``, ``standings``, ``describe``, ``after``, ``paused``, ``set_large``,
  ``closing``), made by a factory the screen calls with itself as the ``Host``: the one
  interface the parts use (the containers to fill, ``act``, the verdict card, the seating;
  ``verdict_due`` and ``before_move``, set by a part that needs them).
  The parts are made of panels with explicit inputs: a panel is drawn from a view
  (``game.view(seat)``, or the public view on the projector) and hands a move to an ``on_move``
  callback; it never reads the game (Globalissimo's ``board`` and ``step`` panels).
* What differs between a table at one device and a class game (which seats play elsewhere,
  whose private view this page may hold, who marks an answer said out loud in honor mode) is a
  ``Seating`` the screen is given; where a browser test clicks on a canvas is a
  ``ClickTargets`` it is given; which moves of the computers make one step the class watches
  is a ``Pace`` (by default, one move a step). None is a hook to override.

The five game screens are built this way (``GlobalissimoScreen`` was the model). While a
verdict is shown the computer players wait and time limits are paused, so nothing is lost while
a student reads.
"""

from __future__ import annotations

import asyncio
import json
import os
import time
from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import Any, Protocol

import ipywidgets as widgets

from geoteach.bots.base import Bot, is_remote
from geoteach.escape import html_text
from geoteach.games.base import Action, Game
from geoteach.games.table import Table
from geoteach.i18n import _, list_words, ngettext
from geoteach.ui import aloud
from geoteach.ui.canvas_keys import send_if_live
from geoteach.ui.canvases import board_map, canvas_box, plain_canvas
from geoteach.ui.countdown import running_loop
from geoteach.ui.leaderboard import Standing, leaderboard_html, number_text, places_of
from geoteach.ui.live import LiveRegion, spoken_text
from geoteach.ui.messages import MessageLine
from geoteach.ui.safe import safe
from geoteach.ui.styles import APP, sheet
from geoteach.ui.theme import CSS_CLASS, is_you, themed

#: Browser tests switch on the click-target hook (never needed by a person).
TEST_HOOKS = os.environ.get("GEOTEACH_TEST_HOOKS") == "1"
#: Pixels of the side column at 1366×768 (normal) and in large-text mode.
SIDE_WIDTH = {False: 440, True: 600}


class Feedback(widgets.VBox):
    """The verdict card: right or wrong in big words, the right answer, where, one fact.

    It stays until the player presses Continue or acts again; the shell's computer players and
    clocks wait while it is open. Text arguments are plain text and are escaped here.
    """

    def __init__(
        self, on_close: Callable[[], Any] | None = None, live: LiveRegion | None = None
    ) -> None:
        self.on_close = on_close
        self.live = live
        self.body = widgets.HTML()
        self.continue_button = widgets.Button(
            description=_("Continue"), button_style="primary", icon="arrow-right"
        )
        self.continue_button.add_class("gt-continue")
        self.continue_button.on_click(safe(lambda _b: self.dismiss()))
        self.extra = widgets.Box()
        super().__init__([])
        self.add_class("gt-feedback")
        self.layout.display = "none"
        self.is_open = False
        self.headline = ""

    def show(
        self,
        headline: str,
        *,
        correct: bool | None = None,
        answer: str = "",
        where: str = "",
        fact: str = "",
        lines: Sequence[str] = (),
        extra: widgets.Widget | None = None,
        wait: bool = True,
    ) -> None:
        """Show a verdict. ``correct`` None is neutral (a round's result, the game's end).

        ``wait=False`` shows it without holding the game (e.g. a computer's answer).
        """
        for name in ("gt-right", "gt-wrong"):
            self.remove_class(name)
        if correct is not None:
            self.add_class("gt-right" if correct else "gt-wrong")
        mark = {True: "✔ ", False: "✘ ", None: ""}[correct]
        # The screen's live region reads the verdict out (a role="status" made anew, already
        # filled, is often skipped by screen readers).
        parts = [f'<p class="gt-verdict">{mark}{html_text(headline)}</p>']
        if answer:
            parts.append(f'<p class="gt-answer-big">{html_text(answer)}</p>')
        parts += [f"<p>{html_text(line)}</p>" for line in lines if line]
        if where:
            label = html_text(_("Where:"))
            parts.append(f"<p><b>{label}</b> {html_text(where)}</p>")
        if fact:
            label = html_text(_("Did you know?"))
            parts.append(f'<p class="gt-fact"><b>{label}</b> {html_text(fact)}</p>')
        self.body.value = "".join(parts)
        self.headline = headline
        if self.live is not None:
            self.live.say(mark + headline)
            self.live.say(answer)
        children: list[widgets.Widget] = [self.body]
        if extra is not None:
            children.append(extra)
        if wait:
            children.append(self.continue_button)
        self.children = children
        self.layout.display = ""
        self.is_open = wait

    def dismiss(self) -> None:
        """Put the card away (Continue) and let the game go on."""
        was_open = self.is_open
        self.is_open = False
        self.layout.display = "none"
        self.children = []
        if was_open and self.on_close is not None:
            self.on_close()

    def put_away(self) -> None:
        """Put the card away because the player acted: the game goes on through that action."""
        self.is_open = False
        self.layout.display = "none"
        self.children = []

    @property
    def text(self) -> str:
        """The headline shown now ("" when the card is away)."""
        return self.headline if self.layout.display != "none" else ""


class PlayLog(widgets.VBox):
    """What the computer players did (in a class game: every move, "Moves"), newest last, in
    sentences; Skip plays the rest at once."""

    def __init__(self, keep: int = 6) -> None:
        self.keep = keep
        #: "Moves" in a class game, where the log also shows the other teams' moves.
        self.title = _("Computer moves")
        self.lines: list[str] = []
        self.html = widgets.HTML()
        self.skip_button = widgets.Button(
            description=_("Skip ahead"),
            icon="forward",
            tooltip=_("Let the computers finish at once"),
        )
        self.skip_button.add_class("gt-skip")
        self.skip_button.layout.display = "none"
        self.skipping = False
        self.skip_button.on_click(safe(lambda _b: self.skip()))
        super().__init__([self.html, self.skip_button])
        self.add_class("gt-log")
        self.layout.display = "none"

    def add(self, line: str) -> None:
        self.lines.append(line)
        shown = self.lines[-self.keep :]
        start = len(self.lines) - len(shown) + 1
        items = "".join(f"<li>{html_text(x)}</li>" for x in shown)
        self.html.value = f'<b>{html_text(self.title)}</b><ol start="{start}">{items}</ol>'
        self.layout.display = ""

    def skip(self) -> None:
        self.skipping = True

    def busy(self, on: bool) -> None:
        self.skip_button.layout.display = "" if on else "none"
        if not on:
            self.skipping = False


class Seating:
    """Where each seat is played, and so what this page does for it: a strategy a screen is
    given, not a set of hooks it inherits.

    At one table (the default, ``Seating(table, bots)``) every seat is a person at this screen
    or a computer it moves. In a class game some seats are played on other devices: their
    "bots" are ``RemotePlayer``s, their moves arrive by ``Screen.remote_move``, this page never
    shows their private view, and in honor mode the projector marks the answers their teams
    say out loud (``marks_for``, ``aloud_page``).
    """

    def __init__(self, table: Table, bots: Mapping[int, Bot]) -> None:
        self.table = table
        self.bots = dict(bots)
        #: Seats played on other devices (a class game).
        self.remote: frozenset[int] = frozenset(s for s, b in self.bots.items() if is_remote(b))

    @property
    def class_game(self) -> bool:
        """True when some seat plays on another device."""
        return bool(self.remote)

    def person_here(self, seat: int) -> bool:
        """True for a seat a person plays at this screen (it gets controls)."""
        return seat not in self.bots

    def plays_here(self, seat: int) -> bool:
        """True for a computer player this screen moves (not a seat played on another device)."""
        return seat in self.bots and seat not in self.remote

    def view_of(self, game: Game, seat: int | None) -> Mapping[str, Any]:
        """``seat``'s own view when that seat plays here, else the public view: a class game's
        screen never holds another device's private view (its hand, its secret)."""
        return game.view(None if seat is not None and seat in self.remote else seat)

    def marks_for(self, game: Game, seat: int) -> bool:
        """True when this screen is a class game's projector marking, for ``seat`` (a team on
        its own device), an answer said out loud: it reads the back of the card
        (``game.card_back()``, which a team's device and a spectator never get), and its mark is
        that team's move. A game asks it only in honor mode."""
        return seat in self.remote and game.card_back() is not None

    def team_elsewhere(self, seat: int) -> bool:
        """True for a team's seat played on another device (a class game): in honor mode its
        answers are said out loud there. A computer player's seat (played on the projector)
        is not one: it answers by itself."""
        return seat in self.remote and not self.table.seats[seat].is_bot

    def aloud_page(self, game: Game, seat: int) -> str:
        """In a class game in honor mode, while ``seat`` answers a question out loud: which
        page this is for the banner's words (``aloud.banner_html``): the team's own device
        (``aloud.ASKED``), the projector that marks it (``aloud.MARKING``), or another team's
        device or a spectator's (``aloud.OTHERS``); "" for a computer's seat or a game at
        one table. A game asks it only in honor mode."""
        if seat not in self.bots:
            return aloud.ASKED if self.remote else ""
        if self.marks_for(game, seat):
            return aloud.MARKING
        return aloud.OTHERS if self.team_elsewhere(seat) else ""


class ClickTargets:
    """Browser tests' hook: where to click on a canvas, in a hidden widget the test reads, so a
    test clicks like a person. A strategy a screen is given; it writes nothing unless ``on``
    (default: ``GEOTEACH_TEST_HOOKS=1``, which the browser tests' servers set)."""

    def __init__(self, on: bool | None = None) -> None:
        self.on = TEST_HOOKS if on is None else on
        self.widget = widgets.HTML(layout=widgets.Layout(display="none"))
        self.widget.add_class("gt-click-targets")

    def show(
        self,
        figure: Any,
        ax: Any,
        points: Mapping[str, Sequence[float]],
        canvas: str | None = None,
    ) -> None:
        """Where ``points`` (map coordinates) are on the canvas, in CSS pixels from its top
        left. A screen with several canvases names the one the points are on by a CSS selector
        of its widget (``canvas=".gt-table-canvas"``): each target then carries it as a third
        item, and the targets of the other canvases are kept."""
        if not self.on:
            return
        ax.apply_aspect()
        ratio = float(getattr(figure.canvas, "device_pixel_ratio", 1.0) or 1.0)
        height = float(figure.bbox.height)
        where: dict[str, list[Any]] = {}
        if canvas is not None:
            old = json.loads(self.widget.value or "{}")
            where = {k: v for k, v in old.items() if len(v) > 2 and v[2] != canvas}
        for name, (x, y) in points.items():
            px, py = ax.transData.transform((x, y))
            spot: list[Any] = [round(float(px) / ratio, 1), round((height - float(py)) / ratio, 1)]
            where[name] = spot if canvas is None else [*spot, canvas]
        self.widget.value = json.dumps(where)


class Pace:
    """How the computers at a screen are paced: which seat the screen moves now, and which of
    its moves make one step the class watches (``bot_delay`` seconds apart). A strategy a
    screen is given, not a hook it overrides. This one, the default, moves the first seat to
    act that the screen plays (``Seating.plays_here``), one move a step; a game whose computers
    make moves with nothing to say (Globe Works' draw before its discard) gives its own."""

    def next_seat(self, screen: Screen) -> int | None:
        """The seat the screen moves now, or None when a person must act (or nobody)."""
        game = screen.game
        if game.is_terminal():
            return None
        return next((s for s in game.to_act() if screen.seating.plays_here(s)), None)

    def step(self, screen: Screen) -> bool:
        """Play one step (logged, not drawn: the screen draws after it); False when nobody
        moved."""
        return screen.computer_move()


class Parts(Protocol):
    """A game's part of the shared screen, as the screen asks for it (composition): its name
    and columns, the drawing of its panels from the game's view, its sentences, what a move
    led to. Made by a factory the screen calls with itself as the ``Host``."""

    title: str
    score_title: str
    detail_title: str

    def redraw(self) -> None:
        """Draw the panels (board, controls, below) from the game's view."""

    def prompt(self) -> str:
        """The banner as HTML: who must act now and what to do."""

    def standings(self) -> list[Standing]:
        """The leaderboard's rows."""

    def describe(self, action: Action) -> str:
        """One sentence for the log ("" writes nothing)."""

    def after(self, action: Action, by_human: bool) -> None:
        """Show what an action just applied led to (a verdict, for example)."""

    def paused(self, on: bool) -> None:
        """A verdict opened (``on``) or was put away: pause or resume the game's clocks."""

    def set_large(self, large: bool) -> None:
        """Large-text mode: a game may enlarge its maps too (labels stay readable)."""

    def closing(self) -> None:
        """Free what the parts hold (figures, clocks) before the screen is replaced."""


class Host(Protocol):
    """What a game's parts may use of the screen they are on: the whole interface, explicit.

    The containers to fill (``board``, ``controls``, ``below``), the error line, the banner (a
    game may write it before drawing the rest), the seating and test hooks it was given, ``act``
    (the one verb to move), and the verdict card (shown now, or with the next drawing:
    ``verdict_due``).
    """

    game: Game
    table: Table
    seating: Seating
    targets: ClickTargets
    messages: MessageLine
    banner: widgets.HTML
    board: widgets.VBox
    controls: widgets.VBox
    below: widgets.VBox
    feedback: Feedback
    verdict_due: tuple[str, dict[str, Any]] | None
    before_move: Callable[[Action], Action] | None

    @property
    def large(self) -> bool: ...

    def act(self, action: Action) -> None: ...

    def refresh(self) -> None: ...

    def show_verdict(self, headline: str, **details: Any) -> None: ...

    def show_game_over(self, lines: Sequence[str] = (), points: float | None = None) -> None: ...

    def put_away_verdict(self) -> None: ...


class Screen(widgets.VBox):
    """The shared screen of a game, composed of the layout and turn loop here, the game's
    ``Parts`` (made by ``make_parts(screen)``), and three strategies: ``Seating`` (who plays
    where: a class game's remote seats, honor mode's marking), ``ClickTargets`` (a test's
    hook) and ``Pace`` (the computers' steps). See the module docstring for how a screen is put
    together."""

    #: True while a class game's earlier moves are taken in (``catch_up``): no verdict then.
    catching_up: bool = False
    #: A verdict (headline, ``show_verdict``'s details) a part asked to show once the screen is
    #: next drawn: it appears last, after the step and the banner it leads to (never beside
    #: the question card it answers).
    verdict_due: tuple[str, dict[str, Any]] | None = None
    #: What a part does to a person's move before it is applied, if anything: Global Pursuit
    #: fills in the seat and the time the turn took, and notes the scores and the question
    #: the verdict will speak of. Every way in (a button, a test or a class game calling
    #: ``act``) goes through it.
    before_move: Callable[[Action], Action] | None = None

    def __init__(
        self,
        game: Game,
        make_parts: Callable[[Screen], Parts],
        *,
        seating: Seating,
        targets: ClickTargets | None = None,
        pace: Pace | None = None,
        bot_delay: float = 0.8,
        large: bool = False,
        on_new_game: Callable[[], Any] | None = None,
    ) -> None:
        self.game = game
        self.table = game.table
        self.seating = seating
        self.bots = seating.bots
        self.targets = ClickTargets() if targets is None else targets
        self.pace = Pace() if pace is None else pace
        self.bot_delay = float(bot_delay)
        self.on_new_game = on_new_game
        self.bot_task: asyncio.Task[None] | None = None
        self.redraw_seconds = 0.0
        send_if_live()  # in JupyterLab, the live maps' keyboard fix (Voilà's page has it)

        self.messages = MessageLine(keep=0)
        self.live = LiveRegion()
        self.banner = widgets.HTML()
        self.banner.add_class("gt-banner")
        # Whatever writes the banner (the shell or a game's screen), its new words are read out.
        self.banner.observe(self._banner_changed, names="value")
        self.board = widgets.VBox()
        self.board.add_class("gt-board")
        self.controls = widgets.VBox()
        self.controls.add_class("gt-controls")
        self.feedback = Feedback(on_close=self._feedback_closed, live=self.live)
        self.computer_log = PlayLog()
        if seating.class_game:
            self.computer_log.title = _("Moves")
        self.leaders = widgets.HTML()
        self.leaders.add_class("gt-leaders")
        self.below = widgets.VBox()
        self.below.add_class("gt-below")
        # Browser tests read where to click on a canvas from here (only with the test hook on).
        self.click_targets = self.targets.widget

        self.new_game_button = widgets.Button(
            description=_("New game"), icon="refresh", tooltip=_("Back to the set-up screen")
        )
        self.new_game_button.add_class("gt-new-game")
        self.new_game_button.on_click(safe(lambda _b: self.new_game(), show=self.messages))
        self.new_game_button.layout.display = "" if on_new_game else "none"
        # A toggle keeps its name; whether it is on is its pressed state (aria-pressed, a ✔
        # and a heavy frame). Renamed "Normal text" when on, a screen reader read "Normal
        # text, pressed" while the text was large.
        self.large_toggle = widgets.ToggleButton(
            value=large,
            description=_("Large text"),
            icon="search-plus",
            tooltip=_("For a projector"),
        )
        self.large_toggle.add_class("gt-large-toggle")
        self.large_toggle.observe(safe(self._large_changed, show=self.messages), names="value")
        # The app's look (``css/app.css``): the kernel's one style widget (``styles.sheet``).
        self.css = sheet(APP)
        title = widgets.HTML()
        top = widgets.HBox(
            [
                title,
                self.banner,
                self.large_toggle,
                self.new_game_button,
            ]
        )
        top.add_class("gt-topbar")
        side = widgets.VBox(
            [self.leaders, self.controls, self.feedback, self.messages, self.computer_log]
        )
        side.add_class("gt-side")
        left = widgets.VBox([self.board, self.below])
        left.add_class("gt-board")
        # The side column comes first on the page and is drawn on the right (row-reverse): the
        # step's controls come first in the keyboard's tab order and a screen reader's reading
        # order, the board stays on the left (CSS ``order`` would move it, but not the Tab key).
        main = widgets.HBox([side, left])
        main.add_class("gt-main")
        super().__init__([self.css, self.live, top, main, self.click_targets])
        self.add_class("gt-app")
        themed(self)
        if large:
            self.add_class("gt-large")
        # The game's parts, once the page they fill exists (a live map's canvas made before
        # the page's own widgets was drawn on the page noticeably later).
        self.parts = make_parts(self)
        title.value = f"<h2>{html_text(_(self.parts.title))}</h2>"

    @property
    def large(self) -> bool:
        """True in large-text mode."""
        return bool(self.large_toggle.value)

    @property
    def remote_seats(self) -> frozenset[int]:
        """Seats played on other devices (a class game): their moves arrive by ``remote_move``."""
        return self.seating.remote

    def bot_seat(self) -> int | None:
        """The seat the screen moves now (its ``Pace`` says), or None when a person must act
        (or nobody)."""
        return self.pace.next_seat(self)

    def remote_acting(self) -> int | None:
        """The first seat to act now that plays on another device (a class game), if any."""
        if self.game.is_terminal():
            return None
        return next((s for s in self.game.to_act() if s in self.seating.remote), None)

    # ----- what the shell does ---------------------------------------------------------------
    def start(self) -> None:
        """First drawing, then the computer players who act before any person."""
        self.refresh()
        self.run_bots()

    def refresh(self) -> None:
        """Banner, leaderboard and the game's own drawing (timed in ``redraw_seconds``), then
        the verdict due (``verdict_due``), if any."""
        begin = time.perf_counter()
        parts = self.parts
        parts.redraw()
        self.banner.value = parts.prompt()
        acting = [] if self.game.is_terminal() else self.game.to_act()
        self.leaders.value = leaderboard_html(
            self.table, parts.standings(), parts.score_title, parts.detail_title, acting
        )
        self.redraw_seconds = time.perf_counter() - begin
        if self.verdict_due is not None:
            headline, details = self.verdict_due
            self.verdict_due = None
            self.show_verdict(headline, **details)

    def act(self, action: Action) -> None:
        """A person's move: put the verdict away, apply, show what it led to, let bots play.

        The controls are dimmed at once (a second click cannot land while the move is worked
        out, and the click is seen to have been taken), and come back with the new screen.
        A part's ``before_move`` sees the move first.
        """
        if self.before_move is not None:
            action = self.before_move(action)
        self.controls.add_class("gt-busy")
        self.live.begin()
        try:
            if self.feedback.is_open:
                self.put_away_verdict()
            self.game.apply(action)
            if self.seating.class_game:
                # A class game's log holds every move: this device's own too (the other pages
                # say it when it arrives there, ``remote_move``), in the same sentence. Its
                # verdict is what is read out.
                self.log_move(action, say=False)
            self.parts.after(action, by_human=True)
            self.refresh()
        finally:
            self.controls.remove_class("gt-busy")
        self.run_bots()

    def bot_move(self, redraw: bool = True) -> bool:
        """One step of the computers (its ``Pace`` says which moves make it: by default one
        move, logged in words); False when no computer is to act.

        ``redraw=False`` leaves the screen as it is (moves played at once are drawn once, after
        the last one: nobody sees the screens in between).
        """
        moved = self.pace.step(self)
        if moved and redraw:
            self.refresh()
        return moved

    def computer_move(self) -> bool:
        """One move of the computer to act now, logged in words and shown (``after``), not
        drawn; False when no computer is to act."""
        seat = self.bot_seat()
        if seat is None or not self.seating.plays_here(seat):
            return False
        action = self.bots[seat].choose(self.game, seat)
        self.game.apply(action)
        self.log_move(action)
        self.parts.after(action, by_human=False)
        return True

    def run_bots(self) -> None:
        """Let the computers play, one move each ``bot_delay`` seconds, so the class can follow.

        Inside a running kernel this is an asyncio task (the page stays usable); with no event
        loop (tests, scripts) or no delay the moves are played at once. A verdict on screen
        holds the computers until it is put away.
        """
        if self.bot_seat() is None:
            return
        loop = running_loop()
        if self.bot_delay <= 0 or loop is None:
            self.live.begin()
            while self.bot_move(redraw=False):
                pass
            self.refresh()
            return
        if self.bot_task is None or self.bot_task.done():
            self.bot_task = loop.create_task(self._bots_slowly())

    async def _bots_slowly(self) -> None:
        self.computer_log.busy(True)
        try:
            while self.bot_seat() is not None:
                while self.feedback.is_open:
                    await asyncio.sleep(0.1)
                waited = 0.0
                while waited < self.bot_delay and not self.computer_log.skipping:
                    await asyncio.sleep(0.05)
                    waited += 0.05
                if self.feedback.is_open:
                    continue  # a verdict came up during the pause: it is read first
                self.live.begin()
                if not safe(self.bot_move, show=self.messages)():
                    break
        finally:
            self.computer_log.busy(False)
            self.bot_task = None

    def remote_move(self, action: Action) -> None:
        """A move made on another device of a class game, already applied to this screen's
        game: said in the log and the live region, shown like a computer's, then the screen is
        drawn again and this screen's own computer players (the projector's) go on."""
        self.live.begin()
        self.log_move(action)
        self.parts.after(action, by_human=False)
        self.refresh()
        self.run_bots()

    def catch_up(self, moves: Iterable[Action]) -> int:
        """The moves a class game made before this page opened (a team's laptop reopened
        mid-game, a spectator arriving late), each already applied to the game when it comes
        out of ``moves`` (``ClassRoom.pending``): written in the log in the sentence every other
        page wrote, and taken in by the screen (``after``) as if it had arrived then, with no
        verdict shown and nothing said aloud: they are old news, the log is where to read them.
        Call before ``start``, which draws the position they led to. Returns how many."""
        self.catching_up = True
        count = 0
        try:
            for action in moves:
                self.log_move(action, say=False)
                self.parts.after(action, by_human=False)
                count += 1
        finally:
            self.catching_up = False
        return count

    def log_move(self, action: Action, say: bool = True) -> None:
        """Write a move just applied in the log (and ``say`` it in the live region); the
        sentence is ``describe``'s ("" writes nothing). Called before ``after`` on every page,
        the one the move was made on and the ones it arrives at, so all say it alike."""
        line = self.parts.describe(action)
        if line:
            self.computer_log.add(line)
            if say:
                self.live.say(line)

    def show_verdict(self, headline: str, **details: Any) -> None:
        """Show a verdict (see ``Feedback.show``); the clocks wait while it is read. Not while
        catching up with a class game's earlier moves (``catch_up``)."""
        if self.catching_up:
            return
        self.feedback.show(headline, **details)
        if self.feedback.is_open:
            self.parts.paused(True)

    def put_away_verdict(self) -> None:
        """Put the verdict away because the game went on (a move, or a later round arriving):
        the clocks run again, and nothing waits for Continue."""
        self.feedback.put_away()
        self.parts.paused(False)

    def show_game_over(self, lines: Sequence[str] = (), points: float | None = None) -> None:
        """The end of the game on the verdict card: who won, with how many points, and why.

        ``points`` defaults to the first winner's score; the card does not hold the screen.
        """
        winners = self.game.winners()
        names = list_words([self.table.name_of(s) for s in winners], "and")
        score = self.game.scores()[winners[0]] if points is None else points
        if len(winners) == 1 and is_you(self.table, winners[0]):
            headline = ngettext(
                "The game is over: you win with {points} point!",
                "The game is over: you win with {points} points!",
                int(score),
            )
        else:
            headline = ngettext(
                "The game is over: {names} wins with {points} point!",
                "The game is over: {names} wins with {points} points!",
                int(score),
            )
            if len(winners) > 1:
                headline = ngettext(
                    "The game is over: {names} win with {points} point!",
                    "The game is over: {names} win with {points} points!",
                    int(score),
                )
        end = [_("Press New game to play again.")] if self.on_new_game is not None else []
        self.feedback.show(
            headline.format(names=names, points=number_text(score)),
            correct=None,
            lines=[*lines, *end],
            wait=False,
        )

    def _banner_changed(self, change: dict[str, Any]) -> None:
        old, new = spoken_text(change["old"] or ""), spoken_text(change["new"] or "")
        if new != old:
            self.live.say(new)

    def _feedback_closed(self) -> None:
        self.live.begin()
        self.parts.paused(False)
        self.refresh()
        self.run_bots()

    def new_game(self) -> None:
        if self.on_new_game is not None:
            self.close_screen()
            self.on_new_game()

    def close_screen(self) -> None:
        if self.bot_task is not None and not self.bot_task.done():
            self.bot_task.cancel()
        self.parts.closing()

    def _large_changed(self, change: dict[str, Any]) -> None:
        large = bool(change["new"])
        (self.add_class if large else self.remove_class)("gt-large")
        self.parts.set_large(large)


__all__ = [
    "CSS_CLASS",
    "SIDE_WIDTH",
    "ClickTargets",
    "Feedback",
    "Host",
    "LiveRegion",
    "Pace",
    "Parts",
    "PlayLog",
    "Screen",
    "Seating",
    "Standing",
    "board_map",
    "canvas_box",
    "leaderboard_html",
    "number_text",
    "places_of",
    "plain_canvas",
    "spoken_text",
]
