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
    rows = [GOOD_ROW.replace("Peru?", f"Peru ({n})?") for n in range(5)] + [
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
        "latin.csv, line 2: the file is not UTF-8 text (it was probably saved as plain 'CSV' "
        "in an older format); open it in your spreadsheet and save it again as 'CSV UTF-8'"
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
    with pytest.raises(DeckError, match="same id 'q0'"):
        Deck(cards(2) + cards(1))


# ----- issue 12, item 4: every problem is found when the deck is loaded ---------------------

MEDIA_HEADER = "category,level,prompt,answer,flag,highlight,source\n"


def test_flags_and_map_codes_geoteach_cannot_show_are_found_at_load(tmp_path: Path) -> None:
    text = MEDIA_HEADER + (
        "Flags,1,Whose flag is this?,France,XXQ,,CIA\n"
        "Flags,1,Whose flag is that?,France,France,,CIA\n"
        "Maps,1,Which is lit?,Peru,,PER;Ohio;QQ,CIA\n"
        "Flags,2,Whose flag is it?,Spain,esp,ESP;TX,CIA\n"
    )
    assert problems_of(write(tmp_path, text)) == [
        "my_deck.csv, line 2, column 'flag': geoteach has no flag for 'XXQ'; write the 3-letter "
        "code of a country, like FRA for France",
        "my_deck.csv, line 3, column 'flag': geoteach has no flag for 'France'; write FRA (France)",
        "my_deck.csv, line 4, column 'highlight': 'Ohio' is neither a country code (like PER) "
        "nor a U.S. state code (like OH); write OH (Ohio)",
        "my_deck.csv, line 4, column 'highlight': 'QQ' is neither a country code (like PER) nor "
        "a U.S. state code (like OH)",
    ]


def test_a_loaded_deck_shows_every_flag_on_the_question_card(tmp_path: Path) -> None:
    from geoteach.ui.question_card import QuestionCard

    text = MEDIA_HEADER + "Flags,1,Whose flag is it?,Spain,esp,ESP;TX,CIA\n"
    (card,) = load_deck(write(tmp_path, text))
    assert card.media.flag == "ESP" and card.media.highlight == ("ESP", "TX")
    widget = QuestionCard(mode="typed")
    widget.ask(card)
    assert widget.media.value.startswith('<img src="data:image/svg+xml;base64,')


def test_duplicate_ids_name_both_lines(tmp_path: Path) -> None:
    text = (
        "category,level,prompt,answer,id,source\n"
        "Capitals,1,Capital of Peru?,Lima,cap-1,CIA\n"
        "Capitals,1,Capital of Chile?,Santiago,cap-2,CIA\n"
        "Capitals,2,Capital of Bhutan?,Thimphu,cap-1,CIA\n"
    )
    assert problems_of(write(tmp_path, text)) == [
        "my_deck.csv, line 4, column 'id': the id 'cap-1' is already the id of line 2; every "
        "card needs its own id",
    ]
    # An id may not take the default id of another row ("<file name>:<line>") either.
    text = (
        "category,level,prompt,answer,id,source\n"
        "Capitals,1,Capital of Peru?,Lima,my_deck:3,CIA\n"
        "Capitals,1,Capital of Chile?,Santiago,,CIA\n"
    )
    assert problems_of(write(tmp_path, text)) == [
        "my_deck.csv, line 3, column 'id': the id 'my_deck:3' is already the id of line 2; every "
        "card needs its own id",
    ]


def test_folders_and_unreadable_paths_are_deck_errors(tmp_path: Path, monkeypatch) -> None:
    (folder_problem,) = problems_of(tmp_path)
    assert folder_problem.startswith(f"{tmp_path.name}: this is a folder, not a file")
    path = write(tmp_path, HEADER + GOOD_ROW)
    (inside_a_file,) = problems_of(path / "deck.csv")
    assert inside_a_file.startswith("deck.csv: this file cannot be read (Not a directory")
    (too_long,) = problems_of(tmp_path / ("x" * 300 + ".csv"))
    assert "cannot be read (File name too long" in too_long

    def locked(self: Path) -> bytes:
        raise PermissionError(13, "Permission denied", str(self))

    monkeypatch.setattr(Path, "read_bytes", locked)
    (locked_problem,) = problems_of(path)
    assert locked_problem.startswith("my_deck.csv: the computer does not let geoteach read")
    assert "close it in any program that has it open (such as Excel)" in locked_problem


@pytest.mark.parametrize(
    ("data", "what"),
    [
        (b"PK\x03\x04\x14\x00\x06\x00" + bytes(range(256)), "this is a spreadsheet workbook"),
        (b"\xd0\xcf\x11\xe0\xa1\xb1\x1a\xe1" + bytes(200), "this is an old Excel workbook (.xls)"),
        (b"\x89PNG\r\n\x1a\n" + bytes(range(256)), "this is a PNG picture"),
        (bytes(range(256)) * 8, "this is not a text file"),
        (bytes(range(1, 256)) * 8, "this is not a text file"),
    ],
    ids=["xlsx", "xls", "png", "binary", "binary-without-nul"],
)
def test_files_that_are_not_csv_text_are_named(tmp_path: Path, data: bytes, what: str) -> None:
    path = tmp_path / "my_deck.csv"
    path.write_bytes(data)
    (problem,) = problems_of(path)
    assert problem.startswith(f"my_deck.csv: {what}")
    assert problem.endswith("save it again as 'CSV UTF-8'")


def test_excel_unicode_text_and_semicolon_decks_load(tmp_path: Path) -> None:
    rows = [
        ["category", "level", "prompt", "answer", "aliases", "source"],
        ["Capitales", "1", "Capitale du Pérou ?", "Lima", "Ciudad de Lima; Lima City", "CIA"],
        ["Capitales", "2", "Capitale du Bhoutan ?", "Thimphou", "", "CIA"],
    ]
    unicode_text = tmp_path / "unicode.csv"  # Excel: Save As "Unicode Text"
    unicode_text.write_bytes("\r\n".join("\t".join(r) for r in rows).encode("utf-16"))
    semicolons = tmp_path / "semicolons.csv"  # European Excel: Save As "CSV UTF-8"
    semicolons.write_bytes(
        "\r\n".join(";".join(f'"{c}"' if ";" in c else c for c in r) for r in rows).encode(
            "utf-8-sig"
        )
    )
    for path in (unicode_text, semicolons):
        peru, bhutan = load_deck(path)
        assert (peru.prompt, peru.aliases) == (
            "Capitale du Pérou ?",
            ("Ciudad de Lima", "Lima City"),
        )
        assert (bhutan.level, bhutan.answer, bhutan.id) == (2, "Thimphou", f"{path.stem}:3")


def test_quote_marks_that_do_not_close_are_found_at_their_line(tmp_path: Path) -> None:
    never_closed = HEADER + GOOD_ROW + 'Capitals,1,"Capital of Chile?,Santiago,,,,CIA\n' + GOOD_ROW
    assert problems_of(write(tmp_path, never_closed)) == [
        'my_deck.csv, line 3: a quote mark (") opens a cell on this row and is never closed; add '
        'the closing quote mark. To put a quote mark inside a cell, write it twice: "The ""Big"" '
        'Apple"'
    ]
    text_after = HEADER + GOOD_ROW + 'Capitals,1,"Capital" of Chile?,Santiago,,,,CIA\n'
    assert problems_of(write(tmp_path, text_after)) == [
        'my_deck.csv, line 3: a quote mark (") closes a cell but more text follows it; a quoted '
        'cell must end with its quote mark: "Washington, D.C.". To put a quote mark inside a '
        'cell, write it twice: "The ""Big"" Apple"'
    ]


def test_header_mistakes_are_named(tmp_path: Path) -> None:
    twice = "category,level,prompt,answer,level,source\nCapitals,1,Capital of Peru?,Lima,1,CIA\n"
    assert problems_of(write(tmp_path, twice)) == [
        "my_deck.csv, line 1, column 'level': this column appears 2 times (columns 2 and 5); "
        "keep one"
    ]
    no_header = "Capitals,1,Capital of Peru?,Lima,CIA\n"
    assert problems_of(write(tmp_path, no_header)) == [
        "my_deck.csv, line 1: the first line must name the columns, like "
        "category,level,prompt,answer,source, but it reads 'Capitals,1,Capital of Peru?,Lima,CIA'"
        "; add a line with the column names at the top (see data/decks/README.md)"
    ]
    unnamed = "category,level,prompt,answer,source,\nCapitals,1,Capital of Peru?,Lima,CIA,x\n"
    assert problems_of(write(tmp_path, unnamed)) == [
        "my_deck.csv, line 2, column 6: this cell has text but its column has no name on line 1; "
        "name the column or move the text"
    ]
    blank = write(tmp_path, "  \n\n")
    assert problems_of(blank)[0].startswith("my_deck.csv: the file is empty")


def test_careless_cells_and_rows_are_found(tmp_path: Path) -> None:
    text = (
        "category,level,prompt,answer,choices,kind,tolerance,source\n"
        "Capitals,1,Capital of Peru?,#N/A,,,,CIA\n"
        "Heights,2,How high is Everest (m)?,8849,,number,inf,CIA\n"
        "Capitals,1,Capital of Chile?,Santiago,,,5,CIA\n"
        "Capitals,1,Capital of Kenya?,Nairobi,Nairobi,,,CIA\n"
        "Capitals,2,Capital of Ghana?,Accra,Accra;Kumasi;Kumasi,,,CIA\n"
        "capitals ,2,Capital of Togo?,Lomé,,,,CIA\n"
        "Capitals,1,Capital  of chile?,Santiago,,,,CIA\n"
    )
    assert problems_of(write(tmp_path, text)) == [
        "my_deck.csv, line 2, column 'answer': this cell holds a spreadsheet error instead of "
        "text; fix the formula or type the text, got '#N/A'",
        "my_deck.csv, line 3, column 'tolerance': tolerance must be empty or a number of 0 or "
        "more, got 'inf'",
        "my_deck.csv, line 4, column 'tolerance': a tolerance only counts for a number question; "
        "write 'number' in the 'kind' column or leave the tolerance empty",
        "my_deck.csv, line 5, column 'choices': a multiple-choice question needs at least two "
        "choices",
        "my_deck.csv, line 6, column 'choices': the choice 'Kumasi' is written twice",
        "my_deck.csv, line 7, column 'category': 'capitals' is written 'Capitals' on line 2; "
        "write a category the same way every time, or the games treat it as two categories",
        "my_deck.csv, line 8, column 'prompt': this is the same question as line 4; delete one "
        "of them or make them different",
    ]


def test_cell_and_row_problems_are_listed_together(tmp_path: Path) -> None:
    text = (
        "category,level,prompt,answer,choices,flag,source\n"
        "Capitals,hard,Capital of Peru?,Lima,,,CIA\n"
        "Capitals,1,Capital of Kenya?,Nairobi,Mombasa;Kampala,XXQ,CIA\n"
    )
    assert [p.split(":")[0] for p in problems_of(write(tmp_path, text))] == [
        "my_deck.csv, line 2, column 'level'",
        "my_deck.csv, line 3, column 'choices'",
        "my_deck.csv, line 3, column 'flag'",
    ]


def test_a_long_list_of_problems_is_cut_short_in_the_message(tmp_path: Path) -> None:
    rows = "".join(f"Capitals,{n},Capital number {n}?,Lima,,,,CIA\n" for n in range(4, 124))
    with pytest.raises(DeckError) as error:
        load_deck(write(tmp_path, HEADER + rows))
    assert len(error.value.problems) == 120
    lines = str(error.value).splitlines()
    assert lines[0] == "This deck has 120 problems:"
    assert lines[1:51] == error.value.problems[:50]
    assert lines[51:] == ["... and 70 more: fix these, then load the file again."]
