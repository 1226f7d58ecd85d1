"""RunFlow's workouts (structured steps v2, seed 004's words) to and from Training's endurance part.

A tool's workout is flat: ``sport`` (RUN, BIKE, SWIM, STRENGTH), ``workoutType`` (EASY, LONG...),
the planned totals, ``intensity``, ``plannedTss`` and ``structuredSteps``; Training keeps the sport,
totals, intensity, steps and planned TSS in ``EnduranceTarget`` (decision 0056) and the rest on the
plan workout (decision 0062). Steps keep Training's vocabulary (``warm_up``, ``interval``...) in
camelCase; a pace target may name a VDOT pace (``paceZone`` E, M, T, I, R) instead of seconds, and
Training resolves it from the athlete's VDOT (decision 0064).

Each closed-set word is sent with its enum twin (``twin_value``, ``put_word``): a Training replica
of this release reads the enum, one of the previous release the string; a word outside the set
goes in the string only, so Training refuses it with today's path and text (decision 0129).
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping
from typing import Any

from kinetic.proto_enums import put_word, twin_value, word_of
from kinetic.training.v1 import endurance_plans_pb2 as plans_pb2
from kinetic.training.v1 import training_pb2

# The contract's sports and Training's.
SPORTS = {"RUN": "run", "BIKE": "ride", "SWIM": "swim", "STRENGTH": "strength"}
CONTRACT_SPORTS = {stored: word for word, stored in SPORTS.items()}
WORKOUT_TYPES = (
    "EASY",
    "LONG",
    "TEMPO",
    "INTERVALS",
    "REPETITIONS",
    "RIDE_INTERVALS",
    "RACE",
    "RECOVERY",
    "RIDE_ENDURANCE",
    "SWIM_TECHNIQUE",
    "STRENGTH",
    "CROSS_TRAINING",
)
# A step target's arguments and StepTarget's fields; whole numbers are int32 there.
TARGET_FIELDS = {
    "paceLowSecondsPerKm": "pace_low_seconds_per_km",
    "paceHighSecondsPerKm": "pace_high_seconds_per_km",
    "paceZone": "pace_zone",
    "wattsLow": "watts_low",
    "wattsHigh": "watts_high",
    "ftpPercentLow": "ftp_percent_low",
    "ftpPercentHigh": "ftp_percent_high",
    "bpmLow": "bpm_low",
    "bpmHigh": "bpm_high",
    "heartRateZone": "heart_rate_zone",
    "rpe": "rpe",
}
WHOLE_TARGET_FIELDS = frozenset(TARGET_FIELDS.values()) - {"ftp_percent_low", "ftp_percent_high", "pace_zone"}
# The workout arguments that live in the endurance part (a change to one rewrites the part).
ENDURANCE_ARGUMENTS = (
    "sport",
    "plannedDurationSeconds",
    "plannedDistanceMeters",
    "intensity",
    "structuredSteps",
)


def contract_sport(stored: str) -> str:
    """RUN, BIKE, SWIM, STRENGTH; another sport (a Metric workout's ``other``) upper-cased."""
    return CONTRACT_SPORTS.get(stored, stored.upper())


def step_target(given: Mapping[str, Any]) -> training_pb2.StepTarget:
    kind = given["kind"]
    target = training_pb2.StepTarget(kind=kind, kind_value=twin_value(training_pb2.TargetKind, kind))
    for word, field in TARGET_FIELDS.items():
        if word in given:
            value = given[word]
            setattr(target, field, int(value) if field in WHOLE_TARGET_FIELDS else value)
    return target


def step(given: Mapping[str, Any]) -> training_pb2.EnduranceStep:
    """One step (or a repeat with its steps) as Training stores it."""
    kind, role = given["type"], given.get("role", "")
    built = training_pb2.EnduranceStep(
        type=kind,
        role=role,
        type_value=twin_value(training_pb2.StepType, kind),
        role_value=twin_value(training_pb2.StepRole, role),
        notes=given.get("notes", ""),
        repeat_count=int(given.get("repeatCount", 0)),
        steps=[step(inner) for inner in given.get("steps", ())],
    )
    if "durationSeconds" in given:
        built.duration_seconds = int(given["durationSeconds"])
    if "distanceMeters" in given:
        built.distance_meters = float(given["distanceMeters"])
    if "target" in given:
        built.target.CopyFrom(step_target(given["target"]))
    return built


def apply_endurance(target: training_pb2.EnduranceTarget, workout: Mapping[str, Any]) -> None:
    """Set the endurance fields ``workout`` gives on ``target`` (others kept, planned TSS aside)."""
    if "sport" in workout:
        put_word(target, "sport", SPORTS[workout["sport"]])
    if "plannedDurationSeconds" in workout:
        target.planned_duration_seconds = int(workout["plannedDurationSeconds"])
    if "plannedDistanceMeters" in workout:
        target.planned_distance_meters = float(workout["plannedDistanceMeters"])
    if "intensity" in workout:
        kind = workout["intensity"]["kind"]
        target.intensity.CopyFrom(
            training_pb2.IntensityTarget(
                kind=kind,
                label=workout["intensity"]["label"],
                kind_value=twin_value(training_pb2.TargetKind, kind),
            )
        )
    if "structuredSteps" in workout:
        del target.steps[:]
        target.steps.extend(step(given) for given in workout["structuredSteps"])


def _leaves(
    steps: Iterable[training_pb2.EnduranceStep], times: int = 1
) -> Iterator[tuple[training_pb2.EnduranceStep, int]]:
    """Every step that is no repeat, with how many times it is done."""
    for given in steps:
        if given.type == "repeat":
            yield from _leaves(given.steps, times * max(given.repeat_count, 1))
        else:
            yield given, times


def retotal(target: training_pb2.EnduranceTarget, workout: Mapping[str, Any]) -> None:
    """After ``structuredSteps`` replaced a workout's steps: each planned total the caller did not
    give is the new steps' sum when every step has that measure, and is cleared otherwise (the old
    figure described other steps). Empty steps keep the totals (decision 0078)."""
    if "structuredSteps" not in workout or not target.steps:
        return
    leaves = list(_leaves(target.steps))
    if "plannedDurationSeconds" not in workout:
        if all(leaf.HasField("duration_seconds") for leaf, _ in leaves):
            target.planned_duration_seconds = sum(leaf.duration_seconds * n for leaf, n in leaves)
        else:
            target.ClearField("planned_duration_seconds")
    if "plannedDistanceMeters" not in workout:
        if all(leaf.HasField("distance_meters") for leaf, _ in leaves):
            target.planned_distance_meters = sum(leaf.distance_meters * n for leaf, n in leaves)
        else:
            target.ClearField("planned_distance_meters")


def draft(workout: Mapping[str, Any], *, lock_planned_tss: bool = False) -> plans_pb2.WorkoutDraft:
    """A new workout: its plan fields, and the endurance part with its planned TSS.

    A given ``plannedTss`` is kept as given (locked) when ``lock_planned_tss``; otherwise Training
    computes planned TSS from the steps and the thresholds and the given value only stands in when
    nothing can be computed.
    """
    endurance = training_pb2.EnduranceTarget()
    apply_endurance(endurance, workout)
    workout_type = workout.get("workoutType", "").lower()
    if "plannedTss" in workout:
        endurance.planned_tss = float(workout["plannedTss"])
        endurance.planned_tss_locked = lock_planned_tss
    return plans_pb2.WorkoutDraft(
        name=workout.get("name", ""),
        notes=workout.get("notes", ""),
        scheduled_date=workout.get("scheduledDate", ""),
        order=int(workout.get("order", 0)),
        workout_type=workout_type,
        workout_type_value=twin_value(plans_pb2.WorkoutType, workout_type),
        endurance=endurance,
    )


def target_json(target: training_pb2.StepTarget) -> dict[str, Any]:
    rendered: dict[str, Any] = {"kind": word_of(target, "kind")}  # the twin, else the string (0129)
    for word, field in TARGET_FIELDS.items():
        if target.HasField(field):
            value = getattr(target, field)
            rendered[word] = round(value, 1) if isinstance(value, float) else value
    return rendered


def step_json(given: training_pb2.EnduranceStep) -> dict[str, Any]:
    """A stored step in the tools' words (the same shape they are written in)."""
    kind, role = word_of(given, "type"), word_of(given, "role")  # the twins, else the strings (0129)
    rendered: dict[str, Any] = {"type": kind}
    if role:
        rendered["role"] = role
    if given.HasField("duration_seconds"):
        rendered["durationSeconds"] = given.duration_seconds
    if given.HasField("distance_meters"):
        rendered["distanceMeters"] = round(given.distance_meters, 1)
    if given.HasField("target"):
        rendered["target"] = target_json(given.target)
    if given.notes:
        rendered["notes"] = given.notes
    if kind == "repeat":
        rendered["repeatCount"] = given.repeat_count
        rendered["steps"] = [step_json(inner) for inner in given.steps]
    return rendered
