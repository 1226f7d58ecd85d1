"""The whole engine (the plan contract, section 4: "All plan mutations return an array of
safetyAdvisory objects" with level, rule and message): a realistic marathon build passes, a bad
plan raises every rule, the order is by date then rule, and the answer is deterministic and
independent of the order of its input (decision 0060)."""

from __future__ import annotations

import random
from collections.abc import Callable
from datetime import date, timedelta

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from knowledge.endurance.load import PmcSeed
from knowledge.plan_safety import (
    SPORTS,
    WORKOUT_TYPES,
    CompletedDay,
    PlannedWorkout,
    TrainingHistory,
    evaluate_plan_safety,
    has_critical,
)
from tests.unit.plan_safety.plans import (
    MARATHON_SEED,
    MONDAY,
    marathon_build,
    marathon_history,
    run,
    session,
    steady_history,
)


def test_a_sixteen_week_marathon_build_passes_without_any_advisory() -> None:
    """Rest Monday, intervals Tuesday, tempo Thursday, long run Sunday; 62-80 km weeks in blocks
    of three with a cutback, a three-week taper and the race: what a plan generator must produce."""
    plan = marathon_build()
    assert len({w.day for w in plan}) > 90
    advisories = evaluate_plan_safety(plan, marathon_history(), MARATHON_SEED)
    assert advisories == ()
    assert not has_critical(advisories)


def bad_plan() -> list[PlannedWorkout]:
    """After 40 km / 300 TSS weeks: 60 km with a 30 km long run, tempo and intervals on Tuesday and
    Wednesday, and 1 050 TSS in the week."""
    return [
        run(MONDAY + timedelta(days=1), 10, "TEMPO", tss=250),
        run(MONDAY + timedelta(days=2), 10, "INTERVALS", tss=250),
        run(MONDAY + timedelta(days=3), 10, tss=200),
        run(MONDAY + timedelta(days=6), 30, "LONG", tss=350),
    ]


def test_a_bad_plan_raises_every_rule_at_its_level_in_date_then_rule_order() -> None:
    advisories = evaluate_plan_safety(
        bad_plan(),
        steady_history(4, MONDAY, run_km=40, tss=300),
        PmcSeed(MONDAY - timedelta(days=1), 45.0, 45.0),
    )
    assert {a.rule: a.level for a in advisories} == {
        "weekly_volume_spike": "warning",
        "long_run_cap": "warning",
        "consecutive_hard_days": "critical",
        "projected_tsb_overload": "critical",
    }
    assert has_critical(advisories)
    keys = [(a.day, a.rule) for a in advisories]
    rule_rank = ["weekly_volume_spike", "long_run_cap", "consecutive_hard_days", "projected_tsb_overload"]
    assert keys == sorted(keys, key=lambda k: (k[0], rule_rank.index(k[1])))
    assert [a.rule for a in advisories][:3] == [
        "weekly_volume_spike",
        "weekly_volume_spike",
        "consecutive_hard_days",
    ]
    assert all(
        a.as_contract() == {"level": a.level, "rule": a.rule, "message": a.message} for a in advisories
    )


def test_has_critical_only_for_critical_advisories() -> None:
    warnings = evaluate_plan_safety([run(MONDAY, 20, tss=0), run(MONDAY + timedelta(days=2), 10, tss=0)])
    assert [a.level for a in warnings] == ["warning"]
    assert not has_critical(warnings)
    assert not has_critical(())


def test_no_plan_no_advisory() -> None:
    assert evaluate_plan_safety([], steady_history(4, MONDAY, run_km=40)) == ()


