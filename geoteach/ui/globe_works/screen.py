"""Globe Works on the shared screen: the map with the hand under it, the step and verdicts beside.

Widgets hold no rules: every button builds an engine action, ``GlobeWorks.apply`` decides, and
the screen is drawn again from ``game.view(seat)``, the view of the person whose hand is shown.
Hands are secret: with one person at the table their hand is always shown; with several, the
screen is passed (``HotSeatGuard``) and a hand is shown only after its owner says "I am ...".

What the screen decides (not rules, the way it asks):

* **Picking a card.** Click a card in the hand strip or its city on the map (a ring marks each
  city of the hand: thick and green with a ✔ when it can be played now). The pick shows at
  once; the Play, Discard and trade buttons then name the picked card. At the start of a turn
  the first playable card is picked, after drawing the card just drawn.
* **Deals once a lap.** Once everyone has had 6 turns, the engine opens a deals window at the
  start of every turn. The screen asks a person once a lap (the first window after their own
  turn) and says "no deal" for them in the others; an offer made *to* them always comes to
  them. "No deal" is one click.
* **Computers** move one short sentence at a time in the log, ``bot_delay`` seconds apart;
  a draw and the discard after it are one sentence, and their "no deal" is not written.

Every control has a text label and a CSS class (``gt-play``, ``gt-draw``, ``gt-hand-card``...)
for browser tests; playable and picked are said with a ✔ and words, never by colour alone.
"""

from __future__ import annotations

import copy
from collections.abc import Callable, Mapping, Sequence
from typing import Any

import ipywidgets as widgets

from geoteach.bots.base import Bot, bots_for
from geoteach.bots.globe_works import make_bot
from geoteach.escape import html_text
from geoteach.games.base import Action, IllegalAction
from geoteach.games.globe_works import DEALS, HAND, MAP, SCORE_TABLE, GlobeWorks
from geoteach.games.globe_works.cards import ICON_WORDS, ICONS, cards
from geoteach.games.globe_works.engine import TOKENS, TURNS_AFTER_CALL, TURNS_BEFORE_DEALS
from geoteach.games.globe_works.regions import regions
from geoteach.games.table import Table
from geoteach.render.clicks import is_pick
from geoteach.render.globe_works import RING_PICKED, RING_PLAYABLE, GlobeMap
from geoteach.render.mapview import to_png
from geoteach.ui.apps import screen_options
from geoteach.ui.hotseat import HotSeatGuard
from geoteach.ui.safe import on_click, safe
from geoteach.ui.shell import GameScreen, Standing, canvas_box, number_text, places_of
from geoteach.ui.theme import is_you, seat_badge, seat_symbol

#: "two banking cities": each icon as a word that goes before "cities".
ICON_CITIES = {
    "coins": "banking",
    "airplane": "airline",
    "freighter": "port",
    "satellite": "information",
    "power": "energy",
}
#: The screen's own look: the hand strip's cards (region colour at the left edge, a ✔ and a
#: green frame when playable, a thick vermillion frame when picked).
GLOBE_CSS = (
    "<style>"
    ".gt-app .gt-hand { display: flex; flex-flow: row wrap; gap: 4px; }"
    ".gt-app .gt-hand .gt-hand-card { width: 208px; min-height: 40px; margin: 0;"
    " text-align: left; border: 2px solid #999; border-left-width: 10px;"
    " background: #fafafa; color: #111; }"
    ".gt-app .gt-hand .gt-hand-card.gt-playable { border-color: #009E73; font-weight: bold;"
    " background: #eaf7f1; }"
    f".gt-app .gt-hand .gt-hand-card.gt-picked {{ outline: 4px solid {RING_PICKED};"
    " outline-offset: -1px; background: #fde9dc; }"
    ".gt-app .gt-hand .gt-hand-card.gt-linking { border-style: dashed; background: #fff; }"
    ".gt-app.gt-large .gt-hand .gt-hand-card { width: 280px; }"
    ".gt-app .gt-handnote p { margin: 2px 0; }"
    ".gt-app .gt-board .widget-html-content { line-height: 1.35; }"
    ".gt-app .gt-controls .jupyter-button { width: auto; max-width: 100%; }"
    ".gt-app .gt-mapkey { font-size: 13px; margin: 2px 0; }"
    ".gt-app.gt-large .gt-mapkey { font-size: 18px; }"
    ".gt-app .gt-result table, .gt-app .gt-sheet { border-collapse: collapse; }"
    ".gt-app .gt-result td, .gt-app .gt-result th, .gt-app .gt-sheet td, .gt-app .gt-sheet th"
    " { border: 1px solid #999; padding: 1px 6px; text-align: left; vertical-align: top; }"
    + "".join(
        f".gt-app .gt-hand .gt-region-{r.code} {{ border-left-color: {r.colour}; }}"
        for r in regions().values()
    )
    + "</style>"
)


# ----- cards and points in words ----------------------------------------------------------
def card_label(card_id: str) -> str:
    """A card in words, never colour alone: "Busan · ocean freighters · EA"."""
    card = cards()[card_id]
    if card.is_linking:
        return f"{card.city} · linking city · opens {'+'.join(card.links)}"
    return f"{card.city} · {ICON_WORDS[card.icon]} · {card.region}"


def card_words(card_id: str) -> str:
    """A card in a sentence: "Busan (ocean freighters, East Asia)"."""
    card = cards()[card_id]
    if card.is_linking:
        return f"{card.city} (a linking city)"
    return f"{card.city} ({ICON_WORDS[card.icon]}, {regions()[card.region].name})"


def region_names(codes: Sequence[str]) -> str:
    """ "Western Europe, Eastern Europe and Middle East & North Africa"."""
    names = [regions()[c].name for c in codes]
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]


def openers(region: str) -> list[str]:
    """The linking cities whose card shows ``region``'s colour (they open it)."""
    return [c.city for c in cards().values() if c.is_linking and region in c.links]


def points_words() -> str:
    """The rulebook's scoring table as a sentence."""
    said = ", ".join(f"{n} → {p:g}" for n, p in SCORE_TABLE.items())
    return (
        f"Points for a network, by its number of cards: {said}. A network is your cities of "
        "one icon whose regions open linking cities join. Linking cities never score."
    )


def scoring_table_html() -> str:
    """The rulebook's table: cards in a network and their points."""
    head = "".join(f"<th>{n}</th>" for n in SCORE_TABLE)
    body = "".join(f"<td>{p}</td>" for p in SCORE_TABLE.values())
    return (
        "<table class='gt-table gt-sheet'><tr><th>Cards in a network</th>"
        f"{head}</tr><tr><th>Points</th>{body}</tr></table>"
    )


def regions_key_html() -> str:
    """Region codes, names and colours, for the key under the map."""
    items = "".join(
        f"<span style='background:{r.colour};color:{r.text_colour};padding:1px 4px;"
        f"margin:2px;display:inline-block'><b>{r.code}</b> {html_text(r.name)}</span>"
        for r in regions().values()
    )
    return f"<div>{items}</div>"


