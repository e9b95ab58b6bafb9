"""Globe Works against the rulebook's sentences (issue 15): each test quotes the one it follows."""

from __future__ import annotations

import pytest

from geoteach.games.base import IllegalAction
from geoteach.games.deck import check_conservation
from geoteach.games.globe_works import DEALS, PLAY, SCORE_TABLE, GlobeWorks, deck
from geoteach.games.globe_works.engine import TOKENS, TURNS_AFTER_CALL
from geoteach.games.table import Table
from tests.globe_works.test_gw_engine import (
    give,
    new_game,
    play_out_round,
    play_to_deals,
    to_north,
)


def final_round(hands: list[list[str]], discards: list[str]) -> GlobeWorks:
    """A 3-player game in its final round, the draw pile empty, the cards where we say."""
    game = new_game(3, seed=2)
    game.round_no = game.rounds
    placed = [c for hand in hands for c in hand] + discards
    rest = list(deck())
    for card in placed:
        rest.remove(card)
    game.hands = [list(h) for h in hands]
    game.pile.cards = []
    game.pile.discards = rest + list(discards)  # the last one is the top
    game.played = [[], [], []]
    game.north = []
    check_conservation(deck(), *game.all_cards())
    return game


def draw_discard_then_drop(game: GlobeWorks, card: str) -> None:
    p = game.current
    game.apply({"player": p, "type": "draw", "source": "discard"})
    game.apply({"player": p, "type": "discard", "card": card})


# ----- 1. the final round ------------------------------------------------------------------
def test_final_round_lasts_until_nobody_can_make_a_play() -> None:
    """ "In the final round of the game, the round doesn't end until all of the players are
    unable to make a play. Typically, this will happen after both the draw pile and the discard
    have been exhausted and none of the players can make a valid play." """
    # Seat 0 deals; seat 1 (p) plays first, then seat 2 (q), then seat 0 (r).
    r_hand, p_hand, q_hand = ["OC-coins", "OC-power"], ["SA-coins", "L-istanbul"], ["SA-airplane"]
    game = final_round([r_hand, p_hand, [*q_hand, "CC-coins"]], ["ES-coins", "NA-power"])
    p, q, r = 1, 2, 0
    assert game.current == p
    # p takes North America's power card and drops the linking city: no hand can play now,
    # but Istanbul on top of the discard pile can be taken and played. The round goes on.
    draw_discard_then_drop(game, "L-istanbul")
    assert not game.history and game.current == q
    # q takes Istanbul; r and p draw and drop: a whole lap with no card played.
    for _ in (q, r, p):
        draw_discard_then_drop(game, "CC-coins")
    assert not game.history and game.current == q
    # q plays Istanbul and, the draw pile being empty, takes the top of the discard pile.
    game.apply({"player": q, "type": "play", "card": "L-istanbul"})
    assert "CC-coins" in game.hands[q] and game.pile.discards[-1] == "ES-coins"
    # Nobody holds a WE, EE or MN city and nobody could play East Africa's bank: it is over.
    assert game.is_terminal() and len(game.history) == 1


def test_final_round_also_ends_after_three_laps_without_a_card_played() -> None:
    """House rule where the rulebook is silent: a player who will not play counts as unable."""
    game = final_round(
        [["L-istanbul", "SA-coins"], ["SA-airplane", "CC-coins"], ["OC-coins", "OC-power"]],
        ["ES-coins"],
    )
    for turn in range(9):
        assert not game.is_terminal(), turn
        draw_discard_then_drop(game, "ES-coins")
    assert game.is_terminal()


# ----- 2. what a player may see -----------------------------------------------------------
def test_pairs_in_other_hands_are_secret_until_the_round_ends() -> None:
    """ "Except for unplayed pairs in hand, at the end of a round, only cards played down are
    scored." Pairs are scored at the end of the round; during it, hands are secret."""
    game = new_game(3, seed=3)
    to_north(game, "L-reykjavik")
    give(game, 1, "NA-coins", "WE-coins")  # a hidden pair: New York City and London
    mine, theirs = game.view(0), game.view(1)
    assert mine["round_scores"] == [0.0, 0.0, 0.0]  # no card down yet: nothing to see
    assert ["NA-coins", "WE-coins"] in theirs["my_pairs"]
    assert ["NA-coins", "WE-coins"] not in mine["my_pairs"]
    assert game.live_scores() == [0.0, 0.0, 0.0]
    # At the round's end the pair is scored and shown with the round's record.
    game.max_turns = 7  # the dealer calls the end for the table after 7 turns each
    play_out_round(game, keep_hands=True)
    record = game.history[-1]
    assert ["NA-coins", "WE-coins"] in record["pairs"][1]
    assert record["pair_penalties"][1] == SCORE_TABLE[2] * len(record["pairs"][1])
    assert record["scores"][1] == record["cards_down"][1] + record["pair_penalties"][1] < 0


# ----- 3. trades of played cards ------------------------------------------------------------
def no_free_token(game: GlobeWorks, player: int) -> None:
    """Fill ``player``'s 12 tokens with cities (test set-up only)."""
    cities = [c for c in sorted(set(deck())) if not game.cards[c].is_linking][:TOKENS]
    for card in cities:
        give(game, player, card)
        game.hands[player].remove(card)
        game.played[player].append(card)
    assert game.tokens_left(player) == 0


def deals_with_a_played_city(holder: int) -> tuple[GlobeWorks, int, int]:
    """A deals window between ``a`` and ``b``; the one at index ``holder`` has São Paulo's power
    city down (Panama City open)."""
    game = new_game(seed=5)
    play_to_deals(game)
    a, b = game.to_act()
    to_north(game, "L-panama-city")
    give(game, (a, b)[holder], "SA-power")
    game.played[(a, b)[holder]].append(game.hands[(a, b)[holder]].pop())
    return game, a, b


