"""The Pursuits' kept question banks (data/built/, issue 24) are what the generators make today.

A kernel reads a kept bank instead of generating it (2 to 8 CPU-seconds saved per student); these
tests fail when a dataset or a generator changed and the files were not rebuilt, and show that a
stale or missing file is never used.
"""

from __future__ import annotations

import json

import pytest

from geoteach.data import built
from geoteach.games.geography_pursuit import questions
from geoteach.games.global_pursuit import trivia, trivia_cards
from geoteach.i18n import LANGUAGES, speaking

REBUILD = "Rebuild the kept banks: python scripts/build_banks.py"
BANKS = {
    "global_pursuit": trivia_cards.make_built_in_json,
    "geography_pursuit": questions.make_default_bank_json,
}


@pytest.mark.parametrize("code", LANGUAGES)
@pytest.mark.parametrize("name", sorted(BANKS))
def test_the_kept_bank_is_current_and_equals_a_fresh_generation(name: str, code: str) -> None:
    """In every language (issue 37): the build is deterministic, a rerun writes these bytes."""
    kept_name = built.in_language(name, code)
    kept = built.read_bank(kept_name, built.language_code(built.CODE, code))
    assert kept is not None, f"data/built/{kept_name}.json is missing or stale. {REBUILD}"
    with speaking(code):
        made = BANKS[name]()
    assert kept == made, f"data/built/{kept_name}.json differs from the generators. {REBUILD}"


def test_the_files_of_a_language_are_stamped_with_its_catalog() -> None:
    spanish = built.language_code(built.CODE, "es")
    digest = built.inputs_digest(spanish)
    assert built.inputs_digest(built.CODE) != digest  # the Spanish catalog counts
    assert built.language_code(built.CODE, "en") == built.CODE  # English needs no catalog


def test_the_games_deal_from_the_kept_banks() -> None:
    assert trivia._built_in_json() == built.read_bank("global_pursuit")
    assert questions._default_bank_json() == built.read_bank("geography_pursuit")
    bank = trivia.built_in_bank()
    assert set(bank) == set(trivia.DECKS) and all(bank.values())
    assert set(questions.default_questions()) == set(questions.DEFAULT_SOURCES)


def test_a_changed_dataset_makes_the_kept_bank_stale(kept_data_copy) -> None:
    assert built.read_bank("global_pursuit") is not None
    kept_data_copy.edit("decks/retired.csv")
    assert built.read_bank("global_pursuit") is None
    assert built.kept_or_made("global_pursuit", lambda: '{"made": 1}') == '{"made": 1}'


def test_a_missing_bank_is_made_and_a_written_one_is_read_back(kept_data_copy) -> None:
    (kept_data_copy.path / "built" / "global_pursuit.json").unlink()
    assert built.read_bank("global_pursuit") is None
    built.write_bank("global_pursuit", json.dumps({"deck": []}))
    assert json.loads(built.kept_or_made("global_pursuit", lambda: "never")) == {"deck": []}
    # Writing a bank does not change the digest of the inputs (data/built/ is left out).
    digest = built.inputs_digest()
    built.inputs_digest.cache_clear()
    assert built.inputs_digest() == digest
