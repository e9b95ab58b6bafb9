"""The Geography Pursuit engine against the rulebook, with a fixture question source."""

from __future__ import annotations

import csv
import json

import pytest

from geoteach.bots.pursuit import PursuitBot, worst_category
from geoteach.games.base import Game, IllegalAction
from geoteach.games.deck import check_conservation
from geoteach.games.geography_pursuit.board import HUB, SPACES
from geoteach.games.geography_pursuit.game import DEFAULT_CATEGORIES, GeographyPursuit
from geoteach.games.geography_pursuit.questions import bank_from_decks
from geoteach.games.table import Seat, Table

ALL = [0, 1, 2, 3, 4, 5]


def new_game(table: Table, questions: dict, **options) -> GeographyPursuit:
    return GeographyPursuit(table, seed=7, questions=questions, **options)


def put(game: GeographyPursuit, seat: int, space: str, roll: int, wedges=None) -> None:
    """Give ``seat`` the turn with its token on ``space`` and the die showing ``roll``."""
    game.state["player"] = seat
    game.state["positions"][seat] = space
    game.state["phase"] = "move"
    game.state["roll"] = roll
    if wedges is not None:
        game.state["wedges"][seat] = list(wedges)


def move(game: GeographyPursuit, to: str) -> None:
    game.apply({"player": game.state["player"], "type": "move", "to": to})


def answer(game: GeographyPursuit, mark: str) -> None:
    game.apply({"player": game.state["player"], "type": "answer", "mark": mark})


def asked_answer(game: GeographyPursuit) -> str:
    return game.question_card(game.state["question"]["id"])["answer"]


def test_everyone_starts_in_the_hub_and_the_highest_roll_goes_first(table, questions) -> None:
    game = new_game(table, questions)
    assert game.state["positions"] == [HUB] * 3
    last_round = dict(game.state["first_rolls"][-1])
    assert game.state["player"] == max(last_round, key=last_round.get)
    assert sorted(last_round.values()).count(max(last_round.values())) == 1
    for earlier in game.state["first_rolls"][:-1]:  # a tie at the top means a re-roll
        values = [v for _, v in earlier]
        assert values.count(max(values)) > 1
    assert game.phase == "roll" and game.to_act() == [game.state["player"]]
    ids = [q["id"] for cards in questions.values() for q in cards]
    check_conservation(ids, *(d["cards"] for d in game.state["decks"]))


def test_a_wrong_move_changes_nothing(table, questions) -> None:
    game = new_game(table, questions)
    seat = game.state["player"]
    game.apply({"player": seat, "type": "roll"})
    before = game.to_json()
    with pytest.raises(IllegalAction, match="exactly"):
        game.apply({"player": seat, "type": "move", "to": "ring20"})
    with pytest.raises(IllegalAction, match="not"):
        game.apply({"player": (seat + 1) % 3, "type": "roll"})
    with pytest.raises(IllegalAction, match="move your token"):
        game.apply({"player": seat, "type": "roll"})
    assert game.to_json() == before


def test_right_answer_rolls_again_wrong_answer_passes_left(table, questions) -> None:
    game = new_game(table, questions)
    put(game, 0, HUB, 2)
    move(game, "spoke3.2")
    assert game.phase == "question"
    assert game.state["question"]["category"] == SPACES["spoke3.2"].category == 5
    answer(game, "right")
    assert (game.phase, game.state["player"]) == ("roll", 0)
    put(game, 0, "spoke3.2", 1)
    move(game, "spoke3.3")
    answer(game, "wrong")
    assert (game.phase, game.state["player"]) == ("roll", 1)
    assert game.state["record"][0][5] == [1, 1]


def test_roll_again_space_rolls_again(table, questions) -> None:
    game = new_game(table, questions)
    put(game, 1, "ring0", 2)
    move(game, "ring2")
    assert SPACES["ring2"].kind == "roll_again"
    assert (game.phase, game.state["player"]) == ("roll", 1)


def test_used_questions_go_to_the_back(table, questions) -> None:
    game = new_game(table, questions)
    top = game.state["decks"][0]["cards"][0]
    put(game, 0, "ring1", 1)
    move(game, "ring0")
    assert game.state["question"]["id"] == top
    assert game.state["decks"][0]["cards"][-1] == top


