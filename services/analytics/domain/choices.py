"""Workout choices: what the person did with each Training workout, against what was planned.

From facts only (docs/decisions/0024-insights-from-training.md): occurrences the library's feed
described (completed, moved, replaced) and sessions the sessions feed described. An occurrence
nobody touched never reaches the feed, so "skipped" is not claimed; schedules are not expanded.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from datetime import datetime

from services.analytics.domain.training_facts import OccurrenceFact, PlanFact, WorkoutFact

MAX_CHOICES = 20


@dataclass(frozen=True)
class SessionSourceFact:
    """A counted (not cancelled) session: where it came from, when, and how it ended."""

    session_id: str
    started_at: datetime
    status: str
    source: str  # freestyle, plan_day, occurrence ("" for a session known only from its sets)
    workout_id: str  # the occurrence's workout, "" otherwise
    original_day: str  # the occurrence's original day, "" otherwise
    ended_at: datetime | None


# (workout ID, original day as YYYY-MM-DD) -> the workout that replaced that occurrence
Replacements = Mapping[tuple[str, str], str]


def performed_workout(session: SessionSourceFact, replacements: Replacements) -> str | None:
    """The Training workout a session performed: the replacement when its occurrence was replaced,
    else the occurrence's own workout; None for freestyle and plan-day sessions."""
    if session.source != "occurrence" or not session.workout_id:
        return None
    return replacements.get((session.workout_id, session.original_day), session.workout_id)


@dataclass
class WorkoutChoice:
    """One workout's occurrences and sessions in the window."""

    workout: WorkoutFact
    plan_name: str
    completed: int = 0
    moved: int = 0
    replaced: int = 0
    replaced_by: Counter[str] = field(default_factory=Counter)
    replaced_others: int = 0
    sessions: int = 0
    sessions_completed: int = 0

    @property
    def active(self) -> bool:
        """Anything at all happened to the workout in the window."""
        return bool(self.completed or self.moved or self.replaced or self.replaced_others or self.sessions)


@dataclass(frozen=True)
class SessionSources:
    """The window's counted sessions by source."""

    training_workout: int
    removed_workout: int
    freestyle: int
    plan_day: int


def workout_choices(
    workouts: Mapping[str, WorkoutFact],
    plans: Mapping[str, PlanFact],
    occurrences: Iterable[OccurrenceFact],
    sessions: Iterable[SessionSourceFact],
    replacements: Replacements,
) -> tuple[list[WorkoutChoice], SessionSources]:
    """Per workout in the library with anything in the window, and the sessions by source.

    ``occurrences`` are those originally scheduled in the window; ``sessions`` those started in it
    (not cancelled). Counts overlap on purpose: a moved occurrence that was then completed is both.
    """
    choices = {
        workout_id: WorkoutChoice(workout, plans[workout.plan_id].name if workout.plan_id in plans else "")
        for workout_id, workout in workouts.items()
    }
    for occurrence in occurrences:
        own = choices.get(occurrence.workout_id)
        if occurrence.replacement_workout_id:
            if own is not None:
                own.replaced += 1
                own.replaced_by[occurrence.replacement_workout_id] += 1
            other = choices.get(occurrence.replacement_workout_id)
            if other is not None:
                other.replaced_others += 1
        elif occurrence.status == "completed" and own is not None:
            own.completed += 1
        if occurrence.moved and own is not None:
            own.moved += 1
    counts = Counter[str]()
    for session in sessions:
        workout_id = performed_workout(session, replacements)
        if workout_id is None:
            counts["plan_day" if session.source == "plan_day" else "freestyle"] += 1
            continue
        choice = choices.get(workout_id)
        if choice is None:
            counts["removed_workout"] += 1
            continue
        counts["training_workout"] += 1
        choice.sessions += 1
        choice.sessions_completed += session.status == "completed"
    active = sorted(
        (c for c in choices.values() if c.active),
        key=lambda c: (-c.sessions, c.workout.name, c.workout.workout_id),
    )
    sources = SessionSources(
        counts["training_workout"], counts["removed_workout"], counts["freestyle"], counts["plan_day"]
    )
    return active[:MAX_CHOICES], sources
