"""One circuit per backend address, and the stub wrapper that applies it and the call deadlines.

A hung or stopped backend would otherwise cost every request its whole deadline. After
``FAILURES_TO_OPEN`` transport failures in a row (UNAVAILABLE or DEADLINE_EXCEEDED with no reason
from the service) an address's circuit opens: calls to it fail at once with UNAVAILABLE and a
retry hint, which every caller on the edge already maps to 503 ``temporarily_unavailable``. After
``OPEN_SECONDS`` one call goes through as a probe (half-open): its success closes the circuit,
its failure opens it again. The circuit is per address, not per service, so one replica down
never refuses calls another address can serve (decision 0035). State changes are logged once.
"""

from __future__ import annotations

import asyncio
import logging
import math
import time
from collections.abc import Callable
from enum import StrEnum
from typing import Any, TypeVar

import grpc
from google.protobuf import any_pb2
from google.rpc import error_details_pb2, status_pb2

from edge.deadlines import deadline_for
from kinetic.errors import ERROR_DOMAIN

FAILURES_TO_OPEN = 3
OPEN_SECONDS = 5.0
BACKEND_DOWN = "BACKEND_DOWN"
RETRY_AFTER_KEY = "retryAfter"

_STATUS_DETAILS_KEY = "grpc-status-details-bin"
_TRANSPORT_FAILURES = (grpc.StatusCode.UNAVAILABLE, grpc.StatusCode.DEADLINE_EXCEEDED)

log = logging.getLogger(__name__)

StubT = TypeVar("StubT")


class CircuitState(StrEnum):
    """Closed: calls go through. Open: refused at once. Half-open: one probe is out."""

    CLOSED = "closed"
    OPEN = "open"
    HALF_OPEN = "half_open"


class Circuit:
    """The health of one backend address as the edge's calls have seen it."""

    def __init__(
        self,
        address: str,
        *,
        failures_to_open: int = FAILURES_TO_OPEN,
        open_seconds: float = OPEN_SECONDS,
        monotonic: Callable[[], float] = time.monotonic,
    ) -> None:
        self.address = address
        self.state = CircuitState.CLOSED
        self._failures_to_open = failures_to_open
        self._open_seconds = open_seconds
        self._monotonic = monotonic
        self._failures = 0
        self._opened_at = 0.0
        self._probing = False

    def refusal(self) -> int | None:
        """``None`` if a call may go out now, else the seconds to wait before retrying.

        While open, the first call after ``open_seconds`` is let through as the probe.
        """
        if self.state == CircuitState.CLOSED:
            return None
        waited = self._monotonic() - self._opened_at
        if self._probing or waited < self._open_seconds:
            return max(1, math.ceil(self._open_seconds - waited))
        self._probing = True
        self._change(CircuitState.HALF_OPEN)
        return None

    def succeeded(self) -> None:
        """The address answered (whatever the answer): it is up."""
        self._failures = 0
        self._probing = False
        if self.state != CircuitState.CLOSED:
            self._change(CircuitState.CLOSED)

    def failed(self) -> None:
        """The call never got an answer from the address (refused, unreachable, timed out)."""
        self._failures += 1
        self._probing = False
        if self.state == CircuitState.HALF_OPEN or (
            self.state == CircuitState.CLOSED and self._failures >= self._failures_to_open
        ):
            self._opened_at = self._monotonic()
            self._change(CircuitState.OPEN)

    def abandoned(self) -> None:
        """The call was cancelled before an outcome: the next call may probe instead."""
        self._probing = False

    def _change(self, state: CircuitState) -> None:
        self.state = state
        if state == CircuitState.OPEN:
            log.warning("backend %s is down: refusing calls for %.0f s", self.address, self._open_seconds)
        else:
            log.info("backend %s circuit %s", self.address, state.value)


class Circuits:
    """The circuits of every address the edge dials, made on first use."""

    def __init__(self, **settings: Any) -> None:
        self._settings = settings
        self._by_address: dict[str, Circuit] = {}

    def __getitem__(self, address: str) -> Circuit:
        circuit = self._by_address.get(address)
        if circuit is None:
            circuit = self._by_address[address] = Circuit(address, **self._settings)
        return circuit

    def states(self) -> dict[str, str]:
        """Each address's state, for ``/readyz``."""
        return {address: circuit.state.value for address, circuit in self._by_address.items()}


def is_transport_failure(error: grpc.aio.AioRpcError) -> bool:
    """The address gave no answer of its own: refused, unreachable or silent past the deadline.

    A service that answers UNAVAILABLE with a reason (analytics still catching up, an upstream
    feed down) is up, so that does not count against its address.
    """
    if error.code() not in _TRANSPORT_FAILURES:
        return False
    return not any(key == _STATUS_DETAILS_KEY for key, _ in error.trailing_metadata() or ())


def refused_call(retry_after: int) -> grpc.aio.AioRpcError:
    """The error a call to an open circuit fails with: UNAVAILABLE, reason and retry hint attached."""
    info = error_details_pb2.ErrorInfo(
        reason=BACKEND_DOWN, domain=ERROR_DOMAIN, metadata={RETRY_AFTER_KEY: str(retry_after)}
    )
    packed = any_pb2.Any()
    packed.Pack(info)
    message = "a Kinetic service is temporarily unavailable"
    status = status_pb2.Status(code=grpc.StatusCode.UNAVAILABLE.value[0], message=message, details=[packed])
    trailing = grpc.aio.Metadata((_STATUS_DETAILS_KEY, status.SerializeToString()))
    return grpc.aio.AioRpcError(grpc.StatusCode.UNAVAILABLE, grpc.aio.Metadata(), trailing, message)


class GuardedMethod:
    """One unary method of a stub: its kind's deadline, and its address's circuit.

    A wrapper on the stub rather than a ``grpc.aio`` client interceptor: any interceptor sends
    every call on its channel through gRPC's intercepted-call machinery (an extra task and call
    object per call), which measured 0.1-0.3 ms of CPU per edge request; this costs a function
    call (docs/decisions/0035-deadlines-and-circuits.md).
    """

    __slots__ = ("_call", "_circuit", "_deadline")

    def __init__(self, call: grpc.aio.UnaryUnaryMultiCallable, circuit: Circuit, deadline: float) -> None:
        self._call = call
        self._circuit = circuit
        self._deadline = deadline

    # The stubs' own signature: call sites pass ``timeout=`` to gRPC, not to asyncio.
    async def __call__(self, request: Any, *, timeout: float | None = None, **options: Any) -> Any:  # noqa: ASYNC109
        circuit = self._circuit
        retry_after = circuit.refusal()
        if retry_after is not None:
            raise refused_call(retry_after)
        deadline = self._deadline if timeout is None else min(timeout, self._deadline)
        try:
            response = await self._call(request, timeout=deadline, **options)
        except grpc.aio.AioRpcError as error:
            if is_transport_failure(error):
                circuit.failed()
            else:
                circuit.succeeded()
            raise
        except asyncio.CancelledError:
            circuit.abandoned()
            raise
        circuit.succeeded()
        return response


def guard_stub(stub: StubT, circuit: Circuit) -> StubT:
    """``stub`` with every unary method called through ``circuit`` with its kind's deadline.

    The generated stubs hold one multi-callable attribute per RPC, named after the RPC; streaming
    methods (the revocation watch) are left as they are.
    """
    for name, method in list(vars(stub).items()):
        if isinstance(method, grpc.aio.UnaryUnaryMultiCallable):
            setattr(stub, name, GuardedMethod(method, circuit, deadline_for(name)))
    return stub
