"""RED metrics of a gRPC server, per method: ``rpc.server.call.duration`` (seconds) by status code.

The histogram's count is the request rate and its ``rpc.response.status_code`` label the errors
(OpenTelemetry's RPC conventions). Unary methods only: a server stream (the revocation stream) lives
as long as its watcher, and its length is no latency. Installed only while a meter provider is
(``kinetic.metrics``); otherwise the server has no such interceptor at all.
"""

from __future__ import annotations

import asyncio
import inspect
from collections.abc import Awaitable, Callable
from time import perf_counter
from typing import Any

import grpc
from opentelemetry import metrics

from kinetic.grpc_handlers import HandlerWrappingInterceptor
from kinetic.metrics import DURATION_BUCKETS, metrics_active


def rpc_metrics_interceptors() -> list[grpc.aio.ServerInterceptor]:
    """The per-method metrics interceptor while metrics go somewhere, else none."""
    return [RpcMetricsInterceptor()] if metrics_active() else []


class RpcMetricsInterceptor(HandlerWrappingInterceptor):
    """Times each unary call; each method's handler is wrapped once (``HandlerWrappingInterceptor``)."""

    def __init__(self) -> None:
        super().__init__()
        self._duration = metrics.get_meter("kinetic.grpc").create_histogram(
            "rpc.server.call.duration",
            unit="s",
            description="gRPC server calls, by method and status code",
            explicit_bucket_boundaries_advisory=list(DURATION_BUCKETS),
        )

    def wrap(self, handler: grpc.RpcMethodHandler, method: str) -> grpc.RpcMethodHandler:
        return grpc.unary_unary_rpc_method_handler(
            self._measure(handler.unary_unary, method),
            request_deserializer=handler.request_deserializer,
            response_serializer=handler.response_serializer,
        )

    def _measure(self, behavior: Callable[..., Any], method: str) -> Callable[..., Awaitable[Any]]:
        service, _, name = method.lstrip("/").rpartition("/")
        is_async = inspect.iscoroutinefunction(behavior)
        duration = self._duration

        async def measured(request: Any, context: grpc.aio.ServicerContext) -> Any:
            started = perf_counter()
            code = "OK"
            try:
                if is_async:
                    result = await behavior(request, context)
                else:
                    result = behavior(request, context)
                code = _code_name(context.code(), "OK")
                return result
            except grpc.aio.AbortError:
                code = _code_name(context.code(), "UNKNOWN")
                raise
            except asyncio.CancelledError:
                code = "CANCELLED"
                raise
            except Exception:
                code = "UNKNOWN"
                raise
            finally:
                duration.record(
                    perf_counter() - started,
                    {
                        "rpc.system": "grpc",
                        "rpc.service": service,
                        "rpc.method": name,
                        "rpc.response.status_code": code,
                    },
                )

        return measured


def _code_name(code: Any, default: str) -> str:
    # ``context.code()`` is a StatusCode, or None while nothing set one (a plain return: OK).
    if isinstance(code, grpc.StatusCode):
        return str(code.name)
    return default
