"""Input JSON Schemas of the Client AI Workout V2 tools (seed 002); results are in results.py.

Inputs list exactly the seed's fields with ``additionalProperties: false``; they are the only
statement of the arguments' types and limits: the profile builder validates every call against
them (docs/decisions/0028-profile-builder.md).
"""

from __future__ import annotations

from typing import Any

from kinetic.page_tokens import MAX_SKIP
from knowledge.limits import sessions

Schema = dict[str, Any]

LANGUAGES = ("en", "nl")
PLAN_STATUSES = ("Active", "Inactive", "Draft")
SESSION_STATUSES = ("planned", "in_progress", "paused", "completed", "stopped", "cancelled")
SET_TYPES = ("N", "W", "D", "F")
# The sessions service's limits, published as seed 002 states them (decision 0091).
MAX_LIMIT = sessions.MAX_PAGE_LIMIT
MAX_SETS = sessions.MAX_SETS_PER_CALL
MAX_SET_NUMBER = sessions.MAX_SET_NUMBER
MAX_NOTES = sessions.MAX_NOTES
MAX_SET_NOTES = sessions.MAX_SET_NOTES
MAX_SETUP_VALUES = sessions.MAX_SETUP_VALUES
MAX_SETUP_KEY = sessions.MAX_SETUP_KEY
MAX_REPS = sessions.REPS[1]
MAX_REPS_TEXT = sessions.MAX_REPS_TEXT
# Set figures: (lowest, highest) in the API's units (kilograms, meters, seconds); RPE 0-10 is the
# contract's own scale.
SET_NUMBERS: dict[str, tuple[float, float]] = {
    "weight": (0, sessions.MAX_LOAD_KG),
    "timeSeconds": sessions.SECONDS,
    "distanceMeters": sessions.METERS,
    "restSeconds": sessions.SECONDS,
    "rpe": sessions.RPE_SEED_002,
}

STRING: Schema = {"type": "string"}
INTEGER: Schema = {"type": "integer"}
NUMBER: Schema = {"type": "number"}
BOOLEAN: Schema = {"type": "boolean"}
TIMESTAMP: Schema = {"type": ["string", "null"], "description": "RFC 3339 UTC timestamp, null when unset."}
NULLABLE_NUMBER: Schema = {"type": ["number", "null"]}
NULLABLE_INTEGER: Schema = {"type": ["integer", "null"]}
SCALAR: Schema = {"type": ["string", "number", "boolean"]}


def obj(properties: dict[str, Schema], required: tuple[str, ...] = (), **extra: Any) -> Schema:
    """An object schema with ``properties``, of which ``required`` must be present."""
    schema: Schema = {"type": "object", "properties": properties, **extra}
    if required:
        schema["required"] = list(required)
    return schema


def array(items: Schema, **extra: Any) -> Schema:
    """An array of ``items``."""
    return {"type": "array", "items": items, **extra}


# --- inputs --------------------------------------------------------------------------------------


def _object_id(what: str) -> Schema:
    return {
        "type": "string",
        "pattern": sessions.OBJECT_ID_PATTERN,
        "description": f"{what} (24-character ObjectId).",
    }


LANGUAGE: Schema = {
    "type": "string",
    "enum": list(LANGUAGES),
    "description": "Content language (default en).",
}
# The services skip at most MAX_SKIP records: the last page a full-size page can start.
MAX_PAGE = 1 + MAX_SKIP // MAX_LIMIT
PAGE: Schema = {
    "type": "integer",
    "minimum": 1,
    "maximum": MAX_PAGE,
    "description": "Page number, starting at 1.",
}
LIMIT: Schema = {
    "type": "integer",
    "minimum": 1,
    "maximum": MAX_LIMIT,
    "description": "Page size, max 50.",
}
DATE_FROM: Schema = {
    "type": "string",
    "description": "Start date filter in ISO 8601 format (YYYY-MM-DD means 00:00 UTC). Maximum window is "
    "366 days.",
}
DATE_TO: Schema = {
    "type": "string",
    "description": "End date filter in ISO 8601 format (a YYYY-MM-DD date includes that whole UTC day).",
}
NOTES: Schema = {"type": "string", "maxLength": MAX_NOTES}


def _range(description: str, name: str) -> Schema:
    low, high = SET_NUMBERS[name]
    return {"type": "number", "minimum": low, "maximum": high, "description": description}


SET_INPUT = obj(
    {
        "setNumber": {"type": "integer", "minimum": 1, "maximum": MAX_SET_NUMBER},
        "setType": {
            "type": "string",
            "enum": list(SET_TYPES),
            "description": "N normal, W warm-up, D drop, F failure (default N).",
        },
        "weight": _range("Load in kilograms.", "weight"),
        "reps": {
            "type": ["number", "string"],
            "description": f"Repetitions: a number (0-{MAX_REPS}) or text such as AMRAP "
            f"(1-{MAX_REPS_TEXT} characters).",
        },
        "timeSeconds": _range("Duration in seconds.", "timeSeconds"),
        "distanceMeters": _range("Distance in meters.", "distanceMeters"),
        "restSeconds": _range("Rest after the set in seconds.", "restSeconds"),
        "rpe": _range("Rate of perceived exertion, 0-10.", "rpe"),
        "completed": BOOLEAN,
        "notes": {"type": "string", "maxLength": MAX_SET_NOTES},
    },
    ("setNumber",),
    additionalProperties=False,
)


