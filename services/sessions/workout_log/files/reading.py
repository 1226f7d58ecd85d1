"""``parse_workout_csv``: which export a file is, by its header, and reading it row by row."""

from __future__ import annotations

from typing import Protocol

from services.sessions.workout_log.files import hevy, strong
from services.sessions.workout_log.files.assembly import SetRow, WorkoutAssembler
from services.sessions.workout_log.files.cells import RowProblem
from services.sessions.workout_log.files.columns import Columns, normalized
from services.sessions.workout_log.files.csv_text import open_csv
from services.sessions.workout_log.files.model import (
    DistanceUnit,
    FileFormat,
    ImportResult,
    NotCsvFile,
    SkippedRow,
    UnreadableFile,
    WeightUnit,
)

# The first character of a JSON document, after a byte-order mark and blanks: no CSV export starts so.
JSON_STARTS = (b"{", b"[")

# What a refusal shows of the header it found, so a long one stays readable.
_HEADER_CELLS_SHOWN = 8
_HEVY_HEADER = (
    "title, start_time, end_time, description, exercise_title, superset_id, exercise_notes, "
    "set_index, set_type, weight_kg or weight_lbs, reps, distance_km or distance_miles, "
    "duration_seconds, rpe"
)


class _RowReader(Protocol):
    def read(self, cells: list[str]) -> SetRow: ...


def parse_workout_csv(
    data: bytes,
    *,
    unit: WeightUnit | None = None,
    distance_unit: DistanceUnit | None = None,
) -> ImportResult:
    """The workouts in a Strong or Hevy CSV export, and the rows left out with why.

    ``unit`` states the weight unit of a Strong export that names none (its long-standing layout);
    without it such a file raises ``UnitRequired``. Where the file states its unit (a Hevy header,
    Strong's ``Weight (kg)`` or ``Weight Unit``), the file's word wins. ``distance_unit`` does the
    same for Strong's bare ``Distance``, defaulting to kilometres with kg and miles with lb.
    Raises ``NotCsvFile`` for a JSON document and ``UnreadableFile`` for anything else that is not
    UTF-8 CSV text with either export's header.
    Decision 0047 describes every column, unit and rule.
    """
    if data.lstrip(b"\xef\xbb\xbf \t\r\n")[:1] in JSON_STARTS:
        raise NotCsvFile(
            "this file is JSON (such as Kinetic's account export), and the import reads CSV files "
            "only (Kinetic's, Strong's or Hevy's): upload the CSV export (/api/workout-log/export.csv) "
            "instead"
        )
    csv_file = open_csv(data)
    columns_by_name = {normalized(name) for name in csv_file.header}
    decimal_comma = csv_file.delimiter == ";"
    file_format: FileFormat
    reader: _RowReader
    if columns_by_name.issuperset(map(normalized, strong.SIGNATURE)):
        file_format = "strong"
        reader = strong.StrongRows(
            Columns.of(strong.FORMAT_NAME, csv_file.header),
            unit=unit,
            distance_unit=distance_unit,
            decimal_comma=decimal_comma,
        )
    elif columns_by_name.issuperset(map(normalized, hevy.SIGNATURE)):
        file_format = "hevy"
        reader = hevy.HevyRows(Columns.of(hevy.FORMAT_NAME, csv_file.header), decimal_comma=decimal_comma)
    else:
        raise _unknown_header(csv_file.header)
    assembler = WorkoutAssembler(file_format)
    skipped: list[SkippedRow] = []
    dropped_durations: dict[tuple[object, str], SkippedRow] = {}  # one per workout, its first row
    for line, cells in csv_file.rows:
        try:
            row = reader.read(cells)
        except RowProblem as problem:
            skipped.append(SkippedRow(line=line, reason=problem.reason))
            continue
        assembler.add(row)
        if row.dropped_duration is not None:
            dropped_durations.setdefault((row.started_at, row.title), SkippedRow(line, row.dropped_duration))
    return ImportResult(
        format=file_format,
        workouts=assembler.workouts(),
        skipped=tuple(skipped),
        dropped_durations=tuple(dropped_durations.values()),
    )


def _unknown_header(header: tuple[str, ...]) -> UnreadableFile:
    shown = ", ".join(repr(name) for name in header[:_HEADER_CELLS_SHOWN])
    if len(header) > _HEADER_CELLS_SHOWN:
        shown += f", ... ({len(header)} columns)"
    return UnreadableFile(
        f"the file is neither a Strong nor a Hevy CSV export: its first row is {shown}. "
        f"Expected Strong's columns ({', '.join(strong.HEADER)}) or Hevy's ({_HEVY_HEADER})"
    )
