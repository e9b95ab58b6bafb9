"""Files a teacher or curriculum author hands to geoteach, read the way spreadsheets write them.

Question decks (``geoteach.quiz.decks``) and World Bank downloads (``geoteach.quiz.worldbank``)
are made or re-saved in Excel, LibreOffice, Numbers or a text editor, and "CSV" comes out of
them in many forms: UTF-8 with or without a byte-order mark; UTF-16 with a byte-order mark and
tabs between cells (Excel's "Unicode text"); the old Windows code page cp1252 or Latin-1 ("CSV
(Comma delimited)"); commas, or semicolons where the decimal mark is a comma (most of Europe).

This module turns such a file into rows with the line numbers a text editor shows, or raises the
loader's own error naming the file and the line, in words that say what to do. It never lets a
raw Python error (IsADirectoryError, UnicodeDecodeError, csv.Error) reach the author.
"""

from __future__ import annotations

import codecs
import csv
import io
from collections.abc import Iterable
from pathlib import Path

import pandas as pd
import pandera.pandas as pa

#: A problem found in a file: its line (for sorting) and the whole message.
Problem = tuple[int, str]

#: Problems listed in an error's message; the rest are counted ("... and 12 more").
MAX_LISTED = 50
#: Separators a spreadsheet puts between cells, in order of preference when a header is
#: ambiguous: comma; semicolon (European Excel); tab (Excel's "Unicode text").
DELIMITERS: tuple[str, ...] = (",", ";", "\t")
#: What to tell an author whose file cannot be read as text.
SAVE_AS = "open it in your spreadsheet and save it again as 'CSV UTF-8'"

# Byte-order marks, longest first: a UTF-32 mark begins with the UTF-16 one.
_BOMS: tuple[tuple[bytes, str], ...] = (
    (codecs.BOM_UTF32_LE, "utf-32"),
    (codecs.BOM_UTF32_BE, "utf-32"),
    (codecs.BOM_UTF8, "utf-8-sig"),
    (codecs.BOM_UTF16_LE, "utf-16"),
    (codecs.BOM_UTF16_BE, "utf-16"),
)
# Files people pick by mistake, known by their first bytes.
_SIGNATURES: tuple[tuple[bytes, str], ...] = (
    (b"PK\x03\x04", "a spreadsheet workbook (.xlsx or .ods) or another zipped file"),
    (b"\xd0\xcf\x11\xe0", "an old Excel workbook (.xls)"),
    (b"%PDF", "a PDF document"),
    (b"\x89PNG", "a PNG picture"),
    (b"\xff\xd8\xff", "a JPEG photo"),
)
# Control characters that never appear in text (tab, line breaks and form feeds do).
_CONTROL = frozenset(chr(c) for c in (*range(32), 127)) - set("\t\n\r\x0b\x0c")


class AuthorFileError(ValueError):
    """A file with mistakes: ``problems`` lists each one, naming the file, line and column."""

    #: The file's kind in the first line of the message: "This deck has 2 problems:".
    kind = "file"

    def __init__(self, problems: str | Iterable[str]) -> None:
        self.problems = [problems] if isinstance(problems, str) else list(problems)
        n = len(self.problems)
        listed = self.problems[:MAX_LISTED]
        if n > MAX_LISTED:
            listed.append(f"... and {n - MAX_LISTED} more: fix these, then load the file again.")
        count = f"{n} problem{'s' if n != 1 else ''}"
        super().__init__(f"This {self.kind} has {count}:\n" + "\n".join(listed))


def display_name(path: Path) -> str:
    """The name an author recognises: the file name, or the whole path if it has none."""
    return path.name or str(path)


def read_text(
    path: str | Path, error: type[AuthorFileError], *, legacy_encodings: bool = False
) -> str:
    """The text of the file at ``path``, whichever common encoding a spreadsheet saved it in.

    Always read: UTF-8 (with or without a byte-order mark), UTF-16 and UTF-32 with a mark,
    UTF-16 without one. With ``legacy_encodings`` a file that is not UTF-8 is read as cp1252
    (Windows "CSV"), or Latin-1 where cp1252 has no character; without it, such a file is
    refused, because guessing could silently misspell every accented word in it.
    """
    path = Path(path).expanduser()
    name = display_name(path)
    data = _read_bytes(path, name, error)
    for signature, what in _SIGNATURES:
        if data.startswith(signature):
            raise error(f"{name}: this is {what}, not a CSV text file; {SAVE_AS}")
    encoding = _encoding(data)
    if encoding is None:
        raise error(f"{name}: this is not a text file; {SAVE_AS}")
    try:
        text = data.decode(encoding)
    except UnicodeDecodeError as exc:
        if encoding != "utf-8":
            raise error(_encoding_problem(name, data, exc, encoding)) from None
        text = _legacy_decode(data)
        if not _binary(text) and not legacy_encodings:
            raise error(_encoding_problem(name, data, exc, encoding)) from None
    text = text.removeprefix("\ufeff")
    if _binary(text):
        raise error(f"{name}: this is not a text file; {SAVE_AS}")
    return text


