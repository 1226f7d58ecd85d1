"""Coaching decisions on athlete histories a coach would recognise (issue 30, decision 0112): each
scenario's action and reason codes, and a steady, progressing routine left alone."""

from __future__ import annotations

import pytest

from benchmarks.coaching_scenarios import (
    Scenario,
    decide,
    decided_title,
    demo_changes,
    routine_changes,
    scenarios,
)
from knowledge.endurance.load import overtraining_risk
from services.analytics.domain.coaching.inputs import LoadGoingIn
from services.analytics.domain.coaching.status import load_status

SCENARIOS = scenarios()


@pytest.mark.parametrize("scenario", SCENARIOS, ids=[s.name for s in SCENARIOS])
def test_each_scenario_gets_the_expected_action_and_reasons(scenario: Scenario):
    found = decide(scenario)
    assert (found.action_type, found.reason_codes) == (scenario.expected_action, scenario.expected_codes)
    assert not scenario.expected_title or decided_title(found) == scenario.expected_title


def test_a_steady_progressing_routine_is_never_changed():
    """The demo season's week (CTL rising 2-4 a week, a down week in four): no session of weeks 5
    to 11 is shortened or swapped, where the daily ATL / CTL ratio cut every long run."""
    assert {title: changed for title, (changed, _) in routine_changes().items()} == {
        "Track intervals": 0,
        "Endurance ride": 0,
        "Easy run": 0,
        "Sweet-spot ride": 0,
        "Long run": 0,
    }


def test_the_session_decided_is_the_one_that_counts():
    """Decision 0115: inside the active plan's weeks the plan's session is the day; the routine's
    gives way, on the plan's rest days too; a session the athlete put on the day stays."""
    by_name = {s.name: s for s in SCENARIOS}
    beside = by_name["plan beside own routine (Tuesday: own track intervals)"]
    assert [s.title for s in beside.sessions] == ["Repetitions 8 x 200 m"]
    assert by_name["plan's rest day (own Saturday sweet-spot ride)"].sessions == ()
    assert by_name["archived plan (its tempo run on a Monday)"].sessions == ()
    two = by_name["two plans (the active one's repetitions, the other's tempo)"]
    assert [s.title for s in two.sessions] == ["Repetitions 8 x 200 m"]
    one_day = by_name["own one-day session beside the plan"]
    assert [s.title for s in one_day.sessions] == ["Repetitions 8 x 200 m", "Strides with the club"]
    for scenario in SCENARIOS:
        if scenario.expected_title:
            assert decided_title(decide(scenario)) == scenario.expected_title


def test_one_low_hrv_morning_changes_nothing_a_low_week_does():
    """Decision 0115 (Plews et al.): the 7-day mean of ln rMSSD against the 60 days before."""
    by_name = {s.name: decide(s) for s in SCENARIOS}
    assert by_name["one low HRV morning (52 ms, usual 64)"].action_type == "execute_as_planned"
    mild = by_name["HRV a little low all week (-8 %)"]
    assert mild.session is not None and mild.session.target_intensity == "Z2 - Aerobic Endurance"
    assert by_name["poor readiness: a week of suppressed HRV (-20 %)"].action_type == "substitute_recovery"
    # The status says what the decision rests on: the same signals from the same inputs.
    for name in ("HRV a little low all week (-8 %)", "poor readiness: a week of suppressed HRV (-20 %)"):
        found = by_name[name]
        assert found.day_status.recovery_status == found.reason_codes[-1].removeprefix("recovery_")
        assert "hrv_below_baseline" in [d.code for d in found.day_status.drivers]


def test_the_change_is_scaled_to_the_session_and_the_reason():
    by_name = {s.name: decide(s) for s in SCENARIOS}
    hard = by_name["sharp ramp (+60 % week): hard session"]
    assert hard.session is not None and hard.changed_from is not None
    # A moderate load risk takes the intensity out, not the time.
    assert hard.session.duration_minutes == hard.changed_from.duration_minutes
    assert hard.session.target_intensity == "Z2 - Aerobic Endurance" and hard.session.intervals == ()
    # Amber readiness: a hard session becomes easy and 30 % shorter.
    ill = by_name["illness gap (6 days off, resting HR +7)"]
    assert ill.session is not None and ill.changed_from is not None
    assert ill.changed_from.duration_minutes is not None
    assert ill.session.duration_minutes == round(ill.changed_from.duration_minutes * 0.7)
    race = by_name["race day (nervous: stress 4, short night)"]
    assert race.session is not None and race.session.title == "Half marathon"


def test_the_demo_season_is_not_cut_for_load():
    """Issue 30 item 5's figures: from 2 Nov to 7 Dec the daily ATL / CTL ratio cut every Sunday
    long run to 59 min and 4 of 5 Thursday easy runs to 31 min (``load_elevated``). On weekly sums
    no session is changed for load; what remains is the demo's mornings after hard days: a fatigue
    of 4 that day, or (decision 0115) HRV whose 7-day mean is below the smallest worthwhile change,
    only in the week of 15-21 Nov, four of whose mornings were low. An easy session loses 15 %."""
    found = demo_changes()
    assert all("load_elevated" not in day for days in found.values() for day in days)
    assert all(day.endswith(" =") for day in found["Easy run"])
    assert {day.split(" ", 2)[2] for day in found["Long run"]} <= {"=", "72'(fatigue_high)"}
    for_hrv = [day for days in found.values() for day in days if "hrv_below_baseline" in day]
    assert [day[:6] for day in for_hrv] == ["17 Nov", "21 Nov"]


@pytest.mark.parametrize("ratio", [None, 0.5, 0.8, 1.0, 1.3, 1.31, 1.49, 1.5, 2.0, 2.5])
@pytest.mark.parametrize("ramp", [None, -6.0, 0.0, 5.0, 5.1, 8.0, 8.1, 12.5])
def test_primed_load_class_agrees_with_runflows_overtraining_risk(ratio, ramp):
    """Both read the same chart day (decision 0112): elevated exactly when RunFlow says moderate
    or above."""
    load = LoadGoingIn(ctl=40.0, atl=45.0, ramp_rate=ramp, workload_ratio=ratio)
    risk = overtraining_risk(ramp, ratio)
    assert (load_status(load) == "elevated") == (risk not in (None, "low"))
