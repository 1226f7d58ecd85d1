"""Sessions and gym messages as the Client AI tools' JSON (schemas.py describes every shape).

Field names follow seed 002's inputs (``weight`` in kilograms, ``timeSeconds``, ``setupValues``),
so what an assistant logs reads back under the same names. Unset optional figures are ``null``.
"""

from __future__ import annotations

import re
from typing import Any, Final

from google.protobuf import json_format, struct_pb2, timestamp_pb2

from edge.profiles.proto_fields import optional_field
from kinetic.sessions.v1 import gyms_pb2, sessions_pb2
from knowledge.limits import sessions

_OBJECT_ID: Final = re.compile(sessions.OBJECT_ID_PATTERN)


def is_object_id(value: str) -> bool:
    """Whether ``value`` has this contract's ID shape (a 24-character ObjectId)."""
    return _OBJECT_ID.match(value) is not None


def timestamp(message: Any, field: str) -> str | None:
    """An RFC 3339 UTC text of a Timestamp field, or None when unset."""
    if not message.HasField(field):
        return None
    value: timestamp_pb2.Timestamp = getattr(message, field)
    return str(value.ToJsonString())


def setup_value(value: sessions_pb2.SetupValue) -> dict[str, Any]:
    """``{key, value}``."""
    kind = value.WhichOneof("value")
    rendered: Any = getattr(value, kind) if kind else None
    return {"key": value.key, "value": rendered}


def performance_set(item: sessions_pb2.PerformanceSet) -> dict[str, Any]:
    """One set, with the input's field names."""
    reps_kind = item.WhichOneof("reps")
    reps = getattr(item, reps_kind) if reps_kind else None
    if isinstance(reps, float) and reps.is_integer():
        reps = int(reps)
    return {
        "setNumber": item.set_number,
        "setType": item.set_type or "N",
        "weight": optional_field(item, "weight_kg"),
        "reps": reps,
        "timeSeconds": optional_field(item, "time_seconds"),
        "distanceMeters": optional_field(item, "distance_meters"),
        "restSeconds": optional_field(item, "rest_seconds"),
        "rpe": optional_field(item, "rpe"),
        "completed": item.completed,
        "notes": item.notes,
        "estimated": item.estimated,
    }


def performance(item: sessions_pb2.Performance) -> dict[str, Any]:
    """One exercise performance with its sets, and its exercise's name (decision 0108)."""
    return {
        "id": item.performance_id,
        "exerciseId": item.exercise_id,
        "exerciseName": item.exercise_name or None,
        "planExerciseId": item.plan_exercise_id or None,
        "notes": item.notes,
        "restSeconds": optional_field(item, "rest_seconds"),
        "isCompleted": item.is_completed,
        "setupValues": [setup_value(v) for v in item.setup_values],
        "nextSetupValues": [setup_value(v) for v in item.next_setup_values],
        "setupSettingsEnabled": item.setup_settings_enabled,
        "showSetRpe": item.show_set_rpe,
        "sets": [performance_set(s) for s in item.sets],
        "updatedAt": timestamp(item, "update_time"),
    }


def session(item: sessions_pb2.Session, *, with_performances: bool = True) -> dict[str, Any]:
    """A session; lists leave ``performances`` out (the service does not fill them there)."""
    rendered: dict[str, Any] = {
        "id": item.session_id,
        "source": item.source,
        "planId": item.plan_id or None,
        "planMomentId": item.plan_moment_id or None,
        "status": item.status,
        "title": item.title,
        "notes": item.notes,
        "startedAt": timestamp(item, "start_time"),
        "endedAt": timestamp(item, "end_time"),
        "updatedAt": timestamp(item, "update_time"),
        "experiencePoints": item.experience_points,
        "performanceCount": item.performance_count,
    }
    if item.source == "occurrence":
        rendered["workoutId"] = item.workout_id
        rendered["originalScheduledDay"] = item.original_scheduled_day
    if with_performances:
        rendered["performances"] = [performance(p) for p in item.performances]
    return rendered


