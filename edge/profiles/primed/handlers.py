"""The five Primed tools' handlers: the account from auth, the calendar from Training, the coaching
decision, status and activities from analytics (decision 0059).

Arguments arrive checked against the schemas and rules (``tools.py``); defaults are applied here.
A service error a handler lets through becomes a Primed code in ``problems.py``.
"""

from __future__ import annotations

from collections.abc import Callable
from datetime import date, datetime, timedelta
from typing import Any

import grpc
from google.protobuf.timestamp_pb2 import Timestamp

from edge.guard import Principal
from edge.mcp_profile.builder import Arguments, Payload
from edge.problems import EdgeProblem
from edge.profiles.primed import planned as planned_steps
from edge.profiles.primed import render
from edge.profiles.primed.athlete import Athlete, Athletes, profile_id
from edge.profiles.primed.schemas import RECENT_DAYS_DEFAULT, UPCOMING_DAYS_DEFAULT
from kinetic.analytics.v1 import endurance_pb2, endurance_pb2_grpc
from kinetic.proto_enums import enum_word, word_of
from kinetic.training.v1 import endurance_plans_pb2 as plans_pb2
from kinetic.training.v1 import endurance_plans_pb2_grpc, training_pb2, training_pb2_grpc

STRENGTH = "strength"


def parse_day(text: str) -> date:
    """A YYYY-MM-DD argument the rules already accepted."""
    return date.fromisoformat(text)


def parse_instant(text: str, athlete: Athlete) -> datetime:
    """An ISO 8601 timestamp; one without an offset is the athlete's local time."""
    moment = datetime.fromisoformat(text)
    return moment if moment.tzinfo is not None else moment.replace(tzinfo=athlete.zone)


