"""The rulebook's worked examples, word for word."""

from __future__ import annotations

from geoteach.games.globalissimo import HURDLE, RANKING, olympic_places, score_rank_guess
from tests.globalissimo.conftest import new_game, stack

SIX = ["MEX", "NZL", "NLD", "BOL", "CHE", "CUB"]  # Mexico, New Zealand, Netherlands, ...


def play_first_round():
    # Seated clockwise: Jenny starts, then David, Linda, Sue, John, Peter.
    game = new_game("Jenny", "David", "Linda", "Sue", "John", "Peter")
    stack(game, SIX, "tourists")
    jenny, david, linda, sue, john, peter = range(6)
    game.apply({"player": jenny, "type": "rank", "country": "MEX", "rank": 1})
    game.apply({"player": david, "type": "rank", "country": "CHE", "rank": 1})
    game.apply({"player": linda, "type": "rank", "country": "BOL", "rank": 6})
    game.apply({"player": sue, "type": "rank", "country": "NZL", "rank": 3})
    game.apply({"player": john, "type": "rank", "country": "CUB", "rank": 4})
    game.apply({"player": peter, "type": "rank", "country": "NLD", "rank": 5})
    return game


def test_six_player_round_from_the_rulebook():
    game = play_first_round()
    first = game.history[0]
    # "The correct order for this round is: Mexico, Switzerland, Netherlands, New Zealand, Cuba,
    # Bolivia."
    order = sorted(first["places"], key=first["places"].get)
    assert order == ["MEX", "CHE", "NLD", "NZL", "CUB", "BOL"]
    points = {g["player"]: g["points"] for g in first["guesses"]}
    # Jenny 3, David 2, Linda 3, Sue 2, John 2, Peter 1.
    assert [points[s] for s in range(6)] == [3, 2, 3, 2, 2, 1]
    assert game.scores() == [3, 2, 3, 2, 2, 1]
    # Points are given starting with the starting player.
    assert [g["player"] for g in first["guesses"]] == [0, 1, 2, 3, 4, 5]
    # "David is starting player in the second round."
    assert game.round["checkered_flag"] == 1
    assert game.phase == RANKING and game.to_act() == [1]


def test_the_deck_restricted_to_the_six_cards_deals_them():
    game = new_game(
        "Jenny", "David", "Linda", "Sue", "John", "Peter", countries=SIX, categories=["tourists"]
    )
    assert sorted(game.round["countries"]) == sorted(SIX)


def test_hurdle_example_david_stops_at_3_and_linda_passes_to_5():
    game = play_first_round()
    jenny, david, linda, sue, john, peter = range(6)
    # Round 2: the next country cards, then Hungary and Libya on top of the deck.
    stack(game, ["JPN", "BRA", "EGY", "CAN", "IND", "FRA"], "tourists", top=["HUN", "LBY"])
    # True order: France, Japan, Canada, Brazil, India, Egypt.
    game.apply({"player": david, "type": "rank", "country": "FRA", "rank": 1})  # exact: 3
    game.apply({"player": linda, "type": "rank", "country": "JPN", "rank": 3})  # one off: 2
    game.apply({"player": sue, "type": "rank", "country": "EGY", "rank": 1})  # 0
    game.apply({"player": john, "type": "rank", "country": "IND", "rank": 1})  # 0
    game.apply({"player": peter, "type": "rank", "country": "BRA", "rank": 1})  # 0
    game.apply({"player": jenny, "type": "rank", "country": "CAN", "rank": 6})  # 0
    # "he can only move the runner 1 step before facing the hurdle"
    assert game.phase == HURDLE and game.to_act() == [david]
    assert game.scores()[david] == 3
    view = game.view(david)
    assert view["hurdle"]["kind"] == "A" and view["hurdle"]["country"] == "HUN"
    # "David is incorrect (it is 54, not 49)."
    game.apply({"player": david, "type": "answer", "answer": "49"})
    assert game.scores()[david] == 3  # "stays on a total of 3"
    # Linda: the next top card, Libya; "She answers correctly that this is number 70."
    assert game.phase == HURDLE and game.to_act() == [linda]
    assert game.view(linda)["hurdle"]["country"] == "LBY"
    game.apply({"player": linda, "type": "answer", "answer": 70})
    assert game.scores()[linda] == 5  # "moves 2 steps forward to a total of 5"
    assert game.scoreboard.get(linda, "hurdles") == 1
    assert game.hurdles[0] == {"space": 3, "kind": "A", "taken_by": linda}
    assert game.scoreboard.get(david, "hurdles") == 0
    attempts = game.history[1]["hurdles"]
    assert [(a["player"], a["country"], a["correct"]) for a in attempts] == [
        (david, "HUN", False),
        (linda, "LBY", True),
    ]
    assert "54" in attempts[0]["message"]


def test_tie_example_pure_functions():
    # Australia, Bolivia, Russia, Chad by population density (invented fixture values).
    values = {"AUS": 1, "BOL": 50, "RUS": 50, "TCD": 12}
    places = dict(zip(values, olympic_places(list(values.values())), strict=True))
    # Bolivia and Russia share the first position, second stays empty, Chad third, Australia last
    assert places == {"AUS": 4, "BOL": 1, "RUS": 1, "TCD": 3}
    assert 2 not in places.values()
    assert score_rank_guess(1, places["BOL"]) == 3  # David
    assert score_rank_guess(4, places["AUS"]) == 3  # Jenny
    assert score_rank_guess(2, places["TCD"]) == 2  # Linda
    assert score_rank_guess(4, places["RUS"]) == 0  # Peter


def test_tie_example_through_the_engine():
    game = new_game("David", "Jenny", "Linda", "Peter")
    stack(game, ["AUS", "BOL", "RUS", "TCD"], "density")
    david, jenny, linda, peter = range(4)
    game.apply({"player": david, "type": "rank", "country": "BOL", "rank": 1})
    game.apply({"player": jenny, "type": "rank", "country": "AUS", "rank": 4})
    game.apply({"player": linda, "type": "rank", "country": "TCD", "rank": 2})
    game.apply({"player": peter, "type": "rank", "country": "RUS", "rank": 4})
    points = {g["player"]: g["points"] for g in game.history[0]["guesses"]}
    assert points == {david: 3, jenny: 3, linda: 2, peter: 0}


def test_score_rank_guess_table():
    assert [score_rank_guess(3, p) for p in range(1, 7)] == [1, 2, 3, 2, 1, 0]
    assert score_rank_guess(1, 6) == 0
