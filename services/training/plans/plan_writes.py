"""WritePlan: one plan write end to end, owned by Training (decision 0096).

In order: the thresholds and the history from analytics in one ``GetPlanningContext`` when the
write prices workouts (a failure stores nothing and fails the call as analytics failed it); the
generator's plan when asked for (RunFlow's ``create_training_plan``), its paces from those
thresholds' VDOT (issue 30); the mutation (``MutatePlan``'s
use case, its transaction and idempotency unchanged); the history after the write when it was not
read before; and the safety engine (``knowledge.plan_safety``) on the loads just priced. When
analytics cannot answer after the write, the write is stored and answered so, the advisories named
as missing with analytics' own failure (decision 0072), never a failed call.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from datetime import date

import grpc

from kinetic.analytics.v1 import endurance_pb2
from kinetic.athlete_thresholds import thresholds
from kinetic.errors import DomainError, RemoteError
from kinetic.proto_enums import enum_value, word_of
from kinetic.training.v1 import endurance_plans_pb2 as plans_pb2
from knowledge.endurance.load import PmcSeed
from knowledge.plan_safety import (
    Advisory,
    CompletedDay,
    GoalRace,
    PlannedWorkout,
    TrainingHistory,
    evaluate_plan_safety,
)
from knowledge.plan_safety.kinetic_plans import (
    DISTANCE_SPORTS,
    ENGINE_SPORTS,
    ENGINE_TYPES,
    history_start,
    week_starts_on,
)
from knowledge.plan_safety.long_run_caps import LONG_RUN_CAPS
from services.training.plans.commands_pb import mutate_command
from services.training.plans.generated_goal import CREATION_MODE
from services.training.plans.generation import athlete_vdot, generated_goal
from services.training.plans.generator import goal_race
from services.training.plans.planning_context import PlanningContexts
from services.training.plans.service import EndurancePlans


class PlanWrites:
    """The plan writes Training owns: its plans, and analytics for what a write reads of it."""

    def __init__(self, plans: EndurancePlans, contexts: PlanningContexts) -> None:
        self._plans = plans
        self._contexts = contexts

    async def write(
        self, request: plans_pb2.WritePlanRequest, seconds_left: Callable[[], float | None]
    ) -> plans_pb2.WritePlanResponse:
        mutation = plans_pb2.MutatePlanRequest()
        mutation.CopyFrom(request.mutation)
        response = plans_pb2.WritePlanResponse()
        context = None
        goal: GoalRace | None = None
        if request.look_up_thresholds:
            try:
                context = await self._context(request, mutation, with_figures=True)
            except grpc.aio.AioRpcError as error:
                raise relayed(RemoteError.from_rpc(error)) from error
            mutation.thresholds.CopyFrom(thresholds(context.figures))
        if request.HasField("generate"):
            # The athlete's thresholds, read first, set the generated plan's paces: the steps, their
            # notes and the race target from one VDOT, the one pricing uses (issue 30).
            plan, created = generated_goal(request.generate, athlete_vdot(mutation.thresholds))
            mutation.create_goal.CopyFrom(created)
            goal = goal_race(plan)
            response.generated.CopyFrom(
                plans_pb2.GeneratedPlanSummary(
                    event=plan.event.id, vdot=plan.vdot, vdot_source=plan.vdot_source
                )
            )
        result = self._plans.mutate(mutate_command(mutation), seconds_left)
        response.result.CopyFrom(result)
        if not result.plan_loads:
            return response
        if context is None:
            try:
                context = await self._context(request, mutation, with_figures=False)
            except grpc.aio.AioRpcError as error:
                response.advisories_unanswered.CopyFrom(unanswered(RemoteError.from_rpc(error)))
                return response
        goal = goal or generated_goal_race(result.goal)
        response.advisories.extend(
            plan_advisory(advisory)
            for advisory in judged(result.plan_loads, context, request.first_weekday, goal)
        )
        return response

    async def _context(
        self,
        request: plans_pb2.WritePlanRequest,
        mutation: plans_pb2.MutatePlanRequest,
        *,
        with_figures: bool,
    ) -> endurance_pb2.GetPlanningContextResponse:
        return await self._contexts.read(
            mutation.account_id,
            mutation.time_zone,
            request.first_weekday,
            with_figures=with_figures,
            min_sessions_sequence=request.min_sessions_sequence,
        )


def plan_advisory(advisory: Advisory) -> plans_pb2.PlanAdvisory:
    """An advisory as training's contract sends it: level and rule as enums (decision 0101)."""
    words = advisory.as_contract()
    return plans_pb2.PlanAdvisory(
        level=enum_value(plans_pb2.PlanAdvisoryLevel, words["level"]),
        rule=enum_value(plans_pb2.PlanAdvisoryRule, words["rule"]),
        message=words["message"],
        day=advisory.day.isoformat(),
    )


