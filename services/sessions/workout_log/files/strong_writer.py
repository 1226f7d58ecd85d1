"""``write_strong_csv``: a workout log in Strong's long-standing CSV layout, for people leaving.

The layout is the one most apps import ("from Strong"), and ``parse_workout_csv`` reads it back to
the same workouts (decision 0047, "Export").
"""

from __future__ import annotations

import csv
import io
from collections.abc import Iterator, Sequence
from datetime import datetime
from typing import Final

from services.sessions.workout_log.files.formula_cells import escaped
from services.sessions.workout_log.files.model import (
    DistanceUnit,
    ImportedSet,
    ImportedWorkout,
    SetType,
    WeightUnit,
)
from services.sessions.workout_log.files.strong import HEADER

KILOGRAMS_PER_POUND: Final = 0.45359237  # exact, by the international yard and pound agreement
_METRES_PER: Final[dict[DistanceUnit, float]] = {"km": 1000.0, "mi": 1609.344}
_SET_ORDER_LETTERS: Final[dict[SetType, str]] = {"warmup": "W", "drop": "D", "failure": "F"}
# A converted load is rounded to this many decimals (0.01 kg or lb, as decision 0037 rounds logged
# loads); one already in the asked unit is written exactly.
_CONVERTED_LOAD_DECIMALS: Final = 2
# Enough digits for a distance that reading it back gives the same millimetre (the parser keeps
# metres to 3 decimals; 1e-7 mile is 0.16 mm).
_DISTANCE_DECIMALS: Final = 7


def write_strong_csv(
    workouts: Sequence[ImportedWorkout],
    *,
    unit: WeightUnit,
    distance_unit: DistanceUnit | None = None,
) -> str:
    """The workouts as a comma-separated Strong export, loads in ``unit``.

    Distances are written in ``distance_unit``, by default kilometres with kg and miles with lb:
    the same default ``parse_workout_csv`` reads a bare Strong ``Distance`` with, so reading the
    text back with the same ``unit`` gives the same workouts. Like Strong, a measure not recorded
    is written ``0`` (and so a recorded zero reads back as not recorded). A name or note that a
    spreadsheet would run as a formula (``=...``, ``-5 kg``) is written behind an apostrophe, which
    the import takes off again (decision 0071).
    """
    metres_per = _METRES_PER[distance_unit or ("mi" if unit == "lb" else "km")]
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(HEADER)
    for workout in workouts:
        writer.writerows(_rows(workout, unit, metres_per))
    return out.getvalue()


def _rows(workout: ImportedWorkout, unit: WeightUnit, metres_per: float) -> Iterator[list[str]]:
    date = workout.started_at.strftime("%Y-%m-%d %H:%M:%S")
    duration = _duration(workout.started_at, workout.ended_at)
    for entry in workout.entries:
        numbered = 0
        for one in entry.sets:
            set_order = _SET_ORDER_LETTERS.get(one.set_type)
            if set_order is None:
                numbered += 1
                set_order = str(numbered)
            yield [
                date,
                _text(workout.title),
                duration,
                _text(entry.exercise_name),
                set_order,
                _load(one, unit),
                str(one.reps or 0),
                _distance(one, metres_per),
                str(one.duration_s or 0),
                _text(entry.notes),
                _text(workout.notes),
                "" if one.rpe is None else repr(one.rpe),
            ]


def _text(text: str) -> str:
    """A name or note as a cell: behind an apostrophe when a spreadsheet would run it (decision
    0071), its line ends as ``\n``. The csv module quotes a cell holding ``\n`` but not a lone
    ``\r``, which would end the row there; the import reads either as ``\n`` anyway."""
    return escaped(text.replace("\r\n", "\n").replace("\r", "\n"))


def _load(one: ImportedSet, unit: WeightUnit) -> str:
    if one.load is None:
        return "0"
    if one.unit == unit:
        return repr(one.load)
    factor = KILOGRAMS_PER_POUND if unit == "kg" else 1 / KILOGRAMS_PER_POUND
    return repr(round(one.load * factor, _CONVERTED_LOAD_DECIMALS))


def _distance(one: ImportedSet, metres_per: float) -> str:
    if one.distance_m is None:
        return "0"
    return repr(round(one.distance_m / metres_per, _DISTANCE_DECIMALS))


def _duration(started_at: datetime, ended_at: datetime | None) -> str:
    """Strong's ``1h 5m`` / ``45m``, with ``30s`` added only when the end is not on a whole minute.

    Empty when the workout has no length: the log stores a workout logged without an end as ending
    at its start, and ``0m`` would read back as a duration the file never had (decision 0088).
    """
    if ended_at is None:
        return ""
    seconds = int((ended_at - started_at).total_seconds())
    if seconds <= 0:
        return ""
    hours, rest = divmod(seconds, 3600)
    minutes, seconds = divmod(rest, 60)
    parts = [f"{hours}h"] if hours else []
    parts.append(f"{minutes}m")
    if seconds:
        parts.append(f"{seconds}s")
    return " ".join(parts)
