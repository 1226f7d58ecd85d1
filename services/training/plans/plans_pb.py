"""EndurancePlanService's messages and the plans' values, both ways: the module of the plans
that reads or builds a ``Goal``, ``PlanWorkout`` or ``PlanLoad`` message, renders every answer of
the use cases (``answers``) as its message, and makes and reads the stored forms kept as a
message's bytes (``PLAN_FORMS``) (docs/decisions/0102-training-without-protobuf-inside.md, 0113).
"""

from __future__ import annotations

from datetime import UTC, date, datetime

from google.protobuf.timestamp_pb2 import Timestamp

from kinetic.errors import RemoteError
from kinetic.proto_enums import enum_value, twin_value, word_of
from kinetic.timestamps import timestamp
from kinetic.training.v1 import endurance_plans_pb2 as plans_pb2
from kinetic.training.v1 import training_pb2
from knowledge.plan_safety import Advisory
from services.training.domain.endurance_rules import check_endurance
from services.training.domain.input_values import Violations
from services.training.entrypoints.edit_input_pb import endurance_input_from_pb
from services.training.entrypoints.library_pb import copy_endurance
from services.training.plans.answers import (
    GeneratedAnswer,
    MutateAnswer,
    PlanAnswer,
    PlanLoad,
    WriteAnswer,
    WrittenPlan,
)
from services.training.plans.generated_goal_pb import goal_of
from services.training.plans.goal import (
    CoachingSummary,
    GoalFields,
    PhaseBlock,
    PhaseTarget,
    SnapshotContent,
    SnapshotWorkout,
    SportFrequency,
)
from services.training.plans.store import Snapshot
from services.training.plans.views import Entry, GoalState, GoalSummary, PlanQuery, PlanView


def _timestamp(value: datetime | None) -> Timestamp | None:
    return None if value is None else timestamp(value)  # by arithmetic (decision 0123)


def _time(message: Timestamp, present: bool) -> datetime | None:
    return message.ToDatetime(tzinfo=UTC) if present else None


# --- into the plans' values --------------------------------------------------------------------


# A Goal read here is a request's (the enum twin first, else the string the previous release's edge
# sent: decision 0129) or a legacy snapshot's (strings only: word_of falls back to them).


def _target(message: plans_pb2.PhaseTarget) -> PhaseTarget:
    return PhaseTarget(
        sport=word_of(message, "sport"),
        weekly_distance_meters=(
            message.weekly_distance_meters if message.HasField("weekly_distance_meters") else None
        ),
        weekly_duration_seconds=(
            message.weekly_duration_seconds if message.HasField("weekly_duration_seconds") else None
        ),
        weekly_tss=message.weekly_tss if message.HasField("weekly_tss") else None,
        sessions_per_week=message.sessions_per_week if message.HasField("sessions_per_week") else None,
    )


def phase_blocks_from_pb(blocks: list[plans_pb2.PhaseBlock]) -> tuple[PhaseBlock, ...]:
    return tuple(
        PhaseBlock(b.name, b.start_date, b.end_date, b.focus, tuple(_target(t) for t in b.targets))
        for b in blocks
    )


def summary_from_pb(message: plans_pb2.CoachingSummary) -> CoachingSummary:
    return CoachingSummary(
        message.week_start, message.text, _time(message.update_time, message.HasField("update_time"))
    )


def goal_fields_from_pb(goal: plans_pb2.Goal, *, summaries: bool = True) -> GoalFields:
    """A Goal message's own fields (its name and notes are the library plan's); ``summaries``
    False leaves its coaching summaries out (a request's are never kept)."""
    return GoalFields(
        goal_id=goal.goal_id,
        sport=word_of(goal, "sport"),
        race_type=goal.race_type,
        race_date=goal.race_date,
        plan_start_date=goal.plan_start_date,
        training_focus=goal.training_focus,
        phase_blocks=phase_blocks_from_pb(list(goal.phase_blocks)),
        frequencies=tuple(SportFrequency(word_of(f, "sport"), f.sessions_per_week) for f in goal.frequencies),
        strength_per_week=goal.strength_per_week,
        rest_days=tuple(goal.rest_days),
        is_active=goal.is_active,
        status=goal.status,
        creation_mode=goal.creation_mode,
        coaching_summaries=tuple(summary_from_pb(s) for s in goal.coaching_summaries) if summaries else (),
    )


def legacy_snapshot(stored: bytes) -> SnapshotContent:
    """A snapshot stored before decision 0102: the serialized GetPlanResponse."""
    content = plans_pb2.GetPlanResponse()
    content.ParseFromString(stored)
    return SnapshotContent(
        name=content.goal.name,
        notes=content.goal.notes,
        fields=goal_fields_from_pb(content.goal),
        workouts=tuple(_legacy_workout(w) for w in content.workouts),
    )


