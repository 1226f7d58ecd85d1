"""The calls every RunFlow plan write makes: the account, the thresholds, one ``MutatePlan``, the
safety advisories and the completion assessment, with Training's refusals in the tool's argument
names (decision 0064)."""

from __future__ import annotations

import hashlib
from collections.abc import Callable, Mapping, Sequence
from typing import Any

import grpc

from edge.after_commit import Missing, missing
from edge.guard import Principal
from edge.mcp_profile.builder import Arguments, Payload
from edge.problems import EdgeProblem
from edge.profiles.primed.athlete import Athlete, Athletes
from edge.profiles.runflow import plan_render as render
from edge.profiles.runflow import plan_requests as requests
from edge.profiles.runflow.plan_errors import from_plans
from kinetic.analytics.v1 import endurance_pb2, endurance_pb2_grpc
from kinetic.errors import RemoteError
from kinetic.sessions.v1 import endurance_pb2_grpc as sessions_pb2_grpc
from kinetic.training.v1 import endurance_plans_pb2 as plans_pb2
from kinetic.training.v1 import endurance_plans_pb2_grpc as plans_pb2_grpc
from kinetic.training.v1 import training_pb2, training_pb2_grpc

DEVICE_ID = "mcp-runflow"
# ListWorkouts answers at most 100 IDs a page.
WORKOUTS_PER_READ = 100


class Paths:
    """How Training's field paths read in one tool's arguments (``plan_render.argument_path``)."""

    def __init__(self, lists: Mapping[str, str] | None = None, single: str | None = None) -> None:
        self.lists = dict(lists or {})
        self.single = single

    def problem(self, error: RemoteError) -> EdgeProblem:
        problem = from_plans(error)
        if error.violations:
            fields = [render.argument_path(v.field, self.lists, self.single) for v in error.violations]
            problem.details["field"] = fields[0]
            problem.description = "; ".join(
                f"{field}: {v.description}" for field, v in zip(fields, error.violations, strict=True)
            )
        return problem


WHOLE = Paths()
WORKOUT_LIST = Paths({"workouts": "workouts"})
ONE_WORKOUT = Paths({"workouts": "workouts"}, single="workouts")


