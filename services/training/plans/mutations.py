"""Helpers of the MutatePlan mutations (``handlers``): checking batches, drafts and filters, loading
the workouts a batch names, merging goal fields (docs/decisions/0062-endurance-plans.md). Paths in
errors are relative to the mutation message (``workouts[136].endurance.steps[0].durationSeconds``)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from datetime import date, timedelta

from sqlalchemy import Connection

from kinetic.errors import DomainError, InvalidArgument, NotFound
from knowledge.limits.endurance_plans import MAX_BATCH
from services.training.domain.endurance import EnduranceTarget
from services.training.domain.input_values import Violations, read_choice, read_day
from services.training.domain.model import Plan
from services.training.domain.planned_stress import Thresholds, unresolved_pace_zones
from services.training.domain.versions import format_version
from services.training.plans import rules
from services.training.plans.commands import DayFilter, WorkoutDraft
from services.training.plans.goal import GoalFields
from services.training.plans.rules import DraftValues
from services.training.plans.stress import priced
from services.training.plans.views import Entry, GoalState, load_entries
from services.training.plans.writer import PlanWrite, dated


@dataclass
class Outcome:
    """What a mutation did beyond the goal's content, for the response and the service."""

    created: list[str] = field(default_factory=list)
    activate: bool = False  # make this goal the active one
    deactivated: bool = False  # it was active and is no more: the next one takes over
    delete_goal: bool = False
    restored_snapshot_id: str = ""  # restore_snapshot: the snapshot restored (decision 0078)


def _not_found_workouts(missing: Sequence[str]) -> NotFound:
    return NotFound(
        f"workouts not found in this account's plans: {', '.join(missing)}",
        reason="WORKOUT_NOT_FOUND",
        metadata={"workoutIds": ",".join(missing)},
    )


def entries_of_one_goal(
    conn: Connection, account_id: str, ids: Sequence[str], path: str
) -> tuple[str, dict[str, Entry]]:
    """The plan workouts ``ids`` name (all of them found, all of one goal) and that goal's ID."""
    found = load_entries(conn, account_id, ids)
    missing = [i for i in dict.fromkeys(ids) if i not in found]
    if missing:
        raise _not_found_workouts(missing)
    goals = {e.row.goal_id for e in found.values()}
    if len(goals) > 1:
        raise InvalidArgument.for_field(
            path, "names workouts of several goals; send one goal's workouts per call"
        )
    return goals.pop(), found


def checked_drafts(
    problems: Violations,
    path: str,
    drafts: Sequence[WorkoutDraft],
    low: int,
    thresholds: Thresholds,
    high: int = MAX_BATCH,
) -> list[DraftValues]:
    """Every draft of a batch, checked whole."""
    rules.check_batch(problems, path, drafts, low, high)
    values = [rules.check_draft(problems, f"{path}[{i}]", d) for i, d in enumerate(drafts)]
    for index, value in enumerate(values):
        check_paces(problems, f"{path}[{index}].endurance", value.endurance, thresholds)
    return values


def check_paces(
    problems: Violations, path: str, endurance: EnduranceTarget | None, thresholds: Thresholds
) -> None:
    """A pace target named by its VDOT pace needs the athlete's VDOT (or its seconds) to be planned."""
    if endurance is not None and thresholds.vdot is None and unresolved_pace_zones(endurance):
        problems.add(
            path,
            "names a pace zone (paceZone) without its seconds: send thresholds.vdot so the paces can be "
            "computed, or the pace range in seconds per km",
        )


def add_drafts(
    write: PlanWrite, values: list[DraftValues], thresholds: Thresholds, *, lock: bool = False
) -> list[str]:
    """Add checked drafts to the write, their TSS computed unless locked."""
    created = []
    for value in values:
        assert value.endurance is not None
        endurance = value.endurance
        if lock and endurance.planned_tss is not None:
            endurance = replace(endurance, planned_tss_locked=True)
        created.append(write.add(value, priced(endurance, thresholds)).workout.id)
    return created


def new_goal_state(goal: GoalFields, name: str, notes: str, plan_id: str, device_id: str) -> GoalState:
    """The state of a goal to create from the request's fields, name and notes."""
    fields = replace(
        goal,
        goal_id=plan_id,
        is_active=False,
        coaching_summaries=(),
        status=goal.status or "active",
        creation_mode=goal.creation_mode or "MANUAL",
    )
    plan = Plan(id=plan_id, version=format_version(1, device_id), name=name.strip(), notes=notes)
    return GoalState(plan=plan, fields=fields)


def merge_goal(state: GoalState, goal: GoalFields, name: str, notes: str, mask: Sequence[str]) -> None:
    """Take the masked fields from ``goal`` (name and notes onto the library plan)."""
    for field_name in dict.fromkeys(mask):
        if field_name == "name":
            state.plan = replace(state.plan, name=name.strip())
        elif field_name == "notes":
            state.plan = replace(state.plan, notes=notes)
        else:
            state.fields = replace(state.fields, **{field_name: getattr(goal, field_name)})


def check_merged_dates(problems: Violations, fields: GoalFields) -> None:
    """Race date on or after the start date, once an update is merged."""
    if fields.race_date and fields.plan_start_date and fields.race_date < fields.plan_start_date:
        problems.add(
            "goal.raceDate",
            f"must be on or after planStartDate ({fields.plan_start_date}), not {fields.race_date}",
        )


@dataclass(frozen=True)
class Selection:
    """Which of a goal's workouts a filter or window takes: days in [first, last], these sports."""

    first: date | None = None
    last: date | None = None
    sports: frozenset[str] = frozenset()


def checked_filter(problems: Violations, path: str, message: DayFilter) -> Selection:
    """A filter's window and sports (``path`` empty: fields of the mutation itself)."""
    prefix = f"{path}." if path else ""
    first = read_day(problems, f"{prefix}fromDay", message.from_day) if message.from_day else None
    last = read_day(problems, f"{prefix}toDay", message.to_day) if message.to_day else None
    if first and last and last < first:
        problems.add(f"{prefix}toDay", f"must be on or after fromDay ({first}), not {last}")
    for index, sport in enumerate(message.sports):
        read_choice(problems, f"{prefix}sports[{index}]", sport, rules.TARGET_SPORTS)
    return Selection(first, last, frozenset(message.sports))


def matching(state: GoalState, selection: Selection) -> list[str]:
    """The goal's workouts a selection takes, by date."""
    return [
        e.workout.id
        for e in state.sorted_entries()
        if rules.in_window(e.day, selection.first, selection.last)
        and (not selection.sports or e.sport in selection.sports)
    ]


def goal_archived(goal_id: str) -> DomainError:
    return DomainError(
        f"goal {goal_id} is archived and cannot be the active plan",
        reason="GOAL_ARCHIVED",
    )


def shifted(entry: Entry, days: int) -> Entry:
    return replace(entry, workout=dated(entry.workout, entry.day + timedelta(days=days)))


def window_of(problems: Violations, first: str, last: str) -> Selection:
    """An optional [from, to] window of days."""
    return checked_filter(problems, "", DayFilter(from_day=first, to_day=last))