class PrimedTools:
    """The handlers, over the edge's auth, Training and endurance analytics stubs."""

    def __init__(
        self,
        athletes: Athletes,
        training: Callable[[], training_pb2_grpc.TrainingServiceStub],
        analytics: Callable[[], endurance_pb2_grpc.EnduranceAnalyticsServiceStub],
        pseudonym_secret: bytes,
        plans: Callable[[], endurance_plans_pb2_grpc.EndurancePlanServiceStub] | None = None,
    ) -> None:
        self._athletes = athletes
        self._training = training
        self._plans = plans
        self._analytics = analytics
        self._secret = pseudonym_secret

    async def get_primed_profile(self, principal: Principal, arguments: Arguments) -> Payload:
        athlete = await self._athletes.of(principal)
        account = athlete.account
        return {
            "profile_id": profile_id(self._secret, athlete.account_id),
            "display_name": account.display_name,
            "timezone": athlete.timezone,
            "primary_sport": render.PRIMARY_SPORTS.get(account.primary_sport, STRENGTH),
            # Suspended accounts never get here; auth's default is active.
            "account_status": account.account_status or "active",
        }

    async def get_today_coaching(self, principal: Principal, arguments: Arguments) -> Payload:
        athlete = await self._athletes.of(principal)
        day = parse_day(arguments["date"]) if "date" in arguments else athlete.today()
        occurrences = await self._occurrences(athlete, day, day + timedelta(days=1))
        decision = await self._analytics().GetDailyDecision(
            endurance_pb2.GetDailyDecisionRequest(
                account_id=athlete.account_id,
                day=day.isoformat(),
                time_zone=athlete.timezone,
                planned=await self._planned_sessions(athlete, day, occurrences),
            )
        )
        payload: Payload = {
            "date": decision.day or day.isoformat(),
            "timezone": athlete.timezone,
            "decision_id": decision.decision_id,
            "action_type": enum_word(endurance_pb2.ActionType, decision.action_type),
        }
        if decision.HasField("session"):
            payload["session"] = render.session(decision.session)
        if decision.HasField("changed_from"):
            payload["changed_from"] = render.session(decision.changed_from)
        if decision.reason_summary:
            payload["reason_summary"] = decision.reason_summary
        payload["reason_codes"] = list(decision.reason_codes)
        payload["freshness"] = {
            "decision_generated_at": render.iso(decision.generated_at),
            "data_synced_at": render.iso(decision.data_synced_at),
        }
        return {**payload, **render.stale_mark(decision.stale)}

    async def get_upcoming_training(self, principal: Principal, arguments: Arguments) -> Payload:
        athlete = await self._athletes.of(principal)
        start = parse_day(arguments["start_date"]) if "start_date" in arguments else athlete.today()
        days = int(arguments.get("days", UPCOMING_DAYS_DEFAULT))
        end = start + timedelta(days=days - 1)
        occurrences = await self._occurrences(athlete, start, end + timedelta(days=1))
        return {
            "start_date": start.isoformat(),
            "end_date": end.isoformat(),
            "timezone": athlete.timezone,
            "sessions": [calendar_session(occurrence) for occurrence in occurrences],
        }

    async def get_training_status(self, principal: Principal, arguments: Arguments) -> Payload:
        athlete = await self._athletes.of(principal)
        request = endurance_pb2.GetTrainingStatusRequest(
            account_id=athlete.account_id, time_zone=athlete.timezone
        )
        if "as_of" in arguments:
            as_of = Timestamp()
            as_of.FromDatetime(parse_instant(arguments["as_of"], athlete))
            request.as_of.CopyFrom(as_of)
        status = await self._analytics().GetTrainingStatus(request)
        if status.no_data:
            raise EdgeProblem(
                "not_found",
                "no activity or readiness data is recorded for this athlete yet (onboarding pending): "
                "there is no training status to give",
                404,
            )
        payload: Payload = {
            "as_of": render.iso(status.as_of),
            "training_state": enum_word(endurance_pb2.TrainingState, status.training_state),
            "recovery_status": enum_word(endurance_pb2.RecoveryStatus, status.recovery_status),
            "load_status": enum_word(endurance_pb2.LoadStatus, status.load_status),
            "drivers": [{"code": driver.code, "summary": driver.summary} for driver in status.drivers],
            "data_freshness": render.iso(status.data_freshness),
        }
        return {**payload, **render.stale_mark(status.stale)}

    async def get_recent_activity_summary(self, principal: Principal, arguments: Arguments) -> Payload:
        athlete = await self._athletes.of(principal)
        days = int(arguments.get("days", RECENT_DAYS_DEFAULT))
        end = athlete.today()
        start = end - timedelta(days=days - 1)
        response = await self._analytics().ListActivityStress(
            endurance_pb2.ListActivityStressRequest(
                account_id=athlete.account_id,
                from_day=start.isoformat(),
                to_day=end.isoformat(),
                time_zone=athlete.timezone,
            )
        )
        activities = [completed_activity(activity) for activity in response.activities]
        sports = list(dict.fromkeys(activity["sport"] for activity in activities))
        moving_seconds = sum(
            activity.moving_time_s or activity.duration_s for activity in response.activities
        )
        return {
            "period": {"start_date": start.isoformat(), "end_date": end.isoformat()},
            "summary": {
                "completed_sessions": len(activities),
                "total_duration_minutes": render.minutes(moving_seconds),
                "sports": sports,
            },
            "activities": activities,
        }

    async def _planned_sessions(
        self, athlete: Athlete, day: date, occurrences: list[training_pb2.Occurrence]
    ) -> list[endurance_pb2.PlannedSession]:
        """The day's sessions with each endurance workout's steps as intervals and an intensity when
        it names none (decision 0078): one ``ListWorkouts`` for the day's endurance workouts, and one
        ``GetPlan`` per RunFlow plan whose workout lacks an intensity (its workout type)."""
        sessions = [planned_session(occurrence) for occurrence in occurrences]
        ids = list(dict.fromkeys(planned_id(o) for o in occurrences if o.HasField("endurance")))
        workouts = await self._endurance_workouts(athlete, ids)
        types: dict[str, str] = {}
        for occurrence in occurrences:
            found = workouts.get(planned_id(occurrence))
            if found is not None and not found.intensity.label and occurrence.plan_id:
                types |= await self._plan_workout_types(athlete, occurrence.plan_id, day)
        for session in sessions:
            endurance = workouts.get(session.workout_id)
            if endurance is None:
                continue
            session.intervals.extend(planned_steps.intervals(endurance.steps))
            session.target_intensity = planned_steps.target_intensity(
                endurance, types.get(session.workout_id, "")
            )
        return sessions

    async def _endurance_workouts(
        self, athlete: Athlete, ids: list[str]
    ) -> dict[str, training_pb2.EnduranceTarget]:
        """The endurance part of each workout in ``ids`` that still exists, by workout ID."""
        if not ids:
            return {}
        try:
            response = await self._training().ListWorkouts(
                training_pb2.ListWorkoutsRequest(
                    account_id=athlete.account_id, workout_ids=ids, page_size=100
                )
            )
        except grpc.aio.AioRpcError as error:
            if error.code() != grpc.StatusCode.NOT_FOUND:  # one deleted since the calendar was read
                raise
            return {}
        return {w.id: w.endurance for w in response.workouts if w.HasField("endurance")}

    async def _plan_workout_types(self, athlete: Athlete, plan_id: str, day: date) -> dict[str, str]:
        """The workout types of the RunFlow plan ``plan_id`` on ``day``; none for a plan that is no
        RunFlow goal (a Metric plan)."""
        if self._plans is None:
            return {}
        try:
            response = await self._plans().GetPlan(
                plans_pb2.GetPlanRequest(
                    account_id=athlete.account_id,
                    goal_id=plan_id,
                    from_day=day.isoformat(),
                    to_day=day.isoformat(),
                )
            )
        except grpc.aio.AioRpcError as error:
            if error.code() != grpc.StatusCode.NOT_FOUND:
                raise
            return {}
        return {w.workout_id: word_of(w, "workout_type") for w in response.workouts}  # 0129

    async def _occurrences(self, athlete: Athlete, first: date, end: date) -> list[training_pb2.Occurrence]:
        """The calendar's occurrences from ``first`` to the day before ``end``, in the athlete's zone."""
        response = await self._training().ListOccurrences(
            training_pb2.ListOccurrencesRequest(
                account_id=athlete.account_id,
                time_zone=athlete.timezone,
                from_day=first.isoformat(),
                to_day=end.isoformat(),
            )
        )
        return list(response.occurrences)