def test_headquarters_wedge_once_per_category(table, questions) -> None:
    game = new_game(table, questions)
    put(game, 0, "ring40", 2)
    move(game, "ring0")
    answer(game, "right")
    assert game.state["wedges"][0] == [0]
    put(game, 0, "ring1", 1)
    move(game, "ring0")
    answer(game, "right")
    assert game.state["wedges"][0] == [0]
    assert game.scores() == [1, 0, 0]


def test_wrong_answer_in_headquarters_means_leaving_next_turn(table, questions) -> None:
    game = new_game(table, questions)
    put(game, 0, "spoke2.5", 1)
    move(game, "ring14")
    answer(game, "wrong")
    assert game.state["must_leave"][0] and game.state["wedges"][0] == []
    assert "must leave" in game.state["news"][-2]["text"]
    put(game, 0, "ring14", 2)
    assert "ring14" not in game.legal_destinations()
    move(game, "ring16")
    assert game.state["must_leave"][0] is False


def test_hub_is_wild_before_six_wedges(table, questions) -> None:
    game = new_game(table, questions)
    put(game, 2, "spoke4.3", 3, wedges=[0, 1])
    move(game, HUB)
    assert game.phase == "choose_category"
    assert [a["category"] for a in game.legal_actions()] == game.categories
    game.apply({"player": 2, "type": "choose", "category": "U.S. States"})
    assert game.phase == "question" and game.state["question"]["category"] == 5
    assert game.state["question"]["final"] is False


def test_six_wedges_exact_roll_into_the_hub_then_the_opponents_vote(table, questions) -> None:
    game = new_game(table, questions)
    put(game, 0, "spoke1.3", 3, wedges=ALL)
    assert HUB in game.legal_destinations()
    move(game, HUB)
    assert game.phase == "vote"
    assert game.to_act() == [1, 2]
    with pytest.raises(IllegalAction):
        game.apply({"player": 0, "type": "vote", "category": "Physical World"})
    game.apply({"player": 2, "type": "vote", "category": "Physical World"})
    assert game.to_act() == [1]
    game.apply({"player": 1, "type": "vote", "category": "Physical World"})
    assert game.phase == "question"
    assert game.state["question"] == {
        "id": game.state["question"]["id"],
        "category": 2,
        "final": True,
    }
    answer(game, "right")
    assert game.is_terminal() and game.winners() == [0]
    assert game.scores() == [7, 0, 0]


def test_wrong_final_answer_must_leave_the_hub(table, questions) -> None:
    game = new_game(table, questions)
    put(game, 0, "spoke1.3", 3, wedges=ALL)
    move(game, HUB)
    for seat in (1, 2):
        game.apply({"player": seat, "type": "vote", "category": "U.S. States"})
    answer(game, "wrong")
    assert not game.is_terminal()
    assert game.state["must_leave"][0] and game.state["player"] == 1


def test_overshooting_the_hub_asks_the_category_landed_on(table, questions) -> None:
    game = new_game(table, questions)
    put(game, 0, "spoke0.2", 4, wedges=ALL)
    assert HUB not in game.legal_destinations()
    move(game, "spoke3.2")
    assert game.state["question"]["category"] == 5
    answer(game, "right")
    assert game.phase == "roll" and game.state["player"] == 0


def test_first_turn_winner_lets_those_who_have_not_played_try_to_tie(questions) -> None:
    game = new_game(Table.of("Ana", "Ben", "Cai", "Dee"), questions)
    first = game.state["player"]
    put(game, first, "spoke0.1", 1, wedges=ALL)
    move(game, HUB)
    for seat in game.to_act():
        game.apply({"player": seat, "type": "vote", "category": "Physical World"})
    answer(game, "right")
    waiting = [(first + k) % 4 for k in (1, 2, 3)]
    assert not game.is_terminal()
    assert game.state["player"] == waiting[0] and game.state["tie_chance"] == waiting[1:]
    # The second player ties, the third misses, the fourth misses: two winners.
    put(game, waiting[0], "spoke2.2", 2, wedges=ALL)
    move(game, HUB)
    for seat in game.to_act():
        game.apply({"player": seat, "type": "vote", "category": "Physical World"})
    answer(game, "right")
    assert game.state["player"] == waiting[1]
    put(game, waiting[1], HUB, 1)
    move(game, "spoke0.1")
    answer(game, "wrong")
    assert game.state["player"] == waiting[2]
    game.apply({"player": waiting[2], "type": "roll"})
    move(game, game.legal_destinations()[0])
    while not game.is_terminal():
        if game.phase == "question":
            answer(game, "wrong")
        else:
            game.apply(game.legal_actions()[0])
    assert game.winners() == sorted([first, waiting[0]])


