"""Global Pursuit's rules: matching, challenges, trivia points, rounds, the end, saving."""

from __future__ import annotations

import json

import pytest

from geoteach.games.base import Game, IllegalAction
from geoteach.games.deck import check_conservation
from geoteach.games.global_pursuit import dodecahedron as d
from geoteach.games.global_pursuit.engine import (
    GlobalPursuit,
    bank_tokens,
    tokens_text,
    trivia_points,
)
from geoteach.games.global_pursuit.layout import all_cards, parse_card
from geoteach.games.table import Table


def new_game(players=("Ana", "Ben", "Cy"), seed=1, **options) -> GlobalPursuit:
    return GlobalPursuit(Table.of(*players), seed=seed, **options)


def placements(game: GlobalPursuit, right: bool) -> list[dict]:
    seat = game.player
    out = []
    for move in game.legal_actions(seat):
        if move["type"] == "place" and game._judge(move).correct == right:
            out.append(move)
    return out


def find_game(right: bool, **options) -> GlobalPursuit:
    """A game whose first player holds a card that matches (or can lay a mismatch)."""
    for seed in range(200):
        game = new_game(seed=seed, **options)
        if placements(game, right):
            return game
    raise AssertionError("no such deal in 200 seeds")


def test_rulebook_examples_for_points_and_tokens():
    assert trivia_points(2, "ROLL", 8) == 10  # "rolls an 8 and answers a level 2 question"
    assert trivia_points(2, "BONUS ROLL", 8) == 16
    assert trivia_points(3, None, None) == 3
    assert bank_tokens(23) == {"blue": 1, "yellow": 0, "white": 3}
    assert bank_tokens(39) == {"blue": 1, "yellow": 1, "white": 9}
    assert bank_tokens(-5) == {"blue": 0, "yellow": 0, "white": 0}
    assert "1 blue" in tokens_text(23) and "owes 5" in tokens_text(-5)


def test_setup_deals_five_and_rolls_a_d12():
    game = new_game()
    assert [len(h) for h in game.state["hands"]] == [5, 5, 5]
    assert len(game.table_cards()) == 1 and len(game.deck) == 48 - 1 - 15
    assert all(1 <= v <= 12 for r in game.state["first_rolls"] for _, v in r)
    check_conservation(all_cards(), *game.card_places())
    four = new_game(maps="four_maps")
    assert sorted(parse_card(c)[0] for c in four.table_cards()) == sorted(
        ["people_places", "planet_earth", "historic_happenings", "people_products"]
    )


def test_a_refused_move_changes_nothing():
    game = new_game()
    before = game.to_json()
    bad = [
        {"player": game.player, "type": "place", "card": "planet_earth:99", "at": [0, 0]},
        {
            "player": game.player,
            "type": "place",
            "card": game.hand(game.player)[0],
            "at": [5, 0],
            "card_edge": 0,
        },
        {"player": game.player, "type": "answer", "mark": "right"},
        {"player": (game.player + 1) % 3, "type": "pass"},
        {"player": game.player, "type": "time_up"},
    ]
    for action in bad:
        with pytest.raises(IllegalAction):
            game.apply(action)
        assert game.to_json() == before


def test_a_right_challenge_sends_the_card_back_and_ends_the_turn():
    game = find_game(right=False)
    player = game.player
    move = placements(game, right=False)[0]
    game.apply(move)
    assert game.phase == "challenge"
    assert game.to_act() == game.table.clockwise_from(player)[1:]
    assert "correct" not in json.dumps(game.view(game.to_act()[0])["pending"])
    challenger = game.to_act()[-1]
    game.apply({"player": challenger, "type": "challenge"})
    assert game.scores()[challenger] == 2 and game.scores()[player] == -2
    assert move["card"] in game.hand(player)
    assert move["card"] not in game.table_cards()
    assert game.player != player
    check_conservation(all_cards(), *game.card_places())


def test_a_wrong_challenge_pays_the_player_and_the_match_stands():
    game = find_game(right=True)
    player = game.player
    move = placements(game, right=True)[0]
    game.apply(move)
    challenger = game.to_act()[0]
    game.apply({"player": challenger, "type": "challenge"})
    # 2 for the match (+2 bonus maybe) and 2 from the challenger.
    assert game.scores()[challenger] == -2
    assert game.scores()[player] >= 4
    assert move["card"] in game.table_cards()
    assert game.phase in ("roll", "level")


