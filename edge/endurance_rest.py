"""Endurance records and figures over HTTP, under ``/api/endurance`` (decision 0057).

- ``POST /activities/imports?filename=&sourceApp=&sport=``: a FIT, TCX or GPX file (gzipped or not)
  as the body or as the one file of a ``multipart/form-data`` form (decision 0116);
  201 with the stored activity, or 200 with the one an earlier upload of the same file stored;
  ``activities`` lists each activity of the file (one per multisport leg) with its outcome:
  created, already_imported, twin_kept or twin_replaced (decision 0087).
- ``GET /activities?from=&to=&sport=&timeZone=``: the activities of a day range with their
  training stress; ``GET /activities/{id}?streams=true``; ``DELETE /activities/{id}``.
- ``GET /training-load?from=&to=&timeZone=``: CTL, ATL, TSB, ramp rate, workload ratio and risk per
  sport and combined; ``GET /figures?day=``; ``GET /power-curve?from=&to=``.
- ``GET /thresholds?asOf=``, ``POST /thresholds``; ``GET /readiness?from=&to=``,
  ``PUT /readiness/{day}``.

The paths sit behind the workout log's guard (an API key or a token with scope "ows"): activities
are the endurance half of the same log, so the account is always the caller's, and writes need the
account's consent to log workouts, as every other way of logging through a key does. Answers are
the services' messages as JSON with camelCase names; days are local days in ``timeZone``, else the
account's.
"""

from __future__ import annotations

from typing import Any, Final, cast

from google.protobuf import json_format
from google.protobuf.descriptor import FieldDescriptor
from google.protobuf.message import Message
from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.routing import Route

from edge.account_rest import AccountAnswer, BackendsOf, account_endpoint
from edge.backends import Backends
from edge.json_bodies import JsonRefused, read_json
from edge.mcp_profile.validation import invalid_arguments
from edge.mcp_profile.value_rules import value_violations
from edge.problems import EdgeProblem, invalid_field
from edge.profiles.metric.rest import NO_STORE, REST_ERROR_HANDLERS
from edge.upload_bodies import (
    MAX_ACTIVITY_FILE_BYTES,
    MULTIPART_OVERHEAD,
    UploadedFile,
    gunzipped,
    kind_of,
    media_type,
    read_multipart,
)
from kinetic.analytics.v1 import endurance_pb2 as figures_pb2
from kinetic.auth.v1 import auth_pb2
from kinetic.sessions.v1 import endurance_pb2 as records_pb2
from kinetic.time_zones import is_time_zone
from knowledge.training.formats import LOCAL_DAY

# The sessions service refuses files over 64 MiB; a 24-hour FIT file with every sensor is ~10 MiB.
MAX_UPLOAD_BYTES: Final = MAX_ACTIVITY_FILE_BYTES
UPLOAD_TYPES: Final = frozenset(
    {
        "application/octet-stream",
        "application/vnd.ant.fit",
        "application/fit",
        "application/gpx+xml",
        "application/vnd.garmin.tcx+xml",
        "application/xml",
        "text/xml",
    }
)
MAX_JSON_BYTES: Final = 64 * 1024
SPORTS: Final = ("run", "ride", "swim", "strength", "other")
# What a client may send: derived values (vdot, secondsPer100m), IDs and times are the service's.
THRESHOLD_FIELDS: Final = frozenset(
    {
        "kind",
        "effectiveDay",
        "secondsPerKm",
        "distanceM",
        "seconds",
        "watts",
        "seconds400m",
        "seconds200m",
        "bpm",
        "source",
    }
)
READINESS_FIELDS: Final = frozenset(
    {
        "sleepHours",
        "restingHr",
        "hrvMs",
        "soreness",
        "fatigue",
        "sleepQuality",
        "stress",
        "mood",
        "bodyWeightKg",
        "steps",
        "waterIntakeMl",
        "activeCalories",
    }
)
MAX_TEXT_FIELD: Final = 40
_INTEGER_TYPES: Final = frozenset({FieldDescriptor.CPPTYPE_INT32, FieldDescriptor.CPPTYPE_INT64})
_DAY = LOCAL_DAY


