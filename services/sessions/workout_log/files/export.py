"""The workout log read whole, in windows within ListLoggedWorkouts' limits, and written back out as
a Strong-layout CSV for another app: ExportWorkouts answers both (decision 0098), and an import
reads the file's days first to pass over what is stored (``stored_workout_starts``).

It reads through ListLoggedWorkouts, the service's own in-process or a stub, so the export is what
the log answers, never a copy of its tables. The windows and the CSV's rules:
docs/decisions/0047-workout-imports-and-exports.md ("Exporting").
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable, Iterator, Sequence
from datetime import UTC, date, datetime, timedelta
from typing import Final
from zoneinfo import ZoneInfo

from kinetic.record_ranges import WORKOUT_TIME
from kinetic.sessions.v1 import sessions_pb2, workout_log_pb2
from kinetic.time_zones import time_zone as zone_named
from services.sessions.workout_log.files.model import (
    ImportedEntry,
    ImportedSet,
    ImportedWorkout,
    SetType,
    WeightUnit,
)
from services.sessions.workout_log.files.strong_writer import write_strong_csv

# The log's window starts where its times may start (record_ranges.WORKOUT_TIME, decision 0070):
# imported history may be older than the account, and older than 1970.
EARLIEST_DAY: Final = WORKOUT_TIME.earliest.date()
# The call's limits (workout_log.proto): days per window.
LOG_WINDOW_DAYS: Final = 3660
# Of the 1000 allowed: a page of workouts with all their sets (200 x 48 sets: 0.3 s idle, "Importing:
# size") stays well within the edge's 2 s read deadline.
LOG_PAGE: Final = 200
_SET_TYPES: Final[dict[str, SetType]] = {"W": "warmup", "D": "drop", "F": "failure"}


ListLogged = Callable[
    [workout_log_pb2.ListLoggedWorkoutsRequest], Awaitable[workout_log_pb2.ListLoggedWorkoutsResponse]
]


def _windows(first: date, last: date, days: int) -> Iterator[tuple[date, date]]:
    """[start, end) windows of at most ``days`` days covering ``first`` to ``last`` (exclusive)."""
    start = first
    while start < last:
        end = min(start + timedelta(days=days), last)
        yield start, end
        start = end


async def logged_workouts(
    list_logged: ListLogged, account_id: str, time_zone: str, first: date, last: date
) -> list[sessions_pb2.Session]:
    """Every workout (session of any source) started on local days ``first`` to ``last`` inclusive,
    oldest first, with entries and sets.

    ListLoggedWorkouts has no page token: a window holding more than a page (its ``total_count``
    says so) is halved until each half fits.
    """
    found: list[sessions_pb2.Session] = []

    def request(start: date, end: date, limit: int) -> workout_log_pb2.ListLoggedWorkoutsRequest:
        return workout_log_pb2.ListLoggedWorkoutsRequest(
            account_id=account_id,
            from_day=start.isoformat(),
            to_day=end.isoformat(),
            time_zone=time_zone,
            limit=limit,
        )

    async def window(start: date, end: date) -> None:  # [start, end] inclusive
        # Counted first with one workout (its sets are all a count costs), then read whole or halved.
        counted = await list_logged(request(start, end, 1))
        if counted.total_count <= 1:
            found.extend(counted.workouts)
            return
        if counted.total_count <= LOG_PAGE:
            response = await list_logged(request(start, end, LOG_PAGE))
            found.extend(reversed(response.workouts))  # the service answers newest first
            return
        if start == end:
            raise RuntimeError(f"more than {LOG_PAGE} workouts on {start}; the export cannot page them")
        middle = start + (end - start) // 2
        await window(start, middle)
        await window(middle + timedelta(days=1), end)

    for start, end in _windows(first, last + timedelta(days=1), LOG_WINDOW_DAYS):
        await window(start, end - timedelta(days=1))
    return found


async def stored_workout_starts(
    list_logged: ListLogged, account_id: str, time_zone: str, first: date, last: date
) -> set[tuple[datetime, str]]:
    """(start instant, title) of the account's workouts on local days ``first`` to ``last``: what
    ``import_workouts`` passes over as already imported."""
    workouts = await logged_workouts(list_logged, account_id, time_zone, first, last)
    return {(w.start_time.ToDatetime(tzinfo=UTC), w.title) for w in workouts}


def today_in(time_zone: str) -> date:
    """Today's date in ``time_zone`` (UTC when it is no zone)."""
    return datetime.now(zone_named(time_zone) or UTC).date()


def weight_unit_of(units: str) -> WeightUnit:
    """The load unit of an account's display units: pounds for "imperial", kilograms otherwise."""
    return "lb" if units == "imperial" else "kg"


def _load(one: sessions_pb2.PerformanceSet) -> tuple[float | None, WeightUnit | None]:
    """The load as it was given: pounds when it was given in pounds, else the stored kilograms."""
    if one.load_unit == "lb" and one.HasField("load_value"):
        return one.load_value, "lb"
    if one.HasField("weight_kg"):
        return one.weight_kg, "kg"
    return None, None


def imported_set(one: sessions_pb2.PerformanceSet) -> ImportedSet:
    """A stored set in the import shape; reps written as text ("AMRAP") are not a number: left out."""
    load, unit = _load(one)
    reps = round(one.reps_number) if one.WhichOneof("reps") == "reps_number" else None
    return ImportedSet(
        load=load,
        unit=unit,
        reps=reps,
        distance_m=one.distance_meters if one.HasField("distance_meters") else None,
        duration_s=round(one.time_seconds) if one.HasField("time_seconds") else None,
        rpe=one.rpe if one.HasField("rpe") else None,
        set_type=_SET_TYPES.get(one.set_type, "normal"),
    )


def imported_workout(session: sessions_pb2.Session, zone: ZoneInfo) -> ImportedWorkout | None:
    """A stored workout in the import shape, at the wall times of ``zone``; only completed sets,
    and None when it has none (a workout planned or started and never done)."""

    def wall(instant: datetime) -> datetime:
        return instant.astimezone(zone).replace(tzinfo=None)

    entries = []
    for performance in session.performances:
        sets = tuple(imported_set(one) for one in performance.sets if one.completed)
        if sets:
            name = performance.exercise_name or performance.exercise_id
            entries.append(ImportedEntry(exercise_name=name, notes=performance.notes, sets=sets))
    if not entries:
        return None
    return ImportedWorkout(
        source_key=f"kinetic:{session.session_id}",
        started_at=wall(session.start_time.ToDatetime(tzinfo=UTC)),
        ended_at=wall(session.end_time.ToDatetime(tzinfo=UTC)) if session.HasField("end_time") else None,
        title=session.title,
        notes=session.notes,
        entries=tuple(entries),
    )


async def whole_log(list_logged: ListLogged, account_id: str, time_zone: str) -> list[sessions_pb2.Session]:
    """Every workout of the account, oldest first: its local days from ``EARLIEST_DAY`` to tomorrow."""
    return await logged_workouts(
        list_logged, account_id, time_zone, EARLIEST_DAY, today_in(time_zone) + timedelta(days=1)
    )


def strong_csv(sessions: Sequence[sessions_pb2.Session], time_zone: str, unit: WeightUnit) -> str:
    """The workouts as a Strong-layout CSV, loads in ``unit``, wall times in ``time_zone``."""
    zone = zone_named(time_zone) or ZoneInfo("UTC")
    workouts = [w for w in (imported_workout(s, zone) for s in sessions) if w is not None]
    return write_strong_csv(workouts, unit=unit)
