"""Library values to their protobuf messages (the shapes every Training read and write returns)."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import fields
from datetime import date, datetime

from google.protobuf.timestamp_pb2 import Timestamp

from kinetic.training.v1 import training_pb2
from knowledge.training.endurance_summary import summary_of
from services.training.adapters.endurance_codec import endurance_to_pb
from services.training.adapters.library_repository import LibraryState
from services.training.domain.model import (
    Occurrence,
    Plan,
    Schedule,
    ScheduleSegment,
    Targets,
    Workout,
)

ExerciseNames = Mapping[str, str]
# A workout's endurance part in a calendar line, by workout ID (endurance workouts only).
EnduranceSummaries = Mapping[str, training_pb2.EnduranceSummary]


def _timestamp(value: datetime | None) -> Timestamp | None:
    if value is None:
        return None
    stamp = Timestamp()
    stamp.FromDatetime(value)
    return stamp


def _day(value: date | None) -> str:
    return value.isoformat() if value else ""


def library_to_pb(state: LibraryState) -> training_pb2.Library:
    """Epoch and source sequence."""
    return training_pb2.Library(epoch=state.epoch, source_sequence=state.source_sequence)


def schedule_to_pb(schedule: Schedule | None) -> training_pb2.Schedule | None:
    """A schedule; weekdays carry no anchor, everyNDays always does."""
    if schedule is None:
        return None
    if schedule.type == "weekdays":
        return training_pb2.Schedule(type="weekdays", weekdays=list(schedule.weekdays))
    return training_pb2.Schedule(
        type="everyNDays", interval_days=schedule.interval_days, anchor_day=_day(schedule.anchor_day)
    )


def _segment_to_pb(segment: ScheduleSegment) -> training_pb2.ScheduleSegment:
    return training_pb2.ScheduleSegment(
        effective_day=_day(segment.effective_day), schedule=schedule_to_pb(segment.schedule)
    )


def current_schedule(workout: Workout, today: date) -> Schedule | None:
    """The schedule in force on ``today`` (the latest segment that has started; else the first)."""
    started = [s for s in workout.segments if s.effective_day is None or s.effective_day <= today]
    if started:
        return started[-1].schedule
    return workout.segments[0].schedule if workout.segments else None


def workout_to_pb(workout: Workout, names: ExerciseNames, today: date) -> training_pb2.Workout:
    """A workout with exercise names resolved."""
    message = training_pb2.Workout(
        id=workout.id,
        version=workout.version,
        name=workout.content.name,
        kind=workout.content.kind,
        notes=workout.content.notes,
        schedule=schedule_to_pb(current_schedule(workout, today)),
        schedule_segments=[_segment_to_pb(s) for s in workout.segments],
        plan_id=workout.plan_id or "",
        phase_id=workout.phase_id or "",
        active_from_day=_day(workout.active_from),
        active_until_day=_day(workout.active_until),
        create_time=_timestamp(workout.created_at),
        update_time=_timestamp(workout.updated_at),
    )
    for movement in workout.content.exercises:
        entry = message.exercises.add(
            id=movement.id,
            exercise_id=movement.exercise_id,
            exercise_name=names.get(movement.exercise_id, ""),
            tracking_mode=movement.tracking_mode,
            notes=movement.notes,
        )
        for attribute in fields(Targets):
            value = getattr(movement.targets, attribute.name)
            if value is not None:
                setattr(entry, attribute.name, value)
    if workout.content.endurance is not None:
        message.endurance.CopyFrom(endurance_to_pb(workout.content.endurance))
    for block in workout.content.cross_fit_blocks:
        message.cross_fit_blocks.add(
            id=block.id,
            configuration=training_pb2.BlockConfiguration(
                format=block.configuration.format,
                duration_seconds=block.configuration.duration_seconds,
                rounds=block.configuration.rounds,
                interval_seconds=block.configuration.interval_seconds,
            ),
            exercise_ids=list(block.exercise_ids),
        )
    return message


def endurance_summaries(workouts: Iterable[Workout]) -> dict[str, training_pb2.EnduranceSummary]:
    """The calendar line of each planned endurance workout among ``workouts``, by workout ID."""
    return {
        w.id: summary_of(endurance_to_pb(w.content.endurance))
        for w in workouts
        if w.content.endurance is not None
    }


def plan_to_pb(plan: Plan) -> training_pb2.Plan:
    """A plan with its phases."""
    return training_pb2.Plan(
        id=plan.id,
        version=plan.version,
        name=plan.name,
        notes=plan.notes,
        phases=[
            training_pb2.Phase(
                id=p.id,
                name=p.name,
                start_day=p.start_day.isoformat(),
                end_day_exclusive=p.end_day_exclusive.isoformat(),
                workout_ids=list(p.workout_ids),
            )
            for p in plan.phases
        ],
        create_time=_timestamp(plan.created_at),
        update_time=_timestamp(plan.updated_at),
    )


def occurrence_to_pb(
    occurrence: Occurrence,
    workout_names: Mapping[str, str],
    placement: Mapping[str, tuple[str, str]],
    week_start: date | None = None,
    endurance: EnduranceSummaries | None = None,
) -> training_pb2.Occurrence:
    """An occurrence; ``workout_names``, ``placement`` (plan, phase) and ``endurance`` (the calendar
    reads') are keyed by workout ID."""
    shown = occurrence.replacement_workout_id or occurrence.workout_id
    plan_id, phase_id = placement.get(occurrence.workout_id, ("", ""))
    return training_pb2.Occurrence(
        workout_id=occurrence.workout_id,
        original_scheduled_day=occurrence.original_day.isoformat(),
        day=occurrence.day.isoformat(),
        workout_name=workout_names.get(shown, occurrence.extra.get("workoutName", "")),
        status=occurrence.status,
        replacement_workout_id=occurrence.replacement_workout_id or "",
        plan_id=plan_id,
        phase_id=phase_id,
        week_start_day=_day(week_start),
        complete_time=_timestamp(occurrence.completed_at),
        endurance=(endurance or {}).get(shown),
    )
