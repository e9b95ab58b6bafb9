"""The GeoTriple engine: phases, deals, secrets, scoring, dealer rotation, save and replay."""

from __future__ import annotations

import json

import pytest

from geoteach.bots.base import RandomBot, play_bots
from geoteach.games.base import Game, IllegalAction
from geoteach.games.deck import check_conservation
from geoteach.games.geotriple import GeoTriple, borders
from geoteach.games.geotriple.game import MAX_WRONG_CLAIMS, PHASES, RACE_HAND
from geoteach.games.table import Table


def new_game(states, seed=1, humans=True, **options):
    bots = None if humans else {"Ana": "hard", "Ben": "hard"}
    return GeoTriple(Table.of("Ana", "Ben", bots=bots), seed=seed, states=states, **options)


def play_stage1(game):
    """Both players guess their opponent's card at once (holders answer with a true clue)."""
    while game.phase == "guess":
        seat = game.to_act()[0]
        if game.view(seat)["stage1"]["waiting_for_clue"]:
            game.apply(game.legal_actions(seat)[0])
        else:
            game.apply({"player": seat, "type": "guess", "state": game.s["secret"][1 - seat]})


def test_setup_deals_secret_cards_and_the_dealer_guesses_first(states):
    game = new_game(states, humans=False)
    assert game.phase == "guess" and game.s["round"] == 1
    assert game.to_act() == [0] and game.s["dealer"] == 0
    assert len(game.plunge) == 48 and len(set(game.s["secret"])) == 2
    assert len(game.view(0)["stage1"]["clues"][0]) == 1  # the computer answered the first card
    check_conservation(list(game.cards), *game.card_places())


def test_the_first_dealer_picked_at_setup_deals_and_guesses_first(states):
    """ "The dealer makes his or her guesses first." The table setup picks the first dealer
    (``Table.first``); the deal passes to the other player the next round."""
    assert GeoTriple.first_player_rule == "dealer"
    table = Table.of("Ana", "Ben", bots={"Ana": "hard", "Ben": "hard"}, first=1)
    game = GeoTriple(table, seed=2, states=states)
    assert game.s["dealer"] == 1 and game.guesser() == 1 and game.to_act() == [1]
    bot = RandomBot("easy", 1)
    while game.phase != "round_over":
        seat = game.to_act()[0]
        game.apply(bot.choose(game, seat))
    game.apply({"player": 0, "type": "next_round"})
    assert game.s["dealer"] == 0 and game.guesser() == 0


def test_views_hide_the_opponents_card_and_hand(states):
    game = new_game(states, humans=False)
    mine, theirs = game.s["secret"]
    text = json.dumps(game.view(0)["stage1"])
    assert mine in text and f'"{theirs}"' not in text
    assert game.view(None)["stage1"]["my_card"] is None
    play_stage1(game)
    assert game.phase == "race"
    view = game.view(0)
    assert view["results"]["stage1"]["secret"] == [mine, theirs]  # shown once the stage is over
    other_hand = set(game.s["race"]["hands"][1])
    assert not other_hand & set(view["race"]["hand"])
    assert view["race"]["hand_sizes"] == [RACE_HAND, RACE_HAND]
    assert not any(c in json.dumps(view["race"]) for c in other_hand)


def test_stage1_scores_fewer_guesses_and_ties(states):
    game = new_game(states, humans=False)
    play_stage1(game)  # both right at the first guess: a tie
    assert game.scores() == [5, 5]
    game = new_game(states, seed=2, humans=False)
    secret = game.s["secret"]
    wrong = next(c for c in game.cards if c not in secret)
    game.apply({"player": 0, "type": "guess", "state": wrong})
    with pytest.raises(IllegalAction, match="already guessed"):
        game.check({"player": 0, "type": "guess", "state": wrong})
    assert len(game.view(0)["stage1"]["clues"][0]) == 2  # a new GeoChallenge card, a new clue
    game.apply({"player": 0, "type": "guess", "state": secret[1]})
    assert game.to_act() == [1]
    game.apply({"player": 1, "type": "guess", "state": secret[0]})
    assert game.scores() == [0, 10]


