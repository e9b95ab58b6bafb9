"""The class game's screens: the teacher's projector app and a team's join app.

* ``host_app``: ``class_game(key)``, the projector (set-up, the room's code and QR code, the
  public board, the teacher's controls);
* ``join``: ``join_app()``, a team's device (the code, the team, the team's own screen);
* ``follow``: the moves made elsewhere reaching this screen, on the kernel's event loop;
* ``links``: the join address and its QR code; ``seats``: who sits where, in words.

The pages hold a room code, a credential and a connection to the class service
(``geoteach.classroom.remote``); the referee (``geoteach.classroom.referee``) holds the game.
"""

from __future__ import annotations

from geoteach._lazy import lazy_exports

_EXPORTS = {
    "ClassGameApp": "geoteach.ui.class_game.host_app",
    "class_game": "geoteach.ui.class_game.host_app",
    "JoinApp": "geoteach.ui.class_game.join",
    "join_app": "geoteach.ui.class_game.join",
}

__all__, __getattr__, __dir__ = lazy_exports(__name__, _EXPORTS)
