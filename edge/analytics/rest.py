"""``GET /api/analytics/records``, ``/progress`` and ``/balance``: analytics' reads for Kinetic's apps.

Mounted behind the same guard and per-account budget as Metric's REST paths (edge/app.py): the
account is always the caller's, never a parameter. Each path relays one AnalyticsService call,
which catches up with the sessions and training feeds first, so ``asOfSequence`` says which
sessions change the answer reflects. Every response, errors included, is JSON with
``Cache-Control: private, no-store`` (docs/decisions/0025-analytics-rest.md).
"""

from __future__ import annotations

import re
from collections.abc import Awaitable, Callable
from typing import Any, TypeAlias

import grpc
from starlette.applications import Starlette
from starlette.datastructures import QueryParams
from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.routing import Route

from edge.account_zone import account_time_zone
from edge.analytics import params, render
from edge.guard import Principal, principal_of
from edge.problems import EdgeProblem, from_remote
from edge.profiles.metric.rest import NO_STORE, REST_ERROR_HANDLERS, problem_response
from kinetic.analytics.v1 import analytics_pb2_grpc
from kinetic.auth.v1 import auth_pb2_grpc
from kinetic.errors import RemoteError

Stub: TypeAlias = analytics_pb2_grpc.AnalyticsServiceStub
AuthStub: TypeAlias = auth_pb2_grpc.AuthServiceStub
# One read: the gRPC request from the query, the call, and the JSON of the answer (a series: its
# body already written, decision 0121).
Read = Callable[[Stub, str, QueryParams], Awaitable[dict[str, Any] | bytes]]

_SERVICE_FIELD = re.compile(r"\b(" + "|".join(params.SERVICE_FIELDS) + r")\b")


def _problem(error: grpc.aio.AioRpcError) -> EdgeProblem:
    """The service's error with its field names as the caller wrote the parameters."""
    problem = from_remote(RemoteError.from_rpc(error))
    field = problem.details.get("field")
    if isinstance(field, str):
        problem.details["field"] = params.SERVICE_FIELDS.get(field, field)
        problem.description = _SERVICE_FIELD.sub(
            lambda m: params.SERVICE_FIELDS[m.group(1)], problem.description
        )
    return problem


async def _records(stub: Stub, account_id: str, query: QueryParams) -> dict[str, Any]:
    request = params.records_request(account_id, query)
    response = await stub.GetPersonalRecords(request)
    return render.records_json(response, request.time_zone)


async def _progress(stub: Stub, account_id: str, query: QueryParams) -> bytes:
    request = params.progress_request(account_id, query)
    # The series column by column, rendered straight into the body (decision 0121); an older
    # analytics ignores the field and answers points, which progress_body renders as before.
    request.columns_only = True
    response = await stub.GetProgress(request)
    return render.progress_body(response, request.time_zone)


async def _balance(stub: Stub, account_id: str, query: QueryParams) -> dict[str, Any]:
    request = params.balance_request(account_id, query)
    response = await stub.GetFocusBalance(request)
    return render.balance_json(response, request.time_zone)


async def _in_a_zone(query: QueryParams, principal: Principal, auth: Callable[[], AuthStub]) -> QueryParams:
    """``query`` with a ``timeZone``: the caller's when it gives one, else the account's (decision 0105)."""
    if query.get("timeZone") or len(query.getlist("timeZone")) > 1:
        return query
    zone = await account_time_zone(principal, auth)
    return QueryParams([*((k, v) for k, v in query.multi_items() if k != "timeZone"), ("timeZone", zone)])


def analytics_routes(analytics: Callable[[], Stub], auth: Callable[[], AuthStub]) -> list[Route]:
    """The three read paths; ``analytics`` and ``auth`` provide the stubs while the app's lifespan runs."""

    def endpoint(read: Read) -> Callable[[Request], Awaitable[Response]]:
        async def answer(request: Request) -> Response:
            principal = principal_of(request.scope)
            try:
                query = await _in_a_zone(request.query_params, principal, auth)
                payload = await read(analytics(), principal.account_id, query)
            except EdgeProblem as problem:
                return problem_response(problem)
            except grpc.aio.AioRpcError as error:
                return problem_response(_problem(error))
            if isinstance(payload, bytes):  # the same body and headers JSONResponse gives
                return Response(payload, media_type=JSONResponse.media_type, headers=NO_STORE)
            return JSONResponse(payload, headers=NO_STORE)

        return answer

    return [
        Route("/records", endpoint(_records), methods=["GET"]),
        Route("/progress", endpoint(_progress), methods=["GET"]),
        Route("/balance", endpoint(_balance), methods=["GET"]),
    ]


def analytics_rest_app(analytics: Callable[[], Stub], auth: Callable[[], AuthStub]) -> Starlette:
    """The analytics REST API as one app, to mount under ``/api/analytics`` behind the guard."""
    return Starlette(routes=analytics_routes(analytics, auth), exception_handlers=REST_ERROR_HANDLERS)