def _setup_values(description: str) -> Schema:
    item = obj(
        {"key": {"type": "string", "minLength": 1, "maxLength": MAX_SETUP_KEY}, "value": SCALAR},
        ("key", "value"),
        additionalProperties=False,
    )
    return array(item, maxItems=MAX_SETUP_VALUES, description=description)


# Each tool's published input schema: exactly its arguments, nothing else.
LIST_WORKOUT_PLANS_INPUT = obj(
    {
        "status": {"type": "string", "enum": list(PLAN_STATUSES), "description": "Plan status filter."},
        "language": LANGUAGE,
        "page": PAGE,
        "limit": LIMIT,
    },
    (),
    additionalProperties=False,
)
GET_WORKOUT_PLAN_INPUT = obj(
    {"planId": _object_id("The unique plan ID"), "language": LANGUAGE},
    ("planId",),
    additionalProperties=False,
)
GET_WORKOUT_DAY_INPUT = obj(
    {
        "planId": _object_id("The unique plan ID"),
        "planMomentId": _object_id("The unique ID of the plan day/moment"),
        "language": LANGUAGE,
    },
    ("planId", "planMomentId"),
    additionalProperties=False,
)
GET_WORKOUT_EXERCISE_INPUT = obj(
    {
        "exerciseId": _object_id("The unique exercise ID"),
        "language": LANGUAGE,
    },
    ("exerciseId",),
    additionalProperties=False,
)
GET_EXERCISE_HISTORY_INPUT = obj(
    {
        "exerciseId": _object_id("The unique exercise ID"),
        "dateFrom": DATE_FROM,
        "dateTo": DATE_TO,
        "language": LANGUAGE,
        "limit": {**LIMIT, "description": "Maximum number of history records, max 50 (default 20)."},
    },
    ("exerciseId",),
    additionalProperties=False,
)
LIST_WORKOUT_SESSIONS_INPUT = obj(
    {
        "status": {
            "type": "string",
            "enum": list(SESSION_STATUSES),
            "description": "Session status filter.",
        },
        "dateFrom": DATE_FROM,
        "dateTo": DATE_TO,
        "page": PAGE,
        "limit": LIMIT,
    },
    (),
    additionalProperties=False,
)
GET_WORKOUT_SESSION_INPUT = obj(
    {"sessionId": _object_id("The unique session ID")}, ("sessionId",), additionalProperties=False
)
GET_WORKOUT_MACHINE_PRESET_INPUT = obj(
    {"exerciseId": _object_id("The unique exercise ID")}, ("exerciseId",), additionalProperties=False
)
GET_WORKOUT_EQUIPMENT_PROFILE_INPUT = obj({}, (), additionalProperties=False)
START_OR_RESUME_WORKOUT_SESSION_INPUT = obj(
    {
        "planId": _object_id("Plan ID to start from; omit both plan fields for a freestyle session"),
        "planMomentId": _object_id("Plan day/moment ID to start"),
        "language": LANGUAGE,
    },
    (),
    additionalProperties=False,
)
LOG_WORKOUT_PERFORMANCE_INPUT = obj(
    {
        "sessionId": _object_id("The active session ID"),
        "exerciseId": _object_id("The exercise ID the sets belong to"),
        "sets": array(
            SET_INPUT, minItems=1, maxItems=MAX_SETS, description="1-50 sets, upserted by setNumber."
        ),
        "performanceId": _object_id("Existing performance record ID to update"),
        "planExerciseId": _object_id("Plan exercise ID linking the performance to the plan day"),
        "notes": {**NOTES, "description": "Notes on the exercise performance. Max 2000 chars."},
        "restSeconds": _range("Rest time between sets in seconds.", "restSeconds"),
        "isCompleted": {**BOOLEAN, "description": "Mark the exercise performance as completed."},
        "setupValues": _setup_values("Up to 8 machine setup values used in this session."),
        "nextSetupValues": _setup_values("Up to 8 setup values to remember for next time."),
        "setupSettingsEnabled": {
            **BOOLEAN,
            "description": "Whether machine setup tracking is enabled for this exercise.",
        },
        "showSetRpe": {**BOOLEAN, "description": "Whether RPE is shown per set for this exercise."},
    },
    ("sessionId", "exerciseId", "sets"),
    additionalProperties=False,
)
COMPLETE_WORKOUT_SESSION_INPUT = obj(
    {
        "sessionId": _object_id("The active session ID"),
        "notes": {**NOTES, "description": "Notes on the completed session. Max 2000 chars."},
    },
    ("sessionId",),
    additionalProperties=False,
)
