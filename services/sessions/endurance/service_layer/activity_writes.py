"""Storing activities: a file imported with its streams, a summary recorded by hand or by a sync,
and deleting one. Each write runs under the account's lock and appends its change to the feed in
the same transaction (decision 0054).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import TypeVar

from sqlalchemy import Connection, Engine

from kinetic.record_ranges import ACTIVITY_START
from services.sessions.adapters import change_feed
from services.sessions.adapters.read_engine import read_engine
from services.sessions.domain.session_rules import require_account
from services.sessions.endurance.activity_files import (
    ActivityFile,
    UnreadableActivityFile,
    read_activity_files,
)
from services.sessions.endurance.adapters import endurance_repository as repo
from services.sessions.endurance.adapters.record_codec import activity_deleted_payload, activity_payload
from services.sessions.endurance.domain.activity_rules import (
    ActivityInput,
    ImportOptions,
    check_activity,
    check_import,
)
from services.sessions.endurance.domain.endurance_errors import (
    ActivityNotFound,
    ImportNotFinished,
    UnreadableActivity,
)
from services.sessions.endurance.domain.endurance_model import (
    Activity,
    ActivityLap,
    ActivityValues,
    NewActivity,
    StreamSet,
)
from services.sessions.endurance.domain.figures import activity_figures, normalized_power
from services.sessions.endurance.domain.ids import ACTIVITY_PREFIX, new_id
from services.sessions.endurance.domain.threshold_rules import in_force
from services.sessions.endurance.domain.twin_rules import START_TOLERANCE_S, is_twin, richness, twin_note
from services.sessions.service_layer.idempotency import Answer, Idempotency, idempotent_write
from services.sessions.service_layer.session_support import Clock, locked_write

T = TypeVar("T")
# Seconds a client waits for an answer after an import stores it; retried imports find theirs.
RETRY_AFTER_S = 5
RECORDED = "activity.recorded"
DELETED = "activity.deleted"


CREATED = "created"
ALREADY_IMPORTED = "already_imported"  # this file's activity is stored: nothing changed
TWIN_KEPT = "twin_kept"  # a twin from a file at least as complete is stored: nothing changed
TWIN_REPLACED = "twin_replaced"  # a twin from a less complete file now holds this file's data


@dataclass(frozen=True)
class ImportedActivity:
    """One activity of an imported file: the stored one, what the import did, and why in words."""

    activity: Activity
    outcome: str = CREATED
    note: str = ""

    @property
    def created(self) -> bool:
        """True when a new activity was stored (not when a twin's data was replaced)."""
        return self.outcome == CREATED


@dataclass(frozen=True)
class ImportedFile:
    """What an import did with each activity of the file: one, or one per multisport leg."""

    activities: tuple[ImportedActivity, ...]

    @property
    def first(self) -> ImportedActivity:
        return self.activities[0]

    @property
    def created(self) -> bool:
        return any(imported.created for imported in self.activities)


def store_activity(conn: Connection, account_id: str, new: NewActivity, now: datetime) -> Activity:
    """Insert the activity and append its activity.recorded change (caller's locked transaction)."""
    activity = repo.insert_activity(conn, account_id, new_id(ACTIVITY_PREFIX, now), new, now)
    change_feed.append(conn, account_id, RECORDED, activity.activity_id, activity_payload(activity), now)
    return activity


def _with_figures(
    conn: Connection, account_id: str, read: ActivityFile, options: ImportOptions
) -> NewActivity:
    """The file's activity with its figures, by the thresholds in force on its start's UTC day."""
    sport = options.sport or read.sport
    day = read.start.date().isoformat()
    thresholds = in_force(repo.thresholds_through(conn, account_id, day), day)
    streams = read.streams
    values = ActivityValues(
        sport=sport,
        start=read.start,
        duration_s=read.duration_s,
        moving_time_s=read.moving_time_s,
        distance_m=read.distance_m,
        elevation_gain_m=read.elevation_gain_m,
        avg_power_w=read.avg_power_w,
        normalized_power_w=normalized_power(streams.power),
        max_power_w=read.max_power_w,
        avg_hr=read.avg_hr,
        max_hr=read.max_hr,
        avg_cadence=read.avg_cadence,
        name=read.name[:200],
        source="file",
        source_app=options.source_app or read.device[:100],
    )
    return NewActivity(
        values=values,
        figures=activity_figures(sport, streams.power, streams.heart_rate, thresholds),
        laps=tuple(
            ActivityLap(
                lap.start,
                lap.duration_s,
                lap.moving_time_s,
                lap.distance_m,
                lap.avg_power_w,
                lap.avg_hr,
                lap.avg_cadence,
            )
            for lap in read.laps
        ),
        streams=StreamSet(
            tuple(_nan(streams.power)),
            tuple(_nan(streams.heart_rate)),
            tuple(_nan(streams.speed_mps)),
            tuple(_nan(streams.cadence)),
            tuple(_nan(streams.altitude_m)),
            tuple(_nan(streams.distance_m)),
        ),
        source_key=read.source_key,
    )


def _already_imported(stored: Activity) -> ImportedActivity:
    return ImportedActivity(
        stored,
        ALREADY_IMPORTED,
        f"already there: this file was imported before as activity {stored.activity_id}; nothing changed",
    )


def _nan(stream: tuple[float | None, ...]) -> list[float]:
    return [float("nan") if value is None else value for value in stream]


def _clock_note(read: ActivityFile) -> str:
    """The import answer's word on a file whose watch's clock was not set (decision 0093)."""
    if not read.clock_not_set:
        return ""
    return (
        "stored; the watch's clock was not set, so its times were placed by the local time the file "
        "states, taken as UTC: the start may be off by your time zone's offset"
    )


class ActivityWrites:
    """ImportActivityFile, RecordActivity and DeleteActivity."""

    def __init__(self, engine: Engine, clock: Clock) -> None:
        self._engine = engine
        self._reads = read_engine(engine)
        self._clock = clock

    def import_file(
        self, account_id: str, data: bytes, *, filename: str = "", source_app: str = "", sport: str = ""
    ) -> ImportedFile:
        """Read and store a file; a file the account imported before stores nothing.

        The file is read before the lock is taken (reading is the slow part); under the lock the
        fingerprint is looked up again, so of two imports of one file racing, the second finds the
        first's activity. The unique (account, source_key) constraint backs this up: should it
        fire, ``locked_write`` runs the write again and it finds the stored one.
        """
        require_account(account_id)
        options = check_import(len(data), filename, source_app, sport)
        try:
            reads = read_activity_files(data, filename=options.filename or None, sport=options.sport)
        except UnreadableActivityFile as problem:
            raise UnreadableActivity(problem.reason) from problem
        return self._store_reads(account_id, reads, options)

    def check_file(
        self, account_id: str, size: int, *, filename: str = "", source_app: str = "", sport: str = ""
    ) -> ImportOptions:
        """An import's options checked before its file is read (the file is read elsewhere)."""
        require_account(account_id)
        return check_import(size, filename, source_app, sport)

    def store_file(
        self,
        account_id: str,
        reads: Sequence[ActivityFile],
        options: ImportOptions,
        still_wanted: Callable[[], bool],
    ) -> ImportedFile:
        """Store a file read elsewhere, as ``import_file`` does, unless the caller has gone.

        ``still_wanted`` is asked inside the transaction, after the writes and just before the
        commit: when the caller's deadline has passed or it cancelled, everything is rolled back
        and ``ImportNotFinished`` raised, so a caller told "failed" finds nothing stored
        (decision 0069). Its retry then stores the file once; a retry of a stored one changes nothing.
        """
        return self._store_reads(account_id, reads, options, still_wanted)

    def import_recorded(self, account_id: str, read: ActivityFile, *, source_app: str) -> ImportedActivity:
        """Store an activity already read (or built: the demo season), exactly as a file import
        stores it, figures included; one with the same ``source_key`` stores nothing."""
        require_account(account_id)
        return self._store_reads(account_id, (read,), check_import(0, "", source_app, "")).first

    def _store_reads(
        self,
        account_id: str,
        reads: Sequence[ActivityFile],
        options: ImportOptions,
        still_wanted: Callable[[], bool] | None = None,
    ) -> ImportedFile:
        """Store the file's activities (its legs) in one transaction, each once (decision 0087).

        Each is looked up by its ``source_key`` (this file imported before: nothing changes),
        then by its twins (``twin_rules``): the richer copy stays, so a day never counts one
        activity twice. A sport given with the import applies to a file of one activity only.
        """
        if len(reads) > 1 and options.sport is not None:
            options = dataclasses.replace(options, sport=None)  # each leg keeps its own sport
        with self._reads.connect() as conn:
            found = [repo.find_by_source_key(conn, account_id, read.source_key) for read in reads]
        if all(stored is not None for stored in found):
            return ImportedFile(tuple(_already_imported(stored) for stored in found if stored is not None))
        now = self._clock()
        for read in reads:
            problem = ACTIVITY_START.problem(read.start, now)
            if problem is not None:  # the reader checks the years; only the service knows the day (0070)
                raise UnreadableActivity(f"the activity's start_time {problem}: the file's clock was wrong")

        def write(conn: Connection) -> ImportedFile:
            imported = ImportedFile(
                tuple(self._store_one(conn, account_id, read, options, now) for read in reads)
            )
            changed = imported.created or any(one.outcome == TWIN_REPLACED for one in imported.activities)
            if changed and still_wanted is not None and not still_wanted():
                raise ImportNotFinished(
                    "the file was not stored within this request's time, so nothing was stored; "
                    "send it again",
                    metadata={"retryAfter": str(RETRY_AFTER_S)},
                )
            return imported

        return locked_write(self._engine, account_id, now, write)

    def _store_one(
        self, conn: Connection, account_id: str, read: ActivityFile, options: ImportOptions, now: datetime
    ) -> ImportedActivity:
        stored = repo.find_by_source_key(conn, account_id, read.source_key)
        if stored is not None:
            return _already_imported(stored)
        new = _with_figures(conn, account_id, read, options)
        for twin, twin_key in repo.find_file_twins(
            conn, account_id, new.values.sport, new.values.start, START_TOLERANCE_S
        ):
            if not is_twin(twin.values, new.values):
                continue
            if richness(new.values, read.source_key) <= richness(twin.values, twin_key):
                return ImportedActivity(twin, TWIN_KEPT, twin_note(True, twin.activity_id, read.format))
            if not new.values.name and twin.values.name:
                new = dataclasses.replace(new, values=dataclasses.replace(new.values, name=twin.values.name))
            replaced = repo.replace_activity(conn, account_id, twin, new, now)
            change_feed.append(
                conn, account_id, RECORDED, replaced.activity_id, activity_payload(replaced), now
            )
            return ImportedActivity(replaced, TWIN_REPLACED, twin_note(False, twin.activity_id, read.format))
        return ImportedActivity(store_activity(conn, account_id, new, now), CREATED, _clock_note(read))

    def record(
        self,
        account_id: str,
        given: ActivityInput,
        idempotency: Idempotency,
        encode: Callable[[Activity], bytes],
    ) -> Answer:
        """Store a summary; with a key, a retry of the same request replays the first answer."""
        require_account(account_id)
        now = self._clock()
        values = check_activity(given, now)
        new = NewActivity(values)

        def work(conn: Connection) -> Activity:
            return store_activity(conn, account_id, new, now)

        if not idempotency.key:
            activity = locked_write(self._engine, account_id, now, work)
            return Answer(encode(activity), replayed=False)
        return idempotent_write(self._engine, account_id, now, idempotency, work, encode)

    def delete(self, account_id: str, activity_id: str) -> None:
        """Delete the activity with its streams and laps; NOT_FOUND when the account has none such."""
        require_account(account_id)
        now = self._clock()

        def write(conn: Connection) -> None:
            activity = repo.get_activity(conn, account_id, activity_id)
            if activity is None:
                raise _not_found(activity_id)
            repo.delete_activity(conn, account_id, activity_id)
            change_feed.append(
                conn, account_id, DELETED, activity_id, activity_deleted_payload(activity), now
            )

        def nothing_stored() -> None:
            raise _not_found(activity_id)

        locked_write(self._engine, account_id, now, write, no_account=nothing_stored)


def _not_found(activity_id: str) -> ActivityNotFound:
    return ActivityNotFound(f"no activity {activity_id!r} in this account")
