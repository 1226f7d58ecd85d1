"""The coaching engine rule by rule (decision 0058): each readiness signal's bands, baselines with
too few entries, load classes and training states, each action, freshness, and the decision ID."""

from __future__ import annotations

from dataclasses import replace
from datetime import UTC, date, datetime, timedelta
from typing import Any

import pytest

from services.analytics.domain.coaching.decision import daily_decision, is_easy
from services.analytics.domain.coaching.inputs import (
    CoachingInputs,
    LoadGoingIn,
    PlannedStep,
    PlannedWorkout,
    ReadinessDay,
    RecentActivity,
)
from services.analytics.domain.coaching.recovery import assess
from services.analytics.domain.coaching.status import load_status, training_state, training_status

DAY = date(2026, 10, 14)
AT = datetime(2026, 10, 14, 8, tzinfo=UTC)
STEADY = LoadGoingIn(ctl=60.0, atl=60.0, ramp_rate=2.0, workload_ratio=1.0)
THRESHOLD_RIDE = PlannedWorkout(
    sport="ride",
    title="Threshold ride",
    workout_id="wo_1",
    duration_minutes=90.0,
    target_intensity="threshold",
    intervals=(PlannedStep("work", 600, None, "95-100 % FTP", 3),),
    planned_tss=95.0,
)


def history(days: int = 28, **overrides: Any) -> list[ReadinessDay]:
    """A steady baseline: HRV alternating 58/62 ms (mean 60, SD ~2.04), resting HR 50, sleep 8 h."""
    return [
        ReadinessDay(
            DAY - timedelta(days=n),
            sleep_hours=8.0,
            resting_hr=50.0,
            hrv_ms=58.0 if n % 2 else 62.0,
            updated_at=datetime(2026, 10, 14, 6, tzinfo=UTC) - timedelta(days=n),
        )
        for n in range(1, days + 1)
    ]


def inputs(today: dict[str, Any] | None = None, *, baseline_days: int = 28, **fields: Any) -> CoachingInputs:
    entries = history(baseline_days)
    if today is not None:
        entries.append(ReadinessDay(DAY, updated_at=datetime(2026, 10, 14, 6, tzinfo=UTC), **today))
    base = CoachingInputs(
        day=DAY,
        time_zone="UTC",
        load=STEADY,
        readiness=tuple(entries),
        planned=(THRESHOLD_RIDE,),
        latest_update=datetime(2026, 10, 14, 6, tzinfo=UTC),
        has_history=True,
    )
    return replace(base, **fields)


# HRV (decision 0115): the 7-day mean of ln rMSSD (the day and 3 x 58, 3 x 62 before it) against
# the 22 readings of the 60 days before that week (mean ln of 58/62 = 4.0938, SD 0.034, counted as
# the floor 0.05). One morning moves the week's mean by a seventh: below by (4.0938 - ln x) / 0.35.
@pytest.mark.parametrize(
    ("today", "status", "codes"),
    [
        ({"hrv_ms": 60.0}, "green", []),
        ({"hrv_ms": 51.0}, "green", []),  # 0.46 SD: inside the smallest worthwhile change
        ({"hrv_ms": 50.0}, "amber", ["hrv_below_baseline"]),  # 0.52 SD
        ({"hrv_ms": 36.0}, "amber", ["hrv_below_baseline"]),  # 1.46 SD
        ({"hrv_ms": 35.0}, "red", ["hrv_below_baseline"]),  # 1.54 SD
        ({"hrv_ms": 80.0}, "green", []),  # above is never a concern here
        ({"resting_hr": 55.0}, "green", []),  # +5 is not more than 5
        ({"resting_hr": 55.5}, "amber", ["resting_hr_elevated"]),
        ({"resting_hr": 60.0}, "amber", ["resting_hr_elevated"]),
        ({"resting_hr": 60.5}, "red", ["resting_hr_elevated"]),
        ({"sleep_hours": 7.0}, "green", []),  # 1 h below is not more than 1 h
        ({"sleep_hours": 6.9}, "amber", ["sleep_below_baseline"]),
        ({"sleep_hours": 5.0}, "amber", ["sleep_below_baseline"]),
        ({"sleep_hours": 4.9}, "red", ["sleep_very_short"]),
        ({"soreness": 3}, "green", []),
        ({"soreness": 4}, "amber", ["soreness_high"]),
        ({"soreness": 5}, "red", ["soreness_high"]),
        ({"fatigue": 4}, "amber", ["fatigue_high"]),
        ({"fatigue": 5}, "red", ["fatigue_high"]),
        ({"stress": 4}, "amber", ["stress_high"]),
        ({"stress": 5}, "red", ["stress_high"]),
        ({"sleep_quality": 3}, "green", []),
        ({"sleep_quality": 2}, "amber", ["sleep_quality_low"]),
        ({"sleep_quality": 1}, "amber", ["sleep_quality_low"]),
        ({"mood": 2}, "amber", ["mood_low"]),
        ({"mood": 5}, "green", []),
        ({"soreness": 4, "hrv_ms": 30.0, "sleep_hours": 7.5}, "red", ["hrv_below_baseline", "soreness_high"]),
    ],
)
def test_each_readiness_signal_in_its_band(today, status, codes):
    found = assess(inputs(today).readiness, DAY)
    assert found.status == status
    assert [s.code for s in found.signals] == codes


