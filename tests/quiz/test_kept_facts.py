"""The "Did you know?" sentences kept in data/built (issue 24) are the ones made today.

A student's kernel picks a verdict's sentence from ``data/built/facts.json`` instead of making it
from the tables with pandas. These tests fail when a dataset or the quiz's code changed and the
file was not rebuilt, and show that a stale file is never read.
"""

from __future__ import annotations

import json
import subprocess
import sys
from random import Random

from geoteach.data import built
from geoteach.quiz import facts

REBUILD = "Rebuild the kept files: python scripts/build_banks.py"


def test_the_kept_facts_are_current_and_equal_the_made_ones() -> None:
    text = built.read_bank(facts.NAME, built.FACT_CODE)
    assert text is not None, f"data/built/{facts.NAME}.json is missing or stale. {REBUILD}"
    assert text == facts.facts_json(), f"data/built/{facts.NAME}.json differs. {REBUILD}"


def test_a_fact_is_picked_from_the_kept_sentences() -> None:
    kept = json.loads(facts.facts_json())["countries"]["FRA"]
    sentence = facts.country_fact("FRA", Random(1))
    assert sentence.startswith(f"{kept['capital']} ")
    assert sentence.removeprefix(f"{kept['capital']} ") in [s for _, s in kept["statistics"]]
    skipped = [key for key, _ in kept["statistics"]]
    assert facts.country_fact("FRA", Random(1), skip=tuple(skipped)) == kept["capital"]
    assert facts.country_fact("XXX") == facts.state_fact("XX") == ""
    assert facts.state_fact("OH").startswith("Ohio's capital is Columbus. It became a state in")


def test_a_changed_convention_makes_the_kept_facts_stale(kept_data_copy) -> None:
    assert built.read_bank(facts.NAME, built.FACT_CODE) is not None
    kept_data_copy.edit("quiz_conventions.csv")
    assert built.read_bank(facts.NAME, built.FACT_CODE) is None


def test_a_fact_needs_no_pandas() -> None:
    code = (
        "import sys; from geoteach.quiz.facts import country_fact, state_fact;"
        "country_fact('JPN'); state_fact('TX'); print('pandas' in sys.modules)"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.split() == ["False"]