def test_three_misses_end_a_turn(states):
    game = new_game(states, humans=False)
    wrong = [c for c in game.cards if c not in game.s["secret"]][:3]
    for code in wrong:
        game.apply({"player": 0, "type": "guess", "state": code})
    assert game.to_act() == [1]
    assert game.s["stage1"]["taken"] == [None, None]
    for code in wrong:
        game.apply({"player": 1, "type": "guess", "state": code})
    assert game.scores() == [5, 5] and game.phase == "race"


def test_challenge_cards_go_to_the_bottom(states):
    game = new_game(states, humans=False)
    first = game.s["stage1"]["challenge"]
    assert game.challenge_pile.cards[-1] == first
    assert sorted(game.challenge_pile.cards) == sorted(game.challenges)


def test_two_people_type_clues_and_false_ones_are_refused(states):
    game = new_game(states)
    assert game.to_act() == [1]  # the holder answers the dealer's first GeoChallenge card
    view = game.view(1)["stage1"]
    assert view["waiting_for_clue"] and view["clue_choices"]
    true = game.legal_actions(1)
    false = next(a for a in view["clue_choices"] if a not in [t["answer"] for t in true])
    before = game.to_json()
    with pytest.raises(IllegalAction, match="not true"):
        game.apply({"player": 1, "type": "clue", "answer": false})
    assert game.to_json() == before  # a refused move changes nothing
    game.apply({"player": 1, "type": "clue", "answer": true[0]["answer"].upper()})
    assert game.to_act() == [0]
    assert game.view(0)["stage1"]["clues"][0][0]["answer"] == true[0]["answer"]


def to_race(states, seed=1):
    game = new_game(states, seed=seed, humans=False)
    play_stage1(game)
    assert game.phase == "race" and game.to_act() == [0, 1]
    return game


def test_race_wrong_claim_is_explained_then_three_put_you_out(states):
    game = to_race(states)
    hand = game.s["race"]["hands"][0]
    bad = next(
        [list(hand[i : i + 3]), list(hand[j : j + 3])]
        for i in range(0, 18, 3)
        for j in range(i + 3, 18, 3)
        if borders.claim_problem([hand[i : i + 3], hand[j : j + 3]], hand, game.neighbours)
    )
    game.apply({"player": 0, "type": "geoplunge", "groups": bad})
    problem = game.view(0)["race"]["problem"]
    assert "do not touch" in problem and game.view(1)["race"]["problem"] is None
    assert game.phase == "race" and game.scores() == [5, 5]
    with pytest.raises(IllegalAction, match="own hand"):
        game.apply(
            {"player": 0, "type": "geoplunge", "groups": [hand[:3], game.s["race"]["hands"][1][:3]]}
        )
    for _ in range(MAX_WRONG_CLAIMS - 1):
        game.apply({"player": 0, "type": "geoplunge", "groups": bad})
    assert game.to_act() == [1] and "last try" in game.view(0)["race"]["problem"]


def test_first_correct_claim_wins_and_deals_stage3(states):
    for seed in range(1, 30):
        game = to_race(states, seed)
        solution = borders.find_solution(game.s["race"]["hands"][1], game.neighbours)
        if solution:
            break
    game.apply({"player": 1, "type": "geoplunge", "groups": [list(g) for g in solution]})
    assert game.scores() == [5, 15]
    result = game.view(0)["results"]["race"]
    assert result["winner"] == 1 and result["solutions"][1] == [list(g) for g in solution]
    assert game.phase == "discard" and game.s["stage3"]["dealer"] == 1
    assert [len(h) for h in game.s["stage3"]["hands"]] == [8, 8]
    check_conservation(list(game.cards), *game.card_places())


def test_both_giving_up_scores_nothing_and_the_round_dealer_deals(states):
    game = to_race(states)
    game.apply({"player": 1, "type": "give_up"})
    assert game.to_act() == [0]
    game.apply({"player": 0, "type": "give_up"})
    assert game.scores() == [5, 5] and game.s["stage3"]["dealer"] == 0
    assert game.view(0)["results"]["race"]["winner"] is None


