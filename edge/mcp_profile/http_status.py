"""A refused tool call's HTTP status, for contracts whose errors are JSON-RPC errors with one.

The MCP transport answers every JSON-RPC error of a tool call with 200. A profile whose error style
says ``answers_with_status`` (Primed: 400, 403, 404, 503...; seed 001, section 4) has the builder
note the problem in the request's ASGI scope (``note_problem``) before the transport writes the
answer; ``ProblemStatus``, around the profile's endpoint, then sends that status, with
``Retry-After`` for 429 and 503. Which profiles do so is their error style's data, not a branch in
the transport (docs/decisions/0059-primed-profile.md).
"""

from __future__ import annotations

from starlette.types import ASGIApp, Message, Receive, Scope, Send

from edge.problems import DEFAULT_RETRY_AFTER_SECONDS, RETRY_AFTER, EdgeProblem

PROBLEM_KEY = "kinetic.mcp.problem"


def note_problem(scope: Scope, problem: EdgeProblem) -> None:
    """Remember ``problem`` for the answer to this request."""
    scope[PROBLEM_KEY] = problem


class ProblemStatus:
    """Sends the noted problem's status (and ``Retry-After`` when it asks to wait) instead of 200."""

    def __init__(self, app: ASGIApp) -> None:
        self._app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self._app(scope, receive, send)
            return

        async def send_with_status(message: Message) -> None:
            problem = scope.get(PROBLEM_KEY)
            if message["type"] == "http.response.start" and isinstance(problem, EdgeProblem):
                message = {**message, "status": problem.status}
                if problem.status in (429, 503):
                    wait = problem.details.get(RETRY_AFTER, DEFAULT_RETRY_AFTER_SECONDS)
                    headers = [(k, v) for k, v in message.get("headers", []) if k.lower() != b"retry-after"]
                    message["headers"] = [*headers, (b"retry-after", str(wait).encode())]
            await send(message)

        await self._app(scope, receive, send_with_status)
