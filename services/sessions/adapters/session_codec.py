"""Sessions and performances as JSON: the change feed's payloads and the stored setup values.

Keys are camelCase, as the Client AI contract (seed 002) names the fields; times are ISO 8601 UTC.
"""

from __future__ import annotations

import json
from datetime import datetime
from typing import Any

from services.sessions.domain.session_model import LoggedSet, Performance, Session, SetupScalar, SetupValue


def _time(value: datetime | None) -> str | None:
    return value.isoformat() if value is not None else None


def _scalar(value: SetupScalar) -> SetupScalar:
    # Numbers are always floats (as protobuf carries them), so 8 and 8.0 serialize the same.
    return value if isinstance(value, bool | str) else float(value)


def _setup_list(values: tuple[SetupValue, ...]) -> list[dict[str, Any]]:
    return [{"key": v.key, "value": _scalar(v.value)} for v in values]


def setup_values_to_json(values: tuple[SetupValue, ...]) -> str:
    """Stored form of a setup value list (JSON keeps strings, numbers and booleans apart)."""
    return json.dumps(_setup_list(values), separators=(",", ":"))


def setup_values_from_json(text: str) -> tuple[SetupValue, ...]:
    """The list :func:`setup_values_to_json` stored."""
    return tuple(SetupValue(item["key"], item["value"]) for item in json.loads(text))


def set_to_dict(entry: LoggedSet) -> dict[str, Any]:
    """One set, unset numbers left out."""
    out: dict[str, Any] = {
        "setNumber": entry.set_number,
        "setType": entry.set_type,
        "completed": entry.completed,
        "estimated": entry.estimated,
    }
    optional = {
        "weight": entry.weight_kg,
        "reps": entry.reps,
        "timeSeconds": entry.time_seconds,
        "distanceMeters": entry.distance_meters,
        "restSeconds": entry.rest_seconds,
        "rpe": entry.rpe,
    }
    out.update({key: _scalar(value) for key, value in optional.items() if value is not None})
    if entry.notes:
        out["notes"] = entry.notes
    return out


def performance_to_dict(performance: Performance) -> dict[str, Any]:
    """A performance with its sets."""
    return {
        "performanceId": performance.performance_id,
        "sessionId": performance.session_id,
        "exerciseId": performance.exercise_id,
        "planExerciseId": performance.plan_exercise_id,
        "notes": performance.notes,
        "restSeconds": None if performance.rest_seconds is None else float(performance.rest_seconds),
        "isCompleted": performance.is_completed,
        "setupValues": _setup_list(performance.setup_values),
        "nextSetupValues": _setup_list(performance.next_setup_values),
        "setupSettingsEnabled": performance.setup_settings_enabled,
        "showSetRpe": performance.show_set_rpe,
        "sets": [set_to_dict(s) for s in performance.sets],
        "updatedAt": _time(performance.updated_at),
    }


def session_to_dict(session: Session) -> dict[str, Any]:
    """A session's own fields (performances travel in their own changes)."""
    return {
        "sessionId": session.session_id,
        "source": session.source.kind,
        "planId": session.source.plan_id,
        "planMomentId": session.source.plan_moment_id,
        "workoutId": session.source.workout_id,
        "originalScheduledDay": session.source.original_scheduled_day,
        "companyId": session.company_id,
        "status": session.status,
        "title": session.title,
        "notes": session.notes,
        "startedAt": _time(session.started_at),
        "endedAt": _time(session.ended_at),
        "updatedAt": _time(session.updated_at),
        "experiencePoints": session.experience_points,
        "performanceCount": session.performance_count,
    }