def test_a_played_city_traded_can_go_into_the_hand_of_a_player_without_tokens() -> None:
    """ "Trades of cards already played are allowed but game tokens must either reflect these
    changes on the map or the trading partner must retrieve the card to his/her hand." """
    game, a, b = deals_with_a_played_city(holder=1)
    no_free_token(game, a)
    mine = game.hands[a][0]
    offer = {"player": a, "type": "propose_trade", "to": b, "give": mine, "take": "SA-power"}
    with pytest.raises(IllegalAction, match="no token left"):
        game.check(offer)  # on the map it would need a token
    assert {**offer, "into": "hand"} in game.legal_actions(a)
    game.apply({**offer, "into": "hand"})
    game.apply({"player": b, "type": "accept"})
    assert "SA-power" in game.hands[a] and "SA-power" not in game.played[b]
    assert mine in game.hands[b] and game.tokens_left(a) == 0
    check_conservation(deck(), *game.all_cards())


def test_the_player_answering_chooses_map_or_hand_for_a_played_city() -> None:
    """The same sentence, the other way round: the answering player receives a played city."""
    game, a, b = deals_with_a_played_city(holder=0)
    game.apply({"player": a, "type": "propose_trade", "to": b, "give": "SA-power", "take": None})
    card = game.hands[b][0]
    answers = game.legal_actions(b)
    assert {"player": b, "type": "accept", "card": card, "into": "hand"} in answers
    assert {"player": b, "type": "accept", "card": card} in answers
    game.apply({"player": b, "type": "accept", "card": card, "into": "hand"})
    assert "SA-power" in game.hands[b] and "SA-power" not in game.played[a] + game.played[b]
    assert game.trades[-1]["answer_into"] == "hand"
    sky = {"player": b, "type": "propose_trade", "to": a, "give": game.hands[b][0], "take": None}
    with pytest.raises(IllegalAction, match="'map'"):
        game.check({**sky, "into": "sky"})


# ----- 4. calling the end ----------------------------------------------------------------------
def test_the_end_can_be_called_during_a_deal_and_the_caller_then_takes_a_final_turn() -> None:
    """ "Players can call for the end of the round any time after each player has had 6 turns.
    After making such a call, that player takes his/her final turn. However, the round is not
    over until all other players each take 3 more turns" """
    game = new_game(3, seed=8)
    play_to_deals(game)
    turn_of = game.current
    caller = game.to_act()[0]
    assert caller != turn_of
    game.apply({"player": caller, "type": "call_end"})
    assert game.called_by == caller and caller not in game.to_act()
    # The caller takes one more turn, the others 3 more each after the turn under way.
    taken = play_out_round(game)
    others = [q for q in range(3) if q != caller]
    assert taken[0] == turn_of  # the turn under way is finished first
    assert taken[1:].count(caller) == 1
    for q in others:
        assert taken[1:].count(q) == TURNS_AFTER_CALL


def test_the_end_can_be_called_in_the_middle_of_ones_own_turn() -> None:
    """ "Players can call for the end of the round any time after each player has had 6 turns." """
    game = new_game(3, seed=8)
    play_to_deals(game)
    while game.phase == DEALS:
        game.apply({"player": game.to_act()[0], "type": "no_deal"})
    p = game.current
    game.apply({"player": p, "type": "draw", "source": "draw"})
    assert {"player": p, "type": "call_end"} in game.legal_actions(p)
    game.apply({"player": p, "type": "call_end"})
    game.apply({"player": p, "type": "discard", "card": game.hands[p][0]})
    assert game.after_call[p] == 0 and game.current != p  # that turn was the caller's last
    assert game.phase in (PLAY, DEALS)


def test_a_call_from_the_player_offered_a_deal_lets_the_offer_lapse() -> None:
    """ "...the player who called the end of the round cannot participate in any way." """
    game = GlobeWorks(Table.of(*"ABCD"), seed=8)
    play_to_deals(game)
    a, b, c = game.to_act()
    game.apply({"player": a, "type": "propose_partnership", "to": b, "icon": "coins"})
    game.apply({"player": b, "type": "call_end"})
    assert game.partnerships == [] and game.trades[-1]["lapsed"]
    assert b not in game.to_act() and game.phase == DEALS
    assert game.to_act() == [c]


# ----- 5. duplicates in partnerships ----------------------------------------------------------
def test_both_partners_copies_of_a_duplicate_count() -> None:
    """ "Duplicate cards cannot be played or scored in a single player's hand. However, in
    partnerships, both partners can play duplicates in their individual hands and gain
    points." The notebook's example: New York City twice in a banking partnership."""
    game = new_game(seed=4)
    play_to_deals(game)
    a, b = game.to_act()
    game.apply({"player": a, "type": "propose_partnership", "to": b, "icon": "coins"})
    game.apply({"player": b, "type": "accept"})
    game.north[:] = ["L-reykjavik", "L-vienna"]
    game.played[a][:] = ["NA-coins", "WE-coins"]
    game.played[b][:] = ["NA-coins", "EE-coins"]
    assert game.network_points(a, "coins") == game.network_points(b, "coins") == 4
    assert game.networks_of(a)["coins"] == [["EE-coins", "NA-coins", "NA-coins", "WE-coins"]]
    # One player still may not put a second copy down.
    give(game, a, "NA-coins")
    assert "duplicate" in game.why_not_playable(a, "NA-coins")
