"""JSON Schemas and query parameters of the analytics REST paths, for ``/openapi.json``.

Kept beside the renderer (edge/analytics/render.py) so the document says exactly what is sent.
"""

from __future__ import annotations

from typing import Any

from edge.analytics import params
from edge.profiles.metric.schemas import (
    DAY,
    INTEGER,
    MUSCLE_SET_PROPERTIES,
    NUMBER,
    STRING,
    TIMESTAMP,
    Schema,
    array,
    balance_weeks,
    obj,
)
from knowledge.training.formats import LOCAL_DAY_PATTERN

KG: Schema = {"type": "number", "description": "Kilograms."}
RANGE_FROM: Schema = {**DAY, "description": "First local day of the range, YYYY-MM-DD."}
RANGE_TO: Schema = {**DAY, "description": "Exclusive end: the day after the last local day, YYYY-MM-DD."}
AS_OF: Schema = {
    "type": "integer",
    "description": "The sessions change this answer reflects (every set logged before the read).",
}

SET_REFERENCE = obj(
    {
        "sessionId": STRING,
        "performanceId": STRING,
        "setNumber": INTEGER,
        "day": {**DAY, "description": "The session's start day in timeZone."},
        "sessionStartTime": TIMESTAMP,
        "weightKg": KG,
        "reps": NUMBER,
    },
    ("sessionId", "performanceId", "setNumber", "day", "sessionStartTime", "weightKg", "reps"),
    description="The logged set a figure comes from.",
)


def _record(value_name: str, description: str, *extra: str) -> Schema:
    properties: dict[str, Schema] = {value_name: {"type": "number", "description": description}}
    if "formula" in extra:
        properties["formula"] = {"type": "string", "enum": ["epley", "brzycki"]}
    properties["set"] = SET_REFERENCE
    return {
        "oneOf": [obj(properties, (value_name, *extra, "set")), {"type": "null"}],
        "description": "null when no set qualifies (docs/decisions/0021-analytics.md).",
    }


RECORDS = obj(
    {
        "formula": {"type": "string", "enum": ["epley", "brzycki"]},
        "timeZone": STRING,
        "asOfSequence": AS_OF,
        "exercises": array(
            obj(
                {
                    "exerciseId": STRING,
                    "exerciseName": {
                        "type": ["string", "null"],
                        "description": "The gym exercise's name as logged, else the catalog's, or null.",
                    },
                    "catalogExerciseId": {
                        "type": ["string", "null"],
                        "description": "The catalog exercise it is or maps to; null for a custom one.",
                    },
                    "heaviestLoad": _record("loadKg", "Heaviest load, kilograms."),
                    "estimatedOneRepMax": _record("e1rmKg", "Estimated one-rep max, kilograms.", "formula"),
                    "bestSetVolume": _record("volumeKg", "Best load x reps of one set, kilograms."),
                },
                ("exerciseId", "exerciseName", "heaviestLoad", "estimatedOneRepMax", "bestSetVolume"),
            )
        ),
    },
    ("formula", "timeZone", "asOfSequence", "exercises"),
)

POINT_SET = obj(
    {"performanceId": STRING, "setNumber": INTEGER, "weightKg": KG, "reps": NUMBER},
    ("performanceId", "setNumber", "weightKg", "reps"),
)

PROGRESS = obj(
    {
        "exerciseId": STRING,
        "metric": {"type": "string", "enum": list(params.METRICS)},
        "formula": {"type": ["string", "null"], "description": "e1rm: epley or brzycki; null otherwise."},
        "from": RANGE_FROM,
        "to": RANGE_TO,
        "timeZone": STRING,
        "asOfSequence": AS_OF,
        "points": array(
            obj(
                {
                    "day": {**DAY, "description": "The session's start day in timeZone."},
                    "sessionId": STRING,
                    "sessionStartTime": TIMESTAMP,
                    "valueKg": {
                        "type": "number",
                        "description": "e1rm and top_set: kilograms; volume: load x reps summed, kilograms.",
                    },
                    "setCount": {"type": "integer", "description": "Qualifying sets in the session."},
                    "set": {
                        "oneOf": [POINT_SET, {"type": "null"}],
                        "description": "e1rm and top_set: the set the value comes from; volume: null.",
                    },
                },
                ("day", "sessionId", "sessionStartTime", "valueKg", "setCount", "set"),
            )
        ),
    },
    ("exerciseId", "metric", "formula", "from", "to", "timeZone", "asOfSequence", "points"),
    description="One point per session, oldest first.",
)

# The REST document has always required every figure (each is always sent); read_training fewer.
MUSCLE_SETS = obj(MUSCLE_SET_PROPERTIES, tuple(MUSCLE_SET_PROPERTIES))

BALANCE = obj(
    {
        "from": RANGE_FROM,
        "to": RANGE_TO,
        "timeZone": STRING,
        "asOfSequence": AS_OF,
        **balance_weeks(MUSCLE_SETS, ("week", "startDay", "muscles", "unmappedSets")),
        "unmappedExerciseIds": array(STRING),
    },
    (
        "from",
        "to",
        "timeZone",
        "asOfSequence",
        "primaryWeight",
        "secondaryWeight",
        "weeks",
        "weeklyAverage",
        "unmappedExerciseIds",
    ),
    description="Weighted working sets per muscle group per ISO week (decision 0021).",
)


def _param(name: str, description: str, schema: Schema, required: bool = False) -> dict[str, Any]:
    return {"name": name, "in": "query", "required": required, "description": description, "schema": schema}


_DAY_PATTERN: Schema = {"type": "string", "pattern": LOCAL_DAY_PATTERN}
_TIME_ZONE = _param("timeZone", "IANA time zone of the days, e.g. Europe/Amsterdam (default UTC).", STRING)
_FORMULA = _param(
    "formula", "One-rep max formula (default epley).", {"type": "string", "enum": ["epley", "brzycki"]}
)
_FROM = _param("from", "First local day, YYYY-MM-DD.", _DAY_PATTERN)

RECORDS_PARAMETERS = [
    {
        **_param(
            "exerciseIds",
            f"Only these exercises (repeat the parameter, at most {params.MAX_EXERCISE_IDS}); "
            "every exercise with a record by default.",
            array({"type": "string", "minLength": 1, "maxLength": params.MAX_ID_LENGTH}),
        ),
        "style": "form",
        "explode": True,
    },
    _FORMULA,
    _TIME_ZONE,
]
PROGRESS_PARAMETERS = [
    _param(
        "exerciseId",
        "The exercise.",
        {"type": "string", "minLength": 1, "maxLength": params.MAX_ID_LENGTH},
        True,
    ),
    _param(
        "metric",
        "e1rm (estimated one-rep max), top_set (heaviest set) or volume (load x reps per session).",
        {"type": "string", "enum": list(params.METRICS)},
        True,
    ),
    _FROM,
    _param(
        "to",
        "Exclusive end day, YYYY-MM-DD (default tomorrow: today included); from defaults to 90 days "
        "before to.",
        _DAY_PATTERN,
    ),
    _FORMULA,
    _TIME_ZONE,
]
BALANCE_PARAMETERS = [
    _FROM,
    _param(
        "to",
        "Exclusive end day, YYYY-MM-DD (default tomorrow: today included); from defaults to 28 days "
        "before to.",
        _DAY_PATTERN,
    ),
    _TIME_ZONE,
]
