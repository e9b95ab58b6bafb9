"""A team's device in a class game: type the code, pick your team, play.

Stages:

1. **The code** (or the QR link, which carries it as ``?room=``). A wrong, finished or expired
   code is refused with a sentence a 12-year-old understands; after many wrong codes in a row
   the page waits a little before it tries again (codes cannot be guessed by trying them all).
2. **Your team**: a button for each free seat, and **Just watch** (the public board only). A
   nickname is optional, at most 24 characters, and shown only escaped.
3. **The game**: the game's own screen, drawn from this team's ``view(seat)`` and the public
   ``view(None)`` only, as the class service's referee sends them
   (``classroom.remote.RemoteGame``: this kernel holds no seed and no other team's anything),
   its controls when the team is to act, the other teams' moves arriving as they are decided.

Each device speaks its own language: its link's ``?lang=``, else the browser's (``speak``); the
moves and views are the same for every page, and this page words them. The join link the
projector shows carries no language, so a team's link works whatever each page speaks.

Coming back: after a team takes its seat the page's address becomes its own link
(``?room=…&seat=…&key=…``, set in the browser by the kit's page script from the
``gt-rejoin`` element), so a reload, a closed lid or a lost Wi-Fi opens the same seat again.
"""

from __future__ import annotations

import os
import threading
import time
from typing import Any
from urllib.parse import parse_qs

import ipywidgets as widgets

from geoteach.bots.base import Bot, RemotePlayer
from geoteach.classroom.remote import (
    Connection,
    RemoteGame,
    RemoteRoom,
    answer,
    connect,
    seat_states,
)
from geoteach.classroom.wire import RoomInfo
from geoteach.escape import html_text
from geoteach.games.registry import GAMES
from geoteach.games.table import Table
from geoteach.i18n import _, language, requested_language, set_language
from geoteach.store.rooms import CODE_LENGTH, NICKNAME_MAX, NotYourSeat, RoomError
from geoteach.ui.apps import spec_for, use_widget_maps
from geoteach.ui.class_game.follow import Follower
from geoteach.ui.class_game.links import join_link
from geoteach.ui.class_game.seats import seat_label
from geoteach.ui.enter_key import enter_presses
from geoteach.ui.messages import MessageLine
from geoteach.ui.page_request import after_page_opens, preheated
from geoteach.ui.registry import SCREENS
from geoteach.ui.safe import safe
from geoteach.ui.shell import Screen
from geoteach.ui.styles import APP, sheets
from geoteach.ui.theme import seat_badge, themed

#: Wrong codes in a row before the page makes the next try wait.
WRONG_CODES_BEFORE_WAIT = 5
WAIT_AFTER_WRONG = 10.0


