"""Library values to their protobuf messages (the shapes every Training read and write returns),
and the stored forms the service layer keeps in those messages' bytes: idempotency answers,
deletion previews and change-feed records (``LIBRARY_FORMS``; decision 0113)."""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import fields
from datetime import date, datetime
from typing import Any

from google.protobuf import json_format
from google.protobuf.message import Message
from google.protobuf.timestamp_pb2 import Timestamp

from kinetic.proto_enums import read_twins, twin_value
from kinetic.timestamps import timestamp
from kinetic.training.v1 import training_pb2
from knowledge.training.endurance_summary import summary_of
from services.training.adapters.endurance_codec import TARGET_NAMES
from services.training.adapters.library_change_log import (
    FeedRecord,
    OccurrenceRecord,
    StoredChange,
    WorkoutRecord,
)
from services.training.adapters.library_repository import LibraryState
from services.training.domain.endurance import EnduranceStep, EnduranceTarget
from services.training.domain.model import (
    Occurrence,
    Plan,
    Schedule,
    ScheduleSegment,
    Targets,
    Workout,
)
from services.training.service_layer.answers import (
    CommitAnswer,
    DeletionPreview,
    EditAnswer,
    PreviewAnswer,
    Replayed,
    StatusAnswer,
)

ExerciseNames = Mapping[str, str]
# A workout's endurance part in a calendar line, by workout ID (endurance workouts only).
EnduranceSummaries = Mapping[str, training_pb2.EnduranceSummary]


def _timestamp(value: datetime | None) -> Timestamp | None:
    return None if value is None else timestamp(value)  # by arithmetic (decision 0123)


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
        copy_endurance(message.endurance, workout.content.endurance)
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


# The endurance messages made in one call, by the identity of their value (kept with it, so that
# the identity stays its own): set only inside ``endurance_made_once`` (decision 0123, third pass).
_MADE: ContextVar[dict[int, tuple[EnduranceTarget, training_pb2.EnduranceTarget]] | None] = ContextVar(
    "endurance_messages_made", default=None
)


@contextmanager
def endurance_made_once() -> Iterator[None]:
    """Within it, ``copy_endurance`` makes each endurance value's message once and copies it from
    then on: a plan write renders each saved workout's endurance part for the feed's record and
    again for the answer (decision 0123, third pass). The messages made are never handed out, only
    copied into the caller's, and are dropped when the block ends."""
    token = _MADE.set({})
    try:
        yield
    finally:
        _MADE.reset(token)


def copy_endurance(into: training_pb2.EnduranceTarget, endurance: EnduranceTarget) -> None:
    """Fill ``into`` with ``endurance``'s message (``endurance_to_pb``)."""
    made = _MADE.get()
    if made is None:
        into.CopyFrom(endurance_to_pb(endurance))
        return
    kept = made.get(id(endurance))
    if kept is None or kept[0] is not endurance:
        kept = made[id(endurance)] = (endurance, endurance_to_pb(endurance))
    into.CopyFrom(kept[1])


def endurance_to_pb(endurance: EnduranceTarget) -> training_pb2.EnduranceTarget:
    """The message every Training read and write returns (and the change feed carries)."""
    message = training_pb2.EnduranceTarget(
        sport=endurance.sport,
        planned_duration_seconds=endurance.planned_duration_seconds,
        planned_distance_meters=endurance.planned_distance_meters,
        steps=[_step_to_pb(step) for step in endurance.steps],
        planned_tss=endurance.planned_tss,
        planned_tss_locked=endurance.planned_tss_locked,
        # The enum twins of the words beside them (decision 0128).
        sport_value=twin_value(training_pb2.Sport, endurance.sport),
    )
    if endurance.intensity is not None:
        kind = endurance.intensity.kind
        message.intensity.CopyFrom(
            training_pb2.IntensityTarget(
                kind=kind,
                label=endurance.intensity.label,
                kind_value=twin_value(training_pb2.TargetKind, kind),
            )
        )
    return message


def _step_to_pb(step: EnduranceStep) -> training_pb2.EnduranceStep:
    message = training_pb2.EnduranceStep(
        type=step.type,
        role=step.role,
        duration_seconds=step.duration_seconds,
        distance_meters=step.distance_meters,
        notes=step.notes,
        repeat_count=step.repeat_count,
        steps=[_step_to_pb(inner) for inner in step.steps],
        type_value=twin_value(training_pb2.StepType, step.type),
        role_value=twin_value(training_pb2.StepRole, step.role),
    )
    if step.target is not None:
        message.target.CopyFrom(
            training_pb2.StepTarget(
                **{name: getattr(step.target, name) for name in TARGET_NAMES},
                kind_value=twin_value(training_pb2.TargetKind, step.target.kind),
            )
        )
    return message


def endurance_summaries(endurance: Mapping[str, EnduranceTarget]) -> dict[str, training_pb2.EnduranceSummary]:
    """The calendar line of each planned endurance part, by workout ID."""
    summaries = {workout_id: summary_of(endurance_to_pb(part)) for workout_id, part in endurance.items()}
    for workout_id, summary in summaries.items():
        if (sport := twin_value(training_pb2.Sport, endurance[workout_id].sport)) is not None:
            summary.sport_value = sport  # decision 0128
    return summaries


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


def record_occurrence_to_pb(record: OccurrenceRecord) -> training_pb2.Occurrence:
    """An occurrence as a write answers it and the feed carries it (no week, no endurance line)."""
    return occurrence_to_pb(record.occurrence, record.workout_names, record.placement)


def record_workout_to_pb(record: WorkoutRecord) -> training_pb2.Workout:
    """A workout as a write answers it and the feed carries it."""
    return workout_to_pb(record.workout, record.exercise_names, record.today)


