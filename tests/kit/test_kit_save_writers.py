"""One writer per lesson file: two kernels never lose moves, a killed kernel frees its file.

The "kernels" are real separate processes (``lesson_kernel.py``); the test process is a third.
"""

from __future__ import annotations

import json
import os
import re
import signal
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import pytest

from geoteach.games.base import Game, SaveInUse
from geoteach.games.table import Table
from geoteach.store import autosave, saves
from tests.kit.kit_toy_game import RaceToTen

ROOT = Path(__file__).resolve().parents[2]


class Kernel:
    """A ``lesson_kernel.py`` process working in ``folder`` (its lesson folder)."""

    def __init__(self, folder: Path) -> None:
        path = [p for p in os.environ.get("PYTHONPATH", "").split(os.pathsep) if p]
        env = {**os.environ, "PYTHONPATH": os.pathsep.join([*path, str(ROOT)])}
        self.process = subprocess.Popen(
            [sys.executable, "-m", "tests.kit.lesson_kernel"],
            cwd=folder,
            env=env,
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            text=True,
            encoding="utf-8",
        )

    def send(self, command: str) -> None:
        assert self.process.stdin is not None
        self.process.stdin.write(command + "\n")
        self.process.stdin.flush()

    def answer(self) -> dict[str, Any]:
        assert self.process.stdout is not None
        line = self.process.stdout.readline()
        assert line, f"the kernel ended (exit code {self.process.poll()})"
        return json.loads(line)

    def ask(self, command: str) -> dict[str, Any]:
        self.send(command)
        return self.answer()

    def kill(self) -> None:
        self.process.send_signal(signal.SIGKILL)
        self.process.wait(timeout=30)

    def close(self) -> None:
        if self.process.poll() is None:
            self.process.kill()
            self.process.wait(timeout=30)


@pytest.fixture
def kernels(tmp_path: Path):  # type: ignore[no-untyped-def]
    started: list[Kernel] = []

    def start() -> Kernel:
        started.append(Kernel(tmp_path))
        return started[-1]

    yield start
    for kernel in started:
        kernel.close()


def lesson(tmp_path: Path, seed: int = 5) -> Path:
    return RaceToTen(Table.of("Ana", "Ben", "Chloé"), seed=seed).save(tmp_path / "lesson.json")


def test_two_kernels_resuming_one_lesson_never_lose_a_confirmed_move(
    tmp_path: Path, kernels
) -> None:  # type: ignore[no-untyped-def]
    path = lesson(tmp_path)
    first, second = kernels(), kernels()
    assert first.ask("resume lesson.json")["ok"]
    refused = second.ask("resume lesson.json")
    confirmed: list[list[dict[str, Any]]] = []
    for _ in range(20):
        for kernel in (first, second):
            answer = kernel.ask("move")
            if answer["ok"]:
                confirmed.append(answer["log"])
    saved = json.loads(path.read_text(encoding="utf-8"))["log"]
    lost = [log for log in confirmed if saved[: len(log)] != log]
    assert confirmed and not lost, f"{len(lost)} of {len(confirmed)} confirmed moves lost"
    assert refused["error"] == "SaveInUse"
    assert "Another open notebook is saving lesson.json" in refused["message"]
    assert Game.load(path).to_json() == path.read_text(encoding="utf-8")


def test_a_kernel_killed_while_saving_frees_the_lesson(
    tmp_path: Path, kernels, monkeypatch: pytest.MonkeyPatch
) -> None:  # type: ignore[no-untyped-def]
    monkeypatch.chdir(tmp_path)
    kernel = kernels()
    assert kernel.ask("new 5 lesson")["ok"]
    for _ in range(3):
        assert kernel.ask("move")["ok"]
    before = (tmp_path / "lesson.json").read_bytes()

    # This process is a second kernel: it may look at the lesson, but never write it.
    with pytest.raises(SaveInUse, match=r"Another open notebook is saving lesson\.json"):
        autosave.resume("lesson.json", Game.from_json)
    looked = autosave.resume("lesson.json", Game.from_json, autosave=False)
    assert autosave.target(looked) is None
    with pytest.raises(SaveInUse, match=r"Another open notebook is saving lesson\.json"):
        autosave.follow(looked, "lesson.json")
    looked.apply(looked.legal_actions(looked.to_act()[0])[0])
    with pytest.raises(SaveInUse, match="Another open notebook"):
        looked.save("lesson.json")
    assert (tmp_path / "lesson.json").read_bytes() == before

    kernel.kill()  # kill -9 while it holds the lock: the OS lets go of it
    game = autosave.resume("lesson.json", Game.from_json)
    assert autosave.target(game) == tmp_path / "lesson.json" and len(game.log) == 3
    game.apply(game.legal_actions(game.to_act()[0])[0])
    assert Game.load(tmp_path / "lesson.json").to_json() == game.to_json()


