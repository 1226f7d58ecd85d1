"""Workout history in and out over HTTP: the REST upload of a Strong or Hevy export, the account's
export as JSON or Strong-layout CSV, and the same two downloads on the account page.

- ``POST /api/workout-log/imports?unit=kg&distanceUnit=km``: the CSV as the body (``text/csv`` or
  ``application/octet-stream``, at most ``MAX_UPLOAD_BYTES``); answers the import report.
- ``GET /api/workout-log/export`` (JSON) and ``GET /api/workout-log/export.csv`` (attachment).
- ``GET /account/export.json`` and ``/account/export.csv``: the same for the signed-in browser.

The API paths sit behind the Open Workout Schema resource's guard (an API key or token with scope
"ows"), so the account is always the caller's. An upload needs the account's consent to log
workouts, as every other way of logging through a key or an assistant does. Decisions:
docs/decisions/0047-workout-imports-and-exports.md ("REST and the account page").
"""

from __future__ import annotations

import functools
from collections.abc import Awaitable, Callable
from datetime import UTC, datetime, timedelta
from typing import Any, Final, cast

import grpc
from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import JSONResponse, RedirectResponse, Response
from starlette.routing import Route

from edge.account_rest import BackendsOf, account_endpoint
from edge.backends import Backends
from edge.deadlines import LONGEST_DEADLINE_SECONDS
from edge.oauth.backend import BackendUnavailable, OAuthStubs
from edge.oauth.security import apply_security_headers
from edge.oauth.session import PageBase, unavailable_page
from edge.problems import EdgeProblem, invalid_field, unavailable
from edge.profiles.metric.rest import NO_STORE, REST_ERROR_HANDLERS
from kinetic.auth.v1 import auth_pb2
from kinetic.bounded_parse import Budget, ParseOverrun, ParseWorkers
from kinetic.workout_files import WorkoutFileError, parse_workout_csv
from kinetic.workout_files.export import export_account, export_strong_csv, stored_workout_starts
from kinetic.workout_files.importer import import_workouts
from kinetic.workout_files.model import DistanceUnit, ImportResult, SkippedRow, WeightUnit

# Five years of four workouts a week is 3.7 MiB (decision 0047, "Size"): 20 MiB holds decades.
MAX_UPLOAD_BYTES: Final = 20 * 1024 * 1024
UPLOAD_TYPES: Final = frozenset({"text/csv", "application/octet-stream"})
UNITS: Final = ("kg", "lb")
DISTANCE_UNITS: Final = ("km", "mi")
CSV_TYPE: Final = "text/csv; charset=utf-8"
# The CSV is read in a niced child process, never on the edge's event loop (decision 0069): 2 s of
# CPU plus 2 s per MiB (a five-year export reads at ~0.2 s per MiB), 1 GiB, and at most the
# edge's longest backend deadline; two at a time, one per account.
PARSE_BASE_S: Final = 2.0
PARSE_S_PER_MIB: Final = 2.0
PARSE_MEMORY_BYTES: Final = 1024 * 1024 * 1024
PARSE_TIMEOUT_S: Final = LONGEST_DEADLINE_SECONDS


def _too_large() -> EdgeProblem:
    return EdgeProblem(
        "payload_too_large",
        f"the file is over {MAX_UPLOAD_BYTES // (1024 * 1024)} MiB; no workout history that large "
        "is expected, so it is refused unread",
        413,
    )


async def _upload(request: Request) -> bytes:
    """The body, refused (415, 413) before it is read whole when its type or size does not fit."""
    media_type = request.headers.get("content-type", "").split(";")[0].strip().lower()
    if media_type not in UPLOAD_TYPES:
        raise EdgeProblem(
            "unsupported_media_type",
            "send the CSV file itself as the request body, with Content-Type text/csv or "
            "application/octet-stream",
            415,
        )
    declared = request.headers.get("content-length", "")
    if declared.isdigit() and int(declared) > MAX_UPLOAD_BYTES:
        raise _too_large()
    chunks: list[bytes] = []
    size = 0
    async for chunk in request.stream():
        size += len(chunk)
        if size > MAX_UPLOAD_BYTES:
            raise _too_large()
        chunks.append(chunk)
    return b"".join(chunks)


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


def csv_workers() -> ParseWorkers:
    """The child processes that read uploaded CSV files."""
    return ParseWorkers([WorkoutFileError], slots=2, preload=["kinetic.workout_files"])


