"""The teacher's class-game app, on the projector: pick the game and the teams, open the room,
watch the seats fill, start, and keep control while the class plays.

Stages, one screen each:

1. **Set-up**: the student app's set-up screen of the chosen game (teams, computer players,
   the game's choices), whose button says "Open the room".
2. **The room**: the code in big letters, the join address and its QR code, and the seats
   filling up as teams join on their devices. The game waits (the room is paused) until the
   teacher presses **Start the game**.
3. **The game**: the game's own screen drawn from ``view(None)`` (the public board, large
   text), the computer players played here, and a teacher's bar: pause and resume, end the
   game, and for each seat: give it to a computer (a laptop died), give it back, a new link
   for another device (the old device's access ends at once), remove a device, rename.
   In honor mode (Globalissimo's hurdles, the Pursuits' questions, answers said out loud) the
   teacher is the reader and the judge: the screen reads the back of the card
   (``HostGame.card_back``: no view and no device has it) and shows the question, **Show the
   answer**, then the answers and **Right** / **Wrong**; the mark is the answering team's move,
   stored with the host key.

The class service's referee (``geoteach.classroom.referee``) holds the game, plays the computer
players and writes the lesson record; this page holds the room's code, the teacher's credential
and the public board (``classroom.remote.RemoteGame``). The teacher's credential is the
teacher's link (``?teacher=…``, printed by ``tasks.py voila``), the hub's ``teachers`` group,
or, on a server of the teacher's own (a laptop, Binder), the server's own setting
(``$GEOTEACH_TEACHER``). A page without it says it is the teacher's page and shows nothing of
any room. If this page's kernel restarts, the teacher opens the app again and takes the room up
from the list of open rooms, shown first: nothing is lost, the referee has every move.
"""

from __future__ import annotations

import json
import os
from collections.abc import Mapping
from typing import Any
from urllib.parse import parse_qs

import ipywidgets as widgets

from geoteach.bots.base import RemotePlayer
from geoteach.classroom.remote import (
    Connection,
    RemoteRoom,
    answer,
    connect,
    seat_states,
    teacher_credential,
)
from geoteach.classroom.rooms import setup_of
from geoteach.classroom.wire import KEY_MAX, RoomInfo
from geoteach.escape import html_text
from geoteach.games.registry import GAMES
from geoteach.games.table import Seat, Table
from geoteach.i18n import N_, _, language, ngettext, requested_language, set_language
from geoteach.store.rooms import NotTheHost, RoomError
from geoteach.ui.apps import StudentApp, spec_for, use_widget_maps
from geoteach.ui.class_game.follow import Follower
from geoteach.ui.class_game.links import join_address, join_link, qr_svg
from geoteach.ui.class_game.seats import joined_count, seats_html
from geoteach.ui.enter_key import enter_presses
from geoteach.ui.messages import MessageLine
from geoteach.ui.safe import safe
from geoteach.ui.shell import Screen
from geoteach.ui.styles import APP, sheets
from geoteach.ui.theme import themed

#: The games a class can play from many devices (the registry says why the others cannot yet).
CLASS_GAMES = tuple(key for key, entry in GAMES.items() if entry.is_class_game)
NOT_YET = {key: entry.not_a_class_game for key, entry in GAMES.items() if not entry.is_class_game}

#: The teams a class game starts with (the teacher renames them, adds or removes teams), named
#: in the teacher's language when the room is set up; the names are then the room's, shown
#: as they are on every device.
CLASS_TEAMS = [
    N_("Team Amber"),
    N_("Team Blue"),
    N_("Team Coral"),
    N_("Team Dune"),
    N_("Team Elm"),
    N_("Team Fjord"),
]
#: A room's status, as the list of rooms to take up again says it.
STATUS_WORDS = {"open": N_("playing"), "paused": N_("paused"), "ended": N_("ended")}


def plain_values(values: Mapping[str, Any]) -> dict[str, Any]:
    """The set-up choices that can be shared with the devices (plain JSON only)."""
    kept: dict[str, Any] = {}
    for key, value in values.items():
        try:
            json.dumps(value)
        except (TypeError, ValueError):
            continue
        kept[key] = value
    return kept