class PlanCalls:
    """The stubs the plan tools call, and the steps a write shares."""

    def __init__(
        self,
        athletes: Athletes,
        plans: Callable[[], plans_pb2_grpc.EndurancePlanServiceStub],
        training: Callable[[], training_pb2_grpc.TrainingServiceStub],
        analytics: Callable[[], endurance_pb2_grpc.EnduranceAnalyticsServiceStub],
        sessions: Callable[[], sessions_pb2_grpc.EnduranceServiceStub],
    ) -> None:
        self._athletes = athletes
        self._plans = plans
        self._training = training
        self._analytics = analytics
        self._sessions = sessions

    async def _write(
        self,
        principal: Principal,
        arguments: Arguments,
        paths: Paths,
        *,
        athlete: Athlete | None = None,
        thresholds: bool = False,
        known: plans_pb2.AthleteThresholds | None = None,
        **mutation: Any,
    ) -> tuple[plans_pb2.MutatePlanResponse, Payload]:
        """One mutation and its safety advisories: the response and the payload every write shares."""
        written, payload = await self._written(
            principal, arguments, paths, athlete=athlete, thresholds=thresholds, known=known, **mutation
        )
        return written.result, payload

    async def _written(
        self,
        principal: Principal,
        arguments: Arguments,
        paths: Paths,
        *,
        athlete: Athlete | None = None,
        thresholds: bool = False,
        known: plans_pb2.AthleteThresholds | None = None,
        generate: plans_pb2.GeneratePlanRequest | None = None,
        **mutation: Any,
    ) -> tuple[plans_pb2.WritePlanResponse, Payload]:
        """One ``WritePlan``: Training reads the thresholds (``thresholds``, unless ``known`` gives
        them) and the history from analytics itself, writes, and judges the plan (decision 0096)."""
        athlete = athlete or await self._athletes.settings_of(principal)
        request = plans_pb2.WritePlanRequest(
            mutation=plans_pb2.MutatePlanRequest(
                account_id=athlete.account_id,
                device_id=DEVICE_ID,
                time_zone=athlete.timezone,
                idempotency_key=training_key(arguments.get("idempotencyKey", "")),
                thresholds=known,
                **mutation,
            ),
            look_up_thresholds=thresholds and known is None,
            first_weekday=athlete.first_weekday,
            generate=generate,
        )
        try:
            written: plans_pb2.WritePlanResponse = await self._plans().WritePlan(request)
        except grpc.aio.AioRpcError as error:
            remote = RemoteError.from_rpc(error)
            if remote.reason == PLAN_REQUEST_INVALID:
                raise generator_problem(remote) from error
            raise paths.problem(remote) from error
        advisories: list[dict[str, Any]] | Missing = [render.plan_advisory(a) for a in written.advisories]
        if written.HasField("advisories_unanswered"):
            advisories = missing(relayed(written.advisories_unanswered))
        return written, result(written.result, advisories, arguments)

    async def _mutate(
        self,
        athlete: Athlete,
        arguments: Arguments,
        paths: Paths,
        known: plans_pb2.AthleteThresholds | None,
        **mutation: Any,
    ) -> plans_pb2.MutatePlanResponse:
        request = plans_pb2.MutatePlanRequest(
            account_id=athlete.account_id,
            device_id=DEVICE_ID,
            time_zone=athlete.timezone,
            idempotency_key=training_key(arguments.get("idempotencyKey", "")),
            thresholds=known,
            **mutation,
        )
        try:
            response: plans_pb2.MutatePlanResponse = await self._plans().MutatePlan(request)
        except grpc.aio.AioRpcError as error:
            raise paths.problem(RemoteError.from_rpc(error)) from error
        return response

    async def _safety(
        self, athlete: Athlete, response: plans_pb2.MutatePlanResponse, sessions_seen: int = 0
    ) -> list[dict[str, Any]]:
        """The advisories on the plan's loads; ``sessions_seen`` is the sessions sequence the figures
        the loads were priced with reflected (0: none read), so analytics need not read its feed
        again for them (decision 0090)."""
        if not response.plan_loads:
            return []
        evaluated = await self._analytics().EvaluatePlanSafety(
            endurance_pb2.EvaluatePlanSafetyRequest(
                account_id=athlete.account_id,
                time_zone=athlete.timezone,
                workouts=requests.safety_loads(response.plan_loads),
                first_weekday=athlete.first_weekday,
                min_sessions_sequence=sessions_seen,
                generated_race_type=requests.generated_race_type(response.goal),
            )
        )
        return [render.advisory(found) for found in evaluated.advisories]

    async def _assess(
        self, athlete: Athlete, workout: plans_pb2.PlanWorkout
    ) -> endurance_pb2.AssessCompletionResponse:
        assessed: endurance_pb2.AssessCompletionResponse = await self._analytics().AssessCompletion(
            endurance_pb2.AssessCompletionRequest(
                account_id=athlete.account_id,
                time_zone=athlete.timezone,
                planned=requests.planned_load(workout),
                activity_id=workout.linked_activity_id,
            )
        )
        return assessed

    async def _figures(self, athlete: Athlete) -> endurance_pb2.GetAthleteFiguresResponse:
        figures: endurance_pb2.GetAthleteFiguresResponse = await self._analytics().GetAthleteFigures(
            endurance_pb2.GetAthleteFiguresRequest(
                account_id=athlete.account_id, day=athlete.today().isoformat(), time_zone=athlete.timezone
            )
        )
        return figures

    async def _goal_id(self, athlete: Athlete, arguments: Arguments, *, verify: bool = False) -> str:
        """The goalId given, else the active plan's (a refusal when there is none); read from
        Training when ``verify``, so a plan that is not there is refused before anything is stored."""
        if "goalId" in arguments and not verify:
            return str(arguments["goalId"])
        plan = await self._plans().GetPlan(
            plans_pb2.GetPlanRequest(
                account_id=athlete.account_id, goal_id=arguments.get("goalId", ""), summary_only=True
            )
        )
        return str(plan.goal.goal_id)

    async def _stored_endurance(
        self, athlete: Athlete, workout_ids: Sequence[str], paths: Paths
    ) -> dict[str, training_pb2.EnduranceTarget]:
        """The stored endurance part of each workout, read from the library 100 at a time."""
        unique = list(dict.fromkeys(workout_ids))
        stored: dict[str, training_pb2.EnduranceTarget] = {}
        for first in range(0, len(unique), WORKOUTS_PER_READ):
            try:
                page = await self._training().ListWorkouts(
                    training_pb2.ListWorkoutsRequest(
                        account_id=athlete.account_id,
                        workout_ids=unique[first : first + WORKOUTS_PER_READ],
                        page_size=WORKOUTS_PER_READ,
                    )
                )
            except grpc.aio.AioRpcError as error:
                if error.code() != grpc.StatusCode.NOT_FOUND:
                    raise
                raise EdgeProblem(
                    "not_found",
                    f"workoutId: {error.details() or 'a workout is not one of yours'}",
                    404,
                    {"field": "workoutId"},
                ) from error
            stored.update({w.id: w.endurance for w in page.workouts})
        return stored


