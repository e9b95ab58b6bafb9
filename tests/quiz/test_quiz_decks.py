"""Deck files: the example deck, errors that name file, line and column, drawing order."""

from pathlib import Path
from random import Random

import pytest

from geoteach.data._paths import data_path
from geoteach.quiz.decks import Deck, DeckError, load_deck, validate_deck
from geoteach.quiz.question import SYMBOLS, Question

HEADER = "category,level,prompt,answer,aliases,explanation,symbol,source\n"
GOOD_ROW = "Capitals,1,Capital of Peru?,Lima,,On the Pacific.,,CIA World Factbook 2025\n"


def write(tmp_path: Path, text: str, name: str = "my_deck.csv") -> Path:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return path


def problems_of(path: Path) -> list[str]:
    with pytest.raises(DeckError) as error:
        load_deck(path)
    return error.value.problems


def test_example_deck_loads_and_every_card_has_a_source() -> None:
    deck = load_deck(data_path("decks", "example_world_capitals.csv"))
    assert len(deck) >= 15
    assert {q.level for q in deck} == {1, 2, 3}
    assert all(q.source for q in deck)
    assert {q.symbol for q in deck} - {None} <= set(SYMBOLS)
    usa = next(q for q in deck if q.answer == "Washington, D.C.")
    assert usa.aliases == ("Washington",) and usa.media.highlight == ("USA",)


def test_example_deck_flags_and_choices_are_usable() -> None:
    from geoteach.quiz.flags import flag_svg

    deck = load_deck(data_path("decks", "example_world_capitals.csv"))
    for q in deck:
        if q.media.flag:
            assert flag_svg(q.media.flag).lstrip().startswith("<svg")
        if q.choices:
            assert q.answer in q.choices


def test_the_issue_example_error(tmp_path: Path) -> None:
    rows = [GOOD_ROW] * 5 + [
        "Capitals,hard,Capital of Chile?,Santiago,,,,CIA World Factbook 2025\n"
    ]
    path = write(tmp_path, HEADER + "".join(rows))
    assert problems_of(path) == [
        "my_deck.csv, line 7, column 'level': level must be 1, 2 or 3 (or Beginner, "
        "Intermediate, Expert), got 'hard'"
    ]


def test_every_problem_is_listed_in_line_order(tmp_path: Path) -> None:
    text = HEADER + (
        "Capitals,1,Capital of Peru?,Lima,,,SPIN,CIA\n"
        "Capitals,2,,Lima,,,,CIA\n"
        "Capitals,4,Capital of Chile?,Santiago,,,,\n"
    )
    problems = problems_of(write(tmp_path, text))
    assert problems == [
        "my_deck.csv, line 2, column 'symbol': symbol must be empty, ROLL, BONUS ROLL or "
        "WILD CARD, got 'SPIN'",
        "my_deck.csv, line 3, column 'prompt': every row needs a question in 'prompt', got ''",
        "my_deck.csv, line 4, column 'level': level must be 1, 2 or 3 (or Beginner, "
        "Intermediate, Expert), got '4'",
        "my_deck.csv, line 4, column 'source': every row needs a source (where the fact comes "
        "from), got ''",
    ]


def test_csv_level_problems(tmp_path: Path) -> None:
    text = (
        "category,levle,prompt,answer,source\nCapitals,1,Capital of the US?,Washington, D.C.,CIA\n"
    )
    problems = problems_of(write(tmp_path, text))
    assert "my_deck.csv, line 1, column 'levle': unknown column (did you mean 'level'?)" in problems
    assert "my_deck.csv, line 1: the column 'level' is missing" in problems
    assert any(p.startswith("my_deck.csv, line 2: this row has 6 cells") for p in problems)


def test_line_numbers_count_blank_lines_and_quoted_line_breaks(tmp_path: Path) -> None:
    text = HEADER + '\nCapitals,1,"Capital\nof Peru?",Lima,,,,CIA\n\nCapitals,x,Q?,A,,,,CIA\n'
    assert problems_of(write(tmp_path, text)) == [
        "my_deck.csv, line 6, column 'level': level must be 1, 2 or 3 (or Beginner, "
        "Intermediate, Expert), got 'x'"
    ]


def test_cross_cell_checks(tmp_path: Path) -> None:
    text = (
        "category,level,prompt,answer,choices,kind,source\n"
        "Capitals,1,Capital of Kenya?,Nairobi,Mombasa;Kampala,,CIA\n"
        "Numbers,2,How many?,lots,,number,CIA\n"
    )
    assert problems_of(write(tmp_path, text)) == [
        "my_deck.csv, line 2, column 'choices': the choices must include the answer 'Nairobi', "
        "got 'Mombasa; Kampala'",
        "my_deck.csv, line 3, column 'answer': a number question needs a number answer, got 'lots'",
    ]


def test_missing_empty_and_non_utf8_files(tmp_path: Path) -> None:
    assert problems_of(tmp_path / "nope.csv")[0].startswith("nope.csv: there is no such file")
    assert problems_of(write(tmp_path, ""))[0].startswith("my_deck.csv: the file is empty")
    assert problems_of(write(tmp_path, HEADER))[0].endswith("only the header line")
    latin = tmp_path / "latin.csv"
    latin.write_bytes((HEADER + "Capitals,1,Capital of Peru?,Lim\xe1,,,,CIA\n").encode("latin-1"))
    assert problems_of(latin) == [
        "latin.csv, line 2: the file is not UTF-8 text; save it as 'CSV UTF-8'"
    ]


def test_level_words_bom_and_defaults(tmp_path: Path) -> None:
    text = "\ufeff" + HEADER + "Capitals,expert,Capital of Peru?,Lima,Ciudad de Lima,,roll,CIA\n"
    (card,) = load_deck(write(tmp_path, text))
    assert (card.level, card.symbol, card.kind, card.aliases) == (
        3,
        "ROLL",
        "text",
        ("Ciudad de Lima",),
    )
    assert card.id == "my_deck:2"
    assert validate_deck(write(tmp_path, text)).index.tolist() == [2]


def cards(n: int) -> list[Question]:
    return [
        Question("C" if i % 2 else "D", 1 + i % 3, f"Q{i}?", f"A{i}", id=f"q{i}") for i in range(n)
    ]


def test_draw_from_the_top_and_used_cards_go_to_the_back() -> None:
    deck = Deck(cards(6))
    first = deck.draw()
    assert first.id == "q0" and deck.cards[-1] is first and len(deck) == 6
    assert deck.draw(level=3).id == "q2"
    assert deck.draw(category="C", level=1).id == "q3"
    assert [q.id for q in deck] == ["q1", "q4", "q5", "q0", "q2", "q3"]
    with pytest.raises(LookupError, match="no Expert questions in 'E'"):
        deck.draw(category="E", level=3)


def test_deck_round_trips_through_json_and_shuffles_by_seed() -> None:
    import json

    deck = Deck(cards(9), name="mini")
    deck.shuffle(Random(3))
    again = Deck.from_dict(json.loads(json.dumps(deck.to_dict())))
    assert [q.id for q in again] == [q.id for q in deck]
    other = Deck(cards(9))
    other.shuffle(Random(3))
    assert [q.id for q in other] == [q.id for q in deck]
    assert sorted(q.id for q in deck) == sorted(q.id for q in cards(9))


def test_duplicate_ids_are_refused() -> None:
    with pytest.raises(ValueError, match="same id"):
        Deck(cards(2) + cards(1))
