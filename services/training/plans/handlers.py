"""One function per MutatePlan mutation: check the whole input, load the goal, change it in memory.

Nothing is written here: the service takes the snapshot and flushes the ``PlanWrite``
(docs/decisions/0062-endurance-plans.md).
"""

from __future__ import annotations

import uuid
from collections.abc import Callable
from dataclasses import dataclass, replace
from typing import Any

from sqlalchemy import Connection

from kinetic.errors import InvalidArgument, NotFound
from knowledge.limits.endurance_plans import MAX_DELTA_DAYS, MAX_PLANNED_TSS
from services.training.domain.input_values import Violations, read_day, read_int, read_number
from services.training.domain.planned_stress import Thresholds, with_resolved_paces
from services.training.plans import commands as c
from services.training.plans import generated_notes, rules, store
from services.training.plans.answers import PlanForms
from services.training.plans.commands import DayFilter, WorkoutDraft
from services.training.plans.goal import CoachingSummary, SnapshotContent, SnapshotWorkout
from services.training.plans.goal_json import is_json_snapshot, snapshot_from_json
from services.training.plans.mutations import (
    Outcome,
    add_drafts,
    check_merged_dates,
    check_paces,
    checked_drafts,
    checked_filter,
    entries_of_one_goal,
    goal_archived,
    matching,
    merge_goal,
    new_goal_state,
    shifted,
    window_of,
)
from services.training.plans.stress import priced
from services.training.plans.views import Entry, load_goal, resolve_goal_id
from services.training.plans.writer import PlanWrite, dated
from services.training.service_layer.write_support import WriteContext


@dataclass
class Mutation:
    """One MutatePlan call's transaction, inputs and what it did."""

    ctx: WriteContext
    thresholds: Thresholds
    outcome: Outcome
    forms: PlanForms  # reads a snapshot stored before decision 0102

    @property
    def conn(self) -> Connection:
        return self.ctx.conn

    @property
    def account_id(self) -> str:
        return self.ctx.account_id

    def goal(self, goal_id: str) -> PlanWrite:
        """A write of the goal (empty ID: the active one)."""
        state = load_goal(self.conn, self.account_id, resolve_goal_id(self.conn, self.account_id, goal_id))
        return PlanWrite.of(self.ctx, state)


def _done(problems: Violations) -> None:
    problems.raise_if_any()


def create_goal(m: Mutation, message: c.CreateGoal) -> PlanWrite:
    problems = Violations()
    rules.check_new_goal(problems, "goal", message.goal)
    drafts = checked_drafts(problems, "workouts", message.workouts, 0, m.thresholds, rules.MAX_GOAL_WORKOUTS)
    _done(problems)
    goal = message.goal
    state = new_goal_state(goal.fields, goal.name, goal.notes, str(uuid.uuid4()), m.ctx.device_id)
    write = PlanWrite.of(m.ctx, state, new_goal=True)
    m.outcome.created = add_drafts(write, drafts, m.thresholds)
    m.outcome.activate = message.activate or store.active_goal_id(m.conn, m.account_id) is None
    return write


def update_goal(m: Mutation, message: c.UpdateGoal) -> PlanWrite:
    problems = Violations()
    mask = list(message.update_mask)
    rules.check_mask(problems, "updateMask", mask, rules.GOAL_MASK_FIELDS)
    _done(problems)
    rules.check_goal(problems, "goal", message.goal, mask)
    _done(problems)
    write = m.goal(message.goal_id)
    goal = message.goal
    merge_goal(write.after, goal.fields, goal.name, goal.notes, mask)
    check_merged_dates(problems, write.after.fields)
    _done(problems)
    return write


def set_active_goal(m: Mutation, message: c.SetActiveGoal) -> PlanWrite:
    if not message.goal_id:
        raise InvalidArgument.for_field("goalId", "is required: the goal to make active")
    write = m.goal(message.goal_id)
    if write.before.fields.status == "archived":
        raise goal_archived(message.goal_id)
    m.outcome.activate = True
    return write


def delete_goal(m: Mutation, message: c.DeleteGoal) -> PlanWrite:
    if not message.goal_id:
        raise InvalidArgument.for_field("goalId", "is required: the goal to archive or delete")
    write = m.goal(message.goal_id)
    m.outcome.deactivated = write.before.fields.is_active
    if message.permanent:
        m.outcome.delete_goal = True
        for workout_id in list(write.after.entries):
            write.remove(workout_id)
    else:
        write.after.fields = replace(write.after.fields, status="archived", is_active=False)
    return write


