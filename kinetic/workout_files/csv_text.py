"""The CSV layer: UTF-8 text (with or without a BOM), any line ends, the delimiter read off the header.

The bytes are decoded a chunk at a time while the rows are read, so a five-year export never exists
as a second, decoded copy in memory (decision 0047, "Size").
"""

from __future__ import annotations

import csv
import io
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Final

from kinetic.workout_files.model import UnreadableFile

# Strong writes commas or, depending on the phone's language, semicolons; a tab is what a
# spreadsheet's "save as text" gives. The header decides: its cells never hold any of them.
DELIMITERS: Final = (",", ";", "\t")


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
    if not data.strip():
        raise UnreadableFile("the file is empty")
    if b"\x00" in data:
        raise UnreadableFile("the file is not CSV text: it holds NUL bytes, as binary files do")
    text = io.TextIOWrapper(io.BytesIO(data), encoding="utf-8-sig", newline="")
    try:
        header_line = text.readline()
    except UnicodeDecodeError:
        raise _not_utf8(data) from None
    delimiter = max(DELIMITERS, key=lambda candidate: len(_cells(header_line, candidate)))
    header = tuple(_cells(header_line, delimiter))
    return CsvRows(header=header, delimiter=delimiter, rows=_rows(data, text, delimiter))


def _cells(line: str, delimiter: str) -> list[str]:
    return next(csv.reader([line], delimiter=delimiter), [])


def _rows(data: bytes, text: io.TextIOWrapper, delimiter: str) -> Iterator[tuple[int, list[str]]]:
    reader = csv.reader(text, delimiter=delimiter)
    # The header was line 1; reader.line_num counts the physical lines the reader has consumed,
    # so a row starts one line after where the previous one ended (quoted newlines included).
    ended_on = 1
    try:
        for cells in reader:
            starts_on = ended_on + 1
            ended_on = 1 + reader.line_num
            if cells and any(cell.strip() for cell in cells):
                yield starts_on, cells
    except UnicodeDecodeError:
        raise _not_utf8(data) from None
    except csv.Error as error:
        raise UnreadableFile(f"the file is not valid CSV near line {ended_on + 1}: {error}") from None


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