def _legacy_workout(saved: plans_pb2.PlanWorkout) -> SnapshotWorkout:
    # The snapshot holds the message the codec wrote; the rules read it back as the value.
    endurance = None
    if saved.HasField("endurance"):
        problems = Violations()
        endurance = check_endurance(problems, "endurance", endurance_input_from_pb(saved.endurance))
        assert endurance is not None, problems.items
    return SnapshotWorkout(
        workout_id=saved.workout_id,
        version=saved.version,
        name=saved.name,
        notes=saved.notes,
        day=date.fromisoformat(saved.scheduled_date),
        order=saved.order,
        workout_type=word_of(saved, "workout_type"),
        completed=saved.completed,
        linked_activity_id=saved.linked_activity_id,
        completed_at=_time(saved.completed_time, saved.HasField("completed_time")),
        endurance=endurance,
    )


# --- out of them -------------------------------------------------------------------------------


def _target_to_pb(target: PhaseTarget) -> plans_pb2.PhaseTarget:
    return plans_pb2.PhaseTarget(
        sport=target.sport,
        weekly_distance_meters=target.weekly_distance_meters,
        weekly_duration_seconds=target.weekly_duration_seconds,
        weekly_tss=target.weekly_tss,
        sessions_per_week=target.sessions_per_week,
        sport_value=twin_value(training_pb2.Sport, target.sport),  # decision 0128
    )


def goal_to_pb(
    state: GoalState, *, workout_count: int | None = None, snapshot_count: int = 0
) -> plans_pb2.Goal:
    """The goal message: its own fields, the plan's name, notes, version and times, and counts."""
    fields = state.fields
    goal = plans_pb2.Goal(
        goal_id=state.plan.id,
        version=state.plan.version,
        name=state.plan.name,
        sport=fields.sport,
        race_type=fields.race_type,
        race_date=fields.race_date,
        plan_start_date=fields.plan_start_date,
        training_focus=fields.training_focus,
        phase_blocks=[
            plans_pb2.PhaseBlock(
                name=b.name,
                start_date=b.start_date,
                end_date=b.end_date,
                focus=b.focus,
                targets=[_target_to_pb(t) for t in b.targets],
            )
            for b in fields.phase_blocks
        ],
        frequencies=[
            plans_pb2.SportFrequency(
                sport=f.sport,
                sessions_per_week=f.sessions_per_week,
                sport_value=twin_value(training_pb2.Sport, f.sport),
            )
            for f in fields.frequencies
        ],
        strength_per_week=fields.strength_per_week,
        rest_days=list(fields.rest_days),
        is_active=fields.is_active,
        status=fields.status,
        creation_mode=fields.creation_mode,
        coaching_summaries=[
            plans_pb2.CoachingSummary(
                week_start=s.week_start, text=s.text, update_time=_timestamp(s.updated_at)
            )
            for s in fields.coaching_summaries
        ],
        workout_count=len(state.entries) if workout_count is None else workout_count,
        snapshot_count=snapshot_count,
        notes=state.plan.notes,
        create_time=_timestamp(state.plan.created_at),
        update_time=_timestamp(state.plan.updated_at),
        sport_value=twin_value(plans_pb2.GoalSport, fields.sport),  # decision 0128
    )
    return goal


def entry_to_pb(entry: Entry) -> plans_pb2.PlanWorkout:
    """One plan workout message."""
    workout = entry.workout
    message = plans_pb2.PlanWorkout(
        workout_id=workout.id,
        version=workout.version,
        goal_id=entry.row.goal_id,
        name=workout.content.name,
        notes=workout.content.notes,
        scheduled_date=entry.day.isoformat(),
        order=entry.row.order,
        workout_type=entry.row.workout_type,
        completed=entry.row.completed,
        linked_activity_id=entry.row.linked_activity_id,
        completed_time=_timestamp(entry.row.completed_at),
        workout_type_value=twin_value(plans_pb2.WorkoutType, entry.row.workout_type),  # decision 0128
    )
    if workout.content.endurance is not None:
        copy_endurance(message.endurance, workout.content.endurance)
    return message


def plan_load(load: PlanLoad) -> plans_pb2.PlanLoad:
    """A workout as the safety engine sees it."""
    return plans_pb2.PlanLoad(
        workout_id=load.workout_id,
        day=load.day,
        sport=load.sport,
        workout_type=load.workout_type,
        planned_tss=load.planned_tss,
        distance_meters=load.distance_meters,
        duration_seconds=load.duration_seconds,
        completed=load.completed,
        sport_value=twin_value(training_pb2.Sport, load.sport),  # decision 0128
        workout_type_value=twin_value(plans_pb2.WorkoutType, load.workout_type),
    )


def plan_load_from_pb(message: plans_pb2.PlanLoad) -> PlanLoad:
    return PlanLoad(
        workout_id=message.workout_id,
        day=message.day,
        # The enum twins, or the strings of an answer stored without them (decision 0128).
        sport=word_of(message, "sport"),
        workout_type=word_of(message, "workout_type"),
        planned_tss=message.planned_tss,
        distance_meters=message.distance_meters if message.HasField("distance_meters") else None,
        duration_seconds=message.duration_seconds if message.HasField("duration_seconds") else None,
        completed=message.completed,
    )


