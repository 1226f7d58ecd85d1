"""EndurancePlanService's use cases: the reads, and MutatePlan's one transaction per mutation.

MutatePlan, in order: take the account's library lock, replay a known idempotency key, run the
mutation in memory (every input problem listed at once, nothing written yet), snapshot the goal as it
was, store the difference, move the active goal, advance the source sequence, append the feed
entries, store the response under the key. Any error rolls all of it back
(docs/decisions/0062-endurance-plans.md).
"""

from __future__ import annotations

import uuid
from collections.abc import Callable
from dataclasses import replace

from sqlalchemy import Connection, Engine

from kinetic.errors import Conflict, InvalidArgument
from services.training.adapters import library_change_log as change_log
from services.training.adapters import library_repository as repo
from services.training.domain import calendar
from services.training.domain.input_values import Violations, read_choice, read_day
from services.training.domain.model import Plan, Workout
from services.training.domain.versions import check_device_id, check_idempotency_key
from services.training.plans import rules, store
from services.training.plans.answers import MutateAnswer, PlanAnswer, PlanForms, PlanLoad
from services.training.plans.commands import MutateCommand
from services.training.plans.goal import SnapshotContent, SnapshotWorkout
from services.training.plans.goal_json import snapshot_to_json
from services.training.plans.handlers import HANDLERS, Mutation
from services.training.plans.mutations import Outcome
from services.training.plans.store import Snapshot
from services.training.plans.views import (
    Entry,
    GoalState,
    GoalSummary,
    PlanQuery,
    PlanView,
    load_goal,
    resolve_goal_id,
)
from services.training.plans.writer import PlanWrite
from services.training.service_layer.answers import Replayed, StoredForms
from services.training.service_layer.training_library import Clock, ensure_library, require_account, utc_now
from services.training.service_layer.write_support import WriteContext, replay

OPERATION = "plan"
# A change is committed only with at least this long left before the caller stops waiting: the
# commit and the answer's trip back take milliseconds, so a caller that gets no answer in time
# (and tells its user the change failed) finds nothing stored
# (docs/decisions/0072-stored-writes-answer-as-stored.md).
COMMIT_MARGIN_SECONDS = 0.5


def always_in_time() -> float | None:
    """No deadline: the caller waits as long as the change takes."""
    return None


class TooLateToStore(Conflict):
    """The caller would stop waiting before this change could be stored and answered: nothing was
    stored (another change of the account, queued first, took the time)."""

    default_reason = "TOO_LATE_TO_STORE"

    @classmethod
    def now(cls) -> TooLateToStore:
        return cls(
            "the change could not be stored before the caller's deadline (other changes of this "
            "account came first); nothing was stored: send it again"
        )


def check_time_left(seconds_left: Callable[[], float | None]) -> None:
    """Refuse to go on when the caller waits less than ``COMMIT_MARGIN_SECONDS`` more."""
    left = seconds_left()
    if left is not None and left < COMMIT_MARGIN_SECONDS:
        raise TooLateToStore.now()


