"""Strong's CSV export: its columns, units, set markers and durations, one row at a time.

Every generation of the export is in people's hands and they differ only in headers, so all are
read by name (decision 0047, "Strong"; the list from real exports, decision 0088):

- ``Date, Workout Name, Duration, Exercise Name, Set Order, Weight, Reps, Distance, Seconds, Notes,
  Workout Notes, RPE`` (the long-standing one): no unit anywhere, the caller states it;
- the same with ``Weight Unit`` and ``Distance Unit`` columns (and ``Workout Duration``);
- ``Workout #, Date, ..., Duration (sec), ..., Weight (kg), ..., Distance (meters), ...``: the
  unit in the header, set markers spelled ``WARM_UP``, ``DROP_SET``, ``FAILURE``;
- the first exports (2016-2017): ``Date, Workout Name, Exercise Name, Set Order, kg, Reps, km,
  Seconds, Notes``, the unit as the column's whole name.

Every layout seen in real exports, with where it was seen: decision 0088.

Strong writes ``0`` rather than nothing in a measure that does not apply (the weight of a plank),
so a zero is read as "not recorded".
"""

from __future__ import annotations

from datetime import datetime, timedelta
from typing import Final

from services.sessions.workout_log.files.assembly import SetRow
from services.sessions.workout_log.files.cells import (
    DurationTooLong,
    RowProblem,
    duration_text,
    iso_local_time,
    number,
    text,
    whole_number,
)
from services.sessions.workout_log.files.columns import Columns, cell
from services.sessions.workout_log.files.model import (
    DistanceUnit,
    ImportedSet,
    SetType,
    UnitRequired,
    WeightUnit,
)

FORMAT_NAME: Final = "Strong"
# The columns that tell a Strong export apart; the header row is matched on them.
SIGNATURE: Final = ("Date", "Exercise Name", "Set Order")
# The header ``write_strong_csv`` writes: the long-standing layout, as Strong itself writes it.
HEADER: Final = (
    "Date",
    "Workout Name",
    "Duration",
    "Exercise Name",
    "Set Order",
    "Weight",
    "Reps",
    "Distance",
    "Seconds",
    "Notes",
    "Workout Notes",
    "RPE",
)

_WEIGHT_IN_HEADER: Final[dict[str, WeightUnit | None]] = {
    "Weight (kg)": "kg",
    "Weight (lbs)": "lb",
    "Weight (lb)": "lb",
    # Strong's first exports (2016-2017) name the column by its unit alone (decision 0088).
    "kg": "kg",
    "lbs": "lb",
    "lb": "lb",
    "Weight": None,  # the unit is in a "Weight Unit" column, or only the caller knows it
}
_METRES_PER: Final[dict[str, float]] = {"m": 1.0, "km": 1000.0, "mi": 1609.344}
_DISTANCE_IN_HEADER: Final[dict[str, str | None]] = {
    "Distance (meters)": "m",
    "Distance (m)": "m",
    "Distance (km)": "km",
    "Distance (miles)": "mi",
    "Distance (mi)": "mi",
    "km": "km",
    "miles": "mi",
    "mi": "mi",
    "meters": "m",
    "m": "m",
    "Distance": None,
}
_WEIGHT_UNIT_CELLS: Final[dict[str, WeightUnit]] = {"kg": "kg", "kgs": "kg", "lb": "lb", "lbs": "lb"}
_DISTANCE_UNIT_CELLS: Final = {"m": "m", "meters": "m", "km": "km", "mi": "mi", "miles": "mi"}
_DURATION_TEXT: Final = ("Duration", "Workout Duration")
_DURATION_SECONDS: Final = ("Duration (sec)", "Duration (seconds)")
# Set Order is the set's number, or a letter in its place for a set of another kind.
# The export with "Workout #" spells them out (decision 0088).
_SET_ORDER_LETTERS: Final[dict[str, SetType]] = {
    "w": "warmup",
    "d": "drop",
    "f": "failure",
    "warm_up": "warmup",
    "drop_set": "drop",
    "failure": "failure",
}
_REST_TIMER: Final = "rest timer"
_ROUNDING_METRES: Final = 3  # millimetres: drops the float noise of mile conversions


