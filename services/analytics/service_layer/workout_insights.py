"""The insights that join the Training library to the logged sessions: workout choices and
comparable sessions (docs/decisions/0024-insights-from-training.md).

Read inside the account's lock right after catching up with both feeds, on one connection, so they
reflect exactly the sequences the answer reports.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date, datetime

from sqlalchemy import Connection

from services.analytics.adapters import session_reads, training_store
from services.analytics.domain import comparable as compare
from services.analytics.domain.choices import (
    Replacements,
    SessionSourceFact,
    SessionSources,
    WorkoutChoice,
    performed_workout,
    workout_choices,
)
from services.analytics.domain.training_facts import PlanFact, WorkoutFact


@dataclass(frozen=True)
class WorkoutInsights:
    """Choices, sources and comparable sessions of a window, and the library they were read with."""

    choices: list[WorkoutChoice]
    sources: SessionSources
    comparable: list[compare.ComparableWorkout]
    workouts: dict[str, WorkoutFact]
    plans: dict[str, PlanFact]
    links: dict[str, str]  # logged exercise ID -> the catalog exercise it maps to

    def matches(self, logged_exercise_id: str, movement_exercise_id: str) -> bool:
        """A logged exercise is a movement's exercise itself or maps to it."""
        return (
            logged_exercise_id == movement_exercise_id
            or self.links.get(logged_exercise_id) == movement_exercise_id
        )


def read_workout_insights(
    conn: Connection, account_id: str, start: datetime, end: datetime, first: date, last: date
) -> WorkoutInsights:
    """Sessions started in [start, end) and occurrences originally scheduled ``first``..``last``."""
    workouts = training_store.workouts(conn, account_id)
    plans = training_store.plans(conn, account_id)
    replacements = training_store.replacements(conn, account_id)
    sessions = session_reads.counted_sessions(conn, account_id, start, end)
    occurrences = training_store.occurrences_between(conn, account_id, first, last)
    choices, sources = workout_choices(workouts, plans, occurrences, sessions, replacements)
    read = WorkoutInsights(choices, sources, [], workouts, plans, session_reads.links(conn, account_id))
    read.comparable.extend(_comparable(conn, account_id, read, sessions, replacements))
    return read


def _comparable(
    conn: Connection,
    account_id: str,
    library: WorkoutInsights,
    sessions: list[SessionSourceFact],
    replacements: Replacements,
) -> list[compare.ComparableWorkout]:
    """Workouts with at least two completed sessions, most recent last session first."""
    by_workout: dict[str, list[SessionSourceFact]] = {}
    for session in sessions:
        workout_id = performed_workout(session, replacements)
        if workout_id is not None and workout_id in library.workouts and session.status == "completed":
            by_workout.setdefault(workout_id, []).append(session)
    kept = {w: s for w, s in by_workout.items() if len(s) >= compare.MIN_COMPARABLE_SESSIONS}
    newest_first = sorted(kept, key=lambda w: (-kept[w][-1].started_at.timestamp(), w))
    chosen = newest_first[: compare.MAX_COMPARABLE_WORKOUTS]
    sets = session_reads.sets_of_sessions(conn, account_id, (s.session_id for w in chosen for s in kept[w]))
    out: list[compare.ComparableWorkout] = []
    for workout_id in chosen:
        workout = library.workouts[workout_id]
        figures = [
            compare.session_figures(
                workout, s.session_id, s.started_at, s.ended_at, sets[s.session_id], library.matches
            )
            for s in kept[workout_id]
        ]
        out.append(compare.ComparableWorkout(workout, compare.with_changes(figures)))
    return out
