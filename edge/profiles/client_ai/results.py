"""Output JSON Schemas of the Client AI Workout V2 tools (seed 002).

A result that holds a record more than once (a logged performance, inside its session too) writes
it once under the tool's own ``$defs`` (``for_tool``), which the MCP clients resolve within the
tool's schema (decision 0120). Records allow extra properties so the services can add fields
without breaking clients.
"""

from __future__ import annotations

from edge.mcp_profile.definitions import shared_shapes
from edge.profiles.client_ai.schemas import (
    BOOLEAN,
    INTEGER,
    LANGUAGES,
    NULLABLE_INTEGER,
    NULLABLE_NUMBER,
    SCALAR,
    SESSION_STATUSES,
    STRING,
    TIMESTAMP,
    Schema,
    array,
    obj,
)

SETUP_VALUE = obj({"key": STRING, "value": SCALAR}, ("key", "value"))
SET = obj(
    {
        "setNumber": INTEGER,
        "setType": STRING,
        "weight": {**NULLABLE_NUMBER, "description": "Kilograms."},
        "reps": {"type": ["number", "string", "null"]},
        "timeSeconds": NULLABLE_NUMBER,
        "distanceMeters": NULLABLE_NUMBER,
        "restSeconds": NULLABLE_NUMBER,
        "rpe": NULLABLE_NUMBER,
        "completed": BOOLEAN,
        "notes": STRING,
        "estimated": BOOLEAN,
    },
    ("setNumber", "setType", "completed"),
)
PERFORMANCE = obj(
    {
        "id": STRING,
        "exerciseId": STRING,
        "planExerciseId": {"type": ["string", "null"]},
        "notes": STRING,
        "restSeconds": NULLABLE_NUMBER,
        "isCompleted": BOOLEAN,
        "setupValues": array(SETUP_VALUE),
        "nextSetupValues": array(SETUP_VALUE),
        "setupSettingsEnabled": BOOLEAN,
        "showSetRpe": BOOLEAN,
        "sets": array(SET),
        "updatedAt": TIMESTAMP,
    },
    ("id", "exerciseId", "sets"),
)
SESSION = obj(
    {
        "id": STRING,
        "source": {"type": "string", "description": "plan_day, occurrence or freestyle."},
        "planId": {"type": ["string", "null"]},
        "planMomentId": {"type": ["string", "null"]},
        "status": {"type": "string", "enum": list(SESSION_STATUSES)},
        "title": STRING,
        "notes": STRING,
        "startedAt": TIMESTAMP,
        "endedAt": TIMESTAMP,
        "updatedAt": TIMESTAMP,
        "experiencePoints": INTEGER,
        "performanceCount": INTEGER,
        "performances": array(PERFORMANCE),
    },
    ("id", "source", "status", "title", "performanceCount"),
)
_PAGING = {"page": INTEGER, "limit": INTEGER, "totalCount": INTEGER, "hasMore": BOOLEAN}
_LANGUAGE_OUT = {"language": {"type": "string", "enum": list(LANGUAGES)}}
NEXT_DAY = obj(
    {
        "id": {"type": "string", "description": "The day's planMomentId."},
        "name": STRING,
        "position": INTEGER,
        "lastCompletedDayId": {
            "type": "string",
            "description": "The day of your latest completed session of this plan; absent when none.",
        },
        "lastCompletedAt": TIMESTAMP,
    },
    ("id", "name", "position"),
    description="The day that comes next: the visible day after your latest completed one (after the "
    "last day, the first), or the first visible day. Absent when the plan has no visible day.",
)
PLAN_SUMMARY = obj(
    {
        "id": STRING,
        "name": STRING,
        "description": STRING,
        "status": STRING,
        "dayCount": INTEGER,
        "nextDay": NEXT_DAY,
    },
    ("id", "name", "status"),
)
PLAN_DAY_SUMMARY = obj(
    {"id": STRING, "name": STRING, "position": INTEGER, "exerciseCount": INTEGER}, ("id", "name", "position")
)
PLAN_EXERCISE = obj(
    {
        "id": {"type": "string", "description": "Plan exercise ID (send it as planExerciseId when logging)."},
        "exerciseId": STRING,
        "exerciseName": STRING,
        "catalogExerciseId": {"type": ["string", "null"]},
        "targetSets": NULLABLE_INTEGER,
        "targetReps": STRING,
        "targetWeightKg": NULLABLE_NUMBER,
        "restSeconds": NULLABLE_INTEGER,
        "notes": STRING,
    },
    ("id", "exerciseId", "exerciseName"),
)
CLIENT_EXERCISE = obj(
    {
        "id": STRING,
        "name": STRING,
        "instructions": STRING,
        "catalogExerciseId": {"type": ["string", "null"]},
        "own": BOOLEAN,
    },
    ("id", "name", "own"),
)
EFFECTIVE_FIELD = obj(
    {
        "key": STRING,
        "label": STRING,
        "value": {"type": ["string", "number", "boolean", "null"]},
        "source": {
            "type": "string",
            "enum": ["company", "system"],
            "description": "Whose preset gives it: the gym's (company) or the machine maker's (system).",
        },
    },
    ("key", "value", "source"),
)
KEPT_SETUP_VALUE = obj(
    {"key": STRING, "label": STRING, "value": SCALAR},
    ("key", "value"),
)

