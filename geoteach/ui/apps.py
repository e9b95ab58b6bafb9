"""The student apps: a set-up screen, then the game on one screen, for each of the five games.

A student app is a notebook in ``notebooks/play/`` with one code cell, ``app("globalissimo")``,
shown by Voilà with no code. It opens on a short set-up screen (names or teams, computer players
and how strong they are, the game's own choices), and **Start** replaces it with the game's
``Screen``. **New game** goes back to the set-up screen with the same choices; running the
cell again replaces the whole app, so nothing stale stays on the page.

Each game's app is its entry in ``geoteach.games.registry``: the game class, a one-line
description for students, its set-up options and the function that builds the game's screen.
``AppSpec`` reads the entry; the widgets of the options are made here.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from typing import Any
from urllib.parse import parse_qs

import ipywidgets as widgets

from geoteach._lazy import load
from geoteach.bots.registry import BOTS, BotEntry
from geoteach.escape import html_text
from geoteach.games.base import Game
from geoteach.games.registry import GAMES, GameEntry, Option
from geoteach.games.table import Seat, Table
from geoteach.i18n import N_, _, language, requested_language, set_language
from geoteach.ui.canvas_keys import send_to_lab
from geoteach.ui.messages import MessageLine
from geoteach.ui.page_request import after_page_opens
from geoteach.ui.registry import SCREENS, ScreenEntry
from geoteach.ui.safe import safe
from geoteach.ui.shell import Screen
from geoteach.ui.styles import APP, sheet
from geoteach.ui.table_setup import TableSetup, default_seat_name
from geoteach.ui.theme import themed
from geoteach.ui.warm_up import WarmUp

#: The student apps, by key: one per game of the registry (``geoteach.games.registry``).
APPS = tuple(GAMES)

#: Computer opponents a student alone gets by default (names say they are computers).
ROBOT_NAMES = [N_("Robot Ada"), N_("Robot Ben"), N_("Robot Cy"), N_("Robot Dee"), N_("Robot Eve")]
#: The name of a student alone: sentences then say "You start" (``geoteach.ui.theme.is_you``).
YOU = N_("You")


def option_widget(option: Option) -> widgets.Widget:
    """The set-up screen's widget for ``option`` (read back with ``option_value``)."""
    style = {"description_width": "initial"}
    layout = widgets.Layout(width="auto", max_width="560px")
    if option.kind == "flag":
        box: widgets.Widget = widgets.Checkbox(
            value=bool(option.default), description=_(option.label), indent=False, layout=layout
        )
    elif option.kind == "number":
        box = widgets.BoundedIntText(
            value=int(option.default),
            min=option.minimum,
            max=option.maximum,
            description=_(option.label),
            style=style,
            layout=widgets.Layout(width="260px"),
        )
    else:
        labels = [_(c[0]) for c in option.choices]
        values = [c[1] for c in option.choices]
        index = values.index(option.default) if option.default in values else 0
        box = widgets.Dropdown(
            options=list(zip(labels, range(len(values)), strict=True)),
            value=index,
            description=_(option.label),
            style=style,
            layout=layout,
        )
    box.tooltip = _(option.help) if option.help else None
    box.add_class(f"gt-option-{option.key.replace('_', '-')}")
    return box


def option_value(option: Option, box: widgets.Widget) -> Any:
    """What the student chose in ``box``, the widget ``option_widget`` made for ``option``."""
    if option.kind == "choice":
        return option.choices[box.value][1]
    if option.kind == "number":
        return int(box.value)
    return bool(box.value)