def test_two_games_started_at_once_get_a_file_each(tmp_path: Path, kernels) -> None:  # type: ignore[no-untyped-def]
    # Same seed, same players, same moment: the default names must still differ.
    pair = [kernels(), kernels()]
    for kernel in pair:
        kernel.send("new 5")
    files = [kernel.answer()["file"] for kernel in pair]
    assert files[0] != files[1], files
    for name in files:
        assert re.fullmatch(r"race_to_ten_\d{4}-\d\d-\d\d_\d{6}_[0-9a-f]{6}\.json", name), name
    logs = [[kernel.ask("move")["log"] for _ in range(4)][-1] for kernel in pair]
    for name, log in zip(files, logs, strict=True):
        assert Game.load(tmp_path / name).log == log


def test_a_killed_writers_temp_file_goes_a_live_ones_stays(tmp_path: Path, kernels) -> None:  # type: ignore[no-untyped-def]
    kernel = kernels()
    assert kernel.ask("new 5 lesson")["ok"]
    assert kernel.ask("move")["ok"]
    kernel.send("hang")
    assert kernel.answer()["ok"]
    kernel.send("move")
    assert kernel.answer() == {"writing": True}  # stopped inside the write, holding its temp
    temps = [p for p in tmp_path.iterdir() if p.name.endswith(".tmp")]
    assert len(temps) == 1
    assert [i.path.name for i in saves.find(tmp_path)] == ["lesson.json"]
    assert temps[0].exists()  # its writer is alive: never removed
    kernel.kill()
    assert [i.path.name for i in saves.find(tmp_path)] == ["lesson.json"]
    assert not temps[0].exists()
    assert [p.name for p in tmp_path.iterdir()] == ["lesson.json"]  # its lock file went too
    assert len(Game.load(tmp_path / "lesson.json").log) == 1


def test_temp_files_from_older_geoteach_are_removed_once_old(tmp_path: Path) -> None:
    lesson(tmp_path)
    old = tmp_path / "lesson.jsonab12cd_3.tmp"  # how geoteach named temp files before
    fresh = tmp_path / "lesson.jsonzz98yx_1.tmp"
    for temp in (old, fresh):
        temp.write_text('{"half": ', encoding="utf-8")
    an_hour_ago = time.time() - 3600
    os.utime(old, (an_hour_ago, an_hour_ago))
    game = RaceToTen(Table.of("Dev", "Eun"), seed=1)
    game.save(tmp_path / "other.json")  # any save in the folder tidies it
    assert not old.exists() and fresh.exists()


def test_in_one_kernel_the_game_resumed_last_writes_the_file(tmp_path: Path) -> None:
    game = RaceToTen(Table.of("Ana", "Ben", "Chloé"), seed=5)
    path = autosave.start(game, tmp_path / "lesson")
    game.apply(game.legal_actions(game.to_act()[0])[0])
    again = autosave.resume(path, Game.from_json)  # the cell that resumes was run again
    before = game.to_json()
    with pytest.raises(SaveInUse, match="another game in this notebook saves there now"):
        game.apply(game.legal_actions(game.to_act()[0])[0])
    assert game.to_json() == before  # the refused move was undone
    again.apply(again.legal_actions(again.to_act()[0])[0])
    assert Game.load(path).to_json() == again.to_json()

    stranger = RaceToTen(Table.of("Dev", "Eun"), seed=8)
    with pytest.raises(SaveInUse, match="already holds another game"):
        autosave.start(stranger, path)
    behind = RaceToTen(Table.of("Ana", "Ben", "Chloé"), seed=5)
    with pytest.raises(SaveInUse, match="moves this one does not have"):
        autosave.start(behind, path)
    with pytest.raises(SaveInUse, match=r"Another game in this notebook is saving lesson\.json"):
        behind.save(path)
    assert autosave.target(stranger) is None and autosave.target(behind) is None
    autosave.stop(again)
    assert sorted(p.name for p in tmp_path.iterdir()) == ["lesson.json"]
    with pytest.raises(SaveInUse, match="moves this one does not have"):
        behind.save(path)  # "Save now" on a stale copy never rolls the lesson back
    assert Game.load(path).to_json() == again.to_json()
