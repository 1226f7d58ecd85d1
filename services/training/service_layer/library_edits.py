"""Training writes (seed 000's edit request): one action per request, versioned and idempotent.

Order inside the write transaction: take the account's write lock, replay a known idempotency key,
check the epoch, parse and validate the input, check the versions of every existing record the
action changes, apply it, advance the source sequence, append the change feed's entries, store the
result under the key. Any error rolls the whole write back, feed entries included. See
docs/decisions/0011-training-library.md and 0023-training-change-feed.md.
"""

from __future__ import annotations

import uuid
from dataclasses import dataclass, replace
from datetime import date
from typing import Any

from sqlalchemy import Connection, Engine

from kinetic.errors import DomainError, InvalidArgument, NotFound
from knowledge.training.formats import version_key
from services.training.adapters import exercise_repository
from services.training.adapters import library_change_log as change_log
from services.training.adapters import library_repository as repo
from services.training.adapters.library_change_log import OccurrenceRecord, WorkoutRecord
from services.training.domain import calendar, documents, occurrences
from services.training.domain.edit_input import ActionInput, action_name
from services.training.domain.model import (
    CrossFitBlock,
    OccurrenceOverride,
    Phase,
    Plan,
    Workout,
    WorkoutContent,
)
from services.training.domain.versions import (
    check_device_id,
    check_expected_versions,
    check_idempotency_key,
    format_version,
)
from services.training.service_layer.answers import EditAnswer, Replayed, StoredForms
from services.training.service_layer.override_visibility import UncompletedOverrides, visibility_entries
from services.training.service_layer.training_library import Clock, ensure_library, require_account, utc_now
from services.training.service_layer.write_support import (
    WriteContext,
    epoch_changed,
    exercise_names_for,
    replay,
    request_hash,
)


@dataclass(frozen=True)
class EditCommand:
    """An edit request as the gRPC API receives it, its input read as sent (``edit_input``).

    ``hashed_input`` is the input in the form its idempotency key's hash has always covered (seed
    000's JSON, every number a float: ``entrypoints/edit_input_pb.hashed_input``), so keys stored
    before still replay (docs/decisions/0027-typed-training-edits.md).
    """

    account_id: str
    device_id: str
    epoch: str
    time_zone: str
    idempotency_key: str
    expected_versions: dict[str, str]
    input: ActionInput
    hashed_input: Any


class TrainingEditor:
    """Applies edit requests to the Training library."""

    def __init__(self, engine: Engine, forms: StoredForms, clock: Clock = utc_now) -> None:
        self._engine = engine
        self._forms = forms
        self._clock = clock

    def edit(self, command: EditCommand) -> EditAnswer | Replayed:
        """Apply one edit, or replay the first result of its idempotency key."""
        account_id = require_account(command.account_id)
        zone = calendar.check_time_zone(command.time_zone)
        check_idempotency_key(command.idempotency_key)
        device = check_device_id(command.device_id)
        check_expected_versions(command.expected_versions)
        if not command.epoch:
            raise InvalidArgument.for_field(
                "epoch", "is required: send the epoch from your latest Training read"
            )
        now = self._clock()
        ensure_library(self._engine, account_id, now)
        body = request_hash(command.epoch, command.time_zone, command.expected_versions, command.hashed_input)
        with self._engine.begin() as conn:
            state = repo.lock_library(conn, account_id)
            assert state is not None
            stored = repo.find_request(conn, account_id, command.idempotency_key)
            if stored is not None:
                return Replayed(replay(stored, "edit", body))
            if command.epoch != state.epoch:
                raise epoch_changed(state)
            action = documents.parse_edit_input(command.input, _exercise_lookup(conn, account_id))
            documents.check_record_limit(action)
            ctx = WriteContext(
                conn=conn,
                account_id=account_id,
                device_id=device,
                state=state,
                today=calendar.local_today(zone, now),
                now=now,
                expected_versions=command.expected_versions,
                forms=self._forms,
            )
            occurrence = _apply(ctx, action)
            state = repo.advance_sequence(conn, account_id, state)
            workouts = ctx.stored_workouts()
            plans = ctx.stored_plans()
            names = exercise_names_for(conn, account_id, workouts)
            answer = EditAnswer(
                library=state,
                action=action_name(command.input),
                workouts=tuple(WorkoutRecord(w, names, ctx.today) for w in workouts),
                plans=tuple(plans),
                occurrence=occurrence,
            )
            entries = ctx.change_entries(workouts, plans, names)
            if occurrence is not None:
                entries.append(change_log.occurrence_entry(occurrence))
            change_log.append(conn, account_id, state.epoch, entries, now, self._forms.record)
            first = self._forms.edit_answer(answer)
            repo.save_request(conn, account_id, command.idempotency_key, "edit", body, first, now)
        return answer