def generated_goal_race(goal: plans_pb2.Goal) -> GoalRace | None:
    """A stored goal the standard builder made, as the engine's goal race (its level is not stored:
    the most any level of the event may take applies); None for a plan the athlete wrote, whose long
    runs are held to the contract's 35 % (decision 0114)."""
    if goal.creation_mode != CREATION_MODE or goal.race_type not in LONG_RUN_CAPS:
        return None
    return GoalRace(goal.race_type)


def judged(
    loads: Sequence[plans_pb2.PlanLoad],
    context: endurance_pb2.GetPlanningContextResponse,
    first_weekday: int,
    goal: GoalRace | None = None,
) -> tuple[Advisory, ...]:
    """The engine on the loads from analytics' today on, against the completed days from the plan's
    own history start and yesterday's loads: what analytics' ``EvaluatePlanSafety`` would answer.
    ``goal``: the race and level of a plan Kinetic generated, whose long runs the engine judges by
    the table the generator built them by."""
    today = date.fromisoformat(context.today)
    plan = [workout for workout in map(planned, loads) if workout.day >= today]
    if not plan:
        return ()
    weekday = week_starts_on(first_weekday)
    since = history_start(min(workout.day for workout in plan), weekday)
    days = [
        CompletedDay(
            date.fromisoformat(day.day),
            tss=day.tss,
            run_m=day.run_meters,
            bike_m=day.ride_meters,
            swim_m=day.swim_meters,
        )
        for day in context.completed_days
    ]
    history = TrainingHistory.of(since, [day for day in days if day.day >= since])
    seed = PmcSeed(date.fromisoformat(context.loads_day), context.ctl, context.atl)
    return evaluate_plan_safety(plan, history, seed, weekday, goal)


def planned(load: plans_pb2.PlanLoad) -> PlannedWorkout:
    """A stored workout's load as the engine reads it (analytics' ``plan_loads`` reads it alike)."""
    return PlannedWorkout(
        day=date.fromisoformat(load.day),
        # The enum twins, or the strings of an answer without them (decision 0128).
        sport=ENGINE_SPORTS[word_of(load, "sport")],
        workout_type=ENGINE_TYPES[word_of(load, "workout_type")],
        planned_tss=load.planned_tss,
        distance_m=load.distance_meters
        if load.HasField("distance_meters") and word_of(load, "sport") in DISTANCE_SPORTS
        else None,
        duration_s=float(load.duration_seconds) if load.HasField("duration_seconds") else None,
        workout_id=load.workout_id,
    )


def relayed(error: RemoteError) -> DomainError:
    """Analytics' failure as Training's answer: the same code, message, reason, fields and
    metadata, so the edge words it as it worded analytics' own."""
    again = DomainError(
        error.message, reason=error.reason, violations=error.violations, metadata=error.metadata
    )
    again.code = error.code
    return again


def unanswered(error: RemoteError) -> plans_pb2.UnansweredCall:
    return plans_pb2.UnansweredCall(
        code=error.code.name, message=error.message, reason=error.reason, metadata=error.metadata
    )
