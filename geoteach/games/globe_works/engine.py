"""Globe Works as a state machine: deals, turns, the north edge, trades, partnerships, rounds.

See the package docstring (``geoteach.games.globe_works``) for every house rule decided here.
Phases, in the rulebook's headings: ``"play"`` (a player's turn), ``"deals"`` (the trading and
partnership window that opens at the start of a turn once everyone has had 6 turns) and
``"game over"``.

Duplicates in partnerships: one player never has both copies of a duplicate down, but each
partner may have one, and both count ("both partners can play duplicates in their individual
hands and gain points"). With Reykjavík (NA+WE) and Vienna (WE+EE) open, Ana's New York City and
London and Ben's New York City (the other copy) and Warsaw make one banking network of 4 cards:
8 points, 4 each, where counting New York City once would give 3 cards, 4 points, 2 each.
"""

from __future__ import annotations

from typing import Any, ClassVar

from geoteach.games import fields
from geoteach.games.base import Action, Game, IllegalAction, detached
from geoteach.games.deck import Deck
from geoteach.games.globe_works.cards import ICON_WORDS, ICONS, Card, cards, city_field, deck
from geoteach.games.globe_works.networks import (
    SCORE_TABLE,
    hand_pairs,
    network_score,
    networks,
)
from geoteach.games.globe_works.regions import regions
from geoteach.games.globe_works.views import GlobeWorksView, Networks, Partnership, RoundRecord
from geoteach.i18n import N_, _, said, word

PLAY = "play"
DEALS = "deals"
GAME_OVER = "game over"

#: Where a traded card that was on the map goes: under the new owner's token, or into the hand.
MAP = "map"
HAND = "hand"

#: Cards dealt to each player, by number of players.
HAND_SIZE = {3: 7, 4: 6, 5: 5}
TOKENS = 12
#: Turns each player must have had before trades, partnerships and calling the end.
TURNS_BEFORE_DEALS = 6
#: Turns each other player takes after the end of a round is called.
TURNS_AFTER_CALL = 3
#: House rule: if nobody calls, the dealer calls the end once everyone has had this many turns.
DEFAULT_MAX_TURNS = 20
NOT_IN_HAND = N_("That card is not in your hand.")

#: House rule: the final round also ends after this many laps of turns with no card played
#: (a player who holds a playable card but will not play it counts as unable to).
FINAL_STALL_LAPS = 3


