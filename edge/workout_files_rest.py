"""Workout history in and out over HTTP: the REST upload of a Strong or Hevy export, the account's
export as JSON or Strong-layout CSV, and the same two downloads on the account page.

- ``POST /api/workout-log/imports?unit=kg&distanceUnit=km``: the CSV as the body (``text/csv`` or
  ``application/octet-stream``) or as the one file of a ``multipart/form-data`` form, gzipped or
  not, at most ``MAX_UPLOAD_BYTES`` (decision 0116); answers the import report.
- ``GET /api/workout-log/export`` (JSON) and ``GET /api/workout-log/export.csv`` (attachment).
- ``GET /account/export.json`` and ``/account/export.csv``: the same for the signed-in browser.

The API paths sit behind the Open Workout Schema resource's guard (an API key or token with scope
"ows"), so the account is always the caller's. An upload needs the account's consent to log
workouts, as every other way of logging through a key or an assistant does. The workout log reads
and stores the file (``ImportWorkoutFile``, in a bounded child) and writes the CSV
(``ExportWorkouts``); the edge checks the request, the consent and the size, and words the answers.
Decisions: docs/decisions/0047-workout-imports-and-exports.md ("REST and the account page"), 0098.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from typing import Any, Final, cast

import grpc
from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import JSONResponse, RedirectResponse, Response
from starlette.routing import Route

from edge.account_export import export_account, today_in
from edge.account_rest import BackendsOf, account_endpoint
from edge.backends import Backends
from edge.oauth.backend import BackendUnavailable, OAuthStubs
from edge.oauth.security import apply_security_headers
from edge.oauth.session import PageBase, unavailable_page
from edge.problems import EdgeProblem, invalid_field, unavailable
from edge.profiles.metric.rest import NO_STORE, REST_ERROR_HANDLERS
from edge.upload_bodies import (
    MULTIPART_OVERHEAD,
    UploadedFile,
    gunzipped,
    kind_of,
    media_type,
    read_multipart,
    read_raw,
)
from kinetic.auth.v1 import auth_pb2
from kinetic.errors import RemoteError
from kinetic.sessions.v1 import workout_log_pb2
from knowledge.limits.sessions import MAX_WORKOUT_FILE_BYTES

# The workout log's own bound (knowledge.limits.sessions), refused here before the body is read.
MAX_UPLOAD_BYTES: Final = MAX_WORKOUT_FILE_BYTES
UPLOAD_TYPES: Final = frozenset({"text/csv", "application/octet-stream"})
UNITS: Final = ("kg", "lb")
DISTANCE_UNITS: Final = ("km", "mi")
CSV_TYPE: Final = "text/csv; charset=utf-8"
# The workout log's refusals of a file, by their ErrorInfo reason.
INVALID_FILE: Final = "INVALID_FILE"
FILE_TOO_LARGE: Final = "FILE_TOO_LARGE"
IMPORT_NOT_FINISHED: Final = "IMPORT_NOT_FINISHED"
UNSUPPORTED_FILE_FORMAT: Final = "UNSUPPORTED_FILE_FORMAT"


def _too_large() -> EdgeProblem:
    return EdgeProblem(
        "payload_too_large",
        f"the file is over {MAX_UPLOAD_BYTES // (1024 * 1024)} MiB; no workout history that large "
        "is expected, so it is refused unread",
        413,
    )


async def _upload(request: Request) -> bytes:
    """The CSV, raw or as the one file of a form, refused (415, 413) as soon as its type or size does
    not fit, before it is read whole; gzip is undone within the same bound (decision 0116)."""
    kind = media_type(request)
    if kind == "multipart/form-data":
        upload = await read_multipart(
            request,
            max_files=1,
            max_file_bytes=MAX_UPLOAD_BYTES,
            max_total_bytes=MAX_UPLOAD_BYTES + MULTIPART_OVERHEAD,
        )
        if not upload.files:
            raise EdgeProblem(
                "invalid_request",
                "the form carries no file: attach the Strong or Hevy CSV as a file field (e.g. "
                "curl -F file=@strong.csv)",
                400,
            )
        file = upload.files[0]
    elif kind in UPLOAD_TYPES:
        declared = request.headers.get("content-length", "")
        if declared.isdigit() and int(declared) > MAX_UPLOAD_BYTES:
            raise _too_large()
        try:
            file = UploadedFile("", await read_raw(request, MAX_UPLOAD_BYTES, "the file"))
        except EdgeProblem:
            raise _too_large() from None
    else:
        raise EdgeProblem(
            "unsupported_media_type",
            "send the CSV file itself as the request body, with Content-Type text/csv or "
            "application/octet-stream, or as the file of a multipart/form-data form",
            415,
        )
    file = gunzipped(file, MAX_UPLOAD_BYTES)
    if kind_of(file) == "activity":
        raise EdgeProblem(
            "unsupported_media_type",
            "this is a FIT, TCX or GPX activity file, not a Strong or Hevy CSV: send it to "
            "POST /api/endurance/activities/imports",
            415,
        )
    return file.data


def _choice(request: Request, name: str, allowed: tuple[str, ...]) -> str | None:
    value = request.query_params.get(name)
    if value is None or value == "":
        return None
    if value not in allowed:
        raise invalid_field(name, f"must be {' or '.join(allowed)}")
    return value


async def _account(backends: Backends, account_id: str) -> auth_pb2.Account:
    response = await backends.auth.GetAccount(auth_pb2.GetAccountRequest(account_id=account_id))
    return cast(auth_pb2.Account, response.account)


async def imported_file(request: workout_log_pb2.ImportWorkoutFileRequest, backends: Backends) -> Any:
    """The log's answer to the upload; its refusals of the file as the edge's problems."""
    try:
        return await backends.workout_log.ImportWorkoutFile(request)
    except grpc.aio.AioRpcError as error:
        remote = RemoteError.from_rpc(error)
        if remote.reason == INVALID_FILE:
            raise EdgeProblem("invalid_file", remote.message, 400) from None
        if remote.reason == UNSUPPORTED_FILE_FORMAT:  # a JSON document, not a CSV (decision 0107)
            raise EdgeProblem("unsupported_media_type", remote.message, 415) from None
        if remote.reason == FILE_TOO_LARGE:
            raise _too_large() from None
        if remote.reason == IMPORT_NOT_FINISHED:
            raise unavailable(
                description="the file could not be read in time (the service is busy); nothing was "
                "stored: send it again"
            ) from None
        raise


def report_json(report: workout_log_pb2.ImportWorkoutFileResponse) -> dict[str, Any]:
    """The import's report as the upload answers it (and the CLI prints it)."""
    return {
        "imported": report.imported,
        "alreadyImported": report.already_imported,
        "sets": report.sets,
        "skippedRows": [{"line": row.line, "reason": row.reason} for row in report.skipped_rows],
        "refused": [{"startedAt": one.started_at, "reason": one.reason} for one in report.refused],
        "unconfirmedExercises": list(report.unconfirmed_exercises),
        "droppedRpe": [
            {"startedAt": one.started_at, "exercise": one.exercise_name, "rpe": one.rpe}
            for one in report.dropped_rpe
        ],
        "droppedDurations": [{"line": row.line, "reason": row.reason} for row in report.dropped_durations],
    }