def import_workouts(m: Mutation, message: c.ImportWorkouts) -> PlanWrite:
    problems = Violations()
    drafts = checked_drafts(problems, "workouts", message.workouts, 1, m.thresholds)
    window = checked_filter(problems, "replaceFilter", message.replace_filter or DayFilter())
    _done(problems)
    write = m.goal(message.goal_id)
    if message.replace_filter is not None:
        for workout_id in matching(write.after, window):
            write.remove(workout_id)
    m.outcome.created = add_drafts(write, drafts, m.thresholds, lock=message.lock_planned_tss)
    return write


def _tss(problems: Violations, path: str, draft: WorkoutDraft) -> float | None:
    if draft.endurance is None or draft.endurance.planned_tss is None:
        problems.add(f"{path}.endurance.plannedTss", "is required when updateMask names planned_tss")
        return None
    return read_number(
        problems, f"{path}.endurance.plannedTss", draft.endurance.planned_tss, 0, MAX_PLANNED_TSS, "TSS"
    )


def modify_workouts(m: Mutation, message: c.ModifyWorkouts) -> PlanWrite:
    problems = Violations()
    rules.check_batch(problems, "changes", message.changes)
    checked: list[tuple[rules.DraftValues, float | None]] = []
    for index, change in enumerate(message.changes):
        path = f"changes[{index}]"
        mask = list(change.update_mask)
        rules.check_mask(problems, f"{path}.updateMask", mask, rules.WORKOUT_MASK_FIELDS)
        fields = [f for f in mask if f in rules.WORKOUT_MASK_FIELDS and f != "planned_tss"]
        values = (
            rules.check_draft(problems, f"{path}.workout", change.workout, fields)
            if fields
            else rules.DraftValues()
        )
        tss = _tss(problems, f"{path}.workout", change.workout) if "planned_tss" in mask else None
        check_paces(problems, f"{path}.workout.endurance", values.endurance, m.thresholds)
        checked.append((values, tss))
    _done(problems)
    goal_id, _ = entries_of_one_goal(m.conn, m.account_id, [c.workout_id for c in message.changes], "changes")
    write = m.goal(goal_id)
    for change, (values, tss) in zip(message.changes, checked, strict=True):
        entry = write.after.entries[change.workout_id]
        changed, order = _modified(entry, list(change.update_mask), values, tss, m.thresholds)
        write.put(changed, order=order)
    return write


def _modified(
    entry: Entry, mask: Any, values: rules.DraftValues, tss: float | None, thresholds: Thresholds
) -> tuple[Entry, int | None]:
    workout, row = entry.workout, entry.row
    content = workout.content
    if "name" in mask and values.name is not None:
        content = replace(content, name=values.name)
    if "notes" in mask and values.notes is not None:
        content = replace(content, notes=values.notes)
    endurance = content.endurance
    if "endurance" in mask and values.endurance is not None:
        new = values.endurance
        if endurance is not None and endurance.planned_tss_locked and not new.planned_tss_locked:
            # A locked TSS stays until planned_tss itself is changed.
            new = replace(new, planned_tss=endurance.planned_tss, planned_tss_locked=True)
        endurance = priced(new, thresholds)
        content = replace(content, kind=rules.library_kind(new.sport))
    if tss is not None and endurance is not None:
        endurance = replace(endurance, planned_tss=tss, planned_tss_locked=True)
    content = replace(content, endurance=endurance)
    if "workout_type" in mask and values.workout_type:
        row = replace(row, workout_type=values.workout_type)
    workout = replace(workout, content=content)
    order: int | None = None
    if "scheduled_date" in mask and values.day is not None and values.day != entry.day:
        workout = dated(workout, values.day)
        order = values.order if "order" in mask and values.order is not None else 0
    elif "order" in mask and values.order is not None:
        order = values.order
    return Entry(workout, row), order


def reschedule_workouts(m: Mutation, message: c.RescheduleWorkouts) -> PlanWrite:
    problems = Violations()
    rules.check_batch(problems, "moves", message.moves)
    days = [
        read_day(problems, f"moves[{i}].scheduledDate", move.scheduled_date)
        for i, move in enumerate(message.moves)
    ]
    for index, move in enumerate(message.moves):
        read_int(problems, f"moves[{index}].order", move.order, 0, 99, "position")
    _done(problems)
    goal_id, _ = entries_of_one_goal(m.conn, m.account_id, [mv.workout_id for mv in message.moves], "moves")
    write = m.goal(goal_id)
    for move, day in zip(message.moves, days, strict=True):
        assert day is not None
        entry = write.after.entries[move.workout_id]
        write.put(replace(entry, workout=dated(entry.workout, day)), order=move.order)
    return write