def test_an_unchallenged_mismatch_stays_and_scores():
    game = find_game(right=False)
    player = game.player
    move = placements(game, right=False)[0]
    game.apply(move)
    for seat in list(game.to_act()):
        game.apply({"player": seat, "type": "accept"})
    assert move["card"] in game.table_cards()
    assert game.scores()[player] in (2, 4)


def test_without_honor_a_mismatch_is_refused():
    seed = find_game(right=False).seed
    game = new_game(seed=seed, honor=False)
    for move in game.legal_actions(game.player):
        if move["type"] == "place":
            assert game._judge(move).correct
    wrong = placements(new_game(seed=seed), right=False)[0]
    with pytest.raises(IllegalAction, match="do not join"):
        game.apply(wrong)


def play_to_question(game: GlobalPursuit, symbol: str | None) -> None:
    """Lay a correct card with nobody challenging, with the trivia deck's top card forced."""
    move = placements(game, right=True)[0]
    set_name = parse_card(move["card"])[0]
    deck = game.state["trivia_decks"][set_name]["cards"]
    card = next(c for c in deck if game.trivia_card(c)["symbol"] == symbol)
    deck.remove(card)
    deck.insert(0, card)
    game.apply(move)
    for seat in list(game.to_act()):
        game.apply({"player": seat, "type": "accept"})


@pytest.mark.parametrize("symbol", ["ROLL", "BONUS ROLL"])
def test_roll_cards_roll_before_the_level_is_chosen(symbol):
    game = find_game(right=True)
    player = game.player
    play_to_question(game, symbol)
    after_match = game.scores()[player]
    assert game.phase == "roll"
    game.apply({"player": player, "type": "roll"})
    die = game.state["trivia"]["die"]
    assert 1 <= die <= 12 and game.phase == "level"
    assert "question" not in game.view(player)["trivia"]
    game.apply({"player": player, "type": "level", "level": 2})
    assert "answer" not in game.view(player)["trivia"]["question"]
    assert "answer" in game.view((player + 1) % 3)["trivia"]["question"]
    game.apply({"player": player, "type": "answer", "mark": "right"})
    assert game.scores()[player] - after_match == trivia_points(2, symbol, die)


def test_wild_card_after_a_right_answer_costs_a_token_if_missed():
    game = find_game(right=True)
    player = game.player
    play_to_question(game, "WILD CARD")
    game.apply({"player": player, "type": "level", "level": 1})
    game.apply({"player": player, "type": "answer", "mark": "right"})
    assert game.phase == "wild"
    before = game.scores()[player]
    game.apply({"player": player, "type": "wild", "level": 3})
    question = game.current_question()
    assert question is not None and question.media.flag
    game.apply({"player": player, "type": "answer", "text": "Atlantis"})
    assert game.scores()[player] == before - 1
    assert game.player != player


def test_typed_answers_are_checked():
    game = find_game(right=True)
    player = game.player
    play_to_question(game, None)
    game.apply({"player": player, "type": "level", "level": 1})
    answer = game.current_question().answer
    before = game.scores()[player]
    game.apply({"player": player, "type": "answer", "text": answer})
    assert game.scores()[player] == before + 1
    assert game.phase in ("match", "roll", "level") or game.player != player


def test_fixed_levels_variation_pays_two_and_skips_the_choice():
    game = find_game(right=True, fixed_levels=[3, 1, 2])
    player = game.player
    play_to_question(game, None)
    assert game.phase == "answer"
    assert game.state["trivia"]["level"] == [3, 1, 2][player]
    before = game.scores()[player]
    game.apply({"player": player, "type": "answer", "mark": "right"})
    assert game.scores()[player] == before + 2


def test_time_limit_ends_a_late_turn():
    game = new_game(time_limit=30)
    player = game.player
    move = next(m for m in game.legal_actions(player) if m["type"] == "place")
    game.apply({**move, "seconds": 31})
    assert game.player != player and move["card"] in game.hand(player)
    game.apply({"player": game.player, "type": "time_up"})
    assert game.player == game.table.next_seat(game.table.next_seat(player))


def test_nobody_matching_in_the_opening_round_replaces_the_beginning_card():
    game = new_game()
    first = game.table_cards()
    for _ in range(3):
        game.apply({"player": game.player, "type": "pass"})
    assert game.state["round"]["number"] == 2
    assert game.table_cards() != first and len(game.table_cards()) == 1
    assert game.deck.cards[-1] == first[0]
    check_conservation(all_cards(), *game.card_places())


