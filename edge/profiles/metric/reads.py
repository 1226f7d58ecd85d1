"""Metric's ``read_training``: the views' days and defaults, the backend calls, the result's shape.

Shared by the MCP tool and its REST mirror, so both answer the same thing for the same input.
Every view carries ``epoch``, ``sourceSequence``, ``timeZone``, ``contentTrust: "user-provided"``,
``view`` and ``data``. ``insights`` is analytics' GetInsights, which first catches up with the
sessions feed, so a set logged before the read is in it (docs/decisions/0004-metric-rest-paths.md).
``active`` shows the sessions service's live snapshot and ``history`` adds completed sessions to
Training's completed occurrences (docs/decisions/0020-client-ai-profile.md). Occurrences, workouts
and plans are rendered field by field (``training_json``), not by ``MessageToDict``: same JSON, a
fraction of the CPU (docs/decisions/0019-training-benchmark.md).
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable, Mapping
from datetime import UTC, date, datetime, time, timedelta
from typing import Any
from zoneinfo import ZoneInfo

import grpc

from edge.account_zone import account_time_zone
from edge.guard import Principal
from edge.problems import EdgeProblem, from_remote, from_training, invalid_field
from edge.profiles.metric import arguments as arg
from edge.profiles.metric import compact
from edge.profiles.metric.insights import check_formula, insights_data
from edge.profiles.metric.records import library_fields
from edge.profiles.metric.sessions_json import session_json
from edge.profiles.metric.training_json import occurrence_json, plan_json, workout_json
from kinetic.analytics.v1 import analytics_pb2, analytics_pb2_grpc
from kinetic.auth.v1 import auth_pb2_grpc
from kinetic.errors import RemoteError
from kinetic.sessions.v1 import sessions_pb2, sessions_pb2_grpc
from kinetic.training.v1 import training_pb2, training_pb2_grpc
from knowledge.training.formats import CALENDAR_MAX_DAYS, HISTORY_MAX_DAYS, week_start

VIEWS = ("calendar", "history", "workouts", "plans", "exercises", "insights", "active")
VIEW_ARGUMENTS: dict[str, tuple[str, ...]] = {
    "calendar": ("from", "to", "weekStartsOn"),
    "history": ("from", "to"),
    "workouts": ("id", "name", "planID", "pageSize", "pageToken"),
    "plans": ("id",),
    "exercises": ("query", "muscle", "equipment", "pageSize", "pageToken"),
    "insights": ("formula",),
    "active": (),
}
CONTENT_TRUST = "user-provided"

CALENDAR_DEFAULT_DAYS = 28
HISTORY_DEFAULT_DAYS = 30
DEFAULT_WEEK_STARTS_ON = 2  # Monday, when the caller does not say
# A name lookup returns every match, up to this many (pages of 100 are followed).
NAME_MATCH_LIMIT = 500
# Seed 000: a live snapshot older than this is labelled stale_snapshot.
STALE_AFTER_SECONDS = 60
STALE_LABEL = "stale_snapshot"
# history: completed sessions are read in pages of 50 and windows the sessions service accepts.
SESSION_PAGE = 50
SESSION_WINDOW = timedelta(days=183)
HISTORY_SESSION_LIMIT = 500
# history's size budget: the newest sessions of the window show their exercises and sets, older
# ones only their count. A session of six exercises of four sets is about 1,500 characters, so a
# long window stays under about 50,000 characters of sessions (decision 0038).
HISTORY_SETS_SESSIONS = 30
# Sessions read at once for their sets (one GetSession each).
SESSION_DETAIL_CONCURRENCY = 8

_MODE_NAMES = {
    training_pb2.TRACKING_MODE_SETS: "sets",
    training_pb2.TRACKING_MODE_DURATION: "duration",
    training_pb2.TRACKING_MODE_INTERVALS: "intervals",
    training_pb2.TRACKING_MODE_DISTANCE: "distance",
    training_pb2.TRACKING_MODE_CALORIES: "calories",
    training_pb2.TRACKING_MODE_CHECK_OFF: "checkOff",
}

# The service's field names (request fields) as the caller wrote them.
_FIELD_NAMES = {
    "query": "query",
    "muscle": "muscle",
    "equipment": "equipment",
    "page_size": "pageSize",
    "page_token": "pageToken",
    "from_day": "from",
    "to_day": "to",
    "week_starts_on": "weekStartsOn",
    "time_zone": "timeZone",
    "workout_ids": "id",
    "plan_ids": "id",
    "plan_id": "planID",
    "name": "name",
    "formula": "formula",
}


def exercise_json(exercise: training_pb2.Exercise) -> dict[str, Any]:
    """An exercise as Metric's exercises view lists it."""
    return {
        "id": exercise.exercise_id,
        "name": exercise.name,
        "aliases": list(exercise.aliases),
        "primaryMuscles": list(exercise.primary_muscles),
        "secondaryMuscles": list(exercise.secondary_muscles),
        "equipment": list(exercise.equipment),
        "trackingModes": [_MODE_NAMES[m] for m in exercise.tracking_modes if m in _MODE_NAMES],
        "custom": exercise.custom,
    }