def shift_plan_dates(m: Mutation, message: c.ShiftPlanDates) -> PlanWrite:
    problems = Violations()
    if message.delta_days == 0:
        problems.add("deltaDays", "must not be 0: the days to move by, -365 to 365")
    else:
        read_int(problems, "deltaDays", message.delta_days, -MAX_DELTA_DAYS, MAX_DELTA_DAYS, "days")
    window = window_of(problems, message.from_day, message.to_day)
    _done(problems)
    write = m.goal(message.goal_id)
    for workout_id in matching(write.after, window):
        entry = write.after.entries[workout_id]
        write.put(shifted(entry, message.delta_days), order=entry.row.order)
    return write


def swap_workouts(m: Mutation, message: c.SwapWorkouts) -> PlanWrite:
    first, second = message.first_workout_id, message.second_workout_id
    if not first or not second or first == second:
        raise InvalidArgument.for_field(
            "secondWorkoutId", "must name a second, different workout to swap with"
        )
    goal_id, _ = entries_of_one_goal(m.conn, m.account_id, [first, second], "secondWorkoutId")
    write = m.goal(goal_id)
    a, b = write.after.entries[first], write.after.entries[second]
    write.put(replace(a, workout=dated(a.workout, b.day)), order=b.row.order)
    write.put(replace(b, workout=dated(b.workout, a.day)), order=a.row.order)
    return write


def delete_workouts(m: Mutation, message: c.DeleteWorkouts) -> PlanWrite:
    problems = Violations()
    if message.workout_ids and (message.goal_id or message.filter is not None):
        problems.add("workoutIds", "send workoutIds, or goalId with filter, not both")
    elif not message.workout_ids and message.filter is None:
        problems.add(
            "workoutIds", "is required (1-200 IDs), or send a filter (with goalId, or the active goal)"
        )
    elif message.workout_ids:
        rules.check_batch(problems, "workoutIds", message.workout_ids)
    window = checked_filter(problems, "filter", message.filter or DayFilter())
    _done(problems)
    if message.workout_ids:
        goal_id, _ = entries_of_one_goal(m.conn, m.account_id, list(message.workout_ids), "workoutIds")
        write = m.goal(goal_id)
        ids = list(dict.fromkeys(message.workout_ids))
    else:
        write = m.goal(message.goal_id)
        ids = matching(write.after, window)
    for workout_id in ids:
        write.remove(workout_id)
    return write


def mark_workouts(m: Mutation, message: c.MarkWorkouts) -> PlanWrite:
    problems = Violations()
    rules.check_batch(problems, "statuses", message.statuses)
    for index, status in enumerate(message.statuses):
        if len(status.linked_activity_id) > 64:
            problems.add(f"statuses[{index}].linkedActivityId", "must be at most 64 characters")
    _done(problems)
    goal_id, _ = entries_of_one_goal(
        m.conn, m.account_id, [s.workout_id for s in message.statuses], "statuses"
    )
    write = m.goal(goal_id)
    for status in message.statuses:
        entry = write.after.entries[status.workout_id]
        row = replace(
            entry.row,
            completed=status.completed,
            linked_activity_id=status.linked_activity_id,
            completed_at=(entry.row.completed_at or m.ctx.now) if status.completed else None,
        )
        write.put(replace(entry, row=row))
    return write


def restore_snapshot(m: Mutation, message: c.RestoreSnapshot) -> PlanWrite:
    if message.snapshot_id:
        found = store.get_snapshot(m.conn, m.account_id, message.snapshot_id)
        if found is None:
            raise NotFound(
                f"snapshot {message.snapshot_id} does not exist for this account",
                reason="SNAPSHOT_NOT_FOUND",
            )
        write = m.goal(found.goal_id)
    else:
        write = m.goal(message.goal_id)
        found = store.latest_undo_snapshot(m.conn, m.account_id, write.before.plan.id)
        if found is None:
            raise NotFound(
                f"goal {write.before.plan.id} has no snapshot to restore", reason="SNAPSHOT_NOT_FOUND"
            )
    m.outcome.restored_snapshot_id = found.snapshot_id
    _restore(write, read_snapshot(found.content, m.forms))
    return write


def read_snapshot(stored: bytes, forms: PlanForms) -> SnapshotContent:
    """A snapshot's content: domain JSON, or the message stored before decision 0102."""
    return snapshot_from_json(stored) if is_json_snapshot(stored) else forms.legacy_snapshot(stored)


