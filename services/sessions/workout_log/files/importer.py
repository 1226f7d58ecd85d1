"""``import_workouts``: a read workout file stored in an account's workout log, one LogWorkout each.

The workout log does the storing (``WorkoutLogService.LogWorkout``: one finished workout, its
entries and sets, in one transaction); this module turns each ``ImportedWorkout`` into that request
and tallies the answers. It takes the call as a function, so ImportWorkoutFile (the log's own
LogWorkout, called in-process), the CLI (a gRPC stub) and the tests (a recording fake) share it; a
refusal is a gRPC error from a stub and a ``DomainError`` in-process, read the same. Mapping and why:
docs/decisions/0047-workout-imports-and-exports.md ("Importing"), decision 0098.
"""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable, Collection, Coroutine, Sequence
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any, Final, Literal
from zoneinfo import ZoneInfo

import grpc
from google.protobuf.timestamp_pb2 import Timestamp

from kinetic.errors import DomainError, RemoteError
from kinetic.sessions.v1.workout_log_pb2 import (
    EntryInput,
    LoggedSetInput,
    LogWorkoutRequest,
    LogWorkoutResponse,
)
from knowledge.training.catalog import CatalogExercise, load_catalog
from knowledge.training.exercise_names import normalize_words
from services.sessions.workout_log.files.exercise_forms import catalog_exercise_for
from services.sessions.workout_log.files.model import (
    ImportedEntry,
    ImportedSet,
    ImportedWorkout,
    ImportResult,
    SkippedRow,
)

KILOGRAMS_PER_POUND: Final = 0.45359237
# The service's rule: an idempotency key is 1 to 200 printable characters.
MAX_IDEMPOTENCY_KEY: Final = 200
KEY_PREFIX: Final = "import:"
# Calls in flight at once. The service writes one account's workouts one after another (under the
# account's lock), so more would only queue there; a few hide the round trips.
CONCURRENT_CALLS: Final = 4
RPE_RANGE: Final = (1.0, 10.0)
# The title the service gives a workout stored without one.
DEFAULT_TITLE: Final = "Workout"
# The exercise ID the service stores an unconfirmed entry under: this prefix and its words.
UNCONFIRMED_PREFIX: Final = "words:"

Precision = Literal["second", "minute"]
LogWorkout = Callable[[LogWorkoutRequest], Awaitable[LogWorkoutResponse]]


@dataclass(frozen=True)
class RefusedWorkout:
    """A workout the service would not store, by its start (the file's wall time) and why."""

    started_at: datetime
    reason: str


@dataclass(frozen=True)
class DroppedRpe:
    """An RPE outside 1 to 10, left out of its set (the set itself was stored)."""

    started_at: datetime
    exercise_name: str
    rpe: float


@dataclass(frozen=True)
class ImportReport:
    """What an import did. ``already_imported`` were there before (same workout, same account)."""

    imported: int
    already_imported: int
    sets: int  # sets stored by this import
    skipped_rows: tuple[SkippedRow, ...]
    refused: tuple[RefusedWorkout, ...]
    unconfirmed_exercises: tuple[str, ...]  # the file's names stored unconfirmed, sorted
    dropped_rpe: tuple[DroppedRpe, ...] = field(default=())
    # Workouts stored without their end: the file's duration was days long (decision 0088).
    dropped_durations: tuple[SkippedRow, ...] = field(default=())

    def to_json(self) -> dict[str, Any]:
        """The report as JSON, as the REST upload answers it and the CLI prints it."""
        return {
            "imported": self.imported,
            "alreadyImported": self.already_imported,
            "sets": self.sets,
            "skippedRows": [{"line": row.line, "reason": row.reason} for row in self.skipped_rows],
            "refused": [
                {"startedAt": one.started_at.isoformat(), "reason": one.reason} for one in self.refused
            ],
            "unconfirmedExercises": list(self.unconfirmed_exercises),
            "droppedRpe": [
                {"startedAt": one.started_at.isoformat(), "exercise": one.exercise_name, "rpe": one.rpe}
                for one in self.dropped_rpe
            ],
            "droppedDurations": [{"line": row.line, "reason": row.reason} for row in self.dropped_durations],
        }


@dataclass(frozen=True)
class _Outcome:
    """One workout's answer: stored, there already, or refused."""

    kind: str  # "imported", "already", "refused"
    sets: int = 0
    reason: str = ""
    unconfirmed: tuple[str, ...] = ()


def idempotency_key(workout: ImportedWorkout) -> str:
    """``import:<source_key>``: the same workout from the same file is the same write."""
    key = KEY_PREFIX + workout.source_key
    if len(key) > MAX_IDEMPOTENCY_KEY:
        raise ValueError(f"source key {workout.source_key!r} does not fit an idempotency key")
    return key


