"""Who plays: 2–6 players or teams, their names and colours, computer opponents, who starts.

The widget holds no rules: it builds a ``Table`` from what the teacher typed and hands it to
``on_ready``. How the game picks who starts comes from the game class
(``Game.first_player_rule``), and the screen says it in the game's words
(``Game.first_player_note``):

* ``"highest_roll"``: the game itself rolls when it begins (a chance move, so a replay rolls
  the same); the widget only says so.
* ``"dealer"``: the teacher picks the first dealer (``Table.first``); the game passes the
  deal on each round.
* ``"checkered_flag"``: the teacher picks the starting player, who gets the checkered-flag
  marker (``Table.first``).

For the last two, "Pick at random" draws from the widget's own seeded generator.

A game played from a deck of one's own (``deck_language``: the deck's ``language``, see
data/decks/README.md) in another language than the page's is said so above the start button
(``deck_language_note``), so a teacher who meant the Spanish deck for a Spanish class notices
before the lesson starts.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import Any

import ipywidgets as widgets

from geoteach.escape import html_text
from geoteach.games.table import SEAT_COLOURS, Seat, Table
from geoteach.i18n import LANGUAGES, N_, _, language, list_words
from geoteach.ui.messages import MessageLine
from geoteach.ui.safe import safe
from geoteach.ui.theme import seat_symbol, themed

#: Each start rule: the label of the seat picker (None: no picker) and what a random pick says.
#: (Marked with ``N_``: each is translated where it is shown.)
RULES: dict[str, tuple[str | None, str]] = {
    "highest_roll": (None, ""),
    "dealer": (N_("First dealer"), N_("{name} deals first.")),
    "checkered_flag": (N_("Checkered flag to"), N_("{name} gets the checkered flag and starts.")),
}
#: What the screen says when the game class does not say it itself.
DEFAULT_NOTES = {
    "highest_roll": N_(
        "Everyone rolls the die when the game begins; the highest roll starts and ties roll again."
    ),
    "dealer": N_("The deal passes to the next player each round."),
    "checkered_flag": N_("The starting player gets the marker with the checkered flag."),
}
LEVEL_WORDS = [(N_("easy"), "easy"), (N_("medium"), "medium"), (N_("hard"), "hard")]
#: The seat colours' names as the colour menu says them (``SEAT_COLOUR_NAMES``' order).
COLOUR_WORDS = [N_("blue"), N_("orange"), N_("green"), N_("pink"), N_("red"), N_("sky blue")]


def deck_language_note(deck: str | None, page: str | None = None) -> str:
    """What the set-up screen says of a deck in ``deck`` (a language code) on a page speaking
    ``page`` (the page's language by default): "" when they are the same, or no deck."""
    page = page or language()
    if not deck or deck == page:
        return ""
    from babel import Locale, UnknownLocaleError

    try:
        name = str(Locale.parse(deck).get_display_name(page) or deck)
    except (UnknownLocaleError, ValueError):
        name = deck
    return _(
        "The questions of this deck are in {language}, not in the language of this page."
    ).format(language=name)


def default_seat_name(index: int, teams: bool) -> str:
    """The name a seat has until someone types one: "Player 2", "Team 2"."""
    if teams:
        return _("Team {number}").format(number=index + 1)
    return _("Player {number}").format(number=index + 1)


class SeatRow:
    """The inputs of one seat: name, person or computer, level, colour, team members."""

    def __init__(self, index: int, teams: bool) -> None:
        self.index = index
        # Each input is named for a screen reader: with no description, ipywidgets 8 puts the
        # tooltip on the <select>/<input> itself as its title, which is its accessible name
        # (a visible label per row would not fit six rows at 1366×768).
        self.symbol = widgets.HTML(self._symbol_html(SEAT_COLOURS[index % len(SEAT_COLOURS)]))
        self.name = widgets.Text(
            value=self.default_name(teams),
            placeholder=_("name"),
            layout=widgets.Layout(width="14em"),
            tooltip=self.label_of(_("name")),
        )
        self.kind = widgets.Dropdown(
            options=[(_("person"), "human"), (_("computer"), "bot")],
            value="human",
            layout=widgets.Layout(width="8em"),
            tooltip=self.label_of(_("person or computer")),
        )
        self.level = widgets.Dropdown(
            options=[(_(word), value) for word, value in LEVEL_WORDS],
            value="medium",
            disabled=True,
            layout=widgets.Layout(width="7em"),
            tooltip=self.label_of(_("how much the computer knows")),
        )
        self.colour = widgets.Dropdown(
            options=[(_(w), c) for w, c in zip(COLOUR_WORDS, SEAT_COLOURS, strict=True)],
            value=SEAT_COLOURS[index % len(SEAT_COLOURS)],
            layout=widgets.Layout(width="8em"),
            tooltip=self.label_of(_("colour")),
        )
        self.members = widgets.Text(
            placeholder=_("team members, separated by commas"),
            layout=widgets.Layout(width="22em", display="" if teams else "none"),
            tooltip=self.label_of(_("team members")),
        )
        self.kind.observe(self._kind_changed, names="value")
        self.colour.observe(lambda c: setattr(self.symbol, "value", self._symbol_html(c["new"])))
        self.box = widgets.HBox(
            [self.symbol, self.name, self.kind, self.level, self.colour, self.members]
        )

    def label_of(self, what: str) -> str:
        """The accessible name of one input of this row: "Seat 2: colour"."""
        return _("Seat {number}: {what}").format(number=self.index + 1, what=what)

    def _symbol_html(self, colour: str) -> str:
        return (
            f'<span style="color:{colour};font-size:150%" aria-hidden="true">'
            f"{seat_symbol(self.index)}</span>"
        )

    def default_name(self, teams: bool) -> str:
        return default_seat_name(self.index, teams)

    def _kind_changed(self, change: dict[str, Any]) -> None:
        self.level.disabled = change["new"] != "bot"

    def seat(self, teams: bool) -> Seat:
        members = self.members.value.split(",") if teams and self.kind.value == "human" else []
        return Seat(
            name=self.name.value,
            kind=self.kind.value,
            level=self.level.value if self.kind.value == "bot" else None,
            colour=self.colour.value,
            members=members,
        )


class TableSetup(widgets.VBox):
    """Set up the table, then press "Start the game": ``on_ready(table)`` gets the ``Table``."""

    def __init__(
        self,
        min_seats: int = 2,
        max_seats: int = 6,
        first_player_rule: str = "highest_roll",
        first_player_note: str | None = None,
        seats: int | None = None,
        teams: bool = False,
        allow_teams: bool = True,
        on_ready: Callable[[Table], Any] | None = None,
        seed: int | None = None,
        title: str | None = None,
        preset: Sequence[Seat] = (),
        extra: Sequence[widgets.Widget] = (),
        start_text: str | None = None,
        on_language: Callable[[str], Any] | None = None,
        deck_language: str | None = None,
    ) -> None:
        if not 1 <= min_seats <= max_seats <= len(SEAT_COLOURS):
            raise ValueError(
                _("Seats must be between 1 and {most}.").format(most=len(SEAT_COLOURS))
            )
        if first_player_rule not in RULES:
            raise ValueError(
                f"Who starts is decided by one of {', '.join(RULES)}, not {first_player_rule!r}."
            )
        title = _("Who is playing?") if title is None else title
        start_text = _("Start the game") if start_text is None else start_text
        self.min_seats, self.max_seats = min_seats, max_seats
        self.first_player_rule = first_player_rule
        self.on_ready = on_ready
        self.rng = random.Random(seed)
        self.table: Table | None = None
        self.messages = MessageLine()

        self.count = widgets.BoundedIntText(
            value=min(max(seats or min_seats, min_seats), max_seats),
            min=min_seats,
            max=max_seats,
            description=_("Players") if not teams else _("Teams"),
            layout=widgets.Layout(width="12em"),
        )
        self.teams = widgets.Checkbox(
            value=teams and allow_teams,
            description=_("Play in teams"),
            disabled=not allow_teams,
            indent=False,
        )
        self.rows = [SeatRow(i, self.teams.value) for i in range(max_seats)]
        self.rows_box = widgets.VBox()
        label, _said = RULES[first_player_rule]
        note = _(first_player_note or DEFAULT_NOTES[first_player_rule])
        self.first = widgets.Dropdown(description=_(label) if label else "")
        self.first.style.description_width = "initial"
        self.random_first = widgets.Button(description=_("Pick at random"), icon="random")
        if label is None:
            note = _("Who starts: {rule}").format(rule=note)
        self.rule_note = widgets.HTML(f"<p>{html_text(note)}</p>")
        if label is None:
            start_box = widgets.VBox([self.rule_note])
        else:
            start_box = widgets.VBox(
                [widgets.HBox([self.first, self.random_first]), self.rule_note]
            )
        self.deck_note = widgets.HTML()
        self.set_deck_language(deck_language)
        self.start = widgets.Button(description=start_text, button_style="success", icon="play")
        self.start.add_class("gt-start")

        self.count.observe(safe(self._redraw_rows, show=self.messages), names="value")
        self.teams.observe(safe(self._teams_changed, show=self.messages), names="value")
        for row in self.rows:
            row.name.observe(safe(self._refresh_first, show=self.messages), names="value")
        self.random_first.on_click(safe(lambda _b: self.pick_random_first(), show=self.messages))
        self.start.on_click(safe(lambda _b: self.submit(), show=self.messages))

        heading = widgets.HTML(f"<h3>{html_text(title)}</h3>")
        top = widgets.HBox([self.count, self.teams])
        # The language choice: a menu Tab reaches, each language named in itself, so a student
        # finds theirs whatever the page speaks now.
        self.language = widgets.Dropdown(
            options=[(name, code) for code, name in LANGUAGES.items()],
            value=language(),
            description=_("Language"),
            style={"description_width": "initial"},
            layout=widgets.Layout(width="auto", display="" if on_language else "none"),
        )
        self.language.add_class("gt-language")
        if on_language is not None:
            self.language.observe(lambda c: on_language(str(c["new"])), names="value")
            heading = widgets.HBox(
                [heading, self.language],
                layout=widgets.Layout(justify_content="space-between", align_items="center"),
            )
        super().__init__(
            [
                heading,
                top,
                self.rows_box,
                start_box,
                *extra,
                self.deck_note,
                self.start,
                self.messages,
            ]
        )
        themed(self)
        self.preset(preset)
        self._redraw_rows()

    @classmethod
    def for_game(cls, game_cls: type, **kwargs: Any) -> TableSetup:
        """A setup with the seat limits and the start rule ``game_cls`` declares, said in its
        words; the ``Table`` it builds starts that game as its rulebook says."""
        kwargs.setdefault("min_seats", getattr(game_cls, "min_seats", 2))
        kwargs.setdefault("max_seats", getattr(game_cls, "max_seats", 6))
        kwargs.setdefault(
            "first_player_rule", getattr(game_cls, "first_player_rule", "highest_roll")
        )
        kwargs.setdefault("first_player_note", getattr(game_cls, "first_player_note", None))
        title = getattr(game_cls, "title", None)
        if callable(title):
            kwargs.setdefault("title", _("Who is playing {game}?").format(game=_(title())))
        return cls(**kwargs)

    def set_deck_language(self, code: str | None) -> None:
        """Say (or stop saying) that the chosen deck is in another language than the page."""
        note = deck_language_note(code)
        self.deck_note.value = f'<p class="gt-deck-language">{html_text(note)}</p>' if note else ""

    def preset(self, seats: Sequence[Seat]) -> None:
        """Fill the rows from ``seats`` (a student alone: "You" and computer players)."""
        if not seats:
            return
        self.count.value = min(max(len(seats), self.min_seats), self.max_seats)
        for row, seat in zip(self.rows, seats, strict=False):
            row.name.value = seat.name
            row.kind.value = seat.kind
            if seat.level:
                row.level.value = seat.level
            if seat.colour in SEAT_COLOURS:
                row.colour.value = seat.colour
            row.members.value = ", ".join(seat.members)

    @property
    def active_rows(self) -> list[SeatRow]:
        return self.rows[: self.count.value]

    def _redraw_rows(self, _change: object = None) -> None:
        self.rows_box.children = [row.box for row in self.active_rows]
        self._refresh_first()

    def _teams_changed(self, change: dict[str, Any]) -> None:
        teams = bool(change["new"])
        self.count.description = _("Teams") if teams else _("Players")
        for row in self.rows:
            row.members.layout.display = "" if teams else "none"
            if row.name.value == row.default_name(not teams):
                row.name.value = row.default_name(teams)

    def _refresh_first(self, _change: object = None) -> None:
        chosen = self.first.value
        options = [(row.name.value.strip() or "?", row.index) for row in self.active_rows]
        self.first.options = options
        self.first.value = chosen if chosen is not None and chosen < len(options) else 0

    def pick_random_first(self) -> int:
        """Draw the first dealer or flag holder at random (seeded)."""
        if RULES[self.first_player_rule][0] is None:
            raise ValueError(_("In this game the dice decide who starts, when the game begins."))
        self.first.value = self.rng.randrange(self.count.value)
        self.messages.info(_(RULES[self.first_player_rule][1]).format(name=self.first.label))
        return self.first.value

    def build(self) -> Table:
        """The ``Table`` described by the inputs; ``ValueError`` says what to fix."""
        teams = bool(self.teams.value)
        seats = [row.seat(teams) for row in self.active_rows]
        colours = [s.colour for s in seats]
        for colour in colours:
            if colours.count(colour) > 1:
                clash = [s.name for s in seats if s.colour == colour]
                raise ValueError(
                    _("{names} have the same colour: pick another colour for one.").format(
                        names=list_words(clash, "and")
                    )
                )
        if all(s.is_bot for s in seats):
            raise ValueError(_("At least one seat must be a person: who else would play?"))
        first = 0 if self.first_player_rule == "highest_roll" else int(self.first.value or 0)
        return Table(seats, first=first)

    def submit(self) -> Table | None:
        """What "Start the game" does: build the table, report, call ``on_ready``."""
        try:
            table = self.build()
        except ValueError as exc:
            self.messages.error(str(exc))
            return None
        self.table = table
        names = ", ".join(s.name for s in table.seats)
        self.messages.success(_("Ready: {names}.").format(names=names))
        if self.on_ready is not None:
            self.on_ready(table)
        return table
