"""A goal as loaded for a read or a write (docs/decisions/0062); its messages are ``plans_pb``'s.

A goal is its library plan plus its ``plan_goals`` row; a plan workout is its library workout plus its
``plan_workouts`` row, dated by the workout's ``active_from``. A workout or plan deleted through the
library (Metric) leaves its plan row behind: it is skipped here.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from datetime import date

from sqlalchemy import Connection

from kinetic.errors import NotFound
from services.training.adapters import library_repository as repo
from services.training.domain.model import Plan, Workout
from services.training.plans import store
from services.training.plans.goal import GoalFields
from services.training.plans.store import PlanRow


@dataclass(frozen=True)
class Entry:
    """One plan workout: its library workout and its plan row."""

    workout: Workout
    row: PlanRow

    @property
    def day(self) -> date:
        """The scheduled date (the one-day schedule's first and only day)."""
        assert self.workout.active_from is not None
        return self.workout.active_from

    @property
    def sport(self) -> str:
        endurance = self.workout.content.endurance
        return endurance.sport if endurance else "other"


@dataclass
class GoalState:
    """A goal and all its workouts."""

    plan: Plan
    fields: GoalFields  # the plan_goals row
    entries: dict[str, Entry] = field(default_factory=dict)

    def sorted_entries(self) -> list[Entry]:
        """Workouts by date, then order within the day."""
        return sorted(self.entries.values(), key=lambda e: (e.day, e.row.order, e.workout.id))


# Worded for any caller, with a reason code: each edge profile adds its own hint of what to call
# next (docs/decisions/0076-error-texts-name-the-profile.md).
def resolve_goal_id(conn: Connection, account_id: str, goal_id: str) -> str:
    """``goal_id``, or the active goal's when empty."""
    if goal_id:
        return goal_id
    active = store.active_goal_id(conn, account_id)
    if active is None:
        raise NotFound(
            "there is no active training plan",
            reason="NO_ACTIVE_GOAL",
        )
    return active


def goal_not_found(goal_id: str) -> NotFound:
    return NotFound(
        f"goal {goal_id} does not exist for this account",
        reason="GOAL_NOT_FOUND",
    )


def load_goal(conn: Connection, account_id: str, goal_id: str, *, with_workouts: bool = True) -> GoalState:
    """The goal (NOT_FOUND when it is not this account's), with its workouts."""
    fields = store.get_goal(conn, account_id, goal_id)
    plan = repo.get_plans(conn, account_id, [goal_id]).get(goal_id)
    if fields is None or plan is None:
        raise goal_not_found(goal_id)
    state = GoalState(plan=plan, fields=fields)
    if with_workouts:
        rows = store.goal_rows(conn, account_id, goal_id)
        state.entries = _entries(conn, account_id, rows)
    return state


def load_entries(conn: Connection, account_id: str, workout_ids: Iterable[str]) -> dict[str, Entry]:
    """The account's plan workouts among ``workout_ids``, by ID (missing ones are absent)."""
    rows = store.rows_by_id(conn, account_id, workout_ids)
    return _entries(conn, account_id, list(rows.values()))


def _entries(conn: Connection, account_id: str, rows: list[PlanRow]) -> dict[str, Entry]:
    workouts = repo.get_workouts(conn, account_id, [r.workout_id for r in rows])
    return {r.workout_id: Entry(workouts[r.workout_id], r) for r in rows if r.workout_id in workouts}


@dataclass(frozen=True)
class PlanQuery:
    """GetPlan's question: a goal (empty: the active one) and which of its workouts."""

    account_id: str
    goal_id: str = ""
    from_day: str = ""  # YYYY-MM-DD; empty: no lower bound
    to_day: str = ""
    sport: str = ""  # empty: every sport
    summary_only: bool = False


@dataclass(frozen=True)
class PlanView:
    """GetPlan's answer: the goal, its snapshot count and the workouts asked for."""

    goal: GoalState
    snapshot_count: int
    workouts: tuple[Entry, ...]


@dataclass(frozen=True)
class GoalSummary:
    """One goal of ListGoals, without its workouts."""

    goal: GoalState
    workout_count: int
    snapshot_count: int