class MoreChoices(widgets.VBox):
    """The fold of the set-up screen's less common choices: a button, and the choices under it.

    The fold keeps Start in a school laptop's first screen (1366×768) however many choices a
    game has. It is a real button (Tab reaches it, Enter or Space opens it) whose own words
    say what pressing it does ("More choices" / "Fewer choices"), so a screen reader hears
    whether the fold is open; every choice inside keeps its own label. (ipywidgets 8's
    Accordion header is a plain div: not focusable, and it says nothing of its state.)
    """

    def __init__(self, boxes: Sequence[widgets.Widget]) -> None:
        self.toggle = widgets.ToggleButton(
            value=False, layout=widgets.Layout(width="auto", align_self="flex-start")
        )
        self.toggle.add_class("gt-more-choices-toggle")
        self.inside = widgets.VBox(list(boxes), layout=widgets.Layout(display="none"))
        self.inside.add_class("gt-more-choices-list")
        super().__init__([self.toggle, self.inside], layout=widgets.Layout(margin="4px 0 8px 0"))
        self.add_class("gt-more-choices")
        self._show(False)
        self.toggle.observe(lambda change: self._show(bool(change["new"])), names="value")

    @property
    def shown(self) -> bool:
        """True while the fold is open (a widget's ``open`` is its connection: not that)."""
        return bool(self.toggle.value)

    @shown.setter
    def shown(self, value: bool) -> None:
        self.toggle.value = bool(value)

    def _show(self, shown: bool) -> None:
        self.inside.layout.display = "" if shown else "none"
        self.toggle.description = _("Fewer choices") if shown else _("More choices")
        self.toggle.icon = "caret-down" if shown else "caret-right"
        self.toggle.tooltip = (
            _("Hide the less common choices") if shown else _("Show the less common choices")
        )


def choice_boxes(
    boxes: Sequence[tuple[Option, widgets.Widget]],
) -> tuple[widgets.VBox, MoreChoices | None]:
    """The set-up screen's choices: the common ones, then the others under one closed
    "More choices" fold (None when every choice is common)."""
    common = [box for option, box in boxes if option.common]
    rest = [box for option, box in boxes if not option.common]
    more = MoreChoices(rest) if rest else None
    choices = widgets.VBox(common + ([more] if more is not None else []))
    choices.add_class("gt-options")
    return choices, more


def screen_options(values: dict[str, Any]) -> dict[str, Any]:
    """What every game screen takes from the set-up screen's values: the computers' pace,
    live maps, large text and the New game button."""
    return {
        "bot_delay": values["bot_delay"],
        "interactive": values.get("interactive", False),
        "large": values.get("large", False),
        "on_new_game": values.get("on_new_game"),
    }


@dataclass(frozen=True)
class AppSpec:
    """A game's student app: what the set-up screen asks, and how the game screen is built.

    Read from the game's registry entries (``geoteach.games.registry`` for the engine,
    ``geoteach.ui.registry`` for the screen, ``geoteach.bots.registry`` for the computer
    players). They name the game's class and the screen's builder as dotted paths, so the
    set-up screen needs only the light rules module; the screen's module is imported
    (``warm_up``) while the set-up screen is being filled in.
    """

    entry: GameEntry

    @property
    def screen(self) -> ScreenEntry:
        return SCREENS[self.entry.key]

    @property
    def bot(self) -> BotEntry:
        return BOTS[self.entry.key]

    @property
    def key(self) -> str:
        return self.entry.key

    @property
    def blurb(self) -> str:
        return self.entry.blurb

    @property
    def options(self) -> tuple[Option, ...]:
        return self.entry.options

    @property
    def game_cls(self) -> type[Game]:
        return self.entry.engine_class

    @property
    def builder(self) -> Callable[[Table, dict[str, Any]], Screen]:
        return self.screen.build_screen

    @property
    def title(self) -> str:
        return self.entry.title

    def warm_up(self) -> None:
        """Import the screen's module and do the game's slow preparations (in a thread)."""
        self.builder  # noqa: B018 - importing is the point
        if self.screen.prepare is not None:
            load(self.screen.prepare)()


def spec_for(key: str) -> AppSpec:
    """The app of the game called ``key`` (its entry in ``geoteach.games.registry``)."""
    if key not in GAMES:
        raise ValueError(f"There is no app called {key!r}. The apps are: {', '.join(APPS)}.")
    return AppSpec(GAMES[key])


def default_players(spec: AppSpec) -> list[Seat]:
    """A student alone: "You" plus computer players up to the game's smallest table (two
    opponents where the game allows more), so one click on Start plays."""
    lowest = max(int(spec.game_cls.min_seats), min(3, int(spec.game_cls.max_seats)))
    seats = [Seat(_(YOU))]
    seats += [Seat(_(ROBOT_NAMES[i]), kind="bot", level="medium") for i in range(lowest - 1)]
    return seats