def test_a_baseline_needs_seven_entries_in_the_28_days_before_the_day():
    few = assess(inputs({"resting_hr": 70.0, "sleep_hours": 5.5}, baseline_days=6).readiness, DAY)
    assert (few.status, [s.code for s in few.signals]) == ("green", ["baseline_building"])
    enough = assess(inputs({"resting_hr": 70.0}, baseline_days=7).readiness, DAY)
    assert [(s.code, s.level) for s in enough.signals] == [("resting_hr_elevated", "red")]
    # Absolute bands need no baseline: under 5 h of sleep and a soreness of 5 are red anyway.
    alone = assess(inputs({"sleep_hours": 4.0, "soreness": 5}, baseline_days=0).readiness, DAY)
    assert (alone.status, [s.code for s in alone.signals]) == (
        "red",
        ["sleep_very_short", "soreness_high", "baseline_building"],
    )
    # Entries older than 28 days are outside the window.
    old = [replace(e, day=e.day - timedelta(days=28)) for e in history(28)]
    outside = assess((*old, ReadinessDay(DAY, resting_hr=70.0)), DAY)
    assert [s.code for s in outside.signals] == ["baseline_building"]
    assert "resting heart rate (fewer than 7 entries in the last 28 days)" in outside.signals[0].summary


def test_the_day_itself_is_not_in_its_baseline():
    entries = (*history(7), ReadinessDay(DAY, resting_hr=70.0))
    found = assess(entries, DAY)
    assert found.signals[0].summary.endswith("baseline of 50 bpm.")


def hrv_mornings(values: dict[int, float], **fields: Any) -> list[ReadinessDay]:
    """Mornings ``n`` days before ``DAY`` (0: the day) with the HRV given."""
    return [ReadinessDay(DAY - timedelta(days=n), hrv_ms=hrv, **fields) for n, hrv in values.items()]


def usual(days: range) -> dict[int, float]:
    """The usual 58/62 ms on the days ``days`` before ``DAY``."""
    return {n: 58.0 if n % 2 else 62.0 for n in days}


def test_one_low_hrv_morning_is_not_a_low_week_but_a_sustained_drop_is():
    """Plews et al.: the 7-day rolling mean of ln rMSSD, not the single morning (decision 0115)."""
    # 51 ms after a week of 58/62: 4.4 SD below the day's 28-day baseline, red judged alone (0058).
    one = assess(hrv_mornings({**usual(range(1, 67)), 0: 51.0}), DAY)
    assert (one.status, [s.code for s in one.signals]) == ("green", [])
    # The same drop on every morning of the week: its whole size, 0.254 ln = 5.1 SD (the floor 0.05).
    week = assess(hrv_mornings({**usual(range(7, 67)), **dict.fromkeys(range(7), 46.5)}), DAY)
    assert (week.status, [s.code for s in week.signals]) == ("red", ["hrv_below_baseline"])
    assert week.signals[0].summary == (
        "HRV 7-day mean 46 ms is 5.1 SD below the 60-day baseline of 60 ms (ln rMSSD; 7 readings this "
        "week, the smallest worthwhile change is 0.5 SD)."
    )
    # A mild drop all week (-3 %): 0.6 SD, beyond the smallest worthwhile change: amber.
    mild = assess(
        hrv_mornings(
            {**usual(range(7, 67)), **usual(range(7))} | {n: v * 0.97 for n, v in usual(range(7)).items()}
        ),
        DAY,
    )
    assert mild.status == "amber"