def pair_words(pair: Sequence[str], north: Sequence[str]) -> str:
    """A pair of cards of one icon that would join: "London and Warsaw, two banking cities of
    Western Europe and Eastern Europe, joined by Vienna" or "both Durban cards"."""
    deck = cards()
    a, b = deck[pair[0]], deck[pair[1]]
    kind = ICON_CITIES[a.icon]
    if a.card == b.card:
        return f"both {a.city} cards ({kind} city of {regions()[a.region].name})"
    joiner = next((deck[c].city for c in north if {a.region, b.region} <= set(deck[c].links)), "")
    return f"{a.city} and {b.city}, two {kind} cities of {region_names([a.region, b.region])}" + (
        f", joined by {joiner}" if joiner else ""
    )


def pair_sentence(table: Table, seat: int, pair: Sequence[str], north: Sequence[str]) -> str:
    """Why a pair left in a hand costs 20 points, said when the round is scored."""
    you = is_you(table, seat)
    who, whose = ("you", "your") if you else (table.name_of(seat), "their")
    return (
        f"−20: {who} kept a pair in {whose} hand: {pair_words(pair, north)}. "
        "A pair left in hand scores as 2 cards."
    )


def network_sentence(cities: Sequence[str], icon: str, points: float) -> str:
    """ "banks: London, Paris, Warsaw (3 cards) = 4 points"."""
    names = ", ".join(cards()[c].city for c in cities)
    size = len(cities)
    word = "card" if size == 1 else "cards"
    return f"{ICON_WORDS[icon]}: {names} ({size} {word}) = {points:g}"


def ended_round(game: GlobeWorks, record: Mapping[str, Any]) -> GlobeWorks:
    """The table as it stood when ``record``'s round was scored (the game itself deals the
    next round at once): a shallow copy carrying that round's cards, for its map and its
    networks. Only read from it."""
    snapshot = copy.copy(game)
    snapshot.played = [list(x) for x in record["played"]]
    snapshot.north = list(record["north"])
    snapshot.partnerships = [dict(d) for d in record["partnerships"]]
    snapshot.hands = [list(h) for h in record["hands"]]
    return snapshot


