"""``grpc.health.v1`` for Kinetic's servers, answered on the server's own event loop.

Every client channel watches its replicas' health (decision 0044), so ``Watch`` streams are always
open. grpcio-health-checking's servicer runs them as blocking generators on the server's thread
pool, which no graceful stop can end; this one is native ``grpc.aio``, and when the server drains
it sends NOT_SERVING and then ends every watch, so open watches never hold the drain's grace.
"""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator

import grpc
from grpc_health.v1 import health_pb2, health_pb2_grpc

SERVING = health_pb2.HealthCheckResponse.SERVING
NOT_SERVING = health_pb2.HealthCheckResponse.NOT_SERVING
SERVICE_UNKNOWN = health_pb2.HealthCheckResponse.SERVICE_UNKNOWN


class Health(health_pb2_grpc.HealthServicer):
    """Each service name's status; ``""`` is the whole server's."""

    def __init__(self) -> None:
        self._statuses: dict[str, health_pb2.HealthCheckResponse.ServingStatus.ValueType] = {}
        self._changed = asyncio.Event()
        self._draining = False

    def set(self, service: str, status: health_pb2.HealthCheckResponse.ServingStatus.ValueType) -> None:
        """Set ``service``'s status (ignored once draining: a draining server stays NOT_SERVING)."""
        if not self._draining:
            self._statuses[service] = status
            self._notify()

    def enter_graceful_shutdown(self) -> None:
        """Every service NOT_SERVING for good; watchers hear it, then their streams end."""
        self._draining = True
        self._statuses = dict.fromkeys(self._statuses, NOT_SERVING)
        self._notify()

    def _notify(self) -> None:
        changed, self._changed = self._changed, asyncio.Event()
        changed.set()

    async def Check(
        self, request: health_pb2.HealthCheckRequest, context: grpc.aio.ServicerContext
    ) -> health_pb2.HealthCheckResponse:
        status = self._statuses.get(request.service)
        if status is None:
            await context.abort(grpc.StatusCode.NOT_FOUND, f"unknown service {request.service!r}")
        return health_pb2.HealthCheckResponse(status=status)

    async def Watch(
        self, request: health_pb2.HealthCheckRequest, context: grpc.aio.ServicerContext
    ) -> AsyncIterator[health_pb2.HealthCheckResponse]:
        last = None
        while True:
            changed = self._changed
            status = self._statuses.get(request.service, SERVICE_UNKNOWN)
            if status != last:
                yield health_pb2.HealthCheckResponse(status=status)
                last = status
            if self._draining:
                return  # the watcher has heard NOT_SERVING; an open stream would only hold the drain
            await changed.wait()