def test_the_hrv_week_needs_three_readings_and_its_baseline_fourteen():
    two = assess(hrv_mornings({**usual(range(7, 67)), 0: 30.0, 3: 30.0}), DAY)
    assert (two.status, [s.code for s in two.signals]) == ("green", ["hrv_too_few_readings"])
    assert two.signals[0].summary.startswith("HRV read on 2 of the last 7 days")
    three = assess(hrv_mornings({**usual(range(7, 67)), 0: 30.0, 3: 30.0, 5: 30.0}), DAY)
    assert three.status == "red"
    # 13 readings in the 60 days before the week: the baseline is still building.
    building = assess(hrv_mornings({**usual(range(7, 20)), **dict.fromkeys(range(7), 30.0)}), DAY)
    assert (building.status, [s.code for s in building.signals]) == ("green", ["baseline_building"])
    assert "HRV (fewer than 14 readings in the 60 days before the last 7)" in building.signals[0].summary
    judged = assess(hrv_mornings({**usual(range(7, 21)), **dict.fromkeys(range(7), 30.0)}), DAY)
    assert judged.status == "red"


def test_the_hrv_baseline_is_the_60_days_before_the_week():
    # Readings 67 days back and more are outside it; the low week itself is not in it.
    far = {n: 20.0 for n in range(67, 90)}
    found = assess(hrv_mornings({**far, **usual(range(7, 67)), **dict.fromkeys(range(7), 60.0)}), DAY)
    assert (found.status, found.signals) == ("green", ())
    low = assess(hrv_mornings({**usual(range(7, 67)), **dict.fromkeys(range(7), 40.0)}), DAY)
    assert "baseline of 60 ms" in low.signals[0].summary


def test_a_low_hrv_week_counts_on_a_morning_without_an_entry():
    found = assess(hrv_mornings({**usual(range(7, 67)), **dict.fromkeys(range(1, 7), 46.0)}), DAY)
    assert (found.status, [s.code for s in found.signals]) == (
        "red",
        ["no_readiness_data", "hrv_below_baseline"],
    )
    assert found.entry is None


def test_no_readiness_entry_for_the_day():
    found = assess(inputs(None).readiness, DAY)
    assert (found.status, [s.code for s in found.signals]) == ("green", ["no_readiness_data"])


@pytest.mark.parametrize(
    ("ratio", "ramp", "expected"),
    [
        (1.0, 2.0, "optimal"),
        (0.8, 0.0, "optimal"),
        (1.3, 0.0, "optimal"),
        (1.31, 0.0, "elevated"),
        (1.0, 8.1, "elevated"),
        (1.0, 8.0, "elevated"),  # a ramp of 5-8: RunFlow's moderate risk (decision 0112)
        (1.0, 5.0, "optimal"),
        (0.79, 0.0, "low"),
        (None, 0.0, "low"),
    ],
)
def test_load_status_from_workload_ratio_and_ramp(ratio, ramp, expected):
    assert load_status(LoadGoingIn(50.0, 50.0, ramp, ratio)) == expected


@pytest.mark.parametrize(
    ("ctl", "atl", "ramp", "ratio", "recovery", "expected"),
    [
        (60.0, 91.0, 3.0, 1.4, "green", "overloaded"),  # TSB -31
        (60.0, 90.0, 3.0, 1.5, "green", "overloaded"),  # ratio 1.5
        (60.0, 80.0, 3.0, 1.33, "red", "overloaded"),  # elevated and red
        (60.0, 80.0, 3.0, 1.33, "amber", "productive"),
        (60.0, 40.0, -6.0, 0.67, "green", "recovery"),
        (60.0, 50.0, -3.0, 0.83, "green", "peaking"),  # TSB +10 while CTL eases
        (60.0, 58.0, -3.0, 0.97, "green", "maintaining"),  # TSB +2: not fresh enough to peak
        (60.0, 65.0, 1.0, 1.08, "green", "productive"),
        (60.0, 60.0, 0.9, 1.0, "green", "maintaining"),
    ],
)
def test_training_state_table(ctl, atl, ramp, ratio, recovery, expected):
    load = LoadGoingIn(ctl, atl, ramp, ratio)
    assert training_state(load, load_status(load), recovery) == expected


