"""The OpenAPI 3.1 description of the REST endpoints, served at ``/openapi.json``.

Request and response bodies use the same schemas the MCP tools publish
(edge/profiles/metric/schemas.py), so the two surfaces cannot drift apart. The analytics paths
under ``/api/analytics`` take theirs from edge/analytics/schemas.py, beside their renderer
(docs/decisions/0025-analytics-rest.md).
"""

from __future__ import annotations

from typing import Any

from edge.analytics import schemas as analytics
from edge.profiles.metric import schemas
from edge.profiles.metric.reads import VIEWS
from knowledge.training.formats import LOCAL_DAY_PATTERN

PREFIX = "/api/connectors/muse"
ANALYTICS_PREFIX = "/api/analytics"

_ERROR = {
    "type": "object",
    "required": ["error", "error_description"],
    "properties": {
        "error": {"type": "string", "description": "Machine-readable code, e.g. invalid_request."},
        "error_description": {"type": "string", "description": "What went wrong and what to fix."},
        "field": {"type": "string", "description": "The argument to fix, when one is at fault."},
        "fresh": {
            "type": "object",
            "description": "409 stale_version and 410 epoch_changed: the current epoch, sourceSequence "
            "and (409) versions, workouts and plans, for a retry.",
        },
    },
}

_ERROR_TEXT = {
    "400": "Invalid input; error_description and field name what to fix.",
    "401": "Missing, invalid, expired or revoked credentials.",
    "403": "The token lacks the training scope.",
    "409": "A stale version (with fresh details) or a conflicting change, e.g. a reused idempotencyKey.",
    "410": "The library epoch changed (the library was erased); read again.",
    "404": "No such record in this account.",
    "413": "The upload is larger than the path allows (20 MiB for workout history, 64 MiB for an "
    "activity file, 64 KiB for JSON).",
    "415": "The body is not sent with a Content-Type the path takes.",
    "429": "More than 300 requests for this account in a minute.",
    "503": "A backend is temporarily unavailable; retry shortly.",
}
_NO_STORE_HEADER = {
    "Cache-Control": {"description": "Always private, no-store.", "schema": {"const": "private, no-store"}}
}


def _json(schema: dict[str, Any]) -> dict[str, Any]:
    return {"application/json": {"schema": schema}}


def _responses(ok: str, schema: dict[str, Any], *codes: str) -> dict[str, Any]:
    responses: dict[str, Any] = {
        "200": {"description": ok, "headers": _NO_STORE_HEADER, "content": _json(schema)}
    }
    for code in codes:
        responses[code] = {
            "description": _ERROR_TEXT[code],
            "content": _json({"$ref": "#/components/schemas/Error"}),
        }
    return responses


def _param(name: str, description: str, schema: dict[str, Any], required: bool = False) -> dict[str, Any]:
    return {"name": name, "in": "query", "required": required, "description": description, "schema": schema}


_DAY_PATTERN = {"type": "string", "pattern": LOCAL_DAY_PATTERN}
_READ_PARAMETERS = [
    _param("view", "Which view to read.", {"type": "string", "enum": list(VIEWS)}, True),
    _param("timeZone", "IANA time zone, e.g. America/New_York (default UTC).", {"type": "string"}),
    _param("from", "calendar, history: first local day, YYYY-MM-DD.", _DAY_PATTERN),
    _param("to", "calendar, history: exclusive end day (calendar <= 93 days, history <= 366).", _DAY_PATTERN),
    _param(
        "weekStartsOn",
        "calendar: first weekday, 1 = Sunday.",
        {"type": "integer", "minimum": 1, "maximum": 7},
    ),
    _param("id", "workouts, plans: one record by ID.", {"type": "string"}),
    _param("name", "workouts: every workout whose name contains this text.", {"type": "string"}),
    _param("planID", "workouts: only this plan's workouts.", {"type": "string"}),
    _param("query", "exercises: words or shorthand.", {"type": "string", "maxLength": 200}),
    _param("muscle", "exercises: only this muscle.", {"type": "string"}),
    _param("equipment", "exercises: only this equipment.", {"type": "string"}),
    _param(
        "pageSize",
        "workouts, exercises: results per page.",
        {"type": "integer", "minimum": 1, "maximum": 100},
    ),
    _param("pageToken", "nextPageToken of the previous page.", {"type": "string"}),
    _param(
        "formula",
        "insights: one-rep max formula, epley (default) or brzycki.",
        {"type": "string", "enum": ["epley", "brzycki"]},
    ),
]

