"""A save that cannot be read or written is explained in the page's language (issue 37).

The store may run in a process that speaks English (a class game's referee); its messages keep
their catalog template and fields (``geoteach.i18n.said``), and a page shows them through
``geoteach.ui.safe.friendly_message``. On a Spanish or a German page no English piece of the
catalog's sentences is left, and the file's name is kept as it was typed.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path

import pytest

from geoteach.i18n import Said, speaking
from geoteach.store import savedata, savefile, saves
from geoteach.store.savedata import NotASave
from geoteach.store.savefile import SaveError
from geoteach.ui.safe import friendly_message
from tests.languages import english_fragments

NAME = "Klasse 7b"
FILE = f"{NAME}.json"


def good() -> dict[str, object]:
    """A save's parts with the types geoteach writes (not a game that replays)."""
    return {
        "game": "race_to_ten",
        "format": 1,
        "table": {"seats": [{"name": "Ana", "kind": "human"}], "first": 0},
        "seed": 11,
        "options": {},
        "state": {},
        "rng": [3, [1, 2], None],
        "log": [{"type": "roll"}],
    }


def changed(**parts: object) -> str:
    data = good()
    data.update(parts)
    return json.dumps(data)


#: Text of a file named ``FILE`` and what ``savedata.read`` must refuse in it.
BAD_TEXT: dict[str, str | bytes] = {
    "not json": "hello",
    "NaN": '{"seed": NaN}',
    "too deep": "[" * 100_000 + "]" * 100_000,
    "not text": b"\xff\xfe\x00PNG",
    "no game": "{}",
    "another format": changed(format=2),
    "game not named": changed(game=5),
    "seed": changed(seed=7.5),
    "players missing": changed(table={}),
    "players broken": changed(table={"seats": []}),
    "a player broken": changed(table={"seats": [{"kind": "human"}]}),
    "a player's part": changed(table={"seats": [{"name": 5}]}),
    "a team member": changed(table={"seats": [{"name": "Reds", "members": [1]}]}),
    "settings": changed(options=[]),
    "game state": changed(state="x"),
    "moves": changed(log=5),
    "a move": changed(log=[5]),
    "dice": changed(rng=[]),
}


def read_refusal(tmp_path: Path, text: str | bytes) -> NotASave:
    path = tmp_path / FILE
    if isinstance(text, bytes):
        path.write_bytes(text)
    else:
        path.write_text(text, encoding="utf-8")
    with pytest.raises(NotASave) as refused:
        savedata.read(path)
    return refused.value


def refusals(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> list[Exception]:
    """Every store message about a save or a save name, each raised on bad input."""
    found: list[Exception] = [read_refusal(tmp_path, text) for text in BAD_TEXT.values()]
    folder = tmp_path / "folder"
    (folder / FILE).mkdir(parents=True)
    with pytest.raises(NotASave) as refused:
        savedata.read(folder / FILE)
    found.append(refused.value)
    with monkeypatch.context() as patch:
        patch.setattr(savedata, "MAX_SAVE_BYTES", 10)
        found.append(read_refusal(tmp_path, changed()))

    def raised(action: Callable[[], object]) -> Exception:
        with pytest.raises(SaveError) as refused:
            action()
        return refused.value

    for typed in (
        "",
        "work/class 7b",
        "class*7b",
        "class 7b.txt",
        ".json",
        ".hidden",
        "class.",
        "CON",
        "x" * 300,
    ):
        found.append(raised(lambda typed=typed: savefile.check_save_name(typed)))
    found.append(raised(lambda: savefile.set_lesson_folder(tmp_path / "no such folder")))
    found.append(raised(lambda: savefile.save_path(Path("work") / FILE, folder=tmp_path)))
    found.append(savefile._other_kernel(tmp_path / FILE))
    found.append(savefile._other_game(tmp_path / FILE, was_mine=True))
    found.append(savefile._other_game(tmp_path / FILE, was_mine=False))
    # A file the save would overwrite: something else, another game, or more moves.
    target = tmp_path / FILE
    mine = good()
    target.write_text("hello", encoding="utf-8")
    found.append(savefile.SaveInUse(saves.clash(target, mine)))
    target.write_text(changed(seed=12), encoding="utf-8")
    found.append(savefile.SaveInUse(saves.clash(target, mine)))
    target.write_text(changed(log=[{"type": "roll"}, {"type": "stop"}]), encoding="utf-8")
    found.append(savefile.SaveInUse(saves.clash(target, mine)))
    # Loading goes through the game's own check, whose message gets the file's name before it.
    target.write_text(changed(seed="7"), encoding="utf-8")
    with pytest.raises(NotASave) as refused:
        saves.load(target, lambda text: savedata.check(json.loads(text)))
    found.append(refused.value)
    return found


def test_every_message_is_kept_whole(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    for error in refusals(tmp_path, monkeypatch):
        assert isinstance(error.args[0], Said), error


@pytest.mark.parametrize("code", ["es", "de"])
def test_a_save_message_on_a_page_in_another_language_has_no_english(
    code: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    english = english_fragments(code)
    found = refusals(tmp_path, monkeypatch)
    assert len(found) == len(BAD_TEXT) + 2 + 9 + 2 + 3 + 3 + 1
    for error in found:
        with speaking("en"):
            assert friendly_message(error) == str(error)
        with speaking(code):
            shown = friendly_message(error)
        assert shown != str(error), shown
        left = sorted(piece for piece in english if piece in shown)
        assert not left, (shown, left)
        if NAME in str(error):
            assert NAME in shown, shown


def test_the_file_name_comes_first_once(tmp_path: Path) -> None:
    """A message that names its file already gets no second name before it."""
    error = read_refusal(tmp_path, b"\xff")
    assert str(error) == f"{FILE} is not a geoteach save: it is not text."
    error = read_refusal(tmp_path, changed(seed=7.5))
    assert str(error) == (
        f"{FILE}: This Race To Ten save is damaged or was changed by hand (its seed is 7.5, not "
        "a whole number): resume another save, or start a new game."
    )
    with speaking("es"):
        assert friendly_message(error) == (
            f"{FILE}: Esta partida guardada de Race To Ten está dañada o alguien la cambió a mano "
            "(su semilla es 7.5, no un número entero): sigue otra partida guardada o empieza una "
            "nueva."
        )


def test_a_message_made_elsewhere_keeps_its_words_and_braces(tmp_path: Path) -> None:
    """A game's own ``NotASave`` in plain English (quoting a move, braces and all) gets the
    file's name before it, as before."""
    target = tmp_path / FILE
    target.write_text(changed(), encoding="utf-8")

    def rebuild(text: str) -> object:
        raise NotASave("move 1 is {'type': 'jump'}, not a move")

    with pytest.raises(NotASave) as refused:
        saves.load(target, rebuild)
    assert str(refused.value) == f"{FILE}: move 1 is {{'type': 'jump'}}, not a move"
    with speaking("es"):
        assert friendly_message(refused.value) == str(refused.value)
