"""Domain errors and how they cross gRPC.

Services raise ``DomainError`` subclasses; one server interceptor turns them into a status code
with a ``google.rpc.ErrorInfo`` (the machine-readable ``reason``) and, for bad input, a
``google.rpc.BadRequest`` naming each field. Callers read them back with ``RemoteError.from_rpc``.
Anything else a handler raises becomes ``INTERNAL`` with no detail, so no traceback leaks out.
"""

from __future__ import annotations

import inspect
import logging
from collections.abc import Awaitable, Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

import grpc
from google.protobuf import any_pb2
from google.rpc import code_pb2, error_details_pb2, status_pb2
from grpc_status import rpc_status

from kinetic.grpc_handlers import HandlerWrappingInterceptor
from kinetic.text_input import nul_violations

ERROR_DOMAIN = "kinetic.dev"
_STATUS_DETAILS_KEY = "grpc-status-details-bin"

log = logging.getLogger(__name__)


@dataclass(frozen=True)
class FieldViolation:
    """One bad field: its path (e.g. ``query``) and what to fix."""

    field: str
    description: str


class DomainError(Exception):
    """An error the caller can act on. Subclasses fix the gRPC code."""

    code: grpc.StatusCode = grpc.StatusCode.FAILED_PRECONDITION
    default_reason = "FAILED_PRECONDITION"

    def __init__(
        self,
        message: str,
        *,
        reason: str | None = None,
        violations: Sequence[FieldViolation] = (),
        metadata: Mapping[str, str] | None = None,
    ) -> None:
        super().__init__(message)
        self.message = message
        self.reason = reason or self.default_reason
        self.violations = tuple(violations)
        self.metadata = dict(metadata or {})


class InvalidArgument(DomainError):
    """Bad input; ``violations`` name the fields."""

    code = grpc.StatusCode.INVALID_ARGUMENT
    default_reason = "INVALID_ARGUMENT"

    @classmethod
    def for_field(cls, field_name: str, description: str) -> InvalidArgument:
        """One bad field, with a message that names it."""
        return cls(f"{field_name}: {description}", violations=[FieldViolation(field_name, description)])


class NotFound(DomainError):
    """The named record does not exist for this caller."""

    code = grpc.StatusCode.NOT_FOUND
    default_reason = "NOT_FOUND"


class AlreadyExists(DomainError):
    """A record with the same identity exists."""

    code = grpc.StatusCode.ALREADY_EXISTS
    default_reason = "ALREADY_EXISTS"


class Unauthenticated(DomainError):
    """Credentials are missing, wrong, expired or revoked."""

    code = grpc.StatusCode.UNAUTHENTICATED
    default_reason = "INVALID_CREDENTIALS"


class PermissionDenied(DomainError):
    """The caller is known but may not do this."""

    code = grpc.StatusCode.PERMISSION_DENIED
    default_reason = "PERMISSION_DENIED"


class Conflict(DomainError):
    """A concurrent change or a reused idempotency key."""

    code = grpc.StatusCode.ABORTED
    default_reason = "CONFLICT"


_GRPC_TO_RPC_CODE = {code: getattr(code_pb2, code.name) for code in grpc.StatusCode}


def to_status(error: DomainError) -> status_pb2.Status:
    """Build the ``google.rpc.Status`` that carries ``error`` over the wire."""
    details: list[any_pb2.Any] = []
    info = error_details_pb2.ErrorInfo(reason=error.reason, domain=ERROR_DOMAIN, metadata=error.metadata)
    packed = any_pb2.Any()
    packed.Pack(info)
    details.append(packed)
    if error.violations:
        bad_request = error_details_pb2.BadRequest(
            field_violations=[
                error_details_pb2.BadRequest.FieldViolation(field=v.field, description=v.description)
                for v in error.violations
            ]
        )
        packed = any_pb2.Any()
        packed.Pack(bad_request)
        details.append(packed)
    return status_pb2.Status(code=_GRPC_TO_RPC_CODE[error.code], message=error.message, details=details)