_WRITE_ERRORS = ("400", "401", "403", "409", "410", "429", "503")
_DELETION_REQUEST = {
    "oneOf": [
        {
            **schemas.PREVIEW_REQUEST,
            "properties": {"step": {"const": "preview"}, **schemas.PREVIEW_REQUEST["properties"]},
            "required": ["step", *schemas.PREVIEW_REQUEST["required"]],
        },
        {
            **schemas.COMMIT_REQUEST,
            "properties": {"step": {"const": "commit"}, **schemas.COMMIT_REQUEST["properties"]},
            "required": ["step", *schemas.COMMIT_REQUEST["required"]],
        },
    ]
}


def _analytics_paths() -> dict[str, Any]:
    # Kinetic's own analytics reads (docs/decisions/0025-analytics-rest.md).
    reads = (
        (
            "records",
            "getPersonalRecords",
            "Heaviest load, estimated one-rep max and best set volume per exercise, each with its set.",
            analytics.RECORDS_PARAMETERS,
            analytics.RECORDS,
        ),
        (
            "progress",
            "getProgress",
            "One metric of one exercise, one point per session, over a range of local days.",
            analytics.PROGRESS_PARAMETERS,
            analytics.PROGRESS,
        ),
        (
            "balance",
            "getFocusBalance",
            "Weighted working sets per muscle group per ISO week.",
            analytics.BALANCE_PARAMETERS,
            analytics.BALANCE,
        ),
    )
    return {
        f"{ANALYTICS_PREFIX}/{path}": {
            "get": {
                "operationId": operation,
                "summary": summary,
                "parameters": parameters,
                "responses": _responses("The answer.", schema, "400", "401", "403", "429", "503"),
            }
        }
        for path, operation, summary, parameters, schema in reads
    }


WORKOUT_LOG_PREFIX = "/api/workout-log"
_IMPORT_REPORT = {
    "type": "object",
    "required": ["imported", "alreadyImported", "sets", "skippedRows", "refused", "unconfirmedExercises"],
    "properties": {
        "imported": {"type": "integer", "description": "Workouts stored now."},
        "alreadyImported": {"type": "integer", "description": "Workouts an earlier import stored."},
        "sets": {"type": "integer", "description": "Sets stored now."},
        "skippedRows": {"type": "array", "items": {"type": "object"}, "description": "Line and why."},
        "refused": {"type": "array", "items": {"type": "object"}, "description": "Workouts refused, why."},
        "unconfirmedExercises": {
            "type": "array",
            "items": {"type": "string"},
            "description": "The file's exercise names stored unconfirmed, to be chosen in the log.",
        },
        "droppedRpe": {"type": "array", "items": {"type": "object"}},
        "droppedDurations": {
            "type": "array",
            "items": {"type": "object"},
            "description": "Workouts stored without their end: the file's duration was days (line, why).",
        },
    },
}


# An upload as a browser's form sends it (decision 0116): one file part named "file".
_FORM_FILE: dict[str, Any] = {
    "schema": {
        "type": "object",
        "required": ["file"],
        "properties": {"file": {"type": "string", "format": "binary"}},
    }
}