class JoinApp(widgets.VBox):
    """The join screen, then the team's game (see the module notes)."""

    def __init__(
        self,
        connection: Connection | None = None,
        code: str = "",
        seat: int | None = None,
        key: str | None = None,
        large: bool = False,
        interactive: bool = False,
        clock: Any = time.monotonic,
    ) -> None:
        self.connection = connection
        self.large = large
        self.interactive = interactive
        self.clock = clock
        self.room: RoomInfo | None = None
        self.remote: RemoteRoom | None = None
        self.game: RemoteGame | None = None
        self.seat: int | None = None
        self.screen: Screen | None = None
        self.follower: Follower | None = None
        self.warming: threading.Thread | None = None
        self.wrong_codes = 0
        self.wait_until = 0.0
        self.messages = MessageLine(keep=0)
        self.css = sheets(APP, "join")
        self.language = language()
        self.code_box = widgets.Text(
            value=code,
            placeholder="ABC123",
            continuous_update=False,
            style={"description_width": "initial"},
        )
        self.code_box.add_class("gt-join-code")
        self.join_button = widgets.Button(button_style="success", icon="sign-in")
        self.join_button.add_class("gt-join")
        self.join_button.on_click(safe(lambda _b: self.enter_code(), show=self.messages))
        enter_presses(self.code_box, self.join_button)
        self.nickname = widgets.Text(style={"description_width": "initial"})
        self.nickname.add_class("gt-join-nickname")
        self.seat_buttons = widgets.VBox()
        self.seat_buttons.add_class("gt-join-seats")
        self.notice = widgets.HTML()
        self.who = widgets.HTML()
        self.rejoin = widgets.HTML(layout=widgets.Layout(display="none"))
        self.rejoin.add_class("gt-rejoin")
        code_row = widgets.HBox([self.code_box, self.join_button])
        self.code_head = widgets.HTML()
        self.code_screen = widgets.VBox([self.code_head, code_row])
        super().__init__([self.css, self.code_screen, self.messages])
        self.add_class("gt-app")
        self.add_class("gt-join-app")
        self.add_class(f"gt-lang-{self.language}")
        themed(self)
        self._word()
        self.follow_link(code, seat, key)

    def _word(self) -> None:
        """The code screen's words, in the page's language."""
        self.code_box.description = _("Game code")
        self.join_button.description = _("Join")
        self.nickname.placeholder = _("optional")
        self.nickname.description = _("Your names (up to {n} letters)").format(n=NICKNAME_MAX)
        self.code_head.value = "<h2>{}</h2><p>{}</p>".format(
            html_text(_("Join the class game")),
            html_text(_("Type the code your teacher shows on the projector.")),
        )

    def speak(self, code: str | None) -> str:
        """Say everything in ``code`` from now on (the page's link or browser asked for it):
        the screen shown now is worded again; a game's screen already drawn keeps its words."""
        self.remove_class(f"gt-lang-{self.language}")
        self.language = set_language(code)
        self.add_class(f"gt-lang-{self.language}")
        self._word()
        if self.screen is None and self.room is not None:
            self.show_seats()
        elif self.screen is not None and self.remote is not None:
            self._say_who(self.remote.info)
            self._room_changed(self.remote.info)
        return self.language

    def follow_link(self, code: str = "", seat: int | None = None, key: str | None = None) -> None:
        """Open what the page's address asks for: a room's seats (the QR link's ``?room=``),
        or a team's own seat (its own link, after a reload or a closed lid)."""
        if code:
            self.code_box.value = code
        if code and seat is not None and key:
            safe(lambda: self.come_back(code, seat, key), show=self.messages)()
        elif code:
            safe(self.enter_code, show=self.messages)()

    def service(self) -> Connection:
        """The class service of this server (made when first needed)."""
        if self.connection is None:
            self.connection = connect()
        return self.connection

    # ----- stage 1 -----------------------------------------------------------------------
    def enter_code(self) -> RoomInfo | None:
        """Find the room of the typed code and show its free seats."""
        now = self.clock()
        if now < self.wait_until:
            seconds = int(self.wait_until - now) + 1
            self.messages.error(
                _("Too many wrong codes. Wait {seconds} seconds, then try again.").format(
                    seconds=seconds
                )
            )
            return None
        try:
            code = self.code_box.value.strip()[: 2 * CODE_LENGTH]
            room: RoomInfo = answer(self.service().call({"kind": "find", "code": code}))
        except RoomError:
            self.wrong_codes += 1
            if self.wrong_codes >= WRONG_CODES_BEFORE_WAIT:
                self.wait_until = now + WAIT_AFTER_WRONG
                self.wrong_codes = 0
            raise
        self.wrong_codes = 0
        self.room = room
        self.code_box.value = room["code"]
        self.show_seats()
        return room

    # ----- stage 2 -----------------------------------------------------------------------
    def show_seats(self) -> None:
        room = self._room()
        game_key = room["game"]
        table = Table.from_dict(room["table"]) if game_key in GAMES else None
        buttons: list[widgets.Widget] = []
        for state in seat_states(room):
            if state.holder != "free" or table is None:
                continue
            button = widgets.Button(
                description=seat_label(table, state), button_style="primary", icon="users"
            )
            button.add_class(f"gt-join-seat-{state.seat}")
            button.on_click(
                safe(lambda _b, seat=state.seat: self.take_seat(seat), show=self.messages)
            )
            buttons.append(button)
        watch_button = widgets.Button(description=_("Just watch"), icon="eye")
        watch_button.add_class("gt-join-watch")
        watch_button.on_click(safe(lambda _b: self.watch(), show=self.messages))
        if game_key in GAMES and self.warming is None:
            # The game's screen module and slow preparations load while the team finds its
            # name (as the student apps do while the set-up screen is read).
            self.warming = threading.Thread(
                target=spec_for(game_key).warm_up, name=f"warm up {game_key}", daemon=True
            )
            self.warming.start()
        title = GAMES[game_key].title if game_key in GAMES else game_key
        head = widgets.HTML(
            "<h2>{}</h2>".format(html_text(_("{game}: which team are you?").format(game=title)))
            + (
                ""
                if buttons
                else "<p>{}</p>".format(
                    html_text(_("Every team has a device already. You can watch."))
                )
            )
        )
        self.seat_buttons.children = [*buttons, watch_button]
        self.children = [self.css, head, self.nickname, self.seat_buttons, self.messages]

    def take_seat(self, seat: int) -> Screen:
        room = self._room()
        request: dict[str, Any] = {
            "kind": "take_seat",
            "code": room["code"],
            "seat": seat,
            "nickname": (self.nickname.value or "")[: 4 * NICKNAME_MAX] or None,
        }
        if os.environ.get("JUPYTERHUB_API_TOKEN"):  # on a hub: the answers are the login's
            request["login"] = os.environ["JUPYTERHUB_API_TOKEN"]
        taken = answer(self.service().call(request))
        return self.come_back(room["code"], seat, taken["key"])

    def come_back(self, code: str, seat: int, key: str) -> Screen:
        """This team's seat and game (after taking the seat, or opening the team's own link).
        The seat is the one the referee finds from the key, whatever the link says."""
        remote = RemoteRoom(self.service(), code, key=key)
        if remote.seat is None:
            raise NotYourSeat(
                _("This link no longer plays in this game. Ask your teacher for a new link.")
            )
        seat = remote.seat
        self.room = remote.info
        self.seat = seat
        self.messages.clear()  # a refused nickname's or a wrong code's warning is old news now
        own = html_text(_("Your team's own link"))
        self.rejoin.value = (
            f'<a class="gt-rejoin-link" href="{html_text(join_link(code, seat=seat, key=key))}">'
            f"{own}</a>"
        )
        return self._play(remote)

    def watch(self) -> Screen:
        remote = RemoteRoom(self.service(), self._room()["code"], key="")
        self.seat = None
        return self._play(remote)

    # ----- stage 3 -----------------------------------------------------------------------
    def _play(self, remote: RemoteRoom) -> Screen:
        self.close_game()
        if self.warming is not None:
            self.warming.join()
        self.remote = remote
        game = remote.game
        self.game = game
        info = remote.info
        entry = SCREENS[info["game"]]
        values = self._screen_values(remote)
        values.update(
            large=self.large,
            interactive=use_widget_maps() or self.interactive,
            on_new_game=None,
        )
        values.setdefault("bot_delay", 1.2)
        bots: dict[int, Bot] = {
            s: RemotePlayer(seat.name) for s, seat in enumerate(game.table.seats) if s != self.seat
        }
        screen = entry.build_screen(game.table, values, game=game, bots=bots)
        self.screen = screen
        # Drawn from the game's first position: the moves made before this page opened come
        # in one by one, so its log says them all, as the projector's does.
        screen.catch_up(remote.pending())
        self.follower = Follower(
            remote,
            screen.remote_move,
            self._room_changed,
            self.messages.error,
            on_lost=self._seat_lost,
        )
        self.follower.version = info["version"]
        self._say_who(info)
        self.children = [self.css, self.who, self.notice, screen, self.rejoin, self.messages]
        self._room_changed(info)
        screen.start()
        self.follower.start()
        return screen

    @staticmethod
    def _screen_values(remote: RemoteRoom) -> dict[str, Any]:
        """The set-up screen's choices the room was opened with (how answers are given...),
        as the referee passes them on: plain choices, never the seed."""
        return dict(remote.values)

    def _say_who(self, info: RoomInfo) -> None:
        """Whose page this is, on top of the game: "You play for Team Blue · game CX4N7Q"."""
        code = html_text(info["code"])
        if self.seat is None or self.game is None:
            who = html_text(_("You are watching · game {code}")).format(code=code)
        else:
            who = html_text(_("You play for {team} · game {code}")).format(
                team=seat_badge(self.game.table, self.seat), code=code
            )
        self.who.value = f'<p class="gt-device-who">{who}</p>'

    def _seat_lost(self) -> None:
        """The referee refused this page: its seat went to another device or a computer."""
        if self.seat is None:
            return
        words = _(
            "Your team now plays on another device (or your teacher gave your seat to a "
            "computer). Ask your teacher for a new link to play here."
        )
        self.notice.value = f'<p class="gt-device-notice">{html_text(words)}</p>'
        if self.screen is not None:
            self.screen.controls.add_class("gt-busy")
        if self.follower is not None:
            self.follower.stop()

    def _room_changed(self, room: RoomInfo) -> None:
        """A pause, the end (this team's seat moved to another device: ``_seat_lost``)."""
        self.room = room
        words = ""
        if room["status"] == "paused":
            words = _("Your teacher has paused the game. Wait a moment.")
        elif room["status"] == "ended":
            words = _("The game has ended. Thank you for playing!")
        self.notice.value = f'<p class="gt-device-notice">{html_text(words)}</p>' if words else ""
        if self.screen is not None:
            (self.screen.controls.add_class if words else self.screen.controls.remove_class)(
                "gt-busy"
            )

    def _room(self) -> RoomInfo:
        if self.room is None:
            raise RoomError(_("Type the code of the game first."))
        return self.room

    def close_game(self) -> None:
        if self.follower is not None:
            self.follower.stop()
            self.follower = None
        if self.screen is not None:
            self.screen.close_screen()
            self.screen.close()
            self.screen = None


