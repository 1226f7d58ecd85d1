"""The published JSON Schemas: the generator's arguments (an MCP tool's ``inputSchema``) and the
plan it answers with (``plan_json``). Names are camelCase; decision 0065 ("Input schema", "Output").
"""

from __future__ import annotations

from typing import Any, Final

from knowledge.endurance.running import LONGEST_DISTANCE_M, SHORTEST_DISTANCE_M
from knowledge.plan_generation.events import EVENTS, EXPERIENCES
from knowledge.plan_generation.limits import (
    DEFAULT_DAYS_PER_WEEK,
    DEFAULT_EXPERIENCE,
    MAX_DAYS_PER_WEEK,
    MAX_LONGEST_RUN_KM,
    MAX_WEEKLY_KM,
    MIN_DAYS_PER_WEEK,
    RACE_EVENT_IDS,
)
from knowledge.training.formats import LOCAL_DAY_PATTERN

_DATE: Final = {"type": "string", "format": "date", "pattern": LOCAL_DAY_PATTERN}

REQUEST_SCHEMA: Final[dict[str, Any]] = {
    "type": "object",
    "additionalProperties": False,
    "required": ["event", "raceDate", "weeklyVolumeKm"],
    "properties": {
        "event": {
            "type": "string",
            "enum": [event.id for event in EVENTS],
            "description": "The race: " + ", ".join(f"{event.id} ({event.name})" for event in EVENTS) + ".",
        },
        "raceDate": {**_DATE, "description": "Race day, YYYY-MM-DD, after startDate, within two years."},
        "weeklyVolumeKm": {
            "type": "number",
            "minimum": 0,
            "maximum": MAX_WEEKLY_KM,
            "description": "Kilometres run in a typical recent week; the plan starts from it.",
        },
        "longestRunKm": {
            "type": "number",
            "minimum": 0,
            "maximum": MAX_LONGEST_RUN_KM,
            "description": "Longest run of the last month, km. Default: 30 % of weeklyVolumeKm.",
        },
        "recentRace": {
            "type": "object",
            "additionalProperties": False,
            "description": "A recent all-out race, for training paces (VDOT). Give distanceKm or "
            "event, and time. Without it VDOT is estimated from volume and experience.",
            "properties": {
                "distanceKm": {
                    "type": "number",
                    "minimum": SHORTEST_DISTANCE_M / 1000,
                    "maximum": round(LONGEST_DISTANCE_M / 1000, 1),
                },
                "event": {"type": "string", "enum": list(RACE_EVENT_IDS)},
                "time": {"type": "string", "description": 'Finishing time, "h:mm:ss" or "m:ss".'},
            },
            "required": ["time"],
            "oneOf": [{"required": ["distanceKm"]}, {"required": ["event"]}],
        },
        "daysPerWeek": {
            "type": "integer",
            "minimum": MIN_DAYS_PER_WEEK,
            "maximum": MAX_DAYS_PER_WEEK,
            "default": DEFAULT_DAYS_PER_WEEK,
            "description": "Running days a week.",
        },
        "experience": {
            "type": "string",
            "enum": list(EXPERIENCES),
            "default": DEFAULT_EXPERIENCE,
            "description": "beginner: under a year of regular running; intermediate: a year or more "
            "and some races; advanced: years of structured training.",
        },
        "startDate": {
            **_DATE,
            "description": "First day the plan may start, today or later (default today); the plan "
            "starts on the first Monday from it.",
        },
    },
}
