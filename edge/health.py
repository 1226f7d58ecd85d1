"""``/healthz``: the edge process is alive. ``/readyz``: every backend reports SERVING."""

from __future__ import annotations

import asyncio

import grpc
from grpc_health.v1 import health_pb2, health_pb2_grpc
from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.routing import Route

READY_TIMEOUT_SECONDS = 2.0


async def _status(channel: grpc.aio.Channel) -> str:
    stub = health_pb2_grpc.HealthStub(channel)
    try:
        response = await stub.Check(health_pb2.HealthCheckRequest(service=""), timeout=READY_TIMEOUT_SECONDS)
    except grpc.aio.AioRpcError as error:
        return f"UNREACHABLE ({error.code().name})"
    return str(health_pb2.HealthCheckResponse.ServingStatus.Name(response.status))


async def healthz(request: Request) -> Response:
    """Alive: answers as long as the event loop does."""
    return JSONResponse({"status": "ok"})


async def readyz(request: Request) -> Response:
    """Ready: 200 only if every backend is SERVING; 503 naming the ones that are not."""
    channels: dict[str, grpc.aio.Channel] = request.app.state.backends.channels
    names = sorted(channels)
    statuses = await asyncio.gather(*(_status(channels[name]) for name in names))
    backends = dict(zip(names, statuses, strict=True))
    ready = all(status == "SERVING" for status in statuses)
    return JSONResponse({"ready": ready, "backends": backends}, status_code=200 if ready else 503)


health_routes = [Route("/healthz", healthz), Route("/readyz", readyz)]
