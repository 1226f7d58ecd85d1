"""The five contracts' error styles: how a refused tool call reaches the client.

Every refusal starts as an ``EdgeProblem`` (an OAuth-style ``error`` code, a description, an HTTP
status and details such as ``field``). A profile picks one style, which turns that problem into
its contract's shape, and names the rate-limit refusal its HTTP path answers with:

- Metric (seed 000): a tool error whose text is ``{error, error_description}`` JSON.
- Client AI (seed 002): the same JSON, with ``field`` when an argument is at fault and the
  module gates' own codes (``feature_disabled``, ``health_data_consent_required``...).
- Open Workout Schema (seed 003): a tool error whose text starts with one of its codes
  (``invalid_input: sets[0].reps: ...``).
- Primed (seed 001): a JSON-RPC error ``-32001`` whose ``data.code`` is a canonical code.
- RunFlow (seed 004): a tool error whose text is the message (what to fix), on its personal and its
  anonymous path alike; an unknown tool is MCP's protocol error ``-32602``. ``-32002`` is the
  paid-tier gate's alone (``edge.profiles.runflow.access``; docs/decisions/0075-error-meanings.md).
"""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import NoReturn

from mcp.shared.exceptions import MCPError
from mcp.types import INVALID_PARAMS, CallToolResult, TextContent
from starlette.types import Receive, Send

from edge.guard import MISSING_CREDENTIAL, Refusal, oauth_refusal
from edge.problems import EdgeProblem
from edge.ratelimit.responses import (
    PRIMED_ERROR_CODE,
    Render,
    message_id,
    metric_refusal,
    ows_refusal,
    primed_refusal,
    request_message,
    runflow_personal_refusal,
    runflow_refusal,
)


@dataclass(frozen=True)
class ErrorStyle:
    """How one contract reports a refused call: ``outcome`` for tool calls, ``rate_limited`` over HTTP.

    ``outcome`` returns the tool error to send, or raises ``MCPError`` for contracts whose errors
    are JSON-RPC errors. ``answers_with_status`` True sends such a JSON-RPC error with the problem's
    HTTP status (400, 403, 404, 503...) instead of 200 (``edge.mcp_profile.http_status``); a tool
    error (``isError``) is a result and always goes with 200. ``refused`` answers the guard's 401
    and 403 in the contract's shape, and ``unknown_tool`` is the problem code of a call to a tool
    the profile does not have (docs/decisions/0059-primed-profile.md). ``protocol_error``, when set,
    answers that call instead of ``outcome``: MCP 2025-11-25 makes an unknown tool a protocol error,
    not a tool error (docs/decisions/0075-error-meanings.md).
    """

    name: str
    outcome: Callable[[EdgeProblem], CallToolResult]
    rate_limited: Render
    refused: Refusal = oauth_refusal
    answers_with_status: bool = False
    unknown_tool: str = "invalid_request"
    protocol_error: Callable[[EdgeProblem], CallToolResult] | None = None


def _text_error(text: str) -> CallToolResult:
    return CallToolResult(content=[TextContent(type="text", text=text)], is_error=True)


def json_tool_error(problem: EdgeProblem) -> CallToolResult:
    """A tool error (``isError: true``) whose text is exactly ``{error, error_description, ...}``.

    Not the SDK's ToolError, which would prefix "Error executing tool": assistants written
    against the contracts parse this JSON.
    """
    return _text_error(json.dumps(problem.body(), separators=(",", ":")))


# Open Workout Schema's codes (seed 003) for the edge's own; its own codes pass through unchanged.
OWS_CODES = frozenset(
    {
        "consent_required",
        "invalid_input",
        "nothing_to_log",
        "exercise_ambiguous",
        "not_found",
        "undo_unavailable",
        "rate_limited",
        "idempotency_conflict",
        "internal_error",
    }
)
_OWS_FROM_EDGE: Mapping[str, str] = {
    "invalid_request": "invalid_input",
    "insufficient_scope": "consent_required",
    "health_data_consent_required": "consent_required",
    "idempotency_key_reused": "idempotency_conflict",
    "conflict": "idempotency_conflict",
}


def ows_tool_error(problem: EdgeProblem) -> CallToolResult:
    """A tool error whose text starts with one of Open Workout Schema's codes, then what to fix."""
    code = problem.error
    if code not in OWS_CODES:
        code = _OWS_FROM_EDGE.get(code, "internal_error")
    return _text_error(f"{code}: {problem.description}")


# Primed's canonical codes (seed 001, section 4) for the edge's.
_PRIMED_FROM_EDGE: Mapping[str, str] = {
    "invalid_request": "INVALID_ARGUMENT",
    "invalid_token": "UNAUTHENTICATED",
    "insufficient_scope": "INSUFFICIENT_SCOPE",
    "forbidden": "FORBIDDEN",
    "not_found": "NO_DATA",
    "rate_limited": "RATE_LIMITED",
    "unsupported_operation": "UNSUPPORTED_OPERATION",
    "temporarily_unavailable": "DEPENDENCY_UNAVAILABLE",
}


