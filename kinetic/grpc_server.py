"""The one way Kinetic builds and runs a ``grpc.aio`` server.

``create_server`` wires a service's servicers with standard health checking, reflection (so
``grpcurl`` works), trace propagation and the domain-error interceptor, and binds a port (0 picks a
free one, as tests do). ``serve`` runs it until SIGTERM or SIGINT, then stops gracefully.

Given a ``ServerTrust`` (TLS configured, decision 0043) the port takes only mutual TLS, the caller
allow-list runs before every method, and a second, plaintext port answers health checks alone for
the kubelet's probes. Without one (the embedded default) nothing of that is built or run per call.
"""

from __future__ import annotations

import asyncio
import logging
import signal
from collections.abc import Awaitable, Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

import grpc
import uvloop
from grpc_health.v1 import health, health_pb2, health_pb2_grpc
from grpc_reflection.v1alpha import reflection

from kinetic.errors import DomainErrorInterceptor
from kinetic.grpc_health import Health
from kinetic.grpc_metrics import rpc_metrics_interceptors
from kinetic.log_format import configure_logging
from kinetic.metrics import start_metrics_or_exit
from kinetic.ports import PortInUse, check_port_free, exit_port_in_use
from kinetic.service_trust import CallerAllowList, server_credentials
from kinetic.settings import ServiceSettings, TlsSettings, load_settings_or_exit
from kinetic.telemetry import configure_telemetry, grpc_server_interceptors

log = logging.getLogger(__name__)

GRACE_SECONDS = 5.0
# Between reporting NOT_SERVING and refusing new calls: every client channel watches health and
# moves new calls to the other replicas as soon as it hears, well within this (decision 0044).
DRAIN_NOTICE_SECONDS = 0.5


@dataclass(frozen=True)
class ServiceBinding:
    """One servicer and how to register it: ``add(servicer, server)`` and its full service name."""

    servicer: Any
    add: Callable[[Any, grpc.aio.Server], None]
    full_name: str


@dataclass(frozen=True)
class ServerTrust:
    """Mutual TLS for the server of ``service`` and the plaintext health port its probes use."""

    service: str
    tls: TlsSettings
    health_port: int

    @classmethod
    def of(cls, settings: ServiceSettings) -> ServerTrust | None:
        """From the service's settings; None when TLS is off (no health port then either)."""
        if settings.tls is None:
            return None
        health_port = settings.health_port if settings.health_port is not None else 0
        return cls(settings.service, settings.tls, health_port)


@dataclass
class RunningServer:
    """A started server with its bound port and health servicer."""

    server: grpc.aio.Server
    port: int
    health: Health
    on_stop: list[Callable[[], Awaitable[None]]] = field(default_factory=list)
    # With TLS on: the plaintext server answering health checks alone, and its port.
    health_server: grpc.aio.Server | None = None
    health_port: int | None = None
    # Run before the graceful stop, e.g. to end server streams that would otherwise use up the grace.
    before_stop: list[Callable[[], None]] = field(default_factory=list)

    async def stop(self, grace: float | None = GRACE_SECONDS, notice: float = 0.0) -> None:
        """Mark NOT_SERVING, keep taking calls for ``notice`` seconds while clients move away,
        then stop, letting in-flight calls finish within ``grace`` seconds."""
        self.health.enter_graceful_shutdown()
        if notice > 0:
            await asyncio.sleep(notice)
        for prepare in self.before_stop:
            prepare()
        await self.server.stop(grace)
        if self.health_server is not None:
            # Probes read NOT_SERVING throughout the drain; the health port closes last.
            await self.health_server.stop(0)
        for close in self.on_stop:
            await close()


