"""How the OAuth routes reach the auth service, and how its errors become OAuth errors.

The stubs are looked up per request (``Callable[[], OAuthStubs]``) because the channels exist only
while the app's lifespan runs. Every call has the edge's deadline; a failure is decoded into a
``RemoteError`` whose ``reason`` is the OAuth error code chosen by the service.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import Any, TypeVar

import grpc

from kinetic.auth.v1 import auth_pb2_grpc, oauth_pb2_grpc
from kinetic.errors import RemoteError
from kinetic.training.v1 import training_pb2_grpc

T = TypeVar("T")

# Codes a client can act on, passed through as the service chose them.
OAUTH_ERROR_CODES = frozenset(
    {
        "invalid_request",
        "invalid_client",
        "invalid_grant",
        "unauthorized_client",
        "unsupported_grant_type",
        "unsupported_response_type",
        "invalid_scope",
        "invalid_target",
        "access_denied",
        "invalid_redirect_uri",
        "invalid_client_metadata",
        "temporarily_unavailable",
    }
)

# gRPC codes that mean "the service could not answer", not "the request is wrong".
_OUTAGE_CODES = frozenset(
    {
        grpc.StatusCode.UNAVAILABLE,
        grpc.StatusCode.DEADLINE_EXCEEDED,
        grpc.StatusCode.INTERNAL,
        grpc.StatusCode.UNKNOWN,
        grpc.StatusCode.CANCELLED,
        grpc.StatusCode.UNIMPLEMENTED,
        grpc.StatusCode.DATA_LOSS,
    }
)


@dataclass(frozen=True)
class OAuthStubs:
    """The auth service's two gRPC interfaces, as the OAuth routes use them, and training's for the
    account page's "Erase Training library" (None: the button answers "unavailable")."""

    oauth: oauth_pb2_grpc.OAuthServiceStub
    auth: auth_pb2_grpc.AuthServiceStub
    training: training_pb2_grpc.TrainingServiceStub | None = None


class BackendUnavailable(Exception):
    """The auth service could not be reached (no channel yet, or an outage)."""


@dataclass
class OAuthError(Exception):
    """An OAuth error response: ``error`` code, ``description`` and HTTP ``status``."""

    error: str
    description: str
    status: int = 400
    retry_after: str | None = None

    def body(self) -> dict[str, str]:
        """The JSON body of RFC 6749 §5.2."""
        return {"error": self.error, "error_description": self.description}


async def call(method: Callable[..., Awaitable[T]], request: Any) -> T:
    """Call one RPC with the edge deadline; raise ``RemoteError`` or ``BackendUnavailable``."""
    try:
        return await method(request)
    except grpc.aio.AioRpcError as error:
        remote = RemoteError.from_rpc(error)
        if remote.code in _OUTAGE_CODES:
            raise BackendUnavailable(remote.code.name) from None
        raise remote from None


def get_stubs(stubs: Callable[[], OAuthStubs]) -> OAuthStubs:
    """The current stubs; a missing channel (outside the lifespan) counts as an outage."""
    try:
        return stubs()
    except (AttributeError, KeyError, RuntimeError) as error:
        raise BackendUnavailable("no channel to the auth service") from error


def describe(remote: RemoteError) -> str:
    """A description that says what to fix: the service's message, or its field violations."""
    if remote.violations and not remote.message:
        return "; ".join(f"{v.field}: {v.description}" for v in remote.violations)
    return remote.message or remote.reason


def oauth_error(remote: RemoteError, fallback: str = "invalid_request") -> OAuthError:
    """Map a service error to the OAuth error the client sees (400, 401 for invalid_client, 429)."""
    if remote.code == grpc.StatusCode.RESOURCE_EXHAUSTED:
        return OAuthError("rate_limited", describe(remote), 429, remote.metadata.get("retry_after") or "60")
    if remote.reason in OAUTH_ERROR_CODES:
        error = remote.reason
    elif remote.code in (grpc.StatusCode.INVALID_ARGUMENT, grpc.StatusCode.OUT_OF_RANGE):
        error = "invalid_request"
    elif remote.code == grpc.StatusCode.UNAUTHENTICATED:
        error = "invalid_client"
    else:
        error = fallback
    return OAuthError(error, describe(remote), 401 if error == "invalid_client" else 400)


UNAVAILABLE = OAuthError(
    "temporarily_unavailable", "the authorization server is temporarily unavailable; retry shortly", 503, "5"
)