def _exercise_lookup(conn: Connection, account_id: str) -> documents.ExerciseModes:
    def lookup(ids: Any) -> dict[str, tuple[str, ...]]:
        found = exercise_repository.names_and_modes(conn, account_id, ids)
        return {key: value[1] for key, value in found.items()}

    return lookup


def _apply(ctx: WriteContext, action: documents.EditAction) -> OccurrenceRecord | None:
    match action:
        case documents.CreateWorkout():
            _create_workout(ctx, action)
        case documents.UpdateWorkout():
            _update_workout(ctx, action)
        case documents.CreatePlan():
            _create_plan(ctx, action)
        case documents.UpdatePlan():
            _update_plan(ctx, action)
        case documents.ChangeSchedule():
            _change_schedule(ctx, action)
        case documents.MoveOccurrence() | documents.ReplaceOccurrence():
            return _change_occurrence(ctx, action)
    return None


def _load_workout(ctx: WriteContext, workout_id: str, field: str) -> Workout:
    workout = repo.get_workouts(ctx.conn, ctx.account_id, [workout_id]).get(workout_id)
    if workout is None:
        raise NotFound(
            f"{field}: workout {workout_id} does not exist in this library; read the workouts view for IDs",
            reason="WORKOUT_NOT_FOUND",
        )
    return workout


def _new_workout(
    ctx: WriteContext,
    content: WorkoutContent,
    schedule: Any,
    *,
    anchor: date,
    plan_id: str | None = None,
    phase: Phase | None = None,
) -> Workout:
    segments = occurrences.initial_segments(schedule, anchor) if schedule is not None else ()
    return Workout(
        id=str(uuid.uuid4()),
        version=format_version(1, ctx.device_id),
        content=content,
        segments=segments,
        plan_id=plan_id,
        phase_id=phase.id if phase else None,
        active_from=phase.start_day if phase else None,
        active_until=phase.end_day_exclusive if phase else None,
    )


def _create_workout(ctx: WriteContext, action: documents.CreateWorkout) -> None:
    draft = action.workout
    ctx.save_workout(_new_workout(ctx, draft.content, draft.schedule, anchor=ctx.today), new=True)


def _update_workout(ctx: WriteContext, action: documents.UpdateWorkout) -> None:
    existing = _load_workout(ctx, action.workout_id, "input.workoutID")
    ctx.check_versions(workouts=[existing])
    merged = documents.merge_workout_update(existing.content, action)
    ctx.save_workout(replace(existing, content=merged))


def _copy_content(content: WorkoutContent) -> WorkoutContent:
    # A copy is a record of its own: new movement instance and block IDs, blocks remapped.
    new_ids = {m.id: str(uuid.uuid4()) for m in content.exercises}
    return replace(
        content,
        exercises=tuple(replace(m, id=new_ids[m.id]) for m in content.exercises),
        cross_fit_blocks=tuple(
            CrossFitBlock(
                id=str(uuid.uuid4()),
                configuration=b.configuration,
                exercise_ids=tuple(new_ids[i] for i in b.exercise_ids),
            )
            for b in content.cross_fit_blocks
        ),
    )


def _create_plan(ctx: WriteContext, action: documents.CreatePlan) -> None:
    draft = action.plan
    plan_id = str(uuid.uuid4())
    existing_ids = [i for p in draft.phases for i in p.existing_workout_ids]
    sources = repo.get_workouts(ctx.conn, ctx.account_id, existing_ids)
    for index, phase_draft in enumerate(draft.phases):
        for position, workout_id in enumerate(phase_draft.existing_workout_ids):
            if workout_id not in sources:
                raise NotFound(
                    f"input.plan.phases[{index}].existingWorkoutIDs[{position}]: workout {workout_id} "
                    "does not exist in this library",
                    reason="WORKOUT_NOT_FOUND",
                )
    expected = ctx.expected_versions
    checked = [sources[i] for i in dict.fromkeys(existing_ids) if version_key("workout", i) in expected]
    if checked:
        ctx.check_versions(workouts=checked)
    phases: list[Phase] = []
    for phase_draft in draft.phases:
        phase = Phase(
            id=str(uuid.uuid4()),
            name=phase_draft.name,
            start_day=phase_draft.start_day,
            end_day_exclusive=phase_draft.end_day_exclusive,
        )
        created: list[Workout] = []
        for workout_draft in phase_draft.workouts:
            created.append(
                _new_workout(
                    ctx,
                    workout_draft.content,
                    workout_draft.schedule,
                    anchor=phase.start_day,
                    plan_id=plan_id,
                    phase=phase,
                )
            )
        for workout_id in phase_draft.existing_workout_ids:
            source = sources[workout_id]
            schedule = occurrences.segment_for(source.segments, phase.start_day) if source.segments else None
            created.append(
                _new_workout(
                    ctx,
                    _copy_content(source.content),
                    schedule,
                    anchor=phase.start_day,
                    plan_id=plan_id,
                    phase=phase,
                )
            )
        for workout in created:
            ctx.save_workout(workout, new=True)
        phases.append(replace(phase, workout_ids=tuple(w.id for w in created)))
    plan = Plan(
        id=plan_id,
        version=format_version(1, ctx.device_id),
        name=draft.name,
        notes=draft.notes,
        phases=tuple(phases),
    )
    ctx.save_plan(plan, new=True)