class GlobeWorks(Game):
    """Build the longest networks of one icon around the world.

    Options (JSON-able, saved with the game): ``rounds`` (default: one per player; at least one
    per player, so everyone deals once) and ``max_turns`` (20: the dealer calls the end of a
    round that nobody has ended by then).
    """

    name: ClassVar[str] = "globe_works"
    min_seats: ClassVar[int] = 3
    max_seats: ClassVar[int] = 5
    # "Take turns being the dealer." ... "Player to the left of the dealer plays first."
    first_player_rule: ClassVar[str] = "dealer"
    first_player_note: ClassVar[str] = N_(
        "The player to the left of the dealer plays first; the next round, that player deals."
    )

    # ----- preparation ------------------------------------------------------------------
    def setup(self) -> None:
        n = len(self.table.seats)
        self.cards: dict[str, Card] = cards()
        self.rounds = int(self.options.get("rounds", n))
        if self.rounds < n:
            raise ValueError(
                f"Every player must deal at least once: play at least {n} rounds, "
                f"not {self.rounds}."
            )
        self.max_turns = int(self.options.get("max_turns", DEFAULT_MAX_TURNS))
        if self.max_turns < TURNS_BEFORE_DEALS:
            raise ValueError(f"max_turns must be at least {TURNS_BEFORE_DEALS}.")
        self.totals: list[float] = [0.0] * n
        self.history: list[RoundRecord] = []
        self.pile = Deck([])
        self._deal(1, self.table.first)

    def _deal(self, number: int, dealer: int) -> None:
        """Shuffle the whole deck and deal a new round (all tokens back to their owners)."""
        n = len(self.table.seats)
        self.pile = Deck.shuffled(deck(), self.rng)
        dealt = self.pile.deal(n, HAND_SIZE[n])
        first = self.table.next_seat(dealer)
        self.hands: list[list[str]] = [[] for _ in range(n)]
        for k, hand in enumerate(dealt):
            self.hands[self.table.next_seat(first, k)] = hand
        self.round_no = number
        self.dealer = dealer
        self.played: list[list[str]] = [[] for _ in range(n)]
        self.north: list[str] = []
        self.turns = [0] * n
        self.current = first
        self.step = "start"
        self.drawn: str | None = None
        self.called_by: int | None = None
        self.after_call = [0] * n
        self.since_play = 0
        self.partnerships: list[Partnership] = []
        self.trades: list[dict[str, Any]] = []
        self.window: dict[str, Any] | None = None
        self._phase = PLAY
        self._start_turn()

    # ----- whose turn ---------------------------------------------------------------------
    @property
    def phase(self) -> str:
        return self._phase

    @property
    def final_round(self) -> bool:
        return self.round_no == self.rounds

    def to_act(self) -> list[int]:
        if self._phase == GAME_OVER:
            return []
        if self._phase == DEALS:
            assert self.window is not None
            if self.window["proposal"] is not None:
                return [self.window["proposal"]["to"]]
            return [p for p in self.window["eligible"] if p not in self.window["done"]]
        return [self.current]

    def deals_allowed(self) -> bool:
        """Trades and partnerships: only after every player has had 6 turns."""
        return min(self.turns) >= TURNS_BEFORE_DEALS

    def _deal_parties(self) -> list[int]:
        """Who may trade during the current turn: not its player, not the one who called."""
        return [
            p for p in range(len(self.table.seats)) if p != self.current and p != self.called_by
        ]

    def _start_turn(self) -> None:
        self.step = "start"
        self.drawn = None
        if not self.final_round and self.called_by is None and min(self.turns) >= self.max_turns:
            # House rule: the dealer, who counts the turns, calls the end for the table.
            self._call_end(self.current)
        parties = self._deal_parties()
        if self.deals_allowed() and len(parties) >= 2:
            self.window = {"eligible": parties, "done": [], "proposal": None}
            self._phase = DEALS
        else:
            self.window = None
            self._phase = PLAY

    # ----- what a card allows ------------------------------------------------------------------
    def open_colours(self) -> set[str]:
        """Region codes opened by the linking cards at the north edge."""
        return {code for card in self.north for code in self.cards[card].links}

    def open_links(self) -> list[tuple[str, ...]]:
        return [self.cards[card].links for card in self.north]

    def tokens_left(self, player: int) -> int:
        return TOKENS - len(self.played[player])

    def why_not_playable(self, player: int, card: str) -> str | None:
        """The reason ``player`` cannot play ``card`` now (None: it can be played)."""
        info = self.cards.get(card)
        if info is None or card not in self.hands[player]:
            return _(NOT_IN_HAND)
        return self.why_not_allowed(player, card)

    def why_not_allowed(self, player: int, card: str) -> str | None:
        """The reason ``player`` could not play ``card`` even holding it (None: they could)."""
        info = self.cards[card]
        if info.is_linking:
            return None
        if info.region not in self.open_colours():
            return said(
                N_(
                    "{city} cannot be played yet: no linking city at the north edge shows the "
                    "colour of {region}."
                ),
                city=city_field(info),
                region=word(regions()[info.region].name, english=info.region),
            )
        if card in self.played[player]:
            return said(
                N_("You already have {city} down: a duplicate cannot be played twice."),
                city=city_field(info),
            )
        if self.tokens_left(player) == 0:
            return _("You have no tokens left: take one back first.")
        return None

    def playable(self, player: int) -> list[str]:
        """Distinct cards in ``player``'s hand that may be played now."""
        return sorted({c for c in self.hands[player] if self.why_not_playable(player, c) is None})

    def can_draw(self, source: str) -> bool:
        if source == "discard":
            return bool(self.pile.discards)
        if source == "draw":
            return bool(self.pile.cards) or (not self.final_round and bool(self.pile.discards))
        return False

    def can_take_back(self) -> bool:
        """Taking back tokens stops in the final round once the draw pile is empty."""
        return not (self.final_round and not self.pile.cards)

    def can_make_a_play(self, player: int) -> bool:
        """True while ``player`` holds a card they may play, or may take one from the top of
        the discard pile and play it next turn (the rulebook's end of the final round)."""
        if self.playable(player):
            return True
        top = self.pile.discards[-1] if self.pile.discards else None
        return top is not None and self.why_not_allowed(player, top) is None

    def partner(self, player: int, icon: str) -> int | None:
        """The partner of ``player`` in the ``icon`` partnership, if any."""
        return partner_of(self.partnerships, player, icon)

    # ----- legal actions --------------------------------------------------------------------
    def legal_actions(self, player: int | None = None) -> list[Action]:
        """Every legal action. Trades list one proposal per pair of cards (with ``take``
        ``None``: the other player chooses what to give), a named played city once for the map
        and once with ``"into": "hand"``; ``check`` is the authority."""
        p = self.current_player() if player is None else player
        if self.is_terminal() or not fields.whole(p, self.to_act()):
            return []
        if self._phase == DEALS:
            assert self.window is not None
            prop = self.window["proposal"]
            if prop is not None:
                if prop["kind"] == "trade" and prop["take"] is None:
                    mine = sorted(set(self.hands[p]) | set(self.played[p]))
                    answers = [{"player": p, "type": "accept", "card": c} for c in mine]
                else:
                    answers = [{"player": p, "type": "accept"}]
                if prop["kind"] == "trade" and prop["give"] in self.played[prop["from"]]:
                    answers += [{**a, "into": HAND} for a in answers]
                answers = [a for a in answers if self.is_legal(a)]
                ending = [{"player": p, "type": "call_end"}] if self.may_call_end(p) else []
                return [*answers, {"player": p, "type": "decline"}, *ending]
            out: list[Action] = [{"player": p, "type": "no_deal"}]
            if self.may_call_end(p):
                out.append({"player": p, "type": "call_end"})
            for other in self.window["eligible"]:
                if other == p:
                    continue
                for icon in ICONS:
                    act = {"player": p, "type": "propose_partnership", "to": other, "icon": icon}
                    if self.is_legal(act):
                        out.append(act)
                for give in sorted(set(self.hands[p]) | set(self.played[p])):
                    for take in [None, *sorted(set(self.played[other]))]:
                        act = {
                            "player": p,
                            "type": "propose_trade",
                            "to": other,
                            "give": give,
                            "take": take,
                        }
                        # A named city may come on the map (token) or into the hand.
                        for option in [act, {**act, "into": HAND}] if take else [act]:
                            if self.is_legal(option):
                                out.append(option)
            return out
        if self.step == "drawn":
            out = [{"player": p, "type": "discard", "card": c} for c in sorted(set(self.hands[p]))]
            if self.can_take_back():
                out += [
                    {"player": p, "type": "take_back", "card": c}
                    for c in sorted(set(self.played[p]))
                ]
            if self.may_call_end(p):
                out.append({"player": p, "type": "call_end"})
            return out
        out = []
        if self.may_call_end(p):
            out.append({"player": p, "type": "call_end"})
        out += [{"player": p, "type": "play", "card": c} for c in self.playable(p)]
        out += [
            {"player": p, "type": "draw", "source": s}
            for s in ("draw", "discard")
            if self.can_draw(s)
        ]
        if not out:
            out.append({"player": p, "type": "pass"})
        return out

    def may_call_end(self, player: int) -> bool:
        """Anyone may call the end of an ordinary round, once, after everyone has had 6 turns:
        at any step of their own turn or when they make or answer a deal."""
        return (
            not self.final_round
            and self.called_by is None
            and self.deals_allowed()
            and player in self.to_act()
        )

    # ----- checking moves -------------------------------------------------------------------
    move_fields: ClassVar[dict[str, tuple[str, ...]]] = {
        "call_end": (),
        "play": ("card",),
        "draw": ("source",),
        "discard": ("card",),
        "take_back": ("card",),
        "pass": (),
        "no_deal": (),
        "propose_trade": ("to", "give", "take", "into"),
        "propose_partnership": ("to", "icon"),
        "accept": ("card", "into"),
        "decline": (),
    }

    def _check(self, action: Action) -> None:
        kind = action["type"]
        p = action["player"]
        if kind in ("no_deal", "propose_trade", "propose_partnership", "accept", "decline"):
            self._check_deal(action)
            return
        if kind == "call_end":
            if self.final_round:
                raise IllegalAction(_("The last round goes on until nobody can play."))
            if not self.deals_allowed():
                raise IllegalAction(_("The end can be called only after everyone has had 6 turns."))
            if self.called_by is not None:
                raise IllegalAction(_("The end of this round has already been called."))
            return
        if self._phase == DEALS:
            raise IllegalAction(_("Wait: the others are still making trades and partnerships."))
        if kind == "play":
            if self.step != "start":
                raise IllegalAction(_("You drew a card: now discard one."))
            card = action.get("card")
            reason = self.why_not_playable(p, card) if fields.word(card) else _(NOT_IN_HAND)
            if reason:
                raise IllegalAction(reason)
        elif kind == "draw":
            if self.step != "start":
                raise IllegalAction(_("You have already drawn a card this turn."))
            if not fields.word(action.get("source"), ("draw", "discard")):
                raise IllegalAction(_("Draw from the 'draw' pile or the 'discard' pile."))
            if not self.can_draw(action["source"]):
                if action["source"] == "draw":
                    raise IllegalAction(_("The draw pile is empty."))
                raise IllegalAction(_("The discard pile is empty."))
        elif kind == "discard":
            if self.step != "drawn":
                raise IllegalAction(_("Discard after drawing a card."))
            if not fields.word(action.get("card"), self.hands[p]):
                raise IllegalAction(_(NOT_IN_HAND))
        elif kind == "take_back":
            if self.step != "drawn":
                raise IllegalAction(
                    _("Take back a token after drawing: that card is your discard.")
                )
            if not self.can_take_back():
                raise IllegalAction(_("In the last round tokens stay once the draw pile is empty."))
            if not fields.word(action.get("card"), self.played[p]):
                raise IllegalAction(_("You have no token on that city."))
        elif kind == "pass" and (
            self.playable(p) or self.step != "start" or any(map(self.can_draw, ("draw", "discard")))
        ):
            raise IllegalAction(_("You can still play or draw a card."))

    def _check_deal(self, action: Action) -> None:
        kind, p = action["type"], action["player"]
        if self._phase != DEALS or self.window is None:
            raise IllegalAction(
                _(
                    "Trades and partnerships happen during a third player's turn, after "
                    "everyone has had 6 turns."
                )
            )
        prop = self.window["proposal"]
        if kind in ("accept", "decline"):
            if prop is None or prop["to"] != p:
                raise IllegalAction(_("Nobody is waiting for your answer."))
            if "card" in action and not fields.word(action["card"]):
                raise IllegalAction(_("Say which card you give in return."))
            if kind == "accept" and prop["kind"] == "trade":
                card = action.get("card") if prop["take"] is None else prop["take"]
                if card is None:
                    raise IllegalAction(_("Choose the card you give in return."))
                if card not in self.hands[p] and card not in self.played[p]:
                    raise IllegalAction(_("That card is not yours."))
                into = _into(action)
                self._check_trade(prop["from"], p, prop["give"], card, prop.get("into", MAP), into)
            if kind == "accept" and prop["kind"] == "partnership":
                self._check_partnership(prop["from"], p, prop["icon"])
            return
        if prop is not None:
            raise IllegalAction(_("Wait for the answer to the open offer."))
        if p in self.window["done"]:
            raise IllegalAction(_("You have finished your deals for this turn."))
        if kind == "no_deal":
            return
        other = action.get("to")
        if not fields.whole(other, self.window["eligible"]) or other == p:
            raise IllegalAction(_("Make the offer to another player who is not taking this turn."))
        if kind == "propose_partnership":
            self._check_partnership(p, other, action.get("icon"))
            return
        give, take = action.get("give"), action.get("take")
        if not fields.word(give, self.hands[p]) and not fields.word(give, self.played[p]):
            raise IllegalAction(_("Offer one of your own cards."))
        if take is not None and not fields.word(take, self.played[other]):
            raise IllegalAction(
                _("Ask for a card the other player has played, or let them choose.")
            )
        into = _into(action)
        if take is not None:
            self._check_trade(p, other, give, take, into, MAP)

    def _check_partnership(self, a: int, b: int, icon: Any) -> None:
        if not fields.word(icon, ICONS):
            raise IllegalAction(
                said(N_("A partnership is for one icon: {icons}."), icons=", ".join(ICONS))
            )
        for seat in (a, b):
            if self.partner(seat, icon) is not None:
                raise IllegalAction(
                    said(
                        N_("{player} already has a partner for {icon}."),
                        player=self.table.name_of(seat),
                        icon=word(ICON_WORDS[icon]),
                    )
                )

    def _check_trade(self, a: int, b: int, give: str, take: str, a_into: str, b_into: str) -> None:
        """A played card that changes hands either stays on the map with the new owner's
        token (``"map"``) or goes into the new owner's hand (``"hand"``); ``a_into`` is where
        ``a`` puts ``take``, ``b_into`` where ``b`` puts ``give``."""
        for giver, taker, card, back, into in (
            (a, b, give, take, b_into),
            (b, a, take, give, a_into),
        ):
            if card not in self.played[giver]:
                continue
            if into == HAND:
                if not self.can_take_back():
                    raise IllegalAction(
                        said(
                            N_(
                                "In the last round tokens stay once the draw pile is empty: "
                                "{city} stays on the map."
                            ),
                            city=city_field(self.cards[card]),
                        )
                    )
                continue
            kept = list(self.played[taker])
            if back in kept:
                kept.remove(back)
            if card in kept:
                raise IllegalAction(
                    said(
                        N_("{player} already has {city} down."),
                        player=self.table.name_of(taker),
                        city=city_field(self.cards[card]),
                    )
                )
            if len(kept) >= TOKENS:
                raise IllegalAction(
                    said(N_("{player} has no token left."), player=self.table.name_of(taker))
                )

    # ----- carrying out moves ----------------------------------------------------------------
    def _apply(self, action: Action) -> None:
        kind, p = action["type"], action["player"]
        if kind in ("no_deal", "propose_trade", "propose_partnership", "accept", "decline"):
            self._apply_deal(action)
        elif kind == "call_end":
            self._call_end(p)
        elif kind == "play":
            card = action["card"]
            self.hands[p].remove(card)
            if self.cards[card].is_linking:
                self.north.append(card)
                self.north.sort(key=lambda c: self.cards[c].lon)
            else:
                self.played[p].append(card)
            self.since_play = -1
            self._draw_after_play(p)
            self._end_turn()
        elif kind == "draw":
            if action["source"] == "discard":
                card = self.pile.take_discard()
            else:
                card = self.pile.draw_or_reshuffle(self.rng)
            self.hands[p].append(card)
            self.drawn = card
            self.step = "drawn"
        elif kind == "discard":
            self.hands[p].remove(action["card"])
            self.pile.discard(action["card"])
            self._end_turn()
        elif kind == "take_back":
            self.played[p].remove(action["card"])
            self.pile.discard(action["card"])
            self._end_turn()
        else:  # pass
            self._end_turn()

    def _draw_after_play(self, player: int) -> None:
        """After playing, draw one card: the top of the draw pile. When it is empty, an
        ordinary round shuffles the discards into a new draw pile; the final round takes the
        top of the discard pile instead, so both piles run out, as the rulebook expects."""
        if self.pile.cards or (self.pile.discards and not self.final_round):
            self.hands[player].append(self.pile.draw_or_reshuffle(self.rng))
        elif self.pile.discards:
            self.hands[player].append(self.pile.take_discard())

    def _apply_deal(self, action: Action) -> None:
        assert self.window is not None
        kind, p = action["type"], action["player"]
        win = self.window
        if kind == "no_deal":
            win["done"].append(p)
        elif kind in ("propose_trade", "propose_partnership"):
            win["done"].append(p)
            win["proposal"] = {
                "kind": "trade" if kind == "propose_trade" else "partnership",
                "from": p,
                "to": action["to"],
                "give": action.get("give"),
                "take": action.get("take"),
                "icon": action.get("icon"),
                "into": _into(action) if kind == "propose_trade" else None,
            }
            return
        else:
            prop = win["proposal"]
            win["proposal"] = None
            if kind == "accept" and prop["kind"] == "partnership":
                self.partnerships.append(
                    {"icon": prop["icon"], "players": sorted([prop["from"], p])}
                )
            elif kind == "accept":
                prop = {**prop, "answer_into": _into(action)}
                if prop["take"] is None:
                    prop["take"] = action["card"]
                self._swap(
                    prop["from"],
                    p,
                    prop["give"],
                    prop["take"],
                    prop.get("into", MAP),
                    _into(action),
                )
            self.trades.append({**prop, "accepted": kind == "accept", "turn": list(self.turns)})
        self._close_window_if_done()

    def _swap(self, a: int, b: int, give: str, take: str, a_into: str, b_into: str) -> None:
        """One-for-one: a hand card lands in the other hand; a played card lands on the map
        under the new owner's token, or in their hand when they chose ``"hand"``."""
        give_played = give in self.played[a]
        take_played = take in self.played[b]
        (self.played[a] if give_played else self.hands[a]).remove(give)
        (self.played[b] if take_played else self.hands[b]).remove(take)
        (self.played[b] if give_played and b_into == MAP else self.hands[b]).append(give)
        (self.played[a] if take_played and a_into == MAP else self.hands[a]).append(take)

    def _call_end(self, player: int) -> None:
        """The caller's final turn is the turn under way if it is theirs, else their next one.
        Every other player then takes 3 more turns (a turn under way is not one of them), and
        the caller leaves the deals: an open offer to them lapses."""
        self.called_by = player
        for q in range(len(self.table.seats)):
            self.after_call[q] = TURNS_AFTER_CALL
        self.after_call[player] = 0 if player == self.current else 1
        if player != self.current:
            self.after_call[self.current] += 1
        win = self.window
        if win is None or player not in win["eligible"]:
            return
        win["eligible"].remove(player)
        prop = win["proposal"]
        if prop is not None and player in (prop["from"], prop["to"]):
            win["proposal"] = None
            self.trades.append(
                {**prop, "accepted": False, "lapsed": True, "turn": list(self.turns)}
            )
        self._close_window_if_done()

    def _close_window_if_done(self) -> None:
        """Back to the turn's play once every party has dealt (or fewer than two are left)."""
        win = self.window
        assert win is not None
        done = all(q in win["done"] for q in win["eligible"]) or len(win["eligible"]) < 2
        if done and win["proposal"] is None:
            self.window = None
            self._phase = PLAY

    def _end_turn(self) -> None:
        p = self.current
        self.turns[p] += 1
        self.since_play += 1
        self.step = "start"
        self.drawn = None
        if self.called_by is not None:
            self.after_call[p] = max(0, self.after_call[p] - 1)
        if self._round_over():
            self._end_round()
            return
        nxt = self.table.next_seat(p)
        if self.called_by is not None:
            while self.after_call[nxt] <= 0:
                nxt = self.table.next_seat(nxt)
        self.current = nxt
        self._start_turn()

    def _round_over(self) -> bool:
        if self.final_round:
            # "The round doesn't end until all of the players are unable to make a play."
            if self.pile.cards:
                return False
            n = len(self.table.seats)
            if self.since_play >= FINAL_STALL_LAPS * n:
                return True
            return not any(self.can_make_a_play(q) for q in range(n))
        if self.called_by is None:
            return False
        return all(self.after_call[q] <= 0 for q in range(len(self.table.seats)))

    def _end_round(self) -> None:
        """Score the round: the cards down, then the pairs left in each hand (now shown)."""
        n = len(self.table.seats)
        cards_down = self.played_scores()
        pairs = [self.pairs_in_hand(q) for q in range(n)]
        penalties = [len(found) * SCORE_TABLE[2] for found in pairs]
        scores = [down + pen for down, pen in zip(cards_down, penalties, strict=True)]
        for q, s in enumerate(scores):
            self.totals[q] += s
        self.history.append(
            {
                "round": self.round_no,
                "dealer": self.dealer,
                "scores": scores,
                "cards_down": cards_down,
                "pairs": pairs,
                "pair_penalties": penalties,
                "called_by": self.called_by,
                "played": [list(x) for x in self.played],
                "north": list(self.north),
                "hands": [list(h) for h in self.hands],
                "partnerships": [d.copy() for d in self.partnerships],
            }
        )
        if self.final_round:
            self._phase = GAME_OVER
            self.window = None
            return
        self._deal(self.round_no + 1, self.table.next_seat(self.dealer))

    # ----- scoring ----------------------------------------------------------------------------
    def icon_regions(self, player: int, icon: str) -> list[str]:
        return [self.cards[c].region for c in self.played[player] if self.cards[c].icon == icon]

    def network_points(self, player: int, icon: str) -> float:
        """``player``'s points for ``icon`` now: own networks, or half the partnership's."""
        links = self.open_links()
        mate = self.partner(player, icon)
        if mate is None:
            return float(network_score(self.icon_regions(player, icon), links))
        both = self.icon_regions(player, icon) + self.icon_regions(mate, icon)
        return network_score(both, links) / 2

    def pairs_in_hand(self, player: int) -> list[list[str]]:
        """The unplayed pairs in ``player``'s hand now, as card ids (see ``hand_pairs``)."""
        links = self.open_links()
        out: list[list[str]] = []
        for icon in ICONS:
            held = [
                c
                for c in self.hands[player]
                if not self.cards[c].is_linking and self.cards[c].icon == icon
            ]
            regions = [self.cards[c].region for c in held]
            out += [[held[i], held[j]] for i, j in hand_pairs(regions, links)]
        return out

    def pair_penalty(self, player: int) -> int:
        """House rule: every unplayed pair in hand scores as a 2-card network (-20)."""
        return len(self.pairs_in_hand(player)) * SCORE_TABLE[2]

    def played_scores(self) -> list[float]:
        """Each player's points for the cards down now: what every player can see."""
        return [
            sum(self.network_points(q, icon) for icon in ICONS)
            for q in range(len(self.table.seats))
        ]

    def round_scores(self) -> list[float]:
        """Each player's points for the round if it ended now, pairs in hand included.

        Hands are secret, so this is for the round's end; during a round a player sees
        ``played_scores`` and the pairs in their own hand (``view``)."""
        return [
            cards_down + self.pair_penalty(q) for q, cards_down in enumerate(self.played_scores())
        ]

    def networks_of(self, player: int) -> Networks:
        """``player``'s networks by icon, as lists of card ids (partnership cards included;
        both partners' copies of a duplicate are listed, as both count)."""
        return networks_on_map(self.played, self.north, self.partnerships, player)

    def is_terminal(self) -> bool:
        return self._phase == GAME_OVER

    def scores(self) -> list[float]:
        """Totals of the finished rounds (plus the round now played, once the game is over)."""
        return list(self.totals)

    def live_scores(self, down: list[float] | None = None) -> list[float]:
        """Totals so far plus the points of the cards down now (hands, being secret, are
        scored only when the round ends). ``down``: ``played_scores()``, if already known."""
        if self.is_terminal():
            return list(self.totals)
        down = self.played_scores() if down is None else down
        return [t + r for t, r in zip(self.totals, down, strict=True)]

    def _networks_of_round(self, record: RoundRecord) -> list[Networks]:
        """Every seat's networks on a scored round's final map (``history``), worked out once:
        a scored round never changes, and a bot reads the view at every move."""
        cache: dict[int, tuple[RoundRecord, list[Networks]]]
        cache = self.__dict__.setdefault("_round_networks", {})
        known = cache.get(id(record))
        if known is None or known[0] is not record:  # the record itself is kept: ids stay apart
            seats = range(len(self.table.seats))
            maps = (record["played"], record["north"], record["partnerships"])
            known = (record, [networks_on_map(*maps, q) for q in seats])
            cache[id(record)] = known
        return known[1]

    def all_cards(self) -> list[list[str]]:
        """Every place a card can be, for ``check_conservation``."""
        return [self.pile.cards, self.pile.discards, *self.hands, *self.played, self.north]

    # ----- what a player may see ----------------------------------------------------------------
    def view(self, player: int | None) -> GlobeWorksView:
        """The table as ``player`` sees it: their own hand, everyone's cards down, pile sizes.

        What a screen needs besides the table, for the seat ``player`` only (empty for
        ``None``, the projector): ``playable`` (the distinct cards of the hand that may be
        played now), ``why_not_playable`` (each card of the hand -> the reason it cannot be
        played now, ``None`` when it can), ``drawn`` (the card just drawn, while ``player`` is
        to discard). For everyone: ``live_scores`` (totals plus the cards down now) and, in
        each ``history`` record (a scored round, hands shown), ``networks``: every seat's
        networks on that round's final map, as ``networks`` is for the round under way.
        """
        n = len(self.table.seats)
        win = self.window
        down = self.played_scores()
        mine = list(dict.fromkeys(self.hands[player])) if player is not None else []
        drew = player is not None and player == self.current and self.step == "drawn"
        view: GlobeWorksView = {
            "player": player,
            "phase": self._phase,
            "round": self.round_no,
            "rounds": self.rounds,
            "final_round": self.final_round,
            "dealer": self.dealer,
            "current": self.current,
            "step": self.step,
            "to_act": self.to_act(),
            "hand": list(self.hands[player]) if player is not None else [],
            "playable": self.playable(player) if player is not None else [],
            "why_not_playable": {c: self.why_not_playable(player, c) for c in mine}
            if player is not None
            else {},
            "drawn": self.drawn if drew else None,
            "hand_sizes": [len(h) for h in self.hands],
            "played": [list(x) for x in self.played],
            "tokens_left": [self.tokens_left(q) for q in range(n)],
            "north": list(self.north),
            "open_colours": sorted(self.open_colours()),
            "draw_pile": len(self.pile.cards),
            "discard_top": self.pile.discards[-1] if self.pile.discards else None,
            "discard_pile": len(self.pile.discards),
            "turns": list(self.turns),
            "deals_allowed": self.deals_allowed(),
            "called_by": self.called_by,
            "after_call": list(self.after_call),
            "partnerships": [d.copy() for d in self.partnerships],
            "proposal": win["proposal"].copy() if win and win["proposal"] else None,
            "deal_parties": list(win["eligible"]) if win else [],
            "totals": list(self.totals),
            # Points of the cards down; pairs in a hand count only at the round's end, and
            # each player sees only their own.
            "round_scores": down,
            "my_pairs": self.pairs_in_hand(player) if player is not None else [],
            "networks": [self.networks_of(q) for q in range(n)],
            "live_scores": self.live_scores(down),
            "history": [
                {**record, "networks": self._networks_of_round(record)} for record in self.history
            ],
            "winners": self.winners(),
        }
        return detached(view)

    # ----- saving -------------------------------------------------------------------------------
    def _get_state(self) -> dict[str, Any]:
        return {
            "rounds": self.rounds,
            "max_turns": self.max_turns,
            "round_no": self.round_no,
            "dealer": self.dealer,
            "phase": self._phase,
            "pile": self.pile.to_dict(),
            "hands": self.hands,
            "played": self.played,
            "north": self.north,
            "turns": self.turns,
            "current": self.current,
            "step": self.step,
            "drawn": self.drawn,
            "called_by": self.called_by,
            "after_call": self.after_call,
            "since_play": self.since_play,
            "partnerships": self.partnerships,
            "trades": self.trades,
            "window": self.window,
            "totals": self.totals,
            "history": self.history,
        }

    def _set_state(self, state: dict[str, Any]) -> None:
        self.rounds = state["rounds"]
        self.max_turns = state["max_turns"]
        self.round_no = state["round_no"]
        self.dealer = state["dealer"]
        self._phase = state["phase"]
        self.pile = Deck.from_dict(state["pile"])
        self.hands = state["hands"]
        self.played = state["played"]
        self.north = state["north"]
        self.turns = state["turns"]
        self.current = state["current"]
        self.step = state["step"]
        self.drawn = state["drawn"]
        self.called_by = state["called_by"]
        self.after_call = state["after_call"]
        self.since_play = state["since_play"]
        self.partnerships = state["partnerships"]
        self.trades = state["trades"]
        self.window = state["window"]
        self.totals = state["totals"]
        self.history = state["history"]