class _RoomSetup(StudentApp):
    """The student app's set-up screen, with "Open the room" instead of "Start the game", and
    the choices a class game words its own way (the registry's ``class_words``: answers said
    out loud are marked by the teacher)."""

    def __init__(self, spec: Any, on_open: Any, **kwargs: Any) -> None:
        self.on_open = on_open
        self.on_speak: Any = None
        teams = max(2, int(spec.game_cls.min_seats))
        super().__init__(spec, preset=[Seat(_(name)) for name in CLASS_TEAMS[:teams]], **kwargs)
        # A row the teacher adds is a team too ("Team Coral", not "Player 3").
        for row, name in zip(self.setup.rows[teams:], CLASS_TEAMS[teams:], strict=False):
            row.name.value = _(name)
        self._class_words()

    def _class_words(self) -> None:
        """The "Open the room" button, and the choices a class game words its own way."""
        self.setup.start.description = _("Open the room")
        self.setup.start.icon = "users"
        for key, words in self.spec.entry.class_words.items():
            option, box = self.option_boxes[key]
            chosen = box.value
            # Indices of ``option.choices``, as ``option_value`` reads them: only the labels change.
            box.options = [(_(words.get(c[1], c[0])), i) for i, c in enumerate(option.choices)]
            box.value = chosen

    def speak(self, code: str) -> None:
        """The set-up screen in another language stays the class game's; the teams' names
        the teacher kept take the new language's form (a name typed stays as typed)."""
        old = {_(name): name for name in CLASS_TEAMS}
        super().speak(code)
        for row in self.setup.rows:
            if row.name.value in old:
                row.name.value = _(old[row.name.value])
        self._class_words()
        if self.on_speak is not None:
            self.on_speak()

    def start_game(self, table: Table) -> Screen | None:
        self.warming.finish()
        values = self.values()
        values.update(large=self.large, interactive=self.interactive, seed=self.seed)
        self.on_open(table, values)
        return None


def not_the_teacher() -> str:
    """Said on the class-game page to anyone without the teacher's credential."""
    return "<h2>{}</h2><p>{}</p>".format(
        html_text(_("This is your teacher's page")),
        html_text(
            _(
                "It opens the class game on the projector. To play, open the join page and "
                "type the code your teacher shows."
            )
        ),
    )


def link_teacher(query: str | None = None) -> str | None:
    """The teacher's credential from the page's address (``?teacher=…``), if any."""
    found = parse_qs(os.environ.get("QUERY_STRING", "") if query is None else query)
    value = (found.get("teacher") or [""])[0]
    return value if 0 < len(value) <= KEY_MAX else None


