"""The rules of a Training workout as tables: kinds, tracking modes, target fields, block formats.

Two readers share them, so each rule exists once: the Metric profile publishes them as workout
guidance and the training service enforces them when it parses an edit. The limits (maximums, name
and list lengths) are enforced but not published. Part of the training knowledge package
(docs/decisions/0026-training-knowledge-package.md); see docs/decisions/0012-training-edit-input.md.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Literal

WORKOUT_KINDS: tuple[str, ...] = (
    "custom",
    "push",
    "pull",
    "fullBody",
    "upperBody",
    "legs",
    "glutes",
    "back",
    "chest",
    "shoulders",
    "biceps",
    "triceps",
    "core",
    "cardio",
    "crossFit",
    "warmUp",
)


@dataclass(frozen=True)
class TargetField:
    """A numeric movement target: its wire name, unit, type and the accepted range (inclusive)."""

    name: str
    unit: str
    type: Literal["integer", "number"]
    minimum: int
    maximum: int
    description: str

    def published(self) -> dict[str, Any]:
        """The field as the workout guidance shows it (the maximum is enforced, not advertised)."""
        return {
            "unit": self.unit,
            "type": self.type,
            "minimum": self.minimum,
            "description": self.description,
        }


TARGET_FIELDS: tuple[TargetField, ...] = (
    TargetField("targetSets", "count", "integer", 1, 50, "Working sets."),
    TargetField(
        "targetReps",
        "count",
        "integer",
        1,
        1000,
        "Reps per set; for one-side-at-a-time movements, reps per side (say so in notes).",
    ),
    TargetField(
        "targetWeightKg",
        "kilograms",
        "number",
        0,
        1000,
        "Load per set: the bar with plates, or one implement for dumbbells and kettlebells.",
    ),
    TargetField(
        "targetDurationSeconds",
        "seconds",
        "integer",
        1,
        86_400,
        "Time per set or hold; for distance and calories, a time goal or cap.",
    ),
    TargetField("targetDistanceMeters", "meters", "number", 0, 1_000_000, "Distance per set or in total."),
    TargetField("targetCalories", "calories", "integer", 1, 10_000, "Calories as the machine displays them."),
    TargetField("intervalWorkSeconds", "seconds", "integer", 1, 86_400, "Length of each work interval."),
    TargetField("intervalRestSeconds", "seconds", "integer", 0, 3600, "Rest between work intervals."),
    TargetField("intervalRounds", "count", "integer", 1, 200, "Number of work intervals."),
    TargetField(
        "restSeconds",
        "seconds",
        "integer",
        0,
        3600,
        "Rest after each set; 0 for movements grouped in crossFitBlocks.",
    ),
)
TARGETS_BY_NAME: dict[str, TargetField] = {f.name: f for f in TARGET_FIELDS}

# The one non-numeric movement field the guidance lists among the targets.
NOTES_FIELD: dict[str, Any] = {
    "unit": "text",
    "type": "string",
    "description": "Movement-specific coaching notes.",
}


@dataclass(frozen=True)
class TrackingMode:
    """How a movement is tracked and which target fields it takes ("notes" is always optional)."""

    description: str
    required: tuple[str, ...]
    optional: tuple[str, ...]


TRACKING_MODES: dict[str, TrackingMode] = {
    "sets": TrackingMode(
        "Sets of reps, optionally with load.",
        ("targetSets", "targetReps"),
        ("targetWeightKg", "restSeconds", "notes"),
    ),
    "duration": TrackingMode(
        "Timed sets or holds, such as planks or carries for time.",
        ("targetDurationSeconds",),
        ("targetSets", "targetWeightKg", "restSeconds", "notes"),
    ),
    "intervals": TrackingMode(
        "Repeated work and rest intervals, such as 8 x 30 s hard / 30 s easy.",
        ("intervalWorkSeconds", "intervalRestSeconds", "intervalRounds"),
        ("targetDistanceMeters", "targetCalories", "restSeconds", "notes"),
    ),
    "distance": TrackingMode(
        "A distance to cover, such as a 2000 m row or a 20 m sled push.",
        ("targetDistanceMeters",),
        ("targetSets", "targetDurationSeconds", "targetWeightKg", "restSeconds", "notes"),
    ),
    "calories": TrackingMode(
        "Calories on a rower, bike or ski erg.",
        ("targetCalories",),
        ("targetSets", "targetDurationSeconds", "restSeconds", "notes"),
    ),
    "checkOff": TrackingMode(
        "Done or not done, for warm-up and mobility items.",
        (),
        ("targetDurationSeconds", "notes"),
    ),
}

# Block configuration: every field is required; a format reads only some of the numeric settings
# and the others must hold these defaults, as the contract prescribes.
CONFIGURATION_FIELDS: tuple[str, ...] = ("format", "durationSeconds", "rounds", "intervalSeconds")
UNUSED_SETTING_DEFAULTS: dict[str, int] = {"durationSeconds": 1200, "rounds": 5, "intervalSeconds": 60}
BLOCK_SETTING_MAXIMUMS: dict[str, int] = {"durationSeconds": 86_400, "rounds": 200, "intervalSeconds": 86_400}
BLOCK_FORMATS: dict[str, tuple[str, ...]] = {
    "superset": ("rounds",),
    "circuit": ("rounds",),
    "emom": ("durationSeconds", "intervalSeconds"),
    "amrap": ("durationSeconds",),
    "forTime": ("rounds", "durationSeconds"),
}

# Schedules: weekdays 1 = Sunday ... 7 = Saturday, or every N days.
SCHEDULE_TYPES: tuple[str, ...] = ("weekdays", "everyNDays")
MAX_INTERVAL_DAYS = 365

# Lengths and counts.
MAX_NAME_CHARS = 120
MAX_NOTES_CHARS = 4000
MAX_EXERCISES = 40
MAX_PHASES = 20
# Records per write is a limit on the request, not the workout: formats.MAX_RECORDS_PER_WRITE.