def link_join_settings(query: str | None = None) -> dict[str, Any]:
    """``?room=ABC123`` (the QR link) and ``&seat=1&key=…`` (a team's own link) from the page's
    address (Voilà passes it as ``QUERY_STRING``)."""
    found = parse_qs(os.environ.get("QUERY_STRING", "") if query is None else query)
    settings: dict[str, Any] = {}
    code = (found.get("room") or [""])[0]
    if code and len(code) <= 2 * CODE_LENGTH:
        settings["code"] = code
    seat = (found.get("seat") or [""])[0]
    if seat.isascii() and seat.isdigit() and len(seat) <= 2:
        settings["seat"] = int(seat)
    key = (found.get("key") or [""])[0]
    if key and len(key) <= 64:
        settings["key"] = key
    if (found.get("large") or [""])[0] in ("1", "yes", "true"):
        settings["large"] = True
    return settings


def page_language() -> str:
    """The language this device's page asks for (its link's ``?lang=``, else the browser's),
    set for the kernel; else the kernel's own (English, or what the notebook set)."""
    asked = requested_language()
    return set_language(asked) if asked is not None else language()


_CURRENT: list[JoinApp] = []
#: The join app's settings that a page's address may carry (``link_join_settings``).
LINK_KEYS = frozenset({"code", "seat", "key", "large"})