def test_a_later_round_without_a_match_swaps_a_card_each():
    game = find_game(right=True)
    game.apply(placements(game, right=True)[0])
    for seat in list(game.to_act()):
        game.apply({"player": seat, "type": "accept"})
    game.apply(_fail(game))
    while game.state["round"]["number"] == 1:
        game.apply({"player": game.player, "type": "pass"})
    for _ in range(3):
        game.apply({"player": game.player, "type": "pass"})
    assert game.phase == "return"
    assert sorted(game.to_act()) == [0, 1, 2]
    seat = game.to_act()[1]
    given = game.hand(seat)[0]
    game.apply({"player": seat, "type": "return", "card": given})
    assert given not in game.hand(seat) and len(game.hand(seat)) == 5
    check_conservation(all_cards(), *game.card_places())


def _fail(game: GlobalPursuit) -> dict:
    """An action that ends the turn now, whatever the phase (roll, level, answer)."""
    p = game.player
    if game.phase == "roll":
        game.apply({"player": p, "type": "roll"})
    if game.phase == "level":
        game.apply({"player": p, "type": "level", "level": 1})
    return {"player": p, "type": "answer", "mark": "wrong"}


def test_cards_left_in_hand_cost_four_each_at_the_end():
    game = new_game(players=("Ana", "Ben"), quick_end=True, matching_only=True)
    game.deck.cards.clear()
    game.state["hands"][game.player] = []
    keep = game.hand(1 - game.player)
    game.apply({"player": game.player, "type": "pass"})
    assert game.is_terminal()
    assert game.scores()[1 - game.player] == -4 * len(keep)


def test_save_load_and_replay_after_a_bot_game():
    from geoteach.bots.base import play_bots
    from geoteach.bots.global_pursuit import GlobalPursuitBot

    table = Table.of("A", "B", "C", bots={"A": "easy", "B": "medium", "C": "hard"})
    game = GlobalPursuit(table, seed=7)
    bots = {s: GlobalPursuitBot(table.seats[s].level, seed=s) for s in range(3)}
    play_bots(game, bots, max_moves=150)
    check_conservation(all_cards(), *game.card_places())
    again = Game.from_json(game.to_json())
    assert again.to_json() == game.to_json()
    assert game.replay().to_json() == game.to_json()
    play_bots(game, bots, max_moves=100_000)
    assert game.is_terminal() and game.state["ended"]
    check_conservation(all_cards(), *game.card_places())


def test_matching_game_for_one_player():
    game = GlobalPursuit(Table.of("Solo"), seed=3, matching_only=True, honor=False)
    face = parse_card(game.table_cards()[0])[1]
    assert game.phase == "match" and game.to_act() == [0]
    for move in game.legal_actions(0):
        if move["type"] == "place":
            _index, edge = move["at"]
            assert d.neighbour(face, edge)[0] == parse_card(move["card"])[1]
    with pytest.raises(ValueError, match="2 to 6"):
        GlobalPursuit(Table.of("Solo"), seed=3)


def test_a_seat_s_view_shows_its_own_hand_and_the_others_sizes_and_the_projector_none():
    game = GlobalPursuit(Table.of("Ana", "Ben", "Cleo"), seed=4)
    for seat in range(3):
        view = game.view(seat)
        assert view["hand"] == game.hand(seat) and view["hand_sizes"] == [5, 5, 5]
        others = {c for s in range(3) if s != seat for c in game.hand(s)}
        assert not others & set(json.dumps(view).split('"'))  # no other seat's card anywhere
    assert game.view(None)["hand"] == []
    view = game.view(None)
    json.dumps(view)  # JSON-able
    assert view["first_rolls"] == game.state["first_rolls"] and view["played"] == 0
    assert view["left_in_hand"] == []