class StudentApp(widgets.VBox):
    """Set-up screen, then the game screen; **New game** comes back here with the same choices."""

    def __init__(
        self,
        spec: AppSpec,
        large: bool = False,
        interactive: bool = False,
        seed: int | None = None,
        lesson: str | os.PathLike[str] | None = None,
        preset: list[Seat] | None = None,
        **defaults: Any,
    ) -> None:
        self.spec = spec
        self.seed = seed
        self.lesson = lesson
        self.large = large
        self.interactive = interactive
        self.screen: Screen | None = None
        self.messages = MessageLine(keep=0)
        self.defaults = defaults
        self.option_boxes: dict[str, tuple[Option, widgets.Widget]] = {}
        self.css = sheet(APP)
        self.language = language()
        self.setup_screen = self._setup_screen(preset or default_players(spec))
        # The game screen's module and slow preparations load while the choices are made,
        # once the set-up screen is on the page (geoteach.ui.warm_up); begun after the set-up
        # screen has imported the game's rules, so two threads never import one module.
        self.warming = WarmUp(spec.warm_up, f"warm up {spec.key}")
        self.setup_screen.children += (self.warming.signal,)
        super().__init__([self.css, self.setup_screen])
        self.add_class("gt-app")
        self.add_class(f"gt-lang-{self.language}")
        themed(self)

    def _setup_screen(
        self, preset: list[Seat], values: dict[str, Any] | None = None
    ) -> widgets.VBox:
        """The set-up screen in the page's language, its seats and choices as given."""
        spec = self.spec
        self.option_boxes = {}
        for option in spec.options:
            if values is not None and option.key in values:
                option = replace(option, default=values[option.key])
            elif option.key in self.defaults:
                option = replace(option, default=self.defaults[option.key])
            self.option_boxes[option.key] = (option, option_widget(option))
        kept = (
            "<p><small>"
            + html_text(
                _("Your answers are kept on this computer for your teacher's lesson report.")
            )
            + "</small></p>"
            if self.recording
            else ""
        )
        heading = widgets.HTML(
            f"<h2>{html_text(_(spec.title))}</h2><p>{html_text(_(spec.blurb))}</p>{kept}"
        )
        self.choices, self.more_choices = choice_boxes(list(self.option_boxes.values()))
        choices_word = _("Choices")
        choices_head = widgets.HTML(f"<h3>{html_text(choices_word)}</h3>")
        self.setup = TableSetup.for_game(
            spec.game_cls,
            preset=preset,
            extra=[choices_head, self.choices] if spec.options else [],
            on_ready=safe(self.start_game, show=self.messages),
            on_language=safe(self.speak, show=self.messages),
            title=_("Who is playing?"),
        )
        screen = widgets.VBox([heading, self.setup, self.messages])
        screen.add_class("gt-setup")
        return screen

    def speak(self, code: str) -> None:
        """Say everything in ``code`` from now on: the set-up screen is made again in that
        language, with the seats and choices as they were (a default name such as "You" or
        "Robot Ada" takes the new language's form; a typed name stays as typed)."""
        old_names = {_(n): n for n in (YOU, *ROBOT_NAMES)}
        teams = bool(self.setup.teams.value)
        rows = self.setup.active_rows
        seats = [row.seat(teams) for row in rows]
        unnamed = [row.name.value == row.default_name(teams) for row in rows]
        values = self.values()
        self.remove_class(f"gt-lang-{self.language}")
        self.language = set_language(code)
        self.add_class(f"gt-lang-{self.language}")
        for index, seat in enumerate(seats):
            if seat.name in old_names:
                seat.name = _(old_names[seat.name])
            elif unnamed[index]:
                seat.name = default_seat_name(index, teams)
        self.setup_screen = self._setup_screen(seats, values)
        self.setup_screen.children += (self.warming.signal,)
        self.setup.teams.value = teams
        if self.screen is None:
            self.children = [self.css, self.setup_screen]

    def values(self) -> dict[str, Any]:
        """The set-up choices, as the app's ``build`` receives them."""
        return {key: option_value(option, box) for key, (option, box) in self.option_boxes.items()}

    def start_game(self, table: Table) -> Screen | None:
        """What Start does: build the game screen and show it in place of the set-up screen."""
        self.warming.finish()  # the screen's module and the game's slow work
        values = self.values()
        values["large"] = self.large
        values["interactive"] = self.interactive
        values["seed"] = self.seed
        values["on_new_game"] = self.show_setup
        try:
            screen = self.spec.builder(table, values)
        except ValueError as exc:  # a choice the game cannot start with: say what to change
            self.messages.error(str(exc))
            return None
        self.close_game()
        self.screen = screen
        self.children = [self.css, screen]
        self._record(screen)
        screen.start()
        return screen

    @property
    def recording(self) -> bool:
        """True when the answers go into a lesson record (``lesson=`` or the server's setting)."""
        from geoteach.store.lesson_record import configured_path

        return self.lesson is not None or configured_path() is not None

    def _record(self, screen: Screen) -> None:
        """Keep every answer of this game in the class's record, if the teacher set one up.

        A record that cannot be written never stops the game: the student is told, and plays.
        """
        if not self.recording:
            return
        from geoteach.classroom import RecordError, record

        def problem(text: str) -> str:
            return _(
                "Your answers are not being kept for the report: {problem} Tell your teacher."
            ).format(problem=sentence(text))

        try:
            record(
                screen.game,
                lesson=self.lesson,
                on_error=lambda text: screen.messages.error(problem(text)),
            )
        except RecordError as exc:
            screen.messages.error(problem(str(exc)))

    def show_setup(self) -> None:
        """Back to the set-up screen (New game): the old game is closed, nothing stays."""
        if self.screen is not None:
            self.large = self.screen.large_toggle.value
        self.close_game()
        self.children = [self.css, self.setup_screen]

    def close_game(self) -> None:
        if self.screen is not None:
            self.screen.close_screen()
            self.screen.close()
            self.screen = None


