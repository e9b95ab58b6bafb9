"""Every rule of the engine besides the worked examples: turns, hurdles, decks, saving."""

from __future__ import annotations

import pytest

from geoteach.games.base import IllegalAction
from geoteach.games.deck import check_conservation
from geoteach.games.globalissimo import (
    GAME_OVER,
    HURDLE,
    HURDLE_KINDS,
    HURDLE_SPACES,
    Globalissimo,
    run,
    true_places,
)
from geoteach.games.table import Table
from tests.globalissimo.conftest import ATLAS, new_game, stack


def rank_all(game: Globalissimo, ranks: dict[str, int] | None = None) -> None:
    """Everyone ranks the next free country (rank 1 unless ``ranks`` says otherwise)."""
    ranks = ranks or {}
    for _ in range(len(game.remaining_countries())):
        country = game.remaining_countries()[0]
        seat = game.to_act()[0]
        game.apply(
            {"player": seat, "type": "rank", "country": country, "rank": ranks.get(country, 1)}
        )


def answer_everything(game: Globalissimo, right: bool) -> None:
    while game.phase == HURDLE:
        seat = game.to_act()[0]
        card = game.hurdle_card
        kind = game.facing()["kind"]
        if kind == "A":
            answer = ATLAS.map_numbers[card] if right else 0
        else:
            answer = ATLAS.capitals[card] if right else "Nowhere"
        game.apply({"player": seat, "type": "answer", "answer": answer})


def test_fourteen_hurdles_alternate_from_start():
    assert len(HURDLE_SPACES) == 14
    assert HURDLE_SPACES[0] == 3
    assert "".join(HURDLE_KINDS) == "ABABABABABABAB"
    assert list(HURDLE_SPACES) == sorted(set(HURDLE_SPACES))


def test_run_stops_in_front_of_a_hurdle_only_with_steps_to_go():
    assert run(2, 3, {3}) == run(2, 3, [3])
    assert (run(2, 3, {3}).space, run(2, 3, {3}).remaining) == (3, 2)
    assert run(0, 3, {3}).facing_hurdle is False  # lands on 3 with nothing left
    assert run(3, 2, set()).space == 5


def test_true_places_lowest_first():
    assert true_places([1.0, 5.0, 5.0], "lowest") == [1, 2, 2]
    with pytest.raises(ValueError):
        true_places([1.0], "middle")


def test_rejected_moves_change_nothing():
    game = new_game("Ana", "Ben", "Cy")
    before = game.to_json()
    first, other = game.round["countries"][:2]
    bad = [
        {"player": 1, "type": "rank", "country": first, "rank": 1},  # not Ben's turn
        {"player": 0, "type": "rank", "country": "XXX", "rank": 1},
        {"player": 0, "type": "rank", "country": first, "rank": 4},  # only 1..3
        {"player": 0, "type": "rank", "country": first, "rank": True},
        {"player": 0, "type": "answer", "answer": "Paris"},
        {"player": 0, "type": "dance"},
    ]
    for action in bad:
        with pytest.raises(IllegalAction):
            game.apply(action)
        assert game.to_json() == before
    game.apply({"player": 0, "type": "rank", "country": first, "rank": 2})
    with pytest.raises(IllegalAction, match="already has a number"):
        game.apply({"player": 1, "type": "rank", "country": first, "rank": 2})
    # The same rank as another player is allowed.
    game.apply({"player": 1, "type": "rank", "country": other, "rank": 2})
    # The last player can only rank the remaining country.
    last = game.legal_actions(2)
    assert {a["country"] for a in last} == set(game.remaining_countries())
    assert len(game.remaining_countries()) == 1 and len(last) == 3