# --- change feed -----------------------------------------------------------------------------------


def record_to_pb(record: FeedRecord) -> training_pb2.LibraryChange:
    """A feed record as ``LibraryChange`` with only its ``record`` oneof set."""
    if isinstance(record, WorkoutRecord):
        return training_pb2.LibraryChange(workout=record_workout_to_pb(record))
    if isinstance(record, OccurrenceRecord):
        return training_pb2.LibraryChange(occurrence=record_occurrence_to_pb(record))
    return training_pb2.LibraryChange(plan=plan_to_pb(record))


def encode_record(record: FeedRecord) -> bytes:
    """The bytes a feed row stores for ``record`` (unchanged since decision 0023)."""
    return _bytes(record_to_pb(record))


def change_to_pb(stored: StoredChange) -> training_pb2.LibraryChange:
    """A stored change as ListLibraryChanges answers it: the stored record and the row's columns."""
    change = training_pb2.LibraryChange()
    change.ParseFromString(stored.record)
    change.sequence = stored.sequence
    change.kind = stored.kind
    change.record_id = stored.record_id
    change.epoch = stored.epoch
    change.create_time.CopyFrom(timestamp(stored.created_at))
    return change


# --- answers ---------------------------------------------------------------------------------------


def edit_response(answer: EditAnswer | Replayed) -> training_pb2.EditTrainingResponse:
    """EditTraining's answer; a replay is the first answer as stored, marked replayed."""
    if isinstance(answer, Replayed):
        replayed = training_pb2.EditTrainingResponse()
        replayed.ParseFromString(answer.stored)
        replayed.replayed = True
        return replayed
    return training_pb2.EditTrainingResponse(
        library=library_to_pb(answer.library),
        action=answer.action,
        workouts=[record_workout_to_pb(w) for w in answer.workouts],
        plans=[plan_to_pb(p) for p in answer.plans],
        occurrence=record_occurrence_to_pb(answer.occurrence) if answer.occurrence is not None else None,
    )


def deletion_preview_to_pb(preview: DeletionPreview) -> training_pb2.DeletionPreview:
    """What a deletion would do, as PreviewDeletion shows it."""
    message = training_pb2.DeletionPreview(
        kind=preview.kind,
        window_start_day=preview.window_start.isoformat(),
        window_end_day=preview.window_end.isoformat(),
        recurrence_effect=preview.recurrence_effect,
        restored_occurrences=[record_occurrence_to_pb(o) for o in preview.restored_occurrences],
    )
    if preview.plan is not None:
        message.plan.CopyFrom(plan_to_pb(preview.plan))
    if preview.workout is not None:
        message.workout.CopyFrom(record_workout_to_pb(preview.workout))
    message.affected_plan_memberships.extend(
        training_pb2.PlanMembership(
            plan_id=m.plan_id,
            plan_name=m.plan_name,
            phase_id=m.phase_id,
            phase_name=m.phase_name,
            workout_id=m.workout_id,
        )
        for m in preview.memberships
    )
    message.affected_workouts.extend(
        training_pb2.AffectedWorkout(workout_id=w.workout_id, name=w.name, effect=w.effect)
        for w in preview.affected_workouts
    )
    message.removed_occurrences.extend(record_occurrence_to_pb(o) for o in preview.removed_occurrences)
    return message


def preview_response(answer: PreviewAnswer) -> training_pb2.PreviewDeletionResponse:
    """PreviewDeletion's answer."""
    response = training_pb2.PreviewDeletionResponse(
        preview=deletion_preview_to_pb(answer.preview),
        preview_token=answer.token,
        library=library_to_pb(answer.library),
    )
    response.expire_time.FromDatetime(answer.expires_at)
    return response


def commit_response(answer: CommitAnswer | Replayed) -> training_pb2.CommitDeletionResponse:
    """CommitDeletion's answer: the preview as stored when shown; a replay marked replayed."""
    if isinstance(answer, Replayed):
        replayed = training_pb2.CommitDeletionResponse()
        replayed.ParseFromString(answer.stored)
        replayed.replayed = True
        return replayed
    preview = training_pb2.DeletionPreview()
    preview.ParseFromString(answer.preview)
    return training_pb2.CommitDeletionResponse(library=library_to_pb(answer.library), deleted=preview)


def status_response(answer: StatusAnswer) -> training_pb2.SetOccurrenceStatusResponse:
    """SetOccurrenceStatus's answer."""
    occurrence = answer.occurrence
    return training_pb2.SetOccurrenceStatusResponse(
        library=library_to_pb(answer.library),
        occurrence=record_occurrence_to_pb(occurrence) if occurrence is not None else None,
    )


def _bytes(message: Message) -> bytes:
    serialized: bytes = message.SerializeToString()
    return serialized


class LibraryForms:
    """The service layer's ``StoredForms``: each value stored as the bytes of the message it is
    answered in, the format every stored row already has (decision 0113)."""

    def record(self, record: FeedRecord) -> bytes:
        return encode_record(record)

    def record_json(self, record: WorkoutRecord | Plan) -> dict[str, Any]:
        message = record_workout_to_pb(record) if isinstance(record, WorkoutRecord) else plan_to_pb(record)
        # The stale write's details are JSON for the edge, in words only, as before (decision 0128).
        rendered: dict[str, Any] = json_format.MessageToDict(read_twins(message))
        return rendered

    def preview(self, preview: DeletionPreview) -> bytes:
        return _bytes(deletion_preview_to_pb(preview))

    def edit_answer(self, answer: EditAnswer) -> bytes:
        return _bytes(edit_response(answer))

    def commit_answer(self, answer: CommitAnswer) -> bytes:
        return _bytes(commit_response(answer))


LIBRARY_FORMS = LibraryForms()
