"""The Globe Works table in a notebook: one student against 2–4 computer players.

Widgets hold no rules: every button builds an engine action, ``GlobeWorks.apply`` decides, and
the screen is redrawn from ``game.view(student)``. Refused moves are shown in the message line.

The map is a PNG by default (works everywhere, also in Voilà without ipympl). With
``interactive=True`` and ``%matplotlib widget`` it is the live matplotlib canvas, the cities of
the student's hand are ringed, and a click near one of them picks that card in the hand.
"""

from __future__ import annotations

import time
from typing import Any

import ipywidgets as widgets
from matplotlib.backend_bases import MouseEvent

from geoteach.bots.base import bots_for
from geoteach.bots.globe_works import make_bot
from geoteach.escape import html_text
from geoteach.games.base import Action
from geoteach.games.globe_works import DEALS, HAND, MAP, SCORE_TABLE, GlobeWorks
from geoteach.games.globe_works.cards import ICON_SYMBOLS, ICON_WORDS, ICONS, cards
from geoteach.games.globe_works.regions import regions
from geoteach.render.clicks import is_pick
from geoteach.render.globe_works import cards_near, draw_table, hand_marks, hand_targets
from geoteach.render.mapview import new_figure, to_png
from geoteach.ui.messages import MessageLine
from geoteach.ui.safe import on_click, safe


def card_label(card_id: str) -> str:
    """A card in words and a symbol, never colour alone: "🚢 Busan · freighters · EA"."""
    card = cards()[card_id]
    if card.is_linking:
        return f"🔗 {card.city} · linking · {'+'.join(card.links)}"
    return f"{ICON_SYMBOLS[card.icon]} {card.city} · {ICON_WORDS[card.icon]} · {card.region}"


def scoring_table_html() -> str:
    """The rulebook's table: cards in a network and their points."""
    head = "".join(f"<th>{n}</th>" for n in SCORE_TABLE)
    body = "".join(f"<td>{p}</td>" for p in SCORE_TABLE.values())
    return (
        "<table class='gt-table'><tr><th>Cards in a network</th>"
        f"{head}</tr><tr><th>Points</th>{body}</tr></table>"
    )


def regions_key_html() -> str:
    """Region codes, names and colours, for the legend under the map."""
    items = "".join(
        f"<span style='background:{r.colour};color:{r.text_colour};padding:1px 4px;"
        f"margin:2px;display:inline-block'><b>{r.code}</b> {html_text(r.name)}</span>"
        for r in regions().values()
    )
    return f"<div>{items}</div>"


