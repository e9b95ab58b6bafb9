"""The tables kept as plain rows in data/built (issue 24) are the loaders' tables today.

A student's kernel reads the country, statistics and U.S. state tables as plain rows
(``geoteach.data.rows``) instead of loading pandas (about 35 MB a kernel). These tests fail when a
dataset or a loader changed and the file was not rebuilt, show that a stale file is never read,
and that the rows hold the very values of the DataFrames.
"""

from __future__ import annotations

import datetime
import math
import subprocess
import sys

import pytest

from geoteach.data import built, rows
from geoteach.data.usa import us_states
from geoteach.data.world import countries, statistics

REBUILD = "Rebuild the kept files: python scripts/build_banks.py"
TABLES = {
    "countries": (rows.country_rows, countries),
    "statistics": (rows.statistic_rows, statistics),
    "us_states": (rows.state_rows, us_states),
}


def test_the_kept_tables_are_current_and_equal_the_loaders() -> None:
    text = built.read_bank(rows.NAME, built.TABLE_CODE)
    assert text is not None, f"data/built/{rows.NAME}.json is missing or stale. {REBUILD}"
    assert text == rows.tables_json(), f"data/built/{rows.NAME}.json differs. {REBUILD}"


def _same(cell: object, value: object) -> bool:
    """A kept cell is the DataFrame's value: None for NaN or NA, a tuple for a list."""
    if isinstance(value, float) and math.isnan(value):
        return cell is None
    if isinstance(value, tuple):
        return isinstance(cell, tuple) and cell == value
    return type(cell) is type(value) and cell == value


@pytest.mark.parametrize("name", sorted(TABLES))
def test_every_row_holds_the_loaders_values(name: str) -> None:
    kept, loader = TABLES[name]
    frame = loader()
    table = kept()
    assert list(table) == [str(key) for key in frame.index]
    for key, row in frame.to_dict("index").items():
        assert list(table[str(key)]) == [str(c) for c in frame.columns]
        for column, value in row.items():
            cell = table[str(key)][column]
            assert _same(cell, value), (name, key, column, cell, value)


def test_the_rows_are_read_only_and_dates_are_dates() -> None:
    ohio = rows.state_rows()["OH"]
    assert isinstance(ohio["admitted"], datetime.date) and isinstance(ohio["neighbours"], tuple)
    with pytest.raises(TypeError):
        ohio["name"] = "Ohayo"  # type: ignore[index]
    with pytest.raises(TypeError):
        rows.country_rows()["FRA"] = {}  # type: ignore[index]


def test_a_changed_dataset_makes_the_kept_tables_stale(kept_data_copy) -> None:
    assert built.read_bank(rows.NAME, built.TABLE_CODE) is not None
    kept_data_copy.edit("countries.csv")
    assert built.read_bank(rows.NAME, built.TABLE_CODE) is None


def test_stale_tables_are_made_again_by_the_loaders(monkeypatch) -> None:
    """A stale or missing file is never read: the rows are made from the loaders instead."""
    monkeypatch.setattr(built, "read_bank", lambda *args: None)
    rows._tables.cache_clear()
    try:
        assert rows.country_rows()["FRA"]["name"] == countries().loc["FRA", "name"]
    finally:
        rows._tables.cache_clear()


def test_the_lookups_need_no_pandas() -> None:
    code = (
        "import sys; from geoteach.data import find_country, find_state;"
        "from geoteach.games.globalissimo.atlas import Atlas; a = Atlas.default();"
        "print(find_country('Ivory Coast'), find_state('new york'), a.capitals['FRA'],"
        " 'pandas' in sys.modules)"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.split() == ["CIV", "NY", "Paris", "False"]
