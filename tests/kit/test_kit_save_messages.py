"""A bad save's message says what is wrong in one sentence and never copies a long value whole
(issue 36: a damaged save's 5 MB string used to be copied into its ``NotASave`` message)."""

from __future__ import annotations

import json
import re

import pytest

from geoteach.games.base import Game, NotASave
from geoteach.store import savedata
from tests.kit.test_kit_save_loading import good_text

BIG = "x" * 5_000_000
#: A second sentence starts after a full stop and a space with a capital letter.
NEXT_SENTENCE = re.compile(r"[.!?]\s+[A-Z]")


def damaged(key: str, value: object) -> str:
    data = json.loads(good_text())
    data[key] = value
    return json.dumps(data)


@pytest.mark.parametrize(
    ("key", "value"),
    [
        ("seed", BIG),
        ("format", BIG),
        ("game", BIG),
        ("log", BIG),
        ("log", [BIG]),
        ("state", BIG),
        ("table", {"seats": [{"name": "Ana", "kind": [BIG]}]}),
        ("seed", 7.5),
    ],
)
def test_a_damaged_save_says_what_is_wrong_in_one_short_sentence(key: str, value: object) -> None:
    with pytest.raises(NotASave) as refused:
        Game.from_json(damaged(key, value))
    message = str(refused.value)
    assert len(message) < 400, message[:400]
    assert message.endswith(".") and not NEXT_SENTENCE.search(message), message
    assert BIG[:200] not in message


def test_a_quoted_value_is_cut_at_sixty_characters() -> None:
    assert savedata.quoted("Paris") == "'Paris'"
    assert len(savedata.quoted(BIG)) == savedata.QUOTE_MOST
    assert savedata.quoted(BIG).endswith("…")
    assert len(savedata.quoted([BIG] * 10)) <= savedata.QUOTE_MOST
    assert savedata.quoted(7.5) == "7.5"


def test_the_short_messages_still_name_the_part() -> None:
    with pytest.raises(NotASave, match=r"its seed is 7\.5, not a whole number"):
        Game.from_json(damaged("seed", 7.5))