def join_app(connection: Connection | None = None, **settings: Any) -> JoinApp:
    """Open the join app (``notebooks/play/join.ipynb``), with the code from the page's address."""
    for old in _CURRENT:
        old.close_game()
        old.close()
    _CURRENT.clear()

    def found() -> dict[str, Any]:
        return {**link_join_settings(), **settings}

    # A kernel Voilà started before the class arrived learns its address when a team opens the
    # page (geoteach.ui.page_request): the code screen is made first, the link followed then.
    if preheated():
        app = JoinApp(
            connection=connection, **{k: v for k, v in settings.items() if k not in LINK_KEYS}
        )
        # What every game's screen needs, loaded while the kernel waits for its team; the
        # game's own screen loads once the code says which game it is (``show_seats``).
        threading.Thread(target=_warm_screens, name="warm up the screens", daemon=True).start()
        after_page_opens(lambda: _take_link(app, found()))
    else:
        page_language()
        app = JoinApp(connection=connection, **found())
    _CURRENT.append(app)
    return app


def _warm_screens() -> None:
    import ipympl.backend_nbagg  # noqa: F401 - the live maps' canvas

    import geoteach.render.mapview  # noqa: F401 - every game's map or board


def _take_link(app: JoinApp, found: dict[str, Any]) -> None:
    app.large = bool(found.get("large", app.large))
    asked = requested_language()
    if asked is not None and asked != app.language:
        app.speak(asked)
    app.follow_link(str(found.get("code", "")), found.get("seat"), found.get("key"))
