"""Which planned sessions count: the active endurance plan and the athlete's own workouts, never
two plans or a plan and a routine stacked on the same days (decisions 0112 and 0115).

Pure: the occurrences of a window, the workouts they belong to, which endurance goals are
inactive and the span of the active one in; the occurrences that count out. Training's calendar
(``ListOccurrences``: Metric's calendar, Primed's upcoming training and daily decision) applies it
to every window it expands.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Set
from dataclasses import dataclass
from datetime import date

from services.training.domain.model import Occurrence, Workout

# What was done stays whatever plan it belonged to: it happened.
_HAPPENED = frozenset({"active", "completed"})


@dataclass(frozen=True)
class ActivePlan:
    """The active endurance goal and the days from its first session to its last (both included)."""

    goal_id: str
    first_day: date
    last_day: date

    def covers(self, day: date) -> bool:
        return self.first_day <= day <= self.last_day


def is_routine(workout: Workout) -> bool:
    """A recurring endurance workout of the athlete's own: a weekly run or ride, not a session
    they put on one day (a one-day active range) and not a strength or gym workout."""
    if workout.content.endurance is None:
        return False
    if not any(segment.schedule is not None for segment in workout.segments):
        return False
    one_day = (
        workout.active_from is not None
        and workout.active_until is not None
        and (workout.active_until - workout.active_from).days <= 1
    )
    return not one_day


def counting(
    found: Iterable[Occurrence],
    workouts: Mapping[str, Workout],
    inactive_goals: Set[str],
    active: ActivePlan | None,
) -> list[Occurrence]:
    """``found`` without what does not count (decision 0115), in its order:

    - a pending session of an endurance goal other than the active one (archived, or kept beside
      it, 0112);
    - within the active plan's span, a pending session of the athlete's endurance routine as it
      falls (status ``scheduled``): the plan is the athlete's endurance training then, its rest
      days included. A session the athlete moved onto a day or replaced there is their choice
      for that day and stays, as do their one-day sessions and their strength workouts.
    """
    kept = []
    for occurrence in found:
        workout = workouts.get(occurrence.workout_id)
        if workout is None or occurrence.status in _HAPPENED:
            kept.append(occurrence)
            continue
        if workout.plan_id is not None and workout.plan_id in inactive_goals:
            continue
        superseded = (
            active is not None
            and workout.plan_id != active.goal_id
            and occurrence.status == "scheduled"
            and active.covers(occurrence.day)
            and is_routine(workout)
        )
        if not superseded:
            kept.append(occurrence)
    return kept