# --- the reads ---------------------------------------------------------------------------------


def plan_query(request: plans_pb2.GetPlanRequest) -> PlanQuery:
    return PlanQuery(
        account_id=request.account_id,
        goal_id=request.goal_id,
        from_day=request.from_day,
        to_day=request.to_day,
        sport=word_of(request, "sport"),  # the twin first, else the string (decision 0129)
        summary_only=request.summary_only,
    )


def plan_response(view: PlanView) -> plans_pb2.GetPlanResponse:
    return plans_pb2.GetPlanResponse(
        goal=goal_to_pb(view.goal, snapshot_count=view.snapshot_count),
        workouts=[entry_to_pb(e) for e in view.workouts],
    )


def goals_response(goals: list[GoalSummary]) -> plans_pb2.ListGoalsResponse:
    return plans_pb2.ListGoalsResponse(
        goals=[
            goal_to_pb(g.goal, workout_count=g.workout_count, snapshot_count=g.snapshot_count) for g in goals
        ]
    )


def snapshots_response(found: list[Snapshot]) -> plans_pb2.ListSnapshotsResponse:
    return plans_pb2.ListSnapshotsResponse(
        snapshots=[
            plans_pb2.PlanSnapshot(
                snapshot_id=s.snapshot_id,
                goal_id=s.goal_id,
                operation=s.operation,
                description=s.description,
                workout_count=s.workout_count,
                create_time=_timestamp(s.created_at),
            )
            for s in found
        ]
    )


# --- MutatePlan, GeneratePlan and WritePlan --------------------------------------------------------


def mutate_response(answer: PlanAnswer) -> plans_pb2.MutatePlanResponse:
    """MutatePlan's message: a fresh answer rendered, a retried one as stored, marked replayed."""
    if not isinstance(answer, MutateAnswer):
        replayed = plans_pb2.MutatePlanResponse()
        replayed.ParseFromString(answer.stored)
        replayed.replayed = True
        return replayed
    response = plans_pb2.MutatePlanResponse(
        workouts=[entry_to_pb(e) for e in answer.workouts],
        created_workout_ids=answer.created_workout_ids,
        deleted_workout_ids=answer.deleted_workout_ids,
        snapshot_id=answer.snapshot_id,
        pre_restore_snapshot_id=answer.pre_restore_snapshot_id,
        active_goal_id=answer.active_goal_id,
        plan_loads=[plan_load(load) for load in answer.plan_loads],
        restored_snapshot_id=answer.restored_snapshot_id,
    )
    if answer.goal is not None:
        response.goal.CopyFrom(goal_to_pb(answer.goal, snapshot_count=answer.snapshot_count))
    return response


class _PlanForms:
    """``PlanForms``: MutatePlan's answer kept as its message's bytes, and the stored forms read."""

    def mutate_answer(self, answer: MutateAnswer) -> bytes:
        stored: bytes = mutate_response(answer).SerializeToString()
        return stored

    def written(self, stored: bytes) -> WrittenPlan:
        response = plans_pb2.MutatePlanResponse()
        response.ParseFromString(stored)
        return WrittenPlan(
            tuple(plan_load_from_pb(load) for load in response.plan_loads),
            response.goal.creation_mode,
            response.goal.race_type,
        )

    def legacy_snapshot(self, stored: bytes) -> SnapshotContent:
        return legacy_snapshot(stored)


PLAN_FORMS = _PlanForms()


def generate_response(answer: GeneratedAnswer) -> plans_pb2.GeneratePlanResponse:
    plan = answer.plan
    return plans_pb2.GeneratePlanResponse(
        plan_json=answer.plan_json,
        race_distance_meters=plan.race.distance_m,
        race_duration_seconds=plan.race.duration_s,
        goal=goal_of(plan, activate=answer.activate) if answer.activate is not None else None,
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


def unanswered(error: RemoteError) -> plans_pb2.UnansweredCall:
    return plans_pb2.UnansweredCall(
        code=error.code.name, message=error.message, reason=error.reason, metadata=error.metadata
    )


def write_response(answer: WriteAnswer) -> plans_pb2.WritePlanResponse:
    response = plans_pb2.WritePlanResponse()
    if answer.generated is not None:
        plan = answer.generated
        response.generated.CopyFrom(
            plans_pb2.GeneratedPlanSummary(event=plan.event.id, vdot=plan.vdot, vdot_source=plan.vdot_source)
        )
    response.result.CopyFrom(mutate_response(answer.result))
    if answer.unanswered is not None:
        response.advisories_unanswered.CopyFrom(unanswered(answer.unanswered))
    response.advisories.extend(plan_advisory(advisory) for advisory in answer.advisories)
    return response
