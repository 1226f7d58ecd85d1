"""Hevy's CSV export: one row per set, the units named in the headers (decision 0047, "Hevy").

``title, start_time, end_time, description, exercise_title, superset_id, exercise_notes,
set_index, set_type, weight_kg | weight_lbs, reps, distance_km | distance_miles, duration_seconds,
rpe``. Times are written ``1 Mar 2021, 18:30``, or ``Oct 1, 2024, 6:48 PM`` from a US phone (ISO
is read too; decision 0088). Unlike Strong, an empty cell is
"not recorded" and a load of zero is a zero; zero reps or seconds are "not recorded" (decision 0088).
"""

from __future__ import annotations

from datetime import datetime
from typing import Final

from services.sessions.workout_log.files.assembly import SetRow
from services.sessions.workout_log.files.cells import (
    RowProblem,
    day_month_year_time,
    number,
    text,
    whole_number,
)
from services.sessions.workout_log.files.columns import Columns, cell
from services.sessions.workout_log.files.model import ImportedSet, SetType, WeightUnit

FORMAT_NAME: Final = "Hevy"
SIGNATURE: Final = ("start_time", "exercise_title")

_WEIGHT_COLUMNS: Final[dict[str, WeightUnit]] = {"weight_kg": "kg", "weight_lbs": "lb"}
_DISTANCE_COLUMNS: Final = {"distance_km": 1000.0, "distance_miles": 1609.344}
_SET_TYPES: Final[dict[str, SetType]] = {
    "normal": "normal",
    "warmup": "warmup",
    "dropset": "drop",
    "failure": "failure",
}
_ROUNDING_METRES: Final = 3


class HevyRows:
    """Reads the rows of one Hevy export whose header is ``columns``."""

    def __init__(self, columns: Columns, *, decimal_comma: bool) -> None:
        columns.require((("title",), ("start_time",), ("exercise_title",), ("reps",), tuple(_WEIGHT_COLUMNS)))
        weight_column = columns.pick(_WEIGHT_COLUMNS)
        self._unit: WeightUnit = _WEIGHT_COLUMNS[weight_column]
        distance_column = columns.first_of(_DISTANCE_COLUMNS)
        self._metres_per = _DISTANCE_COLUMNS[distance_column] if distance_column else 1.0
        self._decimal_comma = decimal_comma
        self._title = columns.index("title")
        self._start = columns.index("start_time")
        self._end = columns.index("end_time")
        self._description = columns.index("description")
        self._exercise = columns.index("exercise_title")
        self._exercise_notes = columns.index("exercise_notes")
        self._set_index = columns.index("set_index")
        self._set_type = columns.index("set_type")
        self._weight = columns.index(weight_column)
        self._reps = columns.index("reps")
        self._distance = columns.index(distance_column)
        self._duration = columns.index("duration_seconds")
        self._rpe = columns.index("rpe")

    def read(self, cells: list[str]) -> SetRow:
        """The set on this row, or ``RowProblem`` saying why it cannot be used."""
        exercise_name = text(cell(cells, self._exercise))
        if not exercise_name:
            raise RowProblem("exercise_title is empty")
        started_at = day_month_year_time(cell(cells, self._start), "start_time")
        set_type = self._set_type_of(cell(cells, self._set_type).strip().lower())
        load = self._number(cell(cells, self._weight), self._weight_name)
        # Real exports write reps 0 on a timed set and duration_seconds 0 on every lifting set: a
        # count of nothing is "not recorded" there, while a load of 0 stays 0 (decision 0088).
        reps = whole_number(cell(cells, self._reps), "reps", decimal_comma=self._decimal_comma) or None
        distance = self._number(cell(cells, self._distance), "distance")
        distance_m = None if distance is None else round(distance * self._metres_per, _ROUNDING_METRES)
        duration_s = (
            whole_number(cell(cells, self._duration), "duration_seconds", decimal_comma=self._decimal_comma)
            or None
        )
        if not (load or reps or distance_m or duration_s):
            raise RowProblem("no weight, reps, distance or time recorded")
        return SetRow(
            started_at=started_at,
            title=text(cell(cells, self._title)),
            ended_at=self._ended_at(cells),
            workout_notes=text(cell(cells, self._description)),
            exercise_name=exercise_name,
            exercise_notes=text(cell(cells, self._exercise_notes)),
            ordinal=whole_number(cell(cells, self._set_index), "set_index"),
            set=ImportedSet(
                load=load,
                unit=None if load is None else self._unit,
                reps=reps,
                distance_m=distance_m,
                duration_s=duration_s,
                rpe=self._number(cell(cells, self._rpe), "rpe"),
                set_type=set_type,
            ),
        )

    @property
    def _weight_name(self) -> str:
        return "weight_kg" if self._unit == "kg" else "weight_lbs"

    def _number(self, text: str, column: str) -> float | None:
        return number(text, column, decimal_comma=self._decimal_comma)

    @staticmethod
    def _set_type_of(text: str) -> SetType:
        if not text:
            return "normal"
        set_type = _SET_TYPES.get(text)
        if set_type is None:
            raise RowProblem(f"set_type {text!r} is none of normal, warmup, dropset, failure")
        return set_type

    def _ended_at(self, cells: list[str]) -> datetime | None:
        """The workout's end; None when empty. An unreadable one is a row problem quoting it, not a
        workout silently without a duration (decision 0088)."""
        text = cell(cells, self._end)
        if not text.strip():
            return None
        return day_month_year_time(text, "end_time")
