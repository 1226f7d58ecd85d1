"""``/healthz``: the edge process is alive. ``/readyz``: every backend reports SERVING.

``/readyz`` also says how credentials are checked: ``local`` while the revocation stream from auth
is current, ``per_request`` while the edge asks auth on every request (decision 0030). Either way
the edge serves, so it does not change readiness. ``circuits`` gives each backend address's
circuit (decision 0035): ``open`` while the edge refuses calls to it at once.
"""

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
    backends = request.app.state.backends
    channels: dict[str, grpc.aio.Channel] = backends.channels
    names = sorted(channels)
    statuses = await asyncio.gather(*(_status(channels[name]) for name in names))
    ready = all(status == "SERVING" for status in statuses)
    revocations = getattr(request.app.state, "revocations", None)
    checks = "local" if revocations is not None and revocations.local else "per_request"
    body = {
        "ready": ready,
        "backends": dict(zip(names, statuses, strict=True)),
        "credential_checks": checks,
        "circuits": backends.circuits.states(),
    }
    return JSONResponse(body, status_code=200 if ready else 503)


health_routes = [Route("/healthz", healthz), Route("/readyz", readyz)]