class GlobeWorksUI(widgets.VBox):
    """The map, the hand, the moves, the deals, the scores.

    ``interactive=True`` makes the map clickable (needs ``%matplotlib widget``, i.e. ipympl);
    without a widget canvas the map stays a picture.
    """

    def __init__(
        self,
        game: GlobeWorks,
        student: int = 0,
        bot_delay: float = 0.4,
        interactive: bool = False,
    ) -> None:
        self.game = game
        self.student = student
        self.bot_delay = bot_delay
        table = game.table
        self.bots = bots_for(table, make_bot, 0)
        self.messages = MessageLine()
        self.status = widgets.HTML()
        self.figure = new_figure((12.0, 7.2), interactive=interactive)
        # Clickable only on a widget canvas (ipympl, after ``%matplotlib widget``); else a PNG.
        self.interactive = interactive and isinstance(self.figure.canvas, widgets.Widget)
        if interactive and not self.interactive:
            import matplotlib.pyplot as plt

            plt.close(self.figure)
            self.figure = new_figure((12.0, 7.2))
        self.map: widgets.Widget
        if self.interactive:
            canvas = self.figure.canvas
            canvas.header_visible = False  # type: ignore[attr-defined]
            canvas.layout.width = "100%"  # type: ignore[attr-defined]
            self.map = canvas  # type: ignore[assignment]
            canvas.mpl_connect("button_press_event", safe(self.on_map_click, show=self.messages))
        else:
            self.map = widgets.Image(format="png", layout=widgets.Layout(width="100%"))
        self._map_key = ""
        self.hand = widgets.ToggleButtons(options=[], description="Your hand:")
        self.hand.style.button_width = "260px"
        self.play_button = widgets.Button(description="Play this card", button_style="success")
        self.draw_button = widgets.Button(description="Draw from the draw pile")
        self.discard_draw_button = widgets.Button(description="Take the top discard")
        self.discard_button = widgets.Button(description="Discard this card")
        self.mine = widgets.Dropdown(options=[], description="Your cities:")
        self.take_back_button = widgets.Button(description="Take back token (discard it)")
        self.call_button = widgets.Button(
            description="Call the end of the round",
            tooltip="Any time after everyone has had 6 turns: you take one last turn, "
            "the others 3 more",
        )
        self.pass_button = widgets.Button(description="Pass")
        self.partner_pick = widgets.Dropdown(options=[], description="With:")
        self.icon_pick = widgets.Dropdown(
            options=[(f"{ICON_SYMBOLS[i]} {ICON_WORDS[i]}", i) for i in ICONS], description="Icon:"
        )
        self.partner_button = widgets.Button(description="Offer a partnership")
        self.give_pick = widgets.Dropdown(options=[], description="Give:")
        self.take_pick = widgets.Dropdown(options=[], description="For:")
        self.into_pick = widgets.Dropdown(
            options=[
                ("move the token (mine goes on it)", MAP),
                ("take the card back into my hand", HAND),
            ],
            value=MAP,
            description="Their city:",
            tooltip="A city they have played: keep it on the map, or take it into your hand",
        )
        self.trade_button = widgets.Button(description="Offer a trade")
        self.no_deal_button = widgets.Button(description="No deal this turn")
        self.accept_button = widgets.Button(description="Accept", button_style="success")
        self.accept_hand_button = widgets.Button(
            description="Accept, into my hand",
            button_style="success",
            tooltip="Take the city off the map into your hand (no token needed)",
        )
        self.decline_button = widgets.Button(description="Decline", button_style="warning")
        self.scores = widgets.HTML()
        self.round_end = widgets.HTML()
        self._rounds_seen = len(game.history)
        self.table_html = widgets.HTML(scoring_table_html())
        self.key = widgets.HTML(regions_key_html())
        self.turn_box = widgets.HBox()
        self.deal_box = widgets.VBox()
        buttons = {
            self.play_button: self.play_card,
            self.draw_button: lambda: self.act(self._me("draw", source="draw")),
            self.discard_draw_button: lambda: self.act(self._me("draw", source="discard")),
            self.discard_button: lambda: self.act(self._me("discard", card=self.hand.value)),
            self.take_back_button: lambda: self.act(self._me("take_back", card=self.mine.value)),
            self.call_button: lambda: self.act(self._me("call_end")),
            self.pass_button: lambda: self.act(self._me("pass")),
            self.partner_button: lambda: self.act(
                self._me(
                    "propose_partnership", to=self.partner_pick.value, icon=self.icon_pick.value
                )
            ),
            self.trade_button: self.offer_trade,
            self.no_deal_button: lambda: self.act(self._me("no_deal")),
            self.accept_button: self.accept,
            self.accept_hand_button: lambda: self.accept(into=HAND),
            self.decline_button: lambda: self.act(self._me("decline")),
        }
        for button, handler in buttons.items():
            on_click(button, handler, show=self.messages)
        self.partner_pick.observe(lambda _change: self._fill_take(), names="value")
        super().__init__(
            [
                self.status,
                self.map,
                self.key,
                self.hand,
                self.turn_box,
                self.deal_box,
                self.messages,
                self.round_end,
                widgets.HTML("<b>Scoring</b>"),
                self.table_html,
                self.scores,
            ]
        )
        self.run_bots()
        self.redraw()

    # ----- moves -----------------------------------------------------------------------------
    def _me(self, kind: str, **fields: Any) -> Action:
        return {"player": self.student, "type": kind, **fields}

    def play_card(self) -> None:
        if self.hand.value is None:
            self.messages.error("Choose a card from your hand first.")
            return
        self.act(self._me("play", card=self.hand.value))

    def on_map_click(self, event: MouseEvent) -> None:
        """A left click near a city in the hand picks that card, ready for "Play this card".

        Clicks with another button, off the map, far from the hand's cities, or while the
        toolbar pans or zooms change nothing. Two hand cards in one city take turns.
        """
        ax = self.figure.axes[0] if self.figure.axes else None
        if not is_pick(event, ax):
            return
        hand = [card for _label, card in self.hand.options]
        north = self.game.view(self.student)["north"]
        near = cards_near(ax, hand_targets(hand, north), event.x, event.y)
        if not near:
            return
        current = self.hand.value
        pick = near[(near.index(current) + 1) % len(near)] if current in near else near[0]
        self.hand.value = pick
        self.messages.info(f"You picked {card_label(pick)}.")

    def offer_trade(self) -> None:
        """Offer the picked cards; a named city of theirs comes on the map or into the hand."""
        take = self.take_pick.value
        into = {"into": HAND} if take is not None and self.into_pick.value == HAND else {}
        self.act(
            self._me(
                "propose_trade",
                to=self.partner_pick.value,
                give=self.give_pick.value,
                take=take,
                **into,
            )
        )

    def accept(self, into: str = MAP) -> None:
        """Accept the offer; a city from the map comes under your token, or into your hand."""
        prop = self.game.view(self.student)["proposal"]
        extra: dict[str, Any] = (
            {"card": self.hand.value}
            if prop and prop.get("take") is None and prop["kind"] == "trade"
            else {}
        )
        if into == HAND:
            extra["into"] = HAND
        self.act(self._me("accept", **extra))

    def act(self, action: Action) -> None:
        """Apply the student's move, let the computers play, redraw."""
        self.game.apply(action)
        self.messages.success(self._describe(action))
        self._announce_round_end()
        self.run_bots()
        self.redraw()

    def _announce_round_end(self) -> None:
        """Once a round is scored, say so, with the -20 of each pair left in a hand."""
        history = self.game.history
        if len(history) == self._rounds_seen:
            return
        self._rounds_seen = len(history)
        record = history[-1]
        self.round_end.value = round_end_html(record, self.game.table.seats)
        kept = [
            f"{self.game.table.name_of(q)} {pen:g}"
            for q, pen in enumerate(record["pair_penalties"])
            if pen
        ]
        pairs = f" Pairs left in hand: {', '.join(kept)}." if kept else " No pairs left in hand."
        self.messages.info(f"Round {record['round']} is over.{pairs}")

    def run_bots(self) -> None:
        """Computer players move until the student is to act or the game is over."""
        while not self.game.is_terminal():
            seat = next((s for s in self.game.to_act() if s in self.bots), None)
            if seat is None or self.student in self.game.to_act():
                return
            action = self.bots[seat].choose(self.game, seat)
            self.game.apply(action)
            if action["type"] not in ("no_deal", "draw"):
                self.messages.info(self._describe(action))
            self._announce_round_end()
            if self.bot_delay:
                time.sleep(self.bot_delay)

    def _describe(self, action: Action) -> str:
        who = self.game.table.name_of(action["player"])
        kind = action["type"]
        card = action.get("card")
        if kind == "play":
            return f"{who} played {card_label(card)}."
        if kind in ("discard", "take_back"):
            return f"{who} discarded {card_label(card)}."
        if kind == "propose_partnership":
            to = self.game.table.name_of(action["to"])
            return f"{who} offers {to} a partnership in {ICON_WORDS[action['icon']]}."
        if kind == "propose_trade":
            return f"{who} offers {self.game.table.name_of(action['to'])} a trade."
        if kind == "call_end":
            return f"{who} calls the end of the round."
        return f"{who}: {kind.replace('_', ' ')}."

    # ----- drawing ------------------------------------------------------------------------------
    def redraw(self) -> None:
        game, me = self.game, self.student
        view = game.view(me)
        seats = game.table.seats
        # The map changes only when a card is laid or taken back: skip the slow redraw otherwise.
        key = repr((view["north"], view["played"], view["networks"]))
        if key != self._map_key:
            draw_table(view, [s.colour for s in seats], [s.name for s in seats], fig=self.figure)
            self._map_key = key
            if not self.interactive:
                self.map.value = to_png(self.figure)  # type: ignore[attr-defined]
        if self.interactive:
            hand_marks(self.figure, view["hand"])
            self.figure.canvas.draw_idle()
        self.hand.options = [(card_label(c), c) for c in view["hand"]]
        self.mine.options = [(card_label(c), c) for c in view["played"][me]]
        self.status.value = self._status_html(view)
        self.scores.value = self._scores_html(view)
        legal = {a["type"] for a in game.legal_actions(me)} if me in game.to_act() else set()
        turn = [
            (self.play_button, "play"),
            (self.draw_button, "draw"),
            (self.discard_draw_button, "draw"),
            (self.discard_button, "discard"),
            (self.call_button, "call_end"),
            (self.pass_button, "pass"),
        ]
        shown: list[widgets.Widget] = [b for b, kind in turn if kind in legal]
        if "take_back" in legal:
            shown += [self.mine, self.take_back_button]
        self.discard_draw_button.disabled = view["discard_top"] is None
        self.turn_box.children = tuple(shown)
        deal: list[widgets.Widget] = []
        if "accept" in legal or "decline" in legal:
            answers = [self.accept_button, self.decline_button]
            if any(a.get("into") == HAND for a in game.legal_actions(me)):
                answers.insert(1, self.accept_hand_button)
                self.accept_button.description = "Accept, my token on it"
            else:
                self.accept_button.description = "Accept"
            deal = [widgets.HTML(self._proposal_html(view)), widgets.HBox(answers)]
        elif "no_deal" in legal:
            others = [q for q in view["deal_parties"] if q != me]
            self.partner_pick.options = [(game.table.name_of(q), q) for q in others]
            self.give_pick.options = [(card_label(c), c) for c in view["hand"] + view["played"][me]]
            self._fill_take()
            deal = [
                widgets.HTML("<b>Deals</b>: offer one trade or partnership, or say no deal."),
                widgets.HBox([self.partner_pick, self.icon_pick, self.partner_button]),
                widgets.HBox([self.give_pick, self.take_pick, self.into_pick, self.trade_button]),
                self.no_deal_button,
            ]
        self.deal_box.children = tuple(deal)

    def _fill_take(self) -> None:
        other = self.partner_pick.value
        played = self.game.played[other] if other is not None else []
        self.take_pick.options = [("a card they choose", None)] + [
            (card_label(c), c) for c in played
        ]

    def _proposal_html(self, view: dict[str, Any]) -> str:
        prop = view["proposal"]
        who = html_text(self.game.table.name_of(prop["from"]))
        if prop["kind"] == "partnership":
            return (
                f"{who} offers you a partnership in {ICON_WORDS[prop['icon']]}: points are shared."
            )
        want = (
            card_label(prop["take"]) if prop["take"] else "a card you choose (pick it in your hand)"
        )
        offer = f"{who} offers {html_text(card_label(prop['give']))} for {html_text(want)}."
        if prop["give"] in view["played"][prop["from"]]:
            offer += (
                " That city is on the map: put your token on it, or take the card into your hand."
            )
        return offer

    def close(self) -> None:
        """Close the widgets and, with ``interactive=True``, free the map's figure."""
        # ipywidgets also calls close() from __del__, even on a UI whose set-up failed.
        if getattr(self, "interactive", False):
            import matplotlib.pyplot as plt

            plt.close(self.figure)
        super().close()

    def _status_html(self, view: dict[str, Any]) -> str:
        game = self.game
        if game.is_terminal():
            names = ", ".join(game.table.name_of(w) for w in game.winners())
            return f"<h3>Game over — winner: {html_text(names)}</h3>"
        acting = html_text(", ".join(game.table.name_of(q) for q in view["to_act"]))
        phase = "Deals" if view["phase"] == DEALS else "Turn"
        top = card_label(view["discard_top"]) if view["discard_top"] else "empty"
        return (
            f"<b>Round {view['round']} of {view['rounds']}</b>"
            f"{' (final round)' if view['final_round'] else ''} · dealer "
            f"{html_text(game.table.name_of(view['dealer']))} · {phase}: "
            f"waiting for <b>{acting}</b> · "
            f"draw pile {view['draw_pile']} · discard top: {html_text(top)}"
        )

    def _scores_html(self, view: dict[str, Any]) -> str:
        """Scores from what the student may see: everyone's cards down, their own pairs."""
        rows = []
        for q, seat in enumerate(self.game.table.seats):
            live = view["totals"][q] + (0 if self.game.is_terminal() else view["round_scores"][q])
            nets = ", ".join(
                f"{ICON_SYMBOLS[i]} {'+'.join(str(len(g)) for g in gs)}"
                for i, gs in view["networks"][q].items()
                if gs
            )
            rows.append(
                f"<tr><td><span style='color:{seat.colour}'>●</span> {html_text(seat.name)} "
                f"({seat.colour_name})</td><td>{view['totals'][q]:g}</td>"
                f"<td>{view['round_scores'][q]:g}</td><td><b>{live:g}</b></td>"
                f"<td>{view['tokens_left'][q]}</td><td>{nets}</td></tr>"
            )
        mine = ""
        if view["my_pairs"] and not self.game.is_terminal():
            said = "; ".join(" + ".join(card_label(c) for c in pair) for pair in view["my_pairs"])
            penalty = len(view["my_pairs"]) * SCORE_TABLE[2]
            mine = (
                f"<p>Pairs in your hand: {html_text(said)}. If the round ended now they would "
                f"cost you {penalty:g}.</p>"
            )
        return (
            "<table class='gt-table'><tr><th>Player</th><th>Past rounds</th>"
            "<th>This round (cards down)</th>"
            "<th>Live score</th><th>Tokens left</th><th>Networks (cards)</th></tr>"
            + "".join(rows)
            + "</table><p><small>Pairs left in a hand count only when the round ends: hands "
            "are secret until then.</small></p>" + mine
        )


