"""A goal's stored JSON and a plan snapshot's, read and written from the domain values
(``plans.goal``) with no protobuf in between (docs/decisions/0102-training-without-protobuf-inside.md).

The goal's ``details`` and ``coaching_summaries`` columns keep the shape they were written in when
the message's JSON mapping wrote them (lowerCamelCase keys, a field at its default left out, times
RFC 3339 in UTC with a ``Z``), so rows stored before and after read alike. A snapshot is one JSON
object ``{"goal": ..., "workouts": [...]}``; snapshots stored before were the serialized
``GetPlanResponse`` and are read by ``plans_pb.legacy_snapshot``.
"""

from __future__ import annotations

import json
from datetime import UTC, date, datetime
from typing import Any

from services.training.adapters.endurance_codec import endurance_from_dict, endurance_to_dict
from services.training.plans.goal import (
    CoachingSummary,
    GoalFields,
    PhaseBlock,
    PhaseTarget,
    SnapshotContent,
    SnapshotWorkout,
    SportFrequency,
)

# --- times -------------------------------------------------------------------------------------


def time_to_json(value: datetime) -> str:
    """RFC 3339 in UTC, with 0, 3 or 6 fraction digits as the JSON mapping of a Timestamp."""
    utc = value.astimezone(UTC)
    text = utc.strftime("%Y-%m-%dT%H:%M:%S")
    micros = utc.microsecond
    if micros:
        text += f".{micros // 1000:03d}" if micros % 1000 == 0 else f".{micros:06d}"
    return text + "Z"


def time_from_json(text: str | None) -> datetime | None:
    if not text:
        return None
    return datetime.fromisoformat(text.replace("Z", "+00:00")).astimezone(UTC)


# --- a goal's details and summaries ------------------------------------------------------------


def _without_defaults(values: dict[str, Any]) -> dict[str, Any]:
    return {key: value for key, value in values.items() if value not in ("", 0, [], None)}


def _target_to_json(target: PhaseTarget) -> dict[str, Any]:
    # An optional figure set to 0 is kept: unset and 0 differ.
    optional = {
        "weeklyDistanceMeters": target.weekly_distance_meters,
        "weeklyDurationSeconds": target.weekly_duration_seconds,
        "weeklyTss": target.weekly_tss,
        "sessionsPerWeek": target.sessions_per_week,
    }
    return _without_defaults({"sport": target.sport}) | {k: v for k, v in optional.items() if v is not None}


def _block_to_json(block: PhaseBlock) -> dict[str, Any]:
    return _without_defaults(
        {
            "name": block.name,
            "startDate": block.start_date,
            "endDate": block.end_date,
            "focus": block.focus,
            "targets": [_target_to_json(t) for t in block.targets],
        }
    )


def details_to_json(fields: GoalFields) -> str:
    """The ``details`` column: the goal's fields that have no column of their own."""
    details = _without_defaults(
        {
            "trainingFocus": fields.training_focus,
            "phaseBlocks": [_block_to_json(b) for b in fields.phase_blocks],
            "frequencies": [
                _without_defaults({"sport": f.sport, "sessionsPerWeek": f.sessions_per_week})
                for f in fields.frequencies
            ],
            "strengthPerWeek": fields.strength_per_week,
            "restDays": list(fields.rest_days),
        }
    )
    return json.dumps(details, sort_keys=True)


def _optional_float(value: Any) -> float | None:
    return None if value is None else float(value)


def _optional_int(value: Any) -> int | None:
    return None if value is None else int(value)


def _target_from_json(stored: dict[str, Any]) -> PhaseTarget:
    return PhaseTarget(
        sport=str(stored.get("sport", "")),
        weekly_distance_meters=_optional_float(stored.get("weeklyDistanceMeters")),
        weekly_duration_seconds=_optional_int(stored.get("weeklyDurationSeconds")),
        weekly_tss=_optional_float(stored.get("weeklyTss")),
        sessions_per_week=_optional_int(stored.get("sessionsPerWeek")),
    )


def _block_from_json(stored: dict[str, Any]) -> PhaseBlock:
    return PhaseBlock(
        name=str(stored.get("name", "")),
        start_date=str(stored.get("startDate", "")),
        end_date=str(stored.get("endDate", "")),
        focus=str(stored.get("focus", "")),
        targets=tuple(_target_from_json(t) for t in stored.get("targets", ())),
    )


def details_from_json(text: str) -> dict[str, Any]:
    """The ``GoalFields`` keyword arguments a ``details`` column holds."""
    stored = json.loads(text)
    return {
        "training_focus": str(stored.get("trainingFocus", "")),
        "phase_blocks": tuple(_block_from_json(b) for b in stored.get("phaseBlocks", ())),
        "frequencies": tuple(
            SportFrequency(str(f.get("sport", "")), int(f.get("sessionsPerWeek", 0)))
            for f in stored.get("frequencies", ())
        ),
        "strength_per_week": int(stored.get("strengthPerWeek", 0)),
        "rest_days": tuple(int(d) for d in stored.get("restDays", ())),
    }