async def _parse_in_child(
    workers: ParseWorkers,
    data: bytes,
    account_id: str,
    unit: WeightUnit | None,
    distance_unit: DistanceUnit | None,
) -> ImportResult:
    parse = functools.partial(parse_workout_csv, unit=unit, distance_unit=distance_unit)
    budget = Budget.per_size(
        len(data), base_s=PARSE_BASE_S, per_mib_s=PARSE_S_PER_MIB, memory_bytes=PARSE_MEMORY_BYTES
    )
    try:
        return await workers.run(parse, data, budget, owner=account_id, timeout_s=PARSE_TIMEOUT_S)
    except WorkoutFileError as refused:
        raise EdgeProblem("invalid_file", refused.reason, 400) from None
    except ParseOverrun as overrun:
        if overrun.deadline:
            raise unavailable(
                description="the file could not be read in time (the service is busy); nothing was "
                "stored: send it again"
            ) from None
        raise EdgeProblem("invalid_file", f"{overrun.reason}; the file is refused", 400) from None


async def import_upload(
    backends: Backends, account_id: str, request: Request, workers: ParseWorkers
) -> dict[str, Any]:
    """Read the upload whole (a broken file stores nothing), then import it in the account's zone."""
    unit = cast(WeightUnit | None, _choice(request, "unit", UNITS))
    distance_unit = cast(DistanceUnit | None, _choice(request, "distanceUnit", DISTANCE_UNITS))
    account = await _account(backends, account_id)
    if not account.logging_consent:
        raise EdgeProblem(
            "consent_required",
            "importing stores workouts in your log, which needs your consent to log workouts: "
            "give it on your account page (/account), then upload the file again",
            403,
        )
    data = await _upload(request)
    result = await _parse_in_child(workers, data, account_id, unit, distance_unit)
    if not result.workouts and result.skipped:
        raise EdgeProblem("invalid_file", _nothing_importable(result.skipped), 400)
    zone = account.time_zone or "UTC"
    stored: set[tuple[datetime, str]] = set()
    if result.workouts:
        first = min(w.started_at for w in result.workouts).date() - timedelta(days=1)
        last = max(w.started_at for w in result.workouts).date() + timedelta(days=1)
        stored = await stored_workout_starts(
            backends.workout_log.ListLoggedWorkouts, account_id, zone, first, last
        )
    report = await import_workouts(
        result, backends.workout_log.LogWorkout, account_id=account_id, time_zone=zone, stored_starts=stored
    )
    return report.to_json()


# How many skipped rows a refusal quotes; the rest are counted (a file may have thousands).
_ROWS_QUOTED = 5


def _nothing_importable(skipped: tuple[SkippedRow, ...]) -> str:
    """A file whose every row was skipped is refused whole (400), quoting why, so the caller fixes
    the file instead of reading a report of nothing imported (decision 0070)."""
    quoted = "; ".join(f"line {row.line}: {row.reason}" for row in skipped[:_ROWS_QUOTED])
    more = len(skipped) - _ROWS_QUOTED
    rest = f"; and {more} more rows" if more > 0 else ""
    return f"no row of the file could be imported ({quoted}{rest}); fix those rows and upload it again"


def _attachment(name: str) -> dict[str, str]:
    day = datetime.now(UTC).date().isoformat()
    return {**NO_STORE, "Content-Disposition": f'attachment; filename="kinetic-{name}-{day}"'}


async def json_download(backends: Backends, account_id: str) -> Response:
    """The whole export as a JSON attachment."""
    document = await export_account(backends, account_id)
    return JSONResponse(document, headers=_attachment("export.json"))


async def csv_download(backends: Backends, account_id: str) -> Response:
    """The workout log as a Strong-layout CSV attachment."""
    text = await export_strong_csv(backends, account_id)
    return Response(text, media_type=CSV_TYPE, headers=_attachment("workouts.csv"))


def workout_files_rest_app(backends: BackendsOf) -> Starlette:
    """The API paths as one app, to mount under ``/api/workout-log`` behind the OWS guard."""
    workers = csv_workers()

    async def _imports(backends: Backends, account_id: str, request: Request) -> Response:
        return JSONResponse(await import_upload(backends, account_id, request, workers), headers=NO_STORE)

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