def test_checkered_flag_moves_clockwise_and_game_ends_after_the_rounds():
    game = new_game("Ana", "Ben", "Cy", rounds=4, seed=3)
    flags = []
    while not game.is_terminal():
        flags.append(game.round["checkered_flag"])
        rank_all(game)
        answer_everything(game, right=False)
    assert flags == [0, 1, 2, 0]
    assert game.phase == GAME_OVER and len(game.history) == 4
    assert game.current_player() == "terminal"
    assert game.winners()


def test_the_player_given_the_checkered_flag_at_setup_starts():
    """ "Pick a starting player and give him/her the marker with the checkered flag." The table
    setup picks the holder (``Table.first``); the game starts with that seat, then passes the
    flag clockwise ("the new starting player is the player that sits clockwise")."""
    assert Globalissimo.first_player_rule == "checkered_flag"
    game = Globalissimo(Table.of("Ana", "Ben", "Cy", first=2), seed=3, atlas=ATLAS, rounds=2)
    assert game.round["checkered_flag"] == 2 and game.to_act() == [2]
    rank_all(game)
    answer_everything(game, right=False)
    assert game.round["checkered_flag"] == 0 and game.to_act() == [0]


def test_wrong_answer_keeps_runner_and_hurdle_and_loses_the_rest():
    game = new_game("Ana", "Ben")
    game.scoreboard.counters["points"] = [3, 0]
    stack(game, ["FRA", "JPN"], "tourists", top=["AUT", "CAN"])
    game.apply({"player": 0, "type": "rank", "country": "FRA", "rank": 1})  # 3 points
    game.apply({"player": 1, "type": "rank", "country": "JPN", "rank": 1})  # 2 points
    assert game.phase == HURDLE and game.hurdle_card == "AUT"
    game.apply({"player": 0, "type": "answer", "answer": "51"})
    assert game.scores() == [3, 2]
    assert game.hurdles[0]["taken_by"] is None
    assert game.history[-1]["hurdles"][0]["correct"] is False


def test_right_answer_can_meet_the_next_hurdle_in_the_same_move():
    game = new_game("Ana", "Ben")
    game.scoreboard.counters["points"] = [3, 0]
    stack(game, ["FRA", "JPN"], "tourists", top=["AUT", "CAN"])
    game.apply({"player": 0, "type": "rank", "country": "FRA", "rank": 1})
    game.apply({"player": 1, "type": "rank", "country": "JPN", "rank": 1})
    game.apply({"player": 0, "type": "answer", "answer": "AUT"})  # a click on Austria
    # 3 -> 4 -> 5, then hurdle B at 5 with one step left; the next card is Canada.
    assert game.phase == HURDLE and game.scores()[0] == 5
    assert game.facing()["kind"] == "B" and game.hurdle_card == "CAN"
    game.apply({"player": 0, "type": "answer", "answer": "otawa"})  # a small typo is fine
    assert game.scores() == [6, 2]
    assert game.scoreboard.get(0, "hurdles") == 2
    assert [h["taken_by"] for h in game.hurdles[:3]] == [0, 0, None]


@pytest.mark.parametrize(
    ("card", "typed", "right"),
    [
        ("BOL", "Sucre", True),
        ("BOL", "la paz", True),  # seat of government
        ("HUN", "BUDAPEST", True),
        ("HUN", "Vienna", False),  # another capital is never a typo
        ("BRA", "Brasilia", True),  # accents forgiven
        ("NLD", "The Hague", True),
    ],
)
def test_hurdle_b_capitals(card, typed, right):
    game = new_game("Ana", "Ben")
    game.scoreboard.counters["points"] = [5, 0]
    game.hurdles[0]["taken_by"] = 1
    game.hurdles[2]["taken_by"] = 1  # nothing stands in the way after hurdle B at 5
    stack(game, ["FRA", "JPN"], "tourists", top=[card])
    game.apply({"player": 0, "type": "rank", "country": "FRA", "rank": 1})
    game.apply({"player": 1, "type": "rank", "country": "JPN", "rank": 1})
    assert game.facing()["kind"] == "B"
    verdict = game.judge({"player": 0, "type": "answer", "answer": typed})
    assert verdict.correct is right
    game.apply({"player": 0, "type": "answer", "answer": typed})
    assert game.scores()[0] == (8 if right else 5)


