"""Occurrences, workouts and plans as Metric's JSON, read field by field.

The same dicts, in the same key order, as ``records.record`` (``json_format.MessageToDict`` with
``always_print_fields_with_no_presence``), without its per-field descriptor walk: a 93-day
calendar renders about a hundred occurrences per read, a workouts page a hundred workouts with
their movements (docs/decisions/0019-training-benchmark.md, "Rendering without MessageToDict").

MessageToDict's rules kept here:
- Keys are the proto's ``json_name``s (``workoutID``, ``exerciseIDs``, ``targetWeightKg``).
- Fields without presence (plain scalars, repeated fields) are always printed; message fields
  and ``optional`` scalars only when set.
- Key order: the fields MessageToDict lists as set come first, in field-number order; the
  fields it adds as defaults (``""``, ``0``, ``[]``) follow in declaration order. Each renderer
  writes its fields in number order and then moves its defaults to the end (``_defaults_last``).
- Doubles ``inf``/``nan`` print as ``"Infinity"``/``"-Infinity"``/``"NaN"``; timestamps as
  ``Timestamp.ToJsonString``.

tests/unit/edge/test_training_json.py compares every renderer with MessageToDict on fully set,
empty and partly set messages, so a field added to the proto and not here fails there.
"""

from __future__ import annotations

import math
from typing import Any

from kinetic.proto_enums import word_of
from kinetic.training.v1 import training_pb2

# Fields without presence, in declaration order: printed even when default, then after the rest.
_OCCURRENCE_PLAIN = (
    "workoutID",
    "originalScheduledDay",
    "day",
    "workoutName",
    "status",
    "replacementWorkoutID",
    "planID",
    "phaseID",
    "weekStartDay",
)
_WORKOUT_PLAIN = (
    "id",
    "version",
    "name",
    "kind",
    "notes",
    "scheduleSegments",
    "exercises",
    "crossFitBlocks",
    "planID",
    "phaseID",
    "activeFromDay",
    "activeUntilDay",
)
_SCHEDULE_PLAIN = ("type", "weekdays", "intervalDays", "anchorDay")
_SEGMENT_PLAIN = ("effectiveDay",)
_EXERCISE_PLAIN = ("id", "exerciseID", "exerciseName", "trackingMode", "notes")
_CONFIGURATION_PLAIN = ("format", "durationSeconds", "rounds", "intervalSeconds")
_BLOCK_PLAIN = ("id", "exerciseIDs")
_PLAN_PLAIN = ("id", "version", "name", "notes", "phases")
_ENDURANCE_PLAIN = ("sport", "steps", "plannedTssLocked")
_INTENSITY_PLAIN = ("kind", "label")
_STEP_PLAIN = ("type", "role", "notes", "repeatCount", "steps")
_SUMMARY_PLAIN = ("sport", "intensity", "stepSummary")

# StepTarget's optional values: (field, json name, is a double), in field-number order.
_STEP_TARGETS = (
    ("pace_low_seconds_per_km", "paceLowSecondsPerKm", False),
    ("pace_high_seconds_per_km", "paceHighSecondsPerKm", False),
    ("watts_low", "wattsLow", False),
    ("watts_high", "wattsHigh", False),
    ("ftp_percent_low", "ftpPercentLow", True),
    ("ftp_percent_high", "ftpPercentHigh", True),
    ("bpm_low", "bpmLow", False),
    ("bpm_high", "bpmHigh", False),
    ("heart_rate_zone", "heartRateZone", False),
    ("rpe", "rpe", False),
    ("pace_zone", "paceZone", False),
)
_PHASE_PLAIN = ("id", "name", "startDay", "endDayExclusive", "workoutIDs")

# WorkoutExercise's optional targets: (field, json name, is a double), in field-number order.
_TARGETS = (
    ("target_sets", "targetSets", False),
    ("target_reps", "targetReps", False),
    ("target_weight_kg", "targetWeightKg", True),
    ("target_duration_seconds", "targetDurationSeconds", False),
    ("target_distance_meters", "targetDistanceMeters", True),
    ("target_calories", "targetCalories", False),
    ("interval_work_seconds", "intervalWorkSeconds", False),
    ("interval_rest_seconds", "intervalRestSeconds", False),
    ("interval_rounds", "intervalRounds", False),
    ("rest_seconds", "restSeconds", False),
)


