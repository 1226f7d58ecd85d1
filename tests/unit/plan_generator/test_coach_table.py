"""The coach's table (issue 30): every event x level x days a week inside the published norms it is
printed beside, and the plans the issue names, as a coach would read them (decision 0065)."""

from __future__ import annotations

from datetime import timedelta

import pytest

from benchmarks import coach_table
from knowledge.plan_generation.events import EVENTS_BY_ID
from services.training.plans.generator import PlanRequest, generate_plan, safety_check
from services.training.plans.generator.coach_table import (
    ISSUE_CASES,
    case_request,
    coach_row,
    coach_rows,
    last_days_km,
)


def test_every_row_of_the_coachs_table_is_inside_its_norms() -> None:
    rows = list(coach_rows())
    assert len(rows) == 17 * 3 * 5
    missed = {(r.event.id, r.experience, r.days): r.misses() for r in rows if r.misses()}
    assert missed == {}


def _case(label_start: str) -> PlanRequest:
    return next(req for label, req in ISSUE_CASES if label.startswith(label_start))


def test_a_beginners_marathon_builds_to_a_long_run_at_its_time_cap() -> None:
    """Was: longest run 12.4 km, peak week 37.6 km, volume oscillating 24-35 km."""
    plan = generate_plan(case_request("MARATHON", 21, 30, "beginner"))
    row = coach_row(plan)
    assert row.peak_long_km >= 0.9 * row.long_cap_km and row.peak_long_km > 20
    assert row.peak_km > 55
    training = [w.planned_km for w in plan.weeks if w.phase != "taper"]
    # Volume builds: no week of the second half below the first half's largest.
    half = len(training) // 2
    assert min(training[half:]) >= max(training[:half]) * 0.9


def test_an_intermediate_marathon_reaches_a_30_km_long_run() -> None:
    """Was: 21.8 km (40 km a week, a half in 1:45)."""
    row = coach_row(generate_plan(_case("marathon, intermediate")))
    assert row.peak_long_km >= 29


def test_a_half_marathon_long_run_is_never_below_what_the_athlete_already_runs() -> None:
    """Was: 13.6 km for an athlete who ran 16.75 km."""
    row = coach_row(generate_plan(_case("half marathon")))
    assert row.peak_long_km >= 16.75


def test_a_beginners_5k_builds_and_its_long_run_is_the_longest_run_of_every_week() -> None:
    """Was: flat at 17-22 km for 11 weeks; a 6.0 km long run beside 7.0 km easy runs."""
    plan = generate_plan(case_request("5K", 11, 20, "beginner"))
    training = [w.planned_km for w in plan.weeks if w.phase != "taper"]
    assert max(training) >= 1.4 * training[0]
    for week in plan.weeks:
        days = [w for w in plan.workouts if week.week_start <= w.day < week.week_start + timedelta(weeks=1)]
        longs = [w.distance_m for w in days if w.workout_type == "LONG"]
        easies = [w.distance_m for w in days if w.workout_type == "EASY"]
        if longs and easies:
            assert max(longs) >= max(easies), week.week_start


@pytest.mark.parametrize("event_id", ["50K", "50_MILE", "100K", "100_MILE", "6H", "12H", "24H"])
def test_the_days_before_an_ultra_are_a_shake_out(event_id: str) -> None:
    """Was: 16 + 16 + 11.1 km in the three days before a 100-mile race."""
    event = EVENTS_BY_ID[event_id]
    plan = generate_plan(case_request(event_id, 24, 70, "intermediate", days=6))
    assert all(km <= 8 for km in last_days_km(plan)), (event.id, last_days_km(plan))


@pytest.mark.parametrize("event_id", ["HALF_MARATHON", "MARATHON", "50K", "100_MILE", "24H"])
def test_race_week_raises_no_volume_spike(event_id: str) -> None:
    """Was: "73.0 km is 64.4 % above the week before" in a marathon's race week (100 miles +154 %)."""
    plan = generate_plan(case_request(event_id, 20, 60, "intermediate", days=5))
    race_week = plan.weeks[-1].week_start
    spikes = [a for a in safety_check(plan) if a.rule == "weekly_volume_spike" and a.day >= race_week]
    assert spikes == []


def test_the_coach_table_command_prints_every_row_and_the_norms(capsys: pytest.CaptureFixture[str]) -> None:
    """``python -m benchmarks.coach_table``: 255 rows, the norms' sources, no row outside them."""
    assert coach_table.main([]) == 0
    out = capsys.readouterr().out
    assert out.count("\n") > 255 and "Pfitzinger" in out and out.rstrip().endswith("rows outside a norm: 0")
    assert coach_table.main(["--cases"]) == 0
    assert "marathon, beginner, 30 km/wk, 21 weeks" in capsys.readouterr().out
