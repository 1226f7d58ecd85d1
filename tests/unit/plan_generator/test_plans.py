"""What a generated plan holds: phases, weeks, cut-backs, long runs, taper, quality sessions with
paces from VDOT, planned stress, storable limits, determinism (decision 0065)."""

from __future__ import annotations

import itertools
import json
import math
from collections.abc import Iterator
from datetime import timedelta

import pytest

from knowledge.endurance.running import training_paces
from knowledge.plan_safety import HARD_TYPES
from knowledge.plan_safety.long_run_caps import long_run_cap
from services.training.plans.generator import (
    EVENTS,
    EVENTS_BY_ID,
    Experience,
    GeneratedPlan,
    PlanRequest,
    RecentRace,
    Step,
    generate_plan,
    plan_json,
)
from services.training.plans.generator.paces import estimated_vdot, running_tss
from tests.unit.plan_generator.requests import grid, request

QUALITY_TYPES = {"TEMPO", "INTERVALS", "REPETITIONS"}


def all_steps(steps: tuple[Step, ...]) -> Iterator[Step]:
    for step in steps:
        yield step
        yield from all_steps(step.steps)


@pytest.fixture(scope="module")
def marathon() -> GeneratedPlan:
    return generate_plan(request("MARATHON", weeks=18, weekly_km=40, days=5))


def test_the_plan_runs_in_whole_weeks_from_a_monday_to_the_race_which_is_last(
    marathon: GeneratedPlan,
) -> None:
    req = marathon.request
    assert marathon.first_day.weekday() == 0 and marathon.first_day >= req.start_date
    assert len(marathon.weeks) == 18
    assert [w.week_start for w in marathon.weeks] == [
        marathon.first_day + timedelta(weeks=i) for i in range(18)
    ]
    race = marathon.workouts[-1]
    assert (race.day, race.workout_type, race.distance_m) == (req.race_date, "RACE", 42_195)
    assert [w.workout_type for w in marathon.workouts].count("RACE") == 1
    assert [w.day for w in marathon.workouts] == sorted(w.day for w in marathon.workouts)


def test_phases_are_base_build_peak_taper_back_to_back(marathon: GeneratedPlan) -> None:
    assert [p.name for p in marathon.phases] == ["base", "build", "peak", "taper"]
    assert marathon.phases[0].start == marathon.first_day
    assert marathon.phases[-1].end == marathon.request.race_date
    for before, after in zip(marathon.phases, marathon.phases[1:], strict=False):
        assert after.start == before.end + timedelta(days=1)
    assert all(p.focus for p in marathon.phases)


def test_the_first_week_is_the_stated_volume_and_building_weeks_grow_at_most_10_percent(
    marathon: GeneratedPlan,
) -> None:
    weeks = marathon.weeks
    assert weeks[0].planned_km == pytest.approx(40, abs=0.5)
    building = [w for w in weeks if w.phase != "taper"]
    for before, week in itertools.pairwise(building):
        if not week.cutback and not before.cutback:
            assert week.planned_km <= before.planned_km * 1.10
    # Up towards the intermediate marathon peak (88 km, Pfitzinger 18/55; 70 km before issue 30),
    # never beyond it.
    assert 70 < max(w.planned_km for w in building) <= 88


@pytest.mark.parametrize("experience", ["beginner", "intermediate", "advanced"])
def test_cut_backs_come_every_4th_week_and_still_build(experience: Experience) -> None:
    """Issue 30: a beginner's cut-back every 3rd week at 75 % stopped volume from building. Every
    4th week the long run steps back (75 %, at least 1.25 easy runs) while the week holds its volume,
    so the next weeks grow."""
    plan = generate_plan(request("HALF_MARATHON", weeks=16, weekly_km=30, days=4, experience=experience))
    training = [w for w in plan.weeks if w.phase != "taper"]
    flagged = [i for i, w in enumerate(training) if w.cutback]
    assert flagged == [i for i in range(len(training) - 1) if (i + 1) % 4 == 0]
    for i in flagged:
        assert 0.9 <= training[i].planned_km / training[i - 1].planned_km <= 1.05
        assert training[i].long_run_km <= 0.9 * training[i - 1].long_run_km
    assert training[-1].planned_km > 1.4 * training[0].planned_km


@pytest.mark.parametrize(
    ("event_id", "weeks"), [("5K", 1), ("10K", 2), ("HALF_MARATHON", 2), ("MARATHON", 3), ("100_MILE", 3)]
)
def test_the_taper_length_goes_by_distance_and_volume_falls_through_it(event_id: str, weeks: int) -> None:
    event = EVENTS_BY_ID[event_id]
    plan = generate_plan(request(event_id, weeks=event.min_weeks + 4, weekly_km=60, days=6))
    taper = [w for w in plan.weeks if w.phase == "taper"]
    assert len(taper) == event.taper_weeks == weeks
    peak = max(w.planned_km for w in plan.weeks if w.phase != "taper")
    training_km = [
        math.fsum(x.distance_m for x in plan.workouts if x.workout_type != "RACE" and w.week_start <= x.day)
        for w in taper
    ]
    assert training_km == sorted(training_km, reverse=True)
    assert all(w.planned_km < peak for w in taper[:-1])


