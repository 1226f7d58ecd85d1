"""ImportWorkoutFile and ExportWorkouts: the workout log reads and writes workout history files.

An import reads the file whole in a bounded child (a broken file stores nothing), lists the
account's workouts over the file's days, then stores each workout through the log's own
LogWorkout, in-process, with the same checks, idempotency keys and change feed as over gRPC; an
export reads the log through its own ListLoggedWorkouts. The files package speaks those messages,
so the calls are the servicer's handlers, passed in (``LogCalls``). Rules:
docs/decisions/0047-workout-imports-and-exports.md, docs/decisions/0098-workout-files-in-the-workout-log.md.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Final, cast

from kinetic.bounded_parse import ParseWorkers
from kinetic.sessions.v1 import sessions_pb2
from knowledge.limits.sessions import MAX_WORKOUT_FILE_BYTES
from services.sessions.domain.session_rules import Violations, require_account
from services.sessions.workout_log.adapters.file_reading import read_in_child
from services.sessions.workout_log.domain import log_rules as rules
from services.sessions.workout_log.domain.log_errors import InvalidWorkoutFile
from services.sessions.workout_log.files import DistanceUnit, SkippedRow, WeightUnit
from services.sessions.workout_log.files.export import (
    ListLogged,
    stored_workout_starts,
    strong_csv,
    whole_log,
)
from services.sessions.workout_log.files.importer import ImportReport, LogWorkout, import_workouts

UNITS: Final = ("kg", "lb")
DISTANCE_UNITS: Final = ("km", "mi")
# How many skipped rows a refusal quotes; the rest are counted (a file may have thousands).
ROWS_QUOTED: Final = 5


@dataclass(frozen=True)
class FileOptions:
    """ImportWorkoutFile's options: the units a file may leave unsaid and the zone of its times."""

    unit: str = ""
    distance_unit: str = ""
    time_zone: str = ""


@dataclass(frozen=True)
class LogCalls:
    """The log's own LogWorkout and ListLoggedWorkouts, called in-process."""

    log_workout: LogWorkout
    list_logged: ListLogged


def nothing_importable(skipped: Sequence[SkippedRow]) -> str:
    """A file whose every row was skipped is refused whole, quoting why, so the caller fixes the
    file instead of reading a report of nothing imported (decision 0070)."""
    quoted = "; ".join(f"line {row.line}: {row.reason}" for row in skipped[:ROWS_QUOTED])
    more = len(skipped) - ROWS_QUOTED
    rest = f"; and {more} more rows" if more > 0 else ""
    return f"no row of the file could be imported ({quoted}{rest}); fix those rows and upload it again"


class WorkoutFiles:
    """The log's imports and exports of workout history files."""

    def __init__(self, workers: ParseWorkers) -> None:
        self._workers = workers  # the child processes that read files (decision 0069)

    def _checked(self, account_id: str, size: int, options: FileOptions) -> str:
        """The zone's name once the request is sound; every bad field at once."""
        require_account(account_id)
        out = Violations()
        rules.check_zone(out, "time_zone", options.time_zone)
        if options.unit not in ("", *UNITS):
            out.add("unit", 'must be "kg" or "lb"')
        if options.distance_unit not in ("", *DISTANCE_UNITS):
            out.add("distance_unit", 'must be "km" or "mi"')
        out.raise_if_any()
        if size > MAX_WORKOUT_FILE_BYTES:
            raise InvalidWorkoutFile(
                f"the file is over {MAX_WORKOUT_FILE_BYTES // (1024 * 1024)} MiB; no workout history "
                "that large is expected, so it is refused unread",
                reason="FILE_TOO_LARGE",
            )
        return options.time_zone or "UTC"

    async def import_file(
        self, account_id: str, data: bytes, options: FileOptions, calls: LogCalls, *, timeout_s: float | None
    ) -> ImportReport:
        """Read the file whole, then store each workout not stored yet in ``options.time_zone``."""
        zone = self._checked(account_id, len(data), options)
        result = await read_in_child(
            self._workers,
            data,
            account_id=account_id,
            unit=cast(WeightUnit | None, options.unit or None),
            distance_unit=cast(DistanceUnit | None, options.distance_unit or None),
            timeout_s=timeout_s,
        )
        if not result.workouts and result.skipped:
            raise InvalidWorkoutFile(nothing_importable(result.skipped))
        stored: set[tuple[datetime, str]] = set()
        if result.workouts:
            # A day either side: the window is of local days.
            first = min(w.started_at for w in result.workouts).date() - timedelta(days=1)
            last = max(w.started_at for w in result.workouts).date() + timedelta(days=1)
            stored = await stored_workout_starts(calls.list_logged, account_id, zone, first, last)
        return await import_workouts(
            result, calls.log_workout, account_id=account_id, time_zone=zone, stored_starts=stored
        )

    async def export(self, account_id: str, time_zone: str, calls: LogCalls) -> list[sessions_pb2.Session]:
        """Every workout of the account, oldest first, read in ``time_zone``'s local days."""
        return await self._whole_log(account_id, time_zone, "", calls)

    async def export_csv(self, account_id: str, time_zone: str, load_unit: str, calls: LogCalls) -> str:
        """The log as a Strong-layout CSV, loads in ``load_unit``, wall times in ``time_zone``."""
        workouts = await self._whole_log(account_id, time_zone, load_unit, calls)
        return strong_csv(workouts, time_zone or "UTC", cast(WeightUnit, load_unit or "kg"))

    async def _whole_log(
        self, account_id: str, time_zone: str, load_unit: str, calls: LogCalls
    ) -> list[sessions_pb2.Session]:
        require_account(account_id)
        out = Violations()
        rules.check_zone(out, "time_zone", time_zone)
        if load_unit not in ("", *UNITS):
            out.add("load_unit", 'must be "kg" or "lb"')
        out.raise_if_any()
        return await whole_log(calls.list_logged, account_id, time_zone or "UTC")
