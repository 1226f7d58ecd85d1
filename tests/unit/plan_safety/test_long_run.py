"""Rule 2 of the plan contract's safety engine (section 4): "long_run_cap (warning): Triggers when a
single long run exceeds 35% of total weekly running distance." Any run but a race, in weeks of at
least 30 km of running (decision 0060)."""

from __future__ import annotations

from datetime import timedelta

import pytest

from knowledge.plan_safety import (
    CompletedDay,
    GoalRace,
    LongRun,
    PlannedWorkout,
    TrainingHistory,
    evaluate_plan_safety,
)
from knowledge.plan_safety.inputs import WorkoutType
from knowledge.plan_safety.long_run_caps import share_cap_pct
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


@pytest.mark.parametrize(
    ("goal", "long_km", "flagged"),
    [
        (None, 18.0, True),  # 45 % of 40 km: over the contract's 35 % without a goal race
        (GoalRace("MARATHON", "beginner"), 18.0, False),  # Higdon's route for a marathon plan
        (GoalRace("MARATHON"), 18.4, False),  # 46.0 %: the table's line, level unknown
        (GoalRace("MARATHON"), 18.44, True),  # 46.1 %
        (GoalRace("5K", "advanced"), 24.0, True),  # 60 %: no published plan, any event or level
        (GoalRace("NO_SUCH_RACE"), 18.0, True),  # an event not in the table: the contract's 35 %
    ],
)
def test_a_plan_towards_a_known_race_is_judged_by_the_long_run_table(
    goal: GoalRace | None, long_km: float, flagged: bool
) -> None:
    """Decision 0114: the generator and the engine read one table of long-run shares by event and
    level; a plan towards a known race may take its share, and a truly excessive run still warns."""
    advisories = evaluate_plan_safety(week(long_km, 40 - long_km), goal=goal)
    assert [a.rule for a in advisories] == (["long_run_cap"] if flagged else [])
    if flagged:
        (advisory,) = advisories
        assert isinstance(advisory.detail, LongRun)
        assert advisory.detail.threshold_pct == share_cap_pct(goal)
        assert f"above the {share_cap_pct(goal):.0f} % cap" in advisory.message


def three_runs(long_km: float, other_km: float) -> list[PlannedWorkout]:
    """FIRST's week: two key runs of ``other_km`` in all (Tuesday, Thursday) and the long run."""
    others = [run(MONDAY + timedelta(days=d), other_km / 2, tss=0) for d in (1, 3)]
    return [*others, run(MONDAY + timedelta(days=6), long_km, tss=0, workout_id="sun")]


@pytest.mark.parametrize(
    ("workouts", "goal", "flagged"),
    [
        (three_runs(22.4, 17.6), GoalRace("MARATHON", "advanced"), False),  # 56.0 %: FIRST's 20 mi
        (three_runs(22.5, 17.6), GoalRace("MARATHON", "advanced"), True),  # 56.1 %
        (three_runs(20.4, 19.6), GoalRace("MARATHON", "beginner"), True),  # 51 %: Higdon Novice's 50 %
        (three_runs(22.4, 17.6), GoalRace("HALF_MARATHON", "advanced"), True),  # no 3-run route: 46 %
        (week(22.4, 17.6), GoalRace("MARATHON", "advanced"), True),  # four days of running: 46 %
        (three_runs(24.0, 16.0), GoalRace("100_MILE"), True),  # 60 %: nothing published
    ],
)
def test_a_week_of_three_runs_towards_a_marathon_or_longer_may_take_firsts_share(
    workouts: list[PlannedWorkout], goal: GoalRace, flagged: bool
) -> None:
    """FIRST's 3-day plans run the long run beside two key runs, about half the running week;
    the engine counts the days with running in the week (decision 0114)."""
    advisories = evaluate_plan_safety(workouts, goal=goal)
    assert [a.rule for a in advisories] == (["long_run_cap"] if flagged else [])