@pytest.mark.parametrize(
    ("build", "problem"),
    [
        (lambda: PlannedWorkout(MONDAY, "STRENGTH", "STRENGTH", 30, distance_m=1000), "has no distance"),
        (lambda: PlannedWorkout(MONDAY, "RUN", "EASY", -1), "planned TSS is a finite number"),
        (lambda: PlannedWorkout(MONDAY, "RUN", "EASY", float("nan")), "planned TSS is a finite number"),
        (lambda: PlannedWorkout(MONDAY, "ROW", "EASY", 10), "sport is one of RUN, BIKE, SWIM, STRENGTH"),  # type: ignore[arg-type]
        (lambda: PlannedWorkout(MONDAY, "RUN", "FARTLEK", 10), "workout type is one of"),  # type: ignore[arg-type]
        (lambda: CompletedDay(MONDAY, tss=-5), "tss is a finite number"),
        (
            lambda: TrainingHistory(MONDAY, (CompletedDay(MONDAY - timedelta(days=1)),)),
            "before the history's start",
        ),
    ],
)
def test_inputs_that_make_no_sense_are_refused(build: Callable[[], object], problem: str) -> None:
    with pytest.raises(ValueError, match=problem):
        build()


@pytest.mark.parametrize(
    ("history", "seed", "problem"),
    [
        (TrainingHistory(MONDAY, (CompletedDay(MONDAY, tss=10),)), None, "not before the plan's first day"),
        (TrainingHistory(MONDAY + timedelta(days=1)), None, "after the plan's first day"),
        (None, PmcSeed(MONDAY, 40, 40), "a day before the plan's first day"),
    ],
)
def test_history_and_seed_must_end_before_the_plan(
    history: TrainingHistory | None, seed: PmcSeed | None, problem: str
) -> None:
    with pytest.raises(ValueError, match=problem):
        evaluate_plan_safety([session(MONDAY, "BIKE", "RIDE_INTERVALS", 80, km=40)], history, seed)


# Random plans over six weeks: every sport and type, distances where the sport has them.
workouts = st.builds(
    lambda offset, sport, workout_type, tss, km, ident: PlannedWorkout(
        MONDAY + timedelta(days=offset),
        sport,
        workout_type,
        tss,
        None if sport == "STRENGTH" else km * 1000,
        None,
        ident,
    ),
    st.integers(0, 41),
    st.sampled_from(SPORTS),
    st.sampled_from(WORKOUT_TYPES),
    st.floats(0, 400, allow_nan=False),
    st.floats(0, 60, allow_nan=False),
    st.sampled_from(["", "a", "b"]),
)
histories = st.one_of(
    st.none(),
    st.lists(
        st.builds(
            lambda offset, tss, km: CompletedDay(MONDAY - timedelta(days=offset), tss, km * 1000),
            st.integers(1, 35),
            st.floats(0, 300, allow_nan=False),
            st.floats(0, 40, allow_nan=False),
        ),
        max_size=20,
    ).map(lambda days: TrainingHistory.of(MONDAY - timedelta(days=35), days)),
)
seeds = st.one_of(
    st.none(),
    st.builds(lambda ctl, atl: PmcSeed(date(2026, 3, 1), ctl, atl), st.floats(0, 120), st.floats(0, 150)),
)


@settings(max_examples=150, deadline=None)
@given(st.lists(workouts, min_size=1, max_size=40), histories, seeds, st.randoms(use_true_random=False))
def test_the_answer_is_deterministic_and_independent_of_input_order(
    plan: list[PlannedWorkout], history: TrainingHistory | None, seed: PmcSeed | None, rng: random.Random
) -> None:
    first = evaluate_plan_safety(plan, history, seed)
    shuffled = list(plan)
    rng.shuffle(shuffled)
    reordered_history = (
        None if history is None else TrainingHistory(history.since, tuple(reversed(history.days)))
    )
    assert evaluate_plan_safety(shuffled, reordered_history, seed) == first
    assert evaluate_plan_safety(iter(plan), history, seed) == first
    keys = [(a.day, a.rule) for a in first]
    order = ["weekly_volume_spike", "long_run_cap", "consecutive_hard_days", "projected_tsb_overload"]
    assert keys == sorted(keys, key=lambda k: (k[0], order.index(k[1])))
    assert all(a.message for a in first)