class StrongRows:
    """Reads the rows of one Strong export whose header is ``columns``."""

    def __init__(
        self,
        columns: Columns,
        *,
        unit: WeightUnit | None,
        distance_unit: DistanceUnit | None,
        decimal_comma: bool,
    ) -> None:
        columns.require(
            (
                ("Date",),
                ("Workout Name",),
                ("Exercise Name",),
                ("Set Order",),
                ("Reps",),
                tuple(_WEIGHT_IN_HEADER),
            )
        )
        weight_column = columns.first_of(_WEIGHT_IN_HEADER)
        self._fixed_unit = _WEIGHT_IN_HEADER[weight_column] if weight_column else None
        self._unit_cell = columns.index("Weight Unit") if self._fixed_unit is None else None
        if self._fixed_unit is None and self._unit_cell is None and unit is None:
            raise UnitRequired(
                "this Strong export does not say whether its weights are in kilograms or pounds: "
                "import it again stating the unit (kg or lb) the app was set to"
            )
        self._unit = unit
        distance_column = columns.first_of(_DISTANCE_IN_HEADER)
        self._fixed_distance = _DISTANCE_IN_HEADER[distance_column] if distance_column else None
        self._distance_unit_cell = columns.index("Distance Unit") if self._fixed_distance is None else None
        # A bare "Distance" is in the app's display unit, which the file does not name: the caller's,
        # else kilometres beside kilograms and miles beside pounds.
        weight_default = self._fixed_unit or unit
        self._default_distance: str = distance_unit or ("mi" if weight_default == "lb" else "km")
        self._decimal_comma = decimal_comma
        self._date = columns.index("Date")
        self._title = columns.index("Workout Name")
        self._duration_name = columns.first_of(_DURATION_TEXT) or _DURATION_TEXT[0]
        self._duration_text = columns.index(columns.first_of(_DURATION_TEXT))
        self._duration_seconds = columns.index(columns.first_of(_DURATION_SECONDS))
        self._exercise = columns.index("Exercise Name")
        self._set_order = columns.index("Set Order")
        self._weight = columns.index(weight_column)
        self._reps = columns.index("Reps")
        self._distance = columns.index(distance_column)
        self._seconds = columns.index("Seconds")
        self._notes = columns.index("Notes")
        self._workout_notes = columns.index("Workout Notes")
        self._rpe = columns.index("RPE")

    def read(self, cells: list[str]) -> SetRow:
        """The set on this row, or ``RowProblem`` saying why it cannot be used."""
        set_order = cell(cells, self._set_order).strip()
        if set_order.lower() == _REST_TIMER:
            raise RowProblem("a rest timer Strong records between sets, not a set")
        exercise_name = text(cell(cells, self._exercise))
        if not exercise_name:
            raise RowProblem("Exercise Name is empty")
        started_at = iso_local_time(cell(cells, self._date), "Date")
        ordinal, set_type = self._set_order_of(set_order)
        load = self._positive(cell(cells, self._weight), "Weight")
        reps = self._positive_whole(cell(cells, self._reps), "Reps")
        distance_m = self._distance_of(cells)
        duration_s = self._positive_whole(cell(cells, self._seconds), "Seconds")
        if not (load or reps or distance_m or duration_s):
            raise RowProblem("no weight, reps, distance or time recorded")
        dropped_duration = None
        try:
            ended_at = self._ended_at(cells, started_at)
        except DurationTooLong as too_long:
            ended_at, dropped_duration = None, too_long.reason
        return SetRow(
            started_at=started_at,
            title=text(cell(cells, self._title)),
            ended_at=ended_at,
            dropped_duration=dropped_duration,
            workout_notes=text(cell(cells, self._workout_notes)),
            exercise_name=exercise_name,
            exercise_notes=text(cell(cells, self._notes)),
            ordinal=ordinal,
            set=ImportedSet(
                load=load,
                unit=None if load is None else self._unit_of(cells),
                reps=reps,
                distance_m=distance_m,
                duration_s=duration_s,
                rpe=self._positive(cell(cells, self._rpe), "RPE"),
                set_type=set_type,
            ),
        )

    def _set_order_of(self, text: str) -> tuple[int | None, SetType]:
        marker = _SET_ORDER_LETTERS.get(text.lower())
        if marker is not None:
            return None, marker
        try:
            return whole_number(text, "Set Order"), "normal"
        except RowProblem:
            raise RowProblem(f"Set Order {text!r} is neither a set number nor W, D or F") from None

    def _positive(self, text: str, column: str) -> float | None:
        value = number(text, column, decimal_comma=self._decimal_comma)
        return value or None

    def _positive_whole(self, text: str, column: str) -> int | None:
        value = whole_number(text, column, decimal_comma=self._decimal_comma)
        return value or None

    def _unit_of(self, cells: list[str]) -> WeightUnit:
        if self._fixed_unit is not None:
            return self._fixed_unit
        stated = cell(cells, self._unit_cell).strip().lower()
        if stated:
            unit = _WEIGHT_UNIT_CELLS.get(stated)
            if unit is None:
                raise RowProblem(f"Weight Unit {stated!r} is neither kg nor lbs")
            return unit
        if self._unit is None:
            raise RowProblem("Weight Unit is empty and no unit was given for the import")
        return self._unit

    def _distance_of(self, cells: list[str]) -> float | None:
        distance = self._positive(cell(cells, self._distance), "Distance")
        if distance is None:
            return None
        unit = self._fixed_distance
        if unit is None:
            stated = cell(cells, self._distance_unit_cell).strip().lower()
            unit = _DISTANCE_UNIT_CELLS.get(stated) if stated else self._default_distance
            if unit is None:
                raise RowProblem(f"Distance Unit {stated!r} is none of m, km or miles")
        return round(distance * _METRES_PER[unit], _ROUNDING_METRES)

    def _ended_at(self, cells: list[str], started_at: datetime) -> datetime | None:
        """The start plus the workout's duration; an unreadable duration is a row problem quoting
        it, never a workout silently without an end (decision 0088)."""
        if self._duration_seconds is not None:
            seconds = duration_text(cell(cells, self._duration_seconds), "Duration (sec)")
        else:
            seconds = duration_text(cell(cells, self._duration_text), self._duration_name)
        return None if seconds is None else started_at + timedelta(seconds=seconds)