def test_the_view_s_left_in_hand_is_what_the_end_took_from_the_scores():
    from geoteach.bots.global_pursuit import GlobalPursuitBot
    from geoteach.games.global_pursuit.engine import left_in_hand_points

    game = GlobalPursuit(Table.of("Ana", "Ben"), seed=3, table_size=[6, 4])
    bots = [GlobalPursuitBot("hard", seed=s) for s in range(2)]
    while not game.is_terminal():
        seat = game.to_act()[0]
        game.apply(bots[seat].choose(game, seat))
    left = game.view(None)["left_in_hand"]
    assert left == [
        {"seat": s, "cards": len(h), "points": -4 * len(h)}
        for s, h in enumerate(game.state["hands"])
        if h
    ]
    assert left, "this seed ends with cards in a hand"
    taken = [e for e in game.scoreboard.history if "left in hand" in e.get("why", "")]
    assert [(e["seat"], e["amount"]) for e in taken] == [(x["seat"], x["points"]) for x in left]
    assert left_in_hand_points(3) == -12 and left_in_hand_points(0) == 0


def _asked_with_choices(game: GlobalPursuit) -> tuple[int, object]:
    """A plain trivia card (no symbol) whose level 1 question prints its options, asked."""
    player = game.player
    move = placements(game, right=True)[0]
    set_name = parse_card(move["card"])[0]
    deck = game.state["trivia_decks"][set_name]["cards"]
    card = next(
        c
        for c in deck
        if game.trivia_card(c)["symbol"] is None and game.trivia_card(c)["questions"][0]["choices"]
    )
    deck.remove(card)
    deck.insert(0, card)
    game.apply(move)
    for seat in list(game.to_act()):
        game.apply({"player": seat, "type": "accept"})
    game.apply({"player": player, "type": "level", "level": 1})
    return player, game.current_question()


def test_a_choice_alone_is_judged_by_the_game():
    """A class game's device sends the option clicked with no mark: the game judges it."""
    for pick_right in (True, False):
        game = find_game(right=True)
        player, question = _asked_with_choices(game)
        pick = (
            question.answer
            if pick_right
            else next(c for c in question.choices if c != question.answer)
        )
        before = game.scores()[player]
        game.apply({"player": player, "type": "answer", "choice": pick})
        last = game.view(None)["last"]
        assert last["correct"] is pick_right and last["given"] == pick
        assert last["card"]["answer"] == question.answer  # said in full after the answer
        assert (game.scores()[player] > before) is pick_right


def test_a_choice_must_be_one_of_the_cards_options():
    game = find_game(right=True)
    player, question = _asked_with_choices(game)
    before = game.to_json()
    for bad in (
        {"choice": "Atlantis"},
        {"choice": 3},
        {"choice": None},
        {"choice": [question.answer]},
        {"choice": question.answer, "text": question.answer},
        {"choice": question.answer, "mark": "maybe"},
    ):
        with pytest.raises(IllegalAction):
            game.apply({"player": player, "type": "answer", **bad})
    assert game.to_json() == before
    with pytest.raises(IllegalAction, match="not one of the options"):
        game.apply({"player": player, "type": "answer", "choice": "Atlantis"})
    # A screen that judged the option itself still sends it with its mark.
    game.apply({"player": player, "type": "answer", "choice": "Atlantis", "mark": "wrong"})
    assert game.view(None)["last"]["given"] is None


def test_the_back_of_the_card_is_the_readers_and_no_view_has_it():
    """``card_back`` gives the reader (the teacher, in a class game) the question being asked
    at the level chosen, with every answer that counts; only while an answer is awaited (not
    before the level is chosen, nor in a WILD CARD choice); no view of the answering seat or
    the projector holds it; asking changes nothing."""
    game = find_game(right=True)
    player = game.player
    assert game.card_back() is None
    play_to_question(game, "WILD CARD")
    assert game.phase == "level" and game.card_back() is None
    game.apply({"player": player, "type": "level", "level": 2})
    before = game.to_json()
    back = game.card_back()
    question = game.current_question()
    assert back["player"] == player and back["card"] == question.to_dict()
    assert back["prompt"] == question.prompt and question.answer in back["answers"]
    for seat in (None, player):
        assert "answer" not in game.view(seat)["trivia"]["question"]
    assert game.to_json() == before
    assert game.marks_right({"player": player, "type": "answer", "mark": "right"})
    assert not game.marks_right({"player": player, "type": "answer", "mark": "wrong"})
    assert not game.marks_right({"player": player, "type": "answer", "text": "right"})
    game.apply({"player": player, "type": "answer", "mark": "right"})
    assert game.phase == "wild" and game.card_back() is None
    game.apply({"player": player, "type": "wild", "level": 1})
    assert game.card_back()["card"] == game.current_question().to_dict()  # the flag question
