"""Completed and live sessions as Metric's history and active views show them.

Seed 000 shares "completed logs": a session lists its exercises and their sets. Only what the
athlete did is shown: the owner's account, the gym's ``companyId``, performance and plan-exercise
IDs, setup flags and empty values stay out. Each session carries its local ``day`` and ``weekday``
(docs/decisions/0038-metric-answers-compact.md).
"""

from __future__ import annotations

from datetime import UTC
from typing import Any
from zoneinfo import ZoneInfo

from kinetic.sessions.v1 import sessions_pb2

_SOURCE_FIELDS = {
    "plan_day": (("planId", "plan_id"), ("planMomentId", "plan_moment_id")),
    "occurrence": (("workoutId", "workout_id"), ("originalScheduledDay", "original_scheduled_day")),
}
_OPTIONAL_NUMBERS = (
    ("weight_kg", "weightKg"),
    ("time_seconds", "timeSeconds"),
    ("distance_meters", "distanceMeters"),
    ("rest_seconds", "restSeconds"),
    ("rpe", "rpe"),
)


def _number(value: float) -> float | int:
    return int(value) if value.is_integer() else round(value, 2)


def set_json(logged: sessions_pb2.PerformanceSet) -> dict[str, Any]:
    """One set: its number, then only what was logged (``completed`` shown only when false)."""
    rendered: dict[str, Any] = {"setNumber": logged.set_number}
    if logged.set_type and logged.set_type != "N":
        rendered["setType"] = logged.set_type
    for field, key in _OPTIONAL_NUMBERS[:1]:
        if logged.HasField(field):
            rendered[key] = _number(getattr(logged, field))
    reps = logged.WhichOneof("reps")
    if reps == "reps_number":
        rendered["reps"] = _number(logged.reps_number)
    elif reps == "reps_text":
        rendered["reps"] = logged.reps_text
    for field, key in _OPTIONAL_NUMBERS[1:]:
        if logged.HasField(field):
            rendered[key] = _number(getattr(logged, field))
    if not logged.completed:
        rendered["completed"] = False
    if logged.notes:
        rendered["notes"] = logged.notes
    return rendered


def performance_json(performance: sessions_pb2.Performance) -> dict[str, Any]:
    """One exercise of a session and its sets."""
    rendered: dict[str, Any] = {"exerciseId": performance.exercise_id}
    # The name and catalog exercise as the sessions service recorded them when it was logged
    # (docs/decisions/0037-exercise-names-and-trends.md); left out when unknown.
    if performance.exercise_name:
        rendered["exerciseName"] = performance.exercise_name
    if performance.catalog_exercise_id:
        rendered["catalogExerciseId"] = performance.catalog_exercise_id
    if performance.notes:
        rendered["notes"] = performance.notes
    rendered["sets"] = [set_json(s) for s in performance.sets]
    return rendered


def session_json(session: sessions_pb2.Session, zone: str, *, with_sets: bool = True) -> dict[str, Any]:
    """A session; ``with_sets`` false lists it without its performances (over the size budget)."""
    rendered: dict[str, Any] = {"sessionId": session.session_id, "source": session.source}
    for key, field in _SOURCE_FIELDS.get(session.source, ()):
        rendered[key] = getattr(session, field)
    rendered["status"] = session.status
    rendered["title"] = session.title
    if session.notes:
        rendered["notes"] = session.notes
    if session.HasField("start_time"):
        started = session.start_time.ToDatetime(tzinfo=UTC).astimezone(ZoneInfo(zone))
        rendered["day"] = started.date().isoformat()
        rendered["weekday"] = started.strftime("%A")
        rendered["startTime"] = session.start_time.ToJsonString()
    if session.HasField("end_time"):
        rendered["endTime"] = session.end_time.ToJsonString()
        if session.HasField("start_time"):
            seconds = session.end_time.ToSeconds() - session.start_time.ToSeconds()
            rendered["durationSeconds"] = max(0, seconds)
    if session.HasField("update_time") and session.update_time != session.end_time:
        rendered["updateTime"] = session.update_time.ToJsonString()  # a completed session's is its end
    if session.experience_points:
        rendered["experiencePoints"] = session.experience_points
    rendered["performanceCount"] = session.performance_count
    if with_sets:
        rendered["performances"] = [performance_json(p) for p in session.performances]
    return rendered
