"""Coaching decisions on athlete histories a coach would recognise (issue 30, decision 0112): each
scenario's action and reason codes, and a steady, progressing routine left alone."""

from __future__ import annotations

import pytest

from benchmarks.coaching_scenarios import Scenario, decide, demo_changes, routine_changes, scenarios
from knowledge.endurance.load import overtraining_risk
from services.analytics.domain.coaching.inputs import LoadGoingIn
from services.analytics.domain.coaching.status import load_status

SCENARIOS = scenarios()


@pytest.mark.parametrize("scenario", SCENARIOS, ids=[s.name for s in SCENARIOS])
def test_each_scenario_gets_the_expected_action_and_reasons(scenario: Scenario):
    found = decide(scenario)
    assert (found.action_type, found.reason_codes) == (scenario.expected_action, scenario.expected_codes)


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
    no session is changed for load; what remains is the demo's mornings after hard days (HRV or
    fatigue amber), which trim an easy session by 15 % (85 -> 72 min), no longer 30 %."""
    found = demo_changes()
    assert all("load_elevated" not in day for days in found.values() for day in days)
    assert all(day.endswith(" =") for day in found["Easy run"] + found["Sweet-spot ride"])
    assert {day.split(" ", 2)[2] for day in found["Long run"]} <= {
        "=",
        "72'(hrv_below_baseline)",
        "72'(fatigue_high)",
    }


@pytest.mark.parametrize("ratio", [None, 0.5, 0.8, 1.0, 1.3, 1.31, 1.49, 1.5, 2.0, 2.5])
@pytest.mark.parametrize("ramp", [None, -6.0, 0.0, 5.0, 5.1, 8.0, 8.1, 12.5])
def test_primed_load_class_agrees_with_runflows_overtraining_risk(ratio, ramp):
    """Both read the same chart day (decision 0112): elevated exactly when RunFlow says moderate
    or above."""
    load = LoadGoingIn(ctl=40.0, atl=45.0, ramp_rate=ramp, workload_ratio=ratio)
    risk = overtraining_risk(ramp, ratio)
    assert (load_status(load) == "elevated") == (risk not in (None, "low"))