def _summary_to_json(summary: CoachingSummary) -> dict[str, Any]:
    values: dict[str, Any] = _without_defaults({"weekStart": summary.week_start, "text": summary.text})
    if summary.updated_at is not None:
        values["updateTime"] = time_to_json(summary.updated_at)
    return values


def _summary_from_json(stored: dict[str, Any]) -> CoachingSummary:
    return CoachingSummary(
        week_start=str(stored.get("weekStart", "")),
        text=str(stored.get("text", "")),
        updated_at=time_from_json(stored.get("updateTime")),
    )


def summaries_to_json(summaries: tuple[CoachingSummary, ...]) -> str:
    """The ``coaching_summaries`` column."""
    return json.dumps([_summary_to_json(s) for s in summaries])


def summaries_from_json(text: str) -> tuple[CoachingSummary, ...]:
    return tuple(_summary_from_json(s) for s in json.loads(text))


# --- snapshots ---------------------------------------------------------------------------------


def _fields_to_json(fields: GoalFields) -> dict[str, Any]:
    return {
        "goalId": fields.goal_id,
        "sport": fields.sport,
        "raceType": fields.race_type,
        "raceDate": fields.race_date,
        "planStartDate": fields.plan_start_date,
        "details": json.loads(details_to_json(fields)),
        "isActive": fields.is_active,
        "status": fields.status,
        "creationMode": fields.creation_mode,
        "coachingSummaries": [_summary_to_json(s) for s in fields.coaching_summaries],
    }


def _fields_from_json(stored: dict[str, Any]) -> GoalFields:
    return GoalFields(
        goal_id=str(stored["goalId"]),
        sport=str(stored.get("sport", "")),
        race_type=str(stored.get("raceType", "")),
        race_date=str(stored.get("raceDate", "")),
        plan_start_date=str(stored.get("planStartDate", "")),
        is_active=bool(stored.get("isActive", False)),
        status=str(stored.get("status", "")),
        creation_mode=str(stored.get("creationMode", "")),
        coaching_summaries=tuple(_summary_from_json(s) for s in stored.get("coachingSummaries", ())),
        **details_from_json(json.dumps(stored.get("details", {}))),
    )


def _workout_to_json(workout: SnapshotWorkout) -> dict[str, Any]:
    return {
        "workoutId": workout.workout_id,
        "version": workout.version,
        "name": workout.name,
        "notes": workout.notes,
        "day": workout.day.isoformat(),
        "order": workout.order,
        "workoutType": workout.workout_type,
        "completed": workout.completed,
        "linkedActivityId": workout.linked_activity_id,
        "completedAt": time_to_json(workout.completed_at) if workout.completed_at else None,
        "endurance": endurance_to_dict(workout.endurance) if workout.endurance else None,
    }


def _workout_from_json(stored: dict[str, Any]) -> SnapshotWorkout:
    return SnapshotWorkout(
        workout_id=str(stored["workoutId"]),
        version=str(stored["version"]),
        name=str(stored["name"]),
        notes=str(stored["notes"]),
        day=date.fromisoformat(stored["day"]),
        order=int(stored["order"]),
        workout_type=str(stored["workoutType"]),
        completed=bool(stored["completed"]),
        linked_activity_id=str(stored["linkedActivityId"]),
        completed_at=time_from_json(stored.get("completedAt")),
        endurance=endurance_from_dict(stored["endurance"]) if stored.get("endurance") else None,
    )


def snapshot_to_json(content: SnapshotContent) -> bytes:
    """A snapshot's stored content."""
    document = {
        "goal": {"name": content.name, "notes": content.notes, "fields": _fields_to_json(content.fields)},
        "workouts": [_workout_to_json(w) for w in content.workouts],
    }
    return json.dumps(document, sort_keys=True, separators=(",", ":")).encode()


def is_json_snapshot(stored: bytes) -> bool:
    """Whether stored content is a JSON snapshot. A serialized GetPlanResponse never starts with
    ``{``: that byte would be field 15 as a group, a field the message does not have."""
    return stored[:1] == b"{"


def snapshot_from_json(stored: bytes) -> SnapshotContent:
    document = json.loads(stored)
    goal = document["goal"]
    return SnapshotContent(
        name=str(goal["name"]),
        notes=str(goal["notes"]),
        fields=_fields_from_json(goal["fields"]),
        workouts=tuple(_workout_from_json(w) for w in document["workouts"]),
    )
