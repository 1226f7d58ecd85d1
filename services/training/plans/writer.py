"""A plan write as a unit of work: mutations change a goal's state in memory, ``flush`` stores the
difference through the library (versions, feed entries) and the plan tables.

Kept in memory first so a batch is checked whole before anything is written, orders within a day
are arranged once, and a restore is "make the state equal to the snapshot's"
(docs/decisions/0062-endurance-plans.md).
"""

from __future__ import annotations

import uuid
from dataclasses import dataclass, field, replace
from datetime import date, timedelta
from functools import lru_cache

from kinetic.errors import Conflict
from services.training.adapters import library_change_log as change_log
from services.training.adapters import library_repository as repo
from services.training.adapters.library_change_log import ChangeEntry
from services.training.domain import occurrences
from services.training.domain.endurance import EnduranceTarget
from services.training.domain.model import (
    OccurrenceOverride,
    Schedule,
    ScheduleSegment,
    Workout,
    WorkoutContent,
)
from services.training.domain.versions import format_version
from services.training.plans import rules, store
from services.training.plans.goal import GoalFields
from services.training.plans.store import PlanRow
from services.training.plans.views import Entry, GoalState
from services.training.service_layer.override_visibility import (
    UncompletedOverrides,
    render,
    visibility_entries,
)
from services.training.service_layer.write_support import WriteContext

_DAILY = Schedule(type="everyNDays", interval_days=1)


def dated(workout: Workout, day: date) -> Workout:
    """``workout`` on a one-day schedule on ``day``: every day from it, active that day only."""
    return replace(
        workout, segments=_daily_segments(day), active_from=day, active_until=day + timedelta(days=1)
    )


@lru_cache(maxsize=512)
def _daily_segments(day: date) -> tuple[ScheduleSegment, ...]:
    """The segments of a workout dated ``day``: frozen values, made once a day for the hundreds
    of workouts a plan write dates (decision 0123)."""
    return occurrences.initial_segments(_DAILY, day)


