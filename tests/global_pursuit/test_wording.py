"""The Global Pursuit screen's sentences, from views and moves, without a widget."""

from __future__ import annotations

from geoteach.bots.global_pursuit import GlobalPursuitBot
from geoteach.games.global_pursuit.engine import GlobalPursuit
from geoteach.games.table import Table
from geoteach.quiz.question import Question
from geoteach.render.globe_cards import SlotMark
from geoteach.ui.global_pursuit import wording


def finished_game(seed: int = 3) -> GlobalPursuit:
    game = GlobalPursuit(Table.of("Ana", "Ben"), seed=seed, table_size=[6, 4])
    bots = [GlobalPursuitBot("hard", seed=s) for s in range(2)]
    while not game.is_terminal():
        seat = game.to_act()[0]
        game.apply(bots[seat].choose(game, seat))
    return game


def test_who_starts_reads_the_first_rolls_of_the_view():
    view = {"first_rolls": [[[0, 7], [1, 7]], [[0, 3], [1, 11]]], "round": {"first": 1}}
    said = wording.who_starts(view, Table.of("Ana", "Ben"))
    assert said == "Everyone rolls the die (after a tie, again): Ana 3, Ben 11. Ben starts."


def test_who_starts_from_a_real_view():
    game = GlobalPursuit(Table.of("Ana", "Ben"), seed=1)
    said = wording.who_starts(game.view(None), game.table)
    assert said.startswith("Everyone rolls the die") and said.endswith("starts.")


def test_the_banner_head_counts_cards_on_the_table_and_in_the_pile():
    view = {"table": [{"card": "planet_earth:0"}], "draw_pile": 37, "round": {"number": 2}}
    assert wording.round_head(view) == "Round 2 · 1 card on the table · 37 in the draw pile"


def test_the_task_names_who_acts_and_the_deck():
    table = Table.of("Ana", "Robot", bots={"Robot": "easy"})
    view = {"phase": "level", "to_act": [0], "turn_of": 0, "trivia": {"deck_name": "Planet Earth"}}
    said = wording.task_text(view, table, person=0, reader=None, verdict_open=False)
    assert said.endswith(": choose a level for the Planet Earth question.")
    assert "read the verdict, then press Continue." in wording.task_text(
        view, table, person=0, reader=0, verdict_open=True
    )
    playing = wording.task_text({**view, "to_act": [1]}, table, None, None, False)
    assert playing.endswith(" is playing…")


def test_a_name_typed_at_the_table_is_escaped_in_the_deck_and_the_step():
    trivia = {"deck_name": "<b>Moon</b>", "symbol": None, "die": None}
    assert "&lt;b&gt;Moon" in wording.question_head(trivia)
    assert "<b>Moon</b>" not in wording.level_step(trivia, None)


def test_the_level_step_with_fixed_levels_tells_the_level():
    trivia = {"deck_name": "Planet Earth", "symbol": "ROLL", "die": 8}
    said = wording.level_step(trivia, 2)
    assert "(ROLL). The die shows 8." in said and "Your level is 2" in said


def test_the_end_lists_the_engine_s_points_for_cards_left_in_hand():
    game = finished_game()
    view = game.view(None)
    lines = wording.end_lines(view, game.table)
    assert lines[0] == game.state["ended"]
    for seat, hand in enumerate(game.state["hands"]):
        name = game.table.name_of(seat)
        held = [line for line in lines if line.startswith(name)]
        if hand:
            n = len(hand)
            assert held == [
                f"{name} still holds {n} map card{'s' * (n != 1)}: {-4 * n} points (-4 for each)."
            ]
        else:
            assert held == []


def test_the_end_from_a_hand_made_view():
    view = {"ended": "Every map card is on the table.", "left_in_hand": []}
    assert wording.end_lines(view, Table.of("A", "B")) == ["Every map card is on the table."]
    view = {"ended": "x", "left_in_hand": [{"seat": 1, "cards": 1, "points": -4}]}
    assert wording.end_lines(view, Table.of("A", "B"))[1] == (
        "B still holds 1 map card: -4 points (-4 for each)."
    )