def test_neither_hand_solvable_means_a_redeal(grid):
    # Keep only the borders along each row of the grid (lines of 8): fewer groups, so redeals.
    sparse = grid.copy()
    sparse["neighbours"] = [
        "|".join(n for n in near.split("|") if n[:2] == code[:2]) if near else ""
        for code, near in zip(sparse.index, sparse["neighbours"], strict=True)
    ]
    redeals = 0
    for seed in range(40):
        game = to_race(sparse, seed)
        hands = game.s["race"]["hands"]
        assert any(borders.has_solution(h, game.neighbours) for h in hands)
        redeals += game.s["race"]["redeals"]
        check_conservation(list(game.cards), *game.card_places())
    assert redeals > 0


def test_stage3_announce_dealer_first_and_tricks(states):
    game = to_race(states)
    game.apply({"player": 0, "type": "give_up"})
    game.apply({"player": 1, "type": "give_up"})
    assert game.phase == "discard" and game.to_act() == [0, 1]
    with pytest.raises(IllegalAction, match="2 different"):
        game.apply({"player": 1, "type": "discard", "cards": ["XX", "YY"]})
    for seat in (1, 0):
        hand = game.s["stage3"]["hands"][seat]
        game.apply({"player": seat, "type": "discard", "cards": hand[:2]})
    assert game.phase == "announce" and game.to_act() == [0]
    game.apply({"player": 0, "type": "announce", "geoplunging": True})
    assert game.view(1)["stage3"]["geoplunging"] == [True, None]
    game.apply({"player": 1, "type": "announce", "geoplunging": False})
    assert game.phase == "trick" and game.to_act() == [0]
    with pytest.raises(IllegalAction, match="Size, Statehood or Population"):
        game.apply(
            {
                "player": 0,
                "type": "lead",
                "category": "height",
                "card": game.s["stage3"]["hands"][0][0],
            }
        )
    winners = []
    while game.phase == "trick":
        leader = game.to_act()[0]
        lead = game.s["stage3"]["hands"][leader][0]
        game.apply({"player": leader, "type": "lead", "category": "population", "card": lead})
        follower = 1 - leader
        assert game.view(follower)["stage3"]["trick"]["lead"] == lead
        follow = game.s["stage3"]["hands"][follower][0]
        game.apply({"player": follower, "type": "follow", "card": follow})
        better = game.cards[follow].population < game.cards[lead].population
        winners.append(follower if better else leader)
        if game.phase == "trick":
            assert game.to_act() == [winners[-1]]  # the trick winner leads next
    won = [winners.count(0), winners.count(1)]
    stage_winner = 0 if won[0] > 3 or (won[0] == 3 and winners[-1] == 0) else 1
    expected = [5, 5]
    expected[stage_winner] += 10  # one player GeoPlunged
    assert game.scores() == expected
    assert game.phase == "round_over" and game.to_act() == [0, 1]
    game.apply({"player": 1, "type": "next_round"})
    assert game.s["round"] == 2 and game.s["dealer"] == 1 and game.to_act() == [1]
    assert len(game.plunge) == 48
    check_conservation(list(game.cards), *game.card_places())


def test_random_games_end_at_the_target_and_keep_every_card(states, grid):
    for table in (states, grid):
        for seed in range(4):
            game = new_game(table, seed=seed, humans=False, target=60)
            bots = {0: RandomBot(seed=seed), 1: RandomBot(seed=seed + 9)}
            seen = set()
            while not game.is_terminal():
                seen.add(game.phase)
                play_bots(game, bots, max_moves=1)
                check_conservation(list(game.cards), *game.card_places())
            assert max(game.scores()) >= 60 and game.phase == "game_over"
            assert game.winners() and game.legal_actions(0) == []
            assert seen | {"game_over"} == set(PHASES)
            with pytest.raises(IllegalAction, match="over"):
                game.apply({"player": 0, "type": "next_round"})


def test_save_load_and_replay_give_the_same_game(states, tmp_path):
    game = new_game(states, seed=11, humans=False, target=40)
    bots = {0: RandomBot(seed=1), 1: RandomBot(seed=2)}
    play_bots(game, bots, max_moves=150)
    again = GeoTriple.load(game.save(tmp_path / "g.json"))
    assert again.to_json() == game.to_json()
    assert game.replay().to_json() == game.to_json()
    assert Game.from_json(game.to_json()).to_json() == game.to_json()


def test_the_table_is_two_players():
    with pytest.raises(ValueError, match="2 to 2"):
        GeoTriple(Table.of("A", "B", "C"), seed=1)
