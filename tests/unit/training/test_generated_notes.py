"""A generated plan's workouts after a recalibration (issue 30; decision 0065, "Notes and the race
after a recalibration"): Kinetic's own notes and race target follow the new thresholds, a user's
own text or target stays theirs."""

from __future__ import annotations

import re
from dataclasses import replace
from datetime import date

from services.training.domain.endurance import EnduranceStep, EnduranceTarget, StepTarget
from services.training.domain.planned_stress import with_resolved_paces
from services.training.plans import generated_notes
from services.training.plans.generated_goal import CREATION_MODE
from services.training.plans.generator import EVENTS_BY_ID, PlanRequest, Step, Workout, generate_plan
from services.training.plans.generator.workouts import race_target
from services.training.plans.goal import GoalFields

MARATHON = EVENTS_BY_ID["MARATHON"]
PACE = re.compile(r"(\d+):(\d\d)-(\d+):(\d\d) /km")


def stored(step: Step) -> EnduranceStep:
    """A generator step as Training stores it (what ``generated_goal`` writes)."""
    target = None
    if step.target is not None:
        target = StepTarget(
            kind="pace",
            pace_low_seconds_per_km=step.target.low_s_per_km,
            pace_high_seconds_per_km=step.target.high_s_per_km,
            pace_zone=step.target.zone,
        )
    return EnduranceStep(
        type=step.type,
        role=step.role,
        duration_seconds=step.duration_s,
        distance_meters=step.distance_m,
        target=target,
        repeat_count=step.repeat_count,
        steps=tuple(stored(inner) for inner in step.steps),
    )


def endurance(workout: Workout) -> EnduranceTarget:
    return EnduranceTarget(
        sport="run",
        planned_distance_meters=workout.distance_m,
        planned_duration_seconds=workout.duration_s,
        steps=tuple(stored(step) for step in workout.steps),
    )


def bands(steps: tuple[EnduranceStep, ...]) -> set[tuple[int, int]]:
    found: set[tuple[int, int]] = set()
    for step in steps:
        target = step.target
        if target is not None and target.pace_low_seconds_per_km is not None:
            assert target.pace_high_seconds_per_km is not None
            found.add((target.pace_low_seconds_per_km, target.pace_high_seconds_per_km))
        found |= bands(step.steps)
    return found


def named(notes: str) -> set[tuple[int, int]]:
    return {(int(a) * 60 + int(b), int(c) * 60 + int(d)) for a, b, c, d in PACE.findall(notes)}


PLAN = generate_plan(
    PlanRequest("MARATHON", date(2027, 4, 25), date(2026, 12, 1), 40, None, None, 5, "intermediate"),
    athlete_vdot=40.0,
)


def test_only_a_goal_the_standard_builder_made_has_an_event_to_render_for() -> None:
    assert generated_notes.generated_event(GoalFields("g", race_type="MARATHON", creation_mode=CREATION_MODE))
    assert (
        generated_notes.generated_event(GoalFields("g", race_type="MARATHON", creation_mode="CUSTOM")) is None
    )
    assert (
        generated_notes.generated_event(GoalFields("g", race_type="STEEPLE", creation_mode=CREATION_MODE))
        is None
    )


def test_every_generated_workout_is_kinetics_own_and_follows_a_new_vdot() -> None:
    """Each workout's notes are what its stored steps render; after the VDOT moves from 40 to 50 the
    re-rendered notes name exactly the new steps' bands, and the race its new target."""
    kinds = set()
    for workout in PLAN.workouts:
        kind = workout.workout_type.lower()
        kinds.add(kind)
        target = endurance(workout)
        assert generated_notes.is_kinetic_own(workout.description, kind, target, MARATHON), workout.name
        assert named(workout.description) == bands(target.steps)
        moved = generated_notes.with_race_target(target, kind, MARATHON, 50.0)
        again = generated_notes.rendered(kind, with_resolved_paces(moved, 50.0), MARATHON)
        assert again is not None
        notes, after = again
        assert named(notes) == bands(after.steps) and notes != workout.description
        if kind == "race":
            band = race_target(MARATHON, 50.0)
            assert bands(after.steps) == {(band.low_s_per_km, band.high_s_per_km)}
            assert after.planned_duration_seconds is not None and workout.duration_s is not None
            assert after.planned_duration_seconds < workout.duration_s
    assert kinds >= {"easy", "long", "tempo", "repetitions", "race"}


def test_a_users_own_text_or_race_target_is_not_kinetics_to_render() -> None:
    race = PLAN.workouts[-1]
    target = endurance(race)
    assert not generated_notes.is_kinetic_own("Goal: sub 3:30, negative split", "race", target, MARATHON)
    (step,) = target.steps
    assert step.target is not None
    mine = replace(
        target,
        steps=(
            replace(
                step, target=replace(step.target, pace_low_seconds_per_km=290, pace_high_seconds_per_km=300)
            ),
        ),
    )
    assert not generated_notes.is_kinetic_own(race.description, "race", mine, MARATHON)
    heart_rate = replace(
        target, steps=(replace(step, target=StepTarget(kind="heart_rate", heart_rate_zone=3)),)
    )
    assert not generated_notes.is_kinetic_own(race.description, "race", heart_rate, MARATHON)


def test_the_goal_note_kinetic_wrote_names_the_new_vdot_and_the_athletes_stays() -> None:
    written = "Generated plan hm-5d-3f2a: VDOT 41.2 (estimate)."
    assert generated_notes.recalibrated_goal_notes(written, 52.04) == (
        "Generated plan hm-5d-3f2a: VDOT 52.0 (athlete thresholds)."
    )
    own = "Generated plan, but I moved the long runs to Sunday."
    assert generated_notes.recalibrated_goal_notes(own, 52.0) == own
    assert generated_notes.recalibrated_goal_notes(written, None) == written
    assert generated_notes.recalibrated_goal_notes(written, float("nan")) == written
