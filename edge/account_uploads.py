"""Files uploaded from the account page: ``POST /account/imports`` for the signed-in browser, and
``GET /account/upload.js``, the page's script.

The page's script sends each file of a drop or pick as its own request (so each has its own
progress and outcome), the token in ``X-CSRF-Token``; without script, the page's plain form sends
them all at once, the token as its ``csrf_token`` field. Either way the request is refused unless
it comes from Kinetic's own origin (``Origin`` and ``Sec-Fetch-Site``) and carries the session's
upload token: another site cannot make a signed-in browser upload. Each file goes to the importer
its content says (``edge.upload_bodies.kind_of``): activity files (FIT, TCX, GPX) to the sessions
service's endurance records, Strong and Hevy CSVs to the workout log. Each is answered in words:
imported (with its date, sport and duration), already there, or refused and why; one refused file
stores nothing and leaves the others as they are. Decision 0116.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import Final, Literal
from urllib.parse import urlsplit

import grpc
from starlette.requests import ClientDisconnect, Request
from starlette.responses import JSONResponse, RedirectResponse, Response
from starlette.routing import Route

from edge.account_rest import BackendsOf
from edge.backends import Backends
from edge.oauth.backend import BackendUnavailable, OAuthStubs
from edge.oauth.render import fragment, join, page
from edge.oauth.security import CSRF_FIELD, apply_security_headers, session_csrf_ok
from edge.oauth.session import PageBase
from edge.problems import EdgeProblem
from edge.upload_bodies import (
    MAX_ACTIVITY_FILE_BYTES,
    MAX_FILES_AT_ONCE,
    MAX_WORKOUT_LOG_FILE_BYTES,
    MULTIPART_OVERHEAD,
    UPLOAD_PURPOSE,
    UploadedFile,
    gunzipped,
    kind_of,
    media_type,
    read_multipart,
    size_text,
)
from edge.workout_files_rest import imported_file
from kinetic.auth.v1 import auth_pb2
from kinetic.sessions.v1 import endurance_pb2 as records_pb2
from kinetic.sessions.v1 import workout_log_pb2
from kinetic.time_zones import time_zone as zone_named

CSRF_HEADER: Final = "x-csrf-token"
SCRIPT: Final = Path(__file__).parent / "static" / "account_upload.js"
# A request carries at most one activity file's worth (the script sends one file per request).
MAX_REQUEST_BYTES: Final = MAX_ACTIVITY_FILE_BYTES + MULTIPART_OVERHEAD
# Outcomes of the services a person can act on: the file or its content is refused, with a reason.
_REFUSALS: Final = frozenset(
    {
        grpc.StatusCode.INVALID_ARGUMENT,
        grpc.StatusCode.OUT_OF_RANGE,
        grpc.StatusCode.FAILED_PRECONDITION,
        grpc.StatusCode.ALREADY_EXISTS,
        grpc.StatusCode.RESOURCE_EXHAUSTED,
    }
)

Outcome = Literal["imported", "already", "refused"]


@dataclass(frozen=True)
class FileOutcome:
    """What became of one file, in words for the person and a word for the page's script."""

    name: str
    outcome: Outcome
    text: str
    kind: str = ""


# A no-break space between a number and its unit: a narrow column never leaves "s." alone on a line.
NBSP = "\u00a0"


def _duration(seconds: float) -> str:
    total = round(seconds)
    hours, rest = divmod(total, 3600)
    minutes, secs = divmod(rest, 60)
    if hours:
        return f"{hours}{NBSP}h {minutes:02d}{NBSP}min"
    return f"{minutes}{NBSP}min {secs:02d}{NBSP}s" if minutes else f"{secs}{NBSP}s"


def _when(summary: records_pb2.ActivitySummary, time_zone: str) -> str:
    started = datetime.fromtimestamp(summary.start_time.seconds, UTC).astimezone(zone_named(time_zone) or UTC)
    return f"{started:%a %-d %b %Y at %H:%M}"


def activity_words(summary: records_pb2.ActivitySummary, time_zone: str) -> str:
    """``ride on Sat 16 Aug 2013 at 15:35, 1 h 42 min``."""
    return f"{summary.sport or 'activity'} on {_when(summary, time_zone)}, {_duration(summary.duration_s)}"