class EndurancePlans:
    """Goals, plan workouts and snapshots of every account."""

    def __init__(
        self, engine: Engine, forms: StoredForms, plan_forms: PlanForms, clock: Clock = utc_now
    ) -> None:
        self._engine = engine
        self._forms = forms
        self._plan_forms = plan_forms
        self._clock = clock

    # --- reads -----------------------------------------------------------------------------------

    def get_plan(self, query: PlanQuery) -> PlanView:
        account_id = require_account(query.account_id)
        problems = Violations()
        first = read_day(problems, "fromDay", query.from_day) if query.from_day else None
        last = read_day(problems, "toDay", query.to_day) if query.to_day else None
        if query.sport:
            read_choice(problems, "sport", query.sport, rules.TARGET_SPORTS)
        problems.raise_if_any()
        with self._engine.connect() as conn:
            goal_id = resolve_goal_id(conn, account_id, query.goal_id)
            state = load_goal(conn, account_id, goal_id)
            counts = store.snapshot_counts(conn, account_id)
        workouts = (
            ()
            if query.summary_only
            else tuple(
                e
                for e in state.sorted_entries()
                if rules.in_window(e.day, first, last) and (not query.sport or e.sport == query.sport)
            )
        )
        return PlanView(goal=state, snapshot_count=counts.get(goal_id, 0), workouts=workouts)

    def list_goals(self, account_id: str, status: str = "") -> list[GoalSummary]:
        account_id = require_account(account_id)
        if status and status not in rules.STATUSES:
            raise InvalidArgument.for_field("status", f"must be one of {', '.join(rules.STATUSES)} or empty")
        with self._engine.connect() as conn:
            goals = store.list_goals(conn, account_id, status)
            plans = repo.get_plans(conn, account_id, [g.goal_id for g in goals])
            workouts = store.workout_counts(conn, account_id)
            snapshots = store.snapshot_counts(conn, account_id)
        return [
            GoalSummary(
                GoalState(plan=plans[g.goal_id], fields=g),
                workout_count=workouts.get(g.goal_id, 0),
                snapshot_count=snapshots.get(g.goal_id, 0),
            )
            for g in goals
            if g.goal_id in plans
        ]

    def list_snapshots(self, account_id: str, goal_id: str = "") -> list[Snapshot]:
        """A goal's snapshots (empty ID: the active goal's), newest first, without their content."""
        account_id = require_account(account_id)
        with self._engine.connect() as conn:
            goal_id = resolve_goal_id(conn, account_id, goal_id)
            load_goal(conn, account_id, goal_id, with_workouts=False)
            return store.list_snapshots(conn, account_id, goal_id)

    # --- MutatePlan ------------------------------------------------------------------------------

    def mutate(
        self,
        command: MutateCommand,
        seconds_left: Callable[[], float | None] = always_in_time,
    ) -> PlanAnswer:
        """One mutation, committed only while its caller still waits for the answer
        (``seconds_left``: the caller's remaining deadline, None without one). The answer is kept
        as its message's bytes (``PlanForms``) and a retry answers those (decisions 0102, 0113)."""
        account_id = require_account(command.account_id)
        zone = calendar.check_time_zone(command.time_zone or "UTC", "timeZone")
        if command.idempotency_key:
            check_idempotency_key(command.idempotency_key)
        device = check_device_id(command.device_id)
        kind, asked = command.kind, command.mutation
        if kind is None or asked is None:
            raise InvalidArgument.for_field("mutation", f"is required: one of {', '.join(HANDLERS)}")
        now = self._clock()
        ensure_library(self._engine, account_id, now)
        body = command.request_hash
        with self._engine.begin() as conn:
            state = repo.lock_library(conn, account_id)
            assert state is not None
            key = command.idempotency_key
            stored = repo.find_request(conn, account_id, key) if key else None
            if stored is not None:
                return Replayed(replay(stored, OPERATION, body))
            check_time_left(seconds_left)
            ctx = WriteContext(
                conn=conn,
                account_id=account_id,
                device_id=device,
                state=state,
                today=calendar.local_today(zone, now),
                now=now,
                expected_versions={},
                forms=self._forms,
            )
            mutation = Mutation(ctx, command.thresholds, Outcome(), self._plan_forms)
            write = HANDLERS[kind](mutation, asked)
            answer = _apply(mutation, write, kind)
            state = repo.advance_sequence(conn, account_id, state)
            ctx.state = state
            if key:
                stored_answer = self._plan_forms.mutate_answer(answer)
                repo.save_request(conn, account_id, key, OPERATION, body, stored_answer, now)
            # Last, inside the transaction: a caller that gave up by now gets nothing stored.
            check_time_left(seconds_left)
        return answer