def round_end_html(record: dict[str, Any], seats: list[Any]) -> str:
    """A finished round's scores: cards down, then the -20 of every pair left in a hand."""
    rows = []
    for q, seat in enumerate(seats):
        pairs = record["pairs"][q]
        said = "; ".join(" + ".join(card_label(c) for c in pair) for pair in pairs)
        kept = f"{len(pairs)} × -20 = {record['pair_penalties'][q]:g} ({said})" if pairs else "none"
        rows.append(
            f"<tr><td>{html_text(seat.name)}</td><td>{record['cards_down'][q]:g}</td>"
            f"<td>{html_text(kept)}</td><td><b>{record['scores'][q]:g}</b></td></tr>"
        )
    return (
        f"<b>Round {record['round']} is over.</b> Pairs left in a hand are shown and scored now."
        "<table class='gt-table'><tr><th>Player</th><th>Cards down</th>"
        "<th>Pairs left in hand</th><th>Round score</th></tr>" + "".join(rows) + "</table>"
    )


def play(
    players: list[str],
    bots: dict[str, str],
    seed: int | None = None,
    bot_delay: float = 0.4,
    interactive: bool = False,
    **options: Any,
) -> GlobeWorksUI:
    """Start a game: ``play(["Ana", "Bot 1", "Bot 2"], {"Bot 1": "hard", "Bot 2": "easy"})``.

    ``interactive=True`` (after ``%matplotlib widget``) lets the student pick a card by clicking
    its city on the map.
    """
    game = GlobeWorks.setup_game(players, bots=bots, seed=seed, **options)
    humans = game.table.humans()
    return GlobeWorksUI(
        game, student=humans[0] if humans else 0, bot_delay=bot_delay, interactive=interactive
    )