def _update_plan(ctx: WriteContext, action: documents.UpdatePlan) -> None:
    plan = repo.get_plans(ctx.conn, ctx.account_id, [action.plan_id]).get(action.plan_id)
    if plan is None:
        raise NotFound(
            f"input.planID: plan {action.plan_id} does not exist in this library", reason="PLAN_NOT_FOUND"
        )
    ctx.check_versions(plans=[plan])
    ctx.save_plan(
        replace(
            plan,
            name=action.name if action.name is not None else plan.name,
            notes=action.notes if action.notes is not None else plan.notes,
        )
    )


def _change_schedule(ctx: WriteContext, action: documents.ChangeSchedule) -> None:
    workout = _load_workout(ctx, action.workout_id, "input.workoutID")
    ctx.check_versions(workouts=[workout])
    segments = occurrences.change_schedule(workout.segments, action.effective_day, action.schedule)
    changed = replace(workout, segments=segments)
    # Pending overrides whose original day leaves the schedule lapse; ones it gets back show again.
    overrides = UncompletedOverrides.load(ctx.conn, ctx.account_id, [workout])
    ctx.occurrence_entries += visibility_entries(overrides.shown([workout]), overrides.shown([changed]))
    ctx.save_workout(changed)


def _change_occurrence(
    ctx: WriteContext, action: documents.MoveOccurrence | documents.ReplaceOccurrence
) -> OccurrenceRecord:
    workout = _load_workout(ctx, action.workout_id, "input.workoutID")
    ctx.check_versions(workouts=[workout])
    day = action.original_scheduled_day
    current = repo.get_override(ctx.conn, ctx.account_id, workout.id, day)
    found = occurrences.find_occurrence(workout, [current] if current else [], day)
    if found is None:
        raise NotFound(
            f"input.originalScheduledDay: workout {workout.id} has no occurrence originally scheduled on "
            f"{day.isoformat()}; read the calendar view for occurrence days",
            reason="OCCURRENCE_NOT_FOUND",
        )
    if found.status in ("active", "completed"):
        raise DomainError(
            f"the occurrence of {day.isoformat()} is {found.status} and can no longer be moved or replaced",
            reason="OCCURRENCE_LOCKED",
        )
    override = current or OccurrenceOverride(workout_id=workout.id, original_day=day)
    names = {workout.id: workout.content.name}
    if isinstance(action, documents.MoveOccurrence):
        destination = action.destination_day
        if destination == (override.destination_day or day):
            # Nothing would change; a summary "moved from Friday to Friday" would say otherwise.
            raise InvalidArgument.for_field(
                "input.destinationDay",
                f"the occurrence is already on {destination.isoformat()}; name the day it should move to",
            )
        override = replace(override, destination_day=None if destination == day else destination)
    else:
        if action.replacement_workout_id == workout.id:
            raise InvalidArgument.for_field(
                "input.replacementWorkoutID",
                "is the workout itself; name another workout, or move the occurrence",
            )
        replacement = _load_workout(ctx, action.replacement_workout_id, "input.replacementWorkoutID")
        names[replacement.id] = replacement.content.name
        override = replace(override, replacement_workout_id=replacement.id)
    repo.put_override(ctx.conn, ctx.account_id, override, workout.content.name)
    ctx.save_workout(workout)  # the occurrence belongs to the workout: its version moves on
    after = occurrences.find_occurrence(workout, [override], day)
    assert after is not None
    placement = {workout.id: (workout.plan_id or "", workout.phase_id or "")}
    return OccurrenceRecord(after, names, placement)