def _workout_log_paths() -> dict[str, Any]:
    # Workout history in and out, with the workout log's credentials (scope ows; decision 0047).
    security = [{"bearer": ["ows"]}]
    return {
        f"{WORKOUT_LOG_PREFIX}/imports": {
            "post": {
                "operationId": "importWorkouts",
                "summary": "Import a Strong or Hevy CSV export; importing the same file again adds nothing.",
                "security": security,
                "parameters": [
                    _param(
                        "unit", "The file's load unit when it does not say (Strong).", {"enum": ["kg", "lb"]}
                    ),
                    _param(
                        "distanceUnit",
                        "The file's distance unit when it does not say.",
                        {"enum": ["km", "mi"]},
                    ),
                ],
                "requestBody": {
                    "required": True,
                    "description": "The CSV (gzipped or not) as the body, or as the one file of a form.",
                    "content": {
                        "text/csv": {"schema": {"type": "string"}},
                        "multipart/form-data": _FORM_FILE,
                    },
                },
                "responses": _responses(
                    "What was imported, skipped and why.",
                    _IMPORT_REPORT,
                    "400",
                    "401",
                    "403",
                    "413",
                    "415",
                    "429",
                    "503",
                ),
            }
        },
        f"{WORKOUT_LOG_PREFIX}/export": {
            "get": {
                "operationId": "exportAccount",
                "summary": "Everything every Kinetic service holds for the account, as one JSON document.",
                "security": security,
                "responses": _responses("The export.", {"type": "object"}, "401", "403", "429", "503"),
            }
        },
        f"{WORKOUT_LOG_PREFIX}/export.csv": {
            "get": {
                "operationId": "exportWorkoutLogCsv",
                "summary": "The workout log in Strong's CSV layout, which imports back to the same workouts.",
                "security": security,
                "responses": {
                    "200": {
                        "description": "The CSV file.",
                        "headers": _NO_STORE_HEADER,
                        "content": {"text/csv": {"schema": {"type": "string"}}},
                    },
                    **{
                        code: {
                            "description": _ERROR_TEXT[code],
                            "content": _json({"$ref": "#/components/schemas/Error"}),
                        }
                        for code in ("401", "403", "429", "503")
                    },
                },
            }
        },
    }


ENDURANCE_PREFIX = "/api/endurance"
_SPORT = {"type": "string", "enum": ["run", "ride", "swim", "strength", "other"]}
_TIME_ZONE = _param("timeZone", "IANA time zone of the days (default: the account's).", {"type": "string"})
_RECORD = {"type": "object", "description": "The service's message as JSON, camelCase names."}


def _error_responses(*codes: str) -> dict[str, Any]:
    return {
        code: {"description": _ERROR_TEXT[code], "content": _json({"$ref": "#/components/schemas/Error"})}
        for code in codes
    }


def _endurance_read(operation_id: str, summary: str, parameters: list[dict[str, Any]]) -> dict[str, Any]:
    return {
        "get": {
            "operationId": operation_id,
            "summary": summary,
            "security": [{"bearer": ["ows"]}],
            "parameters": parameters,
            "responses": _responses("The answer.", _RECORD, "400", "401", "403", "404", "429", "503"),
        }
    }