def test_a_later_win_ends_the_game_at_once(table, questions) -> None:
    game = new_game(table, questions)
    game.state["turns"] = [3, 3, 3]
    put(game, 1, "spoke0.1", 1, wedges=ALL)
    move(game, HUB)
    for seat in game.to_act():
        game.apply({"player": seat, "type": "vote", "category": "U.S. States"})
    answer(game, "right")
    assert game.is_terminal() and game.winners() == [1]


def test_typed_answers_are_judged_with_the_house_rule_for_precision(table, questions) -> None:
    game = new_game(table, questions)
    put(game, 0, "ring40", 2)
    move(game, "ring0")
    right = asked_answer(game)
    game.apply({"player": 0, "type": "answer", "text": right.lower().replace(" ", "  ")})
    assert game.state["last"]["correct"] and game.state["wedges"][0] == [0]
    put(game, 0, "ring6", 1)
    move(game, "ring7")
    right = asked_answer(game)  # "Kenya <i>": one letter off is forgiven
    game.apply({"player": 0, "type": "answer", "text": "Kenia" + right[5:]})
    assert game.state["last"]["correct"]

    strict = new_game(table, questions, precision="strict")
    put(strict, 0, "ring6", 1)
    move(strict, "ring7")
    right = asked_answer(strict)
    strict.apply({"player": 0, "type": "answer", "text": "Kenia" + right[5:]})
    assert not strict.state["last"]["correct"]
    assert strict.state["last"]["answer"] == right


def test_aliases_count_and_the_time_limit_is_kept(table, questions) -> None:
    game = new_game(table, questions, time_limit=20)
    put(game, 0, "ring6", 1)
    move(game, "ring7")
    card = game.question_card(game.state["question"]["id"])
    game.apply({"player": 0, "type": "answer", "text": card["aliases"][0], "seconds": 12})
    assert game.state["last"]["correct"]
    put(game, 0, "ring6", 1)
    move(game, "ring7")
    game.apply({"player": 0, "type": "answer", "text": asked_answer(game), "seconds": 25})
    assert not game.state["last"]["correct"]
    assert "Time is up" in game.state["last"]["message"]


def test_the_right_answer_is_read_out_only_if_the_table_says_so(table, questions) -> None:
    for reveal in (True, False):
        game = new_game(table, questions, reveal_answer=reveal)
        put(game, 0, "ring6", 1)
        move(game, "ring7")
        right = asked_answer(game)
        game.apply({"player": 0, "type": "answer", "text": "Atlantis"})
        last = game.view(None)["last"]
        assert (last["answer"] == right) is reveal
        assert (right in json.dumps(game.view(1))) is reveal


def test_bad_answers_are_refused(table, questions) -> None:
    game = new_game(table, questions)
    put(game, 0, "ring6", 1)
    move(game, "ring7")
    for bad in (
        {"mark": "maybe"},
        {"mark": "right", "text": "x"},
        {},
        {"text": 5},
        {"text": "x", "seconds": -1},
        {"text": "x", "peek": True},
    ):
        with pytest.raises(IllegalAction):
            game.apply({"player": 0, "type": "answer", **bad})


def test_only_the_reader_sees_the_answer(table, questions) -> None:
    game = new_game(table, questions)
    put(game, 0, "ring6", 1)
    move(game, "ring7")
    assert "answer" not in game.view(0)["question"]
    assert "answer" not in game.view(None)["question"]
    assert game.view(1)["question"]["answer"] == asked_answer(game)


def test_team_play_up_to_24_people(questions) -> None:
    teams = [Seat(f"Team {i}", members=[f"p{i}{j}" for j in range(4)]) for i in range(6)]
    game = new_game(Table(teams), questions, consultation=False)
    assert game.view(None)["house_rules"]["consultation"] is False
    teams.append(Seat("Team 6", members=["a", "b"]))
    with pytest.raises(ValueError, match="2 to 6"):
        new_game(Table(teams), questions)
    big = [Seat(f"Team {i}", members=[f"p{i}{j}" for j in range(5)]) for i in range(5)]
    with pytest.raises(ValueError, match="at most 24 people"):
        new_game(Table(big), questions)


