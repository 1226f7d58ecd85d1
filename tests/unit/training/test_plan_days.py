"""Which planned sessions count (decisions 0112 and 0115): the active plan, and the athlete's own
workouts except their endurance routine inside the active plan's weeks."""

from __future__ import annotations

from dataclasses import replace
from datetime import date, timedelta

from services.training.domain import occurrences
from services.training.domain.endurance import EnduranceTarget
from services.training.domain.model import (
    Occurrence,
    OccurrenceStatus,
    Schedule,
    ScheduleSegment,
    Workout,
    WorkoutContent,
)
from services.training.domain.plan_days import ActivePlan, counting, is_routine

TUESDAY = date(2026, 12, 8)
ACTIVE = ActivePlan("goal_active", date(2026, 11, 30), date(2026, 12, 20))
EVERY_TUESDAY = Schedule("weekdays", (3,))


def workout(
    workout_id: str,
    *,
    endurance: bool = True,
    plan_id: str | None = None,
    one_day: bool = False,
) -> Workout:
    content = WorkoutContent(
        workout_id,
        "cardio" if endurance else "strength",
        "",
        (),
        endurance=EnduranceTarget("run") if endurance else None,
    )
    if one_day:
        segments = occurrences.initial_segments(Schedule("everyNDays", interval_days=1), TUESDAY)
        return Workout(
            workout_id, "1", content, segments, plan_id, None, TUESDAY, TUESDAY + timedelta(days=1)
        )
    return Workout(workout_id, "1", content, (ScheduleSegment(None, EVERY_TUESDAY),), plan_id)


def day_of(
    *workouts: Workout, statuses: dict[str, OccurrenceStatus] | None = None
) -> tuple[list[Occurrence], dict[str, Workout]]:
    found = occurrences.expand(list(workouts), [], TUESDAY, TUESDAY + timedelta(days=1))
    wanted = statuses or {}
    found = [replace(o, status=wanted.get(o.workout_id, o.status)) for o in found]
    return found, {w.id: w for w in workouts}


def kept(
    found: list[Occurrence], workouts: dict[str, Workout], inactive: set[str], active: ActivePlan | None
) -> list[str]:
    return sorted(o.workout_id for o in counting(found, workouts, inactive, active))


def test_the_plans_session_is_the_day_and_the_routine_gives_way():
    """Issue 30: 2026-12-08 held "Track intervals" (the routine) and "Repetitions 8 x 200 m"."""
    found, by_id = day_of(workout("track"), workout("reps", plan_id="goal_active", one_day=True))
    assert kept(found, by_id, set(), ACTIVE) == ["reps"]
    # Without an active plan, or outside its weeks, the routine is the athlete's training.
    assert kept(found, by_id, set(), None) == ["reps", "track"]
    later = ActivePlan("goal_active", date(2026, 12, 9), date(2026, 12, 20))
    assert kept(found, by_id, set(), later) == ["reps", "track"]


def test_inside_the_plans_weeks_its_rest_days_are_rest():
    found, by_id = day_of(workout("track"))
    assert kept(found, by_id, set(), ACTIVE) == []


def test_what_the_athlete_chose_for_the_day_stays():
    # A one-day session of their own, a strength workout, and a routine session moved or replaced
    # there, or done, are their choice (or what happened), not the routine as it falls.
    found, by_id = day_of(
        workout("club", one_day=True),
        workout("gym", endurance=False),
        workout("reps", plan_id="goal_active", one_day=True),
    )
    assert kept(found, by_id, set(), ACTIVE) == ["club", "gym", "reps"]
    statuses: tuple[OccurrenceStatus, ...] = ("moved", "replaced", "active", "completed")
    for status in statuses:
        found, by_id = day_of(workout("track"), statuses={"track": status})
        assert kept(found, by_id, set(), ACTIVE) == ["track"], status


def test_a_plan_other_than_the_active_one_does_not_count_but_what_was_done_does():
    found, by_id = day_of(
        workout("old", plan_id="goal_archived", one_day=True),
        workout("reps", plan_id="goal_active", one_day=True),
    )
    assert kept(found, by_id, {"goal_archived"}, ACTIVE) == ["reps"]
    done, by_id = day_of(workout("old", plan_id="goal_archived", one_day=True), statuses={"old": "completed"})
    assert kept(done, by_id, {"goal_archived"}, ACTIVE) == ["old"]


def test_a_routine_is_a_recurring_endurance_workout():
    assert is_routine(workout("track"))
    assert not is_routine(workout("club", one_day=True))
    assert not is_routine(workout("gym", endurance=False))
    unscheduled = Workout(
        "idea", "1", WorkoutContent("idea", "cardio", "", (), endurance=EnduranceTarget("run"))
    )
    assert not is_routine(unscheduled)
