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
from dataclasses import replace
from datetime import date

from kinetic.errors import DomainError, RemoteError
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
from services.training.plans.answers import (
    MutateAnswer,
    PlanForms,
    PlanLoad,
    PlanningContext,
    WriteAnswer,
    WrittenPlan,
)
from services.training.plans.commands import MutateCommand, WriteCommand
from services.training.plans.generated_goal import CREATION_MODE
from services.training.plans.generation import athlete_vdot, generated_goal
from services.training.plans.generator import GeneratedPlan, goal_race
from services.training.plans.planning_context import PlanningContexts
from services.training.plans.service import EndurancePlans


class PlanWrites:
    """The plan writes Training owns: its plans, and analytics for what a write reads of it."""

    def __init__(self, plans: EndurancePlans, contexts: PlanningContexts, forms: PlanForms) -> None:
        self._plans = plans
        self._contexts = contexts
        self._forms = forms

    async def write(self, command: WriteCommand, seconds_left: Callable[[], float | None]) -> WriteAnswer:
        mutation = command.mutation
        context = None
        goal: GoalRace | None = None
        generated: GeneratedPlan | None = None
        if command.look_up_thresholds:
            try:
                context = await self._context(command, mutation, with_figures=True)
            except RemoteError as error:
                raise relayed(error) from error
            mutation = replace(mutation, thresholds=context.thresholds)
        if command.generate is not None:
            # The athlete's thresholds, read first, set the generated plan's paces: the steps, their
            # notes and the race target from one VDOT, the one pricing uses (issue 30).
            generated, activate = generated_goal(command.generate, athlete_vdot(mutation.thresholds))
            asked = command.create_generated(generated, activate)
            mutation = replace(asked, thresholds=mutation.thresholds)
            goal = goal_race(generated)
        result = self._plans.mutate(mutation, seconds_left)
        answer = WriteAnswer(result, generated)
        written = (
            WrittenPlan.of(result) if isinstance(result, MutateAnswer) else self._forms.written(result.stored)
        )
        if not written.plan_loads:
            return answer
        if context is None:
            try:
                context = await self._context(command, mutation, with_figures=False)
            except RemoteError as error:
                return replace(answer, unanswered=error)
        goal = goal or generated_goal_race(written)
        return replace(answer, advisories=judged(written.plan_loads, context, command.first_weekday, goal))

    async def _context(
        self, command: WriteCommand, mutation: MutateCommand, *, with_figures: bool
    ) -> PlanningContext:
        return await self._contexts.read(
            mutation.account_id,
            mutation.time_zone,
            command.first_weekday,
            with_figures=with_figures,
            min_sessions_sequence=command.min_sessions_sequence,
        )


def generated_goal_race(goal: WrittenPlan) -> GoalRace | None:
    """A stored goal the standard builder made, as the engine's goal race (its level is not stored:
    the most any level of the event may take applies); None for a plan the athlete wrote, whose long
    runs are held to the contract's 35 % (decision 0114)."""
    if goal.creation_mode != CREATION_MODE or goal.race_type not in LONG_RUN_CAPS:
        return None
    return GoalRace(goal.race_type)


def judged(
    loads: Sequence[PlanLoad],
    context: PlanningContext,
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


def planned(load: PlanLoad) -> PlannedWorkout:
    """A stored workout's load as the engine reads it (analytics' ``plan_loads`` reads it alike)."""
    return PlannedWorkout(
        day=date.fromisoformat(load.day),
        sport=ENGINE_SPORTS[load.sport],
        workout_type=ENGINE_TYPES[load.workout_type],
        planned_tss=load.planned_tss,
        distance_m=load.distance_meters
        if load.distance_meters is not None and load.sport in DISTANCE_SPORTS
        else None,
        duration_s=float(load.duration_seconds) if load.duration_seconds is not None else None,
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