# Each tool's published output schema.
LIST_WORKOUT_PLANS_OUTPUT = obj(
    {"plans": array(PLAN_SUMMARY), **_PAGING, **_LANGUAGE_OUT}, ("plans", "page", "limit", "hasMore")
)
GET_WORKOUT_PLAN_OUTPUT = obj(
    {
        "plan": obj(
            {
                "id": STRING,
                "name": STRING,
                "description": STRING,
                "status": STRING,
                "coachName": STRING,
                "days": array(PLAN_DAY_SUMMARY),
                "daysTruncated": BOOLEAN,
                "nextDay": NEXT_DAY,
            },
            ("id", "name", "days"),
        ),
        **_LANGUAGE_OUT,
    },
    ("plan",),
)
GET_WORKOUT_DAY_OUTPUT = obj(
    {
        "day": obj(
            {
                "id": STRING,
                "planId": STRING,
                "planName": STRING,
                "name": STRING,
                "position": INTEGER,
                "exercises": array(PLAN_EXERCISE),
            },
            ("id", "planId", "name", "exercises"),
        ),
        **_LANGUAGE_OUT,
    },
    ("day",),
)
GET_WORKOUT_EXERCISE_OUTPUT = obj({"exercise": CLIENT_EXERCISE, **_LANGUAGE_OUT}, ("exercise",))
GET_EXERCISE_HISTORY_OUTPUT = obj(
    {
        "exercise": CLIENT_EXERCISE,
        "dateFrom": {"type": ["string", "null"]},
        "dateTo": {"type": ["string", "null"]},
        "entries": array(
            obj(
                {
                    "sessionId": STRING,
                    "sessionTitle": STRING,
                    "completedAt": TIMESTAMP,
                    "performance": PERFORMANCE,
                },
                ("sessionId", "performance"),
            )
        ),
        "count": INTEGER,
        **_LANGUAGE_OUT,
    },
    ("exercise", "entries", "count"),
)
LIST_WORKOUT_SESSIONS_OUTPUT = obj(
    {"sessions": array(SESSION), **_PAGING}, ("sessions", "page", "limit", "hasMore")
)
GET_WORKOUT_SESSION_OUTPUT = obj({"session": SESSION}, ("session",))
GET_WORKOUT_MACHINE_PRESET_OUTPUT = obj(
    {
        "exerciseId": STRING,
        "effectiveFields": array(EFFECTIVE_FIELD),
        "nextSetupValues": {
            **array(KEPT_SETUP_VALUE),
            "description": "The values you kept for next time when you last logged this exercise "
            "(send them as setupValues when you use them).",
        },
    },
    ("exerciseId", "effectiveFields", "nextSetupValues"),
)
GET_WORKOUT_EQUIPMENT_PROFILE_OUTPUT = obj(
    {
        "items": array(obj({"equipmentKey": STRING, "name": STRING, "quantity": INTEGER})),
        "catalog": array(obj({"key": STRING, "name": STRING})),
        "maxItems": INTEGER,
    },
    ("items", "catalog"),
)
START_OR_RESUME_WORKOUT_SESSION_OUTPUT = obj({"session": SESSION, "resumed": BOOLEAN}, ("session", "resumed"))
# The records a result may hold more than once, by the name its $defs gives them (0120).
RECORDS = {"performance": PERFORMANCE, "set": SET, "setupValue": SETUP_VALUE}


def for_tool(schema: Schema) -> Schema:
    """``schema`` as a tool publishes it: each record it holds more than once written once."""
    return shared_shapes(schema, RECORDS)


LOG_WORKOUT_PERFORMANCE_OUTPUT = obj(
    {
        "performance": PERFORMANCE,
        "session": SESSION,
        "replayed": {"type": "boolean", "description": "True when this call changed nothing (a retry)."},
    },
    ("performance", "session", "replayed"),
)
COMPLETE_WORKOUT_SESSION_OUTPUT = obj(
    {
        "session": SESSION,
        "experiencePointsAwarded": INTEGER,
        "totalExperiencePoints": INTEGER,
        "replayed": {"type": "boolean", "description": "True when it was already completed."},
    },
    ("session", "experiencePointsAwarded", "replayed"),
)

ERROR = obj(
    {
        "error": {"type": "string", "description": "Machine-readable code, e.g. invalid_request."},
        "error_description": {"type": "string", "description": "What went wrong and what to fix."},
        "field": {"type": "string", "description": "The argument to fix, when one is at fault."},
    },
    ("error", "error_description"),
)
