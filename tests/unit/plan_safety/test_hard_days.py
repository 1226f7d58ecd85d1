"""Rule 3 of the plan contract's safety engine (section 4): "consecutive_hard_days (critical):
Triggers when hard workouts (INTERVALS, TEMPO, REPETITIONS, RIDE_INTERVALS, RACE) occur on
back-to-back calendar days." Any sports; one advisory per pair of days (decision 0060)."""

from __future__ import annotations

from datetime import timedelta

import pytest

from knowledge.plan_safety import HARD_TYPES, ConsecutiveHardDays, HardSession, evaluate_plan_safety
from knowledge.plan_safety.inputs import PlannedWorkout, WorkoutType
from tests.unit.plan_safety.plans import MONDAY, run, session

TUESDAY, WEDNESDAY, THURSDAY = (MONDAY + timedelta(days=d) for d in (1, 2, 3))


def test_the_hard_types_are_the_contract_s() -> None:
    """ "hard workouts (INTERVALS, TEMPO, REPETITIONS, RIDE_INTERVALS, RACE)"."""
    assert frozenset({"INTERVALS", "TEMPO", "REPETITIONS", "RIDE_INTERVALS", "RACE"}) == HARD_TYPES


@pytest.mark.parametrize("hard", ["INTERVALS", "TEMPO", "REPETITIONS", "RACE"])
def test_each_hard_type_the_day_after_a_tempo_run_is_critical(hard: WorkoutType) -> None:
    """ "on back-to-back calendar days": a TEMPO run on Tuesday, then each hard type on Wednesday."""
    plan = [run(TUESDAY, 10, "TEMPO", tss=0, workout_id="t"), run(WEDNESDAY, 8, hard, tss=0, workout_id="w")]
    (advisory,) = evaluate_plan_safety(plan)
    assert (advisory.level, advisory.rule, advisory.day) == ("critical", "consecutive_hard_days", TUESDAY)
    assert advisory.detail == ConsecutiveHardDays(
        TUESDAY,
        WEDNESDAY,
        (HardSession(TUESDAY, "RUN", "TEMPO", "t"), HardSession(WEDNESDAY, "RUN", hard, "w")),
    )
    assert f"TEMPO run on Tue 3 Mar 2026, then {hard} run on Wed 4 Mar 2026" in advisory.message


def test_hard_sessions_of_different_sports_count_across_a_week_boundary() -> None:
    """Any sport: RIDE_INTERVALS on Monday after INTERVALS in the pool on Sunday (another week)."""
    sunday = MONDAY - timedelta(days=1)
    plan = [
        session(sunday, "SWIM", "INTERVALS", 0, km=3),
        session(MONDAY, "BIKE", "RIDE_INTERVALS", 0, km=40),
    ]
    (advisory,) = evaluate_plan_safety(plan)
    assert isinstance(advisory.detail, ConsecutiveHardDays)
    assert (advisory.detail.first_day, advisory.detail.second_day) == (sunday, MONDAY)


@pytest.mark.parametrize(
    "plan",
    [
        [run(TUESDAY, 10, "TEMPO", tss=0), run(THURSDAY, 10, "INTERVALS", tss=0)],
        [run(TUESDAY, 10, "TEMPO", tss=0), run(WEDNESDAY, 15, "LONG", tss=0)],
        [run(TUESDAY, 10, "TEMPO", tss=0), session(TUESDAY, "BIKE", "RIDE_INTERVALS", 0, km=30)],
        [run(TUESDAY, 10, "EASY", tss=0), run(WEDNESDAY, 10, "RECOVERY", tss=0)],
    ],
    ids=["a day between", "long is not hard", "same day", "easy days"],
)
def test_no_advisory_without_hard_work_on_adjacent_days(plan: list[PlannedWorkout]) -> None:
    assert evaluate_plan_safety(plan) == ()


def test_three_hard_days_in_a_row_are_two_pairs() -> None:
    plan = [run(day, 8, "INTERVALS", tss=0) for day in (TUESDAY, WEDNESDAY, THURSDAY)]
    assert [(a.rule, a.day) for a in evaluate_plan_safety(plan)] == [
        ("consecutive_hard_days", TUESDAY),
        ("consecutive_hard_days", WEDNESDAY),
    ]


def test_a_pair_names_every_hard_session_of_its_two_days() -> None:
    """Two hard sessions on Tuesday and one on Wednesday: one advisory, three sessions."""
    plan = [
        run(TUESDAY, 10, "TEMPO", tss=0),
        session(TUESDAY, "BIKE", "RIDE_INTERVALS", 0, km=30),
        run(WEDNESDAY, 8, "REPETITIONS", tss=0),
    ]
    (advisory,) = evaluate_plan_safety(plan)
    assert isinstance(advisory.detail, ConsecutiveHardDays)
    assert [s.workout_type for s in advisory.detail.sessions] == ["RIDE_INTERVALS", "TEMPO", "REPETITIONS"]
    assert "RIDE_INTERVALS bike and TEMPO run on Tue 3 Mar 2026" in advisory.message