class ClassGameApp(widgets.VBox):
    """The projector's app: set-up, the room, then the game (see the module notes)."""

    def __init__(
        self,
        key: str,
        connection: Connection | None = None,
        teacher: str | None = None,
        large: bool = True,
        seed: int | None = None,
        interactive: bool = False,
    ) -> None:
        if key in NOT_YET:
            raise ValueError(NOT_YET[key])
        self.spec = spec_for(key)
        self.connection = connection
        self.teacher = teacher
        self.large = large
        self.interactive = interactive
        self.remote: RemoteRoom | None = None
        self.values: dict[str, Any] = {}
        self.screen: Screen | None = None
        self.follower: Follower | None = None
        self.messages = MessageLine(keep=0)
        self.seed = seed
        self.language = language()
        self.game_picker = widgets.Dropdown(
            options=[(spec_for(k).title, k) for k in CLASS_GAMES],
            value=key if key in CLASS_GAMES else CLASS_GAMES[0],
        )
        self.game_picker.add_class("gt-class-game-picker")
        self.game_picker.observe(
            safe(lambda change: self.choose_game(change["new"]), show=self.messages),
            names="value",
        )
        self.setup_app = _RoomSetup(
            self.spec, self.open_room, large=large, interactive=interactive, seed=seed
        )
        self.setup_app.on_speak = self._spoke
        self.resume_box = widgets.VBox()
        self.css = sheets(APP, "class_game")
        # The room's stage.
        self.code_html = widgets.HTML()
        self.qr_html = widgets.HTML()
        self.seats_html = widgets.HTML()
        self.start_button = widgets.Button(button_style="success", icon="play")
        self.start_button.add_class("gt-class-start")
        self.start_button.on_click(safe(lambda _b: self.start_game(), show=self.messages))
        # The teacher's bar during the game.
        self.bar_html = widgets.HTML()
        self.pause_button = widgets.Button(icon="pause")
        self.pause_button.add_class("gt-class-pause")
        self.pause_button.on_click(safe(lambda _b: self.toggle_pause(), show=self.messages))
        self.end_button = widgets.Button(icon="stop")
        self.end_button.add_class("gt-class-end")
        self.end_button.on_click(safe(lambda _b: self.end_game(), show=self.messages))
        self.paused_note = widgets.HTML()
        self.seat_panel = SeatPanel(self)
        self.rooms: list[RoomInfo] = []
        super().__init__([self.css, self.messages])
        self.add_class("gt-app")
        self.add_class("gt-class-host")
        self.add_class(f"gt-lang-{self.language}")
        themed(self)
        self._word()
        self.check_teacher()

    def _word(self) -> None:
        """The words of the page's own controls, in the page's language."""
        self.game_picker.description = _("Game")
        self.start_button.description = _("Start the game")
        self.pause_button.description = _("Pause")
        self.end_button.description = _("End the game")
        self.seat_panel.word()

    def _spoke(self) -> None:
        """The teacher chose another language on the set-up screen: the whole page speaks it."""
        self.remove_class(f"gt-lang-{self.language}")
        self.language = language()
        self.add_class(f"gt-lang-{self.language}")
        self._word()
        self._offer_resume(self.rooms)

    def service(self) -> Connection:
        if self.connection is None:
            self.connection = connect()
        return self.connection

    def check_teacher(self) -> bool:
        """Show the set-up (and the rooms to take up again, first) to the teacher only; any
        other page gets a sentence saying whose page this is, and nothing of any room."""
        try:
            rooms = answer(self.service().call({"kind": "rooms", "teacher": self.teacher or ""}))
        except NotTheHost:
            self.children = [self.css, widgets.HTML(not_the_teacher())]
            return False
        except RoomError as exc:  # the service does not answer, or cannot read its rooms
            self.children = [self.css, widgets.HTML(f"<p>{html_text(str(exc))}</p>")]
            return False
        self._offer_resume(rooms)
        self.children = [self.css, self.resume_box, self.game_picker, self.setup_app, self.messages]
        return True

    # ----- stage 1 → 2 -------------------------------------------------------------------
    def choose_game(self, key: str) -> None:
        """The teacher picked another game: its set-up screen (and its open rooms)."""
        if key == self.spec.key or self.remote is not None:
            return
        self.spec = spec_for(key)
        self.setup_app.close_game()
        self.setup_app = _RoomSetup(
            self.spec,
            self.open_room,
            large=self.large,
            interactive=self.interactive,
            seed=self.seed,
        )
        self.setup_app.on_speak = self._spoke
        self.children = [self.css, self.resume_box, self.game_picker, self.setup_app, self.messages]

    def open_room(self, table: Table, values: dict[str, Any]) -> RemoteRoom:
        """Make the game from the set-up choices and give it to the referee, which opens its
        room (paused until Start). This page keeps only the code and the public board."""
        game = self.spec.screen.new_game(table, values)
        self.values = values
        setup = setup_of(game, plain_values(values))
        del game  # the referee holds the only full game from now on
        info: RoomInfo = answer(
            self.service().call(
                {
                    "kind": "open",
                    "teacher": self.teacher or "",
                    "game": self.spec.key,
                    "setup": setup,
                }
            )
        )
        remote = RemoteRoom(self.service(), info["code"], teacher=self.teacher or "")
        self._enter(remote)
        self.show_room()
        return remote

    def resume_room(self, code: str) -> RemoteRoom:
        """Take up a room opened earlier (this page's kernel restarted, or it is the next day).
        Its moves come in one by one (``start_game``), so the projector's log says every one
        of them again."""
        remote = RemoteRoom(self.service(), code, teacher=self.teacher or "")
        if remote.info["game"] != self.spec.key:
            self.spec = spec_for(remote.info["game"])
        self.values = dict(remote.values)
        self._enter(remote)
        if remote.info["status"] == "paused" and not remote.info["moves"]:
            self.show_room()
        else:
            self.start_game(resume_play=remote.info["status"] == "open")
        return remote

    def _enter(self, remote: RemoteRoom) -> None:
        self.remote = remote
        self.follower = Follower(
            remote, self._move_arrived, self._room_changed, self.messages.error
        )
        self.follower.version = remote.version
        self.follower.start()

    def show_room(self) -> None:
        """Stage 2: the code, the address, the QR code and the seats."""
        remote = self._remote()
        link = join_link(remote.code)
        join_at = html_text(_("Join on your device at {address} with the code")).format(
            address=f"<b>{html_text(join_address())}</b>"
        )
        spelled = _("Room code {code}").format(code=" ".join(remote.code))
        self.code_html.value = (
            f"<p>{join_at}</p>"
            f'<p class="gt-room-code" aria-label="{html_text(spelled)}">'
            f"{html_text(remote.code)}</p>"
            "<p>{}</p>".format(
                html_text(
                    _("or scan the QR code. The game starts when your teacher presses Start.")
                )
            )
        )
        label = _("QR code of the join address {address}").format(address=link)
        self.qr_html.value = f'<div role="img" aria-label="{html_text(label)}">{qr_svg(link)}</div>'
        self._draw_seats()
        lobby = widgets.HBox([widgets.VBox([self.code_html, self.seats_html]), self.qr_html])
        lobby.add_class("gt-class-lobby")
        title = widgets.HTML(
            "<h2>{}</h2>".format(html_text(_("{game}: a class game").format(game=self.spec.title)))
        )
        self.children = [
            self.css,
            title,
            lobby,
            self.start_button,
            self.seat_panel,
            self.messages,
        ]

    # ----- stage 2 → 3 -------------------------------------------------------------------
    def start_game(self, resume_play: bool = True) -> Screen:
        """Stage 3: the public board on the projector; the referee plays the computers."""
        remote = self._remote()
        table = remote.game.table
        values = dict(self.values)
        values.update(large=self.large, interactive=use_widget_maps() or self.interactive)
        values["on_new_game"] = None
        values.setdefault("bot_delay", 1.2)
        if resume_play and remote.info["status"] == "paused":
            remote.teacher_call("start")
        # Every seat is played elsewhere: the teams on their devices, the computers by the
        # referee. A room taken up again: the screen is drawn from the first position and
        # takes the moves made since in one by one, into its log too.
        remote_seats = {s: RemotePlayer(info.name) for s, info in enumerate(table.seats)}
        screen = self.spec.screen.build_screen(table, values, game=remote.game, bots=remote_seats)
        self.screen = screen
        remote.refresh()
        screen.catch_up(remote.pending())
        if self.follower is not None:
            self.follower.version = -1  # draw the seats and status again with the game
        self._draw_bar()
        bar = widgets.HBox(
            [self.bar_html, self.pause_button, self.end_button], layout=widgets.Layout()
        )
        bar.add_class("gt-class-bar")
        self.children = [self.css, bar, self.paused_note, screen, self.seat_panel, self.messages]
        screen.start()
        return screen

    # ----- what arrives from the room ----------------------------------------------------
    def _move_arrived(self, action: dict[str, Any]) -> None:
        if self.screen is not None:
            self.screen.remote_move(action)

    def _room_changed(self, room: RoomInfo) -> None:
        self._draw_seats()
        if self.screen is not None:
            self._draw_bar()

    def _draw_seats(self) -> None:
        remote = self._remote()
        states = seat_states(remote.info)
        joined, teams = joined_count(states)
        joined_words = ngettext(
            "{joined} of {n} team has joined", "{joined} of {n} teams have joined", teams
        ).format(joined=joined, n=teams)
        self.seats_html.value = f"<h3>{html_text(joined_words)}</h3>" + seats_html(
            remote.game.table, states
        )
        self.seat_panel.draw(states)

    def _draw_bar(self) -> None:
        room = self._remote().info
        self.bar_html.value = html_text(_("Room {code} · join at {address}")).format(
            code=f'<span class="gt-room-code-small">{html_text(room["code"])}</span>',
            address=html_text(join_address()),
        )
        paused = room["status"] == "paused"
        self.pause_button.description = _("Resume") if paused else _("Pause")
        self.pause_button.icon = "play" if paused else "pause"
        self.paused_note.value = (
            '<p class="gt-paused">{}</p>'.format(
                html_text(_("The game is paused. Press Resume to go on."))
            )
            if paused
            else ""
        )
        if room["status"] == "ended":
            ended = html_text(_("The game has ended."))
            self.paused_note.value = f'<p class="gt-paused">{ended}</p>'
            self.pause_button.disabled = True
            self.end_button.disabled = True

    # ----- the teacher's controls --------------------------------------------------------
    def toggle_pause(self) -> None:
        remote = self._remote()
        remote.teacher_call("resume" if remote.info["status"] == "paused" else "pause")
        self._sync()

    def end_game(self) -> None:
        self._remote().teacher_call("end")
        self._sync()
        if self.follower is not None:
            self.follower.stop()

    def _sync(self) -> None:
        """Show a change this page made at once (the follower sees it too, a moment later)."""
        if self.follower is not None:
            self.follower.poll()

    def _remote(self) -> RemoteRoom:
        if self.remote is None:
            raise RoomError(_("Open the room first."))
        return self.remote

    def _offer_resume(self, rooms: list[RoomInfo]) -> None:
        """The rooms still open on this server, first on the page: take one up again (the
        projector's page was reloaded, or it is the next lesson)."""
        self.rooms = list(rooms)
        if not rooms:
            self.resume_box.children = []
            return
        picker = widgets.Dropdown(
            options=[
                (
                    ngettext(
                        "{code}: {game}, opened {time} UTC, {n} move, {status}",
                        "{code}: {game}, opened {time} UTC, {n} moves, {status}",
                        r["moves"],
                    ).format(
                        code=r["code"],
                        game=r["title"],
                        time=r["opened"][11:16],
                        n=r["moves"],
                        status=_(STATUS_WORDS.get(r["status"], r["status"])),
                    ),
                    r["code"],
                )
                for r in rooms
            ],
            description=_("A room you opened"),
            style={"description_width": "initial"},
        )
        go = widgets.Button(description=_("Take it up again"), icon="history")
        go.add_class("gt-class-resume")
        go.on_click(safe(lambda _b: self.resume_room(picker.value), show=self.messages))
        head = widgets.HTML("<h3>{}</h3>".format(html_text(_("Go on with a class game"))))
        self.resume_box.children = [head, picker, go]

    def close_app(self) -> None:
        if self.follower is not None:
            self.follower.stop()
        if self.screen is not None:
            self.screen.close_screen()