def test_bad_options_are_explained(table, questions) -> None:
    with pytest.raises(ValueError, match="six different categories"):
        new_game(table, {k: questions[k] for k in list(questions)[:5]})
    with pytest.raises(ValueError, match="precision"):
        new_game(table, questions, precision="loose")
    with pytest.raises(ValueError, match="time limit"):
        new_game(table, questions, time_limit=0)
    empty = dict(questions, **{"U.S. States": []})
    with pytest.raises(ValueError, match=r"U\.S\. States"):
        new_game(table, empty)


def test_a_curriculum_author_swaps_in_six_decks(tmp_path, table) -> None:
    names = ["Rivers", "Mountains", "Deserts", "Oceans", "Islands", "Lakes"]
    decks = {}
    for name in names:
        path = tmp_path / f"{name.lower()}.csv"
        with path.open("w", newline="", encoding="utf-8") as fh:
            writer = csv.writer(fh)
            writer.writerow(["category", "level", "prompt", "answer", "source"])
            writer.writerow(["anything", "1", f"A {name} question?", f"{name} answer", "test"])
            writer.writerow(["anything", "2", f"Another {name} question?", "Other", "test"])
        decks[name] = str(path)
    game = new_game(table, bank_from_decks(decks))
    assert game.categories == names
    put(game, 0, "ring6", 1)
    move(game, "ring7")
    assert game.view(0)["question"]["prompt"].endswith("Mountains question?")


def test_save_load_and_replay_give_the_same_game(tmp_path, table, questions) -> None:
    game = new_game(table, questions, precision="strict")
    bots = {s: PursuitBot("medium", seed=s) for s in range(3)}
    for _ in range(60):
        seat = game.to_act()[0]
        game.apply(bots[seat].choose(game, seat))
    path = game.save(tmp_path / "pursuit.json")
    loaded = GeographyPursuit.load(path)
    assert loaded.to_json() == game.to_json()
    assert loaded.categories == game.categories
    assert game.replay().to_json() == game.to_json()
    assert Game.from_json(game.to_json()).to_json() == game.to_json()


def test_worst_category_is_the_lowest_share_right() -> None:
    # Shares with one right and one wrong counted beforehand: 4/5, 1/2, 2/5, 3/4, 1/3, 6/7.
    record = [[3, 3], [0, 0], [1, 3], [2, 2], [0, 1], [5, 5]]
    assert worst_category(record) == 4
    assert worst_category([[0, 0]] * 5 + [[0, 2]]) == 5


def test_built_in_decks_cover_the_six_default_categories(table) -> None:
    game = GeographyPursuit(table, seed=2)
    assert game.options["questions"] == "geography"  # saved by name, not card by card
    assert game.categories == list(DEFAULT_CATEGORIES)
    assert all(len(d["cards"]) >= 50 for d in game.state["decks"])
    put(game, 0, "ring6", 1)
    move(game, "ring7")
    card = game.question_card(game.state["question"]["id"])
    assert card["source"]
    game.apply({"player": 0, "type": "answer", "text": card["answer"]})
    assert game.state["last"]["correct"]
    # ``put`` moved a token by hand, which a save may not do (loading refuses it); a game
    # played by its moves saves and loads its built-in decks, named, to the same game.
    played = GeographyPursuit(table, seed=2)
    bots = {s: PursuitBot("medium", seed=s) for s in range(len(table.seats))}
    for _ in range(40):
        seat = played.to_act()[0]
        played.apply(bots[seat].choose(played, seat))
    assert GeographyPursuit.from_json(played.to_json()).to_json() == played.to_json()


def test_a_move_that_fails_half_way_is_undone_decks_included(table, questions) -> None:
    game = new_game(table, questions)
    put(game, 0, "ring6", 1)
    before = game.to_json()

    def broken(action) -> None:
        game._ask(1, final=False)
        raise RuntimeError("the screen went dark")

    game._do_move = broken
    with pytest.raises(RuntimeError):
        move(game, "ring7")
    assert game.to_json() == before