def test_execute_as_planned_when_all_is_well():
    found = daily_decision(inputs({"hrv_ms": 61.0, "sleep_hours": 8.0}), AT)
    assert (found.action_type, found.session, found.changed_from) == (
        "execute_as_planned",
        THRESHOLD_RIDE,
        None,
    )
    assert (found.reason_codes, found.reason_summary) == ((), "")
    assert found.decision_id.startswith("dcd_") and len(found.decision_id) == 24


def test_rest_day_when_nothing_is_planned():
    found = daily_decision(inputs({"soreness": 5}, planned=()), AT)
    assert (found.action_type, found.session, found.changed_from) == ("rest", None, None)
    assert found.reason_codes == ("no_plan", "soreness_high", "recovery_red")


def test_amber_adapts_the_session():
    found = daily_decision(inputs({"sleep_hours": 6.5}), AT)
    assert found.action_type == "adapt_session" and found.changed_from == THRESHOLD_RIDE
    session = found.session
    assert session is not None
    assert (session.sport, session.workout_id, session.duration_minutes, session.target_intensity) == (
        "ride", "wo_1", 63.0, "Z2 - Aerobic Endurance",
    )  # fmt: skip
    assert session.intervals == () and session.planned_tss == pytest.approx(63 / 60 * 49)
    assert found.reason_codes == ("sleep_below_baseline", "recovery_amber")
    assert "Sleep 6.5 h is 1.5 h below the 28-day baseline of 8.0 h." in found.reason_summary


def test_an_easy_session_adapted_keeps_its_intensity():
    easy = PlannedWorkout("run", "Easy run", duration_minutes=50.0, target_intensity="Z2", planned_tss=40.0)
    found = daily_decision(inputs({"fatigue": 4}, planned=(easy,)), AT)
    assert found.session is not None
    # An easy session on an amber morning loses 15 %, not 30 % (decision 0112): 42.5 -> 42 min.
    assert (found.session.duration_minutes, found.session.target_intensity) == (42.0, "Z2")
    assert found.session.planned_tss == pytest.approx(34.0)


def test_elevated_load_adapts_even_when_recovery_is_green():
    load = LoadGoingIn(60.0, 80.0, 3.0, 1.35)
    found = daily_decision(inputs({"hrv_ms": 60.0}, load=load), AT)
    assert found.action_type == "adapt_session"
    assert found.reason_codes == ("load_elevated",)
    assert "Training load is elevated (form -20, workload ratio 1.35)." in found.reason_summary


def test_red_substitutes_a_recovery_session_of_the_sport():
    found = daily_decision(inputs({"hrv_ms": 30.0}), AT)
    assert found.action_type == "substitute_recovery" and found.changed_from == THRESHOLD_RIDE
    session = found.session
    assert session is not None
    assert (session.sport, session.title, session.duration_minutes) == ("ride", "Recovery spin", 40.0)
    assert (session.target_intensity, session.workout_id) == ("Z1 - Active Recovery", "")
    assert found.reason_codes == ("hrv_below_baseline", "recovery_red")


def test_overloaded_substitutes_recovery():
    found = daily_decision(inputs({"hrv_ms": 60.0}, load=LoadGoingIn(60.0, 95.0, 4.0, 1.45)), AT)
    assert found.action_type == "substitute_recovery"
    assert found.reason_codes == ("load_elevated", "tsb_very_low", "overloaded")


def test_red_with_an_easy_short_session_is_rest():
    easy = PlannedWorkout("run", "Easy run", duration_minutes=30.0, target_intensity="easy")
    found = daily_decision(inputs({"soreness": 5}, planned=(easy,)), AT)
    assert (found.action_type, found.session, found.changed_from) == ("rest", None, easy)
    assert found.reason_codes == ("soreness_high", "recovery_red", "planned_session_easy")
    longer = replace(easy, duration_minutes=45.0)
    assert daily_decision(inputs({"soreness": 5}, planned=(longer,)), AT).action_type == "substitute_recovery"