class SeatPanel(widgets.VBox):
    """The teacher's controls for one seat at a time: computer, back to the team, a link for
    another device, remove the device, rename."""

    def __init__(self, app: ClassGameApp) -> None:
        self.app = app
        self.picker = widgets.Dropdown(options=[("—", -1)])
        self.to_computer = widgets.Button(icon="desktop")
        self.back = widgets.Button(icon="undo")
        self.new_link = widgets.Button(icon="link")
        self.remove = widgets.Button(icon="times")
        self.name = widgets.Text()
        self.rename = widgets.Button(icon="pencil")
        self.link_html = widgets.HTML()
        enter_presses(self.name, self.rename)
        for button, verb in (
            (self.to_computer, self._to_computer),
            (self.back, self._back),
            (self.new_link, self._new_link),
            (self.remove, self._remove),
            (self.rename, self._rename),
        ):
            button.on_click(safe(lambda _b, verb=verb: verb(), show=app.messages))
        self.picker.add_class("gt-class-seat-picker")
        self.to_computer.add_class("gt-class-to-computer")
        self.back.add_class("gt-class-back")
        self.new_link.add_class("gt-class-new-link")
        self.remove.add_class("gt-class-remove")
        rows = [
            widgets.HBox([self.picker, self.to_computer, self.back]),
            widgets.HBox([self.new_link, self.remove]),
            widgets.HBox([self.name, self.rename]),
            self.link_html,
        ]
        # A fold the keyboard reaches (ipywidgets 8's Accordion header is a plain div that Tab
        # skips, in grey text below 4.5:1): a toggle whose words say what pressing it does.
        self.body = widgets.VBox(rows, layout=widgets.Layout(display="none"))
        self.fold = widgets.ToggleButton(
            value=False, layout=widgets.Layout(width="auto", align_self="flex-start")
        )
        self.fold.add_class("gt-class-seat-fold")
        self.fold.observe(lambda change: self._show(bool(change["new"])), names="value")
        self.word()
        super().__init__([self.fold, self.body])
        self.add_class("gt-class-seat-panel")

    def word(self) -> None:
        """The panel's words, in the page's language."""
        self.picker.description = _("Team")
        self.to_computer.description = _("Give to a computer")
        self.back.description = _("Back to the team")
        self.new_link.description = _("Link for another device")
        self.remove.description = _("Remove the device")
        self.name.description = _("Nickname")
        self.name.placeholder = _("as the team wrote it")
        self.rename.description = _("Rename")
        self._show(bool(self.fold.value))

    def _show(self, shown: bool) -> None:
        self.body.layout.display = "" if shown else "none"
        self.fold.description = _("Hide teams and devices") if shown else _("Teams and devices")
        self.fold.icon = "caret-down" if shown else "caret-right"

    def draw(self, states: Any) -> None:
        remote = self.app.remote
        if remote is None:
            return
        table = remote.game.table
        options = [(table.seats[s.seat].name, s.seat) for s in states]
        if [o for o in self.picker.options] != options:
            keep = self.picker.value
            self.picker.options = options
            if keep in [v for _n, v in options]:
                self.picker.value = keep

    def _seat(self) -> int:
        seat = self.picker.value
        if seat is None or seat < 0:
            raise RoomError(_("Pick a team first."))
        return int(seat)

    def _to_computer(self) -> None:
        self.app._remote().teacher_call("give_to_computer", seat=self._seat())
        self.app._sync()

    def _back(self) -> None:
        self.app._remote().teacher_call("free_seat", seat=self._seat())
        self.app._sync()

    def _remove(self) -> None:
        self.app._remote().teacher_call("free_seat", seat=self._seat())
        self.link_html.value = "<p>{}</p>".format(
            html_text(_("That device can no longer play. The team can join again."))
        )
        self.app._sync()

    def _new_link(self) -> None:
        remote = self.app._remote()
        seat = self._seat()
        key = remote.teacher_call("hand_seat", seat=seat)["key"]
        link = join_link(remote.code, seat=seat, key=key)
        name = remote.game.table.seats[seat].name
        open_it = _("Open this link on the new device of {team} (the old one stops now):")
        qr_label = html_text(_("QR code of the link"))
        self.link_html.value = (
            f"<p>{html_text(open_it.format(team=name))}</p>"
            f'<p><a href="{html_text(link)}" target="_blank">{html_text(link)}</a></p>'
            f'<div role="img" aria-label="{qr_label}">'
            f"{qr_svg(link, scale=4)}</div>"
        )
        self.app._sync()

    def _rename(self) -> None:
        self.app._remote().teacher_call(
            "rename", seat=self._seat(), nickname=self.name.value or None
        )
        self.name.value = ""
        self.app._sync()