# What each Primed tool reads, for the 401's message: seed 001's own example is
# "Authentication required to access today coaching decision" (decision 0081).
PRIMED_READS: Mapping[str, str] = {
    "get_primed_profile": "athlete profile",
    "get_today_coaching": "today coaching decision",
    "get_upcoming_training": "upcoming training",
    "get_training_status": "training status",
    "get_recent_activity_summary": "recent activity summary",
}
PRIMED_READ_ONLY = (
    "every Primed tool is read-only: nothing here can change a plan, a workout or an account; "
    "tools/list names the five read tools"
)


def primed_error(problem: EdgeProblem) -> NoReturn:
    """A JSON-RPC error ``-32001``: ``data.code`` canonical, ``data.field`` when an argument is at fault.

    A tool outside the five is UNSUPPORTED_OPERATION, and its message says why: the contract is
    read-only ("Advise user that V1 is read-only", seed 001).
    """
    code = _PRIMED_FROM_EDGE.get(problem.error, "DEPENDENCY_UNAVAILABLE")
    message = problem.description
    if code == "UNSUPPORTED_OPERATION":
        message = f"{message.split(';')[0]}: {PRIMED_READ_ONLY}"
    data: dict[str, object] = {"code": code, "message": message}
    if "field" in problem.details:
        data["field"] = problem.details["field"]
    raise MCPError(PRIMED_ERROR_CODE, message, data)


def primed_unauthenticated(message: dict[str, object] | None, description: str) -> str:
    """The 401's message: what the call would have read, then why the credential was refused (no
    reason when there was no credential at all: exactly the seed's example)."""
    params = message.get("params") if message is not None and message.get("method") == "tools/call" else None
    tool = params.get("name") if isinstance(params, dict) else None
    reads = (
        PRIMED_READS.get(tool, "Kinetic's Primed tools")
        if isinstance(tool, str)
        else "Kinetic's Primed tools"
    )
    asked = f"Authentication required to access {reads}"
    return asked if description == MISSING_CREDENTIAL else f"{asked}: {description}"


async def primed_guard_refusal(
    receive: Receive,
    send: Send,
    status: int,
    error: str,
    description: str,
    headers: list[tuple[bytes, bytes]],
) -> None:
    """The guard's refusal as Primed's JSON-RPC error: every 401 is ``UNAUTHENTICATED``.

    The ``WWW-Authenticate`` challenge stays: an MCP client finds the OAuth metadata through it.
    """
    code = "UNAUTHENTICATED" if status == 401 else _PRIMED_FROM_EDGE.get(error, "DEPENDENCY_UNAVAILABLE")
    message = await request_message(receive)
    if status == 401:
        description = primed_unauthenticated(message, description)
    body = {
        "jsonrpc": "2.0",
        "error": {
            "code": PRIMED_ERROR_CODE,
            "message": description,
            "data": {"code": code, "message": description},
        },
        "id": message_id(message),
    }
    payload = json.dumps(body, separators=(",", ":")).encode()
    all_headers = [
        (b"content-type", b"application/json"),
        (b"cache-control", b"private, no-store"),
        (b"content-length", str(len(payload)).encode()),
        *headers,
    ]
    await send({"type": "http.response.start", "status": status, "headers": all_headers})
    await send({"type": "http.response.body", "body": payload})


def runflow_tool_error(problem: EdgeProblem) -> CallToolResult:
    """A tool error (``isError: true``) whose text is the message that says what to fix.

    Seed 004 shows one error, the paid-tier gate's ``-32002``: every other refusal of a call (a
    mistyped argument, a plan that is not there, a conflict) is MCP 2025-11-25's tool execution
    error, which the model reads and corrects. Plain text, as the seed's errors carry only a
    message (docs/decisions/0075-error-meanings.md).
    """
    return _text_error(problem.description)


def runflow_protocol_error(problem: EdgeProblem) -> NoReturn:
    """MCP's protocol error ``-32602`` (invalid params) for a tool this server does not have."""
    raise MCPError(INVALID_PARAMS, problem.description)


METRIC_ERRORS = ErrorStyle("metric", json_tool_error, metric_refusal)
# Client AI keeps Metric's JSON and its refusal (0020); its codes come from the problems it raises.
CLIENT_AI_ERRORS = ErrorStyle("client_ai", json_tool_error, metric_refusal)
OWS_ERRORS = ErrorStyle("open_workout_schema", ows_tool_error, ows_refusal)
# Primed's errors are JSON-RPC errors with the contract's HTTP statuses (seed 001, section 4), and
# a tool outside its five is UNSUPPORTED_OPERATION: the contract is read-only and lists every tool.
PRIMED_ERRORS = ErrorStyle(
    "primed",
    primed_error,
    primed_refusal,
    refused=primed_guard_refusal,
    answers_with_status=True,
    unknown_tool="unsupported_operation",
)
# RunFlow's refused calls are tool errors with the message; an unknown tool is JSON-RPC -32602 at
# HTTP 400; -32002 stays the paid-tier gate's (decision 0075). Its personal path names itself in
# the rate-limit refusal (decision 0061).
RUNFLOW_ERRORS = ErrorStyle(
    "runflow",
    runflow_tool_error,
    runflow_personal_refusal,
    answers_with_status=True,
    protocol_error=runflow_protocol_error,
)
# The anonymous PlanGen path (decision 0066): the same errors; its 429 names the public server.
RUNFLOW_PUBLIC_ERRORS = ErrorStyle(
    "runflow_public",
    runflow_tool_error,
    runflow_refusal,
    answers_with_status=True,
    protocol_error=runflow_protocol_error,
)