@dataclass(frozen=True)
class RemoteError(Exception):
    """A gRPC failure as the caller sees it, with the reason and field violations decoded."""

    code: grpc.StatusCode
    message: str
    reason: str
    violations: tuple[FieldViolation, ...] = ()
    metadata: dict[str, str] = field(default_factory=dict)

    def __str__(self) -> str:
        return f"{self.code.name} {self.reason}: {self.message}"

    @classmethod
    def from_rpc(cls, error: grpc.aio.AioRpcError) -> RemoteError:
        """Decode the status details of a failed call."""
        reason = error.code().name
        violations: list[FieldViolation] = []
        metadata: dict[str, str] = {}
        for key, value in error.trailing_metadata() or ():
            if key != _STATUS_DETAILS_KEY or not isinstance(value, bytes):
                continue
            status = status_pb2.Status.FromString(value)
            for detail in status.details:
                if detail.Is(error_details_pb2.ErrorInfo.DESCRIPTOR):
                    info = error_details_pb2.ErrorInfo()
                    detail.Unpack(info)
                    reason = info.reason
                    metadata = dict(info.metadata)
                elif detail.Is(error_details_pb2.BadRequest.DESCRIPTOR):
                    bad_request = error_details_pb2.BadRequest()
                    detail.Unpack(bad_request)
                    violations.extend(
                        FieldViolation(v.field, v.description) for v in bad_request.field_violations
                    )
        return cls(error.code(), error.details() or "", reason, tuple(violations), metadata)


Handler = Callable[[Any, grpc.aio.ServicerContext], Awaitable[Any]]

# gRPC's server pushback: a negative value tells the caller's channel not to retry the call.
RETRY_PUSHBACK_KEY = "grpc-retry-pushback-ms"
NO_RETRY = "-1"


def _answered(status: Any) -> Any:
    """``status`` with, for UNAVAILABLE, a pushback that stops the caller's channel retrying it.

    Channels retry UNAVAILABLE on safe methods (decision 0044) to ride out a replica's restart; an
    UNAVAILABLE the service itself answers (analytics still catching up, training down behind
    sessions) already says when to retry, and retrying it at once would only spend the deadline.
    """
    if status.code != grpc.StatusCode.UNAVAILABLE:
        return status
    return status._replace(trailing_metadata=(*status.trailing_metadata, (RETRY_PUSHBACK_KEY, NO_RETRY)))


def _guard(behavior: Callable[..., Any], method: str) -> Handler:
    # Library servicers (health, reflection) may be synchronous; ours are coroutines.
    is_async = inspect.iscoroutinefunction(behavior)

    async def guarded(request: Any, context: grpc.aio.ServicerContext) -> Any:
        try:
            # PostgreSQL cannot store NUL in text (SQLite would): every service refuses it in any
            # field, whoever calls (docs/decisions/0032-text-and-number-inputs.md).
            refused = nul_violations(request)
            if refused:
                raise InvalidArgument(
                    "; ".join(f"{field}: {problem}" for field, problem in refused),
                    violations=[FieldViolation(field, problem) for field, problem in refused],
                )
            if is_async:
                return await behavior(request, context)
            return behavior(request, context)
        except DomainError as error:
            await context.abort_with_status(_answered(rpc_status.to_status(to_status(error))))
        except grpc.aio.AbortError:
            raise
        except Exception:
            log.exception("unhandled error in %s", method)
            internal = DomainError("internal error", reason="INTERNAL")
            internal.code = grpc.StatusCode.INTERNAL
            await context.abort_with_status(rpc_status.to_status(to_status(internal)))

    return guarded


class DomainErrorInterceptor(HandlerWrappingInterceptor):
    """Turns domain errors into status codes with ``ErrorInfo`` reasons; hides everything else.

    Each method's handler is wrapped once (``HandlerWrappingInterceptor``), not on every call.
    """

    def wrap(self, handler: grpc.RpcMethodHandler, method: str) -> grpc.RpcMethodHandler:
        return grpc.unary_unary_rpc_method_handler(
            _guard(handler.unary_unary, method),
            request_deserializer=handler.request_deserializer,
            response_serializer=handler.response_serializer,
        )