def _defaults_last(rendered: dict[str, Any], plain: tuple[str, ...]) -> dict[str, Any]:
    """Move the default-valued fields without presence to the end, in declaration order."""
    for key in plain:
        value = rendered[key]
        if not value:
            del rendered[key]
            rendered[key] = value
    return rendered


def _double(value: float) -> float | str:
    if math.isinf(value):
        return "-Infinity" if value < 0 else "Infinity"
    if math.isnan(value):
        return "NaN"
    return value


def occurrence_json(occurrence: training_pb2.Occurrence) -> dict[str, Any]:
    """One occurrence of the calendar or history view."""
    rendered: dict[str, Any] = {
        "workoutID": occurrence.workout_id,
        "originalScheduledDay": occurrence.original_scheduled_day,
        "day": occurrence.day,
        "workoutName": occurrence.workout_name,
        "status": occurrence.status,
        "replacementWorkoutID": occurrence.replacement_workout_id,
        "planID": occurrence.plan_id,
        "phaseID": occurrence.phase_id,
        "weekStartDay": occurrence.week_start_day,
    }
    if occurrence.HasField("complete_time"):
        rendered["completeTime"] = occurrence.complete_time.ToJsonString()
    if occurrence.HasField("endurance"):
        rendered["endurance"] = _summary_json(occurrence.endurance)
    return _defaults_last(rendered, _OCCURRENCE_PLAIN)


def _summary_json(summary: training_pb2.EnduranceSummary) -> dict[str, Any]:
    rendered: dict[str, Any] = {"sport": word_of(summary, "sport")}
    if summary.HasField("planned_duration_seconds"):
        rendered["plannedDurationSeconds"] = summary.planned_duration_seconds
    if summary.HasField("planned_distance_meters"):
        rendered["plannedDistanceMeters"] = _double(summary.planned_distance_meters)
    rendered["intensity"] = summary.intensity
    rendered["stepSummary"] = summary.step_summary
    return _defaults_last(rendered, _SUMMARY_PLAIN)


def _step_target_json(target: training_pb2.StepTarget) -> dict[str, Any]:
    rendered: dict[str, Any] = {"kind": word_of(target, "kind")}
    for field, key, is_double in _STEP_TARGETS:
        if target.HasField(field):
            value = getattr(target, field)
            rendered[key] = _double(value) if is_double else value
    return _defaults_last(rendered, ("kind",))


def _step_json(step: training_pb2.EnduranceStep) -> dict[str, Any]:
    rendered: dict[str, Any] = {"type": word_of(step, "type"), "role": word_of(step, "role")}
    if step.HasField("duration_seconds"):
        rendered["durationSeconds"] = step.duration_seconds
    if step.HasField("distance_meters"):
        rendered["distanceMeters"] = _double(step.distance_meters)
    if step.HasField("target"):
        rendered["target"] = _step_target_json(step.target)
    rendered["notes"] = step.notes
    rendered["repeatCount"] = step.repeat_count
    rendered["steps"] = [_step_json(inner) for inner in step.steps]
    return _defaults_last(rendered, _STEP_PLAIN)


def endurance_json(endurance: training_pb2.EnduranceTarget) -> dict[str, Any]:
    """A planned endurance workout's part: sport, planned totals, intensity and steps."""
    rendered: dict[str, Any] = {"sport": word_of(endurance, "sport")}
    if endurance.HasField("planned_duration_seconds"):
        rendered["plannedDurationSeconds"] = endurance.planned_duration_seconds
    if endurance.HasField("planned_distance_meters"):
        rendered["plannedDistanceMeters"] = _double(endurance.planned_distance_meters)
    if endurance.HasField("intensity"):
        rendered["intensity"] = _defaults_last(
            {"kind": word_of(endurance.intensity, "kind"), "label": endurance.intensity.label},
            _INTENSITY_PLAIN,
        )
    rendered["steps"] = [_step_json(step) for step in endurance.steps]
    if endurance.HasField("planned_tss"):
        rendered["plannedTss"] = _double(endurance.planned_tss)
    rendered["plannedTssLocked"] = endurance.planned_tss_locked
    return _defaults_last(rendered, _ENDURANCE_PLAIN)