def test_long_runs_respect_the_events_distance_and_time_caps() -> None:
    for event in EVENTS:
        plan = generate_plan(
            request(
                event.id, weeks=event.max_weeks, weekly_km=150, longest_km=60, days=7, experience="advanced"
            )
        )
        longs = [w for w in plan.workouts if w.workout_type == "LONG"]
        assert longs, event.id
        cap = long_run_cap(event.id, "advanced")
        for run in longs:
            assert run.distance_m <= cap.km * 1000, event.id
            assert run.duration_s is not None and run.duration_s <= cap.minutes * 60 + 60, event.id
    marathon = generate_plan(request("MARATHON", weeks=20, weekly_km=100, longest_km=32, days=6))
    assert max(w.long_run_km for w in marathon.weeks) <= 34


@pytest.mark.parametrize(("days", "share"), [(5, 0.45), (7, 0.35)])
def test_the_long_run_grows_within_its_routes_share_of_a_judged_week(days: int, share: float) -> None:
    """Daniels' route (at most 35 %, the engine's cap) where the days hold the event's peak week
    (88 km for an intermediate marathoner); Higdon's (45 %) where they cannot (5 days of easy runs
    stopping at 90 minutes). Decision 0065, "Long run"."""
    marathon = generate_plan(request("MARATHON", weeks=18, weekly_km=40, days=days))
    longs = [w.long_run_km for w in marathon.weeks if not w.cutback and w.phase != "taper"]
    assert longs[-1] == max(longs) > longs[0] + 8
    # It grows 2 km a week at most; after a cut-back it may come back a little shorter.
    for before, after in itertools.pairwise(longs):
        assert before * 0.9 <= after <= before + 2.1
    for week in marathon.weeks[:-1]:
        if week.planned_km >= 30:
            assert week.long_run_km <= share * week.planned_km + 0.1


def test_hard_sessions_are_never_on_consecutive_days_and_never_the_day_before_the_race() -> None:
    for _, _, _, req in list(grid())[::7]:
        plan = generate_plan(req)
        hard = sorted({w.day for w in plan.workouts if w.workout_type in HARD_TYPES})
        assert all((b - a).days >= 2 for a, b in itertools.pairwise(hard)), req
        assert all(w.day <= req.race_date for w in plan.workouts)


def test_quality_steps_use_the_vdot_paces_and_a_faster_runner_gets_faster_paces() -> None:
    slower = generate_plan(request("10K", weeks=12, recent_race=RecentRace(10_000, 50 * 60), days=5))
    faster = generate_plan(request("10K", weeks=12, recent_race=RecentRace(10_000, 40 * 60), days=5))
    assert slower.vdot_source == faster.vdot_source == "recent_race"
    assert faster.vdot > slower.vdot
    for zone in ("E", "M", "T", "I", "R"):
        assert faster.paces.of(zone).high_s_per_km < slower.paces.of(zone).high_s_per_km
    for plan in (slower, faster):
        paces = training_paces(plan.vdot)
        expected = {
            "T": paces.threshold.seconds_per_km,
            "I": paces.interval.seconds_per_km,
            "R": paces.repetition.seconds_per_km,
            "M": paces.marathon.seconds_per_km,
        }
        zones_seen = set()
        for workout in plan.workouts:
            for step in all_steps(workout.steps):
                if step.role == "work" and step.target is not None and step.target.zone is not None:
                    zones_seen.add(step.target.zone)
                    assert step.target.middle == pytest.approx(expected[step.target.zone], abs=0.5)
                elif step.target is not None and step.target.zone == "E":
                    assert step.target.low_s_per_km == round(paces.easy.fastest.seconds_per_km)
                    assert step.target.high_s_per_km == round(paces.easy.slowest.seconds_per_km)
        assert {"T", "I", "R"} <= zones_seen


def test_without_a_race_vdot_is_estimated_from_volume_and_experience() -> None:
    plan = generate_plan(request("MARATHON", weekly_km=50, experience="advanced"))
    assert plan.vdot_source == "estimate"
    assert plan.vdot == estimated_vdot(50, "advanced") == 44.0
    assert estimated_vdot(0, "beginner") == 28.0 < estimated_vdot(40, "intermediate") == 38.0
    assert estimated_vdot(250, "advanced") == 53.0  # at most 8 above


def test_planned_tss_is_rtss_from_each_steps_pace_against_threshold(marathon: GeneratedPlan) -> None:
    threshold = marathon.paces.threshold_s_per_km
    easy = next(w for w in marathon.workouts if w.workout_type == "EASY")
    middle = marathon.paces.easy.middle
    assert easy.duration_s == round(easy.distance_m / 1000 * middle)
    assert easy.planned_tss == round(running_tss(easy.distance_m / 1000 * middle, middle, threshold), 1)
    per_km = {
        kind: min(w.planned_tss / w.distance_m for w in marathon.workouts if w.workout_type == kind)
        for kind in ("EASY", "LONG", "TEMPO")
    }
    assert per_km["TEMPO"] > per_km["EASY"] == pytest.approx(per_km["LONG"], rel=1e-2)
    assert sum(
        w.planned_tss for w in marathon.workouts if w.day < marathon.first_day + timedelta(weeks=1)
    ) == (pytest.approx(marathon.weeks[0].planned_tss, abs=0.1))