async def import_upload(backends: Backends, account_id: str, request: Request) -> dict[str, Any]:
    """Send the upload whole (a broken file stores nothing) to be imported in the account's zone."""
    unit = _choice(request, "unit", UNITS)
    distance_unit = _choice(request, "distanceUnit", DISTANCE_UNITS)
    account = await _account(backends, account_id)
    if not account.logging_consent:
        raise EdgeProblem(
            "consent_required",
            "importing stores workouts in your log, which needs your consent to log workouts: "
            "give it on your account page (/account), then upload the file again",
            403,
        )
    data = await _upload(request)
    report = await imported_file(
        workout_log_pb2.ImportWorkoutFileRequest(
            account_id=account_id,
            file=data,
            unit=unit or "",
            distance_unit=distance_unit or "",
            time_zone=account.time_zone or "UTC",
        ),
        backends,
    )
    return report_json(report)


def _attachment(name: str, extension: str, time_zone: str) -> dict[str, str]:
    """``kinetic-workouts-2026-12-07.csv``: the day before the extension, so the file opens in the
    app its format belongs to (decision 0107); the day is today in the account's zone, the day the
    user downloads it on (decision 0105)."""
    day = today_in(time_zone).isoformat()
    return {**NO_STORE, "Content-Disposition": f'attachment; filename="kinetic-{name}-{day}.{extension}"'}