def _binary(text: str) -> bool:
    """Control characters in more than 1% of the text: a picture or a program, not a table."""
    return sum(text.count(c) for c in _CONTROL) > max(2, len(text) // 100)


def _encoding_problem(name: str, data: bytes, exc: UnicodeDecodeError, encoding: str) -> str:
    line = data[: exc.start].decode(encoding, errors="replace").count("\n") + 1
    kind = "UTF-8" if encoding == "utf-8" else encoding.upper()
    return (
        f"{name}, line {line}: the file is not {kind} text (it was probably saved as plain "
        f"'CSV' in an older format); {SAVE_AS}"
    )


def _read_bytes(path: Path, name: str, error: type[AuthorFileError]) -> bytes:
    folder = (
        f"{name}: this is a folder, not a file; give the path of the .csv file inside it ({path})"
    )
    try:
        return path.read_bytes()
    except IsADirectoryError:
        raise error(folder) from None
    except FileNotFoundError:
        raise error(
            f"{name}: there is no such file ({path.absolute()}); check the spelling and the folder"
        ) from None
    except PermissionError:
        if path.is_dir():  # what Windows says when asked to read a folder
            raise error(folder) from None
        raise error(
            f"{name}: the computer does not let geoteach read this file ({path}); close it in "
            "any program that has it open (such as Excel) and check you may read it"
        ) from None
    except (OSError, ValueError) as exc:  # a file in the path, a name too long, a NUL byte
        reason = getattr(exc, "strerror", None) or str(exc)
        raise error(f"{name}: this file cannot be read ({reason}: {path})") from None


def _encoding(data: bytes) -> str | None:
    """The codec of ``data``; ``None`` for bytes that are not text at all."""
    for mark, codec in _BOMS:
        if data.startswith(mark):
            return codec
    if b"\x00" not in data:
        return "utf-8"
    # UTF-16 without a mark: plain letters leave every other byte zero.
    sample = data[:4096]
    low, high = sample[0::2], sample[1::2]
    if high.count(0) >= 0.8 * len(high) and low.count(0) == 0:
        return "utf-16-le"
    if low.count(0) >= 0.8 * len(low) and high.count(0) == 0:
        return "utf-16-be"
    return None


def _legacy_decode(data: bytes) -> str:
    try:
        return data.decode("cp1252")
    except UnicodeDecodeError:  # the five bytes cp1252 leaves undefined
        return data.decode("latin-1")


def sniff_delimiter(header: str, expected: Iterable[str]) -> str:
    """The separator that splits the ``header`` line into the most ``expected`` column names.

    Ties go to the comma, so a header with one column name is read as a comma-separated file.
    """
    wanted = {name.strip().lower() for name in expected}

    def known(delimiter: str) -> int:
        cells = next(csv.reader([header], delimiter=delimiter, skipinitialspace=True), [])
        return sum(cell.strip().lower() in wanted for cell in cells)

    return max(DELIMITERS, key=known)


def first_line(text: str) -> str:
    """The first line that is not blank ("" for a blank text)."""
    return next((line for line in io.StringIO(text, newline="") if line.strip()), "")


def csv_rows(
    text: str, name: str, error: type[AuthorFileError], delimiter: str = ","
) -> list[tuple[int, list[str]]]:
    """``(line number, cells)`` of every row that is not blank.

    Line numbers are those a text editor shows, also when a quoted cell spans several lines.
    Quotes are read strictly: a cell that opens a quote must close it, so a missing quote mark
    is reported at its line instead of silently merging or splitting cells.
    """
    reader = csv.reader(
        io.StringIO(text, newline=""), delimiter=delimiter, strict=True, skipinitialspace=True
    )
    rows: list[tuple[int, list[str]]] = []
    start = 1
    try:
        for cells in reader:
            line, start = start, reader.line_num + 1
            if any(cell.strip() for cell in cells):
                rows.append((line, cells))
    except csv.Error as exc:
        raise error(_quote_problem(name, start, reader.line_num, str(exc))) from None
    return rows


def _quote_problem(name: str, start: int, line: int, reason: str) -> str:
    """A csv.Error in the author's words (the csv module's are for programmers)."""
    doubled = 'to put a quote mark inside a cell, write it twice: "The ""Big"" Apple"'
    if "unexpected end of data" in reason:
        return (
            f'{name}, line {start}: a quote mark (") opens a cell on this row and is never '
            f"closed; add the closing quote mark. To {doubled.removeprefix('to ')}"
        )
    if "field larger than field limit" in reason:
        return (
            f"{name}, line {start}: a cell runs on for more than {csv.field_size_limit():,} "
            f'characters; most likely a quote mark (") on this row is never closed'
        )
    if "expected after" in reason:
        began = f" (the cell began on line {start})" if start != line else ""
        return (
            f'{name}, line {line}: a quote mark (") closes a cell but more text follows it'
            f'{began}; a quoted cell must end with its quote mark: "Washington, D.C.". To '
            f"{doubled.removeprefix('to ')}"
        )
    return f"{name}, line {line}: this line cannot be read as CSV ({reason})"


def schema_problems(schema: pa.DataFrameSchema, table: pd.DataFrame, name: str) -> list[Problem]:
    """Every cell of ``table`` (text, indexed by line number) that fails ``schema``.

    pandera checks all cells and columns at once (``lazy``), so an author sees every mistake
    of the file in one message; each check's ``error`` is written in the author's words.
    """
    try:
        schema.validate(table, lazy=True)
    except pa.errors.SchemaErrors as errors:
        problems: list[Problem] = []
        for _, case in errors.failure_cases.iterrows():
            column = case["column"]
            if pd.isna(case["index"]):
                problems.append((0, f"{name}, column '{column}': {case['check']}"))
                continue
            line = int(case["index"])
            problems.append(
                (
                    line,
                    f"{name}, line {line}, column '{column}': {case['check']}, got "
                    f"{case['failure_case']!r}",
                )
            )
        return problems
    return []


def raise_problems(problems: list[Problem], error: type[AuthorFileError]) -> None:
    """Raise ``error`` listing ``problems`` in line order, if there are any."""
    if problems:
        raise error([text for _, text in sorted(problems, key=lambda problem: problem[0])])
