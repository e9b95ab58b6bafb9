"""The country, statistics and U.S. state tables as plain rows, for code that needs no pandas.

A student's kernel reads a few cells of these tables (a country's name, capital and aliases, a
state's facts, the statistics a category card shows) and nothing else pandas does; yet pandas
costs every kernel about 35 MB and 0.17 CPU-s (issue 24). So the three tables are also kept as
plain JSON in ``data/built/tables.json``, written by ``scripts/build_banks.py`` from the very
loaders the notebooks use (``countries()``, ``statistics()``, ``us_states()``): nothing is typed.

The kept file is read only while its digest is the digest of data/ and of ``geoteach.data``
(``geoteach.data.built``, ``TABLE_CODE``). A curriculum author who edits ``countries.csv`` gets
the rows made again from the loaders, with pandas, until the file is rebuilt; a stale row is
never read. ``tests/data/test_kept_tables.py`` checks that the kept rows are the loaders' rows.

Each row is a read-only mapping of column -> value, in the table's column order: ``None`` where
the table has no value (NaN or NA), ``tuple`` for the list columns (aliases, neighbours),
``datetime.date`` for dates (a state's admission), else ``str``, ``int``, ``float`` or ``bool``
as the loaders give them. Rows come in the table's order, keyed by its index (iso3, the
statistic's key, the state's USPS code).
"""

from __future__ import annotations

import datetime
import json
import math
from collections.abc import Mapping
from functools import cache
from types import MappingProxyType
from typing import TYPE_CHECKING, Any

from geoteach.data import built

if TYPE_CHECKING:  # pandas makes the rows when the kept file is stale, and only then
    import pandas as pd

__all__ = ["NAME", "country_rows", "state_rows", "statistic_rows", "tables_json"]

#: The kept file's name in data/built.
NAME = "tables"

Row = Mapping[str, Any]
Rows = Mapping[str, Row]


def _cell(value: Any) -> Any:
    """A table cell as JSON: None for a missing value, a list for a tuple, text for a date."""
    if isinstance(value, tuple | list):
        return [_cell(item) for item in value]
    if isinstance(value, datetime.date):
        return value.isoformat()
    if hasattr(value, "item"):  # a numpy number or bool
        value = value.item()
    if value is None or (isinstance(value, float) and math.isnan(value)):
        return None
    if isinstance(value, str | bool | int | float):
        return value
    import pandas as pd

    if pd.isna(value):
        return None
    raise TypeError(f"A table cell of type {type(value).__name__} cannot be kept: {value!r}")


def _table(frame: pd.DataFrame) -> dict[str, Any]:
    """A table as JSON: its columns, the ones holding dates, and its rows by index."""
    dates = [
        str(column)
        for column in frame.columns
        if any(isinstance(value, datetime.date) for value in frame[column])
    ]
    rows = {
        str(key): [_cell(value) for value in row]
        for key, row in zip(frame.index, frame.itertuples(index=False), strict=True)
    }
    return {"columns": [str(c) for c in frame.columns], "dates": dates, "rows": rows}


def tables_json() -> str:
    """The three tables as the loaders give them today, as the kept file's JSON text."""
    from geoteach.data.usa import us_states
    from geoteach.data.world import countries, statistics

    tables = {
        "countries": _table(countries()),
        "statistics": _table(statistics()),
        "us_states": _table(us_states()),
    }
    return json.dumps(tables, ensure_ascii=False, separators=(",", ":")) + "\n"


def _value(value: Any, is_date: bool) -> Any:
    if isinstance(value, list):
        return tuple(_value(item, False) for item in value)
    if is_date and isinstance(value, str):
        return datetime.date.fromisoformat(value)
    return value


def _rows(table: Mapping[str, Any]) -> Rows:
    columns, dates = table["columns"], set(table["dates"])
    flags = [column in dates for column in columns]
    return MappingProxyType(
        {
            key: MappingProxyType(
                {
                    column: _value(value, is_date)
                    for column, value, is_date in zip(columns, cells, flags, strict=True)
                }
            )
            for key, cells in table["rows"].items()
        }
    )


@cache
def _tables() -> dict[str, Rows]:
    text = built.kept_or_made(NAME, tables_json, built.TABLE_CODE)
    return {name: _rows(table) for name, table in json.loads(text).items()}


def country_rows() -> Rows:
    """``geoteach.data.countries()`` as rows by iso3 (read-only; see the module notes)."""
    return _tables()["countries"]


def statistic_rows() -> Rows:
    """``geoteach.data.statistics()`` as rows by the statistic's key (read-only)."""
    return _tables()["statistics"]


def state_rows() -> Rows:
    """``geoteach.data.us_states()`` as rows by USPS code (read-only)."""
    return _tables()["us_states"]