class GlobeWorksScreen(GameScreen):
    """Globe Works on the shared screen (see the module docstring).

    ``bots`` maps seats to computer players (default: one per computer seat, at its level).
    ``interactive=True`` (a kernel with ipympl) makes the map a canvas: a click on a city of
    the hand picks that card. Without a widget canvas the map is a picture and the hand strip
    picks.
    """

    title = "Globe Works"
    score_title = "Points"
    detail_title = "Cards down"

    def __init__(
        self,
        game: GlobeWorks,
        bots: Mapping[int, Bot] | None = None,
        *,
        bot_delay: float = 1.2,
        interactive: bool = False,
        large: bool = False,
        on_new_game: Callable[[], Any] | None = None,
    ) -> None:
        if bots is None:
            bots = bots_for(game.table, make_bot, game.seed)
        super().__init__(game, bots, bot_delay=bot_delay, large=large, on_new_game=on_new_game)
        self.game: GlobeWorks = game
        self.humans = [s for s in range(len(self.table.seats)) if s not in self.bots]
        self.viewer: int | None = self.humans[0] if len(self.humans) == 1 else None
        self.picked: str | None = None
        self.picked_at: int | None = None
        self._pick_moment: tuple[Any, ...] | None = None
        self._dealt_at: dict[int, int] = {}
        self._form: str | None = None
        self._rounds_seen = len(game.history)
        self._deals_told = game.round_no if game.deals_allowed() else 0
        self._drew: dict[int, str | None] = {}
        #: The round whose result the board shows while its verdict is open.
        self.explaining: Mapping[str, Any] | None = None

        self.map = GlobeMap(large=large, interactive=interactive)
        canvas = self.map.figure.canvas
        self.interactive = interactive and isinstance(canvas, widgets.Widget)
        if interactive and not self.interactive:  # no widget canvas here: a picture
            self.map.close()
            self.map = GlobeMap(large=large)
        self.map_picture = widgets.Image(format="png")
        if self.interactive:
            canvas.mpl_connect("button_press_event", safe(self.on_map_click, show=self.messages))
            self.map_canvas = canvas_box(canvas)
        self._size_picture()
        self.map_key = widgets.HTML()
        self.map_key.add_class("gt-mapkey")
        self.hand_note = widgets.HTML()
        self.hand_note.add_class("gt-handnote")
        self.hand_box = widgets.Box()
        self.hand_box.add_class("gt-hand")
        self.hand_buttons: list[widgets.Button] = []
        self.hand_cards: list[str] = []
        self.result = widgets.HTML()
        self.result.add_class("gt-result")
        self.game_css = widgets.HTML(GLOBE_CSS, layout=widgets.Layout(display="none"))
        self.guard = HotSeatGuard(self.table, widgets.HTML(), self._revealed, show=self.messages)

        # The controls of each step.
        self.step = widgets.HTML()
        self.reason = widgets.HTML()
        self.play_button = self._button("Play", "gt-play", "success", "check")
        self.draw_button = self._button("Draw from the draw pile", "gt-draw", "", "")
        self.take_discard_button = self._button("Take the top discard", "gt-take-discard", "", "")
        self.discard_button = self._button("Discard", "gt-discard", "primary", "")
        self.mine = widgets.Dropdown(description="Your city:", style={"description_width": "auto"})
        self.take_back_button = self._button("Take back that token", "gt-take-back", "", "")
        self.call_button = self._button("Call the end of the round", "gt-call-end", "warning", "")
        self.call_note = widgets.HTML()
        self.pass_button = self._button("Pass", "gt-pass", "", "")
        self.no_deal_button = self._button("No deal", "gt-no-deal", "primary", "forward")
        self.trade_form_button = self._button("Offer a trade…", "gt-offer-trade", "", "")
        self.partner_form_button = self._button(
            "Offer a partnership…", "gt-offer-partnership", "", ""
        )
        self.back_button = self._button("Back", "gt-back", "", "")
        self.send_button = self._button("Send the offer", "gt-send-offer", "success", "")
        dropdown = {"style": {"description_width": "80px"}, "layout": {"width": "420px"}}
        self.partner_pick = widgets.Dropdown(description="With:", **dropdown)
        self.icon_pick = widgets.Dropdown(
            options=[(f"{ICON_WORDS[i]} ({ICON_CITIES[i]} cities)", i) for i in ICONS],
            description="Icon:",
            **dropdown,
        )
        self.give_pick = widgets.Dropdown(description="You give:", **dropdown)
        self.take_pick = widgets.Dropdown(description="You get:", **dropdown)
        self.into_pick = widgets.Dropdown(
            options=[("my token goes on it", MAP), ("I take it into my hand", HAND)],
            value=MAP,
            description="Their city:",
            **dropdown,
        )
        self.answer_pick = widgets.Dropdown(description="You give:", **dropdown)
        self.accept_button = self._button("Accept", "gt-accept", "success", "")
        self.accept_hand_button = self._button(
            "Accept, into my hand", "gt-accept-hand", "success", ""
        )
        self.decline_button = self._button("Decline", "gt-decline", "warning", "")
        for button, handler in {
            self.play_button: self.play_picked,
            self.draw_button: lambda: self.act(self._mine("draw", source="draw")),
            self.take_discard_button: lambda: self.act(self._mine("draw", source="discard")),
            self.discard_button: self.discard_picked,
            self.take_back_button: lambda: self.act(self._mine("take_back", card=self.mine.value)),
            self.call_button: lambda: self.act(self._mine("call_end")),
            self.pass_button: lambda: self.act(self._mine("pass")),
            self.no_deal_button: lambda: self.act(self._mine("no_deal")),
            self.trade_form_button: lambda: self._open_form("trade"),
            self.partner_form_button: lambda: self._open_form("partnership"),
            self.back_button: lambda: self._open_form(None),
            self.send_button: self.send_offer,
            self.accept_button: lambda: self.answer(True),
            self.accept_hand_button: lambda: self.answer(True, into=HAND),
            self.decline_button: lambda: self.answer(False),
        }.items():
            on_click(button, handler, show=self.messages)
        # Rows of the steps, made once (a step shows some of them).
        wrap = widgets.Layout(flex_flow="row wrap")
        self.draw_row = widgets.HBox([self.draw_button, self.take_discard_button], layout=wrap)
        self.take_back_note = widgets.HTML(
            "<p>Or take a token back: that city becomes your discard.</p>"
        )
        self.take_back_row = widgets.HBox([self.mine, self.take_back_button])
        self.offer_row = widgets.HBox(
            [self.trade_form_button, self.partner_form_button], layout=wrap
        )
        self.send_row = widgets.HBox([self.send_button, self.back_button])
        self.answer_row = widgets.HBox(layout=wrap)
        self.partner_pick.observe(safe(self._fill_take, show=self.messages), names="value")
        self.take_pick.observe(safe(self._show_into, show=self.messages), names="value")

        self.sheet = widgets.HTML()
        self.rules = widgets.HTML(self._rules_html())
        self.below.children = [self.sheet, self.rules]
        self.children = (self.game_css, *self.children)
        self.start()

    # ----- small helpers ------------------------------------------------------------------
    @staticmethod
    def _button(text: str, css: str, style: str, icon: str) -> widgets.Button:
        button = widgets.Button(description=text, button_style=style, icon=icon)
        button.add_class(css)
        return button

    def _mine(self, kind: str, **fields: Any) -> Action:
        """An action of the person whose hand is shown (the one the screen waits for)."""
        seat = self.acting_person()
        if seat is None:
            seat = self.viewer if self.viewer is not None else self.humans[0]
        return {"player": seat, "type": kind, **fields}

    def acting_person(self) -> int | None:
        """The person (not a computer) the game waits for now, if any."""
        if self.game.is_terminal():
            return None
        return next((s for s in self.game.to_act() if s not in self.bots), None)

    def waiting_for(self) -> int | None:
        """The person whose click the game waits for now: none while a computer is still to
        act (in a deals window the computers speak first) or the person's deals are skipped."""
        if GameScreen.bot_seat(self) is not None or self._skipped_deals() is not None:
            return None
        return self.acting_person()

    def seat_shown(self) -> int | None:
        """Whose hand the screen shows: the only person, or the one the screen was passed to."""
        return self.viewer

    def _name(self, seat: int) -> str:
        return "You" if is_you(self.table, seat) else self.table.name_of(seat)

    # ----- the moves a person makes --------------------------------------------------------
    def pick_card(self, card: str, index: int | None = None) -> None:
        """Pick a card of the hand (a click in the hand strip or on the map): shown at once.
        ``index`` is the button clicked (both copies of a duplicate are the same card)."""
        if card not in self.hand_cards:
            return
        self.picked = card
        self.picked_at = index if index is not None else self.hand_cards.index(card)
        self._mark_buttons()
        if self.map.pick(card):
            self._show_map()
        self._fill_step_texts()

    def on_map_click(self, event: Any) -> None:
        """A left click on a city of the hand (its ring or its name) picks that card; two
        cards in one place take turns. Other clicks change nothing."""
        if not is_pick(event, self.map.ax):
            return
        near = self.map.cards_at(event.x, event.y)
        if not near:
            return
        current = self.picked
        self.pick_card(near[(near.index(current) + 1) % len(near)] if current in near else near[0])

    def play_picked(self) -> None:
        if self.picked is None:
            self.messages.error("Pick a card first: click it in your hand or on the map.")
            return
        self.act(self._mine("play", card=self.picked))

    def discard_picked(self) -> None:
        if self.picked is None:
            self.messages.error("Pick the card to discard: click it in your hand or on the map.")
            return
        self.act(self._mine("discard", card=self.picked))

    def send_offer(self) -> None:
        """Send the trade or partnership of the open form."""
        if self._form == "partnership":
            self.act(
                self._mine(
                    "propose_partnership", to=self.partner_pick.value, icon=self.icon_pick.value
                )
            )
            return
        take = self.take_pick.value
        into = {"into": self.into_pick.value} if take is not None else {}
        self.act(
            self._mine(
                "propose_trade",
                to=self.partner_pick.value,
                give=self.give_pick.value,
                take=take,
                **into,
            )
        )

    def answer(self, accept: bool, into: str = MAP) -> None:
        """Accept or decline the offer made to you; a city from the map comes under your
        token, or into your hand."""
        if not accept:
            self.act(self._mine("decline"))
            return
        prop = self.game.view(self.acting_person())["proposal"]
        extra: dict[str, Any] = {}
        if prop and prop["kind"] == "trade" and prop.get("take") is None:
            extra["card"] = self.answer_pick.value
        if into == HAND:
            extra["into"] = HAND
        self.act(self._mine("accept", **extra))

    def act(self, action: Action) -> None:
        """A person's move: the offer form closes, a note from before goes away."""
        if action.get("type") in ("no_deal", "propose_trade", "propose_partnership"):
            self.game.check(action)  # a refused offer leaves this lap's deals open
            seat = action["player"]
            self._dealt_at[seat] = self.game.turns[seat]
        if not self.feedback.is_open:
            self.feedback.put_away()
        self.messages.clear()
        self.explaining = None
        form, self._form = self._form, None
        try:
            super().act(action)
        except IllegalAction:
            self._form = form  # a refused offer: the form stays, to be put right
            raise

    def _open_form(self, form: str | None) -> None:
        """Show the trade or partnership offer (pre-filled), or go back to the deals step."""
        self._form = form
        self.refresh()

    def _revealed(self, seat: int) -> None:
        """The screen was passed to ``seat`` and they said so: show their hand."""
        self.viewer = seat
        self.picked = None
        self._pick_moment = None
        self.refresh()

    # ----- the computers, and the deals a person skips ---------------------------------------
    def _skipped_deals(self) -> int | None:
        """A person in a deals window who has had theirs this lap: the screen says "no deal"
        for them (an offer made to them still comes to them)."""
        game = self.game
        if game.is_terminal() or game.phase != DEALS or game.window["proposal"] is not None:
            return None
        if any(s in self.bots for s in game.to_act()):
            return None  # the computers speak first
        for seat in game.to_act():
            if self._dealt_at.get(seat) == game.turns[seat]:
                return seat
        return None

    def bot_seat(self) -> int | None:
        seat = super().bot_seat()
        return seat if seat is not None else self._skipped_deals()

    def bot_move(self, redraw: bool = True) -> bool:
        """One computer move worth a sentence; moves with nothing to say (a draw before its
        discard, "no deal", a person's skipped deals) go at once with it, drawn once."""
        moved = False
        while True:
            skipped = self._skipped_deals()
            if skipped is not None:
                self.game.apply({"player": skipped, "type": "no_deal"})
                moved = True
                continue
            said = len(self.computer_log.lines)
            if not super().bot_move(redraw=False):
                break
            moved = True
            if len(self.computer_log.lines) > said or self.feedback.is_open:
                break
        if moved and redraw:
            self.refresh()
        return moved

    # ----- what a move led to -----------------------------------------------------------------
    def describe(self, action: Action) -> str:
        """One sentence for the log of a computer's move ("" for a move with nothing to say)."""
        seat, kind = action["player"], action["type"]
        who = self.table.name_of(seat)
        card = action.get("card")
        if kind == "draw":
            self._drew[seat] = (
                card_words(self.game.drawn) if action["source"] == "discard" else None
            )
            return ""
        drew = self._drew.pop(seat, None)
        took = f"took {drew} from the discard pile" if drew else "drew a card"
        if kind == "play":
            info = cards()[card]
            if info.is_linking:
                return (
                    f"{who} opened {info.city} at the north edge: "
                    f"{region_names(info.links)} are open to everyone."
                )
            return f"{who} played {card_words(card)}."
        if kind == "discard":
            return f"{who} {took} and discarded {card_words(card)}."
        if kind == "take_back":
            return f"{who} {took} and took back the token on {card_words(card)}."
        if kind == "pass":
            return f"{who} can neither play nor draw, and passes."
        if kind == "call_end":
            return (
                f"{who} calls the end of the round: everyone else takes "
                f"{TURNS_AFTER_CALL} more turns."
            )
        if kind in ("propose_trade", "propose_partnership"):
            to = "you" if action["to"] in self.humans else self.table.name_of(action["to"])
            if kind == "propose_partnership":
                return f"{who} offers {to} a partnership in {ICON_WORDS[action['icon']]}."
            if action["to"] in self.humans:
                want = card_words(action["take"]) if action.get("take") else "a card you choose"
                return f"{who} offers you {card_words(action['give'])} for {want}."
            return f"{who} offers {to} a trade."
        if kind in ("accept", "decline"):
            deal = self.game.trades[-1]
            verb = "accepts" if kind == "accept" else "declines"
            offerer = "your" if deal["from"] in self.humans else f"{self._name(deal['from'])}'s"
            if deal["kind"] == "partnership":
                return f"{who} {verb} {offerer} partnership in {ICON_WORDS[deal['icon']]}."
            if kind == "accept" and deal["from"] in self.humans:
                got = card_words(deal["take"])
                return f"{who} accepts your trade: you get {got} for {card_words(deal['give'])}."
            return f"{who} {verb} {offerer} trade."
        return ""

    def after(self, action: Action, by_human: bool) -> None:
        game = self.game
        if len(game.history) > self._rounds_seen:
            self._rounds_seen = len(game.history)
            self._explain_round(game.history[-1])
            return
        if self.feedback.is_open:
            return
        kind = action["type"]
        if by_human and kind == "play":
            self._explain_play(action)
        elif kind == "call_end" and not by_human:
            self._explain_call(action["player"])
        elif kind in ("accept", "decline") and game.trades:
            last = game.trades[-1]
            if last["from"] in self.humans and not by_human:
                self._explain_answer(last)
        if game.deals_allowed() and self._deals_told != game.round_no:
            self._deals_told = game.round_no
            self._explain_deals_open()

    def _explain_play(self, action: Action) -> None:
        """After a person plays: what it did to their networks, and why the city is on the
        card (the deck's reason, from its source)."""
        game, seat, card_id = self.game, action["player"], action["card"]
        card = cards()[card_id]
        if card.is_linking:
            self.show_verdict(
                f"{card.city} is open at the north edge",
                correct=None,
                lines=[
                    f"{region_names(card.links)} are open to everyone now: cities of these "
                    "regions can be played, and networks join across them."
                ],
                fact=card.reason,
                wait=False,
            )
            return
        groups = game.networks_of(seat)[card.icon]
        group = next((g for g in groups if card_id in g), [card_id])
        points = SCORE_TABLE[min(len(group), max(SCORE_TABLE))]
        lines = [f"Your {network_sentence(group, card.icon, points)} points."]
        mate = game.partner(seat, card.icon)
        if mate is not None:
            lines.append(
                f"Shared with your partner {self.table.name_of(mate)}: "
                f"{number_text(points / 2)} points each."
            )
        if len(group) == 2:
            lines.append(
                "−20 for now: a network of 2 cards costs 20 points. A third city of "
                f"{ICON_WORDS[card.icon]} joined to it makes it +4."
            )
        lines.append(f"Tokens left: {game.tokens_left(seat)} of {TOKENS}.")
        self.show_verdict(
            f"{self._name(seat)} played {card.city}",
            correct=None,
            lines=lines,
            where=f"{card.city} is in {regions()[card.region].name} ({card.region}).",
            fact=card.reason,
            wait=False,
        )

    def _explain_call(self, caller: int) -> None:
        game = self.game
        left = [
            f"{self._name(s)} {game.after_call[s]}"
            for s in self.humans
            if s != caller and game.after_call[s] > 0
        ]
        self.show_verdict(
            f"{self.table.name_of(caller)} called the end of the round",
            correct=None,
            lines=[
                f"Everyone else takes {TURNS_AFTER_CALL} more turns (turns left: "
                f"{', '.join(left)}); {self.table.name_of(caller)} plays no more this round.",
                "Then the round is scored: cards down, and −20 for each pair left in a hand.",
            ],
            wait=False,
        )

    def _explain_answer(self, deal: Mapping[str, Any]) -> None:
        """A computer answered a person's offer."""
        to = self.table.name_of(deal["to"])
        if not deal["accepted"]:
            self.show_verdict(f"{to} declined your offer", correct=None, wait=False)
            return
        if deal["kind"] == "partnership":
            self.show_verdict(
                f"{to} is your partner in {ICON_WORDS[deal['icon']]}",
                correct=None,
                lines=[
                    f"Your {ICON_CITIES[deal['icon']]} cities and theirs make one network; "
                    "its points are shared half and half."
                ],
                wait=False,
            )
            return
        self.show_verdict(
            f"{to} accepted your trade",
            correct=None,
            lines=[f"You gave {card_words(deal['give'])} and got {card_words(deal['take'])}."],
            wait=False,
        )

    def _explain_deals_open(self) -> None:
        """The moment everyone has had 6 turns: deals, and (not in the final round) the call."""
        lines = [
            "Deals: once a lap you may offer one trade (a card for a card) or one partnership "
            "(shared networks of one icon), or just press No deal."
        ]
        if self.game.final_round:
            lines.append(
                "This is the final round: nobody can call its end. It ends when nobody can "
                "play any more."
            )
        else:
            lines.append(
                "Anyone may now call the end of the round: the caller takes one last turn, "
                f"everyone else {TURNS_AFTER_CALL} more, then the round is scored."
            )
        self.show_verdict(
            f"Everyone has had {TURNS_BEFORE_DEALS} turns", correct=None, lines=lines, wait=False
        )

    def _explain_round(self, record: Mapping[str, Any]) -> None:
        """The round's end: who scored what and why, the −20 of each pair left in a hand;
        the board shows that round's map and the scores in a table until Continue."""
        game = self.game
        self.explaining = record
        order = sorted(range(len(self.table.seats)), key=lambda s: -record["scores"][s])
        lines = []
        if record["called_by"] is not None:
            lines.append(f"{self.table.name_of(record['called_by'])} called the end.")
        elif record["round"] == game.rounds:
            lines.append("Nobody could play any more.")
        for s in order:
            pen = record["pair_penalties"][s]
            extra = f" (cards down {record['cards_down'][s]:g}, pairs {pen:g})" if pen else ""
            lines.append(
                f"{self.table.name_of(s)}: {number_text(record['scores'][s])} points{extra}."
            )
        for s in order:
            for pair in record["pairs"][s]:
                lines.append(pair_sentence(self.table, s, pair, record["north"]))
        self.result.value = self._result_html(record)
        if game.is_terminal():
            self.show_game_over([f"Round {record['round']}, the last:", *lines])
            return
        self.show_verdict(f"Round {record['round']} is over", correct=None, lines=lines, wait=True)

    def _result_html(self, record: Mapping[str, Any]) -> str:
        """A round's scores in a table: networks, pairs left in hand, the round's points."""
        snapshot = ended_round(self.game, record)
        rows = []
        for s in sorted(range(len(self.table.seats)), key=lambda q: -record["scores"][q]):
            nets = []
            for icon, groups in snapshot.networks_of(s).items():
                for group in groups:
                    if len(group) > 1:
                        size = min(len(group), max(SCORE_TABLE))
                        mate = snapshot.partner(s, icon)
                        shared = (
                            f", shared with {self.table.name_of(mate)}" if mate is not None else ""
                        )
                        nets.append(network_sentence(group, icon, SCORE_TABLE[size]) + shared)
            pairs = record["pairs"][s]
            kept = "; ".join(" and ".join(cards()[c].city for c in pair) for pair in pairs)
            seat = self.table.seats[s]
            rows.append(
                f"<tr><td><span style='color:{seat.colour}'>{seat_symbol(s)}</span> "
                f"{html_text(seat.name)}</td>"
                f"<td>{html_text('; '.join(nets) or 'no network of 2 or more')}</td>"
                f"<td>{html_text(kept + ' = ' if kept else '')}"
                f"{number_text(record['pair_penalties'][s])}</td>"
                f"<td><b>{number_text(record['scores'][s])}</b></td></tr>"
            )
        return (
            f"<p><b>Round {record['round']}: the scores</b> · the map shows the cards down at "
            "the end</p><table><tr><th>Player</th><th>Networks (cards down)</th>"
            "<th>Pairs left in hand</th><th>Round</th></tr>"
            + "".join(rows)
            + f"</table><p><small>{html_text(points_words())}</small></p>"
        )

    # ----- drawing -------------------------------------------------------------------------
    def refresh(self) -> None:
        """The banner first (who acts now: the first thing a click changes), then the rest."""
        self._check_viewer()
        self.banner.value = self.prompt()
        super().refresh()

    def _check_viewer(self) -> None:
        """With several people at the table, cover the hand when the game waits for another
        person than the one looking."""
        if len(self.humans) < 2:
            return
        person = self.waiting_for()
        if person not in (None, self.viewer) and (self.guard.seat != person or self.guard.revealed):
            self.viewer = None
            self.picked = None
            self.guard.pass_to(person)

    def redraw(self) -> None:
        """Controls and the hand strip first (what a click changes), then the map."""
        game = self.game
        if self.explaining is not None and not (self.feedback.is_open or game.is_terminal()):
            self.explaining = None
        if self.explaining is not None:
            self._draw_controls()
            self._draw_ended_round(self.explaining)
        else:
            me = self.seat_shown()
            view = game.view(me)
            hand = list(view["hand"]) if me is not None else []
            playable = game.playable(me) if me is not None else []
            self._default_pick(hand, playable)
            self._draw_controls()
            self._draw_hand(hand, playable)
            self._draw_table(view, hand, playable)
        self.sheet.value = self._sheet_html()

    def _draw_table(
        self, view: Mapping[str, Any], hand: Sequence[str], playable: Sequence[str]
    ) -> None:
        """The map of the round under way: the table, the hand's rings and names, the pick."""
        changed = self.map.draw_table(view, self._colours())
        named = [c for played in view["played"] for c in played]
        changed = self.map.mark_hand(hand, playable, named) or changed
        changed = self.map.pick(self.picked) or changed
        if changed:
            self._show_map()
        self.map_key.value = self._key_html()
        self.board.children = [self._map_widget(), self.map_key, self.hand_note, self.hand_box]

    def _draw_ended_round(self, record: Mapping[str, Any]) -> None:
        snapshot = ended_round(self.game, record)
        n = len(self.table.seats)
        view = {
            "north": snapshot.north,
            "played": snapshot.played,
            "networks": [snapshot.networks_of(q) for q in range(n)],
        }
        changed = self.map.draw_table(view, self._colours())
        named = [c for played in view["played"] for c in played]
        changed = self.map.mark_hand([], (), named) or changed
        if changed:
            self._show_map()
        self.board.children = [self._map_widget(), self.result]

    def _colours(self) -> list[str]:
        return [s.colour for s in self.table.seats]

    def _map_widget(self) -> widgets.Widget:
        return self.map_canvas if self.interactive else self.map_picture

    def _show_map(self) -> None:
        """Push the map to the screen (a PNG when it is not a live canvas) and say where the
        hand's cities are for browser tests."""
        if self.interactive:
            self.map.figure.canvas.draw_idle()
        else:
            self.map_picture.value = to_png(self.map.figure)
        self.show_click_targets(self.map.figure, self.map.ax, self.map.targets())

    def _size_picture(self) -> None:
        width = round(self.map.figure.get_figwidth() * self.map.figure.dpi)
        self.map_picture.layout.width = f"{width}px"
        self.map_picture.layout.max_width = "100%"

    def _key_html(self) -> str:
        tokens = " ".join(
            f"<span style='color:{s.colour}'>{seat_symbol(i)}</span>&nbsp;{html_text(s.name)}"
            for i, s in enumerate(self.table.seats)
        )
        rings = (
            ""
            if self.explaining is not None
            else f" · rings: your cards (<b style='color:{RING_PLAYABLE}'>thick ✔</b> can be "
            f"played, <b style='color:{RING_PICKED}'>orange</b> picked)"
        )
        return (
            f"<p>Tokens: {tokens}{rings} · top strip: the north edge, linking cities open "
            "to everyone · lines: networks (one line style per icon)</p>"
        )

    def _default_pick(self, hand: Sequence[str], playable: Sequence[str]) -> None:
        """A new step picks for the person: the first playable card at the start of a turn,
        the card just drawn after drawing; a pick that left the hand is dropped."""
        game, me = self.game, self.seat_shown()
        moment = (game.round_no, game.current, tuple(game.turns), game.step, game.phase)
        if moment != self._pick_moment:
            self._pick_moment = moment
            if me is not None and game.step == "drawn" and game.current == me and game.drawn:
                self.picked = game.drawn
            elif self.picked not in playable:
                self.picked = playable[0] if playable else None
        if self.picked not in hand:
            self.picked = None

    def _draw_hand(self, hand: Sequence[str], playable: Sequence[str]) -> None:
        """The hand strip: one button per card, ✔ and a green frame when it can be played."""
        me = self.seat_shown()
        if me is None:
            self.hand_cards = []
            self.hand_box.children = []
            person = self.acting_person()
            whose = f"{html_text(self.table.name_of(person))}'s" if person is not None else "The"
            self.hand_note.value = (
                f"<p><b>{whose} hand is hidden</b> until they have the screen.</p>"
            )
            return
        while len(self.hand_buttons) < len(hand):
            button = widgets.Button()
            button.add_class("gt-hand-card")
            index = len(self.hand_buttons)
            on_click(button, lambda i=index: self._hand_clicked(i), show=self.messages)
            self.hand_buttons.append(button)
        ok = set(playable)
        self.hand_cards = list(hand)
        for button, card_id in zip(self.hand_buttons, hand, strict=False):
            info = cards()[card_id]
            mark = "✔ " if card_id in ok else ""
            button.description = mark + card_label(card_id)
            why = self.game.why_not_playable(me, card_id)
            button.tooltip = card_words(card_id) + (f". {why}" if why else ". Can be played.")
            for css in list(button._dom_classes):
                if css.startswith("gt-region-") or css in ("gt-playable", "gt-linking"):
                    button.remove_class(css)
                if css.startswith("gt-card-"):
                    button.remove_class(css)
            button.add_class(f"gt-card-{card_id}")
            button.add_class("gt-linking" if info.is_linking else f"gt-region-{info.region}")
            if card_id in ok:
                button.add_class("gt-playable")
        self.hand_box.children = self.hand_buttons[: len(hand)]
        self._mark_buttons()
        self.hand_note.value = self._hand_note_html(me, hand, playable)

    def _hand_clicked(self, index: int) -> None:
        if index < len(self.hand_cards):
            self.pick_card(self.hand_cards[index], index)

    def _mark_buttons(self) -> None:
        """Frame the picked card's button (one of them when both copies are in the hand)."""
        cards_now = self.hand_cards
        at = self.picked_at
        if self.picked not in cards_now:
            at = None
        elif at is None or at >= len(cards_now) or cards_now[at] != self.picked:
            at = cards_now.index(self.picked)
        self.picked_at = at
        for i, button in enumerate(self.hand_buttons[: len(cards_now)]):
            if i == at:
                button.add_class("gt-picked")
            else:
                button.remove_class("gt-picked")

    def _hand_note_html(self, me: int, hand: Sequence[str], playable: Sequence[str]) -> str:
        mine = (
            "Your"
            if is_you(self.table, me) or len(self.humans) == 1
            else (f"{html_text(self.table.name_of(me))}'s")
        )
        head = (
            f"<p><b>{mine} hand</b> ({len(hand)} cards, {self.game.tokens_left(me)} tokens "
            "left) · ✔ = can be played now · pick a card here or click its city on the map</p>"
        )
        if hand and not playable:
            head += f"<p><b>{html_text(self._none_playable(me, hand))}</b></p>"
        return head + "".join(f"<p>{html_text(line)}</p>" for line in self._minus_twenty(me))

    def _minus_twenty(self, me: int) -> list[str]:
        """Each −20 the person has now or would have at the round's end, and why: a network
        of 2 cities down, a pair left in the hand."""
        game = self.game
        lines = []
        for icon, groups in game.networks_of(me).items():
            for group in groups:
                if len(group) == 2:
                    mate = game.partner(me, icon)
                    shared = (
                        f" (shared with {self.table.name_of(mate)}: −10 each)"
                        if mate is not None
                        else ""
                    )
                    names = " and ".join(cards()[c].city for c in group)
                    lines.append(
                        f"−20 now{shared}: your {ICON_WORDS[icon]} network has only 2 cities, "
                        f"{names}. A third joined city makes it +4."
                    )
        for pair in game.pairs_in_hand(me):
            lines.append(
                f"−20 if the round ended now: a pair in your hand, {pair_words(pair, game.north)}"
                ". Play one, or discard one."
            )
        return lines

    def _none_playable(self, me: int, hand: Sequence[str]) -> str:
        """Why no card of the hand can be played, in one sentence, and what to do."""
        game = self.game
        if game.tokens_left(me) == 0:
            return "You have no tokens left: draw a card, then take a token back as your discard."
        shut = sorted({cards()[c].region for c in hand if c not in game.played[me]})
        if shut:
            return (
                "No city of yours is open yet: no linking city at the north edge shows "
                f"{', '.join(shut)}. Draw a card (a linking city you draw can be played next "
                "turn and opens its regions)."
            )
        return "Every city in your hand is already down: draw a card and discard one."

    def _draw_controls(self) -> None:
        game = self.game
        if game.is_terminal() or (self.explaining is not None and self.feedback.is_open):
            self.controls.children = []
            return
        person = self.waiting_for()
        if person is None:
            seat = super().bot_seat()
            who = seat_badge(self.table, seat) if seat is not None else "The computers"
            self.step.value = f"<p><i>{who} is thinking…</i></p>"
            self.controls.children = [self.step]
            return
        if person != self.viewer:
            self.controls.children = [self.guard]
            return
        view = game.view(person)
        if game.phase == DEALS:
            if view["proposal"] is not None:
                self.controls.children = self._answer_controls(view)
            elif self._form is not None:
                self.controls.children = self._form_controls(view)
            else:
                self.controls.children = self._deal_controls(view)
        elif game.step == "drawn":
            self.controls.children = self._discard_controls(view)
        else:
            self.controls.children = self._turn_controls(view)
        self._fill_step_texts()

    def _call_row(self, person: int) -> list[widgets.Widget]:
        """The call, when it can be made, with what it does."""
        if not self.game.may_call_end(person):
            return []
        self.call_note.value = (
            "<p><small>Any time now (everyone has had 6 turns): you take this last turn, "
            f"everyone else {TURNS_AFTER_CALL} more, then the round is scored.</small></p>"
        )
        return [self.call_button, self.call_note]

    def _turn_controls(self, view: Mapping[str, Any]) -> list[widgets.Widget]:
        person = view["player"]
        legal = {a["type"] for a in self.game.legal_actions(person)}
        if legal <= {"pass", "call_end"}:
            self.step.value = "<p><b>You can neither play nor draw:</b> pass your turn.</p>"
            return [self.step, self.pass_button, *self._call_row(person)]
        self.step.value = (
            "<p><b>Your turn:</b> play a card marked ✔, <i>or</i> draw a card (then you "
            "discard one).</p>"
        )
        top = view["discard_top"]
        self.draw_button.description = f"Draw from the draw pile ({view['draw_pile']} left)"
        self.draw_button.disabled = not self.game.can_draw("draw")
        self.take_discard_button.description = (
            f"Take {cards()[top].city} from the discard pile"
            if top
            else "The discard pile is empty"
        )
        self.take_discard_button.disabled = top is None
        return [self.step, self.play_button, self.reason, self.draw_row, *self._call_row(person)]

    def _discard_controls(self, view: Mapping[str, Any]) -> list[widgets.Widget]:
        person = view["player"]
        drawn = self.game.drawn
        self.step.value = (
            f"<p><b>You drew {html_text(card_words(drawn))}.</b> Now discard one card: the "
            "picked one, or pick another in your hand or on the map.</p>"
        )
        out: list[widgets.Widget] = [self.step, self.discard_button]
        if self.game.can_take_back() and view["played"][person]:
            self.mine.options = [(card_label(c), c) for c in view["played"][person]]
            out += [
                self.take_back_note,
                self.take_back_row,
            ]
        return out + self._call_row(person)

    def _deal_controls(self, view: Mapping[str, Any]) -> list[widgets.Widget]:
        person = view["player"]
        self.step.value = (
            f"<p><b>Deals</b> (during {html_text(self.table.name_of(view['current']))}'s "
            "turn, once a lap): offer one trade or one partnership, or say No deal.</p>"
        )
        return [self.step, self.no_deal_button, self.offer_row, *self._call_row(person)]

    def _form_controls(self, view: Mapping[str, Any]) -> list[widgets.Widget]:
        person = view["player"]
        others = [q for q in view["deal_parties"] if q != person]
        options = [(self.table.name_of(q), q) for q in others]
        if [o[1] for o in self.partner_pick.options] != others:
            self.partner_pick.options = options
            self.partner_pick.value = others[0] if others else None
        if self._form == "partnership":
            self.step.value = (
                "<p><b>Offer a partnership:</b> your cities of one icon and theirs make one "
                "network; its points are shared half and half.</p>"
            )
            return [self.step, self.partner_pick, self.icon_pick, self.send_row]
        mine = list(dict.fromkeys([*view["hand"], *view["played"][person]]))
        options = [(card_label(c), c) for c in mine]
        if list(self.give_pick.options) != options:
            self.give_pick.options = options
            # Pre-filled: the picked card, so "Send the offer" works at once.
            self.give_pick.value = self.picked if self.picked in mine else mine[0]
        self._fill_take()
        self.step.value = (
            "<p><b>Offer a trade:</b> one of your cards for one of theirs. Their hands are "
            "secret: ask for a city they have down, or let them choose.</p>"
        )
        return [
            self.step,
            self.partner_pick,
            self.give_pick,
            self.take_pick,
            self.into_pick,
            self.send_row,
        ]

    def _fill_take(self, _change: Any = None) -> None:
        other = self.partner_pick.value
        played = list(dict.fromkeys(self.game.played[other])) if other is not None else []
        options = [("a card they choose", None)] + [(card_label(c), c) for c in played]
        if list(self.take_pick.options) != options:
            self.take_pick.options = options
            self.take_pick.value = None
        self._show_into()

    def _show_into(self, _change: Any = None) -> None:
        self.into_pick.layout.display = "none" if self.take_pick.value is None else ""

    def _answer_controls(self, view: Mapping[str, Any]) -> list[widgets.Widget]:
        prop = view["proposal"]
        person = view["player"]
        who = html_text(self.table.name_of(prop["from"]))
        legal = self.game.legal_actions(person)
        out: list[widgets.Widget] = [self.step]
        if prop["kind"] == "partnership":
            icon = prop["icon"]
            self.step.value = (
                f"<p><b>{who} offers you a partnership in {ICON_WORDS[icon]}:</b> your "
                f"{ICON_CITIES[icon]} cities and theirs make one network, its points shared "
                "half and half.</p>"
            )
        else:
            give = html_text(card_words(prop["give"]))
            on_map = prop["give"] in view["played"][prop["from"]]
            where = " (a city on the map: your token can go on it, or the card into your hand)"
            if prop["take"] is None:
                self.step.value = (
                    f"<p><b>{who} offers you {give}</b>{where if on_map else ''} for a card "
                    "you choose:</p>"
                )
                mine = list(dict.fromkeys([*view["hand"], *view["played"][person]]))
                self.answer_pick.options = [(card_label(c), c) for c in mine]
                if self.picked in mine:
                    self.answer_pick.value = self.picked
                out.append(self.answer_pick)
            else:
                want = html_text(card_words(prop["take"]))
                self.step.value = (
                    f"<p><b>{who} offers you {give}</b>{where if on_map else ''} for your "
                    f"{want}.</p>"
                )
        into_hand = any(a["type"] == "accept" and a.get("into") == HAND for a in legal)
        on_map_ok = any(a["type"] == "accept" and a.get("into", MAP) == MAP for a in legal)
        self.accept_button.description = "Accept, my token on it" if into_hand else "Accept"
        answers = [self.accept_button] if on_map_ok or not into_hand else []
        if into_hand:
            answers.append(self.accept_hand_button)
        answers.append(self.decline_button)
        self.answer_row.children = answers
        return [*out, self.answer_row, *self._call_row(person)]

    def _fill_step_texts(self) -> None:
        """The texts that follow the pick: what Play and Discard will do, and why not."""
        game, me = self.game, self.acting_person()
        picked = self.picked
        if picked is None:
            self.play_button.description = "Play (pick a card first)"
            self.discard_button.description = "Discard (pick a card first)"
            self.play_button.disabled = True
            self.discard_button.disabled = True
            self.reason.value = ""
        else:
            city = cards()[picked].city
            self.play_button.description = f"Play {city}"
            self.discard_button.description = f"Discard {city}"
            self.discard_button.disabled = False
            why = game.why_not_playable(me, picked) if me is not None else None
            self.play_button.disabled = why is not None
            self.reason.value = self._why_html(picked, why)
        if self._form == "trade" and picked in [o[1] for o in self.give_pick.options]:
            self.give_pick.value = picked
        if picked in [o[1] for o in self.answer_pick.options]:
            self.answer_pick.value = picked

    @staticmethod
    def _why_html(card_id: str, why: str | None) -> str:
        if why is None:
            return ""
        card = cards()[card_id]
        more = ""
        if not card.is_linking and "linking city" in why:
            more = f" Linking cities that open {card.region}: {', '.join(openers(card.region))}."
        return f"<p>{html_text(why + more)}</p>"

    def prompt(self) -> str:
        game = self.game
        view = game.view(None)
        head = (
            f"Round {view['round']} of {view['rounds']}"
            + (" (the final round)" if view["final_round"] else "")
            + f" · {seat_badge(self.table, view['dealer'])} deals · {self._lap_words(view)}"
        )
        if game.is_terminal():
            return f'{head}<br><span class="gt-turn">The game is over.</span>'
        if self.explaining is not None and self.feedback.is_open:
            done = self.explaining["round"]
            head = f"Round {done} of {view['rounds']}: the scores · next, round {done + 1}"
            now = f"Round {done} is over: read the scores, then press Continue."
            return f'{head}<br><span class="gt-turn">▶ {now}</span>'
        person = self.waiting_for()
        if person is None:
            seat = super().bot_seat()
            doing = "is dealing" if game.phase == DEALS else "is playing"
            who = seat_badge(self.table, seat) if seat is not None else "The computers"
            return f'{head}<br><span class="gt-turn">{who} {doing}…</span>'
        badge = "Your" if is_you(self.table, person) else f"{seat_badge(self.table, person)}'s"
        if person != self.viewer:
            now = f"Pass the screen to {seat_badge(self.table, person)}."
        elif game.phase == DEALS and view["proposal"] is not None:
            now = f"{badge} answer: {html_text(self.table.name_of(view['proposal']['from']))} "
            now += "makes you an offer. Accept or decline."
        elif game.phase == DEALS:
            now = f"{badge} deals: offer a trade or a partnership, or press No deal."
        elif game.step == "drawn":
            now = f"{badge} turn: discard one card (pick it, then press Discard)."
        else:
            now = (
                f"{badge} turn: play a card marked ✔ (click it in your hand or on the map), "
                "or draw a card."
            )
        return f'{head}<br><span class="gt-turn">▶ {now}</span>'

    def _lap_words(self, view: Mapping[str, Any]) -> str:
        """Where the round is: turns so far, what 6 turns open, who called the end."""
        least = min(view["turns"])
        if view["called_by"] is not None:
            caller = view["called_by"]
            who = "You" if is_you(self.table, caller) else html_text(self.table.name_of(caller))
            left = [
                f"{html_text(self._name(s))} {view['after_call'][s]}"
                for s in self.humans
                if s != caller
            ]
            more = f" (turns left: {', '.join(left)})" if left else ""
            return f"{who} called the end: {TURNS_AFTER_CALL} more turns each{more}"
        if least < TURNS_BEFORE_DEALS:
            return (
                f"turn {least + 1}: deals and calling the end open after "
                f"{TURNS_BEFORE_DEALS} turns each"
            )
        if view["final_round"]:
            return f"turn {least + 1}: deals are open; the round ends when nobody can play"
        return f"turn {least + 1}: deals are open and anyone may call the end"

    def standings(self) -> list[Standing]:
        game = self.game
        live = game.live_scores()
        down = game.played_scores() if not game.is_terminal() else [0.0] * len(live)
        if game.is_terminal() and game.history:
            down = list(game.history[-1]["cards_down"])
        return [
            Standing(s, (float(live[s]),), number_text(live[s]), number_text(down[s]))
            for s in range(len(self.table.seats))
        ]

    def _sheet_html(self) -> str:
        """The score sheet: each round's points, players sorted by place."""
        history = self.game.history
        if not history:
            return ""
        heads = "".join(f"<th>Round {r['round']}</th>" for r in history)
        rows = []
        for place, row in places_of(self.standings()):
            cells = "".join(f"<td>{r['scores'][row.seat]:g}</td>" for r in history)
            rows.append(
                f"<tr><td>{place}</td><td>{seat_badge(self.table, row.seat)}</td>{cells}"
                f"<td><b>{number_text(self.game.totals[row.seat])}</b></td></tr>"
            )
        return (
            "<details><summary><b>Score sheet</b> (points of each round)</summary>"
            f"<table class='gt-sheet'><tr><th>Place</th><th>Player</th>{heads}"
            "<th>Total</th></tr>" + "".join(rows) + "</table></details>"
        )

    @staticmethod
    def _rules_html() -> str:
        return (
            "<details><summary><b>How to play</b></summary><ul>"
            "<li>Each turn: <b>play</b> a card and draw one, <i>or</i> <b>draw</b> one (draw "
            "pile or top discard) and discard one. Your discard may be a city of yours: you "
            "take its token back.</li>"
            "<li><b>Linking cities</b> go to the north edge (the strip at the top) and open "
            "their regions to everyone. A city can be played only when its region is open. "
            f"You have {TOKENS} tokens.</li>"
            "<li>A <b>network</b> is your cities of one icon whose regions open linking cities "
            "join. Its points: see the table. Careful: 2 cards cost 20 points.</li>"
            f"<li>After {TURNS_BEFORE_DEALS} turns each: trades and partnerships (once a lap), "
            "and anyone may call the end of the round (not in the final round).</li>"
            "<li>At the end of a round, every pair of cities of one icon left in a hand that "
            "would join scores −20.</li></ul>"
            f"{scoring_table_html()}{regions_key_html()}</details>"
        )

    def set_large(self, large: bool) -> None:
        self.map.set_large(large)
        self._size_picture()
        self.refresh()
        self._show_map()

    def closing(self) -> None:
        if self.interactive:
            self.map.close()


def build_screen(table: Table, values: dict[str, Any]) -> GlobeWorksScreen:
    game = GlobeWorks(
        table, seed=values.get("seed"), rounds=values["rounds"], max_turns=values["max_turns"]
    )
    return GlobeWorksScreen(game, **screen_options(values))


def play(
    players: list[str] | Table,
    bots: dict[str, str] | None = None,
    seed: int | None = None,
    bot_delay: float = 1.2,
    interactive: bool = False,
    large: bool = False,
    **options: Any,
) -> GlobeWorksScreen:
    """Start a game and return its screen:
    ``play(["Ana", "Bot 1", "Bot 2"], {"Bot 1": "hard", "Bot 2": "easy"})``.

    ``interactive=True`` (after ``%matplotlib widget``) lets a student pick a card by clicking
    its city on the map. ``options`` are the game's: ``rounds``, ``max_turns``.
    """
    game = GlobeWorks.setup_game(players, bots=bots, seed=seed, **options)
    return GlobeWorksScreen(game, bot_delay=bot_delay, interactive=interactive, large=large)
