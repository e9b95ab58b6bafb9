"""The time-per-group summary adds every phase of a test to its folder and file, once."""

from __future__ import annotations

import json
from dataclasses import dataclass

from tests import group_times


@dataclass
class Report:
    nodeid: str
    when: str | None
    duration: float


def test_phases_add_up_per_folder_and_file() -> None:
    reports = [
        Report("tests/e2e/test_a.py::test_one[x::y]", "setup", 2.0),
        Report("tests/e2e/test_a.py::test_one[x::y]", "call", 3.0),
        Report("tests/e2e/test_b.py::test_two", "call", 1.5),
        Report("tests/quiz/test_c.py::test_three", "teardown", 0.25),
        Report("notebooks/01_globalissimo.ipynb::Cell 0", "call", 4.0),
    ]
    folders, files = group_times.totals(reports)
    assert {k: v.seconds for k, v in folders.items()} == {
        "tests/e2e": 6.5,
        "tests/quiz": 0.25,
        "notebooks": 4.0,
    }
    assert {k: len(v.tests) for k, v in folders.items()} == {
        "tests/e2e": 2,
        "tests/quiz": 1,
        "notebooks": 1,
    }
    assert files["tests/e2e/test_a.py"].seconds == 5.0


def test_a_report_filed_twice_counts_once_and_collection_is_left_out() -> None:
    call = Report("tests/x/test_a.py::t", "call", 2.0)
    collect = Report("tests/x/test_a.py", None, 9.0)
    folders, _ = group_times.totals([call, call, collect])
    assert folders["tests/x"].seconds == 2.0


def test_table_is_slowest_first_with_a_total() -> None:
    folders, files = group_times.totals(
        [Report("a/t.py::x", "call", 1.0), Report("b/t.py::y", "call", 5.0)]
    )
    lines = group_times.table("folder", folders)
    assert [line.split()[0] for line in lines] == ["folder", "b", "a", "all"]
    assert lines[-1].split()[1:] == ["2", "6.0"]
    assert len(group_times.table("files", files, limit=1)) == 2
    data = json.loads(group_times.as_json(folders, files, 12.34))
    assert data["wall_seconds"] == 12.3
    assert data["folders"]["b"] == {"tests": 1, "seconds": 5.0}