def plan_summary(plan: gyms_pb2.ClientPlanSummary) -> dict[str, Any]:
    """A plan as the list shows it."""
    return {
        "id": plan.id,
        "name": plan.name,
        "description": plan.description,
        "status": plan.status,
        "dayCount": plan.day_count,
        **next_day_field(plan),
    }


def next_day_field(plan: gyms_pb2.ClientPlanSummary | gyms_pb2.ClientPlan) -> dict[str, Any]:
    """``nextDay``: the day after the client's last completed one, so "what's on my plan today"
    needs no search through sessions; left out when the plan has no visible day."""
    if not plan.HasField("next_day"):
        return {}
    found = plan.next_day
    rendered: dict[str, Any] = {"id": found.id, "name": found.name, "position": found.position}
    if found.last_completed_day_id:
        rendered["lastCompletedDayId"] = found.last_completed_day_id
        rendered["lastCompletedAt"] = timestamp(found, "last_completed_time")
    return {"nextDay": rendered}


def plan(item: gyms_pb2.ClientPlan) -> dict[str, Any]:
    """A plan with its visible day summaries."""
    return {
        "id": item.id,
        "name": item.name,
        "description": item.description,
        "status": item.status,
        "coachName": item.coach_name,
        "days": [
            {"id": d.id, "name": d.name, "position": d.position, "exerciseCount": d.exercise_count}
            for d in item.days
        ],
        "daysTruncated": item.days_truncated,
        **next_day_field(item),
    }


def plan_day(day: gyms_pb2.ClientPlanDay) -> dict[str, Any]:
    """A plan day with its exercises and the coach's targets."""
    return {
        "id": day.id,
        "planId": day.plan_id,
        "planName": day.plan_name,
        "name": day.name,
        "position": day.position,
        "exercises": [
            {
                "id": e.id,
                "exerciseId": e.exercise_id,
                "exerciseName": e.exercise_name,
                "catalogExerciseId": e.catalog_exercise_id or None,
                "targetSets": optional_field(e, "target_sets"),
                "targetReps": e.target_reps,
                "targetWeightKg": optional_field(e, "target_weight_kg"),
                "restSeconds": optional_field(e, "rest_seconds"),
                "notes": e.notes,
            }
            for e in day.exercises
        ],
    }


def exercise(item: gyms_pb2.ClientExercise) -> dict[str, Any]:
    """An exercise the client may see."""
    return {
        "id": item.id,
        "name": item.name,
        "instructions": item.instructions,
        "catalogExerciseId": item.catalog_exercise_id or None,
        "own": item.own,
    }


def _value(value: struct_pb2.Value) -> Any:
    if value.WhichOneof("kind") is None:
        return None
    return json_format.MessageToDict(value)


def effective_fields(fields: Any) -> list[dict[str, Any]]:
    """The effective machine setup ``{key, label, value, source}`` (source: company or system)."""
    return [{"key": f.key, "label": f.label, "value": _value(f.value), "source": f.source} for f in fields]


def kept_setup_values(fields: Any) -> list[dict[str, Any]]:
    """``nextSetupValues`` as the log tool takes them, ``{key, value}``, with a preset's label for the key."""
    return [
        {"key": f.key, **({"label": f.label} if f.label else {}), "value": _value(f.value)} for f in fields
    ]


def performance_of(item: sessions_pb2.Performance, shown: gyms_pb2.ClientExercise) -> dict[str, Any]:
    """A performance in the history of the gym exercise ``shown``: one logged in another profile
    under its catalog ID ("barbell-back-squat") is shown as that exercise, by the gym's ID and name,
    the shape this contract's exercise IDs have (decision 0108)."""
    rendered = performance(item)
    if item.exercise_id == shown.id or not is_object_id(item.exercise_id):
        rendered["exerciseId"] = shown.id
        rendered["exerciseName"] = shown.name
    return rendered
