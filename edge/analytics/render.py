"""Analytics' gRPC answers as the REST API's JSON: camelCase, units in the names.

Loads and one-rep maxes are kilograms (``loadKg``, ``e1rmKg``, ``weightKg``); volume is kilograms
too (load x reps, summed); times are RFC 3339 UTC. Ranges are a local ``from`` and an exclusive
``to``, so analytics' inclusive last day becomes ``to`` = last day + 1. Fields are read one by one
rather than through ``json_format``: a 1-year series has hundreds of points and the generic
converter costs several times more per point (docs/decisions/0025-analytics-rest.md).
"""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any

from google.protobuf.timestamp_pb2 import Timestamp

from edge.profiles.metric.insights import balance_body, day_range
from kinetic.analytics.v1 import analytics_pb2

Json = dict[str, Any]


def instant(moment: Timestamp) -> str:
    """A protobuf Timestamp as RFC 3339 UTC, e.g. ``2026-03-02T07:30:00Z`` (microseconds when set)."""
    at = datetime.fromtimestamp(moment.seconds, UTC)
    if moment.nanos:
        at = at.replace(microsecond=moment.nanos // 1000)
    return at.isoformat()[:-6] + "Z"  # an aware UTC isoformat() always ends in +00:00


def set_reference(ref: analytics_pb2.SetReference) -> Json:
    """The set a record comes from, with its session."""
    return {
        "sessionId": ref.session_id,
        "performanceId": ref.performance_id,
        "setNumber": ref.set_number,
        "day": ref.day,
        "sessionStartTime": instant(ref.session_start_time),
        "weightKg": ref.weight_kg,
        "reps": ref.reps,
    }


def _record(exercise: analytics_pb2.ExerciseRecords, field: str, value_name: str) -> Json | None:
    if not exercise.HasField(field):
        return None
    record: analytics_pb2.PersonalRecord = getattr(exercise, field)
    out: Json = {value_name: record.value}
    if record.formula:
        out["formula"] = record.formula
    out["set"] = set_reference(record.set)
    return out


def records_json(response: analytics_pb2.GetPersonalRecordsResponse, time_zone: str) -> Json:
    """``GET /api/analytics/records``."""
    return {
        "formula": response.formula,
        "timeZone": time_zone,
        "asOfSequence": response.as_of_sequence,
        "exercises": [
            {
                "exerciseId": e.exercise_id,
                "exerciseName": e.exercise_name or None,
                "catalogExerciseId": e.catalog_exercise_id or None,
                "heaviestLoad": _record(e, "heaviest_load", "loadKg"),
                "estimatedOneRepMax": _record(e, "estimated_one_rep_max", "e1rmKg"),
                "bestSetVolume": _record(e, "best_set_volume", "volumeKg"),
            }
            for e in response.exercises
        ],
    }


def _point(point: analytics_pb2.ProgressPoint) -> Json:
    # The point names its session, day and time once; its set adds only what is the set's own.
    chosen = None
    if point.HasField("set"):
        ref = point.set
        chosen = {
            "performanceId": ref.performance_id,
            "setNumber": ref.set_number,
            "weightKg": ref.weight_kg,
            "reps": ref.reps,
        }
    return {
        "day": point.day,
        "sessionId": point.session_id,
        "sessionStartTime": instant(point.session_start_time),
        "valueKg": point.value,
        "setCount": point.set_count,
        "set": chosen,
    }


def progress_json(response: analytics_pb2.GetProgressResponse, time_zone: str) -> Json:
    """``GET /api/analytics/progress``."""
    return {
        "exerciseId": response.exercise_id,
        "metric": response.metric,
        "formula": response.formula or None,
        **day_range(response.from_day, response.to_day),
        "timeZone": time_zone,
        "asOfSequence": response.as_of_sequence,
        "points": [_point(p) for p in response.points],
    }


def balance_json(response: analytics_pb2.GetFocusBalanceResponse, time_zone: str) -> Json:
    """``GET /api/analytics/balance``: the balance as Metric's insights show it, with Kinetic's casing."""
    return {
        "timeZone": time_zone,
        "asOfSequence": response.as_of_sequence,
        **balance_body(response.balance, ids_key="unmappedExerciseIds"),
    }