def _restore(write: PlanWrite, content: SnapshotContent) -> None:
    after = write.after
    saved = content.fields
    after.plan = replace(after.plan, name=content.name, notes=content.notes)
    after.fields = replace(
        after.fields,
        creation_mode=saved.creation_mode,
        coaching_summaries=saved.coaching_summaries,
        **{name: getattr(saved, name) for name in rules.GOAL_MASK_FIELDS if name not in ("name", "notes")},
    )
    kept = {w.workout_id for w in content.workouts}
    for workout_id in list(after.entries):
        if workout_id not in kept:
            write.remove(workout_id)
    for saved_workout in content.workouts:
        _restore_workout(write, saved_workout)


def _restore_workout(write: PlanWrite, saved: SnapshotWorkout) -> None:
    endurance = saved.endurance
    assert endurance is not None, (
        f"plan workout {saved.workout_id} was snapshotted without its endurance part"
    )
    current = write.after.entries.get(saved.workout_id)
    if current is None:
        values = rules.DraftValues(
            saved.name, saved.notes, saved.day, saved.order, saved.workout_type, endurance
        )
        entry = write.add(values, endurance, workout_id=saved.workout_id)
        write.recreated_versions[saved.workout_id] = saved.version
    else:
        content = replace(
            current.workout.content,
            name=saved.name,
            notes=saved.notes,
            endurance=endurance,
            kind=rules.library_kind(endurance.sport),
        )
        entry = Entry(dated(replace(current.workout, content=content), saved.day), current.row)
        write.put(entry, order=saved.order)
    row = replace(
        entry.row,
        workout_type=saved.workout_type,
        completed=saved.completed,
        linked_activity_id=saved.linked_activity_id,
        completed_at=saved.completed_at,
    )
    write.after.entries[saved.workout_id] = replace(entry, row=row)


def recalibrate(m: Mutation, message: c.Recalibrate) -> PlanWrite:
    """Every workout from today on priced again at the new thresholds, its zone-named paces
    re-resolved; in a generated plan, Kinetic's own notes and race target follow them (issue 30,
    ``generated_notes``)."""
    write = m.goal(message.goal_id)
    event = generated_notes.generated_event(write.after.fields)
    if event is not None:
        plan = write.after.plan
        notes = generated_notes.recalibrated_goal_notes(plan.notes, m.thresholds.vdot)
        write.after.plan = replace(plan, notes=notes)
    for entry in write.after.sorted_entries():
        content = entry.workout.content
        endurance = content.endurance
        if entry.day < m.ctx.today or endurance is None:
            continue
        kind = entry.row.workout_type
        own = event is not None and generated_notes.is_kinetic_own(content.notes, kind, endurance, event)
        if own:
            assert event is not None
            endurance = generated_notes.with_race_target(endurance, kind, event, m.thresholds.vdot)
            again = generated_notes.rendered(kind, with_resolved_paces(endurance, m.thresholds.vdot), event)
            assert again is not None, "a workout whose notes were rendered renders again"
            notes, endurance = again
            content = replace(content, notes=notes)
        repriced = priced(endurance, m.thresholds, keep_locked=message.preserve_locked_tss)
        content = replace(content, endurance=repriced)
        write.put(replace(entry, workout=replace(entry.workout, content=content)))
    return write


def save_coaching_summary(m: Mutation, message: c.SaveCoachingSummary) -> PlanWrite:
    problems = Violations()
    week = read_day(problems, "weekStart", message.week_start)
    rules.check_summary(problems, "text", message.text)
    _done(problems)
    write = m.goal(message.goal_id)
    assert week is not None
    summaries = [s for s in write.after.fields.coaching_summaries if s.week_start != week.isoformat()]
    if message.text:
        summaries.append(
            CoachingSummary(week_start=week.isoformat(), text=message.text, updated_at=m.ctx.now)
        )
    ordered = tuple(sorted(summaries, key=lambda s: s.week_start))
    write.after.fields = replace(write.after.fields, coaching_summaries=ordered)
    return write


Handler = Callable[[Mutation, Any], PlanWrite]
HANDLERS: dict[str, Handler] = {
    "create_goal": create_goal,
    "update_goal": update_goal,
    "set_active_goal": set_active_goal,
    "delete_goal": delete_goal,
    "import_workouts": import_workouts,
    "modify_workouts": modify_workouts,
    "reschedule_workouts": reschedule_workouts,
    "shift_plan_dates": shift_plan_dates,
    "swap_workouts": swap_workouts,
    "delete_workouts": delete_workouts,
    "mark_workouts": mark_workouts,
    "restore_snapshot": restore_snapshot,
    "recalibrate": recalibrate,
    "save_coaching_summary": save_coaching_summary,
}