def schedule_json(schedule: training_pb2.Schedule) -> dict[str, Any]:
    """A workout's schedule."""
    rendered = {
        "type": schedule.type,
        "weekdays": list(schedule.weekdays),
        "intervalDays": schedule.interval_days,
        "anchorDay": schedule.anchor_day,
    }
    return _defaults_last(rendered, _SCHEDULE_PLAIN)


def _segment_json(segment: training_pb2.ScheduleSegment) -> dict[str, Any]:
    rendered: dict[str, Any] = {"effectiveDay": segment.effective_day}
    if segment.HasField("schedule"):
        rendered["schedule"] = schedule_json(segment.schedule)
    return _defaults_last(rendered, _SEGMENT_PLAIN)


def _exercise_json(exercise: training_pb2.WorkoutExercise) -> dict[str, Any]:
    rendered: dict[str, Any] = {
        "id": exercise.id,
        "exerciseID": exercise.exercise_id,
        "exerciseName": exercise.exercise_name,
        "trackingMode": exercise.tracking_mode,
    }
    for field, key, is_double in _TARGETS:
        if exercise.HasField(field):
            value = getattr(exercise, field)
            rendered[key] = _double(value) if is_double else value
    rendered["notes"] = exercise.notes
    return _defaults_last(rendered, _EXERCISE_PLAIN)


def _block_json(block: training_pb2.CrossFitBlock) -> dict[str, Any]:
    rendered: dict[str, Any] = {"id": block.id}
    if block.HasField("configuration"):
        setup = block.configuration
        rendered["configuration"] = _defaults_last(
            {
                "format": setup.format,
                "durationSeconds": setup.duration_seconds,
                "rounds": setup.rounds,
                "intervalSeconds": setup.interval_seconds,
            },
            _CONFIGURATION_PLAIN,
        )
    rendered["exerciseIDs"] = list(block.exercise_ids)
    return _defaults_last(rendered, _BLOCK_PLAIN)


def workout_json(workout: training_pb2.Workout) -> dict[str, Any]:
    """One workout of the workouts view, with its schedule, movements and crossFitBlocks."""
    rendered: dict[str, Any] = {
        "id": workout.id,
        "version": workout.version,
        "name": workout.name,
        "kind": workout.kind,
        "notes": workout.notes,
    }
    if workout.HasField("schedule"):
        rendered["schedule"] = schedule_json(workout.schedule)
    rendered["scheduleSegments"] = [_segment_json(s) for s in workout.schedule_segments]
    rendered["exercises"] = [_exercise_json(e) for e in workout.exercises]
    rendered["crossFitBlocks"] = [_block_json(b) for b in workout.cross_fit_blocks]
    rendered["planID"] = workout.plan_id
    rendered["phaseID"] = workout.phase_id
    rendered["activeFromDay"] = workout.active_from_day
    rendered["activeUntilDay"] = workout.active_until_day
    if workout.HasField("create_time"):
        rendered["createTime"] = workout.create_time.ToJsonString()
    if workout.HasField("update_time"):
        rendered["updateTime"] = workout.update_time.ToJsonString()
    if workout.HasField("endurance"):
        rendered["endurance"] = endurance_json(workout.endurance)
    return _defaults_last(rendered, _WORKOUT_PLAIN)


def _phase_json(phase: training_pb2.Phase) -> dict[str, Any]:
    rendered = {
        "id": phase.id,
        "name": phase.name,
        "startDay": phase.start_day,
        "endDayExclusive": phase.end_day_exclusive,
        "workoutIDs": list(phase.workout_ids),
    }
    return _defaults_last(rendered, _PHASE_PLAIN)


def plan_json(plan: training_pb2.Plan) -> dict[str, Any]:
    """One plan of the plans view, with its phases."""
    rendered: dict[str, Any] = {
        "id": plan.id,
        "version": plan.version,
        "name": plan.name,
        "notes": plan.notes,
        "phases": [_phase_json(p) for p in plan.phases],
    }
    if plan.HasField("create_time"):
        rendered["createTime"] = plan.create_time.ToJsonString()
    if plan.HasField("update_time"):
        rendered["updateTime"] = plan.update_time.ToJsonString()
    return _defaults_last(rendered, _PLAN_PLAIN)
