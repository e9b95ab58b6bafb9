"""GeoTriple at the screen: one student against the computer, or two students passing the screen.

The widget holds no rules: every button and map click becomes one engine action, and the screen
is redrawn from ``game.view(seat)`` of the player looking at it. With two people, private things
(your card in Stage 1, your hand in Stages 2 and 3, and the map that shows them) sit behind a
"pass the screen" guard.

The Stage 2 race runs on a clock: ``tick()`` (called every second by a background timer in the
notebook, or by a test with a made-up time) lets the computer claim when its solving time comes.
Two people race one after the other: the second must beat the first one's time.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable, Mapping
from typing import Any

import ipywidgets as widgets

from geoteach.bots.base import Bot, bots_for
from geoteach.bots.geotriple import GeoTripleBot, race_time_of
from geoteach.escape import html_text
from geoteach.games.geotriple import GeoTriple
from geoteach.games.geotriple.borders import BORDER_RULE
from geoteach.games.geotriple.cards import CATEGORIES
from geoteach.games.geotriple.challenges import possible_states
from geoteach.games.geotriple.game import LOCKOUT_SECONDS
from geoteach.games.table import SEAT_COLOURS, Table
from geoteach.render import palettes
from geoteach.render.mapview import to_png
from geoteach.render.us import us_map_view
from geoteach.ui.hotseat import HotSeatGuard
from geoteach.ui.messages import MessageLine
from geoteach.ui.safe import safe
from geoteach.ui.scoreboard import ScoreboardView
from geoteach.ui.theme import themed

PHASE_TITLES = {
    "guess": "Stage 1 · Guess the State",
    "race": "Stage 2 · Race for Borders",
    "discard": "Stage 3 · Play the Ranks: put 2 cards away",
    "announce": "Stage 3 · Play the Ranks: GeoPlunging?",
    "trick": "Stage 3 · Play the Ranks",
    "round_over": "End of the round",
    "game_over": "Game over",
}
POSSIBLE = "#F0E442"  # Okabe-Ito yellow: states still possible
HAND = "#56B4E9"  # Okabe-Ito sky blue: the cards you hold


class GeoTripleApp(widgets.VBox):
    """A whole game of GeoTriple in one widget.

    ``bots`` maps seats to computer players (default: a ``GeoTripleBot`` for every bot seat of the
    table). ``show_possible`` paints the states still possible after each clue (a teaching aid
    the teacher can turn off). ``interactive`` uses a clickable map (``%matplotlib widget``);
    otherwise the map is a picture and states are picked with buttons.
    """

    def __init__(
        self,
        game: GeoTriple,
        bots: Mapping[int, Bot] | None = None,
        show_possible: bool = True,
        interactive: bool = False,
        clock: Callable[[], float] = time.monotonic,
        auto_clock: bool = False,
    ) -> None:
        self.game = game
        self.table = game.table
        self.bots: dict[int, Bot] = (
            dict(bots) if bots is not None else bots_for(self.table, GeoTripleBot, game.seed)
        )
        humans = [s for s in (0, 1) if s not in self.bots]
        self.hotseat = len(humans) == 2
        self.clock = clock
        self.auto_clock = auto_clock
        self.interactive = interactive
        self.selected: list[str] = []
        self._race_key: tuple[int, int] | None = None
        self._race_start = 0.0
        self._locked_until = 0.0
        self._first_time: float | None = None  # hot seat: the time the second player must beat
        self._held_claim: dict[str, Any] | None = None
        self._timer: threading.Timer | None = None

        self.messages = MessageLine()
        self.header = widgets.HTML()
        self.scores = ScoreboardView(self.table, game.scoreboard, title="Points (first to 100)")
        self.possible_box = widgets.Checkbox(
            value=show_possible, description="Show states still possible"
        )
        self.possible_box.observe(lambda _c: self.refresh(), names="value")
        self.map = us_map_view(interactive=interactive, figsize=(8.0, 5.0), fontsize=6.0)
        if interactive:
            self.map_widget: widgets.Widget = self.map.figure.canvas
            self.map.on_pick(safe(self.pick, show=self.messages))
        else:
            self.map_widget = widgets.Image(format="png", layout=widgets.Layout(width="620px"))
        self.countdown = widgets.HTML()
        self.progress = widgets.FloatProgress(min=0.0, max=1.0, description="Computer")
        self.panel = widgets.VBox()
        self.public = widgets.VBox()
        if self.hotseat:
            self.guard: HotSeatGuard | None = HotSeatGuard(
                self.table, self._private, on_reveal=self._revealed, show=self.messages
            )
            private: widgets.Widget = self.guard
        else:
            self.guard = None
            private = self.panel
        right = widgets.VBox(
            [self.header, self.public, private, self.countdown, self.scores],
            layout=widgets.Layout(min_width="360px", max_width="560px"),
        )
        # The map keeps its full width; on a narrow screen the panel wraps below it instead of
        # covering the eastern states (clicks there would land on the panel).
        left = widgets.VBox(
            [self.map_widget, self.possible_box], layout=widgets.Layout(flex="0 0 auto")
        )
        row = widgets.HBox([left, right], layout=widgets.Layout(flex_flow="row wrap"))
        super().__init__([row, self.messages])
        themed(self)
        self._guard_for: tuple[Any, ...] | None = None
        self.run_bots()
        self.refresh()

    # ----- who is looking ------------------------------------------------------------------
    @property
    def viewer(self) -> int | None:
        """The seat whose private things may be on screen now (None: nobody's)."""
        if self.guard is None:
            return next(s for s in (0, 1) if s not in self.bots)
        return self.guard.seat if self.guard.revealed else None

    def _private(self, seat: int) -> widgets.Widget:
        self._build_panel(seat)
        return self.panel

    def _revealed(self, seat: int) -> None:
        if self.game.phase == "race":
            self._race_start = self.clock()
        self._draw_map()

    # ----- moves -----------------------------------------------------------------------------
    def act(self, action: dict[str, Any]) -> None:
        """Apply one engine action, let the computer play, redraw."""
        self.game.apply(action)
        self.selected = []
        self.run_bots()
        self.refresh()

    def run_bots(self) -> None:
        """Computer moves, except in the race where the clock decides (``tick``)."""
        game = self.game
        # At the end of a round the computer waits for the student to click "Next round".
        while not game.is_terminal() and game.phase not in ("race", "round_over"):
            seat = next((s for s in game.to_act() if s in self.bots), None)
            if seat is None:
                break
            game.apply(self.bots[seat].choose(game, seat))
        if game.phase == "race" and all(s in self.bots for s in game.to_act()):
            seats = sorted(game.to_act(), key=lambda s: race_time_of(self.bots[s], game, s))
            game.apply(self.bots[seats[0]].choose(game, seats[0]))
            self.run_bots()

    def pick(self, code: str) -> None:
        """A click on the map (or a state button): guess it, or select it as a card."""
        seat = self.viewer
        if seat is None:
            return
        phase = self.game.phase
        if phase == "guess" and self.game.to_act() == [seat]:
            view = self.game.view(seat)["stage1"]
            if view["guesser"] == seat and not view["waiting_for_clue"]:
                self.act({"player": seat, "type": "guess", "state": code})
                self._say_guess(seat, code)
            return
        hand = self._hand(seat)
        if code not in hand:
            self.messages.error(f"{self.game.names.get(code, code)} is not one of your cards.")
            return
        if code in self.selected:
            self.selected.remove(code)
        else:
            self.selected.append(code)
        self.refresh()

    def _say_guess(self, seat: int, code: str) -> None:
        view = self.game.view(seat)
        name = self.game.names[code]
        s1 = view.get("stage1")
        if s1 and s1["taken"][seat] is not None:
            self.messages.success(f"Yes, it was {name}!")
        elif s1 and s1["guesser"] == seat:
            self.messages.info(f"Not {name}. Here comes another clue.")
        elif s1:
            self.messages.info(f"Not {name}, and your 3 guesses are used up.")
        elif "stage1" in view["results"]:
            self.messages.info(_stage1_text(self.game, view["results"]["stage1"]))

    def claim(self) -> None:
        """Shout "GeoPlunge!" with the selected cards: the first three are group 1."""
        seat = self.viewer
        if seat is None or self.game.phase != "race":
            return
        now = self.clock()
        if now < self._locked_until:
            wait = int(self._locked_until - now + 0.999)
            self.messages.error(f"Wait {wait} more seconds before you claim again.")
            return
        if len(self.selected) != 6:
            self.messages.error(
                "Pick 6 cards: the first 3 you pick are group 1, the next 3 group 2."
            )
            return
        groups = [self.selected[:3], self.selected[3:]]
        action = {"player": seat, "type": "geoplunge", "groups": groups}
        if self.hotseat and self._first_time is None and self._would_win(action):
            # Hold the first player's correct claim: the second must beat this time.
            self._first_time = now - self._race_start
            self._held_claim = action
            self.messages.success(
                f"Found in {self._first_time:.0f} seconds! Pass the screen: can "
                f"{self.table.name_of(1 - seat)} beat that?"
            )
            self.selected = []
            self.guard.pass_to(1 - seat)
            self.refresh()
            return
        self.act(action)
        self._after_claim(seat)

    def _would_win(self, action: dict[str, Any]) -> bool:
        from geoteach.games.geotriple import borders

        hand = self.game.s["race"]["hands"][action["player"]]
        return borders.claim_problem(action["groups"], hand, self.game.neighbours) is None

    def _after_claim(self, seat: int) -> None:
        race = self.game.view(seat).get("race")
        if race and race["problem"]:
            self._locked_until = self.clock() + LOCKOUT_SECONDS
            self.messages.error(race["problem"] + f" Wait {LOCKOUT_SECONDS} seconds.")
        elif self.game.phase != "race":
            self.messages.success(_race_text(self.game))

    def give_up(self) -> None:
        """Stop searching: the other player may still find a GeoPlunge."""
        seat = self.viewer
        if seat is None or self.game.phase != "race":
            return
        if self.hotseat and self._first_time is None:
            self._first_time = float("inf")
            self.act({"player": seat, "type": "give_up"})
            self.guard.pass_to(1 - seat)
            self.refresh()
            return
        self.act({"player": seat, "type": "give_up"})
        if self._held_claim is not None and self.game.phase == "race":
            self._release_held()
        if self.game.phase != "race":
            self.messages.info(_race_text(self.game))

    def _release_held(self) -> None:
        held, self._held_claim = self._held_claim, None
        if held is not None and self.game.phase == "race":
            self.act(held)
            self.messages.success(_race_text(self.game))

    def tick(self, now: float | None = None) -> None:
        """Advance the race clock: the computer claims when its time comes; a held hot-seat
        claim wins when the second player runs out of the first one's time."""
        if self.game.phase != "race":
            self.stop_clock()
            return
        now = self.clock() if now is None else now
        elapsed = now - self._race_start
        if self.hotseat:
            held = self._held_claim["player"] if self._held_claim else None
            second_is_looking = self.guard.revealed and self.guard.seat not in (None, held)
            if held is not None and second_is_looking and elapsed >= self._first_time:
                self._release_held()
                self.refresh()
            else:
                self._show_clock(elapsed, self._first_time)
            return
        bot_seats = [s for s in self.game.to_act() if s in self.bots]
        if not bot_seats:
            self._show_clock(elapsed, None)
            return
        seat = bot_seats[0]
        due = race_time_of(self.bots[seat], self.game, seat)
        if elapsed >= due:
            action = self.bots[seat].choose(self.game, seat)
            self.act(action)
            if action["type"] == "give_up" and self.game.phase == "race":
                self.messages.info("The computer gave up: keep looking, the race is yours to win.")
            elif self.game.phase != "race":
                self.messages.info(_race_text(self.game))
            return
        self._show_clock(elapsed, due)

    def _show_clock(self, elapsed: float, due: float | None) -> None:
        if due is None or due == float("inf"):
            self.countdown.value = f"<p>⏱ {elapsed:.0f} s</p>"
            return
        left = max(0.0, due - elapsed)
        who = "the computer" if not self.hotseat else "the time to beat"
        self.countdown.value = f"<p>⏱ {elapsed:.0f} s · {left:.0f} s left before {who}</p>"
        self.progress.value = min(1.0, elapsed / due) if due else 1.0

    def start_clock(self, every: float = 1.0) -> None:
        """Tick every ``every`` seconds in the background while the race is on."""
        self.stop_clock()

        def beat() -> None:
            safe(self.tick, show=self.messages)()
            if self.game.phase == "race":
                self._timer = threading.Timer(every, beat)
                self._timer.daemon = True
                self._timer.start()

        self._timer = threading.Timer(every, beat)
        self._timer.daemon = True
        self._timer.start()

    def stop_clock(self) -> None:
        if self._timer is not None:
            self._timer.cancel()
            self._timer = None

    # ----- drawing ---------------------------------------------------------------------------
    def _hand(self, seat: int) -> list[str]:
        view = self.game.view(seat)
        if "race" in view:
            return view["race"]["hand"]
        if "stage3" in view:
            return view["stage3"]["hand"]
        return []

    def refresh(self) -> None:
        """Redraw everything from the engine's views."""
        game = self.game
        view = game.view(None)
        title = PHASE_TITLES[game.phase]
        self.header.value = (
            f"<h3>GeoTriple · round {view['round']}</h3><p><b>{html_text(title)}</b> · "
            f"dealer: {html_text(self.table.name_of(view['dealer']))}</p>"
        )
        self.scores.update(game.scoreboard)
        self._race_bookkeeping()
        # The public area is for everyone: it must not wait for a player to take the screen
        # (at the end of a round the guard is down and "Next round" lives here).
        self._build_public()
        if self.guard is not None:
            self._pass_screen()
            if self.guard.revealed:
                self._build_panel(self.guard.seat)
        else:
            self._build_panel(self.viewer)
        self._draw_map()

    def _race_bookkeeping(self) -> None:
        if self.game.phase == "race":
            key = (self.game.s["round"], self.game.s["race"]["redeals"])
            if key != self._race_key:
                self._race_key = key
                self._race_start = self.clock()
                self._first_time = None
                self._held_claim = None
                self._locked_until = 0.0
                if self.auto_clock:
                    self.start_clock()
        else:
            self.countdown.value = ""

    def _pass_screen(self) -> None:
        """Hot seat: hand the screen to the person who must act (never show both)."""
        acting = [s for s in self.game.to_act() if s not in self.bots]
        if self.game.phase == "race":
            want = self.guard.seat if self.guard.seat is not None else self.game.s["dealer"]
            if want not in acting and acting:
                want = acting[0]
        elif self.game.phase in ("round_over", "game_over"):
            self.guard.hide()
            return
        else:
            want = acting[0] if acting else None
        key = (self.game.phase, want, len(self.game.log))
        moved = self.guard.seat != want or not self.guard.revealed
        if want is not None and moved and self._guard_for != key:
            self._guard_for = key
            self.guard.pass_to(want)

    def _build_public(self) -> None:
        game = self.game
        phase = game.phase
        results = game.view(None)["results"]
        public: list[widgets.Widget] = []
        if phase == "round_over":
            public.append(widgets.HTML(_round_text(game)))
            public.append(self._button("Next round", "forward", self._next_round, "primary"))
        elif phase == "game_over":
            names = " and ".join(self.table.name_of(s) for s in game.winners())
            public.append(widgets.HTML(_round_text(game)))
            public.append(widgets.HTML(f"<h3>🏆 {html_text(names)} won!</h3>"))
        elif phase != "race" and "race" in results:
            public.append(widgets.HTML(_race_text(game)))
        self.public.children = public

    def _build_panel(self, seat: int | None) -> None:
        phase = self.game.phase
        parts: list[widgets.Widget] = []
        if phase in ("round_over", "game_over"):
            pass
        elif seat is None:
            parts.append(widgets.HTML("<p>Waiting for the next player…</p>"))
        elif phase == "guess":
            parts += self._stage1_panel(seat)
        elif phase == "race":
            parts += self._race_panel(seat)
        else:
            parts += self._stage3_panel(seat)
        self.panel.children = parts

    def _button(
        self, text: str, icon: str, handler: Callable[[], Any], style: str = ""
    ) -> widgets.Button:
        button = widgets.Button(description=text, icon=icon, button_style=style)
        button.on_click(safe(lambda _b: handler(), show=self.messages))
        return button

    def _next_round(self) -> None:
        self.act({"player": self.game.to_act()[0], "type": "next_round"})

    def _stage1_panel(self, seat: int) -> list[widgets.Widget]:
        view = self.game.view(seat)
        s1 = view["stage1"]
        card = self.game.cards[s1["my_card"]]
        parts = [widgets.HTML(f"<p>Your secret card: <b>{html_text(card.name)}</b></p>")]
        guesser = s1["guesser"]
        ask = html_text(s1["challenge"]["ask"])
        if s1["waiting_for_clue"] and seat == s1["holder"]:
            parts.append(
                widgets.HTML(f"<p>GeoChallenge card: <i>{ask}</i><br>Give a true clue:</p>")
            )
            pick = widgets.Dropdown(options=s1["clue_choices"])
            parts += [
                pick,
                self._button("Give the clue", "comment", lambda: self._clue(seat, pick.value)),
            ]
            return parts
        clues = "".join(f"<li>{html_text(c['text'])}</li>" for c in s1["clues"][guesser])
        who = "Your" if guesser == seat else f"{html_text(self.table.name_of(guesser))}'s"
        tried = ", ".join(self.game.names[c] for c in s1["guesses"][guesser]) or "none yet"
        parts.append(
            widgets.HTML(
                f"<p>{who} clues:</p><ol>{clues}</ol><p>Guesses so far: {html_text(tried)}</p>"
            )
        )
        if guesser == seat and not s1["waiting_for_clue"]:
            options = sorted((c.name, code) for code, c in self.game.cards.items())
            pick = widgets.Combobox(
                placeholder="Type a state", options=[n for n, _ in options], ensure_option=True
            )
            names = dict(options)
            parts += [
                widgets.HTML(
                    f"<p>Guess {len(s1['guesses'][seat]) + 1} of 3: click the map or type.</p>"
                ),
                pick,
                self._button(
                    "Guess",
                    "question",
                    lambda: self._guess_name(seat, names.get(pick.value)),
                    "primary",
                ),
            ]
        return parts

    def _clue(self, seat: int, answer: str) -> None:
        self.act({"player": seat, "type": "clue", "answer": answer})

    def _guess_name(self, seat: int, code: str | None) -> None:
        if code is None:
            self.messages.error("Pick a state from the list first.")
            return
        self.pick(code)

    def _race_panel(self, seat: int) -> list[widgets.Widget]:
        race = self.game.view(seat)["race"]
        if race["out"][seat]:
            return [widgets.HTML("<p>You are out of this race. Wait for the other player.</p>")]
        toggles = []
        for code in sorted(race["hand"], key=self.game.names.get):
            on = code in self.selected
            label = self.game.names[code] + (
                f" ({1 + self.selected.index(code) // 3})" if on else ""
            )
            b = widgets.ToggleButton(
                value=on, description=label, layout=widgets.Layout(width="150px")
            )
            b.observe(safe(lambda _c, c=code: self.pick(c), show=self.messages), names="value")
            toggles.append(b)
        groups = [self.selected[:3], self.selected[3:6]]
        shown = " · ".join(
            f"Group {i + 1}: " + (", ".join(self.game.names[c] for c in g) or "—")
            for i, g in enumerate(groups)
        )
        parts = [
            widgets.HTML(
                "<p>Find two groups of 3 cards: in each group one state must border the other "
                "two. Click the map or the cards; the first 3 you pick are group 1.<br>"
                f"<small>{html_text(BORDER_RULE)}</small></p>"
            ),
            widgets.GridBox(
                toggles, layout=widgets.Layout(grid_template_columns="repeat(3, 155px)")
            ),
            widgets.HTML(f"<p>{html_text(shown)}</p>"),
            widgets.HBox(
                [
                    self._button("GeoPlunge!", "bolt", self.claim, "danger"),
                    self._button("Clear", "eraser", self._clear),
                    self._button("Give up", "flag", self.give_up),
                ]
            ),
        ]
        if not self.hotseat:
            parts.append(self.progress)
        return parts

    def _clear(self) -> None:
        self.selected = []
        self.refresh()

    def _stage3_panel(self, seat: int) -> list[widgets.Widget]:
        view = self.game.view(seat)
        s3 = view["stage3"]
        phase = self.game.phase
        parts: list[widgets.Widget] = []
        won = s3["won"]
        you, them = seat, 1 - seat
        plunge = [
            "GeoPlunging" if g else "not GeoPlunging" if g is False else "?"
            for g in s3["geoplunging"]
        ]
        parts.append(
            widgets.HTML(
                f"<p>Tricks: you {won[you]}, {html_text(self.table.name_of(them))} {won[them]}"
                f" · you: {plunge[you]}, them: {plunge[them]}</p>"
            )
        )
        if s3["trick"]:
            lead = self.game.cards[s3["trick"]["lead"]]
            cat = s3["trick"]["category"]
            parts.append(
                widgets.HTML(
                    f"<p>On the table: <b>{html_text(lead.name)}</b>, {cat} rank "
                    f"{lead.rank(cat)} (lower wins).</p>"
                )
            )
        if s3["tricks"]:
            last = s3["tricks"][-1]
            a, b = (self.game.names[c] for c in last["cards"])
            parts.append(
                widgets.HTML(
                    f"<p><small>Last trick ({last['category']}): {html_text(a)} vs "
                    f"{html_text(b)}, won by "
                    f"{html_text(self.table.name_of(last['winner']))}</small></p>"
                )
            )
        acting = seat in self.game.to_act()
        category = widgets.Dropdown(options=[c.title() for c in CATEGORIES], description="Rank by")
        if phase == "discard" and acting:
            parts.append(widgets.HTML("<p>Pick 2 cards to put away, then click the button.</p>"))
        cards = []
        for code in s3["hand"]:
            card = self.game.cards[code]
            text = (
                f"{card.name} · size {card.size} · joined {card.statehood}"
                f" · people {card.population}"
            )
            if phase == "discard" and acting:
                toggle = widgets.ToggleButton(
                    value=code in self.selected,
                    description=text,
                    layout=widgets.Layout(width="420px"),
                )
                toggle.observe(
                    safe(lambda _c, c=code: self.pick(c), show=self.messages), names="value"
                )
                cards.append(toggle)
            elif phase == "trick" and acting:
                lead = s3["trick"] is None
                button = widgets.Button(description=text, layout=widgets.Layout(width="420px"))
                button.on_click(
                    safe(
                        lambda _b, c=code, lead=lead: self._play(seat, c, lead, category.value),
                        show=self.messages,
                    )
                )
                cards.append(button)
            else:
                cards.append(widgets.HTML(f"<p>{html_text(text)}</p>"))
        if phase == "trick" and acting and s3["trick"] is None:
            parts.append(category)
        parts += cards
        if phase == "discard" and acting:
            parts.append(
                self._button("Put them away", "trash", lambda: self._discard(seat), "primary")
            )
        if phase == "announce" and acting:
            parts.append(
                widgets.HTML("<p>GeoPlunging makes this stage worth more to whoever wins it.</p>")
            )
            parts.append(
                widgets.HBox(
                    [
                        self._button(
                            "I'm GeoPlunging", "bolt", lambda: self._announce(seat, True), "warning"
                        ),
                        self._button("Not this time", "times", lambda: self._announce(seat, False)),
                    ]
                )
            )
        return parts

    def _discard(self, seat: int) -> None:
        self.act({"player": seat, "type": "discard", "cards": list(self.selected)})

    def _announce(self, seat: int, flag: bool) -> None:
        self.act({"player": seat, "type": "announce", "geoplunging": flag})

    def _play(self, seat: int, code: str, lead: bool, category: str) -> None:
        if lead:
            self.act({"player": seat, "type": "lead", "category": category.lower(), "card": code})
        else:
            self.act({"player": seat, "type": "follow", "card": code})

    def _draw_map(self) -> None:
        game, seat, m = self.game, self.viewer, self.map
        m.clear()
        results = game.view(seat)["results"]
        if game.phase == "guess" and seat is not None:
            s1 = game.view(seat)["stage1"]
            if s1["guesser"] == seat and self.possible_box.value:
                clues = [(c["challenge"], c["answer"]) for c in s1["clues"][seat]]
                left = possible_states(
                    clues, game.cards, game.challenges, exclude=s1["guesses"][seat]
                )
                if left:
                    m.highlight(left, POSSIBLE)
            if s1["guesses"][s1["guesser"]]:
                m.hatch(s1["guesses"][s1["guesser"]])
        elif game.phase == "race" and seat is not None:
            hand = game.view(seat)["race"]["hand"]
            m.highlight(hand, HAND)
            if self.selected:
                colours = {
                    c: SEAT_COLOURS[0] if i < 3 else SEAT_COLOURS[1]
                    for i, c in enumerate(self.selected)
                }
                m.set_colours(colours)
                near = {n for c in self.selected for n in game.neighbours[c]} & set(hand)
                if near:
                    m.outline(sorted(near), palettes.OUTLINE, width=1.0)
                m.outline(self.selected, width=2.4)
        elif "race" in results:
            # After Stage 2: both players' GeoPlunges (the winner's claim, or a solver's one).
            for player, solution in enumerate(results["race"]["solutions"]):
                if solution:
                    m.highlight([c for g in solution for c in g], SEAT_COLOURS[player])
        if not self.interactive:
            self.map_widget.value = to_png(m.figure)
        else:
            m.figure.canvas.draw_idle()


def _stage1_text(game: GeoTriple, result: Mapping[str, Any]) -> str:
    cards = [game.names[c] for c in result["secret"]]
    taken = [
        "missed" if t is None else f"{t} guess{'es' if t > 1 else ''}" for t in result["taken"]
    ]
    return (
        f"Stage 1: {game.table.name_of(0)} held {cards[0]}, {game.table.name_of(1)} held "
        f"{cards[1]}. Guesses: {taken[0]} and {taken[1]}. Points: {result['points'][0]} and "
        f"{result['points'][1]}."
    )


def _race_text(game: GeoTriple) -> str:
    result = game.view(None)["results"].get("race")
    if not result:
        return ""
    winner = result["winner"]
    if winner is None:
        return (
            "<p>Stage 2: nobody found a GeoPlunge. The map shows one for each hand "
            "(blue and orange).</p>"
        )
    groups = result["solutions"][winner]
    said = " and ".join(", ".join(game.names[c] for c in g) for g in groups)
    name = html_text(game.table.name_of(winner))
    return f"<p>Stage 2: {name} shouted GeoPlunge first with {html_text(said)}: 10 points.</p>"


def _round_text(game: GeoTriple) -> str:
    results = game.view(None)["results"]
    lines = []
    if "stage1" in results:
        lines.append(html_text(_stage1_text(game, results["stage1"])))
    if "race" in results:
        lines.append(_race_text(game))
    if "stage3" in results:
        r = results["stage3"]
        lines.append(
            f"Stage 3: {html_text(game.table.name_of(r['winner']))} won "
            f"{max(r['won'])} tricks to {min(r['won'])}: {r['points']} points."
        )
    return "".join(f"<p>{line}</p>" for line in lines)


def play(
    *names: str,
    bots: Mapping[str, str] | None = None,
    seed: int | None = None,
    target: int = 100,
    show_possible: bool = True,
    interactive: bool = False,
) -> GeoTripleApp:
    """Start a game for the notebook: ``play("Ana", "Computer", bots={"Computer": "medium"})``."""
    table = Table.of(*names, bots=dict(bots or {}))
    game = GeoTriple(table, seed=seed, target=target)
    return GeoTripleApp(game, show_possible=show_possible, interactive=interactive, auto_clock=True)
