"""Workout choices, hand-computed from occurrence and session facts only."""

from __future__ import annotations

from datetime import UTC, date, datetime

from services.analytics.domain.choices import (
    SessionSourceFact,
    SessionSources,
    performed_workout,
    workout_choices,
)
from services.analytics.domain.training_facts import OccurrenceFact, PlanFact, WorkoutFact

WORKOUTS = {
    "A": WorkoutFact("A", "4.muse", "Lower A", "strength", "P", "ph1"),
    "B": WorkoutFact("B", "1.muse", "Engine", "crossFit", "", ""),
    "C": WorkoutFact("C", "2.muse", "Upper", "strength", "", ""),
}
PLANS = {"P": PlanFact("P", "1.muse", "Spring block")}


def occurrence(workout: str, original: int, day: int | None = None, status: str = "scheduled", by: str = ""):
    return OccurrenceFact(workout, date(2026, 3, original), date(2026, 3, day or original), status, by, None)


OCCURRENCES = [
    occurrence("A", 2, status="completed"),
    occurrence("A", 4, 5, status="moved"),
    occurrence("A", 6, 7, status="completed"),  # moved, then done: counts in both
    occurrence("A", 9, status="replaced", by="B"),
    occurrence("A", 11, status="completed", by="B"),  # done as B: replaced, not completed, for A
    occurrence("A", 13, status="replaced", by="gone"),  # a workout no longer in the library
    occurrence("C", 3),  # given back: scheduled again, nothing to count
    occurrence("gone", 5, status="completed"),  # its workout was deleted
]


def session(name: str, source: str, workout: str = "", day: str = "", status: str = "completed"):
    started = datetime(2026, 3, 16, tzinfo=UTC)
    return SessionSourceFact(name, started, status, source, workout, day, None)


SESSIONS = [
    session("s1", "occurrence", "A", "2026-03-02"),
    session("s2", "occurrence", "A", "2026-03-11"),  # that occurrence was replaced: it performed B
    session("s3", "occurrence", "A", "2026-03-06", status="in_progress"),
    session("s4", "freestyle"),
    session("s5", "plan_day"),
    session("s6", "occurrence", "gone", "2026-03-05"),
    session("s7", ""),  # known only from its sets: tied to nothing
]
REPLACEMENTS = {("A", "2026-03-09"): "B", ("A", "2026-03-11"): "B", ("A", "2026-03-13"): "gone"}


def test_a_session_performs_the_replacement_of_its_occurrence():
    assert performed_workout(SESSIONS[0], REPLACEMENTS) == "A"
    assert performed_workout(SESSIONS[1], REPLACEMENTS) == "B"
    assert performed_workout(SESSIONS[3], REPLACEMENTS) is None
    assert performed_workout(SESSIONS[4], REPLACEMENTS) is None


def test_choices_per_workout_and_sessions_by_source():
    choices, sources = workout_choices(WORKOUTS, PLANS, OCCURRENCES, SESSIONS, REPLACEMENTS)
    assert [c.workout.workout_id for c in choices] == ["A", "B"]  # C had nothing; most sessions first
    a, b = choices
    assert (a.plan_name, a.completed, a.moved, a.replaced) == ("Spring block", 2, 2, 3)
    assert dict(a.replaced_by) == {"B": 2, "gone": 1}
    assert (a.replaced_others, a.sessions, a.sessions_completed) == (0, 2, 1)
    assert (b.plan_name, b.completed, b.moved, b.replaced, b.replaced_others) == ("", 0, 0, 0, 2)
    assert (b.sessions, b.sessions_completed) == (1, 1)
    assert sources == SessionSources(training_workout=3, removed_workout=1, freestyle=2, plan_day=1)


def test_an_empty_library_has_no_choices_and_counts_every_session_apart():
    choices, sources = workout_choices({}, {}, OCCURRENCES, SESSIONS, REPLACEMENTS)
    assert choices == []
    assert sources == SessionSources(training_workout=0, removed_workout=4, freestyle=2, plan_day=1)
