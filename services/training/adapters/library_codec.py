"""Library values to and from the JSON stored in their rows.

Field names are the contract's (``exerciseID``, ``targetWeightKg``...), so a row read by hand
means what a Training read shows.
"""

from __future__ import annotations

import json
from dataclasses import fields
from datetime import date
from typing import Any

from services.training.adapters.endurance_codec import endurance_from_dict, endurance_to_dict
from services.training.domain.model import (
    BlockConfiguration,
    CrossFitBlock,
    Phase,
    Schedule,
    ScheduleSegment,
    Targets,
    WorkoutContent,
    WorkoutExercise,
)

_TARGET_NAMES = {
    "target_sets": "targetSets",
    "target_reps": "targetReps",
    "target_weight_kg": "targetWeightKg",
    "target_duration_seconds": "targetDurationSeconds",
    "target_distance_meters": "targetDistanceMeters",
    "target_calories": "targetCalories",
    "interval_work_seconds": "intervalWorkSeconds",
    "interval_rest_seconds": "intervalRestSeconds",
    "interval_rounds": "intervalRounds",
    "rest_seconds": "restSeconds",
}


# ``json.dumps`` with these options makes an encoder per call; one made once writes the same text
# (a plan write dumps two per workout: decision 0123, third pass).
_ENCODER = json.JSONEncoder(separators=(",", ":"), sort_keys=True)


def _dump(value: Any) -> str:
    text: str = _ENCODER.encode(value)
    return text


def _day(value: str | None) -> date | None:
    return date.fromisoformat(value) if value else None


def _day_text(value: date | None) -> str | None:
    return value.isoformat() if value else None


def content_to_json(content: WorkoutContent) -> str:
    """Notes, movements and blocks as stored (name and kind have columns of their own)."""
    exercises = []
    for movement in content.exercises:
        item: dict[str, Any] = {
            "id": movement.id,
            "exerciseID": movement.exercise_id,
            "trackingMode": movement.tracking_mode,
            "notes": movement.notes,
        }
        for attribute in fields(Targets):
            value = getattr(movement.targets, attribute.name)
            if value is not None:
                item[_TARGET_NAMES[attribute.name]] = value
        exercises.append(item)
    blocks = [
        {
            "id": block.id,
            "configuration": {
                "format": block.configuration.format,
                "durationSeconds": block.configuration.duration_seconds,
                "rounds": block.configuration.rounds,
                "intervalSeconds": block.configuration.interval_seconds,
            },
            "exerciseIDs": list(block.exercise_ids),
        }
        for block in content.cross_fit_blocks
    ]
    stored: dict[str, Any] = {"notes": content.notes, "exercises": exercises, "crossFitBlocks": blocks}
    if content.endurance is not None:  # absent on every other workout (decision 0056)
        stored["endurance"] = endurance_to_dict(content.endurance)
    return _dump(stored)


def content_from_json(name: str, kind: str, text: str) -> WorkoutContent:
    """The stored content back as a value."""
    data = json.loads(text)
    exercises = tuple(
        WorkoutExercise(
            id=item["id"],
            exercise_id=item["exerciseID"],
            tracking_mode=item["trackingMode"],
            notes=item.get("notes", ""),
            targets=Targets(
                **{attr: item[key] for attr, key in _TARGET_NAMES.items() if key in item},
            ),
        )
        for item in data["exercises"]
    )
    blocks = tuple(
        CrossFitBlock(
            id=item["id"],
            configuration=BlockConfiguration(
                format=item["configuration"]["format"],
                duration_seconds=item["configuration"]["durationSeconds"],
                rounds=item["configuration"]["rounds"],
                interval_seconds=item["configuration"]["intervalSeconds"],
            ),
            exercise_ids=tuple(item["exerciseIDs"]),
        )
        for item in data["crossFitBlocks"]
    )
    endurance = data.get("endurance")
    return WorkoutContent(
        name=name,
        kind=kind,
        notes=data["notes"],
        exercises=exercises,
        cross_fit_blocks=blocks,
        endurance=endurance_from_dict(endurance) if endurance is not None else None,
    )


def _schedule_to_dict(schedule: Schedule | None) -> dict[str, Any] | None:
    if schedule is None:
        return None
    return {
        "type": schedule.type,
        "weekdays": list(schedule.weekdays),
        "intervalDays": schedule.interval_days,
        "anchorDay": _day_text(schedule.anchor_day),
    }


def _schedule_from_dict(data: dict[str, Any] | None) -> Schedule | None:
    if data is None:
        return None
    return Schedule(
        type=data["type"],
        weekdays=tuple(data["weekdays"]),
        interval_days=data["intervalDays"],
        anchor_day=_day(data["anchorDay"]),
    )


def segments_to_json(segments: tuple[ScheduleSegment, ...]) -> str:
    """Schedule segments, oldest first."""
    return _dump(
        [
            {"effectiveDay": _day_text(s.effective_day), "schedule": _schedule_to_dict(s.schedule)}
            for s in segments
        ]
    )


def segments_from_json(text: str) -> tuple[ScheduleSegment, ...]:
    """Stored segments back as values."""
    return tuple(
        ScheduleSegment(
            effective_day=_day(item["effectiveDay"]), schedule=_schedule_from_dict(item["schedule"])
        )
        for item in json.loads(text)
    )


def phases_to_json(phases: tuple[Phase, ...]) -> str:
    """A plan's phases."""
    return _dump(
        [
            {
                "id": p.id,
                "name": p.name,
                "startDay": p.start_day.isoformat(),
                "endDayExclusive": p.end_day_exclusive.isoformat(),
                "workoutIDs": list(p.workout_ids),
            }
            for p in phases
        ]
    )


def phases_from_json(text: str) -> tuple[Phase, ...]:
    """Stored phases back as values."""
    return tuple(
        Phase(
            id=item["id"],
            name=item["name"],
            start_day=date.fromisoformat(item["startDay"]),
            end_day_exclusive=date.fromisoformat(item["endDayExclusive"]),
            workout_ids=tuple(item["workoutIDs"]),
        )
        for item in json.loads(text)
    )