def activity_outcome(name: str, answer: records_pb2.ImportActivityFileResponse, zone: str) -> FileOutcome:
    """The words for an activity file: each of its activities (one per leg of a multisport file)."""
    legs = list(answer.activities) or [records_pb2.ImportedActivity(activity=answer.activity, outcome="")]
    words = "; ".join(activity_words(leg.activity, zone) for leg in legs)
    # A twin replaced now holds this file's richer data: imported, under the earlier activity's ID.
    if answer.created or any(leg.outcome == "twin_replaced" for leg in legs):
        return FileOutcome(name, "imported", f"Imported: {words}.", "activity")
    # A twin's note says which file was kept and why; "imported before" is said here, in full.
    notes = " ".join(dict.fromkeys(leg.note for leg in legs if leg.outcome == "twin_kept" and leg.note))
    why = notes[:1].upper() + notes[1:] if notes else "This file was imported before."
    return FileOutcome(name, "already", f"Already there: {words}. {why}", "activity")


def workout_log_outcome(name: str, report: workout_log_pb2.ImportWorkoutFileResponse) -> FileOutcome:
    """The words for a Strong or Hevy CSV: workouts and sets stored, those already there, refusals."""
    parts: list[str] = []
    if report.imported:
        parts.append(
            f"Imported {report.imported} strength workout{'s' if report.imported != 1 else ''} "
            f"({report.sets} sets)"
        )
    if report.already_imported:
        parts.append(f"{report.already_imported} already there")
    refused = [f"{one.started_at}: {one.reason}" for one in report.refused]
    if refused:
        parts.append("refused " + "; ".join(refused[:3]) + (" …" if len(refused) > 3 else ""))
    skipped = len(report.skipped_rows)
    if skipped:
        first = report.skipped_rows[0]
        parts.append(
            f"{skipped} row{'s' if skipped != 1 else ''} skipped (line {first.line}: {first.reason})"
        )
    text = "; ".join(parts) + "."
    if report.imported:
        return FileOutcome(name, "imported", text[0].upper() + text[1:], "workout_log")
    if report.already_imported:
        count = report.already_imported
        return FileOutcome(
            name,
            "already",
            f"Already there: the file's {count} strength workout{'s were' if count != 1 else ' was'} "
            "imported before.",
            "workout_log",
        )
    return FileOutcome(name, "refused", "Refused: no workout could be stored; " + text, "workout_log")


def _refusal(name: str, why: str, kind: str = "") -> FileOutcome:
    return FileOutcome(name, "refused", f"Refused: {why.rstrip('.')}. Nothing was stored.", kind)


async def import_file(backends: Backends, account: auth_pb2.Account, file: UploadedFile) -> FileOutcome:
    """Import one file with the importer its content says; every failure becomes a refusal in words."""
    name = file.filename[:120] or "file"
    try:
        file = gunzipped(file, MAX_ACTIVITY_FILE_BYTES)
    except EdgeProblem as problem:
        return _refusal(name, problem.description)
    kind = kind_of(file)
    if kind is None:
        return _refusal(
            name, "this is neither a FIT, TCX or GPX activity file nor a Strong or Hevy CSV export"
        )
    zone = account.time_zone or "UTC"
    try:
        if kind == "activity":
            answer = await backends.endurance.ImportActivityFile(
                records_pb2.ImportActivityFileRequest(
                    account_id=account.account_id, data=file.data, filename=file.filename[:255]
                )
            )
            return activity_outcome(name, answer, zone)
        if len(file.data) > MAX_WORKOUT_LOG_FILE_BYTES:
            return _refusal(name, f"a CSV export is over {size_text(MAX_WORKOUT_LOG_FILE_BYTES)}", kind)
        report = await imported_file(
            workout_log_pb2.ImportWorkoutFileRequest(
                account_id=account.account_id,
                file=file.data,
                unit="lb" if account.units == "imperial" else "kg",
                time_zone=zone,
            ),
            backends,
        )
        return workout_log_outcome(name, report)
    except EdgeProblem as problem:
        return _refusal(name, problem.description, kind)
    except grpc.aio.AioRpcError as error:
        if error.code() in _REFUSALS and error.details():
            return _refusal(name, str(error.details()), kind)
        return _refusal(name, "Kinetic could not read it just now; send it again in a minute", kind)


def same_origin(request: Request, public_url: str) -> bool:
    """Whether the request comes from a page of Kinetic itself (a browser says where from)."""
    site = request.headers.get("sec-fetch-site", "")
    if site and site not in ("same-origin", "none"):
        return False
    origin = request.headers.get("origin", "")
    if not origin:
        return True  # no browser omits it on a POST from a page; the token still has to match
    own = urlsplit(public_url)
    told = urlsplit(origin)
    return (told.scheme, told.netloc) == (own.scheme, own.netloc)


