"""A hand-edited or foreign save is refused in the page's language (issue 37).

Loading replays the moves (``Game.from_dict``); its refusals keep their catalog template and
fields, the file's name and the rules' own refusal inside them, so a Spanish or a German page
shows them (``geoteach.ui.safe.friendly_message``) with no English piece of the catalog's
sentences, and with the file's name as it was.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from geoteach.games.base import Game, NotASave
from geoteach.i18n import Said, speaking
from geoteach.ui.safe import friendly_message
from tests.kit.kit_toy_game import RaceToTen
from tests.kit.test_kit_save_loading import good_text, with_part
from tests.languages import english_fragments

FILE = "Klasse 7b.json"


def edited() -> dict[str, str]:
    """Hand edits of a good save, each refused when it is loaded."""
    text = good_text()
    data = json.loads(text)
    data["log"][3] = {"player": 1, "type": "fly"}
    moved = json.dumps(data)
    data = json.loads(text)
    data["state"]["pos"][0] += 1
    state = json.dumps(data)
    data = json.loads(text)
    data["table"]["first"] = 99
    return {
        "unknown game": with_part(text, "game", '"atlantis"'),
        "a move not allowed": moved,
        "state changed": state,
        "a game that cannot be rebuilt": json.dumps(data),
    }


def refusals(tmp_path: Path) -> list[NotASave]:
    found = []
    for text in edited().values():
        (tmp_path / FILE).write_text(text, encoding="utf-8")
        with pytest.raises(NotASave) as refused:
            Game.load(tmp_path / FILE)
        found.append(refused.value)
    with pytest.raises(NotASave) as refused:
        RaceToTen.from_dict(json.loads(with_part(good_text(), "game", '"geotriple"')))
    found.append(refused.value)
    return found


@pytest.mark.parametrize("code", ["es", "de"])
def test_a_refused_save_on_a_page_in_another_language_has_no_english(
    code: str, tmp_path: Path
) -> None:
    english = english_fragments(code)
    found = refusals(tmp_path)
    for error in found:
        assert isinstance(error.args[0], Said), error
        with speaking("en"):
            assert friendly_message(error) == str(error)
        with speaking(code):
            shown = friendly_message(error)
        assert shown != str(error), shown
        left = sorted(piece for piece in english if piece in shown)
        assert not left, (shown, left)
    for error in found[:-1]:
        assert FILE in str(error)
        with speaking(code):
            assert FILE in friendly_message(error)


def test_a_refused_move_is_worded_inside_the_refusal(tmp_path: Path) -> None:
    error = refusals(tmp_path)[1]
    assert str(error).startswith(
        f"{FILE}: This Race To Ten save was changed by hand or damaged (move 4 is not allowed "
        "(That move is not allowed now"
    )
    with speaking("es"):
        assert friendly_message(error).startswith(
            f"{FILE}: Esta partida guardada de Race To Ten se cambió a mano o está dañada "
            "(la jugada 4 no está permitida ("
        )