def test_hurdle_a_message_names_the_country_of_a_wrong_number():
    game = new_game("Ana", "Ben")
    game.scoreboard.counters["points"] = [3, 0]
    stack(game, ["FRA", "JPN"], "tourists", top=["HUN"])
    game.apply({"player": 0, "type": "rank", "country": "FRA", "rank": 1})
    game.apply({"player": 1, "type": "rank", "country": "JPN", "rank": 1})
    verdict = game.judge({"player": 0, "type": "answer", "answer": "70"})
    assert not verdict.correct
    assert verdict.message == "Not quite — Hungary is number 54 on the map. Number 70 is Libya."
    with pytest.raises(IllegalAction, match="Type a number"):
        game.apply({"player": 0, "type": "answer", "answer": "  "})


def test_honor_mode_takes_the_teachers_mark():
    game = new_game("Ana", "Ben", honor=True)
    game.scoreboard.counters["points"] = [3, 0]
    stack(game, ["FRA", "JPN"], "tourists", top=["HUN"])
    game.apply({"player": 0, "type": "rank", "country": "FRA", "rank": 1})
    game.apply({"player": 1, "type": "rank", "country": "JPN", "rank": 1})
    assert game.legal_actions() == [
        {"player": 0, "type": "mark", "verdict": "right"},
        {"player": 0, "type": "mark", "verdict": "wrong"},
    ]
    with pytest.raises(IllegalAction):
        game.apply({"player": 0, "type": "answer", "answer": "54"})
    game.apply({"player": 0, "type": "mark", "verdict": "right"})
    assert game.scores()[0] == 5 and game.hurdles[0]["taken_by"] == 0
    assert game.facing()["kind"] == "B"  # one step left, the next hurdle
    game.apply({"player": 0, "type": "mark", "verdict": "wrong"})
    assert game.scores() == [5, 2] and game.hurdles[1]["taken_by"] is None


def test_the_back_of_the_hurdle_card_is_the_markers_and_no_view_has_it():
    """Honor mode: ``card_back`` gives the one who marks (the teacher, in a class game) every
    answer that counts for the hurdle faced; no view has it, not even the projector's
    (``view(None)``, which a class game's spectators get); it changes nothing."""
    game = new_game("Ana", "Ben", honor=True)
    game.scoreboard.counters["points"] = [3, 0]
    game.hurdles[0]["kind"] = "B"
    stack(game, ["FRA", "JPN"], "tourists", top=["BOL"])
    assert game.card_back() is None  # ranking: no card asked
    game.apply({"player": 0, "type": "rank", "country": "FRA", "rank": 1})
    game.apply({"player": 1, "type": "rank", "country": "JPN", "rank": 1})
    assert game.phase == HURDLE
    before = game.to_json()
    back = game.card_back()
    assert back["player"] == 0 and back["answers"] == "Sucre or La Paz"
    assert back["prompt"] == "Name the capital of Bolivia." and back["card"]["answer"]
    for seat in (None, 0, 1):
        hurdle = game.view(seat)["hurdle"]
        assert "accepted" not in hurdle and "Sucre" not in str(hurdle)
    assert game.to_json() == before
    assert game.marks_right({"player": 0, "type": "mark", "verdict": "right"})
    assert not game.marks_right({"player": 0, "type": "mark", "verdict": "wrong"})
    assert not game.marks_right({"player": 0, "type": "answer", "answer": "right"})
    game.apply({"player": 0, "type": "mark", "verdict": "wrong"})
    assert game.card_back() is None
    assert game.view(None)["last_hurdle"]["marked"] is True  # said aloud, marked


