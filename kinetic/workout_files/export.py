"""Everything Kinetic holds for an account, read from the four services, as one JSON document, and
its workout log as a Strong-layout CSV for another app.

Each service is read through its public list calls, paged and windowed within each call's limits,
so the export is what the services answer, never a copy of their tables. What each section holds,
the windows and the CSV's rules: docs/decisions/0047-workout-imports-and-exports.md ("Exporting").
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable, Iterator
from datetime import UTC, date, datetime, timedelta
from typing import Any, Final, Protocol
from zoneinfo import ZoneInfo

from google.protobuf.json_format import MessageToDict
from google.protobuf.message import Message

from kinetic.analytics.v1 import analytics_pb2, analytics_pb2_grpc
from kinetic.auth.v1 import auth_pb2, auth_pb2_grpc
from kinetic.record_ranges import WORKOUT_TIME
from kinetic.sessions.v1 import sessions_pb2, workout_log_pb2, workout_log_pb2_grpc
from kinetic.time_zones import time_zone as zone_named
from kinetic.training.v1 import training_pb2, training_pb2_grpc
from kinetic.workout_files.model import ImportedEntry, ImportedSet, ImportedWorkout, SetType, WeightUnit
from kinetic.workout_files.strong_writer import write_strong_csv

EXPORT_FORMAT: Final = "kinetic-account-export"
EXPORT_VERSION: Final = 1
# The sessions window starts where the log's times may start (record_ranges.WORKOUT_TIME, decision
# 0070): imported history may be older than the account, and older than 1970.
EARLIEST_DAY: Final = WORKOUT_TIME.earliest.date()
# The call limits (training.proto, workout_log.proto): days per window, items per page.
LOG_WINDOW_DAYS: Final = 3660
# Of the 1000 allowed: a page of workouts with all their sets (200 x 48 sets: 0.3 s idle, "Importing:
# size") stays well within the edge's 2 s read deadline.
LOG_PAGE: Final = 200
OCCURRENCE_WINDOW_DAYS: Final = 93
HISTORY_WINDOW_DAYS: Final = 366
WORKOUT_PAGE: Final = 100
# Occurrences are exported up to this many days ahead: the schedule already planned.
OCCURRENCES_AHEAD_DAYS: Final = 92
_SET_TYPES: Final[dict[str, SetType]] = {"W": "warmup", "D": "drop", "F": "failure"}


class AccountStubs(Protocol):
    """The service stubs an export reads (``edge.backends.Backends`` is one)."""

    @property
    def auth(self) -> auth_pb2_grpc.AuthServiceStub: ...
    @property
    def training(self) -> training_pb2_grpc.TrainingServiceStub: ...
    @property
    def workout_log(self) -> workout_log_pb2_grpc.WorkoutLogServiceStub: ...
    @property
    def analytics(self) -> analytics_pb2_grpc.AnalyticsServiceStub: ...


ListLogged = Callable[
    [workout_log_pb2.ListLoggedWorkoutsRequest], Awaitable[workout_log_pb2.ListLoggedWorkoutsResponse]
]


def _json(message: Message) -> dict[str, Any]:
    """A message as JSON with every field, unset ones at their defaults: an export says "false"."""
    document: dict[str, Any] = MessageToDict(message, always_print_fields_with_no_presence=True)
    return document


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


async def _training(stubs: AccountStubs, account: auth_pb2.Account) -> dict[str, Any]:
    account_id, zone = account.account_id, account.time_zone or "UTC"
    workouts: list[dict[str, Any]] = []
    token = ""
    while True:
        page = await stubs.training.ListWorkouts(
            training_pb2.ListWorkoutsRequest(account_id=account_id, page_size=WORKOUT_PAGE, page_token=token)
        )
        workouts.extend(_json(w) for w in page.workouts)
        token = page.next_page_token
        if not token:
            break
    plans = await stubs.training.ListPlans(training_pb2.ListPlansRequest(account_id=account_id))
    created = account.create_time.ToDatetime(tzinfo=UTC).astimezone(zone_named(zone) or UTC).date()
    today = today_in(zone)
    occurrences: list[dict[str, Any]] = []
    for start, end in _windows(
        created, today + timedelta(days=OCCURRENCES_AHEAD_DAYS), OCCURRENCE_WINDOW_DAYS
    ):
        listed = await stubs.training.ListOccurrences(
            training_pb2.ListOccurrencesRequest(
                account_id=account_id, time_zone=zone, from_day=start.isoformat(), to_day=end.isoformat()
            )
        )
        occurrences.extend(_json(o) for o in listed.occurrences)
    history: list[dict[str, Any]] = []
    for start, end in _windows(created, today + timedelta(days=1), HISTORY_WINDOW_DAYS):
        done = await stubs.training.ListHistory(
            training_pb2.ListHistoryRequest(
                account_id=account_id, time_zone=zone, from_day=start.isoformat(), to_day=end.isoformat()
            )
        )
        history.extend(_json(o) for o in reversed(done.occurrences))  # newest first per window
    return {
        "workouts": workouts,
        "plans": [_json(p) for p in plans.plans],
        "occurrences": occurrences,
        "history": history,
    }


async def export_account(stubs: AccountStubs, account_id: str) -> dict[str, Any]:
    """The account's data from every service as one JSON-ready document.

    - ``auth``: the account (name, email, time zone, units, consents, created) and its API keys'
      names, scopes and dates; never a secret nor its first characters.
    - ``training``: workouts, plans, occurrences (from the account's first day to the schedule 92
      days ahead) and completed occurrences.
    - ``sessions``: every workout with its entries and sets, oldest first, and the log's profile.
    - ``analytics``: personal records.
    """
    account = (await stubs.auth.GetAccount(auth_pb2.GetAccountRequest(account_id=account_id))).account
    keys = await stubs.auth.ListApiKeys(auth_pb2.ListApiKeysRequest(account_id=account_id))
    zone = account.time_zone or "UTC"
    sessions = await logged_workouts(
        stubs.workout_log.ListLoggedWorkouts,
        account_id,
        zone,
        EARLIEST_DAY,
        today_in(zone) + timedelta(days=1),
    )
    profile = await stubs.workout_log.GetLogProfile(
        workout_log_pb2.GetLogProfileRequest(account_id=account_id)
    )
    records = await stubs.analytics.GetPersonalRecords(
        analytics_pb2.GetPersonalRecordsRequest(account_id=account_id, time_zone=zone)
    )
    return {
        "format": EXPORT_FORMAT,
        "version": EXPORT_VERSION,
        "exportTime": datetime.now(UTC).isoformat(timespec="seconds"),
        "accountId": account_id,
        "auth": {
            "account": _json(account),
            "apiKeys": [_api_key(key) for key in keys.api_keys],
        },
        "training": await _training(stubs, account),
        "sessions": {
            "workouts": [_json(s) for s in sessions],
            "logProfile": _json(profile.profile),
        },
        "analytics": {"personalRecords": _json(records)},
    }


def _api_key(key: auth_pb2.ApiKey) -> dict[str, Any]:
    """A key's name, scopes and dates: not its secret, nor the prefix that starts it."""
    described = _json(key)
    return {
        "keyId": key.key_id,
        "name": key.name,
        "scopes": list(key.scopes),
        "createTime": described.get("createTime"),
        "revokeTime": described.get("revokeTime"),
    }


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


async def export_strong_csv(stubs: AccountStubs, account_id: str) -> str:
    """The account's workout log as a Strong-layout CSV, loads in the account's unit, wall times in
    its time zone."""
    account = (await stubs.auth.GetAccount(auth_pb2.GetAccountRequest(account_id=account_id))).account
    zone_name = account.time_zone or "UTC"
    zone = zone_named(zone_name) or ZoneInfo("UTC")
    sessions = await logged_workouts(
        stubs.workout_log.ListLoggedWorkouts,
        account_id,
        zone_name,
        EARLIEST_DAY,
        today_in(zone_name) + timedelta(days=1),
    )
    workouts = [w for w in (imported_workout(s, zone) for s in sessions) if w is not None]
    return write_strong_csv(workouts, unit=weight_unit_of(account.units))