#: The app shown last in this kernel.
_CURRENT: list[ClassGameApp] = []


def class_game(
    key: str = "globalissimo",
    connection: Connection | None = None,
    teacher: str | None = None,
    large: bool = True,
    seed: int | None = None,
) -> ClassGameApp:
    """Open the teacher's class-game app for the game ``key`` (see the module notes).

    ``teacher`` is the teacher's credential; by default the page's link (``?teacher=…``), on a
    server of the teacher's own ``$GEOTEACH_TEACHER``, and on JupyterHub the hub's login."""
    if key not in CLASS_GAMES:
        raise ValueError(
            NOT_YET.get(key)
            or f"There is no game called {key!r}. The games are: {', '.join(CLASS_GAMES)}."
        )
    for old in _CURRENT:
        old.close_app()
        old.close()
    _CURRENT.clear()
    # The page's language: its link's ``?lang=``, else the browser's; else the kernel's own.
    asked = requested_language()
    if asked is not None:
        set_language(asked)
    if teacher is None:
        # The teacher link's secret; a server of the teacher's own; on a hub, the login
        # (the server's token, which the hub's class service checks against its teachers).
        teacher = link_teacher() or teacher_credential()
    app = ClassGameApp(key, connection=connection, teacher=teacher, large=large, seed=seed)
    _CURRENT.append(app)
    return app