def as_json(message: Message) -> dict[str, Any]:
    """A service message as the REST body: camelCase names, unset optional fields left out."""
    return cast(dict[str, Any], json_format.MessageToDict(message))


def _ok(message: Message, status: int = 200) -> Response:
    return JSONResponse(as_json(message), status_code=status, headers=NO_STORE)


def _day(request: Request, name: str, *, required: bool = False) -> str:
    value = request.query_params.get(name, "")
    if not value:
        if required:
            raise invalid_field(name, "is required, as a local day YYYY-MM-DD")
        return ""
    if not _DAY.match(value):
        raise invalid_field(name, f"must be a local day YYYY-MM-DD, not {value[:40]!r}")
    return value


def _sports(request: Request) -> list[str]:
    sports = request.query_params.getlist("sport")
    for sport in sports:
        if sport not in SPORTS:
            raise invalid_field("sport", f"must be one of {', '.join(SPORTS)}, not {sport[:40]!r}")
    return sports


async def _account(backends: Backends, account_id: str) -> auth_pb2.Account:
    response = await backends.auth.GetAccount(auth_pb2.GetAccountRequest(account_id=account_id))
    return cast(auth_pb2.Account, response.account)


async def _time_zone(backends: Backends, account_id: str, request: Request) -> str:
    """``timeZone`` when given (checked), else the account's: one call less for callers that know it."""
    given = request.query_params.get("timeZone", "")
    if given:
        if not is_time_zone(given):
            raise invalid_field("timeZone", f"{given[:60]!r} is no IANA time zone (e.g. Europe/Amsterdam)")
        return given
    return (await _account(backends, account_id)).time_zone or "UTC"


async def _require_logging_consent(backends: Backends, account_id: str) -> None:
    if not (await _account(backends, account_id)).logging_consent:
        raise EdgeProblem(
            "consent_required",
            "storing activities, thresholds and readiness needs your consent to log workouts: give it "
            "on your account page (/account), then send the request again",
            403,
        )


async def _body_bytes(request: Request, limit: int, what: str) -> bytes:
    declared = request.headers.get("content-length", "")
    too_large = EdgeProblem(
        "payload_too_large", f"{what} is over {limit // 1024} KiB; it is refused unread", 413
    )
    if declared.isdigit() and int(declared) > limit:
        raise too_large
    chunks: list[bytes] = []
    size = 0
    async for chunk in request.stream():
        size += len(chunk)
        if size > limit:
            raise too_large
        chunks.append(chunk)
    return b"".join(chunks)


async def _json_body(request: Request) -> dict[str, Any]:
    media_type = request.headers.get("content-type", "").split(";")[0].strip().lower()
    if media_type != "application/json":
        raise EdgeProblem(
            "unsupported_media_type", "send a JSON object with Content-Type application/json", 415
        )
    data = await _body_bytes(request, MAX_JSON_BYTES, "the JSON body")
    try:
        body = read_json(data)
    except JsonRefused as refused:
        raise EdgeProblem("invalid_request", str(refused)) from None
    if not isinstance(body, dict):
        raise EdgeProblem("invalid_request", "the body must be a JSON object")
    # The same rules as every REST body and tool argument (decision 0032): storable text, numbers
    # that fit the services' fields, refused by path without repeating the value.
    unstorable = value_violations(body)
    if unstorable:
        raise invalid_arguments(unstorable)
    return body


def _field_text(name: object) -> str:
    """A client's key or value safe to echo: ASCII, at most 60 characters."""
    return ascii(name)[:60]


def _checked_value(field: FieldDescriptor, name: str, value: object) -> object:
    """``value`` if it is of ``field``'s type (text, a number, a whole number for an int32), else a
    400. Unstorable text and numbers no field takes are refused before, for the whole body."""
    if field.cpp_type == FieldDescriptor.CPPTYPE_STRING:
        if not isinstance(value, str) or len(value) > MAX_TEXT_FIELD:
            raise invalid_field(name, f"must be text of at most {MAX_TEXT_FIELD} characters")
        return value
    if isinstance(value, bool) or not isinstance(value, int | float):
        raise invalid_field(name, "must be a number")
    if field.cpp_type in _INTEGER_TYPES:
        if value != int(value) or not -(2**31) <= value < 2**31:
            raise invalid_field(name, "must be a whole number from -2147483648 to 2147483647")
        return int(value)
    return float(value)