async def create_server(
    bindings: Sequence[ServiceBinding],
    host: str = "127.0.0.1",
    port: int = 0,
    trust: ServerTrust | None = None,
    *,
    max_receive_bytes: int | None = None,
) -> RunningServer:
    """Build, bind and start a server for ``bindings`` on ``host:port`` (0 = any free port);
    with ``trust``, over mutual TLS, admitting only the service's callers. ``max_receive_bytes``
    raises gRPC's 4 MiB limit on a request (sessions takes activity files of up to 64 MiB)."""
    options: list[tuple[str, int]] = [("grpc.so_reuseport", 0)]
    if max_receive_bytes is not None:
        options.append(("grpc.max_receive_message_length", max_receive_bytes))
    allow_list = [CallerAllowList(trust.service)] if trust is not None else []
    server = grpc.aio.server(
        # Tracing outermost (its span covers the rest), then per-method metrics, which see the
        # status the domain-error interceptor aborts with; the caller allow-list before the method.
        interceptors=[
            *grpc_server_interceptors(),
            *rpc_metrics_interceptors(),
            *allow_list,
            DomainErrorInterceptor(),
        ],
        options=options,
    )
    health_servicer = Health()
    health_pb2_grpc.add_HealthServicer_to_server(health_servicer, server)
    for binding in bindings:
        binding.add(binding.servicer, server)
    names = [b.full_name for b in bindings]
    reflection.enable_server_reflection([*names, health.SERVICE_NAME, reflection.SERVICE_NAME], server)
    credentials = server_credentials(trust.tls) if trust is not None else None
    bound = _bind(server, host, port, credentials)
    health_server = None
    if trust is not None:
        health_server = grpc.aio.server(options=[("grpc.so_reuseport", 0)])
        health_pb2_grpc.add_HealthServicer_to_server(health_servicer, health_server)
        health_port: int | None = _bind(health_server, host, trust.health_port, None)
        await health_server.start()
    else:
        health_port = None
    await server.start()
    for name in ["", *names]:
        health_servicer.set(name, health_pb2.HealthCheckResponse.SERVING)
    return RunningServer(
        server=server,
        port=bound,
        health=health_servicer,
        health_server=health_server,
        health_port=health_port,
    )


def _bind(server: grpc.aio.Server, host: str, port: int, credentials: grpc.ServerCredentials | None) -> int:
    address = f"{host}:{port}"
    try:
        if credentials is None:
            bound = server.add_insecure_port(address)
        else:
            bound = server.add_secure_port(address, credentials)
    except RuntimeError:
        bound = 0
    if bound == 0:
        # gRPC says only that the bind failed; a taken port is the common cause, and has a fix.
        check_port_free(host, port)
        raise OSError(f"could not bind {address}")
    return int(bound)


async def serve(start: Callable[[], Awaitable[RunningServer]], name: str) -> None:
    """Start a server and keep it up until SIGTERM/SIGINT; then drain and stop."""
    running = await start()
    log.info("%s listening on port %d", name, running.port)
    stop = asyncio.Event()
    loop = asyncio.get_running_loop()
    for sig in (signal.SIGTERM, signal.SIGINT):
        loop.add_signal_handler(sig, stop.set)
    await stop.wait()
    log.info("%s stopping", name)
    await running.stop(notice=DRAIN_NOTICE_SECONDS)


def run_service(service: str, start: Callable[[ServiceSettings], Awaitable[RunningServer]]) -> None:
    """Entry point of ``python -m services.<service>``: settings, logging, tracing, metrics, serve
    until SIGTERM.

    Malformed settings, or a port another process holds (its own or its ``/metrics`` port), end
    the process with status 2 and one line per problem before anything starts (no migration).
    """
    settings = load_settings_or_exit(service)
    service_settings = settings.service(service)
    try:
        check_port_free(service_settings.listen_host, service_settings.port, service)
        if service_settings.health_port is not None:
            check_port_free(service_settings.listen_host, service_settings.health_port, service)
    except PortInUse as error:
        exit_port_in_use(error)
    configure_logging(service, settings.observability.log_format)
    configure_telemetry(service, settings.tracing)
    start_metrics_or_exit(service, settings, service_settings.listen_host)
    try:
        # uvloop: the services' event loop is a fifth of their CPU per call under asyncio's own loop
        # (docs/decisions/0031-edge-performance.md); grpc.aio runs on it unchanged.
        uvloop.run(serve(lambda: start(service_settings), service))
    except PortInUse as error:  # taken between the check above and the bind
        exit_port_in_use(error.for_process(service))
