"""Sessions and performances as JSON: the change feed's payloads and the stored setup values.

Keys are camelCase, as the Client AI contract (seed 002) names the fields; times are ISO 8601 UTC.
The feed's stored payloads keep this form (every row ever written must still read), and the
``*_from_dict`` functions read it back for ``ListChanges``' typed payload (decision 0029).
"""

from __future__ import annotations

import json
from datetime import datetime
from typing import Any

from services.sessions.domain.session_model import (
    STATUSES,
    LoggedSet,
    Performance,
    Session,
    SessionSource,
    SessionStatus,
    SetupScalar,
    SetupValue,
    SourceKind,
)


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
    # Left out when unset, so sets logged without a unit serialize as they always did.
    if entry.load_value is not None:
        out["loadValue"] = float(entry.load_value)
    if entry.load_unit:
        out["loadUnit"] = entry.load_unit
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
        "exerciseName": performance.exercise_name,
        "catalogExerciseId": performance.catalog_exercise_id,
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
    } | _program_label(session)


def _program_label(session: Session) -> dict[str, str]:
    # Only a labelled workout carries the keys, so other sessions serialize as they always did.
    if not (session.program_id or session.program_day):
        return {}
    return {"programId": session.program_id, "programDay": session.program_day}


# --- back from JSON (the stored feed) --------------------------------------------------------------


def time_from_json(value: str | None) -> datetime | None:
    """A time :func:`_time` wrote; None for null or a missing key."""
    return datetime.fromisoformat(value) if value else None


def setup_list_from_json(items: list[dict[str, Any]]) -> tuple[SetupValue, ...]:
    """A setup value list as :func:`_setup_list` wrote it."""
    return tuple(SetupValue(item["key"], item["value"]) for item in items)


def set_from_dict(entry: dict[str, Any]) -> LoggedSet:
    """A set as :func:`set_to_dict` wrote it (left-out numbers are unset)."""
    reps = entry.get("reps")
    return LoggedSet(
        set_number=int(entry["setNumber"]),
        set_type=str(entry.get("setType") or "N"),
        weight_kg=entry.get("weight"),
        reps=reps if isinstance(reps, str) or reps is None else float(reps),
        time_seconds=entry.get("timeSeconds"),
        distance_meters=entry.get("distanceMeters"),
        rest_seconds=entry.get("restSeconds"),
        rpe=entry.get("rpe"),
        completed=bool(entry.get("completed", False)),
        notes=str(entry.get("notes") or ""),
        estimated=bool(entry.get("estimated", False)),
        load_value=entry.get("loadValue"),
        load_unit=str(entry.get("loadUnit") or ""),
    )


def _source_kind(value: str) -> SourceKind:
    return "plan_day" if value == "plan_day" else "occurrence" if value == "occurrence" else "freestyle"


def _status(value: str) -> SessionStatus:
    return next((status for status in STATUSES if status == value), "in_progress")


def session_from_dict(account_id: str, data: dict[str, Any], fallback_time: datetime) -> Session:
    """A session as :func:`session_to_dict` wrote it, for ``account_id`` (no performances).

    ``fallback_time`` (the change's own time) stands in for a missing start or update time, which
    no payload the service wrote lacks; it keeps a hand-made row from failing the whole page.
    """
    started = time_from_json(data.get("startedAt")) or fallback_time
    return Session(
        session_id=str(data.get("sessionId") or ""),
        account_id=account_id,
        source=SessionSource(
            kind=_source_kind(str(data.get("source") or "")),
            plan_id=str(data.get("planId") or ""),
            plan_moment_id=str(data.get("planMomentId") or ""),
            workout_id=str(data.get("workoutId") or ""),
            original_scheduled_day=str(data.get("originalScheduledDay") or ""),
        ),
        company_id=str(data.get("companyId") or ""),
        status=_status(str(data.get("status") or "")),
        title=str(data.get("title") or ""),
        notes=str(data.get("notes") or ""),
        started_at=started,
        ended_at=time_from_json(data.get("endedAt")),
        updated_at=time_from_json(data.get("updatedAt")) or started,
        experience_points=int(data.get("experiencePoints") or 0),
        performance_count=int(data.get("performanceCount") or 0),
        program_id=str(data.get("programId") or ""),
        program_day=str(data.get("programDay") or ""),
    )