def _message_from(body: dict[str, Any], message: Message, allowed: frozenset[str]) -> None:
    """Fill ``message`` from camelCase JSON: only the ``allowed`` fields, each of its own type.

    Checked here rather than left to ``ParseDict``, whose errors quote the input back.
    """
    fields = {field.json_name: field for field in message.DESCRIPTOR.fields if field.json_name in allowed}
    checked: dict[str, object] = {}
    for key, value in body.items():
        field = fields.get(key)
        if field is None:
            raise EdgeProblem(
                "invalid_request",
                f"unknown field {_field_text(key)}; send only {', '.join(sorted(fields))}",
                400,
                {"field": _field_text(key)},
            )
        checked[key] = _checked_value(field, key, value)
    json_format.ParseDict(checked, message)


def _upload_type(request: Request) -> str:
    kind = media_type(request)
    if kind != "multipart/form-data" and kind not in UPLOAD_TYPES:
        raise EdgeProblem(
            "unsupported_media_type",
            "send the FIT, TCX or GPX file itself as the request body, with Content-Type "
            "application/octet-stream (or the file type's own, e.g. application/gpx+xml), or as the "
            "file of a multipart/form-data form",
            415,
        )
    return kind


async def activity_file(request: Request) -> UploadedFile:
    """The activity file, raw or as the one file of a form, bounded while it arrives; gzip undone
    within the same bound; a Strong or Hevy CSV sent here refused naming its path (decision 0116)."""
    if _upload_type(request) == "multipart/form-data":
        upload = await read_multipart(
            request,
            max_files=1,
            max_file_bytes=MAX_UPLOAD_BYTES,
            max_total_bytes=MAX_UPLOAD_BYTES + MULTIPART_OVERHEAD,
        )
        if not upload.files:
            raise EdgeProblem(
                "invalid_request",
                "the form carries no file: attach the FIT, TCX or GPX file as a file field (e.g. "
                "curl -F file=@ride.fit)",
                400,
            )
        file = upload.files[0]
    else:
        file = UploadedFile(
            request.query_params.get("filename", ""), await _body_bytes(request, MAX_UPLOAD_BYTES, "the file")
        )
    file = gunzipped(file, MAX_UPLOAD_BYTES)
    if file.data and kind_of(file) == "workout_log" and file.filename.lower().endswith(".csv"):
        raise EdgeProblem(
            "unsupported_media_type",
            "this is a CSV, not a FIT, TCX or GPX file: a Strong or Hevy export goes to "
            "POST /api/workout-log/imports",
            415,
        )
    return file


async def _import(backends: Backends, account_id: str, request: Request) -> Response:
    _upload_type(request)  # a 415 before the consent is looked up
    sport = request.query_params.get("sport", "")
    if sport and sport not in SPORTS:
        raise invalid_field("sport", f"must be one of {', '.join(SPORTS)}")
    await _require_logging_consent(backends, account_id)
    file = await activity_file(request)
    response = await backends.endurance.ImportActivityFile(
        records_pb2.ImportActivityFileRequest(
            account_id=account_id,
            data=file.data,
            filename=(request.query_params.get("filename", "") or file.filename)[:255],
            source_app=request.query_params.get("sourceApp", "")[:100],
            sport=sport,
        )
    )
    return _ok(response, 201 if response.created else 200)


async def _activities(backends: Backends, account_id: str, request: Request) -> Response:
    request_pb = figures_pb2.ListActivityStressRequest(
        account_id=account_id,
        from_day=_day(request, "from", required=True),
        to_day=_day(request, "to", required=True),
        time_zone=await _time_zone(backends, account_id, request),
        sports=_sports(request),
    )
    return _ok(await backends.endurance_analytics.ListActivityStress(request_pb))


async def _activity(backends: Backends, account_id: str, request: Request) -> Response:
    streams = request.query_params.get("streams", "false")
    if streams not in ("true", "false"):
        raise invalid_field("streams", "must be true or false")
    response = await backends.endurance.GetActivity(
        records_pb2.GetActivityRequest(
            account_id=account_id,
            activity_id=request.path_params["activity_id"],
            include_streams=streams == "true",
        )
    )
    return _ok(response)


