"""Analytics' gRPC answers as the REST API's JSON: camelCase, units in the names.

Loads and one-rep maxes are kilograms (``loadKg``, ``e1rmKg``, ``weightKg``); volume is kilograms
too (load x reps, summed); times are RFC 3339 UTC. Ranges are a local ``from`` and an exclusive
``to``, so analytics' inclusive last day becomes ``to`` = last day + 1. Fields are read one by one
rather than through ``json_format``: a 1-year series has hundreds of points and the generic
converter costs several times more per point (docs/decisions/0025-analytics-rest.md).
"""

from __future__ import annotations

import json
from datetime import UTC, date, datetime
from functools import lru_cache
from itertools import chain
from json.encoder import encode_basestring
from math import isfinite
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


_EPOCH_DAY = date(1970, 1, 1).toordinal()


# Texts of days and of clock times: pure functions of a number, asked for again by every series
# (a year's days are a few hundred texts), so kept; each about 0.5 us to work out.
@lru_cache(maxsize=8192)
def day_text(day_number: int) -> str:
    """A ``ProgressColumns.days`` entry (days since 1970-01-01) as ``YYYY-MM-DD``."""
    return date.fromordinal(day_number + _EPOCH_DAY).isoformat()


@lru_cache(maxsize=4096)
def _clock_text(clock: int) -> str:
    """Seconds into a UTC day as ``instant`` writes them: ``THH:MM:SS``."""
    return f"T{clock // 3600:02d}:{clock // 60 % 60:02d}:{clock % 60:02d}"


def _column_points(columns: analytics_pb2.ProgressColumns) -> list[Json]:
    """The points of a columns answer as ``_point`` renders the same points' messages."""
    has_set = len(columns.set_performance_ids) == len(columns.days) > 0
    points = []
    for at, (day, session_id, seconds, nanos, value, count) in enumerate(
        zip(
            columns.days,
            columns.session_ids,
            columns.start_seconds,
            columns.start_nanos,
            columns.values,
            columns.set_counts,
            strict=True,
        )
    ):
        chosen = None
        if has_set:
            chosen = {
                "performanceId": columns.set_performance_ids[at],
                "setNumber": columns.set_numbers[at],
                "weightKg": columns.set_weights_kg[at],
                "reps": columns.set_reps[at],
            }
        points.append(
            {
                "day": day_text(day),
                "sessionId": session_id,
                "sessionStartTime": instant(Timestamp(seconds=seconds, nanos=nanos)),
                "valueKg": value,
                "setCount": count,
                "set": chosen,
            }
        )
    return points


def _progress_head(response: analytics_pb2.GetProgressResponse, time_zone: str) -> Json:
    return {
        "exerciseId": response.exercise_id,
        "metric": response.metric,
        "formula": response.formula or None,
        **day_range(response.from_day, response.to_day),
        "timeZone": time_zone,
        "asOfSequence": response.as_of_sequence,
    }


def progress_json(response: analytics_pb2.GetProgressResponse, time_zone: str) -> Json:
    """``GET /api/analytics/progress``: from the answer's columns when it has them, else from its
    points (an analytics of the release before the columns; decision 0121)."""
    if response.HasField("columns"):
        points = _column_points(response.columns)
    else:
        points = [_point(p) for p in response.points]
    return {**_progress_head(response, time_zone), "points": points}


def json_body(content: Any) -> bytes:
    """``content`` as Starlette's ``JSONResponse`` renders a body (the same ``json.dumps`` call)."""
    return json.dumps(
        content, ensure_ascii=False, allow_nan=False, indent=None, separators=(",", ":")
    ).encode("utf-8")


# One point of a series as ``json_body`` writes it: %s for a text already in JSON (quoted and
# escaped by json's own encoder, a day or time that needs no escaping, or a float's repr: what
# json writes for a finite float), %d for an int.
_POINT_WITH_SET = (
    '{"day":"%s","sessionId":%s,"sessionStartTime":"%s","valueKg":%s,"setCount":%d,'
    '"set":{"performanceId":%s,"setNumber":%d,"weightKg":%s,"reps":%s}}'
)
_POINT_WITHOUT_SET = (
    '{"day":"%s","sessionId":%s,"sessionStartTime":"%s","valueKg":%s,"setCount":%d,"set":null}'
)


def _start_times(seconds: list[int], nanos: list[int]) -> list[str]:
    """``instant`` of each start: its UTC day and clock, with microseconds when it has any."""
    if not any(nanos):
        return [f"{day_text(at // 86400)}{_clock_text(at % 86400)}Z" for at in seconds]
    times = []
    for at, nano in zip(seconds, nanos, strict=True):
        micros = nano // 1000
        text = day_text(at // 86400) + _clock_text(at % 86400)
        times.append(f"{text}.{micros:06d}Z" if micros else f"{text}Z")
    return times


def _float_texts(column: list[float]) -> list[str]:
    """``repr`` of each value (what ``json.dumps`` writes for a finite float), each distinct value
    once: loads, reps and figures rounded to 0.1 kg repeat across a series."""
    texts = {value: repr(value) for value in set(column)}
    if 0.0 in texts:  # 0.0 and -0.0 are one key but two texts
        return [repr(value) for value in column]
    return [texts[value] for value in column]


def progress_body(response: analytics_pb2.GetProgressResponse, time_zone: str) -> bytes:
    """``json_body(progress_json(response, time_zone))``, byte for byte, written straight from the
    answer's columns: one format of every point's fields at once instead of a dict per point and
    ``json.dumps`` of them (decision 0121, "The progress series, columnar").

    An answer without columns (an older analytics), or with a value that is not finite (which
    ``json_body`` refuses, as it did before), goes the general way.
    """
    if not response.HasField("columns"):
        return json_body(progress_json(response, time_zone))
    columns = response.columns
    days = list(columns.days)
    values = list(columns.values)
    weights = list(columns.set_weights_kg)
    reps = list(columns.set_reps)
    # A sum is finite only when every term is (an overflowing one just takes the general way).
    if not (isfinite(sum(values)) and isfinite(sum(weights)) and isfinite(sum(reps))):
        return json_body(progress_json(response, time_zone))
    fields: list[Any] = [
        list(map(day_text, days)),  # map: no Python frame per point
        list(map(encode_basestring, columns.session_ids)),
        _start_times(list(columns.start_seconds), list(columns.start_nanos)),
        _float_texts(values),
        columns.set_counts,
    ]
    if len(columns.set_performance_ids) == len(days) > 0:
        template = _POINT_WITH_SET
        fields += [
            list(map(encode_basestring, columns.set_performance_ids)),
            columns.set_numbers,
            _float_texts(weights),
            _float_texts(reps),
        ]
    else:
        template = _POINT_WITHOUT_SET
    points = ",".join([template] * len(days)) % tuple(chain.from_iterable(zip(*fields, strict=True)))
    head = json_body(_progress_head(response, time_zone))
    return b"".join((head[:-1], b',"points":[', points.encode("utf-8"), b"]}"))


def balance_json(response: analytics_pb2.GetFocusBalanceResponse, time_zone: str) -> Json:
    """``GET /api/analytics/balance``: the balance as Metric's insights show it, with Kinetic's casing."""
    return {
        "timeZone": time_zone,
        "asOfSequence": response.as_of_sequence,
        **balance_body(response.balance, ids_key="unmappedExerciseIds"),
    }