#: The app shown last in this kernel: running the cell again closes it first.
_CURRENT: list[StudentApp] = []


def use_widget_maps() -> bool:
    """Switch matplotlib to ipympl when running in a kernel, so maps are clickable canvases.

    Returns True when maps will be interactive. Outside a kernel (tests, scripts) nothing
    changes and the maps are pictures.
    """
    try:
        from IPython import get_ipython
    except ImportError:
        return False
    shell = get_ipython()
    if shell is None or not hasattr(shell, "kernel"):
        return False
    try:
        import matplotlib

        matplotlib.use("module://ipympl.backend_nbagg")
    except (ImportError, ValueError):
        return False
    send_to_lab()  # in JupyterLab, the live maps' keyboard fix (Voilà's page has it)
    return True


def link_settings() -> dict[str, Any]:
    """Settings from the app's web address (Voilà passes it as ``QUERY_STRING``).

    ``?seed=42`` deals the same cards to every student who opens that link (a whole class
    plays the same game); ``?large=1`` starts in large-text mode for a projector. The page's
    language (``?lang=es``) is read by ``geoteach.i18n.requested_language``.
    """
    query = parse_qs(os.environ.get("QUERY_STRING", ""))
    settings: dict[str, Any] = {}
    seed = (query.get("seed") or [""])[0]
    if seed.isascii() and seed.isdigit() and len(seed) <= 9:
        settings["seed"] = int(seed)
    if (query.get("large") or [""])[0] in ("1", "yes", "true"):
        settings["large"] = True
    return settings


def app(
    key: str,
    large: bool = False,
    seed: int | None = None,
    lesson: str | os.PathLike[str] | None = None,
    **defaults: Any,
) -> StudentApp:
    """Open the student app of the game ``key`` ("globalissimo", "geotriple", ...).

    ``defaults`` preset set-up choices (for example ``rounds=5``); a student can still change
    them on the set-up screen. ``seed`` (or ``?seed=`` in the app's address) fixes the deal.
    ``lesson`` is the class's record file (see ``geoteach.classroom``); without it the server's
    ``GEOTEACH_LESSON_RECORD`` is used, and without that nothing is recorded.
    """
    spec = spec_for(key)
    for old in _CURRENT:
        old.close_game()
        old.close()
    _CURRENT.clear()
    student_app = StudentApp(spec, interactive=use_widget_maps(), lesson=lesson, **defaults)

    def take_link() -> None:
        """The address's settings; what the cell itself says wins. The language the page
        asks for (its link's ``?lang=``, else the browser's) remakes the set-up screen in it."""
        settings = link_settings()
        student_app.large = large or settings.get("large", False)
        student_app.seed = seed if seed is not None else settings.get("seed")
        asked = requested_language()
        if asked is not None and asked != student_app.language:
            student_app.speak(asked)

    # A kernel Voilà started before the class arrived learns its address when a student opens
    # the page (geoteach.ui.page_request); any other has it now.
    if not after_page_opens(take_link):
        take_link()
    _CURRENT.append(student_app)
    return student_app


def sentence(text: str) -> str:
    """``text`` ending with exactly one full stop (messages are joined into sentences)."""
    text = text.strip()
    return text if text.endswith((".", "!", "?")) else f"{text}."