async def _delete_activity(backends: Backends, account_id: str, request: Request) -> Response:
    await _require_logging_consent(backends, account_id)
    await backends.endurance.DeleteActivity(
        records_pb2.DeleteActivityRequest(
            account_id=account_id, activity_id=request.path_params["activity_id"]
        )
    )
    return Response(status_code=204, headers=NO_STORE)


async def _training_load(backends: Backends, account_id: str, request: Request) -> Response:
    request_pb = figures_pb2.GetTrainingLoadRequest(
        account_id=account_id,
        from_day=_day(request, "from", required=True),
        to_day=_day(request, "to"),
        time_zone=await _time_zone(backends, account_id, request),
    )
    return _ok(await backends.endurance_analytics.GetTrainingLoad(request_pb))


async def _figures(backends: Backends, account_id: str, request: Request) -> Response:
    request_pb = figures_pb2.GetAthleteFiguresRequest(
        account_id=account_id,
        day=_day(request, "day"),
        time_zone=await _time_zone(backends, account_id, request),
    )
    return _ok(await backends.endurance_analytics.GetAthleteFigures(request_pb))


async def _power_curve(backends: Backends, account_id: str, request: Request) -> Response:
    request_pb = figures_pb2.GetPowerCurveRequest(
        account_id=account_id,
        from_day=_day(request, "from"),
        to_day=_day(request, "to"),
        time_zone=await _time_zone(backends, account_id, request),
    )
    return _ok(await backends.endurance_analytics.GetPowerCurve(request_pb))


async def _thresholds(backends: Backends, account_id: str, request: Request) -> Response:
    response = await backends.endurance.ListThresholds(
        records_pb2.ListThresholdsRequest(account_id=account_id, as_of_day=_day(request, "asOf"))
    )
    return _ok(response)


async def _set_threshold(backends: Backends, account_id: str, request: Request) -> Response:
    body = await _json_body(request)
    threshold = records_pb2.Threshold()
    _message_from(body, threshold, THRESHOLD_FIELDS)
    await _require_logging_consent(backends, account_id)
    response = await backends.endurance.SetThreshold(
        records_pb2.SetThresholdRequest(account_id=account_id, threshold=threshold)
    )
    return _ok(response, 201)


async def _readiness(backends: Backends, account_id: str, request: Request) -> Response:
    response = await backends.endurance.ListReadiness(
        records_pb2.ListReadinessRequest(
            account_id=account_id,
            from_day=_day(request, "from", required=True),
            to_day=_day(request, "to", required=True),
        )
    )
    return _ok(response)


async def _record_readiness(backends: Backends, account_id: str, request: Request) -> Response:
    day = request.path_params["day"]
    if not _DAY.match(day):
        raise invalid_field("day", f"must be a local day YYYY-MM-DD, not {day[:40]!r}")
    body = await _json_body(request)
    readiness = records_pb2.DailyReadiness()
    _message_from(body, readiness, READINESS_FIELDS)
    readiness.day = day
    await _require_logging_consent(backends, account_id)
    response = await backends.endurance.RecordReadiness(
        records_pb2.RecordReadinessRequest(account_id=account_id, readiness=readiness)
    )
    return _ok(response)


def endurance_rest_app(backends: BackendsOf) -> Starlette:
    """The endurance paths as one app, to mount under ``/api/endurance`` behind the workout log's guard."""

    def route(path: str, answer: AccountAnswer, method: str) -> Route:
        return Route(path, account_endpoint(backends, answer), methods=[method])

    return Starlette(
        routes=[
            route("/activities/imports", _import, "POST"),
            route("/activities", _activities, "GET"),
            route("/activities/{activity_id}", _activity, "GET"),
            route("/activities/{activity_id}", _delete_activity, "DELETE"),
            route("/training-load", _training_load, "GET"),
            route("/figures", _figures, "GET"),
            route("/power-curve", _power_curve, "GET"),
            route("/thresholds", _thresholds, "GET"),
            route("/thresholds", _set_threshold, "POST"),
            route("/readiness", _readiness, "GET"),
            route("/readiness/{day}", _record_readiness, "PUT"),
        ],
        exception_handlers=REST_ERROR_HANDLERS,
    )
