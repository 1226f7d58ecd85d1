"""Metric's REST mirror under ``/api/connectors/muse/``: the same calls as the MCP tools.

``GET /workout-guidance`` mirrors ``get_workout_guidance``; ``GET /training?view=...`` mirrors
``read_training`` (its arguments as query parameters, read by the types its schema declares);
``POST /training/edits`` takes ``edit_training``'s arguments as its JSON body;
``POST /training/deletions`` takes ``{"step": "preview", ...}`` or ``{"step": "commit", ...}`` as
seed 000 shows. Paths are recorded
in docs/decisions/0004-metric-rest-paths.md. Every response, errors included, is JSON with
``Cache-Control: private, no-store``.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import grpc
from starlette.applications import Starlette
from starlette.exceptions import HTTPException
from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.routing import Route
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from edge.guard import principal_of
from edge.json_bodies import JsonRefused, read_json
from edge.mcp_profile.builder import CompiledTool
from edge.mcp_profile.validation import from_query, invalid_arguments
from edge.mcp_profile.value_rules import value_violations
from edge.problems import RETRY_AFTER, EdgeProblem, from_remote, invalid_field
from kinetic.errors import RemoteError

NO_STORE = {"Cache-Control": "private, no-store"}
MAX_BODY_BYTES = 1 << 20
DELETION_STEPS = ("preview", "commit")


def problem_response(problem: EdgeProblem) -> JSONResponse:
    """Metric's error shape: ``{error, error_description}`` with the matching HTTP status.

    A 503 says when to retry in ``Retry-After`` too (decision 0035).
    """
    retry_after = problem.details.get(RETRY_AFTER)
    headers = NO_STORE if retry_after is None else {**NO_STORE, "Retry-After": str(retry_after)}
    return JSONResponse(problem.body(), status_code=problem.status, headers=headers)


async def json_body(request: Request) -> dict[str, Any]:
    """The request body as a JSON object, or a 400 that says what is wrong with it."""
    chunks: list[bytes] = []
    size = 0
    async for chunk in request.stream():
        size += len(chunk)
        if size > MAX_BODY_BYTES:
            raise EdgeProblem("invalid_request", f"the body must be at most {MAX_BODY_BYTES} bytes", 400)
        chunks.append(chunk)
    try:
        body = read_json(b"".join(chunks), allow_constants=False)
    except JsonRefused as refused:
        raise EdgeProblem(
            "invalid_request", f"the body must be a JSON object (application/json): {refused}", 400
        ) from None
    if not isinstance(body, dict):
        raise EdgeProblem(
            "invalid_request", f"the body must be a JSON object, not {type(body).__name__}", 400
        )
    # The whole body, ``step`` too, before anything reads it (the tool's check repeats it on the rest).
    unstorable = value_violations(body)
    if unstorable:
        raise invalid_arguments(unstorable)
    return body


async def _answer(request: Request, tool: CompiledTool, arguments: Mapping[str, Any]) -> Response:
    try:
        payload = await tool.run(principal_of(request.scope), arguments)
    except EdgeProblem as problem:
        return problem_response(problem)
    return JSONResponse(payload, headers=NO_STORE)


def metric_rest_routes(tools: Mapping[str, CompiledTool]) -> list[Route]:
    """The REST endpoints of the Metric profile (mounted behind the guard).

    Each endpoint runs its MCP tool's table entry (tools.py): the same schema, rules and handler,
    so REST and MCP refuse an unknown or mistyped argument alike.
    """
    guidance_tool = tools["get_workout_guidance"]
    read_tool = tools["read_training"]
    edit_tool = tools["edit_training"]
    steps = {"preview": tools["preview_training_deletion"], "commit": tools["confirm_training_deletion"]}

    async def guidance(request: Request) -> Response:
        return await _answer(request, guidance_tool, {})

    async def read_training(request: Request) -> Response:
        try:
            arguments = from_query(request.query_params, read_tool.query_types)
        except EdgeProblem as problem:
            return problem_response(problem)
        return await _answer(request, read_tool, arguments)

    async def edits(request: Request) -> Response:
        try:
            body = await json_body(request)
        except EdgeProblem as problem:
            return problem_response(problem)
        return await _answer(request, edit_tool, body)

    async def deletions(request: Request) -> Response:
        try:
            body = await json_body(request)
            step = body.pop("step", None)
            if not isinstance(step, str) or step not in steps:  # a list or object cannot be a key
                raise invalid_field("step", 'must be "preview" or "commit"')
        except EdgeProblem as problem:
            return problem_response(problem)
        return await _answer(request, steps[step], body)

    return [
        Route("/workout-guidance", guidance, methods=["GET"]),
        Route("/training", read_training, methods=["GET"]),
        Route("/training/edits", edits, methods=["POST"]),
        Route("/training/deletions", deletions, methods=["POST"]),
    ]


async def backend_error(request: Request, exc: Exception) -> Response:
    """A gRPC failure no route mapped: its mapped status (a 503 with Retry-After for an outage)."""
    assert isinstance(exc, grpc.aio.AioRpcError)
    return problem_response(from_remote(RemoteError.from_rpc(exc)))


async def http_error(request: Request, exc: Exception) -> Response:
    """Unknown paths and wrong methods answer in the REST error shape too, never Starlette's plain text."""
    status = exc.status_code if isinstance(exc, HTTPException) else 400
    error = {404: "not_found", 405: "method_not_allowed"}.get(status, "invalid_request")
    headers = dict(NO_STORE)
    if isinstance(exc, HTTPException) and exc.headers:
        headers |= exc.headers
    description = exc.detail if isinstance(exc, HTTPException) else "invalid request"
    return JSONResponse(
        {"error": error, "error_description": description}, status_code=status, headers=headers
    )


# Sub-apps need their own: an error they do not handle gets their own 500 before the parent sees it.
REST_ERROR_HANDLERS: dict[Any, Any] = {HTTPException: http_error, grpc.aio.AioRpcError: backend_error}


def metric_rest_app(tools: Mapping[str, CompiledTool]) -> ASGIApp:
    """The REST mirror as one app, to mount under ``/api/connectors/muse`` behind the guard.

    Every response is ``private, no-store``, the router's own too: the redirect of a path written
    with a trailing slash (``/training/edits/``) has no handler to set it (decision 0080).
    """
    return no_store(Starlette(routes=metric_rest_routes(tools), exception_handlers=REST_ERROR_HANDLERS))


def no_store(app: ASGIApp) -> ASGIApp:
    """``app`` with ``Cache-Control: private, no-store`` on every HTTP response (the MCP path's too)."""

    async def wrapped(scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await app(scope, receive, send)
            return

        async def send_no_store(message: Message) -> None:
            if message["type"] == "http.response.start":
                headers = [(k, v) for k, v in message.get("headers", []) if k.lower() != b"cache-control"]
                message = {**message, "headers": [*headers, (b"cache-control", b"private, no-store")]}
            await send(message)

        await app(scope, receive, send_no_store)

    return wrapped
