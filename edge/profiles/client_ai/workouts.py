"""The Client AI Workout V2 tools' work: check the arguments, pass the module's gates, call, render.

Every call is about the authenticated client and nobody else: the account comes from the guard's
principal, and the arguments cannot name a client (arguments.py). The gym module's
``CheckClientAccess(account, "client_ai_workout_v2", write)`` runs before every call, with
``write`` true for the three write tools, so each gate answers with its own error (problems.py).
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable, Mapping
from dataclasses import dataclass
from typing import Any

import grpc

from edge.backends import CALL_TIMEOUT_SECONDS
from edge.guard import Principal
from edge.profiles.client_ai import arguments as arg
from edge.profiles.client_ai import records
from edge.profiles.client_ai.problems import MODULE, from_service
from edge.profiles.metric.arguments import device_id
from kinetic.errors import RemoteError
from kinetic.sessions.v1 import gyms_pb2, gyms_pb2_grpc, sessions_pb2, sessions_pb2_grpc

Args = Mapping[str, Any]
Result = dict[str, Any]


@dataclass(frozen=True)
class ToolSpec:
    """One tool: whether it writes (and so needs the write gate), and what it does."""

    name: str
    write: bool
    run: Callable[[Principal, Args], Awaitable[Result]]


class ClientWorkouts:
    """Serves the 12 tools for one authenticated client at a time."""

    def __init__(
        self,
        sessions: Callable[[], sessions_pb2_grpc.SessionsServiceStub],
        gyms: Callable[[], gyms_pb2_grpc.ClientWorkoutServiceStub],
    ) -> None:
        # Providers, not stubs: channels exist only while the app's lifespan runs.
        self._sessions = sessions
        self._gyms = gyms
        self.tools: dict[str, ToolSpec] = {
            spec.name: spec
            for spec in (
                ToolSpec("client_ai_list_my_workout_plans", False, self._list_plans),
                ToolSpec("client_ai_get_my_workout_plan", False, self._get_plan),
                ToolSpec("client_ai_get_my_workout_day", False, self._get_day),
                ToolSpec("client_ai_get_workout_exercise", False, self._get_exercise),
                ToolSpec("client_ai_get_my_exercise_history", False, self._exercise_history),
                ToolSpec("client_ai_list_my_workout_sessions", False, self._list_sessions),
                ToolSpec("client_ai_get_my_workout_session", False, self._get_session),
                ToolSpec("client_ai_get_my_workout_machine_preset", False, self._machine_preset),
                ToolSpec("client_ai_get_my_workout_equipment_profile", False, self._equipment_profile),
                ToolSpec("client_ai_start_or_resume_my_workout_session", True, self._start),
                ToolSpec("client_ai_log_my_workout_performance", True, self._log),
                ToolSpec("client_ai_complete_my_workout_session", True, self._complete),
            )
        }

    async def call(self, tool: str, principal: Principal, args: Args) -> Result:
        """Run ``tool`` for ``principal``; raises EdgeProblem with the error to show."""
        spec = self.tools[tool]
        try:
            return await spec.run(principal, args)
        except grpc.aio.AioRpcError as error:
            raise from_service(RemoteError.from_rpc(error)) from error

    async def _gate(self, principal: Principal, *, write: bool) -> None:
        # Before every call, after the arguments are checked: a refused gate stores nothing.
        await self._gyms().CheckClientAccess(
            gyms_pb2.CheckClientAccessRequest(account_id=principal.account_id, module=MODULE, write=write),
            timeout=CALL_TIMEOUT_SECONDS,
        )

    # --- reads -----------------------------------------------------------------------------------

    async def _list_plans(self, principal: Principal, args: Args) -> Result:
        request = arg.parse_list_plans(args)
        await self._gate(principal, write=False)
        request.account_id = principal.account_id
        response = await self._gyms().ListMyPlans(request, timeout=CALL_TIMEOUT_SECONDS)
        return {
            "plans": [records.plan_summary(p) for p in response.plans],
            **_page_fields(request, response.total_count, response.next_page_token),
            "language": request.language,
        }

    async def _get_plan(self, principal: Principal, args: Args) -> Result:
        request = arg.parse_get_plan(args)
        await self._gate(principal, write=False)
        request.account_id = principal.account_id
        response = await self._gyms().GetMyPlan(request, timeout=CALL_TIMEOUT_SECONDS)
        return {"plan": records.plan(response.plan), "language": request.language}

    async def _get_day(self, principal: Principal, args: Args) -> Result:
        request = arg.parse_get_day(args)
        await self._gate(principal, write=False)
        request.account_id = principal.account_id
        response = await self._gyms().GetMyPlanDay(request, timeout=CALL_TIMEOUT_SECONDS)
        return {"day": records.plan_day(response.day), "language": request.language}

    async def _get_exercise(self, principal: Principal, args: Args) -> Result:
        request = arg.parse_get_exercise(args)
        await self._gate(principal, write=False)
        request.account_id = principal.account_id
        response = await self._gyms().GetExercise(request, timeout=CALL_TIMEOUT_SECONDS)
        return {"exercise": records.exercise(response.exercise), "language": request.language}

    async def _exercise_history(self, principal: Principal, args: Args) -> Result:
        query = arg.parse_exercise_history(args)
        await self._gate(principal, write=False)
        request = query.request
        request.account_id = principal.account_id
        # Only an exercise the client may see has a history here (and this names it).
        exercise = await self._gyms().GetExercise(
            gyms_pb2.GetExerciseRequest(
                account_id=principal.account_id, exercise_id=request.exercise_id, language=query.language
            ),
            timeout=CALL_TIMEOUT_SECONDS,
        )
        response = await self._sessions().GetExerciseHistory(request, timeout=CALL_TIMEOUT_SECONDS)
        entries = [
            {
                "sessionId": e.session_id,
                "sessionTitle": e.session_title,
                "completedAt": records.timestamp(e, "completed_time"),
                "performance": records.performance(e.performance),
            }
            for e in response.entries
        ]
        return {
            "exercise": records.exercise(exercise.exercise),
            "dateFrom": request.date_from or None,
            "dateTo": request.date_to or None,
            "entries": entries,
            "count": len(entries),
            "language": query.language,
        }

    async def _list_sessions(self, principal: Principal, args: Args) -> Result:
        request = arg.parse_list_sessions(args)
        await self._gate(principal, write=False)
        request.account_id = principal.account_id
        response = await self._sessions().ListSessions(request, timeout=CALL_TIMEOUT_SECONDS)
        return {
            "sessions": [records.session(s, with_performances=False) for s in response.sessions],
            **_page_fields(request, response.total_count, response.next_page_token),
        }

    async def _get_session(self, principal: Principal, args: Args) -> Result:
        request = arg.parse_get_session(args)
        await self._gate(principal, write=False)
        request.account_id = principal.account_id
        response = await self._sessions().GetSession(request, timeout=CALL_TIMEOUT_SECONDS)
        return {"session": records.session(response.session)}

    async def _machine_preset(self, principal: Principal, args: Args) -> Result:
        request = arg.parse_machine_preset(args)
        await self._gate(principal, write=False)
        request.account_id = principal.account_id
        response = await self._gyms().GetMachinePreset(request, timeout=CALL_TIMEOUT_SECONDS)
        return {
            "exerciseId": response.exercise_id,
            "companyFields": records.setup_fields(response.company_fields),
            "systemFields": records.setup_fields(response.system_fields),
        }

    async def _equipment_profile(self, principal: Principal, args: Args) -> Result:
        request = arg.parse_equipment_profile(args)
        await self._gate(principal, write=False)
        request.account_id = principal.account_id
        response = await self._gyms().GetEquipmentProfile(request, timeout=CALL_TIMEOUT_SECONDS)
        return {
            "items": [
                {"equipmentKey": i.equipment_key, "name": i.name, "quantity": i.quantity}
                for i in response.items
            ],
            "catalog": [{"key": c.key, "name": c.name} for c in response.catalog],
            "maxItems": response.max_items,
        }

    # --- writes ----------------------------------------------------------------------------------

    async def _start(self, principal: Principal, args: Args) -> Result:
        request = arg.parse_start_session(args)
        await self._gate(principal, write=True)
        request.account_id = principal.account_id
        request.device_id = device_id(principal)
        response = await self._sessions().StartOrResumeSession(request, timeout=CALL_TIMEOUT_SECONDS)
        return {"session": records.session(response.session), "resumed": response.resumed}

    async def _log(self, principal: Principal, args: Args) -> Result:
        request = arg.parse_log_performance(args)
        await self._gate(principal, write=True)
        request.account_id = principal.account_id
        response = await self._sessions().LogPerformance(request, timeout=CALL_TIMEOUT_SECONDS)
        return {
            "performance": records.performance(response.performance),
            "session": records.session(response.session, with_performances=False),
            "replayed": response.replayed,
        }

    async def _complete(self, principal: Principal, args: Args) -> Result:
        request = arg.parse_complete_session(args)
        await self._gate(principal, write=True)
        request.account_id = principal.account_id
        request.device_id = device_id(principal)
        response = await self._sessions().CompleteSession(request, timeout=CALL_TIMEOUT_SECONDS)
        return {
            "session": records.session(response.session),
            "experiencePointsAwarded": response.experience_points_awarded,
            "totalExperiencePoints": response.total_experience_points,
            "replayed": response.replayed,
        }


def _page_fields(
    request: gyms_pb2.ListMyPlansRequest | sessions_pb2.ListSessionsRequest, total: int, next_token: str
) -> Result:
    # Client AI pages by number (its contract); the services page by skip and token.
    size = request.page_size or arg.DEFAULT_LIMIT
    return {"page": request.skip // size + 1, "limit": size, "totalCount": total, "hasMore": bool(next_token)}