def timestamp(wall_time: datetime, zone: ZoneInfo) -> Timestamp:
    """The instant ``wall_time`` showed on clocks in ``zone``.

    A wall time a clock change skipped or showed twice takes zoneinfo's first reading (``fold=0``).
    """
    stamp = Timestamp()
    stamp.FromDatetime(wall_time.replace(tzinfo=zone))
    return stamp


def set_input(one: ImportedSet, rpe: float | None) -> LoggedSetInput:
    """One set: the load in kilograms with the file's value and unit kept; warm-ups flagged.

    Drop and failure sets are stored as normal sets: the log's sets are warm-up or not.
    """
    given = LoggedSetInput(warmup=one.set_type == "warmup")
    if one.load is not None and one.unit is not None:
        factor = KILOGRAMS_PER_POUND if one.unit == "lb" else 1.0
        given.load_kg = round(one.load * factor, 3)
        given.load_value = one.load
        given.load_unit = one.unit
    if one.reps is not None:
        given.reps = one.reps
    if one.duration_s is not None:
        given.duration_s = one.duration_s
    if one.distance_m is not None:
        given.distance_m = one.distance_m
    if rpe is not None:
        given.rpe = rpe
    return given


def entry_input(entry: ImportedEntry, exercise_id: str | None, rpes: Sequence[float | None]) -> EntryInput:
    """One exercise: the catalog's exercise when its name resolved (the catalog's name shown), else
    the file's name as words, for the service to store unconfirmed until the person says which."""
    sets = [set_input(one, rpe) for one, rpe in zip(entry.sets, rpes, strict=True)]
    if exercise_id is not None:
        return EntryInput(exercise_id=exercise_id, notes=entry.notes, sets=sets)
    return EntryInput(
        exercise_name=entry.exercise_name,
        words=normalize_words(entry.exercise_name),
        notes=entry.notes,
        sets=sets,
    )


class _Mapper:
    """Builds requests, resolving each distinct exercise name once and noting dropped RPEs."""

    def __init__(self, account_id: str, time_zone: str, catalog: Sequence[CatalogExercise]) -> None:
        self._account_id = account_id
        self._time_zone = time_zone
        self._zone = ZoneInfo(time_zone)
        self._catalog = catalog
        self._resolved: dict[str, str | None] = {}
        self.dropped_rpe: list[DroppedRpe] = []

    def exercise_id(self, app_name: str) -> str | None:
        if app_name not in self._resolved:
            self._resolved[app_name] = catalog_exercise_for(app_name, catalog=self._catalog)
        return self._resolved[app_name]

    def request(self, workout: ImportedWorkout) -> LogWorkoutRequest:
        entries = []
        for entry in workout.entries:
            rpes: list[float | None] = []
            for one in entry.sets:
                if one.rpe is not None and not RPE_RANGE[0] <= one.rpe <= RPE_RANGE[1]:
                    self.dropped_rpe.append(DroppedRpe(workout.started_at, entry.exercise_name, one.rpe))
                    rpes.append(None)
                else:
                    rpes.append(one.rpe)
            entries.append(entry_input(entry, self.exercise_id(entry.exercise_name), rpes))
        request = LogWorkoutRequest(
            account_id=self._account_id,
            idempotency_key=idempotency_key(workout),
            time_zone=self._time_zone,
            title=workout.title,
            notes=workout.notes,
            entries=entries,
        )
        request.start_time.CopyFrom(timestamp(workout.started_at, self._zone))
        if workout.ended_at is not None:
            request.end_time.CopyFrom(timestamp(workout.ended_at, self._zone))
        return request


def file_precision(workouts: Sequence[ImportedWorkout]) -> Precision:
    """How finely the file's start times are written: "minute" when none has seconds (Hevy writes
    "7 Dec 2026, 10:05"), else "second" (Strong and Kinetic's own CSV); never finer (decision 0107)."""
    if workouts and all(w.started_at.second == 0 and w.started_at.microsecond == 0 for w in workouts):
        return "minute"
    return "second"


def at_precision(instant: datetime, precision: Precision) -> datetime:
    """``instant`` cut to ``precision``: a workout logged live is stored to the microsecond, and the
    file that exported it says whole seconds (or minutes); compared so, it is the same workout."""
    cut = instant.replace(microsecond=0)
    return cut.replace(second=0) if precision == "minute" else cut


def _refusal_reason(remote: RemoteError) -> str:
    if remote.violations:
        return "; ".join(f"{v.field}: {v.description}" for v in remote.violations)
    return remote.message or remote.reason