def test_the_key_session_is_the_one_with_most_planned_stress():
    swim = PlannedWorkout("swim", "Drills", duration_minutes=120.0, target_intensity="Z2", planned_tss=50.0)
    found = daily_decision(inputs({"soreness": 4}, planned=(swim, THRESHOLD_RIDE)), AT)
    assert found.changed_from == THRESHOLD_RIDE
    assert "other 1 planned session(s) are dropped" in found.reason_summary
    assert is_easy(swim) and not is_easy(THRESHOLD_RIDE)
    assert not is_easy(replace(swim, target_intensity="Z2 with Z4 intervals"))


def test_no_readiness_data_executes_as_planned():
    found = daily_decision(inputs(None), AT)
    assert (found.action_type, found.reason_codes) == ("execute_as_planned", ("no_readiness_data",))
    assert found.reason_summary == "No readiness entry for the day: decided from training load only."


def test_no_data_at_all():
    empty = CoachingInputs(day=DAY, time_zone="UTC", load=LoadGoingIn(0.0, 0.0, 0.0, None))
    status = training_status(empty, AT)
    assert (status.no_data, status.stale, status.data_synced_at, status.training_state) == (
        True,
        True,
        None,
        "",
    )
    decided = daily_decision(replace(empty, planned=(THRESHOLD_RIDE,)), AT)
    assert decided.action_type == "execute_as_planned"
    assert decided.reason_codes == ("no_readiness_data", "data_stale")
    assert daily_decision(empty, AT).action_type == "rest"


def test_data_older_than_48_hours_is_stale_and_the_decision_stands():
    fresh = inputs({"hrv_ms": 60.0}, latest_update=AT - timedelta(hours=48))
    old = replace(fresh, latest_update=AT - timedelta(hours=48, seconds=1))
    assert not training_status(fresh, AT).stale
    assert training_status(old, AT).stale and training_status(old, AT).data_synced_at == old.latest_update
    decided = daily_decision(old, AT)
    assert (decided.action_type, decided.reason_codes) == ("execute_as_planned", ("data_stale",))


def test_drivers_of_the_status():
    recent = [RecentActivity(f"a{n}", "run", DAY - timedelta(days=n), 3600.0, 60.0) for n in range(1, 36)]
    recent[0] = replace(recent[0], seconds=3600.0 * 2.26)  # the week: 8.26 h against 7 h
    status = training_status(
        inputs({"resting_hr": 57.0}, activities=tuple(recent), load=LoadGoingIn(60.0, 75.0, 9.0, 1.25)), AT
    )
    assert [(d.code, d.summary) for d in status.drivers] == [
        ("volume_above_baseline", "Recent 7-day training volume +18% above rolling baseline"),
        ("ramp_high", "Fitness (CTL) up 9.0 in 7 days, above 8"),
        ("tsb_low", "Form (TSB) -15: carrying fatigue"),
        ("resting_hr_elevated", "Resting heart rate 57 bpm is 7 bpm above the 28-day baseline of 50 bpm."),
    ]
    assert (status.training_state, status.recovery_status, status.load_status) == (
        "productive", "amber", "elevated",
    )  # fmt: skip


def test_decision_id_is_stable_and_changes_with_any_input():
    base = inputs({"hrv_ms": 60.0})
    first = daily_decision(base, AT).decision_id
    assert daily_decision(base, AT + timedelta(hours=3)).decision_id == first  # when it is asked: same
    assert daily_decision(inputs({"hrv_ms": 60.0}), AT).decision_id == first  # equal inputs: same
    activity = RecentActivity("a1", "run", DAY - timedelta(days=1), 3600.0, 60.0)
    changes = [
        replace(base, day=DAY + timedelta(days=1)),
        replace(base, time_zone="Europe/Amsterdam"),
        replace(base, planned=()),
        replace(base, planned=(replace(THRESHOLD_RIDE, duration_minutes=91.0),)),
        replace(base, load=replace(STEADY, atl=60.000001)),
        replace(base, readiness=(*base.readiness, ReadinessDay(DAY - timedelta(days=29), sleep_hours=7.0))),
        replace(base, readiness=(*base.readiness[:-1], replace(base.readiness[-1], hrv_ms=60.5))),
        replace(base, readiness=(*base.readiness[:-1], replace(base.readiness[-1], updated_at=AT))),
        replace(base, activities=(activity,)),
        replace(base, latest_update=AT),
    ]
    ids = {daily_decision(changed, AT).decision_id for changed in changes}
    assert first not in ids and len(ids) == len(changes)
