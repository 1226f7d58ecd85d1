"""Who may use RunFlow's personal MCP: a paid plan tier, an account that is not suspended.

Seed 004: an account on the free tier gets JSON-RPC error ``-32002`` ("RunFlow Personal MCP requires
an active Paid Premium account (Tier 2/3)."). The seed shows a body with ``id: null``, an answer
given before any JSON-RPC method runs: so the gate sits at the door, behind the token check and the
rate limit, and refuses every request of such an account (``tools/list`` too) with HTTP 403 and
``"id": null`` as the seed shows it (clients take the HTTP error as their request's answer). A
suspended account is refused the same way with its own message (the seed's "active" account); a
failing auth service is a 503 with JSON-RPC's internal error ``-32603``, never ``-32002``, which
would tell the athlete to upgrade. Decisions 0061, 0075.

The tier and status come with the credential (decision 0063): the guard puts them on the
``Principal`` from the token's claims, the verified API key, or a change auth pushed since, so the
gate makes no call per request. Only while the revocation stream is not current (or for a
credential older than the claims) does the guard leave them unknown, and the gate reads the
account from auth, failing closed when auth does not answer.
"""

from __future__ import annotations

import json
from collections.abc import Callable

import grpc
from mcp.types import INTERNAL_ERROR
from starlette.types import ASGIApp, Receive, Scope, Send

from edge.guard import principal_of
from edge.problems import DEFAULT_RETRY_AFTER_SECONDS
from edge.ratelimit.responses import RUNFLOW_ERROR_CODE
from kinetic.auth.v1 import auth_pb2, auth_pb2_grpc
from kinetic.protected_resources import RUNFLOW

PAID_TIERS = frozenset(RUNFLOW.plan_tiers)
SUSPENDED = "suspended"
FREE_TIER_MESSAGE = "RunFlow Personal MCP requires an active Paid Premium account (Tier 2/3)."
SUSPENDED_MESSAGE = (
    "This Kinetic account is suspended: assistants cannot read or change it until it is active "
    "again; the athlete can contact Kinetic support."
)
UNAVAILABLE_MESSAGE = "The account service is unavailable; retry shortly."


class PlanTierGate:
    """Lets a request through only for an active account on a paid tier (``pro`` or ``coach``)."""

    def __init__(self, app: ASGIApp, auth: Callable[[], auth_pb2_grpc.AuthServiceStub]) -> None:
        self._app = app
        self._auth = auth

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self._app(scope, receive, send)
            return
        principal = principal_of(scope)
        plan_tier, account_status = principal.plan_tier, principal.account_status
        if plan_tier is None or account_status is None:
            # The edge cannot vouch for the standing now: ask auth (fail closed).
            try:
                response = await self._auth().GetAccount(
                    auth_pb2.GetAccountRequest(account_id=principal.account_id)
                )
            except grpc.aio.AioRpcError:
                await refuse(send, 503, UNAVAILABLE_MESSAGE, INTERNAL_ERROR)
                return
            plan_tier, account_status = response.account.plan_tier, response.account.account_status
        if account_status == SUSPENDED:
            await refuse(send, 403, SUSPENDED_MESSAGE)
        elif plan_tier not in PAID_TIERS:
            await refuse(send, 403, FREE_TIER_MESSAGE)
        else:
            await self._app(scope, receive, send)


async def refuse(send: Send, status: int, message: str, code: int = RUNFLOW_ERROR_CODE) -> None:
    """The seed's JSON-RPC error ``-32002`` (or ``code``) with ``message``, at ``status``."""
    body = {
        "jsonrpc": "2.0",
        "id": None,  # the seed's and the body: the refusal answers no method
        "error": {"code": code, "message": message},
    }
    payload = json.dumps(body, separators=(",", ":")).encode()
    headers = [
        (b"content-type", b"application/json"),
        (b"cache-control", b"private, no-store"),
        (b"content-length", str(len(payload)).encode()),
    ]
    if status == 503:
        headers.append((b"retry-after", str(DEFAULT_RETRY_AFTER_SECONDS).encode()))
    await send({"type": "http.response.start", "status": status, "headers": headers})
    await send({"type": "http.response.body", "body": payload})
