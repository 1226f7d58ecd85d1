"""The CSV layer: UTF-8 text (with or without a BOM), any line ends, the delimiter read off the header.

The bytes are decoded a chunk at a time while the rows are read, so a five-year export never exists
as a second, decoded copy in memory (decision 0047, "Size"). No row is split into cells before its
length is known to fit, and no file gets past its header or a row wider than an export can be
(``MAX_ROW_CHARS``, ``MAX_COLUMNS``, ``MAX_CELL_CHARS``: decision 0071).
"""

from __future__ import annotations

import csv
import io
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Final

from services.sessions.workout_log.files.model import UnreadableFile

# Strong writes commas or, depending on the phone's language, semicolons; a tab is what a
# spreadsheet's "save as text" gives. The header decides: its cells never hold any of them.
DELIMITERS: Final = (",", ";", "\t")
# What the widest export could hold, with room to spare (decision 0071, "Files too large to read"):
# Strong's and Hevy's exports have 12 to 16 columns and rows of a few hundred characters; the
# service keeps at most 2000 characters of notes. A file past these is broken or hostile, and is
# refused naming the line, before its row is split into cells.
MAX_COLUMNS: Final = 100
MAX_CELL_CHARS: Final = 16_384
MAX_ROW_CHARS: Final = 65_536


@dataclass(frozen=True, slots=True)
class CsvRows:
    """A CSV file opened for reading: its header cells, its delimiter, and its rows to come."""

    header: tuple[str, ...]
    delimiter: str
    rows: Iterator[tuple[int, list[str]]]  # (line the row starts on, its cells), blank lines left out


def open_csv(data: bytes) -> CsvRows:
    """The header of ``data`` and an iterator over its rows; ``UnreadableFile`` when it is no CSV text.

    Decoding errors further into the file surface while iterating, also as ``UnreadableFile``.
    """
    if not data or data.isspace():  # not ``data.strip()``: that would copy the whole upload
        raise UnreadableFile("the file is empty")
    if b"\x00" in data:
        raise UnreadableFile("the file is not CSV text: it holds NUL bytes, as binary files do")
    text = io.TextIOWrapper(io.BytesIO(data), encoding="utf-8-sig", newline="")
    try:
        header_line = text.readline(MAX_ROW_CHARS + 1)
    except UnicodeDecodeError:
        raise _not_utf8(data) from None
    if len(header_line) > MAX_ROW_CHARS:
        raise _row_too_long(1)
    delimiter = max(DELIMITERS, key=lambda candidate: len(_cells(header_line, candidate)))
    header = tuple(_cells(header_line, delimiter))
    if any("\n" in name or "\r" in name for name in header):
        raise UnreadableFile("the file's first row (line 1) opens a quote (\") it never closes")
    if len(header) > MAX_COLUMNS:
        raise UnreadableFile(
            f"the file's first row (line 1) has {len(header)} columns; an export has at most "
            f"{MAX_COLUMNS}. Export it again from the app, or remove the extra columns"
        )
    return CsvRows(header=header, delimiter=delimiter, rows=_rows(data, text, delimiter, header))


def _cells(line: str, delimiter: str) -> list[str]:
    return next(csv.reader([line], delimiter=delimiter), [])


class _RowTooLong(Exception):
    """Raised from inside the csv reader's line source; ``_rows`` names the row's first line."""


class _BoundedLines:
    """The text's lines for the csv reader, refusing a row (all its lines) over ``MAX_ROW_CHARS``.

    Each line is read with a limit, so even a file that is one 20 MiB line never becomes one
    string, let alone a list of millions of cells. ``row_done`` is called as each row is yielded:
    the reader asks for lines only while it is reading a row, so what was read since is that row.
    """

    def __init__(self, text: io.TextIOWrapper) -> None:
        self._text = text
        self._row_chars = 0

    def __iter__(self) -> _BoundedLines:
        return self

    def __next__(self) -> str:
        line = self._text.readline(MAX_ROW_CHARS - self._row_chars + 1)
        if not line:
            raise StopIteration
        self._row_chars += len(line)
        if self._row_chars > MAX_ROW_CHARS:
            raise _RowTooLong
        return line

    def row_done(self) -> None:
        self._row_chars = 0


def _rows(
    data: bytes, text: io.TextIOWrapper, delimiter: str, header: tuple[str, ...]
) -> Iterator[tuple[int, list[str]]]:
    lines = _BoundedLines(text)
    reader = csv.reader(lines, delimiter=delimiter)
    # The header was line 1; reader.line_num counts the physical lines the reader has consumed,
    # so a row starts one line after where the previous one ended (quoted newlines included).
    ended_on = 1
    try:
        for cells in reader:
            lines.row_done()
            starts_on = ended_on + 1
            ended_on = 1 + reader.line_num
            if cells and any(cell.strip() for cell in cells):
                _check_width(cells, starts_on, header)
                yield starts_on, cells
    except UnicodeDecodeError:
        raise _not_utf8(data) from None
    except _RowTooLong:
        raise _row_too_long(ended_on + 1) from None
    except csv.Error as error:
        raise UnreadableFile(f"the file is not valid CSV near line {ended_on + 1}: {error}") from None


def _check_width(cells: list[str], line: int, header: tuple[str, ...]) -> None:
    if len(cells) > MAX_COLUMNS:
        raise UnreadableFile(
            f"the row on line {line} has {len(cells)} cells; an export has at most {MAX_COLUMNS} "
            "columns. Export it again from the app"
        )
    if max(map(len, cells)) > MAX_CELL_CHARS:
        index = max(range(len(cells)), key=lambda at: len(cells[at]))
        column = repr(header[index]) if index < len(header) else f"number {index + 1}"
        raise UnreadableFile(
            f"the cell in column {column} of the row on line {line} has {len(cells[index])} "
            f'characters; at most {MAX_CELL_CHARS} are read. Shorten it, or check that a quote (") '
            "opened there is closed"
        )


def _row_too_long(line: int) -> UnreadableFile:
    return UnreadableFile(
        f"the row starting on line {line} runs past {MAX_ROW_CHARS} characters, which no export's "
        'row does (one set, a few hundred characters); perhaps a quote (") opened there is never '
        "closed, or the file is not a workout export"
    )


def _not_utf8(data: bytes) -> UnreadableFile:
    """The refusal naming the first byte that is not UTF-8 and its line.

    The wrapper decodes ahead of the rows in chunks, so its error says nothing exact about where;
    decoding the whole file once more, only on this failing path, does.
    """
    where = "an undecodable byte"
    try:
        data.decode("utf-8")  # a BOM is valid UTF-8 too, so offsets count from the file's start
    except UnicodeDecodeError as error:
        line = data.count(b"\n", 0, error.start) + 1
        where = f"byte 0x{data[error.start]:02x} on line {line}"
    return UnreadableFile(
        f"the file is not UTF-8 text ({where}); export it again from the app or save it as CSV UTF-8"
    )