@dataclass
class PlanWrite:
    """One goal's state before and after a mutation, and where its workouts are placed."""

    ctx: WriteContext
    before: GoalState
    after: GoalState
    new_goal: bool = False
    # Workout ID -> the order asked for on its (new) day; 0: after the day's last.
    placed: dict[str, int] = field(default_factory=dict)
    # Restored workouts re-created with their IDs: the version they had, so theirs moves on from it.
    recreated_versions: dict[str, str] = field(default_factory=dict)

    @classmethod
    def of(cls, ctx: WriteContext, state: GoalState, *, new_goal: bool = False) -> PlanWrite:
        copy = GoalState(plan=state.plan, fields=state.fields, entries=dict(state.entries))
        return cls(ctx=ctx, before=state, after=copy, new_goal=new_goal)

    # --- in-memory changes -----------------------------------------------------------------------

    def add(
        self,
        values: rules.DraftValues,
        endurance: EnduranceTarget,
        workout_id: str | None = None,
    ) -> Entry:
        """A new workout of the goal (``values`` complete), placed at ``values.order``."""
        assert values.name is not None and values.day is not None and values.workout_type is not None
        content = WorkoutContent(
            name=values.name,
            kind=rules.library_kind(endurance.sport),
            notes=values.notes or "",
            exercises=(),
            endurance=endurance,
        )
        # ``dated`` on ``values.day``, made dated at once (decision 0123).
        workout = Workout(
            id=workout_id or str(uuid.uuid4()),
            version=format_version(1, self.ctx.device_id),
            content=content,
            segments=_daily_segments(values.day),
            plan_id=self.after.plan.id,
            active_from=values.day,
            active_until=values.day + timedelta(days=1),
        )
        row = PlanRow(workout.id, self.after.plan.id, values.order or 0, values.workout_type)
        entry = Entry(workout, row)
        self.after.entries[workout.id] = entry
        self.placed[workout.id] = values.order or 0
        return entry

    def put(self, entry: Entry, *, order: int | None = None) -> None:
        """Replace a workout of the goal; ``order`` (not None) places it anew on its day."""
        self.after.entries[entry.workout.id] = entry
        if order is not None:
            self.placed[entry.workout.id] = order

    def remove(self, workout_id: str) -> None:
        """Delete a workout of the goal."""
        self.after.entries.pop(workout_id, None)
        self.placed.pop(workout_id, None)

    def arrange(self) -> None:
        """Number the workouts of every day this write touched 1..n (placed ones where asked)."""
        days = {self.after.entries[i].day for i in self.placed if i in self.after.entries}
        for workout_id, entry in self.before.entries.items():
            moved = self.after.entries.get(workout_id)
            if moved is None or moved.day != entry.day:
                days.add(entry.day)
        # Grouped by day once (a plan of 200 workouts on 200 days is not 200 scans of 200), each
        # day's workouts in the order the scans took them: staying ones as the goal holds them,
        # placed ones as they were placed (``rules.arrange_day`` keeps that order).
        staying: dict[date, list[tuple[str, int]]] = {day: [] for day in days}
        for entry in self.after.entries.values():
            if entry.day in staying and entry.workout.id not in self.placed:
                staying[entry.day].append((entry.workout.id, entry.row.order))
        placed: dict[date, dict[str, int]] = {day: {} for day in days}
        for workout_id, order in self.placed.items():
            if workout_id in self.after.entries:
                placed[self.after.entries[workout_id].day][workout_id] = order
        for day in days:
            for workout_id, order in rules.arrange_day(staying[day], placed[day]).items():
                entry = self.after.entries[workout_id]
                if entry.row.order != order:
                    self.after.entries[workout_id] = replace(entry, row=replace(entry.row, order=order))

    # --- storing ---------------------------------------------------------------------------------

    def created_ids(self) -> list[str]:
        return [i for i in self.after.entries if i not in self.before.entries]

    def deleted_ids(self) -> list[str]:
        return [i for i in self.before.entries if i not in self.after.entries]

    def changed_ids(self) -> list[str]:
        return [
            i
            for i, e in self.after.entries.items()
            if i in self.before.entries and self.before.entries[i] != e
        ]

    def flush(self) -> list[ChangeEntry]:
        """Store the difference; returns the feed entries that follow the saved records' (deletions,
        lapsed and completed occurrences)."""
        self.arrange()
        ctx = self.ctx
        extra: list[ChangeEntry] = []
        goal_changed = self.after.plan != self.before.plan or _fields_changed(
            self.before.fields, self.after.fields
        )
        if self.new_goal:
            ctx.save_plan(self.after.plan, new=True)
            store.insert_goal(ctx.conn, ctx.account_id, self.after.fields, ctx.now)
        elif goal_changed:
            ctx.save_plan(self.after.plan)
            store.save_goal(ctx.conn, ctx.account_id, self.after.fields, ctx.now)
        deleted = [self.before.entries[i].workout for i in self.deleted_ids()]
        if deleted:
            overrides = UncompletedOverrides.load(ctx.conn, ctx.account_id, deleted)
            repo.delete_workouts(ctx.conn, ctx.account_id, [w.id for w in deleted])
            store.delete_rows(ctx.conn, ctx.account_id, [w.id for w in deleted])
            for workout in deleted:
                extra.append(change_log.deletion_entry(change_log.WORKOUT_DELETED, workout.id))
                extra += visibility_entries(overrides.shown([workout]), {})
        created = [self.after.entries[i] for i in self.created_ids()]
        extra += self._store_created(created)
        changed_rows: list[PlanRow] = []
        for workout_id in self.changed_ids():
            old, new = self.before.entries[workout_id], self.after.entries[workout_id]
            if old.day != new.day:
                overrides = UncompletedOverrides.load(ctx.conn, ctx.account_id, [old.workout])
                extra += visibility_entries(overrides.shown([old.workout]), overrides.shown([new.workout]))
            ctx.save_workout(new.workout)
            changed_rows.append(new.row)
            if old.row.completed != new.row.completed or (new.row.completed and old.day != new.day):
                extra += self._completion(new)
        store.put_rows(ctx.conn, ctx.account_id, changed_rows)
        return extra

    def _store_created(self, created: list[Entry]) -> list[ChangeEntry]:
        """New (or re-created) workouts and their rows, a few statements for the whole batch."""
        ctx = self.ctx
        # Only a restore re-creates workouts with IDs of its own (their old ones), which may exist
        # again by now; every other new workout has a fresh random ID, so nothing is read for it.
        ids = [entry.workout.id for entry in created if entry.workout.id in self.recreated_versions]
        clash = repo.workout_ids_among(ctx.conn, ctx.account_id, ids) | store.row_ids_among(
            ctx.conn, ctx.account_id, ids
        )
        if clash:
            raise Conflict(
                f"workout {min(clash)} exists again outside this plan; it cannot be re-created",
                reason="WORKOUT_EXISTS",
            )
        ctx.save_new_workouts([entry.workout for entry in created])
        for entry in created:
            if entry.workout.id in self.recreated_versions:
                version = self.recreated_versions[entry.workout.id]
                repo.save_workout(
                    ctx.conn, ctx.account_id, replace(entry.workout, version=version), ctx.device_id, ctx.now
                )
                ctx.stored_again(entry.workout.id)
        # New workouts have no row: fresh IDs, or re-created ones just found clear (decision 0123).
        store.insert_rows(ctx.conn, ctx.account_id, [entry.row for entry in created])
        extra: list[ChangeEntry] = []
        for entry in created:
            if entry.row.completed:
                extra += self._completion(entry)
        return extra

    def _completion(self, entry: Entry) -> list[ChangeEntry]:
        """The occurrence of the workout's day marked completed or scheduled, as calendars show it."""
        ctx = self.ctx
        day = entry.day
        current = repo.get_override(ctx.conn, ctx.account_id, entry.workout.id, day)
        override = replace(
            current or OccurrenceOverride(workout_id=entry.workout.id, original_day=day),
            status="completed" if entry.row.completed else "scheduled",
            completed_at=(entry.row.completed_at or ctx.now) if entry.row.completed else None,
        )
        repo.put_override(ctx.conn, ctx.account_id, override, entry.workout.content.name)
        found = occurrences.find_occurrence(entry.workout, [override], day)
        if found is None:
            return []
        return [change_log.occurrence_entry(render(entry.workout, found, {}))]


def _fields_changed(before: GoalFields, after: GoalFields) -> bool:
    # Which goal is active is the account's choice, stored apart (store.set_active).
    return replace(before, is_active=False) != replace(after, is_active=False)