def planned_id(occurrence: training_pb2.Occurrence) -> str:
    """The workout done that day: the replacement's, when replaced."""
    return occurrence.replacement_workout_id or occurrence.workout_id


def planned_session(occurrence: training_pb2.Occurrence) -> endurance_pb2.PlannedSession:
    """What analytics' decision needs of a planned occurrence: an endurance workout's summary, or a
    strength workout's name (decision 0056); steps and a missing intensity are added from the
    workout (``PrimedTools._planned_sessions``)."""
    planned = endurance_pb2.PlannedSession(workout_id=planned_id(occurrence), title=occurrence.workout_name)
    if not occurrence.HasField("endurance"):
        planned.sport = STRENGTH
        return planned
    summary = occurrence.endurance
    planned.sport = word_of(summary, "sport")  # the twin, else the string (0129)
    planned.target_intensity = summary.intensity
    planned.description = summary.step_summary
    if summary.HasField("planned_duration_seconds"):
        planned.duration_minutes = render.minutes(summary.planned_duration_seconds)
    return planned


def calendar_session(occurrence: training_pb2.Occurrence) -> dict[str, Any]:
    """One scheduled workout: date, sport, title, and duration and description when planned."""
    rendered: dict[str, Any] = {"date": occurrence.day}
    if not occurrence.HasField("endurance"):
        return {**rendered, "sport": STRENGTH, "title": occurrence.workout_name}
    summary = occurrence.endurance
    rendered |= {"sport": render.sport(word_of(summary, "sport")), "title": occurrence.workout_name}
    if summary.HasField("planned_duration_seconds"):
        rendered["duration_minutes"] = render.minutes(summary.planned_duration_seconds)
    if summary.step_summary:
        rendered["description"] = summary.step_summary
    return rendered


def completed_activity(activity: endurance_pb2.ActivityStress) -> dict[str, Any]:
    """A completed workout; an external provider's activity has no title (its name is not passed on)."""
    rendered: dict[str, Any] = {
        "date": activity.day,
        "sport": render.sport(activity.sport),
        "title": None if activity.external_provider or not activity.name else activity.name,
        "duration_minutes": render.minutes(activity.moving_time_s or activity.duration_s),
    }
    if activity.HasField("distance_m"):
        rendered["distance_km"] = round(activity.distance_m / 1000, 2)
    return rendered