def _endurance_paths() -> dict[str, Any]:
    # Endurance records and figures with the workout log's credentials (scope ows; decision 0057).
    security = [{"bearer": ["ows"]}]
    day = {**_DAY_PATTERN}
    path_id = {"name": "activity_id", "in": "path", "required": True, "schema": {"type": "string"}}
    path_day = {"name": "day", "in": "path", "required": True, "schema": _DAY_PATTERN}
    created = {"description": "Stored now.", "headers": _NO_STORE_HEADER, "content": _json(_RECORD)}
    write_errors = ("400", "401", "403", "409", "413", "415", "429", "503")
    return {
        f"{ENDURANCE_PREFIX}/activities/imports": {
            "post": {
                "operationId": "importActivityFile",
                "summary": (
                    "Import a FIT, TCX or GPX file; a multisport FIT file gives one activity per leg. "
                    "The same file again, or the same activity from a file no richer, stores nothing "
                    "(200); activities[].outcome says what happened to each (decision 0087)."
                ),
                "security": security,
                "parameters": [
                    _param("filename", "The file's name, to help tell its format.", {"type": "string"}),
                    _param("sourceApp", "The app it was exported from.", {"type": "string"}),
                    _param("sport", "The sport when the file names none or a wrong one.", _SPORT),
                ],
                "requestBody": {
                    "required": True,
                    "description": "The file (gzipped or not) as the body, or as the one file of a form.",
                    "content": {
                        "application/octet-stream": {"schema": {"type": "string", "format": "binary"}},
                        "multipart/form-data": _FORM_FILE,
                    },
                },
                "responses": {
                    **_responses(
                        "Nothing new stored: imported before, or a twin kept or replaced under its ID.",
                        _RECORD,
                    ),
                    "201": created,
                    **_error_responses(*write_errors),
                },
            }
        },
        f"{ENDURANCE_PREFIX}/activities": _endurance_read(
            "listActivities",
            "Activities of a day range with their training stress and its method.",
            [
                _param("from", "First local day.", day, True),
                _param("to", "Last local day (included).", day, True),
                _param("sport", "Only this sport (repeatable).", _SPORT),
                _TIME_ZONE,
            ],
        ),
        f"{ENDURANCE_PREFIX}/activities/{{activity_id}}": {
            **_endurance_read(
                "getActivity",
                "One activity with its laps and, with streams=true, its per-second streams.",
                [
                    path_id,
                    _param("streams", "Include the streams.", {"type": "string", "enum": ["true", "false"]}),
                ],
            ),
            "delete": {
                "operationId": "deleteActivity",
                "summary": "Delete an activity with its streams and laps.",
                "security": security,
                "parameters": [path_id],
                "responses": {
                    "204": {"description": "Deleted.", "headers": _NO_STORE_HEADER},
                    **_error_responses("400", "401", "403", "404", "429", "503"),
                },
            },
        },
        f"{ENDURANCE_PREFIX}/training-load": _endurance_read(
            "getTrainingLoad",
            "CTL, ATL, TSB (previous-day convention), ramp rate, workload ratio and risk, per sport "
            "and combined, for each day of a range.",
            [_param("from", "First local day.", day, True), _param("to", "Last local day.", day), _TIME_ZONE],
        ),
        f"{ENDURANCE_PREFIX}/figures": _endurance_read(
            "getAthleteFigures",
            "VDOT, race predictions and paces; FTP, power zones and W/kg; heart-rate zones; CSS and "
            "swim zones, from the thresholds in force on a day.",
            [_param("day", "The local day (default today).", day), _TIME_ZONE],
        ),
        f"{ENDURANCE_PREFIX}/power-curve": _endurance_read(
            "getPowerCurve",
            "Mean-maximal power of a day range, all-time peaks and eFTP.",
            [
                _param("from", "First local day (default all time).", day),
                _param("to", "Last local day.", day),
            ],
        ),
        f"{ENDURANCE_PREFIX}/thresholds": {
            **_endurance_read(
                "listThresholds",
                "Every dated threshold value, and those in force on asOf.",
                [_param("asOf", "The local day to report the values in force on.", day)],
            ),
            "post": {
                "operationId": "setThreshold",
                "summary": "Record a threshold in force from effectiveDay on.",
                "security": security,
                "requestBody": {"required": True, "content": _json(_THRESHOLD)},
                "responses": {"201": created, **_error_responses(*write_errors)},
            },
        },
        f"{ENDURANCE_PREFIX}/readiness": _endurance_read(
            "listReadiness",
            "The daily health and readiness entries of a day range.",
            [_param("from", "First local day.", day, True), _param("to", "Last local day.", day, True)],
        ),
        f"{ENDURANCE_PREFIX}/readiness/{{day}}": {
            "put": {
                "operationId": "recordReadiness",
                "summary": "Set the given fields of the day's entry; the others stay.",
                "security": security,
                "parameters": [path_day],
                "requestBody": {"required": True, "content": _json(_READINESS)},
                "responses": _responses("The whole entry.", _RECORD, *write_errors),
            }
        },
    }