def test_news_since_finds_the_lines_added_to_a_short_list():
    assert wording.news_since(["a", "b"], ["a", "b", "c"]) == ["c"]
    assert wording.news_since(["a", "b", "c"], ["b", "c", "d", "e"]) == ["d", "e"]
    assert wording.news_since([], []) == []


def test_a_computer_s_move_and_the_game_over():
    table = Table.of("Ana", "Robot", bots={"Robot": "easy"})
    move = {"player": 1, "type": "level", "level": 3}
    assert wording.computer_move(move, table, ["Robot rolls 4."]) == (
        "Robot chooses level 3. Robot rolls 4."
    )
    added, over = wording.until_game_over(["Robot lays a card.", "Game over: x", "more"])
    assert over and added == ["Robot lays a card.", "The game is over."]


def test_a_computer_s_decision_on_a_person_s_card():
    table = Table.of("You", "Robot", bots={"Robot": "easy"})
    right = {"last": {"challenge": "right"}, "phase": "match"}
    assert wording.about_a_persons_card("challenge", "Robot", 0, table, right, 0) == (
        "Robot challenges your card: it does not match."
    )
    stands = {"last": None, "phase": "level"}
    assert wording.about_a_persons_card("accept", "Robot", 0, table, stands, 4) == (
        "Robot lets your card stand: you score 4."
    )


def test_challenge_verdicts_give_the_engine_s_reasons():
    table = Table.of("Ana", "Ben")
    last = {"challenge": "right", "why": ["the coast does not go on"]}
    headline, right, lines = wording.own_challenge_verdict(table, 0, 1, last)
    assert headline == "Right! That card does not match." and right
    assert lines[0] == "The coast does not go on." and "2 points from Ben" in lines[1]
    headline, right, _ = wording.challenged_verdict(table, 1, 0, {"challenge": "wrong"})
    assert headline == "Ben challenges, but Ana's card matches!" and right


def test_an_answer_verdict():
    table = Table.of("Ana", "Ben")
    question = Question(
        category="capitals", level=1, prompt="What is the capital of Peru?", answer="Lima"
    )
    view = {"last": {"correct": False, "given": "Cusco"}, "phase": "match", "turn_of": 1}
    said = wording.answer_verdict(table, 0, question, {"wild": True}, view, 0)
    assert said["headline"] == "Not this time: 1 token goes back to the bank."
    assert said["correct"] is False and "Your answer: “Cusco”" in said["lines"]
    assert said["lines"][-1] == "Ana's turn ends." and "Lima" in said["answer"]
    view = {"last": {"correct": True}, "phase": "match", "turn_of": 0}
    trivia = {"symbol": "BONUS ROLL", "die": 8, "wild": False}
    said = wording.answer_verdict(table, 0, question, trivia, view, 8)
    assert said["headline"] == "Right! Ana scores 8."
    assert "BONUS ROLL card: the level's points times the die (8)." in said["lines"]
    assert said["lines"][-1] == "Ana's turn goes on: lay another card."


def test_a_place_in_the_menu():
    view = {"table": [{"card": "planet_earth:7"}]}
    mark = SlotMark(number=3, index=0, edge=1, centre=(0.0, 0.0), corners=())
    label = wording.place_label(view, mark)
    assert label == "3: beside Planet Earth card 8, its edge 2"


def test_how_points_are_made_follows_the_options():
    assert "+2 when it joins" in wording.points_html({"maps": "one_map"})
    fixed = wording.points_html({"maps": "four_maps", "fixed_levels": [2, 2]})
    assert "always 2 points" in fixed and "+2 when it joins" not in fixed
    assert "-4 points for each card" in fixed


def test_tokens_and_the_cards_fit_caption():
    html = wording.tokens_html({"scores": [23, -3]}, Table.of("Ana", "Ben"))
    assert "23 points = 1 blue (20) + 3 white (1 each)" in html and "owes 3" in html
    caption = wording.cards_fit_caption("planet_earth", 8, "planet_earth:0")
    assert "8 of the 12 Planet Earth cards: 6 that show the Equator, then 2 polar" in caption
