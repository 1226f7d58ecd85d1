"""Which Kinetic process may call which service, and how a service knows who is calling.

With TLS configured (``KINETIC_TLS_DIR``, decision 0043) every service requires a client
certificate from Kinetic's CA, and the certificate names its process: a DNS name (or, failing that,
the common name) among ``PROCESS_NAMES``. ``CALLERS`` is the one allow-list: a service admits the
processes listed for it and refuses any other with ``PERMISSION_DENIED``. Later issues that add a
call between services add its edge here, and the test of this table fails until they do.

Health checks and reflection stay open to any caller the handshake authenticated: they tell only
whether a service is serving and what its (public) schema is.
"""

from __future__ import annotations

import inspect
from collections.abc import AsyncIterator, Callable, Mapping, Sequence
from typing import Any

import grpc

from kinetic.channel_policy import CHANNEL_OPTIONS
from kinetic.grpc_handlers import HandlerWrappingInterceptor
from kinetic.replica_targets import grpc_target
from kinetic.settings import SERVICE_NAMES, TlsSettings

EDGE = "edge"
PROCESS_NAMES = (EDGE, *SERVICE_NAMES)

# service -> the processes that call it, and why. Only these edges exist in the code today:
# edge/backends.py dials every service; services/sessions/bootstrap.py dials training (occurrence
# marks); services/analytics/bootstrap.py dials sessions and training (their change feeds);
# services/training/bootstrap.py dials analytics (a plan write's thresholds and history, 0096);
# services/auth/adapters/service_erasers.py dials training, sessions and analytics (account erasure).
CALLERS: Mapping[str, frozenset[str]] = {
    "auth": frozenset({EDGE}),
    "training": frozenset({EDGE, "sessions", "analytics", "auth"}),
    "sessions": frozenset({EDGE, "analytics", "auth"}),
    "analytics": frozenset({EDGE, "training", "auth"}),
}

# Open to any authenticated caller: probes and tooling, no account data.
_OPEN_PREFIXES = ("/grpc.health.v1.Health/", "/grpc.reflection.")

Behavior = Callable[..., Any]


def server_credentials(tls: TlsSettings) -> grpc.ServerCredentials:
    """TLS with this process's certificate; a client must present one from the same CA."""
    return grpc.ssl_server_credentials(
        [(tls.key_file.read_bytes(), tls.cert_file.read_bytes())],
        root_certificates=tls.ca_file.read_bytes(),
        require_client_auth=True,
    )


def channel_credentials(tls: TlsSettings) -> grpc.ChannelCredentials:
    """TLS trusting only Kinetic's CA, presenting this process's certificate as its name."""
    return grpc.ssl_channel_credentials(
        root_certificates=tls.ca_file.read_bytes(),
        private_key=tls.key_file.read_bytes(),
        certificate_chain=tls.cert_file.read_bytes(),
    )


def open_channel(target: str, tls: TlsSettings | None, interceptors: Sequence[Any] = ()) -> grpc.aio.Channel:
    """A channel to ``target``: plaintext without ``tls`` (the embedded default), else mutual TLS.

    Over TLS the server's certificate must name the host of ``target`` (e.g. ``training``).
    ``target`` may name several replicas; the channel balances over the healthy ones and retries
    what is safe to retry (``kinetic.channel_policy``, decision 0044).
    """
    dialled = grpc_target(target)
    options = list(CHANNEL_OPTIONS)
    if tls is None:
        return grpc.aio.insecure_channel(dialled, options=options, interceptors=list(interceptors))
    return grpc.aio.secure_channel(
        dialled, channel_credentials(tls), options=options, interceptors=list(interceptors)
    )


def _texts(values: Sequence[bytes]) -> list[str]:
    return [value.decode(errors="replace") for value in values]


def caller_names(auth_context: Mapping[str, Sequence[bytes]]) -> list[str]:
    """The names the peer's certificate carries: its DNS names, then its common name."""
    dns = auth_context.get("peer_dns") or auth_context.get("x509_subject_alternative_name") or []
    return [*_texts(dns), *_texts(auth_context.get("x509_common_name") or [])]


def caller_of(auth_context: Mapping[str, Sequence[bytes]]) -> str | None:
    """The Kinetic process the peer's certificate names, or None if it names none."""
    return next((name for name in caller_names(auth_context) if name in PROCESS_NAMES), None)


class CallerAllowList(HandlerWrappingInterceptor):
    """Admits only ``CALLERS[service]`` to ``service``'s methods (installed only with TLS on).

    Each method's handler, streams included, is wrapped once (``HandlerWrappingInterceptor``).
    """

    def __init__(self, service: str, callers: Mapping[str, frozenset[str]] = CALLERS) -> None:
        super().__init__()
        self._service = service
        self._allowed = callers[service]

    def wraps(self, method: str, handler: grpc.RpcMethodHandler) -> bool:
        return not method.startswith(_OPEN_PREFIXES)

    async def _admit(self, context: grpc.aio.ServicerContext) -> None:
        auth_context = context.auth_context()
        if caller_of(auth_context) in self._allowed:
            return
        names = caller_names(auth_context)
        shown = repr(names[0]) if names else "a certificate naming no process"
        await context.abort(
            grpc.StatusCode.PERMISSION_DENIED,
            f"caller {shown} may not call the {self._service} service; "
            f"it admits {', '.join(sorted(self._allowed))} (kinetic/service_trust.py CALLERS)",
        )

    def wrap(self, handler: grpc.RpcMethodHandler, method: str) -> grpc.RpcMethodHandler:
        serializers = {
            "request_deserializer": handler.request_deserializer,
            "response_serializer": handler.response_serializer,
        }
        if handler.unary_unary is not None:
            return grpc.unary_unary_rpc_method_handler(self._single(handler.unary_unary), **serializers)
        if handler.stream_unary is not None:
            return grpc.stream_unary_rpc_method_handler(self._single(handler.stream_unary), **serializers)
        if handler.unary_stream is not None:
            return grpc.unary_stream_rpc_method_handler(self._streamed(handler.unary_stream), **serializers)
        return grpc.stream_stream_rpc_method_handler(self._streamed(handler.stream_stream), **serializers)

    def _single(self, behavior: Behavior) -> Behavior:
        async def admitted(request: Any, context: grpc.aio.ServicerContext) -> Any:
            await self._admit(context)
            answer = behavior(request, context)
            return await answer if inspect.isawaitable(answer) else answer

        return admitted

    def _streamed(self, behavior: Behavior) -> Behavior:
        async def admitted(request: Any, context: grpc.aio.ServicerContext) -> AsyncIterator[Any]:
            await self._admit(context)
            answers = behavior(request, context)
            if hasattr(answers, "__aiter__"):
                async for answer in answers:
                    yield answer
            else:
                for answer in answers:
                    yield answer

        return admitted