def _stored(request: LogWorkoutRequest, response: LogWorkoutResponse) -> _Outcome:
    """The answer tallied; entries stored unconfirmed are named as the file named them.

    The service names an unconfirmed entry by its words ("zerchercarrysandbag"), so the file's name
    is found again through the words it was sent with (the entry's ID is "words:" + its words).
    """
    if response.replayed:
        return _Outcome("already")
    name_of_words = {entry.words: entry.exercise_name for entry in request.entries if not entry.exercise_id}
    unconfirmed_ids = set(response.unconfirmed_entry_ids)
    names = tuple(
        name_of_words.get(p.exercise_id.removeprefix(UNCONFIRMED_PREFIX), p.exercise_name)
        for p in response.workout.performances
        if p.performance_id in unconfirmed_ids
    )
    sets = sum(len(p.sets) for p in response.workout.performances)
    return _Outcome("imported", sets=sets, unconfirmed=names)


async def _log_one(log_workout: LogWorkout, request: LogWorkoutRequest) -> _Outcome:
    try:
        return _stored(request, await log_workout(request))
    except grpc.aio.AioRpcError as error:
        refused = _refused(RemoteError.from_rpc(error))
        if refused is None:
            raise
        return refused
    except DomainError as error:  # the log's LogWorkout called in-process: the same refusal
        refused = _refused(
            RemoteError(error.code, error.message, error.reason, error.violations, dict(error.metadata))
        )
        if refused is None:
            raise
        return refused


def _refused(remote: RemoteError) -> _Outcome | None:
    """The outcome of a refused workout; None for a failure that stops the import."""
    if remote.code == grpc.StatusCode.INVALID_ARGUMENT:
        return _Outcome("refused", reason=_refusal_reason(remote))
    if remote.code == grpc.StatusCode.ALREADY_EXISTS:
        # The key, hence the workout's content, was imported before with another request
        # (the account's time zone changed since, say): it is there, leave it.
        return _Outcome("already")
    return None


async def import_workouts(
    result: ImportResult,
    log_workout: LogWorkout,
    *,
    account_id: str,
    time_zone: str,
    progress: Callable[[int, int], None] | None = None,
    stored_starts: Collection[tuple[datetime, str]] = (),
    catalog: Sequence[CatalogExercise] | None = None,
) -> ImportReport:
    """Store every workout of ``result`` in the account's log; the report says what happened.

    ``time_zone`` (IANA) is the one the file's wall times are read in. ``progress(done, total)``
    is called after each workout's answer. ``stored_starts`` holds the account's logged workouts
    as (start instant, title): a workout of the file starting at the same instant, to the precision
    the file writes (``file_precision``), with the same title is counted as already imported without
    a call, since the service keeps an idempotency
    key's answer for a week only (``stored_workout_starts`` in ``export.py`` reads them).

    A workout the service refuses (INVALID_ARGUMENT) is reported and the import goes on; any other
    failure (the service unavailable) stops it and is raised: what was stored stays, and running
    the import again stores only the rest.
    """
    mapper = _Mapper(account_id, time_zone, catalog if catalog is not None else load_catalog())
    zone = ZoneInfo(time_zone)
    precision = file_precision(result.workouts)
    stored = {(at_precision(instant, precision), title) for instant, title in stored_starts}
    total = len(result.workouts)
    done = 0
    gate = asyncio.Semaphore(CONCURRENT_CALLS)

    async def one(workout: ImportedWorkout) -> _Outcome:
        nonlocal done
        started = at_precision(workout.started_at.replace(tzinfo=zone), precision)
        if (started, workout.title.strip() or DEFAULT_TITLE) in stored:
            outcome = _Outcome("already")
        else:
            async with gate:  # built here, so at most a few requests are held at once
                outcome = await _log_one(log_workout, mapper.request(workout))
        done += 1
        if progress is not None:
            progress(done, total)
        return outcome

    outcomes = await _gather_in_order([one(workout) for workout in result.workouts])
    refused = tuple(
        RefusedWorkout(workout.started_at, outcome.reason)
        for workout, outcome in zip(result.workouts, outcomes, strict=True)
        if outcome.kind == "refused"
    )
    return ImportReport(
        imported=sum(1 for outcome in outcomes if outcome.kind == "imported"),
        already_imported=sum(1 for outcome in outcomes if outcome.kind == "already"),
        sets=sum(outcome.sets for outcome in outcomes),
        skipped_rows=result.skipped,
        refused=refused,
        unconfirmed_exercises=tuple(sorted({name for outcome in outcomes for name in outcome.unconfirmed})),
        dropped_rpe=tuple(sorted(mapper.dropped_rpe, key=lambda d: (d.started_at, d.exercise_name))),
        dropped_durations=result.dropped_durations,
    )


async def _gather_in_order(calls: list[Coroutine[Any, Any, _Outcome]]) -> list[_Outcome]:
    """Every outcome in the order of ``calls``. On a failure the other calls are cancelled and
    awaited before it is raised, so an import that stops leaves no call running."""
    tasks = [asyncio.ensure_future(call) for call in calls]
    try:
        return list(await asyncio.gather(*tasks))
    except BaseException:
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)
        raise