async def json_download(backends: Backends, account_id: str) -> Response:
    """The whole export as a JSON attachment."""
    document = await export_account(backends, account_id)
    zone = str(document["auth"]["account"].get("timeZone", ""))
    return JSONResponse(document, headers=_attachment("export", "json", zone))


async def csv_download(backends: Backends, account_id: str) -> Response:
    """The workout log as a Strong-layout CSV attachment: loads in the account's unit (pounds for
    "imperial", else kilograms), wall times in its zone."""
    account = await _account(backends, account_id)
    exported = await backends.workout_log.ExportWorkouts(
        workout_log_pb2.ExportWorkoutsRequest(
            account_id=account_id,
            time_zone=account.time_zone or "UTC",
            format=workout_log_pb2.EXPORT_FORMAT_STRONG_CSV,
            load_unit="lb" if account.units == "imperial" else "kg",
        )
    )
    return Response(
        exported.csv, media_type=CSV_TYPE, headers=_attachment("workouts", "csv", account.time_zone)
    )


def workout_files_rest_app(backends: BackendsOf) -> Starlette:
    """The API paths as one app, to mount under ``/api/workout-log`` behind the OWS guard."""

    async def _imports(backends: Backends, account_id: str, request: Request) -> Response:
        return JSONResponse(await import_upload(backends, account_id, request), headers=NO_STORE)

    return Starlette(
        routes=[
            Route("/imports", account_endpoint(backends, _imports), methods=["POST"]),
            Route(
                "/export",
                account_endpoint(backends, lambda b, account_id, _: json_download(b, account_id)),
                methods=["GET"],
            ),
            Route(
                "/export.csv",
                account_endpoint(backends, lambda b, account_id, _: csv_download(b, account_id)),
                methods=["GET"],
            ),
        ],
        exception_handlers=REST_ERROR_HANDLERS,
    )


def account_export_routes(public_url: str, backends: BackendsOf) -> list[Route]:
    """``/account/export.json`` and ``/account/export.csv`` for the signed-in browser session."""

    def stubs() -> OAuthStubs:
        live = backends()
        return OAuthStubs(oauth=live.oauth, auth=live.auth, training=live.training)

    pages = PageBase(public_url, stubs)

    def download(
        answer: Callable[[Backends, str], Awaitable[Response]],
    ) -> Callable[[Request], Awaitable[Response]]:
        async def endpoint(request: Request) -> Response:
            try:
                session = await pages.session(request)
                if session is None:
                    response: Response = RedirectResponse("/signin?return_to=/account", status_code=303)
                else:
                    response = await answer(backends(), session.account_id)
            except (BackendUnavailable, grpc.aio.AioRpcError):
                return unavailable_page()
            apply_security_headers(response)
            return response

        return endpoint

    return [
        Route("/account/export.json", download(json_download), methods=["GET"]),
        Route("/account/export.csv", download(csv_download), methods=["GET"]),
    ]
