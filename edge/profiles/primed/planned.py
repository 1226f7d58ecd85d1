"""A planned workout as the session Primed's decision reads: its structured steps as ``intervals``
(targets in words) and a ``target_intensity`` when the workout names none (decision 0078).

Training's calendar line (``Occurrence.endurance``) holds the steps in one line only; the steps
themselves come from the workout (``ListWorkouts``) and, for a workout of a RunFlow plan, its
workout type from the plan (``GetPlan``).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from kinetic.analytics.v1 import endurance_pb2
from kinetic.proto_enums import word_of
from kinetic.training.v1 import training_pb2
from knowledge.training.endurance_summary import target_text

# Analytics takes at most this many intervals a session (coaching_pb.MAX_INTERVALS).
MAX_INTERVALS = 100
_STEP_LABELS = {"warm_up": "warm-up", "cool_down": "cool-down"}
# A RunFlow workout type as the seed's intensity tier ("Z2 - Aerobic Endurance"); decision 0078.
TYPE_TIERS = {
    "recovery": "Z1 - Recovery",
    "easy": "Z2 - Aerobic Endurance",
    "long": "Z2 - Aerobic Endurance",
    "ride_endurance": "Z2 - Aerobic Endurance",
    "cross_training": "Z2 - Aerobic Endurance",
    "swim_technique": "Z1-Z2 - Technique",
    "tempo": "Z3 - Tempo",
    "ride_intervals": "Z4 - Threshold intervals",
    "intervals": "Z5 - VO2max intervals",
    "repetitions": "Z5+ - Speed repetitions",
    "race": "Race effort",
    "strength": "Strength",
}
# How hard a target kind's step is is not comparable across kinds; the work steps' first target
# stands for the session (the steps a plan calls "work" are its point).
_WORK_ROLES = ("work",)


def intervals(steps: Sequence[training_pb2.EnduranceStep]) -> list[endurance_pb2.PlannedInterval]:
    """The steps in the order they are done: a repeat of one step is that step with ``repeat``; a
    repeat of several is written out round by round, so work and recovery alternate as planned.
    When that would be over ``MAX_INTERVALS``, every repeat's steps carry its count instead (the
    description keeps the whole structure)."""
    if _written_out_count(steps) <= MAX_INTERVALS:
        return list(_written_out(steps))
    return list(_compact(steps, 1))[:MAX_INTERVALS]


def _single(step: training_pb2.EnduranceStep) -> bool:
    return len(step.steps) == 1 and word_of(step.steps[0], "type") != "repeat"


def _written_out_count(steps: Iterable[training_pb2.EnduranceStep]) -> int:
    count = 0
    for step in steps:
        if word_of(step, "type") != "repeat" or _single(step):
            count += 1
        else:
            count += max(step.repeat_count, 1) * _written_out_count(step.steps)
    return count


def _written_out(steps: Iterable[training_pb2.EnduranceStep]) -> Iterable[endurance_pb2.PlannedInterval]:
    for step in steps:
        if word_of(step, "type") != "repeat":
            yield _interval(step)
        elif _single(step):
            yield _interval(step.steps[0], max(step.repeat_count, 1))
        else:
            block = list(_written_out(step.steps))
            for _ in range(max(step.repeat_count, 1)):
                yield from block


def _interval(step: training_pb2.EnduranceStep, repeat: int = 1) -> endurance_pb2.PlannedInterval:
    interval = endurance_pb2.PlannedInterval(
        label=_STEP_LABELS.get(kind := word_of(step, "type")) or word_of(step, "role") or kind,
        target=target_text(step.target, word_of(step.target, "kind")) if step.HasField("target") else "",
        repeat=repeat,
    )
    if step.HasField("duration_seconds"):
        interval.duration_seconds = step.duration_seconds
    if step.HasField("distance_meters"):
        interval.distance_meters = step.distance_meters
    return interval


def _compact(
    steps: Iterable[training_pb2.EnduranceStep], times: int
) -> Iterable[endurance_pb2.PlannedInterval]:
    for step in steps:
        if word_of(step, "type") == "repeat":
            yield from _compact(step.steps, times * max(step.repeat_count, 1))
        else:
            yield _interval(step, times)


def _work_target(steps: Iterable[training_pb2.EnduranceStep]) -> str:
    """The first work step's target in words; "" when no work step has one."""
    for step in steps:
        if word_of(step, "type") == "repeat":
            found = _work_target(step.steps)
            if found:
                return found
        elif word_of(step, "role") in _WORK_ROLES and step.HasField("target"):
            return target_text(step.target, word_of(step.target, "kind"))
    return ""


def target_intensity(endurance: training_pb2.EnduranceTarget, workout_type: str = "") -> str:
    """The workout's own intensity label; without one, the tier of its plan workout type with its
    work target ("Z5 - VO2max intervals (3:45-3:55 /km)"), either alone, or "" when neither is
    known (decision 0078)."""
    if endurance.intensity.label:
        return endurance.intensity.label
    tier = TYPE_TIERS.get(workout_type, "")
    work = _work_target(endurance.steps)
    if tier and work:
        return f"{tier} ({work})"
    return tier or work