_NUMBER = {"type": "number"}
_SCORE = {"type": "integer", "minimum": 1, "maximum": 5}
_THRESHOLD = {
    "type": "object",
    "required": ["kind", "effectiveDay"],
    "additionalProperties": False,
    "properties": {
        "kind": {
            "type": "string",
            "enum": ["threshold_pace", "race_result", "ftp", "css", "max_hr", "resting_hr", "threshold_hr"],
        },
        "effectiveDay": _DAY_PATTERN,
        "secondsPerKm": _NUMBER,
        "distanceM": _NUMBER,
        "seconds": _NUMBER,
        "watts": _NUMBER,
        "seconds400m": _NUMBER,
        "seconds200m": _NUMBER,
        "bpm": _NUMBER,
        "source": {"type": "string", "enum": ["manual", "test", "race", "estimated", "recalibrated"]},
    },
}
_READINESS = {
    "type": "object",
    "additionalProperties": False,
    "properties": {
        "sleepHours": _NUMBER,
        "restingHr": _NUMBER,
        "hrvMs": _NUMBER,
        "soreness": _SCORE,
        "fatigue": _SCORE,
        "sleepQuality": _SCORE,
        "stress": _SCORE,
        "mood": _SCORE,
        "bodyWeightKg": _NUMBER,
        "steps": {"type": "integer"},
        "waterIntakeMl": {"type": "integer"},
        "activeCalories": {"type": "integer"},
    },
}


def openapi_document(public_url: str) -> dict[str, Any]:
    """The OpenAPI 3.1 document for the REST API at ``public_url``."""
    return {
        "openapi": "3.1.0",
        "info": {
            "title": "Kinetic Training API",
            "version": "0.2.0",
            "description": "REST mirror of the Metric MCP tools, Kinetic's own analytics reads "
            "(records, progress, focus balance) under /api/analytics with the same credentials, and "
            "workout history in and out under /api/workout-log and endurance records and figures under "
            "/api/endurance with the workout log's (scope ows). "
            "Units: kilograms, meters, seconds. Every response carries Cache-Control: private, no-store.",
        },
        "servers": [{"url": public_url}],
        "security": [{"bearer": ["training"]}],
        "paths": {
            f"{PREFIX}/workout-guidance": {
                "get": {
                    "operationId": "getWorkoutGuidance",
                    "summary": "Workout-design guidance, target fields, setup rules and a full example.",
                    "responses": _responses(
                        "The guidance.", schemas.GUIDANCE_RESULT, "401", "403", "429", "503"
                    ),
                }
            },
            f"{PREFIX}/training": {
                "get": {
                    "operationId": "readTraining",
                    "summary": "Read one view of the user's Training data (read_training).",
                    "parameters": _READ_PARAMETERS,
                    "responses": _responses(
                        "The view.", schemas.VIEW_RESULT, "400", "401", "403", "429", "503"
                    ),
                }
            },
            f"{PREFIX}/training/edits": {
                "post": {
                    "operationId": "editTraining",
                    "summary": "One versioned, idempotent Training write (edit_training).",
                    "requestBody": {"required": True, "content": _json(schemas.EDIT_REQUEST)},
                    "responses": _responses("What the write changed.", schemas.EDIT_RESULT, *_WRITE_ERRORS),
                }
            },
            f"{PREFIX}/training/deletions": {
                "post": {
                    "operationId": "deleteTraining",
                    "summary": 'Deletion in two steps: {"step":"preview",...} then {"step":"commit",...} '
                    "(preview_training_deletion, confirm_training_deletion).",
                    "requestBody": {"required": True, "content": _json(_DELETION_REQUEST)},
                    "responses": _responses(
                        "The preview with its token, or the carried-out deletion.",
                        {"oneOf": [schemas.PREVIEW_RESULT, schemas.COMMIT_RESULT]},
                        *_WRITE_ERRORS,
                    ),
                }
            },
            **_analytics_paths(),
            **_workout_log_paths(),
            **_endurance_paths(),
        },
        "components": {
            "securitySchemes": {
                "bearer": {
                    "type": "http",
                    "scheme": "bearer",
                    "description": "An access token for the Metric resource, or a personal API key (rf_...).",
                }
            },
            "schemas": {"Error": _ERROR},
        },
    }