def partner_of(partnerships: list[Partnership], player: int, icon: str) -> int | None:
    """The partner of ``player`` in the ``icon`` partnership of ``partnerships`` (a round's
    list of ``{"icon", "players"}``), if any: for the round under way or a round scored."""
    for deal in partnerships:
        if deal["icon"] == icon and player in deal["players"]:
            a, b = deal["players"]
            other: int = b if a == player else a
            return other
    return None


def networks_on_map(
    played: list[list[str]],
    north: list[str],
    partnerships: list[Partnership],
    player: int,
) -> Networks:
    """``player``'s networks by icon on a map (each seat's cards down, the north edge, the
    partnerships), as sorted lists of card ids: the round under way, or one already scored
    (its history record keeps these three)."""
    info = cards()
    links = [info[card].links for card in north]
    out: dict[str, list[list[str]]] = {}
    for icon in ICONS:
        owners = [player]
        mate = partner_of(partnerships, player, icon)
        if mate is not None:
            owners.append(mate)
        mine = [c for q in owners for c in played[q] if info[c].icon == icon]
        groups = networks([info[c].region for c in mine], links)
        out[icon] = [sorted(c for c in mine if info[c].region in g) for g in groups]
    return out


def _into(action: Action) -> str:
    """Where the player receiving a played card puts it: ``"map"`` (default) or ``"hand"``."""
    into = action.get("into", MAP)
    if into not in (MAP, HAND):
        raise IllegalAction(
            _("Say where a city you get in a trade goes: 'map' (your token on it) or 'hand'.")
        )
    return str(into)