def test_values_stay_hidden_until_the_cards_are_turned_over():
    game = new_game("Ana", "Ben")
    view = game.view(0)
    assert "values" not in view["round"] and "places" not in view["round"]
    assert (
        view["round"]["category_card"]["unit"] == ATLAS.categories[game.round["category"]]["unit"]
    )
    rank_all(game)
    answer_everything(game, right=True)
    last = game.view(1)["last_round"]
    assert set(last["values"]) == set(last["countries"])


def test_countries_without_data_are_never_dealt_for_that_category():
    # Chad has no (invented) tourists value: it must never be dealt in a tourists round.
    for seed in range(30):
        game = new_game("A", "B", "C", "D", "E", "F", seed=seed, categories=["tourists"], rounds=3)
        while not game.is_terminal():
            assert "TCD" not in game.round["countries"]
            assert len(set(game.round["countries"])) == 6
            rank_all(game)
            answer_everything(game, right=bool(seed % 2))


def test_teacher_restrictions():
    europe = new_game("Ana", "Ben", continent="europe")
    assert {ATLAS.continents[c] for c in europe.country_deck.cards + europe.round["countries"]} == {
        "Europe"
    }
    typed = new_game("Ana", "Ben", countries="holland, Hungary ,Libya")
    assert sorted(typed.country_deck.cards + typed.round["countries"]) == ["HUN", "LBY", "NLD"]
    with pytest.raises(ValueError, match="Narnia"):
        new_game("Ana", "Ben", countries=["France", "Narnia"])
    with pytest.raises(ValueError, match="Atlantis"):
        new_game("Ana", "Ben", region="Atlantis")
    with pytest.raises(ValueError, match="Unknown categories: rain"):
        new_game("Ana", "Ben", categories=["rain"])
    with pytest.raises(ValueError, match="needs 3 countries"):
        new_game("Ana", "Ben", "Cy", countries=["France", "Chad"])
    with pytest.raises(ValueError, match="2 to 6"):
        new_game("Solo")


def test_no_card_is_lost_or_duplicated():
    game = new_game("A", "B", "C", "D", seed=11)
    deck = sorted(ATLAS.names)

    def in_play() -> list[str]:
        on_table = game.round["countries"] if game.phase == "ranking" else []
        return [*on_table, *([game.hurdle_card] if game.hurdle_card else [])]

    while not game.is_terminal():
        rank_all(game)
        check_conservation(deck, game.country_deck, in_play())
        answer_everything(game, right=True)
        check_conservation(deck, game.country_deck, in_play())


def test_ties_are_broken_by_hurdles():
    game = new_game("Ana", "Ben", rounds=1)
    game.scoreboard.counters["points"] = [4, 4]
    game.scoreboard.counters["hurdles"] = [1, 0]
    game.hurdles[0]["taken_by"] = 0
    game.hurdles[1]["taken_by"] = 0
    stack(game, ["FRA", "JPN"], "tourists")
    game.apply({"player": 0, "type": "rank", "country": "FRA", "rank": 2})  # 2 points
    game.apply({"player": 1, "type": "rank", "country": "JPN", "rank": 1})  # 2 points
    assert game.is_terminal() and game.scores() == [6, 6]
    assert game.winners() == [0] and game.standings() == [0, 1]


def test_save_load_and_replay_give_the_same_game(tmp_path, fixture_by_default):
    game = new_game("Ana", "Ben", "Cy", seed=5, rounds=3)
    rank_all(game, {})
    answer_everything(game, right=True)
    rank_all(game, {})
    path = game.save(tmp_path / "g.json")
    loaded = Globalissimo.load(path)
    assert loaded.to_json() == game.to_json()
    assert game.replay().to_json() == game.to_json()


def test_setup_game_quick_start_with_bots():
    game = Globalissimo.setup_game(["Ana", "Robo"], {"Robo": "hard"}, seed=1, atlas=ATLAS)
    assert game.table.seats[1].is_bot and isinstance(game.table, Table)
