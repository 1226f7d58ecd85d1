"""Rule 2 of the plan contract's safety engine (section 4): "long_run_cap (warning): Triggers when a
single long run exceeds 35% of total weekly running distance." Any run but a race, in weeks of at
least 30 km of running (decision 0060)."""

from __future__ import annotations

from datetime import timedelta

import pytest

from knowledge.plan_safety import CompletedDay, LongRun, PlannedWorkout, TrainingHistory, evaluate_plan_safety
from knowledge.plan_safety.inputs import WorkoutType
from tests.unit.plan_safety.plans import KM, MONDAY, run, session


def week(long_km: float, other_km: float, long_type: WorkoutType = "LONG") -> list[PlannedWorkout]:
    """Three equal runs of ``other_km`` in all, Monday to Friday, and one run on Sunday."""
    others = [run(MONDAY + timedelta(days=d), other_km / 3, tss=0) for d in (0, 2, 4)]
    return [*others, run(MONDAY + timedelta(days=6), long_km, long_type, tss=0, workout_id="sun")]


@pytest.mark.parametrize(("long_km", "flagged"), [(14.0, False), (14.04, True)])
def test_thirty_five_percent_is_the_cap_and_thirty_five_point_one_exceeds_it(
    long_km: float, flagged: bool
) -> None:
    """ "exceeds 35%": 14 km of 40 km (35.0 %) is within the cap, 14.04 of 40.04 km (35.1 %) is not."""
    advisories = evaluate_plan_safety(week(long_km, 26))
    assert [a.rule for a in advisories] == (["long_run_cap"] if flagged else [])
    if flagged:
        (advisory,) = advisories
        assert (advisory.level, advisory.day) == ("warning", MONDAY + timedelta(days=6))
        assert advisory.detail == LongRun(
            week_start=MONDAY,
            run_day=MONDAY + timedelta(days=6),
            workout_id="sun",
            workout_type="LONG",
            run_distance_m=14_040.0,
            week_run_distance_m=pytest.approx(40_040.0),  # type: ignore[arg-type]
            share_pct=35.1,
            threshold_pct=35.0,
            minimum_week_distance_m=30_000.0,
        )
        assert "(14.0 km) is 35.1 % of the week's 40.0 km of running" in advisory.message
        assert "Shorten it to at most 14.0 km" in advisory.message


@pytest.mark.parametrize(("other_km", "flagged"), [(9.9, False), (10.0, True)])
def test_weeks_under_thirty_km_of_running_are_not_judged(other_km: float, flagged: bool) -> None:
    """One long run in a small week is no long-run problem: 20 of 29.9 km is not judged, 20 of
    30 km (66.7 %) is."""
    assert [a.rule for a in evaluate_plan_safety(week(20, other_km))] == (["long_run_cap"] if flagged else [])


def test_any_run_counts_whatever_its_type() -> None:
    """ "a single long run": the distance makes a run long, not its label; an EASY run of 20 of 40 km."""
    (advisory,) = evaluate_plan_safety(week(20, 20, "EASY"))
    assert isinstance(advisory.detail, LongRun)
    assert (advisory.detail.workout_type, advisory.detail.share_pct) == ("EASY", 50.0)


def test_a_race_is_not_a_long_run_but_counts_in_the_week() -> None:
    """A marathon in a 62 km week (68 %) is the goal, not a training choice; the 12 km run beside
    it is 19 % of the week counting the race."""
    plan = [
        run(MONDAY + timedelta(days=1), 8, tss=0),
        run(MONDAY + timedelta(days=3), 12, tss=0),
        run(MONDAY + timedelta(days=6), 42.2, "RACE", tss=0),
    ]
    assert evaluate_plan_safety(plan) == ()


def test_other_sports_do_not_count_as_running() -> None:
    """ "total weekly running distance": a 100 km ride does not dilute a 20 km run in a 40 km week."""
    plan = [*week(20, 20), session(MONDAY + timedelta(days=1), "BIKE", "RIDE_ENDURANCE", 0, km=100)]
    assert [a.rule for a in evaluate_plan_safety(plan)] == ["long_run_cap"]


def test_completed_runs_of_the_same_week_count() -> None:
    """A plan starting on Thursday: 30 km run Monday to Wednesday count, so a 15 km Sunday run is
    33.3 % of 45 km, not 100 % of 15."""
    history = TrainingHistory.of(
        MONDAY, [CompletedDay(MONDAY + timedelta(days=d), run_m=10 * KM) for d in range(3)]
    )
    plan = [run(MONDAY + timedelta(days=6), 15, "LONG", tss=0)]
    assert evaluate_plan_safety(plan, history) == ()


def test_two_runs_over_the_cap_are_two_advisories() -> None:
    """Two 16 km runs and an 8 km run: each 16 km run is 40 % of the week."""
    plan = [
        run(MONDAY, 16, tss=0, workout_id="a"),
        run(MONDAY + timedelta(days=3), 8, tss=0),
        run(MONDAY + timedelta(days=6), 16, "LONG", tss=0, workout_id="b"),
    ]
    advisories = evaluate_plan_safety(plan)
    assert [(a.rule, a.day) for a in advisories] == [
        ("long_run_cap", MONDAY),
        ("long_run_cap", MONDAY + timedelta(days=6)),
    ]
