"""Input JSON Schemas of the RunFlow tools without plans (decision 0061).

Seed 004 names the tools and what they return but gives no arguments: these are Kinetic's, in the
seed's camelCase. Every input object is closed, so a misspelt argument is refused naming it. Day
windows are local days in the athlete's time zone; dates are YYYY-MM-DD.
"""

from __future__ import annotations

from typing import Any

from knowledge.limits import sessions
from knowledge.training.formats import LOCAL_DAY_PATTERN

Schema = dict[str, Any]

# The longest window any tool reads: a year, what the analytics charts answer quickly.
MAX_DAYS = 365
FITNESS_DAYS_DEFAULT = 42  # one CTL time constant
ANALYTICS_DAYS_DEFAULT = 90
RECENT_DAYS_DEFAULT = 14
READINESS_DAYS_DEFAULT, READINESS_DAYS_MAX = 14, 90
BASELINE_DAYS = 28

DATE: Schema = {"type": "string", "pattern": LOCAL_DAY_PATTERN, "format": "date", "maxLength": 10}


def tool_input(properties: dict[str, Schema]) -> Schema:
    """A closed object schema of optional arguments."""
    return {"type": "object", "properties": properties, "additionalProperties": False}


def days(
    default: int, most: int = MAX_DAYS, what: str = "Number of local days to inspect, ending today"
) -> Schema:
    return {
        "type": "integer",
        "minimum": 1,
        "maximum": most,
        "default": default,
        # The bounds and the default are the schema's own keywords: the words need not repeat them.
        "description": f"{what}.",
    }


def _number(low: float, high: float, description: str, *, integer: bool = False) -> Schema:
    return {
        "type": "integer" if integer else "number",
        "minimum": low,
        "maximum": high,
        "description": description,
    }


def _health(field: str, description: str, *, integer: bool = False) -> Schema:
    """A readiness field within the sessions service's range (decision 0091)."""
    low, high = sessions.READINESS[field]
    return _number(low, high, description, integer=integer)


def _score(field: str, what: str, best: str) -> Schema:
    low, high = sessions.READINESS[field]
    return _health(field, f"{what}, {low} to {high} ({best}).", integer=True)


PROFILE_INPUT = tool_input({})
FITNESS_INPUT = tool_input({"days": days(FITNESS_DAYS_DEFAULT, what="Days of the PMC series, ending today")})
CYCLING_INPUT = tool_input({"days": days(ANALYTICS_DAYS_DEFAULT)})
RUNNING_INPUT = tool_input({"days": days(ANALYTICS_DAYS_DEFAULT)})
SWIMMING_INPUT = tool_input({"days": days(ANALYTICS_DAYS_DEFAULT)})
RECENT_INPUT = tool_input(
    {
        "startDate": {**DATE, "description": "The window's first local day."},
        "endDate": {**DATE, "description": "The window's last local day (default today)."},
        "days": days(
            RECENT_DAYS_DEFAULT,
            what="Days of the window ending at endDate, when startDate is not given",
        ),
        "sport": {
            "type": "string",
            "enum": ["run", "ride", "swim", "strength", "other"],
            "description": "Only activities of this sport (default all).",
        },
    }
)
READINESS_INPUT = tool_input(
    {
        "days": days(
            READINESS_DAYS_DEFAULT,
            READINESS_DAYS_MAX,
            what="Days of readinessHistory and healthLogs, ending today",
        )
    }
)
LOG_HEALTH_INPUT = tool_input(
    {
        "date": {**DATE, "description": "The entry's local day (default today)."},
        "weightKg": _health("body_weight_kg", "Body weight in kilograms."),
        "steps": _health("steps", "Steps walked that day.", integer=True),
        "waterIntakeMl": _health("water_intake_ml", "Water drunk that day, millilitres.", integer=True),
        "activeCalories": _health(
            "active_calories", "Active energy burnt that day, kilocalories.", integer=True
        ),
        "soreness": _score("soreness", "Muscle soreness", "1 none, 5 severe"),
        "fatigue": _score("fatigue", "Fatigue", "1 fresh, 5 exhausted"),
        "sleepQuality": _score("sleep_quality", "Sleep quality", "1 poor, 5 excellent"),
        "stress": _score("stress", "Stress", "1 calm, 5 very stressed"),
        "mood": _score("mood", "Mood", "1 low, 5 great"),
        "sleepHours": _health("sleep_hours", "Hours slept the night before."),
        "hrvMs": _health("hrv_ms", "Morning heart-rate variability (rMSSD), milliseconds."),
        "restingHr": _health("resting_hr", "Morning resting heart rate, beats per minute."),
        "idempotencyKey": {
            "type": "string",
            "minLength": 1,
            "maxLength": 128,
            "description": "Retry key.",
        },
    }
)
# The fields of log_daily_health that set something (the date and key only say where and which).
HEALTH_FIELDS = (
    "weightKg",
    "steps",
    "waterIntakeMl",
    "activeCalories",
    "soreness",
    "fatigue",
    "sleepQuality",
    "stress",
    "mood",
    "sleepHours",
    "hrvMs",
    "restingHr",
)