def window(
    args: Mapping[str, Any], default_from: date, default_days: int, max_days: int
) -> tuple[date, date]:
    """``from`` and the exclusive ``to``: defaults fill what is absent; at most ``max_days`` long."""
    start = arg.local_day(args, "from")
    end = arg.local_day(args, "to")
    if start is None:
        start = default_from if end is None or end > default_from else end - timedelta(days=default_days)
    if end is None:
        end = start + timedelta(days=default_days)
    if end <= start:
        raise invalid_field("to", "must be after from (to is exclusive)")
    if (end - start).days > max_days:
        raise invalid_field("to", f"the window from {start} may cover at most {max_days} days")
    return start, end


class TrainingReads:
    """Serves ``read_training`` for one account at a time."""

    def __init__(
        self,
        training: Callable[[], training_pb2_grpc.TrainingServiceStub],
        sessions: Callable[[], sessions_pb2_grpc.SessionsServiceStub],
        analytics: Callable[[], analytics_pb2_grpc.AnalyticsServiceStub],
        auth: Callable[[], auth_pb2_grpc.AuthServiceStub] | None = None,
    ) -> None:
        # Providers, not stubs: channels exist only while the app's lifespan runs.
        self._training = training
        self._sessions = sessions
        self._analytics = analytics
        self._auth = auth

    async def read_training(self, principal: Principal, args: Mapping[str, Any]) -> dict[str, Any]:
        """The ``read_training`` tool. Null means absent: its optional arguments are published as
        "type or null". Days are in the supplied timeZone (the seed's rule); without one, in the
        account's (decision 0105)."""
        given = {k: v for k, v in args.items() if v is not None}
        if not given.get("timeZone") and self._auth is not None:
            given["timeZone"] = await account_time_zone(principal, self._auth)
        return await self.read(principal.account_id, given)

    async def read(self, account_id: str, args: Mapping[str, Any]) -> dict[str, Any]:
        """Read the view and wrap it the way every Metric view is wrapped.

        ``args`` conform to read_training's published schema and its rules (tools.py): a known
        view, and only that view's arguments.
        """
        view = args["view"]
        zone = arg.time_zone(args)
        try:
            library, data = await self._view(view, account_id, zone, args)
        except grpc.aio.AioRpcError as error:
            raise _problem(error, exercises=view == "exercises") from error
        return {
            **library_fields(library),
            "timeZone": zone,
            "contentTrust": CONTENT_TRUST,
            "view": view,
            "data": data,
        }

    async def _view(
        self, view: str, account_id: str, zone: str, args: Mapping[str, Any]
    ) -> tuple[training_pb2.Library, dict[str, Any]]:
        if view == "calendar":
            return await self._calendar(account_id, zone, args)
        if view == "history":
            return await self._history(account_id, zone, args)
        if view == "workouts":
            return await self._workouts(account_id, args)
        if view == "plans":
            return await self._plans(account_id, args)
        if view == "active":
            return await self._active(account_id, zone)
        if view == "insights":
            return await self._insights(account_id, zone, args)
        return await self._exercises(account_id, args)

    async def _calendar(
        self, account_id: str, zone: str, args: Mapping[str, Any]
    ) -> tuple[training_pb2.Library, dict[str, Any]]:
        starts_on = arg.whole_number(args, "weekStartsOn", 1, 7) or DEFAULT_WEEK_STARTS_ON
        this_week = week_start(arg.today_in(zone), starts_on)
        start, end = window(args, this_week, CALENDAR_DEFAULT_DAYS, CALENDAR_MAX_DAYS)
        response = await self._training().ListOccurrences(
            training_pb2.ListOccurrencesRequest(
                account_id=account_id,
                time_zone=zone,
                from_day=start.isoformat(),
                to_day=end.isoformat(),
                week_starts_on=starts_on,
            ),
        )
        return response.library, {
            "from": start.isoformat(),
            "to": end.isoformat(),
            "weekStartsOn": starts_on,
            "weekStartsOnName": compact.WEEKDAY_NAMES[starts_on - 1],
            "occurrences": [compact.occurrence(occurrence_json(o)) for o in response.occurrences],
        }

    async def _history(
        self, account_id: str, zone: str, args: Mapping[str, Any]
    ) -> tuple[training_pb2.Library, dict[str, Any]]:
        tomorrow = arg.today_in(zone) + timedelta(days=1)
        default_from = tomorrow - timedelta(days=HISTORY_DEFAULT_DAYS)
        start, end = window(args, default_from, HISTORY_DEFAULT_DAYS, HISTORY_MAX_DAYS)
        response, sessions = await asyncio.gather(
            self._training().ListHistory(
                training_pb2.ListHistoryRequest(
                    account_id=account_id, time_zone=zone, from_day=start.isoformat(), to_day=end.isoformat()
                ),
            ),
            self._completed_sessions(account_id, _local_start(start, zone), _local_start(end, zone)),
        )
        occurrences = [compact.occurrence(occurrence_json(o)) for o in response.occurrences]
        shown = sessions[:HISTORY_SESSION_LIMIT]
        detailed = await self._with_sets(account_id, shown[:HISTORY_SETS_SESSIONS])
        # A session started from an occurrence completes that occurrence too: it is shown once, as
        # the occurrence, which then names its session and carries its sets.
        by_identity = {(o["workoutID"], o["originalScheduledDay"]): o for o in occurrences}
        listed: list[dict[str, Any]] = []
        for index, session in enumerate(shown):
            full = detailed[index] if index < len(detailed) else None
            rendered = session_json(full or session, zone, with_sets=full is not None)
            occurrence = by_identity.get((session.workout_id, session.original_scheduled_day))
            if session.source == "occurrence" and occurrence is not None:
                occurrence["sessionID"] = session.session_id
                if "performances" in rendered:
                    occurrence["performances"] = rendered["performances"]
            else:
                listed.append(rendered)
        data: dict[str, Any] = {
            "from": start.isoformat(),
            "to": end.isoformat(),
            "occurrences": occurrences,
            "sessions": listed,
            "sessionsTruncated": len(sessions) > HISTORY_SESSION_LIMIT,
        }
        if len(shown) > HISTORY_SETS_SESSIONS:
            data["setsShownFor"] = (
                f"the newest {HISTORY_SETS_SESSIONS} of {len(shown)} sessions; read a shorter from/to "
                "window for the sets of older ones"
            )
        return response.library, data

    async def _with_sets(
        self, account_id: str, sessions: list[sessions_pb2.Session]
    ) -> list[sessions_pb2.Session | None]:
        """Each session as GetSession gives it, with its performances; ``None`` where it is gone."""
        limit = asyncio.Semaphore(SESSION_DETAIL_CONCURRENCY)

        async def one(session: sessions_pb2.Session) -> sessions_pb2.Session | None:
            async with limit:
                try:
                    response = await self._sessions().GetSession(
                        sessions_pb2.GetSessionRequest(account_id=account_id, session_id=session.session_id)
                    )
                except grpc.aio.AioRpcError as error:
                    if error.code() == grpc.StatusCode.NOT_FOUND:  # deleted since the list was read
                        return None
                    raise
                found: sessions_pb2.Session = response.session
                return found

        return list(await asyncio.gather(*(one(s) for s in sessions)))

    async def _completed_sessions(
        self, account_id: str, start: datetime, end: datetime
    ) -> list[sessions_pb2.Session]:
        """Completed sessions that started in ``[start, end)``, newest first, at most one more than shown."""
        found: list[sessions_pb2.Session] = []
        # Windows of at most 183 days: a 366-day local window can be an hour longer in UTC.
        chunk_end = end
        while chunk_end > start and len(found) <= HISTORY_SESSION_LIMIT:
            chunk_start = max(start, chunk_end - SESSION_WINDOW)
            token = ""
            while len(found) <= HISTORY_SESSION_LIMIT:
                response = await self._sessions().ListSessions(
                    sessions_pb2.ListSessionsRequest(
                        account_id=account_id,
                        status="completed",
                        date_from=_instant(chunk_start),
                        # The service's end is inclusive; the view's is exclusive.
                        date_to=_instant(chunk_end - timedelta(milliseconds=1)),
                        page_size=SESSION_PAGE,
                        page_token=token,
                    ),
                )
                found.extend(response.sessions)
                token = response.next_page_token
                if not token:
                    break
            chunk_end = chunk_start
        return found

    async def _active(self, account_id: str, zone: str) -> tuple[training_pb2.Library, dict[str, Any]]:
        library, live = await asyncio.gather(
            self._training().GetLibrary(training_pb2.GetLibraryRequest(account_id=account_id)),
            self._sessions().GetLiveSnapshot(sessions_pb2.GetLiveSnapshotRequest(account_id=account_id)),
        )
        return library.library, active_data(live, zone)

    async def _insights(
        self, account_id: str, zone: str, args: Mapping[str, Any]
    ) -> tuple[training_pb2.Library, dict[str, Any]]:
        formula = check_formula(arg.text(args, "formula", max_length=40))
        library, insights = await asyncio.gather(
            self._training().GetLibrary(training_pb2.GetLibraryRequest(account_id=account_id)),
            self._analytics().GetInsights(
                analytics_pb2.GetInsightsRequest(account_id=account_id, time_zone=zone, formula=formula),
            ),
        )
        return library.library, insights_data(insights, formula)

    async def _workouts(
        self, account_id: str, args: Mapping[str, Any]
    ) -> tuple[training_pb2.Library, dict[str, Any]]:
        workout_id = arg.text(args, "id", max_length=80)
        name = arg.text(args, "name")
        # Each workout shows the schedule in force today in the reader's zone (decision 0105).
        zone = arg.time_zone(args)
        if workout_id:
            response = await self._list_workouts(account_id, workout_ids=[workout_id], time_zone=zone)
            workouts = [compact.workout(workout_json(w)) for w in response.workouts]
            return response.library, {"workouts": workouts, "totalSize": len(workouts), "nextPageToken": None}
        if name:
            return await self._by_name(account_id, name, arg.text(args, "planID", max_length=80), zone)
        response = await self._list_workouts(
            account_id,
            time_zone=zone,
            plan_id=arg.text(args, "planID", max_length=80),
            page_size=arg.page_size(args),
            page_token=arg.text(args, "pageToken", max_length=1000),
        )
        return response.library, {
            "workouts": [compact.workout(workout_json(w)) for w in response.workouts],
            "totalSize": response.total_size,
            "nextPageToken": response.next_page_token or None,
        }

    async def _by_name(
        self, account_id: str, name: str, plan_id: str, zone: str
    ) -> tuple[training_pb2.Library, dict[str, Any]]:
        # Every match, never a guess: the caller shows the choices and asks for an ID.
        matches: list[dict[str, Any]] = []
        token = ""
        while True:
            response = await self._list_workouts(
                account_id, name=name, plan_id=plan_id, page_size=100, page_token=token, time_zone=zone
            )
            matches.extend(compact.workout(workout_json(w)) for w in response.workouts)
            token = response.next_page_token
            if not token or len(matches) >= NAME_MATCH_LIMIT:
                break
        data: dict[str, Any] = {
            "name": name,
            "matches": matches,
            "ambiguous": len(matches) > 1,
            "totalSize": response.total_size,
        }
        if len(matches) > 1:
            data["note"] = (
                f"{len(matches)} workouts match {name!r}: show these choices to the user and use the "
                "chosen workout's id; do not pick one yourself."
            )
        return response.library, data

    async def _list_workouts(self, account_id: str, **fields: Any) -> training_pb2.ListWorkoutsResponse:
        response: training_pb2.ListWorkoutsResponse = await self._training().ListWorkouts(
            training_pb2.ListWorkoutsRequest(account_id=account_id, **fields)
        )
        return response

    async def _plans(
        self, account_id: str, args: Mapping[str, Any]
    ) -> tuple[training_pb2.Library, dict[str, Any]]:
        plan_id = arg.text(args, "id", max_length=80)
        response = await self._training().ListPlans(
            training_pb2.ListPlansRequest(account_id=account_id, plan_ids=[plan_id] if plan_id else []),
        )
        return response.library, {"plans": [compact.plan(plan_json(p)) for p in response.plans]}

    async def _exercises(
        self, account_id: str, args: Mapping[str, Any]
    ) -> tuple[training_pb2.Library, dict[str, Any]]:
        request = training_pb2.SearchExercisesRequest(
            account_id=account_id,
            query=arg.text(args, "query", max_length=100_000),
            muscle=arg.text(args, "muscle"),
            equipment=arg.text(args, "equipment"),
            page_size=arg.page_size(args),
            page_token=arg.text(args, "pageToken", max_length=100_000),
        )
        # One RPC: the page carries the library's state (epoch, sourceSequence) beside the matches.
        response = await self._training().SearchExercises(request)
        return response.library, {
            "exercises": [exercise_json(ex) for ex in response.exercises],
            "totalSize": response.total_size,
            "nextPageToken": response.next_page_token or None,
        }


