"""A teacher reads a deck before class and retires a card by id, without touching code."""

from __future__ import annotations

import importlib.util
from pathlib import Path

import pytest

from geoteach.data import conventions
from geoteach.lessons.deck_review import deck_questions, kind_of, retire_card, review_text
from geoteach.quiz import generators as gen

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture
def retired_file(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """data/decks/retired.csv replaced by a file of the test's own."""
    path = tmp_path / "retired.csv"
    path.write_text("id,reason,retired_by\n", encoding="utf-8")
    monkeypatch.setattr(conventions, "_retired_path", lambda: path)
    gen.retired_ids.cache_clear()
    yield path
    gen.retired_ids.cache_clear()


def test_the_shipped_retired_file_reads() -> None:
    assert isinstance(conventions.retired_card_ids(), frozenset)


def test_review_prints_every_card_with_answer_options_and_source() -> None:
    questions = deck_questions("continents")
    text = review_text(questions)
    assert text.count("\n[continent:") + text.startswith("[") == len(questions)
    assert f"== continent ({len(questions)} cards) ==" in text
    chad = next(q for q in questions if q.id == "continent:TCD")
    block = text.split("[continent:TCD]")[1].split("\n[")[0]
    assert f"A: {chad.answer}" in block
    assert "wrong options: " + "; ".join(c for c in chad.choices if c != chad.answer) in block
    assert f"source: {chad.source}" in block


def test_review_groups_by_kind_and_shows_accepted_forms() -> None:
    text = review_text(deck_questions("capitals"))
    assert "== capital (" in text and "== capital_of (" in text
    bolivia = text.split("[capital:BOL]")[1].split("\n[")[0]
    assert "also accepted: " in bolivia and "La Paz" in bolivia
    assert kind_of(next(iter(deck_questions("statistics")))).startswith("compare:")


def test_review_reads_a_csv_deck_and_refuses_an_unknown_name() -> None:
    deck = ROOT / "data" / "decks" / "example_world_capitals.csv"
    assert "source: " in review_text(deck_questions(str(deck)))
    with pytest.raises(LookupError, match="No deck called"):
        deck_questions("rivers")


def test_a_retired_card_leaves_every_deck(retired_file: Path) -> None:
    assert any(q.id == "continent:TCD" for q in gen.generate(["continents"]))
    assert retire_card("continent:TCD", "checked by a teacher", retired_file, "T. Teacher")
    assert not retire_card("continent:TCD", "again", retired_file)  # already there
    assert conventions.retired_card_ids(retired_file) == {"continent:TCD"}
    gen.retired_ids.cache_clear()
    assert not any(q.id == "continent:TCD" for q in gen.generate(["continents"]))
    assert "continent:TCD" not in {q.id for q in deck_questions("continents")}
    shown = review_text(deck_questions("continents", include_retired=True), gen.retired_ids())
    assert "[continent:TCD] level" in shown and "[RETIRED]" in shown


def test_a_retired_file_without_an_id_column_is_refused(tmp_path: Path) -> None:
    bad = tmp_path / "retired.csv"
    bad.write_text("card,reason\ncontinent:TCD,x\n", encoding="utf-8")
    with pytest.raises(ValueError, match="starting with 'id'"):
        conventions.retired_card_ids(bad)


def test_the_script_retires_and_prints(
    retired_file: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    spec = importlib.util.spec_from_file_location("review_deck", ROOT / "scripts/review_deck.py")
    assert spec and spec.loader
    script = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(script)
    assert script.main(["--retire", "flag:FRA", "a test"]) == 0
    assert "flag:FRA" in retired_file.read_text(encoding="utf-8")
    gen.retired_ids.cache_clear()
    assert script.main(["flags"]) == 0
    out = capsys.readouterr().out
    assert "[flag:DEU]" in out and "[flag:FRA]" not in out
    assert script.main(["no such deck"]) == 2
