"""The Client AI Workout V2 tools' work: one service call per tool call, rendered in the tools' terms.

Every call is about the authenticated client and nobody else: the account comes from the guard's
principal, and no argument can name a client (the published schemas are closed). Arguments
arrive checked against those schemas (tools.py). The module's gates are the services': sessions
calls carry ``gym_module`` and the gyms ``ClientWorkoutService`` checks them itself, so a refused
gate answers with its own reason and nothing is read or stored (problems.py).
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable, Mapping
from typing import Any

from edge.account_zone import account_time_zone
from edge.guard import Principal
from edge.profiles.client_ai import records
from edge.profiles.client_ai.problems import MODULE, session_not_found
from edge.profiles.metric.arguments import device_id
from kinetic.auth.v1 import auth_pb2_grpc
from kinetic.sessions.v1 import gyms_pb2, gyms_pb2_grpc, sessions_pb2, sessions_pb2_grpc

Args = Mapping[str, Any]
Result = dict[str, Any]

DEFAULT_LIMIT = 20  # the services' page size when limit is not sent
DEFAULT_LANGUAGE = "en"
# Workout V2 sessions: a plan day's or freestyle. A Training occurrence's session is not one, so
# Client AI neither lists nor shows it (seed 002: "non-WOD, non-group Workout V2 sessions").
WORKOUT_V2_SOURCES = ("plan_day", "freestyle")
# Set figures: the tool's name and the service's field.
_SET_FIGURES = (
    ("weight", "weight_kg"),
    ("timeSeconds", "time_seconds"),
    ("distanceMeters", "distance_meters"),
    ("restSeconds", "rest_seconds"),
    ("rpe", "rpe"),
)
_LOG_FLAGS = (
    ("isCompleted", "is_completed"),
    ("setupSettingsEnabled", "setup_settings_enabled"),
    ("showSetRpe", "show_set_rpe"),
)


def _id(args: Args, name: str) -> str:
    # ObjectIds are case-insensitive; the services store them lower-cased.
    value: str = args.get(name, "")
    return value.lower()


def _language(args: Args) -> str:
    language: str = args.get("language", DEFAULT_LANGUAGE)
    return language


def _paging(args: Args) -> tuple[int, int]:
    """The contract's ``page`` (from 1) and ``limit`` as the services' ``page_size`` and ``skip``."""
    page: int = args.get("page", 1)
    limit: int = args.get("limit", 0)
    return limit, (page - 1) * (limit or DEFAULT_LIMIT)


def _page_fields(args: Args, total: int, next_token: str) -> Result:
    # The contract pages by number: page and limit are the caller's own, echoed.
    return {
        "page": args.get("page", 1),
        "limit": args.get("limit", DEFAULT_LIMIT),
        "totalCount": total,
        "hasMore": next_token != "",
    }


def performance_set(item: Args) -> sessions_pb2.PerformanceSet:
    """One of ``sets`` as the service's set (reps as a number, or as text such as AMRAP)."""
    logged = sessions_pb2.PerformanceSet(
        set_number=item["setNumber"],
        set_type=item.get("setType", "N"),
        completed=item.get("completed", False),
        notes=item.get("notes", ""),
    )
    for name, proto_field in _SET_FIGURES:
        if name in item:
            setattr(logged, proto_field, item[name])
    reps = item.get("reps")
    if isinstance(reps, str):
        logged.reps_text = reps
    elif reps is not None:
        logged.reps_number = reps
    return logged


def setup_values(items: list[Args]) -> sessions_pb2.SetupValues:
    """``{key, value}`` pairs as the service's typed values."""
    values = sessions_pb2.SetupValues()
    for item in items:
        entry = sessions_pb2.SetupValue(key=item["key"])
        value = item["value"]
        if isinstance(value, bool):  # before numbers: a bool is an int in Python
            entry.bool_value = value
        elif isinstance(value, str):
            entry.string_value = value
        else:
            entry.number_value = value
        values.values.append(entry)
    return values