def test_a_deck_with_a_flag_geoteach_lacks_is_refused_before_the_game(tmp_path) -> None:
    from geoteach.quiz.decks import DeckError

    decks = {}
    for name in ["Rivers", "Mountains", "Deserts", "Oceans", "Islands", "Flags"]:
        path = tmp_path / f"{name.lower()}.csv"
        flag = "XXQ" if name == "Flags" else ""
        path.write_text(
            "category,level,prompt,answer,flag,source\n"
            f"{name},1,A {name} question?,{name} answer,{flag},test\n",
            encoding="utf-8",
        )
        decks[name] = path
    with pytest.raises(DeckError) as error:
        bank_from_decks(decks)
    assert error.value.problems == [
        "flags.csv, line 2, column 'flag': geoteach has no flag for 'XXQ'; write the 3-letter "
        "code of a country, like FRA for France"
    ]


def _with_options(questions: dict) -> dict:
    """The fixture decks, each card printing four options (its answer among them)."""
    return {
        name: [
            {**card, "choices": [card["answer"], "Atlantis", "El Dorado", "Lemuria"]}
            for card in cards
        ]
        for name, cards in questions.items()
    }


def test_a_choice_alone_is_judged_by_the_game(table, questions) -> None:
    """A class game's device sends the option clicked with no mark: the game judges it."""
    for pick_right in (True, False):
        game = new_game(table, _with_options(questions))
        put(game, 0, "ring6", 1)
        move(game, "ring7")
        right = asked_answer(game)
        pick = right if pick_right else "Lemuria"
        game.apply({"player": 0, "type": "answer", "choice": pick})
        last = game.view(None)["last"]
        assert last["correct"] is pick_right and last["given"] == pick
        assert last["card"]["answer"] == right  # the whole card, once answered
        assert (game.state["player"] == 0) is pick_right  # right: roll again


def test_a_choice_must_be_one_of_the_cards_options(table, questions) -> None:
    game = new_game(table, _with_options(questions))
    put(game, 0, "ring6", 1)
    move(game, "ring7")
    right = asked_answer(game)
    before = game.to_json()
    for bad in (
        {"choice": "Kenya"},
        {"choice": 7},
        {"choice": None},
        {"choice": {"x": 1}},
        {"choice": right, "text": right},
        {"choice": right, "mark": "perhaps"},
    ):
        with pytest.raises(IllegalAction):
            game.apply({"player": 0, "type": "answer", **bad})
    assert game.to_json() == before
    with pytest.raises(IllegalAction, match="not one of the options"):
        game.apply({"player": 0, "type": "answer", "choice": "Kenya"})
    plain = new_game(table, questions)  # cards without options are typed (or marked)
    put(plain, 0, "ring6", 1)
    move(plain, "ring7")
    with pytest.raises(IllegalAction, match="no options"):
        plain.apply({"player": 0, "type": "answer", "choice": asked_answer(plain)})
    plain.apply({"player": 0, "type": "answer", "choice": "Atlantis", "mark": "wrong"})
    assert plain.view(None)["last"]["given"] is None and plain.view(None)["last"]["card"]


def test_the_back_of_the_card_is_the_readers_and_no_view_has_it(table, questions) -> None:
    """``card_back`` (honor mode's reader, the teacher in a class game) gives the card being
    asked with every answer that counts; the projector's view and the answering seat's never
    have it; between questions there is none; asking changes nothing."""
    game = new_game(table, questions)
    assert game.card_back() is None  # the die first
    put(game, 0, "ring6", 1)
    move(game, "ring7")
    before = game.to_json()
    back = game.card_back()
    card = game.question_card(game.state["question"]["id"])
    assert back is not None and back["player"] == 0 and back["prompt"] == card["prompt"]
    assert back["card"] == game.view(1)["question"]["card"]
    assert back["card"]["answer"] == card["answer"]
    assert card["answer"] in back["answers"]
    for seat in (None, 0):
        assert card["answer"] not in json.dumps(game.view(seat)["question"])
    back["card"]["answer"] = "changed"  # the caller's own copy
    assert game.to_json() == before and game.card_back()["card"]["answer"] == card["answer"]
    assert game.marks_right({"player": 0, "type": "answer", "mark": "right"})
    assert game.marks_right({"player": 0, "type": "answer", "mark": "right", "choice": "x"})
    for not_a_right_mark in (
        {"player": 0, "type": "answer", "mark": "wrong"},
        {"player": 0, "type": "answer", "text": "right"},
        {"player": 0, "type": "answer", "choice": card["answer"]},
        {"player": 0, "type": "roll", "mark": "right"},
    ):
        assert not game.marks_right(not_a_right_mark)
    answer(game, "right")
    assert game.card_back() is None