@dataclass
class AccountUploads(PageBase):
    """The upload endpoint: the session, origin and token checked, then each file imported."""

    live: BackendsOf

    async def upload(self, request: Request) -> Response:
        wants_json = "application/json" in request.headers.get("accept", "")
        try:
            return await self._upload(request, wants_json)
        except EdgeProblem as problem:
            return self._refused(problem, wants_json)
        except (BackendUnavailable, grpc.aio.AioRpcError):
            down = EdgeProblem(
                "temporarily_unavailable", "Kinetic cannot take files right now; nothing was stored", 503
            )
            return self._refused(down, wants_json)
        except ClientDisconnect:
            return Response(status_code=400)

    async def _upload(self, request: Request, wants_json: bool) -> Response:
        session = await self.session(request)
        if session is None:
            raise EdgeProblem("sign_in_required", "sign in again on /account, then upload the files", 401)
        if not same_origin(request, self.public_url):
            raise EdgeProblem("forbidden", "uploads are taken only from Kinetic's own account page", 403)
        header_token = request.headers.get(CSRF_HEADER, "")
        if header_token and not session_csrf_ok(session.csrf_secret, UPLOAD_PURPOSE, header_token):
            raise _expired()
        if media_type(request) != "multipart/form-data":
            raise EdgeProblem("unsupported_media_type", "send the files as a multipart/form-data form", 415)
        upload = await read_multipart(
            request,
            max_files=MAX_FILES_AT_ONCE,
            max_file_bytes=MAX_ACTIVITY_FILE_BYTES,
            max_total_bytes=MAX_REQUEST_BYTES,
        )
        if not header_token and not session_csrf_ok(
            session.csrf_secret, UPLOAD_PURPOSE, upload.fields.get(CSRF_FIELD, "")
        ):
            raise _expired()
        if not upload.files:
            raise EdgeProblem("invalid_request", "the form carries no file: choose one or more files", 400)
        backends = self.live()
        account = (
            await backends.auth.GetAccount(auth_pb2.GetAccountRequest(account_id=session.account_id))
        ).account
        if not account.logging_consent:
            raise EdgeProblem(
                "consent_required",
                "importing stores your training, which needs your consent to log workouts: give it "
                "under Consents on this page, then upload the files again",
                403,
            )
        outcomes = [await import_file(backends, account, file) for file in upload.files]
        if wants_json:
            response: Response = JSONResponse({"files": [asdict(one) for one in outcomes]})
            apply_security_headers(response)
            return response
        rows = join([fragment("upload_outcome.html", name=one.name, text=one.text) for one in outcomes])
        return page("Your files", fragment("upload_done.html", rows=rows))

    def _refused(self, problem: EdgeProblem, wants_json: bool) -> Response:
        if wants_json:
            response: Response = JSONResponse(problem.body(), status_code=problem.status)
            apply_security_headers(response)
            return response
        if problem.status == 401:
            return RedirectResponse("/signin?return_to=/account", status_code=303)
        message = problem.description[:1].upper() + problem.description[1:] + "."
        content = fragment(
            "message.html",
            title="Nothing was imported",
            message=message,
            action=fragment("link.html", href="/account#upload", label="Back to your account"),
        )
        return page("Nothing was imported", content, status=problem.status)


def _expired() -> EdgeProblem:
    return EdgeProblem(
        "csrf_refused",
        "this page's upload form expired or came from elsewhere: reload /account and send the files again",
        403,
    )


async def upload_script(request: Request) -> Response:
    return Response(
        SCRIPT.read_bytes(),
        media_type="text/javascript; charset=utf-8",
        headers={"Cache-Control": "no-cache", "X-Content-Type-Options": "nosniff"},
    )


def account_upload_routes(public_url: str, backends: BackendsOf) -> list[Route]:
    """``POST /account/imports`` and ``GET /account/upload.js``."""

    def stubs() -> OAuthStubs:
        live = backends()
        return OAuthStubs(oauth=live.oauth, auth=live.auth, training=live.training)

    uploads = AccountUploads(public_url, stubs, backends)
    return [
        Route("/account/imports", uploads.upload, methods=["POST"]),
        Route("/account/upload.js", upload_script, methods=["GET"]),
    ]