class ClientWorkouts:
    """Serves the 12 tools for one authenticated client at a time."""

    def __init__(
        self,
        sessions: Callable[[], sessions_pb2_grpc.SessionsServiceStub],
        gyms: Callable[[], gyms_pb2_grpc.ClientWorkoutServiceStub],
        auth: Callable[[], auth_pb2_grpc.AuthServiceStub] | None = None,
    ) -> None:
        # Providers, not stubs: channels exist only while the app's lifespan runs.
        self._sessions = sessions
        self._gyms = gyms
        self._auth = auth

    async def _time_zone(self, principal: Principal) -> str:
        """The zone the client's dateFrom and dateTo are days in: the account's (decision 0105); UTC
        where no auth is wired (a profile built only to publish its schemas)."""
        return "UTC" if self._auth is None else await account_time_zone(principal, self._auth)

    # --- reads -----------------------------------------------------------------------------------

    async def list_plans(self, principal: Principal, args: Args) -> Result:
        """client_ai_list_my_workout_plans."""
        page_size, skip = _paging(args)
        request = gyms_pb2.ListMyPlansRequest(
            account_id=principal.account_id,
            status=args.get("status", ""),
            language=_language(args),
            page_size=page_size,
            skip=skip,
        )
        response = await self._gyms().ListMyPlans(request)
        return {
            "plans": [records.plan_summary(p) for p in response.plans],
            **_page_fields(args, response.total_count, response.next_page_token),
            "language": request.language,
        }

    async def get_plan(self, principal: Principal, args: Args) -> Result:
        """client_ai_get_my_workout_plan."""
        request = gyms_pb2.GetMyPlanRequest(
            account_id=principal.account_id, plan_id=_id(args, "planId"), language=_language(args)
        )
        response = await self._gyms().GetMyPlan(request)
        return {"plan": records.plan(response.plan), "language": request.language}

    async def get_day(self, principal: Principal, args: Args) -> Result:
        """client_ai_get_my_workout_day."""
        request = gyms_pb2.GetMyPlanDayRequest(
            account_id=principal.account_id,
            plan_id=_id(args, "planId"),
            plan_moment_id=_id(args, "planMomentId"),
            language=_language(args),
        )
        response = await self._gyms().GetMyPlanDay(request)
        return {"day": records.plan_day(response.day), "language": request.language}

    async def get_exercise(self, principal: Principal, args: Args) -> Result:
        """client_ai_get_workout_exercise."""
        request = gyms_pb2.GetExerciseRequest(
            account_id=principal.account_id, exercise_id=_id(args, "exerciseId"), language=_language(args)
        )
        response = await self._gyms().GetExercise(request)
        return {"exercise": records.exercise(response.exercise), "language": request.language}

    async def exercise_history(self, principal: Principal, args: Args) -> Result:
        """client_ai_get_my_exercise_history: the exercise (visible to the client) and its history.

        The result names the exercise, which only the gyms service has: two calls, made at once.
        Both check the module's gates; one the client may not see has no history here.
        """
        exercise_id = _id(args, "exerciseId")
        language = _language(args)
        request = sessions_pb2.GetExerciseHistoryRequest(
            account_id=principal.account_id,
            exercise_id=exercise_id,
            date_from=args.get("dateFrom", ""),
            date_to=args.get("dateTo", ""),
            limit=args.get("limit", 0),
            gym_module=MODULE,
            # dateFrom and dateTo are the client's days (decision 0105).
            time_zone=await self._time_zone(principal),
        )
        exercise, response = await asyncio.gather(
            self._gyms().GetExercise(
                gyms_pb2.GetExerciseRequest(
                    account_id=principal.account_id, exercise_id=exercise_id, language=language
                ),
            ),
            self._sessions().GetExerciseHistory(request),
        )
        entries = [
            {
                "sessionId": e.session_id,
                "sessionTitle": e.session_title,
                "completedAt": records.timestamp(e, "completed_time"),
                "performance": records.performance_of(e.performance, exercise.exercise),
            }
            for e in response.entries
        ]
        return {
            "exercise": records.exercise(exercise.exercise),
            "dateFrom": request.date_from or None,
            "dateTo": request.date_to or None,
            "entries": entries,
            "count": len(entries),
            "language": language,
        }

    async def list_sessions(self, principal: Principal, args: Args) -> Result:
        """client_ai_list_my_workout_sessions."""
        page_size, skip = _paging(args)
        request = sessions_pb2.ListSessionsRequest(
            account_id=principal.account_id,
            status=args.get("status", ""),
            date_from=args.get("dateFrom", ""),
            date_to=args.get("dateTo", ""),
            page_size=page_size,
            skip=skip,
            gym_module=MODULE,
            sources=WORKOUT_V2_SOURCES,
            time_zone=await self._time_zone(principal),
        )
        response = await self._sessions().ListSessions(request)
        return {
            "sessions": [records.session(s, with_performances=False) for s in response.sessions],
            **_page_fields(args, response.total_count, response.next_page_token),
        }

    async def get_session(self, principal: Principal, args: Args) -> Result:
        """client_ai_get_my_workout_session."""
        request = sessions_pb2.GetSessionRequest(
            account_id=principal.account_id, session_id=_id(args, "sessionId"), gym_module=MODULE
        )
        response = await self._sessions().GetSession(request)
        if response.session.source not in WORKOUT_V2_SOURCES:
            raise session_not_found(request.session_id)
        return {"session": records.session(response.session)}

    async def machine_preset(self, principal: Principal, args: Args) -> Result:
        """client_ai_get_my_workout_machine_preset (labels in English: the tool takes no language)."""
        request = gyms_pb2.GetMachinePresetRequest(
            account_id=principal.account_id, exercise_id=_id(args, "exerciseId"), language=DEFAULT_LANGUAGE
        )
        response = await self._gyms().GetMachinePreset(request)
        # One effective setup rather than the company's and the system's lists to reconcile.
        return {
            "exerciseId": response.exercise_id,
            "effectiveFields": records.effective_fields(response.effective_fields),
            "nextSetupValues": records.kept_setup_values(response.next_setup_values),
        }

    async def equipment_profile(self, principal: Principal, args: Args) -> Result:
        """client_ai_get_my_workout_equipment_profile."""
        request = gyms_pb2.GetEquipmentProfileRequest(
            account_id=principal.account_id, language=DEFAULT_LANGUAGE
        )
        response = await self._gyms().GetEquipmentProfile(request)
        return {
            "items": [
                {"equipmentKey": i.equipment_key, "name": i.name, "quantity": i.quantity}
                for i in response.items
            ],
            "catalog": [{"key": c.key, "name": c.name} for c in response.catalog],
            "maxItems": response.max_items,
        }

    # --- writes ----------------------------------------------------------------------------------

    async def start(self, principal: Principal, args: Args) -> Result:
        """client_ai_start_or_resume_my_workout_session: a plan day, or freestyle without plan fields."""
        request = sessions_pb2.StartOrResumeSessionRequest(
            account_id=principal.account_id,
            plan_id=_id(args, "planId"),
            plan_moment_id=_id(args, "planMomentId"),
            language=_language(args),
            device_id=device_id(principal),
            gym_module=MODULE,
        )
        response = await self._sessions().StartOrResumeSession(request)
        return {"session": records.session(response.session), "resumed": response.resumed}

    async def log(self, principal: Principal, args: Args) -> Result:
        """client_ai_log_my_workout_performance; optional fields left out keep their stored value."""
        request = sessions_pb2.LogPerformanceRequest(
            account_id=principal.account_id,
            session_id=_id(args, "sessionId"),
            exercise_id=_id(args, "exerciseId"),
            sets=[performance_set(item) for item in args["sets"]],
            performance_id=_id(args, "performanceId"),
            plan_exercise_id=_id(args, "planExerciseId"),
            gym_module=MODULE,
        )
        if "notes" in args:
            request.notes = args["notes"]
        if "restSeconds" in args:
            request.rest_seconds = args["restSeconds"]
        for name, proto_field in _LOG_FLAGS:
            if name in args:
                setattr(request, proto_field, args[name])
        for name, proto_field in (("setupValues", "setup_values"), ("nextSetupValues", "next_setup_values")):
            if name in args:
                # Present, even empty, means "replace the stored list" (sessions.proto).
                getattr(request, proto_field).CopyFrom(setup_values(args[name]))
                getattr(request, proto_field).SetInParent()
        response = await self._sessions().LogPerformance(request)
        return {
            "performance": records.performance(response.performance),
            "session": records.session(response.session, with_performances=False),
            "replayed": response.replayed,
        }

    async def complete(self, principal: Principal, args: Args) -> Result:
        """client_ai_complete_my_workout_session."""
        request = sessions_pb2.CompleteSessionRequest(
            account_id=principal.account_id,
            session_id=_id(args, "sessionId"),
            device_id=device_id(principal),
            gym_module=MODULE,
        )
        if "notes" in args:
            request.notes = args["notes"]
        response = await self._sessions().CompleteSession(request)
        return {
            "session": records.session(response.session),
            "experiencePointsAwarded": response.experience_points_awarded,
            "totalExperiencePoints": response.total_experience_points,
            "replayed": response.replayed,
        }
