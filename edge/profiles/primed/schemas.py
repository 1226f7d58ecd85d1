"""Input and output JSON Schemas of the five Primed tools, field for field as seed 001 names them.

Limits are the seed's: ``days`` 1-14 for the calendar and 1-28 for activities, dates as YYYY-MM-DD.
Every input object is closed, so a misspelt argument is refused naming it (``INVALID_ARGUMENT``).
"""

from __future__ import annotations

from typing import Any

Schema = dict[str, Any]

UPCOMING_DAYS_DEFAULT, UPCOMING_DAYS_MAX = 7, 14
RECENT_DAYS_DEFAULT, RECENT_DAYS_MAX = 7, 28

# No "pattern": the rule ``real_date`` (tools.py) checks the form and the calendar at once, so a
# malformed date is refused saying "use YYYY-MM-DD", not with a regular expression (decision 0081).
DATE: Schema = {"type": "string", "format": "date", "maxLength": 10}
_NULLABLE_TIME: Schema = {"type": ["string", "null"], "format": "date-time"}


def tool_input(properties: dict[str, Schema]) -> Schema:
    """A closed object schema of optional arguments (no Primed tool has a required one)."""
    return {"type": "object", "properties": properties, "additionalProperties": False}


def _days(default: int, most: int) -> Schema:
    return {
        "type": "integer",
        "minimum": 1,
        "maximum": most,
        "default": default,
        "description": f"Number of days to inspect (1 to {most}, default {default}).",
    }


PROFILE_INPUT = tool_input({})
TODAY_INPUT = tool_input(
    {
        "date": {
            **DATE,
            "description": "Local date in YYYY-MM-DD format (defaults to today in the athlete's timezone).",
        }
    }
)
UPCOMING_INPUT = tool_input(
    {
        "start_date": {**DATE, "description": "Starting local date, YYYY-MM-DD (defaults to today)."},
        "days": _days(UPCOMING_DAYS_DEFAULT, UPCOMING_DAYS_MAX),
    }
)
STATUS_INPUT = tool_input(
    {
        "as_of": {
            "type": "string",
            "maxLength": 64,
            "format": "date-time",
            "description": "ISO 8601 timestamp (defaults to now); without an offset it is the athlete's "
            "local time.",
        }
    }
)
RECENT_INPUT = tool_input({"days": _days(RECENT_DAYS_DEFAULT, RECENT_DAYS_MAX)})

DATA_STATUS: Schema = {
    "type": "object",
    "description": "Present when the data behind the answer is late (code STALE_DATA): the answer "
    "stands; advise the athlete to sync their wearable.",
    "properties": {"code": {"type": "string", "enum": ["STALE_DATA"]}, "message": {"type": "string"}},
    "required": ["code", "message"],
}

_INTERVAL: Schema = {
    "type": "object",
    "properties": {
        "label": {"type": "string"},
        "duration_seconds": {"type": "integer"},
        "distance_meters": {"type": "number"},
        "target": {"type": "string"},
        "repeat": {"type": "integer"},
    },
    "required": ["label", "target", "repeat"],
}
SESSION: Schema = {
    "type": "object",
    "properties": {
        "title": {"type": "string"},
        "sport": {"type": "string"},
        "duration_minutes": {"type": ["number", "null"]},
        "target_intensity": {"type": "string"},
        "description": {"type": "string"},
        "intervals": {"type": "array", "items": _INTERVAL},
    },
    "required": ["title", "sport", "duration_minutes", "target_intensity", "description"],
}

PROFILE_OUTPUT: Schema = {
    "type": "object",
    "properties": {
        "profile_id": {"type": "string"},
        "display_name": {"type": "string"},
        "timezone": {"type": "string"},
        "primary_sport": {"type": "string"},
        "account_status": {"type": "string", "enum": ["active", "trial"]},
    },
    "required": ["profile_id", "display_name", "timezone", "primary_sport", "account_status"],
}
TODAY_OUTPUT: Schema = {
    "type": "object",
    "properties": {
        "date": {"type": "string"},
        "timezone": {"type": "string"},
        "decision_id": {"type": "string"},
        "action_type": {
            "type": "string",
            "enum": ["execute_as_planned", "adapt_session", "substitute_recovery", "rest"],
        },
        "session": SESSION,
        "changed_from": SESSION,
        "reason_summary": {"type": "string"},
        "reason_codes": {"type": "array", "items": {"type": "string"}},
        "freshness": {
            "type": "object",
            "properties": {"decision_generated_at": _NULLABLE_TIME, "data_synced_at": _NULLABLE_TIME},
            "required": ["decision_generated_at", "data_synced_at"],
        },
        "data_status": DATA_STATUS,
    },
    "required": ["date", "timezone", "decision_id", "action_type", "reason_codes", "freshness"],
}
UPCOMING_OUTPUT: Schema = {
    "type": "object",
    "properties": {
        "start_date": {"type": "string"},
        "end_date": {"type": "string"},
        "timezone": {"type": "string"},
        "sessions": {
            "type": "array",
            "items": {
                "type": "object",
                "properties": {
                    "date": {"type": "string"},
                    "sport": {"type": "string"},
                    "title": {"type": "string"},
                    "duration_minutes": {"type": "number"},
                    "description": {"type": "string"},
                },
                "required": ["date", "sport", "title"],
            },
        },
    },
    "required": ["start_date", "end_date", "timezone", "sessions"],
}
STATUS_OUTPUT: Schema = {
    "type": "object",
    "properties": {
        "as_of": {"type": "string"},
        "training_state": {"type": "string"},
        "recovery_status": {"type": "string"},
        "load_status": {"type": "string"},
        "drivers": {
            "type": "array",
            "items": {
                "type": "object",
                "properties": {"code": {"type": "string"}, "summary": {"type": "string"}},
                "required": ["code", "summary"],
            },
        },
        "data_freshness": _NULLABLE_TIME,
        "data_status": DATA_STATUS,
    },
    "required": ["as_of", "training_state", "recovery_status", "load_status", "drivers", "data_freshness"],
}
RECENT_OUTPUT: Schema = {
    "type": "object",
    "properties": {
        "period": {
            "type": "object",
            "properties": {"start_date": {"type": "string"}, "end_date": {"type": "string"}},
            "required": ["start_date", "end_date"],
        },
        "summary": {
            "type": "object",
            "properties": {
                "completed_sessions": {"type": "integer"},
                "total_duration_minutes": {"type": "number"},
                "sports": {"type": "array", "items": {"type": "string"}},
            },
            "required": ["completed_sessions", "total_duration_minutes", "sports"],
        },
        "activities": {
            "type": "array",
            "items": {
                "type": "object",
                "properties": {
                    "date": {"type": "string"},
                    "sport": {"type": "string"},
                    "title": {"type": ["string", "null"]},
                    "duration_minutes": {"type": "number"},
                    "distance_km": {"type": "number"},
                },
                "required": ["date", "sport", "title", "duration_minutes"],
            },
        },
    },
    "required": ["period", "summary", "activities"],
}