def _apply(m: Mutation, write: PlanWrite, kind: str) -> MutateAnswer:
    """Snapshot, store, activate and append the feed; the answer."""
    ctx, outcome = m.ctx, m.outcome
    goal_id = write.after.plan.id
    snapshot_id = pre_restore_snapshot_id = ""
    if not write.new_goal and not outcome.delete_goal:
        operation = "pre_restore" if kind == "restore_snapshot" else kind
        snapshot_id = take_snapshot(ctx.conn, ctx.account_id, write.before, operation, ctx)
        if kind == "restore_snapshot":
            pre_restore_snapshot_id = snapshot_id
    extra = write.flush()
    if outcome.delete_goal:
        repo.delete_plan(ctx.conn, ctx.account_id, goal_id)
        store.delete_goal(ctx.conn, ctx.account_id, goal_id)
        extra.append(change_log.deletion_entry(change_log.PLAN_DELETED, goal_id))
    active, active_goal_id = _move_active(ctx.conn, ctx.account_id, goal_id, outcome)
    names: dict[str, str] = {}
    workouts = ctx.stored_workouts()
    plans = ctx.stored_plans()
    entries = ctx.change_entries(workouts, plans, names)
    change_log.append(ctx.conn, ctx.account_id, ctx.state.epoch, entries + extra, ctx.now, ctx.forms.record)
    answer = MutateAnswer(
        snapshot_id=snapshot_id,
        pre_restore_snapshot_id=pre_restore_snapshot_id,
        active_goal_id=active_goal_id,
        restored_snapshot_id=outcome.restored_snapshot_id,
        created_workout_ids=tuple(outcome.created),
        deleted_workout_ids=tuple(write.deleted_ids()),
    )
    if outcome.delete_goal:
        return answer
    after = _as_stored(write, workouts, plans, active)
    snapshots = 0 if write.new_goal else store.snapshot_count(ctx.conn, ctx.account_id, goal_id)
    touched = set(write.created_ids()) | set(write.changed_ids())
    in_order = after.sorted_entries()
    return replace(
        answer,
        goal=after,
        snapshot_count=snapshots,
        workouts=tuple(e for e in in_order if e.workout.id in touched),
        plan_loads=tuple(PlanLoad.of(e) for e in in_order if e.day >= ctx.today),
    )


def _as_stored(write: PlanWrite, workouts: list[Workout], plans: list[Plan], active: str | None) -> GoalState:
    """The goal as the write left it, without reading it back (decision 0109): the state it
    stored, with the versions and times of the records it saved as stored, and the active goal as
    ``_move_active`` left it."""
    saved = {workout.id: workout for workout in workouts}
    plan = next((p for p in plans if p.id == write.after.plan.id), write.after.plan)
    return GoalState(
        plan=plan,
        fields=replace(write.after.fields, is_active=active == plan.id),
        entries={
            workout_id: replace(entry, workout=saved[workout_id]) if workout_id in saved else entry
            for workout_id, entry in write.after.entries.items()
        },
    )


def _move_active(conn: Connection, account_id: str, goal_id: str, outcome: Outcome) -> tuple[str | None, str]:
    """Activate or deactivate the goal as the mutation asked; the account's active goal after it,
    and the active goal the answer names (empty: none, or unchanged)."""
    if outcome.activate:
        # The goal is then the only active one and the answer names it: nothing to read.
        store.set_active(conn, account_id, goal_id)
        return goal_id, goal_id
    before = store.active_goal_id(conn, account_id)
    if outcome.deactivated:
        store.set_active(conn, account_id, store.next_active_candidate(conn, account_id, goal_id))
    after = store.active_goal_id(conn, account_id)
    return after, (after or "") if after != before or outcome.deactivated else ""


def take_snapshot(
    conn: Connection, account_id: str, state: GoalState, operation: str, ctx: WriteContext
) -> str:
    """Store the goal and all its workouts as they are; returns the snapshot's ID."""
    content = SnapshotContent(
        name=state.plan.name,
        notes=state.plan.notes,
        fields=state.fields,
        workouts=tuple(_snapshot_workout(e) for e in state.sorted_entries()),
    )
    snapshot = Snapshot(
        snapshot_id=_new_id(),
        goal_id=state.plan.id,
        operation=operation,
        description=f"before {operation.replace('_', ' ')} of {state.plan.name}"
        if operation != "pre_restore"
        else f"what {state.plan.name} held before a restore",
        workout_count=len(state.entries),
        created_at=ctx.now,
        content=snapshot_to_json(content),
    )
    store.insert_snapshot(conn, account_id, snapshot)
    return snapshot.snapshot_id


def _snapshot_workout(entry: Entry) -> SnapshotWorkout:
    workout = entry.workout
    return SnapshotWorkout(
        workout_id=workout.id,
        version=workout.version,
        name=workout.content.name,
        notes=workout.content.notes,
        day=entry.day,
        order=entry.row.order,
        workout_type=entry.row.workout_type,
        completed=entry.row.completed,
        linked_activity_id=entry.row.linked_activity_id,
        completed_at=entry.row.completed_at,
        endurance=workout.content.endurance,
    )


def _new_id() -> str:
    return str(uuid.uuid4())