def _local_start(day: date, zone: str) -> datetime:
    return datetime.combine(day, time(), ZoneInfo(zone)).astimezone(UTC)


def _instant(moment: datetime) -> str:
    return moment.astimezone(UTC).isoformat(timespec="milliseconds").replace("+00:00", "Z")


def active_data(response: sessions_pb2.GetLiveSnapshotResponse, zone: str = "UTC") -> dict[str, Any]:
    """The active view: the latest usable snapshot, its age, and words that never oversell it.

    Seed 000: older than 60 seconds is ``stale_snapshot``; no usable snapshot is ``snapshot: null``;
    neither is ever called current progress.
    """
    if not response.HasField("snapshot") or not response.snapshot.HasField("session"):
        return {
            "snapshot": None,
            "note": "No usable workout snapshot exists (no session is in progress), so there is no "
            "current progress to report.",
        }
    live = response.snapshot
    age = max(0, int(live.age_seconds))
    stale = live.stale or age > STALE_AFTER_SECONDS
    if stale:
        note = (
            f"This snapshot is {age} seconds old ({STALE_LABEL}): it is the last known state of the "
            "session, not current progress."
        )
    else:
        note = f"Latest snapshot of the session in progress, updated {age} seconds ago."
    return {
        "snapshot": {
            "updatedAt": live.update_time.ToJsonString() if live.HasField("update_time") else None,
            "ageSeconds": age,
            "stale": stale,
            "label": STALE_LABEL if stale else None,
            "session": session_json(live.session, zone),
        },
        "note": note,
    }


_READ_REASON_FIELDS = {"WORKOUT_NOT_FOUND": "id", "PLAN_NOT_FOUND": "id"}


def _problem(error: grpc.aio.AioRpcError, *, exercises: bool) -> EdgeProblem:
    remote = RemoteError.from_rpc(error)
    # The exercises view keeps the catalog's mapping; library views use Training's (no 404).
    problem = from_remote(remote) if exercises else from_training(remote, _READ_REASON_FIELDS)
    field = problem.details.get("field")
    if isinstance(field, str) and field in _FIELD_NAMES:
        renamed = _FIELD_NAMES[field]
        problem.details["field"] = renamed
        problem.description = problem.description.replace(f"{field}:", f"{renamed}:", 1)
    return problem