# Training's reason for a refusal of the generator's arguments (services.training.plans.generation).
PLAN_REQUEST_INVALID = "PLAN_REQUEST_INVALID"


def generator_problem(error: RemoteError) -> EdgeProblem:
    """Every problem of the generator's arguments in one 400, the first argument named."""
    first = error.violations[0].field if error.violations else ""
    said = "; ".join(f"{v.field}: {v.description}" for v in error.violations)
    return EdgeProblem("invalid_request", said, 400, {"field": first})


def relayed(call: plans_pb2.UnansweredCall) -> RemoteError:
    """The call Training made that failed, as the edge would have seen it failing."""
    return RemoteError(grpc.StatusCode[call.code], call.message, call.reason, (), dict(call.metadata))


async def nothing() -> None:
    """An awaitable that stands for a call not needed, beside one that is (``asyncio.gather``)."""
    return None


def result(
    response: plans_pb2.MutatePlanResponse,
    advisories: list[dict[str, Any]] | Missing,
    arguments: Arguments,
) -> Payload:
    """What every plan write answers: the plan, the snapshot taken first, the safety advisories.

    The change is stored when this runs: advisories analytics could not evaluate leave the list
    empty and are named in ``incomplete`` (decision 0072), never a failed call."""
    payload: Payload = {
        "goalId": response.goal.goal_id or None,
        "snapshotId": response.snapshot_id or None,
        "safetyAdvisories": advisories if isinstance(advisories, list) else [],
    }
    if isinstance(advisories, Missing):
        payload["incomplete"] = [incomplete(SAFETY_ADVISORIES, advisories, arguments)]
    return payload


SAFETY_ADVISORIES = "safetyAdvisories"
ADAPTATION_RESULT = "adaptationResult"
# What is missing, and the words a retry gets it back with.
_WHAT = {
    SAFETY_ADVISORIES: ("The safety advisories could not be evaluated", "them"),
    ADAPTATION_RESULT: ("The completion could not be assessed", "it"),
}


def incomplete(field: str, missing: Missing, arguments: Arguments) -> dict[str, Any]:
    """One part of a stored write's answer that is missing: which, why, and whether and how to ask
    again. Asking again means the same call with the same ``idempotencyKey``: Training answers it
    from what it stored (``replayed``) and the edge evaluates the missing part then; without a key
    the same call would apply the change a second time, so the answer says not to."""
    what, pronoun = _WHAT[field]
    said = f"The change is stored. {what}: {missing.description.rstrip('.')}."
    entry: dict[str, Any] = {"field": field, "reason": missing.reason, "retryAfter": missing.retry_after}
    if missing.retry_after is None:
        entry["message"] = said
    elif arguments.get("idempotencyKey"):
        entry["message"] = (
            f"{said} Call again with the same arguments and idempotencyKey in {missing.retry_after} s "
            f"to get {pronoun}: the change is not applied twice."
        )
    else:
        entry["message"] = (
            f"{said} Do not call again to get {pronoun}: without an idempotencyKey the change would "
            "be applied twice."
        )
    return entry


def training_key(key: str) -> str:
    """The assistant's key (1-128 characters of any kind) as Training's (8-80 safe characters):
    a digest, prefixed so a RunFlow key never meets a key another profile sent for the same account
    in Training's idempotency store (decision 0064)."""
    return f"runflow:{hashlib.sha256(key.encode()).hexdigest()}" if key else ""