def test_the_race_day_carries_the_estimated_race() -> None:
    marathon = generate_plan(request("MARATHON", recent_race=RecentRace(42_195, 3 * 3600 + 30 * 60)))
    race = marathon.workouts[-1]
    assert race.duration_s == pytest.approx(3.5 * 3600, abs=60)
    assert "Race day: marathon" in race.description
    day = generate_plan(request("24H", weeks=20, weekly_km=80))
    race = day.workouts[-1]
    assert race.duration_s == 24 * 3600 and race.steps[0].duration_s == 24 * 3600
    assert 100_000 < race.distance_m < 300_000
    slow = generate_plan(request("100_MILE", weeks=20, weekly_km=60, experience="beginner"))
    assert slow.workouts[-1].duration_s is None  # over a day: a stored workout lasts at most 24 h
    assert slow.workouts[-1].distance_m == 160_934


def test_every_workout_is_within_what_training_stores() -> None:
    for _, _, _, req in list(grid())[::5]:
        for workout in generate_plan(req).workouts:
            assert workout.sport == "RUN"
            assert 1 <= len(workout.name) <= 120 and workout.description
            assert 0 < workout.distance_m <= 300_000
            assert workout.duration_s is None or 0 < workout.duration_s <= 86_400
            assert 0 <= workout.planned_tss <= 2400
            assert 1 <= len(workout.steps) <= 50
            for step in all_steps(workout.steps):
                assert step.type in ("warm_up", "cool_down", "interval", "repeat")
                if step.type == "repeat":
                    assert 1 <= step.repeat_count <= 50 and 1 <= len(step.steps) <= 50
                    assert all(inner.type != "repeat" for inner in step.steps)
                    continue
                assert (step.distance_m is None) != (step.duration_s is None)
                assert step.distance_m is None or 1 <= step.distance_m <= 300_000
                assert step.duration_s is None or 1 <= step.duration_s <= 86_400
                assert step.target is not None
                assert 120 <= step.target.low_s_per_km <= step.target.high_s_per_km <= 1200
                assert (step.role != "") == (step.type == "interval")


def test_the_same_request_gives_the_same_plan_and_id() -> None:
    first = generate_plan(request("50K", weeks=16, weekly_km=45, days=6))
    second = generate_plan(request("50K", weeks=16, weekly_km=45, days=6))
    assert first == second
    assert json.dumps(plan_json(first)) == json.dumps(plan_json(second))
    other = generate_plan(request("50K", weeks=16, weekly_km=46, days=6))
    assert other.plan_id != first.plan_id
    assert first.plan_id.startswith("plan-") and len(first.plan_id) == 29


def test_fewer_days_a_week_mean_fewer_runs_each_week() -> None:
    for days in range(3, 8):
        plan = generate_plan(request("HALF_MARATHON", weeks=12, weekly_km=45, days=days))
        for week in plan.weeks[:-1]:
            runs = [
                w for w in plan.workouts if week.week_start <= w.day < week.week_start + timedelta(weeks=1)
            ]
            assert len(runs) <= days and len({w.day for w in runs}) == len(runs)


def test_a_week_never_asks_more_than_its_days_hold() -> None:
    plan = generate_plan(request("5K", weeks=10, weekly_km=150, days=3))
    assert all(w.planned_km < 70 for w in plan.weeks)


def test_the_json_answer_is_camel_case_and_complete(marathon: GeneratedPlan) -> None:
    answer = json.loads(json.dumps(plan_json(marathon)))
    assert answer["planId"] == marathon.plan_id
    assert answer["event"]["id"] == "MARATHON"
    assert answer["inputs"]["weeklyVolumeKm"] == 40 and answer["inputs"]["daysPerWeek"] == 5
    assert set(answer["paces"]) == {"E", "M", "T", "I", "R"}
    assert len(answer["workouts"]) == len(marathon.workouts)
    assert len(answer["weeks"]) == 18 and set(answer["weeks"][0]) == {
        "weekStart", "phase", "plannedKm", "longRunKm", "plannedTss", "cutback",
    }  # fmt: skip
    interval = next(
        w for w in answer["workouts"] if w["workoutType"] == "INTERVALS" or w["name"].startswith("Rep")
    )
    repeat = next(s for s in interval["structuredSteps"] if s["type"] == "repeat")
    assert repeat["repeatCount"] >= 2
    work = repeat["steps"][0]
    assert work["role"] == "work" and work["target"]["kind"] == "pace" and "paceZone" in work["target"]


def test_direct_requests_equal_parsed_ones() -> None:
    req = request("10_MILE", weeks=10)
    assert isinstance(req, PlanRequest) and req.weeks == 10
